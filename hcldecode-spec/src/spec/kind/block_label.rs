//! `block_label`: a label of the block being decoded.

use std::sync::Arc;

use crate::json_text::json_string;
use crate::spec::Spec;
use crate::spec::load::Loader;
use crate::spec::print::{arg, close, comment, open_named, write_at};
use crate::syntax::body::BodyRef;

/// A label of the enclosing block.
#[derive(Clone, Debug)]
pub struct BlockLabelSpec {
    /// Which label, from 0.
    pub index: usize,
    /// The label's name, for messages.
    pub name: String,
    /// When the label names the kind of the block (a typed `tag = "label"`
    /// enum of block bodies): the label values it may have, each with the
    /// spec the rest of the block is decoded with. Decoding does not read
    /// it (the typed layer decodes the rest once it has the label); the
    /// JSON Schema describes each value's body.
    pub variants: Option<Arc<[(String, Spec)]>>,
}

impl BlockLabelSpec {
    /// Label `index`, called `name`, of any value.
    pub fn new(index: usize, name: impl Into<String>) -> BlockLabelSpec {
        BlockLabelSpec {
            index,
            name: name.into(),
            variants: None,
        }
    }
}

impl BlockLabelSpec {
    /// Writes a `block_label` block.
    pub(in crate::spec) fn print(&self, out: &mut String, key: Option<&str>, level: usize) {
        if let Some(variants) = &self.variants {
            self.print_variants(variants, out, level);
        }
        let inner = open_named(out, "block_label", key, level, "name", &self.name);
        arg(out, inner, "index", &self.index.to_string());
        close(out, level);
    }

    /// The comment of a label that names the kind of its block: a spec
    /// file cannot decode the rest by it; the kinds' bodies, commented out.
    fn print_variants(&self, variants: &[(String, Spec)], out: &mut String, level: usize) {
        let names: Vec<String> = variants.iter().map(|(n, _)| json_string(n)).collect();
        comment(
            out,
            level,
            &format!(
                "Label {} ({}) names the block's kind, one of {}:\n\
                 a Rust enum read with `tag = \"label\"`, each kind's body decoded\n\
                 in Rust once the label is known. A spec file cannot choose a body\n\
                 by a label, so this one reads the label alone (any attribute or\n\
                 block in the body is an error here). The kinds' bodies:",
                self.index,
                json_string(&self.name),
                names.join(", ")
            ),
        );
        for (name, spec) in variants {
            let mut body = String::new();
            write_at(&mut body, spec, 2);
            comment(out, level, &format!("  {}:\n{body}", json_string(name)));
        }
    }
}

impl Loader<'_> {
    /// Loads a `block_label` spec block (its body's arguments as gohcl decodes
    /// them; `implied` is the block's label, the name when none is given).
    pub(in crate::spec) fn block_label(&mut self, body: BodyRef<'_>, implied: String) -> Spec {
        let Some(args) = self.args(body, &[("index", true), ("name", false)], false) else {
            return Spec::err_spec();
        };
        let mut failed = false;
        let index = self.count_arg(&args, "index", &mut failed);
        let name = self
            .string_arg(&args, "name", &mut failed)
            .unwrap_or(implied);
        if failed {
            return Spec::err_spec();
        }
        Spec::BlockLabel(BlockLabelSpec::new(index, name))
    }
}
