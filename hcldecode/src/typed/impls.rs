//! [`HclDecode`] for std types, [`Value`] and [`Expression`].

use hcldecode_spec::diag::Code;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::hash::{BuildHasher, Hash};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;

use hcldecode_spec::source::Range;
use hcldecode_spec::spec::{AttrSpec, Spec};
use hcldecode_spec::syntax::expr::Expression;

use super::locate::{PathSegment, here, locate_any};
use super::plan::Internals;
use super::{At, Error, Errors, HclDecode, OptionalAttrs, ValueConstraint};
use crate::decode::{DecodeHook, DirectBody};
use crate::eval::LiteralExpr;
use crate::value::{Value, ValueRef};
use crate::{Number, Type};

/// The value if it is known and not null; else the error for it.
/// `what` describes the type wanted ("string", "a whole number").
pub(crate) fn known<'v>(v: &'v Value, at: At<'_>, what: &str) -> Result<ValueRef<'v>, Error> {
    match v.view() {
        ValueRef::Null => Err(at.coded_error(
            Code::NullValue,
            "Null value not allowed",
            at.inappropriate(&format!("{what} required, but the value is null")),
        )),
        ValueRef::Unknown => Err(at.unknown_value()),
        r => Ok(r),
    }
}

fn wrong_type(at: At<'_>, what: &str, v: &Value) -> Error {
    at.type_error(&format!("{what} required, not {}", v.ty().friendly_name()))
}

/// The value converted to the primitive type `ty` as HCL converts
/// attribute values (`"81"` to a number, `true` to a string), so a value
/// inside an attribute's object or tuple converts as a whole attribute's
/// does; the error at `at` when it does not.
fn primitive<'v>(
    v: &'v Value,
    at: At<'_>,
    what: &str,
    ty: &Type,
) -> Result<std::borrow::Cow<'v, Value>, Error> {
    known(v, at, what)?;
    if v.ty() == ty {
        return Ok(std::borrow::Cow::Borrowed(v));
    }
    if !v.ty().is_primitive() {
        return Err(wrong_type(at, what, v));
    }
    crate::value::convert::convert(v, ty)
        .map(std::borrow::Cow::Owned)
        .map_err(|e| at.type_error(&e.message))
}

/// The value read by `read` as the primitive type `ty`, converted first
/// where it is another primitive (see [`primitive`]); the value of that
/// type already (the usual case) takes one look.
#[inline]
fn read_primitive<T>(
    v: &Value,
    at: At<'_>,
    what: &str,
    ty: &Type,
    read: impl Fn(ValueRef<'_>) -> Option<T>,
) -> Result<T, Error> {
    if let Some(x) = read(v.view()) {
        return Ok(x);
    }
    let c = primitive(v, at, what, ty)?;
    read(c.view()).ok_or_else(|| wrong_type(at, what, v))
}

/// Attribute `i` of a body read directly, where its expression is
/// literals alone that `T` reads (see [`Internals::from_literal`]).
fn literal_attr<T: HclDecode>(body: &mut DirectBody<'_>, i: usize) -> Option<T> {
    let (expr, ty) = body.literal(i)?;
    T::__INTERNALS.read_literal(expr, ty)
}

/// [`HclDecode`] for primitive types: `$pat => $x` reads the value of
/// type `Type::$ty` ([`read_primitive`]); `literal` reads a literal
/// expression ([`Internals::from_literal`]) where the type is `Type::$ty`.
macro_rules! primitive_impl {
    ($($t:ty: $ty:ident, $what:literal, $pat:pat => $x:expr
        $(, literal: |$e:ident| $lit:expr)?;)*) => {$(
        impl HclDecode for $t {
            fn hcl_type() -> Type {
                Type::$ty
            }
            fn hcl_constraint() -> Option<ValueConstraint> {
                Some(ValueConstraint::Type(Type::$ty).non_null())
            }
            fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
                read_primitive(v, at, $what, &Type::$ty, |r| match r {
                    $pat => Some($x),
                    _ => None,
                })
            }
            $(
                const __INTERNALS: Internals<Self> = Internals {
                    direct_literal: Some(literal_attr::<Self>),
                    from_literal: Some(|$e, ty| match ty {
                        Type::$ty => $lit,
                        _ => None,
                    }),
                    ..Internals::NONE
                };
            )?
        }
    )*};
}

primitive_impl! {
    String: String, "string", ValueRef::String(s) => s.to_string(), literal: |e| e.string();
    bool: Bool, "bool", ValueRef::Bool(b) => b, literal: |e| e.bool();
    Number: Number, "number", ValueRef::Number(n) => n.clone(), literal: |e| e.number();
    f64: Number, "number", ValueRef::Number(n) => n.to_f64(),
        literal: |e| e.number().map(|n| n.to_f64());
}

impl HclDecode for PathBuf {
    fn hcl_type() -> Type {
        Type::String
    }
    fn hcl_constraint() -> Option<ValueConstraint> {
        String::hcl_constraint()
    }
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        String::from_hcl(v, at).map(PathBuf::from)
    }
}

/// The number of a value, which must be a whole number.
fn whole(v: &Value, at: At<'_>) -> Result<Number, Error> {
    let c = primitive(v, at, "number", &Type::Number)?;
    match c.view() {
        ValueRef::Number(n) if n.is_integer() => Ok(n.clone()),
        ValueRef::Number(n) => Err(at.coded_error(
            Code::WholeNumberRequired,
            "Whole number required",
            at.inappropriate(&format!("a whole number is required, not {n}")),
        )),
        _ => Err(wrong_type(at, "number", v)),
    }
}

fn out_of_range(
    at: At<'_>,
    n: &Number,
    min: impl std::fmt::Display,
    max: impl std::fmt::Display,
) -> Error {
    at.coded_error(
        Code::ValueOutOfRange,
        "Value out of range",
        at.inappropriate(&format!(
            "{n} is out of range; a whole number from {min} to {max} is required"
        )),
    )
}

macro_rules! int_impl {
    ($($t:ty),*) => {$(
        impl HclDecode for $t {
            fn hcl_type() -> Type {
                Type::Number
            }
            fn hcl_constraint() -> Option<ValueConstraint> {
                Some(ValueConstraint::Integer { min: <$t>::MIN as i128, max: <$t>::MAX as i128 }.non_null())
            }
            fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
                // A whole number in range (the usual case) without a copy.
                if let ValueRef::Number(n) = v.view()
                    && n.is_integer()
                    && let Some(x) = n.to_i64().and_then(|i| <$t>::try_from(i).ok())
                {
                    return Ok(x);
                }
                let n = whole(v, at)?;
                let wide: Option<i128> = match n.to_i64() {
                    Some(i) => Some(i128::from(i)),
                    None => match n.to_u64() {
                        Some(u) => Some(i128::from(u)),
                        None => n.to_string().parse::<i128>().ok(),
                    },
                };
                wide.and_then(|w| <$t>::try_from(w).ok())
                    .ok_or_else(|| out_of_range(at, &n, <$t>::MIN, <$t>::MAX))
            }
            const __INTERNALS: Internals<Self> = Internals {
                direct_literal: Some(literal_attr::<Self>),
                from_literal: Some(|e, ty| match ty {
                    Type::Number => e.whole().and_then(|w| <$t>::try_from(w).ok()),
                    _ => None,
                }),
                ..Internals::NONE
            };
        }
    )*};
}

int_impl!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, usize);

impl HclDecode for u128 {
    fn hcl_type() -> Type {
        Type::Number
    }
    fn hcl_constraint() -> Option<ValueConstraint> {
        // `u128::MAX` is beyond the schema's numbers: `i128::MAX` stands
        // for it.
        Some(
            ValueConstraint::Integer {
                min: 0,
                max: i128::MAX,
            }
            .non_null(),
        )
    }
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        let n = whole(v, at)?;
        let wide = match n.to_u64() {
            Some(u) => Some(u128::from(u)),
            None => n.to_string().parse::<u128>().ok(),
        };
        wide.ok_or_else(|| out_of_range(at, &n, u128::MIN, u128::MAX))
    }
}

impl HclDecode for f32 {
    fn hcl_type() -> Type {
        Type::Number
    }
    fn hcl_constraint() -> Option<ValueConstraint> {
        f64::hcl_constraint()
    }
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        let x = f64::from_hcl(v, at)?;
        if x.is_finite() && x.abs() > f64::from(f32::MAX) {
            let n = Number::from_f64(x).unwrap_or_else(|| Number::from_i64(0));
            return Err(at.coded_error(
                Code::ValueOutOfRange,
                "Value out of range",
                at.inappropriate(&format!("{n} is out of range for a 32-bit float")),
            ));
        }
        Ok(x as f32)
    }
}

impl HclDecode for char {
    fn hcl_type() -> Type {
        Type::String
    }
    fn hcl_constraint() -> Option<ValueConstraint> {
        String::hcl_constraint()
    }
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        let s = String::from_hcl(v, at)?;
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(at.coded_error(
                Code::InvalidValue,
                "Invalid value",
                at.inappropriate(&format!("a single character is required, not {s:?}")),
            )),
        }
    }
}

impl HclDecode for Value {
    fn from_hcl(v: &Value, _: At<'_>) -> Result<Self, Error> {
        Ok(v.clone())
    }
    fn optional() -> bool {
        true
    }
}

impl HclDecode for Expression {
    fn from_hcl(_: &Value, at: At<'_>) -> Result<Self, Error> {
        at.expression().ok_or_else(|| {
            at.coded_error(
                Code::ExpressionRequired,
                "Expression required",
                "An expression is expected here, written as an attribute's value.",
            )
        })
    }
    fn attr_spec(name: &str, required: bool) -> Spec {
        DecodeHook::raw_expression(AttrSpec::new(name.to_string(), Type::Dynamic, required))
    }
}

/// [`HclDecode`] for wrappers of one `T`, which decode as `T` does but for
/// `from_hcl` (of the value and place), `optional`, the direct literal read
/// and (where given) the direct read of a body.
macro_rules! wrapper_impl {
    ($($w:ident: |$v:ident, $at:ident| $from:expr, optional: $opt:expr,
        constraint: $constraint:expr,
        literal: |$b:ident, $i:ident| $lit:expr,
        from_literal: |$le:ident, $lty:ident| $from_lit:expr
        $(, body: |$bb:ident| $body:expr)?;)*) => {$(
        impl<T: HclDecode> HclDecode for $w<T> {
            fn hcl_type() -> Type {
                T::hcl_type()
            }
            fn hcl_optional() -> Option<OptionalAttrs> {
                T::hcl_optional()
            }
            fn hcl_constraint() -> Option<$crate::typed::ValueConstraint> {
                $constraint
            }
            fn from_hcl($v: &Value, $at: At<'_>) -> Result<Self, Error> {
                $from
            }
            fn optional() -> bool {
                $opt
            }
            fn attr_spec(name: &str, required: bool) -> Spec {
                $crate::typed::impls::with_constraint(
                    T::attr_spec(name, required),
                    Self::hcl_constraint(),
                )
            }
            fn spec() -> Spec {
                T::spec()
            }
            fn locate(
                path: &[$crate::typed::PathSegment<'_>],
                at: At<'_>,
            ) -> Option<hcldecode_spec::source::Range> {
                T::locate(path, at)
            }
            // With a body read, every field is given.
            #[allow(clippy::needless_update)]
            const __INTERNALS: $crate::typed::Internals<Self> = $crate::typed::Internals {
                type_plan: T::__INTERNALS.type_plan,
                direct_literal: Some(|$b, $i| $lit),
                from_literal: Some(|$le, $lty| $from_lit),
                $(direct_body: if T::__INTERNALS.reads_bodies() {
                    Some(|$bb| $body)
                } else {
                    None
                },)?
                ..$crate::typed::Internals::NONE
            };
        }
    )*};
}
pub(super) use wrapper_impl;

wrapper_impl! {
    Option: |v, at| if v.is_null() {
        Ok(None)
    } else {
        T::from_hcl(v, at).map(Some)
    }, optional: true,
    // Null is `None`.
    constraint: T::hcl_constraint().map(ValueConstraint::nullable),
    // Absent: null, so `None`.
    literal: |b, i| if b.absent(i) {
        Some(None)
    } else {
        T::__INTERNALS.literal(b, i).map(Some)
    },
    from_literal: |e, ty| T::__INTERNALS.read_literal(e, ty).map(Some);
    Box: |v, at| T::from_hcl(v, at).map(Box::new), optional: T::optional(),
        constraint: T::hcl_constraint(),
        literal: |b, i| T::__INTERNALS.literal(b, i).map(Box::new),
        from_literal: |e, ty| T::__INTERNALS.read_literal(e, ty).map(Box::new);
    Rc: |v, at| T::from_hcl(v, at).map(Rc::new), optional: T::optional(),
        constraint: T::hcl_constraint(),
        literal: |b, i| T::__INTERNALS.literal(b, i).map(Rc::new),
        from_literal: |e, ty| T::__INTERNALS.read_literal(e, ty).map(Rc::new);
    Arc: |v, at| T::from_hcl(v, at).map(Arc::new), optional: T::optional(),
        constraint: T::hcl_constraint(),
        literal: |b, i| T::__INTERNALS.literal(b, i).map(Arc::new),
        from_literal: |e, ty| T::__INTERNALS.read_literal(e, ty).map(Arc::new);
}

/// `spec` (an attribute's, possibly wrapped in a transform) with its
/// attribute's constraint replaced by `c`.
pub(crate) fn with_constraint(spec: Spec, c: Option<ValueConstraint>) -> Spec {
    spec.map_attr(|a| a.constraint = c.map(Arc::new))
}

/// The constraint of a value of `T`: its own, or its type's.
fn element_constraint<T: HclDecode>() -> ValueConstraint {
    T::hcl_constraint().unwrap_or_else(|| ValueConstraint::Type(T::hcl_type()))
}

/// The optional attributes of a collection of type `ty` whose elements
/// have `elem`.
fn element_optional(ty: Type, elem: Option<OptionalAttrs>) -> Option<OptionalAttrs> {
    elem.map(|e| OptionalAttrs {
        ty,
        optional: Vec::new(),
        defaults: Vec::new(),
        children: vec![(String::new(), e)],
    })
}

/// The elements of a list, set or tuple value, each decoded.
fn elements<T: HclDecode>(
    v: &Value,
    at: At<'_>,
    what: &str,
    mut push: impl FnMut(T),
) -> Result<usize, Error> {
    let elems = match known(v, at, what)? {
        ValueRef::List(es) | ValueRef::Set(es) | ValueRef::Tuple(es) => es,
        _ => return Err(wrong_type(at, what, v)),
    };
    let mut errs = Errors::new();
    for (i, e) in elems.iter().enumerate() {
        if let Some(t) = errs.take(T::from_hcl(e, at.index(i))) {
            push(t);
        }
    }
    errs.finish(elems.len())
}

/// A list constructor of literals (see [`Internals::from_literal`]) where
/// the type is a list: its elements, each read by `T`.
fn list_literal<T: HclDecode>(expr: LiteralExpr<'_>, ty: &Type) -> Option<Vec<T>> {
    let Type::List(ety) = ty else {
        return None;
    };
    let elems = expr.elements()?;
    let mut out = Vec::with_capacity(elems.len());
    for e in elems {
        out.push(T::__INTERNALS.read_literal(e, ety)?);
    }
    Some(out)
}

/// [`HclDecode`] for collections of the elements of a list or set value
/// (`Type::$ty`), each decoded and added with `$add`; `literal` reads a
/// literal expression ([`Internals::from_literal`]).
macro_rules! elements_impl {
    ($([$($g:tt)*] $t:ty: $ty:ident $c:ident, $what:literal, $add:ident, locate: $loc:expr
        $(, literal: $lit:expr)?;)*) => {$(
        impl<$($g)*> HclDecode for $t {
            fn hcl_type() -> Type {
                Type::$ty(T::hcl_type())
            }
            fn hcl_optional() -> Option<OptionalAttrs> {
                element_optional(Self::hcl_type(), T::hcl_optional())
            }
            fn hcl_constraint() -> Option<ValueConstraint> {
                Some(ValueConstraint::$c(Box::new(element_constraint::<T>())).non_null())
            }
            fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
                let mut out = Self::default();
                elements(v, at, $what, |t| {
                    out.$add(t);
                })?;
                Ok(out)
            }
            fn locate(
                path: &[PathSegment<'_>],
                at: At<'_>,
            ) -> Option<hcldecode_spec::source::Range> {
                $loc(path, at)
            }
            $(
                const __INTERNALS: Internals<Self> = Internals {
                    direct_literal: Some(literal_attr::<Self>),
                    from_literal: Some($lit),
                    ..Internals::NONE
                };
            )?
        }
    )*};
}

elements_impl! {
    [T: HclDecode] Vec<T>: list List, "list", push, locate: locate_elements::<T>,
        literal: list_literal::<T>;
    [T: HclDecode] VecDeque<T>: list List, "list", push_back, locate: locate_elements::<T>,
        literal: |e, ty| list_literal::<T>(e, ty).map(VecDeque::from);
    // A set's order is not the source's: an index names no element as
    // written, so a path into a set stops at the set.
    [T: HclDecode + Eq + Hash, S: BuildHasher + Default] HashSet<T, S>: set Set, "set", insert,
        locate: |_, at| here(at);
    [T: HclDecode + Ord] BTreeSet<T>: set Set, "set", insert, locate: |_, at| here(at);
}

impl<T: HclDecode, const N: usize> HclDecode for [T; N] {
    fn hcl_type() -> Type {
        Type::list(T::hcl_type())
    }
    fn hcl_optional() -> Option<OptionalAttrs> {
        element_optional(Self::hcl_type(), T::hcl_optional())
    }
    fn hcl_constraint() -> Option<ValueConstraint> {
        Some(ValueConstraint::List(Box::new(element_constraint::<T>())).non_null())
    }
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        let mut out = Vec::with_capacity(N);
        let n = elements(v, at, "list", |t| out.push(t))?;
        out.try_into().map_err(|_| {
            at.coded_error(
                Code::IncorrectListLength,
                "Incorrect list length",
                at.inappropriate(&format!(
                    "a list of exactly {N} elements is required, not {n}"
                )),
            )
        })
    }
    fn locate(path: &[PathSegment<'_>], at: At<'_>) -> Option<hcldecode_spec::source::Range> {
        locate_elements::<T>(path, at)
    }
}

/// The entries of a map or object value, each decoded.
fn entries<T: HclDecode>(
    v: &Value,
    at: At<'_>,
    mut push: impl FnMut(String, T),
) -> Result<(), Error> {
    known(v, at, "map")?;
    let Some(entries) = v.entries() else {
        return Err(wrong_type(at, "map", v));
    };
    let mut errs = Errors::new();
    for (k, e) in entries {
        if let Some(t) = errs.take(T::from_hcl(e, at.key(k))) {
            push(String::from(&**k), t);
        }
    }
    errs.finish(())
}

/// An object constructor of literals with literal keys (see
/// [`Internals::from_literal`]) where the type is a map: its entries, each
/// value read by `T` and added to the map `new` makes (given their number)
/// with `insert`, in source order (a repeated key's last value is the
/// map's, as in the map value).
fn map_literal<T: HclDecode, M>(
    expr: LiteralExpr<'_>,
    ty: &Type,
    new: impl FnOnce(usize) -> M,
    mut insert: impl FnMut(&mut M, String, T),
) -> Option<M> {
    let Type::Map(ety) = ty else {
        return None;
    };
    let items = expr.entries()?;
    let mut out = new(items.len());
    for (key, e) in items {
        let t = T::__INTERNALS.read_literal(e, ety)?;
        insert(&mut out, key?, t);
    }
    Some(out)
}

/// [`HclDecode`] for maps of the entries of a map or object value, each
/// decoded; `new` makes the map for the value `v`; `literal` reads a
/// literal expression ([`Internals::from_literal`]).
macro_rules! entries_impl {
    ($($(#[$attr:meta])* [$($g:tt)*] $t:ty = |$v:ident| $new:expr
        $(, literal: $lit:expr)?;)*) => {$(
        $(#[$attr])*
        impl<$($g)*> HclDecode for $t {
            fn hcl_type() -> Type {
                Type::map(T::hcl_type())
            }
            fn hcl_optional() -> Option<OptionalAttrs> {
                element_optional(Self::hcl_type(), T::hcl_optional())
            }
            fn hcl_constraint() -> Option<ValueConstraint> {
                Some(ValueConstraint::Map(Box::new(element_constraint::<T>())).non_null())
            }
            fn from_hcl($v: &Value, at: At<'_>) -> Result<Self, Error> {
                let mut out = $new;
                entries($v, at, |k, t| {
                    out.insert(k, t);
                })?;
                Ok(out)
            }
            fn locate(
                path: &[PathSegment<'_>],
                at: At<'_>,
            ) -> Option<hcldecode_spec::source::Range> {
                locate_entries::<T>(path, at)
            }
            $(
                const __INTERNALS: Internals<Self> = Internals {
                    direct_literal: Some(literal_attr::<Self>),
                    from_literal: Some($lit),
                    ..Internals::NONE
                };
            )?
        }
    )*};
}

entries_impl! {
    [T: HclDecode, S: BuildHasher + Default] HashMap<String, T, S> = |v| {
        HashMap::with_capacity_and_hasher(v.length_int().unwrap_or(0), S::default())
    }, literal: |e, ty| map_literal::<T, _>(
        e,
        ty,
        |n| HashMap::with_capacity_and_hasher(n, S::default()),
        |m, k, t| {
            m.insert(k, t);
        },
    );
    [T: HclDecode] BTreeMap<String, T> = |v| BTreeMap::new(),
        literal: |e, ty| map_literal::<T, _>(e, ty, |_| BTreeMap::new(), |m, k, t| {
            m.insert(k, t);
        });
    #[cfg(feature = "indexmap")]
    [T: HclDecode, S: BuildHasher + Default] indexmap::IndexMap<String, T, S> = |v| {
        indexmap::IndexMap::with_capacity_and_hasher(v.length_int().unwrap_or(0), S::default())
    };
}

macro_rules! tuple_impl {
    ($n:literal: $($t:ident $i:tt),*) => {
        impl<$($t: HclDecode),*> HclDecode for ($($t,)*) {
            fn hcl_type() -> Type {
                Type::tuple([$($t::hcl_type()),*])
            }
            fn hcl_constraint() -> Option<ValueConstraint> {
                Some(ValueConstraint::Tuple(vec![$(element_constraint::<$t>()),*]).non_null())
            }
            #[allow(non_snake_case)]
            fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
                let elems = match known(v, at, "tuple")? {
                    ValueRef::Tuple(es) | ValueRef::List(es) => es,
                    _ => return Err(wrong_type(at, "tuple", v)),
                };
                if elems.len() != $n {
                    return Err(at.type_error(&format!(
                        "a tuple of {} elements is required, not {}",
                        $n,
                        elems.len()
                    )));
                }
                let mut errs = Errors::new();
                let parts = ($(errs.take($t::from_hcl(&elems[$i], at.index($i))),)*);
                if errs.failed() {
                    return Err(errs.into_error());
                }
                match parts {
                    ($(Some($t),)*) => Ok(($($t,)*)),
                    #[allow(unreachable_patterns)]
                    _ => Err(errs.into_error()),
                }
            }
        }
    };
}

tuple_impl!(1: A 0);
tuple_impl!(2: A 0, B 1);
tuple_impl!(3: A 0, B 1, C 2);
tuple_impl!(4: A 0, B 1, C 2, D 3);
tuple_impl!(5: A 0, B 1, C 2, D 3, E 4);
tuple_impl!(6: A 0, B 1, C 2, D 3, E 4, F 5);
tuple_impl!(7: A 0, B 1, C 2, D 3, E 4, F 5, G 6);
tuple_impl!(8: A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);

/// [`HclDecode::locate`] of a list of `T`: an index steps to its element.
fn locate_elements<T: HclDecode>(path: &[PathSegment<'_>], at: At<'_>) -> Option<Range> {
    match path.split_first() {
        Some((PathSegment::Index(i), rest)) => T::locate(rest, at.index(*i)).or_else(|| here(at)),
        _ => locate_any(path, at),
    }
}

/// [`HclDecode::locate`] of a map of `T`: a key steps to its entry.
fn locate_entries<T: HclDecode>(path: &[PathSegment<'_>], at: At<'_>) -> Option<Range> {
    match path.split_first() {
        Some((PathSegment::Key(k), rest)) => T::locate(rest, at.key(k)).or_else(|| here(at)),
        _ => locate_any(path, at),
    }
}
