//! `From` conversions of plain Rust values into [`Value`]s: what a
//! variable given to a [`Decoder`](crate::Decoder) usually is.
//!
//! Each gives the value the HCL literal of the same meaning has: strings
//! are strings, integers and floats numbers, `Vec`s and slices tuples (as
//! `[a, b]` is), maps objects (as `{ a = 1 }` is). Tuples and objects
//! convert to lists, sets and maps wherever a spec or a function wants
//! those, so nothing is lost by not guessing a collection type here.
//!
//! ```
//! use std::collections::BTreeMap;
//! use hcldecode_spec::{types::Type, value::Value};
//! assert_eq!(Value::from(8080u16), Value::int(8080));
//! assert_eq!(Value::from(vec!["a", "b"]).ty(), &Type::tuple([Type::String, Type::String]));
//! let m: BTreeMap<&str, i32> = [("x", 1)].into();
//! assert_eq!(Value::from(m), Value::object([("x", Value::int(1))]));
//! assert_eq!(Value::from(Some("a")), Value::string("a"));
//! assert_eq!(Value::from(None::<&str>), Value::null(Type::Dynamic));
//! ```

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use super::{Number, Value};
use crate::types::Type;

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::bool(b)
    }
}

impl From<Number> for Value {
    fn from(n: Number) -> Value {
        Value::number(n)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::string(s)
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::string(s)
    }
}

impl From<&String> for Value {
    fn from(s: &String) -> Value {
        Value::string(s)
    }
}

impl From<Arc<str>> for Value {
    fn from(s: Arc<str>) -> Value {
        Value::string_arc(s)
    }
}

impl From<char> for Value {
    fn from(c: char) -> Value {
        Value::string(c.encode_utf8(&mut [0; 4]))
    }
}

macro_rules! from_signed {
    ($($t:ty)*) => {$(
        impl From<$t> for Value {
            fn from(v: $t) -> Value {
                Value::int(i64::from(v))
            }
        }
    )*};
}
from_signed!(i8 i16 i32 i64);

macro_rules! from_unsigned {
    ($($t:ty)*) => {$(
        impl From<$t> for Value {
            fn from(v: $t) -> Value {
                Value::number(Number::from_u64(u64::from(v)))
            }
        }
    )*};
}
from_unsigned!(u8 u16 u32 u64);

impl From<isize> for Value {
    fn from(v: isize) -> Value {
        // isize is at most 64 bits on every platform Rust supports.
        Value::from(v as i64)
    }
}

impl From<usize> for Value {
    fn from(v: usize) -> Value {
        Value::from(v as u64)
    }
}

impl From<i128> for Value {
    fn from(v: i128) -> Value {
        Value::number(Number::from_big_int(&num_bigint::BigInt::from(v)))
    }
}

impl From<u128> for Value {
    fn from(v: u128) -> Value {
        Value::number(Number::from_big_int(&num_bigint::BigInt::from(v)))
    }
}

impl From<f64> for Value {
    /// The number `v` exactly (53-bit precision, as cty's `NumberFloatVal`);
    /// infinities are infinite numbers. HCL numbers have no NaN: a NaN
    /// gives an unknown number, which decoding reports as a value not
    /// known yet rather than taking some other number for it.
    ///
    /// ```
    /// use hcldecode_spec::{types::Type, value::Value};
    /// assert_eq!(Value::from(1.5).to_string(), "1.5");
    /// assert_eq!(Value::from(f64::NAN), Value::unknown(Type::Number));
    /// ```
    fn from(v: f64) -> Value {
        match Number::from_f64(v) {
            Some(n) => Value::number(n),
            None => Value::unknown(Type::Number),
        }
    }
}

impl From<f32> for Value {
    fn from(v: f32) -> Value {
        Value::from(f64::from(v))
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    /// The value, or for `None` an untyped null (which takes whatever type
    /// it is converted to).
    fn from(v: Option<T>) -> Value {
        match v {
            Some(v) => v.into(),
            None => Value::null(Type::Dynamic),
        }
    }
}

impl<T: Into<Value>> From<Vec<T>> for Value {
    /// A tuple of the elements, as the literal `[a, b]` is.
    fn from(v: Vec<T>) -> Value {
        Value::tuple(v.into_iter().map(Into::into).collect())
    }
}

impl<T: Into<Value> + Clone> From<&[T]> for Value {
    /// A tuple of the elements, as the literal `[a, b]` is.
    fn from(v: &[T]) -> Value {
        Value::tuple(v.iter().cloned().map(Into::into).collect())
    }
}

impl<T: Into<Value>, const N: usize> From<[T; N]> for Value {
    /// A tuple of the elements, as the literal `[a, b]` is.
    fn from(v: [T; N]) -> Value {
        Value::tuple(v.into_iter().map(Into::into).collect())
    }
}

impl<K: AsRef<str>, V: Into<Value>, S> From<HashMap<K, V, S>> for Value {
    /// An object of the entries, as the literal `{ a = 1 }` is.
    fn from(m: HashMap<K, V, S>) -> Value {
        Value::object(
            m.into_iter()
                .map(|(k, v)| (k.as_ref().to_owned(), v.into())),
        )
    }
}

impl<K: AsRef<str>, V: Into<Value>> From<BTreeMap<K, V>> for Value {
    /// An object of the entries, as the literal `{ a = 1 }` is.
    fn from(m: BTreeMap<K, V>) -> Value {
        Value::object(
            m.into_iter()
                .map(|(k, v)| (k.as_ref().to_owned(), v.into())),
        )
    }
}

#[cfg(feature = "indexmap")]
impl<K: AsRef<str>, V: Into<Value>, S> From<indexmap::IndexMap<K, V, S>> for Value {
    /// An object of the entries, as the literal `{ a = 1 }` is.
    fn from(m: indexmap::IndexMap<K, V, S>) -> Value {
        Value::object(
            m.into_iter()
                .map(|(k, v)| (k.as_ref().to_owned(), v.into())),
        )
    }
}

impl<K: AsRef<str>, V: Into<Value>> FromIterator<(K, V)> for Value {
    /// An object of the entries.
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Value {
        Value::object(
            iter.into_iter()
                .map(|(k, v)| (k.as_ref().to_owned(), v.into())),
        )
    }
}
