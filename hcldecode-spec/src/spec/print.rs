//! Printing a spec tree back as an hcldec spec file.

use std::fmt::Write;

use super::{Spec, write_spec};
use crate::json_text::json_string;

pub(super) fn to_spec_file(spec: &Spec) -> String {
    let mut out = String::new();
    write_spec(&mut out, spec, None, 0);
    out
}

pub(super) fn indent(out: &mut String, level: usize) {
    for _ in 0..level {
        out.push_str("  ");
    }
}

pub(super) fn open(out: &mut String, kind: &str, key: Option<&str>, level: usize) {
    indent(out, level);
    out.push_str(kind);
    if let Some(k) = key {
        out.push(' ');
        out.push_str(&json_string(k));
    }
    out.push_str(" {\n");
}

pub(super) fn close(out: &mut String, level: usize) {
    indent(out, level);
    out.push_str("}\n");
}

/// Writes `nested` as the last item of the block opened at `level`, then
/// closes that block.
pub(super) fn close_nested(out: &mut String, nested: &Spec, level: usize) {
    write_spec(out, nested, None, level + 1);
    close(out, level);
}

pub(super) fn arg(out: &mut String, level: usize, name: &str, value: &str) {
    indent(out, level);
    let _ = writeln!(out, "{name} = {value}");
}

/// Opens a `kind` block with its name argument `arg_name` (`name`,
/// `block_type`), left out where the block's label (`key`) already says
/// it; the level of the block's contents.
pub(super) fn open_named(
    out: &mut String,
    kind: &str,
    key: Option<&str>,
    level: usize,
    arg_name: &str,
    name: &str,
) -> usize {
    open(out, kind, key, level);
    if key != Some(name) {
        arg(out, level + 1, arg_name, &json_string(name));
    }
    level + 1
}

/// `required = true` where `required`.
pub(super) fn required_arg(out: &mut String, level: usize, required: bool) {
    if required {
        arg(out, level, "required", "true");
    }
}

/// `description = "..."` where there is one.
pub(super) fn description_arg(out: &mut String, level: usize, description: Option<&str>) {
    if let Some(d) = description {
        let mut quoted = String::new();
        crate::syntax::native::write_quoted(&mut quoted, d);
        arg(out, level, "description", &quoted);
    }
}
