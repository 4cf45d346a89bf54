//! The JSON parser, a port of `hcl/v2/json/parser.go` and of the root check
//! in `public.go`.
//!
//! The reference is recursive; this port keeps its exact token consumption
//! and diagnostics but runs on an explicit stack, so nesting depth costs
//! heap, not call stack, and is limited by [`ParseOptions::max_depth`].
//!
//! Recovery follows the reference precisely: a scalar that fails to parse
//! becomes [`Value::Invalid`] and its container carries on; a container
//! that fails skips ahead (counting braces or brackets as the reference
//! does), becomes [`Value::Invalid`] at its opening token, and its parent
//! carries on. So one file can yield several diagnostics, in the
//! reference's order.

use std::sync::Arc;

use super::ast::{Document, File, JsonString, Object, Property, Value};
use super::scanner::{Kind, STR_BACKSLASH, STR_CLOSED, STR_SWALLOWED, Scanner, Token};
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::source::{MAX_FILE_SIZE, Pos, Range, SourceFile, Span};
use crate::syntax::number::{binary_exponent_fits, parse_exponent};

/// The deepest nesting of objects and arrays [`super::parse`] accepts.
pub const DEFAULT_MAX_DEPTH: usize = 10_000;

/// Options for [`super::parse_with`].
#[derive(Clone, Debug)]
pub struct ParseOptions {
    /// The deepest nesting of objects and arrays accepted; deeper input is
    /// reported as "Nesting too deep" and parsing stops there. The
    /// reference has no limit (it recurses on Go's growable stack); this
    /// one protects the recursive code that later walks the tree.
    pub max_depth: usize,
}

impl Default for ParseOptions {
    fn default() -> ParseOptions {
        ParseOptions {
            max_depth: DEFAULT_MAX_DEPTH,
        }
    }
}

/// The reference's token peeker over a lazy scanner.
struct Peeker<'a> {
    scanner: Scanner<'a>,
    next: Token,
}

impl<'a> Peeker<'a> {
    fn new(text: &'a str) -> Peeker<'a> {
        // A leading byte order mark is skipped (Windows editors write one);
        // the reference's JSON parser refuses it, its native parser does not.
        let start = if text.starts_with('\u{FEFF}') { 3 } else { 0 };
        let mut scanner = Scanner::new(text, start);
        let next = scanner.next_token();
        Peeker { scanner, next }
    }

    #[inline]
    fn peek(&self) -> Token {
        self.next
    }

    #[inline]
    fn read(&mut self) -> Token {
        let t = self.next;
        if t.kind != Kind::Eof {
            self.next = self.scanner.next_token();
        }
        t
    }

    /// The reference's `recover` in `parseObject` (`open`/`close` braces)
    /// or `parseArray` (brackets): skips from the already-read `tok` to
    /// what seems to be the end of the container.
    fn recover(&mut self, mut tok: Token, open_kind: Kind, close_kind: Kind) {
        let mut open = 1usize;
        loop {
            if tok.kind == open_kind {
                open += 1;
            } else if tok.kind == close_kind {
                open -= 1;
                if open <= 1 {
                    return;
                }
            } else if tok.kind == Kind::Eof {
                return;
            }
            tok = self.read();
        }
    }
}

/// An object or array being parsed. Its entries so far sit on the parser's
/// shared scratch stacks from `base` on; when it closes they move to the
/// document as one contiguous block.
struct Frame {
    is_object: bool,
    open: Span,
    base: usize,
    /// Object only: the key and colon read, waiting for the value.
    key: Option<(JsonString, Span)>,
}

/// What follows a value handed to a container.
enum Next {
    /// Parse another value (the next key, property value or element).
    Value,
    /// The container is finished (or failed): hand this to its parent.
    Done(Value),
}

pub(crate) struct Parser<'a> {
    src: &'a Arc<SourceFile>,
    text: &'a str,
    p: Peeker<'a>,
    diags: Diagnostics,
    max_depth: usize,
    stack: Vec<Frame>,
    props: Vec<Property>,
    items: Vec<Value>,
    doc: Document,
}

impl<'a> Parser<'a> {
    pub(crate) fn new(src: &'a Arc<SourceFile>, opts: &ParseOptions) -> Parser<'a> {
        let text = src.source();
        Parser {
            src,
            text,
            p: Peeker::new(text),
            diags: Diagnostics::new(),
            max_depth: opts.max_depth,
            stack: Vec::new(),
            props: Vec::new(),
            items: Vec::new(),
            doc: Document::new(src.clone()),
        }
    }

    #[cold]
    fn error(&mut self, summary: &str, detail: impl Into<String>, subject: Span) {
        let d = Diagnostic::error(summary, detail).with_subject(self.src.range(subject));
        self.diags.push(d);
    }

    fn finish(self, root: Value) -> (File, Diagnostics) {
        let file = File {
            doc: Arc::new(self.doc),
            root,
        };
        (file, self.diags)
    }

    /// `parseFileContent`: a value and then the end of the input. `None`
    /// when parsing stopped at the depth limit (or never started, for a
    /// file too large for 32-bit spans).
    fn parse_content(&mut self) -> Option<Value> {
        if self.text.len() > MAX_FILE_SIZE {
            self.diags.push(Diagnostic::error(
                "File too large",
                format!(
                    "The file {} is {} bytes long; files over {MAX_FILE_SIZE} bytes are not supported.",
                    self.src.name(),
                    self.text.len()
                ),
            ));
            return None;
        }
        let v = self.parse_value_tree()?;
        let next = self.p.peek();
        if self.diags.is_empty() && next.kind != Kind::Eof {
            self.error(
                "Extraneous data after value",
                "Extra characters appear after the JSON value.",
                next.span,
            );
        }
        Some(v)
    }

    /// The reference's `parseValue`, including everything nested in the
    /// value, without recursion.
    fn parse_value_tree(&mut self) -> Option<Value> {
        loop {
            // parseValue at the current token.
            let tok = self.p.peek();
            let mut v = match tok.kind {
                Kind::BraceO | Kind::BrackO => {
                    if self.stack.len() >= self.max_depth {
                        let d = Diagnostic::error(
                            "Nesting too deep",
                            format!(
                                "Objects and arrays are nested more than {} levels deep here, which is not supported.",
                                self.max_depth
                            ),
                        )
                        .with_subject(self.src.range(tok.span))
                        .with_code(Code::NestingTooDeep);
                        self.diags.push(d);
                        return None;
                    }
                    self.p.read();
                    let is_object = tok.kind == Kind::BraceO;
                    self.stack.push(Frame {
                        is_object,
                        open: tok.span,
                        base: if is_object {
                            self.props.len()
                        } else {
                            self.items.len()
                        },
                        key: None,
                    });
                    // The loop head of parseObject / parseArray.
                    let close = if is_object {
                        Kind::BraceC
                    } else {
                        Kind::BrackC
                    };
                    if self.p.peek().kind != close {
                        continue;
                    }
                    let close = self.p.read().span;
                    self.close(close)
                }
                _ => self.parse_scalar(tok),
            };
            // Hand the value up until a container wants another value.
            loop {
                let Some(frame) = self.stack.last_mut() else {
                    return Some(v);
                };
                let next = if !frame.is_object {
                    self.array_value(v)
                } else if frame.key.is_none() {
                    self.object_key(v)
                } else {
                    self.object_value(v)
                };
                match next {
                    Next::Value => break,
                    Next::Done(done) => v = done,
                }
            }
        }
    }

    /// Pops the top frame as a finished container.
    fn close(&mut self, close: Span) -> Value {
        let Some(f) = self.stack.pop() else {
            return Value::Invalid(close);
        };
        let span = Span::between(f.open, close);
        if f.is_object {
            let o = self.doc.push_object(&self.props[f.base..], span);
            self.props.truncate(f.base);
            Value::Object(o)
        } else {
            let a = self.doc.push_array(&self.items[f.base..], span);
            self.items.truncate(f.base);
            Value::Array(a)
        }
    }

    /// Pops the top frame as failed: it becomes an invalid value at its
    /// opening token (the reference's `wrapInvalid`).
    fn fail(&mut self) -> Next {
        let Some(f) = self.stack.pop() else {
            return Next::Done(Value::Invalid(Span::empty(0)));
        };
        if f.is_object {
            self.props.truncate(f.base);
        } else {
            self.items.truncate(f.base);
        }
        Next::Done(Value::Invalid(f.open))
    }

    /// A value that is not a container, or the error for a token that
    /// cannot start a value (which is not consumed).
    #[inline]
    fn parse_scalar(&mut self, tok: Token) -> Value {
        let span = tok.span;
        match tok.kind {
            Kind::String => {
                self.p.read();
                if tok.flags & (STR_CLOSED | STR_BACKSLASH | STR_SWALLOWED) == STR_CLOSED {
                    Value::String(JsonString::raw(span))
                } else {
                    self.parse_string(span)
                }
            }
            Kind::Number => {
                self.p.read();
                if span.len() as usize > crate::syntax::number_limits::MAX_NUMBER_LENGTH {
                    self.error(
                        "Number literal too long",
                        crate::syntax::number_limits::number_too_long_detail(span.len() as usize),
                        span,
                    );
                    return Value::Invalid(span);
                }
                if number_is_valid(&self.text.as_bytes()[span.as_range()]) {
                    Value::Number(span)
                } else {
                    self.invalid_number(span)
                }
            }
            Kind::Keyword => {
                self.p.read();
                match &self.text.as_bytes()[span.as_range()] {
                    b"true" => Value::Bool(true, span),
                    b"false" => Value::Bool(false, span),
                    b"null" => Value::Null(span),
                    _ => self.invalid_keyword(span),
                }
            }
            _ => self.missing_value(tok),
        }
    }

    /// The error for a token that cannot start a value (which is not
    /// consumed).
    #[cold]
    #[inline(never)]
    fn missing_value(&mut self, tok: Token) -> Value {
        let (summary, detail) = match tok.kind {
            Kind::BraceC => (
                "Missing JSON value",
                "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.",
            ),
            Kind::BrackC => (
                "Missing array element value",
                "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.",
            ),
            Kind::Eof => ("Missing value", "The JSON data ends prematurely."),
            _ => (
                "Invalid start of value",
                "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.",
            ),
        };
        self.error(summary, detail, tok.span);
        Value::Invalid(tok.span)
    }

    /// `parseObject` after reading a key.
    fn object_key(&mut self, key: Value) -> Next {
        let Value::String(key) = key else {
            self.error(
                "Invalid object property name",
                "A JSON object property name must be a string",
                key.start_span(),
            );
            return self.fail();
        };
        let colon = self.p.read();
        if colon.kind != Kind::Colon {
            self.p.recover(colon, Kind::BraceO, Kind::BraceC);
            let detail = match colon.kind {
                Kind::BraceC | Kind::Comma => {
                    self.error(
                        "Missing object value",
                        "A JSON object attribute must have a value, introduced by a colon.",
                        colon.span,
                    );
                    return self.fail();
                }
                Kind::Equals => {
                    "JSON uses a colon as its name/value delimiter, not an equals sign."
                }
                _ => "A colon must appear between an object property's name and its value.",
            };
            self.error("Missing property value colon", detail, colon.span);
            return self.fail();
        }
        if let Some(frame) = self.stack.last_mut() {
            frame.key = Some((key, colon.span));
        }
        // Shortcut for the common case: a scalar property value.
        let tok = self.p.peek();
        if matches!(tok.kind, Kind::String | Kind::Number | Kind::Keyword) {
            let v = self.parse_scalar(tok);
            return self.object_value(v);
        }
        Next::Value
    }

    /// `parseObject` after reading a property value.
    fn object_value(&mut self, value: Value) -> Next {
        let Some(frame) = self.stack.last_mut() else {
            return Next::Done(value);
        };
        let open = frame.open;
        if let Some((key, colon)) = frame.key.take() {
            self.props.push(Property { key, colon, value });
        }
        let next = self.p.peek();
        match next.kind {
            Kind::Comma => {
                let comma = self.p.read();
                if self.p.peek().kind == Kind::BraceC {
                    self.error(
                        "Trailing comma in object",
                        "JSON does not permit a trailing comma after the final property in an object.",
                        comma.span,
                    );
                    return self.fail();
                }
                Next::Value
            }
            Kind::Eof => {
                self.error(
                    "Unclosed object",
                    "No closing brace was found for this JSON object.",
                    open,
                );
                self.fail()
            }
            Kind::BrackC => {
                self.p.read();
                let at = self.p.peek().span;
                self.error(
                    "Mismatched braces",
                    "A JSON object must be closed with a brace, not a bracket.",
                    at,
                );
                self.fail()
            }
            Kind::BraceC => {
                let close = self.p.read().span;
                Next::Done(self.close(close))
            }
            _ => {
                let tok = self.p.read();
                self.p.recover(tok, Kind::BraceO, Kind::BraceC);
                let at = self.p.peek().span;
                self.error(
                    "Missing attribute seperator comma",
                    "A comma must appear between each property definition in an object.",
                    at,
                );
                self.fail()
            }
        }
    }

    /// `parseArray` after reading an element.
    fn array_value(&mut self, value: Value) -> Next {
        let Some(frame) = self.stack.last_mut() else {
            return Next::Done(value);
        };
        let open = frame.open;
        self.items.push(value);
        let next = self.p.peek();
        let (summary, detail) = match next.kind {
            Kind::Comma => {
                let comma = self.p.read();
                if self.p.peek().kind == Kind::BrackC {
                    self.error(
                        "Trailing comma in array",
                        "JSON does not permit a trailing comma after the final value in an array.",
                        comma.span,
                    );
                    return self.fail();
                }
                return Next::Value;
            }
            Kind::BrackC => {
                return {
                    let close = self.p.read().span;
                    Next::Done(self.close(close))
                };
            }
            Kind::Eof => {
                self.p.read();
                self.error(
                    "Unclosed object",
                    "No closing bracket was found for this JSON array.",
                    open,
                );
                return self.fail();
            }
            Kind::Colon => (
                "Invalid array value",
                "A colon is not used to introduce values in a JSON array.",
            ),
            Kind::BraceC => (
                "Mismatched brackets",
                "A JSON array must be closed with a bracket, not a brace.",
            ),
            _ => (
                "Missing attribute seperator comma",
                "A comma must appear between each value in an array.",
            ),
        };
        let tok = self.p.read();
        self.p.recover(tok, Kind::BrackO, Kind::BrackC);
        let at = self.p.peek().span;
        self.error(summary, detail, at);
        self.fail()
    }

    #[cold]
    #[inline(never)]
    fn invalid_number(&mut self, span: Span) -> Value {
        self.error(
            "Invalid JSON number",
            "There is a syntax error in the given JSON number.",
            span,
        );
        Value::Invalid(span)
    }

    #[cold]
    #[inline(never)]
    fn invalid_keyword(&mut self, span: Span) -> Value {
        let s = &self.text[span.as_range()];
        let detail = match s {
            "undefined" | "NaN" | "Infinity" => {
                format!("The JavaScript identifier \"{s}\" cannot be used in JSON.")
            }
            _ => match keyword_suggestion(s) {
                Some(k) => format!("\"{s}\" is not a valid JSON keyword. Did you mean \"{k}\"?"),
                None => format!("\"{s}\" is not a valid JSON keyword."),
            },
        };
        self.error("Invalid JSON keyword", detail, span);
        Value::Invalid(span)
    }

    /// `parseString`: decodes as `encoding/json` would, reporting its
    /// syntax errors where the reference does.
    /// The slow path for strings with escapes or errors.
    #[inline(never)]
    fn parse_string(&mut self, span: Span) -> Value {
        let raw = &self.text[span.as_range()];
        match check_string(raw.as_bytes()) {
            Ok(end_quote) => {
                let inner = &raw[1..end_quote];
                if end_quote + 1 == raw.len() && !inner.contains('\\') {
                    return Value::String(JsonString::raw(span));
                }
                Value::String(self.doc.push_decoded(span, unquote(inner)))
            }
            Err(offset) => {
                // The reference adds the byte offset to the column too.
                let tok_range = self.src.range(span);
                let start = Pos {
                    line: tok_range.start.line,
                    column: tok_range.start.column + offset,
                    byte: tok_range.start.byte + offset,
                };
                let end = Pos {
                    column: start.column + 1,
                    byte: start.byte + 1,
                    ..start
                };
                let subject = Range {
                    filename: tok_range.filename.clone(),
                    start,
                    end,
                };
                let mut d = Diagnostic::error(
                    "Invalid JSON string",
                    "There is a syntax error in the given JSON string.",
                )
                .with_subject(subject.clone());
                if subject != tok_range {
                    d = d.with_context(tok_range);
                }
                self.diags.push(d);
                Value::Invalid(span)
            }
        }
    }
}

/// `json.Parse`: the file's value, which must be an object or an array.
pub(crate) fn parse_file(src: Arc<SourceFile>, opts: &ParseOptions) -> (File, Diagnostics) {
    let mut parser = Parser::new(&src, opts);
    let root = match parser.parse_content() {
        Some(v @ (Value::Object(_) | Value::Array(_))) => v,
        Some(other) => {
            parser.error(
                "Root value must be object",
                "The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.",
                other.start_span(),
            );
            Value::Object(Object::placeholder())
        }
        None => Value::Object(Object::placeholder()),
    };
    parser.finish(root)
}

/// `json.ParseExpression`: any one value.
pub(crate) fn parse_expression(src: Arc<SourceFile>, opts: &ParseOptions) -> (File, Diagnostics) {
    let mut parser = Parser::new(&src, opts);
    let root = parser
        .parse_content()
        .unwrap_or(Value::Invalid(Span::empty(0)));
    parser.finish(root)
}

/// Runs `encoding/json`'s syntax check over a string token. `Ok` gives the
/// index of the closing quote; `Err` the reference's error offset (the
/// index of the offending byte plus one, or the length at end of input).
fn check_string(t: &[u8]) -> Result<usize, usize> {
    enum S {
        In,
        Esc,
        EscU(u8),
        End(usize),
    }
    let mut s = S::In;
    for (i, &c) in t.iter().enumerate().skip(1) {
        s = match s {
            S::In => match c {
                b'"' => S::End(i),
                b'\\' => S::Esc,
                c if c < 0x20 => return Err(i + 1),
                _ => S::In,
            },
            S::Esc => match c {
                b'b' | b'f' | b'n' | b'r' | b't' | b'\\' | b'/' | b'"' => S::In,
                b'u' => S::EscU(0),
                _ => return Err(i + 1),
            },
            S::EscU(n) => {
                if !c.is_ascii_hexdigit() {
                    return Err(i + 1);
                }
                if n == 3 { S::In } else { S::EscU(n + 1) }
            }
            S::End(e) => {
                if !matches!(c, b' ' | b'\t' | b'\r' | b'\n') {
                    return Err(i + 1);
                }
                S::End(e)
            }
        };
    }
    match s {
        S::End(e) => Ok(e),
        _ => Err(t.len()),
    }
}

fn hex4(b: &[u8]) -> Option<u32> {
    let digits = b.get(..4)?;
    let mut v = 0;
    for &d in digits {
        v = v * 16 + (d as char).to_digit(16)?;
    }
    Some(v)
}

/// `getu4`: the code unit of a `\uXXXX` escape at the start of `b`.
fn escape_u4(b: &[u8]) -> Option<u32> {
    if b.len() < 6 || b[0] != b'\\' || b[1] != b'u' {
        return None;
    }
    hex4(&b[2..])
}

/// Decodes the text between the quotes of a string that passed
/// [`check_string`], as Go's `unquoteBytes` does: invalid surrogate
/// escapes become U+FFFD.
fn unquote(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        let run = i;
        while i < b.len() && b[i] != b'\\' {
            i += 1;
        }
        out.push_str(&s[run..i]);
        if i >= b.len() {
            break;
        }
        let Some(&e) = b.get(i + 1) else { break };
        i += 2;
        let c = match e {
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let Some(r) = hex4(&b[i..]) else { break };
                i += 4;
                if (0xD800..0xE000).contains(&r) {
                    match escape_u4(&b[i..]) {
                        Some(r2) if r < 0xDC00 && (0xDC00..0xE000).contains(&r2) => {
                            i += 6;
                            char::from_u32(0x10000 + ((r - 0xD800) << 10) + (r2 - 0xDC00))
                                .unwrap_or('\u{FFFD}')
                        }
                        _ => '\u{FFFD}',
                    }
                } else {
                    char::from_u32(r).unwrap_or('\u{FFFD}')
                }
            }
            other => other as char,
        };
        out.push(c);
    }
    out
}

/// Whether `t` is a JSON number (`encoding/json`'s grammar) that cty's
/// `ParseNumberVal` (`big.ParseFloat` at 512 bits) also accepts: its
/// exponent must fit an int64 and the binary exponent of the value an
/// int32.
pub(crate) fn number_is_valid(t: &[u8]) -> bool {
    let mut i = 0;
    let digits = |i: &mut usize| {
        let s = *i;
        while *i < t.len() && t[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - s
    };
    if t.first() == Some(&b'-') {
        i += 1;
    }
    let int_start = i;
    match t.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            digits(&mut i);
        }
        _ => return false,
    }
    let int_end = i;
    let mut frac = (i, i);
    if t.get(i) == Some(&b'.') {
        i += 1;
        let s = i;
        if digits(&mut i) == 0 {
            return false;
        }
        frac = (s, i);
    }
    let mut exp: i64 = 0;
    if matches!(t.get(i), Some(b'e' | b'E')) {
        i += 1;
        let Some(e) = parse_exponent(t, &mut i) else {
            return false;
        };
        exp = e;
    }
    if i != t.len() {
        return false;
    }
    // The mantissa is every digit, integer and fraction, as one integer.
    let digits = t[int_start..int_end].iter().chain(&t[frac.0..frac.1]);
    binary_exponent_fits(digits.copied(), frac.1 - frac.0, exp)
}

/// `keywordSuggestion`: the first of `false`, `true`, `null` within
/// Levenshtein distance 2.
fn keyword_suggestion(given: &str) -> Option<&'static str> {
    ["false", "true", "null"]
        .into_iter()
        .find(|k| crate::syntax::suggest::within_two_edits(given, k))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_follow_json_and_cty() {
        // Every verdict here was checked with the reference parser.
        for ok in [
            "0",
            "-0",
            "1",
            "-1.5e3",
            "1E5",
            "1e+5",
            "0.000e99999999999999",
            "1e999999999",
            "1e-2147483649",
        ] {
            assert!(number_is_valid(ok.as_bytes()), "{ok}");
        }
        for bad in [
            "",
            "-",
            "01",
            "1.",
            ".5",
            "+1",
            "1e",
            "1e+",
            "1.2.3",
            "--1",
            "1e2147483647",
            "1e9223372036854775808",
            "0e9223372036854775808",
            "10e2147483646",
        ] {
            assert!(!number_is_valid(bad.as_bytes()), "{bad}");
        }
        // bitlen(1) + 2147483646 = 2^31-1 fits; bitlen(2) = 2 does not.
        assert!(number_is_valid(b"1e2147483646"));
        assert!(!number_is_valid(b"2e2147483646"));
        assert!(!number_is_valid(b"1e-9223372036854775808"));
        assert!(!number_is_valid(b"1e-2147483650"));
        assert!(number_is_valid(b"0.5e-2147483648"));
    }

    #[test]
    fn string_check_offsets() {
        assert_eq!(check_string(br#""abc""#), Ok(4));
        assert_eq!(check_string(br#""abc"#), Err(4));
        assert_eq!(check_string(br#""a\x""#), Err(4));
        assert_eq!(check_string(br#""\u12G4""#), Err(6));
        assert_eq!(check_string(b"\"a\" x"), Err(5));
        assert_eq!(check_string(b"\"a\"  "), Ok(2));
    }

    #[test]
    fn unquote_like_go() {
        assert_eq!(unquote(r"a\tb\u00e9\/\b\f"), "a\tbé/\u{8}\u{c}");
        assert_eq!(unquote(r"\ud83d\ude00"), "😀");
        assert_eq!(unquote(r"\ud83d x"), "\u{FFFD} x");
        assert_eq!(unquote(r"\ude00\ud83d"), "\u{FFFD}\u{FFFD}");
        assert_eq!(unquote(r"\ud83d\ud83d\ude00"), "\u{FFFD}😀");
        assert_eq!(unquote(r"\u0000"), "\0");
    }

    #[test]
    fn suggestions() {
        assert_eq!(keyword_suggestion("tru"), Some("true"));
        assert_eq!(keyword_suggestion("True"), Some("true"));
        assert_eq!(keyword_suggestion("nul"), Some("null"));
        assert_eq!(keyword_suggestion("yes"), None);
    }
}
