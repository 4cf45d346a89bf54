//! Finding a block by its type and labels, and naming a path of such
//! steps in errors.

use hcldecode_spec::source::SourceFile;
use hcldecode_spec::syntax::native::ast;

use super::Step;

/// Whether `b` has type `ty` and exactly `labels`.
pub(super) fn block_matches(src: &SourceFile, b: &ast::Block, ty: &str, labels: &[String]) -> bool {
    src.text(b.type_name) == ty
        && b.labels.len() == labels.len()
        && b.labels
            .iter()
            .zip(labels)
            .all(|(l, want)| l.value.get(src) == want.as_str())
}

/// `job "web" > group "api"`, for errors.
pub(super) fn describe(path: &[Step]) -> String {
    path.iter()
        .map(|s| {
            let mut t = s.ty.clone();
            for l in &s.labels {
                t.push_str(&format!(" {l:?}"));
            }
            if s.nth > 0 {
                t.push_str(&format!(" (#{})", s.nth + 1));
            }
            t
        })
        .collect::<Vec<_>>()
        .join(" > ")
}
