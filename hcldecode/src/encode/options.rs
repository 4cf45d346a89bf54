//! How a value is written: the encoder's options.

/// How values are written ([`to_string_with`](super::to_string_with),
/// [`BodyWriter::finish_with`](super::BodyWriter::finish_with),
/// [`to_string_of_with`](super::to_string_of_with)).
///
/// ```
/// use hcldecode::{Value, encode::{self, EncodeOptions}};
/// let v = Value::object([("script", Value::string("echo a\necho b\n"))]);
/// assert_eq!(
///     encode::to_string(&v).unwrap(),
///     "script = <<-EOT\n  echo a\n  echo b\nEOT\n"
/// );
/// let quoted = EncodeOptions::default().with_heredocs(false);
/// assert_eq!(
///     encode::to_string_with(&v, &quoted).unwrap(),
///     "script = \"echo a\\necho b\\n\"\n"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct EncodeOptions {
    /// An attribute's (or object item's) string of several lines is
    /// written as an indented heredoc (`<<-EOT`), as people write scripts
    /// and templates, where the heredoc reads back as the same string: it
    /// ends with a newline, has no control characters but tabs and no
    /// template sequence (`${`, `%{`: a heredoc's escapes for them are not
    /// read back by every HCL reader) and no line of only spaces or tabs,
    /// and one of its lines starts without
    /// indentation (`<<-` strips the indentation its lines share).
    /// Otherwise, and with `false`, strings are quoted.
    /// On by default.
    pub heredocs: bool,
}

impl Default for EncodeOptions {
    fn default() -> EncodeOptions {
        EncodeOptions { heredocs: true }
    }
}

impl EncodeOptions {
    /// These options with [`heredocs`](Self::heredocs) set to `on`.
    pub fn with_heredocs(mut self, on: bool) -> EncodeOptions {
        self.heredocs = on;
        self
    }
}
