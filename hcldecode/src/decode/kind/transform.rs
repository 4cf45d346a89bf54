//! `transform` and `validate`: the wrapped spec's value, transformed by an
//! expression, a function or a hook, or checked by a function.

use hcldecode_spec::diag::{Code, Diagnostic, Diagnostics};
use hcldecode_spec::spec::{Hook, OptionalType, Spec, Transform, TransformSpec, ValidateSpec};
use hcldecode_spec::syntax::expr::Expression;

use crate::decode::decoder::{Decoder, Here};
use crate::decode::trace::{AttrTrace, Recorder, Trace};
use crate::eval::{self, EvalContext};
use crate::function::CallContext;
use crate::limits::Budget;
use crate::spec_values::{transform_function, validate_function};
use crate::value::Value;

impl Decoder<'_> {
    /// `TransformSpec.decode`.
    pub(in crate::decode) fn decode_transform<R: Recorder>(
        &self,
        spec: &Spec,
        t: &TransformSpec,
        here: Here<'_>,
        diags: &mut Diagnostics,
    ) -> (Value, R::T) {
        if let Transform::Hook(hook) = t.transform {
            return self.hook::<R>(hook, t, here, diags);
        }
        let (wrapped, trace) = match self.wrapped::<R>(spec, &t.wrapped, here, diags) {
            Ok(w) => w,
            Err(unknown) => return unknown,
        };
        let v = match &t.transform {
            Transform::Expr { expr, var_name } => eval::evaluate_with_locals(
                expr.as_ref(),
                self.transform_ctx,
                Some(&[(var_name.as_str(), wrapped)]),
                self.limits,
                diags,
            ),
            Transform::Func(f) | Transform::Optional(OptionalType { apply: f, .. }) => {
                // Called as an evaluation of its own, of the decode's limits.
                let limits = self
                    .transform_ctx
                    .and_then(EvalContext::limits)
                    .unwrap_or(*self.limits);
                let budget = Budget::new(&limits);
                let cx = CallContext::new(&budget, None);
                let result = transform_function(f).map(|f| f.call_in(&cx, &[wrapped]));
                match result {
                    Some(Ok(v)) => v,
                    Some(Err(err)) => {
                        let mut d = Diagnostic::error(
                            "Transform function failed",
                            format!("Decoder transform returned an error: {err}"),
                        )
                        .with_code(Code::TransformFailed);
                        d.subject = self.source_range(&t.wrapped, here.content, here.labels);
                        diags.push(d);
                        Value::unknown(self.plan.implied_type(spec))
                    }
                    None => Value::unknown(self.plan.implied_type(spec)),
                }
            }
            // Hooks returned above.
            Transform::Hook(_) => wrapped,
        };
        (v, trace)
    }

    /// A transform with a [`Hook`].
    pub(in crate::decode) fn hook<R: Recorder>(
        &self,
        hook: Hook,
        t: &TransformSpec,
        here: Here<'_>,
        diags: &mut Diagnostics,
    ) -> (Value, R::T) {
        let (Hook::RawExpression, Spec::Attr(a)) = (hook, &*t.wrapped) else {
            // The body was read partially by `body`; decoding the
            // wrapped spec is all that is left.
            return self.spec::<R>(&t.wrapped, here, diags);
        };
        match self.attribute(&t.wrapped, here, &a.name) {
            Some(attr) => (
                Value::unknown(a.ty.clone()),
                R::rec(|| {
                    let mut t = AttrTrace::new(attr);
                    // Inside a generated block, the iterators go
                    // with the expression.
                    if let Some(scope) = self.dynamic.and_then(|s| s.expr_scope()) {
                        t.expr = Expression::Scoped {
                            expr: Box::new(t.expr),
                            scope: std::sync::Arc::new(scope),
                        };
                    }
                    Trace::Attr(t)
                }),
            ),
            None => (
                Value::null(a.ty.clone()),
                R::rec(|| Trace::Absent(here.content.missing_item_range())),
            ),
        }
    }

    /// `ValidateSpec.decode`.
    pub(in crate::decode) fn decode_validate<R: Recorder>(
        &self,
        spec: &Spec,
        v: &ValidateSpec,
        here: Here<'_>,
        diags: &mut Diagnostics,
    ) -> (Value, R::T) {
        let (wrapped, trace) = match self.wrapped::<R>(spec, &v.wrapped, here, diags) {
            Ok(w) => w,
            Err(unknown) => return unknown,
        };
        if let Some(f) = validate_function(&v.func) {
            for mut d in f(&wrapped) {
                if d.subject.is_none() {
                    d.subject = self.source_range(&v.wrapped, here.content, here.labels);
                }
                diags.push(d);
            }
        }
        (wrapped, trace)
    }

    /// The wrapped spec's value and trace; when decoding it reported an
    /// error, `Err` with what the wrapping spec gives then: an unknown of
    /// its implied type (the function is not called).
    fn wrapped<R: Recorder>(
        &self,
        spec: &Spec,
        wrapped: &Spec,
        here: Here<'_>,
        diags: &mut Diagnostics,
    ) -> Result<(Value, R::T), (Value, R::T)> {
        let mark = diags.len();
        let (v, trace) = self.spec::<R>(wrapped, here, diags);
        if diags.has_errors_since(mark) {
            return Err((Value::unknown(self.plan.implied_type(spec)), trace));
        }
        Ok((v, trace))
    }
}
