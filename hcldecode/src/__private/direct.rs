//! Reading a derived struct straight from a body its spec matches
//! (`decode::direct`), without the decoded value.

use hcldecode_spec::syntax::body::Attribute;

use super::{At, DirectBody, HclDecode, Value};

pub use crate::typed::blocks::struct_direct_block;

/// An attribute field (property `i`) of a body read directly: [`attr`]
/// of the property's value; `None` after any error.
pub fn direct_attr<T: HclDecode>(body: &mut DirectBody<'_>, i: usize) -> Option<T> {
    if let Some(t) = T::__INTERNALS.literal(body, i) {
        return Some(t);
    }
    let v = body.value(i)?;
    let attr = body.present(i);
    T::from_hcl(&v, direct_at(attr.as_ref())).ok()
}

/// Where attribute property `i` of a body read directly is: at `attr`,
/// the attribute [`DirectBody::present`] gives.
fn direct_at<'a>(attr: Option<&'a Attribute<'a>>) -> At<'a> {
    attr.map_or(At::none(), At::syntax)
}

/// A label field (property `i`) of a body read directly.
pub fn direct_label<T: HclDecode>(body: &mut DirectBody<'_>, i: usize) -> Option<T> {
    let label = body.label(i)?;
    let v = Value::from(label.value);
    T::from_hcl(&v, At::syntax_label(label)).ok()
}

/// [`attr_or`] of a body read directly.
pub fn direct_attr_or<T: HclDecode>(
    body: &mut DirectBody<'_>,
    i: usize,
    default: impl FnOnce() -> T,
) -> Option<T> {
    let v = body.value(i)?;
    if v.is_null() {
        return Some(default());
    }
    let attr = body.present(i);
    T::from_hcl(&v, direct_at(attr.as_ref())).ok()
}
