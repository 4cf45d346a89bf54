//! HCL native syntax: `name = expr` attributes, `type "label" { }` blocks,
//! expressions and templates.

pub mod ast;
