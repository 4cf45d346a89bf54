//! Support for `#[derive(HclEncode)]`'s `serde` fields (here rather than
//! in [`crate::encode`], which the serializer builds on).

use ::serde::Serialize;

use crate::Value;
use crate::encode::{BodyWriter, EncodeError};

/// Adds `name = value` for a `serde` field (through
/// [`to_value`](crate::serde::to_value)) unless the value is null.
pub fn attr<T: Serialize + ?Sized>(
    body: &mut BodyWriter,
    name: &str,
    v: &T,
) -> Result<(), EncodeError> {
    let v = value(v)?;
    if !v.is_null() {
        body.attr(name, v);
    }
    Ok(())
}

/// The value of a `serde` field.
pub fn value<T: Serialize + ?Sized>(v: &T) -> Result<Value, EncodeError> {
    super::ser::to_value(v)
}
