//! `block_map` and `block_object`: every block of a type, keyed by its
//! labels.

use crate::diagnostic::Diagnostic;
use crate::json_text::json_string;
use crate::spec::load::{ArgKind, ArgValue, Loader};
use crate::spec::print::{
    arg, close_nested, comment, description_arg, open_named, reloads_with_dynamic,
};
use crate::spec::{BlockMapSpec, Spec, SpecKind};
use crate::syntax::body::BodyRef;

impl BlockMapSpec {
    /// Writes a `block_map` or `block_object` block (`kind`).
    pub(in crate::spec) fn print(
        &self,
        out: &mut String,
        key: Option<&str>,
        level: usize,
        kind: &str,
    ) {
        let mut kind = kind;
        if kind == "block_map" && reloads_with_dynamic(&self.nested) {
            // A spec file's block_map may not have `any` in its type.
            comment(
                out,
                level,
                "Blocks whose values may differ in type (an `any` in them), which a\n\
                 spec file's block_map may not hold: written as a block_object, an\n\
                 object of each block's value as decoded. Typed decoding gives a\n\
                 map of them where they share one type.",
            );
            kind = "block_object";
        }
        let inner = open_named(out, kind, key, level, "block_type", &self.type_name);
        let labels: Vec<String> = self.labels.iter().map(|l| json_string(l)).collect();
        arg(out, inner, "labels", &format!("[{}]", labels.join(", ")));
        description_arg(out, inner, self.description.as_deref());
        close_nested(out, &self.nested, level);
    }
}

const MAP_ARGS: &[(&str, bool)] = &[
    ("block_type", false),
    ("labels", true),
    ("description", false),
];

impl Loader<'_> {
    /// Loads a `block_map` or `block_object` spec block (`kind`; `implied`
    /// is the block's label, the type when none is given).
    pub(in crate::spec) fn block_map(
        &mut self,
        body: BodyRef<'_>,
        implied: String,
        kind: SpecKind,
    ) -> Spec {
        let Some(args) = self.args(body, MAP_ARGS, true) else {
            return Spec::err_spec();
        };
        let mut failed = false;
        let type_name = self.string_arg(&args, "block_type", &mut failed);
        let labels = match self.arg(&args, "labels", ArgKind::StringList, &mut failed) {
            Some(ArgValue::StringList(l)) => l,
            _ => Vec::new(),
        };
        if failed {
            return Spec::err_spec();
        }
        let description = self.description_arg(&args);
        let nested = self.block_nested(&args);
        let Some(type_name) = self.block_type(type_name, implied, kind.name(), body) else {
            return Spec::err_spec();
        };
        if labels.is_empty() {
            self.diags.push(
                Diagnostic::error(
                    "Invalid block label name list",
                    format!("A {} must have at least one label specified.", kind.name()),
                )
                .with_subject(body.missing_item().range()),
            );
            return Spec::err_spec();
        }
        let spec = BlockMapSpec {
            type_name,
            labels,
            nested: Box::new(nested),
            description,
        };
        if kind == SpecKind::BlockObject {
            return Spec::BlockObject(spec);
        }
        let spec = Spec::BlockMap(spec);
        if self.implied_has_dynamic(&spec) {
            self.diags.push(
                Diagnostic::error(
                    "Invalid block_map spec",
                    "A block_map spec may not contain attributes with type 'any'.",
                )
                .with_subject(body.missing_item().range()),
            );
        }
        spec
    }
}
