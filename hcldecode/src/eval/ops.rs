//! Indexing and attribute access with HCL's diagnostics (`hcl.Index`,
//! `hcl.GetAttr`).

use hcldecode_spec::diag::{Code, Diagnostic, Diagnostics};
use hcldecode_spec::source::Range;

use crate::Type;
use crate::value::convert::convert;
use crate::value::{Number, Value};

/// A diagnostic's code and summary.
type What = (Code, &'static str);

const INVALID_INDEX: What = (Code::InvalidIndex, "Invalid index");

fn fail(
    diags: &mut Diagnostics,
    (code, summary): What,
    detail: impl Into<String>,
    at: Range,
) -> Value {
    diags.push(
        Diagnostic::error(summary, detail)
            .with_code(code)
            .with_subject(at),
    );
    Value::dynamic()
}

/// `key` converted to the type that indexes the collection, or the
/// diagnostic's result when it does not convert.
fn index_key(
    key: &Value,
    want: &Type,
    at: &impl Fn() -> Range,
    diags: &mut Diagnostics,
) -> Result<Value, Value> {
    convert(key, want).map_err(|err| {
        fail(
            diags,
            INVALID_INDEX,
            format!("The given key does not identify an element in this collection value: {err}."),
            at(),
        )
    })
}

/// Why `key` identifies no element of the list, tuple or map `coll`: a
/// fractional or negative index, one past the end, or no such key.
fn missing_index_detail(coll: &Value, key: &Value) -> &'static str {
    if !matches!(coll.ty(), Type::Map(_))
        && key.is_known()
        && let Some(n) = key.as_number()
    {
        if !n.is_integer() {
            return "The given key does not identify an element in this collection value: indexing a sequence requires a whole number, but the given index has a fractional part.";
        }
        if n.is_negative() && !n.is_zero() {
            return "The given key does not identify an element in this collection value: a negative number is not a valid index for a sequence.";
        }
        if let Some(len) = coll.length_int()
            && *n >= Number::from_i64(len as i64)
        {
            return if len == 0 {
                "The given key does not identify an element in this collection value: the collection has no elements."
            } else {
                "The given key does not identify an element in this collection value: the given index is greater than or equal to the length of the collection."
            };
        }
    }
    "The given key does not identify an element in this collection value."
}

/// `collection[key]`.
///
/// `at` gives the range of the step for a diagnostic; it is called only
/// when there is one, since a range resolves line and column.
pub(crate) fn index(
    coll: &Value,
    key: &Value,
    at: impl Fn() -> Range,
    diags: &mut Diagnostics,
) -> Value {
    if coll.is_null() {
        return fail(
            diags,
            (Code::NullTraversal, "Attempt to index null value"),
            "This value is null, so it does not have any indices.",
            at(),
        );
    }
    if key.is_null() {
        return fail(
            diags,
            INVALID_INDEX,
            "Can't use a null value as an indexing key.",
            at(),
        );
    }
    let ty = coll.ty();
    if key.ty().is_dynamic() || ty.is_dynamic() {
        return Value::dynamic();
    }
    match ty {
        Type::List(_) | Type::Tuple(_) | Type::Map(_) => {
            let want = if matches!(ty, Type::Map(_)) {
                Type::String
            } else {
                Type::Number
            };
            let key = match index_key(key, &want, &at, diags) {
                Ok(k) => k,
                Err(v) => return v,
            };
            let has = coll.has_index(&key);
            if !has.is_known() {
                return match ty {
                    Type::Tuple(_) => Value::dynamic(),
                    _ => Value::unknown(ty.element_type().cloned().unwrap_or(Type::Dynamic)),
                };
            }
            if has.as_bool() == Some(false) {
                return fail(diags, INVALID_INDEX, missing_index_detail(coll, &key), at());
            }
            coll.index(&key).unwrap_or_else(Value::dynamic)
        }
        Type::Object(o) => {
            let was_number = matches!(key.ty(), Type::Number);
            let key = match index_key(key, &Type::String, &at, diags) {
                Ok(k) => k,
                Err(v) => return v,
            };
            if !coll.is_known() || !key.is_known() {
                return Value::dynamic();
            }
            let name = key.as_str().unwrap_or_default();
            if o.get(name).is_none() {
                let suggestion = if was_number {
                    " An object only supports looking up attributes by name, not by numeric index."
                } else {
                    ""
                };
                return fail(
                    diags,
                    INVALID_INDEX,
                    format!(
                        "The given key does not identify an element in this collection value.{suggestion}"
                    ),
                    at(),
                );
            }
            coll.get_attr(name).unwrap_or_else(Value::dynamic)
        }
        Type::Set(_) => fail(
            diags,
            INVALID_INDEX,
            "Elements of a set are identified only by their value and don't have any separate index or key to select with, so it's only possible to perform operations across all elements of the set.",
            at(),
        ),
        _ => fail(
            diags,
            INVALID_INDEX,
            "This value does not have any indices.",
            at(),
        ),
    }
}

/// `value.name`.
///
/// `at` gives the range of the step for a diagnostic, only when there is
/// one.
pub(crate) fn get_attr(
    obj: &Value,
    name: &str,
    at: impl Fn() -> Range,
    diags: &mut Diagnostics,
) -> Value {
    const UNSUPPORTED: What = (Code::UnsupportedAttribute, "Unsupported attribute");
    if obj.is_null() {
        return fail(
            diags,
            (
                Code::NullTraversal,
                "Attempt to get attribute from null value",
            ),
            "This value is null, so it does not have any attributes.",
            at(),
        );
    }
    let ty = obj.ty();
    match ty {
        Type::Object(o) => match o.get(name) {
            None => fail(
                diags,
                UNSUPPORTED,
                format!("This object does not have an attribute named {name:?}."),
                at(),
            ),
            Some(aty) if !obj.is_known() => Value::unknown(aty.clone()),
            Some(_) => obj.get_attr(name).unwrap_or_else(Value::dynamic),
        },
        Type::Map(e) => {
            if !obj.is_known() {
                return Value::unknown((**e).clone());
            }
            let idx = Value::string(name);
            if obj.has_index(&idx).as_bool() == Some(false) {
                return fail(
                    diags,
                    (Code::InvalidIndex, "Missing map element"),
                    format!("This map does not have an element with the key {name:?}."),
                    at(),
                );
            }
            obj.index(&idx).unwrap_or_else(Value::dynamic)
        }
        Type::Dynamic => Value::dynamic(),
        Type::List(e) if e.is_object() => {
            let detail = if e.object_type().is_some_and(|o| o.get(name).is_some()) {
                format!(
                    "Can't access attributes on a list of objects. Did you mean to access attribute {name:?} for a specific element of the list, or across all elements of the list?"
                )
            } else {
                "Can't access attributes on a list of objects. Did you mean to access an attribute for a specific element of the list, or across all elements of the list?".to_string()
            };
            fail(diags, UNSUPPORTED, detail, at())
        }
        Type::Set(e) if e.is_object() => fail(
            diags,
            UNSUPPORTED,
            "Can't access attributes on a set of objects. Did you mean to access an attribute across all elements of the set?",
            at(),
        ),
        Type::Bool | Type::Number | Type::String => fail(
            diags,
            UNSUPPORTED,
            format!(
                "Can't access attributes on a primitive-typed value ({}).",
                ty.friendly_name()
            ),
            at(),
        ),
        _ => fail(
            diags,
            UNSUPPORTED,
            "This value does not have any attributes.",
            at(),
        ),
    }
}
