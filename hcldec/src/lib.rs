//! The `hcldec` command: HashiCorp's Go `hcldec`, flag for flag, on
//! [`hcldecode`].
//!
//! The command is a package of its own so that library users of
//! `hcldecode` compile none of what only the command needs (argument
//! parsing, the terminal-size probe, output files). [`run`] runs it with
//! any arguments and streams, which is how its tests drive it.
//!
//! ```
//! let mut out = Vec::new();
//! let mut err = Vec::new();
//! let args = ["--version"].map(std::ffi::OsString::from);
//! let status = hcldec::run(&args, &mut std::io::empty(), &mut out, &mut err, false, 80);
//! assert_eq!(status, 0);
//! assert_eq!(String::from_utf8(out).unwrap().trim(), env!("CARGO_PKG_VERSION"));
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod args;
mod cli;
use hcldecode_output as output;

pub use cli::{main, run};
