//! Collections' elements: their element type inferred, untyped nulls and
//! unknowns re-typed to it, whether all are wholly known.

use super::{Repr, Value};
use crate::types::Type;

/// Re-types untyped (dynamic) nulls and unknowns to `ety`, as cty's
/// collection constructors do by storing raw values under the collection's
/// element type.
pub(super) fn retype(v: Value, ety: &Type) -> Value {
    if !ety.is_dynamic() && v.ty().is_dynamic() {
        match v.0 {
            Repr::Null(_) => Value::null(ety.clone()),
            _ => Value::unknown(ety.clone()),
        }
    } else {
        v
    }
}

pub(super) fn all_wholly_known<'a>(vals: impl IntoIterator<Item = &'a Value>) -> bool {
    vals.into_iter().all(Value::is_wholly_known)
}

/// cty's element type inference (`ListVal`, `SetVal`, `MapVal`, and the
/// `CanListVal` family): the first type that is not dynamic; `None` if a
/// later element has another (non-dynamic) type or there are no elements.
pub(super) fn infer_elem_type<'a>(vals: impl Iterator<Item = &'a Value>) -> Option<Type> {
    let mut ety: Option<&Type> = None;
    let mut any = false;
    for v in vals {
        any = true;
        let t = v.ty();
        match ety {
            None => {
                if !t.is_dynamic() {
                    ety = Some(t)
                }
            }
            Some(e) => {
                if !t.is_dynamic() && e != t {
                    return None;
                }
            }
        }
    }
    if !any {
        return None;
    }
    Some(ety.cloned().unwrap_or(Type::Dynamic))
}
