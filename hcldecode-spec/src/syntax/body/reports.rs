//! The diagnostics every syntax's bodies report alike: a missing required
//! argument, a duplicate one.

use super::{Attribute, BodySchema, MissingItem};
use crate::diagnostic::{Code, Diagnostic, Diagnostics};

/// How a single body words a required argument it lacks.
pub(super) const NOT_FOUND: &str = "no definition was found";

/// "Missing required argument" at `missing` for each required attribute
/// of `schema` that `attributes` (in schema order) lacks; the detail ends
/// "but {not_found}.".
pub(super) fn report_missing_required(
    schema: &BodySchema,
    attributes: &[Option<Attribute<'_>>],
    missing: &MissingItem<'_>,
    not_found: &str,
    diags: &mut Diagnostics,
) {
    for (s, found) in schema.attributes.iter().zip(attributes) {
        if s.required && found.is_none() {
            diags.push(
                Diagnostic::error(
                    "Missing required argument",
                    format!("The argument {:?} is required, but {not_found}.", s.name),
                )
                .with_code(Code::MissingRequiredArgument)
                .with_subject(missing.range())
                .with_suggestion(Some(&s.name)),
            );
        }
    }
}

pub(super) fn duplicate_argument(prev: &Attribute<'_>, attr: &Attribute<'_>) -> Diagnostic {
    Diagnostic::error(
        "Duplicate argument",
        format!(
            "Argument {:?} was already set at {}",
            attr.name,
            prev.name_range()
        ),
    )
    .with_code(Code::DuplicateArgument)
    .with_subject(attr.name_range())
}
