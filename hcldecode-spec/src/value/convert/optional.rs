//! Absent optional object attributes (`optional(type)` in a type
//! constraint, [`OptionalAttrs`]) added as nulls of their type, so that
//! conversion to the constraint's type accepts a value without them (cty
//! converts to a type with optional attributes). One walk, used by
//! `convert()` and by spec files' and typed decoding's `optional()`.
//!
//! ```
//! use hcldecode_spec::value::{Value, convert::fill_optional};
//! use hcldecode_spec::source::SourceFile;
//! use hcldecode_spec::spec::type_constraint::get_type;
//! use hcldecode_spec::syntax::native::parse_expression;
//! let f = std::sync::Arc::new(SourceFile::new("t", "object({a = string, b = optional(number)})"));
//! let (_, opt, _) = get_type(&f, &parse_expression(&f).0, true, None);
//! let v = fill_optional(&Value::object([("a", Value::string("x"))]), opt.as_ref());
//! assert_eq!(v.get_attr("b"), Some(Value::null(hcldecode_spec::types::Type::Number)));
//! ```

use std::sync::Arc;

use crate::types::Type;
use crate::value::Value;

/// The optional attributes and defaults of a type constraint, in a tree
/// following the type (ext/typeexpr's `Defaults`, plus the optional
/// attributes that cty keeps in the type). A node exists only where it or
/// a descendant has something.
#[derive(Clone, Debug)]
pub struct OptionalAttrs {
    /// The type at this node, without optional attributes.
    pub ty: Type,
    /// The optional attributes of an object type, in source order.
    pub optional: Vec<String>,
    /// Default values of optional attributes, converted to the attribute's
    /// type, in source order.
    pub defaults: Vec<(String, Value)>,
    /// Nested nodes: by attribute name in an object, by index (`"0"`) in a
    /// tuple, `""` for the elements of a list, set or map.
    pub children: Vec<(String, OptionalAttrs)>,
}

impl OptionalAttrs {
    /// The child node for `key`, if any.
    ///
    /// ```
    /// use hcldecode_spec::value::convert::OptionalAttrs;
    /// use hcldecode_spec::types::Type;
    /// let leaf = OptionalAttrs { ty: Type::empty_object(), optional: vec!["a".into()], defaults: vec![], children: vec![] };
    /// let root = OptionalAttrs { ty: Type::list(Type::empty_object()), optional: vec![], defaults: vec![], children: vec![("".into(), leaf)] };
    /// assert_eq!(root.child("").unwrap().optional, ["a"]);
    /// assert!(root.child("x").is_none());
    /// ```
    pub fn child(&self, key: &str) -> Option<&OptionalAttrs> {
        self.children.iter().find(|(k, _)| k == key).map(|(_, c)| c)
    }

    /// Whether attribute `name` of this object node is optional.
    pub fn is_optional(&self, name: &str) -> bool {
        self.optional.iter().any(|n| n == name)
    }
}

/// Absent optional attributes of object values set to null of their type,
/// at any depth, so that conversion to the constraint's type accepts them.
pub fn fill_optional(v: &Value, node: Option<&OptionalAttrs>) -> Value {
    let Some(node) = node else {
        return v.clone();
    };
    if v.is_null() || !v.is_known() {
        return v.clone();
    }
    match (&node.ty, v.ty()) {
        (Type::Object(ot), Type::Object(_) | Type::Map(_)) => {
            let mut attrs: Vec<(Arc<str>, Value)> = v
                .entries()
                .map(|es| {
                    es.map(|(k, e)| (k.clone(), fill_optional(e, node.child(k))))
                        .collect()
                })
                .unwrap_or_default();
            for name in &node.optional {
                if !attrs.iter().any(|(k, _)| &**k == name)
                    && let Some(t) = ot.get(name)
                {
                    attrs.push((Arc::from(name.as_str()), Value::null(t.clone())));
                }
            }
            Value::object(attrs)
        }
        (Type::List(_) | Type::Set(_) | Type::Map(_), _) => {
            let elem = node.child("");
            rebuild(v, |_, e| fill_optional(e, elem))
        }
        (Type::Tuple(_), Type::Tuple(_) | Type::List(_)) => {
            rebuild(v, |k, e| fill_optional(e, node.child(k)))
        }
        _ => v.clone(),
    }
}

/// `v` with each element or attribute replaced by `f(key, element)` (the
/// key of an element is its index), rebuilt as the same kind of collection
/// where it can hold the results.
fn rebuild(v: &Value, mut f: impl FnMut(&str, &Value) -> Value) -> Value {
    match v.ty() {
        Type::List(_) | Type::Tuple(_) | Type::Set(_) => {
            let elems: Vec<Value> = v
                .elements()
                .unwrap_or(&[])
                .iter()
                .enumerate()
                .map(|(i, e)| f(&i.to_string(), e))
                .collect();
            if elems.is_empty() {
                return v.clone();
            }
            match v.ty() {
                Type::List(_) => {
                    Value::list_infer(elems.clone()).unwrap_or_else(|| Value::tuple(elems))
                }
                Type::Set(_) => {
                    Value::set_infer(elems.clone()).unwrap_or_else(|| Value::tuple(elems))
                }
                _ => Value::tuple(elems),
            }
        }
        Type::Map(_) | Type::Object(_) => {
            let entries: Vec<(Arc<str>, Value)> = v
                .entries()
                .map(|es| es.map(|(k, e)| (k.clone(), f(k, e))).collect())
                .unwrap_or_default();
            if v.ty().is_object() {
                return Value::object(entries);
            }
            if entries.is_empty() {
                return v.clone();
            }
            Value::map_infer(entries.clone()).unwrap_or_else(|| Value::object(entries))
        }
        _ => v.clone(),
    }
}
