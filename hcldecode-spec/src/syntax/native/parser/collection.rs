//! Tuple and object constructors, with their separators and recovery.

use super::Parser;
use crate::syntax::native::ast::*;
use crate::syntax::native::spans::rb;
use crate::syntax::native::token::{Token, TokenKind};

use TokenKind as T;

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

impl<'a> Parser<'a> {
    pub(super) fn parse_tuple_cons(&mut self) -> Expr {
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
                exprs: self.scratch_exprs.split_off(start).into_boxed_slice(),
                open: open.span,
            },
        }
    }

    pub(super) fn parse_object_cons(&mut self) -> Expr {
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
                items: self.scratch_items.split_off(start).into_boxed_slice(),
                open: open.span,
            },
        }
    }

    /// A tuple or object constructor where `next` is not the separator or
    /// closing bracket expected: unterminated at the end of the file, else
    /// `missing`. Recovers to the closing `close_type`.
    pub(super) fn missing_separator(
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
}
