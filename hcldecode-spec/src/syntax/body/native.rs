//! Native-syntax bodies: `hclsyntax.Body`'s `Content`, `PartialContent`
//! and `JustAttributes`, with its diagnostics.

use std::sync::Arc;

use super::names::same_name;
use super::reports::{NOT_FOUND, report_missing_required};
use super::{
    Attribute, AttributeSchema, Block, BlockLabel, Body, BodyRef, BodySchema, Content, Hidden,
    MissingItem, NativeItem, Repr,
};
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::source::{SourceFile, Span};
use crate::syntax::expr::{ExprRef, NativeExprRef};
use crate::syntax::native::ast;
use crate::syntax::suggest::name_suggestion;

/// What remains of a native body after `content` was taken with `schema`:
/// the attributes found and every block type of the schema are hidden.
pub(super) fn native_remain(
    file: &Arc<SourceFile>,
    body: &Arc<ast::Body>,
    hidden: Option<&Hidden>,
    schema: &BodySchema,
    content: &Content<'_>,
) -> Body {
    let mut h = hidden.cloned().unwrap_or_default();
    for a in &schema.attributes {
        if content.attribute(schema, &a.name).is_some() {
            h.attrs.insert(a.name.clone());
        }
    }
    for b in &schema.blocks {
        h.blocks.insert(b.type_name.clone());
    }
    Body(
        Repr::Native {
            file: file.clone(),
            body: body.clone(),
            hidden: Some(Arc::new(h)),
        },
        None,
    )
}

pub(super) fn native_block<'a>(file: &'a Arc<SourceFile>, b: &'a ast::Block) -> Block<'a> {
    Block {
        type_name: file.text(b.type_name),
        labels: b
            .labels
            .iter()
            .map(|l| BlockLabel {
                value: l.value.get(file),
                span: l.span,
                file,
            })
            .collect(),
        body: BodyRef::Native {
            file,
            body: &b.body,
        },
        file,
        type_span: b.type_name,
        def_span: b.def_span(),
        open_brace_span: b.open_brace,
        scope: None,
    }
}

/// Attribute `index` of `body` (in range).
pub(super) fn native_attr<'a>(
    file: &'a Arc<SourceFile>,
    body: &'a Arc<ast::Body>,
    index: usize,
) -> Attribute<'a> {
    let a = &body.attributes[index];
    let expr = NativeExprRef::attribute(body, index).expect("attribute index in range");
    Attribute {
        name: file.text(a.name),
        expr: ExprRef::Native { file, expr },
        file,
        name_span: a.name,
        span: a.span(),
    }
}

/// hclsyntax `Body.PartialContent`, adding to `leftover` the positions
/// of the body's attributes that no schema attribute names (hidden ones
/// aside).
pub(super) fn native_partial<'a>(
    file: &'a Arc<SourceFile>,
    body: &'a Arc<ast::Body>,
    hidden: Option<&Hidden>,
    schema: &BodySchema,
    diags: &mut Diagnostics,
    mut leftover: Option<&mut Vec<usize>>,
) -> Content<'a> {
    let missing = MissingItem {
        file: Some(file),
        span: body.missing_item_span(),
    };
    let mut attributes: Vec<Option<Attribute<'a>>> = Vec::with_capacity(schema.attributes.len());
    attributes.resize_with(schema.attributes.len(), || None);
    // One pass over the body's attributes, each read once (the schema's
    // names are few and stay in cache): every schema slot of a name gets
    // the first attribute of that name.
    for (i, a) in body.attributes.iter().enumerate() {
        let name = file.text(a.name);
        if hidden.is_some_and(|h| h.attrs.contains(name)) {
            continue;
        }
        let mut named = false;
        for (slot, s) in attributes.iter_mut().zip(&schema.attributes) {
            if same_name(&s.name, name) {
                named = true;
                if slot.is_none() {
                    *slot = Some(native_attr(file, body, i));
                }
            }
        }
        if !named && let Some(l) = leftover.as_deref_mut() {
            l.push(i);
        }
    }
    report_missing_required(schema, &attributes, &missing, NOT_FOUND, diags);

    let mut blocks = Vec::with_capacity(body.blocks.len());
    for b in &body.blocks {
        let type_name = file.text(b.type_name);
        if hidden.is_some_and(|h| h.blocks.contains(type_name)) {
            continue;
        }
        let Some(block_s) = schema.block_schema(type_name) else {
            continue;
        };
        let want = block_s.label_names.len();
        let context = || file.range(Span::between(b.type_name, b.open_brace));
        if b.labels.len() > want {
            let detail = if want == 0 {
                format!("No labels are expected for {type_name} blocks.")
            } else {
                format!(
                    "Only {want} labels ({}) are expected for {type_name} blocks.",
                    block_s.label_names.join(", ")
                )
            };
            diags.push(
                Diagnostic::error(format!("Extraneous label for {type_name}"), detail)
                    .with_code(Code::ExtraneousLabel)
                    .with_subject(file.range(b.labels[want].span))
                    .with_context(context()),
            );
            continue;
        }
        if b.labels.len() < want {
            diags.push(
                Diagnostic::error(
                    format!(
                        "Missing {} for {type_name}",
                        block_s.label_names[b.labels.len()]
                    ),
                    format!(
                        "All {type_name} blocks must have {want} labels ({}).",
                        block_s.label_names.join(", ")
                    ),
                )
                .with_code(Code::MissingBlockLabel)
                .with_subject(file.range(b.open_brace))
                .with_context(context()),
            );
            continue;
        }
        blocks.push(native_block(file, b));
    }

    Content {
        attributes,
        blocks,
        missing_item: missing,
    }
}

/// A native-syntax body whose [`content`](BodyRef::content) with a schema
/// reports nothing, read straight from its syntax tree: what typed
/// decoding's fast path reads, without building the content (whose slot
/// and block vectors, one pair per body, cost more than the reads).
/// Made by [`BodyRef::native_view`].
#[derive(Clone, Copy, Debug)]
pub struct NativeView<'a> {
    file: &'a Arc<SourceFile>,
    body: &'a Arc<ast::Body>,
    /// For each schema attribute, the index of its attribute in the body
    /// (`NO_SLOT` where absent).
    slots: [u16; NativeView::MAX_ATTRIBUTES],
}

const NO_SLOT: u16 = u16::MAX;

impl<'a> NativeView<'a> {
    /// The most schema attributes a view holds the places of (bodies of
    /// larger schemas are read through their content).
    pub const MAX_ATTRIBUTES: usize = 32;

    /// The view of `body` when its content with `schema` has no
    /// diagnostics: every attribute and block type is in the schema, every
    /// block has the labels its type asks for, and every required
    /// attribute is present.
    pub(super) fn new(
        file: &'a Arc<SourceFile>,
        body: &'a Arc<ast::Body>,
        schema: &BodySchema,
    ) -> Option<NativeView<'a>> {
        if schema.attributes.len() > Self::MAX_ATTRIBUTES
            || body.attributes.len() >= usize::from(NO_SLOT)
        {
            return None;
        }
        let mut slots = [NO_SLOT; Self::MAX_ATTRIBUTES];
        for (i, a) in body.attributes.iter().enumerate() {
            // Names are unique in a body: the parser keeps the first of
            // repeated ones. A schema naming an attribute twice gives both
            // slots the attribute, as content does.
            let name = file.text(a.name);
            let mut named = false;
            for (slot, s) in slots.iter_mut().zip(&schema.attributes) {
                if same_name(&s.name, name) {
                    *slot = i as u16;
                    named = true;
                }
            }
            if !named {
                return None;
            }
        }
        for b in body.blocks.iter() {
            let s = schema.block_schema(file.text(b.type_name))?;
            if b.labels.len() != s.label_names.len() {
                return None;
            }
        }
        let missing = |(s, slot): (&AttributeSchema, &u16)| s.required && *slot == NO_SLOT;
        if schema.attributes.iter().zip(&slots).any(missing) {
            return None;
        }
        Some(NativeView { file, body, slots })
    }

    /// The attribute of schema attribute `index` (its position in the
    /// schema the view was made with), if the body has it.
    pub fn attribute(self, index: usize) -> Option<Attribute<'a>> {
        match self.slots.get(index) {
            Some(&i) if i != NO_SLOT => Some(native_attr(self.file, self.body, usize::from(i))),
            _ => None,
        }
    }

    /// The blocks of type `type_name`, in source order.
    pub fn blocks(self, type_name: &str) -> impl Iterator<Item = Block<'a>> {
        let file = self.file;
        self.body
            .blocks
            .iter()
            .filter(move |b| same_name(file.text(b.type_name), type_name))
            .map(move |b| native_block(file, b))
    }

    /// How many blocks of type `type_name` there are.
    pub fn count_blocks(self, type_name: &str) -> usize {
        let file = self.file;
        let named = |b: &&ast::Block| same_name(file.text(b.type_name), type_name);
        self.body.blocks.iter().filter(named).count()
    }

    /// The content with `schema` (the one the view was made with): what
    /// [`BodyRef::content`] gives, without diagnostics.
    pub fn content(self, schema: &BodySchema) -> Content<'a> {
        native_content(self.file, self.body, None, schema, &mut Diagnostics::new())
    }
}

/// hclsyntax `Body.Content`: partial content plus errors for everything
/// left over. Leftover attributes are reported in source order (the
/// reference's order is random).
pub(super) fn native_content<'a>(
    file: &'a Arc<SourceFile>,
    body: &'a Arc<ast::Body>,
    hidden: Option<&Hidden>,
    schema: &BodySchema,
    diags: &mut Diagnostics,
) -> Content<'a> {
    let mut leftover = Vec::new();
    let content = native_partial(file, body, hidden, schema, diags, Some(&mut leftover));
    for a in leftover.into_iter().map(|i| &body.attributes[i]) {
        let name = file.text(a.name);
        let candidates = schema
            .attributes
            .iter()
            .enumerate()
            .filter(|(i, _)| content.attributes[*i].is_none())
            .map(|(_, s)| s.name.as_str());
        let replacement = name_suggestion(name, candidates);
        let suggestion = match replacement {
            Some(s) => format!(" Did you mean {s:?}?"),
            None if schema.block_schema(name).is_some() => {
                format!(" Did you mean to define a block of type {name:?}?")
            }
            None => String::new(),
        };
        diags.push(
            Diagnostic::error(
                "Unsupported argument",
                format!("An argument named {name:?} is not expected here.{suggestion}"),
            )
            .with_code(Code::UnsupportedArgument)
            .with_subject(file.range(a.name))
            .with_suggestion(replacement),
        );
    }
    for b in &body.blocks {
        let type_name = file.text(b.type_name);
        if hidden.is_some_and(|h| h.blocks.contains(type_name))
            || schema.block_schema(type_name).is_some()
        {
            continue;
        }
        let candidates = schema.blocks.iter().map(|s| s.type_name.as_str());
        let replacement = name_suggestion(type_name, candidates);
        let suggestion = match replacement {
            Some(s) => format!(" Did you mean {s:?}?"),
            None if schema.attr_index(type_name).is_some() => format!(
                " Did you mean to define argument {type_name:?}? If so, use the equals sign to assign it a value."
            ),
            None => String::new(),
        };
        diags.push(
            Diagnostic::error(
                "Unsupported block type",
                format!("Blocks of type {type_name:?} are not expected here.{suggestion}"),
            )
            .with_code(Code::UnsupportedBlockType)
            .with_subject(file.range(b.type_name))
            .with_suggestion(replacement),
        );
    }
    content
}

pub(super) fn native_just_attributes<'a>(
    file: &'a Arc<SourceFile>,
    body: &'a Arc<ast::Body>,
    hidden: Option<&Hidden>,
    diags: &mut Diagnostics,
) -> Vec<Attribute<'a>> {
    if let Some(b) = body.blocks.first() {
        diags.push(
            Diagnostic::error(
                format!("Unexpected {:?} block", file.text(b.type_name)),
                "Blocks are not allowed here.",
            )
            .with_subject(file.range(b.type_name)),
        );
    }
    body.attributes
        .iter()
        .enumerate()
        .filter(|(_, a)| !hidden.is_some_and(|h| h.attrs.contains(file.text(a.name))))
        .map(|(i, _)| native_attr(file, body, i))
        .collect()
}

/// The attributes and blocks of `body` not `hidden`, as source text, in
/// source order.
pub(super) fn native_items<'a>(
    file: &'a Arc<SourceFile>,
    body: &'a ast::Body,
    hidden: Option<&Hidden>,
) -> Vec<NativeItem<'a>> {
    let mut items: Vec<(u32, NativeItem<'a>)> = Vec::new();
    for a in body.attributes.iter() {
        let name = file.text(a.name);
        if !hidden.is_some_and(|h| h.attrs.contains(name)) {
            let expr = file.text(a.expr.span);
            items.push((a.name.start, NativeItem::Attribute { name, expr }));
        }
    }
    for b in body.blocks.iter() {
        if !hidden.is_some_and(|h| h.blocks.contains(file.text(b.type_name))) {
            items.push((b.type_name.start, NativeItem::Block(file.text(b.span()))));
        }
    }
    items.sort_by_key(|(at, _)| *at);
    items.into_iter().map(|(_, i)| i).collect()
}
