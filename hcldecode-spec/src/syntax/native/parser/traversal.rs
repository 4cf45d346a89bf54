//! Traversals: attribute, index and splat steps after a term, legacy
//! `.0` indexes, and `ParseTraversalAbs`.

use super::Parser;
use crate::source::Span;
use crate::syntax::native::ast::*;
use crate::syntax::native::spans::rb;
use crate::syntax::native::token::{Token, TokenKind};
use std::sync::atomic::{AtomicU32, Ordering};

use TokenKind as T;

/// Splat anonymous symbols get ids unique in the process, hence in a file.
static NEXT_ANON: AtomicU32 = AtomicU32::new(1);

impl<'a> Parser<'a> {
    pub(super) fn legacy_index_error(&mut self, num: Token, subject: Span, splat: bool) {
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

    pub(super) fn parse_expression_traversals(&mut self, from: Expr) -> Expr {
        let depth = self.depth;
        let ret = self.parse_expression_traversals_inner(from);
        self.depth = depth;
        ret
    }

    /// Whether wrapping the expression once more (in an index, a splat or
    /// a relative traversal) stays within the nesting limit; the caller
    /// restores the depth.
    pub(super) fn deepen(&mut self, at: Span) -> bool {
        self.enter(at)
    }

    pub(super) fn parse_expression_traversals_inner(&mut self, from: Expr) -> Expr {
        let from_start = from.span;
        let mut ret = from;
        // Attribute and literal-index steps applied to `ret`, gathered on
        // the parser's step stack from `base` (one allocation per
        // traversal, its boxed steps) and attached (`add_steps`) before
        // `ret` is wrapped or returned.
        let base = self.scratch_steps.len();
        loop {
            let next = self.peek();
            let wraps = match next.kind {
                T::OBrack => true,
                T::Dot => {
                    self.scratch_steps.len() == base
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
            ret = match next.kind {
                T::Dot => self.dot_step(from_start, ret, base),
                T::OBrack => self.bracket_step(from_start, ret, base),
                _ => break,
            };
        }
        self.add_steps(ret, base)
    }

    /// `expr` with the steps on the step stack from `base` applied (and
    /// taken off it): see [`add_steps`].
    fn add_steps(&mut self, expr: Expr, base: usize) -> Expr {
        if self.scratch_steps.len() == base {
            return expr;
        }
        let steps: Box<[Step]> = self.scratch_steps.split_off(base).into_boxed_slice();
        add_steps(expr, steps)
    }

    /// After `ret`: `.name`, `.0` or an attribute-only splat `.*.a.b`.
    fn dot_step(&mut self, from_start: Span, ret: Expr, base: usize) -> Expr {
        let dot = self.read();
        let attr_tok = self.peek();
        match attr_tok.kind {
            T::Ident => {
                let t = self.read();
                self.scratch_steps.push(Step::Attr {
                    name: t.span,
                    span: rb(dot.span, t.span),
                });
                ret
            }
            T::NumberLit => {
                let num = self.read();
                let rng = rb(dot.span, num.span);
                if self.text(num.span).contains('.') {
                    self.legacy_index_error(num, num.span, false);
                } else {
                    self.check_number(num);
                }
                self.scratch_steps.push(Step::Index {
                    key: Literal::Number(num.span),
                    span: rng,
                });
                ret
            }
            T::Star => {
                let marker = self.read();
                let Some((trav, first_range, last_range)) = self.attr_splat_steps(marker, attr_tok)
                else {
                    return ret;
                };
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
                Expr {
                    span: rb(from_start, last_range),
                    kind: ExprKind::Splat {
                        source: Box::new(self.add_steps(ret, base)),
                        each: Box::new(each),
                        item: id,
                        marker: rb(dot.span, marker.span),
                    },
                }
            }
            _ => {
                self.err(
                    "Invalid attribute name",
                    "An attribute name is required after a dot.",
                    attr_tok.span,
                    None,
                );
                // The reference so far and the dot (HCL v2.22, #692).
                self.scratch_steps.truncate(base);
                let ret = self.syntax_error(rb(from_start, dot.span));
                self.set_recovery();
                ret
            }
        }
    }

    /// The `.a.0.b` steps after `.*` (the star is `marker`), with the
    /// range of the first and of the last; `None` after an error (the
    /// traversal goes on from there, as hclsyntax's `continue Traversal`).
    fn attr_splat_steps(
        &mut self,
        marker: Token,
        attr_tok: Token,
    ) -> Option<(Vec<Step>, Span, Span)> {
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
                return None;
            }
            let a = self.read();
            trav.push(Step::Attr {
                name: a.span,
                span: rb(inner_dot.span, a.span),
            });
            last_range = a.span;
        }
        Some((trav, first_range, last_range))
    }

    /// After `ret`: a full splat `[*]` or an index `[key]`.
    fn bracket_step(&mut self, from_start: Span, ret: Expr, base: usize) -> Expr {
        let open = self.read();
        if self.peek().kind == T::Star {
            self.read();
            let mut close = self.read();
            if close.kind != T::CBrack && !self.recovery {
                // hclsyntax's diagnostic points at its `close` variable,
                // which recovery then reassigns: the subject is where
                // recovery stopped.
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
            return Expr {
                span: rb(from_start, each.span),
                kind: ExprKind::Splat {
                    source: Box::new(self.add_steps(ret, base)),
                    each: Box::new(each),
                    item: id,
                    marker,
                },
            };
        }
        self.push_nl(false);
        let m = self.mark();
        let key = self.parse_expression();
        let close = if self.recovery && self.errs_since(m) {
            self.recover(T::CBrack)
        } else {
            let mut close = self.read();
            if close.kind != T::CBrack && !self.recovery {
                // As above, the subject is where recovery stopped
                // (hclsyntax aliases `close`).
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
        match literal_key(&key) {
            Some(k) => {
                self.scratch_steps.push(Step::Index { key: k, span: rng });
                ret
            }
            None => Expr {
                span: rb(from_start, rng),
                kind: ExprKind::Index {
                    collection: Box::new(self.add_steps(ret, base)),
                    key: Box::new(key),
                    brackets: rng,
                },
            },
        }
    }

    /// `ParseTraversalAbs`: a variable followed by attribute and literal
    /// index steps, consuming all remaining tokens.
    pub(crate) fn parse_traversal_abs(
        &mut self,
    ) -> Option<crate::syntax::native::analysis::Traversal> {
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
            Some(crate::syntax::native::analysis::Traversal {
                root: var_tok.span,
                span: rb(var_tok.span, end),
                steps,
            })
        };
        loop {
            let next = self.peek();
            match next.kind {
                T::Eof => return done(steps),
                T::Dot => match self.traversal_attr_step(var_tok.span) {
                    Some(step) => steps.push(step),
                    None => return done(steps),
                },
                T::OBrack => {
                    let Some(step) = self.traversal_index_step(var_tok.span) else {
                        return done(steps);
                    };
                    steps.push(step);
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

    /// A `.name` step of an absolute traversal rooted at `root`, or `None`
    /// once a missing name is reported.
    fn traversal_attr_step(&mut self, root: Span) -> Option<Step> {
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
                Some(rb(root, name_tok.span)),
            );
            return None;
        }
        Some(Step::Attr {
            name: name_tok.span,
            span: rb(dot.span, name_tok.span),
        })
    }

    /// A `[key]` step, with a literal number or string key, of an absolute
    /// traversal rooted at `root`, or `None` once a bad key is reported. A
    /// missing `]` is reported but the step kept.
    fn traversal_index_step(&mut self, root: Span) -> Option<Step> {
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
                        Some(rb(root, next.span)),
                    );
                } else {
                    self.err(
                        "Index value required",
                        "Index brackets must contain either a literal number or a literal string.",
                        next.span,
                        Some(rb(root, next.span)),
                    );
                }
                return None;
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
        Some(Step::Index {
            key,
            span: rb(open.span, close.span),
        })
    }
}

/// `expr` with `steps` (taken, leaving it empty) applied: appended to
/// `expr`'s own steps when it is a traversal, else as a relative traversal
/// of it. Each step extends the span to its end, as hclsyntax's
/// `makeRelativeTraversal` does one step at a time.
fn add_steps(mut expr: Expr, steps: Box<[Step]>) -> Expr {
    let Some(last) = steps.last() else {
        return expr;
    };
    let span = rb(expr.span, last.span());
    match &mut expr.kind {
        ExprKind::ScopeTraversal { steps: own, .. }
        | ExprKind::RelativeTraversal { steps: own, .. } => {
            *own = if own.is_empty() {
                steps
            } else {
                let mut all = std::mem::take(own).into_vec();
                all.extend(steps);
                all.into_boxed_slice()
            };
            expr.span = span;
            expr
        }
        _ => Expr {
            span,
            kind: ExprKind::RelativeTraversal {
                source: Box::new(expr),
                steps,
            },
        },
    }
}

/// An index key that is a literal (a number, a string, or a template of
/// one literal string): a traversal step rather than an index expression.
fn literal_key(key: &Expr) -> Option<Literal> {
    match &key.kind {
        ExprKind::Literal(l) => Some(l.clone()),
        ExprKind::StringTemplate { text, .. } => Some(Literal::String(text.clone())),
        ExprKind::Template { parts } if parts.len() == 1 => match &parts[0].kind {
            ExprKind::Literal(Literal::String(t)) => Some(Literal::String(t.clone())),
            _ => None,
        },
        _ => None,
    }
}
