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

use super::ast::{Array, File, JsonString, Object, Property, Value};
use super::scanner::{Kind, STR_BACKSLASH, STR_CLOSED, STR_SWALLOWED, Scanner, Token};
use crate::diag::{Diagnostic, Diagnostics};
use crate::source::{Pos, Range, SourceFile, Span};

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
        let mut scanner = Scanner::new(text, 0);
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

enum Frame {
    Object {
        open: Span,
        props: Vec<Property>,
        /// The key and colon read, waiting for the value.
        key: Option<(JsonString, Span)>,
    },
    Array {
        open: Span,
        items: Vec<Value>,
    },
}

/// What the state machine does next.
enum Step {
    /// Parse a value at the current token (`parseValue`).
    Value,
    /// The top frame's loop head: close it or parse its next entry.
    Top,
    /// Hand a finished value to the top frame (or make it the root).
    Deliver(Value),
}

pub(crate) struct Parser<'a> {
    src: &'a SourceFile,
    text: &'a str,
    p: Peeker<'a>,
    diags: Diagnostics,
    max_depth: usize,
}

impl<'a> Parser<'a> {
    pub(crate) fn new(src: &'a SourceFile, opts: &ParseOptions) -> Parser<'a> {
        let text = src.source();
        Parser {
            src,
            text,
            p: Peeker::new(text),
            diags: Diagnostics::new(),
            max_depth: opts.max_depth,
        }
    }

    fn error(&mut self, summary: &str, detail: impl Into<String>, subject: Span) {
        let d = Diagnostic::error(summary, detail).with_subject(self.src.range(subject));
        self.diags.push(d);
    }

    /// `parseFileContent`: a value and then the end of the input. `None`
    /// when parsing stopped at the depth limit.
    fn parse_content(&mut self) -> Option<Value> {
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
        let mut stack: Vec<Frame> = Vec::new();
        let mut step = Step::Value;
        loop {
            step = match step {
                Step::Value => {
                    let tok = self.p.peek();
                    match tok.kind {
                        Kind::BraceO | Kind::BrackO => {
                            if stack.len() >= self.max_depth {
                                self.error(
                                    "Nesting too deep",
                                    format!(
                                        "Objects and arrays are nested more than {} levels deep here, which is not supported.",
                                        self.max_depth
                                    ),
                                    tok.span,
                                );
                                return None;
                            }
                            self.p.read();
                            stack.push(if tok.kind == Kind::BraceO {
                                Frame::Object {
                                    open: tok.span,
                                    props: Vec::new(),
                                    key: None,
                                }
                            } else {
                                Frame::Array {
                                    open: tok.span,
                                    items: Vec::new(),
                                }
                            });
                            Step::Top
                        }
                        _ => Step::Deliver(self.parse_scalar(tok)),
                    }
                }
                Step::Top => {
                    let next = self.p.peek().kind;
                    match stack.last() {
                        Some(Frame::Object { .. }) if next == Kind::BraceC => {
                            Step::Deliver(close(&mut stack, self.p.read().span))
                        }
                        Some(Frame::Array { .. }) if next == Kind::BrackC => {
                            Step::Deliver(close(&mut stack, self.p.read().span))
                        }
                        _ => Step::Value,
                    }
                }
                Step::Deliver(v) => match stack.last_mut() {
                    None => return Some(v),
                    Some(Frame::Object { key, .. }) if key.is_none() => {
                        self.object_key(&mut stack, v)
                    }
                    Some(Frame::Object { .. }) => self.object_value(&mut stack, v),
                    Some(Frame::Array { .. }) => self.array_value(&mut stack, v),
                },
            }
        }
    }

    /// A value that is not a container, or the error for a token that
    /// cannot start a value (which is not consumed).
    fn parse_scalar(&mut self, tok: Token) -> Value {
        let (summary, detail) = match tok.kind {
            Kind::Number => {
                self.p.read();
                return self.parse_number(tok);
            }
            Kind::String => {
                self.p.read();
                return match self.parse_string(tok) {
                    Some(s) => Value::String(s),
                    None => Value::Invalid(tok.span),
                };
            }
            Kind::Keyword => {
                self.p.read();
                return self.parse_keyword(tok);
            }
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
    fn object_key(&mut self, stack: &mut Vec<Frame>, key: Value) -> Step {
        let Value::String(key) = key else {
            self.error(
                "Invalid object property name",
                "A JSON object property name must be a string",
                key.start_span(),
            );
            return fail(stack);
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
                    return fail(stack);
                }
                Kind::Equals => {
                    "JSON uses a colon as its name/value delimiter, not an equals sign."
                }
                _ => "A colon must appear between an object property's name and its value.",
            };
            self.error("Missing property value colon", detail, colon.span);
            return fail(stack);
        }
        if let Some(Frame::Object { key: slot, .. }) = stack.last_mut() {
            *slot = Some((key, colon.span));
        }
        Step::Value
    }

    /// `parseObject` after reading a property value.
    fn object_value(&mut self, stack: &mut Vec<Frame>, value: Value) -> Step {
        let Some(Frame::Object { open, props, key }) = stack.last_mut() else {
            return Step::Top;
        };
        let open = *open;
        if let Some((key, colon)) = key.take() {
            props.push(Property { key, colon, value });
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
                    return fail(stack);
                }
                Step::Value
            }
            Kind::Eof => {
                self.error(
                    "Unclosed object",
                    "No closing brace was found for this JSON object.",
                    open,
                );
                fail(stack)
            }
            Kind::BrackC => {
                self.p.read();
                let at = self.p.peek().span;
                self.error(
                    "Mismatched braces",
                    "A JSON object must be closed with a brace, not a bracket.",
                    at,
                );
                fail(stack)
            }
            Kind::BraceC => Step::Deliver(close(stack, self.p.read().span)),
            _ => {
                let tok = self.p.read();
                self.p.recover(tok, Kind::BraceO, Kind::BraceC);
                let at = self.p.peek().span;
                self.error(
                    "Missing attribute seperator comma",
                    "A comma must appear between each property definition in an object.",
                    at,
                );
                fail(stack)
            }
        }
    }

    /// `parseArray` after reading an element.
    fn array_value(&mut self, stack: &mut Vec<Frame>, value: Value) -> Step {
        let Some(Frame::Array { open, items }) = stack.last_mut() else {
            return Step::Top;
        };
        let open = *open;
        items.push(value);
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
                    return fail(stack);
                }
                return Step::Value;
            }
            Kind::BrackC => return Step::Deliver(close(stack, self.p.read().span)),
            Kind::Eof => {
                self.p.read();
                self.error(
                    "Unclosed object",
                    "No closing bracket was found for this JSON array.",
                    open,
                );
                return fail(stack);
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
        fail(stack)
    }

    fn parse_number(&mut self, tok: Token) -> Value {
        if number_is_valid(self.text.as_bytes()[tok.span.as_range()].as_ref()) {
            Value::Number(tok.span)
        } else {
            self.error(
                "Invalid JSON number",
                "There is a syntax error in the given JSON number.",
                tok.span,
            );
            Value::Invalid(tok.span)
        }
    }

    fn parse_keyword(&mut self, tok: Token) -> Value {
        let s = &self.text[tok.span.as_range()];
        match s {
            "true" => Value::Bool(true, tok.span),
            "false" => Value::Bool(false, tok.span),
            "null" => Value::Null(tok.span),
            _ => {
                let detail = match s {
                    "undefined" | "NaN" | "Infinity" => {
                        format!("The JavaScript identifier \"{s}\" cannot be used in JSON.")
                    }
                    _ => match keyword_suggestion(s) {
                        Some(k) => {
                            format!("\"{s}\" is not a valid JSON keyword. Did you mean \"{k}\"?")
                        }
                        None => format!("\"{s}\" is not a valid JSON keyword."),
                    },
                };
                self.error("Invalid JSON keyword", detail, tok.span);
                Value::Invalid(tok.span)
            }
        }
    }

    /// `parseString`: decodes as `encoding/json` would, reporting its
    /// syntax errors where the reference does.
    fn parse_string(&mut self, tok: Token) -> Option<JsonString> {
        let span = tok.span;
        if tok.flags & (STR_CLOSED | STR_BACKSLASH | STR_SWALLOWED) == STR_CLOSED {
            return Some(JsonString::raw(span));
        }
        let raw = &self.text[span.as_range()];
        match check_string(raw.as_bytes()) {
            Ok(end_quote) => {
                let inner = &raw[1..end_quote];
                if end_quote + 1 == raw.len() && !inner.contains('\\') {
                    return Some(JsonString::raw(span));
                }
                Some(JsonString::decoded(span, unquote(inner)))
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
                None
            }
        }
    }
}

/// Pops the top frame as a finished container.
fn close(stack: &mut Vec<Frame>, close: Span) -> Value {
    match stack.pop() {
        Some(Frame::Object { open, props, .. }) => {
            Value::Object(Arc::new(Object { props, open, close }))
        }
        Some(Frame::Array { open, items }) => Value::Array(Arc::new(Array { items, open, close })),
        None => Value::Invalid(close),
    }
}

/// Pops the top frame as failed: it becomes an invalid value at its
/// opening token (the reference's `wrapInvalid`).
fn fail(stack: &mut Vec<Frame>) -> Step {
    let open = match stack.pop() {
        Some(Frame::Object { open, .. }) | Some(Frame::Array { open, .. }) => open,
        None => Span::empty(0),
    };
    Step::Deliver(Value::Invalid(open))
}

/// The placeholder root: an empty object at the start of the file.
fn placeholder_root() -> Value {
    Value::Object(Arc::new(Object::default()))
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
            placeholder_root()
        }
        None => placeholder_root(),
    };
    let diags = parser.diags;
    (File { source: src, root }, diags)
}

/// `json.ParseExpression`: any one value.
pub(crate) fn parse_expression(src: &SourceFile, opts: &ParseOptions) -> (Value, Diagnostics) {
    let mut parser = Parser::new(src, opts);
    let v = parser
        .parse_content()
        .unwrap_or(Value::Invalid(Span::empty(0)));
    (v, parser.diags)
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
        let neg = match t.get(i) {
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
        let s = i;
        if digits(&mut i) == 0 {
            return false;
        }
        // strconv.ParseInt of the signed digits: must fit an int64.
        let mut acc: i64 = 0;
        for &d in &t[s..i] {
            let d = (d - b'0') as i64;
            acc = match acc.checked_mul(10).and_then(|a| {
                if neg {
                    a.checked_sub(d)
                } else {
                    a.checked_add(d)
                }
            }) {
                Some(a) => a,
                None => return false,
            };
        }
        exp = acc;
    }
    if i != t.len() {
        return false;
    }
    // The mantissa is every digit, integer and fraction, as one integer.
    let sig = t[int_start..int_end]
        .iter()
        .chain(&t[frac.0..frac.1])
        .skip_while(|&&d| d == b'0');
    let n = sig.clone().count();
    if n == 0 {
        return true; // zero: no exponent check
    }
    let exp2 = bit_length(sig, n) as i128 - (frac.1 - frac.0) as i128 + exp as i128;
    (i32::MIN as i128..=i32::MAX as i128).contains(&exp2)
}

/// The bit length of the decimal integer `d` (no leading zeros): exact up to
/// 19 digits, otherwise estimated from the leading digits, which can only
/// be off by one for values within 1e-15 of a power of two.
fn bit_length<'a>(digits: impl Iterator<Item = &'a u8>, n: usize) -> i64 {
    if n <= 19 {
        let v = digits.fold(0u64, |a, &c| a * 10 + (c - b'0') as u64);
        return 64 - v.leading_zeros() as i64;
    }
    let lead = digits
        .take(17)
        .fold(0f64, |a, &c| a * 10.0 + (c - b'0') as f64);
    let log2 = lead.log2() + (n - 17) as f64 * std::f64::consts::LOG2_10;
    log2.floor() as i64 + 1
}

/// `keywordSuggestion`: the first of `false`, `true`, `null` within
/// Levenshtein distance 2.
fn keyword_suggestion(given: &str) -> Option<&'static str> {
    ["false", "true", "null"]
        .into_iter()
        .find(|k| levenshtein(given, k) < 3)
}

fn levenshtein(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let sub = prev[j - 1] + usize::from(a[i - 1] != b[j - 1]);
            cur[j] = sub.min(prev[j] + 1).min(cur[j - 1] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
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
