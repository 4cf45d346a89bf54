//! How bodies compare the names of attributes and blocks with a schema's.

/// `a == b`, rejecting most different names by length and first byte
/// before comparing the rest (schemas are searched once per body).
#[inline]
pub(super) fn same_name(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.first() == b.first() && a == b
}
