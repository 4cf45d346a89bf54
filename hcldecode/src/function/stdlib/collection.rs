//! Collection functions (cty stdlib/collection.go, sequence.go,
//! general.go).

use super::{build, shared_function};
use crate::Type;
use crate::function::{FunctionError, Parameter, ReturnType};
use crate::value::Value;
use crate::value::convert::{convert, unify_unsafe};

shared_function! {
    /// `coalesce(vals...)`: the first argument that is not null, converted
    /// to the arguments' common type.
    coalesce => build(
        "Returns the first of the given arguments that isn't null, or raises an error if there are no non-null arguments.",
        Vec::new(),
        Some(
            Parameter::new("vals", Type::Dynamic)
                .allow_unknown()
                .allow_dynamic_type()
                .allow_null(),
        ),
        ReturnType::Computed(Box::new(common_type)),
        |args, ret| {
            first_non_null(args, ret, |a| {
                Some(convert(a, ret).map_err(|e| FunctionError::call(e.message)))
            })
        },
    )
}

/// The type the arguments unify to (`coalesce`'s result type).
pub(crate) fn common_type(args: &[Value]) -> Result<Type, FunctionError> {
    let types: Vec<Type> = args.iter().map(|a| a.ty().clone()).collect();
    match unify_unsafe(&types) {
        Some((t, _)) => Ok(t),
        None => Err(FunctionError::call("all arguments must have the same type")),
    }
}

/// The result of the first argument `take` accepts, passing over nulls
/// (cty's `coalesce` family); unknown once an argument before it is
/// unknown.
pub(super) fn first_non_null(
    args: &[Value],
    ret: &Type,
    take: impl Fn(&Value) -> Option<Result<Value, FunctionError>>,
) -> Result<Value, FunctionError> {
    for a in args {
        if !a.is_known() {
            return Ok(Value::unknown(ret.clone()));
        }
        if a.is_null() {
            continue;
        }
        if let Some(r) = take(a) {
            return r;
        }
    }
    Err(FunctionError::call("no non-null arguments"))
}

fn concat_type(args: &[Value]) -> Result<Type, FunctionError> {
    if args.is_empty() {
        return Err(FunctionError::call("at least one argument is required"));
    }
    if matches!(args[0].ty(), Type::List(_)) && args.iter().all(|a| matches!(a.ty(), Type::List(_)))
    {
        let types: Vec<Type> = args.iter().map(|a| a.ty().clone()).collect();
        if let Some((t, _)) = unify_unsafe(&types) {
            return Ok(t);
        }
    }
    let mut etys = Vec::new();
    for (i, a) in args.iter().enumerate() {
        match a.ty() {
            Type::Tuple(ts) => etys.extend(ts.iter().cloned()),
            Type::List(e) => {
                if !a.is_known() {
                    return Ok(Type::Dynamic);
                }
                let n = a.length_int().unwrap_or(0);
                etys.extend(std::iter::repeat_n((**e).clone(), n));
            }
            other => {
                return Err(FunctionError::arg(
                    i,
                    format!(
                        "all arguments must be lists or tuples; got {}",
                        other.friendly_name()
                    ),
                ));
            }
        }
    }
    Ok(Type::tuple(etys))
}

shared_function! {
    /// `concat(seqs...)`: lists and tuples joined in order; a list when all
    /// arguments are lists of a common type, otherwise a tuple.
    concat => build(
        "Concatenates together all of the given lists or tuples into a single sequence, preserving the input order.",
        Vec::new(),
        Some(Parameter::new("seqs", Type::Dynamic)),
        ReturnType::Computed(Box::new(concat_type)),
        |args, ret| match ret {
            Type::List(ety) => {
                let mut vals = Vec::new();
                for (i, a) in args.iter().enumerate() {
                    let l = convert(a, ret).map_err(|e| FunctionError::arg(i, e.message))?;
                    vals.extend(l.elements().unwrap_or(&[]).iter().cloned());
                }
                if vals.is_empty() {
                    return Ok(Value::list_empty((**ety).clone()));
                }
                Value::list_infer(vals)
                    .ok_or_else(|| FunctionError::Panic("inconsistent list element types".into()))
            }
            Type::Tuple(_) => {
                let mut vals = Vec::new();
                for a in args {
                    vals.extend(a.elements().unwrap_or(&[]).iter().cloned());
                }
                Ok(Value::tuple(vals))
            }
            _ => Err(FunctionError::Panic("unsupported return type".into())),
        },
    )
}

shared_function! {
    /// `hasindex(collection, key)`: whether indexing a list, map or tuple
    /// with `key` would succeed.
    has_index => build(
        "Returns true if if the given collection can be indexed with the given key without producing an error, or false otherwise.",
        vec![
            Parameter::new("collection", Type::Dynamic).allow_dynamic_type(),
            Parameter::new("key", Type::Dynamic).allow_dynamic_type(),
        ],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| match args[0].ty() {
            Type::Tuple(_) | Type::List(_) | Type::Map(_) | Type::Dynamic => Ok(Type::Bool),
            _ => Err(FunctionError::call("collection must be a list, a map or a tuple")),
        })),
        |args, _| Ok(args[0].has_index(&args[1])),
    )
}

shared_function! {
    /// `length(collection)`: the number of elements of a list, set, map or
    /// tuple.
    length => build(
        "Returns the number of elements in the given collection.",
        vec![Parameter::new("collection", Type::Dynamic).allow_dynamic_type()],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| match args[0].ty() {
            Type::Tuple(_) | Type::List(_) | Type::Map(_) | Type::Set(_) | Type::Dynamic => {
                Ok(Type::Number)
            }
            _ => Err(FunctionError::call("collection must be a list, a map or a tuple")),
        })),
        |args, _| {
            args[0]
                .length()
                .ok_or_else(|| FunctionError::Panic("value is not a collection".into()))
        },
    )
}
