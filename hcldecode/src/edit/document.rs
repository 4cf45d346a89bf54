//! The native-syntax document an edit changes.

use hcldecode_spec::syntax::native::ast;

/// An HCL native-syntax file held without loss, to be edited.
///
/// ```
/// use hcldecode::edit::Document;
/// let src = "\u{feff}a   = 1 // odd spacing\r\n\r\nb = <<EOT\r\n  text\r\nEOT\r\n";
/// let doc: Document = src.parse().unwrap();
/// assert_eq!(doc.to_string(), src);
/// assert!("a = ".parse::<Document>().is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Document {
    pub(super) file: ast::File,
    /// Whether the text is as `hclfmt` formats it (worked out at the first
    /// edit): edits of a formatted document leave it formatted.
    pub(super) formatted: Option<bool>,
}
