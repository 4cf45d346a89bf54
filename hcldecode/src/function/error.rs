//! Why a function call failed: [`FunctionError`].

use std::fmt;

/// Why a function call failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FunctionError {
    /// A problem with one argument (cty `ArgError`): HCL reports it at that
    /// argument as `Invalid value for "<param>" parameter: <message>.`.
    /// The index counts all arguments, variadic ones included.
    Arg {
        /// The argument's position.
        index: usize,
        /// cty's message.
        message: String,
    },
    /// Any other failure: HCL reports it as `Call to function "<name>"
    /// failed: <message>.`.
    Call(String),
    /// What cty reports as a `PanicError` (a Go runtime panic inside the
    /// implementation, e.g. `int` of an infinity). The Go text also carries
    /// a stack trace, which has no equivalent here.
    Panic(String),
    /// The result would exceed the evaluation limits
    /// ([`Limits`](crate::eval::Limits)); reported as "Result too large"
    /// at the call. The text says which limit.
    ResultTooLarge(String),
}

impl FunctionError {
    /// An error about argument `index`.
    pub fn arg(index: usize, message: impl Into<String>) -> FunctionError {
        FunctionError::Arg {
            index,
            message: message.into(),
        }
    }

    /// A general call error.
    pub fn call(message: impl Into<String>) -> FunctionError {
        FunctionError::Call(message.into())
    }

    /// The argument at fault, for [`FunctionError::Arg`].
    pub fn arg_index(&self) -> Option<usize> {
        match self {
            FunctionError::Arg { index, .. } => Some(*index),
            _ => None,
        }
    }
}

impl fmt::Display for FunctionError {
    /// The message as cty's `err.Error()` gives it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FunctionError::Arg { message, .. } | FunctionError::Call(message) => {
                f.write_str(message)
            }
            FunctionError::Panic(m) => write!(f, "panic in function implementation: {m}"),
            FunctionError::ResultTooLarge(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for FunctionError {}
