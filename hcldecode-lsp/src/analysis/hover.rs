//! Hover (`textDocument/hover`).

use hcldecode_spec::source::Span;
use hcldecode_spec::syntax::native::ast;
use lsp_types as lsp;

use super::body_spec::BodySpec;
use super::describe::{attr_hover, block_hover, value_markdown};
use super::syntax::{identifier_at, native_tree};
use super::traversal::{reference_at, resolve};
use super::{json, json_template};
use crate::schema::Schema;
use crate::text::Document;

/// The hover at `pos`: an attribute's type and description, a block's
/// kind, labels, body type and description, a function's signature and
/// description, a variable's value (or the part of it a traversal such as
/// `net.cidr` reaches, up to the name under the cursor) written as HCL.
/// In a JSON document: a body's property names, and inside a `${ ... }`
/// of a string in an attribute's value what the native syntax hovers
/// there (functions, declared names, variable references).
///
/// ```
/// use hcldecode::HclDecode;
/// #[derive(HclDecode)]
/// struct Config {
///     port: Option<u16>,
/// }
/// let schema = hcldecode_lsp::Schema::of::<Config>();
/// let h = hcldecode_lsp::analysis::hover(&schema, "a.hcl", &"port = 80\n".into(), lsp_types::Position::new(0, 1)).unwrap();
/// let lsp_types::HoverContents::Markup(m) = h.contents else { panic!() };
/// assert_eq!(m.value, "**port**: `number`");
/// ```
pub fn hover(
    schema: &Schema,
    name: &str,
    text: &Document,
    pos: lsp::Position,
) -> Option<lsp::Hover> {
    hover_with(schema, name, text, pos, &[])
}

/// [`hover`] in a document whose configuration has other files
/// (`siblings`: URI and text each): a name declared in one of them is
/// shown with its declaration there.
///
/// ```
/// use hcldecode::namespaces::Variable;
/// #[derive(hcldecode::HclDecode)]
/// struct C { #[hcl(block, variables = "var")] variable: Vec<Variable>, name: Option<String> }
/// let schema = hcldecode_lsp::Schema::of::<C>();
/// let vars = [("file:///m/v.hcl".to_string(), "variable \"zone\" {\n  default = \"eu\"\n}\n".to_string())];
/// let h = hcldecode_lsp::analysis::hover_with(&schema, "file:///m/main.hcl", &"name = var.zone\n".into(), lsp_types::Position::new(0, 12), &vars).unwrap();
/// let lsp_types::HoverContents::Markup(m) = h.contents else { panic!() };
/// assert_eq!(m.value, "**var.zone**: `any`\n\nDefault: `\"eu\"`\n\nValue: `\"eu\"`\n\nDeclared at line 1 of v.hcl.");
/// ```
pub fn hover_with(
    schema: &Schema,
    name: &str,
    text: &Document,
    pos: lsp::Position,
    siblings: &[(String, String)],
) -> Option<lsp::Hover> {
    let Some(tree) = native_tree(name, text) else {
        if let Some(h) = json_template_hover(schema, name, text, pos, siblings) {
            return Some(h);
        }
        let (value, span) = json::hover(schema, name, text, pos)?;
        return Some(markdown_hover(text, value, span));
    };
    let at = text.offset(pos);
    let src = &tree.source;
    let contains = |s: Span| (s.start as usize) <= at && at <= s.end as usize;
    let markdown = |value: String, span: Span| markdown_hover(text, value, span);
    // Walk down to the innermost body, looking at names on the way.
    let mut body: &ast::Body = &tree.body;
    let mut specs = vec![schema.spec()];
    loop {
        let bs = BodySpec::of(&specs);
        for a in body.attributes.iter() {
            if contains(a.name) {
                let n = src.text(a.name);
                return Some(markdown(attr_hover(&bs, n), a.name));
            }
        }
        let mut next = None;
        for b in body.blocks.iter() {
            if contains(b.type_name) {
                let n = src.text(b.type_name);
                return Some(markdown(block_hover(&bs, n), b.type_name));
            }
            if b.open_brace.end as usize <= at && at <= b.close_brace.start as usize {
                next = Some(b);
            }
        }
        match next {
            Some(b) => {
                specs = bs.nested(src, b);
                body = &b.body;
            }
            None => break,
        }
    }
    // A function name: an identifier followed by `(`.
    let (start, end) = identifier_at(text, at)?;
    if !text[end..].trim_start().starts_with('(') {
        let (value, span) = declared_hover(schema, name, text, text, (start, end), siblings)
            .or_else(|| variable_hover(schema, text, start, end))?;
        return Some(markdown(value, span));
    }
    let (value, span) = function_hover(schema, text, start, end)?;
    Some(markdown(value, span))
}

/// The hover of function name `start..end` of `text`: its signature and
/// description.
fn function_hover(schema: &Schema, text: &str, start: usize, end: usize) -> Option<(String, Span)> {
    let f = text.get(start..end)?;
    let sig = schema.function_signature(f)?;
    let mut value = format!("```\n{sig}\n```");
    if let Some(d) = schema.function_description(f).filter(|d| !d.is_empty()) {
        value.push_str("\n\n");
        value.push_str(&d);
    }
    Some((
        value,
        Span {
            start: u32::try_from(start).ok()?,
            end: u32::try_from(end).ok()?,
        },
    ))
}

/// The hover inside a `${ ... }` of a string in an attribute's value of
/// JSON document `text`, as the native syntax hovers an expression, over
/// the string's decoded text: a function name's signature and
/// description, a declared name's declaration (`var.zone`), a variable
/// reference's value (`net.cidr`); the range mapped back to the
/// document's bytes (escapes included).
fn json_template_hover(
    schema: &Schema,
    name: &str,
    text: &Document,
    pos: lsp::Position,
    siblings: &[(String, String)],
) -> Option<lsp::Hover> {
    let (t, n) = json_template::interpolation_at(schema, name, text, text.offset(pos))?;
    let native = t.native();
    let (start, end) = identifier_at(native, n)?;
    let (value, span) = if native[end..].trim_start().starts_with('(') {
        function_hover(schema, native, start, end)?
    } else {
        declared_hover(schema, name, text, native, (start, end), siblings)
            .or_else(|| variable_hover(schema, native, start, end))?
    };
    let span = Span {
        start: u32::try_from(t.document_offset_of_native(span.start as usize)).ok()?,
        end: u32::try_from(t.document_offset_of_native(span.end as usize)).ok()?,
    };
    Some(markdown_hover(text, value, span))
}

/// The hover of a declared name (`var.zone`, `local.prefix`) whose step
/// is at `start..end` of `refs` (the document's text, or a JSON string's
/// template): the declaration's type, description, default and value, or
/// the local's expression and value, from document `text` and the other
/// files of its configuration.
fn declared_hover(
    schema: &Schema,
    name: &str,
    text: &Document,
    refs: &str,
    (start, end): (usize, usize),
    siblings: &[(String, String)],
) -> Option<(String, Span)> {
    let (root, steps, root_start) = reference_at(refs, start)?;
    let [super::traversal::Step::Name(n)] = steps.as_slice() else {
        return None;
    };
    let value = super::references::declaration_hover(schema, name, text, siblings, &root, n)?;
    Some((
        value,
        Span {
            start: u32::try_from(root_start).ok()?,
            end: u32::try_from(end).ok()?,
        },
    ))
}

/// The hover of a variable reference whose name or attribute step is at
/// `start..end` (`region`, `net.cidr`, `zones[1].name`): the traversal up
/// to that step and its value.
fn variable_hover(schema: &Schema, text: &str, start: usize, end: usize) -> Option<(String, Span)> {
    // A name in the syntax (not text in a string or comment), and the
    // steps before it back to the variable.
    let (root, steps, root_start) = reference_at(text, start)?;
    let v = resolve(schema.variable_value(&root)?, &steps)?;
    let path = text.get(root_start..end)?;
    let value = format!(
        "**{path}**: `{}`\n\n{}",
        v.ty().friendly_name(),
        value_markdown(v)
    );
    Some((
        value,
        Span {
            start: u32::try_from(root_start).ok()?,
            end: u32::try_from(end).ok()?,
        },
    ))
}

/// A markdown hover over `span` of `text`.
fn markdown_hover(text: &Document, value: String, span: Span) -> lsp::Hover {
    lsp::Hover {
        contents: lsp::HoverContents::Markup(lsp::MarkupContent {
            kind: lsp::MarkupKind::Markdown,
            value,
        }),
        range: Some(text.range(span.start as usize, span.end as usize)),
    }
}
