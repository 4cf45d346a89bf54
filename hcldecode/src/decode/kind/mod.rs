//! One module per spec kind (or family of kinds): how the engine decodes
//! it, where its value comes from (`sourceRange`) and which variables it
//! reads (`variablesNeeded`), as hcldec's `spec.go` keeps them together.
//! The kinds' static side (the spec struct, loading, validation, printing,
//! implied type and schema) is in `hcldecode_spec::spec`'s module of the
//! same name. The shared walk (`Decoder::body`, `Decoder::spec`,
//! `Decoder::source_range`, [`needed`]) dispatches to them from here; the
//! decoder's core (`decode::decoder`) knows no kind.

pub(super) mod attr;
pub(super) mod block;
pub(super) mod block_attrs;
pub(super) mod block_label;
pub(super) mod block_list;
pub(super) mod block_map;
pub(super) mod default;
pub(super) mod literal;
pub(super) mod object;
mod parallel;
pub(super) mod transform;

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::source::Range;
use hcldecode_spec::spec::Spec;
use hcldecode_spec::syntax::body::{Block, BlockLabel, BodyRef, Content};

use crate::decode::Traversal;
use crate::decode::decoder::{Decoder, Here, VariablesOf};
use crate::decode::trace::Recorder;
use crate::decode::trace::{BlockTrace, BodyTrace, DecodeHook, Trace};
use crate::value::Value;
use block_list::Kind;
pub(in crate::decode) use parallel::Decoded;

impl Decoder<'_> {
    /// `decode(body, labels, ctx, spec, partial=false)`; with a
    /// [`DecodeHook::Remain`] spec, partially, keeping the rest.
    pub(in crate::decode) fn body<R: Recorder>(
        &self,
        body: BodyRef<'_>,
        labels: &[BlockLabel<'_>],
        spec: &Spec,
        diags: &mut Diagnostics,
    ) -> (Value, R::T) {
        let schema = self.plan.schema(spec);
        let remain = DecodeHook::is_remain(spec);
        self.with_content(
            body,
            spec,
            &schema,
            remain,
            diags,
            |content, rest, diags| {
                let here = Here {
                    content,
                    schema: &schema,
                    labels,
                };
                let (v, t) = self.spec::<R>(spec, here, diags);
                let t = R::rec(|| {
                    Trace::Body(Box::new(BodyTrace {
                        missing: content.missing_item_range(),
                        rest,
                        spec: R::get(t),
                    }))
                });
                (v, t)
            },
        )
    }

    pub(in crate::decode) fn spec<R: Recorder>(
        &self,
        spec: &Spec,
        here: Here<'_>,
        diags: &mut Diagnostics,
    ) -> (Value, R::T) {
        match spec {
            Spec::Object(o) => self.decode_object::<R>(spec, o, here, diags),
            Spec::Tuple(t) => self.decode_tuple::<R>(spec, t, here, diags),
            Spec::Attr(a) => self.decode_attr::<R>(spec, a, here, diags),
            Spec::Literal(l) => self.decode_literal::<R>(l),
            Spec::Expr(e) => self.decode_expr::<R>(e, diags),
            Spec::Block(b) => self.decode_block::<R>(b, here.content, diags),
            Spec::BlockList(b) => {
                self.decode_block_list::<R>(spec, b, here.content, diags, Kind::List)
            }
            Spec::BlockTuple(b) => {
                self.decode_block_list::<R>(spec, b, here.content, diags, Kind::Tuple)
            }
            Spec::BlockSet(b) => {
                self.decode_block_list::<R>(spec, b, here.content, diags, Kind::Set)
            }
            Spec::BlockMap(b) => self.decode_block_map::<R>(spec, b, here.content, diags, false),
            Spec::BlockObject(b) => self.decode_block_map::<R>(spec, b, here.content, diags, true),
            Spec::BlockAttrs(b) => self.decode_block_attrs::<R>(b, here.content, diags),
            Spec::BlockLabel(l) => self.decode_block_label::<R>(l, here.labels),
            Spec::Default(d) => self.decode_default::<R>(spec, d, here, diags),
            Spec::Transform(t) => self.decode_transform::<R>(spec, t, here, diags),
            Spec::Validate(v) => self.decode_validate::<R>(spec, v, here, diags),
        }
    }

    /// Decodes one block's body with `nested`, recording a [`BlockTrace`].
    pub(in crate::decode) fn block_body<R: Recorder>(
        &self,
        index: usize,
        block: &Block<'_>,
        labels: &[BlockLabel<'_>],
        nested: &Spec,
        diags: &mut Diagnostics,
    ) -> (Value, R::B) {
        let (v, t) = self.in_block(block, |d| d.body::<R>(block.body, labels, nested, diags));
        let b = R::block(|| BlockTrace {
            type_range: block.type_range(),
            def_range: block.def_range(),
            labels: block
                .labels
                .iter()
                .map(|l| (l.value.to_string(), l.range()))
                .collect(),
            index,
            value: v.clone(),
            body: R::get(t),
        });
        (v, b)
    }

    /// The bodies of `blocks` decoded with `nested` (each block's labels
    /// from `label_from` on) on the decoder's
    /// [`threads`](crate::decode::DecodeOptions::threads), in order, each
    /// with the diagnostics it reported; or nothing, the bodies left to
    /// [`Decoded::next`] to decode one at a time: on one thread, with
    /// dynamic blocks (whose shared block limit is spent in source order),
    /// or with too little work to share.
    ///
    /// Each block's body is decoded on its own (its value and diagnostics
    /// depend on nothing decoded before it), so the results, taken in
    /// order, are what decoding them one by one gives.
    pub(in crate::decode) fn bodies_on_threads<R: Recorder>(
        &self,
        blocks: &[(usize, &Block<'_>)],
        label_from: usize,
        nested: &Spec,
    ) -> Decoded<R::B> {
        if self.threads < 2 || self.dynamic.is_some() {
            return Decoded(None);
        }
        let cuts = parallel::cuts(blocks, self.threads);
        if cuts.len() < 3 {
            return Decoded(None);
        }
        // Blocks inside these are decoded on their thread alone.
        let d = Decoder {
            threads: 1,
            ..*self
        };
        let run = |chunk: &[(usize, &Block<'_>)]| -> Vec<(Value, R::B, Diagnostics)> {
            let body = |(i, b): &(usize, &Block<'_>)| {
                let mut diags = Diagnostics::new();
                let (v, t) = d.block_body::<R>(*i, b, &b.labels[label_from..], nested, &mut diags);
                (v, t, diags)
            };
            chunk.iter().map(body).collect()
        };
        let chunks: Vec<&[(usize, &Block<'_>)]> =
            cuts.windows(2).map(|w| &blocks[w[0]..w[1]]).collect();
        let decoded = hcldecode_spec::threads::in_order(chunks.len(), &|k| run(chunks[k]));
        Decoded(Some(decoded.into_iter().flatten()))
    }

    /// `sourceRange(block.Body, labels, nested)`: where the value decoded
    /// from a block comes from, computed only when a diagnostic needs it.
    pub(in crate::decode) fn block_source_range(
        &self,
        block: &Block<'_>,
        nested: &Spec,
    ) -> Option<Range> {
        let schema = self.plan.schema(nested);
        let content = block.body.partial_content(&schema, &mut Diagnostics::new());
        self.source_range(nested, &content, &block.labels)
    }

    /// A spec's `sourceRange`.
    pub(in crate::decode) fn source_range(
        &self,
        spec: &Spec,
        content: &Content<'_>,
        labels: &[BlockLabel<'_>],
    ) -> Option<Range> {
        match spec {
            Spec::Object(_) | Spec::Tuple(_) => Some(content.missing_item_range()),
            Spec::Attr(a) => attr::source_range(a, content),
            Spec::Literal(_) => None,
            Spec::Expr(e) => Some(e.range()),
            Spec::Block(b) => block::source_range(self, b, content),
            Spec::BlockList(b) | Spec::BlockTuple(b) | Spec::BlockSet(b) => {
                block_list::source_range(self, b, content)
            }
            Spec::BlockMap(b) | Spec::BlockObject(b) => block_map::source_range(self, b, content),
            Spec::BlockAttrs(b) => block_attrs::source_range(b, content),
            Spec::BlockLabel(l) => block_label::source_range(l, labels),
            Spec::Default(d) => self.source_range(&d.primary, content, labels),
            Spec::Transform(t) => self.source_range(&t.wrapped, content, labels),
            Spec::Validate(v) => self.source_range(&v.wrapped, content, labels),
        }
    }
}

/// `variablesNeeded` of one spec (its children are visited by the
/// caller, `decode::variables`, which finds the variables of nested bodies
/// with `variables`).
pub(super) fn needed(
    spec: &Spec,
    content: &Content<'_>,
    variables: VariablesOf,
    out: &mut Vec<Traversal>,
) {
    match spec {
        Spec::Attr(a) => attr::variables(a, content, out),
        Spec::Expr(e) => literal::variables(e, out),
        Spec::Block(b) => block::variables(b, content, variables, out),
        Spec::BlockList(b) | Spec::BlockTuple(b) | Spec::BlockSet(b) => {
            block_list::variables(b, content, variables, out)
        }
        Spec::BlockMap(b) | Spec::BlockObject(b) => {
            block_map::variables(b, content, variables, out)
        }
        Spec::BlockAttrs(b) => block_attrs::variables(b, content, out),
        Spec::Object(_)
        | Spec::Tuple(_)
        | Spec::Literal(_)
        | Spec::BlockLabel(_)
        | Spec::Default(_)
        | Spec::Transform(_)
        | Spec::Validate(_) => {}
    }
}
