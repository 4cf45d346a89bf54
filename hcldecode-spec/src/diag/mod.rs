//! Diagnostics: errors and warnings with a summary, a detail and the source
//! range they concern, as HCL reports them, and their renderings (text
//! with snippets, JSON, miette). The data is defined below the syntax that
//! reports it; the renderings show syntax (snippets, "in BLOCK" context),
//! so they sit above it.

pub use crate::diagnostic::{Code, Diagnostic, Diagnostics, IntoResult, Severity};

#[cfg(feature = "miette")]
pub mod miette;
pub mod render;
pub mod wording;
