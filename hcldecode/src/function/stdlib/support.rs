//! What the function modules build with: `build` and `build_in_context`,
//! the typed argument
//! readers, gocty's `int`.

use std::sync::{Arc, OnceLock};

use crate::Type;
use crate::function::{CallContext, Function, FunctionError, FunctionSpec, Parameter, ReturnType};
use crate::value::Value;

/// Defines an accessor returning a lazily built, shared function.
macro_rules! shared_function {
    ($(#[$doc:meta])* $name:ident => $build:expr) => {
        $(#[$doc])*
        pub fn $name() -> $crate::function::Function {
            static F: std::sync::OnceLock<$crate::function::Function> = std::sync::OnceLock::new();
            F.get_or_init(|| $build).clone()
        }
    };
}
pub(crate) use shared_function;

/// Builds a function.
pub(crate) fn build(
    description: &str,
    params: Vec<Parameter>,
    var_param: Option<Parameter>,
    return_type: ReturnType,
    implementation: impl Fn(&[Value], &Type) -> Result<Value, FunctionError>
    + Send
    + Sync
    + std::panic::RefUnwindSafe
    + 'static,
) -> Function {
    Function::new(FunctionSpec {
        description: description.to_string(),
        params,
        var_param,
        return_type,
        implementation: Box::new(implementation),
    })
}

/// Builds a function whose implementation sees its call's
/// [`CallContext`]: the evaluation's limits (to check a large result
/// before building it), the file being evaluated.
#[cfg_attr(not(feature = "stdlib"), allow(dead_code))]
pub(crate) fn build_in_context(
    description: &str,
    params: Vec<Parameter>,
    var_param: Option<Parameter>,
    return_type: ReturnType,
    implementation: impl Fn(&CallContext<'_>, &[Value], &Type) -> Result<Value, FunctionError>
    + Send
    + Sync
    + std::panic::RefUnwindSafe
    + 'static,
) -> Function {
    let spec = FunctionSpec {
        description: description.to_string(),
        params,
        var_param,
        return_type,
        implementation: Box::new(|_, _| Err(internal("replaced by the context's"))),
    };
    Function::in_context(spec, Arc::new(implementation), None)
}

/// An internal inconsistency (where cty would panic on a type assertion).
#[cold]
pub(crate) fn internal(what: &str) -> FunctionError {
    FunctionError::Panic(format!("interface conversion: {what}"))
}

/// The known string argument `i`.
pub(crate) fn str_arg(args: &[Value], i: usize) -> Result<&str, FunctionError> {
    args.get(i)
        .and_then(Value::as_str)
        .ok_or_else(|| internal("value is not a string"))
}

/// The known number argument `i`.
pub(crate) fn num_arg(args: &[Value], i: usize) -> Result<&crate::value::Number, FunctionError> {
    args.get(i)
        .and_then(Value::as_number)
        .ok_or_else(|| internal("value is not a number"))
}

/// The known bool argument `i`.
pub(crate) fn bool_arg(args: &[Value], i: usize) -> Result<bool, FunctionError> {
    args.get(i)
        .and_then(Value::as_bool)
        .ok_or_else(|| internal("value is not a bool"))
}

#[allow(dead_code)]
fn _assert_send_sync() {
    fn is<T: Send + Sync>() {}
    is::<Function>();
    let _: OnceLock<Function> = OnceLock::new();
}

/// gocty's conversion of a number to a Go `int` (64-bit).
pub(crate) fn go_int(n: &crate::value::Number) -> Result<i64, FunctionError> {
    n.to_i64().ok_or_else(|| {
        FunctionError::call(format!(
            "value must be a whole number, between {} and {}",
            i64::MIN,
            i64::MAX
        ))
    })
}
