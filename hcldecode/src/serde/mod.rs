//! The bridge to serde (feature `serde`).
//!
//! - [`Value`](crate::Value) and [`Number`](crate::Number) implement
//!   `Serialize` and `Deserialize` (numbers exact where the format can
//!   carry them: see [`value`]);
//! - [`ValueDeserializer`] deserializes a decoded value into any
//!   `T: Deserialize` with errors at source ranges, and [`from_value_at`]
//!   with every error it can find, not only the first (a value that does
//!   not fit what `T` asked for is recorded, and decoding carries on); a
//!   field `#[hcl(serde)] x: T` of a derived type decodes through it, and
//!   so does [`Serde<T>`];
//! - [`from_str`] decodes without a schema, straight into serde types laid
//!   out as hcl-rs lays bodies out, with HCL's evaluation and ranged
//!   diagnostics ([`Options`] for variables, functions and the block
//!   layout);
//! - [`to_string`] writes serde types back as HCL text in that layout
//!   (through [`to_value`] and [`crate::encode`]);
//! - with the `serde-spanned` feature, a `serde_spanned::Spanned<T>` in
//!   a serde type (through [`from_str`] or an `#[hcl(serde)]` field) gets
//!   the byte range its value was written at, as toml gives it (a block:
//!   its header).
//!
//! ```
//! use hcldecode::HclDecode;
//! #[derive(serde::Deserialize, Debug, PartialEq)]
//! #[serde(rename_all = "lowercase")]
//! enum Level { Debug, Info }
//! #[derive(HclDecode, Debug)]
//! struct Config {
//!     #[hcl(serde)]
//!     level: Level,
//! }
//! let c: Config = hcldecode::from_str("level = \"info\"\n", "app.hcl").unwrap();
//! assert_eq!(c.level, Level::Info);
//! let e = hcldecode::from_str::<Config>("level = \"loud\"\n", "app.hcl").unwrap_err();
//! assert_eq!(e.diagnostics()[0].subject.as_ref().unwrap().to_string(), "app.hcl:1,9-15");
//! assert!(e.diagnostics()[0].detail.contains("Unknown variant `loud`"));
//! ```

mod body;
mod de;
pub(crate) mod encode_field;
mod ser;
pub use hcldecode_spec::value::serde as value;

#[cfg_attr(not(feature = "figment"), allow(unused_imports))]
pub(crate) use body::error_at_key;
pub use body::{Options, from_path, from_str};
pub use de::{Serde, ValueDeserializer, from_value, from_value_at};
pub use ser::{to_string, to_string_by_spec, to_value};
