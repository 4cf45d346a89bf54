//! Quoted strings and templates as terms, and quoted string literals
//! (block labels), decoded without a template.

use super::Parser;
use crate::source::{SourceFile, Span};
use crate::syntax::native::ast::*;
use crate::syntax::native::spans::rb;
use crate::syntax::native::strings::{decode_literal, go_quote};
use crate::syntax::native::token::{Token, TokenKind};

use TokenKind as T;

impl<'a> Parser<'a> {
    #[inline(never)]
    pub(super) fn parse_template_term(&mut self, start: Token) -> Expr {
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

    /// `"text"` or `""`: the common case of a quoted template with one
    /// literal or none, built directly (the same tree and diagnostics as
    /// the general template path).
    pub(super) fn simple_quoted_string(&mut self, open: Token) -> Option<Expr> {
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
