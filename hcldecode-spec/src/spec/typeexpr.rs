//! Type expressions of hcldec spec files: `string`, `list(number)`,
//! `object({a = bool})`, `tuple([string, any])`, `map(any)`, `null` (any).
//!
//! The reference evaluates them as ordinary HCL expressions in a context
//! whose variables are the primitive types and whose functions build
//! collection and structural types. This module does the same statically
//! and reports the same diagnostics for the mistakes people make (unknown
//! keywords and functions, wrong argument counts, non-type arguments).

use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::source::{SourceFile, Span};
use crate::syntax::native::ast::{BinaryOp, Expr, ExprKind, Literal, Step, UnaryOp};
use crate::syntax::suggest::name_suggestion;
use crate::types::Type;

const VARIABLES: [(&str, Type); 4] = [
    ("string", Type::String),
    ("bool", Type::Bool),
    ("number", Type::Number),
    ("any", Type::Dynamic),
];
const FUNCTIONS: [(&str, &str); 5] = [
    ("list", "element_type"),
    ("set", "element_type"),
    ("map", "element_type"),
    ("tuple", "element_types"),
    ("object", "attribute_types"),
];

/// The outcome of evaluating (part of) a type expression.
enum Tv {
    /// A type.
    Ty(Type),
    /// `null`.
    Null,
    /// A value that is not a type; its cty friendly type name.
    Other(&'static str),
    /// Evaluation failed and was reported (cty.DynamicVal).
    Failed,
}

/// Evaluates a native-syntax type expression. Errors give `any` (the
/// dynamic pseudo-type) along with their diagnostics, as the reference does.
///
/// ```
/// use hcldecode_spec::source::SourceFile;
/// use hcldecode_spec::syntax::native::parse_expression;
/// use hcldecode_spec::spec::typeexpr::eval_type_expr;
/// let f = SourceFile::new("t", "map(list(string))");
/// let (expr, _) = parse_expression(&f);
/// let (ty, diags) = eval_type_expr(&f, &expr);
/// assert!(diags.is_empty());
/// assert_eq!(ty.to_type_expr(), "map(list(string))");
/// ```
pub fn eval_type_expr(file: &Arc<SourceFile>, expr: &Expr) -> (Type, Diagnostics) {
    let mut diags = Diagnostics::new();
    let tv = eval(file, expr, &mut diags);
    let ty = match tv {
        Tv::Ty(t) => t,
        Tv::Null => Type::Dynamic,
        Tv::Other(name) => {
            diags.push(invalid_type_expr(file, expr, name));
            Type::Dynamic
        }
        Tv::Failed => {
            diags.push(invalid_type_expr(file, expr, "dynamic"));
            Type::Dynamic
        }
    };
    (ty, diags)
}

/// "Invalid type expression": the reference gives it no subject; the range
/// goes in the context so text output can still show it.
fn invalid_type_expr(file: &SourceFile, expr: &Expr, found: &str) -> Diagnostic {
    Diagnostic::error(
        "Invalid type expression",
        format!("A type is required, not {found}."),
    )
    .with_context(file.range(expr.span))
}

fn eval(file: &Arc<SourceFile>, expr: &Expr, diags: &mut Diagnostics) -> Tv {
    match &expr.kind {
        ExprKind::Parens(inner) => eval(file, inner, diags),
        ExprKind::TemplateWrap { wrapped } => eval(file, wrapped, diags),
        ExprKind::Invalid => Tv::Failed,
        ExprKind::Literal(Literal::Null) => Tv::Null,
        ExprKind::Literal(Literal::Bool(_)) => Tv::Other("bool"),
        ExprKind::Literal(Literal::Number(_)) => Tv::Other("number"),
        ExprKind::Literal(Literal::String(_))
        | ExprKind::Template { .. }
        | ExprKind::StringTemplate { .. }
        | ExprKind::TemplateJoin { .. } => Tv::Other("string"),
        ExprKind::Tuple { .. } => Tv::Other("tuple"),
        ExprKind::Object { .. } => Tv::Other("object"),
        ExprKind::For(f) => Tv::Other(if f.key_expr.is_some() {
            "object"
        } else {
            "tuple"
        }),
        ExprKind::ScopeTraversal { root, steps } => traversal(file, *root, steps, diags),
        ExprKind::FunctionCall(c) => call(
            file,
            expr,
            c.name,
            &c.args,
            c.expand_final,
            c.close_paren,
            diags,
        ),
        ExprKind::Conditional {
            cond,
            true_result,
            false_result,
        } => match &cond.unwrap_parens().kind {
            ExprKind::Literal(Literal::Bool(true)) => eval(file, true_result, diags),
            ExprKind::Literal(Literal::Bool(false)) => eval(file, false_result, diags),
            _ => unsupported(file, expr, diags),
        },
        ExprKind::BinaryOp { op, lhs, rhs } => {
            let (want, result) = match op {
                BinaryOp::Or | BinaryOp::And => ("bool", "bool"),
                BinaryOp::Equal | BinaryOp::NotEqual => return Tv::Other("bool"),
                BinaryOp::Greater
                | BinaryOp::GreaterOrEqual
                | BinaryOp::Less
                | BinaryOp::LessOrEqual => ("number", "bool"),
                _ => ("number", "number"),
            };
            for (side, operand) in [("left", lhs), ("right", rhs)] {
                if let Tv::Ty(_) = eval(file, operand, diags) {
                    diags.push(
                        Diagnostic::error(
                            "Invalid operand",
                            format!("Unsuitable value for {side} operand: {want} required."),
                        )
                        .with_subject(file.range(operand.span))
                        .with_context(file.range(expr.span))
                        .with_values(keyword_values(file, operand)),
                    );
                }
            }
            Tv::Other(result)
        }
        ExprKind::UnaryOp { op, .. } => Tv::Other(match op {
            UnaryOp::Not => "bool",
            UnaryOp::Negate => "number",
        }),
        ExprKind::RelativeTraversal { .. }
        | ExprKind::Index { .. }
        | ExprKind::Splat { .. }
        | ExprKind::AnonSymbol { .. } => unsupported(file, expr, diags),
    }
}

/// The "with string as type" statements of a diagnostic about `expr`:
/// every type keyword it refers to (the reference's evaluation context
/// holds them as values of type "type").
fn keyword_values(file: &SourceFile, expr: &Expr) -> Vec<String> {
    let mut v: Vec<String> = crate::syntax::native::analysis::variables(expr, file)
        .iter()
        .filter(|t| t.steps.is_empty())
        .map(|t| file.text(t.root))
        .filter(|n| VARIABLES.iter().any(|(k, _)| k == n))
        .map(|n| format!("{n} as type"))
        .collect();
    v.sort();
    v.dedup();
    v
}

fn unsupported(file: &SourceFile, expr: &Expr, diags: &mut Diagnostics) -> Tv {
    diags.push(
        Diagnostic::error(
            "Unsupported type expression",
            "A type expression is a type keyword (string, number, bool, any) or a call of list, set, map, tuple or object.",
        )
        .with_subject(file.range(expr.span)),
    );
    Tv::Failed
}

fn traversal(file: &SourceFile, root: Span, steps: &[Step], diags: &mut Diagnostics) -> Tv {
    let name = file.text(root);
    let Some((_, ty)) = VARIABLES.iter().find(|(n, _)| *n == name) else {
        let suggestion = name_suggestion(name, VARIABLES.iter().map(|(n, _)| *n))
            .map(|s| format!(" Did you mean {s:?}?"))
            .unwrap_or_default();
        diags.push(
            Diagnostic::error(
                "Unknown variable",
                format!("There is no variable named {name:?}.{suggestion}"),
            )
            .with_subject(file.range(root)),
        );
        return Tv::Failed;
    };
    if let Some(step) = steps.first() {
        let (summary, detail) = match step {
            Step::Attr { .. } => (
                "Unsupported attribute",
                "This value does not have any attributes.",
            ),
            Step::Index { .. } => ("Invalid index", "This value does not have any indices."),
        };
        diags.push(Diagnostic::error(summary, detail).with_subject(file.range(step.span())));
        return Tv::Failed;
    }
    Tv::Ty(ty.clone())
}

#[allow(clippy::too_many_arguments)]
fn call(
    file: &Arc<SourceFile>,
    call: &Expr,
    name_span: Span,
    args: &[Expr],
    expand_final: bool,
    close_paren: Span,
    diags: &mut Diagnostics,
) -> Tv {
    let name = file.text(name_span);
    let Some(&(fname, param)) = FUNCTIONS.iter().find(|(n, _)| *n == name) else {
        let suggestion = name_suggestion(name, FUNCTIONS.iter().map(|(n, _)| *n))
            .map(|s| format!(" Did you mean {s:?}?"))
            .unwrap_or_default();
        diags.push(
            Diagnostic::error(
                "Call to unknown function",
                format!("There is no function named {name:?}.{suggestion}"),
            )
            .with_subject(file.range(name_span))
            .with_context(file.range(call.span))
            .with_values(keyword_values(file, call)),
        );
        return Tv::Failed;
    };
    // Resolved only for a diagnostic: a line table costs a pass over the file.
    let context = || file.range(call.span);
    if expand_final {
        // No type function accepts a tuple to expand; the expanded value
        // would have to be a tuple of types.
        let last = args.last().map_or(call.span, |a| a.span);
        diags.push(
            Diagnostic::error(
                "Invalid expanding argument value",
                "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
            )
            .with_subject(file.range(last))
            .with_context(context())
            .with_values(keyword_values(file, args.last().unwrap_or(call))),
        );
        return Tv::Failed;
    }
    if args.is_empty() {
        diags.push(
            Diagnostic::error(
                "Not enough function arguments",
                format!("Function {fname:?} expects 1 argument(s). Missing value for {param:?}."),
            )
            .with_subject(file.range(close_paren))
            .with_context(context())
            .with_values(keyword_values(file, call)),
        );
        return Tv::Failed;
    }
    if args.len() > 1 {
        diags.push(
            Diagnostic::error(
                "Too many function arguments",
                format!("Function {fname:?} expects only 1 argument(s)."),
            )
            .with_subject(file.range(args[1].start_span()))
            .with_context(context())
            .with_values(keyword_values(file, call)),
        );
        return Tv::Failed;
    }
    let arg = &args[0];
    let bad = |diags: &mut Diagnostics, why: &str, at: Span| {
        diags.push(
            Diagnostic::error(
                "Invalid function argument",
                format!("Invalid value for {param:?} parameter: {why}."),
            )
            .with_subject(file.range(at))
            .with_context(context())
            .with_values(keyword_values(file, arg)),
        );
        Tv::Failed
    };
    let result = match fname {
        "list" | "set" | "map" => collection_arg(fname, file, arg, diags),
        "tuple" => tuple_arg(file, arg, diags),
        _ => object_arg(file, arg, diags),
    };
    match result {
        Ok(tv) => tv,
        Err(why) => bad(diags, &why, arg.start_span()),
    }
}

/// The argument of `list`, `set` or `map`: the element type. `Err` says
/// why the argument is not one (an "Invalid function argument").
fn collection_arg(
    fname: &str,
    file: &Arc<SourceFile>,
    arg: &Expr,
    diags: &mut Diagnostics,
) -> Result<Tv, String> {
    let elem = match eval(file, arg, diags) {
        Tv::Ty(t) => t,
        Tv::Failed => return Ok(Tv::Failed),
        Tv::Null => return Err("argument must not be null".into()),
        Tv::Other(_) => return Err("type required".into()),
    };
    Ok(Tv::Ty(match fname {
        "list" => Type::list(elem),
        "set" => Type::set(elem),
        _ => Type::map(elem),
    }))
}

/// The argument of `tuple`: a tuple of types.
fn tuple_arg(file: &Arc<SourceFile>, arg: &Expr, diags: &mut Diagnostics) -> Result<Tv, String> {
    let ExprKind::Tuple { exprs, .. } = &arg.unwrap_parens().kind else {
        return match eval(file, arg, diags) {
            Tv::Failed => Ok(Tv::Failed),
            Tv::Null => Err("argument must not be null".into()),
            _ => Err("list of type required".into()),
        };
    };
    let mut elems = Vec::with_capacity(exprs.len());
    let mut failed = false;
    let mut problem = None;
    for (i, e) in exprs.iter().enumerate() {
        match eval(file, e, diags) {
            Tv::Ty(t) => elems.push(t),
            Tv::Failed => failed = true,
            Tv::Null => {
                problem.get_or_insert(format!("element {i}: a type is required, not null"));
            }
            Tv::Other(_) => {
                problem.get_or_insert(format!("element {i}: type required"));
            }
        }
    }
    if failed {
        return Ok(Tv::Failed);
    }
    if let Some(p) = problem {
        return Err(p);
    }
    Ok(Tv::Ty(Type::tuple(elems)))
}

/// The argument of `object`: an object of attribute types.
fn object_arg(file: &Arc<SourceFile>, arg: &Expr, diags: &mut Diagnostics) -> Result<Tv, String> {
    let ExprKind::Object { items, .. } = &arg.unwrap_parens().kind else {
        return match eval(file, arg, diags) {
            Tv::Failed => Ok(Tv::Failed),
            Tv::Null => Err("argument must not be null".into()),
            _ => Err("map of type required".into()),
        };
    };
    let mut attrs: Vec<(String, Type)> = Vec::with_capacity(items.len());
    let mut failed = false;
    let mut problem = None;
    for item in items {
        let key = match object_key(file, &item.key, item.force_non_literal) {
            Some(k) => k,
            None => {
                diags.push(
                    Diagnostic::error(
                        "Invalid object key",
                        "An attribute name in an object type must be an identifier or a quoted string.",
                    )
                    .with_subject(file.range(item.key.span)),
                );
                failed = true;
                continue;
            }
        };
        match eval(file, &item.value, diags) {
            Tv::Ty(t) => attrs.push((key, t)),
            Tv::Failed => failed = true,
            Tv::Null => {
                problem.get_or_insert(format!("element {key:?}: a type is required, not null"));
            }
            Tv::Other(_) => {
                problem.get_or_insert(format!("element {key:?}: type required"));
            }
        }
    }
    if failed {
        return Ok(Tv::Failed);
    }
    if let Some(p) = problem {
        return Err(p);
    }
    Ok(Tv::Ty(Type::object(attrs)))
}

/// A literal object key: a bare identifier or keyword, or a string without
/// interpolation.
fn object_key(file: &SourceFile, key: &Expr, force_non_literal: bool) -> Option<String> {
    let key = key.unwrap_parens();
    match &key.kind {
        ExprKind::ScopeTraversal { root, steps } if steps.is_empty() && !force_non_literal => {
            Some(file.text(*root).to_string())
        }
        ExprKind::Literal(Literal::Null) if !force_non_literal => Some("null".into()),
        ExprKind::Literal(Literal::Bool(b)) if !force_non_literal => Some(b.to_string()),
        ExprKind::Literal(Literal::String(t)) => Some(t.get(file).to_string()),
        ExprKind::StringTemplate { text, .. } => Some(text.get(file).to_string()),
        ExprKind::Template { parts } => {
            let mut s = String::new();
            for p in parts {
                match &p.kind {
                    ExprKind::Literal(Literal::String(t)) => s.push_str(t.get(file)),
                    _ => return None,
                }
            }
            Some(s)
        }
        _ => None,
    }
}
