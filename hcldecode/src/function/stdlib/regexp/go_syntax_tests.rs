//! Tests of the Go regexp syntax translator (`go_syntax.rs`).
use super::*;

include!("go_oracle.rs");

/// Names Go 1.25+ accepts (TR18 loose matching, `unicode.CategoryAliases`:
/// regexp/syntax/parse_test.go's `\p{Uppercase_Letter}`,
/// `\p{upper case-let ter}`, `(?i)\p{ascii}`, `\p{Assigned}`) that the
/// Go 1.23 oracle still rejects.
const GO_1_25_NAMES: [&str; 2] = [r"\p{greek}", r"\p{Letter}"];

fn compiles(t: &Translated) -> bool {
    regex::Regex::new(&t.pattern).is_ok()
}

#[test]
fn go_oracle_table() {
    let mut wrong = Vec::new();
    for (pattern, want) in GO_ORACLE {
        if GO_1_25_NAMES.contains(pattern) {
            continue;
        }
        let got = translate(pattern);
        let ok = match (&got, want) {
            (Ok(t), None) => compiles(t),
            (Err(e), Some((code, expr))) => e.code == *code && e.expr == *expr,
            _ => false,
        };
        if !ok {
            wrong.push(format!(
                "{pattern:?}: want {want:?}, got {:?}",
                got.as_ref().map(|t| &t.pattern)
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn go_1_25_unicode_class_names() {
    for p in [
        r"\p{greek}",
        r"\p{Letter}",
        r"\p{Uppercase_Letter}",
        r"\p{upper case-let ter}",
        r"\p{__upper case-let ter}",
        r"\p{Canadian_Aboriginal}",
        r"(?i)\p{ascii}",
        r"\p{Assigned}",
        r"\p{^Assigned}",
        r"\p{^Any}",
    ] {
        let t = translate(p).unwrap_or_else(|e| panic!("{p}: {e:?}"));
        assert!(compiles(&t), "{p} -> {}", t.pattern);
    }
    // Still rejected: script codes and the crate's other properties.
    for p in [r"\p{Grek}", r"\p{IsGreek}", r"\p{Emoji}", r"\p{sc=Greek}"] {
        assert_eq!(
            translate(p).map(|t| t.pattern).unwrap_err().code,
            INVALID_CHAR_RANGE
        );
    }
}

#[test]
fn nesting_limits() {
    // From Go's parse_test.go: 999 levels parse, 1000 nest too deeply.
    let ok = |n: usize| translate(&("(".repeat(n) + &")".repeat(n)));
    assert!(ok(999).is_ok());
    assert_eq!(ok(1000).map(|_| ()).unwrap_err().code, NESTING_DEPTH);
    let star = |n: usize| translate(&("(?:".repeat(n) + &")*".repeat(n)));
    assert!(star(999).is_ok());
    assert_eq!(star(1000).map(|_| ()).unwrap_err().code, NESTING_DEPTH);
    // Not nested at all.
    assert!(translate(&format!("({})", "|".repeat(12345))).is_ok());
    // Too long: Go's "expression too large".
    let long = "(xx?){1000}".repeat(1000);
    assert_eq!(translate(&long).map(|_| ()).unwrap_err().code, LARGE);
}

fn is_match(p: &str, s: &str) -> bool {
    let t = translate(p).unwrap_or_else(|e| panic!("{p}: {e:?}"));
    regex::Regex::new(&t.pattern).expect("compiles").is_match(s)
}

#[test]
fn go_semantics() {
    // Punctuation escapes are literal: `\<` is `<`, not a word start.
    assert!(is_match(r"^\<a\>$", "<a>"));
    assert!(!is_match(r"\<a", "a"));
    // Octal escapes.
    assert!(is_match(r"^\141\0$", "a\0"));
    // `{` that is no repeat is literal text.
    assert!(is_match(r"^a{,5}$", "a{,5}"));
    assert!(is_match(r"^a{01}$", "a{01}"));
    // Flags: `(?i-i)` ends with case folding off.
    assert!(!is_match(r"(?i-i)a", "A"));
    assert!(is_match(r"(?i)a", "A"));
    // `\d`, `\w`, `\s`, `\b` are ASCII in Go.
    assert!(!is_match(r"\d", "٣"));
    assert!(!is_match(r"\w", "é"));
    assert!(is_match(r"a\b", "aé"));
    // Crate set operators are literal in Go classes.
    assert!(is_match(r"^[a&&b]+$", "a&b"));
    assert!(is_match(r"^[a~~b]+$", "~"));
    // `$` without (?m) is the end of the text only; `^`/`$` with it.
    assert!(!is_match(r"a$", "a\n"));
    assert!(is_match(r"(?m)a$", "a\nb"));
    // Non-greedy flag and its inversion.
    let t = translate(r"(?U)a+").expect("ok");
    let re = regex::Regex::new(&t.pattern).expect("compiles");
    assert_eq!(re.find("aaa").map(|m| m.as_str()), Some("a"));
    let t = translate(r"(?U)a+?").expect("ok");
    let re = regex::Regex::new(&t.pattern).expect("compiles");
    assert_eq!(re.find("aaa").map(|m| m.as_str()), Some("aaa"));
    // Names: repeated, both `(?P<..>` and `(?<..>`.
    let t = translate(r"(?P<n>a)(?<n>b)(c)").expect("ok");
    assert_eq!(t.names, [Some("n".into()), Some("n".into()), None]);
}
