//! [`HclDecode`] for std types, [`Value`] and [`Expression`].

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::hash::{BuildHasher, Hash};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;

use hcldecode_spec::spec::{AttrSpec, Spec};
use hcldecode_spec::syntax::expr::Expression;

use super::{At, Error, Errors, HclDecode, OptionalAttrs};
use crate::decode::DecodeHook;
use crate::value::{Value, ValueRef};
use crate::{Number, Type};

/// The value if it is known and not null; else the error for it.
/// `what` describes the type wanted ("string", "a whole number").
pub(crate) fn known<'v>(v: &'v Value, at: At<'_>, what: &str) -> Result<ValueRef<'v>, Error> {
    match v.view() {
        ValueRef::Null => Err(at.error(
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

impl HclDecode for String {
    fn hcl_type() -> Type {
        Type::String
    }
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        // A string already (the usual case): one look at the value.
        if let ValueRef::String(s) = v.view() {
            return Ok(s.to_string());
        }
        let c = primitive(v, at, "string", &Type::String)?;
        match c.view() {
            ValueRef::String(s) => Ok(s.to_string()),
            _ => Err(wrong_type(at, "string", v)),
        }
    }
}

impl HclDecode for PathBuf {
    fn hcl_type() -> Type {
        Type::String
    }
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        String::from_hcl(v, at).map(PathBuf::from)
    }
}

impl HclDecode for bool {
    fn hcl_type() -> Type {
        Type::Bool
    }
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        if let ValueRef::Bool(b) = v.view() {
            return Ok(b);
        }
        let c = primitive(v, at, "bool", &Type::Bool)?;
        match c.view() {
            ValueRef::Bool(b) => Ok(b),
            _ => Err(wrong_type(at, "bool", v)),
        }
    }
}

impl HclDecode for Number {
    fn hcl_type() -> Type {
        Type::Number
    }
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        let c = primitive(v, at, "number", &Type::Number)?;
        match c.view() {
            ValueRef::Number(n) => Ok(n.clone()),
            _ => Err(wrong_type(at, "number", v)),
        }
    }
}

/// The number of a value, which must be a whole number.
fn whole(v: &Value, at: At<'_>) -> Result<Number, Error> {
    let c = primitive(v, at, "number", &Type::Number)?;
    match c.view() {
        ValueRef::Number(n) if n.is_integer() => Ok(n.clone()),
        ValueRef::Number(n) => Err(at.error(
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
    at.error(
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
        }
    )*};
}

int_impl!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, usize);

impl HclDecode for u128 {
    fn hcl_type() -> Type {
        Type::Number
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

impl HclDecode for f64 {
    fn hcl_type() -> Type {
        Type::Number
    }
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        let c = primitive(v, at, "number", &Type::Number)?;
        match c.view() {
            ValueRef::Number(n) => Ok(n.to_f64()),
            _ => Err(wrong_type(at, "number", v)),
        }
    }
}

impl HclDecode for f32 {
    fn hcl_type() -> Type {
        Type::Number
    }
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        let x = f64::from_hcl(v, at)?;
        if x.is_finite() && x.abs() > f64::from(f32::MAX) {
            let n = Number::from_f64(x).unwrap_or_else(|| Number::from_i64(0));
            return Err(at.error(
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
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        let s = String::from_hcl(v, at)?;
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(at.error(
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
            at.error(
                "Expression required",
                "An expression is expected here, written as an attribute's value.",
            )
        })
    }
    fn attr_spec(name: &str, required: bool) -> Spec {
        DecodeHook::raw_expression(AttrSpec {
            name: name.to_string(),
            ty: Type::Dynamic,
            required,
        })
    }
}

impl<T: HclDecode> HclDecode for Option<T> {
    fn hcl_type() -> Type {
        T::hcl_type()
    }
    fn hcl_optional() -> Option<OptionalAttrs> {
        T::hcl_optional()
    }
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        if v.is_null() {
            return Ok(None);
        }
        T::from_hcl(v, at).map(Some)
    }
    fn optional() -> bool {
        true
    }
    fn attr_spec(name: &str, required: bool) -> Spec {
        T::attr_spec(name, required)
    }
    fn spec() -> Spec {
        T::spec()
    }
    fn __type_plan() -> Option<&'static super::TypePlan> {
        T::__type_plan()
    }
}

macro_rules! deref_impl {
    ($($p:ident),*) => {$(
        impl<T: HclDecode> HclDecode for $p<T> {
            fn hcl_type() -> Type {
                T::hcl_type()
            }
            fn hcl_optional() -> Option<OptionalAttrs> {
                T::hcl_optional()
            }
            fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
                T::from_hcl(v, at).map($p::new)
            }
            fn optional() -> bool {
                T::optional()
            }
            fn attr_spec(name: &str, required: bool) -> Spec {
                T::attr_spec(name, required)
            }
            fn spec() -> Spec {
                T::spec()
            }
            fn __type_plan() -> Option<&'static super::TypePlan> {
                T::__type_plan()
            }
        }
    )*};
}

deref_impl!(Box, Rc, Arc);

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

impl<T: HclDecode> HclDecode for Vec<T> {
    fn hcl_type() -> Type {
        Type::list(T::hcl_type())
    }
    fn hcl_optional() -> Option<OptionalAttrs> {
        element_optional(Self::hcl_type(), T::hcl_optional())
    }
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        let mut out = Vec::new();
        elements(v, at, "list", |t| out.push(t))?;
        Ok(out)
    }
}

impl<T: HclDecode> HclDecode for VecDeque<T> {
    fn hcl_type() -> Type {
        Type::list(T::hcl_type())
    }
    fn hcl_optional() -> Option<OptionalAttrs> {
        element_optional(Self::hcl_type(), T::hcl_optional())
    }
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        let mut out = VecDeque::new();
        elements(v, at, "list", |t| out.push_back(t))?;
        Ok(out)
    }
}

impl<T: HclDecode, const N: usize> HclDecode for [T; N] {
    fn hcl_type() -> Type {
        Type::list(T::hcl_type())
    }
    fn hcl_optional() -> Option<OptionalAttrs> {
        element_optional(Self::hcl_type(), T::hcl_optional())
    }
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        let mut out = Vec::with_capacity(N);
        let n = elements(v, at, "list", |t| out.push(t))?;
        out.try_into().map_err(|_| {
            at.error(
                "Incorrect list length",
                at.inappropriate(&format!(
                    "a list of exactly {N} elements is required, not {n}"
                )),
            )
        })
    }
}

impl<T: HclDecode + Eq + Hash, S: BuildHasher + Default> HclDecode for HashSet<T, S> {
    fn hcl_type() -> Type {
        Type::set(T::hcl_type())
    }
    fn hcl_optional() -> Option<OptionalAttrs> {
        element_optional(Self::hcl_type(), T::hcl_optional())
    }
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        let mut out = HashSet::default();
        elements(v, at, "set", |t| {
            out.insert(t);
        })?;
        Ok(out)
    }
}

impl<T: HclDecode + Ord> HclDecode for BTreeSet<T> {
    fn hcl_type() -> Type {
        Type::set(T::hcl_type())
    }
    fn hcl_optional() -> Option<OptionalAttrs> {
        element_optional(Self::hcl_type(), T::hcl_optional())
    }
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        let mut out = BTreeSet::new();
        elements(v, at, "set", |t| {
            out.insert(t);
        })?;
        Ok(out)
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

impl<T: HclDecode, S: BuildHasher + Default> HclDecode for HashMap<String, T, S> {
    fn hcl_type() -> Type {
        Type::map(T::hcl_type())
    }
    fn hcl_optional() -> Option<OptionalAttrs> {
        element_optional(Self::hcl_type(), T::hcl_optional())
    }
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        let mut out = HashMap::with_capacity_and_hasher(v.length_int().unwrap_or(0), S::default());
        entries(v, at, |k, t| {
            out.insert(k, t);
        })?;
        Ok(out)
    }
}

impl<T: HclDecode> HclDecode for BTreeMap<String, T> {
    fn hcl_type() -> Type {
        Type::map(T::hcl_type())
    }
    fn hcl_optional() -> Option<OptionalAttrs> {
        element_optional(Self::hcl_type(), T::hcl_optional())
    }
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        let mut out = BTreeMap::new();
        entries(v, at, |k, t| {
            out.insert(k, t);
        })?;
        Ok(out)
    }
}

#[cfg(feature = "indexmap")]
impl<T: HclDecode, S: BuildHasher + Default> HclDecode for indexmap::IndexMap<String, T, S> {
    fn hcl_type() -> Type {
        Type::map(T::hcl_type())
    }
    fn hcl_optional() -> Option<OptionalAttrs> {
        element_optional(Self::hcl_type(), T::hcl_optional())
    }
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        let mut out =
            indexmap::IndexMap::with_capacity_and_hasher(v.length_int().unwrap_or(0), S::default());
        entries(v, at, |k, t| {
            out.insert(k, t);
        })?;
        Ok(out)
    }
}

macro_rules! tuple_impl {
    ($n:literal: $($t:ident $i:tt),*) => {
        impl<$($t: HclDecode),*> HclDecode for ($($t,)*) {
            fn hcl_type() -> Type {
                Type::tuple([$($t::hcl_type()),*])
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
