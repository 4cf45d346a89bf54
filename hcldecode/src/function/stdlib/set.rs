//! Set functions of the function library (cty stdlib/set.go).

use super::{build, build_in_context, shared_function};
use crate::Type;
use crate::function::{Function, FunctionError, Parameter, ReturnType};
use crate::value::Value;
use crate::value::convert::{convert, unify_unsafe};

fn set_param(name: &str) -> Parameter {
    Parameter::new(name, Type::set(Type::Dynamic)).allow_dynamic_type()
}

shared_function! {
    /// `sethaselement(set, elem)`.
    sethaselement => build(
        "Returns true if the given set contains the given element, or false otherwise.",
        vec![set_param("set"), Parameter::new("elem", Type::Dynamic).allow_dynamic_type()],
        None,
        ReturnType::Static(Type::Bool),
        |args, _| {
            let (set, elem) = (&args[0], &args[1]);
            if !set.is_known() || !elem.is_known() {
                return Ok(Value::unknown(Type::Bool));
            }
            if set.ty().element_type() != Some(elem.ty()) {
                return Ok(Value::bool(false));
            }
            Ok(Value::bool(has(set.elements().unwrap_or(&[]), elem)))
        },
    )
}

fn has(elems: &[Value], v: &Value) -> bool {
    elems
        .iter()
        .any(|e| e.equals(v).as_bool() == Some(true) || e.raw_equals(v))
}

/// cty's `setOperationReturnType`.
fn set_operation_type(args: &[Value]) -> Result<Type, FunctionError> {
    let mut etys = Vec::new();
    for a in args {
        let ety = a.ty().element_type().cloned().unwrap_or(Type::Dynamic);
        if a.is_known() && a.length_int() == Some(0) && ety.is_dynamic() {
            continue;
        }
        etys.push(ety);
    }
    if etys.is_empty() {
        return Ok(Type::set(Type::Dynamic));
    }
    match unify_unsafe(&etys) {
        Some((t, _)) => Ok(Type::set(t)),
        None => Err(FunctionError::call(
            "given sets must all have compatible element types",
        )),
    }
}

/// cty's `setOperationImpl`.
fn set_operation(
    description: &str,
    params: Vec<Parameter>,
    var_param: Option<Parameter>,
    op: fn(Vec<Value>, &[Value]) -> Vec<Value>,
    allow_unknowns: bool,
) -> Function {
    build_in_context(
        description,
        params,
        var_param,
        ReturnType::Computed(Box::new(set_operation_type)),
        move |cx, args, ret| {
            let ety = ret.element_type().cloned().unwrap_or(Type::Dynamic);
            let mut acc: Option<Vec<Value>> = None;
            for (i, a) in args.iter().enumerate() {
                let s = convert(a, ret).map_err(|e| FunctionError::arg(i, e.message))?;
                if !allow_unknowns && !s.is_wholly_known() {
                    return Ok(Value::unknown(ret.clone()));
                }
                let elems = s.elements().unwrap_or(&[]);
                acc = Some(match acc {
                    None => elems.to_vec(),
                    Some(cur) => op(cur, elems),
                });
            }
            let out = acc.unwrap_or_default();
            cx.check_size(out.len() as u64, 0)?;
            Ok(Value::set(ety, out))
        },
    )
}

shared_function! {
    /// `setunion(first_set, other_sets...)`.
    setunion => set_operation(
        "Returns the union of all given sets.",
        vec![set_param("first_set")],
        Some(set_param("other_sets")),
        |mut a, b| {
            a.extend(b.iter().cloned());
            a
        },
        true,
    )
}

shared_function! {
    /// `setintersection(first_set, other_sets...)`.
    setintersection => set_operation(
        "Returns the intersection of all given sets.",
        vec![set_param("first_set")],
        Some(set_param("other_sets")),
        |a, b| a.into_iter().filter(|v| has(b, v)).collect(),
        false,
    )
}

shared_function! {
    /// `setsubtract(a, b)`.
    setsubtract => set_operation(
        "Returns the relative complement of the two given sets.",
        vec![set_param("a"), set_param("b")],
        None,
        |a, b| a.into_iter().filter(|v| !has(b, v)).collect(),
        false,
    )
}

shared_function! {
    /// `setsymmetricdifference(first_set, other_sets...)`.
    setsymmetricdifference => set_operation(
        "Returns the symmetric difference of the two given sets.",
        vec![set_param("first_set")],
        Some(set_param("other_sets")),
        |a, b| {
            let mut out: Vec<Value> = a.iter().filter(|v| !has(b, v)).cloned().collect();
            out.extend(b.iter().filter(|v| !has(&a, v)).cloned());
            out
        },
        false,
    )
}
