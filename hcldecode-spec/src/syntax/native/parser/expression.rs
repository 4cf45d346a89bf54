//! Expressions: conditionals, binary and unary operators by precedence,
//! terms (literals, variables, parentheses), number literal checks.

use super::Parser;
use crate::source::Span;
use crate::syntax::native::ast::*;
use crate::syntax::native::spans::rb;
use crate::syntax::native::strings::check_number_literal;
use crate::syntax::native::token::{Token, TokenKind};

use TokenKind as T;

impl<'a> Parser<'a> {
    pub(crate) fn parse_expression(&mut self) -> Expr {
        self.parse_ternary_conditional()
    }

    pub(super) fn parse_ternary_conditional(&mut self) -> Expr {
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

    pub(super) fn finish_conditional(&mut self, start_range: Span, cond: Expr) -> Expr {
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
    pub(super) fn binary_op(kind: TokenKind) -> Option<(usize, BinaryOp)> {
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
    pub(super) fn parse_binary_ops(&mut self, level: usize) -> Expr {
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

    pub(super) fn parse_expression_with_traversals(&mut self) -> Expr {
        let term = self.parse_expression_term();
        self.parse_expression_traversals(term)
    }

    /// An invalid node over `span` that stands for an expression given up
    /// on (hclsyntax's `ExprSyntaxError`).
    pub(super) fn syntax_error(&mut self, span: Span) -> Expr {
        self.syntax_error = Some(span);
        Expr {
            span,
            kind: ExprKind::Invalid,
        }
    }

    pub(super) fn check_number(&mut self, tok: Token) {
        let len = self.text(tok.span).len();
        if len > crate::syntax::number_limits::MAX_NUMBER_LENGTH {
            self.err(
                "Number literal too long",
                &crate::syntax::number_limits::number_too_long_detail(len),
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

    pub(super) fn parse_expression_term(&mut self) -> Expr {
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

    pub(super) fn parse_expression_term_inner(&mut self, start: Token) -> Expr {
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
    pub(super) fn parse_parens(&mut self, start: Token) -> Expr {
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
    pub(super) fn parse_unary(&mut self, start: Token) -> Expr {
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
}

pub(super) fn make_binary(op: BinaryOp, lhs: Expr, rhs: Expr) -> Expr {
    Expr {
        span: rb(lhs.span, rhs.span),
        kind: ExprKind::BinaryOp {
            op,
            lhs: Box::new(lhs),
            rhs: Box::new(rhs),
        },
    }
}
