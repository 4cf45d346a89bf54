//! How a variant of an enum of block types is read directly
//! (`decode::direct`): the plan of its body type and the read of a body as
//! the variant, which the derive gives for `tag = "label"` blocks.

use super::hcl_decode::HclDecode;
use super::plan::TypePlan;
use crate::decode::DirectBody;

/// How one variant of an enum of block types is read directly: its body
/// type's plan (the variant's spec, planned once per process) and the
/// read of a body as the variant. Not public API: the derive's
/// `HclBody::__direct_variant` gives it.
#[doc(hidden)]
pub struct VariantRead<T> {
    /// The variant's body type's plan.
    pub plan: &'static TypePlan,
    /// A body read as the variant; `None` after any error.
    pub body: fn(&mut DirectBody<'_>) -> Option<T>,
}

impl<T> VariantRead<T> {
    /// The read of variant type `V`'s bodies, where they are read
    /// directly: `V` (a struct) has a plan made once per process that
    /// reads directly; `body` makes the variant of a `V`.
    pub fn of<V: HclDecode>(body: fn(&mut DirectBody<'_>) -> Option<T>) -> Option<VariantRead<T>> {
        let plan = V::__INTERNALS.type_plan()?;
        (plan.direct && V::__INTERNALS.reads_bodies()).then_some(VariantRead { plan, body })
    }
}
