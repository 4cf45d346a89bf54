//! Values to and from hcl-rs's (feature `hcl-rs`): `From<hcl::Value> for
//! Value` and `TryFrom<Value> for hcl::Value`. hcldecode's `hcl_rs` module
//! builds the bodies and expressions on them.

use crate::diag::{Diagnostic, Diagnostics};
use crate::types::Type;
use crate::value::{Number, Value, ValueRef};

impl From<hcl::Value> for Value {
    /// Arrays become tuples and objects objects (the types of the HCL
    /// literals `[...]` and `{...}`), null an untyped null; integers are
    /// exact, floats at 53-bit precision.
    ///
    /// ```
    /// let v = hcldecode_spec::value::Value::from(hcl::value!({ port = 80, tags = ["a"] }));
    /// assert_eq!(v.to_string(), r#"{ port = 80, tags = ["a"] }"#);
    /// ```
    fn from(v: hcl::Value) -> Value {
        match v {
            hcl::Value::Null => Value::null(Type::Dynamic),
            hcl::Value::Bool(b) => Value::bool(b),
            hcl::Value::Number(n) => number_from_hcl(&n),
            hcl::Value::String(s) => Value::string(s),
            hcl::Value::Array(a) => Value::tuple(a.into_iter().map(Value::from).collect()),
            hcl::Value::Object(o) => Value::object(o.into_iter().map(|(k, v)| (k, Value::from(v)))),
        }
    }
}

fn number_from_hcl(n: &hcl::Number) -> Value {
    if let Some(i) = n.as_i64().filter(|_| n.is_i64()) {
        return Value::int(i);
    }
    if let Some(u) = n.as_u64().filter(|_| n.is_u64()) {
        return Value::from(u);
    }
    // hcl-rs numbers are finite.
    Value::from(n.as_f64().unwrap_or(f64::NAN))
}

impl TryFrom<Value> for hcl::Value {
    type Error = Diagnostics;

    /// Lists, sets and tuples become arrays, maps and objects objects.
    /// Integers that fit `i64` or `u64` are exact; other numbers become the
    /// nearest `f64` (hcl-rs numbers hold nothing else). A value not known
    /// yet, or an infinity, has no hcl-rs form: an error.
    ///
    /// ```
    /// use hcldecode_spec::value::Value;
    /// let v = Value::object([("port", Value::int(80))]);
    /// assert_eq!(hcl::Value::try_from(v).unwrap(), hcl::value!({ port = 80 }));
    /// assert!(hcl::Value::try_from(Value::unknown(hcldecode_spec::types::Type::String)).is_err());
    /// ```
    fn try_from(v: Value) -> Result<hcl::Value, Diagnostics> {
        to_hcl(&v).map_err(|d| Diagnostics::from(*d))
    }
}

impl TryFrom<&Value> for hcl::Value {
    type Error = Diagnostics;

    /// See `TryFrom<Value>`.
    fn try_from(v: &Value) -> Result<hcl::Value, Diagnostics> {
        to_hcl(v).map_err(|d| Diagnostics::from(*d))
    }
}

fn to_hcl(v: &Value) -> Result<hcl::Value, Box<Diagnostic>> {
    Ok(match v.view() {
        ValueRef::Unknown => {
            return Err(Box::new(Diagnostic::error(
                "Unknown value",
                format!(
                    "A value of type {} is not known yet; hcl-rs values cannot represent it.",
                    v.ty()
                ),
            )));
        }
        ValueRef::Null => hcl::Value::Null,
        ValueRef::Bool(b) => hcl::Value::Bool(b),
        ValueRef::Number(n) => hcl::Value::Number(number_to_hcl(n)?),
        ValueRef::String(s) => hcl::Value::String(s.to_string()),
        ValueRef::List(e) | ValueRef::Set(e) | ValueRef::Tuple(e) => {
            hcl::Value::Array(e.iter().map(to_hcl).collect::<Result<_, _>>()?)
        }
        ValueRef::Map(entries) => hcl::Value::Object(
            entries
                .iter()
                .map(|(k, v)| Ok((k.to_string(), to_hcl(v)?)))
                .collect::<Result<_, Box<Diagnostic>>>()?,
        ),
        ValueRef::Object(ty, vals) => hcl::Value::Object(
            ty.attrs()
                .iter()
                .zip(vals)
                .map(|((k, _), v)| Ok((k.to_string(), to_hcl(v)?)))
                .collect::<Result<_, Box<Diagnostic>>>()?,
        ),
    })
}

fn number_to_hcl(n: &Number) -> Result<hcl::Number, Box<Diagnostic>> {
    if let Some(i) = n.to_i64() {
        return Ok(hcl::Number::from(i));
    }
    if let Some(u) = n.to_u64() {
        return Ok(hcl::Number::from(u));
    }
    hcl::Number::from_f64(n.to_f64()).ok_or_else(|| {
        Box::new(Diagnostic::error(
            "Number not representable",
            format!("The number {n} has no hcl-rs form: hcl-rs numbers are finite."),
        ))
    })
}
