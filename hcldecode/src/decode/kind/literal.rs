//! `literal` and `expr`: values that do not come from the body (a
//! constant; an expression of the spec file, evaluated in the decode's
//! context).

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::spec::LiteralSpec;
use hcldecode_spec::syntax::expr::Expression;

use crate::decode::Decoder;
use crate::decode::trace::{Recorder, Trace};
use crate::eval;
use crate::eval::traversal::{Traversal, expr_variables};
use crate::value::Value;

impl Decoder<'_> {
    /// `LiteralSpec.decode`.
    pub(in crate::decode) fn decode_literal<R: Recorder>(&self, l: &LiteralSpec) -> (Value, R::T) {
        (l.value.clone(), R::rec(|| Trace::None))
    }

    /// `ExprSpec.decode`.
    pub(in crate::decode) fn decode_expr<R: Recorder>(
        &self,
        e: &Expression,
        diags: &mut Diagnostics,
    ) -> (Value, R::T) {
        let v = eval::evaluate_under(e.as_ref(), self.ctx, self.limits, diags);
        (v, R::rec(|| Trace::Expr(e.clone())))
    }
}

/// `ExprSpec.variablesNeeded`.
pub(in crate::decode) fn variables(e: &Expression, out: &mut Vec<Traversal>) {
    out.extend(expr_variables(e.as_ref()));
}
