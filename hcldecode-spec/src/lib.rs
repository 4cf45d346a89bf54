//! The static layer of hcldecode: everything known about an HCL
//! configuration without evaluating it.
//!
//! - source files, spans and ranges: [`source`];
//! - diagnostics: [`diag`];
//! - the native and JSON syntaxes, parsed into trees with ranges: [`syntax`];
//! - canonical formatting of native syntax (`hclwrite.Format`): [`format`];
//! - the type system and type constraints: [`types`];
//! - values and their conversions, cty's information model: [`value`];
//! - the values of literal syntax, known without evaluation: [`literal`];
//! - spec trees and the spec-file loader: [`spec`].
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod diag;
mod diagnostic;
pub mod format;
pub mod go_quote;
pub mod json_text;
pub mod literal;
mod name_map;
mod ranges;
pub mod source;
pub mod spec;
pub mod syntax;
#[doc(hidden)] // shared with the dynamic layer, not an API of its own
pub mod threads;
pub mod type_mismatch;
pub mod types;
pub mod value;
