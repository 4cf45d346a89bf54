//! Function calls, namespaced (`provider::x::f()`) or not, with `...`
//! expansion of the last argument.

use super::Parser;
use crate::source::Span;
use crate::syntax::native::ast::*;
use crate::syntax::native::spans::rb;
use crate::syntax::native::token::{Token, TokenKind};

use TokenKind as T;

impl<'a> Parser<'a> {
    pub(super) fn finish_parsing_function_call(&mut self, name: Token) -> Expr {
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
}
