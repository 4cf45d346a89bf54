//! `block_label`: a label of the block being decoded.

use crate::json_text::json_string;
use crate::spec::load::Loader;
use crate::spec::print::{arg, close, comment, open_named, write_at};
use crate::spec::{BlockLabelSpec, Spec};
use crate::syntax::body::BodyRef;

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
