//! Where decoded values come from: a trace the engine records alongside the
//! value when asked ([`decode_traced`](super::decode_traced)), and the two
//! decode hooks that stand in for cty's capsule types.
//!
//! The trace mirrors the spec tree: an `object` spec gives a
//! [`Trace::Object`] with one trace per property, an `attr` spec the
//! attribute's expression and name, a `block_list` spec one [`BlockTrace`]
//! per block (its definition range, labels and the trace of its body), and
//! so on. Typed decoding (`#[derive(HclDecode)]`) walks it to attach source
//! ranges to the errors only it can find (an integer out of range, an
//! unknown enum variant, a custom scalar that does not parse) and to hand
//! raw expressions and remaining bodies to the fields that want them.
//!
//! The untyped path does not pay for it: the engine is generic over a
//! recorder, and the recorder of [`decode`](super::decode) records nothing
//! (its trace type is `()`), so that instantiation is the engine as it was.
//!
//! # Hooks: raw expressions and remaining bodies
//!
//! cty has no value for "an expression, unevaluated" or "the rest of a
//! body"; go-cty/hcldec solve this with capsule types and `customdecode`
//! (an attribute whose type is the expression capsule type receives the
//! expression instead of its value). hcldecode keeps the type system free
//! of capsules: a spec subtree is instead wrapped in a `transform` whose
//! function is a [`DecodeHook`], and the engine recognises the hook.
//!
//! - [`DecodeHook::RawExpression`] wraps an `attr` spec: the attribute is
//!   read (and required if the spec says so) but not evaluated; its value is
//!   unknown (null when absent) and the trace holds the expression.
//! - [`DecodeHook::Remain`] wraps the spec of a body: the body is decoded as
//!   `PartialContent` (what the spec does not describe is not an error) and
//!   the body's [`BodyTrace`] holds what remains.
//!
//! Everything that treats transforms as transparent (schemas, label names,
//! validation) therefore sees the wrapped spec, and the implied type of a
//! hook is the wrapped spec's. A spec file cannot express either hook:
//! [`Spec::to_spec_file`](hcldecode_spec::spec::Spec::to_spec_file) prints
//! the wrapped spec with a comment saying so.

use hcldecode_spec::source::Range;
pub use hcldecode_spec::spec::Hook as DecodeHook;
use hcldecode_spec::syntax::body::{Attribute, Body};
use hcldecode_spec::syntax::expr::Expression;

use crate::value::Value;

/// Where a decoded value came from. See the [module docs](self).
///
/// ```
/// use hcldecode::decode::{decode_traced, Trace};
/// use hcldecode::spec_file::LoadedSpec;
/// let (spec, _) = LoadedSpec::load_str(
///     "block_list {\n  block_type = \"svc\"\n  object {\n    block_label \"name\" {\n      index = 0\n    }\n  }\n}\n",
///     "s.hcldec",
/// );
/// let (file, _) = hcldecode::parse::parse_native(b"svc \"a\" {}\nsvc \"b\" {}\n", "a.hcl");
/// let (_, trace, _) = decode_traced(&file.body, &spec.unwrap().spec, None, None);
/// let Trace::Body(body) = trace else { panic!() };
/// let Trace::Blocks(blocks) = &body.spec else { panic!() };
/// assert_eq!(blocks[1].labels[0].0, "b");
/// assert_eq!(blocks[1].def_range.to_string(), "a.hcl:2,1-8");
/// ```
#[derive(Clone, Debug, Default)]
pub enum Trace {
    /// Nothing to point at: literals, specs that read nothing.
    #[default]
    None,
    /// An `attr` spec whose attribute is present (also a raw expression).
    Attr(AttrTrace),
    /// An `attr`, `block` or `block_attrs` spec whose attribute or block is
    /// absent: where it would go (the body's missing-item range).
    Absent(Range),
    /// An `expr` spec: the expression.
    Expr(Expression),
    /// An `object` spec: each property's name and trace, in declaration
    /// order (a name may repeat; the value keeps the last).
    Object(Vec<(String, Trace)>),
    /// An `array` (tuple) spec: one trace per element.
    Tuple(Vec<Trace>),
    /// A `block` spec whose block is present.
    Block(Box<BlockTrace>),
    /// A `block_list`, `block_tuple`, `block_set`, `block_map` or
    /// `block_object` spec: every block of the type, in source order
    /// (including blocks the value leaves out, such as duplicates).
    Blocks(Vec<BlockTrace>),
    /// A `block_attrs` spec whose block is present.
    BlockAttrs {
        /// The block's definition range.
        def_range: Range,
        /// Its attributes, in source order.
        attrs: Vec<AttrTrace>,
    },
    /// A `block_label` spec: the label's range.
    Label(Range),
    /// The body a block (or the root) is decoded from, around the trace of
    /// its spec.
    Body(Box<BodyTrace>),
}

/// A present attribute.
#[derive(Clone, Debug)]
pub struct AttrTrace {
    /// Its name.
    pub name: String,
    /// The name's range.
    pub name_range: Range,
    /// The value expression.
    pub expr: Expression,
}

impl AttrTrace {
    pub(crate) fn new(a: &Attribute<'_>) -> AttrTrace {
        AttrTrace {
            name: a.name.to_string(),
            name_range: a.name_range(),
            expr: a.expr.to_expression(),
        }
    }

    /// From the name through the value (the context of a diagnostic).
    pub fn range(&self) -> Range {
        Range::between(&self.name_range, &self.expr.range())
    }
}

/// One block.
#[derive(Clone, Debug)]
pub struct BlockTrace {
    /// The block type's range.
    pub type_range: Range,
    /// The block's definition range (type through last label).
    pub def_range: Range,
    /// Its labels: value and range.
    pub labels: Vec<(String, Range)>,
    /// Its position among the blocks of its body that the body's spec
    /// reads (source order across block types, and across files of a
    /// merged body): blocks of different types can be put back in order.
    pub index: usize,
    /// The value decoded from its body, as it was before a collection
    /// unified it with its siblings (a set reorders and deduplicates
    /// elements; this keeps each block's own value).
    pub value: Value,
    /// The trace of its body ([`Trace::Body`]).
    pub body: Trace,
}

/// A decoded body.
#[derive(Clone, Debug)]
pub struct BodyTrace {
    /// Where a missing item would go (`MissingItemRange`).
    pub missing: Range,
    /// What remains of the body when its spec has a [`DecodeHook::Remain`].
    pub rest: Option<Body>,
    /// The trace of the body's spec.
    pub spec: Trace,
}

/// What the engine records: nothing (`()`) for plain decoding, a [`Trace`]
/// for traced decoding. Trace construction sits behind closures the
/// non-recording instantiation never calls.
pub(crate) trait Recorder {
    /// The recorded trace.
    type T;
    /// The recorded trace of one block (sent back from the threads that
    /// decode blocks, `DecodeOptions::threads`).
    type B: Send;
    /// Whether anything is recorded.
    const ON: bool;
    /// Records `f()`.
    fn rec(f: impl FnOnce() -> Trace) -> Self::T;
    /// A recorded trace as a [`Trace`] (for nesting).
    fn get(t: Self::T) -> Trace;
    /// Records a block's trace.
    fn block(f: impl FnOnce() -> BlockTrace) -> Self::B;
    /// Adds a recorded block trace to a list.
    fn push_block(list: &mut Vec<BlockTrace>, b: Self::B);
    /// A recorded block trace, for a single block.
    fn get_block(b: Self::B) -> Trace;
}

/// Records nothing.
pub(crate) struct Off;

impl Recorder for Off {
    type T = ();
    type B = ();
    const ON: bool = false;
    #[inline(always)]
    fn rec(_: impl FnOnce() -> Trace) {}
    #[inline(always)]
    fn get(_: ()) -> Trace {
        Trace::None
    }
    #[inline(always)]
    fn block(_: impl FnOnce() -> BlockTrace) {}
    #[inline(always)]
    fn push_block(_: &mut Vec<BlockTrace>, _: ()) {}
    #[inline(always)]
    fn get_block(_: ()) -> Trace {
        Trace::None
    }
}

/// Records traces.
pub(crate) struct On;

impl Recorder for On {
    type T = Trace;
    type B = BlockTrace;
    const ON: bool = true;
    fn rec(f: impl FnOnce() -> Trace) -> Trace {
        f()
    }
    fn get(t: Trace) -> Trace {
        t
    }
    fn block(f: impl FnOnce() -> BlockTrace) -> BlockTrace {
        f()
    }
    fn push_block(list: &mut Vec<BlockTrace>, b: BlockTrace) {
        list.push(b);
    }
    fn get_block(b: BlockTrace) -> Trace {
        Trace::Block(Box::new(b))
    }
}
