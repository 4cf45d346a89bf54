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
//! use hcldecode::value::Value;
//! use hcldecode::Type;
//! let v = Value::object([("name", Value::string("web")), ("port", Value::int(80))]);
//! assert_eq!(v.get_attr("port"), Some(Value::int(80)));
//! assert_eq!(v.ty(), &Type::object([("name", Type::String), ("port", Type::Number)]));
//! let l = Value::list(Type::String, vec![Value::string("a"), Value::string("b")]);
//! assert_eq!(l.length_int(), Some(2));
//! ```

pub mod convert;
mod display;
mod equality;
mod from_rust;
mod gofmt;
pub mod json;
mod number;
mod path;
mod set;

use std::fmt;
use std::sync::Arc;

pub use equality::conformance_error;

/// `big.Float.String()` of a number (`Text('g', 10)`), as diagnostics and
/// set hashing print numbers.
pub fn number_g10(n: &Number) -> String {
    gofmt::number_g10(n)
}

/// A string quoted as Go's `%q` quotes it.
pub(crate) fn go_quote(s: &str) -> String {
    gofmt::quote(s)
}
pub(crate) use number::infinity_made;
pub use number::{Number, NumberError};
pub use path::{Path, PathStep};

use triomphe::ThinArc;

use crate::{ObjectType, Type};

const DYNAMIC_TY: &Type = &Type::Dynamic;
const BOOL_TY: &Type = &Type::Bool;
const NUMBER_TY: &Type = &Type::Number;
const STRING_TY: &Type = &Type::String;

/// A type stored inline for the common cases (no allocation for nulls and
/// unknowns of primitive or dynamic type).
#[derive(Clone)]
enum TyRef {
    Dynamic,
    Bool,
    Number,
    String,
    Other(Arc<Type>),
}

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

/// A collection's items after a header with the value's type, in one
/// allocation (two with a `Vec`: large decoded documents hold ~10 000
/// collections per MB).
#[derive(Clone)]
struct Packed<T>(ThinArc<Header, T>);

/// What a collection's allocation starts with.
struct Header {
    ty: Type,
    wholly_known: bool,
}

/// Elements of a list, set or tuple, or an object's attribute values in the
/// order of its type's attributes.
type Seq = Packed<Value>;

/// Entries of a map, sorted by key.
type MapData = Packed<(Arc<str>, Value)>;

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

/// The longest string (in bytes) kept inside the value itself.
const INLINE_MAX: usize = 22;

/// A short string stored inline: most configuration strings fit, and need
/// no allocation.
#[derive(Clone, Copy)]
struct InlineStr {
    len: u8,
    bytes: [u8; INLINE_MAX],
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

#[derive(Clone)]
enum Repr {
    Null(TyRef),
    Unknown(TyRef),
    Bool(bool),
    Number(Number),
    String(Arc<str>),
    ShortString(InlineStr),
    List(Seq),
    Set(Seq),
    Tuple(Seq),
    Map(MapData),
    Object(Seq),
}

/// A value of the HCL information model: see the [module docs](self).
///
/// `Value` is 24 bytes; cloning is O(1).
#[derive(Clone)]
pub struct Value(Repr);

/// A borrowed view of a value's contents, for matching.
///
/// ```
/// use hcldecode::value::{Value, ValueRef};
/// match Value::string("x").view() {
///     ValueRef::String(s) => assert_eq!(s, "x"),
///     _ => unreachable!(),
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub enum ValueRef<'a> {
    /// A null value (of [`Value::ty`]).
    Null,
    /// An unknown value (of [`Value::ty`]).
    Unknown,
    /// A known bool.
    Bool(bool),
    /// A known number.
    Number(&'a Number),
    /// A known string.
    String(&'a str),
    /// A known list's elements.
    List(&'a [Value]),
    /// A known set's elements, in cty's set order.
    Set(&'a [Value]),
    /// A known tuple's elements.
    Tuple(&'a [Value]),
    /// A known map's entries, sorted by key.
    Map(&'a [(Arc<str>, Value)]),
    /// A known object: its type's attributes and the values in that order.
    Object(&'a ObjectType, &'a [Value]),
}

/// Returns `s` in Unicode Normalization Form C, reusing the allocation when
/// it is already normalised (always the case for ASCII).
pub(crate) fn nfc_arc<S: AsRef<str> + Into<Arc<str>>>(s: S) -> Arc<str> {
    if is_nfc_fast(s.as_ref()) {
        s.into()
    } else {
        Arc::from(nfc_string(s.as_ref()))
    }
}

fn is_nfc_fast(s: &str) -> bool {
    s.is_ascii()
        || matches!(
            unicode_normalization::is_nfc_quick(s.chars()),
            unicode_normalization::IsNormalized::Yes
        )
}

/// `s` in Unicode Normalization Form C (cty's `NormalizeString`).
pub fn normalize_string(s: &str) -> std::borrow::Cow<'_, str> {
    if is_nfc_fast(s) {
        std::borrow::Cow::Borrowed(s)
    } else {
        std::borrow::Cow::Owned(nfc_string(s))
    }
}

fn nfc_string(s: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    s.nfc().collect()
}

/// Entries with NFC-normalised keys, sorted by key, keeping the last of
/// repeated keys (maps and objects built from entries in any order).
fn map_entries<K, I>(entries: I) -> Vec<(Arc<str>, Value)>
where
    K: AsRef<str> + Into<Arc<str>>,
    I: IntoIterator<Item = (K, Value)>,
{
    let mut v: Vec<(Arc<str>, Value)> = entries
        .into_iter()
        .map(|(k, val)| (nfc_arc(k), val))
        .collect();
    sort_dedup_last(&mut v);
    v
}

/// Sorts entries by key, keeping the last of repeated keys.
pub(crate) fn sort_dedup_last<T>(v: &mut Vec<(Arc<str>, T)>) {
    if v.windows(2).all(|w| w[0].0 < w[1].0) {
        return;
    }
    // Stable sort, then keep the last of each run of equal keys.
    v.sort_by(|a, b| a.0.cmp(&b.0));
    let mut out: Vec<(Arc<str>, T)> = Vec::with_capacity(v.len());
    for e in v.drain(..) {
        match out.last_mut() {
            Some(last) if last.0 == e.0 => *last = e,
            _ => out.push(e),
        }
    }
    *v = out;
}

/// Re-types untyped (dynamic) nulls and unknowns to `ety`, as cty's
/// collection constructors do by storing raw values under the collection's
/// element type.
fn retype(v: Value, ety: &Type) -> Value {
    if !ety.is_dynamic() && v.ty().is_dynamic() {
        match v.0 {
            Repr::Null(_) => Value::null(ety.clone()),
            _ => Value::unknown(ety.clone()),
        }
    } else {
        v
    }
}

fn all_wholly_known<'a>(vals: impl IntoIterator<Item = &'a Value>) -> bool {
    vals.into_iter().all(Value::is_wholly_known)
}

impl Value {
    // ----- constructors -------------------------------------------------

    /// A null value of type `ty` (cty `NullVal`).
    pub fn null(ty: Type) -> Value {
        Value(Repr::Null(TyRef::new(ty)))
    }

    /// An unknown value of type `ty` (cty `UnknownVal`).
    pub fn unknown(ty: Type) -> Value {
        Value(Repr::Unknown(TyRef::new(ty)))
    }

    /// The unknown value of the dynamic pseudo-type (cty `DynamicVal`).
    pub fn dynamic() -> Value {
        Value(Repr::Unknown(TyRef::Dynamic))
    }

    /// A bool (cty `BoolVal`).
    pub fn bool(b: bool) -> Value {
        Value(Repr::Bool(b))
    }

    /// A number (cty `NumberVal`).
    pub fn number(n: Number) -> Value {
        Value(Repr::Number(n))
    }

    /// An integer number at 64-bit precision (cty `NumberIntVal`).
    pub fn int(i: i64) -> Value {
        Value::number(Number::from_i64(i))
    }

    /// A string, NFC-normalised (cty `StringVal`). ASCII and already
    /// normalised text is copied once into the value, never re-normalised.
    pub fn string<S: AsRef<str>>(s: S) -> Value {
        let s = s.as_ref();
        if is_nfc_fast(s) {
            Value::string_normalized(s)
        } else {
            Value::string_normalized(&nfc_string(s))
        }
    }

    /// A string already in NFC: short ones are stored inline.
    fn string_normalized(s: &str) -> Value {
        match InlineStr::new(s) {
            Some(i) => Value(Repr::ShortString(i)),
            None => Value(Repr::String(Arc::from(s))),
        }
    }

    /// A string from shared text, reusing the `Arc` when the text is already
    /// NFC-normalised (short strings are copied into the value instead).
    pub fn string_arc(s: Arc<str>) -> Value {
        if let Some(i) = InlineStr::new(&s)
            && is_nfc_fast(&s)
        {
            return Value(Repr::ShortString(i));
        }
        Value(Repr::String(nfc_arc(s)))
    }

    /// A list of elements of type `elem_ty` (cty `ListVal`/`ListValEmpty`).
    ///
    /// It never panics, whatever the elements: untyped nulls and unknowns
    /// are re-typed to `elem_ty`; an element of another type is converted
    /// to it (cty's safe and unsafe conversions, so `1` becomes `"1"` in a
    /// list of strings); with `elem_ty` the dynamic pseudo-type, the
    /// element type is the elements' common type (cty `ListVal`). When
    /// that cannot be done (`"abc"` in a list of numbers, elements of
    /// different types in a list of `any`) the result is a tuple of the
    /// elements as given, which a later conversion to the list type reports
    /// as a diagnostic; [`Value::try_list`] says so at once instead.
    ///
    /// ```
    /// use hcldecode::{Type, Value};
    /// let l = Value::list(Type::String, vec![Value::string("a"), Value::int(1)]);
    /// assert_eq!(l, Value::list(Type::String, vec![Value::string("a"), Value::string("1")]));
    /// let bad = Value::list(Type::Number, vec![Value::string("abc")]);
    /// assert_eq!(bad, Value::tuple(vec![Value::string("abc")]));
    /// ```
    pub fn list(elem_ty: Type, elems: Vec<Value>) -> Value {
        match Value::try_list(elem_ty, elems) {
            Ok(v) => v,
            Err(elems) => Value::tuple(elems),
        }
    }

    /// [`Value::list`], or the elements back when they cannot all have
    /// the element type.
    ///
    /// ```
    /// use hcldecode::{Type, Value};
    /// assert!(Value::try_list(Type::Number, vec![Value::string("12")]).is_ok());
    /// assert!(Value::try_list(Type::Number, vec![Value::string("twelve")]).is_err());
    /// ```
    pub fn try_list(elem_ty: Type, elems: Vec<Value>) -> Result<Value, Vec<Value>> {
        let (elem_ty, elems) = Value::typed_elems(elem_ty, elems)?;
        let wholly_known = all_wholly_known(&elems);
        Ok(Value(Repr::List(Seq::new(
            Type::list(elem_ty),
            elems,
            wholly_known,
        ))))
    }

    /// A list whose type `list_ty` (a list type) is already built, so it
    /// is shared rather than allocated again. Elements must have exactly
    /// the element type.
    pub(crate) fn list_of_type(list_ty: Type, elems: Vec<Value>) -> Value {
        debug_assert!(
            elems.iter().all(|e| Some(e.ty()) == list_ty.element_type()),
            "inconsistent list element types"
        );
        let wholly_known = all_wholly_known(&elems);
        Value(Repr::List(Seq::new(list_ty, elems, wholly_known)))
    }

    /// A map of the already built type `map_ty`, from entries sorted by
    /// key (unique, NFC), each of exactly the element type.
    pub(crate) fn map_of_type(map_ty: Type, entries: Vec<(Arc<str>, Value)>) -> Value {
        debug_assert!(entries.windows(2).all(|w| w[0].0 < w[1].0));
        debug_assert!(
            entries
                .iter()
                .all(|(_, e)| Some(e.ty()) == map_ty.element_type()),
            "inconsistent map element types"
        );
        let wholly_known = all_wholly_known(entries.iter().map(|(_, e)| e));
        Value(Repr::Map(MapData::new(map_ty, entries, wholly_known)))
    }

    /// An empty list of `elem_ty` (cty `ListValEmpty`).
    pub fn list_empty(elem_ty: Type) -> Value {
        Value::list(elem_ty, Vec::new())
    }

    /// A set of elements of type `elem_ty` (cty `SetVal`/`SetValEmpty`):
    /// duplicates (cty `Equals`, within the same set hash) are removed,
    /// keeping the first, and the elements are ordered as cty orders sets:
    /// known values first (strings by bytes, numbers by value, `false`
    /// before `true`, other types by their set-hash serialization), then
    /// unknowns, then null; ties keep cty's hash-bucket order.
    ///
    /// Elements are made to have type `elem_ty` as for [`Value::list`];
    /// when they cannot, the result is a tuple of the elements as given.
    pub fn set(elem_ty: Type, elems: Vec<Value>) -> Value {
        let (elem_ty, elems) = match Value::typed_elems(elem_ty, elems) {
            Ok(te) => te,
            Err(elems) => return Value::tuple(elems),
        };
        let elems = set::build_set(&elem_ty, elems);
        let wholly_known = all_wholly_known(&elems);
        Value(Repr::Set(Seq::new(Type::set(elem_ty), elems, wholly_known)))
    }

    /// An empty set of `elem_ty` (cty `SetValEmpty`).
    pub fn set_empty(elem_ty: Type) -> Value {
        Value::set(elem_ty, Vec::new())
    }

    /// A map from string keys (NFC-normalised) to elements of `elem_ty`
    /// (cty `MapVal`/`MapValEmpty`). Entries are sorted by key; when a key
    /// repeats, the last entry wins.
    ///
    /// Elements are made to have type `elem_ty` as for [`Value::list`];
    /// when they cannot, the result is an object of the entries as given.
    pub fn map<K, I>(elem_ty: Type, entries: I) -> Value
    where
        K: AsRef<str> + Into<Arc<str>>,
        I: IntoIterator<Item = (K, Value)>,
    {
        let (keys, vals): (Vec<Arc<str>>, Vec<Value>) = map_entries(entries).into_iter().unzip();
        match Value::typed_elems(elem_ty, vals) {
            Ok((elem_ty, vals)) => {
                let v: Vec<(Arc<str>, Value)> = keys.into_iter().zip(vals).collect();
                let wholly_known = all_wholly_known(v.iter().map(|(_, e)| e));
                Value(Repr::Map(MapData::new(Type::map(elem_ty), v, wholly_known)))
            }
            Err(vals) => Value::object(keys.into_iter().zip(vals)),
        }
    }

    /// [`Value::map`] with the map type `map_ty` already built (shared,
    /// not allocated again). Elements must have its element type.
    pub(crate) fn map_typed<K, I>(map_ty: Type, entries: I) -> Value
    where
        K: AsRef<str> + Into<Arc<str>>,
        I: IntoIterator<Item = (K, Value)>,
    {
        Value::map_of_type(map_ty, map_entries(entries))
    }

    /// An empty map of `elem_ty` (cty `MapValEmpty`).
    pub fn map_empty(elem_ty: Type) -> Value {
        Value::map::<Arc<str>, _>(elem_ty, Vec::new())
    }

    /// A tuple of the given elements (cty `TupleVal`).
    pub fn tuple(elems: Vec<Value>) -> Value {
        let ty = Type::Tuple(elems.iter().map(|e| e.ty().clone()).collect());
        let wholly_known = all_wholly_known(&elems);
        Value(Repr::Tuple(Seq::new(ty, elems, wholly_known)))
    }

    /// The empty tuple (cty `EmptyTupleVal`).
    pub fn empty_tuple() -> Value {
        Value::tuple(Vec::new())
    }

    /// An object from named attribute values in any order (cty `ObjectVal`);
    /// names are NFC-normalised, and a repeated name keeps the last value.
    pub fn object<K, I>(attrs: I) -> Value
    where
        K: AsRef<str> + Into<Arc<str>>,
        I: IntoIterator<Item = (K, Value)>,
    {
        let v = map_entries(attrs);
        let mut types = Vec::with_capacity(v.len());
        let mut vals = Vec::with_capacity(v.len());
        for (k, val) in v {
            types.push((k, val.ty().clone()));
            vals.push(val);
        }
        Value::object_with_type(Arc::new(ObjectType::from_sorted(types)), vals)
    }

    /// The empty object (cty `EmptyObjectVal`).
    pub fn empty_object() -> Value {
        Value::object_with_type(Arc::new(ObjectType::default()), Vec::new())
    }

    /// An object whose type is already known: `vals` holds the attribute
    /// values in the order of `ty.attrs()` (sorted by name), each of exactly
    /// the attribute's type (checked in debug builds). This is the fast way
    /// to build many objects of one type: the type is shared, not rebuilt.
    pub fn object_with_type(ty: Arc<ObjectType>, vals: Vec<Value>) -> Value {
        debug_assert_eq!(ty.len(), vals.len(), "object value count mismatch");
        debug_assert!(
            ty.attrs().iter().zip(&vals).all(|((_, t), v)| v.ty() == t),
            "object attribute value types must match the object type"
        );
        let wholly_known = all_wholly_known(&vals);
        Value(Repr::Object(Seq::new(Type::Object(ty), vals, wholly_known)))
    }

    /// An object of type `ty` whose attribute values (in the order of
    /// `ty.attrs()`) `fill` writes in place: many objects of one type are
    /// built without an intermediate vector. Each slot starts as an untyped
    /// null; when `fill` returns true each must have exactly its
    /// attribute's type (checked in debug builds), when false there is no
    /// object.
    pub(crate) fn object_filled(
        ty: Arc<ObjectType>,
        fill: impl FnOnce(&mut [Value]) -> bool,
    ) -> Option<Value> {
        let n = ty.len();
        let seq = Seq::filled(Type::Object(ty), n, fill)?;
        debug_assert!(
            match seq.ty() {
                Type::Object(o) => o
                    .attrs()
                    .iter()
                    .zip(seq.elems())
                    .all(|((_, t), v)| v.ty() == t),
                _ => false,
            },
            "object attribute value types must match the object type"
        );
        Some(Value(Repr::Object(seq)))
    }

    /// The element type and the elements made to have it: untyped nulls
    /// and unknowns re-typed, other elements converted; with `ety`
    /// dynamic, the elements' common type. The elements back when they
    /// cannot all have one type.
    fn typed_elems(ety: Type, elems: Vec<Value>) -> Result<(Type, Vec<Value>), Vec<Value>> {
        if ety.is_dynamic() {
            if elems.iter().all(|e| e.ty().is_dynamic()) {
                return Ok((ety, elems));
            }
            return match infer_elem_type(elems.iter()) {
                Some(t) => Value::typed_elems(t, elems),
                None => Err(elems),
            };
        }
        if elems.iter().all(|e| e.ty() == &ety) {
            return Ok((ety, elems));
        }
        let mut out = Vec::with_capacity(elems.len());
        for e in &elems {
            if e.ty() == &ety {
                out.push(e.clone());
            } else if e.ty().is_dynamic() {
                out.push(retype(e.clone(), &ety));
            } else {
                match convert::convert(e, &ety) {
                    Ok(c) if c.ty() == &ety => out.push(c),
                    _ => return Err(elems),
                }
            }
        }
        Ok((ety, out))
    }

    /// cty's `ListVal`: the element type is that of the first element not of
    /// the dynamic pseudo-type. `None` when `elems` is empty or the types
    /// differ (cty's `CanListVal`).
    pub(crate) fn list_infer(elems: Vec<Value>) -> Option<Value> {
        let ety = infer_elem_type(elems.iter())?;
        Some(Value::list(ety, elems))
    }

    /// cty's `SetVal` with inferred element type, see [`Value::list_infer`].
    pub(crate) fn set_infer(elems: Vec<Value>) -> Option<Value> {
        let ety = infer_elem_type(elems.iter())?;
        Some(Value::set(ety, elems))
    }

    /// cty's `MapVal` with inferred element type, see [`Value::list_infer`].
    /// `entries` must be sorted by key and unique.
    pub(crate) fn map_infer(entries: Vec<(Arc<str>, Value)>) -> Option<Value> {
        let ety = infer_elem_type(entries.iter().map(|(_, v)| v))?;
        Some(Value::map(ety, entries))
    }

    // ----- accessors ----------------------------------------------------

    /// The value's type. O(1).
    pub fn ty(&self) -> &Type {
        match &self.0 {
            Repr::Null(t) | Repr::Unknown(t) => t.get(),
            Repr::Bool(_) => BOOL_TY,
            Repr::Number(_) => NUMBER_TY,
            Repr::String(_) | Repr::ShortString(_) => STRING_TY,
            Repr::List(s) | Repr::Set(s) | Repr::Tuple(s) => s.ty(),
            Repr::Map(m) => m.ty(),
            Repr::Object(o) => o.ty(),
        }
    }

    /// A borrowed view of the contents, for matching.
    pub fn view(&self) -> ValueRef<'_> {
        match &self.0 {
            Repr::Null(_) => ValueRef::Null,
            Repr::Unknown(_) => ValueRef::Unknown,
            Repr::Bool(b) => ValueRef::Bool(*b),
            Repr::Number(n) => ValueRef::Number(n),
            Repr::String(s) => ValueRef::String(s),
            Repr::ShortString(s) => ValueRef::String(s.as_str()),
            Repr::List(s) => ValueRef::List(s.elems()),
            Repr::Set(s) => ValueRef::Set(s.elems()),
            Repr::Tuple(s) => ValueRef::Tuple(s.elems()),
            Repr::Map(m) => ValueRef::Map(m.entries()),
            Repr::Object(o) => ValueRef::Object(object_type_of(o.ty()), o.elems()),
        }
    }

    /// Whether the value is null.
    pub fn is_null(&self) -> bool {
        matches!(self.0, Repr::Null(_))
    }

    /// Whether the value is known (a null is known).
    pub fn is_known(&self) -> bool {
        !matches!(self.0, Repr::Unknown(_))
    }

    /// Whether the value is known and so is everything nested in it
    /// (cty `IsWhollyKnown`). O(1).
    pub fn is_wholly_known(&self) -> bool {
        match &self.0 {
            Repr::Unknown(_) => false,
            Repr::List(s) | Repr::Set(s) | Repr::Tuple(s) => s.wholly_known(),
            Repr::Map(m) => m.wholly_known(),
            Repr::Object(o) => o.wholly_known(),
            _ => true,
        }
    }

    /// cty `HasWhollyKnownType`: false when an unknown of the dynamic
    /// pseudo-type (or an unknown whose type has dynamic parts) appears.
    pub fn has_wholly_known_type(&self) -> bool {
        match &self.0 {
            Repr::Null(_) => true,
            Repr::Unknown(t) => {
                let t = t.get();
                if t.is_dynamic() {
                    false
                } else if is_iterable_type(t) {
                    !t.has_dynamic_types()
                } else {
                    true
                }
            }
            Repr::List(s) | Repr::Set(s) | Repr::Tuple(s) => {
                s.elems().iter().all(Value::has_wholly_known_type)
            }
            Repr::Map(m) => m.entries().iter().all(|(_, v)| v.has_wholly_known_type()),
            Repr::Object(o) => o.elems().iter().all(Value::has_wholly_known_type),
            _ => true,
        }
    }

    /// The bool, if this is a known bool.
    pub fn as_bool(&self) -> Option<bool> {
        match self.0 {
            Repr::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// The number, if this is a known number.
    pub fn as_number(&self) -> Option<&Number> {
        match &self.0 {
            Repr::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The text, if this is a known string.
    pub fn as_str(&self) -> Option<&str> {
        match &self.0 {
            Repr::String(s) => Some(s),
            Repr::ShortString(s) => Some(s.as_str()),
            _ => None,
        }
    }

    /// The text as shared text, if this is a known string (a long string's
    /// own `Arc`; short strings, kept inside the value, are copied).
    pub fn as_str_arc(&self) -> Option<Arc<str>> {
        match &self.0 {
            Repr::String(s) => Some(s.clone()),
            Repr::ShortString(s) => Some(Arc::from(s.as_str())),
            _ => None,
        }
    }

    /// The elements of a known list, set (in set order) or tuple.
    pub fn elements(&self) -> Option<&[Value]> {
        match &self.0 {
            Repr::List(s) | Repr::Set(s) | Repr::Tuple(s) => Some(s.elems()),
            _ => None,
        }
    }

    /// The entries of a known map, sorted by key.
    pub fn map_entries(&self) -> Option<&[(Arc<str>, Value)]> {
        match &self.0 {
            Repr::Map(m) => Some(m.entries()),
            _ => None,
        }
    }

    /// The attribute values of a known object, in the order of its type's
    /// attributes (sorted by name).
    pub fn object_values(&self) -> Option<&[Value]> {
        match &self.0 {
            Repr::Object(o) => Some(o.elems()),
            _ => None,
        }
    }

    /// The (key, value) entries of a known map or object in cty's order
    /// (sorted by key), or `None` for other values.
    pub fn entries(&self) -> Option<Entries<'_>> {
        match &self.0 {
            Repr::Map(m) => Some(Entries::Map(m.entries().iter())),
            Repr::Object(o) => Some(Entries::Object(
                object_type_of(o.ty()).attrs().iter(),
                o.elems().iter(),
            )),
            _ => None,
        }
    }

    /// cty's `ElementIterator`: (key, element) pairs of a known list or
    /// tuple (keys are the indices as numbers), map or object (keys are the
    /// names as strings) or set (keys are the elements themselves), in
    /// cty's order; `None` for other values.
    ///
    /// ```
    /// use hcldecode::value::Value;
    /// let v = Value::tuple(vec![Value::string("a"), Value::bool(true)]);
    /// let pairs: Vec<(Value, Value)> = v.element_iter().unwrap().map(|(k, e)| (k, e.clone())).collect();
    /// assert_eq!(pairs, [(Value::int(0), Value::string("a")), (Value::int(1), Value::bool(true))]);
    /// ```
    pub fn element_iter(&self) -> Option<impl Iterator<Item = (Value, &Value)> + '_> {
        enum It<'a> {
            Seq(std::iter::Enumerate<std::slice::Iter<'a, Value>>),
            Set(std::slice::Iter<'a, Value>),
            Entries(Entries<'a>),
        }
        impl<'a> Iterator for It<'a> {
            type Item = (Value, &'a Value);
            fn next(&mut self) -> Option<Self::Item> {
                match self {
                    It::Seq(it) => it.next().map(|(i, e)| (Value::int(i as i64), e)),
                    It::Set(it) => it.next().map(|e| (e.clone(), e)),
                    It::Entries(it) => it.next().map(|(k, e)| (Value::string_arc(k.clone()), e)),
                }
            }
        }
        Some(match &self.0 {
            Repr::List(s) | Repr::Tuple(s) => It::Seq(s.elems().iter().enumerate()),
            Repr::Set(s) => It::Set(s.elems().iter()),
            Repr::Map(_) | Repr::Object(_) => It::Entries(self.entries()?),
            _ => return None,
        })
    }

    /// cty `LengthInt`: the number of elements of a tuple or attributes of
    /// an object (even when unknown or null: taken from the type), or of a
    /// known list, set or map; `None` otherwise.
    pub fn length_int(&self) -> Option<usize> {
        match self.ty() {
            Type::Tuple(t) => return Some(t.len()),
            Type::Object(o) => return Some(o.len()),
            _ => {}
        }
        match &self.0 {
            Repr::List(s) | Repr::Set(s) => Some(s.elems().len()),
            Repr::Map(m) => Some(m.entries().len()),
            _ => None,
        }
    }

    /// cty `Length`: the length as a number value; unknown for unknown
    /// collections and for sets with unknown parts and more than one
    /// element. `None` for values without a length or null collections.
    pub fn length(&self) -> Option<Value> {
        if let Type::Tuple(t) = self.ty() {
            return Some(Value::int(t.len() as i64));
        }
        if !self.is_known() {
            return Some(Value::unknown(Type::Number));
        }
        if let Repr::Set(s) = &self.0 {
            let n = s.elems().len();
            return Some(if n == 1 || s.wholly_known() {
                Value::int(n as i64)
            } else {
                Value::unknown(Type::Number)
            });
        }
        self.length_int().map(|n| Value::int(n as i64))
    }

    /// cty `GetAttr`: the attribute `name` of an object (unknown of the
    /// attribute's type when the object is unknown); [`Value::dynamic`] when
    /// this value is of the dynamic pseudo-type. `None` where cty panics:
    /// not an object, no such attribute, or a null object.
    pub fn get_attr(&self, name: &str) -> Option<Value> {
        let ty = self.ty();
        if ty.is_dynamic() {
            return Some(Value::dynamic());
        }
        let ot = ty.object_type()?;
        let name = normalize_string(name);
        let idx = ot.index_of(&name)?;
        let aty = &ot.attrs()[idx].1;
        match &self.0 {
            Repr::Object(o) => Some(o.elems()[idx].clone()),
            Repr::Unknown(_) => Some(Value::unknown(aty.clone())),
            _ => None,
        }
    }

    /// The attribute `name` of a known object, borrowed (see
    /// [`Value::get_attr`], which also answers for unknown objects).
    pub(crate) fn attr_ref(&self, name: &str) -> Option<&Value> {
        let Repr::Object(o) = &self.0 else {
            return None;
        };
        let name = normalize_string(name);
        let idx = object_type_of(o.ty()).index_of(&name)?;
        o.elems().get(idx)
    }

    /// [`attr_ref`](Self::attr_ref) trying attribute position `hint` first:
    /// a name found there byte for byte needs neither normalising nor a
    /// search (attribute names are kept normalised).
    pub(crate) fn attr_ref_at(&self, name: &str, hint: usize) -> Option<&Value> {
        let Repr::Object(o) = &self.0 else {
            return None;
        };
        if let Some((n, _)) = object_type_of(o.ty()).attrs().get(hint)
            && **n == *name
        {
            return o.elems().get(hint);
        }
        self.attr_ref(name)
    }

    /// The element with key `key` of a known map, borrowed.
    pub(crate) fn map_entry_ref(&self, key: &str) -> Option<&Value> {
        let Repr::Map(m) = &self.0 else {
            return None;
        };
        map_lookup(m.entries(), &normalize_string(key))
    }

    /// cty `Index` on a list, map or tuple. Unknown keys or collections give
    /// unknown results (of the element type; [`Value::dynamic`] for tuples
    /// with an unknown key); a missing map key gives a null of the element
    /// type, as in cty. `None` where cty panics: wrong key type, negative,
    /// fractional or out-of-range list/tuple index, a null collection, or a
    /// value that is not a list, map or tuple.
    pub fn index(&self, key: &Value) -> Option<Value> {
        let ty = self.ty();
        match ty {
            Type::Dynamic => Some(Value::dynamic()),
            Type::List(ety) | Type::Map(ety) => {
                let ety: &Type = ety;
                if key.ty().is_dynamic() {
                    return Some(Value::unknown(ety.clone()));
                }
                let want = if matches!(ty, Type::Map(_)) {
                    &Type::String
                } else {
                    &Type::Number
                };
                if key.ty() != want {
                    return None;
                }
                if !key.is_known() || !self.is_known() {
                    return Some(Value::unknown(ety.clone()));
                }
                match &self.0 {
                    Repr::List(s) => s.elems().get(key_index(key)?).cloned(),
                    Repr::Map(m) => Some(
                        map_lookup(m.entries(), key.as_str()?)
                            .cloned()
                            .unwrap_or_else(|| Value::null(ety.clone())),
                    ),
                    _ => None,
                }
            }
            Type::Tuple(etys) => {
                if key.ty().is_dynamic() {
                    return Some(Value::dynamic());
                }
                if key.ty() != &Type::Number {
                    return None;
                }
                if !key.is_known() {
                    return Some(Value::dynamic());
                }
                let i = key_index(key)?;
                let ety = etys.get(i)?;
                match &self.0 {
                    Repr::Tuple(s) => s.elems().get(i).cloned(),
                    Repr::Unknown(_) => Some(Value::unknown(ety.clone())),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// cty `HasIndex`: whether [`Value::index`] would succeed, as a bool
    /// value (unknown when that depends on unknowns). For values that are
    /// not lists, maps or tuples (where cty panics) this gives `false`.
    pub fn has_index(&self, key: &Value) -> Value {
        let ty = self.ty();
        match ty {
            Type::Dynamic => Value::unknown(Type::Bool),
            Type::List(_) | Type::Map(_) | Type::Tuple(_) => {
                if key.ty().is_dynamic() {
                    return Value::unknown(Type::Bool);
                }
                let want = if matches!(ty, Type::Map(_)) {
                    &Type::String
                } else {
                    &Type::Number
                };
                if key.ty() != want {
                    return Value::bool(false);
                }
                if !key.is_known() {
                    return Value::unknown(Type::Bool);
                }
                match ty {
                    Type::Tuple(etys) => {
                        Value::bool(key_index(key).is_some_and(|i| i < etys.len()))
                    }
                    _ if !self.is_known() => Value::unknown(Type::Bool),
                    Type::List(_) => {
                        let len = self.elements().map_or(0, <[Value]>::len);
                        Value::bool(key_index(key).is_some_and(|i| i < len))
                    }
                    _ => {
                        let k = key.as_str().unwrap_or("");
                        Value::bool(
                            self.map_entries()
                                .is_some_and(|e| map_lookup(e, k).is_some()),
                        )
                    }
                }
            }
            _ => Value::bool(false),
        }
    }

    /// cty `RawEquals`: whether the two values are exactly the same (same
    /// type; unknowns equal unknowns; numbers compare as cty does, by their
    /// shortest decimal form). Also available as `==`.
    pub fn raw_equals(&self, other: &Value) -> bool {
        equality::raw_equals(self, other)
    }

    /// cty `Equals`: the `==` of HCL, as a bool value which is unknown when
    /// the answer depends on unknown values.
    pub fn equals(&self, other: &Value) -> Value {
        equality::equals(self, other)
    }

    /// The serialization cty hashes set elements with (`makeSetHashBytes`).
    pub fn set_hash_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        set::append_set_hash_bytes(self, &mut out);
        out
    }
}

/// Iterator over the (key, value) entries of a map or object.
pub enum Entries<'a> {
    /// A map's entries.
    #[doc(hidden)]
    Map(std::slice::Iter<'a, (Arc<str>, Value)>),
    /// An object's attributes and values.
    #[doc(hidden)]
    Object(
        std::slice::Iter<'a, (Arc<str>, Type)>,
        std::slice::Iter<'a, Value>,
    ),
}

impl<'a> Iterator for Entries<'a> {
    type Item = (&'a Arc<str>, &'a Value);

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Entries::Map(it) => it.next().map(|(k, v)| (k, v)),
            Entries::Object(names, vals) => Some((&names.next()?.0, vals.next()?)),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Entries::Map(it) => it.size_hint(),
            Entries::Object(_, it) => it.size_hint(),
        }
    }
}

impl ExactSizeIterator for Entries<'_> {}

fn object_type_of(t: &Type) -> &ObjectType {
    match t {
        Type::Object(o) => o,
        // Object values always carry an object type.
        _ => unreachable!("object value without object type"),
    }
}

fn is_iterable_type(t: &Type) -> bool {
    matches!(
        t,
        Type::List(_) | Type::Set(_) | Type::Map(_) | Type::Tuple(_) | Type::Object(_)
    )
}

pub(crate) fn map_lookup<'a>(entries: &'a [(Arc<str>, Value)], k: &str) -> Option<&'a Value> {
    entries
        .binary_search_by(|(ek, _)| (**ek).cmp(k))
        .ok()
        .map(|i| &entries[i].1)
}

/// A known number key as a non-negative integer index (cty's
/// `Int64()` exactness check).
fn key_index(key: &Value) -> Option<usize> {
    let i = key.as_number()?.to_i64()?;
    usize::try_from(i).ok()
}

/// cty's element type inference (`ListVal`, `SetVal`, `MapVal`, and the
/// `CanListVal` family): the first type that is not dynamic; `None` if a
/// later element has another (non-dynamic) type or there are no elements.
pub(crate) fn infer_elem_type<'a>(vals: impl Iterator<Item = &'a Value>) -> Option<Type> {
    let mut ety: Option<&Type> = None;
    let mut any = false;
    for v in vals {
        any = true;
        let t = v.ty();
        match ety {
            None => {
                if !t.is_dynamic() {
                    ety = Some(t)
                }
            }
            Some(e) => {
                if !t.is_dynamic() && e != t {
                    return None;
                }
            }
        }
    }
    if !any {
        return None;
    }
    Some(ety.cloned().unwrap_or(Type::Dynamic))
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

/// A quoted string literal that reads back as `s`: `\\`, `\"` and control
/// characters escaped, `${` and `%{` doubled so the text is no template
/// (as hclwrite escapes). The static layer's writer, shared with the
/// spec-file printer.
pub(crate) use hcldecode_spec::syntax::native::write_quoted as write_hcl_string;

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
