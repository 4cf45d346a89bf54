//! The types values store: the primitive types' statics, and an object
//! value's object type.

use crate::types::{ObjectType, Type};

pub(super) const DYNAMIC_TY: &Type = &Type::Dynamic;
pub(super) const BOOL_TY: &Type = &Type::Bool;
pub(super) const NUMBER_TY: &Type = &Type::Number;
pub(super) const STRING_TY: &Type = &Type::String;

pub(super) fn object_type_of(t: &Type) -> &ObjectType {
    match t {
        Type::Object(o) => o,
        // Object values always carry an object type.
        _ => unreachable!("object value without object type"),
    }
}
