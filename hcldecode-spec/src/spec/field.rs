//! How a field of a derived struct becomes a spec: the one builder that
//! the derive's compile-time check (from what the field's syntax shows)
//! and the generated `spec()` (from the field type's impls, at run time)
//! both call, so the spec checked at compile time is the spec decoded
//! with. [`outline`] is what the two are compared by.

use std::sync::Arc;

use super::{
    AttrSpec, BlockAttrsSpec, BlockCollectionSpec, BlockLabelSpec, BlockMapSpec, BlockSpec,
    ObjectSpec, Spec, ValueConstraint,
};
use crate::types::Type;

/// Whether an attribute field is required: it has no default and its type
/// cannot be absent (`Option`, `Value`).
///
/// ```
/// use hcldecode_spec::spec::field::attr_required;
/// assert!(attr_required(false, false));
/// assert!(!attr_required(true, false));
/// assert!(!attr_required(false, true));
/// ```
pub fn attr_required(has_default: bool, optional_type: bool) -> bool {
    !has_default && !optional_type
}

/// The type an attribute field's spec declares for a Rust type of HCL type
/// `ty`: `any` when the type has `optional()` attributes or dynamic parts,
/// whose values the field's constraint (and the type itself) check, as
/// each part converts itself.
///
/// ```
/// use hcldecode_spec::spec::field::attr_type;
/// use hcldecode_spec::types::Type;
/// assert_eq!(attr_type(Type::list(Type::String), false), Type::list(Type::String));
/// assert_eq!(attr_type(Type::list(Type::Dynamic), false), Type::Dynamic);
/// assert_eq!(attr_type(Type::String, true), Type::Dynamic);
/// ```
pub fn attr_type(ty: Type, has_optional_attrs: bool) -> Type {
    if has_optional_attrs || ty.has_dynamic_types() {
        Type::Dynamic
    } else {
        ty
    }
}

/// An attribute field's spec.
///
/// ```
/// use hcldecode_spec::spec::{Spec, field};
/// use hcldecode_spec::types::Type;
/// let Spec::Attr(a) = field::attr("port", Type::Number, true) else { panic!() };
/// assert!(a.required && a.name == "port");
/// ```
pub fn attr(name: &str, ty: Type, required: bool) -> Spec {
    Spec::Attr(AttrSpec::new(name, ty, required))
}

/// A label field's spec: label `index` of its block, named `name`.
///
/// ```
/// use hcldecode_spec::spec::{Spec, field};
/// assert!(matches!(field::label(0, "name"), Spec::BlockLabel(l) if l.index == 0));
/// ```
pub fn label(index: usize, name: &str) -> Spec {
    Spec::BlockLabel(BlockLabelSpec::new(index, name.to_string()))
}

/// Whether a `block_attrs` field's block is required: when the field says
/// `required`, or it has no default and its type cannot be absent.
///
/// ```
/// use hcldecode_spec::spec::field::block_attrs_required;
/// assert!(block_attrs_required(false, false, false));
/// assert!(block_attrs_required(true, false, true));
/// assert!(!block_attrs_required(false, false, true));
/// ```
pub fn block_attrs_required(explicit: bool, has_default: bool, optional_type: bool) -> bool {
    explicit || attr_required(has_default, optional_type)
}

/// A `block_attrs` field's spec: a block read as a map of its attributes of
/// `element_type`. `constraint`, the field type's (a map's), gives each
/// attribute its element constraint where that describes values of the
/// element type (a declared `type` may differ).
///
/// ```
/// use hcldecode_spec::spec::{Spec, field};
/// use hcldecode_spec::types::Type;
/// let s = field::block_attrs("tags", Type::String, true, None);
/// assert!(matches!(s, Spec::BlockAttrs(b) if b.required && b.element_type == Type::String));
/// ```
pub fn block_attrs(
    type_name: &str,
    element_type: Type,
    required: bool,
    constraint: Option<ValueConstraint>,
) -> Spec {
    let element_constraint = match constraint.map(ValueConstraint::nullable) {
        Some(ValueConstraint::Map(e)) if e.ty() == element_type => Some(Arc::new(*e)),
        _ => None,
    };
    Spec::BlockAttrs(BlockAttrsSpec {
        type_name: type_name.to_string(),
        element_type,
        element_constraint,
        required,
        description: None,
    })
}

/// How many blocks a block field's Rust type holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockShape {
    /// Exactly one (a body type itself, or a pointer to one).
    Single,
    /// At most one (`Option`), unless the field says `required`.
    Optional,
    /// A list of blocks (`Vec`).
    List,
    /// A set of blocks (`HashSet`, `BTreeSet`).
    Set,
    /// A map keyed by this many label levels (nested maps).
    Map(usize),
}

/// What a block field's attributes say of its blocks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BlockField {
    /// The block type's name.
    pub type_name: String,
    /// `min_items` (lists and sets).
    pub min_items: usize,
    /// `max_items` (lists and sets; 0: no limit).
    pub max_items: usize,
    /// `required` (an `Option` block).
    pub required: bool,
    /// `labels = [...]`: the names of a block map's labels.
    pub labels: Vec<String>,
}

impl BlockField {
    /// The names of a block map's `depth` labels: those given, then `name`
    /// for a map of one level and `label<n>` for deeper ones.
    ///
    /// ```
    /// use hcldecode_spec::spec::field::BlockField;
    /// let f = BlockField { labels: vec!["region".into()], ..Default::default() };
    /// assert_eq!(f.label_names(2), ["region", "label2"]);
    /// assert_eq!(BlockField::default().label_names(1), ["name"]);
    /// ```
    pub fn label_names(&self, depth: usize) -> Vec<String> {
        (0..depth)
            .map(|i| match self.labels.get(i) {
                Some(n) => n.clone(),
                None if depth == 1 => "name".to_string(),
                None => format!("label{}", i + 1),
            })
            .collect()
    }
}

/// A block field's spec: the blocks of `field.type_name` that `shape`
/// holds, each body read by `nested`.
///
/// ```
/// use hcldecode_spec::spec::field::{self, BlockField, BlockShape};
/// use hcldecode_spec::spec::{ObjectSpec, Spec};
/// let f = BlockField { type_name: "rule".into(), min_items: 1, ..Default::default() };
/// let s = field::block(BlockShape::List, &f, Spec::Object(ObjectSpec::default()));
/// assert!(matches!(s, Spec::BlockList(c) if c.min_items == 1 && c.type_name == "rule"));
/// ```
pub fn block(shape: BlockShape, field: &BlockField, nested: Spec) -> Spec {
    let nested = Box::new(nested);
    let type_name = field.type_name.clone();
    let collection = |type_name, nested| BlockCollectionSpec {
        type_name,
        nested,
        min_items: field.min_items,
        max_items: field.max_items,
        description: None,
    };
    match shape {
        BlockShape::Single | BlockShape::Optional => Spec::Block(BlockSpec {
            type_name,
            nested,
            required: shape == BlockShape::Single || field.required,
            description: None,
        }),
        BlockShape::List => Spec::BlockList(collection(type_name, nested)),
        BlockShape::Set => Spec::BlockSet(collection(type_name, nested)),
        BlockShape::Map(depth) => Spec::BlockMap(BlockMapSpec {
            type_name,
            labels: field.label_names(depth),
            nested,
            description: None,
        }),
    }
}

/// A struct's body: the object of its fields' specs, by property key.
///
/// ```
/// use hcldecode_spec::spec::{Spec, field};
/// let s = field::body(vec![("name".into(), field::label(0, "name"))]);
/// assert!(matches!(s, Spec::Object(o) if o.properties.len() == 1));
/// ```
pub fn body(properties: Vec<(String, Spec)>) -> Spec {
    Spec::Object(ObjectSpec { properties })
}

/// What a struct's spec says of each field, one line per property
/// (`key: kind(...)`) of the object `spec` is (through transforms and
/// hooks), as far as compile time can know it: an attribute's name, type
/// and whether required; a block field's kind, type name, count limits and
/// labels (not its body, which is its type's); a label's index and name;
/// a `block_attrs` field's element type and whether required; a flattened
/// struct as `object`; an enum's block types as `variants(kind)`. The
/// derive's compile-time spec and the generated `spec()` must give the same
/// outline for every field whose Rust type the derive knows.
///
/// ```
/// use hcldecode_spec::spec::field::{self, BlockField, BlockShape};
/// use hcldecode_spec::spec::{ObjectSpec, Spec};
/// use hcldecode_spec::types::Type;
/// let nested = || Spec::Object(ObjectSpec::default());
/// let rule = BlockField { type_name: "rule".into(), ..Default::default() };
/// let s = field::body(vec![
///     ("port".into(), field::attr("port", Type::Number, true)),
///     ("rule".into(), field::block(BlockShape::List, &rule, nested())),
/// ]);
/// assert_eq!(
///     field::outline(&s),
///     [("port".to_string(), "attr(port, number, required)".to_string()),
///      ("rule".to_string(), "block_list(rule, 0..0)".to_string())],
/// );
/// ```
pub fn outline(spec: &Spec) -> Vec<(String, String)> {
    let Spec::Object(o) = spec.unwrapped() else {
        return Vec::new();
    };
    o.properties
        .iter()
        .map(|(k, s)| (k.clone(), line(s)))
        .collect()
}

/// One field's line of [`outline`]: what the spec of the field says.
///
/// ```
/// use hcldecode_spec::spec::field;
/// assert_eq!(field::line(&field::label(1, "name")), "label(1, name)");
/// ```
pub fn line(spec: &Spec) -> String {
    let required = |r: bool| if r { ", required" } else { "" };
    match spec.unwrapped() {
        Spec::Attr(a) => format!(
            "attr({}, {}{})",
            a.name,
            a.ty.to_type_expr(),
            required(a.required)
        ),
        Spec::Block(b) => format!("block({}{})", b.type_name, required(b.required)),
        Spec::BlockList(c) => format!(
            "block_list({}, {}..{})",
            c.type_name, c.min_items, c.max_items
        ),
        Spec::BlockSet(c) => format!(
            "block_set({}, {}..{})",
            c.type_name, c.min_items, c.max_items
        ),
        Spec::BlockMap(m) => format!("block_map({}, [{}])", m.type_name, m.labels.join(", ")),
        Spec::BlockLabel(l) => format!("label({}, {})", l.index, l.name),
        Spec::BlockAttrs(b) => format!(
            "block_attrs({}, {}{})",
            b.type_name,
            b.element_type.to_type_expr(),
            required(b.required)
        ),
        // An enum's block types (its variants), each read as the field's
        // kind says: which the derive cannot see in the field's syntax.
        Spec::Object(o)
            if !o.properties.is_empty()
                && o.properties
                    .iter()
                    .all(|(_, s)| s.unwrapped().block_type_name().is_some()) =>
        {
            format!("variants({})", o.properties[0].1.unwrapped().kind_name())
        }
        // A flattened struct.
        Spec::Object(_) => "object".to_string(),
        other @ (Spec::Tuple(_)
        | Spec::Literal(_)
        | Spec::Expr(_)
        | Spec::BlockTuple(_)
        | Spec::BlockObject(_)
        | Spec::Default(_)
        | Spec::Transform(_)
        | Spec::Validate(_)) => other.kind_name().to_string(),
    }
}
