//! HCL JSON syntax for configuration files: parsing into a [`File`] whose
//! body is the root value of the JSON document.

use hcldecode_spec::diag::{Diagnostic, Diagnostics};
use hcldecode_spec::syntax::body::Body;
use hcldecode_spec::syntax::json;

use super::File;
use crate::limits::Limits;

/// Parses JSON-syntax configuration (`json.Parse`). A file is returned
/// even when there are errors: its body holds what could be parsed (an
/// empty object when the root failed).
pub(crate) fn parse_json(src: &[u8], filename: &str, limits: &Limits) -> (File, Diagnostics) {
    let source = json::source_from_bytes(filename, src.to_vec());
    let opts = json::ParseOptions {
        max_depth: limits.max_json_nesting,
    };
    let (parsed, diags) = json::parse_with(source.clone(), &opts);
    (
        File {
            source,
            body: Body::json(parsed.doc, parsed.root),
            blocks: Vec::new(),
        },
        diags,
    )
}

/// Reads and parses a JSON-syntax file (`json.ParseFile`), with its
/// messages for files that cannot be opened or read.
pub(crate) fn parse_json_path(
    path: &std::path::Path,
    name: &str,
    limits: &Limits,
) -> (Option<File>, Diagnostics) {
    use std::io::Read;
    let mut f = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) => {
            return (
                None,
                Diagnostics::from(Diagnostic::error(
                    "Failed to open file",
                    format!("The file {name:?} could not be opened: {e}."),
                )),
            );
        }
    };
    let mut bytes = Vec::new();
    if let Err(e) = f.read_to_end(&mut bytes) {
        return (
            None,
            Diagnostics::from(Diagnostic::error(
                "Failed to read file",
                format!(
                    "The file {name:?} was opened, but an error occured while reading it: {e}."
                ),
            )),
        );
    }
    let (file, diags) = parse_json(&bytes, name, limits);
    (Some(file), diags)
}
