//! `block`: at most one block of a type, decoded with a nested spec.

use crate::spec::load::Loader;
use crate::spec::print::{close_nested, description_arg, open_named, required_arg};
use crate::spec::{BlockSpec, Spec};
use crate::syntax::body::BodyRef;

impl BlockSpec {
    /// Writes a `block` block.
    pub(in crate::spec) fn print(&self, out: &mut String, key: Option<&str>, level: usize) {
        let inner = open_named(out, "block", key, level, "block_type", &self.type_name);
        required_arg(out, inner, self.required);
        description_arg(out, inner, self.description.as_deref());
        close_nested(out, &self.nested, level);
    }
}

const BLOCK_ARGS: &[(&str, bool)] = &[
    ("block_type", false),
    ("required", false),
    ("description", false),
];

impl Loader<'_> {
    /// Loads a `block` spec block (its body's arguments as gohcl decodes
    /// them; `implied` is the block's label, the name when none is given).
    pub(in crate::spec) fn block(&mut self, body: BodyRef<'_>, implied: String) -> Spec {
        let Some(args) = self.args(body, BLOCK_ARGS, true) else {
            return Spec::err_spec();
        };
        let Some((type_name, required)) = self.name_and_required(&args, "block_type") else {
            return Spec::err_spec();
        };
        let description = self.description_arg(&args);
        let nested = self.block_nested(&args);
        Spec::Block(BlockSpec {
            type_name: type_name.unwrap_or(implied),
            nested: Box::new(nested),
            required,
            description,
        })
    }
}
