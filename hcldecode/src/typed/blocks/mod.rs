//! Block fields: bodies ([`HclBody`]), the collections of them a
//! `#[hcl(block)]` field may have ([`HclBlocks`]), label-keyed maps
//! ([`HclKeyed`]) and `#[hcl(remain)]` fields ([`HclRemain`]).

use hcldecode_spec::diag::Code;
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::hash::{BuildHasher, Hash};
use std::rc::Rc;
use std::sync::Arc;

use hcldecode_spec::spec::field::{self, BlockField, BlockShape};
use hcldecode_spec::spec::{BlockCount, ObjectSpec, Spec};
use hcldecode_spec::syntax::body::Body;

use super::{At, Error, Errors, HclDecode};
use crate::decode::DirectBody;
use crate::value::{Value, ValueRef};
use tagged::{direct_tagged, tagged_block, tagged_body_spec, tagged_variants};

mod locate_blocks;
mod tagged;
mod traits;

pub use locate_blocks::locate_single_block;
pub(crate) use locate_blocks::{locate_block_list, locate_block_map};
pub use traits::{BlockOptions, BodyShape, HclBody, HclKeyed};

impl BlockOptions {
    /// What these options say of the blocks, for the spec builder
    /// ([`field::block`]) the derive's compile-time check uses too.
    fn field(&self) -> BlockField {
        BlockField {
            type_name: self.type_name.clone(),
            min_items: self.min_items,
            max_items: self.max_items,
            required: self.required,
            labels: self.labels.clone(),
        }
    }
}

/// The type of a `#[hcl(block)]` field: a body type `T` (exactly one
/// block), `Option<T>` (zero or one), `Vec<T>` (a block list),
/// `HashSet<T>`/`BTreeSet<T>` (a block set), or a `String`-keyed map of
/// them (a block map keyed by labels, one map level per label).
///
/// ```
/// use std::collections::BTreeMap;
/// use hcldecode::typed::{BlockOptions, HclBlocks};
/// #[derive(hcldecode::HclDecode)]
/// struct Dc {
///     weight: u8,
/// }
/// let opts = BlockOptions { type_name: "region".into(), ..Default::default() };
/// let spec = <BTreeMap<String, BTreeMap<String, Dc>> as HclBlocks>::block_spec(&opts);
/// assert!(spec.to_spec_file().contains("labels = [\"label1\", \"label2\"]"));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be decoded from HCL blocks",
    label = "not a block type",
    note = "a `#[hcl(block)]` field is a struct or enum deriving `HclDecode`, or an `Option`, `Vec`, `HashSet`, `BTreeSet` or `String`-keyed map of one"
)]
pub trait HclBlocks: Sized {
    /// The spec reading the blocks.
    fn block_spec(opts: &BlockOptions) -> Spec;

    /// Builds the field from the decoded value.
    fn from_blocks(value: &Value, at: At<'_>, opts: &BlockOptions) -> Result<Self, Error>;

    /// The field read from property `i` of a body decoded directly
    /// (`decode::direct`); `None` after any error, or where it cannot be
    /// (the default: the usual path, with positions, then reads it). Not
    /// public API.
    #[doc(hidden)]
    fn __direct_blocks(body: &mut DirectBody<'_>, i: usize, opts: &BlockOptions) -> Option<Self> {
        let _ = (body, i, opts);
        None
    }

    /// Where what `path` names inside the field was written, `at` being
    /// the field's position (see [`HclDecode::locate`]): a list's index
    /// steps to its block, a block map's labels to theirs, the rest of the
    /// path into the block's body. By default, the blocks' position.
    fn locate_blocks(
        path: &[super::PathSegment<'_>],
        at: At<'_>,
    ) -> Option<hcldecode_spec::source::Range> {
        let _ = path;
        super::locate::here(at)
    }
}

/// A block type whose blocks can be read with `tag = "label"`: its
/// variants are named by the block's one label, so none of them reads
/// labels of its own (a variant's `#[hcl(label)]` field would need a
/// second label, which a tagged block type does not have). Derived for
/// structs without label fields and for enums whose variants have none;
/// a `tag = "label"` field's type must be one (or an `Option`, `Vec`, set
/// or pointer of one), else the field is a compile error.
///
/// ```
/// use hcldecode::typed::HclTagged;
/// #[derive(hcldecode::HclDecode)]
/// struct Run {
///     command: String,
/// }
/// #[derive(hcldecode::HclDecode)]
/// enum Step {
///     Run(Run),
/// }
/// fn tagged<T: HclTagged>() {}
/// tagged::<Vec<Step>>();
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be read with `tag = \"label\"`: it or one of its variants reads block labels",
    label = "it or a variant of it has a `#[hcl(label)]` field",
    note = "a tagged block's one label names its variant (`step \"run\" {{ ... }}`), so a variant cannot read more labels: make the variant's label field an attribute, or read the blocks without `tag`, a block type per variant"
)]
pub trait HclTagged {}

macro_rules! tagged_wrappers {
    ($([$($g:tt)*] $t:ty;)*) => {$(
        impl<$($g)*> HclTagged for $t {}
    )*};
}

tagged_wrappers! {
    [T: HclTagged] Option<T>;
    [T: HclTagged] Vec<T>;
    [T: HclTagged] Box<T>;
    [T: HclTagged] Rc<T>;
    [T: HclTagged] Arc<T>;
    [T: HclTagged, S] HashSet<T, S>;
    [T: HclTagged] BTreeSet<T>;
}

/// Whether blocks of body type `T` are read directly: one block type (a
/// struct's), read by its own direct read (`Internals::direct_body`).
fn direct_leaf<T: HclBody>(opts: &BlockOptions) -> bool {
    T::__INTERNALS.reads_bodies() && T::variants().is_empty() && !opts.tag
}

/// [`HclBlocks::__direct_blocks`] of a struct: exactly one block. Not
/// public API.
#[doc(hidden)]
pub fn struct_direct_block<T: HclBody + HclBlocks>(
    body: &mut DirectBody<'_>,
    i: usize,
    opts: &BlockOptions,
) -> Option<T> {
    if !direct_leaf::<T>(opts) {
        return None;
    }
    body.single(i, &mut |b| T::__INTERNALS.body(b))?
}

/// The type of a `#[hcl(remain)]` field: [`Body`] (the rest of the body),
/// or `Option<Body>`.
///
/// ```
/// #[derive(hcldecode::HclDecode)]
/// struct Head {
///     kind: String,
///     #[hcl(remain)]
///     rest: Option<hcldecode::Body>,
/// }
/// let h: Head = hcldecode::from_str("kind = \"a\"\nother = 1\n", "h.hcl").unwrap();
/// assert!(h.rest.is_some());
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot hold the rest of a body",
    label = "a `remain` field must be a `hcldecode::Body`",
    note = "use `hcldecode::Body` (or `Option<hcldecode::Body>`) for `#[hcl(remain)]`"
)]
pub trait HclRemain: Sized {
    /// From what remains of the body.
    fn from_rest(rest: Option<&Body>) -> Self;
}

impl HclRemain for Body {
    fn from_rest(rest: Option<&Body>) -> Body {
        rest.cloned().unwrap_or_else(Body::empty)
    }
}

impl HclRemain for Option<Body> {
    fn from_rest(rest: Option<&Body>) -> Option<Body> {
        rest.cloned()
    }
}

/// The spec reading the blocks of `shape`: `make(type name, body spec)`
/// for a struct; an object of one such spec per block type for variants.
fn shape_spec<T: HclBody>(opts: &BlockOptions, make: impl Fn(String, Spec) -> Spec) -> Spec {
    let make = |type_name, nested| {
        let mut spec = make(type_name, nested);
        if let Some(d) = T::description() {
            spec.set_description(d, false);
        }
        spec
    };
    match T::body_shape() {
        BodyShape::Variants(vs) if opts.tag => {
            make(opts.type_name.clone(), tagged_body_spec(opts, vs))
        }
        BodyShape::Struct(spec) => make(opts.type_name.clone(), spec),
        BodyShape::Variants(vs) => Spec::Object(ObjectSpec {
            properties: vs
                .into_iter()
                .map(|(name, spec)| (name.clone(), make(name, spec)))
                .collect(),
        }),
    }
}

/// One decoded block: which variant, where in the body, its label keys,
/// its value and position.
struct Item<'a> {
    variant: usize,
    index: usize,
    keys: Vec<String>,
    value: Value,
    at: At<'a>,
}

/// The (value, position) of each block type of a body type (`variants`
/// empty for a struct), borrowed where it can be.
fn per_type<'v, 'a>(
    variants: &'static [&'static str],
    value: &'v Value,
    at: At<'a>,
) -> impl Iterator<Item = (Cow<'v, Value>, At<'a>)> {
    let one = variants.is_empty().then_some((Cow::Borrowed(value), at));
    let many = variants.iter().enumerate().map(move |(i, name)| {
        let v = match value.attr_ref(name) {
            Some(v) => Cow::Borrowed(v),
            None => Cow::Owned(
                value
                    .get_attr(name)
                    .unwrap_or_else(|| Value::null(crate::Type::Dynamic)),
            ),
        };
        (v, at.property(i, name))
    });
    one.into_iter().chain(many)
}

/// Every block of a collection, with `depth` labels as keys, in source
/// order: from the trace when there is one, else from the value.
fn items<'a>(
    variants: &'static [&'static str],
    value: &Value,
    at: At<'a>,
    depth: usize,
) -> Vec<Item<'a>> {
    let mut out = Vec::new();
    for (variant, (v, at)) in per_type(variants, value, at).enumerate() {
        if let Some(blocks) = at.blocks() {
            for b in blocks {
                if b.labels.len() < depth {
                    continue;
                }
                out.push(Item {
                    variant,
                    index: b.index,
                    // Keys as the map value has them (strings are NFC).
                    keys: b.labels[..depth]
                        .iter()
                        .map(|(l, _)| crate::value::normalize_string(l).into_owned())
                        .collect(),
                    value: b.value.clone(),
                    at: At::block(b).in_scope(at.scope()),
                });
            }
            continue;
        }
        let mut keys = Vec::new();
        walk_value(&v, at, depth, &mut keys, &mut |keys, value, at| {
            let index = out.len();
            out.push(Item {
                variant,
                index,
                keys: keys.to_vec(),
                value: value.clone(),
                at,
            })
        });
    }
    if !variants.is_empty() {
        out.sort_by_key(|i| i.index);
    }
    out
}

/// Visits the elements of a decoded collection value (nested maps for
/// `depth` > 0).
fn walk_value<'a>(
    v: &Value,
    at: At<'a>,
    depth: usize,
    keys: &mut Vec<String>,
    f: &mut dyn FnMut(&[String], &Value, At<'a>),
) {
    if depth == 0 {
        match v.view() {
            ValueRef::List(es) | ValueRef::Set(es) | ValueRef::Tuple(es) => {
                for (i, e) in es.iter().enumerate() {
                    f(keys, e, at.index(i));
                }
            }
            ValueRef::Null | ValueRef::Unknown => {}
            _ => f(keys, v, at),
        }
        return;
    }
    if let Some(entries) = v.entries() {
        for (k, e) in entries {
            keys.push(String::from(&**k));
            walk_value(e, at.key(k), depth - 1, keys, f);
            keys.pop();
        }
    }
}

/// Checks the number of blocks where the spec cannot: across the block
/// types of an enum, and for block maps (`block_map` has no counts).
fn check_count(
    variants: &[&str],
    items: &[Item<'_>],
    at: At<'_>,
    opts: &BlockOptions,
    map: bool,
    errs: &mut Errors,
) {
    let n = items.len();
    if variants.is_empty() && !map {
        return;
    }
    let count = BlockCount::of(n, opts.min_items, opts.max_items);
    if count == BlockCount::Fits {
        return;
    }
    let what = if variants.is_empty() {
        format!("{:?}", opts.type_name)
    } else {
        let names: Vec<String> = variants.iter().map(|n| format!("{n:?}")).collect();
        names.join(", ")
    };
    let plural = if variants.is_empty() {
        format!("{} blocks", opts.type_name)
    } else {
        "blocks".to_string()
    };
    if count == BlockCount::TooFew {
        let n = opts.min_items;
        let detail = if n == 1 {
            format!("At least 1 {what} block is required.")
        } else {
            format!("At least {n} {what} blocks are required.")
        };
        let mut d =
            hcldecode_spec::diag::Diagnostic::error(format!("Insufficient {plural}"), detail)
                .with_code(Code::InsufficientBlocks);
        d.subject = at.missing_range();
        errs.push(Error::new(d));
    } else {
        errs.push(items[opts.max_items].at.coded_error(
            Code::TooManyBlocks,
            format!("Too many {plural}"),
            if opts.max_items == 1 {
                format!("No more than 1 {what} block is allowed.")
            } else {
                format!("No more than {} {what} blocks are allowed.", opts.max_items)
            },
        ));
    }
}

/// Decodes the blocks of a collection into `push`.
fn decode_items<T: HclBody>(
    value: &Value,
    at: At<'_>,
    opts: &BlockOptions,
    depth: usize,
    mut push: impl FnMut(&[String], T, At<'_>, &mut Errors),
) -> Result<(), Error> {
    let variants = T::variants();
    if let Some(vs) = tagged_variants::<T>(opts).filter(|_| depth == 0) {
        let mut errs = Errors::new();
        for b in at.blocks().unwrap_or(&[]) {
            if let Some(t) = errs.take(tagged_block::<T>(&vs, b, opts, at.scope())) {
                push(&[], t, At::block(b).in_scope(at.scope()), &mut errs);
            }
        }
        return errs.finish(());
    }
    if depth == 0 && variants.is_empty() && at.blocks().is_none() {
        // A list of one block type read from the value alone (the spec
        // has checked its count): each element as it comes.
        let mut errs = Errors::new();
        let mut one = |e: &Value, at: At<'_>, errs: &mut Errors| {
            if let Some(t) = errs.take(T::from_block(0, e, at)) {
                push(&[], t, at, errs);
            }
        };
        match value.view() {
            ValueRef::List(es) | ValueRef::Set(es) | ValueRef::Tuple(es) => {
                for (i, e) in es.iter().enumerate() {
                    one(e, at.index(i), &mut errs);
                }
            }
            ValueRef::Null | ValueRef::Unknown => {}
            _ => one(value, at, &mut errs),
        }
        return errs.finish(());
    }
    if variants.is_empty() && at.blocks().is_none() && opts.min_items == 0 && opts.max_items == 0 {
        // A map of one block type read from the value alone, with no
        // count to check: each block as the walk meets it (what `items`
        // would list, in the same order).
        let mut errs = Errors::new();
        walk_value(value, at, depth, &mut Vec::new(), &mut |keys, e, at| {
            if let Some(t) = errs.take(T::from_block(0, e, at)) {
                push(keys, t, at, &mut errs);
            }
        });
        return errs.finish(());
    }
    let items = items(variants, value, at, depth);
    let mut errs = Errors::new();
    check_count(variants, &items, at, opts, depth > 0, &mut errs);
    for item in items {
        if let Some(t) = errs.take(T::from_block(item.variant, &item.value, item.at)) {
            push(&item.keys, t, item.at, &mut errs);
        }
    }
    errs.finish(())
}

/// The spec of exactly one block (`required`) or at most one.
pub(crate) fn single_spec<T: HclBody>(opts: &BlockOptions, required: bool) -> Spec {
    let mut f = opts.field();
    // Exactly one of an enum's block types is checked by the decode (the
    // spec holds each type as its own optional block), unless tagged.
    f.required = required && (T::variants().is_empty() || opts.tag);
    shape_spec::<T>(opts, |type_name, nested| {
        let f = BlockField {
            type_name,
            ..f.clone()
        };
        field::block(BlockShape::Optional, &f, nested)
    })
}

/// Decodes at most one block; `None` if there is none.
pub(crate) fn single_from<T: HclBody>(
    value: &Value,
    at: At<'_>,
    opts: &BlockOptions,
    required: bool,
) -> Result<Option<T>, Error> {
    let variants = T::variants();
    if let Some(vs) = tagged_variants::<T>(opts) {
        return match at.block_trace() {
            Some(b) => tagged_block::<T>(&vs, b, opts, at.scope()).map(Some),
            None => Ok(None),
        };
    }
    if variants.is_empty() {
        // One block type: at most one block, no order to restore.
        let mut errs = Errors::new();
        let found = match value.view() {
            ValueRef::Null => None,
            ValueRef::Unknown => {
                errs.push(at.unknown_value());
                None
            }
            _ => errs.take(T::from_block(0, value, at)),
        };
        return errs.finish(found);
    }
    let mut errs = Errors::new();
    let mut found: Option<(T, At<'_>)> = None;
    // The blocks present, in source order.
    let mut present: Vec<(usize, usize, Cow<'_, Value>, At<'_>)> = Vec::new();
    for (variant, (v, at)) in per_type(variants, value, at).enumerate() {
        match v.view() {
            ValueRef::Null => {}
            ValueRef::Unknown => errs.push(at.unknown_value()),
            _ => {
                let index = at.block_trace().map_or(variant, |b| b.index);
                present.push((index, variant, v, at));
            }
        }
    }
    present.sort_by_key(|p| p.0);
    for (_, variant, v, at) in present {
        if let Some((_, first)) = &found {
            let first = first.range().map(|r| r.to_string()).unwrap_or_default();
            errs.push(at.coded_error(
                Code::DuplicateBlock,
                "Duplicate block",
                format!("Only one of these blocks is allowed. Previous definition was at {first}."),
            ));
            continue;
        }
        if let Some(t) = errs.take(T::from_block(variant, &v, at)) {
            found = Some((t, at));
        }
    }
    if found.is_none() && required && !errs.failed() && !variants.is_empty() {
        {
            let names: Vec<String> = variants.iter().map(|n| format!("{n:?}")).collect();
            errs.push(Error::at(
                "Missing block",
                format!(
                    "A block of one of the types {} is required here.",
                    names.join(", ")
                ),
                at.missing_range(),
            ));
        }
    }
    errs.finish(found.map(|(t, _)| t))
}

/// The spec of a block list.
pub(crate) fn list_spec<T: HclBody>(opts: &BlockOptions, set: bool) -> Spec {
    let mut f = opts.field();
    // An enum's counts are across its block types: the decode checks them.
    if !T::variants().is_empty() && !opts.tag {
        (f.min_items, f.max_items) = (0, 0);
    }
    let shape = if set {
        BlockShape::Set
    } else {
        BlockShape::List
    };
    shape_spec::<T>(opts, |type_name, nested| {
        let f = BlockField {
            type_name,
            ..f.clone()
        };
        field::block(shape, &f, nested)
    })
}

/// The spec of a block map with `depth` label levels.
pub(crate) fn map_spec<T: HclBody>(opts: &BlockOptions, depth: usize) -> Spec {
    // Labels key the map; `tag` applies to lists, sets and single blocks
    // (the derive rejects it on maps).
    let opts = &BlockOptions {
        tag: false,
        ..opts.clone()
    };
    let f = opts.field();
    shape_spec::<T>(opts, |type_name, nested| {
        let f = BlockField {
            type_name,
            ..f.clone()
        };
        field::block(BlockShape::Map(depth), &f, nested)
    })
}

macro_rules! deref_body {
    ($($p:ident),*) => {$(
        impl<T: HclBody> HclBody for $p<T> {
            fn body_shape() -> BodyShape {
                T::body_shape()
            }
            fn variants() -> &'static [&'static str] {
                T::variants()
            }
            fn from_block(variant: usize, value: &Value, at: At<'_>) -> Result<Self, Error> {
                T::from_block(variant, value, at).map($p::new)
            }
            fn description() -> Option<&'static str> {
                T::description()
            }
        }

        impl<T: HclBody> HclBlocks for $p<T> {
            fn block_spec(opts: &BlockOptions) -> Spec {
                single_spec::<T>(opts, true)
            }
            fn from_blocks(value: &Value, at: At<'_>, opts: &BlockOptions) -> Result<Self, Error> {
                match single_from::<T>(value, at, opts, true)? {
                    Some(t) => Ok($p::new(t)),
                    None => Err(missing_block(at, opts)),
                }
            }
            fn locate_blocks(
                path: &[super::PathSegment<'_>],
                at: At<'_>,
            ) -> Option<hcldecode_spec::source::Range> {
                locate_single_block::<T>(path, at)
            }
        }

        impl<T: HclBody> HclKeyed for $p<T> {
            type Leaf = T;
            const DEPTH: usize = 0;
            fn from_leaf(_: &[String], leaf: T) -> Self {
                $p::new(leaf)
            }
            fn insert_leaf(&mut self, _: &[String], _: T) -> bool {
                false
            }
        }
    )*};
}

deref_body!(Box, Rc, Arc);

/// The error for a required block that is absent, when the engine has
/// not reported it (it has, for a struct).
pub(crate) fn missing_block(at: At<'_>, opts: &BlockOptions) -> Error {
    Error::unknown(at.diagnostic(
        format!("Missing {} block", opts.type_name),
        format!("A block of type {:?} is required here.", opts.type_name),
    ))
}

impl<T: HclBody> HclBlocks for Option<T> {
    fn block_spec(opts: &BlockOptions) -> Spec {
        single_spec::<T>(opts, opts.required)
    }
    fn from_blocks(value: &Value, at: At<'_>, opts: &BlockOptions) -> Result<Self, Error> {
        single_from::<T>(value, at, opts, opts.required)
    }
    fn locate_blocks(
        path: &[super::PathSegment<'_>],
        at: At<'_>,
    ) -> Option<hcldecode_spec::source::Range> {
        locate_single_block::<T>(path, at)
    }
    fn __direct_blocks(body: &mut DirectBody<'_>, i: usize, opts: &BlockOptions) -> Option<Self> {
        if opts.tag {
            let mut out = None;
            direct_tagged::<T>(body, i, &mut |t| out = Some(t))?;
            return Some(out);
        }
        if !direct_leaf::<T>(opts) {
            return None;
        }
        body.single(i, &mut |b| T::__INTERNALS.body(b))
    }
}

impl<T: HclBody> HclBlocks for Vec<T> {
    fn block_spec(opts: &BlockOptions) -> Spec {
        list_spec::<T>(opts, false)
    }
    fn from_blocks(value: &Value, at: At<'_>, opts: &BlockOptions) -> Result<Self, Error> {
        let mut out = Vec::new();
        decode_items::<T>(value, at, opts, 0, |_, t, _, _| out.push(t))?;
        Ok(out)
    }
    fn locate_blocks(
        path: &[super::PathSegment<'_>],
        at: At<'_>,
    ) -> Option<hcldecode_spec::source::Range> {
        locate_block_list::<T>(path, at)
    }
    fn __direct_blocks(body: &mut DirectBody<'_>, i: usize, opts: &BlockOptions) -> Option<Self> {
        if opts.tag {
            let mut out = Vec::new();
            direct_tagged::<T>(body, i, &mut |t| out.push(t))?;
            return Some(out);
        }
        if !direct_leaf::<T>(opts) {
            return None;
        }
        body.list(i, &mut |b| T::__INTERNALS.body(b))
    }
}

impl<T: HclBody + Eq + Hash, S: BuildHasher + Default> HclBlocks for HashSet<T, S> {
    fn block_spec(opts: &BlockOptions) -> Spec {
        list_spec::<T>(opts, true)
    }
    fn from_blocks(value: &Value, at: At<'_>, opts: &BlockOptions) -> Result<Self, Error> {
        let mut out = HashSet::default();
        decode_items::<T>(value, at, opts, 0, |_, t, _, _| {
            out.insert(t);
        })?;
        Ok(out)
    }
}

impl<T: HclBody + Ord> HclBlocks for BTreeSet<T> {
    fn block_spec(opts: &BlockOptions) -> Spec {
        list_spec::<T>(opts, true)
    }
    fn from_blocks(value: &Value, at: At<'_>, opts: &BlockOptions) -> Result<Self, Error> {
        let mut out = BTreeSet::new();
        decode_items::<T>(value, at, opts, 0, |_, t, _, _| {
            out.insert(t);
        })?;
        Ok(out)
    }
}

/// A label-keyed map of blocks, for each map type.
macro_rules! keyed_map {
    ([$($gen:tt)*] $map:ty, $new:expr, $reserve:expr) => {
        impl<V: HclKeyed, $($gen)*> HclKeyed for $map {
            type Leaf = V::Leaf;
            const DEPTH: usize = V::DEPTH + 1;
            fn from_leaf(keys: &[String], leaf: V::Leaf) -> Self {
                let mut m = $new;
                if let Some((k, rest)) = keys.split_first() {
                    m.insert(k.clone(), V::from_leaf(rest, leaf));
                }
                m
            }
            fn insert_leaf(&mut self, keys: &[String], leaf: V::Leaf) -> bool {
                let Some((k, rest)) = keys.split_first() else {
                    return false;
                };
                match self.get_mut(k) {
                    Some(v) => v.insert_leaf(rest, leaf),
                    None => {
                        self.insert(k.clone(), V::from_leaf(rest, leaf));
                        true
                    }
                }
            }
        }

        impl<V: HclKeyed, $($gen)*> HclBlocks for $map {
            fn block_spec(opts: &BlockOptions) -> Spec {
                map_spec::<V::Leaf>(opts, Self::DEPTH)
            }
            fn from_blocks(value: &Value, at: At<'_>, opts: &BlockOptions) -> Result<Self, Error> {
                let mut out = $new;
                // The value's first level is the map's: room for its keys
                // at once, not by doubling.
                $reserve(&mut out, value.length_int().unwrap_or(0));
                // The engine reports duplicate labels among blocks of one
                // type; blocks of an enum's several types, and labels equal
                // only once normalized (keys are NFC), collide unreported.
                let enum_ = !V::Leaf::variants().is_empty();
                let mut raw_seen: std::collections::HashSet<Vec<String>> = Default::default();
                decode_items::<V::Leaf>(value, at, opts, Self::DEPTH, |keys, t, at, errs| {
                    // Labels as written, seen before: the engine's duplicate.
                    let reported = !enum_
                        && at.block_trace().is_some_and(|b| {
                            let raw = b.labels.iter().take(keys.len()).map(|(l, _)| l.clone());
                            !raw_seen.insert(raw.collect())
                        });
                    if !out.insert_leaf(keys, t) && !reported {
                        let labels: String = keys.iter().map(|k| format!(" {k:?}")).collect();
                        errs.push(at.coded_error(
                            Code::DuplicateBlock,
                            "Duplicate block",
                            format!("A block for{labels} was already defined. The labels must be unique (labels are compared in Unicode Normalization Form C)."),
                        ));
                    }
                })?;
                Ok(out)
            }
            fn locate_blocks(
                path: &[super::PathSegment<'_>],
                at: At<'_>,
            ) -> Option<hcldecode_spec::source::Range> {
                locate_block_map::<Self>(path, at)
            }
            fn __direct_blocks(
                body: &mut DirectBody<'_>,
                i: usize,
                opts: &BlockOptions,
            ) -> Option<Self> {
                if V::DEPTH != 0 || !direct_leaf::<V::Leaf>(opts) {
                    return None;
                }
                let mut out = $new;
                $reserve(&mut out, body.map_len(i)?);
                // A key seen before: an error, or labels equal once
                // normalized; the usual path tells which.
                let n = body.map(i, &mut |b| V::Leaf::__INTERNALS.body(b), &mut |k, leaf| {
                    out.insert_leaf(std::slice::from_ref(&k), leaf)
                })?;
                // Counts (checked here, not by the spec): as `check_count`.
                if BlockCount::of(n, opts.min_items, opts.max_items) != BlockCount::Fits {
                    return None;
                }
                Some(out)
            }
        }
    };
}

keyed_map!(
    [S: BuildHasher + Default] HashMap<String, V, S>,
    HashMap::default(),
    HashMap::reserve
);
keyed_map!(
    [] BTreeMap<String, V>,
    BTreeMap::new(),
    |_: &mut BTreeMap<String, V>, _| ()
);
// In the blocks' source order, on both paths.
#[cfg(feature = "indexmap")]
keyed_map!(
    [S: BuildHasher + Default] indexmap::IndexMap<String, V, S>,
    indexmap::IndexMap::default(),
    indexmap::IndexMap::reserve
);

// ----- where a path into blocks was written (`HclBlocks::locate_blocks`) ----
