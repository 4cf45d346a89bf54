//! The walk of the spec alongside the blocks around the cursor: what a
//! body may hold according to the specs it is decoded with, and the
//! innermost body holding an offset.

use hcldecode::Spec;
use hcldecode_spec::source::SourceFile;
use hcldecode_spec::spec::{AttrSpec, BlockLabelSpec};
use hcldecode_spec::syntax::native::ast;

/// What a body may hold according to the specs it is decoded with.
#[derive(Default)]
pub(super) struct BodySpec<'a> {
    pub(super) attrs: Vec<&'a AttrSpec>,
    pub(super) blocks: Vec<&'a Spec>,
    pub(super) labels: Vec<&'a BlockLabelSpec>,
}

impl<'a> BodySpec<'a> {
    pub(super) fn of(specs: &[&'a Spec]) -> BodySpec<'a> {
        let mut out = BodySpec::default();
        for s in specs {
            out.add(s);
        }
        out
    }

    pub(super) fn add(&mut self, spec: &'a Spec) {
        // Which kinds read attributes, labels and blocks is the spec's to
        // say (`Spec::block_type_name` for every kind that reads blocks).
        if let Spec::Attr(a) = spec {
            self.attrs.push(a);
        } else if let Spec::BlockLabel(l) = spec {
            self.labels.push(l);
        } else if spec.block_type_name().is_some() {
            self.blocks.push(spec);
        }
        for child in spec.same_body_children() {
            self.add(child);
        }
    }

    pub(super) fn attr(&self, name: &str) -> Option<&'a AttrSpec> {
        self.attrs.iter().find(|a| a.name == name).copied()
    }

    pub(super) fn block(&self, type_name: &str) -> Option<&'a Spec> {
        self.blocks
            .iter()
            .find(|s| s.block_type_name() == Some(type_name))
            .copied()
    }

    /// The specs the body of block `b` (of this body) is decoded with: the
    /// block spec's nested spec, and for a label naming the block's kind
    /// (a typed enum), the spec of the label's value.
    pub(super) fn nested(&self, src: &SourceFile, b: &ast::Block) -> Vec<&'a Spec> {
        let labels: Vec<&str> = b.labels.iter().map(|l| l.value.get(src)).collect();
        self.nested_of(src.text(b.type_name), &labels)
    }

    /// [`BodySpec::nested`] of a block given by its type and labels.
    pub(super) fn nested_of(&self, type_name: &str, labels: &[&str]) -> Vec<&'a Spec> {
        let Some(nested) = self.block(type_name).and_then(Spec::nested) else {
            return Vec::new();
        };
        let mut out = vec![nested];
        for l in BodySpec::of(&[nested]).labels {
            let (Some(variants), Some(value)) = (&l.variants, labels.get(l.index)) else {
                continue;
            };
            if let Some((_, s)) = variants.iter().find(|(n, _)| n == value) {
                out.push(s);
            }
        }
        out
    }
}

/// The innermost body holding byte `at`: the chain of blocks leading to it
/// and the body's specs.
pub(super) struct Located<'t, 's> {
    pub(super) body: &'t ast::Body,
    pub(super) specs: Vec<&'s Spec>,
}

pub(super) fn locate<'t, 's>(
    src: &SourceFile,
    root: &'t ast::Body,
    spec: &'s Spec,
    at: u32,
) -> Located<'t, 's> {
    let mut here = Located {
        body: root,
        specs: vec![spec],
    };
    loop {
        let inner = here.body.blocks.iter().find(|b| {
            b.open_brace.end <= at && (at <= b.close_brace.start || b.close_brace.is_empty())
        });
        let Some(b) = inner else { return here };
        let specs = BodySpec::of(&here.specs).nested(src, b);
        here = Located {
            body: &b.body,
            specs,
        };
    }
}
