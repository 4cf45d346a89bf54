//! cty's `convert.MismatchMessage`: why no conversion exists between two
//! types, in cty's words. It depends on types alone, given whether a
//! conversion exists, so both layers share it: the dynamic layer's
//! conversions and the static check of literal `optional()` defaults.

use crate::go_quote::quote;
use crate::types::Type;

/// Whether a conversion exists from the first type to the second (unsafe
/// ones included when the flag is set).
pub type Convertible<'a> = &'a dyn Fn(&Type, &Type, bool) -> bool;

/// Explains why a value of type `got` cannot convert to `want`, in cty's
/// words (`convert.MismatchMessage`): `string required`, `attribute "a"
/// is required`, `incorrect list element type: number required`, ...
/// `convertible(from, to, unsafe)` says whether a conversion exists (the
/// dynamic layer's planner, or the static layer's for literals). Where
/// cty depends on Go map order (several mismatched attributes), attributes
/// are taken in name order.
///
/// ```
/// use hcldecode_spec::type_mismatch::mismatch_message;
/// use hcldecode_spec::types::Type;
/// let want = Type::object([("a", Type::String), ("b", Type::Bool)]);
/// let never = |_: &Type, _: &Type, _: bool| false;
/// assert_eq!(mismatch_message(&Type::empty_object(), &want, &never), r#"attributes "a" and "b" are required"#);
/// assert_eq!(mismatch_message(&Type::Bool, &Type::Number, &never), "number required");
/// ```
pub fn mismatch_message(got: &Type, want: &Type, convertible: Convertible<'_>) -> String {
    match (got, want) {
        (Type::Object(_), Type::Object(_)) => mismatch_objects(got, want, convertible),
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
            mismatch_from_structural(got, want, convertible)
        }
        _ if got.is_collection() && want.is_collection() => {
            mismatch_from_collection(got, want, convertible)
        }
        _ => required(want),
    }
}

fn required(want: &Type) -> String {
    want.friendly_name_for_constraint() + " required"
}

fn mismatch_objects(got: &Type, want: &Type, convertible: Convertible<'_>) -> String {
    let (Some(g), Some(w)) = (got.object_type(), want.object_type()) else {
        return required(want);
    };
    let mut missing: Vec<String> = Vec::new();
    let mut unsafe_mismatch: Option<String> = None;
    let mut safe_mismatch: Option<String> = None;
    for (name, wty) in w.attrs() {
        let Some(gty) = g.get(name) else {
            missing.push(quote(name));
            continue;
        };
        if gty == wty || unsafe_mismatch.is_some() {
            continue;
        }
        let why = || {
            format!(
                "attribute {}: {}",
                quote(name),
                mismatch_message(gty, wty, convertible)
            )
        };
        if !convertible(gty, wty, true) {
            unsafe_mismatch = Some(why());
        }
        if safe_mismatch.is_none() && !convertible(gty, wty, false) {
            safe_mismatch = Some(why());
        }
    }
    // Attribute names are sorted, so the missing ones are.
    match missing.as_slice() {
        [] => unsafe_mismatch
            .or(safe_mismatch)
            .unwrap_or_else(|| "incorrect object attributes".to_string()),
        [one] => format!("attribute {one} is required"),
        [a, b] => format!("attributes {a} and {b} are required"),
        [init @ .., last] => format!("attributes {}, and {last} are required", init.join(", ")),
    }
}

fn mismatch_from_structural(got: &Type, want: &Type, convertible: Convertible<'_>) -> String {
    let Some(wety) = want.element_type() else {
        return required(want);
    };
    let elems: Vec<(String, &Type)> = match (want, got) {
        (Type::List(_) | Type::Set(_), Type::Tuple(ts)) => ts
            .iter()
            .enumerate()
            .map(|(i, t)| (i.to_string(), t))
            .collect(),
        (Type::Map(_), Type::Object(o)) => o.attrs().iter().map(|(n, t)| (quote(n), t)).collect(),
        _ => return required(want),
    };
    for (key, gety) in elems {
        if gety != wety && !convertible(gety, wety, true) {
            return format!(
                "element {key}: {}",
                mismatch_message(gety, wety, convertible)
            );
        }
    }
    format!(
        "all elements must be {}",
        wety.friendly_name_for_constraint()
    )
}

fn mismatch_from_collection(got: &Type, want: &Type, convertible: Convertible<'_>) -> String {
    let noun = match (want, got) {
        (Type::List(_), Type::List(_) | Type::Set(_)) => "list element type",
        (Type::Set(_), Type::List(_) | Type::Set(_)) => "set element type",
        (Type::Map(_), Type::Map(_)) => "map element type",
        _ => return required(want),
    };
    match (got.element_type(), want.element_type()) {
        (Some(g), Some(w)) => format!("incorrect {noun}: {}", mismatch_message(g, w, convertible)),
        _ => required(want),
    }
}
