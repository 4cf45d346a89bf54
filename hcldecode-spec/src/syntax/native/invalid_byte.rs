//! The byte that stands for invalid UTF-8 in a source text.

/// The byte that stands for a byte of invalid UTF-8 in a source text.
///
/// Source texts are `str`, so [`source_from_bytes`] replaces every byte
/// that HashiCorp's scanner would reject as bad UTF-8 with this ASCII
/// control character (SUB, U+001A), keeping every offset exact. The scanner
/// treats it as a bad byte wherever it appears except in comments (which,
/// as in hclsyntax, accept anything), and reports "Invalid character
/// encoding" at the first one, in token order, as hclsyntax does.
///
/// The one limitation: a SUB character really present in valid input is
/// taken for a bad byte too (hclsyntax reports "Invalid character" for it
/// outside strings, and accepts it inside them).
pub const INVALID_BYTE_PLACEHOLDER: u8 = 0x1A;
