//! Type constraints with `optional(type, default)` object attributes: a
//! port of HCL's `ext/typeexpr` (`getType`, `TypeConstraintWithDefaults`)
//! as hcl v2.24 has it (v2.14.1's, plus v2.17.1's error for an attribute
//! named twice), diagnostics included.
//!
//! Spec files use it for an `attr` spec whose `type` calls `optional`
//! anywhere (the reference's hcldec has no `optional`; the reference's
//! extended build, which conformance cases are recorded with, does this);
//! other type expressions keep hcldec's own evaluation
//! ([`super::typeexpr`]).
//!
//! [`Type`] has no optional attributes: a constraint is the type its values
//! have (`WithoutOptionalAttributesDeep`) plus an [`OptionalAttrs`] tree
//! saying which object attributes may be absent and what they default to.
//! Default values are the dynamic layer's ([`DefaultEval`]).

use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::source::{Range, SourceFile, Span};
use crate::syntax::native::analysis;
use crate::syntax::native::ast::{CallExpr, Expr, ExprKind};
use crate::types::Type;
use crate::value::Value;
use crate::value::convert::{convert, fill_optional};

const INVALID: &str = "Invalid type specification";

pub use crate::value::convert::OptionalAttrs;

/// What evaluating default values needs from the dynamic layer (the
/// conversion to the attribute's type is the values' own, [`convert`]).
pub trait DefaultEval {
    /// Evaluates a default value expression without variables or
    /// functions; `None` after an error diagnostic. An evaluator that
    /// cannot evaluate it (the compile-time one, for anything but
    /// literals) gives an unknown value, which converts to any type.
    fn eval(
        &mut self,
        file: &Arc<SourceFile>,
        expr: &Expr,
        diags: &mut Diagnostics,
    ) -> Option<Value>;
}

/// A default converted to its attribute's type, whose optional attributes
/// are `optional`: as cty converts to a type with optional attributes,
/// absent ones become null first (no defaults are applied here); a null
/// default stays null. The conversion error's message on failure.
fn convert_default(v: Value, ty: &Type, optional: Option<&OptionalAttrs>) -> Result<Value, String> {
    let v = if v.is_null() {
        v
    } else {
        fill_optional(&v, optional)
    };
    convert(&v, ty).map_err(|e| e.to_string())
}

/// Whether a type expression calls `optional` anywhere (then spec files
/// evaluate it with [`type_constraint_with_defaults`]).
///
/// ```
/// use hcldecode_spec::source::SourceFile;
/// use hcldecode_spec::syntax::native::parse_expression;
/// use hcldecode_spec::spec::type_constraint::uses_optional;
/// let f = SourceFile::new("t", "list(object({a = optional(string)}))");
/// assert!(uses_optional(&f, &parse_expression(&f).0));
/// let f = SourceFile::new("t", "list(string)");
/// assert!(!uses_optional(&f, &parse_expression(&f).0));
/// ```
pub fn uses_optional(file: &SourceFile, expr: &Expr) -> bool {
    let mut found = false;
    visit(expr, &mut |e| {
        if let ExprKind::FunctionCall(c) = &e.kind
            && c.name_text(file) == "optional"
        {
            found = true;
        }
    });
    found
}

fn visit(expr: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(expr);
    match &expr.kind {
        ExprKind::FunctionCall(c) => c.args.iter().for_each(|a| visit(a, f)),
        ExprKind::Tuple { exprs, .. } => exprs.iter().for_each(|a| visit(a, f)),
        ExprKind::Object { items, .. } => items.iter().for_each(|i| {
            visit(&i.key, f);
            visit(&i.value, f);
        }),
        ExprKind::Parens(inner) => visit(inner, f),
        ExprKind::TemplateWrap { wrapped } => visit(wrapped, f),
        ExprKind::Conditional {
            cond,
            true_result,
            false_result,
        } => {
            visit(cond, f);
            visit(true_result, f);
            visit(false_result, f);
        }
        ExprKind::BinaryOp { lhs, rhs, .. } => {
            visit(lhs, f);
            visit(rhs, f);
        }
        _ => {}
    }
}

/// `typeexpr.TypeConstraintWithDefaults`: a type constraint (`any`
/// allowed) whose object attributes may be `optional(type)` or
/// `optional(type, default)`. Errors give `any` with their diagnostics.
pub fn type_constraint_with_defaults(
    file: &Arc<SourceFile>,
    expr: &Expr,
    defaults: &mut dyn DefaultEval,
) -> (Type, Option<OptionalAttrs>, Diagnostics) {
    get_type(file, expr, true, Some(defaults))
}

/// ext/typeexpr's `getType`: an exact type (`constraint` false: no `any`,
/// no `optional`) or a type constraint, with defaults when `defaults` is
/// given (`optional` then takes a second argument).
///
/// ```
/// use hcldecode_spec::source::SourceFile;
/// use hcldecode_spec::syntax::native::parse_expression;
/// use hcldecode_spec::spec::type_constraint::get_type;
/// let f = std::sync::Arc::new(SourceFile::new("t", "object({a = optional(string), b = number})"));
/// let (ty, opt, diags) = get_type(&f, &parse_expression(&f).0, true, None);
/// assert!(diags.is_empty());
/// assert_eq!(ty.to_type_expr(), "object({a = string, b = number})");
/// assert_eq!(opt.unwrap().optional, ["a"]);
/// ```
pub fn get_type(
    file: &Arc<SourceFile>,
    expr: &Expr,
    constraint: bool,
    defaults: Option<&mut dyn DefaultEval>,
) -> (Type, Option<OptionalAttrs>, Diagnostics) {
    let mut diags = Diagnostics::new();
    let (ty, opt) = Getter {
        file,
        constraint,
        defaults,
    }
    .get(expr, &mut diags);
    (ty, opt, diags)
}

struct Getter<'f, 'd> {
    file: &'f Arc<SourceFile>,
    constraint: bool,
    defaults: Option<&'d mut (dyn DefaultEval + 'd)>,
}

fn failed() -> (Type, Option<OptionalAttrs>) {
    (Type::Dynamic, None)
}

impl Getter<'_, '_> {
    fn range(&self, span: Span) -> Range {
        self.file.range(span)
    }

    fn err(&self, detail: String, subject: Span, diags: &mut Diagnostics) {
        diags.push(Diagnostic::error(INVALID, detail).with_subject(self.range(subject)));
    }

    fn err_ctx(&self, detail: String, subject: Span, context: Span, diags: &mut Diagnostics) {
        diags.push(
            Diagnostic::error(INVALID, detail)
                .with_subject(self.range(subject))
                .with_context(self.range(context)),
        );
    }

    fn get(&mut self, expr: &Expr, diags: &mut Diagnostics) -> (Type, Option<OptionalAttrs>) {
        let kw = analysis::expr_as_keyword(expr, self.file).unwrap_or("");
        if !kw.is_empty() {
            return self.keyword(kw, expr, diags);
        }
        let ExprKind::FunctionCall(call) = &expr.kind else {
            self.err(
                "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).".into(),
                expr.span,
                diags,
            );
            return failed();
        };
        self.constructor(expr, call, diags)
    }

    /// A type keyword without arguments (`string`, `any`; `list` alone is
    /// an error).
    fn keyword(
        &mut self,
        kw: &str,
        expr: &Expr,
        diags: &mut Diagnostics,
    ) -> (Type, Option<OptionalAttrs>) {
        match kw {
            "bool" => (Type::Bool, None),
            "string" => (Type::String, None),
            "number" => (Type::Number, None),
            "any" => {
                if !self.constraint {
                    self.err(
                    format!("The keyword {kw:?} cannot be used in this type specification: an exact type is required."),
                    expr.span,
                    diags,
                );
                }
                (Type::Dynamic, None)
            }
            "list" | "map" | "set" => {
                self.err(
                format!("The {kw} type constructor requires one argument specifying the element type."),
                expr.span,
                diags,
            );
                failed()
            }
            "object" => {
                self.err(
                "The object type constructor requires one argument specifying the attribute types and values as a map.".into(),
                expr.span,
                diags,
            );
                failed()
            }
            "tuple" => {
                self.err(
                "The tuple type constructor requires one argument specifying the element types as a list.".into(),
                expr.span,
                diags,
            );
                failed()
            }
            _ => {
                self.err(
                    format!("The keyword {kw:?} is not a valid type specification."),
                    expr.span,
                    diags,
                );
                failed()
            }
        }
    }

    /// A type constructor call: `list(T)`, `object({...})`, `tuple([...])`.
    fn constructor(
        &mut self,
        expr: &Expr,
        call: &CallExpr,
        diags: &mut Diagnostics,
    ) -> (Type, Option<OptionalAttrs>) {
        let name = call.name_text(self.file);
        let args_span = Span::between(call.open_paren, call.close_paren);
        match name {
            "bool" | "string" | "number" => {
                self.err(
                    format!("Primitive type keyword {name:?} does not expect arguments."),
                    args_span,
                    diags,
                );
                return failed();
            }
            "any" => {
                self.err(
                    format!("Type constraint keyword {name:?} does not expect arguments."),
                    args_span,
                    diags,
                );
                return failed();
            }
            _ => {}
        }
        let args = &call.args;
        if args.len() != 1 {
            let subject = match args.len() {
                0 => args_span,
                n => Span::between(args[1].span, args[n - 1].span),
            };
            let detail = match name {
                "list" | "set" | "map" => Some(format!(
                    "The {name} type constructor requires one argument specifying the element type."
                )),
                "object" => Some("The object type constructor requires one argument specifying the attribute types and values as a map.".to_string()),
                "tuple" => Some("The tuple type constructor requires one argument specifying the element types as a list.".to_string()),
                _ => None,
            };
            if let Some(detail) = detail {
                self.err_ctx(detail, subject, args_span, diags);
                return failed();
            }
        }
        match name {
            "list" | "set" | "map" => {
                let (ety, child) = self.get(&args[0], diags);
                let ty = match name {
                    "list" => Type::list(ety),
                    "set" => Type::set(ety),
                    _ => Type::map(ety),
                };
                let node = child.map(|c| OptionalAttrs {
                    ty: ty.clone(),
                    optional: Vec::new(),
                    defaults: Vec::new(),
                    children: vec![(String::new(), c)],
                });
                (ty, node)
            }
            "object" => self.object(expr, &args[0], diags),
            "tuple" => self.tuple(expr, &args[0], diags),
            "optional" => {
                self.err(
                    format!(
                        "Keyword {name:?} is valid only as a modifier for object type attributes."
                    ),
                    call.name,
                    diags,
                );
                failed()
            }
            _ => {
                self.err(
                    format!("Keyword {name:?} is not a valid type constructor."),
                    expr.span,
                    diags,
                );
                failed()
            }
        }
    }

    /// `tuple([...])`'s argument: the element types.
    fn tuple(
        &mut self,
        expr: &Expr,
        arg: &Expr,
        diags: &mut Diagnostics,
    ) -> (Type, Option<OptionalAttrs>) {
        let ExprKind::Tuple { exprs, .. } = &arg.kind else {
            self.err_ctx(
                "Tuple type constructor requires a list of element types.".into(),
                arg.span,
                expr.span,
                diags,
            );
            return failed();
        };
        let mut etys = Vec::with_capacity(exprs.len());
        let mut children = Vec::new();
        for (i, e) in exprs.iter().enumerate() {
            let (ety, child) = self.get(e, diags);
            etys.push(ety);
            if let Some(c) = child {
                children.push((i.to_string(), c));
            }
        }
        let ty = Type::tuple(etys);
        let node = (!children.is_empty()).then(|| OptionalAttrs {
            ty: ty.clone(),
            optional: Vec::new(),
            defaults: Vec::new(),
            children,
        });
        (ty, node)
    }

    /// `optional(type)` or `optional(type, default)` of attribute `name`
    /// (`expr` is the call): marks it optional where the modifier is
    /// allowed, and gives the default's expression and value when it has
    /// one; `None` when the call has no type to read.
    fn optional_modifier<'e>(
        &mut self,
        call: &'e CallExpr,
        expr: &Expr,
        name: &str,
        optional: &mut Vec<String>,
        diags: &mut Diagnostics,
    ) -> Option<(Option<&'e Expr>, Option<Value>)> {
        let item_span = expr.span;
        let mut default_expr: Option<&Expr> = None;
        let mut default_val: Option<Value> = None;
        let args_span = Span::between(call.open_paren, call.close_paren);
        if call.args.is_empty() {
            self.err_ctx(
                "Optional attribute modifier requires the attribute type as its argument.".into(),
                args_span,
                item_span,
                diags,
            );
            return None;
        }
        if !self.constraint {
            self.err_ctx(
                "Optional attribute modifier is only for type constraints, not for exact types."
                    .into(),
                call.name,
                item_span,
                diags,
            );
        } else if let Some(d) = self.defaults.as_deref_mut() {
            match call.args.len() {
                1 => push_unique(optional, name),
                2 => {
                    default_expr = Some(&call.args[1]);
                    let mut ddiags = Diagnostics::new();
                    let v = d.eval(self.file, &call.args[1], &mut ddiags);
                    let ok = !ddiags.has_errors();
                    diags.extend(ddiags);
                    if ok && let Some(v) = v {
                        push_unique(optional, name);
                        default_val = Some(v);
                    }
                }
                _ => self.err_ctx(
                    "Optional attribute modifier expects at most two arguments: the attribute type, and a default value.".into(),
                    args_span,
                    item_span,
                    diags,
                ),
            }
        } else if call.args.len() == 1 {
            push_unique(optional, name);
        } else {
            self.err_ctx(
                "Optional attribute modifier expects only one argument: the attribute type.".into(),
                args_span,
                item_span,
                diags,
            );
        }
        Some((default_expr, default_val))
    }

    fn object(
        &mut self,
        expr: &Expr,
        arg: &Expr,
        diags: &mut Diagnostics,
    ) -> (Type, Option<OptionalAttrs>) {
        let ExprKind::Object { items, .. } = &arg.kind else {
            self.err_ctx(
                "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.".into(),
                arg.span,
                expr.span,
                diags,
            );
            return failed();
        };
        let mut attrs: Vec<(String, Type)> = Vec::new();
        let mut optional: Vec<String> = Vec::new();
        let mut defaults: Vec<(String, Value)> = Vec::new();
        let mut children: Vec<(String, OptionalAttrs)> = Vec::new();
        for item in items.iter() {
            let Some(name) = analysis::object_key_as_keyword(item, self.file) else {
                self.err_ctx(
                    "Object constructor map keys must be attribute names.".into(),
                    item.key.span,
                    expr.span,
                    diags,
                );
                continue;
            };
            // hcl v2.17.1 (#624): a repeated name is an error.
            if attrs.iter().any(|(n, _)| n == name) {
                self.err_ctx(
                    "Object constructor map keys must be unique.".into(),
                    item.key.span,
                    expr.span,
                    diags,
                );
                continue;
            }
            let name = name.to_string();
            let mut aty_expr = &item.value;
            let mut default_expr: Option<&Expr> = None;
            let mut default_val: Option<Value> = None;
            if let ExprKind::FunctionCall(call) = &item.value.kind
                && call.name_text(self.file) == "optional"
            {
                let Some(default) =
                    self.optional_modifier(call, &item.value, &name, &mut optional, diags)
                else {
                    continue;
                };
                (default_expr, default_val) = default;
                aty_expr = &call.args[0];
            }
            let (aty, child) = self.get(aty_expr, diags);
            defaults.retain(|(n, _)| *n != name);
            if let (Some(v), Some(dexpr)) = (default_val, default_expr) {
                match convert_default(v, &aty, child.as_ref()) {
                    Ok(v) => defaults.push((name.clone(), v)),
                    Err(err) => diags.push(
                        Diagnostic::error(
                            "Invalid default value for optional attribute",
                            format!("This default value is not compatible with the attribute's type constraint: {err}."),
                        )
                        .with_subject(self.range(dexpr.span)),
                    ),
                }
            }
            attrs.retain(|(n, _)| *n != name);
            attrs.push((name.clone(), aty));
            children.retain(|(n, _)| *n != name);
            if let Some(c) = child {
                children.push((name, c));
            }
        }
        let ty = Type::object(attrs);
        let node =
            (!optional.is_empty() || !defaults.is_empty() || !children.is_empty()).then(|| {
                OptionalAttrs {
                    ty: ty.clone(),
                    optional,
                    defaults,
                    children,
                }
            });
        (ty, node)
    }
}

fn push_unique(v: &mut Vec<String>, name: &str) {
    if !v.iter().any(|n| n == name) {
        v.push(name.to_string());
    }
}
