//! Templates: a port of hclsyntax's `parser_template.go`. Template tokens
//! are first gathered into a flat list of parts (literals with strip
//! markers applied, interpolations, directives), then folded into an
//! expression tree.

use std::borrow::Cow;

use unicode_segmentation::UnicodeSegmentation;

use super::ast::*;
use super::parser::Parser;
use super::pos::Resolver;
use super::spans::rb;
use super::strings::{decode_literal, go_quote, name_suggestion};
use super::token::{Token, TokenKind as T};
use crate::diagnostic::{Code, Diagnostic};
use crate::source::{SourceFile, Span};

/// A literal's value while templates are assembled.
#[derive(Debug)]
enum Val {
    Src(Span),
    Own(String),
}

impl Val {
    fn get<'a>(&'a self, file: &'a SourceFile) -> &'a str {
        match self {
            Val::Src(s) => file.text(*s),
            Val::Own(s) => s,
        }
    }

    fn from_cow(span: Span, c: Cow<'_, str>) -> Val {
        match c {
            Cow::Borrowed(_) => Val::Src(span),
            Cow::Owned(s) => Val::Own(s),
        }
    }

    fn trim_start(&mut self, file: &SourceFile) {
        match self {
            Val::Src(s) => {
                let t = file.text(*s);
                let n = t.len() - t.trim_start().len();
                s.start += n as u32;
            }
            Val::Own(s) => {
                let n = s.len() - s.trim_start().len();
                s.drain(..n);
            }
        }
    }

    fn trim_end(&mut self, file: &SourceFile) {
        match self {
            Val::Src(s) => {
                let t = file.text(*s);
                let n = t.len() - t.trim_end().len();
                s.end -= n as u32;
            }
            Val::Own(s) => {
                let n = s.trim_end().len();
                s.truncate(n);
            }
        }
    }

    /// Removes the first `n` bytes.
    fn cut_front(&mut self, n: usize) {
        match self {
            Val::Src(s) => s.start += n as u32,
            Val::Own(s) => {
                s.drain(..n);
            }
        }
    }

    fn into_text(self) -> Text {
        match self {
            Val::Src(s) => Text::Source(s),
            Val::Own(s) => Text::Owned(s.into_boxed_str()),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EndCtrl {
    EndIf,
    Else,
    EndFor,
}

impl EndCtrl {
    fn name(self) -> &'static str {
        match self {
            EndCtrl::EndIf => "endif",
            EndCtrl::Else => "else",
            EndCtrl::EndFor => "endfor",
        }
    }
}

enum Part {
    Literal {
        val: Val,
        span: Span,
    },
    Interp {
        expr: Expr,
    },
    If {
        cond: Expr,
        span: Span,
    },
    For {
        key_var: Option<Span>,
        val_var: Span,
        coll: Expr,
        span: Span,
    },
    EndCtrl {
        kind: EndCtrl,
        span: Span,
    },
    End {
        span: Span,
    },
    /// A part already folded into the tree.
    Taken,
}

impl Parser<'_> {
    /// `parseTemplateInner`: the template's parts (after flush-heredoc
    /// processing), whether it is a single interpolation to pass through,
    /// and its range.
    pub(crate) fn parse_template_inner(&mut self, end: T, flush: bool) -> (Vec<Expr>, bool, Span) {
        let (parts, span) = self.parse_template_parts(end);
        let (exprs, passthru) = self.fold_template(parts, flush);
        (exprs, passthru, span)
    }

    /// Applies flush-heredoc trimming and folds the parts into expressions.
    #[inline(never)]
    fn fold_template(&mut self, mut parts: Vec<Part>, flush: bool) -> (Vec<Expr>, bool) {
        if flush {
            flush_heredoc_parts(self.file, &mut parts);
        }
        let passthru = parts.len() == 2 && matches!(parts[0], Part::Interp { .. });
        let mut tp = TemplateParser {
            res: &mut self.res,
            parts: &mut parts,
            pos: 0,
            diags: &mut self.diags,
            depth: 0,
            max_depth: self.max_depth,
        };
        (tp.parse_root(), passthru)
    }

    /// `parseTemplate`: a whole template up to `end`, as an expression.
    pub(crate) fn parse_template(&mut self, end: T, flush: bool) -> Expr {
        let (exprs, passthru, span) = self.parse_template_inner(end, flush);
        Expr::template(exprs, passthru, span)
    }

    fn trim_prev(&mut self, parts: &mut [Part], can_trim_prev: bool, open: Span) {
        if can_trim_prev
            && open.len() == 3
            && self.file.source().as_bytes()[open.end as usize - 1] == b'~'
            && let Some(Part::Literal { val, .. }) = parts.last_mut()
        {
            val.trim_end(self.file);
        }
    }

    #[inline(never)]
    fn template_literal_part(&mut self, parts: &mut Vec<Part>, next: Token, ltrim: bool) {
        let file = self.file;
        let s = decode_literal(&mut self.res, next, &mut self.diags);
        let mut val = Val::from_cow(next.span, s);
        if ltrim {
            val.trim_start(file);
        }
        parts.push(Part::Literal {
            val,
            span: next.span,
        });
    }

    /// A `${ ... }` sequence; returns whether it ended with `~}`.
    #[inline(never)]
    fn template_interp(
        &mut self,
        parts: &mut Vec<Part>,
        next: Token,
        start_range: Span,
        end: T,
        can_trim_prev: bool,
    ) -> bool {
        self.trim_prev(parts, can_trim_prev, next.span);
        self.push_nl(false);
        let expr = self.parse_expression();
        let ltrim_next = self.close_sequence(|p, close| {
            match close.kind {
                T::Eof => {
                    p.err(
                        "Unclosed template interpolation sequence",
                        "There is no closing brace for this interpolation sequence before the end of the file. This might be caused by incorrect nesting inside the given expression.",
                        start_range,
                        None,
                    );
                    p.code_last(Code::UnclosedInterpolation);
                }
                T::Colon => p.err(
                    "Extra characters after interpolation expression",
                    "Template interpolation doesn't expect a colon at this location. Did you intend this to be a literal sequence to be processed as part of another language? If so, you can escape it by starting with \"$${\" instead of just \"${\".",
                    close.span,
                    Some(rb(start_range, close.span)),
                ),
                _ => {
                    if (close.kind == T::CQuote || close.kind == T::OQuote) && end == T::CQuote {
                        p.err(
                            "Unclosed template interpolation sequence",
                            "There is no closing brace for this interpolation sequence before the end of the quoted template. This might be caused by incorrect nesting inside the given expression.",
                            start_range,
                            None,
                        );
                        p.code_last(Code::UnclosedInterpolation);
                    } else {
                        p.err(
                            "Extra characters after interpolation expression",
                            "Expected a closing brace to end the interpolation expression, but found extra characters.\n\nThis can happen when you include interpolation syntax for another language, such as shell scripting, but forget to escape the interpolation start token. If this is an embedded sequence for another language, escape it by starting with \"$${\" instead of just \"${\".",
                            close.span,
                            Some(rb(start_range, close.span)),
                        );
                    }
                }
            }
        });
        parts.push(Part::Interp { expr });
        ltrim_next
    }

    /// The `}` or `~}` that ends a sequence, or the recovery to it after
    /// `report` has reported what stands there instead; returns whether the
    /// sequence strips the whitespace after it.
    fn close_sequence(&mut self, report: impl FnOnce(&mut Self, Token)) -> bool {
        let close = self.peek();
        let ltrim_next = if close.kind != T::TemplateSeqEnd {
            if !self.recovery {
                report(self, close);
            }
            self.recover(T::TemplateSeqEnd);
            false
        } else {
            self.read();
            self.is_trimming_close(close)
        };
        self.pop_nl();
        ltrim_next
    }

    /// Whether `close` (a `}` or `~}` ending a sequence) strips the
    /// whitespace after it.
    fn is_trimming_close(&self, close: Token) -> bool {
        close.span.len() == 2 && self.file.source().as_bytes()[close.span.start as usize] == b'~'
    }

    /// A `%{ ... }` directive; returns whether it ended with `~}`.
    #[inline(never)]
    fn template_control(
        &mut self,
        parts: &mut Vec<Part>,
        next: Token,
        start_range: Span,
        can_trim_prev: bool,
    ) -> bool {
        self.trim_prev(parts, can_trim_prev, next.span);
        self.push_nl(false);
        let kw = self.peek();
        if kw.kind != T::Ident {
            return self.abandon_directive(|p| {
                p.err(
                    "Invalid template directive",
                    "A template directive keyword (\"if\", \"for\", etc) is expected at the beginning of a %{ sequence.",
                    kw.span,
                    Some(rb(next.span, kw.span)),
                );
            });
        }
        self.read();
        let kw_text = self.text(kw.span);
        match kw_text {
            "if" => {
                let cond = self.parse_expression();
                let span = rb(next.span, self.next_range());
                parts.push(Part::If { cond, span });
            }
            "else" | "endif" | "endfor" => {
                let kind = match kw_text {
                    "else" => EndCtrl::Else,
                    "endif" => EndCtrl::EndIf,
                    _ => EndCtrl::EndFor,
                };
                let span = rb(next.span, self.next_range());
                parts.push(Part::EndCtrl { kind, span });
            }
            "for" => {
                let names = self.parse_for_names([
                    "For directive requires variable name after 'for'.",
                    "For directive requires value variable name after comma.",
                    "For directive requires 'in' keyword after names.",
                ]);
                let (key_var, val_var) = match names {
                    Ok(names) => names,
                    Err(detail) => {
                        return self.abandon_directive(|p| {
                            let at = p.peek();
                            p.err("Invalid 'for' directive", detail, at.span, None);
                        });
                    }
                };
                let coll = self.parse_expression();
                let span = rb(next.span, self.next_range());
                parts.push(Part::For {
                    key_var,
                    val_var,
                    coll,
                    span,
                });
            }
            given => {
                return self.abandon_directive(|p| {
                    let suggestion =
                        name_suggestion(given, &["if", "for", "else", "endif", "endfor"])
                            .map(|s| format!(" Did you mean {}?", go_quote(s)))
                            .unwrap_or_default();
                    let detail = format!(
                        "{} is not a valid template control keyword.{suggestion}",
                        go_quote(given)
                    );
                    p.err(
                        "Invalid template control keyword",
                        &detail,
                        kw.span,
                        Some(rb(next.span, kw.span)),
                    );
                });
            }
        }
        self.close_sequence(|p, close| {
            p.err(
                &format!("Extra characters in {kw_text} marker"),
                "Expected a closing brace to end the sequence, but found extra characters.",
                close.span,
                Some(rb(start_range, close.span)),
            )
        })
    }

    /// Gives up on a directive after `report` has reported why, recovering
    /// to the end of the sequence.
    fn abandon_directive(&mut self, report: impl FnOnce(&mut Self)) -> bool {
        if !self.recovery {
            report(self);
        }
        self.recover(T::TemplateSeqEnd);
        self.pop_nl();
        false
    }

    fn parse_template_parts(&mut self, end: T) -> (Vec<Part>, Span) {
        // A heredoc has a part per line: room for a few lines at once.
        let mut parts: Vec<Part> = Vec::with_capacity(8);
        let start_range = self.next_range();
        let mut ltrim_next = false;
        let mut next_can_trim_prev = false;
        let end_range;
        loop {
            let next = self.read();
            if next.kind == end {
                end_range = next.span;
                break;
            }
            let ltrim = ltrim_next;
            ltrim_next = false;
            let can_trim_prev = next_can_trim_prev;
            next_can_trim_prev = false;
            match next.kind {
                T::StringLit | T::QuotedLit => {
                    self.template_literal_part(&mut parts, next, ltrim);
                    next_can_trim_prev = true;
                }
                T::TemplateInterp => {
                    ltrim_next =
                        self.template_interp(&mut parts, next, start_range, end, can_trim_prev);
                }
                T::TemplateControl => {
                    ltrim_next =
                        self.template_control(&mut parts, next, start_range, can_trim_prev);
                }
                _ => {
                    if !self.recovery {
                        let d = Diagnostic::error(
                            "Unterminated template string",
                            "No closing marker was found for the string.",
                        )
                        .with_subject(self.res.range(next.span))
                        .with_context(self.res.range(rb(start_range, next.span)))
                        .with_code(Code::UnterminatedTemplateString);
                        self.diags.push(d);
                    }
                    let last = self.recover(end);
                    end_range = last.span;
                    break;
                }
            }
        }
        if parts.is_empty() {
            parts.push(Part::Literal {
                val: Val::Own(String::new()),
                span: Span::empty(start_range.end),
            });
        }
        parts.push(Part::End { span: end_range });
        (parts, rb(start_range, end_range))
    }
}

/// `flushHeredocTemplateParts`: removes the smallest common leading
/// whitespace (counted in grapheme clusters) from the literals that start
/// lines.
fn flush_heredoc_parts(file: &SourceFile, parts: &mut [Part]) {
    let mut min_spaces = usize::MAX;
    let mut newline = true;
    let mut adjust: Vec<usize> = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        if newline {
            newline = false;
            let mut spaces = 0;
            match part {
                Part::Literal { val, .. } => {
                    let orig = val.get(file);
                    let trimmed = orig.trim_start();
                    if trimmed.is_empty() && orig.ends_with('\n') {
                        spaces = usize::MAX;
                    } else {
                        let space_bytes = orig.len() - trimmed.len();
                        let prefix = &orig[..space_bytes];
                        spaces = if prefix.is_ascii() && !prefix.contains('\r') {
                            space_bytes
                        } else {
                            prefix.graphemes(true).count()
                        };
                        adjust.push(i);
                    }
                }
                Part::End { .. } => break,
                _ => {}
            }
            min_spaces = min_spaces.min(spaces);
        }
        if let Part::Literal { val, .. } = part
            && val.get(file).ends_with('\n')
        {
            newline = true;
        }
    }
    for i in adjust {
        if let Part::Literal { val, span } = &mut parts[i] {
            let s = val.get(file);
            let b = s.as_bytes();
            // ASCII characters are grapheme clusters of their own, except
            // CR LF and a character followed by a combining mark.
            let n: usize = if b.len() >= min_spaces
                && b[..(min_spaces + 1).min(b.len())].is_ascii()
                && !b[..(min_spaces + 1).min(b.len())].contains(&b'\r')
            {
                min_spaces
            } else {
                s.graphemes(true).take(min_spaces).map(str::len).sum()
            };
            val.cut_front(n);
            span.start = (span.start + n as u32).min(span.end);
        }
    }
}

/// Folds template parts into expressions (`templateParser`).
struct TemplateParser<'p, 'f> {
    res: &'p mut Resolver<'f>,
    /// Parts are taken (replaced by `Part::Taken`) as they are consumed.
    parts: &'p mut [Part],
    pos: usize,
    diags: &'p mut Vec<Diagnostic>,
    depth: u32,
    max_depth: u32,
}

impl TemplateParser<'_, '_> {
    fn err(&mut self, summary: &str, detail: &str, subject: Span) {
        self.diags
            .push(Diagnostic::error(summary, detail).with_subject(self.res.range(subject)));
    }

    fn is_end(&self) -> Option<Span> {
        match self.parts.get(self.pos) {
            Some(Part::End { span }) => Some(*span),
            None => Some(Span::default()),
            _ => None,
        }
    }

    fn take(&mut self) -> Option<Part> {
        if self.is_end().is_some() {
            return None;
        }
        let p = std::mem::replace(self.parts.get_mut(self.pos)?, Part::Taken);
        self.pos += 1;
        Some(p)
    }

    fn parse_root(&mut self) -> Vec<Expr> {
        let mut exprs = Vec::with_capacity(self.parts.len().saturating_sub(1));
        while self.is_end().is_none() {
            exprs.push(self.parse_expr());
        }
        exprs
    }

    fn placeholder(span: Span) -> Expr {
        Expr {
            span,
            kind: ExprKind::Invalid,
        }
    }

    fn parse_expr(&mut self) -> Expr {
        if let Some(span) = self.is_end() {
            self.err(
                "Unexpected end of template",
                "The control directives within this template are unbalanced.",
                span,
            );
            return Self::placeholder(span);
        }
        let Some(part) = self.take() else {
            return Self::placeholder(Span::default());
        };
        match part {
            Part::Literal { val, span } => Expr {
                span,
                kind: ExprKind::Literal(Literal::String(val.into_text())),
            },
            Part::Interp { expr } => expr,
            Part::If { cond, span } => self.guarded(span, |p| p.parse_if(cond, span)),
            Part::For {
                key_var,
                val_var,
                coll,
                span,
            } => self.guarded(span, |p| p.parse_for(key_var, val_var, coll, span)),
            Part::EndCtrl { kind, span } => {
                let summary = format!("Unexpected {} directive", kind.name());
                self.err(
                    &summary,
                    "The control directives within this template are unbalanced.",
                    span,
                );
                Self::placeholder(span)
            }
            Part::End { span } => Self::placeholder(span),
            Part::Taken => Self::placeholder(Span::default()),
        }
    }

    fn guarded(&mut self, span: Span, f: impl FnOnce(&mut Self) -> Expr) -> Expr {
        if self.depth >= self.max_depth {
            let detail = super::parser::too_deep_detail(self.max_depth);
            self.diags.push(
                Diagnostic::error("Nesting too deep", detail)
                    .with_subject(self.res.range(span))
                    .with_code(Code::NestingTooDeep),
            );
            // Skip everything up to the end of the template.
            while self.take().is_some() {}
            return Self::placeholder(span);
        }
        self.depth += 1;
        let e = f(self);
        self.depth -= 1;
        e
    }

    /// Inside the `directive` opened at `open`: the `else`, `endif` or
    /// `endfor` next, taken, if that is what comes; a placeholder (after
    /// reporting the missing `closing` directive) at the end of the
    /// template.
    fn end_directive(
        &mut self,
        directive: &str,
        closing: &str,
        open: Span,
    ) -> Result<Option<(EndCtrl, Span)>, Expr> {
        if let Some(end) = self.is_end() {
            let detail = format!(
                "The {directive} directive at {} is missing its corresponding {closing} directive.",
                self.res.range(open)
            );
            self.err("Unexpected end of template", &detail, end);
            return Err(Self::placeholder(end));
        }
        let Some(&Part::EndCtrl { kind, span }) = self.parts.get(self.pos) else {
            return Ok(None);
        };
        self.pos += 1;
        Ok(Some((kind, span)))
    }

    fn parse_if(&mut self, cond: Expr, open: Span) -> Expr {
        let mut if_exprs: Vec<Expr> = Vec::new();
        let mut else_exprs: Vec<Expr> = Vec::new();
        let mut in_else = false;
        let endif_range;
        loop {
            let ctrl = match self.end_directive("if", "endif", open) {
                Ok(ctrl) => ctrl,
                Err(placeholder) => return placeholder,
            };
            if let Some((kind, span)) = ctrl {
                match kind {
                    EndCtrl::Else => {
                        if !in_else {
                            in_else = true;
                            continue;
                        }
                        let detail = format!(
                            "Already in the else clause for the if started at {}.",
                            self.res.range(open)
                        );
                        self.err("Unexpected else directive", &detail, span);
                    }
                    EndCtrl::EndIf => {
                        endif_range = span;
                        break;
                    }
                    EndCtrl::EndFor => {
                        let detail = format!(
                            "Expecting an endif directive for the if started at {}.",
                            self.res.range(open)
                        );
                        self.err("Unexpected endfor directive", &detail, span);
                    }
                }
                return Self::placeholder(span);
            }
            let e = self.parse_expr();
            if in_else {
                else_exprs.push(e);
            } else {
                if_exprs.push(e);
            }
        }
        if if_exprs.is_empty() {
            if_exprs.push(empty_string(Span::empty(open.end)));
        }
        if else_exprs.is_empty() {
            else_exprs.push(empty_string(Span::empty(endif_range.start)));
        }
        let true_result = template_of(if_exprs);
        let false_result = template_of(else_exprs);
        Expr {
            span: rb(open, endif_range),
            kind: ExprKind::Conditional {
                cond: Box::new(cond),
                true_result: Box::new(true_result),
                false_result: Box::new(false_result),
            },
        }
    }

    fn parse_for(&mut self, key_var: Option<Span>, val_var: Span, coll: Expr, open: Span) -> Expr {
        let mut content: Vec<Expr> = Vec::new();
        let endfor_range;
        loop {
            let ctrl = match self.end_directive("for", "endfor", open) {
                Ok(ctrl) => ctrl,
                Err(placeholder) => return placeholder,
            };
            if let Some((kind, span)) = ctrl {
                match kind {
                    EndCtrl::Else => self.err(
                        "Unexpected else directive",
                        "An else clause is not expected for a for directive.",
                        span,
                    ),
                    EndCtrl::EndFor => {
                        endfor_range = span;
                        break;
                    }
                    EndCtrl::EndIf => {
                        let detail = format!(
                            "Expecting an endfor directive corresponding to the for directive at {}.",
                            self.res.range(open)
                        );
                        self.err("Unexpected endif directive", &detail, span);
                    }
                }
                return Self::placeholder(span);
            }
            content.push(self.parse_expr());
        }
        if content.is_empty() {
            content.push(empty_string(Span::empty(open.end)));
        }
        let val_expr = template_of(content);
        let span = rb(open, endfor_range);
        Expr {
            span,
            kind: ExprKind::TemplateJoin {
                tuple: Box::new(Expr {
                    span,
                    kind: ExprKind::For(Box::new(ForExpr {
                        key_var,
                        val_var,
                        coll,
                        key_expr: None,
                        val_expr,
                        cond: None,
                        group: false,
                        open,
                        close: endfor_range,
                    })),
                }),
            },
        }
    }
}

fn empty_string(span: Span) -> Expr {
    Expr {
        span,
        kind: ExprKind::Literal(Literal::String(Text::Owned("".into()))),
    }
}

fn template_of(parts: Vec<Expr>) -> Expr {
    let first = parts.first().map(|e| e.span).unwrap_or_default();
    let last = parts.last().map(|e| e.span).unwrap_or_default();
    Expr {
        span: rb(first, last),
        kind: ExprKind::Template {
            parts: parts.into_boxed_slice(),
        },
    }
}
