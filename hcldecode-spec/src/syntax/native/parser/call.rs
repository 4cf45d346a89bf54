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
        let (name, namespaced, open) = match self.parse_call_name(name) {
            Ok(parts) => parts,
            Err(range) => return self.syntax_error(range),
        };
        let args_start = self.scratch_exprs.len();
        self.push_nl(false);
        let (close, expand_final) = self.parse_call_args(name.span, open.span);
        self.pop_nl();
        Expr {
            span: rb(name.span, close.span),
            kind: ExprKind::FunctionCall(Box::new(CallExpr {
                name: name.span,
                namespaced: namespaced.map(String::into_boxed_str),
                args: self.scratch_exprs.split_off(args_start).into_boxed_slice(),
                expand_final,
                open_paren: open.span,
                close_paren: close.span,
            })),
        }
    }

    /// The rest of a call's name after its first identifier `name`, through
    /// the open parenthesis: the whole name, its text when namespaced
    /// (HCL v2.20: `ns::...::name`, one string), and the parenthesis. On an
    /// error, reported and recovered from, the range of the syntax error.
    #[inline]
    fn parse_call_name(&mut self, name: Token) -> Result<(Token, Option<String>, Token), Span> {
        let mut open = self.read();
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
                return Err(rb(name.span, part.span));
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
            return Err(rb(name.span, open.span));
        }
        Ok((name, namespaced, open))
    }

    /// A call's arguments after its open parenthesis (`open`), pushed onto
    /// `scratch_exprs`: the closing parenthesis (range zero when recovery
    /// stopped elsewhere) and whether the last argument is expanded (`...`).
    #[inline]
    fn parse_call_args(&mut self, name: Span, open: Span) -> (Token, bool) {
        loop {
            let tok = self.peek();
            if tok.kind == T::CParen {
                return (self.read(), false);
            }
            let m = self.mark();
            let arg = self.parse_expression();
            self.scratch_exprs.push(arg);
            if self.recovery && self.errs_since(m) {
                // hclsyntax drops the token recovery stops at here, leaving
                // the closing parenthesis range zero.
                self.recover(T::CParen);
                return (Token::new(T::CParen, Span::default()), false);
            }
            let sep = self.read();
            match sep.kind {
                T::CParen => return (sep, false),
                T::Ellipsis => return (self.finish_expanded_arg(name, sep), true),
                T::Comma => {}
                _ => return (self.bad_arg_separator(name, open, sep), false),
            }
            if self.peek().kind == T::CParen {
                return (self.read(), false);
            }
        }
    }

    /// After the `...` (`sep`) expanding a call's last argument: the closing
    /// parenthesis, which must follow at once.
    fn finish_expanded_arg(&mut self, name: Span, sep: Token) -> Token {
        if self.peek().kind != T::CParen {
            if !self.recovery {
                self.err(
                    "Missing closing parenthesis",
                    "An expanded function argument (with ...) must be immediately followed by closing parentheses.",
                    sep.span,
                    Some(rb(name, sep.span)),
                );
            }
            self.recover(T::CParen)
        } else {
            self.read()
        }
    }

    /// Reports `sep`, neither a comma nor a closing parenthesis, after a
    /// call's argument and recovers to the closing parenthesis.
    fn bad_arg_separator(&mut self, name: Span, open: Span, sep: Token) -> Token {
        if sep.kind == T::Eof {
            self.err(
                "Unterminated function call",
                "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parethesis nesting elsewhere in this file.",
                rb(name, open),
                None,
            );
        } else {
            self.err(
                "Missing argument separator",
                "A comma is required to separate each function argument from the next.",
                sep.span,
                Some(rb(name, sep.span)),
            );
        }
        self.recover(T::CParen)
    }
}
