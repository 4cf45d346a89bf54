//! HCL JSON syntax for configuration files.

use hcldecode_spec::diag::{Diagnostic, Diagnostics};
use hcldecode_spec::source::SourceFile;
use hcldecode_spec::syntax::body::Body;

use crate::parse::File;

/// Parses JSON-syntax configuration.
pub(crate) fn parse_json(src: &[u8], filename: &str) -> (File, Diagnostics) {
    let _ = src;
    let source = SourceFile::new(filename, "");
    (
        File {
            source,
            body: Body::empty(),
            blocks: Vec::new(),
        },
        Diagnostics::from(Diagnostic::error(
            "Unsupported syntax",
            format!("{filename}: HCL JSON syntax is not supported yet."),
        )),
    )
}
