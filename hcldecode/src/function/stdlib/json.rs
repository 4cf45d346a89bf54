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
                .map(Value::string)
                .map_err(|e| FunctionError::call(e.message))
        },
    )
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
