//! A port of the parts of Go's `encoding/json` that cty/json uses: the
//! streaming `Decoder` with `UseNumber` (`Token`, `More`, and `Decode` into
//! a string, a scalar or a `RawMessage`) and its byte scanner, with the same
//! error messages.

use std::borrow::Cow;

/// The scanner's nesting limit (`maxNestingDepth`).
const MAX_DEPTH: usize = 10000;

/// A JSON token (`json.Token` with `UseNumber`).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok<'a> {
    /// `[`, `]`, `{` or `}`.
    Delim(u8),
    Null,
    Bool(bool),
    /// The literal text of a number (`json.Number`).
    Number(&'a str),
    String(Cow<'a, str>),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum TokState {
    TopValue,
    ArrayStart,
    ArrayValue,
    ArrayComma,
    ObjectStart,
    ObjectKey,
    ObjectColon,
    ObjectValue,
    ObjectComma,
}

/// `json.Decoder` over an in-memory document.
pub(crate) struct Decoder<'a> {
    s: &'a str,
    pos: usize,
    state: TokState,
    stack: Vec<TokState>,
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n')
}

/// Go's `quoteChar`: the byte in single quotes, escaped as `strconv.Quote`
/// would. Go converts the byte to the rune of the same number, so a
/// non-ASCII byte prints as its Latin-1 character.
fn quote_char(c: u8) -> String {
    match c {
        b'\'' => "'\\''".to_string(),
        b'"' => "'\"'".to_string(),
        _ => {
            let q = crate::value::gofmt::quote(char::from(c).encode_utf8(&mut [0; 4]));
            format!("'{}'", &q[1..q.len() - 1])
        }
    }
}

fn invalid_char(c: u8, context: &str) -> String {
    format!("invalid character {} {context}", quote_char(c))
}

impl<'a> Decoder<'a> {
    pub(crate) fn new(s: &'a str) -> Decoder<'a> {
        Decoder {
            s,
            pos: 0,
            state: TokState::TopValue,
            stack: Vec::new(),
        }
    }

    fn bytes(&self) -> &'a [u8] {
        self.s.as_bytes()
    }

    /// The next non-space byte (`peek`), or `EOF`.
    fn peek(&mut self) -> Result<u8, String> {
        let b = self.bytes();
        while self.pos < b.len() {
            if !is_space(b[self.pos]) {
                return Ok(b[self.pos]);
            }
            self.pos += 1;
        }
        Err("EOF".to_string())
    }

    /// `Decoder.More`.
    pub(crate) fn more(&mut self) -> bool {
        matches!(self.peek(), Ok(c) if c != b']' && c != b'}')
    }

    fn value_allowed(&self) -> bool {
        matches!(
            self.state,
            TokState::TopValue
                | TokState::ArrayStart
                | TokState::ArrayValue
                | TokState::ObjectValue
        )
    }

    fn value_end(&mut self) {
        match self.state {
            TokState::ArrayStart | TokState::ArrayValue => self.state = TokState::ArrayComma,
            TokState::ObjectValue => self.state = TokState::ObjectComma,
            _ => {}
        }
    }

    fn token_error(&self, c: u8) -> String {
        let context = match self.state {
            TokState::TopValue
            | TokState::ArrayStart
            | TokState::ArrayValue
            | TokState::ObjectValue => "looking for beginning of value",
            TokState::ArrayComma => "after array element",
            TokState::ObjectKey | TokState::ObjectStart => {
                "looking for beginning of object key string"
            }
            TokState::ObjectColon => "after object key",
            TokState::ObjectComma => "after object key:value pair",
        };
        // Go's switch has no context for ObjectStart.
        if self.state == TokState::ObjectStart {
            return format!("invalid character {}", quote_char(c));
        }
        invalid_char(c, context)
    }

    /// `Decoder.Token`.
    pub(crate) fn token(&mut self) -> Result<Tok<'a>, String> {
        loop {
            let c = self.peek()?;
            match c {
                b'[' | b'{' => {
                    if !self.value_allowed() {
                        return Err(self.token_error(c));
                    }
                    self.pos += 1;
                    self.stack.push(self.state);
                    self.state = if c == b'[' {
                        TokState::ArrayStart
                    } else {
                        TokState::ObjectStart
                    };
                    return Ok(Tok::Delim(c));
                }
                b']' | b'}' => {
                    let ok = if c == b']' {
                        matches!(self.state, TokState::ArrayStart | TokState::ArrayComma)
                    } else {
                        matches!(self.state, TokState::ObjectStart | TokState::ObjectComma)
                    };
                    if !ok {
                        return Err(self.token_error(c));
                    }
                    self.pos += 1;
                    self.state = self.stack.pop().unwrap_or(TokState::TopValue);
                    self.value_end();
                    return Ok(Tok::Delim(c));
                }
                b':' => {
                    if self.state != TokState::ObjectColon {
                        return Err(self.token_error(c));
                    }
                    self.pos += 1;
                    self.state = TokState::ObjectValue;
                }
                b',' => {
                    if self.state == TokState::ArrayComma {
                        self.pos += 1;
                        self.state = TokState::ArrayValue;
                    } else if self.state == TokState::ObjectComma {
                        self.pos += 1;
                        self.state = TokState::ObjectKey;
                    } else {
                        return Err(self.token_error(c));
                    }
                }
                b'"' if matches!(self.state, TokState::ObjectStart | TokState::ObjectKey) => {
                    let old = self.state;
                    self.state = TokState::TopValue;
                    let raw = self.decode_raw();
                    self.state = old;
                    let raw = raw?;
                    self.state = TokState::ObjectColon;
                    return Ok(Tok::String(unquote(raw)));
                }
                _ => {
                    if !self.value_allowed() {
                        return Err(self.token_error(c));
                    }
                    let raw = self.decode_raw()?;
                    return Ok(literal(raw));
                }
            }
        }
    }

    /// `Decoder.Decode(&rawMessage)`: the text of the next value.
    pub(crate) fn decode_raw(&mut self) -> Result<&'a str, String> {
        // tokenPrepareForDecode
        match self.state {
            TokState::ArrayComma => {
                if self.peek()? != b',' {
                    return Err("expected comma after array element".to_string());
                }
                self.pos += 1;
                self.state = TokState::ArrayValue;
            }
            TokState::ObjectColon => {
                if self.peek()? != b':' {
                    return Err("expected colon after object key".to_string());
                }
                self.pos += 1;
                self.state = TokState::ObjectValue;
            }
            _ => {}
        }
        if !self.value_allowed() {
            return Err("not at beginning of value".to_string());
        }
        let start = self.pos;
        let n = scan_value(&self.bytes()[start..])?;
        self.pos = start + n;
        self.value_end();
        Ok(self.s[start..start + n].trim_start_matches([' ', '\t', '\r', '\n']))
    }
}

/// The Go value of a scalar literal (as `Decode(&any)` with `UseNumber`).
fn literal(raw: &str) -> Tok<'_> {
    match raw.as_bytes().first() {
        Some(b'"') => Tok::String(unquote(raw)),
        Some(b't') => Tok::Bool(true),
        Some(b'f') => Tok::Bool(false),
        Some(b'n') => Tok::Null,
        _ => Tok::Number(raw),
    }
}

fn hex4(b: &[u8]) -> Option<u32> {
    if b.len() < 4 {
        return None;
    }
    let mut v = 0u32;
    for &c in &b[..4] {
        v = v * 16 + (c as char).to_digit(16)?;
    }
    Some(v)
}

/// Go's `unquote` of a scanned string literal (quotes included): escapes
/// decoded, unpaired surrogates become U+FFFD.
pub(crate) fn unquote(raw: &str) -> Cow<'_, str> {
    let inner = raw
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or(raw);
    if !inner.contains('\\') {
        return Cow::Borrowed(inner);
    }
    let b = inner.as_bytes();
    let mut out = String::with_capacity(inner.len());
    let mut i = 0;
    let mut start = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            i += 1;
            continue;
        }
        out.push_str(&inner[start..i]);
        let esc = b.get(i + 1).copied().unwrap_or(b'\\');
        i += 2;
        match esc {
            b'b' => out.push('\u{8}'),
            b'f' => out.push('\u{c}'),
            b'n' => out.push('\n'),
            b'r' => out.push('\r'),
            b't' => out.push('\t'),
            b'u' => {
                let r = hex4(&b[i..]).unwrap_or(0xFFFD);
                i += 4;
                if (0xD800..0xE000).contains(&r) {
                    // A surrogate: valid only as a high one followed by a
                    // low one.
                    let pair =
                        if r < 0xDC00 && b.get(i) == Some(&b'\\') && b.get(i + 1) == Some(&b'u') {
                            hex4(&b[i + 2..]).filter(|r2| (0xDC00..0xE000).contains(r2))
                        } else {
                            None
                        };
                    match pair {
                        Some(r2) => {
                            i += 6;
                            let c = 0x10000 + ((r - 0xD800) << 10) + (r2 - 0xDC00);
                            out.push(char::from_u32(c).unwrap_or('\u{FFFD}'));
                        }
                        None => out.push('\u{FFFD}'),
                    }
                } else {
                    out.push(char::from_u32(r).unwrap_or('\u{FFFD}'));
                }
            }
            other => out.push(other as char),
        }
        start = i;
    }
    out.push_str(&inner[start.min(inner.len())..]);
    Cow::Owned(out)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    BeginValue,
    BeginValueOrEmpty,
    BeginStringOrEmpty,
    BeginString,
    EndValue,
    EndTop,
    InString,
    InStringEsc,
    InStringEscU(u8),
    Neg,
    One,
    Zero,
    Dot,
    Dot0,
    E,
    ESign,
    E0,
    Lit(&'static [u8], &'static str, usize),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Parse {
    ObjectKey,
    ObjectValue,
    ArrayValue,
}

#[derive(PartialEq, Eq)]
enum Scan {
    Continue,
    EndValue,
    End,
}

/// Go's scanner, as `readValue` runs it: the length of the first value in
/// `b` (leading spaces included), or the error message.
fn scan_value(b: &[u8]) -> Result<usize, String> {
    let mut sc = Scanner {
        step: Step::BeginValue,
        stack: Vec::new(),
    };
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match sc.step(c)? {
            Scan::End => return Ok(i),
            Scan::EndValue => {
                // scanEndObject / scanEndArray closing the top value.
                if sc.stack.is_empty() {
                    return Ok(i + 1);
                }
            }
            Scan::Continue => {}
        }
        i += 1;
    }
    // At EOF Go feeds a space to end a pending literal.
    match sc.step(b' ') {
        Ok(Scan::End) => Ok(b.len()),
        _ => {
            if b.iter().any(|&c| !is_space(c)) {
                Err("unexpected EOF".to_string())
            } else {
                Err("EOF".to_string())
            }
        }
    }
}

struct Scanner {
    step: Step,
    stack: Vec<Parse>,
}

const LIT_TRUE: &[u8] = b"true";
const LIT_FALSE: &[u8] = b"false";
const LIT_NULL: &[u8] = b"null";

impl Scanner {
    fn push(&mut self, c: u8, p: Parse) -> Result<Scan, String> {
        self.stack.push(p);
        if self.stack.len() <= MAX_DEPTH {
            Ok(Scan::Continue)
        } else {
            Err(invalid_char(c, "exceeded max depth"))
        }
    }

    /// Where the innermost array or object is now (Go's
    /// `s.parseState[len(s.parseState)-1] = ...`).
    fn set_innermost(&mut self, p: Parse) {
        if let Some(last) = self.stack.last_mut() {
            *last = p;
        }
    }

    fn pop(&mut self) {
        self.stack.pop();
        self.step = if self.stack.is_empty() {
            Step::EndTop
        } else {
            Step::EndValue
        };
    }

    fn step(&mut self, c: u8) -> Result<Scan, String> {
        match self.step {
            Step::BeginValueOrEmpty => self.begin_value_or_empty(c),
            Step::BeginValue => self.begin_value(c),
            Step::BeginStringOrEmpty => self.begin_string_or_empty(c),
            Step::BeginString => self.begin_string(c),
            Step::EndValue => self.end_value(c),
            Step::EndTop => Ok(Scan::End),
            Step::InString => self.in_string(c),
            Step::InStringEsc => self.in_string_esc(c),
            Step::InStringEscU(n) => self.in_string_esc_u(c, n),
            Step::Neg => self.neg(c),
            Step::One => {
                if c.is_ascii_digit() {
                    return Ok(Scan::Continue);
                }
                self.zero(c)
            }
            Step::Zero => self.zero(c),
            Step::Dot => {
                if c.is_ascii_digit() {
                    self.step = Step::Dot0;
                    Ok(Scan::Continue)
                } else {
                    Err(invalid_char(c, "after decimal point in numeric literal"))
                }
            }
            Step::Dot0 => {
                if c.is_ascii_digit() {
                    Ok(Scan::Continue)
                } else {
                    self.exponent_or_end(c)
                }
            }
            Step::E => {
                if c == b'+' || c == b'-' {
                    self.step = Step::ESign;
                    return Ok(Scan::Continue);
                }
                self.e_sign(c)
            }
            Step::ESign => self.e_sign(c),
            Step::E0 => {
                if c.is_ascii_digit() {
                    Ok(Scan::Continue)
                } else {
                    self.end_value(c)
                }
            }
            Step::Lit(word, name, i) => self.lit(c, word, name, i),
        }
    }

    /// After `[`: a space, the `]` of an empty array, or its first value.
    #[inline]
    fn begin_value_or_empty(&mut self, c: u8) -> Result<Scan, String> {
        if is_space(c) {
            return Ok(Scan::Continue);
        }
        if c == b']' {
            return self.end_value(c);
        }
        self.begin_value(c)
    }

    /// After `{`: a space, the `}` of an empty object, or its first key.
    #[inline]
    fn begin_string_or_empty(&mut self, c: u8) -> Result<Scan, String> {
        if is_space(c) {
            return Ok(Scan::Continue);
        }
        if c == b'}' {
            self.set_innermost(Parse::ObjectValue);
            return self.end_value(c);
        }
        self.begin_string(c)
    }

    /// Inside a string literal: its closing quote, an escape, or a byte of
    /// it (control characters are errors).
    #[inline]
    fn in_string(&mut self, c: u8) -> Result<Scan, String> {
        if c == b'"' {
            self.step = Step::EndValue;
        } else if c == b'\\' {
            self.step = Step::InStringEsc;
        } else if c < 0x20 {
            return Err(invalid_char(c, "in string literal"));
        }
        Ok(Scan::Continue)
    }

    /// After `\\` in a string literal.
    #[inline]
    fn in_string_esc(&mut self, c: u8) -> Result<Scan, String> {
        match c {
            b'b' | b'f' | b'n' | b'r' | b't' | b'\\' | b'/' | b'"' => {
                self.step = Step::InString;
                Ok(Scan::Continue)
            }
            b'u' => {
                self.step = Step::InStringEscU(0);
                Ok(Scan::Continue)
            }
            _ => Err(invalid_char(c, "in string escape code")),
        }
    }

    /// After `n` hex digits (0 to 3) of a `\\u` escape.
    #[inline]
    fn in_string_esc_u(&mut self, c: u8, n: u8) -> Result<Scan, String> {
        if c.is_ascii_hexdigit() {
            self.step = if n == 3 {
                Step::InString
            } else {
                Step::InStringEscU(n + 1)
            };
            Ok(Scan::Continue)
        } else {
            Err(invalid_char(c, "in \\u hexadecimal character escape"))
        }
    }

    /// After the `-` of a number: its first digit.
    #[inline]
    fn neg(&mut self, c: u8) -> Result<Scan, String> {
        if c == b'0' {
            self.step = Step::Zero;
        } else if c.is_ascii_digit() {
            self.step = Step::One;
        } else {
            return Err(invalid_char(c, "in numeric literal"));
        }
        Ok(Scan::Continue)
    }

    /// Inside the literal `word` (`true`, `false` or `null`, named `name`),
    /// `i` bytes of it read.
    #[inline]
    fn lit(
        &mut self,
        c: u8,
        word: &'static [u8],
        name: &'static str,
        i: usize,
    ) -> Result<Scan, String> {
        if c == word[i] {
            self.step = if i + 1 == word.len() {
                Step::EndValue
            } else {
                Step::Lit(word, name, i + 1)
            };
            Ok(Scan::Continue)
        } else {
            Err(invalid_char(
                c,
                &format!("in literal {name} (expecting '{}')", word[i] as char),
            ))
        }
    }

    fn zero(&mut self, c: u8) -> Result<Scan, String> {
        if c == b'.' {
            self.step = Step::Dot;
            Ok(Scan::Continue)
        } else {
            self.exponent_or_end(c)
        }
    }

    /// After a number's integer or fraction digits: an exponent, or the
    /// end of the number.
    #[inline]
    fn exponent_or_end(&mut self, c: u8) -> Result<Scan, String> {
        if c == b'e' || c == b'E' {
            self.step = Step::E;
            Ok(Scan::Continue)
        } else {
            self.end_value(c)
        }
    }

    fn e_sign(&mut self, c: u8) -> Result<Scan, String> {
        if c.is_ascii_digit() {
            self.step = Step::E0;
            Ok(Scan::Continue)
        } else {
            Err(invalid_char(c, "in exponent of numeric literal"))
        }
    }

    fn begin_value(&mut self, c: u8) -> Result<Scan, String> {
        if is_space(c) {
            return Ok(Scan::Continue);
        }
        match c {
            b'{' => {
                self.step = Step::BeginStringOrEmpty;
                self.push(c, Parse::ObjectKey)
            }
            b'[' => {
                self.step = Step::BeginValueOrEmpty;
                self.push(c, Parse::ArrayValue)
            }
            b'"' => {
                self.step = Step::InString;
                Ok(Scan::Continue)
            }
            b'-' => {
                self.step = Step::Neg;
                Ok(Scan::Continue)
            }
            b'0' => {
                self.step = Step::Zero;
                Ok(Scan::Continue)
            }
            b't' => {
                self.step = Step::Lit(LIT_TRUE, "true", 1);
                Ok(Scan::Continue)
            }
            b'f' => {
                self.step = Step::Lit(LIT_FALSE, "false", 1);
                Ok(Scan::Continue)
            }
            b'n' => {
                self.step = Step::Lit(LIT_NULL, "null", 1);
                Ok(Scan::Continue)
            }
            b'1'..=b'9' => {
                self.step = Step::One;
                Ok(Scan::Continue)
            }
            _ => Err(invalid_char(c, "looking for beginning of value")),
        }
    }

    fn begin_string(&mut self, c: u8) -> Result<Scan, String> {
        if is_space(c) {
            return Ok(Scan::Continue);
        }
        if c == b'"' {
            self.step = Step::InString;
            return Ok(Scan::Continue);
        }
        Err(invalid_char(
            c,
            "looking for beginning of object key string",
        ))
    }

    fn end_value(&mut self, c: u8) -> Result<Scan, String> {
        let Some(&ps) = self.stack.last() else {
            // stateEndTop: the error it records is never reported by
            // readValue.
            self.step = Step::EndTop;
            return Ok(Scan::End);
        };
        if is_space(c) {
            self.step = Step::EndValue;
            return Ok(Scan::Continue);
        }
        match (ps, c) {
            (Parse::ObjectKey, b':') => {
                self.set_innermost(Parse::ObjectValue);
                self.step = Step::BeginValue;
                Ok(Scan::Continue)
            }
            (Parse::ObjectValue, b',') => {
                self.set_innermost(Parse::ObjectKey);
                self.step = Step::BeginString;
                Ok(Scan::Continue)
            }
            (Parse::ArrayValue, b',') => {
                self.step = Step::BeginValue;
                Ok(Scan::Continue)
            }
            (Parse::ObjectValue, b'}') | (Parse::ArrayValue, b']') => {
                self.pop();
                Ok(Scan::EndValue)
            }
            (Parse::ObjectKey, _) => Err(invalid_char(c, "after object key")),
            (Parse::ObjectValue, _) => Err(invalid_char(c, "after object key:value pair")),
            (Parse::ArrayValue, _) => Err(invalid_char(c, "after array element")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scans_values() {
        assert_eq!(scan_value(b" 12,"), Ok(3));
        assert_eq!(scan_value(b"[1, {\"a\": 2}] x"), Ok(13));
        assert_eq!(scan_value(b"tru"), Err("unexpected EOF".into()));
        assert_eq!(
            scan_value(b"tx"),
            Err("invalid character 'x' in literal true (expecting 'r')".into())
        );
        assert_eq!(scan_value(b"  "), Err("EOF".into()));
    }

    #[test]
    fn unquotes() {
        assert_eq!(
            unquote(r#""a\n\u00e9\ud83d\ude00\ud800x""#),
            "a\né\u{1F600}\u{FFFD}x"
        );
    }
}
