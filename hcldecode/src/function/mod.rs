//! Functions callable from HCL expressions (a port of go-cty's `function`
//! package), and the standard library hcldec uses ([`stdlib`]).
//!
//! A [`Function`] is built from a [`FunctionSpec`]: parameters with their
//! type constraints and what they accept (nulls, unknowns, values of the
//! dynamic pseudo-type), an optional variadic parameter, a return type
//! (static or computed from the arguments) and an implementation. Both
//! callbacks are Rust closures, so functions can be defined by library
//! users and by the evaluator (hcldec spec files' `function` blocks).
//!
//! [`Function::call`] checks the arguments as cty does (count, nulls, type
//! conformance), short-circuits unknown arguments to an unknown result, and
//! runs the implementation. It does **not** convert arguments to the
//! parameter types: as in HCL, the caller does that first (with
//! [`convert`](crate::value::convert::convert)).
//!
//! ```
//! use hcldecode::function::{Function, FunctionSpec, Parameter, ReturnType};
//! use hcldecode::value::Value;
//! use hcldecode::Type;
//! let twice = Function::new(FunctionSpec {
//!     description: "Repeats a string.".into(),
//!     params: vec![Parameter::new("s", Type::String)],
//!     var_param: None,
//!     return_type: ReturnType::Static(Type::String),
//!     implementation: Box::new(|args, _ret| {
//!         let s = args[0].as_str().unwrap_or_default();
//!         Ok(Value::string(format!("{s}{s}")))
//!     }),
//! });
//! assert_eq!(twice.call(&[Value::string("ab")]).unwrap(), Value::string("abab"));
//! assert_eq!(twice.call(&[Value::unknown(Type::String)]).unwrap(), Value::unknown(Type::String));
//! let e = twice.call(&[Value::null(Type::String)]).unwrap_err();
//! assert_eq!((e.arg_index(), e.to_string().as_str()), (Some(0), "argument must not be null"));
//! ```

pub(crate) mod call_context;
#[cfg(feature = "cidr")]
mod cidr;
#[cfg(feature = "crypto")]
mod crypto;
#[cfg(any(feature = "encoding", feature = "crypto", feature = "filesystem"))]
mod encoding;
mod error;
#[cfg(feature = "filesystem")]
mod filesystem;
mod fs_config;
mod library;
mod signature;
pub mod stdlib;
#[cfg(feature = "terraform")]
mod terraform;
#[cfg(feature = "uuid")]
mod uuid;

pub(crate) use call_context::CallContext;
pub use error::FunctionError;
pub use library::{DEFAULT_MAX_FILE_BYTES, FunctionSet, Functions};
pub(crate) use signature::Special;
pub use signature::{Function, FunctionSpec, ImplFn, Parameter, ReturnType, TypeFn};
#[cfg(feature = "terraform")]
pub use terraform::MAX_TEMPLATE_DEPTH;
