//! cty `RawEquals` and `Equals`, and type conformance (`TestConformance`).

use std::collections::HashMap;

use super::{Number, Repr, Value, set};
use crate::types::Type;

/// cty's `rawNumberEqual` (see [`Number::cty_equals`]).
pub(crate) fn number_equal(a: &Number, b: &Number) -> bool {
    a.cty_equals(b)
}

pub(crate) fn raw_equals(a: &Value, b: &Value) -> bool {
    if a.ty() != b.ty() {
        return false;
    }
    match (&a.0, &b.0) {
        (Repr::Unknown(_), Repr::Unknown(_)) => true,
        (Repr::Unknown(_), _) | (_, Repr::Unknown(_)) => false,
        (Repr::Null(_), Repr::Null(_)) => true,
        (Repr::Null(_), _) | (_, Repr::Null(_)) => false,
        (Repr::Bool(x), Repr::Bool(y)) => x == y,
        (Repr::Number(x), Repr::Number(y)) => number_equal(x, y),
        (Repr::String(_) | Repr::ShortString(_), Repr::String(_) | Repr::ShortString(_)) => {
            a.as_str() == b.as_str()
        }
        (Repr::List(x), Repr::List(y))
        | (Repr::Set(x), Repr::Set(y))
        | (Repr::Tuple(x), Repr::Tuple(y)) => {
            x.ptr_eq(y)
                || (x.elems().len() == y.elems().len()
                    && x.elems()
                        .iter()
                        .zip(y.elems())
                        .all(|(p, q)| raw_equals(p, q)))
        }
        (Repr::Map(x), Repr::Map(y)) => {
            x.ptr_eq(y)
                || (x.entries().len() == y.entries().len()
                    && x.entries()
                        .iter()
                        .zip(y.entries())
                        .all(|((k1, v1), (k2, v2))| k1 == k2 && raw_equals(v1, v2)))
        }
        (Repr::Object(x), Repr::Object(y)) => {
            x.ptr_eq(y)
                || x.elems()
                    .iter()
                    .zip(y.elems())
                    .all(|(p, q)| raw_equals(p, q))
        }
        _ => false,
    }
}

fn unknown_bool() -> Value {
    Value::unknown(Type::Bool)
}

pub(crate) fn equals(a: &Value, b: &Value) -> Value {
    match (a.is_known(), b.is_known()) {
        (false, false) => return unknown_bool(),
        (true, false) => {
            return if a.is_null() || b.ty().has_dynamic_types() || a.ty() == b.ty() {
                unknown_bool()
            } else {
                Value::bool(false)
            };
        }
        (false, true) => {
            return if b.is_null() || a.ty().has_dynamic_types() || a.ty() == b.ty() {
                unknown_bool()
            } else {
                Value::bool(false)
            };
        }
        (true, true) => {}
    }
    match (a.is_null(), b.is_null()) {
        (true, true) => return Value::bool(true),
        (true, false) | (false, true) => return Value::bool(false),
        _ => {}
    }
    if !a.has_wholly_known_type() || !b.has_wholly_known_type() {
        if conformance_error(a.ty(), b.ty()).is_some()
            && conformance_error(b.ty(), a.ty()).is_some()
        {
            return Value::bool(false);
        }
        return unknown_bool();
    }
    if a.ty() != b.ty() {
        return Value::bool(false);
    }
    match equals_known(a, b) {
        Some(r) => Value::bool(r),
        None => unknown_bool(),
    }
}

/// `Some(result)` or `None` for unknown; both values known, non-null and of
/// the same wholly-known type.
fn equals_known(a: &Value, b: &Value) -> Option<bool> {
    // Elements compare with the full `Equals` (they may be null/unknown).
    fn elem(a: &Value, b: &Value) -> Option<bool> {
        equals(a, b).as_bool()
    }
    Some(match (&a.0, &b.0) {
        (Repr::Bool(x), Repr::Bool(y)) => x == y,
        (Repr::Number(x), Repr::Number(y)) => number_equal(x, y),
        (Repr::String(_) | Repr::ShortString(_), Repr::String(_) | Repr::ShortString(_)) => {
            a.as_str() == b.as_str()
        }
        (Repr::Object(x), Repr::Object(y)) => {
            for (p, q) in x.elems().iter().zip(y.elems()) {
                if !elem(p, q)? {
                    return Some(false);
                }
            }
            true
        }
        (Repr::Tuple(x), Repr::Tuple(y)) | (Repr::List(x), Repr::List(y)) => {
            if x.elems().len() != y.elems().len() {
                return Some(false);
            }
            for (p, q) in x.elems().iter().zip(y.elems()) {
                if !elem(p, q)? {
                    return Some(false);
                }
            }
            true
        }
        (Repr::Map(x), Repr::Map(y)) => {
            if x.entries().len() != y.entries().len() {
                return Some(false);
            }
            for ((k1, v1), (k2, v2)) in x.entries().iter().zip(y.entries()) {
                if k1 != k2 {
                    return Some(false);
                }
                if !elem(v1, v2)? {
                    return Some(false);
                }
            }
            true
        }
        (Repr::Set(x), Repr::Set(y)) => {
            if x.elems().iter().chain(y.elems()).any(|v| !v.is_known()) {
                return None;
            }
            set_subset(x.elems(), y.elems()) && set_subset(y.elems(), x.elems())
        }
        _ => false,
    })
}

/// Whether every element of `a` is in `b` (cty set `Has`: same hash and
/// `Equals` true).
fn set_subset(a: &[Value], b: &[Value]) -> bool {
    if a.is_empty() {
        return true;
    }
    let mut index: HashMap<Vec<u8>, Vec<&Value>> = HashMap::with_capacity(b.len());
    for v in b {
        index.entry(set::hash_bytes(v)).or_default().push(v);
    }
    a.iter().all(|v| {
        index
            .get(&set::hash_bytes(v))
            .is_some_and(|cands| cands.iter().any(|c| equals(v, c).as_bool() == Some(true)))
    })
}

/// The first error cty's `TestConformance(given, want)` reports, or `None`
/// when `given` conforms to `want` (the dynamic pseudo-type in `want`
/// accepts anything). Where cty's order depends on Go map iteration, names
/// are taken in sorted order.
///
/// ```
/// use hcldecode_spec::types::Type;
/// use hcldecode_spec::value::conformance_error;
/// assert_eq!(conformance_error(&Type::list(Type::String), &Type::list(Type::Dynamic)), None);
/// assert_eq!(
///     conformance_error(&Type::Bool, &Type::Number).as_deref(),
///     Some("number required, but received bool")
/// );
/// ```
pub fn conformance_error(given: &Type, want: &Type) -> Option<String> {
    if want.is_dynamic() || given == want {
        return None;
    }
    match (given, want) {
        (Type::Object(g), Type::Object(w)) => {
            for (k, _) in g.attrs() {
                if w.get(k).is_none() {
                    return Some(format!("unsupported attribute {}", super::gofmt::quote(k)));
                }
            }
            for (k, _) in w.attrs() {
                if g.get(k).is_none() {
                    return Some(format!(
                        "missing required attribute {}",
                        super::gofmt::quote(k)
                    ));
                }
            }
            for (k, wt) in w.attrs() {
                if let Some(gt) = g.get(k)
                    && let Some(e) = conformance_error(gt, wt)
                {
                    return Some(e);
                }
            }
            None
        }
        (Type::Tuple(g), Type::Tuple(w)) => {
            if g.len() != w.len() {
                return Some(format!(
                    "{} elements are required, but got {}",
                    w.len(),
                    g.len()
                ));
            }
            g.iter()
                .zip(w.iter())
                .find_map(|(gt, wt)| conformance_error(gt, wt))
        }
        (Type::List(g), Type::List(w))
        | (Type::Map(g), Type::Map(w))
        | (Type::Set(g), Type::Set(w)) => conformance_error(g, w),
        _ => Some(format!(
            "{} required, but received {}",
            want.friendly_name(),
            given.friendly_name()
        )),
    }
}
