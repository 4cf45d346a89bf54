//! JSON bodies: a port of hcl/v2/json/structure.go (see the module
//! header of `syntax::body` for the rules).

use std::collections::HashSet;
use std::sync::Arc;

use super::reports::{NOT_FOUND, report_missing_required};
use super::{Attribute, Block, BlockLabel, BodyRef, BodySchema, Content, MissingItem};
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::source::Span;
use crate::syntax::expr::ExprRef;
use crate::syntax::json::{self, Document, Property};
use crate::syntax::suggest::did_you_mean;

/// The properties of a JSON body value (`collectDeepAttrs` without its
/// diagnostics): an object's, or those of each object in an array, in
/// order.
pub(super) fn json_props(doc: &Document, v: json::Value) -> impl Iterator<Item = &Property> {
    let (props, items): (&[Property], &[json::Value]) = match v {
        json::Value::Object(o) => (o.props(doc), &[]),
        json::Value::Array(a) => (&[], a.items(doc)),
        _ => (&[], &[]),
    };
    props.iter().chain(
        items
            .iter()
            .filter_map(|i| i.as_object())
            .flat_map(move |o| o.props(doc)),
    )
}

/// The diagnostics of `collectDeepAttrs`: a body (or a level of block
/// labels, `label`) must be an object, an array of objects, or null.
pub(super) fn json_shape_diags(
    doc: &Document,
    v: json::Value,
    label: Option<&str>,
    diags: &mut Diagnostics,
) {
    let wrong = |at: json::Value, detail: String| {
        Diagnostic::error("Incorrect JSON value type", detail)
            .with_subject(doc.range(at.start_span()))
    };
    match v {
        json::Value::Null(_) | json::Value::Object(_) => {}
        json::Value::Array(a) => {
            for &item in a.items(doc) {
                if item.as_object().is_some() {
                    continue;
                }
                diags.push(wrong(
                    item,
                    match label {
                        Some(l) => format!(
                            "A JSON object is required here, to specify {l} labels for this block."
                        ),
                        None => "A JSON object is required here, to define arguments and child blocks.".into(),
                    },
                ));
            }
        }
        _ => diags.push(wrong(
            v,
            match label {
                Some(l) => format!(
                    "Either a JSON object or JSON array of objects is required here, to specify {l} labels for this block."
                ),
                None => "Either a JSON object or JSON array of objects is required here, to define arguments and child blocks.".into(),
            },
        )),
    }
}

/// `body.MissingItemRange` of a JSON body.
pub(super) fn json_missing_item(doc: &Arc<Document>, v: json::Value) -> MissingItem<'_> {
    let span = match v {
        json::Value::Object(o) => o.close(),
        json::Value::Array(a) => a.open(),
        other => other.start_span(),
    };
    MissingItem {
        file: Some(doc.source()),
        span,
    }
}

pub(super) fn json_attr<'a>(doc: &'a Arc<Document>, p: &'a Property) -> Attribute<'a> {
    Attribute {
        name: p.key.value(doc),
        expr: ExprRef::Json {
            doc,
            value: p.value,
        },
        file: doc.source(),
        name_span: p.key.span,
        span: p.span(),
    }
}

/// json `body.PartialContent`.
pub(super) fn json_partial<'a>(
    doc: &'a Arc<Document>,
    val: json::Value,
    hidden: Option<&HashSet<String>>,
    schema: &BodySchema,
    diags: &mut Diagnostics,
) -> Content<'a> {
    json_shape_diags(doc, val, None, diags);
    let missing = json_missing_item(doc, val);
    let mut attributes: Vec<Option<Attribute<'a>>> = vec![None; schema.attributes.len()];
    let mut blocks = Vec::new();
    let mut labels = Vec::new();
    for p in json_props(doc, val) {
        let name = p.key.value(doc);
        if hidden.is_some_and(|h| h.contains(name)) {
            continue;
        }
        if let Some(i) = schema.attr_index(name) {
            if let Some(existing) = &attributes[i] {
                diags.push(
                    Diagnostic::error(
                        "Duplicate argument",
                        format!(
                            "The argument {name:?} was already set at {}.",
                            existing.range()
                        ),
                    )
                    .with_code(Code::DuplicateArgument)
                    .with_subject(doc.range(p.key.span))
                    .with_context(doc.range(p.span())),
                );
                continue;
            }
            attributes[i] = Some(json_attr(doc, p));
        } else if let Some(block_s) = schema.block_schema(name) {
            labels.clear();
            json_unpack_block(
                doc,
                p.value,
                name,
                p.key.span,
                &block_s.label_names,
                &mut labels,
                &mut blocks,
                diags,
            );
        }
    }
    report_missing_required(schema, &attributes, &missing, NOT_FOUND, diags);
    Content {
        attributes,
        blocks,
        missing_item: missing,
    }
}

/// json `body.unpackBlock`: one object level per label, then the block
/// body: an object (one block), an array (one block per element) or null
/// (no block).
#[allow(clippy::too_many_arguments)]
pub(super) fn json_unpack_block<'a>(
    doc: &'a Arc<Document>,
    v: json::Value,
    type_name: &'a str,
    type_span: Span,
    labels_left: &[String],
    labels: &mut Vec<BlockLabel<'a>>,
    blocks: &mut Vec<Block<'a>>,
    diags: &mut Diagnostics,
) {
    let file = doc.source();
    if let Some((label_name, rest)) = labels_left.split_first() {
        json_shape_diags(doc, v, Some(label_name), diags);
        let mut any = false;
        for p in json_props(doc, v) {
            any = true;
            labels.push(BlockLabel {
                value: p.key.value(doc),
                span: p.key.span,
                file,
            });
            json_unpack_block(
                doc, p.value, type_name, type_span, rest, labels, blocks, diags,
            );
            labels.pop();
        }
        if !any {
            diags.push(
                Diagnostic::error(
                    "Missing block label",
                    format!(
                        "At least one object property is required, whose name represents the {type_name} block's {label_name}."
                    ),
                )
                .with_code(Code::MissingBlockLabel)
                .with_subject(doc.range(v.start_span())),
            );
        }
        return;
    }
    let block = |val: json::Value, def_span: Span| Block {
        type_name,
        labels: labels.clone(),
        body: BodyRef::Json { doc, val },
        file,
        type_span,
        def_span,
        open_brace_span: def_span,
        scope: None,
    };
    match v {
        json::Value::Null(_) => {}
        json::Value::Object(o) => blocks.push(block(v, o.open())),
        json::Value::Array(a) => {
            for &item in a.items(doc) {
                blocks.push(block(item, a.open()));
            }
        }
        other => diags.push(
            Diagnostic::error(
                "Incorrect JSON value type",
                format!(
                    "Either a JSON object or a JSON array is required, representing the contents of one or more {type_name:?} blocks."
                ),
            )
            .with_subject(doc.range(other.start_span())),
        ),
    }
}

/// json `body.Content`: partial content, then an error for each property
/// that is neither an attribute nor a block type of the schema (`"//"`
/// properties are comments). As in the reference, the shape of the body
/// is checked twice, so such errors are reported twice.
pub(super) fn json_content<'a>(
    doc: &'a Arc<Document>,
    val: json::Value,
    hidden: Option<&HashSet<String>>,
    schema: &BodySchema,
    diags: &mut Diagnostics,
) -> Content<'a> {
    let content = json_partial(doc, val, hidden, schema, diags);
    json_shape_diags(doc, val, None, diags);
    let is_hidden = |name: &str| hidden.is_some_and(|h| h.contains(name));
    for p in json_props(doc, val) {
        let name = p.key.value(doc);
        if name == "//"
            || is_hidden(name)
            || schema.attr_index(name).is_some()
            || schema.block_schema(name).is_some()
        {
            continue;
        }
        // Attributes not used yet, then every block type.
        let candidates = schema
            .attributes
            .iter()
            .zip(&content.attributes)
            .filter(|(s, found)| found.is_none() && !is_hidden(&s.name))
            .map(|(s, _)| s.name.as_str())
            .chain(schema.blocks.iter().map(|b| b.type_name.as_str()));
        let suggestion = did_you_mean(name, candidates).unwrap_or_default();
        diags.push(
            Diagnostic::error(
                "Extraneous JSON object property",
                format!("No argument or block type is named {name:?}.{suggestion}"),
            )
            .with_code(Code::ExtraneousJsonProperty)
            .with_subject(doc.range(p.key.span))
            .with_context(doc.range(p.span())),
        );
    }
    content
}

/// json `body.JustAttributes`: every property of the object (not an
/// array) is an attribute.
pub(super) fn json_just_attributes<'a>(
    doc: &'a Arc<Document>,
    val: json::Value,
    hidden: Option<&HashSet<String>>,
    diags: &mut Diagnostics,
) -> Vec<Attribute<'a>> {
    let Some(obj) = val.as_object() else {
        diags.push(
            Diagnostic::error(
                "Incorrect JSON value type",
                "A JSON object is required here, setting the arguments for this block.",
            )
            .with_subject(doc.range(val.start_span())),
        );
        return Vec::new();
    };
    let props = obj.props(doc);
    let mut out: Vec<Attribute<'a>> = Vec::with_capacity(props.len());
    let mut seen: crate::name_map::NameMap<&'a str, usize> =
        crate::name_map::NameMap::with_capacity_and_hasher(props.len(), Default::default());
    for p in props {
        let name = p.key.value(doc);
        if name == "//" || hidden.is_some_and(|h| h.contains(name)) {
            continue;
        }
        if let Some(&i) = seen.get(name) {
            diags.push(
                Diagnostic::error(
                    "Duplicate attribute definition",
                    format!(
                        "The argument {name:?} was already set at {}.",
                        out[i].range()
                    ),
                )
                .with_subject(doc.range(p.key.span)),
            );
            continue;
        }
        seen.insert(name, out.len());
        out.push(json_attr(doc, p));
    }
    out
}
