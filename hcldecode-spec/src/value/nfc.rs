//! Unicode Normalization Form C, as cty normalises strings.

use std::sync::Arc;

/// Returns `s` in Unicode Normalization Form C, reusing the allocation when
/// it is already normalised (always the case for ASCII).
#[doc(hidden)] // the engine's unchecked fast paths (hcldecode)
pub fn nfc_arc<S: AsRef<str> + Into<Arc<str>>>(s: S) -> Arc<str> {
    if is_nfc_fast(s.as_ref()) {
        s.into()
    } else {
        Arc::from(nfc_string(s.as_ref()))
    }
}

pub(super) fn is_nfc_fast(s: &str) -> bool {
    s.is_ascii()
        || matches!(
            unicode_normalization::is_nfc_quick(s.chars()),
            unicode_normalization::IsNormalized::Yes
        )
}

/// `s` in Unicode Normalization Form C (cty's `NormalizeString`).
#[inline]
pub fn normalize_string(s: &str) -> std::borrow::Cow<'_, str> {
    // ASCII text is in NFC: checked where the caller is, without a call.
    if s.is_ascii() || is_nfc_fast(s) {
        std::borrow::Cow::Borrowed(s)
    } else {
        std::borrow::Cow::Owned(nfc_string(s))
    }
}

pub(super) fn nfc_string(s: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    s.nfc().collect()
}
