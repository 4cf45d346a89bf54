//! The JSON document a schema is (`J`), and the shapes the schema is
//! made of: templates, tuples, objects, counted blocks.

use crate::json_text::write_json_string;

/// A JSON document being built.
#[derive(Clone)]
pub(super) enum J {
    Obj(Vec<(String, J)>),
    Arr(Vec<J>),
    Str(String),
    Bool(bool),
    Num(i128),
}

pub(super) fn obj(entries: Vec<(&str, J)>) -> J {
    J::Obj(
        entries
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

pub(super) fn s(v: &str) -> J {
    J::Str(v.to_string())
}

pub(super) fn types(names: &[&str]) -> J {
    match names {
        [one] => s(one),
        _ => J::Arr(names.iter().map(|n| s(n)).collect()),
    }
}

pub(super) fn any_of(alts: Vec<J>) -> J {
    obj(vec![("anyOf", J::Arr(alts))])
}

impl J {
    pub(super) fn write(&self, out: &mut String, indent: usize) {
        let pad = |out: &mut String, n: usize| {
            out.push('\n');
            out.extend(std::iter::repeat_n(' ', n));
        };
        match self {
            J::Obj(entries) if entries.is_empty() => out.push_str("{}"),
            J::Obj(entries) => {
                out.push('{');
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    pad(out, indent + 2);
                    write_json_string(out, k);
                    out.push_str(": ");
                    v.write(out, indent + 2);
                }
                pad(out, indent);
                out.push('}');
            }
            J::Arr(items) if items.is_empty() => out.push_str("[]"),
            // Arrays of scalars (`type`, `enum`, `required`) on one line.
            J::Arr(items) if items.iter().all(|i| !matches!(i, J::Obj(_) | J::Arr(_))) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    v.write(out, indent);
                }
                out.push(']');
            }
            J::Arr(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    pad(out, indent + 2);
                    v.write(out, indent + 2);
                }
                pad(out, indent);
                out.push(']');
            }
            J::Str(v) => write_json_string(out, v),
            J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            J::Num(n) => out.push_str(&n.to_string()),
        }
    }

    /// The compact text, the key under which equal schemas share a
    /// definition.
    pub(super) fn key(&self) -> String {
        let mut out = String::new();
        self.write_compact(&mut out);
        out
    }

    fn write_compact(&self, out: &mut String) {
        match self {
            J::Obj(entries) => {
                out.push('{');
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_json_string(out, k);
                    out.push(':');
                    v.write_compact(out);
                }
                out.push('}');
            }
            J::Arr(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write_compact(out);
                }
                out.push(']');
            }
            other => other.write(out, 0),
        }
    }
}

/// A JSON string that is a template with interpolations or directives:
/// it may evaluate to a value of any type.
pub(super) const TEMPLATE: &str = r"\$\{|%\{";

/// A JSON string whose text converts to a number (cty's `ParseNumberVal`:
/// a sign, digits with an optional point and exponent, or an infinity), or
/// a template.
pub(super) const NUMBER_OR_TEMPLATE: &str =
    r"^[+-]?(inf|Inf|([0-9]+\.?[0-9]*|\.[0-9]+)([eEpP][+-]?[0-9]+)?)$|\$\{|%\{";

pub(super) fn template() -> J {
    obj(vec![("type", s("string")), ("pattern", s(TEMPLATE))])
}

pub(super) fn null() -> J {
    obj(vec![("type", s("null"))])
}

pub(super) fn tuple(items: Vec<J>) -> J {
    let n = items.len() as i128;
    obj(vec![
        ("type", s("array")),
        ("prefixItems", J::Arr(items)),
        ("minItems", J::Num(n)),
        ("maxItems", J::Num(n)),
    ])
}

/// An object value with `props`, the `required` ones required; `closed`:
/// no others. A key may be a template (naming any attribute), so an
/// object with one is left to the decoder when any are required or
/// others are not allowed.
pub(super) fn object(props: Vec<(String, J)>, required: Vec<String>, closed: bool) -> Vec<J> {
    let mut o = vec![("type", s("object")), ("properties", J::Obj(props))];
    if closed {
        o.push(("additionalProperties", J::Bool(false)));
    }
    let strict = closed || !required.is_empty();
    if !required.is_empty() {
        o.push(("required", J::Arr(required.iter().map(|r| s(r)).collect())));
    }
    let mut alts = vec![obj(o)];
    if strict {
        alts.push(obj(vec![
            ("type", s("object")),
            (
                "not",
                obj(vec![(
                    "propertyNames",
                    obj(vec![("not", obj(vec![("pattern", s(TEMPLATE))]))]),
                )]),
            ),
        ]));
    }
    alts.push(template());
    alts
}

/// A block body, or an array of bodies; `single` allows one body only.
pub(super) fn one_or_array(body: J, single: bool) -> J {
    counted(body, (0, usize::from(single)))
}

/// Blocks of one type given as one body (one block) or an array of bodies
/// (a block each), as HCL's JSON syntax allows, from `min` to `max` of them
/// (`max` 0: no limit): the array has `minItems` and `maxItems`, and a
/// lone body is allowed only where one block may do.
pub(super) fn counted(body: J, (min, max): (usize, usize)) -> J {
    let mut arr = vec![("type", s("array")), ("items", body.clone())];
    if min > 0 {
        arr.push(("minItems", J::Num(min as i128)));
    }
    if max > 0 {
        arr.push(("maxItems", J::Num(max as i128)));
    }
    if min > 1 {
        return obj(arr);
    }
    any_of(vec![body, obj(arr)])
}

/// `labels` levels of objects keyed by label (each level may also be an
/// array of such objects, as HCL's JSON syntax allows), ending in a body.
/// Without labels, the bodies are counted (`counts`, see [`counted`]); with
/// labels, blocks spread over the levels' keys, which a schema cannot
/// count: only "one body per label set" of at most one block is kept.
pub(super) fn block_levels(labels: usize, body: J, counts: (usize, usize)) -> J {
    if labels == 0 {
        return counted(body, counts);
    }
    let level = obj(vec![
        ("type", s("object")),
        (
            "additionalProperties",
            block_levels(labels - 1, body, (0, usize::from(counts.1 == 1))),
        ),
    ]);
    one_or_array(level, false)
}
