//! The JSON scanner, a port of `hcl/v2/json/scanner.go`.
//!
//! Like the reference it is lax: it marks out keywords (`[A-Za-z][A-Za-z_]*`),
//! numbers (`[-+.0-9][-+.eE0-9]*`) and strings (to the closing quote or the
//! first control character) and leaves validation to the parser, which can
//! then say "Did you mean true?" rather than "unexpected T". Scanning stops
//! at the first byte that cannot start a token: that byte is one `Invalid`
//! token and an end-of-file token follows one byte later.
//!
//! The scanner is lazy (one token at a time) but otherwise scans exactly as
//! the reference does, including its one surprise: inside a string it
//! advances by grapheme cluster, so a "prepended concatenation mark" such
//! as U+0600 swallows the quote or backslash that follows it.
//!
//! [`count_columns`] reuses the scanner to resolve columns the way the
//! reference scanner counts them.

use unicode_segmentation::UnicodeSegmentation;

use crate::json_text::string_bytes_and;
use crate::source::{ColumnCounter, Span};

/// Token kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    BraceO,
    BraceC,
    BrackO,
    BrackC,
    Comma,
    Colon,
    /// `=`, only scanned to remind the user of JSON syntax.
    Equals,
    Keyword,
    String,
    Number,
    Eof,
    Invalid,
}

/// String token flag: the string ended at an unescaped closing quote.
pub(crate) const STR_CLOSED: u8 = 1;
/// String token flag: the string contains a backslash.
pub(crate) const STR_BACKSLASH: u8 = 2;
/// String token flag: a grapheme cluster swallowed a quote or backslash.
pub(crate) const STR_SWALLOWED: u8 = 4;

/// One token.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Token {
    pub kind: Kind,
    /// `STR_*` flags for strings, 0 otherwise.
    pub flags: u8,
    pub span: Span,
}

// Byte classes for the top level.
const C_OTHER: u8 = 0; // invalid
const C_WS: u8 = 1;
const C_PUNCT: u8 = 2;
const C_QUOTE: u8 = 3;
const C_NUM: u8 = 4;
const C_ALPHA: u8 = 5;

const fn top_classes() -> [u8; 256] {
    let mut t = [C_OTHER; 256];
    t = classify(t, b" \t\n\r", C_WS);
    t = classify(t, b"{}[],:=", C_PUNCT);
    t[b'"' as usize] = C_QUOTE;
    t = classify(t, b"-+.0123456789", C_NUM);
    let mut c = b'a';
    while c <= b'z' {
        t[c as usize] = C_ALPHA;
        t[(c - b'a' + b'A') as usize] = C_ALPHA;
        c += 1;
    }
    t
}

/// `t` with the bytes `bytes` in class `class`.
const fn classify(mut t: [u8; 256], bytes: &[u8], class: u8) -> [u8; 256] {
    let mut i = 0;
    while i < bytes.len() {
        t[bytes[i] as usize] = class;
        i += 1;
    }
    t
}

static TOP: [u8; 256] = top_classes();

/// Bytes that need attention inside a string: quote, backslash, control
/// characters, and the UTF-8 lead bytes of prepended concatenation marks:
/// U+0600..U+063F, U+06C0..U+06FF, U+0700..U+073F, U+0800..U+0FFF and
/// U+10000..U+3FFFF.
static STRING_SPECIAL: [bool; 256] = string_bytes_and(&[0xD8, 0xDB, 0xDC, 0xE0, 0xF0]);

fn is_number_byte(b: u8) -> bool {
    matches!(b, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
}

fn is_keyword_byte(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

/// Grapheme_Cluster_Break=Prepend in Unicode 13, the version of the
/// segmenter the reference uses (go-textseg v13).
fn is_prepend(c: u32) -> bool {
    matches!(
        c,
        0x600..=0x605
            | 0x6DD
            | 0x70F
            | 0x8E2
            | 0xD4E
            | 0x110BD
            | 0x110CD
            | 0x111C2..=0x111C3
            | 0x11A3A
            | 0x11A84..=0x11A89
            | 0x11D46
    )
}

/// Decodes the UTF-8 character at `i` of valid UTF-8 `b`: (scalar, length).
fn decode_at(b: &[u8], i: usize) -> (u32, usize) {
    let b0 = b[i] as u32;
    let cont = |k: usize| b.get(i + k).map_or(0, |&x| (x & 0x3F) as u32);
    if b0 < 0x80 {
        (b0, 1)
    } else if b0 < 0xE0 {
        (((b0 & 0x1F) << 6) | cont(1), 2)
    } else if b0 < 0xF0 {
        (((b0 & 0x0F) << 12) | (cont(1) << 6) | cont(2), 3)
    } else {
        (
            ((b0 & 0x07) << 18) | (cont(1) << 12) | (cont(2) << 6) | cont(3),
            4,
        )
    }
}

/// A lazy scanner over the bytes of a UTF-8 text.
pub(crate) struct Scanner<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// Set once an invalid byte was met: everything after it is end of file.
    stopped: bool,
}

impl<'a> Scanner<'a> {
    /// Scans `text` from byte `start`, which must be a character boundary
    /// outside any token (a line start, say).
    pub fn new(text: &'a str, start: usize) -> Scanner<'a> {
        Scanner {
            bytes: text.as_bytes(),
            pos: start.min(text.len()),
            stopped: false,
        }
    }

    fn eof(&self) -> Token {
        Token {
            kind: Kind::Eof,
            flags: 0,
            span: Span::empty(self.pos as u32),
        }
    }

    /// The next token; end of file repeats forever.
    #[inline]
    pub fn next_token(&mut self) -> Token {
        if self.stopped {
            return self.eof();
        }
        let b = self.bytes;
        let mut i = self.pos;
        while i < b.len() && TOP[b[i] as usize] == C_WS {
            i += 1;
            // Indentation: eight spaces at a time.
            while let Some(chunk) = b.get(i..i + 8) {
                if u64::from_ne_bytes(chunk.try_into().unwrap_or([0; 8])) != SPACES {
                    break;
                }
                i += 8;
            }
        }
        self.pos = i;
        if i >= b.len() {
            return self.eof();
        }
        let start = i;
        let c = b[i];
        let (kind, flags) = match TOP[c as usize] {
            C_PUNCT => {
                i += 1;
                let kind = match c {
                    b'{' => Kind::BraceO,
                    b'}' => Kind::BraceC,
                    b'[' => Kind::BrackO,
                    b']' => Kind::BrackC,
                    b',' => Kind::Comma,
                    b':' => Kind::Colon,
                    _ => Kind::Equals,
                };
                (kind, 0)
            }
            C_QUOTE => {
                let (end, flags) = scan_string(b, i);
                i = end;
                (Kind::String, flags)
            }
            C_NUM => {
                i += 1;
                while i < b.len() && is_number_byte(b[i]) {
                    i += 1;
                }
                (Kind::Number, 0)
            }
            C_ALPHA => {
                i += 1;
                while i < b.len() && is_keyword_byte(b[i]) {
                    i += 1;
                }
                (Kind::Keyword, 0)
            }
            _ => {
                // One byte, even in the middle of a character; then nothing
                // more (the reference stops scanning here).
                self.stopped = true;
                self.pos = i + 1;
                return Token {
                    kind: Kind::Invalid,
                    flags: 0,
                    span: Span::new(i as u32, i as u32 + 1),
                };
            }
        };
        self.pos = i;
        Token {
            kind,
            flags,
            span: Span::new(start as u32, i as u32),
        }
    }
}

const SPACES: u64 = u64::from_ne_bytes([b' '; 8]);
const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// Whether any byte of `x` is a quote, a backslash, a control character or
/// not ASCII (the classic "has zero byte" bit trick, exact for ASCII).
#[inline]
fn has_string_special(x: u64) -> bool {
    let below_space = x.wrapping_sub(ONES * 0x20);
    let quote = x ^ (ONES * b'"' as u64);
    let backslash = x ^ (ONES * b'\\' as u64);
    let zero = |v: u64| v.wrapping_sub(ONES);
    ((below_space | zero(quote) | zero(backslash) | x) & HIGHS) != 0
}

/// Scans the string starting with the quote at `start`: its end and flags.
fn scan_string(b: &[u8], start: usize) -> (usize, u8) {
    let mut i = start + 1;
    let mut escaping = false;
    let mut flags = 0;
    loop {
        let run = i;
        // Eight plain ASCII bytes at a time, then byte by byte.
        while let Some(chunk) = b.get(i..i + 8) {
            if has_string_special(u64::from_ne_bytes(chunk.try_into().unwrap_or([0; 8]))) {
                break;
            }
            i += 8;
        }
        while i < b.len() && !STRING_SPECIAL[b[i] as usize] {
            i += 1;
        }
        if i > run {
            escaping = false;
        }
        if i >= b.len() {
            return (i, flags);
        }
        match b[i] {
            b'\\' => {
                escaping = !escaping;
                flags |= STR_BACKSLASH;
                i += 1;
            }
            b'"' => {
                i += 1;
                if !escaping {
                    return (i, flags | STR_CLOSED);
                }
                escaping = false;
            }
            c if c < 0x20 => return (i, flags),
            _ => {
                let (ch, len) = decode_at(b, i);
                i += len;
                if is_prepend(ch) {
                    // A cluster is Prepend* then one non-control character
                    // (then extenders, which are never special here).
                    while i < b.len() {
                        let (ch, len) = decode_at(b, i);
                        if !is_prepend(ch) {
                            break;
                        }
                        i += len;
                    }
                    if let Some(&next) = b.get(i)
                        && (0x20..0x7F).contains(&next)
                    {
                        if next == b'"' || next == b'\\' {
                            flags |= STR_SWALLOWED;
                        }
                        i += 1;
                    }
                }
                escaping = false;
            }
        }
    }
}

/// The JSON scanner's column counting, for the files JSON reads.
pub(crate) static COLUMNS: ColumnCounter = ColumnCounter {
    count: |text, line_start, at, checkpoints| count_columns(text, line_start, at, checkpoints),
    checkpoints: column_checkpoints,
};

/// Lines longer than this resolve columns from [`column_checkpoints`]
/// rather than from the line start.
const LONG_LINE: usize = 4096;

/// The 0-based column of byte `at` on the line starting at `line_start`, as
/// the reference JSON scanner counts: a tab is two columns, a carriage
/// return none, and inside strings each grapheme cluster is one column
/// (each of a string's quotes and backslashes being a cluster of its own).
/// Everything else is one column per byte, which is exact since tokens
/// outside strings are ASCII (a non-ASCII byte there is an invalid token).
///
/// Far into a long line, counting resumes from the nearest checkpoint
/// before `at` (`checkpoints` builds them once per file), so resolving many
/// positions on one huge line stays linear overall.
pub(crate) fn count_columns<'c>(
    text: &str,
    line_start: usize,
    at: usize,
    checkpoints: impl FnOnce() -> &'c [(u32, u32)],
) -> usize {
    let bytes = text.as_bytes();
    let at = at.min(bytes.len());
    let mut from = line_start.min(at);
    let mut col = 0;
    if at - from > LONG_LINE {
        let cps = checkpoints();
        let idx = cps.partition_point(|&(b, _)| b as usize <= at);
        if let Some(&(b, c)) = idx.checked_sub(1).and_then(|i| cps.get(i))
            && b as usize >= from
        {
            from = b as usize;
            col = c as usize;
        }
    }
    let prefix = &bytes[from..at];
    if prefix.is_ascii() {
        col += prefix.len();
        for &b in prefix {
            match b {
                b'\t' => col += 1,
                b'\r' => col -= 1,
                _ => {}
            }
        }
        return col;
    }
    col + walk_columns(text, from, at)
}

/// Columns from `from`, a position outside any token, up to `at` (same
/// line).
fn walk_columns(text: &str, from: usize, at: usize) -> usize {
    let bytes = text.as_bytes();
    let mut col = 0;
    let mut pos = from;
    let mut scanner = Scanner::new(text, from);
    loop {
        let tok = scanner.next_token();
        let ws_end = (tok.span.start as usize).min(at);
        for &b in &bytes[pos.min(ws_end)..ws_end] {
            match b {
                b'\t' => col += 2,
                b'\r' | b'\n' => {}
                _ => col += 1,
            }
        }
        if tok.kind == Kind::Eof {
            // Only after an invalid token can the end of file come before
            // `at`; count what is left one column per byte.
            col += at.saturating_sub(tok.span.start as usize);
            return col;
        }
        let start = tok.span.start as usize;
        if start >= at {
            return col;
        }
        let end = tok.span.end as usize;
        if tok.kind == Kind::String {
            col += string_columns(text, start, end, at);
        } else {
            col += end.min(at) - start;
        }
        if end >= at {
            return col;
        }
        pos = end;
    }
}

/// Distance between checkpoints, in bytes.
const CHECKPOINT_STRIDE: usize = 256;

/// `(byte, column)` pairs at token starts every 256 bytes or so through the
/// file, in order: where [`count_columns`] may resume counting.
pub(crate) fn column_checkpoints(text: &str) -> Box<[(u32, u32)]> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut scanner = Scanner::new(text, 0);
    let mut pos = 0;
    let mut col = 0;
    let mut last = 0;
    loop {
        let tok = scanner.next_token();
        if tok.kind == Kind::Eof {
            break;
        }
        let start = tok.span.start as usize;
        for &b in &bytes[pos..start] {
            match b {
                b'\n' => col = 0,
                b'\t' => col += 2,
                b'\r' => {}
                _ => col += 1,
            }
        }
        if start - last >= CHECKPOINT_STRIDE {
            out.push((start as u32, col as u32));
            last = start;
        }
        let end = tok.span.end as usize;
        col += if tok.kind == Kind::String {
            string_columns(text, start, end, end)
        } else {
            end - start
        };
        pos = end;
    }
    out.into_boxed_slice()
}

/// Columns of the string token `start..end` that start before `at`.
fn string_columns(text: &str, start: usize, end: usize, at: usize) -> usize {
    let bytes = text.as_bytes();
    let mut col = 1; // the opening quote
    let mut i = start + 1;
    while i < end && i < at {
        let b = bytes[i];
        // Quotes and backslashes are clusters of their own; so is an ASCII
        // character not followed by a combining mark or the like.
        let ascii_alone =
            b < 0x80 && (b == b'"' || b == b'\\' || bytes.get(i + 1).is_none_or(|n| n.is_ascii()));
        if ascii_alone {
            i += 1;
        } else if let (ch, len) = decode_at(bytes, i)
            && ch >= 0x80
            && !is_prepend(ch)
            && bytes.get(i + len).is_none_or(|n| n.is_ascii())
        {
            // Nothing ASCII extends a cluster, and only a prepended mark
            // reaches forward: a character before ASCII stands alone.
            i += len;
        } else {
            let cluster = text
                .get(i..end)
                .and_then(|s| s.graphemes(true).next())
                .map_or(1, str::len);
            i += cluster;
        }
        col += 1;
    }
    col
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<(Kind, &str)> {
        let mut sc = Scanner::new(s, 0);
        let mut out = Vec::new();
        loop {
            let t = sc.next_token();
            out.push((t.kind, &s[t.span.as_range()]));
            if t.kind == Kind::Eof {
                return out;
            }
        }
    }

    #[test]
    fn scans_lax_tokens() {
        use Kind::*;
        assert_eq!(
            kinds(r#"{"a\"b": -1.5e+3x, true_1=]"#),
            vec![
                (BraceO, "{"),
                (String, r#""a\"b""#),
                (Colon, ":"),
                (Number, "-1.5e+3"),
                (Keyword, "x"),
                (Comma, ","),
                (Keyword, "true_"),
                (Number, "1"),
                (Equals, "="),
                (BrackC, "]"),
                (Eof, ""),
            ]
        );
    }

    #[test]
    fn invalid_byte_stops_scanning() {
        let s = "[1 # 2]";
        let mut sc = Scanner::new(s, 0);
        assert_eq!(sc.next_token().kind, Kind::BrackO);
        assert_eq!(sc.next_token().kind, Kind::Number);
        let t = sc.next_token();
        assert_eq!((t.kind, t.span), (Kind::Invalid, Span::new(3, 4)));
        let t = sc.next_token();
        assert_eq!((t.kind, t.span), (Kind::Eof, Span::new(4, 4)));
        assert_eq!(sc.next_token().span, Span::new(4, 4));
    }

    #[test]
    fn strings_end_at_control_characters() {
        let mut sc = Scanner::new("\"ab\tc\"", 0);
        let t = sc.next_token();
        assert_eq!(
            (t.kind, t.span, t.flags),
            (Kind::String, Span::new(0, 3), 0)
        );
    }

    #[test]
    fn prepend_swallows_quote() {
        let s = "\"\u{600}\"x\" 1";
        let mut sc = Scanner::new(s, 0);
        let t = sc.next_token();
        assert_eq!(t.span, Span::new(0, 6));
        assert_eq!(t.flags, STR_CLOSED | STR_SWALLOWED);
    }

    #[test]
    fn checkpoints_agree_with_counting_from_the_line_start() {
        let mut text = String::from("{\t");
        for i in 0..700 {
            text.push_str(&format!("\"k{i}\u{301}\":\t\"v\\\"é👍🏽\u{600}x\", \r"));
        }
        text.push_str("\"end\": [1, tru]}\n  [\"\u{1F1E9}\u{1F1EA}\"]");
        let cps = column_checkpoints(&text);
        assert!(cps.len() > 80);
        let nl = text.find('\n').unwrap();
        for at in (0..text.len()).step_by(53) {
            let line_start = if at > nl { nl + 1 } else { 0 };
            assert_eq!(
                count_columns(&text, line_start, at, || &cps),
                walk_columns(&text, line_start, at),
                "byte {at}"
            );
        }
    }

    #[test]
    fn columns_follow_the_json_scanner() {
        // tab = 2 columns, CR = 0
        assert_eq!(count_columns("\t\r{", 0, 2, || &[]), 2);
        // graphemes inside strings; `"` + combining mark is two columns
        let s = "[\"e\u{301}\", \"\u{301}\", 1]";
        let one = s.find('1').unwrap();
        assert_eq!(count_columns(s, 0, one, || &[]), 11);
    }
}
