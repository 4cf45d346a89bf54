//! Splat expressions (`xs[*].a`, `xs.*.a`): over lists, sets and
//! tuples, a single value as a one-element list, null as empty.

use hcldecode_spec::diag::Code;
use hcldecode_spec::source::Span;
use hcldecode_spec::syntax::native::ast::Expr;

use super::Evaluator;
use crate::Type;
use crate::value::Value;
use crate::value::convert::unify_unsafe;

/// A list of values that all have one type (a splat over a list).
fn list_of(vals: Vec<Value>) -> Value {
    let ty = vals
        .first()
        .map(|v| v.ty().clone())
        .unwrap_or(Type::Dynamic);
    if vals.iter().all(|v| v.ty() == &ty) {
        Value::list(ty, vals)
    } else {
        // Elements of differing types (a dynamic each): unify them.
        let types: Vec<Type> = vals.iter().map(|v| v.ty().clone()).collect();
        match unify_unsafe(&types) {
            Some((ety, convs)) => {
                let vals = vals
                    .into_iter()
                    .zip(convs)
                    .map(|(v, c)| match c {
                        Some(c) => c.apply(&v).unwrap_or_else(|_| Value::unknown(ety.clone())),
                        None => v,
                    })
                    .collect();
                Value::list(ety, vals)
            }
            None => Value::tuple(vals),
        }
    }
}

impl<'a> Evaluator<'a, '_> {
    pub(super) fn splat(
        &mut self,
        source: &'a Expr,
        each: &'a Expr,
        item: u32,
        marker: Span,
    ) -> Value {
        let mark = self.diags.len();
        let src = self.expr(source);
        if self.errors_since(mark) {
            return Value::dynamic();
        }
        let ty = src.ty().clone();
        let auto_upgrade = !matches!(ty, Type::Tuple(_) | Type::List(_) | Type::Set(_));
        if src.is_null() {
            if auto_upgrade {
                return Value::empty_tuple();
            }
            self.err_x(
                (Code::SplatOfNull, "Splat of null value"),
                "Splat expressions (with the * symbol) cannot be applied to null sequences.".into(),
                source.span,
                Some(Span::between(source.span, marker)),
                source,
            );
            return Value::dynamic();
        }
        if ty.is_dynamic() {
            return Value::dynamic();
        }
        let mut upgraded_unknown = false;
        let src = if auto_upgrade {
            upgraded_unknown = !src.is_known();
            Value::tuple(vec![src])
        } else {
            src
        };
        let src_ty = src.ty().clone();
        if !src.is_known() {
            let ty = self.splat_result_type(&src_ty, each, item, true);
            return Value::unknown(ty);
        }
        let elems: Vec<Value> = src.elements().map(<[Value]>::to_vec).unwrap_or_default();
        let mut vals = Vec::with_capacity(elems.len());
        let mut is_known = true;
        for el in elems {
            self.items.push((item, el));
            let mark = self.diags.len();
            let v = self.expr(each);
            if self.errors_since(mark) {
                is_known = false;
            }
            self.items.pop();
            if !self.charge_element(&v, 0, Span::between(source.span, marker)) {
                return Value::dynamic();
            }
            vals.push(v);
        }
        if upgraded_unknown {
            return Value::dynamic();
        }
        if !is_known {
            let ty = self.splat_result_type(&src_ty, each, item, false);
            return Value::unknown(ty);
        }
        match src_ty {
            Type::List(_) | Type::Set(_) => {
                if vals.is_empty() {
                    let ty = self.splat_result_type(&src_ty, each, item, true);
                    return Value::list_empty(ty.element_type().cloned().unwrap_or(Type::Dynamic));
                }
                // A nested splat over scalars can give elements of
                // different types, which no list holds (hcl v2.24, #724;
                // `cty.CanListVal`: dynamic-typed ones aside).
                let mut known_tys = vals.iter().map(Value::ty).filter(|t| !t.is_dynamic());
                if let Some(first) = known_tys.next()
                    && known_tys.any(|t| t != first)
                {
                    self.err_x(
                        (Code::InvalidNestedSplat, "Invalid nested splat expressions"),
                        "The second level of splat expression produced elements of different types, so it isn't possible to construct a valid list to represent the top-level result.\n\nConsider using a for expression instead, to produce a tuple-typed result which can therefore have non-homogenous element types.".into(),
                        each.span,
                        Some(Span::between(source.span, each.span)),
                        each,
                    );
                    return Value::dynamic();
                }
                list_of(vals)
            }
            _ => Value::tuple(vals),
        }
    }

    /// The type a splat would produce, found by evaluating `each` with
    /// unknown elements; its diagnostics are kept only if `keep`.
    pub(super) fn splat_result_type(
        &mut self,
        src_ty: &Type,
        each: &'a Expr,
        item: u32,
        keep: bool,
    ) -> Type {
        let mark = self.diags.len();
        let one = |ev: &mut Self, ety: &Type| {
            ev.items.push((item, Value::unknown(ety.clone())));
            let v = ev.expr(each);
            ev.items.pop();
            v.ty().clone()
        };
        let ty = match src_ty {
            Type::List(e) | Type::Set(e) => Type::list(one(self, e)),
            Type::Tuple(ts) => Type::tuple(ts.iter().map(|t| one(self, t)).collect::<Vec<_>>()),
            _ => Type::Dynamic,
        };
        if !keep {
            self.diags.truncate(mark);
        }
        ty
    }
}
