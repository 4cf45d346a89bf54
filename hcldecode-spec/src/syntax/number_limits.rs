//! How long a number may be written, and the diagnostic detail of one that
//! is longer.

/// The most characters a number may be written with (a literal in either
/// syntax, or a string converted to a number). Parsing a number costs more
/// than linear time in its digits, and no configuration needs more.
pub const MAX_NUMBER_LENGTH: usize = 100_000;

/// The "Number literal too long" diagnostic detail for `len` characters.
pub fn number_too_long_detail(len: usize) -> String {
    format!(
        "A number may be written with at most {MAX_NUMBER_LENGTH} characters; this one has {len}."
    )
}
