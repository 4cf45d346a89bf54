//! Validation with [garde](https://docs.rs/garde) (feature `garde`): a
//! decoded value's failing rules reported at the positions their fields
//! were written at, rendered as the decoder's own errors are (file, line,
//! snippet; code [`Code::ValidationFailed`](hcldecode_spec::diag::Code)).
//!
//! garde names a failing field by its Rust path (`tasks[1].cpu`); the
//! decoded type maps that path to the attribute, block or element it was
//! read from ([`Decoded::locate`]), so a renamed field, a block list's
//! element or a block map's label lands where the user wrote it.
//!
//! ```
//! use garde::Validate;
//! use hcldecode::{Decoder, HclDecode};
//!
//! #[derive(HclDecode, Validate)]
//! struct Job {
//!     #[hcl(block, rename = "task")]
//!     #[garde(dive)]
//!     tasks: Vec<Task>,
//! }
//! #[derive(HclDecode, Validate)]
//! struct Task {
//!     #[hcl(label)]
//!     #[garde(length(min = 1))]
//!     name: String,
//!     #[garde(range(min = 1))]
//!     cpu: u32,
//! }
//!
//! let src = "task \"web\" {\n  cpu = 0\n}\n";
//! let job = Decoder::new().decode_str_with_source::<Job>(src, "job.hcl").unwrap();
//! let err = hcldecode::garde::validate(&job).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "Invalid value\n\n  on job.hcl line 2, in task \"web\":\n   2:   cpu = 0\n\ntasks[0].cpu: lower than 1."
//! );
//! ```

use ::garde::Validate;
use ::garde::error::Kind;

use crate::Error;
use crate::typed::{Decoded, HclDecode, PathSegment};
use crate::validation::{Finding, findings_error};

/// Validates the decoded value with its default context: each failing
/// rule one error at its field's position, in source order.
pub fn validate<T>(decoded: &Decoded<T>) -> Result<(), Error>
where
    T: HclDecode + Validate,
    T::Context: Default,
{
    validate_with(decoded, &T::Context::default())
}

/// [`validate`] with the context the rules are given.
pub fn validate_with<T: HclDecode + Validate>(
    decoded: &Decoded<T>,
    ctx: &T::Context,
) -> Result<(), Error> {
    match (**decoded).validate_with(ctx) {
        Ok(()) => Ok(()),
        Err(report) => Err(report_error(decoded, &report)),
    }
}

/// The error for a garde report about `decoded` (as [`validate`] gives
/// it), for a report made some other way (`validate_into`, say).
pub fn report_error<T: HclDecode>(decoded: &Decoded<T>, report: &::garde::Report) -> Error {
    let findings: Vec<Finding<'_>> = report
        .iter()
        .map(|(path, error)| Finding {
            path: segments(path),
            message: error.message().to_string(),
        })
        .collect();
    findings_error(decoded, &findings)
}

/// A garde path's steps, outermost first. garde gives them innermost
/// first through `__iter`, its only way to read a path's parts (the
/// `serde` form needs its `serde` feature and a serializer); a part with
/// no key (an `Option`'s or a newtype's inner value) is no step.
fn segments(path: &::garde::error::Path) -> Vec<PathSegment<'_>> {
    path.__iter()
        .rev()
        .filter_map(|(kind, part)| match kind {
            Kind::Key => Some(PathSegment::Key(part.as_str())),
            Kind::Index => part.parse().ok().map(PathSegment::Index),
            Kind::None => None,
        })
        .collect()
}
