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
//! A native body that matches its schema (the usual case) is read from
//! its syntax tree ([`NativeView`]): no content is built for it, unless a
//! property is read from its value.
//!
//! It reads with [`DecodeOptions::keep_block_types`](super::DecodeOptions)
//! (typed decoding's): each block of a collection is its own value, so the
//! skipped collection values decide nothing that the blocks' own reads do
//! not.

use std::cell::OnceCell;

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::spec::{AttrSpec, BlockCount, Spec};
use hcldecode_spec::syntax::body::{
    Attribute, Block, BlockLabel, BodyRef, BodySchema, Content, NativeView,
};

use super::decoder::{Decoder, Here};
use super::dynblock;
use super::plan::Plan;
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
    schema: &'a BodySchema,
    /// The labels of the body's block that its spec reads.
    labels: &'a [BlockLabel<'a>],
    /// The position in `schema` of each attribute property's attribute.
    slots: Option<&'a [Option<usize>]>,
    source: Source<'a>,
    /// The block whose body this is (`None` for the root body).
    block: Option<&'a Block<'a>>,
    diags: &'a mut Diagnostics,
}

/// Where a body's attributes and blocks are read from.
enum Source<'a> {
    /// The content the schema selected.
    Content(&'a Content<'a>),
    /// A native body that matches the schema: its syntax tree, and its
    /// content once a property is read from its value.
    Native {
        view: NativeView<'a>,
        content: OnceCell<Content<'a>>,
    },
}

/// A body's blocks, read from its content or its syntax tree.
#[derive(Clone, Copy)]
enum Blocks<'a> {
    Content(&'a Content<'a>),
    Native(NativeView<'a>),
}

impl<'a> Blocks<'a> {
    /// How many blocks of `type_name` there are.
    fn count(self, type_name: &str) -> usize {
        match self {
            Blocks::Content(c) => Decoder::blocks_of(c, type_name).count(),
            Blocks::Native(v) => v.count_blocks(type_name),
        }
    }

    /// `f` of each block of `type_name`, in order, until it gives `None`.
    fn each(self, type_name: &str, mut f: impl FnMut(&Block<'_>) -> Option<()>) -> Option<()> {
        match self {
            Blocks::Content(c) => Decoder::blocks_of(c, type_name).try_for_each(f),
            Blocks::Native(v) => v.blocks(type_name).try_for_each(|b| f(&b)),
        }
    }
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

/// A body spec with its decode plan: what a block's body is read with
/// where its block property's nested spec does not say (the block of a
/// `tag = "label"` field, read with its variant type's own plan).
#[derive(Clone, Copy)]
pub(crate) struct Planned<'p> {
    spec: &'p Spec,
    plan: &'p Plan<'p>,
}

impl<'p> Planned<'p> {
    /// `spec`, read with `plan` (made for a tree `spec` is in).
    pub(super) fn new(spec: &'p Spec, plan: &'p Plan<'p>) -> Planned<'p> {
        Planned { spec, plan }
    }
}

/// How the blocks of a `tag = "label"` field are read: the variant a
/// block's label names (its position and plan; `None`: not read directly),
/// and the read of a block's body as that variant.
pub(crate) struct Tagged<'e> {
    pub(crate) variant: &'e dyn Fn(&str) -> Option<(usize, Planned<'static>)>,
    pub(crate) each: &'e mut dyn FnMut(usize, &mut DirectBody<'_>) -> Option<()>,
}

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
        if self.views_native(&schema)
            && let Some(view) = body.native_view(&schema)
        {
            let mut b = DirectBody {
                d: *self,
                props: &o.properties,
                schema: &schema,
                labels,
                slots: self.plan.attr_slots(spec, &schema),
                source: Source::Native {
                    view,
                    content: OnceCell::new(),
                },
                block,
                diags,
            };
            return f(&mut b);
        }
        self.with_content(body, spec, &schema, false, diags, |content, _, diags| {
            if !diags.is_empty() {
                return None;
            }
            let mut b = DirectBody {
                d: *self,
                props: &o.properties,
                schema: &schema,
                labels,
                slots: self.plan.attr_slots(spec, &schema),
                source: Source::Content(content),
                block,
                diags,
            };
            f(&mut b)
        })
    }

    /// Whether a native body that matches `schema` may be read from its
    /// syntax tree. With dynamic blocks expanded, a body that matches the
    /// schema has no `dynamic` blocks (the schema has none), so its
    /// expansion is the body itself and its blocks are decoded in this
    /// body's scope (the iteration the expansion would attach to them),
    /// unless the schema has a block type `dynamic` of its own, or the
    /// scope hides block types (a remaining body's), which the scope of a
    /// static block inside it would not.
    fn views_native(&self, schema: &BodySchema) -> bool {
        match self.dynamic {
            None => true,
            Some(scope) => scope.hides_nothing() && !dynblock::names_dynamic(schema),
        }
    }

    /// `block`'s body (its body's labels `labels`) read with object spec
    /// `spec` through `f`, in the block's scope (a block a dynamic block
    /// generated: its iteration).
    fn direct_block<T>(
        &self,
        block: &Block<'_>,
        labels: &[BlockLabel<'_>],
        spec: &Spec,
        diags: &mut Diagnostics,
        f: Each<'_, T>,
    ) -> Option<T> {
        self.in_block(block, |d| {
            d.direct_body(block.body, Some(block), labels, spec, diags, f)
        })
    }
}

impl<'a> DirectBody<'a> {
    fn prop(&self, i: usize) -> Option<&'a Spec> {
        let props: &'a [(String, Spec)] = self.props;
        props.get(i).map(|(_, s)| s)
    }

    /// Attribute property `i`'s attribute in the body, if there is one.
    fn attribute(&self, i: usize, spec: &Spec, a: &AttrSpec) -> Option<Attribute<'a>> {
        let slot = self.slots.and_then(|s| s.get(i).copied());
        match &self.source {
            Source::Native { view, .. } => {
                let slot =
                    slot.unwrap_or_else(|| self.d.plan.attr_index(spec, self.schema, &a.name));
                view.attribute(slot?)
            }
            Source::Content(content) => {
                let content: &'a Content<'a> = content;
                match slot {
                    Some(Some(k)) => *content.attributes.get(k)?,
                    _ => {
                        let here = Here {
                            content,
                            schema: self.schema,
                            labels: self.labels,
                        };
                        self.d.attribute(spec, here, &a.name).copied()
                    }
                }
            }
        }
    }

    /// The body's blocks.
    fn blocks(&self) -> Blocks<'a> {
        match &self.source {
            Source::Native { view, .. } => Blocks::Native(*view),
            Source::Content(content) => Blocks::Content(content),
        }
    }

    /// Property `i`'s value as the body's object value would hold it.
    pub(crate) fn value(&mut self, i: usize) -> Option<Value> {
        let spec = self.prop(i)?;
        // Only an attribute has one found in the body before decoding.
        let found = if let Spec::Attr(a) = spec {
            self.attribute(i, spec, a)
        } else {
            None
        };
        let (v, ()) = if let (Spec::Attr(a), Some(found)) = (spec, &found) {
            // A present attribute needs nothing else of the body: its
            // content is not made.
            self.d.decode_present_attr::<Off>(a, found, self.diags)
        } else {
            let content = match &self.source {
                Source::Content(content) => *content,
                Source::Native { view, content } => {
                    content.get_or_init(|| view.content(self.schema))
                }
            };
            let here = Here {
                content,
                schema: self.schema,
                labels: self.labels,
            };
            if let Spec::Attr(a) = spec {
                self.d
                    .decode_found_attr::<Off>(spec, a, None, here, self.diags)
            } else {
                self.d.spec::<Off>(spec, here, self.diags)
            }
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
    pub(crate) fn present(&self, i: usize) -> Option<Attribute<'a>> {
        let Some(spec @ Spec::Attr(a)) = self.prop(i) else {
            return None;
        };
        self.attribute(i, spec, a)
    }

    /// Label property `i` (a `block_label`): the label.
    pub(crate) fn label(&self, i: usize) -> Option<&'a BlockLabel<'a>> {
        let Some(Spec::BlockLabel(l)) = self.prop(i) else {
            return None;
        };
        self.labels.get(l.index)
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
        let blocks = self.blocks();
        match blocks.count(&b.type_name) {
            // Absent: fine unless required (an error to report).
            0 => return (!b.required).then_some(None),
            1 => {}
            _ => return None,
        }
        let mut out = None;
        blocks.each(&b.type_name, |block| {
            let t = self
                .d
                .direct_block(block, &block.labels, &b.nested, self.diags, each)?;
            out = Some(t);
            Some(())
        })?;
        out.map(Some)
    }

    /// Block property `i` (a `block_list`): each block's body through
    /// `each`, in source order.
    pub(crate) fn list<T>(&mut self, i: usize, each: Each<'_, T>) -> Option<Vec<T>> {
        let Some(Spec::BlockList(b)) = self.prop(i) else {
            return None;
        };
        let mut out = Vec::with_capacity(self.blocks().count(&b.type_name));
        let n = self.each_block(&b.nested, &b.type_name, 0, &mut |_, body| {
            out.push(each(body)?);
            Some(())
        })?;
        // Out of bounds: the engine's error to report.
        (b.count(n) == BlockCount::Fits).then_some(out)
    }

    /// How many blocks block property `i` (a `block_map`) has.
    pub(crate) fn map_len(&self, i: usize) -> Option<usize> {
        let Some(Spec::BlockMap(b)) = self.prop(i) else {
            return None;
        };
        Some(self.blocks().count(&b.type_name))
    }

    /// Block property `i` (a one-label `block_map`): each block's body
    /// through `each`, given to `add` with its label as the map value's
    /// key (in Normalization Form C), in source order; how many there
    /// were. Keys may repeat: where labels do (an error) or differ only in
    /// normalization, which `add` (building its map) refuses by returning
    /// false, leaving them to the usual path.
    pub(crate) fn map<T>(
        &mut self,
        i: usize,
        each: Each<'_, T>,
        add: &mut dyn FnMut(String, T) -> bool,
    ) -> Option<usize> {
        let Some(Spec::BlockMap(b)) = self.prop(i) else {
            return None;
        };
        if b.labels.len() != 1 {
            return None;
        }
        self.each_block(&b.nested, &b.type_name, 1, &mut |block, body| {
            let key = normalize_string(block.labels.first()?.value).into_owned();
            add(key, each(body)?).then_some(())
        })
    }

    /// Block property `i` (a `block_list`, or a `block`, of a `tag =
    /// "label"` field): each block's body read as the variant its one
    /// label names, in source order; how many there were. `None` where a
    /// block has other than one label, a label names no variant read
    /// directly, or the count does not fit (what the usual path reports or
    /// reads).
    pub(crate) fn tagged(&mut self, i: usize, read: Tagged<'_>) -> Option<usize> {
        let spec = self.prop(i)?;
        let (type_name, fits): (&str, &dyn Fn(usize) -> bool) = if let Spec::BlockList(b) = spec {
            (&b.type_name, &|n| b.count(n) == BlockCount::Fits)
        } else if let Spec::Block(b) = spec {
            (&b.type_name, &|n| n == 1 || (n == 0 && !b.required))
        } else {
            return None;
        };
        let Tagged { variant, each } = read;
        let mut n = 0;
        self.blocks().each(type_name, |block| {
            let [label] = &block.labels[..] else {
                return None;
            };
            let (k, planned) = variant(label.value)?;
            let d = Decoder {
                plan: planned.plan,
                ..self.d
            };
            d.direct_block(block, &[], planned.spec, self.diags, &mut |body| {
                each(k, body)
            })?;
            n += 1;
            Some(())
        })?;
        fits(n).then_some(n)
    }

    /// Each block of `type_name` (its first `keyed` labels keying it, the
    /// rest its body's) read with `nested` through `each`; how many.
    fn each_block(
        &mut self,
        nested: &Spec,
        type_name: &str,
        keyed: usize,
        each: &mut dyn FnMut(&Block<'_>, &mut DirectBody<'_>) -> Option<()>,
    ) -> Option<usize> {
        let mut n = 0;
        self.blocks().each(type_name, |block| {
            let labels = block.labels.get(keyed..)?;
            self.d
                .direct_block(block, labels, nested, self.diags, &mut |body| {
                    each(block, body)
                })?;
            n += 1;
            Some(())
        })?;
        Some(n)
    }
}
