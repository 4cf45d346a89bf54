//! A literal of the syntax tree as a value (shared by evaluation, variable
//! traversals and the descriptions of variables in diagnostics), and an
//! expression of literals read straight into typed decoding's values.

use std::borrow::Cow;

use hcldecode_spec::source::SourceFile;

use hcldecode_spec::syntax::native::ast::{Expr, ExprKind, Literal, UnaryOp};

use crate::value::{Number, normalize_string};

// A literal's value, and literal text and keys: the static layer's, which
// the compile-time checks use too.
pub(crate) use hcldecode_spec::literal::{literal_key, literal_str, literal_value};

/// `text` in Normalization Form C, as string values and keys hold it.
fn normalized(text: Cow<'_, str>) -> String {
    match normalize_string(&text) {
        Cow::Borrowed(_) => text.into_owned(),
        Cow::Owned(s) => s,
    }
}

/// A number literal written as decimal digits alone that fit a `u64`:
/// that whole number (what `native::literal_as` makes a number value of).
pub(crate) fn literal_digits(file: &SourceFile, e: &Expr) -> Option<u64> {
    let ExprKind::Literal(Literal::Number(span)) = &e.kind else {
        return None;
    };
    let text = file.text(*span);
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// A bool literal's value.
pub(crate) fn literal_bool(e: &Expr) -> Option<bool> {
    match &e.kind {
        ExprKind::Literal(Literal::Bool(b)) => Some(*b),
        _ => None,
    }
}

/// An expression of the native syntax read as literals alone, for typed
/// decoding's fast path: each reader gives what evaluating the expression
/// and converting it as `eval::literal_as` does would give the caller, or
/// `None` where the expression is anything else (the value path then
/// decodes it, and reports what is wrong). Not public API.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct LiteralExpr<'a> {
    file: &'a SourceFile,
    expr: &'a Expr,
}

impl<'a> LiteralExpr<'a> {
    pub(crate) fn new(file: &'a SourceFile, expr: &'a Expr) -> Self {
        LiteralExpr { file, expr }
    }

    /// A literal string, or a template of literal strings alone (a heredoc
    /// without interpolations): its text, normalized as string values are.
    pub(crate) fn string(self) -> Option<String> {
        literal_str(self.file, self.expr).map(normalized)
    }

    /// A whole number written as decimal digits, negated or not, within
    /// `i128`.
    pub(crate) fn whole(self) -> Option<i128> {
        match &self.expr.kind {
            ExprKind::UnaryOp {
                op: UnaryOp::Negate,
                operand,
                ..
            } => {
                let digits = literal_digits(self.file, operand)?;
                Some(-i128::from(digits))
            }
            _ => literal_digits(self.file, self.expr).map(i128::from),
        }
    }

    /// A number literal.
    pub(crate) fn number(self) -> Option<Number> {
        match &self.expr.kind {
            ExprKind::Literal(Literal::Number(s)) => Number::parse(self.file.text(*s)).ok(),
            _ => None,
        }
    }

    /// `true` or `false`.
    pub(crate) fn bool(self) -> Option<bool> {
        literal_bool(self.expr)
    }

    /// A tuple constructor: its elements.
    pub(crate) fn elements(self) -> Option<impl ExactSizeIterator<Item = LiteralExpr<'a>>> {
        match &self.expr.kind {
            ExprKind::Tuple { exprs, .. } => {
                let file = self.file;
                Some(exprs.iter().map(move |e| LiteralExpr::new(file, e)))
            }
            _ => None,
        }
    }

    /// An object constructor: each item's key (normalized as values' keys
    /// are; `None` where it is not literal) and value, in source order.
    pub(crate) fn entries(
        self,
    ) -> Option<impl ExactSizeIterator<Item = (Option<String>, LiteralExpr<'a>)>> {
        let ExprKind::Object { items, .. } = &self.expr.kind else {
            return None;
        };
        let file = self.file;
        Some(items.iter().map(move |item| {
            let key = literal_key(file, item).map(normalized);
            (key, LiteralExpr::new(file, &item.value))
        }))
    }
}
