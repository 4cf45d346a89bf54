//! The native-syntax evaluator's state, which each of the evaluator's
//! modules extends with the expressions it evaluates.

use std::sync::Arc;

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::source::SourceFile;

use crate::eval::EvalContext;
use crate::limits::Budget;
use crate::value::Value;

pub(super) struct Evaluator<'a, 'd> {
    pub(super) file: &'a Arc<SourceFile>,
    pub(super) ctx: Option<&'a EvalContext>,
    /// What this evaluation, and those nested in it, may still build.
    pub(super) budget: &'a Budget,
    /// Whether the evaluation has a scope of local variables (a function's
    /// parameters, a transform's `nested`) even if it is empty.
    pub(super) local_scope: bool,
    /// Local variables and `for` variables in scope, innermost last.
    pub(super) locals: Vec<(&'a str, Value)>,
    /// Current splat elements by anonymous-symbol id, innermost last.
    pub(super) items: Vec<(u32, Value)>,
    pub(super) diags: &'d mut Diagnostics,
    pub(super) depth: usize,
    /// Whether the evaluation budget ran out ("Result too large" was
    /// reported): loops stop and results are unknown from then on.
    pub(super) over_budget: bool,
}
