//! Writing JSON text exactly as Go's `encoding/json` does, so hcldec output
//! matches the reference byte for byte: `<`, `>` and `&` are escaped as
//! `\u003c` and friends, U+2028/U+2029 are escaped, and control characters
//! other than `\n`, `\r` and `\t` become `\u00XX`.

const HEX: &[u8; 16] = b"0123456789abcdef";

/// The bytes [`write_json_string`] must look at: those it escapes, and the
/// first byte of U+2028 and U+2029.
static NEEDS_LOOK: [bool; 256] = string_bytes_and(b"<>&\xE2");

/// A table of the bytes a JSON string cannot hold as they are (control
/// characters, `"` and `\\`) and the bytes `extra`.
pub(crate) const fn string_bytes_and(extra: &[u8]) -> [bool; 256] {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = true;
        b += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    let mut i = 0;
    while i < extra.len() {
        t[extra[i] as usize] = true;
        i += 1;
    }
    t
}

/// Appends `s` as a JSON string literal, quotes included.
///
/// ```
/// let mut out = String::new();
/// hcldecode_spec::json_text::write_json_string(&mut out, "a<b>\"\n\u{1}");
/// assert_eq!(out, r#""a\u003cb\u003e\"\n\u0001""#);
/// ```
pub fn write_json_string(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if !NEEDS_LOOK[b as usize] {
            i += 1;
            continue;
        }
        if b < 0x80 {
            out.push_str(&s[start..i]);
            match b {
                b'"' => out.push_str("\\\""),
                b'\\' => out.push_str("\\\\"),
                b'\n' => out.push_str("\\n"),
                b'\r' => out.push_str("\\r"),
                b'\t' => out.push_str("\\t"),
                _ => {
                    out.push_str("\\u00");
                    out.push(HEX[(b >> 4) as usize] as char);
                    out.push(HEX[(b & 0xF) as usize] as char);
                }
            }
            i += 1;
            start = i;
            continue;
        }
        // U+2028 and U+2029 are E2 80 A8 / E2 80 A9.
        if b == 0xE2 && i + 2 < bytes.len() && bytes[i + 1] == 0x80 && (bytes[i + 2] & 0xFE) == 0xA8
        {
            out.push_str(&s[start..i]);
            out.push_str(if bytes[i + 2] == 0xA8 {
                "\\u2028"
            } else {
                "\\u2029"
            });
            i += 3;
            start = i;
            continue;
        }
        i += 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// `s` as a JSON string literal.
///
/// ```
/// assert_eq!(hcldecode_spec::json_text::json_string("x&y"), r#""x\u0026y""#);
/// ```
pub fn json_string(s: &str) -> String {
    let mut out = String::new();
    write_json_string(&mut out, s);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_like_go() {
        assert_eq!(json_string("plain é"), "\"plain é\"");
        assert_eq!(json_string("\u{2028}x\u{2029}"), "\"\\u2028x\\u2029\"");
        assert_eq!(json_string("\u{7f}\u{8}\u{c}"), "\"\u{7f}\\u0008\\u000c\"");
        assert_eq!(json_string("\u{2027}"), "\"\u{2027}\"");
    }
}
