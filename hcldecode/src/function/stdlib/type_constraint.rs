//! Type constraints as `convert`'s second argument reads them: a port of
//! HCL's `ext/typeexpr.TypeConstraint` (keywords `bool`, `number`,
//! `string`, `any`; `list(T)`, `set(T)`, `map(T)`, `object({...})`,
//! `tuple([...])`; `optional(T)` attributes of objects).
//!
//! Optional attributes absent from a value are added as nulls before
//! converting, as HCL releases after the reference's do (the reference's
//! conversion reports them missing; see docs/deviations.md).

use std::collections::BTreeMap;
use std::sync::Arc;

use hcldecode_spec::diag::{Diagnostic, Diagnostics};
use hcldecode_spec::source::{SourceFile, Span};
use hcldecode_spec::syntax::native::analysis::{expr_as_keyword, object_key_as_keyword};
use hcldecode_spec::syntax::native::ast::{Expr, ExprKind};

use crate::Type;
use crate::value::Value;

/// Where a constraint has optional object attributes.
#[derive(Clone, Debug)]
pub(crate) enum Optional {
    /// None below here.
    None,
    /// A collection's elements.
    Elem(Box<Optional>),
    /// An object's attributes: name, whether optional, and below.
    Object(Vec<(Arc<str>, bool, Optional)>),
    /// A tuple's elements.
    Tuple(Vec<Optional>),
}

const SUMMARY: &str = "Invalid type specification";

struct Reader<'a> {
    file: &'a SourceFile,
    diags: Diagnostics,
}

impl Reader<'_> {
    fn err(&mut self, detail: String, subject: Span, context: Option<Span>) -> (Type, Optional) {
        let mut d = Diagnostic::error(SUMMARY, detail).with_subject(self.file.range(subject));
        if let Some(c) = context {
            d = d.with_context(self.file.range(c));
        }
        self.diags.push(d);
        (Type::Dynamic, Optional::None)
    }

    fn get(&mut self, expr: &Expr) -> (Type, Optional) {
        let kw = expr_as_keyword(expr, self.file);
        match kw {
            Some("bool") => return (Type::Bool, Optional::None),
            Some("string") => return (Type::String, Optional::None),
            Some("number") => return (Type::Number, Optional::None),
            Some("any") => return (Type::Dynamic, Optional::None),
            Some(k @ ("list" | "map" | "set")) => {
                return self.err(
                    format!("The {k} type constructor requires one argument specifying the element type."),
                    expr.span,
                    None,
                );
            }
            Some("object") => {
                return self.err(
                    "The object type constructor requires one argument specifying the attribute types and values as a map.".into(),
                    expr.span,
                    None,
                );
            }
            Some("tuple") => {
                return self.err(
                    "The tuple type constructor requires one argument specifying the element types as a list.".into(),
                    expr.span,
                    None,
                );
            }
            Some(k) if matches!(expr.kind, ExprKind::ScopeTraversal { .. }) => {
                return self.err(
                    format!("The keyword {k:?} is not a valid type specification."),
                    expr.span,
                    None,
                );
            }
            _ => {}
        }
        let ExprKind::FunctionCall(call) = &expr.kind else {
            return self.err(
                "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).".into(),
                expr.span,
                None,
            );
        };
        let name = call.name_text(self.file);
        let args_range = Span::between(call.open_paren, call.close_paren);
        match name {
            "bool" | "string" | "number" => {
                return self.err(
                    format!("Primitive type keyword {name:?} does not expect arguments."),
                    args_range,
                    None,
                );
            }
            "any" => {
                return self.err(
                    format!("Type constraint keyword {name:?} does not expect arguments."),
                    args_range,
                    None,
                );
            }
            _ => {}
        }
        if call.args.len() != 1 && matches!(name, "list" | "set" | "map" | "object" | "tuple") {
            let subject = if call.args.len() > 1 {
                Span::between(call.args[1].span, call.args[call.args.len() - 1].span)
            } else {
                args_range
            };
            let detail = match name {
                "object" => "The object type constructor requires one argument specifying the attribute types and values as a map.".to_string(),
                "tuple" => "The tuple type constructor requires one argument specifying the element types as a list.".to_string(),
                n => format!("The {n} type constructor requires one argument specifying the element type."),
            };
            return self.err(detail, subject, Some(args_range));
        }
        match name {
            "list" | "set" | "map" => {
                let (ety, opt) = self.get(&call.args[0]);
                let opt = match opt {
                    Optional::None => Optional::None,
                    o => Optional::Elem(Box::new(o)),
                };
                let ty = match name {
                    "list" => Type::list(ety),
                    "set" => Type::set(ety),
                    _ => Type::map(ety),
                };
                (ty, opt)
            }
            "object" => {
                let arg = &call.args[0];
                let ExprKind::Object { items, .. } = &arg.kind else {
                    return self.err(
                        "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.".into(),
                        arg.span,
                        Some(expr.span),
                    );
                };
                let mut attrs: BTreeMap<Arc<str>, Type> = BTreeMap::new();
                let mut opts: Vec<(Arc<str>, bool, Optional)> = Vec::new();
                for item in items.iter() {
                    let Some(attr) = object_key_as_keyword(item, self.file) else {
                        self.err(
                            "Object constructor map keys must be attribute names.".into(),
                            item.key.span,
                            Some(expr.span),
                        );
                        continue;
                    };
                    // hcl v2.17.1 (#624): a repeated name is an error.
                    if attrs.contains_key(attr) {
                        self.err(
                            "Object constructor map keys must be unique.".into(),
                            item.key.span,
                            Some(expr.span),
                        );
                        continue;
                    }
                    let mut aty_expr = &item.value;
                    let mut optional = false;
                    if let ExprKind::FunctionCall(c) = &item.value.kind
                        && c.name_text(self.file) == "optional"
                    {
                        let args_range = Span::between(c.open_paren, c.close_paren);
                        if c.args.is_empty() {
                            self.err(
                                "Optional attribute modifier requires the attribute type as its argument.".into(),
                                args_range,
                                Some(item.value.span),
                            );
                            continue;
                        }
                        if c.args.len() == 1 {
                            optional = true;
                        } else {
                            self.err(
                                "Optional attribute modifier expects only one argument: the attribute type.".into(),
                                args_range,
                                Some(item.value.span),
                            );
                        }
                        aty_expr = &c.args[0];
                    }
                    let (aty, sub) = self.get(aty_expr);
                    let attr: Arc<str> = Arc::from(attr);
                    attrs.insert(attr.clone(), aty);
                    opts.push((attr, optional, sub));
                }
                let any_opt = opts
                    .iter()
                    .any(|(_, o, s)| *o || !matches!(s, Optional::None));
                let opt = if any_opt {
                    Optional::Object(opts)
                } else {
                    Optional::None
                };
                (Type::object(attrs), opt)
            }
            "tuple" => {
                let arg = &call.args[0];
                let ExprKind::Tuple { exprs, .. } = &arg.kind else {
                    return self.err(
                        "Tuple type constructor requires a list of element types.".into(),
                        arg.span,
                        Some(expr.span),
                    );
                };
                let mut etys = Vec::new();
                let mut opts = Vec::new();
                for x in exprs.iter() {
                    let (t, o) = self.get(x);
                    etys.push(t);
                    opts.push(o);
                }
                let opt = if opts.iter().any(|o| !matches!(o, Optional::None)) {
                    Optional::Tuple(opts)
                } else {
                    Optional::None
                };
                (Type::tuple(etys), opt)
            }
            "optional" => self.err(
                format!("Keyword {name:?} is valid only as a modifier for object type attributes."),
                call.name,
                None,
            ),
            _ => self.err(
                format!("Keyword {name:?} is not a valid type constructor."),
                expr.span,
                None,
            ),
        }
    }
}

/// Reads a type constraint expression.
pub(crate) fn type_constraint(
    file: &Arc<SourceFile>,
    expr: &Expr,
) -> (Type, Optional, Diagnostics) {
    let mut r = Reader {
        file,
        diags: Diagnostics::new(),
    };
    let (t, o) = r.get(expr);
    (t, o, r.diags)
}

/// `v` with the optional attributes it lacks added as nulls of their type.
pub(crate) fn fill_optional(v: &Value, ty: &Type, opt: &Optional) -> Value {
    if !v.is_known() || v.is_null() {
        return v.clone();
    }
    match (opt, ty) {
        (Optional::None, _) => v.clone(),
        (Optional::Object(attrs), Type::Object(oty)) => {
            let Some(entries) = v.entries() else {
                return v.clone();
            };
            let mut out: BTreeMap<Arc<str>, Value> =
                entries.map(|(k, x)| (k.clone(), x.clone())).collect();
            for (name, optional, sub) in attrs {
                let aty = oty.get(name).cloned().unwrap_or(Type::Dynamic);
                match out.get(name) {
                    Some(x) => {
                        let f = fill_optional(x, &aty, sub);
                        out.insert(name.clone(), f);
                    }
                    None if *optional => {
                        out.insert(name.clone(), Value::null(aty));
                    }
                    None => {}
                }
            }
            Value::object(out)
        }
        (Optional::Elem(sub), _) => {
            let ety = ty.element_type().cloned().unwrap_or(Type::Dynamic);
            if let Some(xs) = v.elements() {
                return Value::tuple(xs.iter().map(|x| fill_optional(x, &ety, sub)).collect());
            }
            match v.entries() {
                Some(entries) => Value::object(
                    entries
                        .map(|(k, x)| (k.clone(), fill_optional(x, &ety, sub)))
                        .collect::<Vec<_>>(),
                ),
                None => v.clone(),
            }
        }
        (Optional::Tuple(subs), Type::Tuple(etys)) => match v.elements() {
            Some(xs) => Value::tuple(
                xs.iter()
                    .enumerate()
                    .map(|(i, x)| match (subs.get(i), etys.get(i)) {
                        (Some(o), Some(t)) => fill_optional(x, t, o),
                        _ => x.clone(),
                    })
                    .collect(),
            ),
            None => v.clone(),
        },
        _ => v.clone(),
    }
}
