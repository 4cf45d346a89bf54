//! Planned conversions' types: the tree of plan nodes and the public
//! handle on one, which conversion, unification and their users share.

use std::sync::Arc;

use crate::types::{ObjectType, Type};

pub(super) type ConvRef = Arc<Conv>;

/// A conversion to `out` (cty's `getConversion` wrapper: dynamic targets
/// pass through, nulls and unknowns become nulls and unknowns of the target
/// type, everything else goes to `kind`).
pub(super) struct Conv {
    pub(super) out: Type,
    pub(super) kind: Kind,
}

pub(super) enum Kind {
    /// cty `dynamicPassthrough`.
    Passthrough,
    /// cty `dynamicFixup`: the input is of the dynamic pseudo-type.
    DynamicFixup(Type),
    NumberToString,
    BoolToString,
    StringToNumber,
    StringToBool,
    /// For each attribute of `out`: its index in the input type and its
    /// conversion (`None` when the types are equal).
    ObjectToObject {
        out: Arc<ObjectType>,
        attrs: Box<[(usize, Option<ConvRef>)]>,
        out_has_dynamic: bool,
    },
    TupleToTuple(Box<[Option<ConvRef>]>),
    CollectionToList {
        ety: Type,
        conv: Option<ConvRef>,
    },
    CollectionToSet {
        ety: Type,
        conv: Option<ConvRef>,
    },
    CollectionToMap {
        ety: Type,
        conv: Option<ConvRef>,
    },
    TupleToListEmpty(Type),
    TupleToSetEmpty(Type),
    TupleToList {
        convs: Box<[Option<ConvRef>]>,
        unsafe_: bool,
    },
    TupleToSet(Box<[Option<ConvRef>]>),
    ObjectToMapEmpty(Type),
    /// Conversions per input attribute.
    ObjectToMap {
        ety: Type,
        convs: Box<[Option<ConvRef>]>,
        unsafe_: bool,
    },
    /// Conversions per output attribute.
    MapToObject {
        out: Arc<ObjectType>,
        convs: Box<[Option<ConvRef>]>,
    },
}

/// A conversion planned between two types (cty `convert.Conversion`).
/// Cheap to clone.
#[derive(Clone)]
pub struct Conversion(pub(super) Arc<PubConv>);

pub(super) enum PubConv {
    /// A planned conversion (cty `retConversion(getConversion(...))`).
    Plan(ConvRef),
    /// Unification with the dynamic pseudo-type: every value becomes
    /// [`Value::dynamic`].
    AllDynamic,
    /// One conversion then another (unification of tuples as lists and of
    /// objects as maps).
    Then(Conversion, Conversion),
}
