//! Function calls: argument conversion and expansion, the result's
//! checks, unknown functions with their hints, and the special functions
//! the evaluator runs itself (`try`, `can`, `convert`).

use hcldecode_spec::diag::{Code, Diagnostic, Diagnostics};
use hcldecode_spec::source::Span;
use hcldecode_spec::spec::type_constraint::get_type;
use hcldecode_spec::syntax::native::ast::{Expr, Step};
use hcldecode_spec::syntax::suggest::name_suggestion;
use smallvec::SmallVec;

use super::Evaluator;
use crate::Type;
use crate::eval::literal::literal_value;
use crate::eval::{EvalContext, ops};
use crate::function::CallContext;
use crate::function::Function;
use crate::value::Value;
use crate::value::convert::{convert, fill_optional};

/// A call's argument list: a few on the stack, no allocation (most calls
/// have at most four).
type Args<T> = SmallVec<[T; 4]>;

/// A function call argument: an expression, or one element of an expanded
/// final argument (`f(xs...)`).
enum CallArg<'x> {
    Expr(&'x Expr),
    Value(Value, Span),
}

/// "Call to unknown function"'s detail for `name` among the functions
/// `names`: for a namespaced name (HCL v2.20), whether its namespace has
/// no functions or not this one (suggesting one of the namespace's, which
/// the reference means to do but never does).
fn unknown_function_detail<'n>(
    name: &str,
    names: impl IntoIterator<Item = &'n str>,
) -> (String, Option<String>) {
    let Some(sep) = name.rfind("::") else {
        let replacement = name_suggestion(name, names);
        let suggestion = replacement
            .map(|s| format!(" Did you mean {s:?}?"))
            .unwrap_or_default();
        return (
            format!("There is no function named {name:?}.{suggestion}"),
            replacement.map(str::to_string),
        );
    };
    let (namespace, bare) = (&name[..sep + 2], &name[sep + 2..]);
    let in_namespace: Vec<&str> = names
        .into_iter()
        .filter_map(|n| n.strip_prefix(namespace))
        .collect();
    if in_namespace.is_empty() {
        return (
            format!("There are no functions in namespace {namespace:?}."),
            None,
        );
    }
    let replacement = name_suggestion(bare, in_namespace).map(|s| format!("{namespace}{s}"));
    let suggestion = match &replacement {
        Some(s) => format!(" Did you mean {s}?"),
        None => String::new(),
    };
    (
        format!("There is no function named {bare:?} in namespace {namespace}.{suggestion}"),
        replacement,
    )
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

impl<'a> Evaluator<'a, '_> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn call(
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
            self.unknown_function(e, name, name_span);
            return Value::dynamic();
        };

        let Some(arg_list) = self.call_arguments(e, args, expand_final) else {
            return Value::dynamic();
        };

        if !self.arity_ok(e, name, &f, &arg_list, close_paren) {
            return Value::dynamic();
        }
        let params = f.params();
        let var_param = f.var_param();

        let mark = self.diags.len();
        if let Some(kind) = f.special_kind() {
            let Some(result) = self.call_special(kind, &arg_list) else {
                return Value::dynamic();
            };
            return self.call_result(e, name, name_span, &f, result, &arg_list);
        }
        let mut vals: Args<Value> = SmallVec::with_capacity(arg_list.len());
        for (i, a) in arg_list.iter().enumerate() {
            let param = params.get(i).or(var_param).expect("checked above");
            let (v, start, x) = match a {
                CallArg::Expr(x) => (self.expr(x), x.start_span(), Some(*x)),
                CallArg::Value(v, s) => (v.clone(), *s, None),
            };
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
        let cx = CallContext::new(self.budget, Some(self.file.name()));
        let result = f.call_in(&cx, &vals);
        self.call_result(e, name, name_span, &f, result, &arg_list)
    }

    /// Reports a call of a function the context does not have: none may
    /// be called here, the function is in a set that is not enabled, or
    /// a "Did you mean".
    fn unknown_function(&mut self, e: &'a Expr, name: &str, name_span: Span) {
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
            let (detail, replacement) = match library.and_then(|l| set_not_enabled(name, l)) {
                Some(hint) => (hint, None),
                None => unknown_function_detail(name, names),
            };
            self.err_x(
                (Code::UnknownFunction, "Call to unknown function"),
                detail,
                name_span,
                Some(e.span),
                e,
            );
            if let Some(d) = self.diags.last_mut() {
                d.suggestion = replacement;
            }
        }
    }

    /// The arguments of a call: its expressions, except that an expanded
    /// final argument (`f(xs...)`) contributes one evaluated value per
    /// element; `None` after an error (reported).
    fn call_arguments(
        &mut self,
        e: &'a Expr,
        args: &'a [Expr],
        expand_final: bool,
    ) -> Option<Args<CallArg<'a>>> {
        let mut arg_list: Args<CallArg<'a>> = SmallVec::with_capacity(args.len());
        let fixed = if expand_final {
            &args[..args.len().saturating_sub(1)]
        } else {
            args
        };
        arg_list.extend(fixed.iter().map(CallArg::Expr));
        if expand_final && let Some(last) = args.last() {
            let mark = self.diags.len();
            let v = self.expr(last);
            if self.errors_since(mark) {
                return None;
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
                return None;
            }
            if ty.is_dynamic() {
                return None;
            }
            if !sequence {
                self.err_x(
                    (Code::InvalidExpandingArgument, "Invalid expanding argument value"),
                    "The expanding argument (indicated by ...) must be of a tuple, list, or set type.".into(),
                    last.span,
                    Some(e.span),
                    last,
                );
                return None;
            }
            if !v.is_known() {
                return None;
            }
            for el in v.elements().unwrap_or(&[]) {
                arg_list.push(CallArg::Value(el.clone(), last.span));
            }
        }
        Some(arg_list)
    }

    /// Whether a call has as many arguments as `f` takes (reported when
    /// not).
    fn arity_ok(
        &mut self,
        e: &'a Expr,
        name: &str,
        f: &Function,
        arg_list: &[CallArg<'a>],
        close_paren: Span,
    ) -> bool {
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
            return false;
        }
        if var_param.is_none() && arg_list.len() > params.len() {
            let at = match &arg_list[params.len()] {
                CallArg::Expr(x) => x.start_span(),
                CallArg::Value(_, s) => *s,
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
            return false;
        }
        true
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
        args: &[CallArg<'a>],
    ) -> Value {
        let params = f.params();
        let var_param = f.var_param();
        match result {
            Ok(v) => {
                let r = self.budget.charge_value(&v);
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
                    Some((i, p)) if i < args.len() => {
                        // Where the argument starts, and its expression
                        // (the call's, for an element of an expanded one).
                        let (start, x) = match &args[i] {
                            CallArg::Expr(x) => (x.start_span(), *x),
                            CallArg::Value(_, s) => (*s, e),
                        };
                        self.err_x(
                            (Code::InvalidFunctionArgument, "Invalid function argument"),
                            format!("Invalid value for {:?} parameter: {err}.", p.name),
                            start,
                            Some(e.span),
                            x,
                        )
                    }
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
    pub(super) fn depends_on_unknowns(&self, x: &Expr) -> bool {
        use hcldecode_spec::syntax::native::analysis;
        for t in analysis::variables(x, self.file) {
            let Some(mut v) = self.variable(self.file.text(t.root)) else {
                continue;
            };
            let mut scratch = Diagnostics::new();
            for step in &t.steps {
                let at = || self.file.range(step.span());
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
                let ds: Vec<Diagnostic> = self.diags.drain(mark..).collect();
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
}
