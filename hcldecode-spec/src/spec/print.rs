//! Printing a spec tree back as an hcldec spec file.

use std::fmt::Write;

use super::{Spec, Transform};
use crate::json_text::json_string;

pub(super) fn to_spec_file(spec: &Spec) -> String {
    let mut out = String::new();
    write_spec(&mut out, spec, None, 0);
    out
}

fn indent(out: &mut String, level: usize) {
    for _ in 0..level {
        out.push_str("  ");
    }
}

fn open(out: &mut String, kind: &str, key: Option<&str>, level: usize) {
    indent(out, level);
    out.push_str(kind);
    if let Some(k) = key {
        out.push(' ');
        out.push_str(&json_string(k));
    }
    out.push_str(" {\n");
}

fn close(out: &mut String, level: usize) {
    indent(out, level);
    out.push_str("}\n");
}

fn arg(out: &mut String, level: usize, name: &str, value: &str) {
    indent(out, level);
    let _ = writeln!(out, "{name} = {value}");
}

/// Writes `spec`; `key` is the property name when the spec is an object
/// property (which also serves as the implied attribute or block name).
fn write_spec(out: &mut String, spec: &Spec, key: Option<&str>, level: usize) {
    let inner = level + 1;
    match spec {
        Spec::Object(o) => {
            open(out, "object", key, level);
            for (k, s) in &o.properties {
                write_spec(out, s, Some(k), inner);
            }
            close(out, level);
        }
        Spec::Tuple(t) => {
            open(out, "array", key, level);
            for s in t {
                write_spec(out, s, None, inner);
            }
            close(out, level);
        }
        Spec::Attr(a) => {
            open(out, "attr", key, level);
            if key != Some(a.name.as_str()) {
                arg(out, inner, "name", &json_string(&a.name));
            }
            arg(out, inner, "type", &a.ty.to_type_expr());
            if a.required {
                arg(out, inner, "required", "true");
            }
            close(out, level);
        }
        Spec::Literal(l) => {
            open(out, "literal", key, level);
            let v = l.value.to_hcl().unwrap_or_else(|| "null".to_string());
            arg(out, inner, "value", &v);
            close(out, level);
        }
        Spec::Block(b) => {
            open(out, "block", key, level);
            if key != Some(b.type_name.as_str()) {
                arg(out, inner, "block_type", &json_string(&b.type_name));
            }
            if b.required {
                arg(out, inner, "required", "true");
            }
            write_spec(out, &b.nested, None, inner);
            close(out, level);
        }
        Spec::BlockList(b) | Spec::BlockTuple(b) | Spec::BlockSet(b) => {
            open(out, spec.kind_name(), key, level);
            if key != Some(b.type_name.as_str()) {
                arg(out, inner, "block_type", &json_string(&b.type_name));
            }
            if b.min_items > 0 {
                arg(out, inner, "min_items", &b.min_items.to_string());
            }
            if b.max_items > 0 {
                arg(out, inner, "max_items", &b.max_items.to_string());
            }
            write_spec(out, &b.nested, None, inner);
            close(out, level);
        }
        Spec::BlockMap(b) | Spec::BlockObject(b) => {
            open(out, spec.kind_name(), key, level);
            if key != Some(b.type_name.as_str()) {
                arg(out, inner, "block_type", &json_string(&b.type_name));
            }
            let labels: Vec<String> = b.labels.iter().map(|l| json_string(l)).collect();
            arg(out, inner, "labels", &format!("[{}]", labels.join(", ")));
            write_spec(out, &b.nested, None, inner);
            close(out, level);
        }
        Spec::BlockAttrs(b) => {
            open(out, "block_attrs", key, level);
            if key != Some(b.type_name.as_str()) {
                arg(out, inner, "block_type", &json_string(&b.type_name));
            }
            arg(out, inner, "element_type", &b.element_type.to_type_expr());
            if b.required {
                arg(out, inner, "required", "true");
            }
            close(out, level);
        }
        Spec::BlockLabel(l) => {
            open(out, "block_label", key, level);
            if key != Some(l.name.as_str()) {
                arg(out, inner, "name", &json_string(&l.name));
            }
            arg(out, inner, "index", &l.index.to_string());
            close(out, level);
        }
        Spec::Default(_) => {
            open(out, "default", key, level);
            // The loader folds candidates left to right; unfold them.
            let mut candidates = Vec::new();
            let mut cur = spec;
            while let Spec::Default(d) = cur {
                candidates.push(&*d.default);
                cur = &d.primary;
            }
            candidates.push(cur);
            for c in candidates.into_iter().rev() {
                write_spec(out, c, None, inner);
            }
            close(out, level);
        }
        Spec::Transform(t) => match &t.transform {
            Transform::Expr { expr, var_name } if var_name == "nested" => {
                open(out, "transform", key, level);
                arg(out, inner, "result", expr.source_text());
                write_spec(out, &t.wrapped, None, inner);
                close(out, level);
            }
            Transform::Func(f) => {
                indent(out, level);
                match f.describe() {
                    Some(d) => {
                        let _ = writeln!(out, "# {d}");
                    }
                    None => out.push_str("# a transform without a spec-file form wraps:\n"),
                }
                write_spec(out, &t.wrapped, key, level);
            }
            Transform::Hook(h) => {
                indent(out, level);
                let _ = writeln!(out, "# {}", h.describe());
                write_spec(out, &t.wrapped, key, level);
            }
            Transform::Expr { .. } => {
                indent(out, level);
                out.push_str("# a transform without a spec-file form wraps:\n");
                write_spec(out, &t.wrapped, key, level);
            }
        },
        Spec::Validate(v) => {
            indent(out, level);
            match v.func.describe() {
                Some(d) => {
                    let _ = writeln!(out, "# {d}");
                }
                None => out.push_str("# validated by a Rust function:\n"),
            }
            write_spec(out, &v.wrapped, key, level);
        }
        Spec::Expr(e) => {
            indent(out, level);
            let _ = writeln!(
                out,
                "# an expression spec has no spec-file form: {}",
                e.source_text().replace('\n', " ")
            );
            open(out, "literal", key, level);
            arg(out, inner, "value", "null");
            close(out, level);
        }
    }
}
