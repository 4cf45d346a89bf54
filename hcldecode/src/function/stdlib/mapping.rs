//! Map and object functions of the function library (cty
//! stdlib/collection.go).

use std::collections::BTreeMap;
use std::sync::Arc;

use super::sequence::list_or_empty;
use super::{build, build_in_context, shared_function, str_arg};
use crate::Type;
use crate::function::{FunctionError, Parameter, ReturnType};
use crate::value::Value;
use crate::value::convert::convert;

fn dynamic(name: &str) -> Parameter {
    Parameter::new(name, Type::Dynamic)
}

shared_function! {
    /// `keys(inputMap)`: a map's keys (a list) or an object's attribute
    /// names (a tuple), sorted.
    keys => build(
        "Returns a list of the keys of the given map in lexicographical order.",
        vec![dynamic("inputMap").allow_unknown()],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| match args[0].ty() {
            Type::Map(_) => Ok(Type::list(Type::String)),
            Type::Object(o) => Ok(Type::tuple(o.attrs().iter().map(|_| Type::String))),
            _ => Err(FunctionError::arg(0, "must have map or object type")),
        })),
        |args, ret| {
            let m = &args[0];
            if let Type::Object(o) = m.ty() {
                return Ok(Value::tuple(
                    o.attrs().iter().map(|(n, _)| Value::string_arc(n.clone())).collect(),
                ));
            }
            if !m.is_known() {
                return Ok(Value::unknown(ret.clone()));
            }
            let keys: Vec<Value> = m
                .map_entries()
                .unwrap_or(&[])
                .iter()
                .map(|(k, _)| Value::string_arc(k.clone()))
                .collect();
            Ok(list_or_empty(&Type::String, keys))
        },
    )
}

shared_function! {
    /// `values(mapping)`: a map's values (a list) or an object's attribute
    /// values (a tuple), in key order.
    values => build(
        "Returns the values of elements of a given map, or the values of attributes of a given object, in lexicographic order by key or attribute name.",
        vec![dynamic("mapping")],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| match args[0].ty() {
            Type::Map(e) => Ok(Type::list((**e).clone())),
            Type::Object(o) => Ok(Type::tuple(o.attrs().iter().map(|(_, t)| t.clone()))),
            _ => Err(FunctionError::call("values() requires a map as the first argument")),
        })),
        |args, ret| {
            let vals: Vec<Value> = args[0]
                .entries()
                .map(|it| it.map(|(_, v)| v.clone()).collect())
                .unwrap_or_default();
            match ret {
                Type::Tuple(_) => Ok(Value::tuple(vals)),
                _ => Ok(list_or_empty(ret.element_type().unwrap_or(&Type::Dynamic), vals)),
            }
        },
    )
}

shared_function! {
    /// `lookup(inputMap, key, default)`.
    lookup => build(
        "Returns the value of the element with the given key from the given map, or returns the default value if there is no such element.",
        vec![dynamic("inputMap"), Parameter::new("key", Type::String), dynamic("default")],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| match args[0].ty() {
            Type::Object(o) => {
                let Some(key) = args[1].as_str() else {
                    return Ok(Type::Dynamic);
                };
                match o.get(key) {
                    Some(t) => Ok(t.clone()),
                    None => Ok(args[2].ty().clone()),
                }
            }
            Type::Map(e) => {
                if convert(&args[2], e).is_err() {
                    return Err(FunctionError::arg(
                        2,
                        "the default value must have the same type as the map elements",
                    ));
                }
                Ok((**e).clone())
            }
            _ => Err(FunctionError::arg(0, "lookup() requires a map as the first argument")),
        })),
        |args, ret| {
            let m = &args[0];
            let key = str_arg(args, 1)?;
            if !m.is_wholly_known() {
                return Ok(Value::unknown(ret.clone()));
            }
            if let Type::Object(o) = m.ty() {
                if o.get(key).is_some() {
                    return m.get_attr(key).ok_or_else(|| FunctionError::call("missing attribute"));
                }
            } else {
                let k = Value::string(key);
                if m.has_index(&k).as_bool() == Some(true)
                    && let Some(v) = m.index(&k)
                {
                    return Ok(v);
                }
            }
            convert(&args[2], ret).map_err(|e| FunctionError::call(e.message))
        },
    )
}

/// `merge`'s object where its type is known (`ty`, as the return type
/// gave it): each attribute from the last argument that has it, in the
/// type's order, so that the value shares the type (no second map and
/// type are built, and the result's check is a pointer comparison).
/// `None` unless the arguments' keys are the type's and each value has
/// its attribute's type (the general path then merges).
fn merged_object(ty: &Arc<crate::ObjectType>, args: &[Value]) -> Option<Value> {
    let present = || args.iter().filter(|a| !a.is_null());
    for a in present() {
        for (k, _) in a.entries()? {
            ty.index_of(k)?;
        }
    }
    let mut vals = Vec::with_capacity(ty.len());
    for (name, t) in ty.attrs() {
        let v = present().rev().find_map(|a| entry(a, name))?;
        if v.ty() != t {
            return None;
        }
        vals.push(v.clone());
    }
    Some(Value::object_with_type(ty.clone(), vals))
}

/// The entry `name` of a known map or object.
fn entry<'v>(a: &'v Value, name: &str) -> Option<&'v Value> {
    match a.map_entries() {
        Some(m) => m
            .binary_search_by(|(k, _)| (**k).cmp(name))
            .ok()
            .map(|i| &m[i].1),
        None => a.attr_ref(name),
    }
}

shared_function! {
    /// `merge(maps...)`: maps or objects merged, later keys winning.
    merge => build_in_context(
        "Merges all of the elements from the given maps into a single map, or the attributes from given objects into a single object.",
        Vec::new(),
        Some(dynamic("maps").allow_dynamic_type().allow_null()),
        ReturnType::Computed(Box::new(|args: &[Value]| {
            if args.is_empty() {
                return Ok(Type::empty_object());
            }
            // Later attributes win (as `ObjectType::new` keeps them).
            let mut attrs: Vec<(Arc<str>, Type)> = Vec::new();
            let first = args[0].ty();
            let mut matching = true;
            let mut attrs_known = true;
            for a in args {
                let ty = a.ty();
                if ty.is_dynamic() {
                    return Ok(Type::Dynamic);
                }
                match ty {
                    Type::Object(o) => {
                        if !a.is_null() {
                            attrs.extend(o.attrs().iter().cloned());
                        }
                    }
                    Type::Map(e) => {
                        if a.is_null() {
                        } else if a.is_known() {
                            for (k, _) in a.map_entries().unwrap_or(&[]) {
                                attrs.push((k.clone(), (**e).clone()));
                            }
                        } else {
                            attrs_known = false;
                        }
                    }
                    other => {
                        return Err(FunctionError::call(format!(
                            "arguments must be maps or objects, got {:?}",
                            other.friendly_name()
                        )));
                    }
                }
                if ty != first {
                    matching = false;
                }
            }
            if matching {
                return Ok(first.clone());
            }
            if !attrs_known {
                return Ok(Type::Dynamic);
            }
            Ok(Type::object(attrs))
        })),
        |cx, args, ret| {
            if let Type::Object(ty) = ret
                && let Some(v) = merged_object(ty, args)
            {
                cx.check_size(ty.len() as u64, 0)?;
                return Ok(v);
            }
            let mut out: BTreeMap<Arc<str>, Value> = BTreeMap::new();
            for a in args {
                if a.is_null() {
                    continue;
                }
                match a.entries() {
                    Some(entries) => {
                        for (k, v) in entries {
                            out.insert(k.clone(), v.clone());
                        }
                    }
                    // Reached when an argument of unknown type made the
                    // type check stop early; go-cty panics here.
                    None => {
                        return Err(FunctionError::Panic(
                            "attempt to iterate on non-collection, non-tuple type".into(),
                        ));
                    }
                }
            }
            cx.check_size(out.len() as u64, 0)?;
            match ret {
                Type::Map(e) => {
                    if out.is_empty() {
                        return Ok(Value::map_empty((**e).clone()));
                    }
                    Ok(Value::map((**e).clone(), out))
                }
                _ => Ok(Value::object(out)),
            }
        },
    )
}

shared_function! {
    /// `zipmap(keys, values)`: a map (values a list) or an object (values a
    /// tuple) from corresponding keys and values.
    zipmap => build(
        "Constructs a map from a list of keys and a corresponding list of values, which must both be of the same length.",
        vec![Parameter::new("keys", Type::list(Type::String)), dynamic("values")],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| {
            let (keys, values) = (&args[0], &args[1]);
            match values.ty() {
                Type::List(e) => Ok(Type::map((**e).clone())),
                Type::Tuple(ts) => {
                    if !keys.is_wholly_known() {
                        return Ok(Type::Dynamic);
                    }
                    let ks = keys.elements().unwrap_or(&[]);
                    if ks.len() != ts.len() {
                        return Err(FunctionError::call(format!(
                            "number of keys ({}) does not match number of values ({})",
                            ks.len(),
                            ts.len()
                        )));
                    }
                    let mut attrs: BTreeMap<Arc<str>, Type> = BTreeMap::new();
                    for (i, k) in ks.iter().enumerate() {
                        let Some(k) = k.as_str_arc() else {
                            return Err(FunctionError::call(format!(
                                "keys list has null value at index {i}"
                            )));
                        };
                        attrs.insert(k, ts[i].clone());
                    }
                    Ok(Type::object(attrs))
                }
                _ => Err(FunctionError::call("values argument must be a list or tuple value")),
            }
        })),
        |args, ret| {
            let (keys, values) = (&args[0], &args[1]);
            if !keys.is_wholly_known() {
                return Ok(Value::unknown(ret.clone()));
            }
            let ks = keys.elements().unwrap_or(&[]);
            let vs = values.elements().unwrap_or(&[]);
            if ks.len() != vs.len() {
                return Err(FunctionError::call(format!(
                    "number of keys ({}) does not match number of values ({})",
                    ks.len(),
                    vs.len()
                )));
            }
            let mut out: BTreeMap<Arc<str>, Value> = BTreeMap::new();
            for (k, v) in ks.iter().zip(vs) {
                let Some(k) = k.as_str_arc() else {
                    return Err(FunctionError::call("keys list has a null value"));
                };
                out.insert(k, v.clone());
            }
            match ret {
                Type::Map(e) => {
                    if out.is_empty() {
                        return Ok(Value::map_empty((**e).clone()));
                    }
                    Ok(Value::map((**e).clone(), out))
                }
                Type::Object(_) => Ok(Value::object(out)),
                _ => Err(FunctionError::call(format!(
                    "internally selected incorrect result type {} (this is a bug)",
                    ret.friendly_name()
                ))),
            }
        },
    )
}
