//! Span arithmetic the parser and the template parser share.

use crate::source::Span;

/// `hcl.RangeBetween`: from the start of `a` to the end of `b` (never
/// inverted: an end before the start is clamped to the start).
#[inline]
pub(super) fn rb(a: Span, b: Span) -> Span {
    Span::new(a.start, b.end.max(a.start))
}
