//! `Serialize` and `Deserialize` for [`Value`] and [`Number`].
//!
//! Values serialize as the JSON form `hcldec` prints: null as unit (`null`),
//! lists, sets and tuples as sequences, maps and objects as maps (keys in
//! order). A value not known yet cannot be serialized (an error).
//!
//! Numbers are exact where the format can carry them:
//!
//! 1. an integer that fits `i64` or `u64` is that integer;
//! 2. a number an `f64` holds exactly (`0.5`, `1e300`) is that `f64`;
//! 3. anything else (`0.1`, which has no exact `f64`, or a 100-digit
//!    integer): with the `serde-arbitrary-precision` feature, a serde_json
//!    arbitrary-precision number of its shortest exact decimal form (as
//!    `hcldec` prints it); without it, an integer that fits `i128`/`u128`
//!    is that integer, and other numbers are the nearest `f64`.
//!
//! Deserializing takes what the format gives: integers and floats exactly
//! (an `f64` at 53-bit precision, as cty's `NumberFloatVal`), serde_json's
//! arbitrary-precision numbers from their text (512-bit precision, as HCL
//! literals), sequences as tuples and maps as objects (the types HCL gives
//! the literals `[...]` and `{...}`), unit and none as null.
//!
//! ```
//! use hcldecode_spec::value::Value;
//! let v = Value::object([("port", Value::int(80)), ("tags", Value::from(vec!["a"]))]);
//! let json = serde_json::to_string(&v).unwrap();
//! assert_eq!(json, r#"{"port":80,"tags":["a"]}"#);
//! let back: Value = serde_json::from_str(&json).unwrap();
//! assert_eq!(back, v);
//! ```

use std::fmt;

use ::serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use ::serde::ser::{self, Serialize, SerializeMap, SerializeSeq, Serializer};

use crate::value::{Number, Value, ValueRef};

/// serde_json's name for an arbitrary-precision number (a map of this one
/// key to the number's text), as its deserializers hand it over.
const JSON_NUMBER_TOKEN: &str = "$serde_json::private::Number";

impl Serialize for Number {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if let Some(i) = self.to_i64() {
            return s.serialize_i64(i);
        }
        if let Some(u) = self.to_u64() {
            return s.serialize_u64(u);
        }
        if self.is_infinite() {
            return Err(ser::Error::custom("cannot serialize infinity"));
        }
        let f = self.to_f64();
        if Number::from_f64(f).is_some_and(|n| n.cty_equals(self)) {
            return s.serialize_f64(f);
        }
        serialize_inexact(self, f, s)
    }
}

#[cfg(feature = "serde-arbitrary-precision")]
fn serialize_inexact<S: Serializer>(n: &Number, _f: f64, s: S) -> Result<S::Ok, S::Error> {
    let text = n.to_string();
    match text.parse::<serde_json::Number>() {
        Ok(j) => j.serialize(s),
        Err(e) => Err(ser::Error::custom(format!(
            "the number {text} cannot be serialized: {e}"
        ))),
    }
}

#[cfg(not(feature = "serde-arbitrary-precision"))]
fn serialize_inexact<S: Serializer>(n: &Number, f: f64, s: S) -> Result<S::Ok, S::Error> {
    if n.is_integer() {
        if let Some(i) = n.to_big_int() {
            if let Ok(i) = i128::try_from(&i) {
                return s.serialize_i128(i);
            }
            if let Ok(u) = u128::try_from(&i) {
                return s.serialize_u128(u);
            }
        }
    }
    s.serialize_f64(f)
}

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.view() {
            ValueRef::Unknown => Err(ser::Error::custom(format!(
                "a value of type {} is not known yet and cannot be serialized",
                self.ty()
            ))),
            ValueRef::Null => s.serialize_unit(),
            ValueRef::Bool(b) => s.serialize_bool(b),
            ValueRef::Number(n) => n.serialize(s),
            ValueRef::String(v) => s.serialize_str(v),
            ValueRef::List(elems) | ValueRef::Set(elems) | ValueRef::Tuple(elems) => {
                let mut seq = s.serialize_seq(Some(elems.len()))?;
                for e in elems {
                    seq.serialize_element(e)?;
                }
                seq.end()
            }
            ValueRef::Map(entries) => {
                let mut map = s.serialize_map(Some(entries.len()))?;
                for (k, v) in entries {
                    map.serialize_entry(&**k, v)?;
                }
                map.end()
            }
            ValueRef::Object(ty, vals) => {
                let mut map = s.serialize_map(Some(vals.len()))?;
                for ((k, _), v) in ty.attrs().iter().zip(vals) {
                    map.serialize_entry(&**k, v)?;
                }
                map.end()
            }
        }
    }
}

/// Builds values from whatever the format gives.
struct ValueVisitor;

fn number_value<E: de::Error>(n: Option<Number>) -> Result<Value, E> {
    n.map(Value::number)
        .ok_or_else(|| E::custom("NaN is not a number HCL can hold"))
}

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an HCL value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
        Ok(Value::bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        Ok(Value::int(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        number_value(Number::from_f64(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        Ok(Value::string(v))
    }
    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::null(crate::types::Type::Dynamic))
    }
    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        self.visit_unit()
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        Value::deserialize(d)
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        Value::deserialize(d)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut elems = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(e) = seq.next_element::<Value>()? {
            elems.push(e);
        }
        Ok(Value::tuple(elems))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut attrs: Vec<(String, Value)> = Vec::new();
        while let Some(k) = map.next_key::<String>()? {
            if attrs.is_empty() && k == JSON_NUMBER_TOKEN {
                let text: String = map.next_value()?;
                return Number::parse(&text)
                    .map(Value::number)
                    .map_err(|e| de::Error::custom(format!("invalid number {text}: {e}")));
            }
            let v: Value = map.next_value()?;
            attrs.push((k, v));
        }
        Ok(Value::object(attrs))
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
}

impl<'de> Deserialize<'de> for Number {
    /// A number (see the module documentation); anything else is an error.
    ///
    /// ```
    /// let n: hcldecode_spec::value::Number = serde_json::from_str("0.5").unwrap();
    /// assert_eq!(n.to_string(), "0.5");
    /// assert!(serde_json::from_str::<hcldecode_spec::value::Number>("\"1\"").is_err());
    /// ```
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Number, D::Error> {
        let v = d.deserialize_any(ValueVisitor)?;
        match v.as_number() {
            Some(n) => Ok(n.clone()),
            None => Err(de::Error::invalid_type(
                de::Unexpected::Other(&format!("a value of type {}", v.ty())),
                &"a number",
            )),
        }
    }
}
