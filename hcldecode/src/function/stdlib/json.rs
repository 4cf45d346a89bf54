//! JSON functions (cty stdlib/json.go).

use super::{build, shared_function, str_arg};
use crate::Type;
use crate::function::{FunctionError, Parameter, ReturnType};
use crate::value::{Value, json};

shared_function! {
    /// `jsonencode(val)`: the JSON text of any value (`null` for null;
    /// unknown when the value is not wholly known).
    json_encode => build(
        "Returns a string containing a JSON representation of the given value.",
        vec![Parameter::new("val", Type::Dynamic).allow_dynamic_type().allow_null()],
        None,
        ReturnType::Static(Type::String),
        |args, ret| {
            let val = &args[0];
            if !val.is_wholly_known() {
                return Ok(Value::unknown(ret.clone()));
            }
            if val.is_null() {
                return Ok(Value::string("null"));
            }
            json::marshal(val, val.ty())
                .map(|text| Value::string(go122_escapes(&text)))
                .map_err(|e| FunctionError::call(e.message))
        },
    )
}

/// Go 1.22's `encoding/json` writes U+0008 and U+000C as `\b` and `\f`
/// where earlier Go (and the JSON writer shared with hcldec's output, which
/// follows the v2.14.1 reference) writes `\u0008` and `\u000c`.
fn go122_escapes(text: &str) -> String {
    if !text.contains("\\u000") {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        let esc = &rest[i..];
        let (with, len) = if esc.starts_with("\\u0008") {
            ("\\b", 6)
        } else if esc.starts_with("\\u000c") {
            ("\\f", 6)
        } else {
            // Any other escape (`\\` included) is two characters or
            // `\uXXXX`; copying its first two keeps the scan aligned.
            (esc.get(..2).unwrap_or(esc), 2)
        };
        out.push_str(with);
        rest = esc.get(len..).unwrap_or("");
    }
    out.push_str(rest);
    out
}

shared_function! {
    /// `jsondecode(str)`: the value a JSON text describes (objects as
    /// objects, arrays as tuples); its type comes from the text.
    json_decode => build(
        "Parses the given string as JSON and returns a value corresponding to what the JSON document describes.",
        vec![Parameter::new("str", Type::String)],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| {
            let Some(s) = args[0].as_str() else {
                return Ok(Type::Dynamic);
            };
            json::implied_type(s).map_err(|e| FunctionError::call(e.message))
        })),
        |args, ret| {
            json::unmarshal(str_arg(args, 0)?, ret).map_err(|e| FunctionError::call(e.message))
        },
    )
}

#[cfg(test)]
mod tests {
    use super::go122_escapes;

    #[test]
    fn backspace_and_form_feed_as_go_1_22() {
        // Go 1.22+ json.Marshal("\b\f\u0001\\u0008"): "\b\f\u0001\\u0008"
        assert_eq!(
            go122_escapes(r#""\u0008\u000c\u0001\\u0008""#),
            r#""\b\f\u0001\\u0008""#
        );
    }
}
