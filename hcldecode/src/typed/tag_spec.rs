//! How the body spec of `tag = "label"` blocks is told apart: the block
//! modules build it, and the type plan lets the direct read take it.

use hcldecode_spec::spec::Spec;

use crate::decode::DecodeHook;

/// The property of a tagged block's body spec that reads its label.
pub(crate) const TAG_PROPERTY: &str = "__tag";

/// Whether `spec` is the body spec of the blocks of a `tag = "label"`
/// field: the label, and the rest of the body kept.
pub(crate) fn is_tagged_body_spec(spec: &Spec) -> bool {
    let Spec::Transform(t) = spec else {
        return false;
    };
    let Spec::Object(o) = &*t.wrapped else {
        return false;
    };
    DecodeHook::of(t) == Some(DecodeHook::Remain)
        && matches!(&o.properties[..], [(name, Spec::BlockLabel(_))] if name == TAG_PROPERTY)
}
