//! Decoding a body straight into the caller's values, without the value
//! of each body: typed decoding's fast path.
//!
//! The engine decodes an object spec's body into one object value, and a
//! block collection into a list or map of them, which typed decoding then
//! reads and drops. Here the caller (the derive's code) asks for one
//! property at a time: an attribute's value as the engine makes it, or,
//! for a block property, each block's body to read the same way.
//!
//! It only ever gives a result for a clean decode: the first diagnostic
//! (any severity) ends it with `None`, and the caller decodes again the
//! usual way, which reports everything. Typed decoding uses it for specs
//! whose values alone decide the result (no decode hooks); a property the
//! caller cannot read directly it reads from its value.
//!
//! It reads with [`DecodeOptions::keep_block_types`](super::DecodeOptions)
//! (typed decoding's): each block of a collection is its own value, so the
//! skipped collection values decide nothing that the blocks' own reads do
//! not.

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::spec::{AttrSpec, Spec};
use hcldecode_spec::syntax::body::{Attribute, Block, BlockLabel, BodyRef};

use super::decoder::{Decoder, Here};
use super::trace::Off;
use crate::Type;
use crate::eval::LiteralExpr;
use crate::value::{Value, normalize_string};

/// A body being decoded directly with an object spec: its properties, read
/// one by one. Not public API: the derive's generated code passes it on.
#[doc(hidden)]
pub struct DirectBody<'a> {
    d: Decoder<'a>,
    props: &'a [(String, Spec)],
    /// Where each attribute property's attribute is in the content.
    slots: Option<&'a [Option<usize>]>,
    here: Here<'a>,
    /// The block whose body this is (`None` for the root body).
    block: Option<&'a Block<'a>>,
    diags: &'a mut Diagnostics,
}

impl std::fmt::Debug for DirectBody<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DirectBody")
            .field("properties", &self.props.len())
            .finish_non_exhaustive()
    }
}

/// Reads one block's body into a value of the caller's.
pub(crate) type Each<'e, T> = &'e mut dyn FnMut(&mut DirectBody<'_>) -> Option<T>;

impl Decoder<'_> {
    /// `body` (of `block`, its body's labels `labels`) with object spec
    /// `spec`, the properties read by `f`; `None` after any diagnostic.
    pub(super) fn direct_body<T>(
        &self,
        body: BodyRef<'_>,
        block: Option<&Block<'_>>,
        labels: &[BlockLabel<'_>],
        spec: &Spec,
        diags: &mut Diagnostics,
        f: Each<'_, T>,
    ) -> Option<T> {
        let Spec::Object(o) = spec else {
            return None;
        };
        let schema = self.plan.schema(spec);
        self.with_content(body, spec, &schema, false, diags, |content, _, diags| {
            if !diags.is_empty() {
                return None;
            }
            let mut b = DirectBody {
                d: *self,
                props: &o.properties,
                slots: self.plan.attr_slots(spec, &schema),
                here: Here {
                    content,
                    schema: &schema,
                    labels,
                },
                block,
                diags,
            };
            f(&mut b)
        })
    }
}

impl<'a> DirectBody<'a> {
    fn prop(&self, i: usize) -> Option<&'a Spec> {
        let props: &'a [(String, Spec)] = self.props;
        props.get(i).map(|(_, s)| s)
    }

    /// Attribute property `i`'s attribute in the body, if there is one.
    fn attribute(&self, i: usize, spec: &Spec, a: &AttrSpec) -> Option<&'a Attribute<'a>> {
        let here = self.here;
        match self.slots.and_then(|s| s.get(i).copied()) {
            Some(Some(k)) => here.content.attributes.get(k)?.as_ref(),
            _ => self.d.attribute(spec, here, &a.name),
        }
    }

    /// Property `i`'s value as the body's object value would hold it.
    pub(crate) fn value(&mut self, i: usize) -> Option<Value> {
        let spec = self.prop(i)?;
        let (v, ()) = match spec {
            Spec::Attr(a) => {
                let attr = self.attribute(i, spec, a);
                self.d
                    .decode_found_attr::<Off>(spec, a, attr, self.here, self.diags)
            }
            Spec::Object(_)
            | Spec::Tuple(_)
            | Spec::Literal(_)
            | Spec::Expr(_)
            | Spec::Block(_)
            | Spec::BlockList(_)
            | Spec::BlockTuple(_)
            | Spec::BlockSet(_)
            | Spec::BlockMap(_)
            | Spec::BlockObject(_)
            | Spec::BlockAttrs(_)
            | Spec::BlockLabel(_)
            | Spec::Default(_)
            | Spec::Transform(_)
            | Spec::Validate(_) => self.d.spec::<Off>(spec, self.here, self.diags),
        };
        if !self.diags.is_empty() {
            return None;
        }
        Some(v)
    }

    /// Whether property `i` is an attribute absent from the body (its
    /// value the null of its type).
    pub(crate) fn absent(&mut self, i: usize) -> bool {
        let Some(spec @ Spec::Attr(a)) = self.prop(i) else {
            return false;
        };
        self.attribute(i, spec, a).is_none()
    }

    /// Attribute property `i`'s attribute, if the body has it (where the
    /// typed layer's positions point).
    pub(crate) fn present(&self, i: usize) -> Option<&'a Attribute<'a>> {
        match self.prop(i) {
            Some(spec @ Spec::Attr(a)) => self.attribute(i, spec, a),
            _ => None,
        }
    }

    /// Label property `i` (a `block_label`): the label.
    pub(crate) fn label(&self, i: usize) -> Option<&'a BlockLabel<'a>> {
        let Some(Spec::BlockLabel(l)) = self.prop(i) else {
            return None;
        };
        self.here.labels.get(l.index)
    }

    /// The block whose body this is (`None` for the root body).
    pub(crate) fn block(&self) -> Option<&'a Block<'a>> {
        self.block
    }

    /// Property `i`, an attribute present in the body: its expression,
    /// to be read as literals alone (a literal or a constructor of them is
    /// what it evaluates to), and the attribute's type.
    pub(crate) fn literal(&self, i: usize) -> Option<(LiteralExpr<'a>, &'a Type)> {
        let Some(spec @ Spec::Attr(a)) = self.prop(i) else {
            return None;
        };
        if self.d.body_unknown() {
            return None;
        }
        let expr = crate::eval::literal_expr(self.attribute(i, spec, a)?.expr)?;
        Some((expr, &a.ty))
    }

    /// Block property `i` (a `block`): `Some(None)` without a block (when
    /// not required), else its body through `each`.
    pub(crate) fn single<T>(&mut self, i: usize, each: Each<'_, T>) -> Option<Option<T>> {
        let Some(Spec::Block(b)) = self.prop(i) else {
            return None;
        };
        let mut blocks = Decoder::blocks_of(self.here.content, &b.type_name);
        let Some(block) = blocks.next() else {
            // Absent: fine unless required (an error to report).
            return (!b.required).then_some(None);
        };
        if blocks.next().is_some() {
            return None;
        }
        self.d
            .direct_body(
                block.body,
                Some(block),
                &block.labels,
                &b.nested,
                self.diags,
                each,
            )
            .map(Some)
    }

    /// Block property `i` (a `block_list`): each block's body through
    /// `each`, in source order.
    pub(crate) fn list<T>(&mut self, i: usize, each: Each<'_, T>) -> Option<Vec<T>> {
        let Some(Spec::BlockList(b)) = self.prop(i) else {
            return None;
        };
        let out = self.elements(&b.nested, &b.type_name, 0, &mut |_, body| each(body))?;
        let n = out.len();
        (n >= b.min_items && (b.max_items == 0 || n <= b.max_items)).then_some(out)
    }

    /// Block property `i` (a one-label `block_map`): each block's body
    /// through `each`, keyed by its label as the map value's key (in
    /// Normalization Form C), in source order. Keys may repeat: where
    /// labels do (an error) or differ only in normalization, which the
    /// caller, building its map, leaves to the usual path.
    pub(crate) fn map<T>(&mut self, i: usize, each: Each<'_, T>) -> Option<Vec<(String, T)>> {
        let Some(Spec::BlockMap(b)) = self.prop(i) else {
            return None;
        };
        if b.labels.len() != 1 {
            return None;
        }
        self.elements(&b.nested, &b.type_name, 1, &mut |block, body| {
            let key = normalize_string(block.labels.first()?.value).into_owned();
            Some((key, each(body)?))
        })
    }

    /// Each block of `type_name` (its first `keyed` labels keying it, the
    /// rest its body's) read with `nested` through `each`.
    fn elements<T>(
        &mut self,
        nested: &Spec,
        type_name: &str,
        keyed: usize,
        each: &mut dyn FnMut(&Block<'_>, &mut DirectBody<'_>) -> Option<T>,
    ) -> Option<Vec<T>> {
        let content = self.here.content;
        let mut out = Vec::with_capacity(Decoder::blocks_of(content, type_name).count());
        for block in Decoder::blocks_of(content, type_name) {
            let labels = block.labels.get(keyed..)?;
            let t = self.d.direct_body(
                block.body,
                Some(block),
                labels,
                nested,
                self.diags,
                &mut |body| each(block, body),
            )?;
            out.push(t);
        }
        Some(out)
    }
}
