//! The "with x as 1." lines of diagnostics: what the variables an
//! expression refers to held when it failed (HCL's DiagnosticTextWriter).

use std::collections::HashSet;

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::source::SourceFile;
use hcldecode_spec::syntax::native::analysis;
use hcldecode_spec::syntax::native::ast::{Expr, Step};

use super::EvalContext;
use super::literal::literal_value;
use super::ops;
use crate::value::{Value, ValueRef};

/// Statements about the variables `expr` refers to, resolved in the scope
/// `locals` (innermost last) over `ctx`: `name as value` or `name set to
/// null`, deduplicated and sorted. Unknown values and references that do
/// not resolve are left out.
pub(crate) fn describe_variables(
    file: &SourceFile,
    expr: &Expr,
    ctx: Option<&EvalContext>,
    locals: &[(&str, Value)],
) -> Vec<String> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for t in analysis::variables(expr, file) {
        let root = file.text(t.root);
        let found = locals
            .iter()
            .rev()
            .find(|(n, _)| *n == root)
            .map(|(_, v)| v.clone())
            .or_else(|| ctx.and_then(|c| c.variable(root)).cloned());
        let Some(mut v) = found else { continue };
        let mut name = root.to_string();
        let mut scratch = Diagnostics::new();
        for step in &t.steps {
            let at = || file.range(step.span());
            v = match step {
                Step::Attr { name: n, .. } => {
                    name.push('.');
                    name.push_str(file.text(*n));
                    ops::get_attr(&v, file.text(*n), at, &mut scratch)
                }
                Step::Index { key, .. } => {
                    let k = literal_value(file, key);
                    name.push('[');
                    if k.ty().is_primitive() {
                        name.push_str(&value_str(&k));
                    } else {
                        name.push_str("...");
                    }
                    name.push(']');
                    ops::index(&v, &k, at, &mut scratch)
                }
            };
        }
        if scratch.has_errors() || !seen.insert(name.clone()) {
            continue;
        }
        if !v.is_known() {
            continue;
        }
        out.push(if v.is_null() {
            format!("{name} set to null")
        } else {
            format!("{name} as {}", value_str(&v))
        });
    }
    out.sort();
    out
}

/// A short description of a value for diagnostics (`valueStr`).
pub(crate) fn value_str(v: &Value) -> String {
    let ty = v.ty();
    match v.view() {
        ValueRef::Null => "null".into(),
        ValueRef::Unknown => "(not yet known)".into(),
        ValueRef::Bool(b) => b.to_string(),
        ValueRef::Number(n) => crate::value::number_g10(n),
        ValueRef::String(s) => hcldecode_spec::go_quote::quote(s),
        ValueRef::List(es) | ValueRef::Set(es) | ValueRef::Tuple(es) => {
            count_str(&ty.friendly_name(), es.len())
        }
        ValueRef::Map(es) => count_str(&ty.friendly_name(), es.len()),
        ValueRef::Object(o, _) => match o.attrs() {
            [] => "object with no attributes".into(),
            [(name, _)] => format!(
                "object with 1 attribute {}",
                hcldecode_spec::go_quote::quote(name)
            ),
            attrs => format!("object with {} attributes", attrs.len()),
        },
    }
}

fn count_str(name: &str, n: usize) -> String {
    match n {
        0 => format!("empty {name}"),
        1 => format!("{name} with 1 element"),
        n => format!("{name} with {n} elements"),
    }
}
