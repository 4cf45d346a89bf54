//! `for` expressions: iteration over lists, sets, maps, objects and
//! tuples, the `if` clause, grouping (`...`) and key uniqueness.

use std::collections::HashMap;

use hcldecode_spec::diag::Code;
use hcldecode_spec::syntax::native::ast::{Expr, ForExpr};

use super::Evaluator;
use crate::Type;
use crate::value::convert::convert;
use crate::value::{Number, Value, ValueRef};

/// A `for` expression's `if` clause.
const FOR_CONDITION: ForClause = ForClause {
    code: Code::InvalidCondition,
    summary: "Invalid 'for' condition",
    null: "The value of the 'if' clause must not be null.",
    invalid: "The 'if' clause value is invalid",
};

/// An object `for` expression's key.
const FOR_KEY: ForClause = ForClause {
    code: Code::InvalidObjectKey,
    summary: "Invalid object key",
    null: "Key expression in 'for' expression must not produce a null value.",
    invalid: "The key expression produced an invalid result",
};

/// The diagnostic texts of a `for` clause whose value is unusable.
struct ForClause {
    code: Code,
    summary: &'static str,
    null: &'static str,
    /// Followed by `: {error}.` when the value does not convert.
    invalid: &'static str,
}

/// The `(key, value)` pairs a `for` expression iterates: indices for
/// sequences, keys for maps and objects (cty's `ElementIterator`).
fn iteration_pairs(coll: &Value) -> Vec<(Value, Value)> {
    match coll.view() {
        // "For set types, the key and value are both the element value."
        ValueRef::Set(es) => es.iter().map(|v| (v.clone(), v.clone())).collect(),
        ValueRef::List(es) | ValueRef::Tuple(es) => es
            .iter()
            .enumerate()
            .map(|(i, v)| (Value::number(Number::from_i64(i as i64)), v.clone()))
            .collect(),
        ValueRef::Map(entries) => entries
            .iter()
            .map(|(k, v)| (Value::string_arc(k.clone()), v.clone()))
            .collect(),
        ValueRef::Object(ty, vals) => ty
            .attrs()
            .iter()
            .zip(vals)
            .map(|((k, _), v)| (Value::string_arc(k.clone()), v.clone()))
            .collect(),
        _ => Vec::new(),
    }
}

impl<'a> Evaluator<'a, '_> {
    pub(super) fn for_expr(&mut self, e: &'a Expr, f: &'a ForExpr) -> Value {
        let Some(coll) = self.for_collection(e, f) else {
            return Value::dynamic();
        };
        let key_var = f.key_var.map(|s| self.text(s));
        let val_var = self.text(f.val_var);

        if let Some(cond) = &f.cond
            && !self.for_condition_ok(e, cond, key_var, val_var)
        {
            return Value::dynamic();
        }

        let elems = iteration_pairs(&coll);
        let mut known = true;
        let mut tuple_vals = Vec::new();
        let mut obj_vals: Vec<(String, Value)> = Vec::new();
        let mut obj_index: HashMap<String, usize> = HashMap::new();
        let mut groups: Vec<(String, Vec<Value>)> = Vec::new();
        for (k, v) in elems {
            self.push_iter_vars(key_var, k, val_var, v);
            self.for_iteration(
                e,
                f,
                &mut known,
                &mut tuple_vals,
                &mut obj_vals,
                &mut obj_index,
                &mut groups,
            );
            self.pop_iter_vars(key_var);
            if self.over_budget {
                return Value::dynamic();
            }
        }
        if !known {
            return Value::dynamic();
        }
        if f.key_expr.is_none() {
            return Value::tuple(tuple_vals);
        }
        if f.group {
            return Value::object(groups.into_iter().map(|(k, vs)| (k, Value::tuple(vs))));
        }
        Value::object(obj_vals)
    }

    /// The collection of the `for` expression `e`, known and iterable, or
    /// `None` when the result is dynamic (a null or non-iterable collection
    /// reported).
    fn for_collection(&mut self, e: &'a Expr, f: &'a ForExpr) -> Option<Value> {
        let coll = self.expr(&f.coll);
        if coll.is_null() {
            self.err_x(
                (Code::InvalidIteration, "Iteration over null value"),
                "A null value cannot be used as the collection in a 'for' expression.".into(),
                f.coll.span,
                Some(e.span),
                &f.coll,
            );
            return None;
        }
        if coll.ty().is_dynamic() {
            return None;
        }
        let iterable = matches!(
            coll.ty(),
            Type::List(_) | Type::Set(_) | Type::Map(_) | Type::Tuple(_) | Type::Object(_)
        );
        if !iterable {
            self.err_x(
                (Code::InvalidIteration, "Iteration over non-iterable value"),
                format!(
                    "A value of type {} cannot be used as the collection in a 'for' expression.",
                    coll.ty().friendly_name()
                ),
                f.coll.span,
                Some(e.span),
                &f.coll,
            );
            return None;
        }
        if !coll.is_known() {
            return None;
        }
        Some(coll)
    }

    /// Checks the `if` clause `cond` of the `for` expression `e` once, with
    /// unknown iteration values, as HCL does: `false` when it is null, not
    /// a bool or has errors (reported), and the result is dynamic.
    fn for_condition_ok(
        &mut self,
        e: &'a Expr,
        cond: &'a Expr,
        key_var: Option<&'a str>,
        val_var: &'a str,
    ) -> bool {
        let mark = self.diags.len();
        self.push_iter_vars(key_var, Value::dynamic(), val_var, Value::dynamic());
        let r = self.expr(cond);
        self.pop_iter_vars(key_var);
        if r.is_null() {
            self.err_x(
                (Code::InvalidCondition, "Condition is null"),
                "The value of the 'if' clause must not be null.".into(),
                cond.span,
                Some(e.span),
                cond,
            );
            return false;
        }
        if let Err(err) = convert(&r, &Type::Bool) {
            self.err_x(
                (Code::InvalidCondition, "Invalid 'for' condition"),
                format!("The 'if' clause value is invalid: {err}."),
                cond.span,
                Some(e.span),
                cond,
            );
            return false;
        }
        !self.errors_since(mark)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn for_iteration(
        &mut self,
        e: &'a Expr,
        f: &'a ForExpr,
        known: &mut bool,
        tuple_vals: &mut Vec<Value>,
        obj_vals: &mut Vec<(String, Value)>,
        obj_index: &mut HashMap<String, usize>,
        groups: &mut Vec<(String, Vec<Value>)>,
    ) -> bool {
        if let Some(cond) = &f.cond {
            let Some(include) = self.for_clause_value(
                &Type::Bool,
                f.key_expr.is_none(),
                cond,
                e,
                known,
                FOR_CONDITION,
            ) else {
                return false;
            };
            if include.as_bool() == Some(false) {
                return false;
            }
        }
        let Some(key_expr) = &f.key_expr else {
            let v = self.expr(&f.val_expr);
            if !self.charge_element(&v, 0, e.span) {
                return false;
            }
            tuple_vals.push(v);
            return true;
        };
        let Some(key) = self.for_clause_value(&Type::String, true, key_expr, e, known, FOR_KEY)
        else {
            return false;
        };
        let k = key.as_str().unwrap_or_default().to_string();
        let v = self.expr(&f.val_expr);
        if !self.charge_element(&v, k.len(), e.span) {
            return false;
        }
        if f.group {
            match groups.iter_mut().find(|(g, _)| *g == k) {
                Some((_, vs)) => vs.push(v),
                None => groups.push((k, vec![v])),
            }
        } else if obj_index.contains_key(&k) {
            self.err_x(
                (Code::DuplicateObjectKey, "Duplicate object key"),
                format!(
                    "Two different items produced the key {k:?} in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key."
                ),
                key_expr.span,
                Some(e.span), key_expr,
            );
        } else {
            obj_index.insert(k.clone(), obj_vals.len());
            obj_vals.push((k, v));
        }
        true
    }

    /// A `for` clause (the condition or the key) evaluated and converted to
    /// `ty`, or `None` with the result unknown when it is null, unknown or
    /// does not convert; errors only while the result is still known.
    /// hclsyntax passes over an unknown value before converting it or after,
    /// depending on the clause: `unknown_before_convert`.
    #[allow(clippy::too_many_arguments)]
    fn for_clause_value(
        &mut self,
        ty: &Type,
        unknown_before_convert: bool,
        clause: &'a Expr,
        e: &'a Expr,
        known: &mut bool,
        text: ForClause,
    ) -> Option<Value> {
        let value = self.expr(clause);
        if value.is_null() {
            if *known {
                self.err_x(
                    (text.code, text.summary),
                    text.null.into(),
                    clause.span,
                    Some(e.span),
                    clause,
                );
            }
            *known = false;
            return None;
        }
        if unknown_before_convert && !value.is_known() {
            *known = false;
            return None;
        }
        let value = match convert(&value, ty) {
            Ok(v) => v,
            Err(err) => {
                if *known {
                    self.err_x(
                        (text.code, text.summary),
                        format!("{}: {err}.", text.invalid),
                        clause.span,
                        Some(e.span),
                        clause,
                    );
                }
                *known = false;
                return None;
            }
        };
        if !value.is_known() {
            *known = false;
            return None;
        }
        Some(value)
    }

    pub(super) fn push_iter_vars(
        &mut self,
        key_var: Option<&'a str>,
        k: Value,
        val_var: &'a str,
        v: Value,
    ) {
        if let Some(kv) = key_var {
            self.locals.push((kv, k));
        }
        self.locals.push((val_var, v));
    }

    pub(super) fn pop_iter_vars(&mut self, key_var: Option<&'a str>) {
        self.locals.pop();
        if key_var.is_some() {
            self.locals.pop();
        }
    }
}
