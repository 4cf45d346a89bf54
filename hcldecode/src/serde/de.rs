//! A serde `Deserializer` over decoded values that keeps source ranges.

use std::fmt::Display;

use ::serde::de::value::BorrowedStrDeserializer;
use ::serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, EnumAccess, IntoDeserializer, MapAccess,
    SeqAccess, VariantAccess, Visitor,
};

use crate::typed::{At, HclDecode};
use crate::value::convert::convert;
use crate::value::{Number, Value, ValueRef};
use crate::{Diagnostic, Error, Type};

impl de::Error for Error {
    /// A serde type's own error (`invalid type`, `missing field`, a custom
    /// message): "Invalid value" with the message as detail. The
    /// deserializer that gets it back gives it the range of its value.
    fn custom<T: Display>(msg: T) -> Error {
        let mut detail = msg.to_string();
        if !detail.ends_with('.') {
            detail.push('.');
        }
        Error::new(Diagnostic::error("Invalid value", upper_first(&detail)))
    }
}

fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Deserializes a decoded [`Value`] into any `T: Deserialize`, with errors
/// (`T`'s own included) at the source range of the part of the value they
/// are about, as far as [`At`] can locate it.
///
/// Scalars convert as HCL converts them for a typed attribute: a string
/// `"80"` deserializes into a `u16`, a number into a `String`, `"true"`
/// into a `bool`. A value not known yet is an "Unknown value" error.
/// Numbers are handed to the visitor as `i64`, `u64`, `i128`/`u128` for
/// bigger integers, and `f64` otherwise. Enums are a string (a unit
/// variant) or an object of one attribute (the variant's name and
/// content), as serde's externally tagged form.
///
/// ```
/// use hcldecode::serde::ValueDeserializer;
/// use hcldecode::typed::At;
/// use serde::Deserialize;
/// #[derive(Deserialize, Debug, PartialEq)]
/// struct Limits { cpu: u32, memory: String }
/// let v = hcldecode::Value::object([("cpu", hcldecode::Value::string("2")), ("memory", 512.into())]);
/// let l = Limits::deserialize(ValueDeserializer::new(&v, At::none())).unwrap();
/// assert_eq!(l, Limits { cpu: 2, memory: "512".into() });
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ValueDeserializer<'a> {
    value: &'a Value,
    at: At<'a>,
}

impl<'a> ValueDeserializer<'a> {
    /// A deserializer of `value`, which came from `at`.
    pub fn new(value: &'a Value, at: At<'a>) -> ValueDeserializer<'a> {
        ValueDeserializer { value, at }
    }

    fn place(&self, e: Error) -> Error {
        e.placed_at(self.at)
    }

    /// `seed` deserialized from this value; errors the seed makes after
    /// deserializing (`deserialize_with` checks) are about the value too.
    fn seed<S: DeserializeSeed<'a>>(self, seed: S) -> Result<S::Value, Error> {
        seed.deserialize(self).map_err(|e| self.place(e))
    }

    fn known(&self) -> Result<ValueRef<'a>, Error> {
        let v = self.value.view();
        if let ValueRef::Unknown = v {
            return Err(self.at.unknown_value());
        }
        Ok(v)
    }

    fn any<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        let at = self.at;
        let r = match self.known()? {
            ValueRef::Unknown | ValueRef::Null => visitor.visit_unit(),
            ValueRef::Bool(b) => visitor.visit_bool(b),
            ValueRef::Number(n) => visit_number(n, visitor),
            ValueRef::String(s) => visitor.visit_borrowed_str(s),
            ValueRef::List(e) | ValueRef::Set(e) | ValueRef::Tuple(e) => visitor.visit_seq(Seq {
                elems: e,
                next: 0,
                at,
            }),
            ValueRef::Map(entries) => visitor.visit_map(Map {
                keys: entries.iter().map(|(k, _)| &**k).collect(),
                vals: entries.iter().map(|(_, v)| v).collect(),
                next: 0,
                at,
            }),
            ValueRef::Object(ty, vals) => visitor.visit_map(Map {
                keys: ty.attrs().iter().map(|(k, _)| &**k).collect(),
                vals: vals.iter().collect(),
                next: 0,
                at,
            }),
        };
        r.map_err(|e| self.place(e))
    }

    /// A primitive of another type converted to `ty` as HCL converts it
    /// (`None` when it is not a primitive, already `ty`, or does not
    /// convert).
    fn converted(&self, ty: &Type) -> Option<Value> {
        let t = self.value.ty();
        let primitive = matches!(t, Type::String | Type::Number | Type::Bool);
        if !primitive || t == ty || !self.value.is_known() || self.value.is_null() {
            return None;
        }
        convert(self.value, ty).ok()
    }

    /// A float: a number (or a string that converts to one) as the nearest
    /// `f64` whatever its size, since serde's float visitors take no
    /// 128-bit integers (`visit_number` hands integers past `u64` over as
    /// those).
    fn float<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        let converted = self.converted(&Type::Number);
        let n = match converted.as_ref().unwrap_or(self.value).view() {
            ValueRef::Number(n) => n.to_f64(),
            _ => return self.any(visitor),
        };
        visitor.visit_f64(n).map_err(|e| self.place(e))
    }

    fn scalar<V: Visitor<'a>>(self, ty: Type, visitor: V) -> Result<V::Value, Error> {
        let Some(c) = self.converted(&ty) else {
            return self.any(visitor);
        };
        let r = match c.view() {
            ValueRef::Bool(b) => visitor.visit_bool(b),
            ValueRef::Number(n) => visit_number(n, visitor),
            ValueRef::String(s) => visitor.visit_string(s.to_owned()),
            _ => return self.any(visitor),
        };
        r.map_err(|e| self.place(e))
    }
}

fn visit_number<'de, V: Visitor<'de>>(n: &Number, visitor: V) -> Result<V::Value, Error> {
    if let Some(i) = n.to_i64() {
        return visitor.visit_i64(i);
    }
    if let Some(u) = n.to_u64() {
        return visitor.visit_u64(u);
    }
    if n.is_integer()
        && let Some(b) = n.to_big_int()
    {
        if let Ok(i) = i128::try_from(&b) {
            return visitor.visit_i128(i);
        }
        if let Ok(u) = u128::try_from(&b) {
            return visitor.visit_u128(u);
        }
    }
    visitor.visit_f64(n.to_f64())
}

macro_rules! scalar_methods {
    ($ty:expr => $($m:ident)*) => {$(
        fn $m<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
            self.scalar($ty, visitor)
        }
    )*};
}

impl<'a> Deserializer<'a> for ValueDeserializer<'a> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        self.any(visitor)
    }

    scalar_methods!(Type::Number => deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64
        deserialize_u128);

    fn deserialize_f32<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        self.float(visitor)
    }

    fn deserialize_f64<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        self.float(visitor)
    }

    scalar_methods!(Type::String => deserialize_char deserialize_str deserialize_string);
    scalar_methods!(Type::Bool => deserialize_bool);

    fn deserialize_option<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.value.is_known() && self.value.is_null() {
            return visitor.visit_none().map_err(|e| self.place(e));
        }
        self.known()?;
        visitor.visit_some(self).map_err(|e| self.place(e))
    }

    fn deserialize_newtype_struct<V: Visitor<'a>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor
            .visit_newtype_struct(self)
            .map_err(|e| self.place(e))
    }

    fn deserialize_enum<V: Visitor<'a>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let r = match self.known()? {
            ValueRef::String(s) => visitor.visit_enum(Enum {
                variant: s,
                content: None,
                at: self.at,
            }),
            ValueRef::Map(entries) if entries.len() == 1 => visitor.visit_enum(Enum {
                variant: &entries[0].0,
                content: Some(&entries[0].1),
                at: self.at.key(&entries[0].0),
            }),
            ValueRef::Object(ty, vals) if vals.len() == 1 => {
                let name = &*ty.attrs()[0].0;
                visitor.visit_enum(Enum {
                    variant: name,
                    content: Some(&vals[0]),
                    at: self.at.key(name),
                })
            }
            _ => Err(de::Error::invalid_type(
                de::Unexpected::Other(&format!("a value of type {}", self.value.ty())),
                &"a variant name, or an object of one attribute named for the variant",
            )),
        };
        r.map_err(|e| self.place(e))
    }

    fn deserialize_ignored_any<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    ::serde::forward_to_deserialize_any! {
        <V: Visitor<'a>>
        bytes byte_buf unit unit_struct seq tuple tuple_struct map struct identifier
    }
}

/// `seed` deserialized from a map key or variant name, with errors at `at`.
fn name_seed<'a, S: DeserializeSeed<'a>>(
    seed: S,
    name: &'a str,
    at: At<'a>,
) -> Result<S::Value, Error> {
    seed.deserialize(BorrowedStrDeserializer::<Error>::new(name))
        .map_err(|e| e.placed_at(at))
}

struct Seq<'a> {
    elems: &'a [Value],
    next: usize,
    at: At<'a>,
}

impl<'a> SeqAccess<'a> for Seq<'a> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'a>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        let i = self.next;
        let Some(e) = self.elems.get(i) else {
            return Ok(None);
        };
        self.next += 1;
        ValueDeserializer::new(e, self.at.index(i))
            .seed(seed)
            .map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.elems.len() - self.next)
    }
}

struct Map<'a> {
    keys: Vec<&'a str>,
    vals: Vec<&'a Value>,
    next: usize,
    at: At<'a>,
}

impl<'a> MapAccess<'a> for Map<'a> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'a>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some(k) = self.keys.get(self.next) else {
            return Ok(None);
        };
        name_seed(seed, k, self.at.key(k)).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'a>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let i = self.next;
        self.next += 1;
        let (Some(k), Some(v)) = (self.keys.get(i), self.vals.get(i)) else {
            return Err(de::Error::custom(
                "a map value was asked for before its key",
            ));
        };
        ValueDeserializer::new(v, self.at.key(k)).seed(seed)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.keys.len() - self.next)
    }
}

struct Enum<'a> {
    variant: &'a str,
    content: Option<&'a Value>,
    at: At<'a>,
}

impl<'a> EnumAccess<'a> for Enum<'a> {
    type Error = Error;
    type Variant = Enum<'a>;

    fn variant_seed<V: DeserializeSeed<'a>>(self, seed: V) -> Result<(V::Value, Enum<'a>), Error> {
        let v = name_seed(seed, self.variant, self.at)?;
        Ok((v, self))
    }
}

impl<'a> VariantAccess<'a> for Enum<'a> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        match self.content {
            None => Ok(()),
            Some(v) if v.is_known() && v.is_null() => Ok(()),
            Some(_) => Err(de::Error::invalid_type(
                de::Unexpected::Other("a value"),
                &"a unit variant (its name alone)",
            )),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'a>>(self, seed: T) -> Result<T::Value, Error> {
        match self.content {
            Some(v) => ValueDeserializer::new(v, self.at).seed(seed),
            None => Err(de::Error::invalid_type(
                de::Unexpected::UnitVariant,
                &"a newtype variant (an object of one attribute)",
            )),
        }
    }

    fn tuple_variant<V: Visitor<'a>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        match self.content {
            Some(v) => ValueDeserializer::new(v, self.at).deserialize_seq(visitor),
            None => Err(de::Error::invalid_type(
                de::Unexpected::UnitVariant,
                &"a tuple variant",
            )),
        }
    }

    fn struct_variant<V: Visitor<'a>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.content {
            Some(v) => ValueDeserializer::new(v, self.at).deserialize_map(visitor),
            None => Err(de::Error::invalid_type(
                de::Unexpected::UnitVariant,
                &"a struct variant",
            )),
        }
    }
}

impl<'a> IntoDeserializer<'a, Error> for &'a Value {
    type Deserializer = ValueDeserializer<'a>;
    fn into_deserializer(self) -> ValueDeserializer<'a> {
        ValueDeserializer::new(self, At::none())
    }
}

/// A `T: Deserialize` read from HCL: the type of `#[hcl(serde)]` fields,
/// usable on its own as any [`HclDecode`] type. The value is decoded
/// without a type constraint (`any`) and then deserialized with a
/// [`ValueDeserializer`], so `T`'s errors point at the value's range.
///
/// ```
/// use hcldecode::serde::Serde;
/// #[derive(serde::Deserialize, Debug)]
/// struct Retry { attempts: u8 }
/// let r: Serde<Retry> = hcldecode::from_str("value = { attempts = 3 }\n", "a.hcl").unwrap();
/// assert_eq!(r.0.attempts, 3);
/// let e = hcldecode::from_str::<Serde<Retry>>("value = { attempts = 300 }\n", "a.hcl").unwrap_err();
/// assert_eq!(e.diagnostics()[0].subject.as_ref().unwrap().to_string(), "a.hcl:1,22-25");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Serde<T>(pub T);

impl<T: DeserializeOwned> HclDecode for Serde<T> {
    fn from_hcl(value: &Value, at: At<'_>) -> Result<Self, Error> {
        T::deserialize(ValueDeserializer::new(value, at))
            .map(Serde)
            .map_err(|e| e.placed_at(at))
    }
}

/// Deserializes a value into `T` (errors without ranges, as the value
/// alone has none). With a spec file,
/// [`LoadedSpec::deserialize`](crate::spec_file::LoadedSpec::deserialize)
/// decodes and deserializes with ranges; with a trace of your own
/// ([`decode_traced`](crate::decode::decode_traced)), deserialize with
/// `ValueDeserializer::new(&value, At::trace(&trace))`.
///
/// ```
/// let v = hcldecode::Value::from(vec![1, 2]);
/// let xs: Vec<u8> = hcldecode::serde::from_value(&v).unwrap();
/// assert_eq!(xs, [1, 2]);
/// ```
pub fn from_value<T: DeserializeOwned>(value: &Value) -> Result<T, Error> {
    T::deserialize(ValueDeserializer::new(value, At::none()))
}
