//! The library's wording where HashiCorp's is ungrammatical. The engine
//! words its diagnostics as the reference does, because `hcldec` must
//! print the reference's text byte for byte (the conformance corpus pins
//! it); the library's own routes (typed decoding, spec files decoded into
//! an [`Error`](../../hcldecode/struct.Error.html), the language server)
//! pass each diagnostic through [`improve`] once, which corrects the
//! grammar of the few reference messages that need it, chosen by code.
//! docs/deviations.md lists each.

use crate::diagnostic::{Code, Diagnostic};

/// Corrects the reference's grammar in `d`, where its code is one of
/// those whose reference text is ungrammatical; other diagnostics, and
/// texts already corrected, are left as they are.
///
/// ```
/// use hcldecode_spec::diag::wording::improve;
/// use hcldecode_spec::diag::{Code, Diagnostic};
/// let mut d = Diagnostic::error(
///     "Insufficient service blocks",
///     "At least 1 \"service\" blocks are required.",
/// )
/// .with_code(Code::InsufficientBlocks);
/// improve(&mut d);
/// assert_eq!(d.detail, "At least 1 \"service\" block is required.");
/// ```
pub fn improve(d: &mut Diagnostic) {
    match d.code {
        // "Unconsistent argument types in step blocks".
        Some(Code::InconsistentBlockTypes) => {
            if let Some(rest) = d.summary.strip_prefix("Unconsistent ") {
                d.summary = format!("Inconsistent {rest}");
            }
        }
        // "Only 1 labels (name) are expected for step blocks."
        Some(Code::ExtraneousLabel) => {
            if let Some(rest) = d.detail.strip_prefix("Only 1 labels (") {
                let rest = rest.replacen(") are expected", ") is expected", 1);
                d.detail = format!("Only 1 label ({rest}");
            }
        }
        // "At least 1 \"service\" blocks are required."
        Some(Code::InsufficientBlocks) => {
            singular_count(
                &mut d.detail,
                "At least 1 ",
                " blocks are required.",
                " block is required.",
            );
        }
        // "No more than 1 \"service\" blocks are allowed" (no full stop).
        Some(Code::TooManyBlocks) => {
            if !d.detail.ends_with('.') && d.detail.starts_with("No more than ") {
                d.detail.push('.');
            }
            singular_count(
                &mut d.detail,
                "No more than 1 ",
                " blocks are allowed.",
                " block is allowed.",
            );
        }
        _ => {}
    }
}

/// `text` with its plural `tail` made `singular` where it begins `head`
/// (a count of one).
fn singular_count(text: &mut String, head: &str, tail: &str, singular: &str) {
    if text.starts_with(head)
        && let Some(body) = text.strip_suffix(tail)
    {
        *text = format!("{body}{singular}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn improved(code: Code, summary: &str, detail: &str) -> (String, String) {
        let mut d = Diagnostic::error(summary, detail).with_code(code);
        improve(&mut d);
        (d.summary, d.detail)
    }

    #[test]
    fn the_references_ungrammatical_messages_are_corrected() {
        assert_eq!(
            improved(
                Code::InconsistentBlockTypes,
                "Unconsistent argument types in step blocks",
                "d"
            ),
            (
                "Inconsistent argument types in step blocks".into(),
                "d".into()
            )
        );
        assert_eq!(
            improved(
                Code::ExtraneousLabel,
                "Extraneous label for step",
                "Only 1 labels (name) are expected for step blocks."
            ),
            (
                "Extraneous label for step".into(),
                "Only 1 label (name) is expected for step blocks.".into()
            )
        );
        assert_eq!(
            improved(
                Code::InsufficientBlocks,
                "s",
                "At least 1 \"service\" blocks are required."
            )
            .1,
            "At least 1 \"service\" block is required."
        );
        assert_eq!(
            improved(
                Code::TooManyBlocks,
                "s",
                "No more than 1 \"service\" blocks are allowed"
            )
            .1,
            "No more than 1 \"service\" block is allowed."
        );
    }

    #[test]
    fn plural_counts_and_other_codes_keep_their_words() {
        assert_eq!(
            improved(
                Code::ExtraneousLabel,
                "s",
                "Only 2 labels (a, b) are expected for x blocks."
            )
            .1,
            "Only 2 labels (a, b) are expected for x blocks."
        );
        assert_eq!(
            improved(
                Code::InsufficientBlocks,
                "s",
                "At least 2 \"service\" blocks are required."
            )
            .1,
            "At least 2 \"service\" blocks are required."
        );
        assert_eq!(
            improved(
                Code::TooManyBlocks,
                "s",
                "No more than 3 \"x\" blocks are allowed"
            )
            .1,
            "No more than 3 \"x\" blocks are allowed."
        );
        assert_eq!(
            improved(Code::UnsupportedArgument, "Unconsistent", "Only 1 labels (").0,
            "Unconsistent"
        );
    }
}
