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
mod support;
#[cfg(feature = "stdlib")]
mod text;
#[cfg(feature = "stdlib")]
mod tryfunc;
#[cfg(feature = "stdlib")]
mod yaml;

use super::Function;
#[cfg(feature = "stdlib")]
use crate::Type;

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
// The helpers every function module here builds with, and the other sets
// too.
#[cfg_attr(not(feature = "stdlib"), allow(unused_imports))]
pub(crate) use self::support::build_in_context;
pub(crate) use self::support::{bool_arg, build, go_int, num_arg, shared_function, str_arg};

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
