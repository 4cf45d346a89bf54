//! Decoding a derived type from the value its spec decoded and the
//! positions the decode traced.

use std::borrow::Cow;

use hcldecode_spec::diag::Code;
use hcldecode_spec::syntax::suggest::{did_you_mean, name_suggestion};

use super::{
    At, BlockOptions, Error, Errors, HclBlocks, HclBody, HclDecode, HclRemain, Type, Value,
};
use crate::typed::blocks::{missing_block, single_from};
use crate::typed::impls::known;
use crate::value::ValueRef;

pub use crate::typed::blocks::locate_single_block;
pub use crate::typed::locate::{here, locate_any};

/// Checks that a struct's value is an object (or map).
pub fn check_object(value: &Value, at: At<'_>) -> Result<(), Error> {
    match known(value, at, "object")? {
        ValueRef::Object(..) | ValueRef::Map(_) => Ok(()),
        _ => Err(at.type_error(&format!(
            "object required, not {}",
            value.ty().friendly_name()
        ))),
    }
}

/// Rejects keys of an object (or map) value that are none of a struct's
/// property `keys` (sorted), each at its key with a suggestion, unless
/// `ignore` (`#[hcl(ignore_unknown)]`). A body's value has exactly the
/// struct's properties; an attribute's object value may have others.
pub fn check_keys(value: &Value, at: At<'_>, keys: &[&str], ignore: bool) -> Result<(), Error> {
    if ignore {
        return Ok(());
    }
    // Exactly the struct's properties (a body's value always): one
    // comparison per key.
    if let ValueRef::Object(ot, _) = value.view()
        && ot.len() == keys.len()
        && ot
            .attrs()
            .iter()
            .zip(keys)
            .all(|((k, _), key)| &**k == *key)
    {
        return Ok(());
    }
    let Some(entries) = value.entries() else {
        return Ok(());
    };
    let mut errs = Errors::new();
    // Both sides are sorted (object attributes and map keys by byte
    // order, as the derive sorts `keys`): a merge walk, with a search only
    // for a key the walk does not find.
    let mut j = 0;
    for (k, _) in entries {
        while j < keys.len() && keys[j] < &**k {
            j += 1;
        }
        if keys.get(j) == Some(&&**k) || keys.binary_search(&&**k).is_ok() {
            continue;
        }
        let suggestion = did_you_mean(k, keys.iter().copied()).unwrap_or_default();
        let at_k = at.key_name(k);
        errs.push(at_k.coded_error(
            Code::UnsupportedAttribute,
            "Unsupported attribute",
            // The suggestion ends the sentence: no period after its
            // question mark.
            at.inappropriate(&format!("attribute {:?} is not expected here", &**k)) + &suggestion,
        ));
    }
    errs.finish(())
}

/// Property `name` of an object (or map) value, if it has one.
pub fn get(value: &Value, name: &str) -> Option<Value> {
    get_ref(value, name, usize::MAX).map(Cow::into_owned)
}

/// [`get`], borrowing the property where it can, and looking at attribute
/// position `hint` of an object first (see [`Slot`]).
fn get_ref<'v>(value: &'v Value, name: &str, hint: usize) -> Option<Cow<'v, Value>> {
    match value.view() {
        ValueRef::Object(..) => value.attr_ref_at(name, hint).map(Cow::Borrowed),
        ValueRef::Map(_) => Some(match value.map_entry_ref(name) {
            Some(v) => Cow::Borrowed(v),
            // A missing key indexes to a null of the element type.
            None => Cow::Owned(value.index(&Value::string(name))?),
        }),
        _ => None,
    }
}

/// Property `name` of an object value (null if absent).
pub fn property(value: &Value, name: &str) -> Value {
    property_ref(value, name, usize::MAX).into_owned()
}

/// [`property`], borrowing the property where it can ([`get_ref`]).
fn property_ref<'v>(value: &'v Value, name: &str, hint: usize) -> Cow<'v, Value> {
    get_ref(value, name, hint).unwrap_or_else(|| Cow::Owned(Value::null(Type::Dynamic)))
}

/// Where a field's property is: its position among the struct's properties
/// in declaration order (for traces), and where its name sorts among
/// theirs, which is its attribute's position in the decoded object's type
/// (a hint, checked: a look-up by name without a search).
#[derive(Clone, Copy, Debug)]
pub struct Slot {
    /// Declaration order.
    pub index: usize,
    /// Sorted order (the object type's).
    pub hint: usize,
}

/// An attribute field.
pub fn attr<T: HclDecode>(value: &Value, at: At<'_>, slot: Slot, name: &str) -> Result<T, Error> {
    let at_p = at.property(slot.index, name);
    match get_ref(value, name, slot.hint) {
        None if T::optional() => T::from_hcl(&Value::null(T::hcl_type()), at_p),
        // Only in an attribute's object value: the engine checks bodies.
        None => Err(at_p.coded_error(
            Code::IncorrectAttributeValueType,
            "Incorrect attribute value type",
            at.inappropriate(&format!("attribute {name:?} is required")),
        )),
        // Absent from a body: the engine has reported it.
        Some(v) if v.is_null() && at_p.is_absent() && !T::optional() => {
            Err(Error::unknown(at_p.diagnostic(
                "Missing required argument",
                format!("The argument {name:?} is required, but no definition was found."),
            )))
        }
        Some(v) => T::from_hcl(&v, at_p),
    }
}

/// An attribute field with a default for null.
pub fn attr_or<T: HclDecode>(
    value: &Value,
    at: At<'_>,
    slot: Slot,
    name: &str,
    default: impl FnOnce() -> T,
) -> Result<T, Error> {
    let v = property_ref(value, name, slot.hint);
    if v.is_null() {
        return Ok(default());
    }
    T::from_hcl(&v, at.property(slot.index, name))
}

/// A block field.
pub fn blocks<T: HclBlocks>(
    value: &Value,
    at: At<'_>,
    slot: Slot,
    opts: &BlockOptions,
) -> Result<T, Error> {
    let name = opts.type_name.as_str();
    T::from_blocks(
        &property_ref(value, name, slot.hint),
        at.property(slot.index, name),
        opts,
    )
}

/// A flattened struct: decoded from the same body.
pub fn flatten<T: HclDecode>(
    value: &Value,
    at: At<'_>,
    slot: Slot,
    name: &str,
) -> Result<T, Error> {
    let v = property_ref(value, name, slot.hint);
    // A flattened struct read from an attribute's object value has its
    // fields beside ours.
    if v.is_null() && !matches!(value.view(), ValueRef::Null) {
        return T::from_hcl(value, at);
    }
    T::from_hcl(&v, at.property(slot.index, name))
}

/// A `remain` field.
pub fn remain<T: HclRemain>(at: At<'_>) -> T {
    T::from_rest(at.rest())
}

/// Decodes a struct read as exactly one block.
pub fn struct_from_block<T: HclBody>(
    value: &Value,
    at: At<'_>,
    opts: &BlockOptions,
) -> Result<T, Error> {
    match single_from::<T>(value, at, opts, true)? {
        Some(t) => Ok(t),
        None => Err(missing_block(at, opts)),
    }
}

/// An enum of block types decoded from a whole body: exactly one of them.
pub fn variants_from_body<T: HclBody>(value: &Value, at: At<'_>) -> Result<T, Error> {
    let opts = BlockOptions::default();
    match single_from::<T>(value, at, &opts, true)? {
        Some(t) => Ok(t),
        None => Err(missing_block(at, &opts)),
    }
}

/// The variant of a unit-variant enum named by a string value.
pub fn unit_variant(value: &Value, at: At<'_>, names: &[&str]) -> Result<usize, Error> {
    let s = match known(value, at, "string")? {
        ValueRef::String(s) => s,
        _ => {
            return Err(at.type_error(&format!(
                "string required, not {}",
                value.ty().friendly_name()
            )));
        }
    };
    if let Some(i) = names.iter().position(|n| *n == s) {
        return Ok(i);
    }
    let list: Vec<String> = names.iter().map(|n| format!("{n:?}")).collect();
    let suggestion = name_suggestion(s, names.iter().copied())
        .map(|n| format!(" Did you mean {n:?}?"))
        .unwrap_or_default();
    Err(at.coded_error(
        Code::InvalidValue,
        "Invalid value",
        format!(
            "{} The value must be one of {}.{suggestion}",
            at.inappropriate(&format!("{s:?} is not a valid choice")),
            list.join(", ")
        ),
    ))
}
