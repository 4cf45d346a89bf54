//! Boolean and equality functions (cty stdlib/bool.go, general.go).

use super::{bool_arg, build, shared_function};
use crate::Type;
use crate::function::{Parameter, ReturnType};
use crate::value::Value;

fn bool_param(name: &str) -> Parameter {
    Parameter::new(name, Type::Bool).allow_dynamic_type()
}

fn any_param(name: &str) -> Parameter {
    Parameter::new(name, Type::Dynamic)
        .allow_unknown()
        .allow_dynamic_type()
        .allow_null()
}

shared_function! {
    /// `!val`.
    not => build(
        "Applies the logical NOT operation to the given boolean value.",
        vec![bool_param("val")],
        None,
        ReturnType::Static(Type::Bool),
        |args, _| Ok(Value::bool(!bool_arg(args, 0)?)),
    )
}

shared_function! {
    /// `a && b`.
    and => build(
        "Applies the logical AND operation to the given boolean values.",
        vec![bool_param("a"), bool_param("b")],
        None,
        ReturnType::Static(Type::Bool),
        |args, _| Ok(Value::bool(bool_arg(args, 0)? && bool_arg(args, 1)?)),
    )
}

shared_function! {
    /// `a || b`.
    or => build(
        "Applies the logical OR operation to the given boolean values.",
        vec![bool_param("a"), bool_param("b")],
        None,
        ReturnType::Static(Type::Bool),
        |args, _| Ok(Value::bool(bool_arg(args, 0)? || bool_arg(args, 1)?)),
    )
}

shared_function! {
    /// `a == b` ([`Value::equals`]): any values, unknown when it depends on
    /// unknowns.
    equal => build(
        "Returns true if the two given values are equal, or false otherwise.",
        vec![any_param("a"), any_param("b")],
        None,
        ReturnType::Static(Type::Bool),
        |args, _| Ok(args[0].equals(&args[1])),
    )
}

shared_function! {
    /// `a != b`.
    not_equal => build(
        "Returns false if the two given values are equal, or true otherwise.",
        vec![any_param("a"), any_param("b")],
        None,
        ReturnType::Static(Type::Bool),
        |args, _| {
            let eq = args[0].equals(&args[1]);
            Ok(match eq.as_bool() {
                Some(b) => Value::bool(!b),
                None => eq,
            })
        },
    )
}
