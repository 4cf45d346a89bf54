//! Completion items an expression offers in either syntax (a native
//! document's, a JSON string's `${...}`): the declared names after `var.`,
//! the variables and their attributes, the functions, the values a
//! constraint names. `complete` and `json` both build on them.

use hcldecode::Value;
use hcldecode_spec::spec::ValueConstraint;
use hcldecode_spec::syntax::native::token::Token;
use lsp_types as lsp;

use super::describe::{markdown, value_markdown};
use super::syntax::tokens;
use super::traversal::{for_collection, resolve, traversal_before};
use crate::schema::Schema;
use crate::text::Document;

/// The strings a constraint allows, where it names them.
pub(super) fn one_of(c: &ValueConstraint) -> Option<&[String]> {
    match c {
        ValueConstraint::OneOf(names) => Some(names),
        ValueConstraint::NonNull(inner) => one_of(inner),
        _ => None,
    }
}

/// After `var.` (a namespace the schema declares, then what is typed of
/// the name) at offset `at` of `refs` (the document's text, or a JSON
/// string's template): the names the document `text` and its
/// configuration's other files declare in it, with their types and
/// descriptions.
pub(super) fn declared_items(
    schema: &Schema,
    name: &str,
    text: &Document,
    refs: &str,
    at: usize,
    siblings: &[(String, String)],
) -> Option<Vec<lsp::CompletionItem>> {
    let toks = tokens(refs);
    let (root, steps) = traversal_before(refs, &toks, at)?;
    if !steps.is_empty() {
        return None;
    }
    let names = super::references::declared_names(schema, name, text, siblings, &root)?;
    Some(
        names
            .into_iter()
            .map(|(label, detail, doc)| lsp::CompletionItem {
                label,
                kind: Some(lsp::CompletionItemKind::VARIABLE),
                detail: Some(detail),
                documentation: Some(markdown(&doc)),
                ..lsp::CompletionItem::default()
            })
            .collect(),
    )
}

/// The variables, with their types and values, and the namespaces the
/// schema declares (`var`, `local`).
pub(super) fn variable_items(schema: &Schema) -> Vec<lsp::CompletionItem> {
    let namespaces = schema.namespaces().iter().map(|n| lsp::CompletionItem {
        label: n.name.clone(),
        kind: Some(lsp::CompletionItemKind::MODULE),
        detail: Some(format!(
            "{} declared in {} blocks",
            n.kind.name(),
            n.block_type
        )),
        ..lsp::CompletionItem::default()
    });
    schema
        .variable_names()
        .into_iter()
        .filter_map(|n| {
            let v = schema.variable_value(&n)?;
            Some(lsp::CompletionItem {
                label: n,
                kind: Some(lsp::CompletionItemKind::VARIABLE),
                detail: Some(v.ty().friendly_name()),
                documentation: Some(markdown(&value_markdown(v))),
                ..lsp::CompletionItem::default()
            })
        })
        .chain(namespaces)
        .collect()
}

/// The functions, with their signatures and descriptions.
pub(super) fn function_items(schema: &Schema) -> Vec<lsp::CompletionItem> {
    schema
        .function_names()
        .into_iter()
        .map(|n| lsp::CompletionItem {
            label: n.clone(),
            kind: Some(lsp::CompletionItemKind::FUNCTION),
            detail: schema.function_signature(&n),
            documentation: schema
                .function_description(&n)
                .filter(|d| !d.is_empty())
                .map(|d| markdown(&d)),
            ..lsp::CompletionItem::default()
        })
        .collect()
}

/// After `name.attr.`, `name["key"].` or `name[0].` (a variable, or a
/// `for` iterator over a part of one, then attribute and index steps,
/// then what is typed of the next): the attributes of that part of the
/// value (an object's or a map's keys that are identifiers; of every
/// element an iterator takes). `None` when the cursor is not after such
/// a traversal.
pub(super) fn variable_attributes(
    schema: &Schema,
    text: &str,
    at: usize,
) -> Option<Vec<lsp::CompletionItem>> {
    let toks = tokens(text);
    let (root, steps) = traversal_before(text, &toks, at)?;
    let values: Vec<&Value> = match schema.variable_value(&root) {
        Some(v) => vec![v],
        None => iterator_values(schema, text, &toks, at, &root)?,
    };
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    for v in values {
        let Some(entries) = resolve(v, &steps).and_then(Value::entries) else {
            continue;
        };
        for (k, e) in entries {
            if !hcldecode_spec::syntax::native::is_valid_identifier(k) || !seen.insert(k.clone()) {
                continue;
            }
            out.push(lsp::CompletionItem {
                label: k.to_string(),
                kind: Some(lsp::CompletionItemKind::FIELD),
                detail: Some(e.ty().friendly_name()),
                documentation: Some(markdown(&value_markdown(e))),
                ..lsp::CompletionItem::default()
            });
        }
    }
    (!out.is_empty()).then_some(out)
}

/// The values `name` takes where it is the value iterator of a `for`
/// expression around the cursor over (a part of) a variable: the
/// elements of a list, set or tuple, the values of a map or object.
pub(super) fn iterator_values<'s>(
    schema: &'s Schema,
    text: &str,
    toks: &[Token],
    at: usize,
    name: &str,
) -> Option<Vec<&'s Value>> {
    let (root, steps) = for_collection(text, toks, at, name)?;
    let coll = resolve(schema.variable_value(&root)?, &steps)?;
    match coll.elements() {
        Some(elems) => Some(elems.iter().collect()),
        None => Some(coll.entries()?.map(|(_, v)| v).collect()),
    }
}
