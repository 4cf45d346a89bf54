//! The syntax tree of HCL native syntax.
//!
//! Node kinds mirror HashiCorp's `hclsyntax` one for one (the evaluator is a
//! port of its semantics), but nodes hold [`Span`]s instead of resolved
//! ranges, and names are not copied: an identifier is its span, read back
//! with [`SourceFile::text`](crate::source::SourceFile::text). Only text that
//! differs from the source (strings with escapes, heredocs with their
//! indentation removed, text trimmed by `~` strip markers) is owned.
//!
//! Bodies sit behind `Arc` so that a body can be handed out on its own and
//! outlive the decode that found it (partial decoding, `remain` fields).
//! Attribute expressions are stored inline in their body; a handle on one
//! ([`NativeExpr`](crate::syntax::expr::NativeExpr), for raw expressions)
//! keeps its body alive.

use std::sync::Arc;

use crate::source::{SourceFile, Span};

/// A parsed native-syntax file.
#[derive(Clone, Debug)]
pub struct File {
    /// The text the tree was parsed from.
    pub source: Arc<SourceFile>,
    /// The top-level body.
    pub body: Arc<Body>,
}

/// A body: the attributes and blocks between braces, or of a whole file.
#[derive(Clone, Debug, Default)]
pub struct Body {
    /// Attributes in source order. Names are unique: the parser reports a
    /// redefinition ("Attribute redefined") and keeps the first.
    pub attributes: Box<[Attribute]>,
    /// Blocks in source order.
    pub blocks: Box<[Block]>,
    /// `SrcRange`: for a block body, from the opening brace through the
    /// closing brace; for a file, the whole file.
    pub span: Span,
    /// `EndRange`: empty span at the body's final token (the closing brace,
    /// or end of file).
    pub end_span: Span,
}

impl Body {
    /// `MissingItemRange`: the empty range at the start of the body, where
    /// HCL reports items that should have been there.
    pub fn missing_item_span(&self) -> Span {
        self.span.start_point()
    }

    /// The attribute called `name`, if any (linear: bodies are small; the
    /// decoder indexes large ones itself).
    pub fn attribute(&self, src: &SourceFile, name: &str) -> Option<&Attribute> {
        self.attribute_index(src, name).map(|i| &self.attributes[i])
    }

    /// The index in [`attributes`](Body::attributes) of the attribute
    /// called `name`, if any.
    pub fn attribute_index(&self, src: &SourceFile, name: &str) -> Option<usize> {
        // Names of other lengths are passed over without reading them.
        let len = name.len() as u32;
        self.attributes
            .iter()
            .position(|a| a.name.len() == len && src.text(a.name) == name)
    }
}

/// `name = expr`.
///
/// The attribute's range and the `=` sign are stored as offsets (the range
/// starts at the name, the `=` is one byte): read them with
/// [`span`](Attribute::span) and [`equals`](Attribute::equals).
#[derive(Clone, Debug)]
pub struct Attribute {
    /// The name (an identifier).
    pub name: Span,
    /// The value expression.
    pub expr: Expr,
    /// End of `SrcRange`.
    end: u32,
    /// Offset of the `=`.
    equals_at: u32,
}

#[cfg(target_pointer_width = "64")]
const _: () = assert!(std::mem::size_of::<Attribute>() <= 56);

impl Attribute {
    /// An attribute named `name` whose value is `expr`, spanning `span`
    /// (which starts where `name` does), with its `=` sign at `equals` (one
    /// byte). Other spans are not representable: `span` keeps only its end,
    /// `equals` only its start.
    ///
    /// ```
    /// use hcldecode_spec::source::Span;
    /// use hcldecode_spec::syntax::native::ast::{Attribute, Expr, ExprKind};
    /// let expr = Expr { span: Span::new(4, 5), kind: ExprKind::Invalid };
    /// let a = Attribute::new(Span::new(0, 1), expr, Span::new(0, 5), Span::new(2, 3));
    /// assert_eq!(a.span(), Span::new(0, 5));
    /// assert_eq!(a.equals(), Span::new(2, 3));
    /// ```
    pub fn new(name: Span, expr: Expr, span: Span, equals: Span) -> Attribute {
        debug_assert_eq!(span.start, name.start);
        debug_assert_eq!(equals.len(), 1);
        Attribute {
            name,
            expr,
            end: span.end,
            equals_at: equals.start,
        }
    }

    /// `SrcRange`: from the name through the end of the expression.
    pub fn span(&self) -> Span {
        Span::new(self.name.start, self.end)
    }

    /// The `=` sign.
    pub fn equals(&self) -> Span {
        Span::new(self.equals_at, self.equals_at + 1)
    }
}

/// `type "label" label { body }`.
#[derive(Clone, Debug)]
pub struct Block {
    /// The block type (an identifier).
    pub type_name: Span,
    /// Labels in order.
    pub labels: Box<[Label]>,
    /// The body between the braces.
    pub body: Arc<Body>,
    /// The `{`.
    pub open_brace: Span,
    /// The `}`.
    pub close_brace: Span,
}

impl Block {
    /// `DefRange`: from the type name through the last label.
    pub fn def_span(&self) -> Span {
        match self.labels.last() {
            Some(l) => Span::between(self.type_name, l.span),
            None => self.type_name,
        }
    }

    /// `Range()`: from the type name through the closing brace.
    pub fn span(&self) -> Span {
        Span::between(self.type_name, self.close_brace)
    }
}

/// A block label: a quoted string or a bare identifier.
#[derive(Clone, Debug)]
pub struct Label {
    /// The label as written, quotes included for quoted labels.
    pub span: Span,
    /// The label's value.
    pub value: Text,
}

/// Text that is either exactly a span of the source or owned because it
/// differs (escapes, strip markers, heredoc indentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Text {
    /// The value is the source text of the given span.
    Source(Span),
    /// The value, decoded.
    Owned(Box<str>),
}

impl Text {
    /// The text's value, reading `Source` spans from `src`.
    pub fn get<'a>(&'a self, src: &'a SourceFile) -> &'a str {
        match self {
            Text::Source(s) => src.text(*s),
            Text::Owned(s) => s,
        }
    }
}

/// An expression node with its source span (`Range()` in hclsyntax).
///
/// Syntax trees of large files hold millions of these: the node is kept at
/// 40 bytes (rare, large kinds sit behind a `Box`).
#[derive(Clone, Debug)]
pub struct Expr {
    /// The whole expression. For [`ExprKind::Parens`] this includes the
    /// parentheses.
    pub span: Span,
    /// What kind of expression this is.
    pub kind: ExprKind,
}

#[cfg(target_pointer_width = "64")]
const _: () = {
    assert!(std::mem::size_of::<ExprKind>() <= 32);
    assert!(std::mem::size_of::<Expr>() <= 40);
    assert!(std::mem::size_of::<ObjectItem>() <= 88);
    assert!(std::mem::size_of::<Block>() <= 48);
    assert!(std::mem::size_of::<Body>() <= 48);
};

/// A literal value as written in source; the dynamic layer turns it into a
/// value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Literal {
    /// `null`.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// A number literal; the text is validated by the parser and parsed by
    /// the dynamic layer at 512-bit precision.
    Number(Span),
    /// A string.
    String(Text),
}

/// One step of a traversal after its root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// `.name`
    Attr {
        /// The attribute name (identifier).
        name: Span,
        /// The step including the dot.
        span: Span,
    },
    /// `[key]` with a literal key, or a legacy `.0` index.
    Index {
        /// The key: a number, string, bool or null literal.
        key: Literal,
        /// The step including brackets (or the dot, for legacy indices).
        span: Span,
    },
}

impl Step {
    /// The step's source span.
    pub fn span(&self) -> Span {
        match self {
            Step::Attr { span, .. } | Step::Index { span, .. } => *span,
        }
    }
}

/// Binary operators, by precedence from loosest to tightest:
/// `||`; `&&`; `==` `!=`; `<` `<=` `>` `>=`; `+` `-`; `*` `/` `%`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    /// `||`
    Or,
    /// `&&`
    And,
    /// `==`
    Equal,
    /// `!=`
    NotEqual,
    /// `>`
    Greater,
    /// `>=`
    GreaterOrEqual,
    /// `<`
    Less,
    /// `<=`
    LessOrEqual,
    /// `+`
    Add,
    /// `-`
    Subtract,
    /// `*`
    Multiply,
    /// `/`
    Divide,
    /// `%`
    Modulo,
}

impl BinaryOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Or => "||",
            BinaryOp::And => "&&",
            BinaryOp::Equal => "==",
            BinaryOp::NotEqual => "!=",
            BinaryOp::Greater => ">",
            BinaryOp::GreaterOrEqual => ">=",
            BinaryOp::Less => "<",
            BinaryOp::LessOrEqual => "<=",
            BinaryOp::Add => "+",
            BinaryOp::Subtract => "-",
            BinaryOp::Multiply => "*",
            BinaryOp::Divide => "/",
            BinaryOp::Modulo => "%",
        }
    }
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `!`
    Not,
    /// `-`
    Negate,
}

/// An item of an object constructor: `key = value` or `key: value`.
#[derive(Clone, Debug)]
pub struct ObjectItem {
    /// The key (`ObjectConsKeyExpr`). A bare identifier (or `null`, `true`,
    /// `false` written bare) is taken as a literal string key unless
    /// `force_non_literal` is set, which the parser sets for keys written in
    /// parentheses.
    pub key: Expr,
    /// Whether the key was parenthesised: `(k) = v` always evaluates `k`.
    pub force_non_literal: bool,
    /// The value.
    pub value: Expr,
}

/// `FunctionCallExpr`: `name(args...)`, the contents of
/// [`ExprKind::FunctionCall`].
#[derive(Clone, Debug)]
pub struct CallExpr {
    /// The function name: for a namespaced call (`provider::aws::arn(…)`,
    /// HCL v2.20), from the first part through the last.
    pub name: Span,
    /// A namespaced call's whole name, its parts joined by `::` (the text
    /// of `name` may have spaces around them); `None` for a plain name.
    pub namespaced: Option<Box<str>>,
    /// Arguments in order.
    pub args: Box<[Expr]>,
    /// Whether the final argument is followed by `...`, to expand it.
    pub expand_final: bool,
    /// The `(`.
    pub open_paren: Span,
    /// The `)`.
    pub close_paren: Span,
}

impl CallExpr {
    /// The function's name as it is looked up: the name, or a namespaced
    /// call's parts joined by `::`.
    pub fn name_text<'f>(&'f self, file: &'f crate::source::SourceFile) -> &'f str {
        match &self.namespaced {
            Some(n) => n,
            None => file.text(self.name),
        }
    }
}

/// `[for k, v in coll : val if cond]` or `{for k, v in coll : key => val... if cond}`.
#[derive(Clone, Debug)]
pub struct ForExpr {
    /// The key (or index) variable, when two variables are declared.
    pub key_var: Option<Span>,
    /// The value variable.
    pub val_var: Span,
    /// The collection iterated.
    pub coll: Expr,
    /// The key expression: present for object `for`, absent for tuple `for`.
    pub key_expr: Option<Expr>,
    /// The value expression.
    pub val_expr: Expr,
    /// The `if` condition.
    pub cond: Option<Expr>,
    /// Whether `...` follows the value (grouping mode; object `for` only).
    pub group: bool,
    /// The opening `[` or `{`.
    pub open: Span,
    /// The closing `]` or `}`.
    pub close: Span,
}

/// Expression kinds, one per `hclsyntax` node type.
#[derive(Clone, Debug)]
pub enum ExprKind {
    /// `LiteralValueExpr`: a literal value.
    Literal(Literal),
    /// A placeholder the parser leaves where an expression could not be
    /// parsed (hclsyntax uses `LiteralValueExpr{cty.DynamicVal}`); it
    /// evaluates to an unknown value of unknown type without new errors.
    Invalid,
    /// `ScopeTraversalExpr`: `name`, `name.attr`, `name[0]`, `name.0`, ...
    ScopeTraversal {
        /// The root variable name.
        root: Span,
        /// The steps after the root.
        steps: Box<[Step]>,
    },
    /// `RelativeTraversalExpr`: attribute and literal-index steps applied to
    /// the result of another expression, like `f(x).a[0]`.
    RelativeTraversal {
        /// The expression traversed.
        source: Box<Expr>,
        /// The steps.
        steps: Box<[Step]>,
    },
    /// `FunctionCallExpr`: `name(args...)`.
    FunctionCall(Box<CallExpr>),
    /// `ConditionalExpr`: `cond ? t : f`.
    Conditional {
        /// The condition.
        cond: Box<Expr>,
        /// Result when true.
        true_result: Box<Expr>,
        /// Result when false.
        false_result: Box<Expr>,
    },
    /// `BinaryOpExpr`.
    BinaryOp {
        /// The operator.
        op: BinaryOp,
        /// Left operand.
        lhs: Box<Expr>,
        /// Right operand.
        rhs: Box<Expr>,
    },
    /// `UnaryOpExpr`.
    UnaryOp {
        /// The operator.
        op: UnaryOp,
        /// The operand.
        operand: Box<Expr>,
        /// The operator symbol (`SymbolRange`).
        symbol: Span,
    },
    /// `TupleConsExpr`: `[a, b, c]`.
    Tuple {
        /// Elements.
        exprs: Box<[Expr]>,
        /// The `[`.
        open: Span,
    },
    /// `ObjectConsExpr`: `{ k = v, ... }`.
    Object {
        /// Items in source order.
        items: Box<[ObjectItem]>,
        /// The `{`.
        open: Span,
    },
    /// `ForExpr`.
    For(Box<ForExpr>),
    /// `IndexExpr`: `coll[key]` where `key` is not a literal.
    ///
    /// The `[` (`OpenRange`) is the first byte of `brackets`; see
    /// [`Expr::start_span`].
    Index {
        /// The collection.
        collection: Box<Expr>,
        /// The key.
        key: Box<Expr>,
        /// From `[` through `]` (`BracketRange`).
        brackets: Span,
    },
    /// `SplatExpr`: `source[*].each` or the legacy `source.*.each`.
    Splat {
        /// The expression whose elements are splatted.
        source: Box<Expr>,
        /// Evaluated for each element, which it refers to through the
        /// [`ExprKind::AnonSymbol`] with the id `item`.
        each: Box<Expr>,
        /// The id of this splat's anonymous symbol.
        item: u32,
        /// The `[*]` or `.*`.
        marker: Span,
    },
    /// `AnonSymbolExpr`: the current element of the splat with this id.
    AnonSymbol {
        /// The id of the splat this symbol belongs to (unique in a file).
        id: u32,
    },
    /// `TemplateExpr`: a quoted string or heredoc with interpolations. Parts
    /// are literal strings (`Literal::String`) and expressions; directives
    /// are lowered as hclsyntax does: `%{if}` becomes a `Conditional` whose
    /// results are templates, `%{for}` a `TemplateJoin` of a tuple `For`.
    Template {
        /// The parts, concatenated in order.
        parts: Box<[Expr]>,
    },
    /// A `TemplateExpr` whose only part is a literal string: a quoted
    /// string or heredoc without interpolations or directives, which most
    /// strings of a configuration are. It is exactly
    /// `Template { parts: [Literal(String(text))] }` (the part spanning
    /// `part`), stored without the vector of parts;
    /// [`Expr::template_parts`] gives the parts of either form.
    StringTemplate {
        /// The literal part's value.
        text: Text,
        /// The literal part's span.
        part: Span,
    },
    /// `TemplateJoinExpr`: joins the strings of a tuple (from `%{for}`).
    TemplateJoin {
        /// The tuple-producing expression.
        tuple: Box<Expr>,
    },
    /// `TemplateWrapExpr`: a template that is a single interpolation,
    /// `"${x}"`, which yields `x`'s value unconverted.
    TemplateWrap {
        /// The wrapped expression.
        wrapped: Box<Expr>,
    },
    /// `ParenthesesExpr`: `(expr)`.
    Parens(Box<Expr>),
}

impl ExprKind {
    /// The template of one part: a [`ExprKind::StringTemplate`] when the part
    /// is a literal string.
    pub(crate) fn string_template(part: Expr) -> ExprKind {
        match part.kind {
            ExprKind::Literal(Literal::String(text)) => ExprKind::StringTemplate {
                text,
                part: part.span,
            },
            kind => ExprKind::Template {
                parts: Box::new([Expr {
                    span: part.span,
                    kind,
                }]),
            },
        }
    }
}

impl Expr {
    /// A parsed template's expression (the end of hclsyntax's
    /// `parseTemplate`): a lone interpolation passes through, a lone
    /// literal is a string template.
    pub(crate) fn template(mut parts: Vec<Expr>, passthru: bool, span: Span) -> Expr {
        if parts.len() == 1
            && let Some(part) = parts.pop()
        {
            let kind = if passthru {
                ExprKind::TemplateWrap {
                    wrapped: Box::new(part),
                }
            } else if matches!(part.kind, ExprKind::Literal(Literal::String(_))) {
                ExprKind::string_template(part)
            } else {
                ExprKind::Template {
                    parts: Box::new([part]),
                }
            };
            return Expr { span, kind };
        }
        Expr {
            span,
            kind: ExprKind::Template {
                parts: parts.into_boxed_slice(),
            },
        }
    }

    /// `StartRange()`: the span HCL uses for a reference to the start of the
    /// expression (the name and opening parenthesis of a call, the start of
    /// a conditional's condition, the opening bracket of a collection, the
    /// marker of a splat).
    pub fn start_span(&self) -> Span {
        match &self.kind {
            ExprKind::FunctionCall(call) => Span::new(call.name.start, call.open_paren.end),
            ExprKind::Conditional { cond, .. } => cond.start_span(),
            ExprKind::Index { brackets, .. } => Span::new(brackets.start, brackets.start + 1),
            ExprKind::Tuple { open, .. } | ExprKind::Object { open, .. } => *open,
            ExprKind::For(f) => f.open,
            ExprKind::Splat { marker, .. } => *marker,
            ExprKind::BinaryOp { lhs, .. } => lhs.start_span(),
            ExprKind::UnaryOp { symbol, .. } => *symbol,
            ExprKind::Template { parts } => parts.first().map_or(self.span, Expr::start_span),
            ExprKind::StringTemplate { part, .. } => *part,
            ExprKind::TemplateJoin { tuple } => tuple.start_span(),
            ExprKind::TemplateWrap { .. } => self.span,
            ExprKind::Parens(inner) => inner.start_span(),
            _ => self.span,
        }
    }

    /// The parts of a template ([`ExprKind::Template`], or the one literal
    /// part of an [`ExprKind::StringTemplate`]); `None` for other
    /// expressions.
    ///
    /// ```
    /// use hcldecode_spec::source::SourceFile;
    /// use hcldecode_spec::syntax::native::{ast::{ExprKind, Literal}, parse_expression};
    /// let file = SourceFile::new("e.hcl", "\"web\"");
    /// let (e, _) = parse_expression(&file);
    /// let parts = e.template_parts().unwrap();
    /// let ExprKind::Literal(Literal::String(t)) = &parts[0].kind else { panic!() };
    /// assert_eq!(t.get(&file), "web");
    /// ```
    pub fn template_parts(&self) -> Option<std::borrow::Cow<'_, [Expr]>> {
        match &self.kind {
            ExprKind::Template { parts } => Some(std::borrow::Cow::Borrowed(parts)),
            ExprKind::StringTemplate { text, part } => Some(std::borrow::Cow::Owned(vec![Expr {
                span: *part,
                kind: ExprKind::Literal(Literal::String(text.clone())),
            }])),
            _ => None,
        }
    }

    /// The expression with any parentheses removed.
    pub fn unwrap_parens(&self) -> &Expr {
        let mut e = self;
        while let ExprKind::Parens(inner) = &e.kind {
            e = inner;
        }
        e
    }
}
