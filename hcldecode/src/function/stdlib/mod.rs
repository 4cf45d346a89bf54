//! The functions of go-cty's standard library that hcldec uses, with cty
//! 1.12's semantics and error messages:
//!
//! - the 15 functions hcldec spec files can call ([`spec_functions`]):
//!   `abs`, `coalesce`, `concat`, `hasindex`, `int`, `jsondecode`,
//!   `jsonencode`, `length`, `lower`, `max`, `min`, `reverse` (of a
//!   string), `strlen`, `substr`, `upper`;
//! - the functions behind HCL's operators: [`and`], [`or`], [`not`],
//!   [`equal`], [`not_equal`], [`less_than`], [`less_than_or_equal_to`],
//!   [`greater_than`], [`greater_than_or_equal_to`], [`add`], [`subtract`],
//!   [`multiply`], [`divide`], [`modulo`], [`negate`].
//!
//! Each accessor returns a shared instance (cloning a [`Function`] is an
//! `Arc` clone).
//!
//! ```
//! use hcldecode::function::stdlib;
//! use hcldecode::value::Value;
//! let upper = stdlib::lookup("upper").unwrap();
//! assert_eq!(upper.call(&[Value::string("héllo")]).unwrap(), Value::string("HÉLLO"));
//! let e = stdlib::add().call(&[Value::int(1), Value::null(hcldecode::Type::Number)]).unwrap_err();
//! assert_eq!(e.arg_index(), Some(1));
//! ```

mod bool;
#[allow(clippy::unreadable_literal)]
mod case_tables;
mod collection;
#[cfg(feature = "stdlib")]
mod conversion;
#[cfg(feature = "stdlib")]
mod csv;
#[cfg(feature = "stdlib")]
mod datetime;
#[cfg(feature = "stdlib")]
mod format;
mod json;
#[cfg(feature = "stdlib")]
mod mapping;
#[cfg(feature = "stdlib")]
mod math;
mod number;
#[cfg(feature = "stdlib")]
mod regexp;
#[cfg(feature = "stdlib")]
mod sequence;
#[cfg(feature = "stdlib")]
mod set;
mod string;
#[cfg(feature = "stdlib")]
mod text;
#[cfg(feature = "stdlib")]
mod tryfunc;
#[cfg(feature = "stdlib")]
mod yaml;

use std::sync::OnceLock;

use super::{Function, FunctionError, FunctionSpec, Parameter, ReturnType};
use crate::Type;
use crate::value::Value;

pub use self::bool::{and, equal, not, not_equal, or};
#[cfg(feature = "terraform")]
pub(crate) use self::collection::common_type as coalesce_type;
pub use self::collection::{coalesce, concat, has_index, length};
#[cfg(feature = "stdlib")]
pub use self::conversion::make_to_func;
#[cfg(feature = "terraform")]
pub(crate) use self::datetime::{format_rfc3339, parse_timestamp};
pub use self::json::{json_decode, json_encode};
pub use self::number::{
    abs, add, divide, greater_than, greater_than_or_equal_to, int, less_than,
    less_than_or_equal_to, max, min, modulo, multiply, negate, subtract,
};
pub use self::string::{lower, reverse, strlen, substr, upper};

/// The names hcldec spec files call functions by, in order.
pub const SPEC_FUNCTION_NAMES: [&str; 15] = [
    "abs",
    "coalesce",
    "concat",
    "hasindex",
    "int",
    "jsondecode",
    "jsonencode",
    "length",
    "lower",
    "max",
    "min",
    "reverse",
    "strlen",
    "substr",
    "upper",
];

/// The functions hcldec makes available to spec files, by name.
pub fn spec_functions() -> Vec<(&'static str, Function)> {
    SPEC_FUNCTION_NAMES
        .iter()
        .filter_map(|&n| Some((n, lookup(n)?)))
        .collect()
}

/// A standard library function by name: the spec-file names above, and the
/// operator functions as `and`, `or`, `not`, `equal`, `notequal`,
/// `lessthan`, `lessthanorequalto`, `greaterthan`, `greaterthanorequalto`,
/// `add`, `subtract`, `multiply`, `divide`, `modulo`, `negate`.
pub fn lookup(name: &str) -> Option<Function> {
    Some(match name {
        "abs" => abs(),
        "coalesce" => coalesce(),
        "concat" => concat(),
        "hasindex" => has_index(),
        "int" => int(),
        "jsondecode" => json_decode(),
        "jsonencode" => json_encode(),
        "length" => length(),
        "lower" => lower(),
        "max" => max(),
        "min" => min(),
        "reverse" => reverse(),
        "strlen" => strlen(),
        "substr" => substr(),
        "upper" => upper(),
        "and" => and(),
        "or" => or(),
        "not" => not(),
        "equal" => equal(),
        "notequal" => not_equal(),
        "lessthan" => less_than(),
        "lessthanorequalto" => less_than_or_equal_to(),
        "greaterthan" => greater_than(),
        "greaterthanorequalto" => greater_than_or_equal_to(),
        "add" => add(),
        "subtract" => subtract(),
        "multiply" => multiply(),
        "divide" => divide(),
        "modulo" => modulo(),
        "negate" => negate(),
        _ => return None,
    })
}

/// A function of the `stdlib` set of the function library (see
/// [`Functions`](super::Functions)) by name: go-cty's standard library as
/// Nomad names it (`reverse` and `strrev` reverse strings, `reverselist`
/// lists), `try`, `can`, `convert`, `yamlencode`, `yamldecode`, and the
/// conversion functions `tostring`, `tonumber`, `tobool`, `tolist`,
/// `toset`, `tomap`.
///
/// ```
/// use hcldecode::function::stdlib;
/// use hcldecode::value::Value;
/// let join = stdlib::library_function("join").unwrap();
/// let list = Value::list(hcldecode::Type::String, vec![Value::string("a"), Value::string("b")]);
/// assert_eq!(join.call(&[Value::string("-"), list]).unwrap(), Value::string("a-b"));
/// assert!(stdlib::library_function("hasindex").is_none());
/// ```
#[cfg(feature = "stdlib")]
pub fn library_function(name: &str) -> Option<Function> {
    Some(match name {
        "abs" => abs(),
        "can" => tryfunc::can_fn(),
        "ceil" => math::ceil(),
        "chomp" => text::chomp(),
        "chunklist" => sequence::chunklist(),
        "coalesce" => coalesce(),
        "coalescelist" => sequence::coalescelist(),
        "compact" => sequence::compact(),
        "concat" => concat(),
        "contains" => sequence::contains(),
        "convert" => tryfunc::convert_fn(),
        "csvdecode" => csv::csvdecode(),
        "distinct" => sequence::distinct(),
        "element" => sequence::element(),
        "flatten" => sequence::flatten(),
        "floor" => math::floor(),
        "format" => format::format(),
        "formatdate" => datetime::formatdate(),
        "formatlist" => format::formatlist(),
        "indent" => text::indent(),
        "index" => sequence::index(),
        "join" => text::join(),
        "jsondecode" => json_decode(),
        "jsonencode" => json_encode(),
        "keys" => mapping::keys(),
        "length" => length(),
        "log" => math::log(),
        "lookup" => mapping::lookup(),
        "lower" => lower(),
        "max" => max(),
        "merge" => mapping::merge(),
        "min" => min(),
        "parseint" => math::parseint(),
        "pow" => math::pow(),
        "range" => sequence::range(),
        "regex" => regexp::regex(),
        "regex_replace" => regexp::regex_replace(),
        "regexall" => regexp::regexall(),
        "replace" => text::replace(),
        "reverse" | "strrev" => reverse(),
        "reverselist" => sequence::reverselist(),
        "sethaselement" => set::sethaselement(),
        "setintersection" => set::setintersection(),
        "setproduct" => sequence::setproduct(),
        "setsubtract" => set::setsubtract(),
        "setsymmetricdifference" => set::setsymmetricdifference(),
        "setunion" => set::setunion(),
        "signum" => math::signum(),
        "slice" => sequence::slice(),
        "sort" => text::sort(),
        "split" => text::split(),
        "strlen" => strlen(),
        "substr" => substr(),
        "timeadd" => datetime::timeadd(),
        "title" => text::title(),
        "tobool" => conversion::make_to_func(Type::Bool),
        "tolist" => conversion::make_to_func(Type::list(Type::Dynamic)),
        "tomap" => conversion::make_to_func(Type::map(Type::Dynamic)),
        "tonumber" => conversion::make_to_func(Type::Number),
        "toset" => conversion::make_to_func(Type::set(Type::Dynamic)),
        "tostring" => conversion::make_to_func(Type::String),
        "trim" => text::trim(),
        "trimprefix" => text::trimprefix(),
        "trimspace" => text::trimspace(),
        "trimsuffix" => text::trimsuffix(),
        "try" => tryfunc::try_fn(),
        "upper" => upper(),
        "values" => mapping::values(),
        "yamldecode" => yaml::yamldecode(),
        "yamlencode" => yaml::yamlencode(),
        "zipmap" => mapping::zipmap(),
        _ => return None,
    })
}

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

/// A result of `elements` collection elements and `bytes` bytes of strings
/// fits the evaluation limits, or the "Result too large" error.
#[cfg_attr(not(feature = "stdlib"), allow(dead_code))]
pub(crate) fn check_size(elements: u64, bytes: u64) -> Result<(), FunctionError> {
    crate::limits::fits(elements, bytes).map_err(|x| FunctionError::ResultTooLarge(x.detail()))
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
