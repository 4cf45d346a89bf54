//! cty's `convert.MismatchMessage`.

use super::conversion::get;
use crate::Type;
use crate::value::gofmt::quote;

/// Explains why a value of type `got` cannot convert to `want`, in cty's
/// words (`convert.MismatchMessage`): `string required`, `attribute "a" is
/// required`, `incorrect list element type: number required`, ... Where cty
/// depends on Go map order (several mismatched attributes), attributes are
/// taken in name order.
///
/// ```
/// use hcldecode::Type;
/// use hcldecode::value::convert::mismatch_message;
/// let want = Type::object([("a", Type::String), ("b", Type::Bool)]);
/// assert_eq!(mismatch_message(&Type::empty_object(), &want), r#"attributes "a" and "b" are required"#);
/// ```
pub fn mismatch_message(got: &Type, want: &Type) -> String {
    match (got, want) {
        (Type::Object(_), Type::Object(_)) => mismatch_objects(got, want),
        (Type::Tuple(_), Type::List(e)) if e.is_dynamic() => {
            "all list elements must have the same type".to_string()
        }
        (Type::Tuple(_), Type::Set(e)) if e.is_dynamic() => {
            "all set elements must have the same type".to_string()
        }
        (Type::Object(_), Type::Map(e)) if e.is_dynamic() => {
            "all map elements must have the same type".to_string()
        }
        (Type::Tuple(_) | Type::Object(_), _) if want.is_collection() => {
            mismatch_collections_from_structural(got, want)
        }
        _ if got.is_collection() && want.is_collection() => {
            mismatch_collections_from_collections(got, want)
        }
        _ => required(want),
    }
}

fn required(want: &Type) -> String {
    want.friendly_name_for_constraint() + " required"
}

fn mismatch_objects(got: &Type, want: &Type) -> String {
    let (Some(g), Some(w)) = (got.object_type(), want.object_type()) else {
        return required(want);
    };
    let mut missing: Vec<&str> = Vec::new();
    let mut unsafe_mismatch: Option<String> = None;
    let mut safe_mismatch: Option<String> = None;
    for (name, wty) in w.attrs() {
        let Some(gty) = g.get(name) else {
            missing.push(name);
            continue;
        };
        if gty == wty {
            continue;
        }
        if unsafe_mismatch.is_some() {
            continue;
        }
        if get(gty, wty, true).is_none() {
            unsafe_mismatch = Some(format!(
                "attribute {}: {}",
                quote(name),
                mismatch_message(gty, wty)
            ));
        }
        if safe_mismatch.is_some() {
            continue;
        }
        if get(gty, wty, false).is_none() {
            safe_mismatch = Some(format!(
                "attribute {}: {}",
                quote(name),
                mismatch_message(gty, wty)
            ));
        }
    }
    if !missing.is_empty() {
        missing.sort_unstable();
        return match missing.len() {
            1 => format!("attribute {} is required", quote(missing[0])),
            2 => format!(
                "attributes {} and {} are required",
                quote(missing[0]),
                quote(missing[1])
            ),
            _ => {
                let mut buf = String::new();
                for name in &missing[..missing.len() - 1] {
                    buf.push_str(&quote(name));
                    buf.push_str(", ");
                }
                buf.push_str("and ");
                buf.push_str(&quote(missing[missing.len() - 1]));
                format!("attributes {buf} are required")
            }
        };
    }
    unsafe_mismatch
        .or(safe_mismatch)
        .unwrap_or_else(|| "incorrect object attributes".to_string())
}

fn mismatch_collections_from_structural(got: &Type, want: &Type) -> String {
    match (want, got) {
        (Type::List(_) | Type::Set(_), Type::Tuple(_)) | (Type::Map(_), Type::Object(_)) => {}
        _ => return required(want),
    }
    let Some(wety) = want.element_type() else {
        return required(want);
    };
    match got {
        Type::Tuple(etys) => {
            for (i, gety) in etys.iter().enumerate() {
                if gety == wety || get(gety, wety, true).is_some() {
                    continue;
                }
                return format!("element {i}: {}", mismatch_message(gety, wety));
            }
            format!(
                "all elements must be {}",
                wety.friendly_name_for_constraint()
            )
        }
        Type::Object(o) => {
            for (name, gaty) in o.attrs() {
                if gaty == wety || get(gaty, wety, true).is_some() {
                    continue;
                }
                return format!("element {}: {}", quote(name), mismatch_message(gaty, wety));
            }
            format!(
                "all elements must be {}",
                wety.friendly_name_for_constraint()
            )
        }
        _ => required(want),
    }
}

fn mismatch_collections_from_collections(got: &Type, want: &Type) -> String {
    let ok = match want {
        Type::List(_) | Type::Set(_) => matches!(got, Type::List(_) | Type::Set(_)),
        Type::Map(_) => matches!(got, Type::Map(_)),
        _ => true,
    };
    if !ok {
        return required(want);
    }
    let (Some(gety), Some(wety)) = (got.element_type(), want.element_type()) else {
        return required(want);
    };
    let noun = match want {
        Type::List(_) => "list element type",
        Type::Set(_) => "set element type",
        _ => "map element type",
    };
    format!("incorrect {noun}: {}", mismatch_message(gety, wety))
}
