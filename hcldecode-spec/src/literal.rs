//! The values of literal syntax, known without evaluation: what the
//! evaluator gives for a literal (`null`, `true`, `8080`, `"text"`), a
//! template of literal text alone, and tuples and objects of them.
//!
//! The evaluator in `hcldecode` takes its literals from here, and the
//! compile-time loader ([`StaticEval`](crate::spec::load::StaticEval))
//! reads literal spec values and `optional(type, default)` defaults with
//! [`expression_value`], so a default the derive checks at compile time
//! converts with the run time's own conversion.
//!
//! ```
//! use hcldecode_spec::literal::expression_value;
//! use hcldecode_spec::source::SourceFile;
//! use hcldecode_spec::syntax::native::parse_expression;
//! use hcldecode_spec::value::Value;
//! let f = SourceFile::new("d", r#"{ port = 80, tags = ["a", -1.5] }"#);
//! let v = expression_value(&f, &parse_expression(&f).0).unwrap();
//! assert_eq!(v.to_string(), r#"{ port = 80, tags = ["a", -1.5] }"#);
//! let f = SourceFile::new("d", "var.port");
//! assert!(expression_value(&f, &parse_expression(&f).0).is_none());
//! ```

use std::borrow::Cow;
use std::sync::Arc;

use crate::source::SourceFile;
use crate::syntax::native::analysis::object_key_as_keyword;
use crate::syntax::native::ast::{Expr, ExprKind, Literal, ObjectItem, UnaryOp};
use crate::types::Type;
use crate::value::{Number, Value};

/// The value of a literal token.
///
/// ```
/// use hcldecode_spec::literal::literal_value;
/// use hcldecode_spec::source::SourceFile;
/// use hcldecode_spec::syntax::native::ast::{ExprKind, Literal};
/// use hcldecode_spec::syntax::native::parse_expression;
/// let f = SourceFile::new("d", "42");
/// let ExprKind::Literal(l) = parse_expression(&f).0.kind else { panic!() };
/// assert_eq!(literal_value(&f, &l), hcldecode_spec::value::Value::int(42));
/// ```
pub fn literal_value(file: &SourceFile, l: &Literal) -> Value {
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
/// template of literal strings alone (a heredoc's lines are parts of their
/// own), before normalization.
///
/// ```
/// use hcldecode_spec::literal::literal_str;
/// use hcldecode_spec::source::SourceFile;
/// use hcldecode_spec::syntax::native::parse_expression;
/// let f = SourceFile::new("d", "\"a$${b}\"");
/// assert_eq!(literal_str(&f, &parse_expression(&f).0).as_deref(), Some("a${b}"));
/// let f = SourceFile::new("d", "\"a${b}\"");
/// assert_eq!(literal_str(&f, &parse_expression(&f).0), None);
/// ```
pub fn literal_str<'a>(file: &'a SourceFile, e: &'a Expr) -> Option<Cow<'a, str>> {
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
pub fn literal_key<'a>(file: &'a SourceFile, item: &'a ObjectItem) -> Option<Cow<'a, str>> {
    match object_key_as_keyword(item, file) {
        Some(k) => Some(Cow::Borrowed(k)),
        None => literal_str(file, &item.key),
    }
}

/// The value of an expression of literals alone, as evaluating it gives:
/// literals, literal templates, a negated number, parentheses, and tuple
/// and object constructors of them (a repeated key takes the later value).
/// `None` for anything evaluation must decide: references, function calls,
/// operators, interpolations, conditionals, `for`, splats, keys that are
/// not names or literal strings.
pub fn expression_value(file: &SourceFile, e: &Expr) -> Option<Value> {
    let e = e.unwrap_parens();
    Some(match &e.kind {
        ExprKind::Literal(l) => literal_value(file, l),
        ExprKind::UnaryOp {
            op: UnaryOp::Negate,
            operand,
            ..
        } => match &operand.unwrap_parens().kind {
            ExprKind::Literal(l @ Literal::Number(_)) => {
                let v = literal_value(file, l);
                Value::number(v.as_number()?.neg())
            }
            _ => return None,
        },
        ExprKind::StringTemplate { .. } | ExprKind::Template { .. } => {
            Value::string(literal_str(file, e)?)
        }
        ExprKind::Tuple { exprs, .. } => Value::tuple(
            exprs
                .iter()
                .map(|x| expression_value(file, x))
                .collect::<Option<Vec<_>>>()?,
        ),
        ExprKind::Object { items, .. } => {
            // Keys are normalized (NFC) and the later of a repeated key
            // kept by the object constructor, as evaluation does.
            let mut attrs: Vec<(Arc<str>, Value)> = Vec::with_capacity(items.len());
            for item in items {
                let key = literal_key(file, item)?;
                attrs.push((Arc::from(&*key), expression_value(file, &item.value)?));
            }
            Value::object(attrs)
        }
        _ => return None,
    })
}
