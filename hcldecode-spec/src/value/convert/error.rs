//! Why a conversion failed.

use crate::value::Path;

/// Why a conversion failed: cty's `PathError` from `convert.Convert`.
#[derive(Clone, Debug, PartialEq)]
pub struct ConvertError {
    /// Where in the value the problem is (empty for the value itself).
    pub path: Path,
    /// cty's message, e.g. `a number is required`.
    pub message: String,
}
