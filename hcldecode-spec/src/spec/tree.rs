//! The spec tree's types: the `Spec` enum and its kinds' structs, which
//! hold each other and so live together (the kind modules load and print
//! them).

use std::sync::Arc;

use super::constraint::ValueConstraint;
use super::dynamic::DynRef;
use super::transformation::Transform;
use crate::syntax::expr::Expression;
use crate::types::Type;
use crate::value::Value;

/// A description of how to decode a body.
#[derive(Clone, Debug)]
pub enum Spec {
    /// `object`: an object whose attributes are decoded by the named specs,
    /// from the same body.
    Object(ObjectSpec),
    /// `array` (a tuple spec): a tuple of the child specs' results.
    Tuple(Vec<Spec>),
    /// `attr`: the value of one attribute, converted to a type.
    Attr(AttrSpec),
    /// `literal`: a constant.
    Literal(LiteralSpec),
    /// An expression evaluated in the decode context, ignoring the body.
    Expr(Expression),
    /// `block`: one nested block decoded by the nested spec.
    Block(BlockSpec),
    /// `block_list`: all blocks of a type, as a list.
    BlockList(BlockCollectionSpec),
    /// `block_tuple`: all blocks of a type, as a tuple (types may differ).
    BlockTuple(BlockCollectionSpec),
    /// `block_set`: all blocks of a type, as a set.
    BlockSet(BlockCollectionSpec),
    /// `block_map`: blocks keyed by their labels, as nested maps.
    BlockMap(BlockMapSpec),
    /// `block_object`: blocks keyed by their labels, as nested objects.
    BlockObject(BlockMapSpec),
    /// `block_attrs`: one block whose attributes form a map.
    BlockAttrs(BlockAttrsSpec),
    /// `block_label`: a label of the block whose body is being decoded.
    BlockLabel(BlockLabelSpec),
    /// `default`: the primary spec's value, or the default's when null.
    Default(DefaultSpec),
    /// `transform`: the wrapped spec's value passed through an expression
    /// or function.
    Transform(TransformSpec),
    /// `validate`: the wrapped spec's value checked by a function.
    Validate(ValidateSpec),
}

/// The kinds of [`Spec`], as spec files name them: one per variant, so a
/// `match` on a kind lists every kind as a `match` on a spec does.
///
/// ```
/// use hcldecode_spec::spec::SpecKind;
/// assert_eq!(SpecKind::from_name("block_list"), Some(SpecKind::BlockList));
/// assert_eq!(SpecKind::from_name("tuple"), Some(SpecKind::Tuple));
/// assert_eq!(SpecKind::Tuple.name(), "array");
/// assert!(!SpecKind::Validate.in_spec_files());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SpecKind {
    /// `object`.
    Object,
    /// `array` (also spelt `tuple`, as terraform-provider-hcl does).
    Tuple,
    /// `attr`.
    Attr,
    /// `literal`.
    Literal,
    /// An expression spec (no spec-file block).
    Expr,
    /// `block`.
    Block,
    /// `block_list`.
    BlockList,
    /// `block_tuple`.
    BlockTuple,
    /// `block_set`.
    BlockSet,
    /// `block_map`.
    BlockMap,
    /// `block_object`.
    BlockObject,
    /// `block_attrs`.
    BlockAttrs,
    /// `block_label`.
    BlockLabel,
    /// `default`.
    Default,
    /// `transform`.
    Transform,
    /// `validate` (no spec-file block).
    Validate,
}

/// Object properties, in declaration order.
#[derive(Clone, Debug, Default)]
pub struct ObjectSpec {
    /// `(property name, spec)` pairs.
    pub properties: Vec<(String, Spec)>,
}

/// An attribute.
#[derive(Clone, Debug)]
pub struct AttrSpec {
    /// The attribute name in the input.
    pub name: String,
    /// The type to convert to (`Type::Dynamic` for any).
    pub ty: Type,
    /// Whether it must be present.
    pub required: bool,
    /// What values it accepts beyond what `ty` says, where the layer that
    /// checks them knows (see [`ValueConstraint`]); only the JSON Schema
    /// reads it.
    pub constraint: Option<Arc<ValueConstraint>>,
    /// What the item is for, from the spec file's `description` argument
    /// (an extension) or a derived field's doc comment: shown by editors,
    /// ignored by decoding.
    pub description: Option<String>,
}

/// A constant value.
#[derive(Clone, Debug)]
pub struct LiteralSpec {
    /// The value.
    pub value: Value,
}

/// A single nested block.
#[derive(Clone, Debug)]
pub struct BlockSpec {
    /// The block type.
    pub type_name: String,
    /// How to decode its body.
    pub nested: Box<Spec>,
    /// Whether it must be present.
    pub required: bool,
    /// What the item is for, from the spec file's `description` argument
    /// (an extension) or a derived field's doc comment: shown by editors,
    /// ignored by decoding.
    pub description: Option<String>,
}

/// Blocks of one type collected as a list, tuple or set.
#[derive(Clone, Debug)]
pub struct BlockCollectionSpec {
    /// The block type.
    pub type_name: String,
    /// How to decode each body.
    pub nested: Box<Spec>,
    /// Minimum number of blocks.
    pub min_items: usize,
    /// Maximum number of blocks; 0 means no limit.
    pub max_items: usize,
    /// What the item is for, from the spec file's `description` argument
    /// (an extension) or a derived field's doc comment: shown by editors,
    /// ignored by decoding.
    pub description: Option<String>,
}

/// How a number of blocks compares with a collection's `min_items` and
/// `max_items` (0: no limit): the one statement of the rule, which the
/// engine reports, typed decoding's fast path leaves to the engine, and
/// typed decoding applies to what only it collects (an enum's several
/// block types, maps of blocks).
///
/// ```
/// use hcldecode_spec::spec::BlockCount;
/// assert_eq!(BlockCount::of(0, 1, 0), BlockCount::TooFew);
/// assert_eq!(BlockCount::of(3, 1, 0), BlockCount::Fits);
/// assert_eq!(BlockCount::of(3, 0, 2), BlockCount::TooMany);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockCount {
    /// Within the bounds.
    Fits,
    /// Fewer than `min_items` ("Insufficient ... blocks").
    TooFew,
    /// More than a non-zero `max_items` ("Too many ... blocks").
    TooMany,
}

/// Blocks keyed by labels.
#[derive(Clone, Debug)]
pub struct BlockMapSpec {
    /// The block type.
    pub type_name: String,
    /// One map level per label name (at least one).
    pub labels: Vec<String>,
    /// How to decode each body.
    pub nested: Box<Spec>,
    /// What the item is for, from the spec file's `description` argument
    /// (an extension) or a derived field's doc comment: shown by editors,
    /// ignored by decoding.
    pub description: Option<String>,
}

/// A block read as a map of its attributes.
#[derive(Clone, Debug)]
pub struct BlockAttrsSpec {
    /// The block type.
    pub type_name: String,
    /// The type each attribute converts to.
    pub element_type: Type,
    /// What each attribute accepts beyond its type, as far as the layer
    /// that decodes it knows (a typed map's element range, say), for the
    /// JSON Schema; decoding never reads it.
    pub element_constraint: Option<Arc<ValueConstraint>>,
    /// Whether the block must be present.
    pub required: bool,
    /// What the item is for, from the spec file's `description` argument
    /// (an extension) or a derived field's doc comment: shown by editors,
    /// ignored by decoding.
    pub description: Option<String>,
}

/// A label of the enclosing block.
#[derive(Clone, Debug)]
pub struct BlockLabelSpec {
    /// Which label, from 0.
    pub index: usize,
    /// The label's name, for messages.
    pub name: String,
    /// When the label names the kind of the block (a typed `tag = "label"`
    /// enum of block bodies): the label values it may have, each with the
    /// spec the rest of the block is decoded with. Decoding does not read
    /// it (the typed layer decodes the rest once it has the label); the
    /// JSON Schema describes each value's body.
    pub variants: Option<Arc<[(String, Spec)]>>,
}

/// A primary spec with a fallback.
#[derive(Clone, Debug)]
pub struct DefaultSpec {
    /// Tried first.
    pub primary: Box<Spec>,
    /// Used when the primary gives null.
    pub default: Box<Spec>,
}

/// A spec whose value is transformed.
#[derive(Clone, Debug)]
pub struct TransformSpec {
    /// The wrapped spec.
    pub wrapped: Box<Spec>,
    /// The transformation.
    pub transform: Transform,
}

/// A spec whose value is validated.
#[derive(Clone, Debug)]
pub struct ValidateSpec {
    /// The wrapped spec.
    pub wrapped: Box<Spec>,
    /// The validation function (dynamic layer).
    pub func: DynRef,
}
