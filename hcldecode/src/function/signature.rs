//! A function's signature and its call: [`FunctionSpec`] (parameters,
//! return type, implementation) and [`Function`] (the checked call cty
//! makes). The library's modules (stdlib, terraform,
//! the encodings) build their functions from these.

use std::fmt;
use std::sync::Arc;

use super::call_context::{CallContext, standalone};
use super::error::FunctionError;
use crate::Type;
use crate::value::Value;
use crate::value::conformance_error;

/// A function parameter (cty `function.Parameter`).
#[derive(Clone, Debug, PartialEq)]
pub struct Parameter {
    /// The name, used in error messages.
    pub name: Arc<str>,
    /// A description for documentation.
    pub description: String,
    /// The type constraint (may contain the dynamic pseudo-type).
    pub ty: Type,
    /// Whether a null argument is accepted (otherwise: `argument must not
    /// be null`).
    pub allow_null: bool,
    /// Whether an unknown argument reaches the implementation (otherwise the
    /// result is unknown without calling it).
    pub allow_unknown: bool,
    /// Whether a value of the dynamic pseudo-type reaches the return type
    /// callback (otherwise the return type is the dynamic pseudo-type).
    pub allow_dynamic_type: bool,
}

impl Parameter {
    /// A parameter accepting only known, non-null values of `ty`.
    pub fn new(name: impl Into<Arc<str>>, ty: Type) -> Parameter {
        Parameter {
            name: name.into(),
            description: String::new(),
            ty,
            allow_null: false,
            allow_unknown: false,
            allow_dynamic_type: false,
        }
    }

    /// Accepts null arguments.
    pub fn allow_null(mut self) -> Parameter {
        self.allow_null = true;
        self
    }

    /// Passes unknown arguments to the implementation.
    pub fn allow_unknown(mut self) -> Parameter {
        self.allow_unknown = true;
        self
    }

    /// Passes arguments of the dynamic pseudo-type to the return type
    /// callback.
    pub fn allow_dynamic_type(mut self) -> Parameter {
        self.allow_dynamic_type = true;
        self
    }
}

/// Computes a function's return type from its arguments (unknown values
/// when only types are known).
pub type TypeFn =
    dyn Fn(&[Value]) -> Result<Type, FunctionError> + Send + Sync + std::panic::RefUnwindSafe;

/// A function's implementation: the arguments and the return type computed
/// for them; must return a value conforming to that type.
pub type ImplFn = dyn Fn(&[Value], &Type) -> Result<Value, FunctionError>
    + Send
    + Sync
    + std::panic::RefUnwindSafe;

/// The implementation of a library function that needs its call's
/// [`CallContext`]: the evaluation's limits, the file being evaluated.
pub(crate) type ContextImplFn = dyn Fn(&CallContext<'_>, &[Value], &Type) -> Result<Value, FunctionError>
    + Send
    + Sync
    + std::panic::RefUnwindSafe;

/// The return type of a function that needs its call's [`CallContext`]
/// to find it (a spec file's user-defined function evaluates its body).
pub(crate) type ContextTypeFn = dyn Fn(&CallContext<'_>, &[Value]) -> Result<Type, FunctionError>
    + Send
    + Sync
    + std::panic::RefUnwindSafe;

/// A library function's parts that see the call's [`CallContext`].
struct InContext {
    implementation: Arc<ContextImplFn>,
    return_type: Option<Arc<ContextTypeFn>>,
}

/// How a function's return type is found.
pub enum ReturnType {
    /// Always this type (cty `StaticReturnType`).
    Static(Type),
    /// Computed from the arguments.
    Computed(Box<TypeFn>),
}

/// Everything that defines a function (cty `function.Spec`).
pub struct FunctionSpec {
    /// A description for documentation.
    pub description: String,
    /// The positional parameters.
    pub params: Vec<Parameter>,
    /// The variadic parameter, taking any number of further arguments.
    pub var_param: Option<Parameter>,
    /// The return type.
    pub return_type: ReturnType,
    /// The implementation.
    pub implementation: Box<ImplFn>,
}

/// A function (cty `function.Function`); cheap to clone.
#[derive(Clone)]
pub struct Function(Arc<FunctionSpec>, Option<Special>, Option<Arc<InContext>>);

/// Functions whose arguments the evaluator treats specially (HCL's
/// `customdecode` parameter types): they see argument expressions, not
/// only their values.
#[cfg_attr(not(feature = "stdlib"), allow(dead_code))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Special {
    /// `try(exprs...)` (ext/tryfunc).
    Try,
    /// `can(expr)` (ext/tryfunc).
    Can,
    /// `convert(value, type)` (ext/typeexpr): the second argument is a type
    /// expression.
    Convert,
}

impl fmt::Debug for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Function")
            .field("params", &self.0.params)
            .field("var_param", &self.0.var_param)
            .finish_non_exhaustive()
    }
}

impl Function {
    /// A function from its spec.
    pub fn new(spec: FunctionSpec) -> Function {
        Function(Arc::new(spec), None, None)
    }

    /// A library function whose implementation sees its call's
    /// [`CallContext`]. `spec`'s own implementation runs it with a context
    /// of its own, as a call outside any evaluation.
    pub(crate) fn in_context(
        mut spec: FunctionSpec,
        implementation: Arc<ContextImplFn>,
        return_type: Option<Arc<ContextTypeFn>>,
    ) -> Function {
        let f = Arc::clone(&implementation);
        spec.implementation = Box::new(move |args, ty| standalone(|c| f(c, args, ty)));
        if let Some(t) = &return_type {
            let t = Arc::clone(t);
            spec.return_type =
                ReturnType::Computed(Box::new(move |args| standalone(|c| t(c, args))));
        }
        let parts = InContext {
            implementation,
            return_type,
        };
        Function(Arc::new(spec), None, Some(Arc::new(parts)))
    }

    /// A function the evaluator handles specially.
    #[cfg_attr(not(feature = "stdlib"), allow(dead_code))]
    pub(crate) fn special(spec: FunctionSpec, special: Special) -> Function {
        Function(Arc::new(spec), Some(special), None)
    }

    /// How the evaluator treats this function's arguments.
    pub(crate) fn special_kind(&self) -> Option<Special> {
        self.1
    }

    /// The positional parameters.
    pub fn params(&self) -> &[Parameter] {
        &self.0.params
    }

    /// The variadic parameter.
    pub fn var_param(&self) -> Option<&Parameter> {
        self.0.var_param.as_ref()
    }

    /// The description.
    pub fn description(&self) -> &str {
        &self.0.description
    }

    /// The parameter argument `index` is passed to.
    pub fn param_for_arg(&self, index: usize) -> Option<&Parameter> {
        self.0.params.get(index).or(self.0.var_param.as_ref())
    }

    /// The return type for arguments of these types (cty `ReturnType`).
    pub fn return_type(&self, arg_types: &[Type]) -> Result<Type, FunctionError> {
        let vals: Vec<Value> = arg_types.iter().cloned().map(Value::unknown).collect();
        self.return_type_for_values(&vals)
    }

    /// The return type for these arguments (cty `ReturnTypeForValues`):
    /// checks the argument count, nulls and type conformance.
    pub fn return_type_for_values(&self, args: &[Value]) -> Result<Type, FunctionError> {
        standalone(|c| self.return_type_in(c, args))
    }

    /// [`return_type_for_values`](Self::return_type_for_values) for a
    /// call made by the evaluation `ctx` describes.
    fn return_type_in(&self, ctx: &CallContext<'_>, args: &[Value]) -> Result<Type, FunctionError> {
        let spec = &*self.0;
        let nparams = spec.params.len();
        match &spec.var_param {
            None if args.len() != nparams => {
                return Err(FunctionError::call(format!(
                    "wrong number of arguments ({nparams} required; {} given)",
                    args.len()
                )));
            }
            Some(_) if args.len() < nparams => {
                return Err(FunctionError::call(format!(
                    "wrong number of arguments (at least {nparams} required; {} given)",
                    args.len()
                )));
            }
            _ => {}
        }
        for (i, (p, val)) in spec.params.iter().zip(args).enumerate() {
            if val.is_null() && !p.allow_null {
                return Err(FunctionError::arg(i, "argument must not be null"));
            }
            if val.ty().is_dynamic() {
                if !p.allow_dynamic_type {
                    return Ok(Type::Dynamic);
                }
            } else if let Some(e) = conformance_error(val.ty(), &p.ty) {
                return Err(FunctionError::arg(i, e));
            }
        }
        if let Some(p) = &spec.var_param {
            for (i, val) in args[nparams..].iter().enumerate() {
                if val.is_null() && !p.allow_null {
                    return Err(FunctionError::arg(nparams + i, "argument must not be null"));
                }
                if val.ty().is_dynamic() {
                    if !p.allow_dynamic_type {
                        return Ok(Type::Dynamic);
                    }
                } else if let Some(e) = conformance_error(val.ty(), &p.ty) {
                    // cty reports the index within the variadic arguments
                    // here.
                    return Err(FunctionError::arg(i, e));
                }
            }
        }
        if let Some(f) = self.2.as_ref().and_then(|c| c.return_type.as_ref()) {
            return f(ctx, args);
        }
        match &spec.return_type {
            ReturnType::Static(t) => Ok(t.clone()),
            ReturnType::Computed(f) => f(args),
        }
    }

    /// Calls the function (cty `Call`): the return type is computed first;
    /// an unknown argument for a parameter that does not allow unknowns
    /// gives an unknown result of that type.
    pub fn call(&self, args: &[Value]) -> Result<Value, FunctionError> {
        standalone(|c| self.call_in(c, args))
    }

    /// [`call`](Self::call) made by the evaluation `ctx` describes.
    pub(crate) fn call_in(
        &self,
        ctx: &CallContext<'_>,
        args: &[Value],
    ) -> Result<Value, FunctionError> {
        let expected = self.return_type_in(ctx, args)?;
        let spec = &*self.0;
        let nparams = spec.params.len();
        for (i, val) in args.iter().enumerate() {
            let allow_unknown = match spec.params.get(i) {
                Some(p) => p.allow_unknown,
                None => spec.var_param.as_ref().is_some_and(|p| p.allow_unknown),
            };
            if !val.is_known() && !allow_unknown {
                return Ok(Value::unknown(expected));
            }
        }
        let _ = nparams;
        let ret = match &self.2 {
            Some(c) => (c.implementation)(ctx, args, &expected)?,
            None => (spec.implementation)(args, &expected)?,
        };
        if let Some(e) = conformance_error(ret.ty(), &expected) {
            // cty panics here (a bug in the function).
            return Err(FunctionError::Panic(format!(
                "returned value {ret:?} does not conform to expected return type {expected}: {e}"
            )));
        }
        Ok(ret)
    }
}
