//! The static layer of hcldecode: everything known about an HCL
//! configuration without evaluating it.
//!
//! - [`source`]: source files, spans and ranges;
//! - [`diag`]: diagnostics;
//! - [`syntax`]: the native and JSON syntaxes, parsed into trees with ranges;
//! - [`types`]: the type system and type constraints.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod diag;
pub mod json_text;
pub mod source;
pub mod syntax;
pub mod types;
