//! The native-syntax scanner: a hand-written port of hclsyntax's Ragel
//! scanner (`scan_tokens.rl`), producing the same tokens with the same
//! boundaries, including its quirks around `$`/`%` in templates, heredoc
//! markers and unterminated constructs.
//!
//! The scanner never allocates per token: tokens are a kind and a span.

use super::ident_tables::{ID_CONTINUE, ID_START};
use super::invalid_byte::INVALID_BYTE_PLACEHOLDER as BAD;
pub use super::invalid_tokens::{InvalidTokenChecker, check_invalid_tokens};
use super::token::{Token, TokenKind};
use crate::source::Span;

/// What the scanner starts with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LexMode {
    /// A configuration file or a standalone expression (`LexConfig`).
    Normal,
    /// A bare template, where the text is literal until `${` or `%{`
    /// (`LexTemplate`).
    Template,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Frame {
    Main,
    Str,
    Heredoc,
    Bare,
}

struct Heredoc {
    marker: (usize, usize),
    start_of_line: bool,
}

/// A FIFO of tokens that is nearly always short and often empty: a vector
/// read from `head`, reset whenever it empties.
#[derive(Debug, Default)]
pub(crate) struct TokenQueue {
    v: Vec<Token>,
    head: usize,
}

impl TokenQueue {
    #[inline]
    pub(crate) fn push_back(&mut self, t: Token) {
        self.v.push(t);
    }

    #[inline]
    pub(crate) fn pop_front(&mut self) -> Option<Token> {
        let t = *self.v.get(self.head)?;
        self.head += 1;
        if self.head == self.v.len() {
            self.v.clear();
            self.head = 0;
        }
        Some(t)
    }

    /// Takes `n` tokens off the front (as many as there are), returning
    /// the last one taken.
    #[inline]
    pub(crate) fn pop_front_n(&mut self, n: usize) -> Option<Token> {
        let end = (self.head + n).min(self.v.len());
        let last = if end > self.head {
            Some(self.v[end - 1])
        } else {
            None
        };
        self.head = end;
        if self.head == self.v.len() {
            self.v.clear();
            self.head = 0;
        }
        last
    }

    /// Drops the consumed tokens at the front, so that a queue that never
    /// quite empties does not grow.
    #[inline]
    fn compact(&mut self) {
        if self.head >= 64 {
            self.v.drain(..self.head);
            self.head = 0;
        }
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.v.len() - self.head
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len() == 0
    }

    #[inline]
    pub(crate) fn back(&self) -> Option<&Token> {
        if self.is_empty() { None } else { self.v.last() }
    }
}

impl std::ops::Index<usize> for TokenQueue {
    type Output = Token;
    #[inline]
    fn index(&self, i: usize) -> &Token {
        &self.v[self.head + i]
    }
}

/// A resumable scanner: [`Scanner::next_token`] yields one token at a
/// time, so the parser never holds the whole token list.
pub struct Scanner<'a> {
    text: &'a str,
    b: &'a [u8],
    pos: usize,
    mode: LexMode,
    /// Tokens scanned but not yet handed out (a step may produce two).
    out: TokenQueue,
    frames: Vec<Frame>,
    braces: i64,
    ret_braces: Vec<i64>,
    heredocs: Vec<Heredoc>,
    /// Set when a token that `checkInvalidTokens` reports was queued.
    flagged: bool,
    /// An offset from which on the text has no `*/` (`usize::MAX` until a
    /// search for one failed).
    no_close_from: usize,
}

/// Whether `c` (above U+007F) may start an identifier.
fn is_id_start(c: u32) -> bool {
    crate::ranges::contains(ID_START, c)
}

/// Whether `c` (above U+007F) may continue an identifier.
fn is_id_continue(c: u32) -> bool {
    crate::ranges::contains(ID_CONTINUE, c)
}

/// Length in bytes of the UTF-8 sequence starting with `lead`.
#[inline]
fn utf8_len(lead: u8) -> usize {
    if lead < 0x80 {
        1
    } else if lead < 0xE0 {
        2
    } else if lead < 0xF0 {
        3
    } else {
        4
    }
}

/// Decodes the character at `i` (the input is valid UTF-8; missing bytes
/// read as zero rather than panicking).
#[inline]
fn decode(b: &[u8], i: usize) -> (u32, usize) {
    let at = |k: usize| b.get(i + k).copied().unwrap_or(0) as u32 & 0x3F;
    let c0 = b.get(i).copied().unwrap_or(0) as u32;
    match utf8_len(c0 as u8) {
        1 => (c0, 1),
        2 => (((c0 & 0x1F) << 6) | at(1), 2),
        3 => (((c0 & 0x0F) << 12) | (at(1) << 6) | at(2), 3),
        _ => (
            ((c0 & 0x07) << 18) | (at(1) << 12) | (at(2) << 6) | at(3),
            4,
        ),
    }
}

/// Whether `s` is a valid identifier by the scanner's rules
/// (`hclsyntax.ValidIdentifier`): a letter (Unicode 9.0 `ID_Start`) or `_`,
/// then letters, digits, `_` and `-` (`ID_Continue` or `-`).
///
/// ```
/// use hcldecode_spec::syntax::native::is_valid_identifier;
/// assert!(is_valid_identifier("foo-bar_2"));
/// assert!(is_valid_identifier("ñame"));
/// assert!(!is_valid_identifier("2x"));
/// assert!(!is_valid_identifier("a.b"));
/// ```
pub fn is_valid_identifier(s: &str) -> bool {
    let b = s.as_bytes();
    match ident_end(b, 0) {
        Some(end) => end == b.len(),
        None => false,
    }
}

/// ASCII bytes that continue an identifier.
static IDENT_CONT: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 128 {
        let u = c as u8;
        t[c] = u.is_ascii_alphanumeric() || u == b'_' || u == b'-';
        c += 1;
    }
    t
};

/// Bytes that are literal text in a quoted template: everything but `$`,
/// `%`, `"`, `\\`, CR, LF and the invalid-byte placeholder. (Bytes of
/// multi-byte characters are all literal.)
static PLAIN_QUOTED: [bool; 256] = all_but(&[b'$', b'%', b'"', b'\\', b'\r', b'\n', BAD]);

/// Bytes that are literal text in a heredoc or bare template: everything
/// but `$`, `%`, CR, LF and the invalid-byte placeholder.
static PLAIN_TEMPLATE: [bool; 256] = all_but(&[b'$', b'%', b'\r', b'\n', BAD]);

/// A byte table true for every byte but those of `except`.
const fn all_but(except: &[u8]) -> [bool; 256] {
    let mut t = [true; 256];
    let mut i = 0;
    while i < except.len() {
        t[except[i] as usize] = false;
        i += 1;
    }
    t
}

/// The offset of the first byte at or after `i` that is not a space or a
/// tab, looking at eight bytes at a time.
#[inline]
fn skip_blanks(b: &[u8], mut i: usize) -> usize {
    const SPACES: u64 = u64::from_le_bytes(*b"        ");
    while let Some(w) = b.get(i..i + 8) {
        let x = u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]) ^ SPACES;
        if x == 0 {
            i += 8;
            continue;
        }
        i += (x.trailing_zeros() / 8) as usize;
        if b[i] == b'\t' {
            i += 1;
            continue;
        }
        return i;
    }
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    i
}

/// If an identifier starts at `i`, the offset just past it.
#[inline]
fn ident_end(b: &[u8], i: usize) -> Option<usize> {
    let c = *b.get(i)?;
    let mut j = if c.is_ascii_alphabetic() || c == b'_' {
        i + 1
    } else if c >= 0x80 {
        let (ch, n) = decode(b, i);
        if !is_id_start(ch) {
            return None;
        }
        i + n
    } else {
        return None;
    };
    loop {
        while j < b.len() && IDENT_CONT[b[j] as usize] {
            j += 1;
        }
        match b.get(j) {
            Some(&c) if c >= 0x80 => {
                let (ch, n) = decode(b, j);
                if is_id_continue(ch) {
                    j += n;
                } else {
                    break;
                }
            }
            _ => break,
        }
    }
    Some(j)
}

/// The comments of `text`, in order, as the lexer reads them: the one
/// statement of where comments are (a `#` inside a string or heredoc is
/// none; a `/* */` may span lines). A line comment's span takes its line
/// break, as HCL's scanner does.
///
/// ```
/// use hcldecode_spec::syntax::native::comment_spans;
/// let text = "a = \"# no\" # yes\n/* two\nlines */\nb = 1\n";
/// let spans: Vec<&str> = comment_spans(text).iter().map(|s| &text[s.start as usize..s.end as usize]).collect();
/// assert_eq!(spans, ["# yes\n", "/* two\nlines */"]);
/// ```
pub fn comment_spans(text: &str) -> Vec<Span> {
    if text.len() > u32::MAX as usize {
        return Vec::new();
    }
    lex(text, Span::new(0, text.len() as u32), LexMode::Normal)
        .into_iter()
        .filter(|t| t.kind == TokenKind::Comment)
        .map(|t| t.span)
        .collect()
}

/// Scans `span` of `text` (which must be on character boundaries; the
/// whole text when in doubt) into tokens whose spans are offsets into
/// `text`. The last token is always [`TokenKind::Eof`]. A UTF-8 byte order
/// mark at the start of the span is skipped, as hclsyntax does.
///
/// ```
/// use hcldecode_spec::source::Span;
/// use hcldecode_spec::syntax::native::{lex, LexMode, token::TokenKind};
/// let kinds: Vec<TokenKind> = lex("a = \"x\"", Span::new(0, 7), LexMode::Normal)
///     .iter()
///     .map(|t| t.kind)
///     .collect();
/// assert_eq!(kinds, [TokenKind::Ident, TokenKind::Equal, TokenKind::OQuote,
///     TokenKind::QuotedLit, TokenKind::CQuote, TokenKind::Eof]);
/// ```
pub fn lex(text: &str, span: Span, mode: LexMode) -> Vec<Token> {
    tokens(&mut Scanner::new(text, span, mode), span)
}

/// Every token `sc` (over `span`) gives, through the end of input.
fn tokens(sc: &mut Scanner<'_>, span: Span) -> Vec<Token> {
    let mut toks = Vec::with_capacity(span.len() as usize / 5 + 4);
    loop {
        let t = sc.next_token();
        toks.push(t);
        if t.kind == TokenKind::Eof {
            return toks;
        }
    }
}

/// The tokens of `span` of `text` as a whole scan of `text` gives them,
/// when that can be told from `span` alone: `span` starts a line where
/// the whole scan is outside any string, heredoc, template and comment
/// (the end of a span this gave tokens for), and then its scan ends there
/// too (no string, heredoc or template left open) with no `/*` in it
/// lacking its `*/` (a comment that may close past the span). Braces may
/// be left open or closed past the span's start: outside templates they
/// do not change how the text scans. `None` otherwise.
pub(crate) fn lex_closed(text: &str, span: Span) -> Option<Vec<Token>> {
    let mut sc = Scanner::new(text, span, LexMode::Normal);
    let toks = tokens(&mut sc, span);
    let top = matches!(sc.frames[..], [Frame::Main])
        && sc.ret_braces.is_empty()
        && sc.heredocs.is_empty();
    // A `/*` without its `*/` scans as `/` then `*`.
    let open_comment =
        |t: &Token| t.kind == TokenKind::Slash && sc.b.get(t.span.end as usize) == Some(&b'*');
    (top && !toks.iter().any(open_comment)).then_some(toks)
}

impl<'a> Scanner<'a> {
    /// A scanner over `span` of `text` (see [`lex`]).
    pub fn new(text: &'a str, span: Span, mode: LexMode) -> Scanner<'a> {
        let (start, end) = match text.get(span.as_range()) {
            Some(_) => (span.start as usize, span.end as usize),
            None => (text.len(), text.len()),
        };
        let b = &text.as_bytes()[..end];
        let mut start = start;
        if b[start..].starts_with(b"\xEF\xBB\xBF") {
            start += 3;
        }
        Scanner {
            text,
            b,
            pos: start,
            mode,
            out: TokenQueue::default(),
            frames: vec![match mode {
                LexMode::Normal => Frame::Main,
                LexMode::Template => Frame::Bare,
            }],
            braces: 0,
            ret_braces: Vec::new(),
            heredocs: Vec::new(),
            flagged: false,
            no_close_from: usize::MAX,
        }
    }

    /// The next token; [`TokenKind::Eof`] (empty, at the end) once the
    /// input is exhausted, and again on every later call.
    #[inline]
    pub fn next_token(&mut self) -> Token {
        while self.out.is_empty() {
            self.step();
        }
        self.out
            .pop_front()
            .unwrap_or(Token::new(TokenKind::Eof, Span::empty(self.b.len() as u32)))
    }

    /// Scans one step, appending zero, one or two tokens to the queue
    /// [`Scanner::queue`] (an [`TokenKind::Eof`] at the end).
    #[inline]
    pub(crate) fn step(&mut self) {
        if self.pos >= self.b.len() {
            self.out
                .push_back(Token::new(TokenKind::Eof, Span::empty(self.b.len() as u32)));
            return;
        }
        self.frame_token();
    }

    /// Scans the next token of the innermost frame.
    #[inline(always)]
    fn frame_token(&mut self) {
        match self.frames.last().copied().unwrap_or(Frame::Main) {
            Frame::Main => self.main_token(),
            Frame::Str => self.string(),
            Frame::Heredoc => self.heredoc(),
            Frame::Bare => self.bare(),
        }
    }

    /// Whether a token that `checkInvalidTokens` reports was queued since
    /// the last call.
    #[inline]
    pub(crate) fn take_flag(&mut self) -> bool {
        std::mem::take(&mut self.flagged)
    }

    /// Scans until at least `n` tokens are queued (or the end is queued).
    #[inline]
    pub(crate) fn fill(&mut self, n: usize) {
        self.out.compact();
        let target = self.out.head + n;
        while self.out.v.len() < target {
            if self.pos >= self.b.len() {
                self.step();
                return;
            }
            self.frame_token();
        }
    }

    /// Tokens scanned and not yet taken.
    pub(crate) fn queue(&mut self) -> &mut TokenQueue {
        &mut self.out
    }
}

impl Scanner<'_> {
    #[inline]
    fn tok(&mut self, kind: TokenKind, s: usize, e: usize) {
        self.tok_with(kind, s, e, false)
    }

    /// The operator at `s`: `two` of two bytes where `second` (its second
    /// byte follows), else `one` of one byte.
    #[inline(always)]
    fn one_or_two(&mut self, s: usize, second: bool, one: TokenKind, two: TokenKind) {
        if second {
            self.tok(two, s, s + 2)
        } else {
            self.tok(one, s, s + 1)
        }
    }

    /// A literal token whose text has escapes to decode.
    #[inline]
    fn tok_escaped(&mut self, kind: TokenKind, s: usize, e: usize) {
        self.tok_with(kind, s, e, true)
    }

    #[inline]
    fn tok_with(&mut self, kind: TokenKind, s: usize, e: usize, escapes: bool) {
        // The kinds `checkInvalidTokens` reports are the last ones.
        if kind as u8 >= TokenKind::BitwiseAnd as u8 {
            self.flagged = true;
        }
        self.out.push_back(Token {
            kind,
            escapes,
            span: Span::new(s as u32, e as u32),
        });
        self.pos = e;
    }

    #[inline]
    fn at(&self, i: usize) -> Option<u8> {
        self.b.get(i).copied()
    }

    /// The scanner cannot match anything at `s`: everything from there to
    /// the end becomes one token.
    fn fail(&mut self, s: usize) {
        let kind = if self.mode == LexMode::Template && self.frames.len() == 1 {
            TokenKind::StringLit
        } else {
            TokenKind::Invalid
        };
        let end = self.b.len();
        // The rest of the text may hold anything: let decoding look. The
        // scanner is at the end now, so it stops.
        self.tok_escaped(kind, s, end);
    }

    fn pop_frame(&mut self) {
        if self.frames.len() > 1 {
            self.frames.pop();
        }
    }

    fn begin_sequence(&mut self, kind: TokenKind, s: usize) {
        let mut e = s + 2;
        if self.at(e) == Some(b'~') {
            e += 1;
        }
        self.tok(kind, s, e);
        self.braces += 1;
        self.ret_braces.push(self.braces);
        if let Some(h) = self.heredocs.last_mut() {
            h.start_of_line = false;
        }
        self.frames.push(Frame::Main);
    }

    #[inline(always)]
    fn main_token(&mut self) {
        let s = self.pos;
        let b = self.b;
        let c = b[s];
        if c == b' ' || c == b'\t' {
            let i = skip_blanks(b, s + 1);
            self.pos = i;
            if i >= b.len() {
                return;
            }
            return self.main_token_at(i);
        }
        self.main_token_at(s)
    }

    #[inline(always)]
    fn main_token_at(&mut self, s: usize) {
        use TokenKind::*;
        let b = self.b;
        let c = b[s];
        let next = self.at(s + 1);
        match c {
            b' ' | b'\t' => self.pos = s + 1,
            b'\n' => self.tok(Newline, s, s + 1),
            b'\r' => self.one_or_two(s, next == Some(b'\n'), Invalid, Newline),
            b'0'..=b'9' => self.number_lit(s),
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                let e = ident_end(b, s).unwrap_or(s + 1);
                self.tok(Ident, s, e)
            }
            b'#' => self.line_comment(s),
            b'/' => match next {
                Some(b'/') => self.line_comment(s),
                Some(b'*') => self.block_comment(s),
                _ => self.tok(Slash, s, s + 1),
            },
            b'=' => match next {
                Some(b'=') => self.tok(EqualOp, s, s + 2),
                Some(b'>') => self.tok(FatArrow, s, s + 2),
                _ => self.tok(Equal, s, s + 1),
            },
            b'!' => self.one_or_two(s, next == Some(b'='), Bang, NotEqual),
            b'<' => match next {
                Some(b'=') => self.tok(LessThanEq, s, s + 2),
                Some(b'<') => self.heredoc_intro(s),
                _ => self.tok(LessThan, s, s + 1),
            },
            b'>' => self.one_or_two(s, next == Some(b'='), GreaterThan, GreaterThanEq),
            b'&' => self.one_or_two(s, next == Some(b'&'), BitwiseAnd, And),
            b'|' => self.one_or_two(s, next == Some(b'|'), BitwiseOr, Or),
            b'.' => {
                if next == Some(b'.') && self.at(s + 2) == Some(b'.') {
                    self.tok(Ellipsis, s, s + 3)
                } else {
                    self.tok(Dot, s, s + 1)
                }
            }
            b'~' => self.tilde(s, next),
            b'{' => {
                self.tok(OBrace, s, s + 1);
                self.braces += 1;
            }
            b'}' => self.close_brace(s),
            b'"' => {
                self.tok(OQuote, s, s + 1);
                self.frames.push(Frame::Str);
            }
            b'[' => self.tok(OBrack, s, s + 1),
            b']' => self.tok(CBrack, s, s + 1),
            b'(' => self.tok(OParen, s, s + 1),
            b')' => self.tok(CParen, s, s + 1),
            b',' => self.tok(Comma, s, s + 1),
            b'*' => self.tok(Star, s, s + 1),
            b'%' => self.tok(Percent, s, s + 1),
            b'+' => self.tok(Plus, s, s + 1),
            b'-' => self.tok(Minus, s, s + 1),
            b'?' => self.tok(Question, s, s + 1),
            b':' => self.one_or_two(s, next == Some(b':'), Colon, DoubleColon),
            b'^' => self.tok(BitwiseXor, s, s + 1),
            b';' => self.tok(Semicolon, s, s + 1),
            b'`' => self.tok(Backtick, s, s + 1),
            b'\'' => self.tok(Apostrophe, s, s + 1),
            BAD => self.tok(BadUtf8, s, s + 1),
            0x80.. => match ident_end(b, s) {
                Some(e) => self.tok(Ident, s, e),
                None => {
                    let n = utf8_len(c);
                    self.tok(Invalid, s, (s + n).min(b.len()))
                }
            },
            _ => self.tok(Invalid, s, s + 1),
        }
    }

    /// A number literal from the digit at `s`: digits and dots, and an
    /// exponent only when digits follow it (`1e` lexes as `1` then `e`).
    #[inline]
    fn number_lit(&mut self, s: usize) {
        let mut i = s + 1;
        let mut last = i;
        loop {
            match self.at(i) {
                Some(b'0'..=b'9') => {
                    i += 1;
                    last = i;
                }
                Some(b'.') => i += 1,
                Some(b'e' | b'E') => {
                    let mut k = i + 1;
                    if matches!(self.at(k), Some(b'+' | b'-')) {
                        k += 1;
                    }
                    if matches!(self.at(k), Some(b'0'..=b'9')) {
                        i = k + 1;
                        last = i;
                    } else {
                        break;
                    }
                }
                _ => break,
            }
        }
        self.tok(TokenKind::NumberLit, s, last)
    }

    /// At `/*`: a block comment through its `*/`, or a lone `/` when none
    /// closes it.
    #[inline]
    fn block_comment(&mut self, s: usize) {
        // No `*/` from `no_close_from` on: remembered so that many
        // unterminated `/*` stay linear.
        let from = s + 2;
        let found = if from >= self.no_close_from {
            None
        } else {
            let f = self
                .b
                .get(from..)
                .unwrap_or(&[])
                .windows(2)
                .position(|w| w == b"*/")
                .map(|k| from + k + 2);
            if f.is_none() {
                self.no_close_from = from;
            }
            f
        };
        match found {
            Some(e) => self.tok(TokenKind::Comment, s, e),
            None => self.tok(TokenKind::Slash, s, s + 1),
        }
    }

    /// At `~`: the strip marker `~}` closing a template sequence, or `~`.
    #[inline]
    fn tilde(&mut self, s: usize, next: Option<u8>) {
        if next == Some(b'}') {
            self.tok(TokenKind::TemplateSeqEnd, s, s + 2);
            let ret = self.ret_braces.last() == Some(&self.braces);
            self.braces -= 1;
            if ret {
                self.ret_braces.pop();
                self.pop_frame();
            }
        } else {
            self.tok(TokenKind::BitwiseNot, s, s + 1)
        }
    }

    /// At `}`: the end of a template sequence when it closes the brace that
    /// opened one, otherwise a plain closing brace.
    #[inline]
    fn close_brace(&mut self, s: usize) {
        if self.ret_braces.last() == Some(&self.braces) {
            self.tok(TokenKind::TemplateSeqEnd, s, s + 1);
            self.braces -= 1;
            self.ret_braces.pop();
            self.pop_frame();
        } else {
            self.tok(TokenKind::CBrace, s, s + 1);
            self.braces -= 1;
        }
    }

    fn line_comment(&mut self, s: usize) {
        let e = match self.b[s..].iter().position(|&c| c == b'\n') {
            Some(i) => s + i + 1,
            None => self.b.len(),
        };
        self.tok(TokenKind::Comment, s, e)
    }

    /// At `<<`: a heredoc introducer `<<` `-`? identifier newline, or just `<`.
    fn heredoc_intro(&mut self, s: usize) {
        let mut i = s + 2;
        if self.at(i) == Some(b'-') {
            i += 1;
        }
        if let Some(e) = ident_end(self.b, i) {
            let nl_end = match (self.at(e), self.at(e + 1)) {
                (Some(b'\n'), _) => Some(e + 1),
                (Some(b'\r'), Some(b'\n')) => Some(e + 2),
                _ => None,
            };
            if let Some(nl_end) = nl_end {
                self.tok(TokenKind::OHeredoc, s, nl_end);
                self.heredocs.push(Heredoc {
                    marker: (i, e),
                    start_of_line: true,
                });
                self.frames.push(Frame::Heredoc);
                return;
            }
        }
        self.tok(TokenKind::LessThan, s, s + 1)
    }

    fn string(&mut self) {
        use TokenKind::*;
        let s = self.pos;
        let b = self.b;
        let c = b[s];
        match c {
            b'$' | b'%' => match self.at(s + 1) {
                Some(b'{') => self.begin_sequence(sequence_kind(c), s),
                Some(n) if n == c && self.at(s + 2) == Some(b'{') => {
                    let e = if self.at(s + 3) == Some(b'~') {
                        s + 4
                    } else {
                        s + 3
                    };
                    self.tok_escaped(QuotedLit, s, e)
                }
                Some(_) => self.tok(QuotedLit, s, s + 1),
                None => self.tok(Invalid, s, s + 1),
            },
            b'"' => {
                self.tok(CQuote, s, s + 1);
                self.pop_frame();
            }
            b'\r' | b'\n' => {
                let mut i = s + 1;
                while i < b.len() && (b[i] == b'\r' || b[i] == b'\n') {
                    i += 1;
                }
                self.tok(QuotedNewline, s, i)
            }
            BAD => self.tok(BadUtf8, s, s + 1),
            _ => {
                let mut i = s;
                let mut escapes = false;
                while i < b.len() {
                    if PLAIN_QUOTED[b[i] as usize] {
                        i += 1;
                        continue;
                    }
                    match b[i] {
                        b'$' | b'%' | b'"' | b'\r' | b'\n' | BAD => break,
                        b'\\' => match self.at(i + 1) {
                            None | Some(b'\r' | b'\n' | BAD) => break,
                            Some(x) => {
                                escapes = true;
                                i += 1 + utf8_len(x);
                            }
                        },
                        x => i += utf8_len(x),
                    }
                }
                let i = i.min(b.len());
                if i == s {
                    self.tok(Invalid, s, s + 1)
                } else {
                    self.tok_with(QuotedLit, s, i, escapes)
                }
            }
        }
    }

    /// Shared by heredoc and bare templates: lexes bad UTF-8 or the opening
    /// of an interpolation or directive at `s`, if that is what is there.
    fn template_non_literal(&mut self, s: usize) -> bool {
        let c = self.b[s];
        if c == BAD {
            self.tok(TokenKind::BadUtf8, s, s + 1);
        } else if (c == b'$' || c == b'%') && self.at(s + 1) == Some(b'{') {
            self.begin_sequence(sequence_kind(c), s);
        } else {
            return false;
        }
        true
    }

    /// Shared by heredoc and bare templates: the literal token starting at
    /// `s`, or `None` if the scanner fails here. Returns the token end and
    /// whether it ended with a newline (an end-of-line literal).
    fn template_literal(&mut self, s: usize) -> Option<(usize, bool, bool)> {
        let b = self.b;
        let c = b[s];
        let with_eol = |this: &Self, e: usize| match (this.at(e), this.at(e + 1)) {
            (Some(b'\n'), _) => (e + 1, true, false),
            (Some(b'\r'), Some(b'\n')) => (e + 2, true, false),
            _ => (e, false, false),
        };
        match c {
            b'$' | b'%' => match self.at(s + 1) {
                Some(n) if n == c && self.at(s + 2) == Some(b'{') => {
                    let e = if self.at(s + 3) == Some(b'~') {
                        s + 4
                    } else {
                        s + 3
                    };
                    let (e, eol, _) = with_eol(self, e);
                    Some((e, eol, true))
                }
                Some(_) => match self.at(s + 2) {
                    Some(b'\n') => Some((s + 2, true, false)),
                    Some(b'\r') => Some((s + 2, false, false)),
                    _ => Some((s + 1, false, false)),
                },
                None => None,
            },
            b'\n' => Some((s + 1, true, false)),
            b'\r' => {
                if self.at(s + 1) == Some(b'\n') {
                    Some((s + 2, true, false))
                } else {
                    None
                }
            }
            _ => {
                let mut i = s;
                while i < b.len() && PLAIN_TEMPLATE[b[i] as usize] {
                    i += 1;
                }
                Some(with_eol(self, i.min(b.len())))
            }
        }
    }

    fn heredoc(&mut self) {
        let s = self.pos;
        if self.template_non_literal(s) {
            return;
        }
        let Some((e, eol, escapes)) = self.template_literal(s) else {
            return self.fail(s);
        };
        if eol
            && let Some(top) = self.heredocs.last()
            && top.start_of_line
        {
            let line = self.text.get(s..e).unwrap_or("").trim();
            let (ms, me) = top.marker;
            if line.as_bytes() == &self.b[ms..me] {
                let nle = e;
                let mut te = e - 1;
                let mut nls = e - 1;
                if te > s && self.b[te - 1] == b'\r' {
                    nls -= 1;
                    te -= 1;
                }
                self.tok(TokenKind::CHeredoc, s, te);
                self.tok(TokenKind::Newline, nls, nle);
                self.heredocs.pop();
                self.pop_frame();
                return;
            }
        }
        if let Some(top) = self.heredocs.last_mut() {
            top.start_of_line = eol;
        }
        self.tok_with(TokenKind::StringLit, s, e, escapes)
    }

    fn bare(&mut self) {
        let s = self.pos;
        if self.template_non_literal(s) {
            return;
        }
        match self.template_literal(s) {
            Some((e, _, escapes)) => self.tok_with(TokenKind::StringLit, s, e, escapes),
            None => self.fail(s),
        }
    }
}

/// The token opening an interpolation (`$`) or a directive (`%`).
fn sequence_kind(c: u8) -> TokenKind {
    if c == b'$' {
        TokenKind::TemplateInterp
    } else {
        TokenKind::TemplateControl
    }
}
