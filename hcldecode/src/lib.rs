//! hcldecode: decode HCL configuration against a spec into typed Rust
//! values or JSON, with diagnostics as good as Terraform's.
//!
//! - [`parse`] reads native-syntax and JSON-syntax files into bodies;
//! - [`spec_file`] loads hcldec spec files;
//! - [`decode`] decodes a body with a spec into a [`Value`];
//! - [`eval`] evaluates expressions in a context of variables and functions;
//! - [`value`] and [`function`] are the HCL information model's values,
//!   conversions and functions;
//! - [`cli`] is the `hcldec` command.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod cli;
pub mod decode;
pub mod eval;
pub mod function;
mod json;
pub mod output;
pub mod parse;
pub mod spec_file;
pub mod spec_values;
pub mod value;

pub use hcldecode_spec::diag::{Diagnostic, Diagnostics, Severity};
pub use hcldecode_spec::source::{Pos, Range, SourceFile, Span};
pub use hcldecode_spec::spec::Spec;
pub use hcldecode_spec::syntax::body::Body;
pub use hcldecode_spec::syntax::expr::Expression;
pub use hcldecode_spec::types::{ObjectType, Type};
pub use parse::parse_expression;
pub use value::{Number, Value};
