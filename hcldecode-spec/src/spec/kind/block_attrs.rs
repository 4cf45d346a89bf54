//! `block_attrs`: the attributes of one block, as a map.

use crate::spec::load::Loader;
use crate::spec::print::{arg, close, description_arg, open_named, required_arg, unification_note};
use crate::spec::{BlockAttrsSpec, Spec};
use crate::syntax::body::BodyRef;

impl BlockAttrsSpec {
    /// Writes a `block_attrs` block.
    pub(in crate::spec) fn print(&self, out: &mut String, key: Option<&str>, level: usize) {
        if self.element_type.has_dynamic_types() {
            unification_note(out, level, "Attributes", "one map");
        }
        let inner = open_named(
            out,
            "block_attrs",
            key,
            level,
            "block_type",
            &self.type_name,
        );
        arg(
            out,
            inner,
            "element_type",
            &self.element_type.to_type_expr(),
        );
        required_arg(out, inner, self.required);
        description_arg(out, inner, self.description.as_deref());
        close(out, level);
    }
}

impl Loader<'_> {
    /// Loads a `block_attrs` spec block (its body's arguments as gohcl decodes
    /// them; `implied` is the block's label, the name when none is given).
    pub(in crate::spec) fn block_attrs(&mut self, body: BodyRef<'_>, implied: String) -> Spec {
        let Some(args) = self.args(
            body,
            &[
                ("block_type", false),
                ("element_type", false),
                ("required", false),
                ("description", false),
            ],
            false,
        ) else {
            return Spec::err_spec();
        };
        let Some((type_name, required)) = self.name_and_required(&args, "block_type") else {
            return Spec::err_spec();
        };
        let element_type = self.type_arg(&args, "element_type");
        let description = self.description_arg(&args);
        let Some(type_name) = self.block_type(type_name, implied, "block_attrs", body) else {
            return Spec::err_spec();
        };
        Spec::BlockAttrs(BlockAttrsSpec {
            type_name,
            element_type,
            element_constraint: None,
            required,
            description,
        })
    }
}
