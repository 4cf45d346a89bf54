//! [`At`]: where the value being decoded came from.

use std::sync::Arc;

use super::scope::DecodeScope;

use hcldecode_spec::diag::Diagnostic;
use hcldecode_spec::source::{Range, SourceFile};
use hcldecode_spec::syntax::body::{Attribute, Block, BlockLabel, Body};
use hcldecode_spec::syntax::expr::{ExprRef, Expression, NativeExpr};
use hcldecode_spec::syntax::native::ast;

use crate::decode::{AttrTrace, BlockTrace, Trace};
use crate::error::Error;

/// Where a value being decoded came from: a position in the engine's
/// [`Trace`] (an attribute, a block, a label, a body), or an expression
/// inside an attribute's value (an element of a list literal, an item of an
/// object literal). [`HclDecode::from_hcl`](super::HclDecode::from_hcl)
/// receives one, to put its errors at the right place and to reach raw
/// expressions and remaining bodies.
///
/// Stepping into a part that cannot be located (an element of a list that
/// a function computed, say) stays where it is, so errors point at the
/// closest enclosing source range.
///
/// ```
/// use hcldecode::typed::At;
/// use hcldecode::{HclDecode, Type, Value};
/// // A custom scalar: its errors carry the range `at` gives.
/// struct Even(u64);
/// impl HclDecode for Even {
///     fn hcl_type() -> Type {
///         Type::Number
///     }
///     fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, hcldecode::Error> {
///         let n = u64::from_hcl(v, at)?;
///         if n % 2 == 1 {
///             return Err(at.error("Odd number", format!("{n} is odd; an even number is required.")));
///         }
///         Ok(Even(n))
///     }
/// }
/// #[derive(hcldecode::HclDecode)]
/// struct Config {
///     sizes: Vec<Even>,
/// }
/// let err = hcldecode::from_str::<Config>("sizes = [2, 3]\n", "c.hcl").err().unwrap();
/// let d = &err.diagnostics()[0];
/// assert_eq!(d.summary, "Odd number");
/// assert_eq!(d.subject.as_ref().unwrap().to_string(), "c.hcl:1,13-14");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct At<'a> {
    node: Node<'a>,
    attr: Option<AttrAt<'a>>,
    /// The body this is a property of (where something missing from it
    /// is reported).
    parent: Option<&'a crate::decode::BodyTrace>,
    /// The decode this position belongs to (its variables, functions and
    /// options), for what decodes again below it: a tagged block's
    /// variant. Carried from a position to those it leads to.
    scope: Option<&'a DecodeScope>,
}

#[derive(Clone, Copy, Debug)]
enum Node<'a> {
    None,
    Trace(&'a Trace),
    Block(&'a BlockTrace),
    Expr(&'a Expression),
    Sub {
        file: &'a Arc<SourceFile>,
        expr: &'a ast::Expr,
    },
    /// An expression of the syntax tree (typed decoding's direct reads,
    /// which record no trace).
    Syntax(ExprRef<'a>),
    /// A block of the syntax tree.
    SyntaxBlock(&'a Block<'a>),
    /// A block label of the syntax tree.
    SyntaxLabel(&'a BlockLabel<'a>),
}

/// The attribute a position is in: as the trace recorded it, or in the
/// syntax tree.
#[derive(Clone, Copy, Debug)]
enum AttrAt<'a> {
    Trace(&'a AttrTrace),
    Syntax(&'a Attribute<'a>),
}

impl<'a> AttrAt<'a> {
    fn name(self) -> &'a str {
        match self {
            AttrAt::Trace(a) => &a.name,
            AttrAt::Syntax(a) => a.name,
        }
    }

    fn range(self) -> Range {
        match self {
            AttrAt::Trace(a) => a.range(),
            AttrAt::Syntax(a) => a.range(),
        }
    }

    fn name_range(self) -> Range {
        match self {
            AttrAt::Trace(a) => a.name_range.clone(),
            AttrAt::Syntax(a) => a.name_range(),
        }
    }
}

/// The native tree of an expression, if it is native syntax.
fn native(e: &Expression) -> Option<(&Arc<SourceFile>, &ast::Expr)> {
    match e.unscoped() {
        Expression::Native { file, expr } => Some((file, &**expr)),
        _ => None,
    }
}

/// Appends to `path` the steps from `e` down to `target` (a node of its
/// tree); false, with `path` as it was, when `target` is not under `e`.
fn path_to(file: &SourceFile, e: &ast::Expr, target: &ast::Expr, path: &mut String) -> bool {
    if std::ptr::eq(e, target) {
        return true;
    }
    let len = path.len();
    match &e.unwrap_parens().kind {
        ast::ExprKind::Tuple { exprs, .. } => {
            for (i, x) in exprs.iter().enumerate() {
                path.push_str(&format!("[{i}]"));
                if path_to(file, x, target, path) {
                    return true;
                }
                path.truncate(len);
            }
        }
        ast::ExprKind::Object { items, .. } => {
            for it in items.iter() {
                match literal_key(file, it) {
                    Some(k) if hcldecode_spec::syntax::is_identifier(k) => {
                        path.push('.');
                        path.push_str(k);
                    }
                    Some(k) => path.push_str(&format!("[{k:?}]")),
                    None => continue,
                }
                if path_to(file, &it.value, target, path) {
                    return true;
                }
                path.truncate(len);
            }
        }
        _ => {}
    }
    false
}

/// The text of a literal object key.
fn literal_key<'f>(file: &'f SourceFile, item: &'f ast::ObjectItem) -> Option<&'f str> {
    let key = item.key.unwrap_parens();
    match &key.kind {
        ast::ExprKind::ScopeTraversal { root, steps }
            if steps.is_empty() && !item.force_non_literal =>
        {
            Some(file.text(*root))
        }
        ast::ExprKind::Literal(ast::Literal::String(t)) => Some(t.get(file)),
        ast::ExprKind::StringTemplate { text, .. } => Some(text.get(file)),
        ast::ExprKind::Template { parts } if parts.len() == 1 => match &parts[0].kind {
            ast::ExprKind::Literal(ast::Literal::String(t)) => Some(t.get(file)),
            _ => None,
        },
        ast::ExprKind::TemplateWrap { wrapped } => match &wrapped.kind {
            ast::ExprKind::Literal(ast::Literal::String(t)) => Some(t.get(file)),
            _ => None,
        },
        _ => None,
    }
}

impl<'a> At<'a> {
    /// Nowhere: errors have no range.
    pub fn none() -> At<'static> {
        At {
            node: Node::None,
            attr: None,
            parent: None,
            scope: None,
        }
    }

    /// At a trace the engine recorded ([`crate::decode::decode_traced`]).
    pub fn trace(t: &'a Trace) -> At<'a> {
        At {
            node: Node::Trace(t),
            attr: None,
            parent: None,
            scope: None,
        }
        .normalize()
    }

    /// At a block.
    pub fn block(b: &'a BlockTrace) -> At<'a> {
        At {
            node: Node::Block(b),
            attr: None,
            parent: None,
            scope: None,
        }
    }

    /// At an expression.
    pub fn expression_at(e: &'a Expression) -> At<'a> {
        At {
            node: Node::Expr(e),
            attr: None,
            parent: None,
            scope: None,
        }
    }

    /// At an attribute of the syntax tree: its value expression.
    pub(crate) fn syntax(a: &'a Attribute<'a>) -> At<'a> {
        At {
            node: Node::Syntax(a.expr),
            attr: Some(AttrAt::Syntax(a)),
            parent: None,
            scope: None,
        }
    }

    /// At a block of the syntax tree.
    pub(crate) fn syntax_block(b: &'a Block<'a>) -> At<'a> {
        At {
            node: Node::SyntaxBlock(b),
            attr: None,
            parent: None,
            scope: None,
        }
    }

    /// At a block label of the syntax tree.
    pub(crate) fn syntax_label(l: &'a BlockLabel<'a>) -> At<'a> {
        At {
            node: Node::SyntaxLabel(l),
            attr: None,
            parent: None,
            scope: None,
        }
    }

    /// The same position within the decode `scope` (see [`DecodeScope`]).
    pub(crate) fn in_scope(mut self, scope: Option<&'a DecodeScope>) -> At<'a> {
        self.scope = scope;
        self
    }

    /// The decode this position belongs to, if it was given one.
    pub(crate) fn scope(&self) -> Option<&'a DecodeScope> {
        self.scope
    }

    /// Steps through wrappers: an attribute becomes its expression.
    fn normalize(self) -> At<'a> {
        match self.node {
            Node::Trace(Trace::Attr(a)) => At {
                node: Node::Expr(&a.expr),
                attr: Some(AttrAt::Trace(a)),
                parent: self.parent,
                scope: self.scope,
            },
            Node::Trace(Trace::Block(b)) => At {
                node: Node::Block(b),
                attr: self.attr,
                parent: self.parent,
                scope: self.scope,
            },
            // A body read as one attribute (a value type's default spec).
            Node::Trace(Trace::Body(b)) if matches!(b.spec, Trace::Attr(_)) => At {
                node: Node::Trace(&b.spec),
                attr: None,
                parent: None,
                scope: self.scope,
            }
            .normalize(),
            _ => self,
        }
    }

    /// The trace of the body spec this position reads from, for a block or
    /// a body.
    fn spec_trace(self) -> Option<&'a Trace> {
        let mut t = match self.node {
            Node::Trace(t) => t,
            Node::Block(b) => &b.body,
            _ => return None,
        };
        while let Trace::Body(b) = t {
            t = &b.spec;
        }
        Some(t)
    }

    fn body_trace(self) -> Option<&'a crate::decode::BodyTrace> {
        let t = match self.node {
            Node::Trace(t) => t,
            Node::Block(b) => &b.body,
            _ => return None,
        };
        match t {
            Trace::Body(b) => Some(b),
            _ => None,
        }
    }

    fn sub(self, file: &'a Arc<SourceFile>, expr: &'a ast::Expr) -> At<'a> {
        At {
            node: Node::Sub { file, expr },
            attr: self.attr,
            parent: None,
            scope: self.scope,
        }
    }

    fn native_expr(self) -> Option<(&'a Arc<SourceFile>, &'a ast::Expr)> {
        match self.node {
            Node::Expr(e) => native(e),
            Node::Sub { file, expr } => Some((file, expr)),
            Node::Syntax(ExprRef::Native { file, expr }) => Some((file, expr.get())),
            _ => None,
        }
    }

    /// The position of property `index` (named `name`) of an object: the
    /// trace of that property of an object spec, or the item of an object
    /// literal with that key.
    pub fn property(self, index: usize, name: &str) -> At<'a> {
        if let Node::None = self.node {
            return self;
        }
        if let Some(Trace::Object(props)) = self.spec_trace() {
            return match props.get(index) {
                Some((_, t)) => At {
                    node: Node::Trace(t),
                    attr: None,
                    parent: self.body_trace().or(self.parent),
                    scope: self.scope,
                }
                .normalize(),
                None => self,
            };
        }
        self.key(name)
    }

    /// The position of element `i` of a list, set or tuple: the `i`th
    /// block of a block list, or element `i` of a tuple literal.
    pub fn index(self, i: usize) -> At<'a> {
        if let Node::None = self.node {
            return self;
        }
        match self.node {
            Node::Trace(Trace::Blocks(bs)) => match bs.get(i) {
                Some(b) => At::block(b).in_scope(self.scope),
                None => self,
            },
            Node::Trace(Trace::Tuple(ts)) => match ts.get(i) {
                Some(t) => At {
                    node: Node::Trace(t),
                    attr: None,
                    parent: None,
                    scope: self.scope,
                }
                .normalize(),
                None => self,
            },
            _ => match self.native_expr() {
                Some((file, e)) => match &e.unwrap_parens().kind {
                    ast::ExprKind::Tuple { exprs, .. } => match exprs.get(i) {
                        Some(x) => self.sub(file, x),
                        None => self,
                    },
                    _ => self,
                },
                None => self,
            },
        }
    }

    /// The position of the element with key `k` of a map or object: the
    /// item of an object literal, the attribute of a `block_attrs` block,
    /// or the block labelled `k` of a one-label block map.
    pub fn key(self, k: &str) -> At<'a> {
        if let Node::None = self.node {
            return self;
        }
        // A block or body: the spec it is read with, and in an object
        // spec the property of that name (the last, as the value keeps).
        if let Some(t) = self.spec_trace() {
            if let Trace::Object(props) = t {
                return match props.iter().rposition(|(n, _)| n == k) {
                    Some(i) => self.property(i, k),
                    None => self,
                };
            }
            if !matches!(self.node, Node::Trace(inner) if std::ptr::eq(inner, t)) {
                let inner = At {
                    node: Node::Trace(t),
                    attr: None,
                    parent: self.body_trace().or(self.parent),
                    scope: self.scope,
                }
                .normalize();
                let found = inner.key(k);
                return if found.range().is_some() { found } else { self };
            }
        }
        match self.node {
            Node::Trace(Trace::Blocks(bs)) => {
                match bs
                    .iter()
                    .find(|b| b.labels.first().is_some_and(|(l, _)| l == k))
                {
                    Some(b) => At::block(b).in_scope(self.scope),
                    None => self,
                }
            }
            Node::Trace(Trace::BlockAttrs { attrs, .. }) => {
                match attrs.iter().find(|a| a.name == k) {
                    Some(a) => At {
                        node: Node::Expr(&a.expr),
                        attr: Some(AttrAt::Trace(a)),
                        parent: None,
                        scope: self.scope,
                    },
                    None => self,
                }
            }
            _ => match self.native_expr() {
                Some((file, e)) => match &e.unwrap_parens().kind {
                    ast::ExprKind::Object { items, .. } => {
                        match items.iter().find(|it| literal_key(file, it) == Some(k)) {
                            Some(it) => self.sub(file, &it.value),
                            None => self,
                        }
                    }
                    _ => self,
                },
                None => self,
            },
        }
    }

    /// The position of the key `k` itself in an object literal (where an
    /// unexpected key is reported); elsewhere as [`key`](Self::key).
    pub fn key_name(self, k: &str) -> At<'a> {
        if let Some((file, e)) = self.native_expr()
            && let ast::ExprKind::Object { items, .. } = &e.unwrap_parens().kind
            && let Some(it) = items.iter().find(|it| literal_key(file, it) == Some(k))
        {
            return self.sub(file, &it.key);
        }
        self.key(k)
    }

    /// Whether this is an attribute or block the body does not have.
    pub fn is_absent(self) -> bool {
        matches!(self.node, Node::Trace(Trace::Absent(_)))
    }

    /// The blocks of a block collection, in source order.
    pub fn blocks(self) -> Option<&'a [BlockTrace]> {
        match self.node {
            Node::Trace(Trace::Blocks(bs)) => Some(bs),
            _ => None,
        }
    }

    /// Whether this is a block (where its ranges are
    /// [`block_type_range`](Self::block_type_range) and
    /// [`range`](Self::range), its definition).
    pub fn is_block(self) -> bool {
        matches!(self.node, Node::Block(_) | Node::SyntaxBlock(_))
    }

    /// Whether this is an element or item inside an attribute's value
    /// (where [`range`](Self::range) is the element's own).
    pub fn is_element(self) -> bool {
        matches!(self.node, Node::Sub { .. })
    }

    /// The range of the type name of the block at this position.
    pub fn block_type_range(self) -> Option<Range> {
        match self.node {
            Node::Block(b) => Some(b.type_range.clone()),
            Node::SyntaxBlock(b) => Some(b.type_range()),
            _ => None,
        }
    }

    /// The block at this position.
    pub fn block_trace(self) -> Option<&'a BlockTrace> {
        match self.node {
            Node::Block(b) => Some(b),
            _ => None,
        }
    }

    /// What remains of the body at this position, when its spec keeps the
    /// rest ([`DecodeHook::Remain`](crate::decode::DecodeHook)).
    pub fn rest(self) -> Option<&'a Body> {
        self.body_trace().and_then(|b| b.rest.as_ref())
    }

    /// The expression at this position: an attribute's, or a part of one.
    pub fn expression(self) -> Option<Expression> {
        match self.node {
            Node::Expr(e) => Some(e.clone()),
            Node::Sub { file, expr } => Some(Expression::Native {
                file: file.clone(),
                expr: NativeExpr::new(expr.clone()),
            }),
            Node::Syntax(e) => Some(e.to_expression()),
            _ => None,
        }
    }

    /// The attribute this position is in, if it is in one and the decode
    /// recorded it.
    pub fn attribute(self) -> Option<&'a AttrTrace> {
        match self.attr {
            Some(AttrAt::Trace(a)) => Some(a),
            _ => None,
        }
    }

    /// The name of the attribute this position is in.
    pub fn attribute_name(self) -> Option<&'a str> {
        self.attr.map(AttrAt::name)
    }

    /// The whole range (name through value) of the attribute this position
    /// is in.
    pub fn attribute_range(self) -> Option<Range> {
        self.attr.map(AttrAt::range)
    }

    /// The range of the name of the attribute this position is in.
    pub fn attribute_name_range(self) -> Option<Range> {
        self.attr.map(AttrAt::name_range)
    }

    /// The source range of the value at this position, if known.
    pub fn range(self) -> Option<Range> {
        match self.node {
            Node::None => None,
            Node::Block(b) => Some(b.def_range.clone()),
            Node::Expr(e) => Some(e.range()),
            Node::Sub { file, expr } => Some(file.range(expr.span)),
            Node::Syntax(e) => Some(e.range()),
            Node::SyntaxBlock(b) => Some(b.def_range()),
            Node::SyntaxLabel(l) => Some(l.range()),
            Node::Trace(t) => match t {
                Trace::None | Trace::Object(_) | Trace::Tuple(_) => None,
                Trace::Attr(a) => Some(a.expr.range()),
                Trace::Absent(r) | Trace::Label(r) => Some(r.clone()),
                Trace::Expr(e) => Some(e.range()),
                Trace::Block(b) => Some(b.def_range.clone()),
                Trace::Blocks(bs) => bs.first().map(|b| b.def_range.clone()),
                Trace::BlockAttrs { def_range, .. } => Some(def_range.clone()),
                Trace::Body(b) => Some(b.missing.clone()),
            },
        }
    }

    /// Where something missing from the body at this position would go:
    /// for a property of a body (a block field's blocks, say), that body's.
    pub fn missing_range(self) -> Option<Range> {
        match self.body_trace().or(self.parent) {
            Some(b) => Some(b.missing.clone()),
            None => self.range(),
        }
    }

    /// A diagnostic about the value here: `summary` and `detail`, with the
    /// value's range as subject and the attribute as context.
    pub fn diagnostic(self, summary: impl Into<String>, detail: impl Into<String>) -> Diagnostic {
        let mut d = Diagnostic::error(summary, detail);
        d.subject = self.range();
        d.context = self.attribute_range();
        d
    }

    /// An error about the value here (see [`At::diagnostic`]).
    pub fn error(self, summary: impl Into<String>, detail: impl Into<String>) -> Error {
        Error::new(self.diagnostic(summary, detail))
    }

    /// [`At::error`] with a stable [`Code`](hcldecode_spec::diag::Code),
    /// which tools match instead of the wording (and miette shows).
    ///
    /// ```
    /// use hcldecode::diag::Code;
    /// use hcldecode::typed::At;
    /// let e = At::none().coded_error(Code::InvalidValue, "Invalid port", "Not a port name.");
    /// assert_eq!(e.diagnostics()[0].code, Some(Code::InvalidValue));
    /// ```
    pub fn coded_error(
        self,
        code: hcldecode_spec::diag::Code,
        summary: impl Into<String>,
        detail: impl Into<String>,
    ) -> Error {
        Error::new(self.diagnostic(summary, detail).with_code(code))
    }

    /// "Inappropriate value for attribute "x": {what}." (or "for this
    /// value" outside attributes), as "Incorrect attribute value type".
    pub fn type_error(self, what: &str) -> Error {
        self.coded_error(
            hcldecode_spec::diag::Code::IncorrectAttributeValueType,
            "Incorrect attribute value type",
            self.inappropriate(what),
        )
    }

    /// `Inappropriate value for attribute "name": {what}.`, with the path
    /// from the attribute's value to the element here (`.soft: {what}`,
    /// `[1]: {what}`) when this is an element of a literal, as the
    /// engine's element errors write it.
    pub fn inappropriate(self, what: &str) -> String {
        let path = self.element_path();
        let sep = if path.is_empty() { "" } else { ": " };
        match self.attribute_name() {
            Some(name) => format!("Inappropriate value for attribute {name:?}: {path}{sep}{what}."),
            None => format!("Inappropriate value: {path}{sep}{what}."),
        }
    }

    /// The path from the value of the attribute this is in to this
    /// element of it: `.name` for an object item (`["key"]` for a key
    /// that is not a name), `[i]` for a tuple element; empty at the
    /// attribute's value itself or where the syntax does not tell. Found
    /// only when an error asks for it.
    fn element_path(self) -> String {
        let Node::Sub { expr: target, .. } = self.node else {
            return String::new();
        };
        let root = match self.attr {
            Some(AttrAt::Trace(a)) => native(&a.expr),
            Some(AttrAt::Syntax(a)) => match a.expr {
                ExprRef::Native { file, expr } => Some((file, expr.get())),
                ExprRef::Json { .. } => None,
            },
            None => None,
        };
        let mut path = String::new();
        match root {
            Some((file, root)) if path_to(file, root, target, &mut path) => path,
            _ => String::new(),
        }
    }

    /// The error for an unknown value: reported only when no other error
    /// explains it.
    pub fn unknown_value(self) -> Error {
        Error::unknown(
            self.diagnostic(
                "Unknown value",
                self.inappropriate("the value must be known when the configuration is decoded"),
            )
            .with_code(hcldecode_spec::diag::Code::UnknownValue),
        )
    }
}

impl Error {
    /// Gives the diagnostics that have no range yet the range of `at` (and
    /// its attribute as context): errors built without knowing where (a
    /// serde type's own errors) end up at the closest known place.
    pub fn placed_at(self, at: At<'_>) -> Error {
        self.placed_at_range(at.range(), at.attribute_range())
    }
}
