//! The dynamic parts of spec trees: transform and validation functions
//! carried by `hcldecode_spec`'s `Spec` as opaque [`Dynamic`] objects, and
//! the evaluator the spec-file loader uses (literal values are plain
//! [`Value`]s in the spec tree).

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use hcldecode_spec::diag::{Diagnostic, Diagnostics};
use hcldecode_spec::spec::load::{ArgKind, ArgValue, SpecEval};
use hcldecode_spec::spec::type_constraint::{DefaultEval, OptionalAttrs};
use hcldecode_spec::spec::{DynRef, Dynamic, Transform, TransformSpec};
use hcldecode_spec::syntax::expr::ExprRef;

use crate::Type;
use crate::eval::{self, EvalContext};
use crate::function::{Function, FunctionError, FunctionSpec, Parameter, ReturnType};
use crate::value::convert::convert;
use crate::value::{Value, ValueRef};

pub mod optional;

/// `Debug` for the function wrappers: the type's name (the function
/// inside has no useful form).
macro_rules! function_debug {
    ($($t:ident),*) => {$(
        impl fmt::Debug for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(stringify!($t))
            }
        }
    )*};
}

function_debug!(TransformFn, ValidateFn);

impl Dynamic for TransformFn {
    fn as_any(&self) -> &dyn Any {
        self
    }

    /// What the function does, where its description says.
    fn describe(&self) -> Option<String> {
        let d = self.0.description();
        (!d.is_empty()).then(|| {
            format!("a transform by a Rust function ({d}), which a spec file cannot call, wraps:")
        })
    }
}

impl Dynamic for ValidateFn {
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A transform function: called with the wrapped spec's value.
#[derive(Clone)]
pub struct TransformFn(pub Function);

pub(crate) fn transform_function(d: &DynRef) -> Option<&Function> {
    d.as_any().downcast_ref::<TransformFn>().map(|t| &t.0)
}

/// A validation function: returns diagnostics about a decoded value
/// (without a subject, the wrapped spec's source range is used).
pub type ValidateFnType = dyn Fn(&Value) -> Diagnostics + Send + Sync + std::panic::RefUnwindSafe;

/// A validation function for a validate spec.
#[derive(Clone)]
pub struct ValidateFn(pub Arc<ValidateFnType>);

pub(crate) fn validate_function(d: &DynRef) -> Option<&ValidateFnType> {
    d.as_any().downcast_ref::<ValidateFn>().map(|v| &*v.0)
}

/// The evaluator the spec-file loader uses at run time: arguments as gohcl
/// decodes them, literals and variables with the spec functions.
pub(crate) struct RuntimeSpecEval {
    /// The spec functions (abs, coalesce, ...): the context of literals,
    /// variables, transforms and user functions' bodies.
    pub spec_ctx: Arc<EvalContext>,
    /// Variables from `variables` blocks, in order.
    pub variables: Vec<(String, Value)>,
    /// Evaluates the defaults of `optional` attributes.
    pub defaults: crate::spec_values::optional::Defaults,
}

impl SpecEval for RuntimeSpecEval {
    fn arg(
        &mut self,
        expr: ExprRef<'_>,
        kind: ArgKind,
        diags: &mut Diagnostics,
    ) -> Option<ArgValue> {
        let v = eval::evaluate_into(expr, None, diags);
        let want = match kind {
            ArgKind::String => Type::String,
            ArgKind::Bool => Type::Bool,
            ArgKind::Int => Type::Number,
            ArgKind::StringList => Type::list(Type::String),
        };
        let unsuitable = |diags: &mut Diagnostics, msg: String| {
            diags.push(
                Diagnostic::error("Unsuitable value type", format!("Unsuitable value: {msg}"))
                    .with_subject(expr.start_range())
                    .with_context(expr.range()),
            );
        };
        let v = match convert(&v, &want) {
            Ok(v) => v,
            Err(err) => {
                unsuitable(diags, err.to_string());
                return None;
            }
        };
        if v.is_null() {
            return None;
        }
        if !v.is_wholly_known() {
            unsuitable(diags, "value must be known".into());
            return None;
        }
        match (kind, v.view()) {
            (ArgKind::String, ValueRef::String(s)) => Some(ArgValue::String(s.to_string())),
            (ArgKind::Bool, ValueRef::Bool(b)) => Some(ArgValue::Bool(b)),
            (ArgKind::Int, ValueRef::Number(n)) => match n.to_i64() {
                Some(i) => Some(ArgValue::Int(i)),
                None => {
                    // gocty's message for both fractions and out-of-range values.
                    unsuitable(
                        diags,
                        "value must be a whole number, between -9223372036854775808 and 9223372036854775807".into(),
                    );
                    None
                }
            },
            (ArgKind::StringList, ValueRef::List(items)) => {
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    match item.as_str() {
                        Some(s) => out.push(s.to_string()),
                        None => {
                            unsuitable(diags, "value must not be null".into());
                            return None;
                        }
                    }
                }
                Some(ArgValue::StringList(out))
            }
            _ => None,
        }
    }

    fn literal(&mut self, expr: ExprRef<'_>, diags: &mut Diagnostics) -> Option<Value> {
        Some(eval::evaluate_into(expr, Some(&self.spec_ctx), diags))
    }

    fn variable(&mut self, name: &str, expr: ExprRef<'_>, diags: &mut Diagnostics) {
        let v = eval::evaluate_into(expr, Some(&self.spec_ctx), diags);
        match self.variables.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = v,
            None => self.variables.push((name.to_string(), v)),
        }
    }

    fn transform_type(&mut self, transform: &Transform, wrapped: Type) -> Type {
        transform_result_type(transform, wrapped, Some(&self.spec_ctx))
    }

    fn default_eval(&mut self) -> Option<&mut dyn DefaultEval> {
        Some(&mut self.defaults)
    }

    fn optional_transform(
        &mut self,
        ty: &Type,
        optional: Option<Arc<OptionalAttrs>>,
    ) -> Option<DynRef> {
        Some(Arc::new(TransformFn(optional_function(
            ty.clone(),
            optional,
        ))))
    }
}

/// The transform of an `attr` spec whose type has optional attributes:
/// the value read as any, defaults applied, converted to `ty` (a null
/// becomes a null of `ty`).
pub(crate) fn optional_function(ty: Type, optional: Option<Arc<OptionalAttrs>>) -> Function {
    let mut param = Parameter::new("value", Type::Dynamic);
    param.allow_null = true;
    param.allow_unknown = true;
    param.allow_dynamic_type = true;
    Function::new(FunctionSpec {
        description: "applies the defaults of optional attributes and converts".into(),
        params: vec![param],
        var_param: None,
        return_type: ReturnType::Static(ty.clone()),
        implementation: Box::new(move |args, _| {
            crate::spec_values::optional::convert_with_defaults(&args[0], &ty, optional.as_deref())
                .map_err(|e| FunctionError::call(e.to_string()))
        }),
    })
}

/// The result type of a transform applied to a value of type `wrapped`.
pub(crate) fn transform_type(
    t: &TransformSpec,
    wrapped: Type,
    transform_ctx: Option<&EvalContext>,
) -> Type {
    transform_result_type(&t.transform, wrapped, transform_ctx)
}

/// [`transform_type`] of the transformation alone.
fn transform_result_type(
    transform: &Transform,
    wrapped: Type,
    transform_ctx: Option<&EvalContext>,
) -> Type {
    match transform {
        Transform::Expr { expr, var_name } => {
            let mut scratch = Diagnostics::new();
            let v = eval::evaluate_with_locals(
                expr.as_ref(),
                transform_ctx,
                Some(&[(var_name.as_str(), Value::unknown(wrapped))]),
                &eval::Limits::DEFAULT,
                &mut scratch,
            );
            v.ty().clone()
        }
        Transform::Hook(_) => wrapped,
        Transform::Func(f) => transform_function(f)
            .and_then(|f| f.return_type(&[wrapped]).ok())
            .unwrap_or(Type::Dynamic),
        Transform::Optional(o) => o.ty.clone(),
    }
}
