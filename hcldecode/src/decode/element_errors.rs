//! Conversion errors at the elements of an attribute's value: where a
//! value written as tuple and object literals does not convert to the
//! attribute's type, one error per failing element, at that element, its
//! path in the message (`.soft: a number is required`, `[1]: ...`), as
//! Terraform reports them. HashiCorp's hcldec reports one error over the
//! whole value, so this is an option ([`DecodeOptions::element_errors`]
//! (super::DecodeOptions)), on for typed decoding.

use hcldecode_spec::source::{Range, SourceFile};
use hcldecode_spec::syntax::expr::ExprRef;
use hcldecode_spec::syntax::native::ast::{Expr, ExprKind, Literal};

use crate::value::convert::convert;
use crate::{Type, Value};

/// The failing elements of `v` (the value of `expr`) for type `ty`: their
/// ranges and messages. Empty when the failure is not at an element of a
/// literal (the caller then reports the whole value).
pub(crate) fn element_errors(expr: ExprRef<'_>, v: &Value, ty: &Type) -> Vec<(Range, String)> {
    let mut out = Vec::new();
    if let ExprRef::Native { file, expr } = expr {
        walk(file, expr.get(), v, ty, &mut String::new(), &mut out);
    }
    // Only precise findings are worth more than the whole-value error.
    if out.iter().all(|(_, m)| m.starts_with(':')) {
        out.clear();
    }
    out
}

fn literal_key<'f>(
    file: &'f SourceFile,
    key: &'f Expr,
    force_non_literal: bool,
) -> Option<&'f str> {
    let key = key.unwrap_parens();
    match &key.kind {
        ExprKind::ScopeTraversal { root, steps } if steps.is_empty() && !force_non_literal => {
            Some(file.text(*root))
        }
        ExprKind::Literal(Literal::String(t)) => Some(t.get(file)),
        ExprKind::StringTemplate { text, .. } => Some(text.get(file)),
        ExprKind::Template { parts } if parts.len() == 1 => match &parts[0].kind {
            ExprKind::Literal(Literal::String(t)) => Some(t.get(file)),
            _ => None,
        },
        ExprKind::TemplateWrap { wrapped } => match &wrapped.kind {
            ExprKind::Literal(Literal::String(t)) => Some(t.get(file)),
            _ => None,
        },
        _ => None,
    }
}

fn leaf(
    file: &SourceFile,
    expr: &Expr,
    v: &Value,
    ty: &Type,
    path: &str,
    out: &mut Vec<(Range, String)>,
) {
    if let Err(e) = convert(v, ty) {
        out.push((file.range(expr.span), format!("{path}: {e}")));
    }
}

fn walk(
    file: &SourceFile,
    expr: &Expr,
    v: &Value,
    ty: &Type,
    path: &mut String,
    out: &mut Vec<(Range, String)>,
) {
    if ty.is_dynamic() || !v.is_known() || v.is_null() {
        return;
    }
    let expr = expr.unwrap_parens();
    match (&expr.kind, ty) {
        (ExprKind::Tuple { exprs, .. }, Type::List(ety) | Type::Set(ety)) => {
            let Some(elems) = v.elements().filter(|e| e.len() == exprs.len()) else {
                return leaf(file, expr, v, ty, path, out);
            };
            for (i, (x, e)) in exprs.iter().zip(elems).enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                walk(file, x, e, ety, path, out);
                path.truncate(len);
            }
        }
        (ExprKind::Tuple { exprs, .. }, Type::Tuple(etys)) if etys.len() == exprs.len() => {
            let Some(elems) = v.elements().filter(|e| e.len() == exprs.len()) else {
                return leaf(file, expr, v, ty, path, out);
            };
            for (i, ((x, e), ety)) in exprs.iter().zip(elems).zip(etys.iter()).enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                walk(file, x, e, ety, path, out);
                path.truncate(len);
            }
        }
        (ExprKind::Object { items, .. }, Type::Object(ot)) => {
            // Source order, then the attributes the literal lacks.
            for item in items.iter() {
                let Some(k) = literal_key(file, &item.key, item.force_non_literal) else {
                    continue;
                };
                let (Some(aty), Some(e)) = (ot.get(k), v.get_attr(k)) else {
                    continue;
                };
                let len = path.len();
                path.push('.');
                path.push_str(k);
                walk(file, &item.value, &e, aty, path, out);
                path.truncate(len);
            }
            for (name, _) in ot.attrs() {
                if v.get_attr(name).is_none() {
                    out.push((
                        file.range(expr.span),
                        format!("{path}: attribute {:?} is required", &**name),
                    ));
                }
            }
        }
        (ExprKind::Object { items, .. }, Type::Map(ety)) => {
            for item in items.iter() {
                let Some(k) = literal_key(file, &item.key, item.force_non_literal) else {
                    continue;
                };
                let Some(e) = v.get_attr(k).or_else(|| v.index(&Value::string(k))) else {
                    continue;
                };
                let len = path.len();
                path.push_str(&format!("[{k:?}]"));
                walk(file, &item.value, &e, ety, path, out);
                path.truncate(len);
            }
        }
        _ => leaf(file, expr, v, ty, path, out),
    }
}
