//! Evaluating HCL source text in one call: the entry points of
//! terraform-provider-hcl (`evalexpr`, `evaltemplate`, `evalconfigattrs`,
//! `evalconfig`).
//!
//! Each takes the source text and variables (an object or map value; null
//! for none) and returns the result with every diagnostic. Expressions can
//! call the function library a spec file's expressions can (`upper`,
//! `jsonencode`, `coalesce`, ...); [`eval_config`] adds the spec file's
//! own `variables` and `function`s, the given variables overriding
//! variables of the same name.
//!
//! ```
//! use hcldecode::Value;
//! let vars = Value::object([("name", Value::string("web"))]);
//! let (v, diags) = hcldecode::eval_expr("upper(name)", &vars);
//! assert!(diags.is_empty());
//! assert_eq!(v, Value::string("WEB"));
//! ```

use hcldecode_spec::diag::{Diagnostic, Diagnostics};
use hcldecode_spec::source::SourceFile;
use hcldecode_spec::syntax::expr::{ExprRef, NativeExpr};
use hcldecode_spec::syntax::native;

use crate::eval::{self, EvalContext};
use crate::function::{Functions, stdlib};
use crate::parse;
use crate::spec_file::LoadedSpec;
use crate::value::convert::convert;
use crate::{Error, SourceMap, Type, Value};

/// Sets `vars` (an object or map; null for none) as variables of `ctx`.
fn set_vars(ctx: &mut EvalContext, vars: &Value, diags: &mut Diagnostics) {
    if let Err(d) = ctx.set_variables_from(vars) {
        diags.extend(d);
    }
}

/// The context of expressions: the spec function library, `lib` below
/// it, and `vars`.
fn context(vars: &Value, lib: Option<&Functions>, diags: &mut Diagnostics) -> EvalContext {
    let mut ctx = EvalContext::new();
    ctx.set_functions_lazy(&stdlib::SPEC_FUNCTION_NAMES, stdlib::lookup);
    if let Some(lib) = lib {
        ctx.set_function_library(lib.clone());
    }
    set_vars(&mut ctx, vars, diags);
    ctx
}

fn evaluate_parsed(
    file: &std::sync::Arc<SourceFile>,
    expr: hcldecode_spec::syntax::native::ast::Expr,
    ctx: &EvalContext,
    diags: &mut Diagnostics,
) -> Value {
    let expr = NativeExpr::new(expr);
    eval::evaluate_into(
        ExprRef::Native {
            file,
            expr: expr.as_ref(),
        },
        Some(ctx),
        diags,
    )
}

/// `evalexpr`: the value of the native-syntax expression `src`.
///
/// ```
/// use hcldecode::Value;
/// let vars = Value::object([("ports", Value::tuple(vec![Value::int(80), Value::int(443)]))]);
/// let (v, diags) = hcldecode::eval_expr("[for p in ports : p + 1]", &vars);
/// assert!(diags.is_empty());
/// assert_eq!(v, Value::tuple(vec![Value::int(81), Value::int(444)]));
/// let (_, diags) = hcldecode::eval_expr("nope + 1", &Value::null(hcldecode::Type::Dynamic));
/// assert_eq!(diags[0].summary, "Unknown variable");
/// ```
pub fn eval_expr(src: &str, vars: &Value) -> (Value, Diagnostics) {
    let (v, diags, _) = expr_impl(src, vars, None);
    (v, diags)
}

fn expr_impl(src: &str, vars: &Value, lib: Option<&Functions>) -> (Value, Diagnostics, SourceMap) {
    let mut diags = Diagnostics::new();
    let ctx = context(vars, lib, &mut diags);
    let file = SourceFile::new("<expr>", src);
    let mut files = SourceMap::new();
    files.add(file.clone(), Vec::new());
    let (expr, d) = native::parse_expression(&file);
    let failed = d.has_errors();
    diags.extend(d);
    if failed || diags.has_errors() {
        return (Value::dynamic(), diags, files);
    }
    let v = evaluate_parsed(&file, expr, &ctx, &mut diags);
    (v, diags, files)
}

/// `evaltemplate`: the string the template `src` (text with `${...}`
/// interpolations and `%{...}` directives) renders; `None` after an error
/// or when the result is not a known string.
///
/// ```
/// use hcldecode::Value;
/// let vars = Value::object([("xs", Value::tuple(vec![Value::string("a"), Value::string("b")]))]);
/// let (s, diags) = hcldecode::eval_template("%{ for x in xs }<${x}>%{ endfor }", &vars);
/// assert!(diags.is_empty());
/// assert_eq!(s.as_deref(), Some("<a><b>"));
/// ```
pub fn eval_template(src: &str, vars: &Value) -> (Option<String>, Diagnostics) {
    let (v, diags, _) = template_impl(src, vars, None);
    (v, diags)
}

fn template_impl(
    src: &str,
    vars: &Value,
    lib: Option<&Functions>,
) -> (Option<String>, Diagnostics, SourceMap) {
    let mut diags = Diagnostics::new();
    let ctx = context(vars, lib, &mut diags);
    let file = SourceFile::new("<template>", src);
    let mut files = SourceMap::new();
    files.add(file.clone(), Vec::new());
    let (expr, d) = native::parse_template(&file);
    let failed = d.has_errors();
    diags.extend(d);
    if failed || diags.has_errors() {
        return (None, diags, files);
    }
    let v = evaluate_parsed(&file, expr, &ctx, &mut diags);
    if diags.has_errors() {
        return (None, diags, files);
    }
    match convert(&v, &Type::String) {
        Ok(s) if s.is_known() && !s.is_null() => (s.as_str().map(str::to_string), diags, files),
        Ok(_) => {
            diags.push(Diagnostic::error(
                "Invalid template result",
                "The template produced a null or unknown value, not a string.",
            ));
            (None, diags, files)
        }
        Err(e) => {
            diags.push(Diagnostic::error(
                "Invalid template result",
                format!("The template result cannot be a string: {e}."),
            ));
            (None, diags, files)
        }
    }
}

/// `evalconfigattrs`: an object of the top-level attributes of the
/// native-syntax configuration `src`, each evaluated; blocks are an error.
///
/// ```
/// use hcldecode::Value;
/// let (v, diags) = hcldecode::eval_config_attrs("a = 1 + 1\nb = \"x\"\n", &Value::empty_object());
/// assert!(diags.is_empty());
/// assert_eq!(v.get_attr("a"), Some(Value::int(2)));
/// let (_, diags) = hcldecode::eval_config_attrs("a = 1\nblk {}\n", &Value::empty_object());
/// assert_eq!(diags[0].summary, "Unexpected \"blk\" block");
/// ```
pub fn eval_config_attrs(src: &str, vars: &Value) -> (Value, Diagnostics) {
    let (v, diags, _) = config_attrs_impl(src, vars, None);
    (v, diags)
}

fn config_attrs_impl(
    src: &str,
    vars: &Value,
    lib: Option<&Functions>,
) -> (Value, Diagnostics, SourceMap) {
    let mut diags = Diagnostics::new();
    let ctx = context(vars, lib, &mut diags);
    let (file, d) = parse::parse_native(src.as_bytes(), "<config>");
    let mut files = SourceMap::new();
    files.add_file(&file);
    let failed = d.has_errors();
    diags.extend(d);
    if failed {
        return (Value::dynamic(), diags, files);
    }
    let attrs = file.body.just_attributes(&mut diags);
    let vals: Vec<(String, Value)> = attrs
        .iter()
        .map(|a| {
            (
                a.name.to_string(),
                eval::evaluate_into(a.expr, Some(&ctx), &mut diags),
            )
        })
        .collect();
    (Value::object(vals), diags, files)
}

/// `evalconfig`: the value the spec file `spec` (hcldec's spec format,
/// `tuple` accepted for `array`) gives for the native-syntax configuration
/// `src`. The spec's `variables` and `function`s are available to the
/// configuration; `vars` override its variables.
///
/// ```
/// use hcldecode::Value;
/// let spec = "variables {\n  greeting = \"hi\"\n}\nobject {\n  attr \"msg\" { type = string }\n  tuple \"pair\" {\n    attr { name = \"a\" }\n    attr { name = \"b\" }\n  }\n}\n";
/// let src = "msg = \"${greeting}, ${who}\"\na = 1\nb = 2\n";
/// let vars = Value::object([("who", Value::string("you"))]);
/// let (v, diags) = hcldecode::eval_config(src, spec, &vars);
/// assert!(diags.is_empty(), "{diags:?}");
/// assert_eq!(v.get_attr("msg"), Some(Value::string("hi, you")));
/// assert_eq!(v.get_attr("pair"), Some(Value::tuple(vec![Value::int(1), Value::int(2)])));
/// ```
pub fn eval_config(src: &str, spec: &str, vars: &Value) -> (Value, Diagnostics) {
    let (v, diags, _) = config_impl(src, spec, vars, None);
    (v, diags)
}

fn config_impl(
    src: &str,
    spec: &str,
    vars: &Value,
    lib: Option<&Functions>,
) -> (Value, Diagnostics, SourceMap) {
    let mut files = SourceMap::new();
    let loaded = match LoadedSpec::load_file(spec, "<spec>") {
        Ok((l, d)) => (l, d),
        Err(e) => {
            let files = e.files().clone();
            return (Value::dynamic(), e.into_diagnostics(), files);
        }
    };
    let (loaded, mut diags) = loaded;
    if let Some(f) = loaded.file() {
        files.add_file(f);
    }
    let mut ctx = loaded.input_context();
    ctx.set_functions_lazy(&stdlib::SPEC_FUNCTION_NAMES, stdlib::lookup);
    if let Some(lib) = lib {
        ctx.set_function_library(lib.clone());
    }
    set_vars(&mut ctx, vars, &mut diags);
    let (file, d) = parse::parse_native(src.as_bytes(), "<config>");
    files.add_file(&file);
    let failed = d.has_errors();
    diags.extend(d);
    if failed || diags.has_errors() {
        return (Value::dynamic(), diags, files);
    }
    let (v, d) = loaded.decode(&file.body, Some(&ctx));
    diags.extend(d);
    (v, diags, files)
}

/// The `eval_*` entry points with options: a function library below the
/// spec functions (`merge`, `cidrsubnet`, ... as
/// [`Functions`] sets give them), and a `Result` whose [`Error`] renders
/// every diagnostic with its snippet of the text evaluated.
///
/// ```
/// use hcldecode::text_eval::TextEval;
/// use hcldecode::function::Functions;
/// use hcldecode::Value;
/// let vars = Value::object([("a", Value::object([("x", Value::int(1))]))]);
/// # #[cfg(feature = "stdlib")] {
/// let eval = TextEval::new().functions(Functions::stdlib());
/// let (v, _warnings) = eval.expr("merge(a, { y = 2 })", &vars).unwrap();
/// assert_eq!(v.get_attr("y"), Some(Value::int(2)));
/// # }
/// let err = TextEval::new().expr("upper(nope)", &vars).unwrap_err();
/// assert_eq!(err.diagnostics()[0].code, Some(hcldecode::diag::Code::UnknownVariable));
/// assert!(err.to_string().contains("  on <expr> line 1:\n   1: upper(nope)\n"), "{err}");
/// ```
#[derive(Clone, Debug, Default)]
pub struct TextEval {
    functions: Option<Functions>,
}

impl TextEval {
    /// The spec function library only, as the `eval_*` functions have.
    pub fn new() -> TextEval {
        TextEval::default()
    }

    /// Adds a function library (below the spec functions, which keep
    /// their meaning).
    ///
    /// ```
    /// use hcldecode::text_eval::TextEval;
    /// use hcldecode::function::Functions;
    /// let t = TextEval::new().functions(Functions::stdlib());
    /// # #[cfg(feature = "stdlib")]
    /// assert!(t.expr("keys({ a = 1 })", &hcldecode::Value::empty_object()).is_ok());
    /// ```
    pub fn functions(mut self, library: Functions) -> TextEval {
        self.functions = Some(library);
        self
    }

    /// [`eval_expr`] with these options.
    pub fn expr(&self, src: &str, vars: &Value) -> Result<(Value, Diagnostics), Error> {
        result(expr_impl(src, vars, self.functions.as_ref()))
    }

    /// [`eval_template`] with these options.
    ///
    /// ```
    /// use hcldecode::text_eval::TextEval;
    /// let err = TextEval::new().template("a ${b", &hcldecode::Value::empty_object()).unwrap_err();
    /// assert!(err.to_string().contains("   1: a ${b\n"), "{err}");
    /// ```
    pub fn template(&self, src: &str, vars: &Value) -> Result<(String, Diagnostics), Error> {
        let (s, diags, files) = template_impl(src, vars, self.functions.as_ref());
        match s {
            Some(s) if !diags.has_errors() => Ok((s, diags)),
            _ => Err(Error::from_diagnostics(diags).with_files(files)),
        }
    }

    /// [`eval_config_attrs`] with these options.
    pub fn config_attrs(&self, src: &str, vars: &Value) -> Result<(Value, Diagnostics), Error> {
        result(config_attrs_impl(src, vars, self.functions.as_ref()))
    }

    /// [`eval_config`] with these options; errors in the spec render with
    /// snippets of the spec.
    ///
    /// ```
    /// use hcldecode::text_eval::TextEval;
    /// let err = TextEval::new()
    ///     .config("a = 1\n", "attr {\n  name = \"a\"\n  type = strin\n}\n", &hcldecode::Value::empty_object())
    ///     .unwrap_err();
    /// assert!(err.to_string().contains("  on <spec> line 3"), "{err}");
    /// ```
    pub fn config(
        &self,
        src: &str,
        spec: &str,
        vars: &Value,
    ) -> Result<(Value, Diagnostics), Error> {
        result(config_impl(src, spec, vars, self.functions.as_ref()))
    }
}

fn result<T>((v, diags, files): (T, Diagnostics, SourceMap)) -> Result<(T, Diagnostics), Error> {
    if diags.has_errors() {
        Err(Error::from_diagnostics(diags).with_files(files))
    } else {
        Ok((v, diags))
    }
}
