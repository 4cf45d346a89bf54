//! `block`: at most one block of a type, decoded with a nested spec.

use super::super::Spec;
use super::super::err_spec;
use super::super::load::Loader;
use super::super::print::{close, name_arg, open, required_arg};
use super::super::write_spec;
use crate::syntax::body::BodyRef;

/// A single nested block.
#[derive(Clone, Debug)]
pub struct BlockSpec {
    /// The block type.
    pub type_name: String,
    /// How to decode its body.
    pub nested: Box<Spec>,
    /// Whether it must be present.
    pub required: bool,
}

impl BlockSpec {
    /// Writes a `block` block.
    pub(in crate::spec) fn print(&self, out: &mut String, key: Option<&str>, level: usize) {
        let inner = level + 1;
        open(out, "block", key, level);
        name_arg(out, inner, key, "block_type", &self.type_name);
        required_arg(out, inner, self.required);
        write_spec(out, &self.nested, None, inner);
        close(out, level);
    }
}

impl Loader<'_> {
    /// Loads a `block` spec block (its body's arguments as gohcl decodes
    /// them; `implied` is the block's label, the name when none is given).
    pub(in crate::spec) fn block(&mut self, body: BodyRef<'_>, implied: String) -> Spec {
        let Some(args) = self.args(body, &[("block_type", false), ("required", false)], true)
        else {
            return err_spec();
        };
        let mut failed = false;
        let type_name = self.string_arg(&args, "block_type", &mut failed);
        let required = self
            .bool_arg(&args, "required", &mut failed)
            .unwrap_or(false);
        if failed {
            return err_spec();
        }
        let nested = self.nested(&args, "A block spec must have exactly one child spec specifying how to decode block contents.");
        Spec::Block(BlockSpec {
            type_name: type_name.unwrap_or(implied),
            nested: Box::new(nested),
            required,
        })
    }
}
