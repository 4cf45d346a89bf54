//! Terraform's string functions (`internal/lang/funcs/string.go`):
//! `startswith`, `endswith`, `strcontains`, and `replace`, which reads a
//! substring written `/.../` as a regular expression.

use crate::Type;
use crate::function::stdlib::{build, shared_function, str_arg};
use crate::function::{FunctionError, Parameter, ReturnType};
use crate::value::Value;

fn s(name: &str) -> Parameter {
    Parameter::new(name, Type::String)
}

shared_function! {
    /// `startswith(str, prefix)`.
    startswith => build(
        "Checks whether a string starts with another string.",
        vec![s("str").allow_unknown(), s("prefix")],
        None,
        ReturnType::Static(Type::Bool),
        |args, _| {
            let prefix = str_arg(args, 1)?;
            if !args[0].is_known() {
                // Every string starts with the empty string.
                return Ok(if prefix.is_empty() { Value::bool(true) } else { Value::unknown(Type::Bool) });
            }
            Ok(Value::bool(str_arg(args, 0)?.starts_with(prefix)))
        },
    )
}

shared_function! {
    /// `endswith(str, suffix)`.
    endswith => build(
        "Checks whether a string ends with another string.",
        vec![s("str"), s("suffix")],
        None,
        ReturnType::Static(Type::Bool),
        |args, _| Ok(Value::bool(str_arg(args, 0)?.ends_with(str_arg(args, 1)?))),
    )
}

shared_function! {
    /// `strcontains(str, substr)`.
    strcontains => build(
        "Checks whether a substring is within another string.",
        vec![s("str"), s("substr")],
        None,
        ReturnType::Static(Type::Bool),
        |args, _| Ok(Value::bool(str_arg(args, 0)?.contains(str_arg(args, 1)?))),
    )
}

shared_function! {
    /// `replace(str, substr, replace)`: every occurrence replaced; a
    /// `substr` of the form `/re/` is a regular expression, and `$1` or
    /// `${name}` in `replace` expand to its groups.
    replace => build(
        "Searches a given string for another given substring, and replaces all occurrences with a given replacement string. A substring wrapped in forward slashes is a regular expression.",
        vec![s("str"), s("substr"), s("replace")],
        None,
        ReturnType::Static(Type::String),
        |args, _| {
            let sub = str_arg(args, 1)?;
            if sub.len() > 1 && sub.starts_with('/') && sub.ends_with('/') {
                // Go's `ReplaceAllString`, as Nomad's `regex_replace` has it.
                let pattern = Value::string(&sub[1..sub.len() - 1]);
                return crate::function::stdlib::library_function("regex_replace")
                    .ok_or_else(|| FunctionError::Panic("no regex_replace function".into()))?
                    .call(&[args[0].clone(), pattern, args[2].clone()]);
            }
            // Otherwise go-cty's `replace` (which bounds the result's size).
            crate::function::stdlib::library_function("replace")
                .ok_or_else(|| FunctionError::Panic("no replace function".into()))?
                .call(args)
        },
    )
}
