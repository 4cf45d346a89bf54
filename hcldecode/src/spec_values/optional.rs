//! Values of type constraints with optional object attributes
//! (`optional(type, default)`, see
//! [`hcldecode_spec::spec::type_constraint`]): defaults applied as
//! ext/typeexpr's `Defaults.Apply` does (hcl v2.24), then conversion, an
//! absent optional attribute becoming a null of its type.
//!
//! ```
//! use hcldecode::spec_values::optional::{convert_with_defaults, type_constraint};
//! use hcldecode::Value;
//! let (ty, opt, diags) = type_constraint("object({name = string, port = optional(number, 8080)})");
//! assert!(diags.is_empty());
//! let v = Value::object([("name", Value::string("web"))]);
//! let out = convert_with_defaults(&v, &ty, opt.as_ref()).unwrap();
//! assert_eq!(out.get_attr("port"), Some(Value::int(8080)));
//! ```

use std::sync::Arc;

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::source::SourceFile;
use hcldecode_spec::spec::type_constraint::{self, DefaultEval, OptionalAttrs};
use hcldecode_spec::syntax::native::{self, ast};

use crate::Type;
use crate::eval;
use crate::value::Value;
use crate::value::convert::{ConvertError, convert, fill_optional, unify_unsafe};

/// Evaluates default values as ext/typeexpr does: without variables or
/// functions, then converted to the attribute's type (the
/// [`DefaultEval`] spec files and [`type_constraint()`] use).
///
/// ```
/// use hcldecode::spec_values::optional::Defaults;
/// use hcldecode_spec::source::SourceFile;
/// use hcldecode_spec::spec::type_constraint::get_type;
/// use hcldecode_spec::syntax::native::parse_expression;
/// let f = std::sync::Arc::new(SourceFile::new("t", "object({a = optional(number, 1 + 1)})"));
/// let (_, opt, diags) = get_type(&f, &parse_expression(&f).0, true, Some(&mut Defaults));
/// assert!(diags.is_empty());
/// assert_eq!(opt.unwrap().defaults[0].0, "a");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Defaults;

impl DefaultEval for Defaults {
    fn eval(
        &mut self,
        file: &Arc<SourceFile>,
        expr: &ast::Expr,
        diags: &mut Diagnostics,
    ) -> Option<Value> {
        // A type constraint's default is a literal: the default limits.
        let limits = eval::Limits::DEFAULT;
        Some(eval::evaluate_native_part(file, expr, None, &limits, diags))
    }
}

/// Evaluates the type constraint `src` (ext/typeexpr's
/// `TypeConstraintWithDefaults`): the type values of it have, and its
/// optional attributes and defaults.
///
/// ```
/// let (ty, opt, diags) = hcldecode::spec_values::optional::type_constraint("list(object({a = optional(string, \"x\")}))");
/// assert!(diags.is_empty());
/// assert_eq!(ty.to_type_expr(), "list(object({a = string}))");
/// assert_eq!(opt.unwrap().child("").unwrap().optional, ["a"]);
/// ```
pub fn type_constraint(src: &str) -> (Type, Option<OptionalAttrs>, Diagnostics) {
    let (file, mut diags) = native::source_from_bytes("<type>", src.as_bytes().to_vec());
    let (expr, d) = native::parse_expression(&file);
    diags.extend(d);
    if diags.has_errors() {
        return (Type::Dynamic, None, diags);
    }
    let (ty, opt, d) = type_constraint::type_constraint_with_defaults(&file, &expr, &mut Defaults);
    diags.extend(d);
    (ty, opt, diags)
}

/// Converts `v` to the constraint `ty` with optional attributes `opt`:
/// defaults applied ([`apply_defaults`]), absent optional attributes set
/// to null, then [`convert`]ed. A null stays a null of `ty`.
pub fn convert_with_defaults(
    v: &Value,
    ty: &Type,
    opt: Option<&OptionalAttrs>,
) -> Result<Value, ConvertError> {
    if v.is_null() {
        return Ok(Value::null(ty.clone()));
    }
    let Some(opt) = opt else {
        return convert(v, ty);
    };
    let v = apply_defaults(v, opt);
    let v = fill_optional(&v, Some(opt));
    convert(&v, ty)
}

/// ext/typeexpr's `Defaults.Apply` (hcl v2.24): null and unknown values
/// are left alone; the elements and attributes of other values are walked
/// with the constraint's node for them, and where the node has defaults
/// for an object (or map) value, its absent and null attributes get them
/// (with the defaults' own nested defaults applied). Lists, sets and maps
/// whose elements no longer have one type are unified (cty's
/// `UnifyUnsafe`) and kept as a tuple or object where they cannot be.
/// cty's refinements (an unknown that cannot be null) are not kept:
/// hcldecode's unknowns have none.
pub fn apply_defaults(v: &Value, opt: &OptionalAttrs) -> Value {
    transform(v, Some(opt))
}

/// The child node of `node` for a step into a value (`Defaults.getChild`,
/// the type assumptions checked since hcl v2.16): index steps (list, set
/// and tuple elements) follow the indices of a tuple node, key steps
/// (object and map values) the attributes of an object node; otherwise
/// the element node of a collection node (there is none for an object
/// or tuple node).
fn child<'o>(node: &'o OptionalAttrs, key: &str, index_step: bool) -> Option<&'o OptionalAttrs> {
    match &node.ty {
        Type::Tuple(_) if index_step => node.child(key),
        Type::Object(_) if !index_step => node.child(key),
        _ => node.child(""),
    }
}

fn transform(v: &Value, node: Option<&OptionalAttrs>) -> Value {
    let Some(node) = node else {
        return v.clone();
    };
    if v.is_null() || !v.is_known() || (node.defaults.is_empty() && node.children.is_empty()) {
        return v.clone();
    }
    match v.ty() {
        Type::List(_) | Type::Set(_) | Type::Tuple(_) => {
            let elems: Vec<Value> = v
                .elements()
                .unwrap_or(&[])
                .iter()
                .enumerate()
                .map(|(i, e)| transform(e, child(node, &i.to_string(), true)))
                .collect();
            if elems.is_empty() {
                return v.clone();
            }
            match (v.ty(), unify_all(&elems)) {
                (Type::List(_), Some((ety, elems))) => Value::list(ety, elems),
                (Type::Set(_), Some((ety, elems))) => Value::set(ety, elems),
                _ => Value::tuple(elems),
            }
        }
        Type::Map(_) | Type::Object(_) => {
            let mut entries: Vec<(Arc<str>, Value)> = v
                .entries()
                .map(|es| {
                    es.map(|(k, e)| (k.clone(), transform(e, child(node, k, false))))
                        .collect()
                })
                .unwrap_or_default();
            for (name, d) in &node.defaults {
                let with_defaults = || transform(d, node.child(name));
                match entries.iter_mut().find(|(k, _)| &**k == name) {
                    Some((_, x)) if x.is_null() => *x = with_defaults(),
                    Some(_) => {}
                    None => entries.push((Arc::from(name.as_str()), with_defaults())),
                }
            }
            if v.ty().is_object() {
                return Value::object(entries);
            }
            if entries.is_empty() {
                return v.clone();
            }
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            let elems: Vec<Value> = entries.iter().map(|(_, e)| e.clone()).collect();
            match unify_all(&elems) {
                Some((ety, elems)) => {
                    Value::map(ety, entries.into_iter().map(|(k, _)| k).zip(elems))
                }
                None => Value::object(entries),
            }
        }
        _ => v.clone(),
    }
}

/// The elements converted to the type they unify to (cty's `UnifyUnsafe`
/// and its conversions); `None` when there is none or a conversion fails.
fn unify_all(elems: &[Value]) -> Option<(Type, Vec<Value>)> {
    let types: Vec<Type> = elems.iter().map(|e| e.ty().clone()).collect();
    let (ty, convs) = unify_unsafe(&types)?;
    let out = elems
        .iter()
        .zip(convs)
        .map(|(e, c)| match c {
            Some(c) => c.apply(e).ok(),
            None => Some(e.clone()),
        })
        .collect::<Option<Vec<Value>>>()?;
    Some((ty, out))
}
