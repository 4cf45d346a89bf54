//! Why a value could not be written as HCL.

use std::fmt;

use crate::Type;
use crate::value::Path;

/// Why a value could not be written as HCL.
///
/// ```
/// use hcldecode::{Type, Value, encode::{self, EncodeError}};
/// let v = Value::object([("a", Value::unknown(Type::String))]);
/// let e = encode::to_string(&v).unwrap_err();
/// assert!(matches!(e, EncodeError::Unknown { .. }));
/// assert_eq!(e.to_string(), "the value at .a (of type string) is not known yet and has no HCL form");
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum EncodeError {
    /// A value (or part of one) is not known yet.
    Unknown {
        /// Where in the value.
        path: Path,
        /// Its type.
        ty: Type,
    },
    /// An infinite number: HCL has no literal for it.
    Infinity {
        /// Where in the value.
        path: Path,
    },
    /// [`to_string`](super::to_string) was given something other than a
    /// known, non-null object or map: a body is a set of named attributes.
    NotAnObject {
        /// The type of what was given.
        ty: Type,
    },
    /// A top-level property whose name is not an identifier, so it cannot
    /// be an attribute name.
    AttributeName {
        /// The property's name.
        name: String,
    },
    /// A block type name that is not an identifier
    /// ([`HclEncode`](super::HclEncode) bodies).
    BlockType {
        /// The block type.
        name: String,
    },
    /// A serde `Serialize` implementation reported an error, or gave
    /// something with no HCL form (feature `serde`).
    Custom(String),
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodeError::Unknown { path, ty } => write!(
                f,
                "the value at {} (of type {ty}) is not known yet and has no HCL form",
                PathText(path)
            ),
            EncodeError::Infinity { path } => write!(
                f,
                "the number at {} is infinite and has no HCL form",
                PathText(path)
            ),
            EncodeError::NotAnObject { ty } => write!(
                f,
                "only an object or a map can be written as a body of attributes, not a value of type {ty}"
            ),
            EncodeError::AttributeName { name } => write!(
                f,
                "the property {name:?} cannot be an attribute: its name is not an identifier"
            ),
            EncodeError::BlockType { name } => write!(
                f,
                "{name:?} cannot be a block type: it is not an identifier"
            ),
            EncodeError::Custom(msg) => f.write_str(msg),
        }
    }
}

impl std::error::Error for EncodeError {}

/// A path as the messages show it: `the root` when empty.
struct PathText<'a>(&'a Path);

impl fmt::Display for PathText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            f.write_str("the root")
        } else {
            fmt::Display::fmt(self.0, f)
        }
    }
}
