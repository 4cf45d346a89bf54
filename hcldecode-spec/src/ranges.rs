//! Look-up in the Unicode property tables (identifier characters, Go's
//! printable runes): sorted, disjoint, inclusive ranges of code points.

/// Whether `c` lies in one of `table`'s ranges.
pub(crate) fn contains(table: &[(u32, u32)], c: u32) -> bool {
    table
        .binary_search_by(|&(lo, hi)| {
            if hi < c {
                std::cmp::Ordering::Less
            } else if lo > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}
