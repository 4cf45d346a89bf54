//! Evaluation of native-syntax expressions: a port of the `Value` methods
//! of hclsyntax's expression nodes, with the same results and diagnostics.
//!
//! Diagnostics go into one vector for the whole evaluation; where HCL
//! inspects a sub-expression's own diagnostics, the evaluator looks at the
//! part of the vector that sub-expression appended.

use std::sync::Arc;

use super::literal::{literal_key, literal_str, literal_value};
use hcldecode_spec::diag::{Code, Diagnostic, Diagnostics};
use hcldecode_spec::source::{Range, SourceFile, Span};
use hcldecode_spec::syntax::native::ast::{Expr, ExprKind, Literal, ObjectItem};
use hcldecode_spec::types::ObjectType;

use super::EvalContext;
use super::ops;
use super::values;
use crate::Type;
use crate::limits::{Budget, Exceeded};
use crate::value::Value;

mod call;
mod for_expr;
#[cfg(test)]
mod literal_tests;
mod object;
mod operators;
mod splat;
mod state;
mod template;
mod traversal;

use state::Evaluator;

/// Deepest expression nesting evaluated before giving up with a diagnostic.
pub(crate) const MAX_DEPTH: usize = 1000;

/// Evaluates `expr` from `file` in `ctx` (`None`: no variables, no
/// functions), appending diagnostics to `diags`.
pub(crate) fn eval(
    file: &Arc<SourceFile>,
    expr: &Expr,
    ctx: Option<&EvalContext>,
    locals: Option<&[(&str, Value)]>,
    budget: &Budget,
    diags: &mut Diagnostics,
) -> Value {
    let mut ev = Evaluator {
        file,
        ctx,
        budget,
        local_scope: locals.is_some(),
        locals: locals
            .unwrap_or(&[])
            .iter()
            .map(|(n, v)| (*n, v.clone()))
            .collect(),
        items: Vec::new(),
        diags,
        depth: 0,
        over_budget: false,
    };
    ev.expr(expr)
}

impl<'a> Evaluator<'a, '_> {
    fn range(&self, span: Span) -> Range {
        self.file.range(span)
    }

    fn text(&self, span: Span) -> &'a str {
        self.file.text(span)
    }

    fn err(&mut self, (code, summary): What, detail: String, subject: Span, context: Option<Span>) {
        let mut d = Diagnostic::error(summary, detail)
            .with_code(code)
            .with_subject(self.range(subject));
        if let Some(c) = context {
            d = d.with_context(self.range(c));
        }
        self.diags.push(d);
    }

    /// [`err`](Self::err) with the values of the variables `expr` refers to
    /// (HCL's `Expression` and `EvalContext` on a diagnostic).
    fn err_x(
        &mut self,
        what: What,
        detail: String,
        subject: Span,
        context: Option<Span>,
        expr: &Expr,
    ) {
        self.err(what, detail, subject, context);
        let values = values::describe_variables(self.file, expr, self.ctx, &self.locals);
        if let Some(d) = self.diags.last_mut() {
            d.values = values;
        }
    }

    /// Gives diagnostics appended since `mark` that have a subject but no
    /// values the values of `expr`'s variables (`setDiagEvalContext`).
    fn annotate_since(&mut self, mark: usize, expr: &Expr) {
        if !self.diags[mark..]
            .iter()
            .any(|d| d.subject.is_some() && d.values.is_empty())
        {
            return;
        }
        let values = values::describe_variables(self.file, expr, self.ctx, &self.locals);
        for d in &mut self.diags[mark..] {
            if d.subject.is_some() && d.values.is_empty() {
                d.values = values.clone();
            }
        }
    }

    /// Charges `v`, one element built at `at`, to the evaluation budget;
    /// `false`, with a "Result too large" error, when it runs out.
    fn charge_element(&mut self, v: &Value, key_bytes: usize, at: Span) -> bool {
        let r = self
            .budget
            .charge(1, key_bytes as u64)
            .and_then(|()| self.budget.charge_value(v));
        self.check_budget(r, at)
    }

    fn check_budget(&mut self, r: Result<(), Exceeded>, at: Span) -> bool {
        match r {
            Ok(()) => !self.over_budget,
            Err(x) => {
                if !self.over_budget {
                    self.over_budget = true;
                    self.err(
                        (Code::ResultTooLarge, "Result too large"),
                        x.detail(),
                        at,
                        None,
                    );
                }
                false
            }
        }
    }

    /// Whether diagnostics appended since `mark` include an error.
    fn errors_since(&self, mark: usize) -> bool {
        self.diags.has_errors_since(mark)
    }

    fn errors_between(&self, start: usize, end: usize) -> bool {
        self.diags[start..end].iter().any(Diagnostic::is_error)
    }

    fn expr(&mut self, e: &'a Expr) -> Value {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.depth -= 1;
            self.err(
                (Code::ExpressionTooDeep, "Expression too deeply nested"),
                format!("Expressions may be nested at most {MAX_DEPTH} levels deep."),
                e.span,
                None,
            );
            return Value::dynamic();
        }
        let v = self.expr_inner(e);
        self.depth -= 1;
        v
    }

    fn expr_inner(&mut self, e: &'a Expr) -> Value {
        match &e.kind {
            ExprKind::Literal(l) => self.literal(l),
            ExprKind::Invalid => Value::dynamic(),
            ExprKind::Parens(inner) => self.expr(inner),
            ExprKind::TemplateWrap { wrapped } => self.expr(wrapped),
            ExprKind::ScopeTraversal { root, steps } => self.scope_traversal(*root, steps),
            ExprKind::RelativeTraversal { source, steps } => {
                let v = self.expr(source);
                let mark = self.diags.len();
                let r = self.traverse(v, steps);
                self.annotate_since(mark, e);
                r
            }
            ExprKind::FunctionCall(c) => self.call(
                e,
                c.name_text(self.file),
                c.name,
                &c.args,
                c.expand_final,
                c.close_paren,
            ),
            ExprKind::Conditional {
                cond,
                true_result,
                false_result,
            } => self.conditional(e, cond, true_result, false_result),
            ExprKind::BinaryOp { op, lhs, rhs } => self.binary(e, *op, lhs, rhs),
            ExprKind::UnaryOp { op, operand, .. } => self.unary(e, *op, operand),
            ExprKind::Tuple { exprs, .. } => {
                let vals = exprs.iter().map(|x| self.expr(x)).collect();
                Value::tuple(vals)
            }
            ExprKind::Object { items, .. } => self.object(items),
            ExprKind::For(f) => self.for_expr(e, f),
            ExprKind::Index {
                collection,
                key,
                brackets,
            } => {
                let coll = self.expr(collection);
                let key = self.expr(key);
                let mark = self.diags.len();
                let file = self.file;
                let r = ops::index(&coll, &key, || file.range(*brackets), self.diags);
                self.annotate_since(mark, e);
                r
            }
            ExprKind::Splat {
                source,
                each,
                item,
                marker,
            } => self.splat(source, each, *item, *marker),
            ExprKind::AnonSymbol { id } => self
                .items
                .iter()
                .rev()
                .find(|(i, _)| i == id)
                .map(|(_, v)| v.clone())
                .unwrap_or_else(Value::dynamic),
            ExprKind::Template { parts } => self.template(e, parts),
            ExprKind::StringTemplate { text, .. } => Value::string(text.get(self.file)),
            ExprKind::TemplateJoin { tuple } => self.template_join(e, tuple),
        }
    }

    fn literal(&mut self, l: &Literal) -> Value {
        literal_value(self.file, l)
    }
}

/// The value of `e` converted to `want`, when `e` is made of literals
/// alone (plain strings, numbers, bools; tuple and object constructors of
/// them, with literal keys, as lists, maps and whole objects) and every
/// part has exactly the type `want` asks for there: what evaluating and then converting gives, without the
/// intermediate tuple or object, and without diagnostics (literals have
/// none). `None` for anything else, which the caller evaluates.
pub(crate) fn literal_as(file: &SourceFile, e: &Expr, want: &Type) -> Option<Value> {
    match (&e.kind, want) {
        (_, Type::String) => literal_str(file, e).map(Value::string),
        (ExprKind::Literal(l @ Literal::Number(_)), Type::Number)
        | (ExprKind::Literal(l @ Literal::Bool(_)), Type::Bool) => {
            let v = literal_value(file, l);
            v.is_known().then_some(v)
        }
        (ExprKind::Tuple { exprs, .. }, Type::List(ety)) => {
            let mut out = Vec::with_capacity(exprs.len());
            for x in exprs {
                out.push(literal_as(file, x, ety)?);
            }
            Some(Value::list_of_type(want.clone(), out))
        }
        (ExprKind::Object { items, .. }, Type::Map(ety)) => {
            let mut out: Vec<(Arc<str>, Value)> = Vec::with_capacity(items.len());
            for item in items {
                let key = literal_key(file, item)?;
                let v = literal_as(file, &item.value, ety)?;
                out.push((crate::value::nfc_arc(&*key), v));
            }
            // As the object value (keys in order, the last of repeated
            // keys) converted to a map.
            crate::value::sort_dedup_last(&mut out);
            Some(Value::map_of_type(want.clone(), out))
        }
        (ExprKind::Object { items, .. }, Type::Object(ot)) => object_literal_as(file, items, ot),
        _ => None,
    }
}

/// [`literal_as`] of an object constructor where the type is an object
/// type: every attribute of the type given (the last of repeated keys
/// counts, as in the object value), and no other; `None` otherwise,
/// where converting the evaluated object would fill optional attributes
/// or report the difference.
fn object_literal_as(
    file: &SourceFile,
    items: &[ObjectItem],
    ot: &Arc<ObjectType>,
) -> Option<Value> {
    let n = ot.len();
    if n > 64 || items.len() < n {
        return None;
    }
    let mut given = 0u64;
    Value::object_filled(ot.clone(), |slots| {
        for item in items {
            let Some(key) = literal_key(file, item) else {
                return false;
            };
            let Some(i) = ot.index_of(&crate::value::normalize_string(&key)) else {
                return false;
            };
            match literal_as(file, &item.value, &ot.attrs()[i].1) {
                Some(v) => slots[i] = v,
                None => return false,
            }
            given |= 1 << i;
        }
        given.count_ones() as usize == n
    })
}

/// A diagnostic's code and summary.
type What = (Code, &'static str);
