//! Object constructors: keys (literal, variable-looking, or any
//! expression), duplicates, values.

use std::collections::HashMap;
use std::sync::Arc;

use hcldecode_spec::diag::{Code, Diagnostic};
use hcldecode_spec::syntax::native::analysis::expr_as_keyword;
use hcldecode_spec::syntax::native::ast::{Expr, ExprKind};

use super::Evaluator;
use crate::Type;
use crate::value::Value;
use crate::value::convert::convert;

impl<'a> Evaluator<'a, '_> {
    pub(super) fn object(
        &mut self,
        items: &'a [hcldecode_spec::syntax::native::ast::ObjectItem],
    ) -> Value {
        let mut vals: Vec<(Arc<str>, Value)> = Vec::with_capacity(items.len());
        // Repeated keys are found by a scan while the object is small.
        let mut index: Option<HashMap<Arc<str>, usize>> = None;
        let mut known = true;
        for item in items {
            let mark = self.diags.len();
            let key = self.object_key(&item.key, item.force_non_literal);
            let key_failed = self.errors_since(mark);
            let val = self.expr(&item.value);
            if key_failed {
                known = false;
                continue;
            }
            if key.is_null() {
                self.diags.push(
                    Diagnostic::coded(
                        Code::InvalidObjectKey,
                        "Null value as key",
                        "Can't use a null value as a key.",
                    )
                    .with_subject(self.range(item.value.span)),
                );
                self.annotate_since(self.diags.len() - 1, &item.key);
                known = false;
                continue;
            }
            let key = match convert(&key, &Type::String) {
                Ok(k) => k,
                Err(err) => {
                    self.err_x(
                        (Code::InvalidObjectKey, "Incorrect key type"),
                        format!("Can't use this value as a key: {err}."),
                        item.key.span,
                        None,
                        &item.key,
                    );
                    known = false;
                    continue;
                }
            };
            let Some(k) = key.as_str() else {
                known = false;
                continue;
            };
            let existing = match &index {
                Some(m) => m.get(k).copied(),
                None => vals.iter().position(|(e, _)| &**e == k),
            };
            match existing {
                Some(i) => vals[i].1 = val,
                None => {
                    let k: Arc<str> = Arc::from(k);
                    if let Some(m) = &mut index {
                        m.insert(k.clone(), vals.len());
                    } else if vals.len() >= 16 {
                        let mut m: HashMap<Arc<str>, usize> = vals
                            .iter()
                            .enumerate()
                            .map(|(i, (e, _))| (e.clone(), i))
                            .collect();
                        m.insert(k.clone(), vals.len());
                        index = Some(m);
                    }
                    vals.push((k, val));
                }
            }
        }
        if !known {
            return Value::dynamic();
        }
        Value::object(vals)
    }

    /// `ObjectConsKeyExpr.Value`.
    pub(super) fn object_key(&mut self, key: &'a Expr, force_non_literal: bool) -> Value {
        if !force_non_literal {
            if let ExprKind::ScopeTraversal { steps, .. } = &key.kind
                && !steps.is_empty()
            {
                self.diags.push(
                    Diagnostic::coded(
                        Code::AmbiguousAttributeKey, "Ambiguous attribute key",
                        "If this expression is intended to be a reference, wrap it in parentheses. If it's instead intended as a literal name containing periods, wrap it in quotes to create a string literal.",
                    )
                    .with_subject(self.range(key.span)),
                );
                return Value::dynamic();
            }
            if let Some(k) = expr_as_keyword(key, self.file) {
                return Value::string(k);
            }
        }
        self.expr(key)
    }
}
