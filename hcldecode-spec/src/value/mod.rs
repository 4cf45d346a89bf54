//! Values of the HCL information model (a port of go-cty's value system).
//!
//! A [`Value`] is null, unknown, or a known value of a [`Type`]: a bool, a
//! [`Number`], a string, a list, set, map, tuple or object. Values are
//! immutable and share their parts through `Arc`: cloning is O(1) whatever
//! the size, and [`Value::ty`] is O(1) (compound values store their type).
//!
//! The semantics follow go-cty 1.12:
//! - strings are NFC-normalised on construction ([`Value::string`]);
//! - collections hold elements of exactly their element type (elements of
//!   the dynamic pseudo-type, i.e. untyped nulls and unknowns, are re-typed
//!   to the element type as cty does); mixing element types is a caller bug
//!   (checked in debug builds) — use [`convert`] to make elements uniform;
//! - maps and objects iterate in key order (byte order), sets in cty's set
//!   order (see [`Value::set`]);
//! - [`Value::raw_equals`] is cty `RawEquals` (also `==` on `Value`), and
//!   [`Value::equals`] is cty `Equals` (unknown-aware, gives a bool value).
//!
//! ```
//! use hcldecode_spec::value::Value;
//! use hcldecode_spec::types::Type;
//! let v = Value::object([("name", Value::string("web")), ("port", Value::int(80))]);
//! assert_eq!(v.get_attr("port"), Some(Value::int(80)));
//! assert_eq!(v.ty(), &Type::object([("name", Type::String), ("port", Type::Number)]));
//! let l = Value::list(Type::String, vec![Value::string("a"), Value::string("b")]);
//! assert_eq!(l.length_int(), Some(2));
//! ```

mod access;
mod constructors;
pub mod convert;
mod display;
mod elements;
mod entries;
mod equality;
mod from_rust;
mod gofmt;
#[cfg(feature = "hcl-rs")]
mod hcl_rs;
pub mod json;
mod nfc;
mod number;
mod path;
mod repr;
#[cfg(feature = "serde")]
pub mod serde;
mod set;
mod stored_types;

use std::fmt;
use std::sync::Arc;

#[doc(hidden)] // the engine's unchecked fast paths (hcldecode)
pub use entries::sort_dedup_last;
pub use equality::conformance_error;
#[doc(hidden)] // the engine's unchecked fast paths (hcldecode)
pub use nfc::nfc_arc;
pub use nfc::normalize_string;

/// `big.Float.String()` of a number (`Text('g', 10)`), as diagnostics and
/// set hashing print numbers.
pub fn number_g10(n: &Number) -> String {
    gofmt::number_g10(n)
}

pub(crate) use number::infinity_made;
pub use number::{Number, NumberError};
pub use path::{Path, PathStep};
use repr::{Header, INLINE_MAX, InlineStr, MapData, Packed, Repr, Seq, TyRef};
pub use repr::{Value, ValueRef};

use triomphe::ThinArc;

use crate::types::Type;
use elements::all_wholly_known;
use stored_types::{BOOL_TY, DYNAMIC_TY, NUMBER_TY, STRING_TY, object_type_of};

impl TyRef {
    fn new(t: Type) -> TyRef {
        match t {
            Type::Dynamic => TyRef::Dynamic,
            Type::Bool => TyRef::Bool,
            Type::Number => TyRef::Number,
            Type::String => TyRef::String,
            other => TyRef::Other(Arc::new(other)),
        }
    }

    fn get(&self) -> &Type {
        match self {
            TyRef::Dynamic => DYNAMIC_TY,
            TyRef::Bool => BOOL_TY,
            TyRef::Number => NUMBER_TY,
            TyRef::String => STRING_TY,
            TyRef::Other(t) => t,
        }
    }
}

impl<T> Packed<T> {
    fn new(ty: Type, items: Vec<T>, wholly_known: bool) -> Packed<T> {
        Packed(ThinArc::from_header_and_iter(
            Header { ty, wholly_known },
            items.into_iter(),
        ))
    }

    fn ty(&self) -> &Type {
        &self.0.header.header.ty
    }

    fn wholly_known(&self) -> bool {
        self.0.header.header.wholly_known
    }

    fn ptr_eq(&self, other: &Packed<T>) -> bool {
        std::ptr::eq(&self.0.header, &other.0.header)
    }
}

impl Seq {
    /// `n` untyped nulls after the header, which `fill` overwrites in place
    /// (no intermediate vector); `None` when `fill` returns false.
    fn filled(ty: Type, n: usize, fill: impl FnOnce(&mut [Value]) -> bool) -> Option<Seq> {
        let null = Value::null(Type::Dynamic);
        let header = Header {
            ty,
            wholly_known: true,
        };
        let mut p = Packed(ThinArc::from_header_and_iter(
            header,
            std::iter::repeat_n(&null, n).cloned(),
        ));
        p.0.with_arc_mut(|a| {
            // Freshly allocated, so the only reference.
            let inner = triomphe::Arc::get_mut(a)?;
            if !fill(inner.slice_mut()) {
                return None;
            }
            inner.header_mut().wholly_known = all_wholly_known(inner.slice());
            Some(())
        })?;
        Some(p)
    }

    fn elems(&self) -> &[Value] {
        &self.0.slice
    }
}

impl MapData {
    fn entries(&self) -> &[(Arc<str>, Value)] {
        &self.0.slice
    }
}

impl InlineStr {
    fn new(s: &str) -> Option<InlineStr> {
        if s.len() > INLINE_MAX {
            return None;
        }
        let mut bytes = [0u8; INLINE_MAX];
        bytes[..s.len()].copy_from_slice(s.as_bytes());
        Some(InlineStr {
            len: s.len() as u8,
            bytes,
        })
    }

    fn as_str(&self) -> &str {
        // Only ever built from a `str`, so this never fails.
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or_default()
    }
}

impl PartialEq for Value {
    /// [`Value::raw_equals`].
    fn eq(&self, other: &Value) -> bool {
        self.raw_equals(other)
    }
}

impl fmt::Debug for Value {
    /// A readable form: `"text"`, `1.5`, `true`, `null(string)`,
    /// `unknown(number)`, `list(string)["a"]`, `set(number)[1, 2]`,
    /// `map(bool){"k": true}`, `tuple["a", 1]`, `object{a = 1}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Null(t) => write!(f, "null({})", t.get()),
            Repr::Unknown(t) => write!(f, "unknown({})", t.get()),
            Repr::Bool(b) => write!(f, "{b}"),
            Repr::Number(n) => write!(f, "{n}"),
            Repr::String(s) => write!(f, "{s:?}"),
            Repr::ShortString(s) => write!(f, "{:?}", s.as_str()),
            Repr::List(s) | Repr::Set(s) => {
                write!(f, "{}", self.ty())?;
                f.debug_list().entries(s.elems()).finish()
            }
            Repr::Tuple(s) => {
                f.write_str("tuple")?;
                f.debug_list().entries(s.elems()).finish()
            }
            Repr::Map(m) => {
                write!(f, "{}", self.ty())?;
                f.debug_map()
                    .entries(m.entries().iter().map(|(k, v)| (k, v)))
                    .finish()
            }
            Repr::Object(o) => {
                f.write_str("object{")?;
                for (i, ((name, _), v)) in object_type_of(o.ty())
                    .attrs()
                    .iter()
                    .zip(o.elems())
                    .enumerate()
                {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{name} = {v:?}")?;
                }
                f.write_str("}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attribute_look_ups_with_a_position_hint_check_it() {
        let v = Value::object(vec![
            ("b", Value::int(2)),
            ("a", Value::int(1)),
            ("caf\u{e9}", Value::int(3)),
        ]);
        // Sorted: a, b, café.
        assert_eq!(v.attr_ref_at("a", 0), Some(&Value::int(1)));
        assert_eq!(v.attr_ref_at("b", 1), Some(&Value::int(2)));
        // A wrong or impossible hint falls back to the search.
        assert_eq!(v.attr_ref_at("b", 0), Some(&Value::int(2)));
        assert_eq!(v.attr_ref_at("a", usize::MAX), Some(&Value::int(1)));
        assert_eq!(v.attr_ref_at("z", 1), None);
        // A decomposed name misses the hint's bytes and is normalised.
        assert_eq!(v.attr_ref_at("cafe\u{301}", 2), Some(&Value::int(3)));
        assert_eq!(Value::int(1).attr_ref_at("a", 0), None);
    }

    #[test]
    fn value_is_small() {
        assert!(std::mem::size_of::<Value>() <= 24);
    }

    #[test]
    fn strings_are_nfc() {
        let v = Value::string("e\u{301}");
        assert_eq!(v.as_str(), Some("\u{e9}"));
        let a: Arc<str> = Arc::from("plain text longer than an inline string");
        let v = Value::string_arc(a.clone());
        assert!(Arc::ptr_eq(&v.as_str_arc().unwrap(), &a));
        let short = Value::string_arc(Arc::from("plain"));
        assert_eq!(short.as_str(), Some("plain"));
        assert_eq!(short, Value::string("plain"));
        let long = "x".repeat(INLINE_MAX + 1);
        assert_eq!(
            Value::string(&long),
            Value::string_arc(Arc::from(long.as_str()))
        );
        assert_eq!(
            Value::string(&long[..INLINE_MAX]).as_str(),
            Some(&long[..INLINE_MAX])
        );
    }

    #[test]
    fn dynamic_elements_are_retyped() {
        let l = Value::list(Type::String, vec![Value::dynamic(), Value::string("a")]);
        assert_eq!(l.elements().unwrap()[0].ty(), &Type::String);
        assert!(!l.is_wholly_known());
    }
}
