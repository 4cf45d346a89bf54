//! List and tuple functions of the function library (cty
//! stdlib/collection.go, sequence.go).

use super::collection::first_non_null;
use super::{build, build_in_context, go_int, num_arg, shared_function};
use crate::Type;
use crate::function::{FunctionError, Parameter, ReturnType};
use crate::value::Value;
use crate::value::convert::{convert, unify_unsafe};

fn dynamic(name: &str) -> Parameter {
    Parameter::new(name, Type::Dynamic)
}

/// A list of `elems` of element type `ety` (empty: `ListValEmpty(ety)`).
pub(crate) fn list_or_empty(ety: &Type, elems: Vec<Value>) -> Value {
    if elems.is_empty() {
        return Value::list_empty(ety.clone());
    }
    Value::list_infer(elems).unwrap_or_else(|| Value::unknown(Type::list(ety.clone())))
}

/// gocty's conversion to int of a number value.
fn int_of(v: &Value) -> Result<i64, FunctionError> {
    go_int(num_arg(std::slice::from_ref(v), 0)?)
}

shared_function! {
    /// `element(list, index)`: the element at `index` modulo the length; a
    /// negative index counts from the end (go-cty 1.15, as HCL v2.24 builds
    /// have it: `element(l, -1)` is the last element).
    element => build(
        "Returns the element with the given index from the given list or tuple, applying the modulo operation to the given index if it's greater than the number of elements.",
        vec![dynamic("list"), Parameter::new("index", Type::Number)],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| {
            let index = &args[1];
            match args[0].ty() {
                Type::List(e) => Ok((**e).clone()),
                Type::Tuple(etys) => {
                    if !index.is_known() {
                        return Ok(Type::Dynamic);
                    }
                    let i = int_of(index).map_err(|e| FunctionError::call(format!("invalid index: {e}")))?;
                    if etys.is_empty() {
                        return Err(FunctionError::call("cannot use element function with an empty list"));
                    }
                    Ok(etys[i.rem_euclid(etys.len() as i64) as usize].clone())
                }
                other => Err(FunctionError::call(format!(
                    "cannot read elements from {}",
                    other.friendly_name()
                ))),
            }
        })),
        |args, ret| {
            let i = int_of(&args[1]).map_err(|e| FunctionError::call(format!("invalid index: {e}")))?;
            let list = &args[0];
            if !list.is_known() {
                return Ok(Value::unknown(ret.clone()));
            }
            let elems = list.elements().unwrap_or(&[]);
            if elems.is_empty() {
                return Err(FunctionError::call("cannot use element function with an empty list"));
            }
            Ok(elems[i.rem_euclid(elems.len() as i64) as usize].clone())
        },
    )
}

shared_function! {
    /// `index(collection, key)` (cty's `IndexFunc`, as Nomad names it): the
    /// element of a list, tuple or map at `key`. Terraform's `index` finds
    /// a value's position instead.
    index => build(
        "Returns the element with the given key from the given collection, or raises an error if there is no such element.",
        vec![dynamic("collection"), dynamic("key").allow_dynamic_type()],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| {
            let key = &args[1];
            let kty = key.ty();
            match args[0].ty() {
                Type::Tuple(etys) => {
                    if *kty != Type::Number && !kty.is_dynamic() {
                        return Err(FunctionError::call("key for tuple must be number"));
                    }
                    if !key.is_known() {
                        return Ok(Type::Dynamic);
                    }
                    let i = int_of(key).map_err(|e| FunctionError::call(format!("invalid key for tuple: {e}")))?;
                    if i < 0 || i as usize >= etys.len() {
                        return Err(FunctionError::call(format!(
                            "key must be between 0 and {} inclusive",
                            etys.len()
                        )));
                    }
                    Ok(etys[i as usize].clone())
                }
                Type::List(e) => {
                    if *kty != Type::Number && !kty.is_dynamic() {
                        return Err(FunctionError::call("key for list must be number"));
                    }
                    Ok((**e).clone())
                }
                Type::Map(e) => {
                    if *kty != Type::String && !kty.is_dynamic() {
                        return Err(FunctionError::call("key for map must be string"));
                    }
                    Ok((**e).clone())
                }
                _ => Err(FunctionError::call("collection must be a list, a map or a tuple")),
            }
        })),
        |args, _| {
            if args[0].has_index(&args[1]).as_bool() != Some(true) {
                return Err(FunctionError::call("invalid index"));
            }
            args[0]
                .index(&args[1])
                .ok_or_else(|| FunctionError::call("invalid index"))
        },
    )
}

shared_function! {
    /// `coalescelist(vals...)`: the first non-empty list or tuple.
    coalescelist => build(
        "Returns the first of the given sequences that has a length greater than zero.",
        Vec::new(),
        Some(dynamic("vals").allow_unknown().allow_dynamic_type().allow_null()),
        ReturnType::Computed(Box::new(|args: &[Value]| {
            if args.is_empty() {
                return Err(FunctionError::call("at least one argument is required"));
            }
            for a in args {
                if !a.is_known() {
                    return Ok(Type::Dynamic);
                }
                if !matches!(a.ty(), Type::List(_) | Type::Tuple(_)) {
                    return Err(FunctionError::call("coalescelist arguments must be lists or tuples"));
                }
            }
            let first = args[0].ty();
            if args[1..].iter().all(|a| a.ty() == first) {
                Ok(first.clone())
            } else {
                Ok(Type::Dynamic)
            }
        })),
        |args, ret| {
            first_non_null(args, ret, |a| {
                (a.length_int().unwrap_or(0) > 0).then(|| Ok(a.clone()))
            })
        },
    )
}

shared_function! {
    /// `compact(list)`: empty strings and nulls removed.
    compact => build(
        "Removes all empty string elements from the given list of strings.",
        vec![Parameter::new("list", Type::list(Type::String))],
        None,
        ReturnType::Static(Type::list(Type::String)),
        |args, ret| {
            if !args[0].is_wholly_known() {
                return Ok(Value::unknown(ret.clone()));
            }
            let out: Vec<Value> = args[0]
                .elements()
                .unwrap_or(&[])
                .iter()
                .filter(|v| v.as_str().is_some_and(|s| !s.is_empty()))
                .cloned()
                .collect();
            Ok(list_or_empty(&Type::String, out))
        },
    )
}

shared_function! {
    /// `contains(list, value)`.
    contains => build(
        "Returns true if the given value is a value in the given list, tuple, or set, or false otherwise.",
        vec![dynamic("list"), dynamic("value")],
        None,
        ReturnType::Static(Type::Bool),
        |args, _| {
            let list = &args[0];
            if !matches!(list.ty(), Type::List(_) | Type::Tuple(_) | Type::Set(_)) {
                return Err(FunctionError::call("argument must be list, tuple, or set"));
            }
            if list.is_null() {
                return Err(FunctionError::call("cannot search a nil list or set"));
            }
            if list.length_int() == Some(0) {
                return Ok(Value::bool(false));
            }
            if !list.is_known() || !args[1].is_known() {
                return Ok(Value::unknown(Type::Bool));
            }
            let mut unknown = false;
            for v in list.elements().unwrap_or(&[]) {
                match args[1].equals(v).as_bool() {
                    Some(true) => return Ok(Value::bool(true)),
                    Some(false) => {}
                    None => unknown = true,
                }
            }
            Ok(if unknown { Value::unknown(Type::Bool) } else { Value::bool(false) })
        },
    )
}

shared_function! {
    /// `distinct(list)`: duplicates removed, first occurrences kept.
    distinct => build(
        "Removes any duplicate values from the given list, preserving the order of remaining elements.",
        vec![Parameter::new("list", Type::list(Type::Dynamic))],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| Ok(args[0].ty().clone()))),
        |args, ret| {
            if !args[0].is_wholly_known() {
                return Ok(Value::unknown(ret.clone()));
            }
            let mut out: Vec<Value> = Vec::new();
            for v in args[0].elements().unwrap_or(&[]) {
                if !out.iter().any(|o| o.equals(v).as_bool() == Some(true)) {
                    out.push(v.clone());
                }
            }
            let ety = ret.element_type().cloned().unwrap_or(Type::Dynamic);
            Ok(list_or_empty(&ety, out))
        },
    )
}

shared_function! {
    /// `chunklist(list, size)`: lists of at most `size` elements.
    chunklist => build_in_context(
        "Splits a single list into multiple lists where each has at most the given number of elements.",
        vec![
            Parameter::new("list", Type::list(Type::Dynamic)),
            Parameter::new("size", Type::Number),
        ],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| Ok(Type::list(args[0].ty().clone())))),
        |cx, args, ret| {
            let size = go_int(num_arg(args, 1)?)
                .map_err(|e| FunctionError::call(format!("invalid size: {e}")))?;
            if size < 0 {
                return Err(FunctionError::call("the size argument must be positive"));
            }
            let list = &args[0];
            let elems = list.elements().unwrap_or(&[]);
            if elems.is_empty() {
                return Ok(Value::list_empty(list.ty().clone()));
            }
            if size == 0 {
                return Ok(Value::list(list.ty().clone(), vec![list.clone()]));
            }
            let _ = ret;
            let chunks: Vec<Value> = elems
                .chunks(size as usize)
                .map(|c| Value::list_infer(c.to_vec()).unwrap_or_else(|| list.clone()))
                .collect();
            cx.check_size(chunks.len() as u64, 0)?;
            Ok(Value::list(list.ty().clone(), chunks))
        },
    )
}

/// cty's `flattener`: the elements, and whether all were known.
fn flattener(list: &Value, out: &mut Vec<Value>) -> bool {
    if !list.is_known() {
        return false;
    }
    let mut known = true;
    for v in list.elements().unwrap_or(&[]) {
        if v.ty().is_dynamic() && !v.is_known() {
            known = false;
        }
        if !v.is_null() && matches!(v.ty(), Type::List(_) | Type::Set(_) | Type::Tuple(_)) {
            if !v.is_known() {
                known = false;
                continue;
            }
            if !flattener(v, out) {
                known = false;
            }
        } else {
            out.push(v.clone());
        }
    }
    known
}

shared_function! {
    /// `flatten(list)`: nested lists, sets and tuples replaced by their
    /// elements; a tuple.
    flatten => build(
        "Transforms a list, set, or tuple value into a tuple by replacing any given elements that are themselves sequences with a flattened tuple of all of the nested elements concatenated together.",
        vec![dynamic("list")],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| {
            if !args[0].is_wholly_known() {
                return Ok(Type::Dynamic);
            }
            if !matches!(args[0].ty(), Type::List(_) | Type::Set(_) | Type::Tuple(_)) {
                return Err(FunctionError::call("can only flatten lists, sets and tuples"));
            }
            let mut out = Vec::new();
            if !flattener(&args[0], &mut out) {
                return Ok(Type::Dynamic);
            }
            Ok(Type::tuple(out.iter().map(|v| v.ty().clone())))
        })),
        |args, ret| {
            if args[0].length_int() == Some(0) {
                return Ok(Value::empty_tuple());
            }
            let mut out = Vec::new();
            if !flattener(&args[0], &mut out) {
                return Ok(Value::unknown(ret.clone()));
            }
            Ok(Value::tuple(out))
        },
    )
}

shared_function! {
    /// `reverselist(list)`: elements in reverse order (Terraform's
    /// `reverse`).
    reverselist => build(
        "Returns the given list with its elements in reverse order.",
        vec![dynamic("list")],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| match args[0].ty() {
            Type::Tuple(ts) => Ok(Type::tuple(ts.iter().rev().cloned())),
            Type::List(e) | Type::Set(e) => Ok(Type::list((**e).clone())),
            other => Err(FunctionError::arg(0, format!(
                "can only reverse list or tuple values, not {}",
                other.friendly_name()
            ))),
        })),
        |args, ret| {
            let out: Vec<Value> = args[0].elements().unwrap_or(&[]).iter().rev().cloned().collect();
            match ret {
                Type::Tuple(_) => Ok(Value::tuple(out)),
                _ => Ok(list_or_empty(ret.element_type().unwrap_or(&Type::Dynamic), out)),
            }
        },
    )
}

/// cty's `sliceIndexes`: start, end and whether both are known.
fn slice_indexes(args: &[Value]) -> Result<(usize, usize, bool), FunctionError> {
    let list = &args[0];
    let len = if list.ty().is_tuple() || list.is_known() {
        list.length_int()
    } else {
        None
    };
    let mut start = None;
    let mut end = None;
    if args[1].is_known() {
        let s = int_of(&args[1])
            .map_err(|e| FunctionError::arg(1, format!("invalid start index: {e}")))?;
        if s < 0 {
            return Err(FunctionError::arg(
                1,
                "start index must not be less than zero",
            ));
        }
        if len.is_some_and(|l| s as u64 > l as u64) {
            return Err(FunctionError::arg(
                1,
                "start index must not be greater than the length of the list",
            ));
        }
        start = Some(s as usize);
    }
    if args[2].is_known() {
        let e = int_of(&args[2])
            .map_err(|e| FunctionError::arg(2, format!("invalid end index: {e}")))?;
        if e < 0 {
            return Err(FunctionError::arg(
                2,
                "end index must not be less than zero",
            ));
        }
        if len.is_some_and(|l| e as u64 > l as u64) {
            return Err(FunctionError::arg(
                2,
                "end index must not be greater than the length of the list",
            ));
        }
        end = Some(e as usize);
    }
    if let (Some(s), Some(e)) = (start, end)
        && s > e
    {
        return Err(FunctionError::arg(
            1,
            "start index must not be greater than end index",
        ));
    }
    Ok((
        start.unwrap_or(0),
        end.unwrap_or(0),
        start.is_some() && end.is_some(),
    ))
}

shared_function! {
    /// `slice(list, start_index, end_index)`.
    slice => build(
        "Extracts a subslice of the given list or tuple value.",
        vec![
            dynamic("list"),
            Parameter::new("start_index", Type::Number),
            Parameter::new("end_index", Type::Number),
        ],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| {
            let ty = args[0].ty();
            if matches!(ty, Type::Set(_)) {
                return Err(FunctionError::arg(0, "cannot slice a set, because its elements do not have indices; explicitly convert to a list if the ordering of the result is not important"));
            }
            if !matches!(ty, Type::List(_) | Type::Tuple(_)) {
                return Err(FunctionError::arg(0, "must be a list or tuple value"));
            }
            let (s, e, known) = slice_indexes(args)?;
            match ty {
                Type::List(_) => Ok(ty.clone()),
                Type::Tuple(ts) if known => Ok(Type::tuple(ts[s..e].iter().cloned())),
                _ => Ok(Type::Dynamic),
            }
        })),
        |args, ret| {
            if ret.is_dynamic() {
                return Ok(Value::dynamic());
            }
            let (s, e, _) = slice_indexes(args)?;
            let out: Vec<Value> = args[0].elements().unwrap_or(&[])[s..e].to_vec();
            match ret {
                Type::Tuple(_) => Ok(Value::tuple(out)),
                _ => Ok(list_or_empty(ret.element_type().unwrap_or(&Type::Dynamic), out)),
            }
        },
    )
}

shared_function! {
    /// `range(params...)`: numbers from start (default 0) towards end by
    /// step (default ±1); at most 1024 of them.
    range => build(
        "Returns a list of numbers spread evenly over a particular range.",
        Vec::new(),
        Some(Parameter::new("params", Type::Number)),
        ReturnType::Static(Type::list(Type::Number)),
        |args, _| {
            let n = |i: usize| num_arg(args, i).cloned();
            let zero = crate::value::Number::from_i64(0);
            let one = crate::value::Number::from_i64(1);
            let minus_one = crate::value::Number::from_i64(-1);
            let (start, end, step) = match args.len() {
                1 => {
                    let end = n(0)?;
                    let step = if end < zero { minus_one } else { one };
                    (zero.clone(), end, step)
                }
                2 => {
                    let (s, e) = (n(0)?, n(1)?);
                    let step = if e < s { minus_one } else { one };
                    (s, e, step)
                }
                3 => (n(0)?, n(1)?, n(2)?),
                _ => return Err(FunctionError::call("must have one, two, or three arguments")),
            };
            if step.cty_equals(&zero) {
                return Err(FunctionError::arg(2, "step must not be zero"));
            }
            let down = step < zero;
            if down {
                if end > start {
                    return Err(FunctionError::arg(1, "end must be less than start when step is negative"));
                }
            } else if end < start {
                return Err(FunctionError::arg(1, "end must be greater than start when step is positive"));
            }
            let mut vals = Vec::new();
            let mut num = start;
            loop {
                if down {
                    if num <= end {
                        break;
                    }
                } else if num >= end {
                    break;
                }
                if vals.len() >= 1024 {
                    return Err(FunctionError::call("more than 1024 values were generated; either decrease the difference between start and end or use a smaller step"));
                }
                let next = num.add(&step).map_err(|_| FunctionError::call("can't add opposing infinities"))?;
                vals.push(Value::number(num));
                num = next;
            }
            Ok(list_or_empty(&Type::Number, vals))
        },
    )
}

shared_function! {
    /// `setproduct(sets...)`: the cartesian product; a list when every
    /// argument is a list or tuple, else a set.
    setproduct => build_in_context(
        "Calculates the cartesian product of two or more sets.",
        Vec::new(),
        Some(dynamic("sets")),
        ReturnType::Computed(Box::new(|args: &[Value]| {
            if args.len() < 2 {
                return Err(FunctionError::call("at least two arguments are required"));
            }
            let mut lists = 0;
            let mut etys = Vec::with_capacity(args.len());
            for (i, a) in args.iter().enumerate() {
                match a.ty() {
                    Type::Set(e) => etys.push((**e).clone()),
                    Type::List(e) => {
                        etys.push((**e).clone());
                        lists += 1;
                    }
                    Type::Tuple(ts) => {
                        lists += 1;
                        if ts.is_empty() {
                            etys.push(Type::Dynamic);
                            continue;
                        }
                        match unify_unsafe(ts) {
                            Some((t, _)) => etys.push(t),
                            None => return Err(FunctionError::arg(i, "all elements must be of the same type")),
                        }
                    }
                    _ => return Err(FunctionError::arg(i, "a set or a list is required")),
                }
            }
            let ety = Type::tuple(etys);
            Ok(if lists == args.len() { Type::list(ety) } else { Type::set(ety) })
        })),
        |cx, args, ret| {
            let ety = ret.element_type().cloned().unwrap_or(Type::Dynamic);
            if args.iter().any(|a| !a.is_known()) {
                return Ok(Value::unknown(ret.clone()));
            }
            let mut total: u64 = 1;
            for a in args {
                total = total.saturating_mul(a.length_int().unwrap_or(0) as u64);
            }
            if total == 0 {
                return Ok(match ret {
                    Type::List(_) => Value::list_empty(ety),
                    _ => Value::set_empty(ety),
                });
            }
            cx.check_size(total.saturating_mul(args.len() as u64 + 1), 0)?;
            let sub = ety.tuple_elements().unwrap_or(&[]).to_vec();
            let vals: Vec<&[Value]> = args.iter().map(|a| a.elements().unwrap_or(&[])).collect();
            let mut idx = vec![0usize; args.len()];
            let mut out = Vec::with_capacity(total as usize);
            for _ in 0..total {
                let mut tuple = Vec::with_capacity(args.len());
                for (j, &n) in idx.iter().enumerate() {
                    let v = &vals[j][n];
                    let v = if v.ty() == &sub[j] {
                        v.clone()
                    } else {
                        convert(v, &sub[j]).map_err(|_| FunctionError::call(format!(
                            "failed to convert argVals[{j}][{n}] to {}; this is a bug in cty",
                            sub[j].friendly_name()
                        )))?
                    };
                    tuple.push(v);
                }
                out.push(Value::tuple(tuple));
                for j in (0..idx.len()).rev() {
                    idx[j] += 1;
                    if idx[j] < vals[j].len() {
                        break;
                    }
                    idx[j] = 0;
                }
            }
            Ok(match ret {
                Type::List(_) => Value::list(ety, out),
                _ => Value::set(ety, out),
            })
        },
    )
}
