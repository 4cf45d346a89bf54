//! Writing values back as HCL native syntax (issue 26, first part).
//!
//! - [`expression`] writes a [`Value`] as an HCL expression that evaluates
//!   back to the same value;
//! - [`to_string`] writes an object value as a body of attributes, one per
//!   property (also [`crate::to_string`]);
//! - with the `serde` feature, `hcldecode::serde::to_string` writes any
//!   `T: Serialize` the same way, through `hcldecode::serde::to_value`.
//!
//! The output is formatted as `hclfmt` formats: two-space indents, `=`
//! aligned in runs of consecutive single-line attributes (names padded to
//! the longest in the run, as `hclwrite.Format` pads them), a trailing
//! newline after the last attribute.
//!
//! What reads back and what does not:
//!
//! - strings are quoted and escaped (`\\`, `\"`, `\n`, `\r`, `\t`, other
//!   control characters as `\uXXXX`; `${` as `$${` and `%{` as `%%{`) so
//!   they are never templates and read back unchanged; an attribute's
//!   string of several lines is an indented heredoc where that reads back
//!   the same ([`EncodeOptions::heredocs`]);
//! - numbers are written digit for digit in their exact decimal form, so a
//!   512-bit integer or a long fraction reads back equal; infinities have
//!   no HCL form and are an error ([`EncodeError::Infinity`]);
//! - HCL has literals for tuples (`[...]`) and objects (`{...}`) only:
//!   lists and sets are written as tuples and maps as objects, and read
//!   back as those types unless a schema (or [`convert`](crate::value::convert::convert))
//!   converts them: the round trip holds up to conversion to the original
//!   type;
//! - `null` is written as `null`, which reads back as a null of the
//!   dynamic type: the type of a typed null is lost (up to conversion, as
//!   for collections);
//! - values not known yet cannot be written ([`EncodeError::Unknown`]).
//!
//! ```
//! use hcldecode::{Value, encode};
//! let v = Value::object([
//!     ("name", Value::string("web ${x}")),
//!     ("port", Value::int(8080)),
//!     ("tags", Value::from(vec!["a", "b"])),
//!     ("env", Value::object([("LANG", Value::string("C"))])),
//! ]);
//! assert_eq!(
//!     encode::to_string(&v).unwrap(),
//!     "env = {\n  LANG = \"C\"\n}\nname = \"web $${x}\"\nport = 8080\ntags = [\"a\", \"b\"]\n"
//! );
//! let (back, diags) = hcldecode::eval_config_attrs(&encode::to_string(&v).unwrap(), &Value::empty_object());
//! assert!(!diags.has_errors());
//! assert_eq!(back.get_attr("name"), Some(Value::string("web ${x}")));
//! ```

mod by_spec;
mod error;
mod options;
mod stream;
mod typed;
mod write;

pub use by_spec::{body_by_spec, to_string_by_spec, to_string_by_spec_with};
pub use error::EncodeError;
pub use options::EncodeOptions;
pub use stream::{BodyOut, ExprOut};

pub(crate) use typed::Item;
pub(crate) use typed::WrittenItem;
pub use typed::{BodyWriter, HclEncode, to_string_of, to_string_of_with};

use hcldecode_spec::syntax::is_identifier;

use crate::value::{Path, Value, ValueRef};
use write::{check, write_entries, write_expr};

/// Writes `v` as an HCL expression that evaluates back to it: exactly for
/// strings, numbers, bools, tuples and objects; up to conversion to `v`'s
/// type for lists, sets, maps and typed nulls (see the [module](self)
/// docs). Objects are written one property per line; a tuple of simple
/// elements stays on one line when it fits in 80 columns.
///
/// ```
/// use hcldecode::{Type, Value, encode};
/// use hcldecode::value::convert::convert;
/// assert_eq!(encode::expression(&Value::string("a\"b\n${c}%{d}")).unwrap(), r#""a\"b\n$${c}%%{d}""#);
/// let big = hcldecode::Number::parse("3273390607896141870013189696827599152216642046043064789483291368096133796404674554883270092325904157150886684127560071009217256545885393053328527589377").unwrap();
/// assert_eq!(encode::expression(&Value::number(big.clone())).unwrap(), big.to_string());
///
/// let l = Value::list(Type::Number, vec![Value::int(1), Value::int(-2)]);
/// let text = encode::expression(&l).unwrap();
/// assert_eq!(text, "[1, -2]");
/// let (back, diags) = hcldecode::eval_expr(&text, &Value::empty_object());
/// assert!(!diags.has_errors());
/// // A tuple literal: the list comes back once converted to its type.
/// assert_eq!(convert(&back, l.ty()).unwrap(), l);
///
/// assert!(encode::expression(&Value::unknown(Type::Number)).is_err());
/// ```
pub fn expression(v: &Value) -> Result<String, EncodeError> {
    check(v, &mut Path::default())?;
    let mut out = String::new();
    // An expression on its own is written on as few lines as it can be.
    let opts = EncodeOptions { heredocs: false };
    write_expr(&mut out, v, 0, 0, &opts);
    Ok(out)
}

/// Writes an object (or map) value as an HCL body: one attribute
/// `name = expression` per property, in the object's order (sorted by
/// name), formatted as `hclfmt` formats, with a trailing newline (an empty
/// object gives the empty string). Nested objects are object expressions,
/// not blocks.
///
/// Every property name must be an identifier
/// ([`EncodeError::AttributeName`]); the value must be a known, non-null
/// object or map ([`EncodeError::NotAnObject`]) with no unknown or
/// infinite part.
///
/// ```
/// use hcldecode::Value;
/// let v = Value::object([
///     ("name", Value::string("api")),
///     ("replicas", Value::int(3)),
///     ("labels", Value::object([("tier", Value::string("web")), ("app name", Value::string("x"))])),
///     ("a", Value::bool(true)),
/// ]);
/// let text = hcldecode::to_string(&v).unwrap();
/// assert_eq!(text, "\
/// a = true
/// labels = {
///   \"app name\" = \"x\"
///   tier       = \"web\"
/// }
/// name     = \"api\"
/// replicas = 3
/// ");
/// let (back, diags) = hcldecode::eval_config_attrs(&text, &Value::empty_object());
/// assert!(!diags.has_errors());
/// assert_eq!(back, v);
///
/// let bad = Value::object([("not an identifier", Value::int(1))]);
/// assert!(hcldecode::to_string(&bad).is_err());
/// ```
pub fn to_string(v: &Value) -> Result<String, EncodeError> {
    to_string_with(v, &EncodeOptions::default())
}

/// [`to_string`] with options (quoted strings instead of heredocs, say).
pub fn to_string_with(v: &Value, opts: &EncodeOptions) -> Result<String, EncodeError> {
    let entries: Vec<(&str, &Value)> = match v.view() {
        ValueRef::Object(ty, vals) => ty.attrs().iter().map(|(k, _)| &**k).zip(vals).collect(),
        ValueRef::Map(entries) => entries.iter().map(|(k, e)| (&**k, e)).collect(),
        ValueRef::Unknown => {
            return Err(EncodeError::Unknown {
                path: Path::default(),
                ty: v.ty().clone(),
            });
        }
        _ => return Err(EncodeError::NotAnObject { ty: v.ty().clone() }),
    };
    if let Some((name, _)) = entries.iter().find(|(k, _)| !is_identifier(k)) {
        return Err(EncodeError::AttributeName {
            name: (*name).to_string(),
        });
    }
    check(v, &mut Path::default())?;
    let mut out = String::new();
    let keyed: Vec<(String, &Value)> = entries
        .into_iter()
        .map(|(k, e)| (k.to_string(), e))
        .collect();
    write_entries(&mut out, &keyed, 0, opts);
    Ok(out)
}
