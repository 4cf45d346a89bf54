//! String literal tokens (`ParseStringLiteralToken` and `scanStringLit`),
//! number literal validation (`cty.ParseNumberVal`), and small text helpers
//! shared by the parser's diagnostics.

use std::borrow::Cow;

use super::pos::Resolver;
use super::token::{Token, TokenKind};
use crate::diag::Diagnostic;
use crate::source::Span;

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
    let mut err = |diags: &mut Vec<Diagnostic>, s: usize, e: usize, detail: String| {
        diags.push(
            Diagnostic::error("Invalid escape sequence", detail)
                .with_subject(res.range(Span::new(base + s as u32, base + e as u32))),
        );
    };
    while i < b.len() {
        let c = b[i];
        if quoted && c == b'\\' {
            out.push_str(&text[lit_start..i]);
            let s = i;
            let Some(&d) = b.get(i + 1) else {
                err(
                    diags,
                    s,
                    s + 1,
                    "Backslash must be followed by an escape sequence selector character.".into(),
                );
                out.push('\\');
                i += 1;
                lit_start = i;
                continue;
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
                    i += 2;
                }
                b'u' | b'U' => {
                    let want = if d == b'u' { 4 } else { 8 };
                    let mut k = 0;
                    while k < want && b.get(i + 2 + k).is_some_and(|x| x.is_ascii_hexdigit()) {
                        k += 1;
                    }
                    let e = i + 2 + k;
                    if k != want {
                        let detail = if d == b'u' {
                            "The \\u escape sequence must be followed by four hexadecimal digits."
                        } else {
                            "The \\U escape sequence must be followed by eight hexadecimal digits."
                        };
                        err(diags, s, e, detail.into());
                        out.push_str(&text[s..e]);
                    } else {
                        let num = u32::from_str_radix(&text[i + 2..e], 16).unwrap_or(u32::MAX);
                        match char::from_u32(num) {
                            Some(ch) => out.push(ch),
                            None => {
                                err(
                                    diags,
                                    s,
                                    e,
                                    format!("Cannot encode character U+{num:04x} in UTF-8."),
                                );
                                out.push_str(&text[s..e]);
                            }
                        }
                    }
                    i = e;
                }
                _ => {
                    let n = text[i + 1..].chars().next().map_or(1, char::len_utf8);
                    let sel = &text[i + 1..i + 1 + n];
                    err(
                        diags,
                        s,
                        i + 1 + n,
                        format!(
                            "The symbol {} is not a valid escape sequence selector.",
                            go_quote(sel)
                        ),
                    );
                    out.push_str(sel);
                    i += 1 + n;
                }
            }
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
    let mut digits = 0usize;
    let mut frac_digits = 0i128;
    let mut seen_point = false;
    let mut first_nonzero: Option<usize> = None;
    while i < b.len() {
        match b[i] {
            b'0'..=b'9' => {
                if b[i] != b'0' && first_nonzero.is_none() {
                    first_nonzero = Some(i);
                }
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
    // Exponent.
    let mut exp: i128 = 0;
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        let neg = match b.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            exp = exp.saturating_mul(10).saturating_add((b[i] - b'0') as i128);
            i += 1;
        }
        if i == start {
            return false;
        }
        if neg {
            exp = -exp;
        }
        if exp > i64::MAX as i128 || exp < i64::MIN as i128 {
            return false;
        }
    }
    if i != b.len() {
        return false;
    }
    let Some(first) = first_nonzero else {
        // Zero: no exponent range check.
        return true;
    };
    // Significant digits of the mantissa as an integer (the point ignored).
    let sig: Vec<u8> = b[first..mant_end]
        .iter()
        .copied()
        .filter(u8::is_ascii_digit)
        .collect();
    let bitlen = integer_bit_length(&sig);
    let exp2 = bitlen + (-frac_digits) + exp;
    (i32::MIN as i128..=i32::MAX as i128).contains(&exp2)
}

/// The number of bits of the decimal integer `digits` (no leading zeros).
fn integer_bit_length(digits: &[u8]) -> i128 {
    if digits.len() <= 38 {
        let mut v: u128 = 0;
        for &d in digits {
            v = v * 10 + (d - b'0') as u128;
        }
        return 128 - v.leading_zeros() as i128;
    }
    // log2 of the value from its leading digits and its length; exact
    // enough for any realistic literal (off by one only within ~1e-15 of a
    // power of two).
    let lead: f64 = std::str::from_utf8(&digits[..17])
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    let log2 = lead.log2() + (digits.len() as f64 - 17.0) * std::f64::consts::LOG2_10;
    log2.floor() as i128 + 1
}
