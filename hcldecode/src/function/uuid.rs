//! The `uuid` set (go-cty-funcs `uuid`): `uuidv4` (random: each call
//! differs) and `uuidv5` (name-based, SHA-1), by the `uuid` crate.

use super::stdlib::{build, shared_function, str_arg};
use super::{Function, FunctionError, Parameter, ReturnType};
use crate::Type;
use crate::value::Value;

shared_function! {
    /// `uuidv4()`: a random UUID (not deterministic).
    uuidv4 => build(
        "Generates a random version 4 UUID.",
        Vec::new(),
        None,
        ReturnType::Static(Type::String),
        |_, _| Ok(Value::string(::uuid::Uuid::new_v4().to_string())),
    )
}

shared_function! {
    /// `uuidv5(namespace, name)`: `namespace` is `dns`, `url`, `oid`,
    /// `x500` or a UUID.
    uuidv5 => build(
        "Generates a name-based version 5 UUID.",
        vec![Parameter::new("namespace", Type::String), Parameter::new("name", Type::String)],
        None,
        ReturnType::Static(Type::String),
        |args, _| {
            use ::uuid::Uuid;
            let ns = str_arg(args, 0)?;
            let namespace = match ns {
                "dns" => Uuid::NAMESPACE_DNS,
                "url" => Uuid::NAMESPACE_URL,
                "oid" => Uuid::NAMESPACE_OID,
                "x500" => Uuid::NAMESPACE_X500,
                _ => parse_go_uuid(ns).ok_or_else(|| {
                    FunctionError::call(format!(
                        "uuidv5() doesn't support namespace {ns} (invalid UUID length: {})",
                        ns.len()
                    ))
                })?,
            };
            Ok(Value::string(
                Uuid::new_v5(&namespace, str_arg(args, 1)?.as_bytes()).to_string(),
            ))
        },
    )
}

/// google/uuid's `Parse`: 36 characters with hyphens, 38 in braces, 45
/// with the `urn:uuid:` prefix, or 32 hex digits.
fn parse_go_uuid(s: &str) -> Option<::uuid::Uuid> {
    let body = match s.len() {
        36 => s,
        38 if s.starts_with('{') && s.ends_with('}') => &s[1..37],
        45 if s.to_ascii_lowercase().starts_with("urn:uuid:") => &s[9..],
        32 => s,
        _ => return None,
    };
    ::uuid::Uuid::try_parse(body).ok()
}

/// The set's function of a name.
pub(crate) fn lookup(name: &str) -> Option<Function> {
    Some(match name {
        "uuidv4" => uuidv4(),
        "uuidv5" => uuidv5(),
        _ => return None,
    })
}
