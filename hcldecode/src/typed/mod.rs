//! Typed decoding: configuration straight into Rust types, with
//! `#[derive(HclDecode)]` (see [`derive_reference`] for every attribute).
//!
//! ```
//! use std::collections::HashMap;
//! use hcldecode::HclDecode;
//!
//! #[derive(HclDecode, Debug)]
//! struct Config {
//!     name: String,
//!     port: Option<u16>,
//!     #[hcl(block, rename = "service")]
//!     services: Vec<Service>,
//! }
//! #[derive(HclDecode, Debug)]
//! struct Service {
//!     #[hcl(label)]
//!     name: String,
//!     tags: HashMap<String, String>,
//! }
//!
//! let cfg: Config = hcldecode::from_str(r#"
//! name = "web"
//! service "api" {
//!   tags = { tier = "backend" }
//! }
//! "#, "app.hcl").unwrap();
//! assert_eq!(cfg.name, "web");
//! assert_eq!(cfg.port, None);
//! assert_eq!(cfg.services[0].name, "api");
//! assert_eq!(cfg.services[0].tags["tier"], "backend");
//! ```
//!
//! # How it works
//!
//! A type's [`HclDecode::spec`] is an ordinary [`Spec`](crate::Spec)
//! tree, the one a spec file with the same meaning would load to (print
//! it with [`Spec::to_spec_file`](crate::Spec::to_spec_file)). Decoding runs the one shared engine
//! ([`crate::decode`]) with that spec, so every diagnostic the engine gives
//! is the one `hcldec` gives for the same spec file. The engine also
//! records a [`Trace`](crate::decode::Trace) of where each part of the
//! value came from; [`HclDecode::from_hcl`] then builds the Rust value from
//! the decoded [`Value`](crate::Value), reporting what only Rust types can check (an
//! integer out of range, an unknown enum variant, a custom scalar that does
//! not parse) at the source range the trace gives ([`At`]).
//!
//! Raw [`Expression`](crate::Expression) fields and `remain` bodies, which
//! HCL values cannot hold, are decode hooks on the spec
//! ([`DecodeHook`](crate::decode::DecodeHook)): the engine leaves the
//! expression unevaluated, or decodes the body partially, and the trace
//! hands them over.

mod at;
pub(crate) mod blocks;
mod decoder;
mod hcl_decode;
pub(crate) mod impls;
pub(crate) mod locate;
pub(crate) mod plan;
mod scope;
mod spanned;
mod tag_spec;
pub(crate) mod variant_read;

#[doc = include_str!("derive_reference.md")]
pub mod derive_reference {}

pub use crate::error::{Error, Errors};
pub use at::At;
pub use blocks::{BlockOptions, BodyShape, HclBlocks, HclBody, HclKeyed, HclRemain, HclTagged};
pub use decoder::{Decoded, Decoder, from_path, from_str};
pub use hcl_decode::HclDecode;
pub use locate::{PathSegment, locate_any};
pub(crate) use plan::Internals;
pub use spanned::Spanned;

pub use hcldecode_spec::spec::type_constraint::OptionalAttrs;
pub use hcldecode_spec::spec::{JsonSchemaOptions, ValueConstraint};

/// The JSON Schema of the HCL JSON syntax `T` is decoded from (see
/// [`Spec::to_json_schema`](crate::Spec::to_json_schema)), for editors of
/// `.hcl.json` files, without dynamic blocks ([`Decoder::json_schema`]
/// follows the decoder's options). Beyond the spec, it knows what the Rust types check
/// ([`HclDecode::hcl_constraint`]): an integer's range, a unit enum's
/// names, a struct's attributes as an attribute value, whether null is
/// allowed; the body of a `tag = "label"` block is described per label
/// value. A body with a `remain` field allows any other property.
///
/// ```
/// #[derive(hcldecode::HclDecode)]
/// enum Mode { Host, Bridge }
/// #[derive(hcldecode::HclDecode)]
/// struct Net {
///     mode: Mode,
///     port: u16,
/// }
/// let schema = hcldecode::typed::json_schema::<Net>();
/// assert!(schema.contains("\"enum\": [\"host\", \"bridge\"]"));
/// assert!(schema.contains("\"maximum\": 65535"));
/// ```
///
/// ```
/// #[derive(hcldecode::HclDecode)]
/// struct Config {
///     name: String,
///     port: Option<u16>,
/// }
/// let schema = hcldecode::typed::json_schema::<Config>();
/// assert!(schema.contains("\"required\": [\"name\"]"));
/// assert!(schema.contains("\"additionalProperties\": false"));
///
/// #[derive(hcldecode::HclDecode)]
/// struct Open {
///     name: String,
///     #[hcl(remain)]
///     rest: hcldecode::Body,
/// }
/// let schema = hcldecode::typed::json_schema::<Open>();
/// assert!(schema.contains("\"additionalProperties\": true"));
/// ```
pub fn json_schema<T: HclDecode>() -> String {
    T::spec().to_json_schema()
}
