//! Configurations that refer to themselves: `variable` blocks (inputs with
//! types, defaults and validation rules, values given from outside) and
//! `locals` blocks (named values computed from variables and each other),
//! seen by the rest of the configuration as `var.NAME` and `local.NAME`.
//!
//! A schema declares them on block fields (`#[hcl(block, variables =
//! "var")]` on a `Vec<Variable>`, `#[hcl(block, locals = "local")]` on a
//! `Vec<Locals>`). Before the rest of the body is decoded, the decoder
//! (see [`Decoder::variable`](crate::Decoder::variable_value) and friends
//! for the values given from outside):
//!
//! - gives each variable its value: the value given from outside (API
//!   values over files of values over the environment) or its default,
//!   converted to its `type` constraint (`optional(...)` defaults
//!   applied); a variable with neither is an error at its block; a null
//!   where `nullable = false` is an error;
//! - checks its `validation { condition, error_message }` rules, each
//!   failing condition an error at the condition with the message;
//! - evaluates the local values in the order of their references, not of
//!   the text (across `locals` blocks and files): a cycle is one error
//!   naming every member, and a local that fails is reported once (what
//!   refers to it is unknown, and unknowns make no further errors);
//! - reports each reference to an undeclared `var.X` or `local.Y` with a
//!   "Did you mean" over the declared names.
//!
//! Values are never printed in these diagnostics, so `sensitive` values
//! cannot leak through them.
//!
//! ```
//! use hcldecode::namespaces::{Locals, Variable};
//! use hcldecode::{Decoder, HclDecode, Value};
//! #[derive(HclDecode)]
//! struct Config {
//!     #[hcl(block, variables = "var")]
//!     variable: Vec<Variable>,
//!     #[hcl(block, locals = "local")]
//!     locals: Vec<Locals>,
//!     bucket: String,
//! }
//! let src = r#"
//! variable "region" {
//!   type    = string
//!   default = "eu"
//! }
//! locals {
//!   name = "logs-${local.env}-${var.region}"
//!   env  = "prod"
//! }
//! bucket = local.name
//! "#;
//! let cfg: Config = Decoder::new().decode_str(src, "main.hcl").unwrap();
//! assert_eq!(cfg.bucket, "logs-prod-eu");
//! let cfg: Config = Decoder::new()
//!     .variable_value("region", Value::string("us"))
//!     .decode_str(src, "main.hcl")
//!     .unwrap();
//! assert_eq!(cfg.bucket, "logs-prod-us");
//! ```

#[cfg(feature = "derive")]
use crate::{Body, Expression, HclDecode, HclEncode, Value};

pub use crate::declare::{Namespace, NamespaceKind, VariableInputs};

#[cfg(feature = "derive")]
fn yes() -> bool {
    true
}

#[cfg(feature = "derive")]
/// A `variable "NAME" { ... }` block, as Terraform's: its type constraint,
/// default, description, whether it is sensitive or nullable, and its
/// validation rules. The decoder gives it its value before the rest of the
/// body is decoded; this is the declaration, for the application (and
/// tools) to read.
///
/// ```
/// use hcldecode::namespaces::Variable;
/// #[derive(hcldecode::HclDecode)]
/// struct Config {
///     #[hcl(block, variables = "var")]
///     variable: Vec<Variable>,
/// }
/// let src = "variable \"token\" {\n  type      = string\n  sensitive = true\n  default   = \"x\"\n}\n";
/// let cfg: Config = hcldecode::from_str(src, "vars.hcl").unwrap();
/// let token = &cfg.variable[0];
/// assert_eq!(token.name, "token");
/// assert!(token.sensitive);
/// assert_eq!(token.type_.as_ref().unwrap().source_text(), "string");
/// ```
#[derive(HclDecode, HclEncode, Clone, Debug)]
pub struct Variable {
    /// The name, `var.NAME`.
    #[hcl(label)]
    pub name: String,
    /// The type constraint as written (`string`, `list(object({...}))`);
    /// none: any value.
    #[hcl(rename = "type")]
    pub type_: Option<Expression>,
    /// The default value (as written, before conversion to the type).
    pub default: Option<Value>,
    /// What it is for.
    pub description: Option<String>,
    /// A value the application should not show (the decoder's own
    /// diagnostics never print values).
    #[hcl(default)]
    pub sensitive: bool,
    /// Whether the value may be null.
    #[hcl(default = "yes")]
    pub nullable: bool,
    /// Conditions the value must meet.
    #[hcl(block)]
    pub validation: Vec<Validation>,
}

#[cfg(feature = "derive")]
/// A `validation { condition = ..., error_message = "..." }` block of a
/// [`Variable`].
#[derive(HclDecode, HclEncode, Clone, Debug)]
pub struct Validation {
    /// A boolean expression over the variables.
    pub condition: Expression,
    /// The error shown when it is false.
    pub error_message: String,
}

#[cfg(feature = "derive")]
/// A `locals { ... }` block: each attribute a local value.
///
/// ```
/// use hcldecode::namespaces::Locals;
/// #[derive(hcldecode::HclDecode)]
/// struct Config {
///     #[hcl(block, locals = "local")]
///     locals: Vec<Locals>,
///     name: String,
/// }
/// let cfg: Config = hcldecode::from_str("locals {\n  a = \"x\"\n}\nname = local.a\n", "m.hcl").unwrap();
/// assert_eq!(cfg.name, "x");
/// assert_eq!(cfg.locals.len(), 1);
/// ```
#[derive(HclDecode, HclEncode, Clone, Debug)]
pub struct Locals {
    /// The block's attributes, as written.
    #[hcl(remain)]
    pub attributes: Body,
}
