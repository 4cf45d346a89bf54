//! A literal of the syntax tree as a value (shared by evaluation, variable
//! traversals and the descriptions of variables in diagnostics), and an
//! expression of literals read straight into typed decoding's values.

use std::borrow::Cow;

use hcldecode_spec::source::SourceFile;
use hcldecode_spec::syntax::native::analysis::object_key_as_keyword;
use hcldecode_spec::syntax::native::ast::{Expr, ExprKind, Literal, ObjectItem, UnaryOp};

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

/// The text of a literal string (`"text"`, no interpolation), or of a
/// template of literal strings alone: what `native::literal_as` makes a string
/// value of, before normalization.
pub(crate) fn literal_str<'a>(file: &'a SourceFile, e: &'a Expr) -> Option<Cow<'a, str>> {
    let parts = match &e.kind {
        ExprKind::StringTemplate { text, .. } => return Some(Cow::Borrowed(text.get(file))),
        ExprKind::Template { parts } => parts,
        _ => return None,
    };
    let text = |p: &'a Expr| match &p.kind {
        ExprKind::Literal(Literal::String(t)) => Some(t.get(file)),
        _ => None,
    };
    match &parts[..] {
        [p] => text(p).map(Cow::Borrowed),
        // A heredoc's lines are parts of their own: a template of literal
        // strings alone is their concatenation, as evaluating it gives.
        _ => {
            let mut len = 0;
            for p in parts {
                len += text(p)?.len();
            }
            let mut buf = String::with_capacity(len);
            for p in parts {
                buf.push_str(text(p)?);
            }
            Some(Cow::Owned(buf))
        }
    }
}

/// The key of an object constructor's item where it is literal: a bare
/// name (a keyword included, unless parenthesized) or a literal string,
/// before normalization.
pub(crate) fn literal_key<'a>(file: &'a SourceFile, item: &'a ObjectItem) -> Option<Cow<'a, str>> {
    match object_key_as_keyword(item, file) {
        Some(k) => Some(Cow::Borrowed(k)),
        None => literal_str(file, &item.key),
    }
}

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
