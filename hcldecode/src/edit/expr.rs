//! Edits inside an attribute's expression: the items of object
//! constructors (`tags["env"]`), the elements of tuples (`ports[2]`) and
//! the arguments of function calls, addressed from the attribute down, set,
//! inserted and removed in place, keeping the text around them (comments,
//! other items, commas and layout).

use std::fmt::Write as _;

use hcldecode_spec::source::{SourceFile, Span};
use hcldecode_spec::syntax::is_identifier;
use hcldecode_spec::syntax::native::{self, ast};

use super::EditError;
use super::layout::{extent, indent_at, indent_lines, line_start, removal, starts_line};
use super::navigate::BodyMut;
use crate::Value;
use crate::encode;

/// One step from an expression into a part of it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Part {
    /// The item of an object constructor whose (literal) key is this.
    Key(String),
    /// The element of a tuple constructor at this index.
    Index(usize),
    /// The argument of a function call at this index.
    Arg(usize),
}

/// An expression of a [`Document`](super::Document) to edit: an
/// attribute's ([`BodyMut::expr_mut`]) or, step by step, a part of it: an
/// object constructor's item by key ([`key`](ExprMut::key)), a tuple's
/// element by index ([`index`](ExprMut::index)), a function call's argument
/// ([`arg`](ExprMut::arg)). The path is resolved again at each edit.
///
/// Edits keep everything they do not touch: other items with their
/// comments, commas, the layout (one item per line or all on one line). A
/// new item goes on a line of its own, indented as its siblings, in a
/// multi-line constructor, and after a comma in a one-line one; a removed
/// item takes its comments and its comma. In a formatted document `=` is
/// aligned again as `hclfmt` aligns it.
///
/// ```
/// use hcldecode::edit::Document;
/// use hcldecode::Value;
/// let src = "tags = {\n  env  = \"dev\" # stage\n  team = \"web\"\n}\nports = [80, 443]\n";
/// let mut doc: Document = src.parse().unwrap();
/// let mut body = doc.body_mut();
/// body.expr_mut("tags").unwrap().key("env").unwrap().set(&Value::string("prod")).unwrap();
/// body.expr_mut("tags").unwrap().set_item("owner", &Value::string("ops")).unwrap();
/// body.expr_mut("tags").unwrap().remove_item("team").unwrap();
/// let mut ports = body.expr_mut("ports").unwrap();
/// ports.push(&Value::int(8080)).unwrap();
/// ports.remove(0).unwrap();
/// assert_eq!(
///     doc.to_string(),
///     "tags = {\n  env   = \"prod\" # stage\n  owner = \"ops\"\n}\nports = [443, 8080]\n",
/// );
/// ```
#[derive(Debug)]
pub struct ExprMut<'a> {
    body: BodyMut<'a>,
    attr: String,
    parts: Vec<Part>,
}

/// What an expression is, for typed write-back: which of its parts can be
/// edited one by one.
pub(super) enum Shape {
    /// An object constructor: its literal keys, and how many items it has
    /// (more than keys when a key is an expression).
    Object {
        /// The literal keys in source order.
        keys: Vec<String>,
        /// All items.
        items: usize,
    },
    /// A tuple constructor with this many elements.
    Tuple(usize),
    /// A call of a function with a plain name (no `...` after its last
    /// argument) and this many arguments.
    Call {
        /// The function's name.
        name: String,
        /// How many arguments.
        args: usize,
    },
    /// Anything else.
    Other,
}

/// What holds the parts of an expression: where they are and how they are
/// separated.
struct Seq {
    /// Each part's span: an object item from its key through its value.
    items: Vec<Span>,
    /// After the opening bracket.
    open: usize,
    /// At the closing bracket.
    close: usize,
    /// Whether parts are always separated by commas (tuples, arguments);
    /// object items may be separated by line breaks only.
    commas: bool,
}

impl BodyMut<'_> {
    /// The expression of attribute `name`, to edit inside it.
    ///
    /// ```
    /// use hcldecode::edit::{Document, EditError};
    /// let mut doc: Document = "a = [1, 2]\n".parse().unwrap();
    /// assert_eq!(doc.body_mut().expr_mut("a").unwrap().text().as_deref(), Some("[1, 2]"));
    /// assert!(matches!(doc.body_mut().expr_mut("b"), Err(EditError::NoSuchAttribute(_))));
    /// ```
    pub fn expr_mut(&mut self, name: &str) -> Result<ExprMut<'_>, EditError> {
        let e = ExprMut {
            body: BodyMut {
                doc: &mut *self.doc,
                path: self.path.clone(),
            },
            attr: name.to_string(),
            parts: Vec::new(),
        };
        e.with_expr(|_, _| ())?;
        Ok(e)
    }
}

impl<'a> ExprMut<'a> {
    /// The item of this object constructor whose key is `key` (written
    /// `key`, `"key"`; a parenthesised key is an expression, never matched).
    ///
    /// ```
    /// use hcldecode::edit::{Document, EditError};
    /// let mut doc: Document = "a = { \"b\" = { c = 1 } }\n".parse().unwrap();
    /// let mut body = doc.body_mut();
    /// let c = body.expr_mut("a").unwrap().key("b").unwrap().key("c").unwrap();
    /// assert_eq!(c.text().as_deref(), Some("1"));
    /// let err = body.expr_mut("a").unwrap().key("x").unwrap_err();
    /// assert_eq!(err.to_string(), "no item a[\"x\"]");
    /// ```
    pub fn key(self, key: &str) -> Result<ExprMut<'a>, EditError> {
        self.step(Part::Key(key.to_string()))
    }

    /// The element at `index` (from 0) of this tuple constructor.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a = [1, [2, 3]]\n".parse().unwrap();
    /// let mut body = doc.body_mut();
    /// let three = body.expr_mut("a").unwrap().index(1).unwrap().index(1).unwrap();
    /// assert_eq!(three.text().as_deref(), Some("3"));
    /// assert!(body.expr_mut("a").unwrap().index(2).is_err());
    /// ```
    pub fn index(self, index: usize) -> Result<ExprMut<'a>, EditError> {
        self.step(Part::Index(index))
    }

    /// The argument at `index` (from 0) of this function call: how the
    /// object of `merge(local.base, { ... })` is reached.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// use hcldecode::Value;
    /// let mut doc: Document = "env = merge(local.base, { A = 1 })\n".parse().unwrap();
    /// let mut env = doc.body_mut();
    /// let mut env = env.expr_mut("env").unwrap().arg(1).unwrap();
    /// env.set_item("B", &Value::int(2)).unwrap();
    /// assert_eq!(doc.to_string(), "env = merge(local.base, { A = 1, B = 2 })\n");
    /// ```
    pub fn arg(self, index: usize) -> Result<ExprMut<'a>, EditError> {
        self.step(Part::Arg(index))
    }

    /// What the expression is.
    pub(super) fn shape(&self) -> Shape {
        self.with_expr(|src, e| match &e.kind {
            ast::ExprKind::Object { items, .. } => Shape::Object {
                keys: items.iter().filter_map(|i| literal_key(src, i)).collect(),
                items: items.len(),
            },
            ast::ExprKind::Tuple { exprs, .. } => Shape::Tuple(exprs.len()),
            ast::ExprKind::FunctionCall(call)
                if call.namespaced.is_none() && !call.expand_final =>
            {
                Shape::Call {
                    name: src.text(call.name).to_string(),
                    args: call.args.len(),
                }
            }
            _ => Shape::Other,
        })
        .unwrap_or(Shape::Other)
    }

    /// A handle on the same expression, borrowing this one (to step into
    /// a part and keep this handle).
    pub(super) fn reborrow(&mut self) -> ExprMut<'_> {
        ExprMut {
            body: BodyMut {
                doc: &mut *self.body.doc,
                path: self.body.path.clone(),
            },
            attr: self.attr.clone(),
            parts: self.parts.clone(),
        }
    }

    fn step(mut self, part: Part) -> Result<ExprMut<'a>, EditError> {
        self.parts.push(part);
        self.with_expr(|_, _| ())?;
        Ok(self)
    }

    /// The expression's text, as written.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a = { b = var.x }\n".parse().unwrap();
    /// let mut body = doc.body_mut();
    /// assert_eq!(body.expr_mut("a").unwrap().key("b").unwrap().text().as_deref(), Some("var.x"));
    /// ```
    pub fn text(&self) -> Option<String> {
        self.with_expr(|src, e| src.text(e.span).to_string()).ok()
    }

    /// The literal keys of this object constructor, in source order (none
    /// for other expressions; a parenthesised key is left out).
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a = { x = 1, \"y z\" = 2, (k) = 3 }\n".parse().unwrap();
    /// assert_eq!(doc.body_mut().expr_mut("a").unwrap().keys(), ["x", "y z"]);
    /// ```
    pub fn keys(&self) -> Vec<String> {
        self.with_expr(|src, e| match &e.kind {
            ast::ExprKind::Object { items, .. } => {
                items.iter().filter_map(|i| literal_key(src, i)).collect()
            }
            _ => Vec::new(),
        })
        .unwrap_or_default()
    }

    /// How many elements this tuple (items this object, arguments this
    /// call) has; 0 for other expressions.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a = [1, 2, 3]\n".parse().unwrap();
    /// assert_eq!(doc.body_mut().expr_mut("a").unwrap().len(), 3);
    /// ```
    pub fn len(&self) -> usize {
        self.with_expr(|_, e| seq_of(e).map_or(0, |s| s.items.len()))
            .unwrap_or(0)
    }

    /// Whether [`len`](ExprMut::len) is 0.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a = []\n".parse().unwrap();
    /// assert!(doc.body_mut().expr_mut("a").unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Replaces this expression with `value` (written by
    /// [`encode::expression`]); the text around it stays.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// use hcldecode::Value;
    /// let mut doc: Document = "a = [1, 2 /* two */, 3]\n".parse().unwrap();
    /// doc.body_mut().expr_mut("a").unwrap().index(1).unwrap().set(&Value::int(20)).unwrap();
    /// assert_eq!(doc.to_string(), "a = [1, 20 /* two */, 3]\n");
    /// ```
    pub fn set(&mut self, value: &Value) -> Result<(), EditError> {
        let text = encode::expression(value)?;
        self.replace(&text)
    }

    /// Replaces this expression with `expr`, given as text (it must parse as
    /// one expression, else [`EditError::Syntax`]).
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a = { b = 1 }\n".parse().unwrap();
    /// doc.body_mut().expr_mut("a").unwrap().key("b").unwrap().set_expr("var.b").unwrap();
    /// assert_eq!(doc.to_string(), "a = { b = var.b }\n");
    /// ```
    pub fn set_expr(&mut self, expr: &str) -> Result<(), EditError> {
        self.replace(checked(expr)?)
    }

    fn replace(&mut self, text: &str) -> Result<(), EditError> {
        let nl = self.body.doc.newline();
        let (span, indent) = self.with_expr(|src, e| {
            let at = e.span.start as usize;
            (e.span, indent_at(src.source(), at).to_string())
        })?;
        let with = indent_lines(text, &indent, nl);
        self.body.doc.splice(span, &with)
    }

    /// Sets the item `key` of this object constructor to `value`: its
    /// value is replaced when it has the key, else a new item goes after
    /// the last one.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// use hcldecode::Value;
    /// let mut doc: Document = "a = {\n  x = 1, # one\n}\nb = {}\n".parse().unwrap();
    /// let mut body = doc.body_mut();
    /// body.expr_mut("a").unwrap().set_item("y z", &Value::int(2)).unwrap();
    /// body.expr_mut("b").unwrap().set_item("k", &Value::bool(true)).unwrap();
    /// assert_eq!(doc.to_string(), "a = {\n  x     = 1, # one\n  \"y z\" = 2,\n}\nb = { k = true }\n");
    /// ```
    pub fn set_item(&mut self, key: &str, value: &Value) -> Result<(), EditError> {
        let text = encode::expression(value)?;
        self.put_item(key, &text)
    }

    /// [`set_item`](ExprMut::set_item) with the value given as text (it
    /// must parse as one expression).
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a = { x = 1 }\n".parse().unwrap();
    /// doc.body_mut().expr_mut("a").unwrap().set_item_expr("y", "upper(var.y)").unwrap();
    /// assert_eq!(doc.to_string(), "a = { x = 1, y = upper(var.y) }\n");
    /// ```
    pub fn set_item_expr(&mut self, key: &str, expr: &str) -> Result<(), EditError> {
        let text = checked(expr)?.to_string();
        self.put_item(key, &text)
    }

    fn put_item(&mut self, key: &str, text: &str) -> Result<(), EditError> {
        if self.keys().iter().any(|k| k == key) {
            return self.reborrow().key(key)?.replace(text);
        }
        self.object_seq()?;
        let key_text = if is_identifier(key) {
            key.to_string()
        } else {
            encode::expression(&Value::string(key))?
        };
        let n = self.len();
        self.insert_part(n, &format!("{key_text} = {text}"))
    }

    /// Removes the item `key` of this object constructor, with its
    /// comments and its comma.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a = {\n  # about x\n  x = 1\n  y = 2\n}\nb = { x = 1, y = 2 }\n".parse().unwrap();
    /// let mut body = doc.body_mut();
    /// body.expr_mut("a").unwrap().remove_item("x").unwrap();
    /// body.expr_mut("b").unwrap().remove_item("y").unwrap();
    /// assert_eq!(doc.to_string(), "a = {\n  y = 2\n}\nb = { x = 1 }\n");
    /// ```
    pub fn remove_item(&mut self, key: &str) -> Result<(), EditError> {
        self.object_seq()?;
        let at = self
            .with_expr(|src, e| match &e.kind {
                ast::ExprKind::Object { items, .. } => items
                    .iter()
                    .position(|i| literal_key(src, i).as_deref() == Some(key)),
                _ => None,
            })?
            .ok_or_else(|| EditError::NoSuchItem(self.describe(Some(&Part::Key(key.into())))))?;
        self.remove_part(at)
    }

    /// Adds `value` after the last element of this tuple constructor.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// use hcldecode::Value;
    /// let mut doc: Document = "a = [\n  \"x\", # first\n]\n".parse().unwrap();
    /// doc.body_mut().expr_mut("a").unwrap().push(&Value::string("y")).unwrap();
    /// assert_eq!(doc.to_string(), "a = [\n  \"x\", # first\n  \"y\",\n]\n");
    /// ```
    pub fn push(&mut self, value: &Value) -> Result<(), EditError> {
        let n = self.tuple_len()?;
        self.insert(n, value)
    }

    /// [`push`](ExprMut::push) with the element given as text.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a = []\n".parse().unwrap();
    /// doc.body_mut().expr_mut("a").unwrap().push_expr("var.x").unwrap();
    /// assert_eq!(doc.to_string(), "a = [var.x]\n");
    /// ```
    pub fn push_expr(&mut self, expr: &str) -> Result<(), EditError> {
        let n = self.tuple_len()?;
        self.insert_expr(n, expr)
    }

    /// Inserts `value` as the element at `index` of this tuple constructor
    /// (`index` at most its length).
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// use hcldecode::Value;
    /// let mut doc: Document = "a = [1, 3]\n".parse().unwrap();
    /// doc.body_mut().expr_mut("a").unwrap().insert(1, &Value::int(2)).unwrap();
    /// assert_eq!(doc.to_string(), "a = [1, 2, 3]\n");
    /// ```
    pub fn insert(&mut self, index: usize, value: &Value) -> Result<(), EditError> {
        let text = encode::expression(value)?;
        self.insert_element(index, &text)
    }

    /// [`insert`](ExprMut::insert) with the element given as text.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a = [\n  1,\n  3,\n]\n".parse().unwrap();
    /// doc.body_mut().expr_mut("a").unwrap().insert_expr(1, "var.two").unwrap();
    /// assert_eq!(doc.to_string(), "a = [\n  1,\n  var.two,\n  3,\n]\n");
    /// ```
    pub fn insert_expr(&mut self, index: usize, expr: &str) -> Result<(), EditError> {
        let text = checked(expr)?.to_string();
        self.insert_element(index, &text)
    }

    fn insert_element(&mut self, index: usize, text: &str) -> Result<(), EditError> {
        let n = self.tuple_len()?;
        if index > n {
            return Err(EditError::NoSuchItem(
                self.describe(Some(&Part::Index(index))),
            ));
        }
        self.insert_part(index, text)
    }

    /// Removes the element at `index` of this tuple constructor, with its
    /// comments and its comma.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a = [\n  1,\n  # two\n  2,\n  3,\n]\n".parse().unwrap();
    /// doc.body_mut().expr_mut("a").unwrap().remove(1).unwrap();
    /// assert_eq!(doc.to_string(), "a = [\n  1,\n  3,\n]\n");
    /// ```
    pub fn remove(&mut self, index: usize) -> Result<(), EditError> {
        if index >= self.tuple_len()? {
            return Err(EditError::NoSuchItem(
                self.describe(Some(&Part::Index(index))),
            ));
        }
        self.remove_part(index)
    }

    /// The number of elements, when this is a tuple constructor.
    fn tuple_len(&self) -> Result<usize, EditError> {
        let n = self.with_expr(|_, e| match &e.kind {
            ast::ExprKind::Tuple { exprs, .. } => Some(exprs.len()),
            _ => None,
        })?;
        n.ok_or_else(|| EditError::NotACollection(self.describe(None)))
    }

    /// That this is an object constructor.
    fn object_seq(&self) -> Result<(), EditError> {
        let is = self.with_expr(|_, e| matches!(e.kind, ast::ExprKind::Object { .. }))?;
        if is {
            Ok(())
        } else {
            Err(EditError::NotACollection(self.describe(None)))
        }
    }

    /// Inserts `text` as the part at `index` of this constructor.
    fn insert_part(&mut self, index: usize, text: &str) -> Result<(), EditError> {
        let nl = self.body.doc.newline();
        let (seq, tuple) = self.with_expr(|_, e| {
            let tuple = matches!(e.kind, ast::ExprKind::Tuple { .. });
            (seq_of(e), tuple)
        })?;
        let seq = seq.ok_or_else(|| EditError::NotACollection(self.describe(None)))?;
        let doc_text = self.body.doc.text();
        let (span, with) = insertion(doc_text, &seq, index, text, tuple, nl);
        self.body.doc.splice(span, &with)
    }

    /// Removes the part at `index` of this constructor.
    fn remove_part(&mut self, index: usize) -> Result<(), EditError> {
        let seq = self
            .with_expr(|_, e| seq_of(e))?
            .ok_or_else(|| EditError::NotACollection(self.describe(None)))?;
        let span = cut(self.body.doc.text(), &seq, index);
        self.body.doc.splice(span, "")
    }

    /// Runs `f` on the expression at the path, in the current text.
    fn with_expr<R>(&self, f: impl FnOnce(&SourceFile, &ast::Expr) -> R) -> Result<R, EditError> {
        let (body, _) = self.body.here()?;
        let src = self.body.doc.source();
        let attr = body
            .attribute(src, &self.attr)
            .ok_or_else(|| EditError::NoSuchAttribute(self.attr.clone()))?;
        let mut expr = &attr.expr;
        for (i, part) in self.parts.iter().enumerate() {
            expr = part_of(src, expr, part).ok_or_else(|| {
                let mut at = ExprMut::describe_parts(&self.attr, &self.parts[..i]);
                write_part(&mut at, part);
                EditError::NoSuchItem(at)
            })?;
        }
        Ok(f(src, expr))
    }

    /// `tags["env"][2]`, for errors: the path and one more part.
    fn describe(&self, more: Option<&Part>) -> String {
        let mut s = ExprMut::describe_parts(&self.attr, &self.parts);
        if let Some(p) = more {
            write_part(&mut s, p);
        }
        s
    }

    fn describe_parts(attr: &str, parts: &[Part]) -> String {
        let mut s = attr.to_string();
        for p in parts {
            write_part(&mut s, p);
        }
        s
    }
}

fn write_part(s: &mut String, p: &Part) {
    let _ = match p {
        Part::Key(k) => write!(s, "[{k:?}]"),
        Part::Index(i) => write!(s, "[{i}]"),
        Part::Arg(i) => write!(s, "(argument {})", i + 1),
    };
}

/// `expr`, trimmed, when it parses as one expression.
pub(super) fn checked(expr: &str) -> Result<&str, EditError> {
    let src = SourceFile::new("expression", expr);
    let (_, diags) = native::parse_expression(&src);
    if diags.has_errors() {
        return Err(EditError::Syntax(diags));
    }
    Ok(expr.trim())
}

/// The part of `expr` that `part` names.
fn part_of<'e>(src: &SourceFile, expr: &'e ast::Expr, part: &Part) -> Option<&'e ast::Expr> {
    match (&expr.kind, part) {
        (ast::ExprKind::Object { items, .. }, Part::Key(k)) => items
            .iter()
            .find(|i| literal_key(src, i).as_deref() == Some(k.as_str()))
            .map(|i| &i.value),
        (ast::ExprKind::Tuple { exprs, .. }, Part::Index(i)) => exprs.get(*i),
        (ast::ExprKind::FunctionCall(call), Part::Arg(i)) => call.args.get(*i),
        _ => None,
    }
}

/// The key of an object item written as a literal: a bare identifier (or
/// `null`, `true`, `false`) or a quoted string without interpolations.
pub(super) fn literal_key(src: &SourceFile, item: &ast::ObjectItem) -> Option<String> {
    if item.force_non_literal {
        return None;
    }
    match &item.key.kind {
        ast::ExprKind::ScopeTraversal { root, steps } if steps.is_empty() => {
            Some(src.text(*root).to_string())
        }
        ast::ExprKind::StringTemplate { text, .. } => Some(text.get(src).to_string()),
        ast::ExprKind::Literal(ast::Literal::Null) => Some("null".into()),
        ast::ExprKind::Literal(ast::Literal::Bool(b)) => Some(b.to_string()),
        _ => None,
    }
}

/// The parts of a constructor or call, with its brackets.
fn seq_of(expr: &ast::Expr) -> Option<Seq> {
    let (open, close) = (expr.span.start as usize + 1, expr.span.end as usize - 1);
    match &expr.kind {
        ast::ExprKind::Object { items, .. } => Some(Seq {
            items: items
                .iter()
                .map(|i| Span::new(i.key.span.start, i.value.span.end))
                .collect(),
            open,
            close,
            commas: false,
        }),
        ast::ExprKind::Tuple { exprs, .. } => Some(Seq {
            items: exprs.iter().map(|e| e.span).collect(),
            open,
            close,
            commas: true,
        }),
        ast::ExprKind::FunctionCall(call) => Some(Seq {
            items: call.args.iter().map(|e| e.span).collect(),
            open: call.open_paren.end as usize,
            close: call.close_paren.start as usize,
            commas: true,
        }),
        _ => None,
    }
}

/// Where a part's comma ends, when a comma follows it (spaces between);
/// its end otherwise.
fn after_comma(text: &str, end: usize) -> usize {
    let rest = &text[end..];
    let trimmed = rest.trim_start_matches([' ', '\t']);
    if trimmed.starts_with(',') {
        end + (rest.len() - trimmed.len()) + 1
    } else {
        end
    }
}

/// The part at `span` with its comma, when it has its lines to itself
/// (comments above and after it included): the lines it owns.
fn owned_lines(text: &str, span: Span) -> Option<Span> {
    let with_comma = Span::new(span.start, after_comma(text, span.end as usize) as u32);
    let ext = extent(text, with_comma);
    let owns = starts_line(text, span.start as usize)
        && (ext.end as usize == text.len() || text.as_bytes()[ext.end as usize - 1] == b'\n');
    owns.then_some(ext)
}

/// The splice that inserts `text` as part `index` of `seq`.
fn insertion(
    doc: &str,
    seq: &Seq,
    index: usize,
    text: &str,
    tuple: bool,
    nl: &str,
) -> (Span, String) {
    let n = seq.items.len();
    let multi_line = doc[seq.open..seq.close].contains('\n');
    if n == 0 {
        if multi_line && starts_line(doc, seq.close) {
            let indent = format!("{}  ", indent_at(doc, seq.open));
            let comma = if tuple { "," } else { "" };
            let line = format!("{indent}{}{comma}{nl}", indent_lines(text, &indent, nl));
            return (Span::empty(line_start(doc, seq.close) as u32), line);
        }
        let with = if tuple {
            text.to_string()
        } else {
            format!(" {text} ")
        };
        return (Span::new(seq.open as u32, seq.close as u32), with);
    }
    // Beside the part before (at the end) or after it.
    let (near, after) = if index == n {
        (n - 1, true)
    } else {
        (index, false)
    };
    let s = seq.items[near];
    let comma_end = after_comma(doc, s.end as usize);
    let has_comma = comma_end != s.end as usize;
    if let Some(lines) = owned_lines(doc, s) {
        let indent = indent_at(doc, s.start as usize).to_string();
        let body = indent_lines(text, &indent, nl);
        if after {
            // The last part: its comma when the list uses trailing commas
            // (a tuple's last element gets one when it had none).
            let comma = if has_comma { "," } else { "" };
            let line = format!("{indent}{body}{comma}{nl}");
            if seq.commas && !has_comma {
                let e = s.end as usize;
                let mut with = String::from(",");
                with.push_str(&doc[e..lines.end as usize]);
                with.push_str(&line);
                return (Span::new(e as u32, lines.end), with);
            }
            return (Span::empty(lines.end), line);
        }
        let comma = if seq.commas || has_comma { "," } else { "" };
        return (
            Span::empty(lines.start),
            format!("{indent}{body}{comma}{nl}"),
        );
    }
    if after {
        let with = format!(", {text}");
        (Span::empty(s.end), with)
    } else {
        (Span::empty(s.start), format!("{text}, "))
    }
}

/// The span to remove with part `index` of `seq`: its lines (with its
/// comments) when it has them to itself, else its text and a comma.
fn cut(doc: &str, seq: &Seq, index: usize) -> Span {
    let s = seq.items[index];
    if owned_lines(doc, s).is_some() {
        let with_comma = Span::new(s.start, after_comma(doc, s.end as usize) as u32);
        return removal(doc, with_comma, (seq.open, seq.close));
    }
    let n = seq.items.len();
    if n == 1 {
        return Span::new(seq.open as u32, seq.close as u32);
    }
    if index + 1 < n {
        Span::new(s.start, seq.items[index + 1].start)
    } else {
        Span::new(seq.items[index - 1].end, s.end)
    }
}
