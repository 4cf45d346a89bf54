//! What the features say about the schema and values: a block spec's
//! labels and description, an attribute's, their hovers, values as
//! markdown.

use hcldecode::{Spec, Value};
use hcldecode_spec::spec::AttrSpec;
use lsp_types as lsp;

use super::body_spec::BodySpec;

/// How many labels blocks read by block spec `spec` have (a block map's
/// levels and the nested spec's `block_label`s).
pub(super) fn label_count(spec: &Spec) -> usize {
    spec.map_labels().len() + spec.nested().map_or(0, |n| n.label_names().len())
}

/// How a block spec reads its blocks, for completion details and hovers.
pub(super) fn block_description(spec: &Spec) -> String {
    let mut labels = spec.map_labels().to_vec();
    if let Some(n) = spec.nested() {
        labels.extend(n.label_names());
    }
    let mut out = spec.kind_name().to_string();
    if !labels.is_empty() {
        out.push_str(&format!(" (labels: {})", labels.join(", ")));
    }
    let required = match spec {
        Spec::Block(b) => b.required,
        Spec::BlockAttrs(b) => b.required,
        Spec::BlockList(b) | Spec::BlockSet(b) | Spec::BlockTuple(b) => b.min_items > 0,
        Spec::Object(_)
        | Spec::Tuple(_)
        | Spec::Attr(_)
        | Spec::Literal(_)
        | Spec::Expr(_)
        | Spec::BlockMap(_)
        | Spec::BlockObject(_)
        | Spec::BlockLabel(_)
        | Spec::Default(_)
        | Spec::Transform(_)
        | Spec::Validate(_) => false,
    };
    if required {
        out.push_str(", required");
    }
    out
}

pub(super) fn attr_description(a: &AttrSpec) -> String {
    format!("{}{}", a.ty, if a.required { ", required" } else { "" })
}

/// The hover text of attribute `n` of a body: its type and description.
pub(super) fn attr_hover(bs: &BodySpec<'_>, n: &str) -> String {
    match bs.attr(n) {
        Some(spec) => {
            let mut v = format!("**{n}**: `{}`", attr_description(spec));
            if let Some(d) = &spec.description {
                v.push_str("\n\n");
                v.push_str(d);
            }
            v
        }
        None => format!("**{n}**: not read by the schema"),
    }
}

/// The hover text of block type `n` of a body: how it is read, its
/// description, its body's type.
pub(super) fn block_hover(bs: &BodySpec<'_>, n: &str) -> String {
    match bs.block(n) {
        Some(spec) => {
            let mut v = format!("**{n}** block: `{}`", block_description(spec));
            if let Some(d) = spec.description() {
                v.push_str("\n\n");
                v.push_str(d);
            }
            if let Some(nested) = spec.nested() {
                v.push_str(&format!("\n\n```\n{}\n```", nested.implied_type()));
            }
            v
        }
        None => format!("**{n}** block: not read by the schema"),
    }
}

/// Attribute `name` of an object or map value (`v.name` as HCL reads it).
pub(super) fn attribute<'v>(v: &'v Value, name: &str) -> Option<&'v Value> {
    v.entries()?.find(|(k, _)| &***k == name).map(|(_, e)| e)
}

/// A value as markdown: its HCL expression in a code block (at most
/// [`MAX_VALUE_TEXT`] bytes of it), or its type where it has unknown
/// parts.
pub(super) fn value_markdown(v: &Value) -> String {
    match hcldecode::encode::expression(v) {
        Ok(mut text) => {
            if text.len() > MAX_VALUE_TEXT {
                let mut end = MAX_VALUE_TEXT;
                while !text.is_char_boundary(end) {
                    end -= 1;
                }
                text.truncate(end);
                text.push_str("\n...");
            }
            format!("```hcl\n{text}\n```")
        }
        Err(_) => format!("a value of type `{}`", v.ty().friendly_name()),
    }
}

/// The most bytes of a value's text shown in a hover or completion.
pub(super) const MAX_VALUE_TEXT: usize = 4000;

/// Markdown documentation.
pub(super) fn markdown(value: &str) -> lsp::Documentation {
    lsp::Documentation::MarkupContent(lsp::MarkupContent {
        kind: lsp::MarkupKind::Markdown,
        value: value.to_string(),
    })
}
