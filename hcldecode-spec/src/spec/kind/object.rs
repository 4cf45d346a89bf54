//! `object` and `array` (`tuple`): values built of other specs that read
//! the same body.

use crate::spec::load::Loader;
use crate::spec::path::PathStep;
use crate::spec::print::{close, comment, open};
use crate::spec::{ObjectSpec, Spec};
use crate::syntax::body::BodyRef;

impl ObjectSpec {
    /// Writes an `object` block.
    pub(in crate::spec) fn print(&self, out: &mut String, key: Option<&str>, level: usize) {
        self.print_noted(out, key, level, &|_| None);
    }

    /// Writes an `object` block, each property after the comment `note`
    /// gives it, if any.
    pub(in crate::spec) fn print_noted(
        &self,
        out: &mut String,
        key: Option<&str>,
        level: usize,
        note: &dyn Fn(&Spec) -> Option<String>,
    ) {
        let inner = level + 1;
        open(out, "object", key, level);
        for (k, s) in &self.properties {
            if let Some(text) = note(s) {
                comment(out, inner, &text);
            }
            s.print(out, Some(k), inner);
        }
        close(out, level);
    }
}

/// Writes an `array` block (a [`Spec::Tuple`]).
pub(in crate::spec) fn print_tuple(
    elems: &[Spec],
    out: &mut String,
    key: Option<&str>,
    level: usize,
) {
    let inner = level + 1;
    open(out, "array", key, level);
    for s in elems {
        s.print(out, None, inner);
    }
    close(out, level);
}

impl Loader<'_> {
    /// Loads a `object` spec block.
    pub(in crate::spec) fn object(&mut self, body: BodyRef<'_>) -> Spec {
        let content = body.content(&self.labelled, &mut self.diags);
        let mut properties = Vec::with_capacity(content.blocks.len());
        for b in &content.blocks {
            let key = b.labels[0].value.to_string();
            let spec = self.with_path(PathStep::Property(key.clone()), |l| l.spec_block(b));
            properties.push((key, spec));
        }
        Spec::Object(ObjectSpec { properties })
    }

    /// Loads an `array` (`tuple`) spec block.
    pub(in crate::spec) fn array(&mut self, body: BodyRef<'_>) -> Spec {
        let content = body.content(&self.unlabelled, &mut self.diags);
        let mut elems = Vec::with_capacity(content.blocks.len());
        for (i, b) in content.blocks.iter().enumerate() {
            elems.push(self.with_path(PathStep::Index(i), |l| l.spec_block(b)));
        }
        Spec::Tuple(elems)
    }
}
