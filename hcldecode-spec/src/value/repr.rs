//! How a value is stored: `Value` and the representations it holds,
//! which hold values in turn and so live together.

use std::sync::Arc;

use triomphe::ThinArc;

use super::number::Number;
use crate::types::{ObjectType, Type};

/// A type stored inline for the common cases (no allocation for nulls and
/// unknowns of primitive or dynamic type).
#[derive(Clone)]
pub(super) enum TyRef {
    Dynamic,
    Bool,
    Number,
    String,
    Other(Arc<Type>),
}

/// A collection's items after a header with the value's type, in one
/// allocation (two with a `Vec`: large decoded documents hold ~10 000
/// collections per MB).
#[derive(Clone)]
pub(super) struct Packed<T>(pub(super) ThinArc<Header, T>);

/// What a collection's allocation starts with.
pub(super) struct Header {
    pub(super) ty: Type,
    pub(super) wholly_known: bool,
}

/// Elements of a list, set or tuple, or an object's attribute values in the
/// order of its type's attributes.
pub(super) type Seq = Packed<Value>;

/// Entries of a map, sorted by key.
pub(super) type MapData = Packed<(Arc<str>, Value)>;

/// The longest string (in bytes) kept inside the value itself.
pub(super) const INLINE_MAX: usize = 22;

/// A short string stored inline: most configuration strings fit, and need
/// no allocation.
#[derive(Clone, Copy)]
pub(super) struct InlineStr {
    pub(super) len: u8,
    pub(super) bytes: [u8; INLINE_MAX],
}

#[derive(Clone)]
pub(super) enum Repr {
    Null(TyRef),
    Unknown(TyRef),
    Bool(bool),
    Number(Number),
    String(Arc<str>),
    ShortString(InlineStr),
    List(Seq),
    Set(Seq),
    Tuple(Seq),
    Map(MapData),
    Object(Seq),
}

/// A value of the HCL information model: see the [module docs](crate::value).
///
/// `Value` is 24 bytes; cloning is O(1).
#[derive(Clone)]
pub struct Value(pub(super) Repr);

/// A borrowed view of a value's contents, for matching.
///
/// ```
/// use hcldecode_spec::value::{Value, ValueRef};
/// match Value::string("x").view() {
///     ValueRef::String(s) => assert_eq!(s, "x"),
///     _ => unreachable!(),
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub enum ValueRef<'a> {
    /// A null value (of [`Value::ty`]).
    Null,
    /// An unknown value (of [`Value::ty`]).
    Unknown,
    /// A known bool.
    Bool(bool),
    /// A known number.
    Number(&'a Number),
    /// A known string.
    String(&'a str),
    /// A known list's elements.
    List(&'a [Value]),
    /// A known set's elements, in cty's set order.
    Set(&'a [Value]),
    /// A known tuple's elements.
    Tuple(&'a [Value]),
    /// A known map's entries, sorted by key.
    Map(&'a [(Arc<str>, Value)]),
    /// A known object: its type's attributes and the values in that order.
    Object(&'a ObjectType, &'a [Value]),
}
