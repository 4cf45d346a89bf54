//! `yamlencode` and `yamldecode` (go-cty-yaml 1.2.0): YAML 1.1 scalar
//! resolution (`yes`, `0x1F`, `~`), anchors, aliases and `<<` merge keys
//! when decoding, parsed by the `yaml-rust2` crate; encoding with a port of
//! the parts of libyaml's emitter go-cty-yaml uses (block style, double
//! quoted or literal strings, 80-column folding), so the text is the same.

use super::{build, build_in_context, shared_function, str_arg};

mod decode;
mod encode;
mod scalars;

use crate::Type;
use crate::function::{FunctionError, Parameter, ReturnType};
use crate::value::Value;
use decode::decode;
use encode::encode;

shared_function! {
    /// `yamldecode(src)`: the value a YAML document describes (mappings as
    /// objects, sequences as tuples).
    yamldecode => build_in_context(
        "Parses the given string as YAML and returns a value corresponding to what the YAML document describes.",
        vec![Parameter::new("src", Type::String)],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| {
            let Some(s) = args[0].as_str() else {
                return Ok(Type::Dynamic);
            };
            // A return type has no call context (go-cty's `TypeFn`):
            // decoded within the default limits; the call itself is
            // bounded by the evaluation's.
            crate::function::call_context::standalone(|cx| decode(cx, s).map(|v| v.ty().clone()))
        })),
        |cx, args, _| decode(cx, str_arg(args, 0)?),
    )
}

shared_function! {
    /// `yamlencode(value)`: YAML text for any value, as go-cty-yaml writes
    /// it.
    yamlencode => build(
        "Returns a string containing a YAML representation of the given value.",
        vec![Parameter::new("value", Type::Dynamic).allow_null().allow_dynamic_type()],
        None,
        ReturnType::Static(Type::String),
        |args, ret| {
            if !args[0].is_wholly_known() {
                return Ok(Value::unknown(ret.clone()));
            }
            encode(&args[0]).map(Value::string).map_err(FunctionError::call)
        },
    )
}

#[cfg(test)]
mod tests {
    //! Expected values are go-cty-yaml 1.2.0's, recorded with
    //! scripts/reference-latest.sh's hcldec-ext.
    use super::scalars::*;
    use super::*;

    fn err(src: &str) -> String {
        match crate::function::call_context::standalone(|cx| decode(cx, src)) {
            Err(FunctionError::Call(m)) => m,
            other => panic!("{src:?}: {other:?}"),
        }
    }

    #[test]
    fn timestamps_as_go_time_parse() {
        assert_eq!(parse_yaml_timestamp("2001-12-14 21:59:43.10 -5"), None);
        assert_eq!(parse_yaml_timestamp("2001-12-14 21:59:43.10 -5:30"), None);
        assert_eq!(
            parse_yaml_timestamp("2001-12-14 21:59:43.10").as_deref(),
            Some("2001-12-14T21:59:43Z")
        );
        assert_eq!(
            parse_yaml_timestamp("2001-12-14t21:59:43.10-05:00").as_deref(),
            Some("2001-12-14T21:59:43-05:00")
        );
        assert_eq!(
            parse_yaml_timestamp("2002-12-14").as_deref(),
            Some("2002-12-14T00:00:00Z")
        );
    }

    #[test]
    fn int_literals_without_underscores() {
        assert!(!is_int_literal("1_000"));
        assert!(is_int_literal("+1000"));
        assert!(is_int_literal("0x1F"));
        assert!(!is_int_literal("+"));
    }

    #[test]
    fn go_yaml_scanner_checks() {
        assert_eq!(err("\"\\/\""), "found unknown escape character");
        assert_eq!(
            err("a: 1\nb: \"\\/\""),
            "on line 2, column 1: found unknown escape character"
        );
        assert_eq!(err("\ta: 1"), "found character that cannot start any token");
        assert_eq!(err("- \tx"), "found character that cannot start any token");
        assert_eq!(
            err("a:\n\t- 1"),
            "on line 2, column 1: found character that cannot start any token"
        );
        assert!(crate::function::call_context::standalone(|cx| decode(cx, "[1,\t2]")).is_ok());
        assert!(crate::function::call_context::standalone(|cx| decode(cx, "a: 1\t# c")).is_ok());
    }

    #[test]
    fn non_bmp_is_escaped() {
        assert_eq!(
            encode(&Value::string("😀")).as_deref(),
            Ok("\"\\U0001F600\"\n")
        );
    }
}
