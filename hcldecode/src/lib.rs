//! hcldecode: decode HCL configuration against a spec into typed Rust
//! values or JSON, with diagnostics as good as Terraform's.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod function;
pub mod value;

pub use hcldecode_spec::diag::{Diagnostic, Diagnostics, Severity};
pub use hcldecode_spec::source::{Pos, Range, SourceFile, Span};
pub use hcldecode_spec::types::{ObjectType, Type};
pub use value::{Number, Value};
