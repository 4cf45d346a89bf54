//! The recursive-descent parser, a port of hclsyntax's `parser.go` and
//! `peeker.go` with the same error recovery and diagnostics.
//!
//! hclsyntax's parse functions return their diagnostics to the caller,
//! which often decides what to do next from whether the callee reported an
//! error. Here all diagnostics go to one list, and a callee's diagnostics
//! are those added since a mark taken before the call.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use super::ast::*;
use super::lexer::{InvalidTokenChecker, LexMode, Scanner};
use super::pos::Resolver;
use super::strings::{check_number_literal, decode_literal, go_quote};
use super::token::{Token, TokenKind};
use crate::diag::{Code, Diagnostic};
use crate::source::{SourceFile, Span};

use TokenKind as T;

/// `hcl.RangeBetween`: from the start of `a` to the end of `b` (never
/// inverted: an end before the start is clamped to the start).
#[inline]
pub(crate) fn rb(a: Span, b: Span) -> Span {
    Span::new(a.start, b.end.max(a.start))
}

/// Splat anonymous symbols get ids unique in the process, hence in a file.
static NEXT_ANON: AtomicU32 = AtomicU32::new(1);

const DEFINITION_REQUIRED: &str = "Argument or block definition required";
const DEFINITION_HERE: &str = "An argument or block definition is required here.";
const DEFINITION_OR_EQUALS: &str = "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.";

/// A diagnostic's summary and detail.
type Message = (&'static str, &'static str);

const UNTERMINATED_TUPLE: Message = (
    "Unterminated tuple constructor expression",
    "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
);

const UNTERMINATED_OBJECT: Message = (
    "Unterminated object constructor expression",
    "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
);

pub(crate) struct Parser<'a> {
    pub(crate) file: &'a SourceFile,
    pub(crate) res: Resolver<'a>,
    /// The scanner; its queue holds the tokens scanned but not consumed,
    /// all of them already checked.
    scanner: Scanner<'a>,
    checker: InvalidTokenChecker,
    /// Diagnostics from the scanner (`checkInvalidTokens`), which come
    /// before the parser's own.
    lex_diags: Vec<Diagnostic>,
    /// Number of tokens consumed so far (hclsyntax's `NextIndex`).
    consumed: usize,
    /// The last token consumed.
    prev: Token,
    /// The next token the parser sees, and the raw tokens it covers.
    look: Option<(Token, usize)>,
    nl_stack: Vec<bool>,
    /// The top of `nl_stack`.
    include_nl: bool,
    pub(crate) recovery: bool,
    pub(crate) diags: Vec<Diagnostic>,
    scratch_attrs: Vec<Attribute>,
    scratch_blocks: Vec<Block>,
    scratch_exprs: Vec<Expr>,
    scratch_items: Vec<ObjectItem>,
    scratch_labels: Vec<Label>,
    depth: u32,
    pub(crate) max_depth: u32,
    /// The span of the last invalid node that stands for an expression
    /// the parser gave up on but whose extent it knows (hclsyntax's
    /// `ExprSyntaxError`: a reference ending in a dot, a malformed
    /// namespaced call). An object constructor keeps its item, so an
    /// editor can complete after the dot.
    syntax_error: Option<Span>,
}

pub(crate) enum Item {
    Attr(Attribute),
    Block(Block),
}

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
            prev: eof,
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
        let q = self.scanner.queue();
        for _ in 0..n {
            if let Some(t) = q.pop_front() {
                self.prev = t;
            }
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
    #[inline]
    fn next_token(&mut self) -> (Token, usize) {
        if let Some(l) = self.look {
            return l;
        }
        let r = self.scan_next(self.include_nl);
        self.look = Some(r);
        r
    }

    /// The next token the parser sees (skipping comments, and newlines
    /// where they are not significant) and how many raw tokens reading it
    /// consumes.
    #[inline]
    fn scan_next(&mut self, include_nl: bool) -> (Token, usize) {
        let t = self.raw(0);
        match t.kind {
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
        self.prev.span
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

    pub(crate) fn parse_body(&mut self, end: TokenKind) -> Body {
        let start_range = self.prev_range();
        // Items are gathered on shared stacks and moved into exactly sized
        // vectors at the end, saving the reallocations of growing ones.
        let attrs_start = self.scratch_attrs.len();
        let blocks_start = self.scratch_blocks.len();
        let mut index: Option<crate::name_map::NameMap<&'a str, usize>> = None;
        let end_range;
        loop {
            let next = self.peek();
            if next.kind == end {
                end_range = next.span;
                self.read();
                break;
            }
            match next.kind {
                T::Newline => {
                    self.read();
                }
                T::Ident => match self.parse_body_item() {
                    Some(Item::Block(b)) => self.scratch_blocks.push(b),
                    Some(Item::Attr(a)) => {
                        let name = self.text(a.name);
                        let attributes = &self.scratch_attrs[attrs_start..];
                        let existing = match &index {
                            Some(m) => m.get(name).copied(),
                            None => attributes.iter().position(|e| {
                                e.name.len() == a.name.len() && self.file.text(e.name) == name
                            }),
                        };
                        if let Some(i) = existing {
                            let detail = format!(
                                "The argument {} was already set at {}. Each argument may be set only once.",
                                go_quote(name),
                                self.res.range(self.scratch_attrs[attrs_start + i].name)
                            );
                            self.err("Attribute redefined", &detail, a.name, None);
                        } else {
                            let n = self.scratch_attrs.len() - attrs_start;
                            if let Some(m) = &mut index {
                                m.insert(name, n);
                            } else if n >= 16 {
                                let mut m = crate::name_map::NameMap::default();
                                for (i, e) in self.scratch_attrs[attrs_start..].iter().enumerate() {
                                    m.insert(self.file.text(e.name), i);
                                }
                                m.insert(name, n);
                                index = Some(m);
                            }
                            self.scratch_attrs.push(a);
                        }
                    }
                    None => {}
                },
                _ => {
                    let bad = self.read();
                    if !self.recovery {
                        match bad.kind {
                            T::OQuote => self.err(
                                "Invalid argument name",
                                "Argument names must not be quoted.",
                                bad.span,
                                None,
                            ),
                            T::Eof => {
                                if end == T::CBrace {
                                    self.err(
                                        "Unclosed configuration block",
                                        "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                                        start_range,
                                        None,
                                    )
                                } else {
                                    self.err(
                                        "Unclosed configuration body",
                                        "Found end of file before the end of this configuration body.",
                                        start_range,
                                        None,
                                    )
                                }
                            }
                            _ => self.err(DEFINITION_REQUIRED, DEFINITION_HERE, bad.span, None),
                        }
                    }
                    end_range = self.prev_range();
                    self.recover(end);
                    break;
                }
            }
        }
        Body {
            attributes: self.scratch_attrs.drain(attrs_start..).collect(),
            blocks: self.scratch_blocks.drain(blocks_start..).collect(),
            span: rb(start_range, end_range),
            end_span: Span::empty(end_range.end),
        }
    }

    fn parse_body_item(&mut self) -> Option<Item> {
        let ident = self.body_item_name()?;
        let next = self.peek();
        match next.kind {
            T::Equal => Some(Item::Attr(self.finish_parsing_body_attribute(ident, false))),
            T::OQuote | T::OBrace | T::Ident => {
                Some(Item::Block(self.finish_parsing_body_block(ident)))
            }
            _ => self.definition_required(ident.span, DEFINITION_OR_EQUALS),
        }
    }

    /// The name an argument or block definition starts with.
    fn body_item_name(&mut self) -> Option<Token> {
        let ident = self.read();
        if ident.kind != T::Ident {
            return self.definition_required(ident.span, DEFINITION_HERE);
        }
        Some(ident)
    }

    /// Skips a body item that is neither an argument nor a block.
    fn definition_required<R>(&mut self, at: Span, detail: &str) -> Option<R> {
        self.recover_after_body_item();
        self.err(DEFINITION_REQUIRED, detail, at, None);
        None
    }

    fn parse_single_attr_body(&mut self) -> Option<Body> {
        let ident = self.body_item_name()?;
        let next = self.peek();
        match next.kind {
            T::Equal => {
                let attr = self.finish_parsing_body_attribute(ident, true);
                let span = attr.span();
                Some(Body {
                    attributes: Box::new([attr]),
                    blocks: Box::default(),
                    span,
                    end_span: Span::empty(span.end),
                })
            }
            T::OQuote | T::OBrace | T::Ident => {
                self.recover_after_body_item();
                let detail = format!(
                    "A single-line block definition can contain only a single argument. If you meant to define argument {}, use an equals sign to assign it a value. To define a nested block, place it on a line of its own within its parent block.",
                    go_quote(self.text(ident.span))
                );
                self.err(
                    "Argument definition required",
                    &detail,
                    rb(ident.span, next.span),
                    None,
                );
                None
            }
            _ => self.definition_required(ident.span, DEFINITION_OR_EQUALS),
        }
    }

    fn finish_parsing_body_attribute(&mut self, ident: Token, single_line: bool) -> Attribute {
        let eq = self.read();
        let m = self.mark();
        let expr = self.parse_expression();
        let mut end_range;
        if self.recovery && self.errs_since(m) {
            end_range = self.prev_range();
            self.recover_after_body_item();
        } else {
            end_range = self.prev_range();
            if !single_line {
                let end = self.peek();
                if end.kind != T::Newline && end.kind != T::Eof {
                    if !self.recovery {
                        let (summary, detail) = if end.kind == T::Comma {
                            (
                                "Unexpected comma after argument",
                                "Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline.",
                            )
                        } else {
                            (
                                "Missing newline after argument",
                                "An argument definition must end with a newline.",
                            )
                        };
                        self.err(summary, detail, end.span, Some(rb(ident.span, end.span)));
                    }
                    end_range = self.prev_range();
                    self.recover_after_body_item();
                } else {
                    end_range = self.prev_range();
                    self.read();
                }
            }
        }
        Attribute::new(ident.span, expr, rb(ident.span, end_range), eq.span)
    }

    fn finish_parsing_body_block(&mut self, ident: Token) -> Block {
        let labels_start = self.scratch_labels.len();
        let o_brace;
        loop {
            let tok = self.peek();
            match tok.kind {
                T::OBrace => {
                    o_brace = self.read();
                    break;
                }
                T::OQuote => {
                    let (value, span) = self.parse_quoted_string_literal();
                    self.scratch_labels.push(Label { span, value });
                }
                T::Ident => {
                    let tok = self.read();
                    self.scratch_labels.push(Label {
                        span: tok.span,
                        value: Text::Source(tok.span),
                    });
                }
                _ => {
                    match tok.kind {
                        T::Equal => self.err(
                            "Invalid block definition",
                            "The equals sign \"=\" indicates an argument definition, and must not be used when defining a block.",
                            tok.span,
                            Some(rb(ident.span, tok.span)),
                        ),
                        T::Newline => self.err(
                            "Invalid block definition",
                            "A block definition must have block content delimited by \"{\" and \"}\", starting on the same line as the block header.",
                            tok.span,
                            Some(rb(ident.span, tok.span)),
                        ),
                        _ => {
                            if !self.recovery {
                                self.err(
                                    "Invalid block definition",
                                    "Either a quoted string block label or an opening brace (\"{\") is expected here.",
                                    tok.span,
                                    Some(rb(ident.span, tok.span)),
                                );
                            }
                        }
                    }
                    self.recover_after_body_item();
                    return Block {
                        type_name: ident.span,
                        labels: self.scratch_labels.drain(labels_start..).collect(),
                        body: Arc::new(Body {
                            attributes: Box::default(),
                            blocks: Box::default(),
                            span: ident.span,
                            end_span: ident.span,
                        }),
                        open_brace: ident.span,
                        close_brace: ident.span,
                    };
                }
            }
        }

        let mut body: Option<Body> = None;
        if !self.enter(o_brace.span) {
            self.recover(T::CBrace);
        } else {
            match self.peek().kind {
                T::Newline | T::Eof | T::CBrace => {
                    body = Some(self.parse_body(T::CBrace));
                }
                _ => {
                    let m = self.mark();
                    body = self.parse_single_attr_body();
                    let body_diags = self.diags.split_off(m);
                    let next = self.peek();
                    match next.kind {
                        T::CBrace => {
                            self.read();
                        }
                        T::Comma => {
                            self.err(
                                "Invalid single-argument block definition",
                                "Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line.",
                                next.span,
                                None,
                            );
                            self.recover(T::CBrace);
                        }
                        T::Newline => {
                            self.err(
                                "Invalid single-argument block definition",
                                "An argument definition on the same line as its containing block creates a single-line block definition, which must also be closed on the same line. Place the block's closing brace immediately after the argument definition.",
                                next.span,
                                None,
                            );
                            self.recover(T::CBrace);
                        }
                        _ => {
                            if !self.recovery {
                                if next.kind == T::Eof {
                                    self.err(
                                        "Unclosed configuration block",
                                        "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                                        o_brace.span,
                                        Some(rb(ident.span, o_brace.span)),
                                    );
                                } else {
                                    self.err(
                                        "Invalid single-argument block definition",
                                        "A single-line block definition must end with a closing brace immediately after its single argument definition.",
                                        next.span,
                                        None,
                                    );
                                }
                            }
                            self.recover(T::CBrace);
                        }
                    }
                    self.diags.extend(body_diags);
                }
            }
            self.leave();
        }
        let c_brace_range = self.prev_range();

        let eol = self.peek();
        if eol.kind == T::Newline || eol.kind == T::Eof {
            self.read();
        } else {
            if !self.recovery {
                self.err(
                    "Missing newline after block definition",
                    "A block definition must end with a newline.",
                    eol.span,
                    Some(rb(ident.span, eol.span)),
                );
            }
            self.recover_after_body_item();
        }

        let body = body.unwrap_or_else(|| Body {
            attributes: Box::default(),
            blocks: Box::default(),
            span: rb(o_brace.span, c_brace_range),
            end_span: c_brace_range,
        });

        Block {
            type_name: ident.span,
            labels: self.scratch_labels.drain(labels_start..).collect(),
            body: Arc::new(body),
            open_brace: o_brace.span,
            close_brace: c_brace_range,
        }
    }

    // ---- expressions ----

    pub(crate) fn parse_expression(&mut self) -> Expr {
        self.parse_ternary_conditional()
    }

    fn parse_ternary_conditional(&mut self) -> Expr {
        let start_range = self.next_range();
        let m = self.mark();
        let cond = self.parse_binary_ops(0);
        if self.recovery && self.errs_since(m) {
            return cond;
        }
        let question = self.peek();
        if question.kind != T::Question {
            return cond;
        }
        // The results nest within the conditional.
        if !self.enter(question.span) {
            return cond;
        }
        let e = self.finish_conditional(start_range, cond);
        self.leave();
        e
    }

    fn finish_conditional(&mut self, start_range: Span, cond: Expr) -> Expr {
        self.read();
        let m = self.mark();
        let true_result = self.parse_expression();
        if self.recovery && self.errs_since(m) {
            return cond;
        }
        let colon = self.peek();
        if colon.kind != T::Colon {
            self.err(
                "Missing false expression in conditional",
                "The conditional operator (...?...:...) requires a false expression, delimited by a colon.",
                colon.span,
                Some(rb(start_range, colon.span)),
            );
            return cond;
        }
        self.read();
        let m = self.mark();
        let false_result = self.parse_expression();
        if self.recovery && self.errs_since(m) {
            return cond;
        }
        Expr {
            span: rb(start_range, false_result.span),
            kind: ExprKind::Conditional {
                cond: Box::new(cond),
                true_result: Box::new(true_result),
                false_result: Box::new(false_result),
            },
        }
    }

    /// The binary operator `kind` stands for, with its precedence level
    /// (0 loosest, `||`, to 5 tightest, `*` `/` `%`).
    #[inline]
    fn binary_op(kind: TokenKind) -> Option<(usize, BinaryOp)> {
        Some(match kind {
            T::Or => (0, BinaryOp::Or),
            T::And => (1, BinaryOp::And),
            T::EqualOp => (2, BinaryOp::Equal),
            T::NotEqual => (2, BinaryOp::NotEqual),
            T::GreaterThan => (3, BinaryOp::Greater),
            T::GreaterThanEq => (3, BinaryOp::GreaterOrEqual),
            T::LessThan => (3, BinaryOp::Less),
            T::LessThanEq => (3, BinaryOp::LessOrEqual),
            T::Plus => (4, BinaryOp::Add),
            T::Minus => (4, BinaryOp::Subtract),
            T::Star => (5, BinaryOp::Multiply),
            T::Slash => (5, BinaryOp::Divide),
            T::Percent => (5, BinaryOp::Modulo),
            _ => return None,
        })
    }

    /// `parseBinaryOps(binaryOps[level:])`. hclsyntax recurses once per
    /// precedence level; this precedence-climbing form builds the same
    /// left-associative trees and, when an operand has an error while
    /// recovering, gives up at the same point, returning the same partial
    /// expression.
    fn parse_binary_ops(&mut self, level: usize) -> Expr {
        let m = self.mark();
        let mut lhs = self.parse_expression_with_traversals();
        if self.recovery && self.errs_since(m) {
            return lhs;
        }
        // Each operator applied makes the (left-deep) tree one level
        // deeper; that counts against the nesting limit too, so that
        // trees stay shallow enough to walk and drop recursively.
        let mut deeper = 0;
        let result = loop {
            let next = self.peek();
            let Some((op_level, op)) = Self::binary_op(next.kind) else {
                break lhs;
            };
            if op_level < level {
                break lhs;
            }
            if !self.enter(next.span) {
                break lhs;
            }
            deeper += 1;
            self.read();
            let m = self.mark();
            let rhs = self.parse_binary_ops(op_level + 1);
            if self.recovery && self.errs_since(m) {
                break lhs;
            }
            lhs = make_binary(op, lhs, rhs);
        };
        self.depth -= deeper;
        result
    }

    fn parse_expression_with_traversals(&mut self) -> Expr {
        let term = self.parse_expression_term();
        self.parse_expression_traversals(term)
    }

    fn legacy_index_error(&mut self, num: Token, subject: Span, splat: bool) {
        let text = self.text(num.span);
        let dot = text.find('.').unwrap_or(text.len());
        let (first, second) = (&text[..dot], text.get(dot + 1..).unwrap_or(""));
        let detail = if splat {
            format!(
                "When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax with a full splat expression [*] instead, like [{first}][{second}]."
            )
        } else {
            format!(
                "When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax instead, like [{first}][{second}]."
            )
        };
        self.err("Invalid legacy index syntax", &detail, subject, None);
    }

    /// An invalid node over `span` that stands for an expression given up
    /// on (hclsyntax's `ExprSyntaxError`).
    fn syntax_error(&mut self, span: Span) -> Expr {
        self.syntax_error = Some(span);
        Expr {
            span,
            kind: ExprKind::Invalid,
        }
    }

    fn parse_expression_traversals(&mut self, from: Expr) -> Expr {
        let depth = self.depth;
        let ret = self.parse_expression_traversals_inner(from);
        self.depth = depth;
        ret
    }

    /// Whether wrapping the expression once more (in an index, a splat or
    /// a relative traversal) stays within the nesting limit; the caller
    /// restores the depth.
    fn deepen(&mut self, at: Span) -> bool {
        self.enter(at)
    }

    fn parse_expression_traversals_inner(&mut self, from: Expr) -> Expr {
        let from_start = from.span;
        let mut ret = from;
        // Attribute and literal-index steps applied to `ret`, gathered here
        // and attached (`add_steps`) before `ret` is wrapped or returned.
        let mut steps: Vec<Step> = Vec::new();
        'traversal: loop {
            let next = self.peek();
            let wraps = match next.kind {
                T::OBrack => true,
                T::Dot => {
                    steps.is_empty()
                        && !matches!(
                            ret.kind,
                            ExprKind::ScopeTraversal { .. } | ExprKind::RelativeTraversal { .. }
                        )
                }
                _ => false,
            };
            if wraps && !self.deepen(next.span) {
                break;
            }
            match next.kind {
                T::Dot => {
                    let dot = self.read();
                    let attr_tok = self.peek();
                    match attr_tok.kind {
                        T::Ident => {
                            let t = self.read();
                            steps.push(Step::Attr {
                                name: t.span,
                                span: rb(dot.span, t.span),
                            });
                        }
                        T::NumberLit => {
                            let num = self.read();
                            let rng = rb(dot.span, num.span);
                            if self.text(num.span).contains('.') {
                                self.legacy_index_error(num, num.span, false);
                            } else {
                                self.check_number(num);
                            }
                            steps.push(Step::Index {
                                key: Literal::Number(num.span),
                                span: rng,
                            });
                        }
                        T::Star => {
                            let marker = self.read();
                            let mut trav: Vec<Step> = Vec::new();
                            let first_range = self.next_range();
                            let mut last_range = marker.span;
                            while self.peek().kind == T::Dot {
                                let inner_dot = self.read();
                                if self.peek().kind == T::NumberLit {
                                    let num = self.read();
                                    if self.text(num.span).contains('.') {
                                        self.legacy_index_error(num, attr_tok.span, true);
                                    } else {
                                        self.check_number(num);
                                    }
                                    trav.push(Step::Index {
                                        key: Literal::Number(num.span),
                                        span: rb(inner_dot.span, num.span),
                                    });
                                    last_range = num.span;
                                    continue;
                                }
                                if self.peek().kind != T::Ident {
                                    if !self.recovery {
                                        let p = self.peek();
                                        if p.kind == T::Star {
                                            self.err(
                                                "Nested splat expression not allowed",
                                                "A splat expression (*) cannot be used inside another attribute-only splat expression.",
                                                p.span,
                                                None,
                                            );
                                        } else {
                                            self.err(
                                                "Invalid attribute name",
                                                "An attribute name is required after a dot.",
                                                attr_tok.span,
                                                None,
                                            );
                                        }
                                    }
                                    self.set_recovery();
                                    continue 'traversal;
                                }
                                let a = self.read();
                                trav.push(Step::Attr {
                                    name: a.span,
                                    span: rb(inner_dot.span, a.span),
                                });
                                last_range = a.span;
                            }
                            let id = NEXT_ANON.fetch_add(1, Ordering::Relaxed);
                            let item = Expr {
                                span: rb(dot.span, marker.span),
                                kind: ExprKind::AnonSymbol { id },
                            };
                            let each = if trav.is_empty() {
                                item
                            } else {
                                Expr {
                                    span: rb(first_range, last_range),
                                    kind: ExprKind::RelativeTraversal {
                                        source: Box::new(item),
                                        steps: trav.into_boxed_slice(),
                                    },
                                }
                            };
                            ret = Expr {
                                span: rb(from_start, last_range),
                                kind: ExprKind::Splat {
                                    source: Box::new(add_steps(ret, &mut steps)),
                                    each: Box::new(each),
                                    item: id,
                                    marker: rb(dot.span, marker.span),
                                },
                            };
                        }
                        _ => {
                            self.err(
                                "Invalid attribute name",
                                "An attribute name is required after a dot.",
                                attr_tok.span,
                                None,
                            );
                            // The reference so far and the dot (HCL v2.22,
                            // #692).
                            steps.clear();
                            ret = self.syntax_error(rb(from_start, dot.span));
                            self.set_recovery();
                        }
                    }
                }
                T::OBrack => {
                    let open = self.read();
                    if self.peek().kind == T::Star {
                        self.read();
                        let mut close = self.read();
                        if close.kind != T::CBrack && !self.recovery {
                            // hclsyntax's diagnostic points at its `close`
                            // variable, which recovery then reassigns: the
                            // subject is where recovery stopped.
                            close = self.recover(T::CBrack);
                            self.err(
                                "Missing close bracket on splat index",
                                "The star for a full splat operator must be immediately followed by a closing bracket (\"]\").",
                                close.span,
                                None,
                            );
                        }
                        let id = NEXT_ANON.fetch_add(1, Ordering::Relaxed);
                        let marker = rb(open.span, close.span);
                        let item = Expr {
                            span: marker,
                            kind: ExprKind::AnonSymbol { id },
                        };
                        let each = if self.enter(marker) {
                            let e = self.parse_expression_traversals(item);
                            self.leave();
                            e
                        } else {
                            item
                        };
                        ret = Expr {
                            span: rb(from_start, each.span),
                            kind: ExprKind::Splat {
                                source: Box::new(add_steps(ret, &mut steps)),
                                each: Box::new(each),
                                item: id,
                                marker,
                            },
                        };
                    } else {
                        self.push_nl(false);
                        let m = self.mark();
                        let key = self.parse_expression();
                        let close = if self.recovery && self.errs_since(m) {
                            self.recover(T::CBrack)
                        } else {
                            let mut close = self.read();
                            if close.kind != T::CBrack && !self.recovery {
                                // As above, the subject is where recovery
                                // stopped (hclsyntax aliases `close`).
                                close = self.recover(T::CBrack);
                                self.err(
                                    "Missing close bracket on index",
                                    "The index operator must end with a closing bracket (\"]\").",
                                    close.span,
                                    None,
                                );
                            }
                            close
                        };
                        self.pop_nl();
                        let rng = rb(open.span, close.span);
                        let lit_key = match key.kind {
                            ExprKind::Literal(ref l) => Some(l.clone()),
                            ExprKind::StringTemplate { ref text, .. } => {
                                Some(Literal::String(text.clone()))
                            }
                            ExprKind::Template { ref parts } if parts.len() == 1 => {
                                match &parts[0].kind {
                                    ExprKind::Literal(Literal::String(t)) => {
                                        Some(Literal::String(t.clone()))
                                    }
                                    _ => None,
                                }
                            }
                            _ => None,
                        };
                        match lit_key {
                            Some(k) => steps.push(Step::Index { key: k, span: rng }),
                            None => {
                                ret = Expr {
                                    span: rb(from_start, rng),
                                    kind: ExprKind::Index {
                                        collection: Box::new(add_steps(ret, &mut steps)),
                                        key: Box::new(key),
                                        brackets: rng,
                                    },
                                };
                            }
                        }
                    }
                }
                _ => break,
            }
        }
        add_steps(ret, &mut steps)
    }

    fn check_number(&mut self, tok: Token) {
        let len = self.text(tok.span).len();
        if len > crate::syntax::MAX_NUMBER_LENGTH {
            self.err(
                "Number literal too long",
                &crate::syntax::number_too_long_detail(len),
                tok.span,
                None,
            );
            return;
        }
        if !check_number_literal(self.text(tok.span)) {
            self.err(
                "Invalid number literal",
                "Failed to recognize the value of this number literal.",
                tok.span,
                None,
            );
        }
    }

    fn parse_expression_term(&mut self) -> Expr {
        let start = self.peek();
        if !self.enter(start.span) {
            return Expr {
                span: start.span,
                kind: ExprKind::Invalid,
            };
        }
        let e = self.parse_expression_term_inner(start);
        self.leave();
        e
    }

    fn parse_expression_term_inner(&mut self, start: Token) -> Expr {
        match start.kind {
            T::OParen => self.parse_parens(start),
            T::NumberLit => {
                let tok = self.read();
                self.check_number(tok);
                Expr {
                    span: tok.span,
                    kind: ExprKind::Literal(Literal::Number(tok.span)),
                }
            }
            T::Ident => {
                let tok = self.read();
                if matches!(self.peek().kind, T::OParen | T::DoubleColon) {
                    return self.finish_parsing_function_call(tok);
                }
                let kind = match self.text(tok.span) {
                    "true" => ExprKind::Literal(Literal::Bool(true)),
                    "false" => ExprKind::Literal(Literal::Bool(false)),
                    "null" => ExprKind::Literal(Literal::Null),
                    _ => ExprKind::ScopeTraversal {
                        root: tok.span,
                        steps: Box::default(),
                    },
                };
                Expr {
                    span: tok.span,
                    kind,
                }
            }
            T::OQuote | T::OHeredoc => self.parse_template_term(start),
            T::Minus | T::Bang => self.parse_unary(start),
            T::OBrack => self.parse_tuple_cons(),
            T::OBrace => self.parse_object_cons(),
            _ => {
                if !self.recovery {
                    if start.kind == T::Eof {
                        self.err(
                            "Missing expression",
                            "Expected the start of an expression, but found the end of the file.",
                            start.span,
                            None,
                        );
                    } else {
                        self.err(
                            "Invalid expression",
                            "Expected the start of an expression, but found an invalid expression token.",
                            start.span,
                            None,
                        );
                    }
                }
                self.set_recovery();
                Expr {
                    span: start.span,
                    kind: ExprKind::Invalid,
                }
            }
        }
    }

    #[inline(never)]
    fn parse_parens(&mut self, start: Token) -> Expr {
        let o_paren = self.read();
        self.push_nl(false);
        let m = self.mark();
        let expr = self.parse_expression();
        if self.errs_since(m) {
            self.recover(T::CParen);
            self.pop_nl();
            return expr;
        }
        let close = self.peek();
        if close.kind != T::CParen {
            self.err(
                "Unbalanced parentheses",
                "Expected a closing parenthesis to terminate the expression.",
                close.span,
                Some(rb(start.span, close.span)),
            );
            self.set_recovery();
        }
        let c_paren = self.read();
        self.pop_nl();
        Expr {
            span: rb(o_paren.span, c_paren.span),
            kind: ExprKind::Parens(Box::new(expr)),
        }
    }

    #[inline(never)]
    fn parse_template_term(&mut self, start: Token) -> Expr {
        if let Some(e) = self.simple_quoted_string(start) {
            return e;
        }
        let open = self.read();
        let closer = if open.kind == T::OQuote {
            T::CQuote
        } else {
            T::CHeredoc
        };
        let flush = open.kind == T::OHeredoc && self.text(open.span).starts_with("<<-");
        let (exprs, passthru, _) = self.parse_template_inner(closer, flush);
        Expr::template(exprs, passthru, rb(open.span, self.prev_range()))
    }

    #[inline(never)]
    fn parse_unary(&mut self, start: Token) -> Expr {
        let tok = self.read();
        let operand = self.parse_expression_with_traversals();
        Expr {
            span: rb(tok.span, operand.span),
            kind: ExprKind::UnaryOp {
                op: if start.kind == T::Minus {
                    UnaryOp::Negate
                } else {
                    UnaryOp::Not
                },
                operand: Box::new(operand),
                symbol: tok.span,
            },
        }
    }

    /// `"text"` or `""`: the common case of a quoted template with one
    /// literal or none, built directly (the same tree and diagnostics as
    /// the general template path).
    fn simple_quoted_string(&mut self, open: Token) -> Option<Expr> {
        if open.kind != T::OQuote {
            return None;
        }
        let (_, open_idx) = self.next_token();
        let lit = self.raw(open_idx);
        let (part, close_idx) = match lit.kind {
            // hclsyntax places the empty literal just after the closing quote.
            T::CQuote => (
                Expr {
                    span: Span::empty(lit.span.end),
                    kind: ExprKind::Literal(Literal::String(Text::Owned("".into()))),
                },
                open_idx,
            ),
            T::QuotedLit => {
                let close = self.raw(open_idx + 1);
                if close.kind != T::CQuote {
                    return None;
                }
                let text = match decode_literal(&mut self.res, lit, &mut self.diags) {
                    std::borrow::Cow::Borrowed(_) => Text::Source(lit.span),
                    std::borrow::Cow::Owned(o) => Text::Owned(o.into_boxed_str()),
                };
                (
                    Expr {
                        span: lit.span,
                        kind: ExprKind::Literal(Literal::String(text)),
                    },
                    open_idx + 1,
                )
            }
            _ => return None,
        };
        let close = self.raw(close_idx);
        self.consume_raw(close_idx + 1);
        Some(Expr {
            span: rb(open.span, close.span),
            kind: ExprKind::string_template(part),
        })
    }

    fn finish_parsing_function_call(&mut self, name: Token) -> Expr {
        let mut open = self.read();
        // A namespaced name (HCL v2.20): `ns::...::name`, one string.
        let mut namespaced: Option<String> = None;
        let mut name_end = name.span.end;
        while open.kind == T::DoubleColon {
            let part = self.read();
            if part.kind != T::Ident {
                self.err(
                    "Missing function name",
                    "Function scope resolution symbol :: must be followed by a function name in this scope.",
                    part.span,
                    Some(rb(name.span, part.span)),
                );
                self.recover_over(T::OParen);
                return self.syntax_error(rb(name.span, part.span));
            }
            let full = namespaced.get_or_insert_with(|| self.text(name.span).to_string());
            full.push_str("::");
            full.push_str(self.text(part.span));
            name_end = part.span.end;
            open = self.read();
        }
        let name = Token::new(T::Ident, Span::new(name.span.start, name_end));
        if open.kind != T::OParen {
            self.err(
                "Missing open parenthesis",
                "Function selector must be followed by an open parenthesis to begin the function call.",
                open.span,
                Some(rb(name.span, open.span)),
            );
            self.recover_over(T::OParen);
            return self.syntax_error(rb(name.span, open.span));
        }
        let args_start = self.scratch_exprs.len();
        let mut expand_final = false;
        let close;
        self.push_nl(false);
        loop {
            let tok = self.peek();
            if tok.kind == T::CParen {
                close = self.read();
                break;
            }
            let m = self.mark();
            let arg = self.parse_expression();
            self.scratch_exprs.push(arg);
            if self.recovery && self.errs_since(m) {
                // hclsyntax drops the token recovery stops at here, leaving
                // the closing parenthesis range zero.
                self.recover(T::CParen);
                close = Token::new(T::CParen, Span::default());
                break;
            }
            let sep = self.read();
            if sep.kind == T::CParen {
                close = sep;
                break;
            }
            if sep.kind == T::Ellipsis {
                expand_final = true;
                if self.peek().kind != T::CParen {
                    if !self.recovery {
                        self.err(
                            "Missing closing parenthesis",
                            "An expanded function argument (with ...) must be immediately followed by closing parentheses.",
                            sep.span,
                            Some(rb(name.span, sep.span)),
                        );
                    }
                    close = self.recover(T::CParen);
                } else {
                    close = self.read();
                }
                break;
            }
            if sep.kind != T::Comma {
                if sep.kind == T::Eof {
                    self.err(
                        "Unterminated function call",
                        "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parethesis nesting elsewhere in this file.",
                        rb(name.span, open.span),
                        None,
                    );
                } else {
                    self.err(
                        "Missing argument separator",
                        "A comma is required to separate each function argument from the next.",
                        sep.span,
                        Some(rb(name.span, sep.span)),
                    );
                }
                close = self.recover(T::CParen);
                break;
            }
            if self.peek().kind == T::CParen {
                close = self.read();
                break;
            }
        }
        self.pop_nl();
        Expr {
            span: rb(name.span, close.span),
            kind: ExprKind::FunctionCall(Box::new(CallExpr {
                name: name.span,
                namespaced: namespaced.map(String::into_boxed_str),
                args: self.scratch_exprs.drain(args_start..).collect(),
                expand_final,
                open_paren: open.span,
                close_paren: close.span,
            })),
        }
    }

    fn parse_tuple_cons(&mut self) -> Expr {
        let open = self.read();
        self.push_nl(false);
        if self.peek_is_keyword("for") {
            let e = self.finish_parsing_for_expr(open);
            self.pop_nl();
            return e;
        }
        let start = self.scratch_exprs.len();
        let close;
        loop {
            if self.peek().kind == T::CBrack {
                close = self.read();
                break;
            }
            let m = self.mark();
            let e = self.parse_expression();
            self.scratch_exprs.push(e);
            if self.recovery && self.errs_since(m) {
                close = self.recover(T::CBrack);
                break;
            }
            let next = self.peek();
            if next.kind == T::CBrack {
                close = self.read();
                break;
            }
            if next.kind != T::Comma {
                close = self.missing_separator(
                    open,
                    next,
                    UNTERMINATED_TUPLE,
                    (
                        "Missing item separator",
                        "Expected a comma to mark the beginning of the next item.",
                    ),
                    T::CBrack,
                );
                break;
            }
            self.read();
        }
        self.pop_nl();
        // Exactly sized: syntax trees of large files hold many of these.
        Expr {
            span: rb(open.span, close.span),
            kind: ExprKind::Tuple {
                exprs: self.scratch_exprs.drain(start..).collect(),
                open: open.span,
            },
        }
    }

    fn parse_object_cons(&mut self) -> Expr {
        let open = self.read();
        self.push_nl(false);
        let is_for = self.peek_is_keyword("for");
        self.pop_nl();
        if is_for {
            return self.finish_parsing_for_expr(open);
        }
        self.push_nl(true);
        let start = self.scratch_items.len();
        let close;
        loop {
            let next = self.peek();
            if next.kind == T::Newline {
                self.read();
                continue;
            }
            if next.kind == T::CBrace {
                close = self.read();
                break;
            }
            let force_non_literal = next.kind == T::OParen;
            let m = self.mark();
            let key = self.parse_expression();
            if self.recovery && self.errs_since(m) {
                close = self.recover(T::CBrace);
                break;
            }
            let next = self.peek();
            if next.kind != T::Equal && next.kind != T::Colon {
                let missing = match next.kind {
                    T::Newline | T::Comma => (
                        "Missing attribute value",
                        "Expected an attribute value, introduced by an equals sign (\"=\").",
                    ),
                    T::Ident => (
                        "Missing key/value separator",
                        "Expected an equals sign (\"=\") to mark the beginning of the attribute value. If you intended to given an attribute name containing periods or spaces, write the name in quotes to create a string literal.",
                    ),
                    _ => (
                        "Missing key/value separator",
                        "Expected an equals sign (\"=\") to mark the beginning of the attribute value.",
                    ),
                };
                close = self.missing_separator(open, next, UNTERMINATED_OBJECT, missing, T::CBrace);
                break;
            }
            self.read();
            let m = self.mark();
            let value = self.parse_expression();
            if self.recovery && self.errs_since(m) {
                // An item whose value the parser gave up on at a known
                // extent stays (HCL v2.22, #692), though the rest of the
                // object is skipped.
                if matches!(value.kind, ExprKind::Invalid) && self.syntax_error == Some(value.span)
                {
                    self.scratch_items.push(ObjectItem {
                        key,
                        force_non_literal,
                        value,
                    });
                }
                close = self.recover(T::CBrace);
                break;
            }
            self.scratch_items.push(ObjectItem {
                key,
                force_non_literal,
                value,
            });
            let next = self.peek();
            if next.kind == T::CBrace {
                close = self.read();
                break;
            }
            if next.kind != T::Comma && next.kind != T::Newline {
                close = self.missing_separator(
                    open,
                    next,
                    UNTERMINATED_OBJECT,
                    (
                        "Missing attribute separator",
                        "Expected a newline or comma to mark the beginning of the next attribute.",
                    ),
                    T::CBrace,
                );
                break;
            }
            self.read();
        }
        self.pop_nl();
        Expr {
            span: rb(open.span, close.span),
            kind: ExprKind::Object {
                items: self.scratch_items.drain(start..).collect(),
                open: open.span,
            },
        }
    }

    /// A tuple or object constructor where `next` is not the separator or
    /// closing bracket expected: unterminated at the end of the file, else
    /// `missing`. Recovers to the closing `close_type`.
    fn missing_separator(
        &mut self,
        open: Token,
        next: Token,
        unterminated: Message,
        missing: Message,
        close_type: TokenKind,
    ) -> Token {
        if !self.recovery {
            if next.kind == T::Eof {
                self.err(unterminated.0, unterminated.1, open.span, None);
            } else {
                self.err(
                    missing.0,
                    missing.1,
                    next.span,
                    Some(rb(open.span, next.span)),
                );
            }
        }
        self.recover(close_type)
    }

    /// `name [, name] in` after `for` in an expression or a template
    /// directive: the key and value variables, or which of `missing` (no
    /// name, no name after the comma, no `in`) applies.
    pub(crate) fn parse_for_names(
        &mut self,
        missing: [&'static str; 3],
    ) -> Result<(Option<Span>, Span), &'static str> {
        if self.peek().kind != T::Ident {
            return Err(missing[0]);
        }
        let mut val_var = self.read().span;
        let mut key_var = None;
        if self.peek().kind == T::Comma {
            key_var = Some(val_var);
            self.read();
            if self.peek().kind != T::Ident {
                return Err(missing[1]);
            }
            val_var = self.read().span;
        }
        if !self.peek_is_keyword("in") {
            return Err(missing[2]);
        }
        self.read();
        Ok((key_var, val_var))
    }

    fn for_error(&mut self, open: Token, detail: &str, close_type: TokenKind) -> Expr {
        if !self.recovery {
            let p = self.peek();
            self.err(
                "Invalid 'for' expression",
                detail,
                p.span,
                Some(rb(open.span, p.span)),
            );
        }
        self.for_placeholder(open, close_type)
    }

    fn for_placeholder(&mut self, open: Token, close_type: TokenKind) -> Expr {
        let close = self.recover(close_type);
        Expr {
            span: rb(open.span, close.span),
            kind: ExprKind::Invalid,
        }
    }

    fn finish_parsing_for_expr(&mut self, open: Token) -> Expr {
        self.push_nl(false);
        let e = self.finish_parsing_for_expr_inner(open);
        self.pop_nl();
        e
    }

    fn finish_parsing_for_expr_inner(&mut self, open: Token) -> Expr {
        self.read(); // "for"
        let make_obj = open.kind == T::OBrace;
        let close_type = if make_obj { T::CBrace } else { T::CBrack };

        let names = self.parse_for_names([
            "For expression requires variable name after 'for'.",
            "For expression requires value variable name after comma.",
            "For expression requires the 'in' keyword after its name declarations.",
        ]);
        let (key_var, val_var) = match names {
            Ok(names) => names,
            Err(detail) => return self.for_error(open, detail, close_type),
        };
        let m = self.mark();
        let coll = self.parse_expression();
        if self.recovery && self.errs_since(m) {
            return self.for_placeholder(open, close_type);
        }
        if self.peek().kind != T::Colon {
            return self.for_error(
                open,
                "For expression requires a colon after the collection expression.",
                close_type,
            );
        }
        self.read();
        let m = self.mark();
        let mut val_expr = self.parse_expression();
        let mut key_expr = None;
        if self.peek().kind == T::FatArrow {
            self.read();
            key_expr = Some(val_expr);
            val_expr = self.parse_expression();
        }
        if self.recovery && self.errs_since(m) {
            return self.for_placeholder(open, close_type);
        }
        let mut group = false;
        let mut ellipsis = Span::default();
        if self.peek().kind == T::Ellipsis {
            ellipsis = self.read().span;
            group = true;
        }
        let mut cond = None;
        if self.peek_is_keyword("if") {
            self.read();
            let m = self.mark();
            let c = self.parse_expression();
            if self.recovery && self.errs_since(m) {
                return self.for_placeholder(open, close_type);
            }
            cond = Some(c);
        }
        let close = if self.peek().kind == close_type {
            self.read()
        } else {
            if !self.recovery {
                let p = self.peek();
                self.err(
                    "Invalid 'for' expression",
                    "Extra characters after the end of the 'for' expression.",
                    p.span,
                    Some(rb(open.span, p.span)),
                );
            }
            self.recover(close_type)
        };
        self.finish_for_expr(
            open, close, key_var, val_var, coll, key_expr, val_expr, cond, group, ellipsis,
        )
    }

    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn finish_for_expr(
        &mut self,
        open: Token,
        close: Token,
        key_var: Option<Span>,
        val_var: Span,
        coll: Expr,
        key_expr: Option<Expr>,
        val_expr: Expr,
        cond: Option<Expr>,
        group: bool,
        ellipsis: Span,
    ) -> Expr {
        let make_obj = open.kind == T::OBrace;
        let whole = rb(open.span, close.span);
        if !make_obj {
            if let Some(k) = &key_expr {
                let ks = k.span;
                self.err(
                    "Invalid 'for' expression",
                    "Key expression is not valid when building a tuple.",
                    ks,
                    Some(whole),
                );
            }
            if group {
                self.err(
                    "Invalid 'for' expression",
                    "Grouping ellipsis (...) cannot be used when building a tuple.",
                    ellipsis,
                    Some(whole),
                );
            }
        } else if key_expr.is_none() {
            self.err(
                "Invalid 'for' expression",
                "Key expression is required when building an object.",
                val_expr.span,
                Some(whole),
            );
        }
        Expr {
            span: whole,
            kind: ExprKind::For(Box::new(ForExpr {
                key_var,
                val_var,
                coll,
                key_expr,
                val_expr,
                cond,
                group,
                open: open.span,
                close: close.span,
            })),
        }
    }

    /// `parseQuotedStringLiteral`: a quoted string without interpolations
    /// (block labels, traversal index keys).
    pub(crate) fn parse_quoted_string_literal(&mut self) -> (Text, Span) {
        let o_quote = self.read();
        if o_quote.kind != T::OQuote {
            self.err(
                "Invalid string literal",
                "A quoted string is required here.",
                o_quote.span,
                None,
            );
            return (Text::Owned("".into()), o_quote.span);
        }
        let mut acc = Acc::Empty;
        let end_range;
        loop {
            let tok = self.read();
            match tok.kind {
                T::CQuote => {
                    end_range = tok.span;
                    break;
                }
                T::QuotedLit => {
                    let file = self.file;
                    let s = decode_literal(&mut self.res, tok, &mut self.diags);
                    acc.push(file, tok.span, s);
                }
                T::TemplateControl | T::TemplateInterp => {
                    let which = if tok.kind == T::TemplateControl {
                        "%"
                    } else {
                        "$"
                    };
                    let detail = format!(
                        "Template sequences are not allowed in this string. To include a literal {}, double it (as \"{which}{which}\") to escape it.",
                        go_quote(which)
                    );
                    self.err(
                        "Invalid string literal",
                        &detail,
                        tok.span,
                        Some(rb(o_quote.span, tok.span)),
                    );
                    let marker = if which == "%" { "%{ ... }" } else { "${ ... }" };
                    acc.push(self.file, tok.span, std::borrow::Cow::Borrowed(marker));
                    self.recover(T::TemplateSeqEnd);
                }
                T::Eof => {
                    self.err(
                        "Unterminated string literal",
                        "Unable to find the closing quote mark before the end of the file.",
                        tok.span,
                        Some(rb(o_quote.span, tok.span)),
                    );
                    end_range = tok.span;
                    break;
                }
                _ => {
                    self.err(
                        "Invalid string literal",
                        "This item is not valid in a string literal.",
                        tok.span,
                        Some(rb(o_quote.span, tok.span)),
                    );
                    self.recover(T::CQuote);
                    end_range = tok.span;
                    break;
                }
            }
        }
        let value = acc.finish();
        (value, rb(o_quote.span, end_range))
    }
}

impl Parser<'_> {
    /// `ParseTraversalAbs`: a variable followed by attribute and literal
    /// index steps, consuming all remaining tokens.
    pub(crate) fn parse_traversal_abs(&mut self) -> Option<super::analysis::Traversal> {
        let m = self.mark();
        let var_tok = self.read();
        if var_tok.kind != T::Ident {
            self.err(
                "Variable name required",
                "Must begin with a variable name.",
                var_tok.span,
                None,
            );
            return None;
        }
        let mut steps: Vec<Step> = Vec::new();
        let done = |steps: Vec<Step>| {
            let end = steps.last().map_or(var_tok.span, Step::span);
            Some(super::analysis::Traversal {
                root: var_tok.span,
                span: rb(var_tok.span, end),
                steps,
            })
        };
        loop {
            let next = self.peek();
            match next.kind {
                T::Eof => return done(steps),
                T::Dot => {
                    let dot = self.read();
                    let name_tok = self.read();
                    if name_tok.kind != T::Ident {
                        let detail = if name_tok.kind == T::Star {
                            "Splat expressions (.*) may not be used here."
                        } else {
                            "Dot must be followed by attribute name."
                        };
                        self.err(
                            "Attribute name required",
                            detail,
                            name_tok.span,
                            Some(rb(var_tok.span, name_tok.span)),
                        );
                        return done(steps);
                    }
                    steps.push(Step::Attr {
                        name: name_tok.span,
                        span: rb(dot.span, name_tok.span),
                    });
                }
                T::OBrack => {
                    let open = self.read();
                    let next = self.peek();
                    let key = match next.kind {
                        T::NumberLit => {
                            let tok = self.read();
                            self.check_number(tok);
                            Literal::Number(tok.span)
                        }
                        T::OQuote => {
                            let (text, _) = self.parse_quoted_string_literal();
                            Literal::String(text)
                        }
                        _ => {
                            if next.kind == T::Star {
                                self.err(
                                    "Attribute name required",
                                    "Splat expressions ([*]) may not be used here.",
                                    next.span,
                                    Some(rb(var_tok.span, next.span)),
                                );
                            } else {
                                self.err(
                                    "Index value required",
                                    "Index brackets must contain either a literal number or a literal string.",
                                    next.span,
                                    Some(rb(var_tok.span, next.span)),
                                );
                            }
                            return done(steps);
                        }
                    };
                    let close = self.read();
                    if close.kind != T::CBrack {
                        self.err(
                            "Unclosed index brackets",
                            "Index key must be followed by a closing bracket.",
                            close.span,
                            Some(rb(open.span, close.span)),
                        );
                    }
                    steps.push(Step::Index {
                        key,
                        span: rb(open.span, close.span),
                    });
                    if self.errs_since(m) {
                        return done(steps);
                    }
                }
                _ => {
                    self.err(
                        "Invalid character",
                        "Expected an attribute access or an index operator.",
                        next.span,
                        Some(rb(var_tok.span, next.span)),
                    );
                    return done(steps);
                }
            }
        }
    }
}

/// Accumulates the value of a string from decoded pieces, staying a
/// source span while it is exactly one undecoded token.
enum Acc {
    Empty,
    Src(Span),
    Own(String),
}

impl Acc {
    fn push(&mut self, file: &SourceFile, span: Span, piece: std::borrow::Cow<'_, str>) {
        *self = match std::mem::replace(self, Acc::Empty) {
            Acc::Empty => match piece {
                std::borrow::Cow::Borrowed(b)
                    if b.as_ptr() == file.text(span).as_ptr() && b.len() == span.len() as usize =>
                {
                    Acc::Src(span)
                }
                p => Acc::Own(p.into_owned()),
            },
            Acc::Src(sp) => {
                let mut s = file.text(sp).to_string();
                s.push_str(&piece);
                Acc::Own(s)
            }
            Acc::Own(mut s) => {
                s.push_str(&piece);
                Acc::Own(s)
            }
        };
    }

    fn finish(self) -> Text {
        match self {
            Acc::Empty => Text::Owned("".into()),
            Acc::Src(sp) => Text::Source(sp),
            Acc::Own(s) => Text::Owned(s.into_boxed_str()),
        }
    }
}

/// The detail of the "Nesting too deep" diagnostic.
pub(crate) fn too_deep_detail(max_depth: u32) -> String {
    format!(
        "This construct is nested more than {max_depth} levels deep, which is not supported; simplify it or split it up."
    )
}

fn make_binary(op: BinaryOp, lhs: Expr, rhs: Expr) -> Expr {
    Expr {
        span: rb(lhs.span, rhs.span),
        kind: ExprKind::BinaryOp {
            op,
            lhs: Box::new(lhs),
            rhs: Box::new(rhs),
        },
    }
}

/// `expr` with `steps` (taken, leaving it empty) applied: appended to
/// `expr`'s own steps when it is a traversal, else as a relative traversal
/// of it. Each step extends the span to its end, as hclsyntax's
/// `makeRelativeTraversal` does one step at a time.
fn add_steps(mut expr: Expr, steps: &mut Vec<Step>) -> Expr {
    let Some(last) = steps.last() else {
        return expr;
    };
    let span = rb(expr.span, last.span());
    match &mut expr.kind {
        ExprKind::ScopeTraversal { steps: own, .. }
        | ExprKind::RelativeTraversal { steps: own, .. } => {
            *own = if own.is_empty() {
                std::mem::take(steps).into_boxed_slice()
            } else {
                let mut all = std::mem::take(own).into_vec();
                all.append(steps);
                all.into_boxed_slice()
            };
            expr.span = span;
            expr
        }
        _ => Expr {
            span,
            kind: ExprKind::RelativeTraversal {
                source: Box::new(expr),
                steps: std::mem::take(steps).into_boxed_slice(),
            },
        },
    }
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
