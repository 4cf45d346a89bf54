//! Static analysis of native-syntax expressions: the variables an
//! expression refers to, and reading expressions as keywords, traversals,
//! lists and maps (`hclsyntax.Variables`, `hcl.ExprAsKeyword`,
//! `hcl.AbsTraversalForExpr`, `hcl.ExprList`, `hcl.ExprMap`).

use super::ast::{Expr, ExprKind, Literal, ObjectItem, Step};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::source::{SourceFile, Span};

/// An absolute traversal: a root variable name and the steps after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Traversal {
    /// The root name (an identifier, or the keyword `null`, `true` or
    /// `false` when a literal is read as a traversal).
    pub root: Span,
    /// Attribute and index steps after the root.
    pub steps: Vec<Step>,
    /// From the root through the last step (`SourceRange()`).
    pub span: Span,
}

impl Traversal {
    fn new(root: Span, steps: Vec<Step>) -> Traversal {
        let end = steps.last().map_or(root, Step::span);
        Traversal {
            root,
            steps,
            span: Span::new(root.start, end.end.max(root.start)),
        }
    }

    /// The root name's text.
    pub fn root_name<'a>(&self, src: &'a SourceFile) -> &'a str {
        src.text(self.root)
    }
}

/// The variables `expr` refers to, in the order hclsyntax's `Variables`
/// finds them: a depth-first walk, skipping names declared by an enclosing
/// `for` expression (within its key, value and condition) and the
/// anonymous symbols of splats.
///
/// ```
/// use hcldecode_spec::source::SourceFile;
/// use hcldecode_spec::syntax::native::{analysis, parse_expression};
/// let f = SourceFile::new("e", "[for x in a.b : x + c[0]]");
/// let (e, diags) = parse_expression(&f);
/// assert!(diags.is_empty());
/// let names: Vec<_> = analysis::variables(&e, &f)
///     .iter()
///     .map(|t| f.text(t.span).to_string())
///     .collect();
/// assert_eq!(names, ["a.b", "c[0]"]);
/// ```
pub fn variables(expr: &Expr, src: &SourceFile) -> Vec<Traversal> {
    let mut w = VarWalker {
        src,
        scopes: Vec::new(),
        out: Vec::new(),
    };
    w.walk(expr);
    w.out
}

struct VarWalker<'a> {
    src: &'a SourceFile,
    scopes: Vec<[Option<Span>; 2]>,
    out: Vec<Traversal>,
}

impl VarWalker<'_> {
    fn is_local(&self, name: &str) -> bool {
        self.scopes
            .iter()
            .any(|names| names.iter().flatten().any(|s| self.src.text(*s) == name))
    }

    fn scoped(&mut self, names: [Option<Span>; 2], e: &Expr) {
        self.scopes.push(names);
        self.walk(e);
        self.scopes.pop();
    }

    fn walk(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Literal(_) | ExprKind::Invalid | ExprKind::AnonSymbol { .. } => {}
            ExprKind::ScopeTraversal { root, steps } => {
                if !self.is_local(self.src.text(*root)) {
                    self.out.push(Traversal::new(*root, steps.to_vec()));
                }
            }
            ExprKind::RelativeTraversal { source, .. } => self.walk(source),
            ExprKind::FunctionCall(call) => {
                for a in &call.args {
                    self.walk(a);
                }
            }
            ExprKind::Conditional {
                cond,
                true_result,
                false_result,
            } => {
                self.walk(cond);
                self.walk(true_result);
                self.walk(false_result);
            }
            ExprKind::BinaryOp { lhs, rhs, .. } => {
                self.walk(lhs);
                self.walk(rhs);
            }
            ExprKind::UnaryOp { operand, .. } => self.walk(operand),
            ExprKind::Tuple { exprs, .. } => {
                for x in exprs {
                    self.walk(x);
                }
            }
            ExprKind::Object { items, .. } => {
                for it in items {
                    if expr_as_keyword(&it.key, self.src).is_none() {
                        self.walk(&it.key);
                    }
                    self.walk(&it.value);
                }
            }
            ExprKind::For(f) => {
                self.walk(&f.coll);
                let names = [f.key_var, Some(f.val_var)];
                if let Some(k) = &f.key_expr {
                    self.scoped(names, k);
                }
                self.scoped(names, &f.val_expr);
                if let Some(c) = &f.cond {
                    self.scoped(names, c);
                }
            }
            ExprKind::Index {
                collection, key, ..
            } => {
                self.walk(collection);
                self.walk(key);
            }
            ExprKind::Splat { source, each, .. } => {
                self.walk(source);
                self.walk(each);
            }
            ExprKind::Template { parts } => {
                for p in parts {
                    self.walk(p);
                }
            }
            ExprKind::StringTemplate { .. } => {}
            ExprKind::TemplateJoin { tuple } => self.walk(tuple),
            ExprKind::TemplateWrap { wrapped } => self.walk(wrapped),
            ExprKind::Parens(inner) => self.walk(inner),
        }
    }
}

/// The expression read as a traversal (`AsTraversal`), if it can be.
fn as_traversal(expr: &Expr) -> Option<Traversal> {
    match &expr.kind {
        ExprKind::Literal(Literal::Null | Literal::Bool(_)) => {
            Some(Traversal::new(expr.span, Vec::new()))
        }
        ExprKind::ScopeTraversal { root, steps } => Some(Traversal {
            root: *root,
            steps: steps.to_vec(),
            span: expr.span,
        }),
        ExprKind::RelativeTraversal { source, steps } => {
            let mut t = as_traversal(source)?;
            t.steps.extend(steps.iter().cloned());
            let end = t.steps.last().map_or(t.root, Step::span);
            t.span = Span::new(t.root.start, end.end.max(t.root.start));
            Some(t)
        }
        _ => None,
    }
}

/// `hcl.ExprAsKeyword`: the name of a bare identifier (or of the keywords
/// `null`, `true`, `false`), or `None` for anything else.
///
/// ```
/// use hcldecode_spec::source::SourceFile;
/// use hcldecode_spec::syntax::native::{analysis, parse_expression};
/// let f = SourceFile::new("e", "string");
/// let (e, _) = parse_expression(&f);
/// assert_eq!(analysis::expr_as_keyword(&e, &f), Some("string"));
/// ```
pub fn expr_as_keyword<'a>(expr: &Expr, src: &'a SourceFile) -> Option<&'a str> {
    match &expr.kind {
        ExprKind::Literal(Literal::Null) => Some("null"),
        ExprKind::Literal(Literal::Bool(true)) => Some("true"),
        ExprKind::Literal(Literal::Bool(false)) => Some("false"),
        ExprKind::ScopeTraversal { root, steps } if steps.is_empty() => Some(src.text(*root)),
        _ => None,
    }
}

/// `hcl.ExprAsKeyword` applied to an object constructor key
/// (`ObjectConsKeyExpr`): a parenthesised key is never a keyword.
pub fn object_key_as_keyword<'a>(item: &ObjectItem, src: &'a SourceFile) -> Option<&'a str> {
    if item.force_non_literal {
        return None;
    }
    expr_as_keyword(&item.key, src)
}

/// `hcl.AbsTraversalForExpr`: the expression read as a static traversal
/// (a variable with attribute and literal index steps), or the diagnostic
/// hcl reports.
pub fn abs_traversal_for_expr(expr: &Expr, src: &SourceFile) -> Result<Traversal, Diagnostics> {
    as_traversal(expr).ok_or_else(|| {
        Diagnostics::from(
            Diagnostic::error(
                "Invalid expression",
                "A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.",
            )
            .with_subject(src.range(expr.span)),
        )
    })
}

/// `hcl.ExprList`: the elements of a tuple constructor `[a, b]`.
pub fn expr_list<'e>(expr: &'e Expr, src: &SourceFile) -> Result<Vec<&'e Expr>, Diagnostics> {
    match &expr.kind {
        ExprKind::Tuple { exprs, .. } => Ok(exprs.iter().collect()),
        _ => Err(Diagnostics::from(
            Diagnostic::error(
                "Invalid expression",
                "A static list expression is required.",
            )
            .with_subject(src.range(expr.start_span())),
        )),
    }
}

/// `hcl.ExprMap`: the items of an object constructor `{ k = v }`. Each
/// item's key is an `ObjectConsKeyExpr` in hcl terms: see
/// [`ObjectItem::force_non_literal`] and [`object_key_as_keyword`].
pub fn expr_map<'e>(expr: &'e Expr, src: &SourceFile) -> Result<Vec<&'e ObjectItem>, Diagnostics> {
    match &expr.kind {
        ExprKind::Object { items, .. } => Ok(items.iter().collect()),
        _ => Err(Diagnostics::from(
            Diagnostic::error("Invalid expression", "A static map expression is required.")
                .with_subject(src.range(expr.start_span())),
        )),
    }
}
