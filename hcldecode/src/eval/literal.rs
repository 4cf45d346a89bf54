//! A literal of the syntax tree as a value (shared by evaluation, variable
//! traversals and the descriptions of variables in diagnostics), and an
//! expression of literals read straight into typed decoding's values.

use std::borrow::Cow;

use hcldecode_spec::source::SourceFile;
use hcldecode_spec::syntax::native::analysis::object_key_as_keyword;
use hcldecode_spec::syntax::native::ast::{Expr, ExprKind, Literal, UnaryOp};

use crate::Type;
use crate::value::{Number, Value, normalize_string};

/// The value of a literal.
pub(crate) fn literal_value(file: &SourceFile, l: &Literal) -> Value {
    match l {
        Literal::Null => Value::null(Type::Dynamic),
        Literal::Bool(b) => Value::bool(*b),
        // The parser has validated the literal; a failure here would be a
        // parser bug, and gives an unknown number rather than a panic.
        Literal::Number(s) => match Number::parse(file.text(*s)) {
            Ok(n) => Value::number(n),
            Err(_) => Value::unknown(Type::Number),
        },
        Literal::String(t) => Value::string(t.get(file)),
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
        let text = super::native::literal_str(self.file, self.expr)?;
        Some(match normalize_string(&text) {
            Cow::Borrowed(_) => text.into_owned(),
            Cow::Owned(s) => s,
        })
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
                let digits = super::native::literal_digits(self.file, operand)?;
                Some(-i128::from(digits))
            }
            _ => super::native::literal_digits(self.file, self.expr).map(i128::from),
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
        super::native::literal_bool(self.expr)
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
            let key = match object_key_as_keyword(item, file) {
                Some(k) => Some(Cow::Borrowed(k)),
                None => super::native::literal_str(file, &item.key),
            };
            let key = key.map(|key| match normalize_string(&key) {
                Cow::Borrowed(_) => key.into_owned(),
                Cow::Owned(s) => s,
            });
            (key, LiteralExpr::new(file, &item.value))
        }))
    }
}
