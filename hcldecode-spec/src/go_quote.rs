//! Go's `%q` string quoting (`strconv.Quote`), which HCL and cty use in
//! diagnostics, with Go's `strconv.IsPrint` as rune ranges.

#[path = "go_quote_tables.rs"]
mod tables;

/// Go's `strconv.IsPrint`.
pub fn is_print(c: char) -> bool {
    crate::ranges::contains(tables::IS_PRINT, c as u32)
}

const LOWER_HEX: &[u8; 16] = b"0123456789abcdef";

/// Appends `s` quoted as Go's `strconv.Quote` (and `%q`) does.
pub fn append_quoted(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
            out.push(c);
            continue;
        }
        if is_print(c) {
            out.push(c);
            continue;
        }
        match c {
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            _ => {
                let r = c as u32;
                let (prefix, digits) = if r < 0x20 || r == 0x7f {
                    ("\\x", 2)
                } else if r < 0x10000 {
                    ("\\u", 4)
                } else {
                    ("\\U", 8)
                };
                out.push_str(prefix);
                for i in (0..digits).rev() {
                    out.push(LOWER_HEX[((r >> (4 * i)) & 0xF) as usize] as char);
                }
            }
        }
    }
    out.push('"');
}

/// `s` quoted as Go's `strconv.Quote` does.
///
/// ```
/// use hcldecode_spec::go_quote::quote;
/// assert_eq!(quote("a\"b\n\u{200b}é"), r#""a\"b\n\u200bé""#);
/// ```
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    append_quoted(&mut out, s);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_like_go() {
        assert_eq!(quote("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(
            quote("\u{7}\u{0}\u{7f}é\u{200b}\u{1F600}\u{E0001}"),
            "\"\\a\\x00\\x7fé\\u200b\u{1F600}\\U000e0001\""
        );
    }
}
