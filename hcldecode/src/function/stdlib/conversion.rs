//! Type conversion functions (cty stdlib/conversion.go `MakeToFunc`):
//! `tostring`, `tonumber`, `tobool`, `tolist`, `toset`, `tomap`.

use super::build;
use crate::Type;
use crate::function::{Function, FunctionError, Parameter, ReturnType};
use crate::value::Value;
use crate::value::convert::{convert, get_conversion_unsafe, mismatch_message};

/// A function converting its argument to `want` (cty `MakeToFunc`; the
/// library's `tostring`, `tonumber`, `tobool`, `tolist`, `toset`, `tomap`
/// are `want` = string, number, bool, `list(any)`, `set(any)`, `map(any)`).
///
/// ```
/// use hcldecode::function::stdlib::make_to_func;
/// use hcldecode::{Type, Value};
/// let to_number = make_to_func(Type::Number);
/// assert_eq!(to_number.call(&[Value::string("12")]).unwrap(), Value::int(12));
/// assert!(to_number.call(&[Value::string("x")]).is_err());
/// ```
pub fn make_to_func(want: Type) -> Function {
    let want_t = want.clone();
    let want_i = want.clone();
    build(
        &format!(
            "Converts the given value to {}, or raises an error if that conversion is impossible.",
            want.friendly_name()
        ),
        // Dynamic-typed arguments reach the type function (go-cty 1.14.4):
        // `tostring(null)` is a string-typed null.
        vec![
            Parameter::new("v", Type::Dynamic)
                .allow_null()
                .allow_dynamic_type(),
        ],
        None,
        ReturnType::Computed(Box::new(move |args: &[Value]| {
            let got = args[0].ty();
            if *got == want_t {
                return Ok(want_t.clone());
            }
            if get_conversion_unsafe(got, &want_t).is_none() {
                return Err(FunctionError::arg(
                    0,
                    match (got, &want_t) {
                        (Type::Tuple(_), Type::Tuple(_)) => format!(
                            "incompatible tuple type for conversion: {}",
                            mismatch_message(got, &want_t)
                        ),
                        (Type::Object(_), Type::Object(_)) => format!(
                            "incompatible object type for conversion: {}",
                            mismatch_message(got, &want_t)
                        ),
                        _ => format!(
                            "cannot convert {} to {}",
                            got.friendly_name(),
                            want_t.friendly_name_for_constraint()
                        ),
                    },
                ));
            }
            Ok(want_t.clone())
        })),
        move |args, ret| {
            convert(&args[0], ret).map_err(|_| {
                let got = args[0].ty();
                let what = || match args[0].as_str() {
                    Some(s) => hcldecode_spec::go_quote::quote(s),
                    None => "string".to_string(),
                };
                FunctionError::arg(
                    0,
                    match (got, &want_i) {
                        (Type::String, Type::Bool) => format!(
                            "cannot convert {} to bool; only the strings \"true\" or \"false\" are allowed",
                            what()
                        ),
                        (Type::String, Type::Number) => format!(
                            "cannot convert {} to number; given string must be a decimal representation of a number",
                            what()
                        ),
                        _ => format!(
                            "cannot convert {} to {}",
                            got.friendly_name(),
                            want_i.friendly_name_for_constraint()
                        ),
                    },
                )
            })
        },
    )
}
