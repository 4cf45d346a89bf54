//! Printing a spec tree back as an hcldec spec file.

use std::fmt::Write;

use super::namespace::Namespace;
use super::{Hook, OptionalType, Spec, Transform};
use crate::json_text::json_string;
use crate::types::Type;

pub(super) fn to_spec_file(spec: &Spec) -> String {
    let mut out = String::new();
    spec.print(&mut out, None, 0);
    out
}

/// The namespaces' blocks, then the root spec, whose properties reading a
/// namespace's blocks have a comment saying what a spec file does with
/// them.
pub(super) fn to_spec_file_with_namespaces(spec: &Spec, namespaces: &[Namespace]) -> String {
    let mut out = String::new();
    for n in namespaces {
        out.push_str(&n.to_spec_file());
        out.push('\n');
    }
    write_root(&mut out, spec, &|s| namespace_note(s, namespaces));
    out
}

/// Writes the root spec, `note` giving the comment of an object property
/// (of the root object, also inside a `remain` hook).
fn write_root(out: &mut String, spec: &Spec, note: &dyn Fn(&Spec) -> Option<String>) {
    if let Spec::Object(o) = spec {
        o.print_noted(out, None, 0, note);
    } else if let Spec::Transform(t) = spec
        && Hook::of(t) == Some(Hook::Remain)
    {
        comment(out, 0, Hook::Remain.describe());
        write_root(out, &t.wrapped, note);
    } else {
        spec.print(out, None, 0);
    }
}

/// The comment of a property reading the blocks a namespace declares
/// names with.
fn namespace_note(spec: &Spec, namespaces: &[Namespace]) -> Option<String> {
    let block_type = read_block_type(spec)?;
    let n = namespaces.iter().find(|n| n.block_type == block_type)?;
    Some(format!(
        "{} blocks declare the names of namespace {} (the namespace\n\
         block above): a spec file reads them before the rest and leaves\n\
         them out of its result, so this is always empty here (typed\n\
         decoding also decodes them into this field).",
        json_string(block_type),
        json_string(&n.name)
    ))
}

/// The block type a property reads, through wrappers.
fn read_block_type(spec: &Spec) -> Option<&str> {
    spec.unwrapped().block_type_name()
}

/// Writes `text` as `#` comment lines.
pub(super) fn comment(out: &mut String, level: usize, text: &str) {
    for line in text.lines() {
        indent(out, level);
        if line.is_empty() {
            out.push_str("#\n");
        } else {
            let _ = writeln!(out, "# {line}");
        }
    }
}

/// Whether the type of `spec` as printed and loaded back has `any` in it:
/// what a spec file's `block_map` may not hold, and where blocks of a
/// collection (attributes of `block_attrs`) may differ in type. A
/// transform the printer writes as its wrapped spec has that spec's type;
/// a `result` expression is taken to give a known type (it loaded).
pub(super) fn reloads_with_dynamic(spec: &Spec) -> bool {
    reloaded_type(spec).has_dynamic_types()
}

fn reloaded_type(spec: &Spec) -> Type {
    spec.implied_type_from(&mut reloaded_type, &|t, wrapped| match &t.transform {
        Transform::Optional(o)
            if matches!(*t.wrapped, Spec::Attr(_))
                && OptionalType::type_expr(&o.ty, o.attrs.as_deref()).is_some() =>
        {
            o.ty.clone()
        }
        Transform::Expr { var_name, .. } if var_name == "nested" => Type::Bool,
        _ => wrapped,
    })
}

/// The comment of a block collection whose blocks' values may differ in
/// type (`what`: "blocks", "attributes"; `into`: what one value of them is).
pub(super) fn unification_note(out: &mut String, level: usize, what: &str, into: &str) {
    comment(
        out,
        level,
        &format!(
            "{what} whose values differ in type (an `any` in them): hcldec unifies\n\
             them into {into}, or reports that they do not unify; typed decoding\n\
             keeps each one's own type, as decoding with\n\
             DecodeOptions::keep_block_types does."
        ),
    );
}

/// Writes `spec` at `level` (for the kinds, which may not call the
/// registry above them directly).
pub(super) fn write_at(out: &mut String, spec: &Spec, level: usize) {
    spec.print(out, None, level);
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
    nested.print(out, None, level + 1);
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
