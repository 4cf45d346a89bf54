//! HCL types (the cty type system): primitives, collections, structural
//! types and the dynamic pseudo-type that stands for "any type".

use std::fmt;
use std::sync::Arc;

/// A type of the HCL information model.
///
/// Compound types share their parts through `Arc`, so cloning is cheap.
/// Equality is structural.
///
/// ```
/// use hcldecode_spec::types::Type;
/// let t = Type::list(Type::String);
/// assert_eq!(t.friendly_name(), "list of string");
/// assert_eq!(t.to_json(), r#"["list","string"]"#);
/// let o = Type::object([("b", Type::Number), ("a", Type::Bool)]);
/// assert_eq!(o.to_json(), r#"["object",{"a":"bool","b":"number"}]"#);
/// ```
// `PartialEq` is structural with a pointer shortcut, so deriving `Hash`
// (structural) stays consistent with it.
#[allow(clippy::derived_hash_with_manual_eq)]
#[derive(Clone, Eq, Hash)]
pub enum Type {
    /// The dynamic pseudo-type: "any type" in a constraint, "not yet known"
    /// for a value.
    Dynamic,
    /// `bool`.
    Bool,
    /// `number`: arbitrary-precision.
    Number,
    /// `string`: Unicode text, NFC-normalised.
    String,
    /// `list(T)`: ordered, elements of one type.
    List(Arc<Type>),
    /// `set(T)`: unordered, unique elements of one type.
    Set(Arc<Type>),
    /// `map(T)`: string keys to elements of one type.
    Map(Arc<Type>),
    /// `object({...})`: named attributes, each with its own type.
    Object(Arc<ObjectType>),
    /// `tuple([...])`: a fixed sequence of element types.
    Tuple(Arc<[Type]>),
}

/// Structural equality, with a shortcut for types shared by reference
/// (decoding shares one object, list or map type among all values of a
/// spec, so most comparisons are of one allocation with itself).
impl PartialEq for Type {
    fn eq(&self, other: &Type) -> bool {
        match (self, other) {
            (Type::Dynamic, Type::Dynamic)
            | (Type::Bool, Type::Bool)
            | (Type::Number, Type::Number)
            | (Type::String, Type::String) => true,
            (Type::List(a), Type::List(b))
            | (Type::Set(a), Type::Set(b))
            | (Type::Map(a), Type::Map(b)) => Arc::ptr_eq(a, b) || a == b,
            (Type::Object(a), Type::Object(b)) => Arc::ptr_eq(a, b) || a == b,
            (Type::Tuple(a), Type::Tuple(b)) => Arc::ptr_eq(a, b) || a == b,
            _ => false,
        }
    }
}

/// The attributes of an object type, sorted by name (byte order, as cty).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ObjectType {
    attrs: Box<[(Arc<str>, Type)]>,
}

impl ObjectType {
    /// An object type from attributes in any order; a repeated name keeps
    /// the last type given.
    pub fn new<N: Into<Arc<str>>>(attrs: impl IntoIterator<Item = (N, Type)>) -> ObjectType {
        let mut v: Vec<(Arc<str>, Type)> = attrs.into_iter().map(|(n, t)| (n.into(), t)).collect();
        v.reverse();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v.dedup_by(|a, b| a.0 == b.0);
        ObjectType {
            attrs: v.into_boxed_slice(),
        }
    }

    /// An object type from attributes already sorted by name and unique.
    /// Checked in debug builds.
    pub fn from_sorted(attrs: Vec<(Arc<str>, Type)>) -> ObjectType {
        debug_assert!(attrs.windows(2).all(|w| w[0].0 < w[1].0));
        ObjectType {
            attrs: attrs.into_boxed_slice(),
        }
    }

    /// The attributes, sorted by name.
    pub fn attrs(&self) -> &[(Arc<str>, Type)] {
        &self.attrs
    }

    /// Number of attributes.
    pub fn len(&self) -> usize {
        self.attrs.len()
    }

    /// Whether there are no attributes.
    pub fn is_empty(&self) -> bool {
        self.attrs.is_empty()
    }

    /// The index of attribute `name` in [`attrs`](Self::attrs).
    pub fn index_of(&self, name: &str) -> Option<usize> {
        if self.attrs.len() <= 16 {
            // Small objects (most): a scan that rejects most names by
            // their length and first byte, without comparing the rest.
            let b = name.as_bytes();
            return self.attrs.iter().position(|(n, _)| {
                let nb = n.as_bytes();
                nb.len() == b.len() && nb.first() == b.first() && nb == b
            });
        }
        self.attrs.binary_search_by(|(n, _)| (**n).cmp(name)).ok()
    }

    /// The type of attribute `name`.
    pub fn get(&self, name: &str) -> Option<&Type> {
        self.index_of(name).map(|i| &self.attrs[i].1)
    }
}

impl Type {
    /// `list(elem)`.
    pub fn list(elem: Type) -> Type {
        Type::List(Arc::new(elem))
    }

    /// `set(elem)`.
    pub fn set(elem: Type) -> Type {
        Type::Set(Arc::new(elem))
    }

    /// `map(elem)`.
    pub fn map(elem: Type) -> Type {
        Type::Map(Arc::new(elem))
    }

    /// `object({...})` from attributes in any order.
    pub fn object<N: Into<Arc<str>>>(attrs: impl IntoIterator<Item = (N, Type)>) -> Type {
        Type::Object(Arc::new(ObjectType::new(attrs)))
    }

    /// `tuple([...])`.
    pub fn tuple(elems: impl IntoIterator<Item = Type>) -> Type {
        Type::Tuple(elems.into_iter().collect())
    }

    /// The empty object type.
    pub fn empty_object() -> Type {
        Type::Object(Arc::new(ObjectType::default()))
    }

    /// The empty tuple type.
    pub fn empty_tuple() -> Type {
        Type::Tuple(Arc::from([]))
    }

    /// Whether this is `bool`, `number` or `string`.
    pub fn is_primitive(&self) -> bool {
        matches!(self, Type::Bool | Type::Number | Type::String)
    }

    /// Whether this is a list, set or map type.
    pub fn is_collection(&self) -> bool {
        matches!(self, Type::List(_) | Type::Set(_) | Type::Map(_))
    }

    /// Whether this is the dynamic pseudo-type.
    pub fn is_dynamic(&self) -> bool {
        matches!(self, Type::Dynamic)
    }

    /// Whether this is an object type.
    pub fn is_object(&self) -> bool {
        matches!(self, Type::Object(_))
    }

    /// Whether this is a tuple type.
    pub fn is_tuple(&self) -> bool {
        matches!(self, Type::Tuple(_))
    }

    /// The element type of a list, set or map type.
    pub fn element_type(&self) -> Option<&Type> {
        match self {
            Type::List(e) | Type::Set(e) | Type::Map(e) => Some(e),
            _ => None,
        }
    }

    /// The attributes of an object type.
    pub fn object_type(&self) -> Option<&ObjectType> {
        match self {
            Type::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The element types of a tuple type.
    pub fn tuple_elements(&self) -> Option<&[Type]> {
        match self {
            Type::Tuple(t) => Some(t),
            _ => None,
        }
    }

    /// Whether the dynamic pseudo-type appears anywhere in this type.
    pub fn has_dynamic_types(&self) -> bool {
        match self {
            Type::Dynamic => true,
            Type::Bool | Type::Number | Type::String => false,
            Type::List(e) | Type::Set(e) | Type::Map(e) => e.has_dynamic_types(),
            Type::Object(o) => o.attrs().iter().any(|(_, t)| t.has_dynamic_types()),
            Type::Tuple(ts) => ts.iter().any(Type::has_dynamic_types),
        }
    }

    /// cty's `FriendlyName`: `string`, `list of number`, `object`, `tuple`,
    /// `dynamic`.
    pub fn friendly_name(&self) -> String {
        self.friendly(false)
    }

    /// cty's `FriendlyNameForConstraint`: like [`friendly_name`](Self::friendly_name)
    /// but the dynamic pseudo-type reads `any type`, and a collection of it
    /// `list of any single type`.
    pub fn friendly_name_for_constraint(&self) -> String {
        self.friendly(true)
    }

    fn friendly(&self, constraint: bool) -> String {
        match self {
            Type::Dynamic => if constraint { "any type" } else { "dynamic" }.to_string(),
            Type::Bool => "bool".to_string(),
            Type::Number => "number".to_string(),
            Type::String => "string".to_string(),
            Type::List(e) | Type::Set(e) | Type::Map(e) => {
                let kind = match self {
                    Type::List(_) => "list",
                    Type::Set(_) => "set",
                    _ => "map",
                };
                let elem = if constraint && e.is_dynamic() {
                    "any single type".to_string()
                } else {
                    e.friendly(constraint)
                };
                format!("{kind} of {elem}")
            }
            Type::Object(_) => "object".to_string(),
            Type::Tuple(_) => "tuple".to_string(),
        }
    }

    /// The JSON form hcldec's `--with-type` prints: `"string"`,
    /// `["list","number"]`, `["object",{"a":"bool"}]`, `["tuple",["string"]]`,
    /// `"dynamic"`.
    pub fn to_json(&self) -> String {
        let mut s = String::new();
        self.write_json(&mut s);
        s
    }

    /// Appends the JSON form to `out`.
    pub fn write_json(&self, out: &mut String) {
        match self {
            Type::Dynamic => out.push_str("\"dynamic\""),
            Type::Bool => out.push_str("\"bool\""),
            Type::Number => out.push_str("\"number\""),
            Type::String => out.push_str("\"string\""),
            Type::List(e) | Type::Set(e) | Type::Map(e) => {
                out.push_str(match self {
                    Type::List(_) => "[\"list\",",
                    Type::Set(_) => "[\"set\",",
                    _ => "[\"map\",",
                });
                e.write_json(out);
                out.push(']');
            }
            Type::Object(o) => {
                out.push_str("[\"object\",{");
                for (i, (name, t)) in o.attrs().iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    crate::json_text::write_json_string(out, name);
                    out.push(':');
                    t.write_json(out);
                }
                out.push_str("}]");
            }
            Type::Tuple(ts) => {
                out.push_str("[\"tuple\",[");
                for (i, t) in ts.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    t.write_json(out);
                }
                out.push_str("]]");
            }
        }
    }

    /// The type as an hcldec type expression: `list(string)`,
    /// `object({a = bool})`, `any`.
    pub fn to_type_expr(&self) -> String {
        match self {
            Type::Dynamic => "any".into(),
            Type::Bool => "bool".into(),
            Type::Number => "number".into(),
            Type::String => "string".into(),
            Type::List(e) => format!("list({})", e.to_type_expr()),
            Type::Set(e) => format!("set({})", e.to_type_expr()),
            Type::Map(e) => format!("map({})", e.to_type_expr()),
            Type::Object(o) => {
                let items: Vec<String> = o
                    .attrs()
                    .iter()
                    .map(|(n, t)| {
                        let key = if crate::syntax::is_identifier(n) {
                            n.to_string()
                        } else {
                            crate::json_text::json_string(n)
                        };
                        format!("{key} = {}", t.to_type_expr())
                    })
                    .collect();
                format!("object({{{}}})", items.join(", "))
            }
            Type::Tuple(ts) => {
                let items: Vec<String> = ts.iter().map(Type::to_type_expr).collect();
                format!("tuple([{}])", items.join(", "))
            }
        }
    }
}

impl fmt::Debug for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_type_expr())
    }
}

impl fmt::Display for Type {
    /// The type expression form, as in spec files.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_type_expr())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn friendly_names_match_cty() {
        assert_eq!(Type::Dynamic.friendly_name(), "dynamic");
        assert_eq!(Type::Dynamic.friendly_name_for_constraint(), "any type");
        assert_eq!(
            Type::map(Type::Dynamic).friendly_name_for_constraint(),
            "map of any single type"
        );
        assert_eq!(
            Type::set(Type::list(Type::Bool)).friendly_name(),
            "set of list of bool"
        );
        assert_eq!(Type::empty_object().friendly_name(), "object");
    }

    #[test]
    fn object_types_sort_and_dedup() {
        let o = ObjectType::new([("b", Type::Bool), ("a", Type::String), ("b", Type::Number)]);
        let names: Vec<&str> = o.attrs().iter().map(|(n, _)| &**n).collect();
        assert_eq!(names, ["a", "b"]);
        assert_eq!(o.get("b"), Some(&Type::Number));
        assert_eq!(o.get("c"), None);
    }

    #[test]
    fn json_and_type_expr_forms() {
        let t = Type::tuple([Type::String, Type::map(Type::Dynamic)]);
        assert_eq!(t.to_json(), r#"["tuple",["string",["map","dynamic"]]]"#);
        assert_eq!(t.to_type_expr(), "tuple([string, map(any)])");
        let o = Type::object([("a b", Type::Number), ("c", Type::Bool)]);
        assert_eq!(o.to_type_expr(), r#"object({"a b" = number, c = bool})"#);
        assert!(!o.has_dynamic_types() && t.has_dynamic_types());
    }
}
