//! What the validation bridges ([`crate::garde`], [`crate::validator`])
//! share: a rule's finding about a field, placed where the field was
//! written.

use hcldecode_spec::diag::{Code, Diagnostic, Diagnostics};

use crate::Error;
use crate::typed::{Decoded, HclDecode, PathSegment};

/// A validation crate's finding: the path of the field it is about, and
/// its message.
pub(crate) struct Finding<'a> {
    pub(crate) path: Vec<PathSegment<'a>>,
    pub(crate) message: String,
}

/// The error for `findings` about `decoded`: one diagnostic each, at the
/// position its field was written at (the block it would be in, for a
/// field left to its default), in source order (then by path), with the
/// decoded files for snippets.
pub(crate) fn findings_error<T: HclDecode>(
    decoded: &Decoded<T>,
    findings: &[Finding<'_>],
) -> Error {
    let paths: Vec<&[PathSegment<'_>]> = findings.iter().map(|f| f.path.as_slice()).collect();
    let ranges = decoded.locate_each(&paths);
    let mut found: Vec<(Diagnostic, String)> = findings
        .iter()
        .zip(ranges)
        .map(|(f, range)| {
            let path = display_path(&f.path);
            let detail = if path.is_empty() {
                format!("{}.", f.message)
            } else {
                format!("{path}: {}.", f.message)
            };
            let mut d =
                Diagnostic::error("Invalid value", detail).with_code(Code::ValidationFailed);
            d.subject = range;
            (d, path)
        })
        .collect();
    found.sort_by(|(a, pa), (b, pb)| {
        let key = |d: &Diagnostic| {
            d.subject
                .as_ref()
                .map(|r| (r.filename.to_string(), r.start.byte, r.end.byte))
        };
        key(a)
            .cmp(&key(b))
            .then_with(|| pa.cmp(pb))
            .then_with(|| a.detail.cmp(&b.detail))
    });
    let mut diags = Diagnostics::new();
    for (d, _) in found {
        diags.push(d);
    }
    decoded.errors(diags)
}

/// A path as validation crates print theirs: `tasks[1].cpu`.
pub(crate) fn display_path(path: &[PathSegment<'_>]) -> String {
    let mut out = String::new();
    for s in path {
        match s {
            PathSegment::Key(k) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            PathSegment::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}
