//! [`ValueConstraint`]: what values an attribute accepts beyond what its
//! type constraint says, known to the layer that checks them (a typed
//! field's enum names and integer range, a spec file's `optional(...)`
//! object attributes), carried on [`AttrSpec`](super::AttrSpec) for the
//! JSON Schema ([`Spec::to_json_schema`](super::Spec::to_json_schema)).
//! Decoding never reads it: the checks themselves stay where they are
//! (the typed layer's `from_hcl`, the transform of an `optional(...)`
//! type).

use crate::types::Type;

/// The values an attribute (or a part of its value) accepts, as far as the
/// layer that decodes it knows them. Every constraint describes a subset of
/// what its type converts from; parts not described are
/// [`ValueConstraint::Type`]. Null is accepted unless
/// [`NonNull`](ValueConstraint::NonNull) says otherwise.
///
/// ```
/// use hcldecode_spec::spec::ValueConstraint;
/// use hcldecode_spec::types::Type;
/// // A `Vec<u8>` field: a list of whole numbers from 0 to 255.
/// let c = ValueConstraint::List(Box::new(ValueConstraint::NonNull(Box::new(
///     ValueConstraint::Integer { min: 0, max: 255 },
/// ))));
/// assert_eq!(c.ty(), Type::list(Type::Number));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum ValueConstraint {
    /// Any value that converts to the type.
    Type(Type),
    /// A string, one of these (a typed unit-variant enum).
    OneOf(Vec<String>),
    /// A whole number from `min` to `max` (a typed integer; `u128`'s upper
    /// bound is given as `i128::MAX`).
    Integer {
        /// The least value.
        min: i128,
        /// The greatest value.
        max: i128,
    },
    /// A list of elements of the constraint.
    List(Box<ValueConstraint>),
    /// A set of elements of the constraint.
    Set(Box<ValueConstraint>),
    /// A map of elements of the constraint.
    Map(Box<ValueConstraint>),
    /// A tuple of elements of the constraints.
    Tuple(Vec<ValueConstraint>),
    /// An object with these attributes, all required but those in
    /// `optional`; `closed`: no other attributes (a typed struct read as
    /// written), else others are ignored (conversion drops them).
    Object {
        /// The attributes, in order.
        attrs: Vec<(String, ValueConstraint)>,
        /// The names of the optional ones.
        optional: Vec<String>,
        /// Whether other attributes are errors.
        closed: bool,
    },
    /// Not null (a typed field that is not an `Option`).
    NonNull(Box<ValueConstraint>),
}

impl ValueConstraint {
    /// The type constraint of the values (without optional attributes).
    pub fn ty(&self) -> Type {
        match self {
            ValueConstraint::Type(t) => t.clone(),
            ValueConstraint::OneOf(_) => Type::String,
            ValueConstraint::Integer { .. } => Type::Number,
            ValueConstraint::List(e) => Type::list(e.ty()),
            ValueConstraint::Set(e) => Type::set(e.ty()),
            ValueConstraint::Map(e) => Type::map(e.ty()),
            ValueConstraint::Tuple(es) => Type::tuple(es.iter().map(ValueConstraint::ty)),
            ValueConstraint::Object { attrs, .. } => {
                Type::object(attrs.iter().map(|(k, c)| (k.as_str(), c.ty())))
            }
            ValueConstraint::NonNull(c) => c.ty(),
        }
    }

    /// The constraint with nulls accepted (an `Option` of it).
    pub fn nullable(self) -> ValueConstraint {
        match self {
            ValueConstraint::NonNull(c) => *c,
            c => c,
        }
    }

    /// The constraint with nulls rejected.
    pub fn non_null(self) -> ValueConstraint {
        match self {
            c @ ValueConstraint::NonNull(_) => c,
            c => ValueConstraint::NonNull(Box::new(c)),
        }
    }

    /// The constraint of a spec file's type with `optional(...)` object
    /// attributes (see [`type_constraint`](super::type_constraint)).
    pub fn from_optional(
        ty: &Type,
        optional: Option<&super::type_constraint::OptionalAttrs>,
    ) -> ValueConstraint {
        let Some(opt) = optional else {
            return ValueConstraint::Type(ty.clone());
        };
        let child = |key: &str, t: &Type| ValueConstraint::from_optional(t, opt.child(key));
        match ty {
            Type::List(e) => ValueConstraint::List(Box::new(child("", e))),
            Type::Set(e) => ValueConstraint::Set(Box::new(child("", e))),
            Type::Map(e) => ValueConstraint::Map(Box::new(child("", e))),
            Type::Tuple(es) => ValueConstraint::Tuple(
                es.iter()
                    .enumerate()
                    .map(|(i, t)| child(&i.to_string(), t))
                    .collect(),
            ),
            Type::Object(o) => ValueConstraint::Object {
                attrs: o
                    .attrs()
                    .iter()
                    .map(|(k, t)| (k.to_string(), child(k, t)))
                    .collect(),
                optional: opt.optional.clone(),
                closed: false,
            },
            t => ValueConstraint::Type(t.clone()),
        }
    }
}
