//! HCL syntax: the native syntax (lexer, recovering parser, syntax tree),
//! the JSON syntax, and the syntax-independent body and expression handles.

pub mod body;
pub mod expr;
pub mod json;
pub mod native;
pub mod suggest;

/// Whether `s` is a valid HCL identifier (hclsyntax's `ValidIdentifier`:
/// `ID_Start` or `_`, then `ID_Continue` or `-`, with the reference's
/// Unicode tables).
///
/// ```
/// use hcldecode_spec::syntax::is_identifier;
/// assert!(is_identifier("foo_bar-2"));
/// assert!(!is_identifier("2foo"));
/// assert!(!is_identifier(""));
/// ```
pub fn is_identifier(s: &str) -> bool {
    native::is_valid_identifier(s)
}
