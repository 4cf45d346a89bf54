//! A serde `Deserializer` over decoded values that keeps source ranges,
//! and carries on after an error where it knows what was asked for.

use std::fmt::{self, Display};
use std::sync::{Mutex, PoisonError};

use ::serde::de::value::{BorrowedStrDeserializer, MapDeserializer, SeqDeserializer};
use ::serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, EnumAccess, Expected, IntoDeserializer,
    MapAccess, SeqAccess, Unexpected, VariantAccess, Visitor,
};
use hcldecode_spec::diag::Code;

use crate::typed::{At, Errors, HclDecode};
use crate::value::convert::convert;
use crate::value::{Number, Value, ValueRef};
use crate::{Diagnostic, Error, Type};

impl de::Error for Error {
    /// A serde type's own error (a custom message): "Invalid value" with
    /// the message as detail and [`Code::SerdeCustom`]. The deserializer
    /// that gets it back gives it the range of its value. The other
    /// constructors keep serde's wording and have codes of their own
    /// (`Code::SerdeInvalidType`, …).
    fn custom<T: Display>(msg: T) -> Error {
        serde_error(Code::SerdeCustom, msg)
    }
    fn invalid_type(unexp: Unexpected<'_>, exp: &dyn Expected) -> Error {
        serde_error(
            Code::SerdeInvalidType,
            <Text as de::Error>::invalid_type(unexp, exp),
        )
    }
    fn invalid_value(unexp: Unexpected<'_>, exp: &dyn Expected) -> Error {
        serde_error(
            Code::SerdeInvalidValue,
            <Text as de::Error>::invalid_value(unexp, exp),
        )
    }
    fn invalid_length(len: usize, exp: &dyn Expected) -> Error {
        serde_error(
            Code::SerdeInvalidValue,
            <Text as de::Error>::invalid_length(len, exp),
        )
    }
    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Error {
        serde_error(
            Code::SerdeUnknownVariant,
            <Text as de::Error>::unknown_variant(variant, expected),
        )
    }
    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Error {
        serde_error(
            Code::SerdeUnknownField,
            <Text as de::Error>::unknown_field(field, expected),
        )
    }
    fn missing_field(field: &'static str) -> Error {
        serde_error(
            Code::SerdeMissingField,
            <Text as de::Error>::missing_field(field),
        )
    }
    fn duplicate_field(field: &'static str) -> Error {
        serde_error(
            Code::SerdeDuplicateField,
            <Text as de::Error>::duplicate_field(field),
        )
    }
}

/// "Invalid value", the message (a sentence) as detail, and `code`.
fn serde_error(code: Code, msg: impl Display) -> Error {
    let mut detail = msg.to_string();
    if !detail.ends_with('.') {
        detail.push('.');
    }
    Error::new(Diagnostic::coded(
        code,
        "Invalid value",
        upper_first(&detail),
    ))
}

/// serde's own wording of its errors: the provided methods of
/// `de::Error`, on a type whose `custom` keeps the text.
#[derive(Debug)]
struct Text(String);

impl Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Text {}

impl de::Error for Text {
    fn custom<T: Display>(msg: T) -> Text {
        Text(msg.to_string())
    }
}

fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Where a deserializer keeps the errors it carried on after, to report
/// them with the one it may stop at. A mutex (locked only to record an
/// error) rather than a cell, so that the deserializers that share it stay
/// `Send`, `Sync` and unwind-safe.
#[derive(Debug, Default)]
pub(super) struct Recorder(Mutex<Errors>);

impl Recorder {
    fn record(&self, e: Error) {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(e);
    }

    /// The outcome of a deserialization that recorded here: `r` if nothing
    /// was recorded, else every recorded error and the one it stopped at
    /// (if any), in source order.
    pub(super) fn finish<T>(self, r: Result<T, Error>) -> Result<T, Error> {
        let recorded = self.0.into_inner().unwrap_or_else(PoisonError::into_inner);
        if !recorded.failed() {
            return r;
        }
        let mut all = recorded.into_error();
        if let Err(e) = r {
            all.merge(e);
        }
        Err(all.finish(Default::default(), Default::default()))
    }
}

/// What a deserialize method was asked for, so that after an error about
/// the value it can hand the visitor a placeholder of that kind.
#[derive(Clone, Copy, Debug)]
pub(super) enum Want {
    Int,
    Float,
    Bool,
    Str,
    Char,
    Seq,
    Map,
}

impl Want {
    /// A placeholder of this kind for `visitor`, after an error about the
    /// value was recorded; the decode goes on so that later errors are
    /// found too. The placeholder never reaches the caller (the recorded
    /// error fails the decode). A visitor that rejects it (a tuple of a
    /// fixed length, a struct with required fields) stops the decode with
    /// an error that adds nothing to the recorded one.
    pub(super) fn placeholder<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let r = match self {
            // 1 rather than 0: a `NonZero` integer takes it too.
            Want::Int => visitor.visit_u64(1),
            Want::Float => visitor.visit_f64(0.0),
            Want::Bool => visitor.visit_bool(false),
            Want::Str => visitor.visit_str(""),
            Want::Char => visitor.visit_char(' '),
            Want::Seq => {
                visitor.visit_seq(SeqDeserializer::<_, Error>::new(std::iter::empty::<()>()))
            }
            Want::Map => visitor
                .visit_map(MapDeserializer::<_, Error>::new(
                    std::iter::empty::<((), ())>(),
                )),
        };
        r.map_err(|_| Error::default())
    }
}

/// Records `e` and hands `visitor` a placeholder (see [`Want`]) when
/// there is a recorder; without one, `e` is the outcome.
pub(super) fn carry_on<'de, V: Visitor<'de>>(
    recorder: Option<&Recorder>,
    e: Error,
    want: Want,
    visitor: V,
) -> Result<V::Value, Error> {
    match recorder {
        Some(r) => {
            r.record(e);
            want.placeholder(visitor)
        }
        None => Err(e),
    }
}

/// What serde's messages call `v` ("string \"many\"", "integer `300`").
fn unexpected(v: &Value) -> Unexpected<'_> {
    match v.view() {
        ValueRef::Unknown | ValueRef::Null => Unexpected::Unit,
        ValueRef::Bool(b) => Unexpected::Bool(b),
        ValueRef::Number(n) => match (n.to_i64(), n.to_u64()) {
            (Some(i), _) => Unexpected::Signed(i),
            (_, Some(u)) => Unexpected::Unsigned(u),
            _ => Unexpected::Float(n.to_f64()),
        },
        ValueRef::String(s) => Unexpected::Str(s),
        ValueRef::List(_) | ValueRef::Set(_) | ValueRef::Tuple(_) => Unexpected::Seq,
        ValueRef::Map(_) | ValueRef::Object(..) => Unexpected::Map,
    }
}

/// Whether `n` is an integer from `min` to `max`.
fn integer_in(n: &Number, min: i128, max: u128) -> bool {
    let wide = match (n.to_i64(), n.to_u64()) {
        (Some(i), _) => Some(i128::from(i)),
        (_, Some(u)) => return u128::from(u) <= max,
        _ if !n.is_integer() => return false,
        _ => match n.to_big_int() {
            Some(b) => match (i128::try_from(&b), u128::try_from(&b)) {
                (Ok(i), _) => Some(i),
                (_, Ok(u)) => return u <= max,
                _ => None,
            },
            None => None,
        },
    };
    wide.is_some_and(|i| i >= min && (i < 0 || i.unsigned_abs() <= max))
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
/// `T::deserialize(ValueDeserializer::new(..))` stops at the first error,
/// as serde's derived types do; [`from_value_at`] reports every error it
/// can (see there).
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
    /// Where errors are recorded to carry on after them (none: the first
    /// error is the outcome).
    recorder: Option<&'a Recorder>,
}

impl<'a> IntoDeserializer<'a, Error> for ValueDeserializer<'a> {
    type Deserializer = ValueDeserializer<'a>;

    fn into_deserializer(self) -> ValueDeserializer<'a> {
        self
    }
}

impl<'a> ValueDeserializer<'a> {
    /// A deserializer of `value`, which came from `at`.
    pub fn new(value: &'a Value, at: At<'a>) -> ValueDeserializer<'a> {
        ValueDeserializer {
            value,
            at,
            recorder: None,
        }
    }

    /// A deserializer that records errors in `recorder` and carries on.
    pub(super) fn recording(
        value: &'a Value,
        at: At<'a>,
        recorder: &'a Recorder,
    ) -> ValueDeserializer<'a> {
        ValueDeserializer {
            value,
            at,
            recorder: Some(recorder),
        }
    }

    /// A deserializer of a part of this value, recording where this does.
    fn part(&self, value: &'a Value, at: At<'a>) -> ValueDeserializer<'a> {
        ValueDeserializer {
            value,
            at,
            recorder: self.recorder,
        }
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

    /// This value is not what `visitor` asked for (`want`): the error
    /// `visitor` would give, recorded, and a placeholder (see
    /// [`carry_on`]).
    fn mismatch<V: Visitor<'a>>(self, want: Want, visitor: V) -> Result<V::Value, Error> {
        let e = de::Error::invalid_type(unexpected(self.value), &visitor);
        carry_on(self.recorder, self.place(e), want, visitor)
    }

    fn visit_seq_of<V: Visitor<'a>>(
        self,
        elems: &'a [Value],
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_seq(Seq {
            elems,
            next: 0,
            de: self,
        })
    }

    fn visit_map_of<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        let (keys, vals): (Vec<&'a str>, Vec<&'a Value>) = match self.value.view() {
            ValueRef::Map(entries) => entries.iter().map(|(k, v)| (&**k, v)).unzip(),
            ValueRef::Object(ty, vals) => ty
                .attrs()
                .iter()
                .map(|(k, _)| &**k)
                .zip(vals.iter())
                .unzip(),
            _ => (Vec::new(), Vec::new()),
        };
        visitor.visit_map(Map {
            keys,
            vals,
            next: 0,
            de: self,
        })
    }

    fn any<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        let r = match self.known()? {
            ValueRef::Unknown | ValueRef::Null => visitor.visit_unit(),
            ValueRef::Bool(b) => visitor.visit_bool(b),
            ValueRef::Number(n) => visit_number(n, visitor),
            ValueRef::String(s) => visitor.visit_borrowed_str(s),
            ValueRef::List(e) | ValueRef::Set(e) | ValueRef::Tuple(e) => {
                self.visit_seq_of(e, visitor)
            }
            ValueRef::Map(_) | ValueRef::Object(..) => self.visit_map_of(visitor),
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

    /// An integer from `min` to `max` (a number, or a string that converts
    /// to one); anything else is an error `visitor`'s type would give,
    /// carried on after with a placeholder.
    fn integer<V: Visitor<'a>>(self, min: i128, max: u128, visitor: V) -> Result<V::Value, Error> {
        self.known()?;
        let converted = self.converted(&Type::Number);
        let value = converted.as_ref().unwrap_or(self.value);
        let ValueRef::Number(n) = value.view() else {
            return self.mismatch(Want::Int, visitor);
        };
        if !integer_in(n, min, max) {
            let e = match unexpected(value) {
                Unexpected::Float(f) if !n.is_integer() => {
                    de::Error::invalid_type(Unexpected::Float(f), &visitor)
                }
                Unexpected::Float(_) => {
                    de::Error::invalid_value(Unexpected::Other(&format!("integer `{n}`")), &visitor)
                }
                u => de::Error::invalid_value(u, &visitor),
            };
            return carry_on(self.recorder, self.place(e), Want::Int, visitor);
        }
        visit_number(n, visitor).map_err(|e| self.place(e))
    }

    /// A float: a number (or a string that converts to one) as the nearest
    /// `f64` whatever its size, since serde's float visitors take no
    /// 128-bit integers (`visit_number` hands integers past `u64` over as
    /// those).
    fn float<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        self.known()?;
        let converted = self.converted(&Type::Number);
        let n = match converted.as_ref().unwrap_or(self.value).view() {
            ValueRef::Number(n) => n.to_f64(),
            _ => return self.mismatch(Want::Float, visitor),
        };
        visitor.visit_f64(n).map_err(|e| self.place(e))
    }

    fn boolean<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        self.known()?;
        let converted = self.converted(&Type::Bool);
        let b = match converted.as_ref().unwrap_or(self.value).view() {
            ValueRef::Bool(b) => b,
            _ => return self.mismatch(Want::Bool, visitor),
        };
        visitor.visit_bool(b).map_err(|e| self.place(e))
    }

    /// A string (or a number or bool as HCL writes it); for a `char`
    /// (`want` is `Want::Char`), one of a single character.
    fn string<V: Visitor<'a>>(self, want: Want, visitor: V) -> Result<V::Value, Error> {
        let r = match self.known()? {
            ValueRef::String(s) if matches!(want, Want::Char) && s.chars().count() != 1 => {
                let e = de::Error::invalid_value(Unexpected::Str(s), &visitor);
                return carry_on(self.recorder, self.place(e), want, visitor);
            }
            ValueRef::String(s) => visitor.visit_borrowed_str(s),
            _ => match self.converted(&Type::String) {
                Some(c) => match c.view() {
                    ValueRef::String(s) => visitor.visit_str(s),
                    _ => return self.mismatch(want, visitor),
                },
                None => return self.mismatch(want, visitor),
            },
        };
        r.map_err(|e| self.place(e))
    }

    /// A sequence (a list, set or tuple).
    fn sequence<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        let r = match self.known()? {
            ValueRef::List(e) | ValueRef::Set(e) | ValueRef::Tuple(e) => {
                self.visit_seq_of(e, visitor)
            }
            _ => return self.mismatch(Want::Seq, visitor),
        };
        r.map_err(|e| self.place(e))
    }

    /// A map or object; for a struct (`seq_too`), also a sequence (its
    /// fields in order), as serde_json takes one.
    fn mapping<V: Visitor<'a>>(self, seq_too: bool, visitor: V) -> Result<V::Value, Error> {
        let r = match self.known()? {
            ValueRef::Map(_) | ValueRef::Object(..) => self.visit_map_of(visitor),
            ValueRef::List(e) | ValueRef::Set(e) | ValueRef::Tuple(e) if seq_too => {
                self.visit_seq_of(e, visitor)
            }
            _ => return self.mismatch(Want::Map, visitor),
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

macro_rules! integer_methods {
    ($($m:ident: $t:ty),*) => {$(
        fn $m<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
            self.integer(<$t>::MIN as i128, <$t>::MAX as u128, visitor)
        }
    )*};
}

impl<'a> Deserializer<'a> for ValueDeserializer<'a> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        self.any(visitor)
    }

    integer_methods!(deserialize_i8: i8, deserialize_i16: i16, deserialize_i32: i32,
        deserialize_i64: i64, deserialize_i128: i128, deserialize_u8: u8, deserialize_u16: u16,
        deserialize_u32: u32, deserialize_u64: u64, deserialize_u128: u128);

    fn deserialize_f32<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        self.float(visitor)
    }

    fn deserialize_f64<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        self.float(visitor)
    }

    fn deserialize_char<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        self.string(Want::Char, visitor)
    }

    fn deserialize_str<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        self.string(Want::Str, visitor)
    }

    fn deserialize_string<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        self.string(Want::Str, visitor)
    }

    fn deserialize_bool<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        self.boolean(visitor)
    }

    fn deserialize_seq<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        self.sequence(visitor)
    }

    fn deserialize_tuple<V: Visitor<'a>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        self.sequence(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'a>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.sequence(visitor)
    }

    fn deserialize_map<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        self.mapping(false, visitor)
    }

    /// A struct from an object, or a `serde_spanned::Spanned` (feature
    /// `serde-spanned`): the value with its byte range in its file (`0..0`
    /// where it has none), as toml's deserializer gives it.
    fn deserialize_struct<V: Visitor<'a>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        #[cfg(feature = "serde-spanned")]
        if serde_spanned::de::is_spanned(_name) {
            let span = self.at.range().map_or(0..0, |r| r.start.byte..r.end.byte);
            return visitor.visit_map(serde_spanned::de::SpannedDeserializer::new(self, span));
        }
        self.mapping(true, visitor)
    }

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
                de: self,
            }),
            ValueRef::Map(entries) if entries.len() == 1 => visitor.visit_enum(Enum {
                variant: &entries[0].0,
                content: Some(&entries[0].1),
                de: self.part(self.value, self.at.key(&entries[0].0)),
            }),
            ValueRef::Object(ty, vals) if vals.len() == 1 => {
                let name = &*ty.attrs()[0].0;
                visitor.visit_enum(Enum {
                    variant: name,
                    content: Some(&vals[0]),
                    de: self.part(self.value, self.at.key(name)),
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
        bytes byte_buf unit unit_struct identifier
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
    /// The sequence's deserializer.
    de: ValueDeserializer<'a>,
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
        self.de.part(e, self.de.at.index(i)).seed(seed).map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.elems.len() - self.next)
    }
}

struct Map<'a> {
    keys: Vec<&'a str>,
    vals: Vec<&'a Value>,
    next: usize,
    /// The map's deserializer.
    de: ValueDeserializer<'a>,
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
        name_seed(seed, k, self.de.at.key(k)).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'a>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let i = self.next;
        self.next += 1;
        let (Some(k), Some(v)) = (self.keys.get(i), self.vals.get(i)) else {
            return Err(de::Error::custom(
                "a map value was asked for before its key",
            ));
        };
        self.de.part(v, self.de.at.key(k)).seed(seed)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.keys.len() - self.next)
    }
}

struct Enum<'a> {
    variant: &'a str,
    content: Option<&'a Value>,
    /// Where the variant is (its `at`), recording where the enum's
    /// deserializer does.
    de: ValueDeserializer<'a>,
}

impl<'a> Enum<'a> {
    fn content(&self, v: &'a Value) -> ValueDeserializer<'a> {
        self.de.part(v, self.de.at)
    }
}

impl<'a> EnumAccess<'a> for Enum<'a> {
    type Error = Error;
    type Variant = Enum<'a>;

    fn variant_seed<V: DeserializeSeed<'a>>(self, seed: V) -> Result<(V::Value, Enum<'a>), Error> {
        let v = name_seed(seed, self.variant, self.de.at)?;
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
            Some(v) => self.content(v).seed(seed),
            None => Err(de::Error::invalid_type(
                de::Unexpected::UnitVariant,
                &"a newtype variant (an object of one attribute)",
            )),
        }
    }

    fn tuple_variant<V: Visitor<'a>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        match self.content {
            Some(v) => self.content(v).deserialize_seq(visitor),
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
            Some(v) => self.content(v).deserialize_map(visitor),
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
/// without a type constraint (`any`) and then deserialized with
/// [`from_value_at`], so `T`'s errors point at the value's range, all of
/// them where the deserializer can carry on.
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
        from_value_at(value, at).map(Serde)
    }
}

/// Deserializes a value into `T` (errors without ranges, as the value
/// alone has none), reporting every error it can as [`from_value_at`]
/// does. With a spec file,
/// [`LoadedSpec::deserialize`](crate::spec_file::LoadedSpec::deserialize)
/// decodes and deserializes with ranges; with a trace of your own
/// ([`decode_traced`](crate::decode::decode_traced)), deserialize with
/// `from_value_at(&value, At::trace(&trace))`.
///
/// ```
/// let v = hcldecode::Value::from(vec![1, 2]);
/// let xs: Vec<u8> = hcldecode::serde::from_value(&v).unwrap();
/// assert_eq!(xs, [1, 2]);
/// ```
pub fn from_value<T: DeserializeOwned>(value: &Value) -> Result<T, Error> {
    from_value_at(value, At::none())
}

/// Deserializes a value that came from `at` into `T`, with every error at
/// the source range of the part of the value it is about, in source order.
///
/// Where the deserializer knows what `T` asked for (a number of a given
/// range, a bool, a string, a sequence, a map or struct), a value that
/// does not fit is an error it records before handing `T` a placeholder
/// of that kind (1 for an integer, `false`, `""`, empty), so that the rest of the
/// value is checked too; the placeholder never reaches the caller. Where
/// it does not (`deserialize_any`), or where `T` itself rejects a value
/// (an unknown variant, a missing field, a custom check), deserializing
/// stops there, and that error is reported with those recorded before it.
/// A type that ignores an error of its parts without reading them first
/// into a buffer (an `or_else` over `u8::deserialize`) sees it reported
/// all the same.
///
/// ```
/// use hcldecode::diag::Code;
/// use hcldecode::typed::At;
/// #[derive(serde::Deserialize, Debug)]
/// struct Limits { cpu: u8, enabled: bool }
/// let v = hcldecode::Value::object([
///     ("cpu", hcldecode::Value::int(300)),
///     ("enabled", hcldecode::Value::string("often")),
/// ]);
/// let e = hcldecode::serde::from_value_at::<Limits>(&v, At::none()).unwrap_err();
/// let codes: Vec<_> = e.iter().map(|d| d.code).collect();
/// assert_eq!(codes, [Some(Code::SerdeInvalidValue), Some(Code::SerdeInvalidType)]);
/// ```
pub fn from_value_at<T: DeserializeOwned>(value: &Value, at: At<'_>) -> Result<T, Error> {
    let recorder = Recorder::default();
    let r = T::deserialize(ValueDeserializer::recording(value, at, &recorder))
        .map_err(|e| e.placed_at(at));
    recorder.finish(r)
}
