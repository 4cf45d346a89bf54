//! Validation with [validator](https://docs.rs/validator) (feature
//! `validator`): a decoded value's failing rules reported at the
//! positions their fields were written at, rendered as the decoder's own
//! errors are (file, line, snippet; code
//! [`Code::ValidationFailed`](hcldecode_spec::diag::Code)).
//!
//! validator names a failing field by its Rust path (nested structs and
//! lists of them with `#[validate(nested)]`); the decoded type maps that
//! path to the attribute, block or element it was read from
//! ([`Decoded::locate`]). validator keeps its findings in a hash map: they
//! are reported in source order.
//!
//! ```
//! use hcldecode::{Decoder, HclDecode};
//! use validator::Validate;
//!
//! #[derive(HclDecode, Validate)]
//! struct Server {
//!     #[hcl(rename = "listen_port")]
//!     #[validate(range(min = 1024, message = "must not be a privileged port"))]
//!     port: u16,
//! }
//!
//! let src = "listen_port = 80\n";
//! let server = Decoder::new().decode_str_with_source::<Server>(src, "server.hcl").unwrap();
//! let err = hcldecode::validator::validate(&server).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "Invalid value\n\n  on server.hcl line 1:\n   1: listen_port = 80\n\nport: must not be a privileged port."
//! );
//! ```

use std::borrow::Cow;

use ::validator::{Validate, ValidationError, ValidationErrors, ValidationErrorsKind};

use crate::Error;
use crate::typed::{Decoded, HclDecode, PathSegment};
use crate::validation::{Finding, findings_error};

/// Validates the decoded value: each failing rule one error at its
/// field's position, in source order.
pub fn validate<T: HclDecode + Validate>(decoded: &Decoded<T>) -> Result<(), Error> {
    match (**decoded).validate() {
        Ok(()) => Ok(()),
        Err(errors) => Err(errors_error(decoded, &errors)),
    }
}

/// The error for validator's errors about `decoded` (as [`validate`]
/// gives it), for errors found some other way (`validate_with_args`, say).
pub fn errors_error<T: HclDecode>(decoded: &Decoded<T>, errors: &ValidationErrors) -> Error {
    let mut found = Vec::new();
    collect(errors, &mut Vec::new(), &mut found);
    let findings: Vec<Finding<'_>> = found
        .into_iter()
        .map(|(path, e)| Finding {
            path,
            message: message(e),
        })
        .collect();
    findings_error(decoded, &findings)
}

/// Every finding of `errors`, with its path below `prefix`.
fn collect<'a>(
    errors: &'a ValidationErrors,
    prefix: &mut Vec<PathSegment<'a>>,
    out: &mut Vec<(Vec<PathSegment<'a>>, &'a ValidationError)>,
) {
    for (field, kind) in errors.errors() {
        // A struct-level rule (`#[validate(schema(...))]`) is about the
        // struct itself.
        let step = (field != "__all__").then_some(PathSegment::Key(field.as_ref()));
        prefix.extend(step);
        match kind {
            ValidationErrorsKind::Field(list) => {
                out.extend(list.iter().map(|e| (prefix.clone(), e)));
            }
            ValidationErrorsKind::Struct(inner) => collect(inner, prefix, out),
            ValidationErrorsKind::List(items) => {
                for (i, inner) in items {
                    prefix.push(PathSegment::Index(*i));
                    collect(inner, prefix, out);
                    prefix.pop();
                }
            }
        }
        if step.is_some() {
            prefix.pop();
        }
    }
}

/// A finding's message: the rule's own, or its code and parameters
/// (`range (min = 1024, value = 80)`), the parameters in name order.
fn message(e: &ValidationError) -> String {
    if let Some(m) = &e.message {
        return m.to_string();
    }
    let mut params: Vec<(&Cow<'static, str>, String)> =
        e.params.iter().map(|(k, v)| (k, v.to_string())).collect();
    params.sort();
    if params.is_empty() {
        return format!("fails the {} rule", e.code);
    }
    let params: Vec<String> = params.iter().map(|(k, v)| format!("{k} = {v}")).collect();
    format!("fails the {} rule ({})", e.code, params.join(", "))
}
