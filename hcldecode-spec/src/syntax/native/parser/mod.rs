//! The recursive-descent parser, a port of hclsyntax's `parser.go` and
//! `peeker.go` with the same error recovery and diagnostics.
//!
//! hclsyntax's parse functions return their diagnostics to the caller,
//! which often decides what to do next from whether the callee reported an
//! error. Here all diagnostics go to one list, and a callee's diagnostics
//! are those added since a mark taken before the call.

use super::lexer::{InvalidTokenChecker, LexMode, Scanner};
use super::pos::Resolver;
use super::token::{Token, TokenKind};
use crate::diagnostic::{Code, Diagnostic};
use crate::source::{SourceFile, Span};

use TokenKind as T;

mod body;
mod call;
mod collection;
mod expression;
mod for_expr;
mod state;
mod string;
mod traversal;

pub(crate) use state::Parser;

impl<'a> Parser<'a> {
    pub(crate) fn new(file: &'a SourceFile, span: Span, mode: LexMode, max_depth: u32) -> Self {
        let eof = Token::new(T::Eof, Span::default());
        Parser {
            file,
            res: Resolver::new(file),
            scanner: Scanner::new(file.source(), span, mode),
            checker: InvalidTokenChecker::default(),
            lex_diags: Vec::new(),
            consumed: 0,
            prev: eof.span,
            look: None,
            nl_stack: vec![true],
            include_nl: true,
            recovery: false,
            syntax_error: None,
            diags: Vec::new(),
            scratch_attrs: Vec::new(),
            scratch_blocks: Vec::new(),
            scratch_exprs: Vec::new(),
            scratch_items: Vec::new(),
            scratch_labels: Vec::new(),
            scratch_steps: Vec::new(),
            depth: 0,
            max_depth,
        }
    }

    /// Scans one more step, checking the tokens it produces.
    #[inline]
    fn scan_step(&mut self) {
        let before = self.scanner.queue().len();
        // Scan ahead in batches: the queue stays small, and the scanner's
        // loop runs without returning to the parser for every token.
        self.scanner.fill(before + 32);
        if self.scanner.take_flag() {
            let q = self.scanner.queue();
            for k in before..q.len() {
                let t = q[k];
                self.checker
                    .check_with(t, &mut self.res, &mut self.lex_diags);
            }
        }
    }

    /// Scans the rest of the input (so that every invalid token is
    /// reported) and returns all diagnostics: the scanner's first.
    pub(crate) fn finish(mut self) -> Vec<Diagnostic> {
        while !self
            .scanner
            .queue()
            .back()
            .is_some_and(|t| t.kind == T::Eof)
        {
            self.scan_step();
        }
        let mut all = std::mem::take(&mut self.lex_diags);
        all.append(&mut self.diags);
        all
    }

    /// Consumes `n` raw tokens (scanned already).
    #[inline]
    fn consume_raw(&mut self, n: usize) {
        self.look = None;
        if let Some(last) = self.scanner.queue().pop_front_n(n) {
            self.prev = last.span;
        }
        self.consumed += n;
    }

    // ---- peeker ----

    /// The raw token `i` places after the read position, scanning (and
    /// checking) as needed.
    #[inline]
    fn raw(&mut self, i: usize) -> Token {
        while self.scanner.queue().len() <= i {
            self.scan_step();
        }
        self.scanner.queue()[i]
    }

    /// The next token the parser sees and how many raw tokens reading it
    /// consumes, remembered until a token is consumed or the newline mode
    /// changes.
    #[inline(always)]
    fn next_token(&mut self) -> (Token, usize) {
        if let Some((t, n)) = self.look {
            return (t, n as usize);
        }
        let r = self.scan_next(self.include_nl);
        // A look-ahead spans few raw tokens (comments and newlines).
        self.look = Some((r.0, r.1 as u32));
        r
    }

    /// The next token the parser sees (skipping comments, and newlines
    /// where they are not significant) and how many raw tokens reading it
    /// consumes.
    #[inline]
    fn scan_next(&mut self, include_nl: bool) -> (Token, usize) {
        let t = self.raw(0);
        match t.kind {
            T::Newline if include_nl => (t, 1),
            T::Comment | T::Newline => self.scan_next_skipping(include_nl),
            _ => (t, 1),
        }
    }

    fn scan_next_skipping(&mut self, include_nl: bool) -> (Token, usize) {
        let mut i = 0;
        loop {
            let t = self.raw(i);
            match t.kind {
                T::Comment => {
                    if include_nl
                        && t.span.end > t.span.start
                        && self.file.source().as_bytes().get(t.span.end as usize - 1)
                            == Some(&b'\n')
                    {
                        return (Token::new(T::Newline, t.span), i + 1);
                    }
                    i += 1;
                }
                T::Newline if !include_nl => i += 1,
                _ => return (t, i + 1),
            }
        }
    }

    #[inline]
    pub(crate) fn peek(&mut self) -> Token {
        self.next_token().0
    }

    #[inline]
    pub(crate) fn read(&mut self) -> Token {
        let (t, n) = self.next_token();
        self.consume_raw(n);
        t
    }

    #[inline]
    pub(crate) fn next_range(&mut self) -> Span {
        self.peek().span
    }

    #[inline]
    pub(crate) fn prev_range(&mut self) -> Span {
        if self.consumed == 0 {
            return self.next_range();
        }
        self.prev
    }

    #[inline]
    pub(crate) fn push_nl(&mut self, include: bool) {
        self.nl_stack.push(include);
        self.set_include_nl(include);
    }

    #[inline]
    pub(crate) fn pop_nl(&mut self) {
        if self.nl_stack.len() > 1 {
            self.nl_stack.pop();
        }
        self.set_include_nl(*self.nl_stack.last().unwrap_or(&true));
    }

    #[inline]
    fn set_include_nl(&mut self, include: bool) {
        if include != self.include_nl {
            self.include_nl = include;
            self.look = None;
        }
    }

    pub(crate) fn text(&self, span: Span) -> &'a str {
        self.file.text(span)
    }

    fn peek_is_keyword(&mut self, kw: &str) -> bool {
        let t = self.peek();
        t.kind == T::Ident && self.text(t.span) == kw
    }

    // ---- diagnostics ----

    #[inline]
    pub(crate) fn mark(&self) -> usize {
        self.diags.len()
    }

    /// Whether diagnostics were added since `mark` (hclsyntax's parser only
    /// produces errors, so this is `HasErrors` of the callee's result).
    #[inline]
    pub(crate) fn errs_since(&self, mark: usize) -> bool {
        self.diags.len() > mark
    }

    #[cold]
    #[inline(never)]
    pub(crate) fn err(
        &mut self,
        summary: &str,
        detail: &str,
        subject: Span,
        context: Option<Span>,
    ) {
        let mut d = Diagnostic::error(summary, detail).with_subject(self.res.range(subject));
        if let Some(c) = context {
            d = d.with_context(self.res.range(c));
        }
        self.diags.push(d);
    }

    /// Gives the diagnostic just reported `code`.
    pub(crate) fn code_last(&mut self, code: crate::diagnostic::Code) {
        if let Some(d) = self.diags.last_mut() {
            d.code = Some(code);
        }
    }

    pub(crate) fn set_recovery(&mut self) {
        self.recovery = true;
    }

    /// Depth guard: true (after reporting) when nesting is too deep.
    #[inline]
    pub(crate) fn enter(&mut self, at: Span) -> bool {
        if self.depth >= self.max_depth {
            self.too_deep(at);
            return false;
        }
        self.depth += 1;
        true
    }

    #[cold]
    #[inline(never)]
    fn too_deep(&mut self, at: Span) {
        // Unwinding from the limit may reach it again at the same token
        // (unclosed brackets): one report is enough.
        let range = self.res.range(at);
        let repeated = self.diags.last().is_some_and(|d| {
            d.code == Some(Code::NestingTooDeep) && d.subject.as_ref() == Some(&range)
        });
        if !repeated {
            let detail = too_deep_detail(self.max_depth);
            self.diags.push(
                Diagnostic::error("Nesting too deep", detail)
                    .with_subject(range)
                    .with_code(Code::NestingTooDeep),
            );
        }
        self.set_recovery();
    }

    pub(crate) fn leave(&mut self) {
        self.depth -= 1;
    }

    // ---- recovery ----

    pub(crate) fn recover(&mut self, end: TokenKind) -> Token {
        let start = opposite_bracket(end);
        self.recovery = true;
        let mut nest = 0;
        loop {
            let tok = self.read();
            let mut ty = tok.kind;
            if end == T::TemplateSeqEnd && ty == T::TemplateControl {
                ty = T::TemplateInterp;
            }
            if Some(ty) == start {
                nest += 1;
            } else if ty == end {
                if nest < 1 {
                    return tok;
                }
                nest -= 1;
            } else if ty == T::Eof {
                return tok;
            }
        }
    }

    /// `recoverOver`: on to the next `start` bracket, then past its
    /// matching closer.
    pub(crate) fn recover_over(&mut self, start: TokenKind) {
        loop {
            let tok = self.read();
            if tok.kind == start || tok.kind == T::Eof {
                break;
            }
        }
        if let Some(end) = opposite_bracket(start) {
            self.recover(end);
        }
    }

    pub(crate) fn recover_after_body_item(&mut self) {
        self.recovery = true;
        let mut open: Vec<TokenKind> = Vec::new();
        loop {
            let tok = self.read();
            match tok.kind {
                T::Newline if open.is_empty() => {
                    break;
                }
                T::Eof => break,
                T::OBrace
                | T::OBrack
                | T::OParen
                | T::OQuote
                | T::OHeredoc
                | T::TemplateInterp
                | T::TemplateControl => open.push(tok.kind),
                T::CBrace | T::CBrack | T::CParen | T::CQuote | T::CHeredoc => {
                    let opener = opposite_bracket(tok.kind);
                    while let Some(&top) = open.last() {
                        if Some(top) == opener {
                            break;
                        }
                        open.pop();
                    }
                    open.pop();
                }
                T::TemplateSeqEnd => {
                    while let Some(&top) = open.last() {
                        if top == T::TemplateInterp || top == T::TemplateControl {
                            break;
                        }
                        open.pop();
                    }
                    open.pop();
                }
                _ => {}
            }
        }
    }

    // ---- bodies ----

    // ---- expressions ----
}

/// The detail of the "Nesting too deep" diagnostic.
pub(crate) fn too_deep_detail(max_depth: u32) -> String {
    format!(
        "This construct is nested more than {max_depth} levels deep, which is not supported; simplify it or split it up."
    )
}

pub(crate) fn opposite_bracket(ty: TokenKind) -> Option<TokenKind> {
    Some(match ty {
        T::OBrace => T::CBrace,
        T::OBrack => T::CBrack,
        T::OParen => T::CParen,
        T::OQuote => T::CQuote,
        T::OHeredoc => T::CHeredoc,
        T::CBrace => T::OBrace,
        T::CBrack => T::OBrack,
        T::CParen => T::OParen,
        T::CQuote => T::OQuote,
        T::CHeredoc => T::OHeredoc,
        T::TemplateControl | T::TemplateInterp => T::TemplateSeqEnd,
        T::TemplateSeqEnd => T::TemplateInterp,
        _ => return None,
    })
}
