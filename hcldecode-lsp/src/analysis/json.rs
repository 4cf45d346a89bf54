//! JSON documents (`.hcl.json`, `.json`): the outline and the property
//! names of a body, read with the schema (a property naming a block type
//! of the body holds blocks: one object level per label, arrays of
//! bodies allowed at each level, as HCL's JSON syntax has them), and the
//! completion of attributes' values (their strings' templates read by
//! [`super::json_template`]).

use hcldecode::Spec;
use hcldecode_spec::source::Span;
use hcldecode_spec::syntax::json::{self, Document, Object, Value};
use lsp_types as lsp;

use super::body_spec::BodySpec;
use super::describe::{
    attr_description, attr_hover, block_description, block_hover, label_count, markdown,
};
use super::json_template::bodies;
use super::symbol::symbol;
use super::{items, json_template};
use crate::schema::Schema;
use hcldecode_spec::spec::AttrSpec;
// `Document` is the JSON syntax tree's here.
use crate::text::Document as Text;

/// A JSON document's tree (whatever parsed of it).
fn tree(name: &str, text: &str) -> json::File {
    let source = json::source_from_bytes(name, text.as_bytes().to_vec());
    json::parse(source).0
}

/// The outline of a JSON document: blocks (`service "api"`) with their
/// attributes and nested blocks, as the schema reads its properties.
pub(super) fn symbols(schema: &Schema, name: &str, text: &Text) -> Vec<lsp::DocumentSymbol> {
    let file = tree(name, text);
    let mut out = Vec::new();
    for obj in bodies(&file.doc, file.root) {
        out.extend(body_symbols(&file.doc, obj, &[schema.spec()], text));
    }
    out
}

fn body_symbols(
    doc: &Document,
    obj: Object,
    specs: &[&Spec],
    text: &Text,
) -> Vec<lsp::DocumentSymbol> {
    let bs = BodySpec::of(specs);
    let mut out = Vec::new();
    for p in obj.props(doc) {
        let key = p.key.value(doc);
        match bs.block(key) {
            Some(spec) => {
                let mut found = Vec::new();
                blocks(
                    doc,
                    p.value,
                    p.key.span,
                    label_count(spec),
                    &mut Vec::new(),
                    &mut found,
                );
                for (labels, sel, body) in found {
                    let mut title = key.to_string();
                    for l in &labels {
                        title.push_str(&format!(" {l:?}"));
                    }
                    let nested =
                        bs.nested_of(key, &labels.iter().map(String::as_str).collect::<Vec<_>>());
                    let whole = Span::between(sel, body.span);
                    out.push(symbol(
                        text,
                        title,
                        lsp::SymbolKind::STRUCT,
                        whole,
                        sel,
                        Some(body_symbols(doc, body, &nested, text)),
                    ));
                }
            }
            None => {
                out.push(symbol(
                    text,
                    key.to_string(),
                    lsp::SymbolKind::FIELD,
                    p.span(),
                    p.key.span,
                    None,
                ));
            }
        }
    }
    out
}

/// The blocks of a block-type property's value with `left` labels to
/// read: each as its labels, the span naming it (its last label's key, or
/// the type's) and its body object.
fn blocks(
    doc: &Document,
    v: Value,
    sel: Span,
    left: usize,
    labels: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, Span, Object)>,
) {
    match v {
        Value::Array(a) => {
            for item in a.items(doc) {
                blocks(doc, *item, sel, left, labels, out);
            }
        }
        Value::Object(o) if left == 0 => out.push((labels.clone(), sel, o)),
        Value::Object(o) => {
            for p in o.props(doc) {
                labels.push(p.key.value(doc).to_string());
                blocks(doc, p.value, p.key.span, left - 1, labels, out);
                labels.pop();
            }
        }
        _ => {}
    }
}

/// Whether byte `at` is strictly inside `span`.
fn inside(span: Span, at: u32) -> bool {
    span.start < at && at < span.end
}

/// The body object whose property names the cursor is among, and its
/// specs; `None` inside a value or a label level.
fn body_at<'s>(
    doc: &Document,
    obj: Object,
    specs: Vec<&'s Spec>,
    at: u32,
) -> Option<(Object, Vec<&'s Spec>)> {
    if !inside(obj.span, at) {
        return None;
    }
    let bs = BodySpec::of(&specs);
    for p in obj.props(doc) {
        if !(p.value.span().start < at && at <= p.value.span().end) {
            continue;
        }
        let key = p.key.value(doc);
        let spec = bs.block(key)?;
        return blocks_at(
            doc,
            p.value,
            &bs,
            key,
            label_count(spec),
            &mut Vec::new(),
            at,
        );
    }
    Some((obj, specs))
}

fn blocks_at<'s>(
    doc: &Document,
    v: Value,
    bs: &BodySpec<'s>,
    type_name: &str,
    left: usize,
    labels: &mut Vec<String>,
    at: u32,
) -> Option<(Object, Vec<&'s Spec>)> {
    match v {
        Value::Array(a) => {
            let item = a.items(doc).iter().find(|i| inside(i.span(), at))?;
            blocks_at(doc, *item, bs, type_name, left, labels, at)
        }
        Value::Object(o) if left == 0 => {
            let ls: Vec<&str> = labels.iter().map(String::as_str).collect();
            body_at(doc, o, bs.nested_of(type_name, &ls), at)
        }
        Value::Object(o) => {
            let p = o.props(doc).iter().find(|p| inside(p.value.span(), at))?;
            labels.push(p.key.value(doc).to_string());
            blocks_at(doc, p.value, bs, type_name, left - 1, labels, at)
        }
        _ => None,
    }
}

/// The property names the body at the cursor may take: its attributes
/// not yet set and its block types (single blocks not yet there), each
/// inserting `"name": `, or replacing the property name the cursor is in.
/// In an attribute's value: what [`value_completion`] gives.
pub(super) fn completion(
    schema: &Schema,
    name: &str,
    text: &Text,
    pos: lsp::Position,
    siblings: &[(String, String)],
) -> Vec<lsp::CompletionItem> {
    if let Some(v) = json_template::value_at(schema, name, text, text.offset(pos)) {
        return value_completion(schema, name, text, text.offset(pos), v, siblings);
    }
    let file = tree(name, text);
    let at = u32::try_from(text.offset(pos)).unwrap_or(u32::MAX);
    let Some(root) = file.root.as_object() else {
        return Vec::new();
    };
    let doc = &file.doc;
    let Some((obj, specs)) = body_at(doc, root, vec![schema.spec()], at) else {
        return Vec::new();
    };
    let in_key = obj
        .props(doc)
        .iter()
        .find(|p| p.key.span.start < at && at <= p.key.span.end)
        .map(|p| p.key.span);
    let present: Vec<&str> = obj
        .props(doc)
        .iter()
        .filter(|p| Some(p.key.span) != in_key)
        .map(|p| p.key.value(doc))
        .collect();
    let bs = BodySpec::of(&specs);
    let item = |label: &str, kind, detail: String, doc: Option<&str>| {
        let quoted = hcldecode_spec::json_text::json_string(label);
        let (insert_text, text_edit) = match in_key {
            Some(k) => (
                None,
                Some(lsp::CompletionTextEdit::Edit(lsp::TextEdit {
                    range: text.range(k.start as usize, k.end as usize),
                    new_text: quoted.clone(),
                })),
            ),
            None => (Some(format!("{quoted}: ")), None),
        };
        lsp::CompletionItem {
            label: label.to_string(),
            kind: Some(kind),
            detail: Some(detail),
            documentation: doc.map(markdown),
            filter_text: Some(quoted),
            insert_text,
            text_edit,
            ..lsp::CompletionItem::default()
        }
    };
    let mut out: Vec<lsp::CompletionItem> = Vec::new();
    for a in &bs.attrs {
        if present.contains(&a.name.as_str()) || out.iter().any(|i| i.label == a.name) {
            continue;
        }
        out.push(item(
            &a.name,
            lsp::CompletionItemKind::PROPERTY,
            attr_description(a),
            a.description.as_deref(),
        ));
    }
    for b in &bs.blocks {
        let Some(type_name) = b.block_type_name() else {
            continue;
        };
        let single = matches!(b, Spec::Block(_) | Spec::BlockAttrs(_));
        if (single && present.contains(&type_name)) || out.iter().any(|i| i.label == type_name) {
            continue;
        }
        out.push(item(
            type_name,
            lsp::CompletionItemKind::MODULE,
            block_description(b),
            b.description(),
        ));
    }
    out
}

/// The completions in an attribute's value at byte `at`: inside a
/// string's `${ ... }` (or `%{ ... }`), what the native syntax completes
/// in an expression (the names declared after `var.`, the attributes of
/// a variable after `name.`, else the variables and functions), over the
/// string's decoded text; at the attribute's whole value (a literal
/// string, a keyword or number, or no value yet), the values the
/// attribute allows, written as JSON, replacing that value.
fn value_completion(
    schema: &Schema,
    name: &str,
    text: &Text,
    at: usize,
    v: json_template::AttrValue<'_>,
    siblings: &[(String, String)],
) -> Vec<lsp::CompletionItem> {
    match v.at {
        json_template::ValueAt::String(t) => {
            if t.in_sequence(t.template_offset(at)) {
                let native = t.native();
                let n = t.native_offset(at);
                if let Some(items) = items::declared_items(schema, name, text, native, n, siblings)
                {
                    return items;
                }
                if let Some(items) = items::variable_attributes(schema, native, n) {
                    return items;
                }
                let mut out = items::variable_items(schema);
                out.extend(items::function_items(schema));
                return out;
            }
            match v.attr {
                Some(a) if v.whole && !t.has_sequences() => value_items(a, text, t.span, true),
                _ => Vec::new(),
            }
        }
        json_template::ValueAt::Bare(span) => match v.attr {
            Some(a) if v.whole => value_items(a, text, span, false),
            _ => Vec::new(),
        },
    }
}

/// The values attribute `a` allows where they are few and known (a typed
/// enum's names, `true` and `false`), as JSON (a name quoted, its `${`
/// and `%{` doubled as a template's literal text; `true` and `false`
/// bare), each replacing the value at `span` (a string, quotes included,
/// when `in_string`; else a keyword or number, or nothing yet).
fn value_items(a: &AttrSpec, text: &Text, span: Span, in_string: bool) -> Vec<lsp::CompletionItem> {
    let values: Vec<(String, String)> = match a.constraint.as_deref().and_then(items::one_of) {
        Some(names) => names
            .iter()
            .map(|n| {
                let literal = n.replace("${", "$${").replace("%{", "%%{");
                let quoted = hcldecode_spec::json_text::json_string(&literal);
                let filter = if in_string { quoted.clone() } else { n.clone() };
                (quoted, filter)
            })
            .collect(),
        None if a.ty == hcldecode::Type::Bool => ["true", "false"]
            .into_iter()
            .map(|v| {
                let filter = if in_string {
                    format!("\"{v}\"")
                } else {
                    v.to_string()
                };
                (v.to_string(), filter)
            })
            .collect(),
        None => return Vec::new(),
    };
    let range = text.range(span.start as usize, span.end as usize);
    values
        .into_iter()
        .map(|(v, filter)| lsp::CompletionItem {
            label: v.clone(),
            kind: Some(lsp::CompletionItemKind::ENUM_MEMBER),
            detail: Some(format!("a value of {}", a.name)),
            filter_text: Some(filter),
            text_edit: Some(lsp::CompletionTextEdit::Edit(lsp::TextEdit {
                range,
                new_text: v,
            })),
            ..lsp::CompletionItem::default()
        })
        .collect()
}

/// The hover of a property name of a body (as [`super::hover`] gives an
/// attribute's or block type's in native syntax): its text and the name's
/// span.
pub(super) fn hover(
    schema: &Schema,
    name: &str,
    text: &Text,
    pos: lsp::Position,
) -> Option<(String, Span)> {
    let file = tree(name, text);
    let at = u32::try_from(text.offset(pos)).ok()?;
    let doc = &file.doc;
    let (obj, specs) = body_at(doc, file.root.as_object()?, vec![schema.spec()], at)?;
    let p = obj
        .props(doc)
        .iter()
        .find(|p| p.key.span.start < at && at < p.key.span.end)?;
    let key = p.key.value(doc);
    let bs = BodySpec::of(&specs);
    let value = if bs.block(key).is_some() {
        block_hover(&bs, key)
    } else {
        attr_hover(&bs, key)
    };
    Some((value, p.key.span))
}
