//! Support for the code `#[derive(HclDecode)]` and `#[derive(HclEncode)]`
//! generate, in one module as serde keeps one: not public API, and not
//! covered by semver (the derive and this crate are released together).
//!
//! - [`spec`]: a derived type's spec, from the builder the derive's
//!   compile-time check shares (`hcldecode_spec::spec::field`);
//! - [`read`]: decoding the type from the value its spec decoded;
//! - [`direct`]: reading it straight from a body its spec matches;
//! - [`probe`]: reaching a field type's trait impls;
//! - [`encode`]: writing it (`#[derive(HclEncode)]`);
//! - [`encode_stream`]: writing it straight to its text;
//! - `serde`: `serde` fields (with the `serde` feature).
//!
//! Here, the vocabulary the generated code names.

pub mod direct;
pub mod encode;
pub mod encode_stream;
pub mod probe;
pub mod read;
#[cfg(feature = "serde")]
pub mod serde;
pub mod spec;

pub use crate::decode::DecodeHook;
pub use crate::decode::direct::DirectBody;
pub use crate::eval::literal::LiteralExpr;
pub use crate::typed::plan::{Internals, TypePlan};
pub use crate::typed::variant_read::VariantRead;
pub use crate::typed::{
    At, BlockOptions, BodyShape, Error, Errors, HclBlocks, HclBody, HclDecode, HclKeyed, HclRemain,
    HclTagged, OptionalAttrs, PathSegment, ValueConstraint,
};
pub use crate::value::Value;
pub use crate::{ObjectType, Type};
pub use hcldecode_spec::source::Range;
pub use hcldecode_spec::spec::{
    AttrSpec, BlockAttrsSpec, BlockLabelSpec, BlockSpec, ObjectSpec, Spec,
};
pub use hcldecode_spec::syntax::body::Body;
