//! The dynamic layer's functions, which the spec tree carries opaquely.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// A function the dynamic layer supplies and the static layer carries
/// without looking inside: a transform or validation function. (Values,
/// literals' and defaults', are [`Value`](crate::value::Value)s.)
pub trait Dynamic: Any + Send + Sync + std::panic::RefUnwindSafe + fmt::Debug {
    /// For downcasting to the concrete type.
    fn as_any(&self) -> &dyn Any;
    /// For a transform or validation without a spec-file form: what it
    /// does, for the comment [`Spec::to_spec_file`](super::Spec::to_spec_file)
    /// writes in its place.
    fn describe(&self) -> Option<String> {
        None
    }
}

/// A shared [`Dynamic`].
pub type DynRef = Arc<dyn Dynamic>;
