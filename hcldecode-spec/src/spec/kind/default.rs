//! `default`: a primary spec with fallbacks.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::spec::load::Loader;
use crate::spec::path::PathStep;
use crate::spec::print::{close, open};
use crate::spec::{DefaultSpec, Spec};
use crate::syntax::body::BodyRef;

impl DefaultSpec {
    /// Writes a `default` block: the candidates, unfolded.
    pub(in crate::spec) fn print(&self, out: &mut String, key: Option<&str>, level: usize) {
        let inner = level + 1;
        open(out, "default", key, level);
        // The loader folds candidates left to right; unfold them.
        let mut candidates = Vec::new();
        let mut cur = &*self.primary;
        candidates.push(&*self.default);
        while let Spec::Default(d) = cur {
            candidates.push(&*d.default);
            cur = &d.primary;
        }
        candidates.push(cur);
        for c in candidates.into_iter().rev() {
            c.print(out, None, inner);
        }
        close(out, level);
    }
}

impl Loader<'_> {
    /// Loads a `default` spec block.
    pub(in crate::spec) fn default(&mut self, body: BodyRef<'_>) -> Spec {
        let mut d = Diagnostics::new();
        let content = body.content(&self.unlabelled, &mut d);
        let failed = d.has_errors();
        self.diags.extend(d);
        if content.blocks.is_empty() {
            if !failed {
                self.diags.push(
                    Diagnostic::error(
                        "Missing spec block",
                        "A default block must have at least one nested spec, each specifying a possible outcome.",
                    )
                    .with_subject(body.missing_item().range()),
                );
            }
            return Spec::err_spec();
        }
        if content.blocks.len() == 1 && !failed {
            self.diags.push(
                Diagnostic::warning(
                    "Useless default block",
                    "A default block with only one spec is equivalent to using that spec alone.",
                )
                .with_subject(content.blocks[0].def_range()),
            );
        }
        let mut spec: Option<Spec> = None;
        for (i, b) in content.blocks.iter().enumerate() {
            let before = self.diags.len();
            let step = if i == 0 {
                PathStep::Primary
            } else {
                PathStep::Default
            };
            let candidate = self.with_path(step, |l| l.spec_block(b));
            if self.diags.has_errors_since(before) {
                continue;
            }
            spec = Some(match spec {
                None => candidate,
                Some(primary) => Spec::Default(DefaultSpec {
                    primary: Box::new(primary),
                    default: Box::new(candidate),
                }),
            });
        }
        spec.unwrap_or_else(Spec::err_spec)
    }
}
