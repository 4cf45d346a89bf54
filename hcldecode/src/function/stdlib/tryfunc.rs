//! `try`, `can` (HCL's ext/tryfunc) and `convert` (ext/typeexpr). Their
//! arguments are expressions, not values: the evaluator runs them itself
//! (it sees their diagnostics, and reads `convert`'s second argument as a
//! type expression). Called directly with values, `try` returns its first
//! argument, `can` returns true, and `convert` fails.

use crate::Type;
use crate::function::{Function, FunctionError, FunctionSpec, Parameter, ReturnType, Special};
use crate::value::Value;

fn special(
    description: &str,
    params: Vec<Parameter>,
    var_param: Option<Parameter>,
    return_type: ReturnType,
    implementation: impl Fn(&[Value], &Type) -> Result<Value, FunctionError>
    + Send
    + Sync
    + std::panic::RefUnwindSafe
    + 'static,
    kind: Special,
) -> Function {
    Function::special(
        FunctionSpec {
            description: description.to_string(),
            params,
            var_param,
            return_type,
            implementation: Box::new(implementation),
        },
        kind,
    )
}

fn closure_param(name: &str) -> Parameter {
    Parameter::new(name, Type::Dynamic)
        .allow_null()
        .allow_unknown()
        .allow_dynamic_type()
}

super::shared_function! {
    /// `try(expressions...)`: the value of the first expression that
    /// evaluates without errors.
    try_fn => special(
        "Returns the value of the first of the given expressions that evaluates without errors.",
        Vec::new(),
        Some(closure_param("expressions")),
        ReturnType::Computed(Box::new(|args: &[Value]| match args.first() {
            Some(v) => Ok(v.ty().clone()),
            None => Err(FunctionError::call("at least one argument is required")),
        })),
        |args, _| {
            args.first()
                .cloned()
                .ok_or_else(|| FunctionError::call("at least one argument is required"))
        },
        Special::Try,
    )
}

super::shared_function! {
    /// `can(expression)`: whether the expression evaluates without errors.
    can_fn => special(
        "Returns true if the given expression evaluates without errors.",
        vec![closure_param("expression")],
        None,
        ReturnType::Static(Type::Bool),
        |_, _| Ok(Value::bool(true)),
        Special::Can,
    )
}

super::shared_function! {
    /// `convert(value, type)`: the value converted to a type given as a
    /// type expression (`list(string)`).
    convert_fn => special(
        "Converts the given value to the given type constraint.",
        vec![
            Parameter::new("value", Type::Dynamic).allow_null().allow_dynamic_type(),
            Parameter::new("type", Type::Dynamic),
        ],
        None,
        ReturnType::Static(Type::Dynamic),
        |_, _| Err(FunctionError::call("convert needs a type expression as its second argument")),
        Special::Convert,
    )
}
