//! String literal tokens (`ParseStringLiteralToken` and `scanStringLit`),
//! number literal validation (`cty.ParseNumberVal`), and small text helpers
//! shared by the parser's diagnostics.

use std::borrow::Cow;

use super::pos::Resolver;
use super::token::{Token, TokenKind};
use crate::diagnostic::Diagnostic;
use crate::source::Span;
use crate::syntax::number::{binary_exponent_fits, parse_exponent};

/// Decodes a literal token (`QuotedLit` or `StringLit`): in quoted
/// templates backslash escapes are processed; in both kinds `$${` and
/// `%%{` stand for `${` and `%{`. Problems with escapes are appended to
/// `diags`.
///
/// Returns the source text itself when nothing needed decoding.
pub(crate) fn decode_literal<'a>(
    res: &mut Resolver<'a>,
    tok: Token,
    diags: &mut Vec<Diagnostic>,
) -> Cow<'a, str> {
    let span = tok.span;
    let quoted = tok.kind == TokenKind::QuotedLit;
    let text = res.file.text(span);
    // The scanner marks the tokens with something to decode.
    if !tok.escapes {
        return Cow::Borrowed(text);
    }
    let b = text.as_bytes();
    let base = span.start;
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut lit_start = 0;
    while i < b.len() {
        let c = b[i];
        if quoted && c == b'\\' {
            out.push_str(&text[lit_start..i]);
            i = decode_escape(res, diags, text, base, i, &mut out);
            lit_start = i;
        } else if (c == b'$' || c == b'%') && b.get(i + 1) == Some(&c) {
            if b.get(i + 2) == Some(&b'{') {
                out.push_str(&text[lit_start..i]);
                out.push(c as char);
                out.push('{');
                i += 3;
                lit_start = i;
            } else {
                i += 2;
            }
        } else {
            i += 1;
        }
    }
    out.push_str(&text[lit_start..]);
    Cow::Owned(out)
}

/// Reports an invalid escape sequence at bytes `s..e` of the literal token
/// that starts at `base`.
fn escape_error(
    res: &mut Resolver<'_>,
    diags: &mut Vec<Diagnostic>,
    base: u32,
    s: usize,
    e: usize,
    detail: String,
) {
    diags.push(
        Diagnostic::error("Invalid escape sequence", detail)
            .with_subject(res.range(Span::new(base + s as u32, base + e as u32))),
    );
}

/// Decodes the backslash escape at byte `i` of `text` (a quoted literal
/// token starting at `base`) onto `out`: the index after the escape. An
/// invalid escape is reported and kept as written.
#[inline]
fn decode_escape(
    res: &mut Resolver<'_>,
    diags: &mut Vec<Diagnostic>,
    text: &str,
    base: u32,
    i: usize,
    out: &mut String,
) -> usize {
    let b = text.as_bytes();
    let Some(&d) = b.get(i + 1) else {
        escape_error(
            res,
            diags,
            base,
            i,
            i + 1,
            "Backslash must be followed by an escape sequence selector character.".into(),
        );
        out.push('\\');
        return i + 1;
    };
    match d {
        b'n' | b'r' | b't' | b'"' | b'\\' => {
            out.push(match d {
                b'n' => '\n',
                b'r' => '\r',
                b't' => '\t',
                b'"' => '"',
                _ => '\\',
            });
            i + 2
        }
        b'u' | b'U' => unicode_escape(res, diags, text, base, i, d == b'u', out),
        _ => {
            let n = text[i + 1..].chars().next().map_or(1, char::len_utf8);
            let sel = &text[i + 1..i + 1 + n];
            escape_error(
                res,
                diags,
                base,
                i,
                i + 1 + n,
                format!(
                    "The symbol {} is not a valid escape sequence selector.",
                    go_quote(sel)
                ),
            );
            out.push_str(sel);
            i + 1 + n
        }
    }
}

/// Decodes the `\u` (`short`: four hex digits) or `\U` (eight) escape at
/// byte `s` of `text` onto `out`: the index after its digits.
#[inline]
fn unicode_escape(
    res: &mut Resolver<'_>,
    diags: &mut Vec<Diagnostic>,
    text: &str,
    base: u32,
    s: usize,
    short: bool,
    out: &mut String,
) -> usize {
    let b = text.as_bytes();
    let want = if short { 4 } else { 8 };
    let mut k = 0;
    while k < want && b.get(s + 2 + k).is_some_and(|x| x.is_ascii_hexdigit()) {
        k += 1;
    }
    let e = s + 2 + k;
    if k != want {
        let detail = if short {
            "The \\u escape sequence must be followed by four hexadecimal digits."
        } else {
            "The \\U escape sequence must be followed by eight hexadecimal digits."
        };
        escape_error(res, diags, base, s, e, detail.into());
        out.push_str(&text[s..e]);
    } else {
        let num = u32::from_str_radix(&text[s + 2..e], 16).unwrap_or(u32::MAX);
        match char::from_u32(num) {
            Some(ch) => out.push(ch),
            None => {
                escape_error(
                    res,
                    diags,
                    base,
                    s,
                    e,
                    format!("Cannot encode character U+{num:04x} in UTF-8."),
                );
                out.push_str(&text[s..e]);
            }
        }
    }
    e
}

pub(crate) use crate::go_quote::quote as go_quote;

/// `nameSuggestion` over a slice (see [`crate::syntax::suggest`]).
pub(crate) fn name_suggestion<'a>(given: &str, suggestions: &[&'a str]) -> Option<&'a str> {
    crate::syntax::suggest::name_suggestion(given, suggestions.iter().copied())
}

/// Whether `text` is a number literal that `cty.ParseNumberVal` accepts
/// (Go's `big.ParseFloat(text, 10, 512, ToNearestEven)`).
///
/// The scanner's number tokens are digits with any number of `.` and
/// `e`/`E` exponent parts; Go rejects those with more than one `.` or
/// exponent, exponents that do not fit a 64-bit integer, and values whose
/// binary exponent leaves the 32-bit range (for example `1e1000000000000`,
/// while `1e1000000000` is accepted and becomes infinity).
///
/// ```
/// use hcldecode_spec::syntax::native::check_number_literal;
/// assert!(check_number_literal("12.5e-3"));
/// assert!(check_number_literal("0e99999999999"));
/// assert!(!check_number_literal("1.2.3"));
/// assert!(!check_number_literal("1e9999999999"));
/// assert!(!check_number_literal("1e99999999999999999999"));
/// ```
pub fn check_number_literal(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = 0;
    if matches!(b.first(), Some(b'+' | b'-')) {
        i = 1;
    }
    if &b[i..] == b"Inf" || &b[i..] == b"inf" {
        return true;
    }
    // Mantissa: digits with at most one point.
    let mant_start = i;
    let mut digits = 0usize;
    let mut frac_digits = 0usize;
    let mut seen_point = false;
    while i < b.len() {
        match b[i] {
            b'0'..=b'9' => {
                digits += 1;
                if seen_point {
                    frac_digits += 1;
                }
            }
            b'.' if !seen_point => seen_point = true,
            _ => break,
        }
        i += 1;
    }
    if digits == 0 {
        return false;
    }
    let mant_end = i;
    let mut exp: i64 = 0;
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        let Some(e) = parse_exponent(b, &mut i) else {
            return false;
        };
        exp = e;
    }
    if i != b.len() {
        return false;
    }
    let mantissa = b[mant_start..mant_end].iter().copied();
    binary_exponent_fits(mantissa.filter(u8::is_ascii_digit), frac_digits, exp)
}

/// The bytes `write_quoted` copies as they are: printable ASCII but for
/// `"`, `\\`, and `$` and `%` (which are doubled before a `{`).
const PLAIN: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0x20;
    while b < 0x7f {
        t[b] = !matches!(b as u8, b'"' | b'\\' | b'$' | b'%');
        b += 1;
    }
    t
};

/// Appends `s` as a native-syntax quoted string that reads back as `s`:
/// `"`, `\` and control characters escaped, `${` and `%{` doubled so they
/// stay literal text (the one writer of such strings: the spec-file
/// printer and `hcldecode`'s value writers use it).
///
/// ```
/// let mut out = String::new();
/// hcldecode_spec::syntax::native::write_quoted(&mut out, "a \"b\"\n${x} 5%");
/// assert_eq!(out, r#""a \"b\"\n$${x} 5%""#);
/// ```
pub fn write_quoted(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    let bytes = s.as_bytes();
    // Text that needs no escape is copied a run at a time: `start` is
    // where the run not yet copied begins.
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        // Skip to the next byte that may need an escape.
        match bytes[i..].iter().position(|&b| !PLAIN[usize::from(b)]) {
            Some(n) => i += n,
            None => break,
        }
        let Some(c) = s[i..].chars().next() else {
            break;
        };
        let escape = match c {
            '"' => "\\\"",
            '\\' => "\\\\",
            '\n' => "\\n",
            '\r' => "\\r",
            '\t' => "\\t",
            '$' if bytes.get(i + 1) == Some(&b'{') => "$$",
            '%' if bytes.get(i + 1) == Some(&b'{') => "%%",
            c if c.is_control() => "",
            // `$` or `%` not before `{`, or a character past ASCII that
            // is not a control character: part of the run.
            c => {
                i += c.len_utf8();
                continue;
            }
        };
        out.push_str(&s[start..i]);
        if escape.is_empty() {
            use std::fmt::Write;
            let _ = write!(out, "\\u{:04X}", u32::from(c));
        } else {
            out.push_str(escape);
        }
        i += c.len_utf8();
        start = i;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::write_quoted;

    /// The character-at-a-time writer `write_quoted` replaced: the
    /// reference its run-copying loop must agree with.
    fn reference(s: &str) -> String {
        let mut out = String::from('"');
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                '$' | '%' if chars.peek() == Some(&'{') => {
                    out.push(c);
                    out.push(c);
                }
                c if c.is_control() => out.push_str(&format!("\\u{:04X}", u32::from(c))),
                c => out.push(c),
            }
        }
        out.push('"');
        out
    }

    #[test]
    fn quoting_agrees_with_the_character_at_a_time_writer() {
        let pieces = [
            "", "a", "\"", "\\", "\n", "\r", "\t", "$", "%", "{", "${", "%{", "$$", "\u{1}",
            "\u{7f}", "\u{85}", "\u{9f}", "\u{a0}", "é", "e\u{301}", "日本", "\u{2028}", "😀",
            "x y",
        ];
        let mut n = 0;
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    let s = format!("{a}{b}{c}");
                    let mut out = String::new();
                    write_quoted(&mut out, &s);
                    assert_eq!(out, reference(&s), "{s:?}");
                    n += 1;
                }
            }
        }
        assert_eq!(n, pieces.len().pow(3));
        let mut out = String::from("kept ");
        write_quoted(&mut out, "${x}");
        assert_eq!(out, "kept \"$${x}\"");
    }
}
