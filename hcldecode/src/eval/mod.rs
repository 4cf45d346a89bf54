//! Expression evaluation: values of expressions in an [`EvalContext`] of
//! variables and functions, with HCL's semantics and diagnostics.

mod context;
mod json;
pub(crate) mod literal;
mod native;
mod ops;
pub mod traversal;
mod values;

pub use crate::limits::Limits;
pub use context::EvalContext;

use hcldecode_spec::diag::{Code, Diagnostics};
use hcldecode_spec::source::SourceFile;
use hcldecode_spec::syntax::expr::{ExprRef, Expression};
use hcldecode_spec::syntax::native::ast as native_ast;

use crate::function::Functions;
use crate::limits::Budget;
use crate::value::Value;

/// Evaluates an expression. `ctx` `None` means no variables and no
/// functions (references are "not allowed", not "unknown").
///
/// ```
/// use hcldecode::eval::{evaluate, EvalContext};
/// use hcldecode::Value;
/// let expr = hcldecode::parse_expression("1 + x", "expr.hcl").unwrap();
/// let mut ctx = EvalContext::new();
/// ctx.set_variable("x", Value::int(2));
/// let (v, diags) = evaluate(expr.as_ref(), Some(&ctx));
/// assert!(diags.is_empty());
/// assert_eq!(v.as_number().unwrap().to_string(), "3");
/// ```
pub fn evaluate(expr: ExprRef<'_>, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
    let mut diags = Diagnostics::new();
    let v = evaluate_into(expr, ctx, &mut diags);
    (v, diags)
}

/// Evaluates an owned expression (a raw `Expression` field kept to be
/// evaluated later, say): its value, or an [`Error`](crate::Error) whose
/// diagnostics render with snippets of the expression's file. Warnings
/// are dropped when evaluation succeeds.
///
/// ```
/// use hcldecode::eval::{evaluate_expression, EvalContext};
/// let expr = hcldecode::parse_expression("port + 1", "expr.hcl").unwrap();
/// let err = evaluate_expression(&expr, Some(&EvalContext::new())).unwrap_err();
/// assert!(err.to_string().contains("  on expr.hcl line 1:\n   1: port + 1\n"));
/// ```
///
/// An expression read from a block that a dynamic block generated (with
/// [`DecodeOptions::dynamic_blocks`](crate::decode::DecodeOptions)) keeps
/// its iterators ([`Expression::Scoped`]): they are variables on top of
/// `ctx`, as in the reference's dynblock.
pub fn evaluate_expression(
    expr: &Expression,
    ctx: Option<&EvalContext>,
) -> Result<Value, crate::Error> {
    let mut diags = Diagnostics::new();
    let locals = expr.scope_as::<ExprScope>().map(ExprScope::locals);
    let v = evaluate_with_locals(
        expr.as_ref(),
        ctx,
        locals.as_deref(),
        &Limits::DEFAULT,
        &mut diags,
    );
    if diags.has_errors() {
        return Err(crate::Error::from_diagnostics(diags).with_files_of_expression(expr));
    }
    Ok(v)
}

/// The context's methods that evaluate (its variables read from files, the
/// template renderer it gives a library), kept with the evaluator.
impl EvalContext {
    /// Offers a function library (see [`Functions`]): its functions are
    /// callable unless a function of the same name is set here with
    /// [`set_function`](Self::set_function) or
    /// [`set_functions_lazy`](Self::set_functions_lazy), which take
    /// precedence (as a spec file's `function` blocks do in `hcldec`).
    ///
    /// ```
    /// use hcldecode::eval::EvalContext;
    /// use hcldecode::function::Functions;
    /// let mut ctx = EvalContext::new();
    /// ctx.set_function_library(Functions::stdlib());
    /// # #[cfg(feature = "stdlib")]
    /// assert!(ctx.function("merge").is_some());
    /// ```
    pub fn set_function_library(&mut self, library: Functions) {
        // Its template functions render with this evaluator.
        #[cfg(feature = "terraform")]
        library.provide_renderer(render_template);
        self.offer_library(library);
    }

    /// Reads variables as `hcldec --vars` does, each argument in turn (a
    /// later one overriding an earlier one's variables of the same name):
    /// an argument starting with `{` is a JSON object (its file named
    /// `<vars argument N>`, `N` counting from 0), any other is the path
    /// of a file of attributes (native syntax, or JSON for a `.json`
    /// name). Attributes are evaluated without variables or functions.
    /// Returns the files read, for snippets
    /// ([`SourceMap::add_file`](crate::SourceMap::add_file)), and the
    /// diagnostics; variables that evaluated are set even after errors.
    ///
    /// ```
    /// use hcldecode::eval::EvalContext;
    /// use hcldecode::Value;
    /// let mut ctx = EvalContext::new();
    /// let (files, diags) = ctx.read_variables([r#"{"a": 1, "b": "x"}"#, r#"{"b": "y"}"#]);
    /// assert!(diags.is_empty());
    /// assert_eq!(files.len(), 2);
    /// assert_eq!(ctx.variable("a"), Some(&Value::int(1)));
    /// assert_eq!(ctx.variable("b"), Some(&Value::string("y")));
    /// let (_, diags) = ctx.read_variables(["/no/such/vars.hcl"]);
    /// assert!(diags.has_errors());
    /// ```
    pub fn read_variables<S: AsRef<std::ffi::OsStr>>(
        &mut self,
        args: impl IntoIterator<Item = S>,
    ) -> (Vec<crate::parse::File>, crate::Diagnostics) {
        use crate::parse::{self, Syntax};
        let mut diags = crate::Diagnostics::new();
        let mut files = Vec::new();
        for (index, arg) in args.into_iter().enumerate() {
            let arg = arg.as_ref();
            let literal = arg.to_str().filter(|a| a.trim_start().starts_with('{'));
            let (file, d) = match literal {
                Some(json) => {
                    let (f, d) = parse::parse(
                        json.as_bytes(),
                        &format!("<vars argument {index}>"),
                        Syntax::Json,
                    );
                    (Some(f), d)
                }
                None => parse::parse_path(arg),
            };
            diags.extend(d);
            let Some(file) = file else {
                continue;
            };
            let attrs = file.body.just_attributes(&mut diags);
            for a in attrs {
                let v = evaluate_into(a.expr, None, &mut diags);
                self.set_variable(a.name.to_string(), v);
            }
            files.push(file.clone());
        }
        (files, diags)
    }
}

/// Local variables an expression handed out of a decode evaluates with
/// ([`Expression::Scoped`]): a generated block's iterators.
#[derive(Debug)]
pub(crate) struct ExprScope {
    locals: Vec<(String, Value)>,
}

impl ExprScope {
    /// A scope of `vars`; of two of one name, the later wins.
    pub(crate) fn new(vars: &[(String, Value)]) -> ExprScope {
        let locals = vars
            .iter()
            .enumerate()
            .filter(|(i, (n, _))| !vars[i + 1..].iter().any(|(m, _)| m == n))
            .map(|(_, v)| v.clone())
            .collect();
        ExprScope { locals }
    }

    fn locals(&self) -> Vec<(&str, Value)> {
        self.locals
            .iter()
            .map(|(n, v)| (n.as_str(), v.clone()))
            .collect()
    }
}

/// [`evaluate`], appending diagnostics to `diags`.
pub fn evaluate_into(
    expr: ExprRef<'_>,
    ctx: Option<&EvalContext>,
    diags: &mut Diagnostics,
) -> Value {
    evaluate_within(expr, ctx, None, Nesting::Top(&Limits::DEFAULT), diags)
}

/// [`evaluate_into`] for a decode: `limits` are the decode's
/// ([`DecodeOptions::limits`](crate::decode::DecodeOptions)), which apply
/// where `ctx` sets none.
pub(crate) fn evaluate_under(
    expr: ExprRef<'_>,
    ctx: Option<&EvalContext>,
    limits: &Limits,
    diags: &mut Diagnostics,
) -> Value {
    evaluate_within(expr, ctx, None, Nesting::Top(limits), diags)
}

/// Evaluates with a scope of local variables on top of `ctx` (a transform's
/// `nested`, a user function's parameters), `limits` applying where `ctx`
/// sets none. `Some(&[])` is a scope without variables, which still turns
/// "Variables not allowed" into "Unknown variable".
pub(crate) fn evaluate_with_locals(
    expr: ExprRef<'_>,
    ctx: Option<&EvalContext>,
    locals: Option<&[(&str, Value)]>,
    limits: &Limits,
    diags: &mut Diagnostics,
) -> Value {
    evaluate_within(expr, ctx, locals, Nesting::Top(limits), diags)
}

/// Evaluates for a function that evaluates (a spec file's user-defined
/// function, a template): nested in the calling evaluation, drawing on its
/// budget and counting towards its nesting limit.
pub(crate) fn evaluate_nested(
    expr: ExprRef<'_>,
    ctx: Option<&EvalContext>,
    locals: Option<&[(&str, Value)]>,
    caller: &crate::function::CallContext<'_>,
    diags: &mut Diagnostics,
) -> Value {
    evaluate_within(expr, ctx, locals, Nesting::In(caller.budget()), diags)
}

/// Where an evaluation stands: a top-level one, with a budget of its own
/// (of its context's limits, else these: the caller's, a decode's), or one
/// nested in another's budget.
#[derive(Clone, Copy)]
enum Nesting<'a> {
    Top(&'a Limits),
    In(&'a Budget),
}

/// Evaluates as one more evaluation at `nesting`.
fn evaluate_within(
    expr: ExprRef<'_>,
    ctx: Option<&EvalContext>,
    locals: Option<&[(&str, Value)]>,
    nesting: Nesting<'_>,
    diags: &mut Diagnostics,
) -> Value {
    within_limits(
        ctx,
        nesting,
        || expr.range(),
        diags,
        |budget, diags| match expr {
            ExprRef::Native { file, expr } => {
                native::eval(file, expr.get(), ctx, locals, budget, diags)
            }
            ExprRef::Json { doc, value } => json::eval(doc, value, ctx, locals, budget, diags),
        },
    )
}

/// Runs `eval` as one more evaluation at `nesting` (a top-level one gets
/// a budget of the limits of `ctx`, else of those given); past the
/// nesting limit, a diagnostic at `subject` and an unknown value instead.
fn within_limits(
    ctx: Option<&EvalContext>,
    nesting: Nesting<'_>,
    subject: impl FnOnce() -> hcldecode_spec::source::Range,
    diags: &mut Diagnostics,
    eval: impl FnOnce(&Budget, &mut Diagnostics) -> Value,
) -> Value {
    let own;
    let budget = match nesting {
        Nesting::In(b) => b,
        Nesting::Top(fallback) => {
            let limits = ctx.and_then(EvalContext::limits).unwrap_or(*fallback);
            own = Budget::new(&limits);
            &own
        }
    };
    let _level = match budget.enter() {
        Ok(scope) => scope,
        Err(max) => {
            let d = hcldecode_spec::diag::Diagnostic::coded(
                Code::ExpressionTooDeep,
                "Function calls nested too deeply",
                format!(
                    "Evaluating this expression needs more than {max} nested evaluations (functions evaluating expressions that call functions), the limit."
                ),
            );
            diags.push(d.with_subject(subject()));
            return Value::dynamic();
        }
    };
    eval(budget, diags)
}

/// Evaluates a native-syntax expression that is part of another (an
/// element of a tuple constructor, such as one of a dynamic block's
/// `labels`), within the evaluation limits as [`evaluate_under`] does.
pub(crate) fn evaluate_native_part(
    file: &std::sync::Arc<hcldecode_spec::source::SourceFile>,
    expr: &hcldecode_spec::syntax::native::ast::Expr,
    ctx: Option<&EvalContext>,
    limits: &Limits,
    diags: &mut Diagnostics,
) -> Value {
    within_limits(
        ctx,
        Nesting::Top(limits),
        || file.range(expr.span),
        diags,
        |budget, diags| native::eval(file, expr, ctx, None, budget, diags),
    )
}

pub(crate) use literal::LiteralExpr;
pub(crate) use literal::literal_value as native_literal;

/// `read` of `expr` in the native syntax; `None` in JSON, whose
/// expressions are evaluated.
fn native_literal_with<'a, T>(
    expr: ExprRef<'a>,
    read: impl FnOnce(&'a SourceFile, &'a native_ast::Expr) -> Option<T>,
) -> Option<T> {
    match expr {
        ExprRef::Native { file, expr } => read(file, expr.get()),
        ExprRef::Json { .. } => None,
    }
}

/// `expr` evaluated and converted to `want` when it is literals alone of
/// exactly that type (see `native::literal_as`); `None`: evaluate it.
pub(crate) fn literal_as(expr: ExprRef<'_>, want: &crate::Type) -> Option<Value> {
    native_literal_with(expr, |file, e| native::literal_as(file, e, want))
}

/// `expr` to be read as literals alone (typed decoding's fast path); `None`
/// in JSON, whose expressions are evaluated.
pub(crate) fn literal_expr(expr: ExprRef<'_>) -> Option<LiteralExpr<'_>> {
    native_literal_with(expr, |file, e| Some(LiteralExpr::new(file, e)))
}

/// What the variables `expr` refers to hold in `ctx`, as the statements a
/// diagnostic about `expr` lists (`x as 1`, `y set to null`).
pub fn describe_variables(expr: ExprRef<'_>, ctx: Option<&EvalContext>) -> Vec<String> {
    match expr {
        ExprRef::Native { file, expr } => values::describe_variables(file, expr.get(), ctx, &[]),
        ExprRef::Json { .. } => {
            use traversal::TraversalStep;
            let mut out: Vec<String> = traversal::expr_variables(expr)
                .iter()
                .filter_map(|t| {
                    let v = traverse_abs(t, ctx).ok().filter(Value::is_known)?;
                    let mut name = String::new();
                    for s in &t.steps {
                        match s {
                            TraversalStep::Root { name: n, .. } => name.push_str(n),
                            TraversalStep::Attr { name: n, .. } => {
                                name.push('.');
                                name.push_str(n);
                            }
                            TraversalStep::Index { key, .. } => {
                                name.push('[');
                                name.push_str(&values::value_str(key));
                                name.push(']');
                            }
                        }
                    }
                    Some(if v.is_null() {
                        format!("{name} set to null")
                    } else {
                        format!("{name} as {}", values::value_str(&v))
                    })
                })
                .collect();
            out.sort();
            out.dedup();
            out
        }
    }
}

/// The value a variable reference denotes in `ctx` (`Traversal.TraverseAbs`).
pub fn traverse_abs(
    t: &traversal::Traversal,
    ctx: Option<&EvalContext>,
) -> Result<Value, Diagnostics> {
    use hcldecode_spec::diag::Diagnostic;
    use traversal::TraversalStep;
    let mut diags = Diagnostics::new();
    let Some(TraversalStep::Root { name, range }) = t.steps.first() else {
        return Err(diags);
    };
    let Some(root) = ctx.and_then(|c| c.variable(name)) else {
        diags.push(
            Diagnostic::coded(
                Code::UnknownVariable,
                "Unknown variable",
                format!("There is no variable named {name:?}."),
            )
            .with_subject(range.clone()),
        );
        return Err(diags);
    };
    let mut v = root.clone();
    for step in &t.steps[1..] {
        v = match step {
            TraversalStep::Attr { name, range } => {
                ops::get_attr(&v, name, range.clone(), &mut diags)
            }
            TraversalStep::Index { key, range } => ops::index(&v, key, range.clone(), &mut diags),
            TraversalStep::Root { .. } => v,
        };
        if diags.has_errors() {
            return Err(diags);
        }
    }
    Ok(v)
}

/// Renders a template for `templatefile` and `templatestring`: the
/// function layer sits below the evaluator, so the evaluation context
/// gives this function to the library it is offered
/// (`Functions::provide_renderer`, docs/architecture.md). `vars` must be
/// a map or object whose keys are identifiers and that holds every
/// variable the template refers to; errors read as HCL's `Diagnostics`
/// do in Go (`file:line,col-col: summary; detail`).
#[cfg(feature = "terraform")]
pub(crate) fn render_template(
    caller: &crate::function::CallContext<'_>,
    name: &str,
    text: &str,
    vars: &Value,
    lib: crate::function::Functions,
    show_ranges: bool,
) -> Result<Value, crate::function::FunctionError> {
    use crate::function::FunctionError;
    use hcldecode_spec::syntax::expr::NativeExpr;
    use hcldecode_spec::syntax::native;

    fn go_error(diags: &Diagnostics) -> String {
        let mut errs = diags.iter().filter(|d| d.is_error());
        let Some(first) = errs.next() else {
            return String::new();
        };
        let mut out = match &first.subject {
            Some(r) => format!("{r}: {}; {}", first.summary, first.detail),
            None => format!("{}; {}", first.summary, first.detail),
        };
        let more = errs.count();
        if more > 0 {
            out.push_str(&format!(", and {more} other diagnostic(s)"));
        }
        out
    }

    if !matches!(vars.ty(), crate::Type::Map(_) | crate::Type::Object(_)) {
        return Err(FunctionError::arg(1, "invalid vars value: must be a map"));
    }
    let entries: Vec<(&std::sync::Arc<str>, &Value)> =
        vars.entries().map(Iterator::collect).unwrap_or_default();
    for (k, _) in &entries {
        if !hcldecode_spec::syntax::is_identifier(k) {
            return Err(FunctionError::arg(
                1,
                format!(
                    "invalid template variable name {}: must start with a letter, followed by zero or more letters, digits, and underscores",
                    hcldecode_spec::go_quote::quote(k)
                ),
            ));
        }
    }
    let file = SourceFile::new(name, text);
    let (ast, diags) = native::parse_template(&file);
    if diags.has_errors() {
        return Err(FunctionError::call(go_error(&diags)));
    }
    let expr = Expression::Native {
        file,
        expr: NativeExpr::new(ast),
    };
    for t in traversal::expr_variables(expr.as_ref()) {
        let root = t.root_name();
        if !entries.iter().any(|(k, _)| &***k == root) {
            let at = if show_ranges {
                format!(", referenced at {}", t.steps[0].range())
            } else {
                String::new()
            };
            return Err(FunctionError::arg(
                1,
                format!(
                    "vars map does not contain key {}{at}",
                    hcldecode_spec::go_quote::quote(root)
                ),
            ));
        }
    }
    let mut ctx = EvalContext::new();
    for (k, v) in entries {
        ctx.set_variable(&**k, v.clone());
    }
    ctx.set_function_library(lib);
    let mut diags = Diagnostics::new();
    let v = evaluate_nested(expr.as_ref(), Some(&ctx), None, caller, &mut diags);
    if diags.has_errors() {
        return Err(FunctionError::call(go_error(&diags)));
    }
    Ok(v)
}
