//! What a function call sees of the evaluation that makes it.

use std::sync::Arc;

use super::error::FunctionError;
use crate::limits::{Budget, Limits};

/// What a function sees of the evaluation that calls it: that
/// evaluation's [`Budget`] (so a function checks a large result against
/// the limits before building it, and a function that evaluates, such as
/// `templatefile` or a spec file's user-defined function, draws on the
/// same budget and nesting count), and the name of the file whose
/// expression is evaluated (for functions that resolve paths beside it).
///
/// It is passed to each call, not kept beside it, so a decode running
/// inside another, or on a worker thread, sees only its own.
pub(crate) struct CallContext<'a> {
    budget: &'a Budget,
    file: Option<&'a Arc<str>>,
}

impl<'a> CallContext<'a> {
    /// A call made by an evaluation with `budget`, evaluating an
    /// expression of `file`.
    pub(crate) fn new(budget: &'a Budget, file: Option<&'a Arc<str>>) -> CallContext<'a> {
        CallContext { budget, file }
    }

    /// The calling evaluation's budget.
    pub(crate) fn budget(&self) -> &'a Budget {
        self.budget
    }

    /// The name of the file whose expression makes the call.
    #[cfg_attr(not(feature = "filesystem"), allow(dead_code))]
    pub(crate) fn file(&self) -> Option<&'a Arc<str>> {
        self.file
    }

    /// A result of `elements` collection elements and `bytes` bytes of
    /// strings fits the evaluation's limits, or the "Result too large"
    /// error.
    #[cfg_attr(not(feature = "stdlib"), allow(dead_code))]
    pub(crate) fn check_size(&self, elements: u64, bytes: u64) -> Result<(), FunctionError> {
        self.budget
            .fits(elements, bytes)
            .map_err(|x| FunctionError::ResultTooLarge(x.detail()))
    }
}

/// Runs `f` with the context of a call made outside any evaluation
/// ([`Function::call`](super::Function::call)): a budget of the default
/// limits of its own, no file.
pub(crate) fn standalone<R>(f: impl FnOnce(&CallContext<'_>) -> R) -> R {
    let budget = Budget::new(&Limits::DEFAULT);
    f(&CallContext::new(&budget, None))
}
