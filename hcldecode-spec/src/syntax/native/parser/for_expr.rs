//! `for` expressions in tuple (`[for ...]`) and object (`{for ...}`) form.

use super::Parser;
use crate::source::Span;
use crate::syntax::native::ast::*;
use crate::syntax::native::spans::rb;
use crate::syntax::native::token::{Token, TokenKind};

use TokenKind as T;

impl<'a> Parser<'a> {
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

    pub(super) fn for_error(&mut self, open: Token, detail: &str, close_type: TokenKind) -> Expr {
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

    pub(super) fn for_placeholder(&mut self, open: Token, close_type: TokenKind) -> Expr {
        let close = self.recover(close_type);
        Expr {
            span: rb(open.span, close.span),
            kind: ExprKind::Invalid,
        }
    }

    pub(super) fn finish_parsing_for_expr(&mut self, open: Token) -> Expr {
        self.push_nl(false);
        let e = self.finish_parsing_for_expr_inner(open);
        self.pop_nl();
        e
    }

    pub(super) fn finish_parsing_for_expr_inner(&mut self, open: Token) -> Expr {
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
    pub(super) fn finish_for_expr(
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
}
