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
    candidates.into_iter().find(|c| levenshtein(given, c) < 3)
}

/// Edit distance between `a` and `b` in Unicode scalar values.
pub fn levenshtein(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(levenshtein("kitten", "sitting"), 3);
        assert_eq!(levenshtein("", "abc"), 3);
        assert_eq!(levenshtein("héllo", "hello"), 1);
    }
}
