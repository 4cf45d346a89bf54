//! HCL syntax: the native syntax (lexer, recovering parser, syntax tree),
//! the JSON syntax, and the syntax-independent body and expression handles.

pub mod body;
pub mod expr;
pub mod json;
pub mod native;
pub mod suggest;

/// Whether `s` is a valid HCL identifier: a letter or `_` (Unicode
/// `ID_Start`), then letters, digits, `_` and `-` (`ID_Continue` or `-`).
///
/// ```
/// use hcldecode_spec::syntax::is_identifier;
/// assert!(is_identifier("foo_bar-2"));
/// assert!(!is_identifier("2foo"));
/// assert!(!is_identifier(""));
/// ```
pub fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c == '_' || c.is_alphabetic() => {}
        _ => return false,
    }
    chars.all(|c| c == '_' || c == '-' || c.is_alphanumeric())
}
