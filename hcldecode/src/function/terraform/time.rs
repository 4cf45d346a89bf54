//! Terraform's time functions (`internal/lang/funcs/datetime.go`):
//! `timestamp`, `plantimestamp`, `timecmp`.

use std::sync::OnceLock;

use time::OffsetDateTime;

use crate::Type;
use crate::function::stdlib::{build, format_rfc3339, parse_timestamp, shared_function, str_arg};
use crate::function::{Function, FunctionError, Parameter, ReturnType};
use crate::value::Value;

/// The current time as `timestamp` writes it (whole seconds, UTC).
fn now() -> String {
    let t = OffsetDateTime::now_utc();
    format_rfc3339(&t.replace_nanosecond(0).unwrap_or(t))
}

shared_function! {
    /// `timestamp()`: the current time in UTC, RFC 3339 (each call reads
    /// the clock).
    timestamp => build(
        "Returns a UTC timestamp string in RFC 3339 format.",
        Vec::new(),
        None,
        ReturnType::Static(Type::String),
        |_, _| Ok(Value::string(now())),
    )
}

/// `plantimestamp()`: a time that stays the same for every call through
/// one function library (Terraform's plan time): the time of the first
/// call.
pub(super) fn plantimestamp() -> Function {
    let fixed = OnceLock::new();
    build(
        "Returns the time the configuration is evaluated at, as a UTC timestamp string in RFC 3339 format; every call gives the same time.",
        Vec::new(),
        None,
        ReturnType::Static(Type::String),
        move |_, _| Ok(Value::string(fixed.get_or_init(now).clone())),
    )
}

shared_function! {
    /// `timecmp(a, b)`: -1, 0 or 1 as timestamp `a` is before, at or
    /// after `b`.
    timecmp => build(
        "Compares two timestamps and returns a number that represents the ordering of the instants those timestamps represent.",
        vec![Parameter::new("timestamp_a", Type::String), Parameter::new("timestamp_b", Type::String)],
        None,
        ReturnType::Static(Type::Number),
        |args, _| {
            let a = parse_timestamp(str_arg(args, 0)?).map_err(|e| FunctionError::arg(0, e))?;
            let b = parse_timestamp(str_arg(args, 1)?).map_err(|e| FunctionError::arg(1, e))?;
            Ok(Value::int(match a.cmp(&b) {
                std::cmp::Ordering::Less => -1,
                std::cmp::Ordering::Equal => 0,
                std::cmp::Ordering::Greater => 1,
            }))
        },
    )
}
