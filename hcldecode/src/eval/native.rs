//! Evaluation of native-syntax expressions: a port of the `Value` methods
//! of hclsyntax's expression nodes, with the same results and diagnostics.
//!
//! Diagnostics go into one vector for the whole evaluation; where HCL
//! inspects a sub-expression's own diagnostics, the evaluator looks at the
//! part of the vector that sub-expression appended.

use std::collections::HashMap;
use std::sync::Arc;

use super::literal::literal_value;
use hcldecode_spec::diag::{Code, Diagnostic, Diagnostics};
use hcldecode_spec::source::{Range, SourceFile, Span};
use hcldecode_spec::spec::type_constraint::get_type;
use hcldecode_spec::syntax::native::analysis::expr_as_keyword;
use hcldecode_spec::syntax::native::ast::{
    BinaryOp, Expr, ExprKind, ForExpr, Literal, Step, UnaryOp,
};
use hcldecode_spec::syntax::suggest::{did_you_mean, name_suggestion};

use super::EvalContext;
use super::ops;
use super::values;
use crate::Type;
use crate::function::{Function, stdlib};
use crate::limits::{self, Exceeded};
use crate::value::convert::{convert, fill_optional, get_conversion_unsafe, unify_unsafe};
use crate::value::{Number, Value, ValueRef};

/// A function call argument: an expression, or one element of an expanded
/// final argument (`f(xs...)`).
enum CallArg<'x> {
    Expr(&'x Expr),
    Value(Value, Span),
}

/// Deepest expression nesting evaluated before giving up with a diagnostic.
pub(crate) const MAX_DEPTH: usize = 1000;

/// Evaluates `expr` from `file` in `ctx` (`None`: no variables, no
/// functions), appending diagnostics to `diags`.
pub(crate) fn eval(
    file: &Arc<SourceFile>,
    expr: &Expr,
    ctx: Option<&EvalContext>,
    locals: Option<&[(&str, Value)]>,
    diags: &mut Diagnostics,
) -> Value {
    let mut ev = Evaluator {
        file,
        ctx,
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

struct Evaluator<'a, 'd> {
    file: &'a Arc<SourceFile>,
    ctx: Option<&'a EvalContext>,
    /// Whether the evaluation has a scope of local variables (a function's
    /// parameters, a transform's `nested`) even if it is empty.
    local_scope: bool,
    /// Local variables and `for` variables in scope, innermost last.
    locals: Vec<(&'a str, Value)>,
    /// Current splat elements by anonymous-symbol id, innermost last.
    items: Vec<(u32, Value)>,
    diags: &'d mut Diagnostics,
    depth: usize,
    /// Whether the evaluation budget ran out ("Result too large" was
    /// reported): loops stop and results are unknown from then on.
    over_budget: bool,
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
        if let Some(d) = self.diags.0.last_mut() {
            d.values = values;
        }
    }

    /// Gives diagnostics appended since `mark` that have a subject but no
    /// values the values of `expr`'s variables (`setDiagEvalContext`).
    fn annotate_since(&mut self, mark: usize, expr: &Expr) {
        if !self.diags.0[mark..]
            .iter()
            .any(|d| d.subject.is_some() && d.values.is_empty())
        {
            return;
        }
        let values = values::describe_variables(self.file, expr, self.ctx, &self.locals);
        for d in &mut self.diags.0[mark..] {
            if d.subject.is_some() && d.values.is_empty() {
                d.values = values.clone();
            }
        }
    }

    /// Charges `v`, one element built at `at`, to the evaluation budget;
    /// `false`, with a "Result too large" error, when it runs out.
    fn charge_element(&mut self, v: &Value, key_bytes: usize, at: Span) -> bool {
        let r = limits::charge(1, key_bytes as u64).and_then(|()| limits::charge_value(v));
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
        self.diags.0[mark..].iter().any(Diagnostic::is_error)
    }

    fn errors_between(&self, start: usize, end: usize) -> bool {
        self.diags.0[start..end].iter().any(Diagnostic::is_error)
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
                let r = ops::index(&coll, &key, self.range(*brackets), self.diags);
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

    // ----- variables and traversals ------------------------------------

    /// Variable `name`: the innermost local of that name, else the
    /// context's.
    fn variable(&self, name: &str) -> Option<Value> {
        self.locals
            .iter()
            .rev()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.clone())
            .or_else(|| self.ctx.and_then(|c| c.variable(name)).cloned())
    }

    fn scope_traversal(&mut self, root: Span, steps: &'a [Step]) -> Value {
        let name = self.text(root);
        let found = self.variable(name);
        match found {
            Some(v) => self.traverse(v, steps),
            None => {
                let has_vars = self.local_scope
                    || !self.locals.is_empty()
                    || self.ctx.is_some_and(EvalContext::has_variables);
                if !has_vars {
                    self.err(
                        (Code::VariablesNotAllowed, "Variables not allowed"),
                        "Variables may not be used here.".into(),
                        root,
                        None,
                    );
                } else {
                    let mut names: Vec<&str> = self.locals.iter().rev().map(|(n, _)| *n).collect();
                    if let Some(c) = self.ctx {
                        names.extend(c.variable_names());
                    }
                    let suggestion = did_you_mean(name, names).unwrap_or_default();
                    self.err(
                        (Code::UnknownVariable, "Unknown variable"),
                        format!("There is no variable named {name:?}.{suggestion}"),
                        root,
                        None,
                    );
                }
                Value::dynamic()
            }
        }
    }

    /// `Traversal.TraverseRel`: applies steps until one fails.
    fn traverse(&mut self, mut v: Value, steps: &'a [Step]) -> Value {
        for step in steps {
            let mark = self.diags.len();
            v = match step {
                Step::Attr { name, span } => {
                    let name = self.text(*name);
                    ops::get_attr(&v, name, self.range(*span), self.diags)
                }
                Step::Index { key, span } => {
                    let key = self.literal(key);
                    ops::index(&v, &key, self.range(*span), self.diags)
                }
            };
            if self.errors_since(mark) {
                return Value::dynamic();
            }
        }
        v
    }

    // ----- function calls ----------------------------------------------

    #[allow(clippy::too_many_arguments)]
    fn call(
        &mut self,
        e: &'a Expr,
        name: &'a str,
        name_span: Span,
        args: &'a [Expr],
        expand_final: bool,
        close_paren: Span,
    ) -> Value {
        let f: Option<Function> = self.ctx.and_then(|c| c.function(name)).cloned();
        let Some(f) = f else {
            if !self.ctx.is_some_and(EvalContext::has_functions) {
                self.err_x(
                    (Code::FunctionCallsNotAllowed, "Function calls not allowed"),
                    "Functions may not be called here.".into(),
                    e.span,
                    None,
                    e,
                );
            } else {
                let names = self.ctx.map(|c| c.function_names()).unwrap_or_default();
                let library = self.ctx.and_then(EvalContext::function_library);
                self.err_x(
                    (Code::UnknownFunction, "Call to unknown function"),
                    match library.and_then(|l| set_not_enabled(name, l)) {
                        Some(hint) => hint,
                        None => unknown_function_detail(name, names),
                    },
                    name_span,
                    Some(e.span),
                    e,
                );
            }
            return Value::dynamic();
        };

        // Arguments: expressions, except that an expanded final argument
        // contributes one pre-evaluated value per element.
        use CallArg as Arg;
        let mut arg_list: Vec<Arg<'a>> = Vec::with_capacity(args.len());
        let fixed = if expand_final {
            &args[..args.len().saturating_sub(1)]
        } else {
            args
        };
        arg_list.extend(fixed.iter().map(Arg::Expr));
        if expand_final && let Some(last) = args.last() {
            let mark = self.diags.len();
            let v = self.expr(last);
            if self.errors_since(mark) {
                return Value::dynamic();
            }
            let ty = v.ty();
            let sequence = matches!(ty, Type::Tuple(_) | Type::List(_) | Type::Set(_));
            if (sequence || ty.is_dynamic()) && v.is_null() {
                self.err_x(
                    (
                        Code::InvalidExpandingArgument,
                        "Invalid expanding argument value",
                    ),
                    "The expanding argument (indicated by ...) must not be null.".into(),
                    last.span,
                    Some(e.span),
                    last,
                );
                return Value::dynamic();
            }
            if ty.is_dynamic() {
                return Value::dynamic();
            }
            if !sequence {
                self.err_x(
                    (Code::InvalidExpandingArgument, "Invalid expanding argument value"),
                    "The expanding argument (indicated by ...) must be of a tuple, list, or set type.".into(),
                    last.span,
                    Some(e.span),
                    last,
                );
                return Value::dynamic();
            }
            if !v.is_known() {
                return Value::dynamic();
            }
            for el in v.elements().unwrap_or(&[]) {
                arg_list.push(Arg::Value(el.clone(), last.span));
            }
        }

        let params = f.params();
        let var_param = f.var_param();
        if arg_list.len() < params.len() {
            let qual = if var_param.is_some() { " at least" } else { "" };
            self.err_x(
                (Code::WrongArgumentCount, "Not enough function arguments"),
                format!(
                    "Function {name:?} expects{qual} {} argument(s). Missing value for {:?}.",
                    params.len(),
                    params[arg_list.len()].name
                ),
                close_paren,
                Some(e.span),
                e,
            );
            return Value::dynamic();
        }
        if var_param.is_none() && arg_list.len() > params.len() {
            let at = match &arg_list[params.len()] {
                Arg::Expr(x) => x.start_span(),
                Arg::Value(_, s) => *s,
            };
            self.err_x(
                (Code::WrongArgumentCount, "Too many function arguments"),
                format!(
                    "Function {name:?} expects only {} argument(s).",
                    params.len()
                ),
                at,
                Some(e.span),
                e,
            );
            return Value::dynamic();
        }

        let mark = self.diags.len();
        let mut vals = Vec::with_capacity(arg_list.len());
        let mut starts = Vec::with_capacity(arg_list.len());
        let mut arg_exprs: Vec<Option<&'a Expr>> = Vec::with_capacity(arg_list.len());
        if let Some(kind) = f.special_kind() {
            for a in &arg_list {
                let (start, x) = match a {
                    Arg::Expr(x) => (x.start_span(), Some(*x)),
                    Arg::Value(_, s) => (*s, None),
                };
                starts.push(start);
                arg_exprs.push(x);
            }
            let Some(result) = self.call_special(kind, &arg_list) else {
                return Value::dynamic();
            };
            return self.call_result(e, name, name_span, &f, result, &starts, &arg_exprs);
        }
        for (i, a) in arg_list.iter().enumerate() {
            let param = params.get(i).or(var_param).expect("checked above");
            let (v, start, x) = match a {
                Arg::Expr(x) => (self.expr(x), x.start_span(), Some(*x)),
                Arg::Value(v, s) => (v.clone(), *s, None),
            };
            starts.push(start);
            arg_exprs.push(x);
            match convert(&v, &param.ty) {
                Ok(c) => vals.push(c),
                Err(err) => {
                    let detail = format!("Invalid value for {:?} parameter: {err}.", param.name);
                    match x {
                        Some(x) => self.err_x(
                            (Code::InvalidFunctionArgument, "Invalid function argument"),
                            detail,
                            start,
                            Some(e.span),
                            x,
                        ),
                        None => self.err(
                            (Code::InvalidFunctionArgument, "Invalid function argument"),
                            detail,
                            start,
                            Some(e.span),
                        ),
                    }
                    vals.push(v);
                }
            }
        }
        if self.errors_since(mark) {
            return Value::dynamic();
        }
        let result = f.call(&vals);
        self.call_result(e, name, name_span, &f, result, &starts, &arg_exprs)
    }

    /// The value of a call, or its error as a diagnostic.
    #[allow(clippy::too_many_arguments)]
    fn call_result(
        &mut self,
        e: &'a Expr,
        name: &str,
        name_span: Span,
        f: &Function,
        result: Result<Value, crate::function::FunctionError>,
        starts: &[Span],
        arg_exprs: &[Option<&'a Expr>],
    ) -> Value {
        let params = f.params();
        let var_param = f.var_param();
        match result {
            Ok(v) => {
                let r = limits::charge_value(&v);
                if self.check_budget(r, e.span) {
                    v
                } else {
                    Value::dynamic()
                }
            }
            Err(crate::function::FunctionError::ResultTooLarge(detail)) => {
                if !self.over_budget {
                    self.over_budget = true;
                    self.err(
                        (Code::ResultTooLarge, "Result too large"),
                        detail,
                        e.span,
                        None,
                    );
                }
                Value::dynamic()
            }
            Err(err) => {
                let param = err
                    .arg_index()
                    .and_then(|i| params.get(i).or(var_param).map(|p| (i, p)));
                match param {
                    Some((i, p)) if i < starts.len() => self.err_x(
                        (Code::InvalidFunctionArgument, "Invalid function argument"),
                        format!("Invalid value for {:?} parameter: {err}.", p.name),
                        starts[i],
                        Some(e.span),
                        arg_exprs[i].unwrap_or(e),
                    ),
                    Some((_, p)) => self.err_x(
                        (Code::InvalidFunctionArgument, "Invalid function argument"),
                        format!("Invalid value for {:?} parameter: {err}.", p.name),
                        e.span,
                        None,
                        e,
                    ),
                    None => {
                        let start = Span::between(name_span, e.start_span());
                        self.err_x(
                            (Code::FunctionCallFailed, "Error in function call"),
                            format!("Call to function {name:?} failed: {err}."),
                            start,
                            Some(e.span),
                            e,
                        );
                    }
                }
                Value::dynamic()
            }
        }
    }

    /// Whether a variable `x` refers to holds an unknown value (tryfunc's
    /// `dependsOnUnknowns`: `try` and `can` are then unknown).
    fn depends_on_unknowns(&self, x: &Expr) -> bool {
        use hcldecode_spec::syntax::native::analysis;
        for t in analysis::variables(x, self.file) {
            let Some(mut v) = self.variable(self.file.text(t.root)) else {
                continue;
            };
            let mut scratch = Diagnostics::new();
            for step in &t.steps {
                let at = self.file.range(step.span());
                v = match step {
                    Step::Attr { name, .. } => {
                        ops::get_attr(&v, self.file.text(*name), at, &mut scratch)
                    }
                    Step::Index { key, .. } => {
                        ops::index(&v, &literal_value(self.file, key), at, &mut scratch)
                    }
                };
            }
            if !scratch.has_errors() && !v.is_wholly_known() {
                return true;
            }
        }
        false
    }

    /// Evaluates `x` for `try`/`can`: its value, or the diagnostics of its
    /// errors (removed from the evaluation's).
    fn eval_closure(&mut self, a: &CallArg<'a>) -> Result<Value, Vec<Diagnostic>> {
        match a {
            CallArg::Value(v, _) => Ok(v.clone()),
            CallArg::Expr(x) => {
                let mark = self.diags.len();
                let over = self.over_budget;
                let v = self.expr(x);
                let failed = self.errors_since(mark);
                let ds: Vec<Diagnostic> = self.diags.0.drain(mark..).collect();
                if failed {
                    self.over_budget = over;
                    Err(ds)
                } else {
                    Ok(v)
                }
            }
        }
    }

    /// Calls `try`, `can` or `convert`; `None` when errors were reported.
    fn call_special(
        &mut self,
        kind: crate::function::Special,
        args: &[CallArg<'a>],
    ) -> Option<Result<Value, crate::function::FunctionError>> {
        use crate::function::{FunctionError, Special};
        let unknown = |ev: &Self, a: &CallArg<'a>| match a {
            CallArg::Expr(x) => ev.depends_on_unknowns(x),
            CallArg::Value(..) => false,
        };
        match kind {
            Special::Try => {
                if args.is_empty() {
                    return Some(Err(FunctionError::call(
                        "at least one argument is required",
                    )));
                }
                let mut failures = Vec::new();
                for a in args {
                    if unknown(self, a) {
                        return Some(Ok(Value::dynamic()));
                    }
                    match self.eval_closure(a) {
                        Ok(v) => return Some(Ok(v)),
                        Err(ds) => failures.extend(ds),
                    }
                }
                let mut msg = String::from("no expression succeeded:\n");
                for d in failures.iter().filter(|d| d.is_error()) {
                    match &d.subject {
                        Some(r) => {
                            msg.push_str(&format!("- {} (at {r})\n  {}\n", d.summary, d.detail))
                        }
                        None => msg.push_str(&format!("- {}\n  {}\n", d.summary, d.detail)),
                    }
                }
                msg.push_str("\nAt least one expression must produce a successful result");
                Some(Err(FunctionError::call(msg)))
            }
            Special::Can => {
                let a = &args[0];
                if unknown(self, a) {
                    return Some(Ok(Value::unknown(Type::Bool)));
                }
                Some(Ok(Value::bool(self.eval_closure(a).is_ok())))
            }
            Special::Convert => {
                let mark = self.diags.len();
                let v = match &args[0] {
                    CallArg::Expr(x) => self.expr(x),
                    CallArg::Value(v, _) => v.clone(),
                };
                let (ty, opt) = match &args[1] {
                    CallArg::Expr(x) => {
                        // ext/typeexpr's getType as convert reads it: a
                        // constraint, `optional(type)` without defaults.
                        let (ty, opt, ds) = get_type(self.file, x, true, None);
                        self.diags.extend(ds);
                        (ty, opt)
                    }
                    CallArg::Value(_, span) => {
                        self.err(
                            (Code::InvalidTypeSpecification, "Invalid type specification"),
                            "The type argument of convert must be a type expression, such as list(string).".into(),
                            *span,
                            None,
                        );
                        (Type::Dynamic, None)
                    }
                };
                if self.errors_since(mark) {
                    return None;
                }
                let v = fill_optional(&v, opt.as_ref());
                Some(convert(&v, &ty).map_err(|err| FunctionError::arg(0, err.to_string())))
            }
        }
    }

    // ----- conditionals and operators ----------------------------------

    fn conditional(&mut self, e: &'a Expr, cond: &'a Expr, t: &'a Expr, f: &'a Expr) -> Value {
        let t_mark = self.diags.len();
        let t_val = self.expr(t);
        let f_mark = self.diags.len();
        let f_val = self.expr(f);
        let end = self.diags.len();
        // Each branch's diagnostics are reported only if that branch is taken.
        let f_diags: Vec<Diagnostic> = self.diags.0.drain(f_mark..end).collect();
        let t_diags: Vec<Diagnostic> = self.diags.0.drain(t_mark..f_mark).collect();

        let null_dyn = |v: &Value| v.is_null() && v.ty().is_dynamic();
        let (result_ty, t_conv, f_conv) = if null_dyn(&t_val) {
            let ty = f_val.ty().clone();
            let c = get_conversion_unsafe(&Type::Dynamic, &ty);
            (Some(ty), c, None)
        } else if null_dyn(&f_val) {
            let ty = t_val.ty().clone();
            let c = get_conversion_unsafe(&Type::Dynamic, &ty);
            (Some(ty), None, c)
        } else if t_val.ty().is_dynamic() || f_val.ty().is_dynamic() {
            (Some(Type::Dynamic), None, None)
        } else {
            match unify_unsafe(&[t_val.ty().clone(), f_val.ty().clone()]) {
                Some((ty, mut convs)) => {
                    let fc = convs.pop().flatten();
                    let tc = convs.pop().flatten();
                    (Some(ty), tc, fc)
                }
                None => (None, None, None),
            }
        };
        let Some(result_ty) = result_ty else {
            self.err_x(
                (
                    Code::InconsistentConditionalTypes,
                    "Inconsistent conditional result types",
                ),
                format!(
                    "The true and false result expressions must have consistent types. {}.",
                    describe_conditional_type_mismatch(t_val.ty(), f_val.ty())
                ),
                Span::between(t.span, f.span),
                Some(e.span),
                e,
            );
            return Value::dynamic();
        };

        let c = self.expr(cond);
        if c.is_null() {
            self.err_x(
                (Code::InvalidCondition, "Null condition"),
                "The condition value is null. Conditions must either be true or false.".into(),
                cond.span,
                Some(e.span),
                cond,
            );
            return Value::unknown(result_ty);
        }
        if !c.is_known() {
            return Value::unknown(result_ty);
        }
        let c = match convert(&c, &Type::Bool) {
            Ok(c) => c,
            Err(_) => {
                self.err_x(
                    (Code::InvalidCondition, "Incorrect condition type"),
                    "The condition expression must be of type bool.".into(),
                    cond.span,
                    Some(e.span),
                    cond,
                );
                return Value::unknown(result_ty);
            }
        };
        let (val, branch_diags, conv, which, branch) = if c.as_bool() == Some(true) {
            (t_val, t_diags, t_conv, "true", t)
        } else {
            (f_val, f_diags, f_conv, "false", f)
        };
        self.diags.0.extend(branch_diags);
        match conv {
            None => val,
            Some(conv) => match conv.apply(&val) {
                Ok(v) => v,
                Err(err) => {
                    self.err_x(
                        (
                            Code::InconsistentConditionalTypes,
                            "Inconsistent conditional result types",
                        ),
                        format!("The {which} result value has the wrong type: {err}."),
                        branch.span,
                        Some(e.span),
                        branch,
                    );
                    Value::unknown(result_ty)
                }
            },
        }
    }

    /// `BinaryOpExpr.Value` as of hcl v2.24: both operands evaluated, the
    /// operands' conversion errors reported before their own diagnostics,
    /// and `&&`/`||` short-circuiting on a known controlling operand.
    fn binary(&mut self, e: &'a Expr, op: BinaryOp, lhs: &'a Expr, rhs: &'a Expr) -> Value {
        let (f, result_ty) = binary_op_function(op);
        let params = f.params();
        let mark = self.diags.len();
        let l = self.expr(lhs);
        let l_end = self.diags.len();
        let r = self.expr(rhs);
        let r_end = self.diags.len();
        let l = self.operand(e, lhs, l, &params[0].ty, "left");
        let r = self.operand(e, rhs, r, &params[1].ty, "right");
        if self.errors_since(r_end) {
            // Conversion errors first, then the operands' diagnostics.
            self.diags.0[mark..].rotate_left(r_end - mark);
            return Value::unknown(result_ty);
        }
        if let Some((v, side)) = short_circuit(op, &l, &r, self.errors_between(mark, l_end)) {
            // The result is the controlling side's: the other side's
            // diagnostics go, as for a conditional's branch not taken.
            match side {
                Side::Left => drop(self.diags.0.drain(l_end..r_end)),
                Side::Right => drop(self.diags.0.drain(mark..l_end)),
            }
            return v;
        }
        self.operate(e, &f, &[l, r], mark, result_ty)
    }

    fn unary(&mut self, e: &'a Expr, op: UnaryOp, operand: &'a Expr) -> Value {
        let (f, result_ty) = match op {
            UnaryOp::Not => (stdlib::not(), Type::Bool),
            UnaryOp::Negate => (stdlib::negate(), Type::Number),
        };
        let mark = self.diags.len();
        let v = self.expr(operand);
        let v = self.operand(e, operand, v, &f.params()[0].ty, "unary");
        self.operate(e, &f, &[v], mark, result_ty)
    }

    /// Operand `v` (of expression `operand`, the `which` operand of `e`)
    /// converted to its parameter's type; as it is, after an error, when it
    /// does not convert.
    fn operand(
        &mut self,
        e: &'a Expr,
        operand: &'a Expr,
        v: Value,
        ty: &Type,
        which: &str,
    ) -> Value {
        match convert(&v, ty) {
            Ok(v) => v,
            Err(err) => {
                self.err_x(
                    (Code::InvalidOperand, "Invalid operand"),
                    format!("Unsuitable value for {which} operand: {err}."),
                    operand.span,
                    Some(e.span),
                    operand,
                );
                v
            }
        }
    }

    /// The operator function's result for `e`: unknown if an operand has
    /// errors since `mark` or the call fails (after an error).
    fn operate(
        &mut self,
        e: &'a Expr,
        f: &Function,
        args: &[Value],
        mark: usize,
        result_ty: Type,
    ) -> Value {
        if self.errors_since(mark) {
            return Value::unknown(result_ty);
        }
        match f.call(args) {
            Ok(v) => v,
            Err(err) => {
                self.err_x(
                    (Code::OperationFailed, "Operation failed"),
                    format!("Error during operation: {err}."),
                    e.span,
                    None,
                    e,
                );
                Value::unknown(result_ty)
            }
        }
    }

    // ----- collections ---------------------------------------------------

    fn object(&mut self, items: &'a [hcldecode_spec::syntax::native::ast::ObjectItem]) -> Value {
        let mut vals: Vec<(Arc<str>, Value)> = Vec::with_capacity(items.len());
        // Repeated keys are found by a scan while the object is small.
        let mut index: Option<HashMap<Arc<str>, usize>> = None;
        let mut known = true;
        for item in items {
            let mark = self.diags.len();
            let key = self.object_key(&item.key, item.force_non_literal);
            let key_failed = self.errors_since(mark);
            let val = self.expr(&item.value);
            if key_failed {
                known = false;
                continue;
            }
            if key.is_null() {
                self.diags.push(
                    Diagnostic::coded(
                        Code::InvalidObjectKey,
                        "Null value as key",
                        "Can't use a null value as a key.",
                    )
                    .with_subject(self.range(item.value.span)),
                );
                self.annotate_since(self.diags.len() - 1, &item.key);
                known = false;
                continue;
            }
            let key = match convert(&key, &Type::String) {
                Ok(k) => k,
                Err(err) => {
                    self.err_x(
                        (Code::InvalidObjectKey, "Incorrect key type"),
                        format!("Can't use this value as a key: {err}."),
                        item.key.span,
                        None,
                        &item.key,
                    );
                    known = false;
                    continue;
                }
            };
            let Some(k) = key.as_str() else {
                known = false;
                continue;
            };
            let existing = match &index {
                Some(m) => m.get(k).copied(),
                None => vals.iter().position(|(e, _)| &**e == k),
            };
            match existing {
                Some(i) => vals[i].1 = val,
                None => {
                    let k: Arc<str> = Arc::from(k);
                    if let Some(m) = &mut index {
                        m.insert(k.clone(), vals.len());
                    } else if vals.len() >= 16 {
                        let mut m: HashMap<Arc<str>, usize> = vals
                            .iter()
                            .enumerate()
                            .map(|(i, (e, _))| (e.clone(), i))
                            .collect();
                        m.insert(k.clone(), vals.len());
                        index = Some(m);
                    }
                    vals.push((k, val));
                }
            }
        }
        if !known {
            return Value::dynamic();
        }
        Value::object(vals)
    }

    /// `ObjectConsKeyExpr.Value`.
    fn object_key(&mut self, key: &'a Expr, force_non_literal: bool) -> Value {
        if !force_non_literal {
            if let ExprKind::ScopeTraversal { steps, .. } = &key.kind
                && !steps.is_empty()
            {
                self.diags.push(
                    Diagnostic::coded(
                        Code::AmbiguousAttributeKey, "Ambiguous attribute key",
                        "If this expression is intended to be a reference, wrap it in parentheses. If it's instead intended as a literal name containing periods, wrap it in quotes to create a string literal.",
                    )
                    .with_subject(self.range(key.span)),
                );
                return Value::dynamic();
            }
            if let Some(k) = expr_as_keyword(key, self.file) {
                return Value::string(k);
            }
        }
        self.expr(key)
    }

    fn for_expr(&mut self, e: &'a Expr, f: &'a ForExpr) -> Value {
        let coll = self.expr(&f.coll);
        if coll.is_null() {
            self.err_x(
                (Code::InvalidIteration, "Iteration over null value"),
                "A null value cannot be used as the collection in a 'for' expression.".into(),
                f.coll.span,
                Some(e.span),
                &f.coll,
            );
            return Value::dynamic();
        }
        if coll.ty().is_dynamic() {
            return Value::dynamic();
        }
        let iterable = matches!(
            coll.ty(),
            Type::List(_) | Type::Set(_) | Type::Map(_) | Type::Tuple(_) | Type::Object(_)
        );
        if !iterable {
            self.err_x(
                (Code::InvalidIteration, "Iteration over non-iterable value"),
                format!(
                    "A value of type {} cannot be used as the collection in a 'for' expression.",
                    coll.ty().friendly_name()
                ),
                f.coll.span,
                Some(e.span),
                &f.coll,
            );
            return Value::dynamic();
        }
        if !coll.is_known() {
            return Value::dynamic();
        }
        let key_var = f.key_var.map(|s| self.text(s));
        let val_var = self.text(f.val_var);

        if let Some(cond) = &f.cond {
            // Checked once with unknown iteration values, as HCL does.
            let mark = self.diags.len();
            self.push_iter_vars(key_var, Value::dynamic(), val_var, Value::dynamic());
            let r = self.expr(cond);
            self.pop_iter_vars(key_var);
            if r.is_null() {
                self.err_x(
                    (Code::InvalidCondition, "Condition is null"),
                    "The value of the 'if' clause must not be null.".into(),
                    cond.span,
                    Some(e.span),
                    cond,
                );
                return Value::dynamic();
            }
            if let Err(err) = convert(&r, &Type::Bool) {
                self.err_x(
                    (Code::InvalidCondition, "Invalid 'for' condition"),
                    format!("The 'if' clause value is invalid: {err}."),
                    cond.span,
                    Some(e.span),
                    cond,
                );
                return Value::dynamic();
            }
            if self.errors_since(mark) {
                return Value::dynamic();
            }
        }

        let elems = iteration_pairs(&coll);
        let mut known = true;
        let mut tuple_vals = Vec::new();
        let mut obj_vals: Vec<(String, Value)> = Vec::new();
        let mut obj_index: HashMap<String, usize> = HashMap::new();
        let mut groups: Vec<(String, Vec<Value>)> = Vec::new();
        for (k, v) in elems {
            self.push_iter_vars(key_var, k, val_var, v);
            self.for_iteration(
                e,
                f,
                &mut known,
                &mut tuple_vals,
                &mut obj_vals,
                &mut obj_index,
                &mut groups,
            );
            self.pop_iter_vars(key_var);
            if self.over_budget {
                return Value::dynamic();
            }
        }
        if !known {
            return Value::dynamic();
        }
        if f.key_expr.is_none() {
            return Value::tuple(tuple_vals);
        }
        if f.group {
            return Value::object(groups.into_iter().map(|(k, vs)| (k, Value::tuple(vs))));
        }
        Value::object(obj_vals)
    }

    #[allow(clippy::too_many_arguments)]
    fn for_iteration(
        &mut self,
        e: &'a Expr,
        f: &'a ForExpr,
        known: &mut bool,
        tuple_vals: &mut Vec<Value>,
        obj_vals: &mut Vec<(String, Value)>,
        obj_index: &mut HashMap<String, usize>,
        groups: &mut Vec<(String, Vec<Value>)>,
    ) -> bool {
        if let Some(cond) = &f.cond {
            let Some(include) = self.for_clause_value(
                &Type::Bool,
                f.key_expr.is_none(),
                cond,
                e,
                known,
                FOR_CONDITION,
            ) else {
                return false;
            };
            if include.as_bool() == Some(false) {
                return false;
            }
        }
        let Some(key_expr) = &f.key_expr else {
            let v = self.expr(&f.val_expr);
            if !self.charge_element(&v, 0, e.span) {
                return false;
            }
            tuple_vals.push(v);
            return true;
        };
        let Some(key) = self.for_clause_value(&Type::String, true, key_expr, e, known, FOR_KEY)
        else {
            return false;
        };
        let k = key.as_str().unwrap_or_default().to_string();
        let v = self.expr(&f.val_expr);
        if !self.charge_element(&v, k.len(), e.span) {
            return false;
        }
        if f.group {
            match groups.iter_mut().find(|(g, _)| *g == k) {
                Some((_, vs)) => vs.push(v),
                None => groups.push((k, vec![v])),
            }
        } else if obj_index.contains_key(&k) {
            self.err_x(
                (Code::DuplicateObjectKey, "Duplicate object key"),
                format!(
                    "Two different items produced the key {k:?} in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key."
                ),
                key_expr.span,
                Some(e.span), key_expr,
            );
        } else {
            obj_index.insert(k.clone(), obj_vals.len());
            obj_vals.push((k, v));
        }
        true
    }

    /// A `for` clause (the condition or the key) evaluated and converted to
    /// `ty`, or `None` with the result unknown when it is null, unknown or
    /// does not convert; errors only while the result is still known.
    /// hclsyntax passes over an unknown value before converting it or after,
    /// depending on the clause: `unknown_before_convert`.
    #[allow(clippy::too_many_arguments)]
    fn for_clause_value(
        &mut self,
        ty: &Type,
        unknown_before_convert: bool,
        clause: &'a Expr,
        e: &'a Expr,
        known: &mut bool,
        text: ForClause,
    ) -> Option<Value> {
        let value = self.expr(clause);
        if value.is_null() {
            if *known {
                self.err_x(
                    (text.code, text.summary),
                    text.null.into(),
                    clause.span,
                    Some(e.span),
                    clause,
                );
            }
            *known = false;
            return None;
        }
        if unknown_before_convert && !value.is_known() {
            *known = false;
            return None;
        }
        let value = match convert(&value, ty) {
            Ok(v) => v,
            Err(err) => {
                if *known {
                    self.err_x(
                        (text.code, text.summary),
                        format!("{}: {err}.", text.invalid),
                        clause.span,
                        Some(e.span),
                        clause,
                    );
                }
                *known = false;
                return None;
            }
        };
        if !value.is_known() {
            *known = false;
            return None;
        }
        Some(value)
    }

    fn push_iter_vars(&mut self, key_var: Option<&'a str>, k: Value, val_var: &'a str, v: Value) {
        if let Some(kv) = key_var {
            self.locals.push((kv, k));
        }
        self.locals.push((val_var, v));
    }

    fn pop_iter_vars(&mut self, key_var: Option<&'a str>) {
        self.locals.pop();
        if key_var.is_some() {
            self.locals.pop();
        }
    }

    fn splat(&mut self, source: &'a Expr, each: &'a Expr, item: u32, marker: Span) -> Value {
        let mark = self.diags.len();
        let src = self.expr(source);
        if self.errors_since(mark) {
            return Value::dynamic();
        }
        let ty = src.ty().clone();
        let auto_upgrade = !matches!(ty, Type::Tuple(_) | Type::List(_) | Type::Set(_));
        if src.is_null() {
            if auto_upgrade {
                return Value::empty_tuple();
            }
            self.err_x(
                (Code::SplatOfNull, "Splat of null value"),
                "Splat expressions (with the * symbol) cannot be applied to null sequences.".into(),
                source.span,
                Some(Span::between(source.span, marker)),
                source,
            );
            return Value::dynamic();
        }
        if ty.is_dynamic() {
            return Value::dynamic();
        }
        let mut upgraded_unknown = false;
        let src = if auto_upgrade {
            upgraded_unknown = !src.is_known();
            Value::tuple(vec![src])
        } else {
            src
        };
        let src_ty = src.ty().clone();
        if !src.is_known() {
            let ty = self.splat_result_type(&src_ty, each, item, true);
            return Value::unknown(ty);
        }
        let elems: Vec<Value> = src.elements().map(<[Value]>::to_vec).unwrap_or_default();
        let mut vals = Vec::with_capacity(elems.len());
        let mut is_known = true;
        for el in elems {
            self.items.push((item, el));
            let mark = self.diags.len();
            let v = self.expr(each);
            if self.errors_since(mark) {
                is_known = false;
            }
            self.items.pop();
            if !self.charge_element(&v, 0, Span::between(source.span, marker)) {
                return Value::dynamic();
            }
            vals.push(v);
        }
        if upgraded_unknown {
            return Value::dynamic();
        }
        if !is_known {
            let ty = self.splat_result_type(&src_ty, each, item, false);
            return Value::unknown(ty);
        }
        match src_ty {
            Type::List(_) | Type::Set(_) => {
                if vals.is_empty() {
                    let ty = self.splat_result_type(&src_ty, each, item, true);
                    return Value::list_empty(ty.element_type().cloned().unwrap_or(Type::Dynamic));
                }
                // A nested splat over scalars can give elements of
                // different types, which no list holds (hcl v2.24, #724;
                // `cty.CanListVal`: dynamic-typed ones aside).
                let mut known_tys = vals.iter().map(Value::ty).filter(|t| !t.is_dynamic());
                if let Some(first) = known_tys.next()
                    && known_tys.any(|t| t != first)
                {
                    self.err_x(
                        (Code::InvalidNestedSplat, "Invalid nested splat expressions"),
                        "The second level of splat expression produced elements of different types, so it isn't possible to construct a valid list to represent the top-level result.\n\nConsider using a for expression instead, to produce a tuple-typed result which can therefore have non-homogenous element types.".into(),
                        each.span,
                        Some(Span::between(source.span, each.span)),
                        each,
                    );
                    return Value::dynamic();
                }
                list_of(vals)
            }
            _ => Value::tuple(vals),
        }
    }

    /// The type a splat would produce, found by evaluating `each` with
    /// unknown elements; its diagnostics are kept only if `keep`.
    fn splat_result_type(&mut self, src_ty: &Type, each: &'a Expr, item: u32, keep: bool) -> Type {
        let mark = self.diags.len();
        let one = |ev: &mut Self, ety: &Type| {
            ev.items.push((item, Value::unknown(ety.clone())));
            let v = ev.expr(each);
            ev.items.pop();
            v.ty().clone()
        };
        let ty = match src_ty {
            Type::List(e) | Type::Set(e) => Type::list(one(self, e)),
            Type::Tuple(ts) => Type::tuple(ts.iter().map(|t| one(self, t)).collect::<Vec<_>>()),
            _ => Type::Dynamic,
        };
        if !keep {
            self.diags.0.truncate(mark);
        }
        ty
    }

    // ----- templates -------------------------------------------------------

    fn template(&mut self, e: &'a Expr, parts: &'a [Expr]) -> Value {
        // Fast path: a plain string.
        if let [p] = parts
            && let ExprKind::Literal(Literal::String(t)) = &p.kind
        {
            return Value::string(t.get(self.file));
        }
        let mut buf = String::new();
        let mut known = true;
        for part in parts {
            if let ExprKind::Literal(Literal::String(t)) = &part.kind {
                buf.push_str(t.get(self.file));
                continue;
            }
            let v = self.expr(part);
            if v.is_null() {
                self.err_x(
                    (Code::InvalidTemplateValue, "Invalid template interpolation value"),
                    "The expression result is null. Cannot include a null value in a string template.".into(),
                    part.span,
                    Some(e.span), part,
                );
                continue;
            }
            if !v.is_known() {
                known = false;
                continue;
            }
            match convert(&v, &Type::String) {
                Ok(s) => {
                    let s = s.as_str().unwrap_or_default();
                    if !self.check_budget(limits::charge(0, s.len() as u64), e.span) {
                        return Value::dynamic();
                    }
                    buf.push_str(s);
                }
                Err(err) => self.err_x(
                    (
                        Code::InvalidTemplateValue,
                        "Invalid template interpolation value",
                    ),
                    format!("Cannot include the given value in a string template: {err}."),
                    part.span,
                    Some(e.span),
                    part,
                ),
            }
        }
        if known {
            Value::string(buf)
        } else {
            Value::unknown(Type::String)
        }
    }

    fn template_join(&mut self, e: &'a Expr, tuple: &'a Expr) -> Value {
        let t = self.expr(tuple);
        let mark = self.diags.len();
        let v = self.join_strings(e, &t);
        self.annotate_since(mark, e);
        v
    }

    fn join_strings(&mut self, e: &'a Expr, t: &Value) -> Value {
        if t.ty().is_dynamic() || !t.is_known() || t.is_null() {
            return Value::unknown(Type::String);
        }
        let mut buf = String::new();
        for v in t.elements().unwrap_or(&[]) {
            if v.is_null() {
                self.diags.push(
                    Diagnostic::coded(
                        Code::InvalidTemplateValue, "Invalid template interpolation value",
                        "An iteration result is null. Cannot include a null value in a string template.",
                    )
                    .with_subject(self.range(e.span)),
                );
                continue;
            }
            if v.ty().is_dynamic() {
                return Value::unknown(Type::String);
            }
            match convert(v, &Type::String) {
                Ok(s) => {
                    if !v.is_known() {
                        return Value::unknown(Type::String);
                    }
                    let s = s.as_str().unwrap_or_default();
                    if !self.check_budget(limits::charge(0, s.len() as u64), e.span) {
                        return Value::dynamic();
                    }
                    buf.push_str(s);
                }
                Err(err) => self.diags.push(
                    Diagnostic::coded(
                        Code::InvalidTemplateValue, "Invalid template interpolation value",
                        format!(
                            "Cannot include one of the interpolation results into the string template: {err}."
                        ),
                    )
                    .with_subject(self.range(e.span)),
                ),
            }
        }
        Value::string(buf)
    }
}

/// The value of `e` converted to `want`, when `e` is made of literals
/// alone (plain strings, numbers, bools; tuple and object constructors of
/// them, with literal keys) and every part has exactly the type `want`
/// asks for there: what evaluating and then converting gives, without the
/// intermediate tuple or object, and without diagnostics (literals have
/// none). `None` for anything else, which the caller evaluates.
/// The text of a literal string (`"text"`, no interpolation): what
/// [`literal_as`] makes a string value of, before normalization.
pub(crate) fn literal_str<'a>(file: &'a SourceFile, e: &'a Expr) -> Option<&'a str> {
    match &e.kind {
        ExprKind::StringTemplate { text, .. } => Some(text.get(file)),
        ExprKind::Template { parts } => match &parts[..] {
            [p] => match &p.kind {
                ExprKind::Literal(Literal::String(t)) => Some(t.get(file)),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

/// A number literal written as decimal digits alone that fit a `u64`:
/// that whole number (what [`literal_as`] makes a number value of).
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
                let key = if item.force_non_literal {
                    None
                } else {
                    expr_as_keyword(&item.key, file)
                };
                let key = match key {
                    Some(k) => k,
                    None => literal_str(file, &item.key)?,
                };
                let v = literal_as(file, &item.value, ety)?;
                out.push((crate::value::nfc_arc(key), v));
            }
            // As the object value (keys in order, the last of repeated
            // keys) converted to a map.
            crate::value::sort_dedup_last(&mut out);
            Some(Value::map_of_type(want.clone(), out))
        }
        _ => None,
    }
}

/// A diagnostic's code and summary.
type What = (Code, &'static str);

/// A `for` expression's `if` clause.
const FOR_CONDITION: ForClause = ForClause {
    code: Code::InvalidCondition,
    summary: "Invalid 'for' condition",
    null: "The value of the 'if' clause must not be null.",
    invalid: "The 'if' clause value is invalid",
};

/// An object `for` expression's key.
const FOR_KEY: ForClause = ForClause {
    code: Code::InvalidObjectKey,
    summary: "Invalid object key",
    null: "Key expression in 'for' expression must not produce a null value.",
    invalid: "The key expression produced an invalid result",
};

/// The diagnostic texts of a `for` clause whose value is unusable.
struct ForClause {
    code: Code,
    summary: &'static str,
    null: &'static str,
    /// Followed by `: {error}.` when the value does not convert.
    invalid: &'static str,
}

/// The `(key, value)` pairs a `for` expression iterates: indices for
/// sequences, keys for maps and objects (cty's `ElementIterator`).
fn iteration_pairs(coll: &Value) -> Vec<(Value, Value)> {
    match coll.view() {
        // "For set types, the key and value are both the element value."
        ValueRef::Set(es) => es.iter().map(|v| (v.clone(), v.clone())).collect(),
        ValueRef::List(es) | ValueRef::Tuple(es) => es
            .iter()
            .enumerate()
            .map(|(i, v)| (Value::number(Number::from_i64(i as i64)), v.clone()))
            .collect(),
        ValueRef::Map(entries) => entries
            .iter()
            .map(|(k, v)| (Value::string_arc(k.clone()), v.clone()))
            .collect(),
        ValueRef::Object(ty, vals) => ty
            .attrs()
            .iter()
            .zip(vals)
            .map(|((k, _), v)| (Value::string_arc(k.clone()), v.clone()))
            .collect(),
        _ => Vec::new(),
    }
}

/// A list of values that all have one type (a splat over a list).
fn list_of(vals: Vec<Value>) -> Value {
    let ty = vals
        .first()
        .map(|v| v.ty().clone())
        .unwrap_or(Type::Dynamic);
    if vals.iter().all(|v| v.ty() == &ty) {
        Value::list(ty, vals)
    } else {
        // Elements of differing types (a dynamic each): unify them.
        let types: Vec<Type> = vals.iter().map(|v| v.ty().clone()).collect();
        match unify_unsafe(&types) {
            Some((ety, convs)) => {
                let vals = vals
                    .into_iter()
                    .zip(convs)
                    .map(|(v, c)| match c {
                        Some(c) => c.apply(&v).unwrap_or_else(|_| Value::unknown(ety.clone())),
                        None => v,
                    })
                    .collect();
                Value::list(ety, vals)
            }
            None => Value::tuple(vals),
        }
    }
}

/// "Call to unknown function"'s detail for `name` among the functions
/// `names`: for a namespaced name (HCL v2.20), whether its namespace has
/// no functions or not this one (suggesting one of the namespace's, which
/// the reference means to do but never does).
fn unknown_function_detail<'n>(name: &str, names: impl IntoIterator<Item = &'n str>) -> String {
    let Some(sep) = name.rfind("::") else {
        let suggestion = did_you_mean(name, names).unwrap_or_default();
        return format!("There is no function named {name:?}.{suggestion}");
    };
    let (namespace, bare) = (&name[..sep + 2], &name[sep + 2..]);
    let in_namespace: Vec<&str> = names
        .into_iter()
        .filter_map(|n| n.strip_prefix(namespace))
        .collect();
    if in_namespace.is_empty() {
        return format!("There are no functions in namespace {namespace:?}.");
    }
    let suggestion = match name_suggestion(bare, in_namespace) {
        Some(s) => format!(" Did you mean {namespace}{s}?"),
        None => String::new(),
    };
    format!("There is no function named {bare:?} in namespace {namespace}.{suggestion}")
}

/// Where an application offers a function library, the detail for a call
/// of a function that a set it did not enable has: which set, and how to
/// enable it (a "did you mean" would name a different function).
fn set_not_enabled(name: &str, library: &crate::function::Functions) -> Option<String> {
    use crate::function::FunctionSet;
    let set = FunctionSet::ALL
        .into_iter()
        .find(|s| !library.contains(*s) && s.function_names().contains(&name))?;
    let how = match set {
        FunctionSet::Filesystem | FunctionSet::Terraform => format!("`Functions::{set}(base_dir)`"),
        _ => format!("`Functions::{set}()`"),
    };
    let feature = if set.is_available() {
        String::new()
    } else {
        format!(" (and build hcldecode with the cargo feature `{set}`)")
    };
    Some(format!(
        "There is no function named {name:?}: it is in the {set} function set, which is not enabled. Enable it with {how} or `--functions={set}`{feature}."
    ))
}

/// The operand whose diagnostics a short-circuited operation keeps.
enum Side {
    Left,
    Right,
}

/// hcl v2.24's `ShortCircuit` of `&&` and `||` on operands converted to
/// bool: the result and the side it comes from where one operand decides
/// (a known `false` for `&&`, `true` for `||`; an unknown one where the
/// other cannot decide; the left of two unknowns unless it has errors);
/// `None` to call the operator. A null operand counts as neither `true`
/// nor, for deciding, anything but not-`true` (cty's `True()`/`False()`).
fn short_circuit(op: BinaryOp, l: &Value, r: &Value, lhs_errors: bool) -> Option<(Value, Side)> {
    let wins = match op {
        BinaryOp::And => false,
        BinaryOp::Or => true,
        _ => return None,
    };
    // cty's `v.True()`: a known non-null true; `False()` is its negation.
    let is = |v: &Value, b: bool| (v.as_bool() == Some(true)) == b;
    let unknown = || Value::unknown(Type::Bool);
    match (l.is_known(), r.is_known()) {
        (false, false) => (!lhs_errors).then(|| (unknown(), Side::Left)),
        (true, _) if is(l, wins) => Some((Value::bool(wins), Side::Left)),
        (_, true) if is(r, wins) => Some((Value::bool(wins), Side::Right)),
        // The known side cannot decide: the unknown one does.
        (false, true) => Some((unknown(), Side::Left)),
        (true, false) => Some((unknown(), Side::Right)),
        (true, true) => None,
    }
}

/// The stdlib function behind a binary operator, and its result type.
fn binary_op_function(op: BinaryOp) -> (Function, Type) {
    match op {
        BinaryOp::Or => (stdlib::or(), Type::Bool),
        BinaryOp::And => (stdlib::and(), Type::Bool),
        BinaryOp::Equal => (stdlib::equal(), Type::Bool),
        BinaryOp::NotEqual => (stdlib::not_equal(), Type::Bool),
        BinaryOp::Greater => (stdlib::greater_than(), Type::Bool),
        BinaryOp::GreaterOrEqual => (stdlib::greater_than_or_equal_to(), Type::Bool),
        BinaryOp::Less => (stdlib::less_than(), Type::Bool),
        BinaryOp::LessOrEqual => (stdlib::less_than_or_equal_to(), Type::Bool),
        BinaryOp::Add => (stdlib::add(), Type::Number),
        BinaryOp::Subtract => (stdlib::subtract(), Type::Number),
        BinaryOp::Multiply => (stdlib::multiply(), Type::Number),
        BinaryOp::Divide => (stdlib::divide(), Type::Number),
        BinaryOp::Modulo => (stdlib::modulo(), Type::Number),
    }
}

/// hclsyntax's `describeConditionalTypeMismatch`.
fn describe_conditional_type_mismatch(t: &Type, f: &Type) -> String {
    match (t, f) {
        (Type::Object(to), Type::Object(fo)) => {
            for (name, tty) in to.attrs() {
                match fo.get(name) {
                    None => {
                        return format!(
                            "The 'true' value includes object attribute {name:?}, which is absent in the 'false' value"
                        );
                    }
                    Some(fty) if fty != tty => {
                        return format!(
                            "Type mismatch for object attribute {name:?}: {}",
                            describe_conditional_type_mismatch(tty, fty)
                        );
                    }
                    _ => {}
                }
            }
            for (name, _) in fo.attrs() {
                if to.get(name).is_none() {
                    return format!(
                        "The 'false' value includes object attribute {name:?}, which is absent in the 'true' value"
                    );
                }
            }
        }
        (Type::Tuple(ts), Type::Tuple(fs)) => {
            if ts.len() != fs.len() {
                return format!(
                    "The 'true' tuple has length {}, but the 'false' tuple has length {}",
                    ts.len(),
                    fs.len()
                );
            }
            for (i, (a, b)) in ts.iter().zip(fs.iter()).enumerate() {
                if a != b {
                    return format!(
                        "Type mismatch for tuple element {i}: {}",
                        describe_conditional_type_mismatch(a, b)
                    );
                }
            }
        }
        (Type::List(a), Type::List(b))
        | (Type::Set(a), Type::Set(b))
        | (Type::Map(a), Type::Map(b))
            if (a.is_object() && b.is_object()) || (a.is_tuple() && b.is_tuple()) =>
        {
            let noun = match t {
                Type::List(_) => "list",
                Type::Set(_) => "set",
                _ => "map",
            };
            return format!(
                "Mismatched {noun} element types: {}",
                describe_conditional_type_mismatch(a, b)
            );
        }
        _ => {}
    }
    let (tn, fname) = (t.friendly_name(), f.friendly_name());
    if tn == fname {
        return "At least one deeply-nested attribute or element is not compatible across both the 'true' and the 'false' value".into();
    }
    format!("The 'true' value is {tn}, but the 'false' value is {fname}")
}
