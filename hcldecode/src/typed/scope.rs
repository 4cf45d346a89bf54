//! The decode a position belongs to ([`DecodeScope`]), carried by
//! [`At`](super::At) so that what decodes again below a value (a tagged
//! block's variant, known only once the typed layer reads its label) does
//! so as the enclosing decode does, on any thread and inside any other
//! decode: no thread-local state.

use std::sync::Arc;

use crate::decode;
use crate::eval::EvalContext;

/// What a typed decode decodes with: its variables and functions and its
/// options.
#[derive(Clone, Default)]
pub(crate) struct DecodeScope {
    /// The variables and functions.
    pub(crate) ctx: Option<Arc<EvalContext>>,
    /// The options.
    pub(crate) options: decode::DecodeOptions,
}

impl std::fmt::Debug for DecodeScope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DecodeScope")
            .field("ctx", &self.ctx.is_some())
            .finish_non_exhaustive()
    }
}
