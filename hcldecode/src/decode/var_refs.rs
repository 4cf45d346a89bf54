//! `hcldec --var-refs`: the variables an input refers to, as the reference prints
//! them (Go's `json.MarshalIndent` of its traversal records, two spaces a
//! level), written straight from the traversals and their values.

use std::fmt::Write;

use crate::decode::{Traversal, TraversalStep};
use crate::eval::{self, EvalContext};
use crate::value::{Value, ValueRef};
use hcldecode_spec::diag::render::write_range_json;
use hcldecode_spec::json_text::write_json_string;

/// The `hcldec --var-refs` document for `refs` (the variables a decode
/// would read: [`variables`](super::variables),
/// [`LoadedSpec::variables`](crate::spec_file::LoadedSpec::variables)),
/// whose values (where a traversal resolves to one JSON can hold) come
/// from `ctx`: a JSON array of `root_name`, `value`, `steps` and `range`,
/// laid out as the reference prints it.
///
/// ```
/// use hcldecode::decode::var_refs_json;
/// use hcldecode::eval::EvalContext;
/// use hcldecode::spec_file::LoadedSpec;
/// let (spec, _) = LoadedSpec::load_str("attr {\n name = \"a\"\n}\n", "s.hcldec");
/// let (file, _) = hcldecode::parse::parse_native(b"a = var.x\n", "in.hcl");
/// let refs = spec.unwrap().variables(&file.body);
/// let mut ctx = EvalContext::new();
/// ctx.set_variable("var", hcldecode::Value::object([("x", hcldecode::Value::int(1))]));
/// let doc = var_refs_json(&refs, Some(&ctx));
/// // The traversal's value (`var.x`), where the context has it.
/// assert!(doc.starts_with("[\n  {\n    \"root_name\": \"var\",\n    \"value\": 1,\n"), "{doc}");
/// assert_eq!(var_refs_json(&[], None), "[]");
/// ```
pub fn var_refs_json(refs: &[Traversal], ctx: Option<&EvalContext>) -> String {
    if refs.is_empty() {
        return "[]".into();
    }
    let mut out = String::from("[\n");
    for (i, t) in refs.iter().enumerate() {
        out.push_str("  {\n    \"root_name\": ");
        write_json_string(&mut out, t.root_name());
        if let Ok(v) = eval::traverse_abs(t, ctx) {
            field_value(&mut out, "value", &v, 4);
        }
        out.push_str(",\n    \"steps\": [");
        for (k, s) in t.steps.iter().enumerate() {
            out.push_str(if k == 0 { "\n" } else { ",\n" });
            out.push_str("      {\n        \"kind\": ");
            match s {
                TraversalStep::Root { name, .. } => {
                    out.push_str("\"root\",\n        \"name\": ");
                    write_json_string(&mut out, name);
                }
                TraversalStep::Attr { name, .. } => {
                    out.push_str("\"attr\",\n        \"name\": ");
                    write_json_string(&mut out, name);
                }
                TraversalStep::Index { key, .. } => {
                    out.push_str("\"index\"");
                    field_value(&mut out, "key", key, 8);
                }
            }
            out.push_str(",\n        \"range\": ");
            write_range_json(&mut out, s.range(), 8);
            out.push_str("\n      }");
        }
        out.push_str(if t.steps.is_empty() {
            "],\n"
        } else {
            "\n    ],\n"
        });
        out.push_str("    \"range\": ");
        write_range_json(&mut out, &t.range(), 4);
        out.push_str("\n  }");
        out.push_str(if i + 1 < refs.len() { ",\n" } else { "\n" });
    }
    out.push(']');
    out
}

/// `,\n<pad>"name": <v>` when `v` can be written as JSON (wholly known, no
/// infinity), as the reference leaves out a value it cannot marshal.
fn field_value(out: &mut String, name: &str, v: &Value, level: usize) {
    let mut text = String::new();
    if write_indented(&mut text, v, level).is_some() {
        let _ = write!(out, ",\n{:level$}\"{name}\": {text}", "");
    }
}

/// cty's JSON form of `v` (of its own type) laid out as Go's
/// `json.Indent` lays it out, continuing at indentation `level`; `None`
/// for a value JSON cannot hold.
fn write_indented(out: &mut String, v: &Value, level: usize) -> Option<()> {
    let open = |out: &mut String, c: char, empty: bool| {
        out.push(c);
        !empty
    };
    let item = |out: &mut String, i: usize| {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "\n{:1$}", "", level + 2);
    };
    let close = |out: &mut String, c: char, any: bool| {
        if any {
            let _ = write!(out, "\n{:level$}", "");
        }
        out.push(c);
    };
    match v.view() {
        ValueRef::Null => out.push_str("null"),
        ValueRef::Unknown => return None,
        ValueRef::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        ValueRef::Number(n) if n.is_infinite() => return None,
        ValueRef::Number(n) => {
            let _ = write!(out, "{n}");
        }
        ValueRef::String(s) => write_json_string(out, s),
        ValueRef::List(elems) | ValueRef::Set(elems) | ValueRef::Tuple(elems) => {
            let any = open(out, '[', elems.is_empty());
            for (i, e) in elems.iter().enumerate() {
                item(out, i);
                write_indented(out, e, level + 2)?;
            }
            close(out, ']', any);
        }
        ValueRef::Map(entries) => {
            let any = open(out, '{', entries.is_empty());
            for (i, (k, e)) in entries.iter().enumerate() {
                item(out, i);
                write_json_string(out, k);
                out.push_str(": ");
                write_indented(out, e, level + 2)?;
            }
            close(out, '}', any);
        }
        ValueRef::Object(ty, vals) => {
            let any = open(out, '{', vals.is_empty());
            for (i, ((name, _), e)) in ty.attrs().iter().zip(vals).enumerate() {
                item(out, i);
                write_json_string(out, name);
                out.push_str(": ");
                write_indented(out, e, level + 2)?;
            }
            close(out, '}', any);
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn indented(v: &Value, level: usize) -> Option<String> {
        let mut s = String::new();
        write_indented(&mut s, v, level).map(|()| s)
    }

    #[test]
    fn lays_out_values_as_go_indents_them() {
        let v = Value::object([
            (
                "a",
                Value::tuple(vec![
                    Value::int(1),
                    Value::object([("b", Value::string("x,y"))]),
                ]),
            ),
            ("c", Value::object(Vec::<(&str, Value)>::new())),
        ]);
        // What Go's json.MarshalIndent gives for {"a":[1,{"b":"x,y"}],"c":{}}.
        assert_eq!(
            indented(&v, 0).unwrap(),
            "{\n  \"a\": [\n    1,\n    {\n      \"b\": \"x,y\"\n    }\n  ],\n  \"c\": {}\n}"
        );
        assert_eq!(indented(&Value::tuple(vec![]), 4).unwrap(), "[]");
        assert_eq!(
            indented(&Value::tuple(vec![Value::string("<&>")]), 4).unwrap(),
            "[\n      \"\\u003c\\u0026\\u003e\"\n    ]"
        );
        assert_eq!(indented(&Value::unknown(hcldecode::Type::String), 0), None);
    }
}
