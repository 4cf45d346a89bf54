//! "Did you mean" suggestions, as HCL makes them.

/// The first candidate within Levenshtein distance 2 of `given` (HCL's
/// `nameSuggestion`: distances count Unicode scalar values).
///
/// ```
/// use hcldecode_spec::syntax::suggest::name_suggestion;
/// assert_eq!(name_suggestion("timeuot", ["port", "timeout"]), Some("timeout"));
/// assert_eq!(name_suggestion("xyz", ["timeout"]), None);
/// ```
pub fn name_suggestion<'a>(
    given: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    candidates.into_iter().find(|c| within_two_edits(given, c))
}

/// [`name_suggestion`] as the sentence HCL appends to a diagnostic's
/// detail: ` Did you mean "timeout"?`.
///
/// ```
/// use hcldecode_spec::syntax::suggest::did_you_mean;
/// assert_eq!(did_you_mean("timeuot", ["timeout"]).as_deref(), Some(" Did you mean \"timeout\"?"));
/// ```
pub fn did_you_mean<'a>(
    given: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    name_suggestion(given, candidates).map(|s| format!(" Did you mean {s:?}?"))
}

/// Names longer than this are never suggested for each other: no one
/// mistypes such a name, and the distance costs the product of the lengths
/// (both may come from untrusted files).
const MAX_COMPARED_CHARS: usize = 256;

/// Whether `a` and `b` are within Levenshtein distance 2 (`strsim`'s
/// distance, which counts Unicode scalar values as HCL's does).
pub fn within_two_edits(a: &str, b: &str) -> bool {
    let (la, lb) = (a.chars().count(), b.chars().count());
    if la.abs_diff(lb) > 2 || la.min(lb) > MAX_COMPARED_CHARS {
        return a == b;
    }
    levenshtein(a, b) < 3
}

/// Edit distance between `a` and `b` in Unicode scalar values.
pub fn levenshtein(a: &str, b: &str) -> usize {
    strsim::levenshtein(a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(levenshtein("kitten", "sitting"), 3);
        assert_eq!(levenshtein("", "abc"), 3);
        assert_eq!(levenshtein("héllo", "hello"), 1);
        assert!(within_two_edits("timeuot", "timeout"));
        assert!(!within_two_edits("abc", "abcdef"));
        let long = "x".repeat(100_000);
        assert!(!within_two_edits(&long, &format!("{long}y")));
        assert!(within_two_edits(&long, &long));
    }
}
