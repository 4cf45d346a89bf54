//! HCL syntax: the native syntax (lexer, recovering parser, syntax tree),
//! the JSON syntax, and the syntax-independent body and expression handles.

pub mod body;
pub mod expr;
pub mod json;
pub mod native;
mod number;
mod number_limits;
pub mod suggest;

pub use number_limits::{MAX_NUMBER_LENGTH, number_too_long_detail};

/// A parsed configuration file: its body and source, for decoding and for
/// showing diagnostics with snippets (register it with
/// [`SourceMap::add_file`](crate::diag::render::SourceMap::add_file)).
/// `hcldecode::parse` reads files into it.
#[derive(Clone, Debug)]
pub struct File {
    /// The source text.
    pub source: std::sync::Arc<crate::source::SourceFile>,
    /// The top-level body.
    pub body: body::Body,
    /// Top-level blocks (span and header), the "in BLOCK" context of
    /// diagnostic snippets.
    pub blocks: Vec<(crate::source::Span, String)>,
}

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
