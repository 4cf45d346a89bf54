//! Type conversion and unification (a port of go-cty's `convert` package).
//!
//! - [`convert`] converts a value to a type, with cty's safe and unsafe
//!   conversions (`convert.Convert`);
//! - [`get_conversion`] / [`get_conversion_unsafe`] plan a conversion
//!   between two types once, to apply to many values;
//! - [`unify`] / [`unify_unsafe`] find a common type for several types;
//! - [`mismatch_message`] explains why no conversion exists;
//! - [`fill_optional`] adds a constraint's absent optional attributes.
//!
//! Error texts are cty's: [`ConvertError`] displays exactly what
//! `err.Error()` gives in Go (the message without the path; the path is
//! available separately).
//!
//! ```
//! use hcldecode_spec::value::{Value, convert::convert};
//! use hcldecode_spec::types::Type;
//! let v = convert(&Value::string("12"), &Type::Number).unwrap();
//! assert_eq!(v, Value::int(12));
//! let e = convert(&Value::string("x"), &Type::Number).unwrap_err();
//! assert_eq!(e.to_string(), "a number is required");
//! let e = convert(&Value::bool(true), &Type::list(Type::String)).unwrap_err();
//! assert_eq!(e.to_string(), "list of string required");
//! ```

mod conversion;
mod mismatch;
mod optional;

use std::fmt;
use std::sync::Arc;

use super::{Path, Value, ValueRef};
use crate::types::Type;

pub use mismatch::mismatch_message;
pub use optional::{OptionalAttrs, fill_optional};

/// Why a conversion failed: cty's `PathError` from `convert.Convert`.
#[derive(Clone, Debug, PartialEq)]
pub struct ConvertError {
    /// Where in the value the problem is (empty for the value itself).
    pub path: Path,
    /// cty's message, e.g. `a number is required`.
    pub message: String,
}

impl ConvertError {
    pub(crate) fn new(path: &Path, message: impl Into<String>) -> ConvertError {
        ConvertError {
            path: path.clone(),
            message: message.into(),
        }
    }
}

impl fmt::Display for ConvertError {
    /// The message only, as Go's `err.Error()` prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConvertError {}

/// A conversion planned between two types (cty `convert.Conversion`).
/// Cheap to clone.
#[derive(Clone)]
pub struct Conversion(Arc<PubConv>);

enum PubConv {
    /// A planned conversion (cty `retConversion(getConversion(...))`).
    Plan(conversion::ConvRef),
    /// Unification with the dynamic pseudo-type: every value becomes
    /// [`Value::dynamic`].
    AllDynamic,
    /// One conversion then another (unification of tuples as lists and of
    /// objects as maps).
    Then(Conversion, Conversion),
}

impl Conversion {
    /// Applies the conversion to a value of the conversion's input type.
    pub fn apply(&self, v: &Value) -> Result<Value, ConvertError> {
        match &*self.0 {
            PubConv::Plan(c) => c.run(v, &mut Path::default()),
            PubConv::AllDynamic => Ok(Value::dynamic()),
            // cty applies the second conversion to the original input, which
            // misbehaves (or panics) when the first one changed the element
            // types; composing them is what that code means to do.
            PubConv::Then(a, b) => b.apply(&a.apply(v)?),
        }
    }

    fn plan(c: conversion::ConvRef) -> Conversion {
        Conversion(Arc::new(PubConv::Plan(c)))
    }
}

impl fmt::Debug for Conversion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Conversion")
    }
}

/// Converts `v` to type `want` (cty `convert.Convert`): the value itself
/// when it already has that type, otherwise a safe or unsafe conversion.
/// Nulls and unknowns convert to nulls and unknowns of the target type.
pub fn convert(v: &Value, want: &Type) -> Result<Value, ConvertError> {
    if v.ty() == want {
        return Ok(v.clone());
    }
    if let Some(r) = conversion::primitive_fast_path(v, want) {
        return r;
    }
    if let Some(r) = collection_fast_path(v, want) {
        return Ok(r);
    }
    match conversion::get(v.ty(), want, true) {
        Some(c) => c.run(v, &mut Path::default()),
        None => Err(ConvertError {
            path: Path::default(),
            message: mismatch_message(v.ty(), want),
        }),
    }
}

/// The conversions decoding does most (a tuple literal to a list, an
/// object literal to a map, nested), done without planning when every
/// element is known, not null, and converts to exactly the element type
/// (so the general path would give the same value: no unification, no
/// element type inferred from anything else). `None`: take the general
/// path.
fn collection_fast_path(v: &Value, want: &Type) -> Option<Value> {
    match (v.view(), want) {
        (ValueRef::Tuple(elems), Type::List(ety)) => {
            let mut out = Vec::with_capacity(elems.len());
            for e in elems {
                out.push(fast_element(e, ety)?);
            }
            Some(Value::list_of_type(want.clone(), out))
        }
        (ValueRef::Object(oty, vals), Type::Map(ety)) => {
            let mut out = Vec::with_capacity(vals.len());
            for ((k, _), e) in oty.attrs().iter().zip(vals) {
                out.push((k.clone(), fast_element(e, ety)?));
            }
            // Object attributes are NFC names in byte order, as map keys.
            Some(Value::map_of_type(want.clone(), out))
        }
        _ => None,
    }
}

fn fast_element(e: &Value, ety: &Type) -> Option<Value> {
    if !e.is_known() || e.is_null() || ety.is_dynamic() {
        return None;
    }
    if e.ty() == ety {
        return Some(e.clone());
    }
    let c = match conversion::primitive_fast_path(e, ety) {
        Some(r) => r.ok()?,
        None => collection_fast_path(e, ety)?,
    };
    (c.ty() == ety).then_some(c)
}

/// Plans a safe conversion from `from` to `to` (cty `GetConversion`): one
/// that cannot fail for known values, e.g. number to string or tuple to
/// list. `None` when there is none.
pub fn get_conversion(from: &Type, to: &Type) -> Option<Conversion> {
    conversion::get(from, to, false).map(Conversion::plan)
}

/// Plans a conversion that may fail for some values (cty
/// `GetConversionUnsafe`), e.g. string to number, list to set, map to
/// object. `None` when there is none.
pub fn get_conversion_unsafe(from: &Type, to: &Type) -> Option<Conversion> {
    conversion::get(from, to, true).map(Conversion::plan)
}

/// Finds a type all of `types` convert to safely, and the conversion for
/// each (`None` where the type is already the result): cty `Unify`.
/// `None` when there is no such type.
pub fn unify(types: &[Type]) -> Option<(Type, Vec<Option<Conversion>>)> {
    conversion::unify::unify(types, false)
}

/// Like [`unify`] but allowing unsafe conversions (cty `UnifyUnsafe`).
pub fn unify_unsafe(types: &[Type]) -> Option<(Type, Vec<Option<Conversion>>)> {
    conversion::unify::unify(types, true)
}
