//! Reading values: type, nullness and knownness, primitives, elements
//! and entries, attributes, indexing, length and equality.

use std::sync::Arc;

use super::entries::map_lookup;
use super::nfc::normalize_string;
use super::stored_types::{BOOL_TY, NUMBER_TY, STRING_TY, object_type_of};
use super::{Number, Repr, Value, ValueRef, equality, set};
use crate::types::Type;

impl Value {
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
    /// use hcldecode_spec::value::Value;
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
    #[doc(hidden)] // the engine's unchecked fast paths (hcldecode)
    pub fn attr_ref(&self, name: &str) -> Option<&Value> {
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
    #[doc(hidden)] // the engine's unchecked fast paths (hcldecode)
    pub fn attr_ref_at(&self, name: &str, hint: usize) -> Option<&Value> {
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
    #[doc(hidden)] // the engine's unchecked fast paths (hcldecode)
    pub fn map_entry_ref(&self, key: &str) -> Option<&Value> {
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

fn is_iterable_type(t: &Type) -> bool {
    matches!(
        t,
        Type::List(_) | Type::Set(_) | Type::Map(_) | Type::Tuple(_) | Type::Object(_)
    )
}

/// A known number key as a non-negative integer index (cty's
/// `Int64()` exactness check).
fn key_index(key: &Value) -> Option<usize> {
    let i = key.as_number()?.to_i64()?;
    usize::try_from(i).ok()
}
