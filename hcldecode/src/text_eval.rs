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
use crate::function::stdlib;
use crate::parse;
use crate::spec_file::LoadedSpec;
use crate::value::convert::convert;
use crate::{Type, Value};

/// Sets `vars` (an object or map; null for none) as variables of `ctx`.
fn set_vars(ctx: &mut EvalContext, vars: &Value, diags: &mut Diagnostics) {
    ctx.allow_variables();
    if vars.is_null() {
        return;
    }
    match vars.entries() {
        Some(entries) if vars.is_wholly_known() => {
            for (k, v) in entries {
                ctx.set_variable(k.to_string(), v.clone());
            }
        }
        _ => diags.push(Diagnostic::error(
            "Invalid variables",
            format!(
                "Variables must be given as an object or a map of known values, not {}.",
                vars.ty().friendly_name()
            ),
        )),
    }
}

/// The context of expressions: the function library and `vars`.
fn context(vars: &Value, diags: &mut Diagnostics) -> EvalContext {
    let mut ctx = EvalContext::new();
    ctx.set_functions_lazy(&stdlib::SPEC_FUNCTION_NAMES, stdlib::lookup);
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
    let mut diags = Diagnostics::new();
    let ctx = context(vars, &mut diags);
    let file = SourceFile::new("<expr>", src);
    let (expr, d) = native::parse_expression(&file);
    let failed = d.has_errors();
    diags.extend(d);
    if failed || diags.has_errors() {
        return (Value::dynamic(), diags);
    }
    let v = evaluate_parsed(&file, expr, &ctx, &mut diags);
    (v, diags)
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
    let mut diags = Diagnostics::new();
    let ctx = context(vars, &mut diags);
    let file = SourceFile::new("<template>", src);
    let (expr, d) = native::parse_template(&file);
    let failed = d.has_errors();
    diags.extend(d);
    if failed || diags.has_errors() {
        return (None, diags);
    }
    let v = evaluate_parsed(&file, expr, &ctx, &mut diags);
    if diags.has_errors() {
        return (None, diags);
    }
    match convert(&v, &Type::String) {
        Ok(s) if s.is_known() && !s.is_null() => (s.as_str().map(str::to_string), diags),
        Ok(_) => {
            diags.push(Diagnostic::error(
                "Invalid template result",
                "The template produced a null or unknown value, not a string.",
            ));
            (None, diags)
        }
        Err(e) => {
            diags.push(Diagnostic::error(
                "Invalid template result",
                format!("The template result cannot be a string: {e}."),
            ));
            (None, diags)
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
    let mut diags = Diagnostics::new();
    let ctx = context(vars, &mut diags);
    let (file, d) = parse::parse_native(src.as_bytes(), "<config>");
    let failed = d.has_errors();
    diags.extend(d);
    if failed {
        return (Value::dynamic(), diags);
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
    (Value::object(vals), diags)
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
    let (loaded, mut diags) = LoadedSpec::load_str(spec, "<spec>");
    let Some(loaded) = loaded.filter(|_| !diags.has_errors()) else {
        return (Value::dynamic(), diags);
    };
    let mut ctx = loaded.input_context();
    ctx.set_functions_lazy(&stdlib::SPEC_FUNCTION_NAMES, stdlib::lookup);
    set_vars(&mut ctx, vars, &mut diags);
    let (file, d) = parse::parse_native(src.as_bytes(), "<config>");
    let failed = d.has_errors();
    diags.extend(d);
    if failed || diags.has_errors() {
        return (Value::dynamic(), diags);
    }
    let (v, d) = loaded.decode(&file.body, Some(&ctx));
    diags.extend(d);
    (v, diags)
}
