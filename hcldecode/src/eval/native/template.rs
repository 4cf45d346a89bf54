//! Templates: interpolations and directives joined into a string, and
//! the single-interpolation unwrap.

use hcldecode_spec::diag::{Code, Diagnostic};
use hcldecode_spec::syntax::native::ast::{Expr, ExprKind, Literal};

use super::Evaluator;
use crate::Type;
use crate::value::Value;
use crate::value::convert::convert;

impl<'a> Evaluator<'a, '_> {
    pub(super) fn template(&mut self, e: &'a Expr, parts: &'a [Expr]) -> Value {
        // Fast path: a plain string.
        if let [p] = parts
            && let ExprKind::Literal(Literal::String(t)) = &p.kind
        {
            return Value::string(t.get(self.file));
        }
        // The template's own text is about the size of its result (its
        // interpolations mostly stand for values of their length): one
        // allocation instead of a string grown part by part.
        let mut buf = String::with_capacity(e.span.len() as usize);
        let mut known = true;
        for part in parts {
            if let ExprKind::Literal(Literal::String(t)) = &part.kind {
                buf.push_str(t.get(self.file));
                continue;
            }
            let v = self.expr(part);
            if v.is_null() {
                self.err_x(
                    (Code::InvalidTemplateValue, "Invalid template interpolation value"),
                    "The expression result is null. Cannot include a null value in a string template.".into(),
                    part.span,
                    Some(e.span), part,
                );
                continue;
            }
            if !v.is_known() {
                known = false;
                continue;
            }
            match convert(&v, &Type::String) {
                Ok(s) => {
                    let s = s.as_str().unwrap_or_default();
                    if !self.check_budget(self.budget.charge(0, s.len() as u64), e.span) {
                        return Value::dynamic();
                    }
                    buf.push_str(s);
                }
                Err(err) => self.err_x(
                    (
                        Code::InvalidTemplateValue,
                        "Invalid template interpolation value",
                    ),
                    format!("Cannot include the given value in a string template: {err}."),
                    part.span,
                    Some(e.span),
                    part,
                ),
            }
        }
        if known {
            Value::string(buf)
        } else {
            Value::unknown(Type::String)
        }
    }

    pub(super) fn template_join(&mut self, e: &'a Expr, tuple: &'a Expr) -> Value {
        let t = self.expr(tuple);
        let mark = self.diags.len();
        let v = self.join_strings(e, &t);
        self.annotate_since(mark, e);
        v
    }

    pub(super) fn join_strings(&mut self, e: &'a Expr, t: &Value) -> Value {
        if t.ty().is_dynamic() || !t.is_known() || t.is_null() {
            return Value::unknown(Type::String);
        }
        let mut buf = String::new();
        for v in t.elements().unwrap_or(&[]) {
            if v.is_null() {
                self.diags.push(
                    Diagnostic::coded(
                        Code::InvalidTemplateValue, "Invalid template interpolation value",
                        "An iteration result is null. Cannot include a null value in a string template.",
                    )
                    .with_subject(self.range(e.span)),
                );
                continue;
            }
            if v.ty().is_dynamic() {
                return Value::unknown(Type::String);
            }
            match convert(v, &Type::String) {
                Ok(s) => {
                    if !v.is_known() {
                        return Value::unknown(Type::String);
                    }
                    let s = s.as_str().unwrap_or_default();
                    if !self.check_budget(self.budget.charge(0, s.len() as u64), e.span) {
                        return Value::dynamic();
                    }
                    buf.push_str(s);
                }
                Err(err) => self.diags.push(
                    Diagnostic::coded(
                        Code::InvalidTemplateValue, "Invalid template interpolation value",
                        format!(
                            "Cannot include one of the interpolation results into the string template: {err}."
                        ),
                    )
                    .with_subject(self.range(e.span)),
                ),
            }
        }
        Value::string(buf)
    }
}
