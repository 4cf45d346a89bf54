//! Constructing values: primitives, collections (typed, or with their
//! element type inferred), tuples and objects, with cty's rules (strings
//! NFC-normalised, elements re-typed to the collection's element type).

use std::sync::Arc;

use super::elements::{all_wholly_known, infer_elem_type, retype};
use super::entries::map_entries;
use super::nfc::{is_nfc_fast, nfc_arc, nfc_string};
use super::{InlineStr, MapData, Number, Repr, Seq, TyRef, Value, convert, set};
use crate::types::{ObjectType, Type};

impl Value {
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
    /// use hcldecode_spec::{types::Type, value::Value};
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
    /// use hcldecode_spec::{types::Type, value::Value};
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
    #[doc(hidden)] // the engine's unchecked fast paths (hcldecode)
    pub fn list_of_type(list_ty: Type, elems: Vec<Value>) -> Value {
        debug_assert!(
            elems.iter().all(|e| Some(e.ty()) == list_ty.element_type()),
            "inconsistent list element types"
        );
        let wholly_known = all_wholly_known(&elems);
        Value(Repr::List(Seq::new(list_ty, elems, wholly_known)))
    }

    /// A map of the already built type `map_ty`, from entries sorted by
    /// key (unique, NFC), each of exactly the element type.
    #[doc(hidden)] // the engine's unchecked fast paths (hcldecode)
    pub fn map_of_type(map_ty: Type, entries: Vec<(Arc<str>, Value)>) -> Value {
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
    #[doc(hidden)] // the engine's unchecked fast paths (hcldecode)
    pub fn map_typed<K, I>(map_ty: Type, entries: I) -> Value
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
    #[doc(hidden)] // the engine's unchecked fast paths (hcldecode)
    pub fn object_filled(
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
    #[doc(hidden)] // the engine's unchecked fast paths (hcldecode)
    pub fn list_infer(elems: Vec<Value>) -> Option<Value> {
        let ety = infer_elem_type(elems.iter())?;
        Some(Value::list(ety, elems))
    }

    /// cty's `SetVal` with inferred element type, see [`Value::list_infer`].
    #[doc(hidden)] // the engine's unchecked fast paths (hcldecode)
    pub fn set_infer(elems: Vec<Value>) -> Option<Value> {
        let ety = infer_elem_type(elems.iter())?;
        Some(Value::set(ety, elems))
    }

    /// cty's `MapVal` with inferred element type, see [`Value::list_infer`].
    /// `entries` must be sorted by key and unique.
    #[doc(hidden)] // the engine's unchecked fast paths (hcldecode)
    pub fn map_infer(entries: Vec<(Arc<str>, Value)>) -> Option<Value> {
        let ety = infer_elem_type(entries.iter().map(|(_, v)| v))?;
        Some(Value::map(ety, entries))
    }
}
