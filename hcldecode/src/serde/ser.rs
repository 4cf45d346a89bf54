//! Serde types to values and to HCL text: [`to_value`], [`to_string`].

use std::collections::BTreeMap;

use ::serde::ser::{self, Serialize};
use num_bigint::BigInt;

use crate::Type;
use crate::encode::{self, EncodeError};
use crate::value::{Number, Value};

impl ser::Error for EncodeError {
    fn custom<T: std::fmt::Display>(msg: T) -> EncodeError {
        EncodeError::Custom(msg.to_string())
    }
}

/// Serializes `v` into a [`Value`], laid out as hcl-rs (and serde_json)
/// lay serde data out: structs and maps are objects (map keys must be
/// strings, chars, integers or bools, which become their text), sequences,
/// tuples and bytes are tuples, `None` and `()` are `null`, a unit variant
/// is its name as a string and other variants are an object of one
/// attribute named for the variant. Integers of any width are exact;
/// floats are numbers at 53-bit precision, and NaN or infinities are an
/// error.
///
/// ```
/// use hcldecode::Value;
/// #[derive(serde::Serialize)]
/// struct Port { number: u16, tls: Option<bool> }
/// let v = hcldecode::serde::to_value(&Port { number: 443, tls: None }).unwrap();
/// assert_eq!(v.get_attr("number"), Some(Value::int(443)));
/// assert!(v.get_attr("tls").unwrap().is_null());
/// assert!(hcldecode::serde::to_value(&f64::NAN).is_err());
/// ```
pub fn to_value<T: Serialize + ?Sized>(v: &T) -> Result<Value, EncodeError> {
    v.serialize(ValueSerializer)
}

/// Writes `v` as an HCL body, the inverse of
/// [`from_str`](super::from_str) for serde types laid out as hcl-rs lays
/// them out: [`to_value`], then [`encode::to_string`] (one attribute per
/// struct field or map entry, formatted as `hclfmt` formats).
///
/// Nested structs are written as object expressions (`name = { ... }`),
/// not blocks: hcl-rs writes blocks only for its own marker types, and an
/// object expression reads back into the same serde type. `T` must
/// serialize to a struct or map whose keys are identifiers.
///
/// ```
/// use serde::{Deserialize, Serialize};
/// #[derive(Serialize, Deserialize, Debug, PartialEq)]
/// struct Config {
///     name: String,
///     workers: u32,
///     limits: Limits,
///     tags: Vec<String>,
/// }
/// #[derive(Serialize, Deserialize, Debug, PartialEq)]
/// struct Limits { cpu: f64, memory_mb: u64 }
/// let c = Config {
///     name: "api ${not a template}".into(),
///     workers: 4,
///     limits: Limits { cpu: 0.5, memory_mb: 512 },
///     tags: vec!["a".into(), "b".into()],
/// };
/// let text = hcldecode::serde::to_string(&c).unwrap();
/// assert_eq!(text, "\
/// limits = {
///   cpu       = 0.5
///   memory_mb = 512
/// }
/// name    = \"api $${not a template}\"
/// tags    = [\"a\", \"b\"]
/// workers = 4
/// ");
/// let back: Config = hcldecode::serde::from_str(&text, "config.hcl").unwrap();
/// assert_eq!(back, c);
/// ```
pub fn to_string<T: Serialize + ?Sized>(v: &T) -> Result<String, EncodeError> {
    encode::to_string(&to_value(v)?)
}

/// Serializes `v` as the body `spec` describes
/// ([`encode::to_string_by_spec`]): where the spec has blocks, the nested
/// structs are written as blocks (labels from `block_label` specs and
/// block maps' keys), as the file's author writes them.
///
/// ```
/// use hcldecode::spec_file::LoadedSpec;
/// use serde::Serialize;
/// #[derive(Serialize)]
/// struct Limits { cpu: f64 }
/// #[derive(Serialize)]
/// struct Config { name: String, limits: Limits }
/// let (loaded, _) = LoadedSpec::load_file(r#"
///   object {
///     attr "name" { type = string }
///     block "limits" {
///       object {
///         attr "cpu" { type = number }
///       }
///     }
///   }
/// "#, "config.hcldec").unwrap();
/// let c = Config { name: "api".into(), limits: Limits { cpu: 0.5 } };
/// let text = hcldecode::serde::to_string_by_spec(&c, &loaded.spec).unwrap();
/// assert_eq!(text, "name = \"api\"\n\nlimits {\n  cpu = 0.5\n}\n");
/// ```
pub fn to_string_by_spec<T: Serialize + ?Sized>(
    v: &T,
    spec: &hcldecode_spec::spec::Spec,
) -> Result<String, EncodeError> {
    encode::to_string_by_spec(&to_value(v)?, spec)
}

fn no_form(what: &str) -> EncodeError {
    EncodeError::Custom(format!("{what} has no HCL form"))
}

fn float(f: f64) -> Result<Value, EncodeError> {
    if !f.is_finite() {
        return Err(no_form(&format!("the float {f}")));
    }
    Number::from_f64(f)
        .map(Value::number)
        .ok_or_else(|| no_form("NaN"))
}

fn variant(name: &str, v: Value) -> Value {
    Value::object([(name, v)])
}

/// Serializes into a [`Value`].
struct ValueSerializer;

/// Collects a sequence, tuple or tuple struct (and the tuple of a tuple
/// variant, wrapped in its name).
struct SeqBuilder {
    elems: Vec<Value>,
    variant: Option<&'static str>,
}

/// Collects a map or struct (and the fields of a struct variant, wrapped
/// in its name). A later entry with the same key replaces an earlier one.
struct MapBuilder {
    attrs: BTreeMap<String, Value>,
    key: Option<String>,
    variant: Option<&'static str>,
}

impl ser::Serializer for ValueSerializer {
    type Ok = Value;
    type Error = EncodeError;
    type SerializeSeq = SeqBuilder;
    type SerializeTuple = SeqBuilder;
    type SerializeTupleStruct = SeqBuilder;
    type SerializeTupleVariant = SeqBuilder;
    type SerializeMap = MapBuilder;
    type SerializeStruct = MapBuilder;
    type SerializeStructVariant = MapBuilder;

    fn serialize_bool(self, v: bool) -> Result<Value, EncodeError> {
        Ok(Value::bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Value, EncodeError> {
        Ok(Value::int(v.into()))
    }
    fn serialize_i16(self, v: i16) -> Result<Value, EncodeError> {
        Ok(Value::int(v.into()))
    }
    fn serialize_i32(self, v: i32) -> Result<Value, EncodeError> {
        Ok(Value::int(v.into()))
    }
    fn serialize_i64(self, v: i64) -> Result<Value, EncodeError> {
        Ok(Value::int(v))
    }
    fn serialize_i128(self, v: i128) -> Result<Value, EncodeError> {
        Ok(Value::number(Number::from_big_int(&BigInt::from(v))))
    }
    fn serialize_u8(self, v: u8) -> Result<Value, EncodeError> {
        Ok(Value::int(v.into()))
    }
    fn serialize_u16(self, v: u16) -> Result<Value, EncodeError> {
        Ok(Value::int(v.into()))
    }
    fn serialize_u32(self, v: u32) -> Result<Value, EncodeError> {
        Ok(Value::int(v.into()))
    }
    fn serialize_u64(self, v: u64) -> Result<Value, EncodeError> {
        Ok(Value::number(Number::from_u64(v)))
    }
    fn serialize_u128(self, v: u128) -> Result<Value, EncodeError> {
        Ok(Value::number(Number::from_big_int(&BigInt::from(v))))
    }
    fn serialize_f32(self, v: f32) -> Result<Value, EncodeError> {
        float(v.into())
    }
    fn serialize_f64(self, v: f64) -> Result<Value, EncodeError> {
        float(v)
    }
    fn serialize_char(self, v: char) -> Result<Value, EncodeError> {
        Ok(Value::string(v.encode_utf8(&mut [0; 4])))
    }
    fn serialize_str(self, v: &str) -> Result<Value, EncodeError> {
        Ok(Value::string(v))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Value, EncodeError> {
        Ok(Value::tuple(
            v.iter().map(|b| Value::int((*b).into())).collect(),
        ))
    }
    fn serialize_none(self) -> Result<Value, EncodeError> {
        Ok(Value::null(Type::Dynamic))
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<Value, EncodeError> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<Value, EncodeError> {
        Ok(Value::null(Type::Dynamic))
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Value, EncodeError> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Value, EncodeError> {
        Ok(Value::string(variant))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        v: &T,
    ) -> Result<Value, EncodeError> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        name: &'static str,
        v: &T,
    ) -> Result<Value, EncodeError> {
        Ok(variant(name, v.serialize(self)?))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<SeqBuilder, EncodeError> {
        Ok(SeqBuilder {
            elems: Vec::with_capacity(len.unwrap_or(0).min(4096)),
            variant: None,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<SeqBuilder, EncodeError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<SeqBuilder, EncodeError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<SeqBuilder, EncodeError> {
        let mut b = self.serialize_seq(Some(len))?;
        b.variant = Some(variant);
        Ok(b)
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<MapBuilder, EncodeError> {
        Ok(MapBuilder {
            attrs: BTreeMap::new(),
            key: None,
            variant: None,
        })
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<MapBuilder, EncodeError> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<MapBuilder, EncodeError> {
        let mut b = self.serialize_map(Some(len))?;
        b.variant = Some(variant);
        Ok(b)
    }
}

impl SeqBuilder {
    fn push<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), EncodeError> {
        self.elems.push(v.serialize(ValueSerializer)?);
        Ok(())
    }
    fn finish(self) -> Value {
        let t = Value::tuple(self.elems);
        match self.variant {
            Some(name) => variant(name, t),
            None => t,
        }
    }
}

impl ser::SerializeSeq for SeqBuilder {
    type Ok = Value;
    type Error = EncodeError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), EncodeError> {
        self.push(v)
    }
    fn end(self) -> Result<Value, EncodeError> {
        Ok(self.finish())
    }
}

impl ser::SerializeTuple for SeqBuilder {
    type Ok = Value;
    type Error = EncodeError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), EncodeError> {
        self.push(v)
    }
    fn end(self) -> Result<Value, EncodeError> {
        Ok(self.finish())
    }
}

impl ser::SerializeTupleStruct for SeqBuilder {
    type Ok = Value;
    type Error = EncodeError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), EncodeError> {
        self.push(v)
    }
    fn end(self) -> Result<Value, EncodeError> {
        Ok(self.finish())
    }
}

impl ser::SerializeTupleVariant for SeqBuilder {
    type Ok = Value;
    type Error = EncodeError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), EncodeError> {
        self.push(v)
    }
    fn end(self) -> Result<Value, EncodeError> {
        Ok(self.finish())
    }
}

impl MapBuilder {
    fn finish(self) -> Value {
        let o = Value::object(self.attrs);
        match self.variant {
            Some(name) => variant(name, o),
            None => o,
        }
    }
}

impl ser::SerializeMap for MapBuilder {
    type Ok = Value;
    type Error = EncodeError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> Result<(), EncodeError> {
        self.key = Some(k.serialize(KeySerializer)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), EncodeError> {
        let k = self
            .key
            .take()
            .ok_or_else(|| EncodeError::Custom("a map value came without its key".into()))?;
        self.attrs.insert(k, v.serialize(ValueSerializer)?);
        Ok(())
    }
    fn end(self) -> Result<Value, EncodeError> {
        Ok(self.finish())
    }
}

impl ser::SerializeStruct for MapBuilder {
    type Ok = Value;
    type Error = EncodeError;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), EncodeError> {
        self.attrs
            .insert(key.to_string(), v.serialize(ValueSerializer)?);
        Ok(())
    }
    fn end(self) -> Result<Value, EncodeError> {
        Ok(self.finish())
    }
}

impl ser::SerializeStructVariant for MapBuilder {
    type Ok = Value;
    type Error = EncodeError;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), EncodeError> {
        ser::SerializeStruct::serialize_field(self, key, v)
    }
    fn end(self) -> Result<Value, EncodeError> {
        Ok(self.finish())
    }
}

/// Serializes a map key to its text: strings, chars, integers, bools and
/// unit variants (as serde_json takes keys).
struct KeySerializer;

fn bad_key(what: &str) -> EncodeError {
    EncodeError::Custom(format!(
        "a map key must be a string, a number or a bool, not {what}"
    ))
}

impl ser::Serializer for KeySerializer {
    type Ok = String;
    type Error = EncodeError;
    type SerializeSeq = ser::Impossible<String, EncodeError>;
    type SerializeTuple = ser::Impossible<String, EncodeError>;
    type SerializeTupleStruct = ser::Impossible<String, EncodeError>;
    type SerializeTupleVariant = ser::Impossible<String, EncodeError>;
    type SerializeMap = ser::Impossible<String, EncodeError>;
    type SerializeStruct = ser::Impossible<String, EncodeError>;
    type SerializeStructVariant = ser::Impossible<String, EncodeError>;

    fn serialize_bool(self, v: bool) -> Result<String, EncodeError> {
        Ok(v.to_string())
    }
    fn serialize_i8(self, v: i8) -> Result<String, EncodeError> {
        Ok(v.to_string())
    }
    fn serialize_i16(self, v: i16) -> Result<String, EncodeError> {
        Ok(v.to_string())
    }
    fn serialize_i32(self, v: i32) -> Result<String, EncodeError> {
        Ok(v.to_string())
    }
    fn serialize_i64(self, v: i64) -> Result<String, EncodeError> {
        Ok(v.to_string())
    }
    fn serialize_i128(self, v: i128) -> Result<String, EncodeError> {
        Ok(v.to_string())
    }
    fn serialize_u8(self, v: u8) -> Result<String, EncodeError> {
        Ok(v.to_string())
    }
    fn serialize_u16(self, v: u16) -> Result<String, EncodeError> {
        Ok(v.to_string())
    }
    fn serialize_u32(self, v: u32) -> Result<String, EncodeError> {
        Ok(v.to_string())
    }
    fn serialize_u64(self, v: u64) -> Result<String, EncodeError> {
        Ok(v.to_string())
    }
    fn serialize_u128(self, v: u128) -> Result<String, EncodeError> {
        Ok(v.to_string())
    }
    fn serialize_f32(self, _v: f32) -> Result<String, EncodeError> {
        Err(bad_key("a float"))
    }
    fn serialize_f64(self, _v: f64) -> Result<String, EncodeError> {
        Err(bad_key("a float"))
    }
    fn serialize_char(self, v: char) -> Result<String, EncodeError> {
        Ok(v.to_string())
    }
    fn serialize_str(self, v: &str) -> Result<String, EncodeError> {
        Ok(v.to_string())
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<String, EncodeError> {
        Err(bad_key("bytes"))
    }
    fn serialize_none(self) -> Result<String, EncodeError> {
        Err(bad_key("none"))
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<String, EncodeError> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<String, EncodeError> {
        Err(bad_key("unit"))
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<String, EncodeError> {
        Err(bad_key("a unit struct"))
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<String, EncodeError> {
        Ok(variant.to_string())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        v: &T,
    ) -> Result<String, EncodeError> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _v: &T,
    ) -> Result<String, EncodeError> {
        Err(bad_key("an enum variant with data"))
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, EncodeError> {
        Err(bad_key("a sequence"))
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, EncodeError> {
        Err(bad_key("a tuple"))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, EncodeError> {
        Err(bad_key("a tuple struct"))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, EncodeError> {
        Err(bad_key("an enum variant with data"))
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, EncodeError> {
        Err(bad_key("a map"))
    }
    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, EncodeError> {
        Err(bad_key("a struct"))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, EncodeError> {
        Err(bad_key("an enum variant with data"))
    }
}
