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
mod error;
mod optional;
mod plan;

use std::fmt;
use std::sync::Arc;

use super::{Path, Value};
use crate::types::Type;

pub use conversion::{convert, mismatch_message};
pub use error::ConvertError;
pub use optional::{OptionalAttrs, fill_optional};
pub use plan::Conversion;
use plan::PubConv;

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

    fn plan(c: plan::ConvRef) -> Conversion {
        Conversion(Arc::new(PubConv::Plan(c)))
    }
}

impl fmt::Debug for Conversion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Conversion")
    }
}

/// Plans a safe conversion from `from` to `to` (cty `GetConversion`): one
/// that cannot fail for known values, e.g. number to string or tuple to
/// list. `None` when there is none.
pub fn get_conversion(from: &Type, to: &Type) -> Option<Conversion> {
    plan::Conv::get(from, to, false).map(Conversion::plan)
}

/// Plans a conversion that may fail for some values (cty
/// `GetConversionUnsafe`), e.g. string to number, list to set, map to
/// object. `None` when there is none.
pub fn get_conversion_unsafe(from: &Type, to: &Type) -> Option<Conversion> {
    plan::Conv::get(from, to, true).map(Conversion::plan)
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
