//! Terraform's collection functions (`internal/lang/funcs/collection.go`):
//! `alltrue`, `anytrue`, `coalesce`, `index`, `length`, `matchkeys`,
//! `one`, `sum`, `transpose`, and the removed `list` and `map`.

use crate::Type;
use crate::function::stdlib::{build, shared_function};
use crate::function::{FunctionError, Parameter, ReturnType};
use crate::value::Value;
use crate::value::convert::{convert, unify_unsafe};

fn dynamic(name: &str) -> Parameter {
    Parameter::new(name, Type::Dynamic)
}

/// Terraform's `stdlib.Equal` between two elements: `None` while unknown.
fn equal(a: &Value, b: &Value) -> Option<bool> {
    let eq = a.equals(b);
    if !eq.is_known() {
        return None;
    }
    eq.as_bool()
}

shared_function! {
    /// `alltrue(list)`: whether every element is true (an empty list is
    /// true; a null element is false).
    alltrue => build(
        "Returns true if all elements in a given collection are true or \"true\". It also returns true if the collection is empty.",
        vec![Parameter::new("list", Type::list(Type::Bool))],
        None,
        ReturnType::Static(Type::Bool),
        |args, _| {
            for v in args[0].elements().unwrap_or(&[]) {
                if !v.is_known() {
                    return Ok(Value::unknown(Type::Bool));
                }
                if v.is_null() || v.as_bool() == Some(false) {
                    return Ok(Value::bool(false));
                }
            }
            Ok(Value::bool(true))
        },
    )
}

shared_function! {
    /// `anytrue(list)`: whether any element is true.
    anytrue => build(
        "Returns true if any element in a given collection is true or \"true\". It also returns false if the collection is empty.",
        vec![Parameter::new("list", Type::list(Type::Bool))],
        None,
        ReturnType::Static(Type::Bool),
        |args, _| {
            let mut unknown = false;
            for v in args[0].elements().unwrap_or(&[]) {
                if !v.is_known() {
                    unknown = true;
                } else if v.as_bool() == Some(true) {
                    return Ok(Value::bool(true));
                }
            }
            Ok(if unknown { Value::unknown(Type::Bool) } else { Value::bool(false) })
        },
    )
}

shared_function! {
    /// `coalesce(vals...)`: the first argument that is neither null nor an
    /// empty string, converted to the arguments' common type.
    coalesce => build(
        "Takes any number of arguments and returns the first one that isn't null or an empty string.",
        Vec::new(),
        Some(dynamic("vals").allow_unknown().allow_dynamic_type().allow_null()),
        ReturnType::Computed(Box::new(crate::function::stdlib::coalesce_type)),
        |args, ret| {
            for a in args {
                let a = convert(a, ret).unwrap_or_else(|_| a.clone());
                if !a.is_known() {
                    return Ok(Value::unknown(ret.clone()));
                }
                if a.is_null() || (*ret == Type::String && a.as_str() == Some("")) {
                    continue;
                }
                return Ok(a);
            }
            Err(FunctionError::call("no non-null, non-empty-string arguments"))
        },
    )
}

shared_function! {
    /// `index(list, value)`: the position of the first element equal to
    /// `value`.
    index => build(
        "Finds the element index for a given value in a list.",
        vec![dynamic("list"), dynamic("value")],
        None,
        ReturnType::Static(Type::Number),
        |args, _| {
            if !matches!(args[0].ty(), Type::List(_) | Type::Tuple(_)) {
                return Err(FunctionError::call("argument must be a list or tuple"));
            }
            if !args[0].is_known() {
                return Ok(Value::unknown(Type::Number));
            }
            let elems = args[0].elements().unwrap_or(&[]);
            if elems.is_empty() {
                return Err(FunctionError::call("cannot search an empty list"));
            }
            for (i, v) in elems.iter().enumerate() {
                match equal(v, &args[1]) {
                    None => return Ok(Value::unknown(Type::Number)),
                    Some(true) => return Ok(Value::int(i as i64)),
                    Some(false) => {}
                }
            }
            Err(FunctionError::call("item not found"))
        },
    )
}

shared_function! {
    /// `length(value)`: the number of elements of a collection or
    /// structure, or of characters (grapheme clusters) of a string.
    length => build(
        "Determines the length of a given list, map, or string.",
        vec![dynamic("value").allow_dynamic_type().allow_unknown()],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| match args[0].ty() {
            Type::String | Type::Tuple(_) | Type::Object(_) | Type::List(_) | Type::Map(_)
            | Type::Set(_) | Type::Dynamic => Ok(Type::Number),
            _ => Err(FunctionError::call(
                "argument must be a string, a collection type, or a structural type",
            )),
        })),
        |args, _| {
            let v = &args[0];
            match v.ty() {
                Type::Dynamic => Ok(Value::unknown(Type::Number)),
                Type::Tuple(ts) => Ok(Value::int(ts.len() as i64)),
                Type::Object(ot) => Ok(Value::int(ot.attrs().len() as i64)),
                Type::String => crate::function::stdlib::strlen().call(std::slice::from_ref(v)),
                _ => v
                    .length()
                    .ok_or_else(|| FunctionError::Panic("impossible value type for length(...)".into())),
            }
        },
    )
}

fn matchkeys_common(args: &[Value]) -> Result<Type, FunctionError> {
    unify_unsafe(&[args[1].ty().clone(), args[2].ty().clone()])
        .map(|(t, _)| t)
        .ok_or_else(|| FunctionError::call("keys and searchset must be of the same type"))
}

shared_function! {
    /// `matchkeys(values, keys, searchset)`: the elements of `values`
    /// whose counterpart in `keys` is in `searchset`.
    matchkeys => build(
        "Constructs a new list by taking a subset of elements from one list whose indexes match the corresponding indexes of values in another list.",
        vec![
            Parameter::new("values", Type::list(Type::Dynamic)),
            Parameter::new("keys", Type::list(Type::Dynamic)),
            Parameter::new("searchset", Type::list(Type::Dynamic)),
        ],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| {
            matchkeys_common(args)?;
            Ok(args[0].ty().clone())
        })),
        |args, ret| {
            let ety = match ret {
                Type::List(e) => (**e).clone(),
                _ => Type::Dynamic,
            };
            let values = args[0].elements().unwrap_or(&[]);
            if values.len() != args[1].elements().map_or(0, <[Value]>::len) {
                return Err(FunctionError::call("length of keys and values should be equal"));
            }
            let ty = matchkeys_common(args)?;
            let keys = convert(&args[1], &ty).map_err(|e| FunctionError::call(e.message))?;
            let search = convert(&args[2], &ty).map_err(|e| FunctionError::call(e.message))?;
            let search = search.elements().unwrap_or(&[]);
            if search.is_empty() {
                return Ok(Value::list_empty(ety));
            }
            if !args[0].is_wholly_known() || !keys.is_wholly_known() {
                return Ok(Value::unknown(ret.clone()));
            }
            let mut out = Vec::new();
            for (i, key) in keys.elements().unwrap_or(&[]).iter().enumerate() {
                for s in search {
                    match equal(key, s) {
                        None => return Ok(Value::list_empty(ety)),
                        Some(true) => {
                            out.push(values[i].clone());
                            break;
                        }
                        Some(false) => {}
                    }
                }
            }
            Ok(if out.is_empty() { Value::list_empty(ety) } else { Value::list(ety, out) })
        },
    )
}

const ONE_ERR: &str = "must be a list, set, or tuple value with either zero or one elements";

shared_function! {
    /// `one(list)`: the only element of a list, set or tuple of at most
    /// one element (null when empty).
    one => build(
        "Returns either the first element of a one-element list, or null if the list is empty.",
        vec![dynamic("list")],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| match args[0].ty() {
            Type::List(e) | Type::Set(e) => Ok((**e).clone()),
            Type::Tuple(ts) if ts.is_empty() => Ok(Type::Dynamic),
            Type::Tuple(ts) if ts.len() == 1 => Ok(ts[0].clone()),
            _ => Err(FunctionError::arg(0, ONE_ERR)),
        })),
        |args, ret| {
            let v = &args[0];
            // A set's unknown elements may turn out equal: its length is
            // unknown then.
            if !v.is_known() || v.length().is_some_and(|n| !n.is_known()) {
                return Ok(Value::unknown(ret.clone()));
            }
            match v.elements().unwrap_or(&[]) {
                [] => Ok(Value::null(ret.clone())),
                [only] => Ok(only.clone()),
                _ => Err(FunctionError::arg(0, ONE_ERR)),
            }
        },
    )
}

const SUM_ERR: &str = "argument must be list, set, or tuple of number values";

shared_function! {
    /// `sum(list)`: the total of a list, set or tuple of numbers.
    sum => build(
        "Returns the sum of all numbers in a given list or set, or tuple.",
        vec![dynamic("list")],
        None,
        ReturnType::Static(Type::Number),
        |args, _| {
            let v = &args[0];
            let Some(elems) = v.elements() else {
                return Err(FunctionError::arg(0, "cannot sum noniterable"));
            };
            if elems.is_empty() {
                return Err(FunctionError::arg(0, "cannot sum an empty list"));
            }
            if !matches!(v.ty(), Type::List(_) | Type::Set(_) | Type::Tuple(_)) {
                return Err(FunctionError::arg(
                    0,
                    format!(
                        "argument must be list, set, or tuple. Received {}",
                        v.ty().friendly_name()
                    ),
                ));
            }
            if !v.is_wholly_known() {
                return Ok(Value::unknown(Type::Number));
            }
            let add = crate::function::stdlib::add();
            let mut total: Option<Value> = None;
            for e in elems {
                if e.is_null() {
                    return Err(FunctionError::arg(0, SUM_ERR));
                }
                let n = convert(e, &Type::Number).map_err(|_| FunctionError::arg(0, SUM_ERR))?;
                total = Some(match total {
                    None => n,
                    Some(t) => add.call(&[t, n]).map_err(|_| {
                        FunctionError::call("can't compute sum of opposing infinities")
                    })?,
                });
            }
            Ok(total.unwrap_or_else(|| Value::int(0)))
        },
    )
}

/// `tfdiags.FormatCtyPath` of an index step: `["key"]` or `[0]`.
fn key_step(k: &str) -> String {
    format!("[{}]", hcldecode_spec::go_quote::quote(k))
}

shared_function! {
    /// `transpose(map)`: a map of lists of strings turned inside out.
    transpose => build(
        "Takes a map of lists of strings and swaps the keys and values to produce a new map of lists of strings.",
        vec![Parameter::new("values", Type::map(Type::list(Type::String)))],
        None,
        ReturnType::Static(Type::map(Type::list(Type::String))),
        |args, ret| {
            let m = &args[0];
            if !m.is_wholly_known() {
                return Ok(Value::unknown(ret.clone()));
            }
            let mut out: std::collections::BTreeMap<String, Vec<String>> = Default::default();
            for (k, list) in m.map_entries().unwrap_or(&[]) {
                if list.is_null() {
                    return Err(FunctionError::arg(
                        0,
                        format!("cannot use null list for {}", key_step(k)),
                    ));
                }
                for (i, s) in list.elements().unwrap_or(&[]).iter().enumerate() {
                    let Some(s) = s.as_str() else {
                        return Err(FunctionError::arg(
                            0,
                            format!("cannot use null string for {}[{i}]", key_step(k)),
                        ));
                    };
                    let keys = out.entry(s.to_string()).or_default();
                    keys.push(k.to_string());
                    keys.sort();
                }
            }
            if out.is_empty() {
                return Ok(Value::map_empty(Type::list(Type::String)));
            }
            Ok(Value::map(
                Type::list(Type::String),
                out.into_iter().map(|(k, vs)| {
                    (k, Value::list(Type::String, vs.into_iter().map(Value::string).collect()))
                }),
            ))
        },
    )
}

/// `list(...)` and `map(...)`, removed in Terraform v0.12: always an
/// error that says what to write instead.
pub(super) fn removed(name: &'static str, instead: &'static str) -> crate::function::Function {
    let msg = move || {
        FunctionError::call(format!(
            "the \"{name}\" function was deprecated in Terraform v0.12 and is no longer available; use {instead} syntax to write a literal {name}"
        ))
    };
    build(
        "Removed in Terraform v0.12.",
        Vec::new(),
        Some(
            dynamic("vals")
                .allow_unknown()
                .allow_dynamic_type()
                .allow_null(),
        ),
        ReturnType::Computed(Box::new(move |_: &[Value]| Err(msg()))),
        move |_, _| Err(msg()),
    )
}

fn lookup_type(args: &[Value]) -> Result<Type, FunctionError> {
    if args.len() > 3 {
        return Err(FunctionError::call(format!(
            "lookup() takes two or three arguments, got {}",
            args.len()
        )));
    }
    match args[0].ty() {
        Type::Object(ot) => {
            let Some(key) = args[1].as_str() else {
                return Ok(Type::Dynamic);
            };
            if let Some((_, t)) = ot.attrs().iter().find(|(n, _)| &**n == key) {
                Ok(t.clone())
            } else if let Some(d) = args.get(2) {
                Ok(d.ty().clone())
            } else {
                Err(FunctionError::arg(
                    0,
                    format!(
                        "the given object has no attribute {}",
                        hcldecode_spec::go_quote::quote(key)
                    ),
                ))
            }
        }
        Type::Map(e) => {
            if let Some(d) = args.get(2)
                && convert(d, e).is_err()
            {
                return Err(FunctionError::arg(
                    2,
                    "the default value must have the same type as the map elements",
                ));
            }
            Ok((**e).clone())
        }
        _ => Err(FunctionError::arg(
            0,
            "lookup() requires a map as the first argument",
        )),
    }
}

shared_function! {
    /// `lookup(map, key, default...)`: Terraform's, whose default is
    /// optional (without one, a missing key is an error).
    lookup => build(
        "Retrieves the value of a single element from a map, given its key. If the given key does not exist, the given default value is returned instead.",
        vec![dynamic("inputMap"), Parameter::new("key", Type::String)],
        Some(dynamic("default").allow_unknown().allow_dynamic_type().allow_null()),
        ReturnType::Computed(Box::new(lookup_type)),
        |args, ret| {
            let key = args[1].as_str().unwrap_or_default();
            let m = &args[0];
            if !m.is_known() {
                return Ok(Value::unknown(ret.clone()));
            }
            let found = match m.ty() {
                Type::Object(_) => m.get_attr(key),
                _ => m.map_entries().and_then(|es| {
                    es.iter().find(|(k, _)| &**k == key).map(|(_, v)| v.clone())
                }),
            };
            if let Some(v) = found {
                return Ok(v);
            }
            if let Some(d) = args.get(2) {
                return convert(d, ret).map_err(|e| FunctionError::call(e.message));
            }
            Err(FunctionError::call(format!("lookup failed to find key {}", hcldecode_spec::go_quote::quote(key))))
        },
    )
}
