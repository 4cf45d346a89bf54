//! The decoder's core: where a spec is decoded (`Here`), what decoding
//! carries (`Decoder`: contexts, the plan, the dynamic-block scope,
//! options) and the helpers every kind shares (entering blocks, reading
//! content, the diagnostics of block counts). The per-kind dispatch is in
//! `kind`, beside the kinds it dispatches to.

use hcldecode_spec::diag::{Code, Diagnostic, Diagnostics};
use hcldecode_spec::source::Range;
use hcldecode_spec::spec::Spec;
use hcldecode_spec::syntax::body::{
    Attribute, Block, BlockLabel, Body, BodyRef, BodySchema, Content,
};

use super::Traversal;
use super::dynblock;
use super::element_errors;
use super::plan::Plan;
use crate::Type;
use crate::eval::{EvalContext, Limits};
use crate::value::Value;

/// The body a spec reads: its content (read with `schema`), and the labels
/// of the block it is the body of.
#[derive(Clone, Copy)]
pub(super) struct Here<'a> {
    pub(super) content: &'a Content<'a>,
    pub(super) schema: &'a BodySchema,
    pub(super) labels: &'a [BlockLabel<'a>],
}

#[derive(Clone, Copy)]
pub(super) struct Decoder<'a> {
    pub(super) ctx: Option<&'a EvalContext>,
    pub(super) transform_ctx: Option<&'a EvalContext>,
    pub(super) plan: &'a Plan<'a>,
    /// With dynamic blocks expanded: the scope of the body being decoded.
    pub(super) dynamic: Option<&'a dynblock::Scope>,
    /// [`DecodeOptions::element_errors`].
    pub(super) element_errors: bool,
    /// [`DecodeOptions::keep_block_types`].
    pub(super) keep_block_types: bool,
    /// [`DecodeOptions::limits`].
    pub(super) limits: &'a Limits,
    /// [`DecodeOptions::threads`].
    pub(super) threads: usize,
}

impl Decoder<'_> {
    /// The context the attributes of the body being decoded are evaluated
    /// in: the decoder's, or inside a generated block its iteration's.
    pub(super) fn body_ctx(&self) -> Option<&EvalContext> {
        match self.dynamic {
            Some(s) => s.attr_ctx(self.ctx),
            None => self.ctx,
        }
    }

    /// With [`DecodeOptions::element_errors`]: an error at each element of
    /// `attr`'s value that does not convert; false when there is none to
    /// point at (the whole value is then reported).
    pub(super) fn push_element_errors(
        &self,
        attr: &Attribute<'_>,
        v: &Value,
        ty: &Type,
        diags: &mut Diagnostics,
    ) -> bool {
        let found = element_errors::element_errors(attr.expr, v, ty);
        for (range, msg) in &found {
            diags.push(
                Diagnostic::error(
                    "Incorrect attribute value type",
                    format!("Inappropriate value for attribute {:?}: {msg}.", attr.name),
                )
                .with_code(Code::IncorrectAttributeValueType)
                .with_subject(range.clone())
                .with_context(Range::between(&attr.name_range(), &attr.expr.range())),
            );
        }
        !found.is_empty()
    }

    /// Whether the body being decoded is unknown (generated from an
    /// unknown `for_each`).
    pub(super) fn body_unknown(&self) -> bool {
        self.dynamic.is_some_and(dynblock::Scope::is_unknown)
    }

    /// Decodes `block`'s body with `f`, in the block's scope when dynamic
    /// blocks are expanded.
    pub(super) fn in_block<T>(&self, block: &Block<'_>, f: impl FnOnce(&Decoder<'_>) -> T) -> T {
        match dynblock::BlockScope::of(block) {
            Some(bs) => {
                let scope = dynblock::Scope::of_block(bs);
                let d = Decoder {
                    dynamic: Some(&scope),
                    ..*self
                };
                f(&d)
            }
            None => f(self),
        }
    }

    /// The body's content with `schema` (partially, with the remaining
    /// body, for `remain`), dynamic blocks expanded when on, passed to `f`.
    pub(super) fn with_content<T>(
        &self,
        body: BodyRef<'_>,
        spec: &Spec,
        schema: &BodySchema,
        remain: bool,
        diags: &mut Diagnostics,
        f: impl FnOnce(&Content<'_>, Option<Body>, &mut Diagnostics) -> T,
    ) -> T {
        let Some(scope) = self.dynamic else {
            if remain {
                let owned = body.to_body();
                let (content, rest) = owned.partial_content(schema, diags);
                return f(&content, Some(rest), diags);
            }
            let content = body.content(schema, diags);
            return f(&content, None, diags);
        };
        let ext = self.plan.ext_schema(spec);
        if remain {
            // The rest keeps its dynamic blocks unexpanded.
            let rest = body
                .partial_content_and_rest(schema, &mut Diagnostics::new())
                .1;
            let raw = body.partial_content(&ext, diags);
            let expanded = dynblock::expand(scope, schema, raw, true, diags);
            let rest = rest.with_scope(std::sync::Arc::new(scope.suspend(schema)));
            return f(&expanded.content(), Some(rest), diags);
        }
        let raw = body.content(&ext, diags);
        let expanded = dynblock::expand(scope, schema, raw, false, diags);
        f(&expanded.content(), None, diags)
    }

    /// The attribute `name` (of attr spec `spec`) of `content`, if present.
    /// `content` holds the attributes of `schema` in its order, and the
    /// first schema attribute of a name is the one found (a repeated name
    /// finds the same attribute), so the slot is found by position, once
    /// per spec.
    pub(super) fn attribute<'a>(
        &self,
        spec: &Spec,
        here: Here<'a>,
        name: &str,
    ) -> Option<&'a Attribute<'a>> {
        let attributes = &here.content.attributes;
        match self.plan.attr_index(spec, here.schema, name) {
            Some(i) => attributes.get(i).and_then(Option::as_ref),
            None => attributes.iter().flatten().find(|x| x.name == name),
        }
    }

    /// Blocks of `type_name` in `content`, in order.
    pub(super) fn blocks_of<'c, 'b>(
        content: &'c Content<'b>,
        type_name: &str,
    ) -> impl Iterator<Item = &'c Block<'b>> {
        content
            .blocks
            .iter()
            .filter(move |b| b.type_name == type_name)
    }

    /// Blocks of `type_name` in `content` with their position among all
    /// of the content's blocks.
    pub(super) fn indexed_blocks_of<'c, 'b>(
        content: &'c Content<'b>,
        type_name: &str,
    ) -> impl Iterator<Item = (usize, &'c Block<'b>)> {
        content
            .blocks
            .iter()
            .enumerate()
            .filter(move |(_, b)| b.type_name == type_name)
    }
}

/// "Duplicate X block": `second` where only one block of `type_name` is
/// allowed (`block`, `block_attrs`).
pub(super) fn duplicate_block(
    type_name: &str,
    first: &Block<'_>,
    second: &Block<'_>,
) -> Diagnostic {
    Diagnostic::error(
        format!("Duplicate {type_name} block"),
        format!(
            "Only one block of type {type_name:?} is allowed. Previous definition was at {}.",
            first.def_range()
        ),
    )
    .with_code(Code::DuplicateBlock)
    .with_subject(second.def_range())
}

/// "Missing X block": a required block of `type_name` is absent.
pub(super) fn missing_block(type_name: &str, content: &Content<'_>) -> Diagnostic {
    Diagnostic::error(
        format!("Missing {type_name} block"),
        format!("A block of type {type_name:?} is required here."),
    )
    .with_code(Code::MissingBlock)
    .with_subject(content.missing_item_range())
}

/// The block kinds' `sourceRange`: the first block's value's source, or
/// where blocks are missing.
pub(super) fn first_block_range(
    d: &Decoder<'_>,
    type_name: &str,
    nested: &Spec,
    content: &Content<'_>,
) -> Option<Range> {
    match Decoder::blocks_of(content, type_name).next() {
        None => Some(content.missing_item_range()),
        Some(bl) => d.block_source_range(bl, nested),
    }
}

/// The variables decoding a body with a spec would read: the walk
/// [`decode::variables`](super::variables) hands down to the kinds, so
/// that those with nested bodies walk them without calling up into it.
pub(super) type VariablesOf = fn(BodyRef<'_>, &Spec) -> Vec<Traversal>;

/// The block kinds' `variablesNeeded`: the variables decoding the bodies
/// of the blocks of `type_name` needs (of the first only, for `block`),
/// each found with `variables`.
pub(super) fn blocks_variables(
    type_name: &str,
    nested: &Spec,
    content: &Content<'_>,
    first_only: bool,
    variables: VariablesOf,
    out: &mut Vec<Traversal>,
) {
    let blocks = content.blocks.iter().filter(|x| x.type_name == type_name);
    for block in blocks.take(if first_only { 1 } else { usize::MAX }) {
        out.extend(variables(block.body, nested));
    }
}

/// "Unconsistent argument types" (the reference's spelling) where the
/// blocks of `type_name` have no one type, without more to say.
pub(super) fn inconsistent_block_types(type_name: &str) -> Diagnostic {
    Diagnostic::error(
        format!("Unconsistent argument types in {type_name} blocks"),
        "Corresponding attributes in all blocks of this type must be the same.",
    )
    .with_code(Code::InconsistentBlockTypes)
}
