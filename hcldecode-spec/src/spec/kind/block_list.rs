//! `block_list`, `block_tuple` and `block_set`: every block of a type, as
//! one collection.

use crate::spec::load::Loader;
use crate::spec::print::{
    arg, close_nested, description_arg, open_named, reloads_with_dynamic, unification_note,
};
use crate::spec::{BlockCollectionSpec, BlockCount, Spec, SpecKind};
use crate::syntax::body::BodyRef;

impl BlockCount {
    /// How `n` blocks compare with `min_items` and `max_items`.
    pub fn of(n: usize, min_items: usize, max_items: usize) -> BlockCount {
        if n < min_items {
            BlockCount::TooFew
        } else if max_items > 0 && n > max_items {
            BlockCount::TooMany
        } else {
            BlockCount::Fits
        }
    }
}

impl BlockCollectionSpec {
    /// How `n` blocks compare with this collection's bounds.
    pub fn count(&self, n: usize) -> BlockCount {
        BlockCount::of(n, self.min_items, self.max_items)
    }

    /// Writes a `block_list`, `block_tuple` or `block_set` block (`kind`).
    pub(in crate::spec) fn print(
        &self,
        out: &mut String,
        key: Option<&str>,
        level: usize,
        kind: &str,
    ) {
        if kind != "block_tuple" && reloads_with_dynamic(&self.nested) {
            let into = if kind == "block_set" {
                "one set"
            } else {
                "one list"
            };
            unification_note(out, level, "Blocks", into);
        }
        let inner = open_named(out, kind, key, level, "block_type", &self.type_name);
        if self.min_items > 0 {
            arg(out, inner, "min_items", &self.min_items.to_string());
        }
        if self.max_items > 0 {
            arg(out, inner, "max_items", &self.max_items.to_string());
        }
        description_arg(out, inner, self.description.as_deref());
        close_nested(out, &self.nested, level);
    }
}

impl Loader<'_> {
    /// Loads a `block_list`, `block_tuple` or `block_set` spec block
    /// (`kind`, built by `make`; `implied` is the block's label, the type
    /// when none is given).
    pub(in crate::spec) fn block_collection(
        &mut self,
        body: BodyRef<'_>,
        implied: String,
        kind: SpecKind,
        make: fn(BlockCollectionSpec) -> Spec,
    ) -> Spec {
        let Some(args) = self.args(
            body,
            &[
                ("block_type", false),
                ("min_items", false),
                ("max_items", false),
                ("description", false),
            ],
            true,
        ) else {
            return Spec::err_spec();
        };
        let mut failed = false;
        let type_name = self.string_arg(&args, "block_type", &mut failed);
        let min_items = self.count_arg(&args, "min_items", &mut failed);
        let max_items = self.count_arg(&args, "max_items", &mut failed);
        if failed {
            return Spec::err_spec();
        }
        let description = self.description_arg(&args);
        let nested = self.block_nested(&args);
        let Some(type_name) = self.block_type(type_name, implied, kind.name(), body) else {
            return Spec::err_spec();
        };
        let spec = BlockCollectionSpec {
            type_name,
            nested: Box::new(nested),
            min_items,
            max_items,
            description,
        };
        make(spec)
    }
}
