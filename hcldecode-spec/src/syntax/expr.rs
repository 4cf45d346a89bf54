//! Expression handles independent of the concrete syntax.
//!
//! An expression is either a native-syntax expression tree or a JSON value
//! of a JSON-syntax file. A JSON value's meaning depends on how it is
//! evaluated (HCL's `json/spec.md`): with a context of variables or
//! functions its strings are templates ([`json_template_source`] gives the
//! text to parse), without one they are literal.

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use crate::source::{Range, Segment, SourceFile, Span};
use crate::syntax::json::{self, Document, JsonString};
use crate::syntax::native::ast;

/// An evaluation scope a producer attaches to what it hands out (a
/// remaining body, an expression), for whoever decodes or evaluates it
/// later: the dynamic layer's dynamic-block expansion attaches the
/// iteration a generated block's body is evaluated in. The static layer
/// only carries it. It is `RefUnwindSafe` so that decoders holding one can
/// cross `catch_unwind`; read it back with `scope_as::<T>()`.
pub type AnyScope = Arc<dyn std::any::Any + Send + Sync + std::panic::RefUnwindSafe>;

/// A borrowed expression of some syntax, with the file it belongs to.
#[derive(Clone, Copy, Debug)]
pub enum ExprRef<'a> {
    /// A native-syntax expression.
    Native {
        /// The file.
        file: &'a Arc<SourceFile>,
        /// The expression.
        expr: NativeExprRef<'a>,
    },
    /// A JSON value used as an expression (an attribute's value in a
    /// JSON-syntax file).
    Json {
        /// The document the value belongs to.
        doc: &'a Arc<Document>,
        /// The value.
        value: json::Value,
    },
}

impl<'a> ExprRef<'a> {
    /// The file the expression is in.
    pub fn file(self) -> &'a Arc<SourceFile> {
        match self {
            ExprRef::Native { file, .. } => file,
            ExprRef::Json { doc, .. } => doc.source(),
        }
    }

    /// The expression's span in its file.
    pub fn span(self) -> Span {
        match self {
            ExprRef::Native { expr, .. } => expr.span,
            ExprRef::Json { value, .. } => value.span(),
        }
    }

    /// `Range()`.
    pub fn range(self) -> Range {
        self.file().range(self.span())
    }

    /// `StartRange()`: for a JSON object or array, its opening brace or
    /// bracket.
    pub fn start_range(self) -> Range {
        match self {
            ExprRef::Native { file, expr } => file.range(expr.start_span()),
            ExprRef::Json { doc, value } => doc.range(value.start_span()),
        }
    }

    /// An owned handle.
    pub fn to_expression(self) -> Expression {
        match self {
            ExprRef::Native { file, expr } => Expression::Native {
                file: file.clone(),
                expr: expr.to_native_expr(),
            },
            ExprRef::Json { doc, value } => Expression::Json {
                doc: doc.clone(),
                value,
            },
        }
    }
}

/// An owned expression handle: what a raw-expression field or a spec's
/// `expr`/`transform` keeps. Cloning is cheap.
///
/// Its `Debug` form is short, the expression's range, not the syntax tree:
///
/// ```
/// use hcldecode_spec::source::{SourceFile, Span};
/// use hcldecode_spec::syntax::expr::{Expression, NativeExpr};
/// use hcldecode_spec::syntax::native::ast;
/// let file = SourceFile::new("e.hcl", "x + 1");
/// let expr = NativeExpr::new(ast::Expr { span: Span::new(0, 5), kind: ast::ExprKind::Invalid });
/// assert_eq!(format!("{:?}", Expression::Native { file, expr }), "Expression(e.hcl:1,1-6)");
/// ```
#[derive(Clone)]
pub enum Expression {
    /// A native-syntax expression.
    Native {
        /// The file.
        file: Arc<SourceFile>,
        /// The expression.
        expr: NativeExpr,
    },
    /// A JSON value used as an expression.
    Json {
        /// The document the value belongs to.
        doc: Arc<Document>,
        /// The value.
        value: json::Value,
    },
    /// An expression with an evaluation scope attached by whoever read it
    /// (the dynamic layer gives the expressions of blocks that dynamic
    /// blocks generate the iteration they are evaluated in; its
    /// `evaluate_expression` applies it).
    Scoped {
        /// The expression.
        expr: Box<Expression>,
        /// The scope (see [`AnyScope`]).
        scope: AnyScope,
    },
}

impl fmt::Debug for Expression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Expression({})", self.range())
    }
}

impl Expression {
    /// Borrows it.
    pub fn as_ref(&self) -> ExprRef<'_> {
        match self {
            Expression::Native { file, expr } => ExprRef::Native {
                file,
                expr: expr.as_ref(),
            },
            Expression::Json { doc, value } => ExprRef::Json { doc, value: *value },
            Expression::Scoped { expr, .. } => Expression::as_ref(expr),
        }
    }

    /// The expression without its [scope](Self::scope).
    pub fn unscoped(&self) -> &Expression {
        match self {
            Expression::Scoped { expr, .. } => expr.unscoped(),
            e => e,
        }
    }

    /// The scope attached to the expression, if any (see
    /// [`Expression::Scoped`]).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcldecode_spec::source::{SourceFile, Span};
    /// use hcldecode_spec::syntax::expr::{Expression, NativeExpr};
    /// use hcldecode_spec::syntax::native::ast;
    /// let file = SourceFile::new("e.hcl", "x");
    /// let expr = NativeExpr::new(ast::Expr { span: Span::new(0, 1), kind: ast::ExprKind::Invalid });
    /// let e = Expression::Native { file, expr };
    /// assert!(e.scope().is_none());
    /// let scoped = Expression::Scoped { expr: Box::new(e), scope: Arc::new(1u8) };
    /// assert_eq!(scoped.scope_as::<u8>(), Some(&1));
    /// assert_eq!(scoped.source_text(), "x");
    /// ```
    pub fn scope(&self) -> Option<&AnyScope> {
        match self {
            Expression::Scoped { scope, .. } => Some(scope),
            _ => None,
        }
    }

    /// The scope attached to the expression if it is a `T`.
    pub fn scope_as<T: std::any::Any>(&self) -> Option<&T> {
        self.scope()
            .and_then(|s| (&**s as &dyn std::any::Any).downcast_ref())
    }

    /// `Range()`.
    pub fn range(&self) -> Range {
        self.as_ref().range()
    }

    /// The source text of the expression.
    pub fn source_text(&self) -> &str {
        match self {
            Expression::Native { file, expr } => file.text(expr.span),
            Expression::Json { doc, value } => doc.text(value.span()),
            Expression::Scoped { expr, .. } => expr.source_text(),
        }
    }
}

/// Who keeps a native expression alive: the expression itself, or the
/// body whose attribute it is the value of (attribute values are stored
/// inline in their body, not behind an `Arc` of their own).
#[derive(Clone, Debug)]
enum Owner {
    Expr(Arc<ast::Expr>),
    /// Attribute `.1` of the body (always in range).
    Attr(Arc<ast::Body>, u32),
}

/// The borrowed counterpart of [`Owner`].
#[derive(Clone, Copy, Debug)]
enum OwnerRef<'a> {
    Expr(&'a Arc<ast::Expr>),
    /// Attribute `.1` of the body (always in range).
    Attr(&'a Arc<ast::Body>, u32),
}

/// An owned handle on a native-syntax expression: a standalone expression
/// or the value of an attribute of a body (which the handle keeps alive).
/// Cloning is cheap; it dereferences to the [`ast::Expr`].
///
/// ```
/// use hcldecode_spec::source::Span;
/// use hcldecode_spec::syntax::expr::NativeExpr;
/// use hcldecode_spec::syntax::native::{self, ast};
/// let e = NativeExpr::new(ast::Expr { span: Span::new(0, 4), kind: ast::ExprKind::Invalid });
/// assert_eq!(e.span, Span::new(0, 4));
///
/// let (src, _) = native::source_from_bytes("a.hcl", b"a = 1\nb = [2]\n".to_vec());
/// let (file, _) = native::parse_config(src.clone());
/// let b = NativeExpr::attribute(file.body.clone(), 1).unwrap();
/// assert_eq!(src.text(b.span), "[2]");
/// assert!(NativeExpr::attribute(file.body, 2).is_none());
/// ```
#[derive(Clone)]
pub struct NativeExpr(Owner);

impl NativeExpr {
    /// A handle on a standalone expression.
    pub fn new(expr: ast::Expr) -> NativeExpr {
        NativeExpr(Owner::Expr(Arc::new(expr)))
    }

    /// A handle on an expression already shared.
    pub fn from_arc(expr: Arc<ast::Expr>) -> NativeExpr {
        NativeExpr(Owner::Expr(expr))
    }

    /// A handle on the value of attribute `index` of `body`; `None` when
    /// the body has no such attribute.
    pub fn attribute(body: Arc<ast::Body>, index: usize) -> Option<NativeExpr> {
        let i = u32::try_from(index).ok()?;
        (index < body.attributes.len()).then_some(NativeExpr(Owner::Attr(body, i)))
    }

    /// Borrows it.
    pub fn as_ref(&self) -> NativeExprRef<'_> {
        match &self.0 {
            Owner::Expr(e) => NativeExprRef {
                owner: OwnerRef::Expr(e),
                expr: e,
            },
            Owner::Attr(body, i) => NativeExprRef {
                owner: OwnerRef::Attr(body, *i),
                expr: &body.attributes[*i as usize].expr,
            },
        }
    }
}

impl Deref for NativeExpr {
    type Target = ast::Expr;

    fn deref(&self) -> &ast::Expr {
        match &self.0 {
            Owner::Expr(e) => e,
            Owner::Attr(body, i) => &body.attributes[*i as usize].expr,
        }
    }
}

/// Formats as the expression alone (not its owner).
impl fmt::Debug for NativeExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

/// A borrowed handle on a native-syntax expression, as [`ExprRef::Native`]
/// carries it: the expression and what owns it, so that it can be turned
/// into an owned [`NativeExpr`] without copying the tree.
///
/// ```
/// use hcldecode_spec::syntax::expr::NativeExprRef;
/// use hcldecode_spec::syntax::native;
/// let (src, _) = native::source_from_bytes("a.hcl", b"a = x + 1\n".to_vec());
/// let (file, _) = native::parse_config(src.clone());
/// let e = NativeExprRef::attribute(&file.body, 0).unwrap();
/// let expr: &native::ast::Expr = e.get();
/// assert_eq!(src.text(expr.span), "x + 1");
/// let owned = e.to_native_expr();
/// assert_eq!(owned.span, expr.span);
/// ```
#[derive(Clone, Copy)]
pub struct NativeExprRef<'a> {
    owner: OwnerRef<'a>,
    expr: &'a ast::Expr,
}

impl<'a> NativeExprRef<'a> {
    /// A handle on a shared standalone expression.
    pub fn new(expr: &'a Arc<ast::Expr>) -> NativeExprRef<'a> {
        NativeExprRef {
            owner: OwnerRef::Expr(expr),
            expr,
        }
    }

    /// A handle on the value of attribute `index` of `body`; `None` when
    /// the body has no such attribute.
    pub fn attribute(body: &'a Arc<ast::Body>, index: usize) -> Option<NativeExprRef<'a>> {
        let i = u32::try_from(index).ok()?;
        let attr = body.attributes.get(index)?;
        Some(NativeExprRef {
            owner: OwnerRef::Attr(body, i),
            expr: &attr.expr,
        })
    }

    /// The expression, for as long as its owner is borrowed.
    pub fn get(self) -> &'a ast::Expr {
        self.expr
    }

    /// An owned handle on the same expression (no copy of the tree).
    pub fn to_native_expr(self) -> NativeExpr {
        NativeExpr(match self.owner {
            OwnerRef::Expr(e) => Owner::Expr(e.clone()),
            OwnerRef::Attr(body, i) => Owner::Attr(body.clone(), i),
        })
    }
}

impl Deref for NativeExprRef<'_> {
    type Target = ast::Expr;

    fn deref(&self) -> &ast::Expr {
        self.expr
    }
}

/// Formats as the expression alone (not its owner).
impl fmt::Debug for NativeExprRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.expr, f)
    }
}

/// Where the template text of a JSON string is, for parsing it as a
/// template (HCL does so when evaluating with a context, and for static
/// analysis).
///
/// A string without escapes is its own template text: the result is the
/// document's source and the span between the quotes, so positions are
/// exactly the reference's. A string with escapes is parsed from its
/// decoded value, as HCL does, but the result is then a
/// [derived](SourceFile::derived) source of the decoded text whose
/// positions map back to the bytes of the file each piece was written as
/// (the reference positions the decoded text as if it started just after
/// the opening quote, so its positions after an escape are off).
///
/// ```
/// use hcldecode_spec::source::Span;
/// use hcldecode_spec::syntax::expr::json_template_source;
/// use hcldecode_spec::syntax::json;
/// let src = json::source_from_bytes("a.json", br#"{"a": "x\ty${b}"}"#.to_vec());
/// let (file, _) = json::parse(src.clone());
/// let prop = file.root.as_object().unwrap().props(&file.doc)[0];
/// let s = prop.value.as_string().unwrap();
/// let (tsrc, span) = json_template_source(&file.doc, s);
/// assert_eq!(tsrc.text(span), "x\ty${b}");
/// // "b" is at byte 13 of the file.
/// let b = tsrc.text(span).find('b').unwrap() as u32;
/// assert_eq!(tsrc.range(Span::new(b, b + 1)).start.byte, 13);
/// ```
pub fn json_template_source(doc: &Arc<Document>, s: JsonString) -> (Arc<SourceFile>, Span) {
    if s.is_raw() {
        return (doc.source().clone(), s.content_span());
    }
    let decoded = s.value(doc);
    let raw = doc.text(s.span);
    let segments = escape_segments(raw, decoded, s.span.start);
    let len = decoded.len() as u32;
    (
        SourceFile::derived(doc.source().clone(), decoded, segments),
        Span::new(0, len),
    )
}

/// Maps the decoded text of the JSON string literal `raw` (quotes
/// included, at byte `base` of its file) back to the literal: runs of
/// plain characters map byte for byte, each escape sequence as a whole.
/// Mirrors the string decoder: `\uXXXX` pairs forming a surrogate pair are
/// one escape.
fn escape_segments(raw: &str, decoded: &str, base: u32) -> Vec<Segment> {
    let b = raw.as_bytes();
    let mut segs = vec![Segment {
        start: 0,
        parent_start: base + 1,
        verbatim: true,
    }];
    let push = |segs: &mut Vec<Segment>, seg: Segment| match segs.last_mut() {
        Some(last) if last.start == seg.start => *last = seg,
        _ => segs.push(seg),
    };
    let mut i = 1usize;
    let mut d = 0usize;
    while i < b.len() && d <= decoded.len() {
        match b[i] {
            b'"' => break,
            b'\\' => {
                push(
                    &mut segs,
                    Segment {
                        start: d as u32,
                        parent_start: base + i as u32,
                        verbatim: false,
                    },
                );
                let len = match b.get(i + 1) {
                    Some(b'u') => {
                        let hi = hex4(b.get(i + 2..i + 6));
                        let lo = (b.get(i + 6) == Some(&b'\\') && b.get(i + 7) == Some(&b'u'))
                            .then(|| hex4(b.get(i + 8..i + 12)))
                            .flatten();
                        match (hi, lo) {
                            (Some(h), Some(l))
                                if (0xD800..0xDC00).contains(&h)
                                    && (0xDC00..0xE000).contains(&l) =>
                            {
                                12
                            }
                            _ => 6,
                        }
                    }
                    _ => 2,
                };
                i += len;
                d += decoded
                    .get(d..)
                    .and_then(|r| r.chars().next())
                    .map_or(1, char::len_utf8);
                push(
                    &mut segs,
                    Segment {
                        start: d as u32,
                        parent_start: base + i.min(b.len()) as u32,
                        verbatim: true,
                    },
                );
            }
            c => {
                let n = utf8_len(c);
                i += n;
                d += n;
            }
        }
    }
    segs
}

fn utf8_len(first: u8) -> usize {
    match first {
        0xF0.. => 4,
        0xE0.. => 3,
        0xC0.. => 2,
        _ => 1,
    }
}

fn hex4(b: Option<&[u8]>) -> Option<u32> {
    let mut v = 0;
    for &c in b? {
        v = v * 16 + (c as char).to_digit(16)?;
    }
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn string_of(src: &str) -> (Arc<Document>, JsonString) {
        let (file, diags) = json::parse(json::source_from_bytes("t.json", src.as_bytes().to_vec()));
        assert!(diags.is_empty(), "{diags}");
        let prop = file.root.as_object().unwrap().props(&file.doc)[0];
        (file.doc.clone(), prop.value.as_string().unwrap())
    }

    #[test]
    fn json_raw_strings_are_their_own_template() {
        let (doc, s) = string_of(r#"{"a": "x${y}"}"#);
        let (src, span) = json_template_source(&doc, s);
        assert!(Arc::ptr_eq(&src, doc.source()));
        assert_eq!(src.text(span), "x${y}");
        assert_eq!(span, Span::new(7, 12));
    }

    #[test]
    fn json_escapes_map_back_to_their_source() {
        // {"a": "\u00e9\n${v}\ud83d\ude00${w}"}
        let text = r#"{"a": "\u00e9\n${v}\ud83d\ude00${w}"}"#;
        let (doc, s) = string_of(text);
        let (src, span) = json_template_source(&doc, s);
        let t = src.text(span);
        assert_eq!(t, "é\n${v}😀${w}");
        let at = |needle: &str| {
            let i = t.find(needle).unwrap() as u32;
            src.range(Span::new(i, i + needle.len() as u32))
        };
        let file_at = |needle: &str| {
            let i = text.find(needle).unwrap() as u32;
            doc.range(Span::new(i, i + needle.len() as u32))
        };
        assert_eq!(at("v"), file_at("v"));
        assert_eq!(at("w"), file_at("w"));
        assert_eq!(at("é"), file_at(r"\u00e9"));
        assert_eq!(at("😀"), file_at(r"\ud83d\ude00"));
        assert_eq!(at("\n"), file_at(r"\n"));
        assert_eq!(at("v").filename.as_ref(), "t.json");
        assert_eq!(at("v").start.line, 1);
    }

    #[test]
    fn json_lone_surrogates_are_one_escape_each() {
        let text = r#"{"a": "\ud800\u0041${x}"}"#;
        let (doc, s) = string_of(text);
        let (src, span) = json_template_source(&doc, s);
        let t = src.text(span);
        assert_eq!(t, "\u{FFFD}A${x}");
        let i = t.find('x').unwrap() as u32;
        assert_eq!(
            src.range(Span::new(i, i + 1)).start.byte,
            text.find('x').unwrap()
        );
    }
}
