//! Evaluation contexts: the variables and functions an expression can use.

use std::collections::HashMap;
use std::sync::Arc;

use super::Limits;
use crate::function::{Function, Functions};
use crate::value::Value;

/// Variables and functions available to expressions (HCL's `EvalContext`).
///
/// "No variables" and "an empty set of variables" differ, as in HCL: with
/// none, a reference is reported as "Variables not allowed"; with an empty
/// set, as "Unknown variable". The same holds for functions.
///
/// ```
/// use hcldecode::eval::EvalContext;
/// use hcldecode::Value;
/// let mut ctx = EvalContext::new();
/// ctx.set_variable("region", Value::string("eu-west-1"));
/// assert!(ctx.variable("region").is_some());
/// assert!(ctx.variable("zone").is_none());
/// ```
#[derive(Clone, Debug, Default)]
pub struct EvalContext {
    variables: Option<Vars>,
    functions: Option<Funcs>,
    parent: Option<Arc<EvalContext>>,
    limits: Option<Limits>,
}

/// Named entries in insertion order (so suggestions are deterministic),
/// found by a scan while there are few and by a hash index past that: most
/// contexts hold a handful of variables (`var`, `local`, a dynamic block's
/// iterator), which a scan finds faster than hashing the name, and a
/// context made per generated block need not build an index at all.
#[derive(Clone, Debug)]
struct Named<T> {
    order: Vec<(String, T)>,
    /// Filled once there are more than [`Named::SCAN`] entries.
    index: HashMap<String, usize, foldhash::fast::FixedState>,
}

impl<T> Default for Named<T> {
    fn default() -> Self {
        Named {
            order: Vec::new(),
            index: HashMap::default(),
        }
    }
}

impl<T> Named<T> {
    /// Up to this many entries, names are found by a scan.
    const SCAN: usize = 8;

    fn position(&self, name: &str) -> Option<usize> {
        if self.order.len() <= Self::SCAN {
            self.order.iter().position(|(n, _)| n == name)
        } else {
            self.index.get(name).copied()
        }
    }

    fn get(&self, name: &str) -> Option<&T> {
        self.position(name).map(|i| &self.order[i].1)
    }

    fn contains(&self, name: &str) -> bool {
        self.position(name).is_some()
    }

    /// Sets `name` to `value`, replacing an entry of the name.
    fn set(&mut self, name: String, value: T) {
        if let Some(i) = self.position(&name) {
            self.order[i].1 = value;
            return;
        }
        self.order.push((name, value));
        let n = self.order.len();
        if n == Self::SCAN + 1 {
            let names = self.order.iter().enumerate();
            self.index = names.map(|(i, (n, _))| (n.clone(), i)).collect();
        } else if n > Self::SCAN + 1 {
            self.index.insert(self.order[n - 1].0.clone(), n - 1);
        }
    }
}

/// Variables.
type Vars = Named<Value>;

#[derive(Clone, Debug, Default)]
struct Funcs {
    named: Named<Function>,
    lazy: Option<Arc<LazyFuncs>>,
    library: Option<Functions>,
}

/// Functions built on first use: a context offering a whole library costs
/// nothing until a function is called (`hcldec` loads a spec this way).
#[derive(Debug)]
struct LazyFuncs {
    names: &'static [&'static str],
    resolve: fn(&str) -> Option<Function>,
    built: Box<[std::sync::OnceLock<Option<Function>>]>,
}

impl LazyFuncs {
    fn get(&self, name: &str) -> Option<&Function> {
        let i = self.names.iter().position(|n| *n == name)?;
        self.built[i].get_or_init(|| (self.resolve)(name)).as_ref()
    }
}

impl EvalContext {
    /// A context with no variables and no functions.
    pub fn new() -> EvalContext {
        EvalContext::default()
    }

    /// A child context: lookups that miss here continue in `parent`.
    pub fn child_of(parent: Arc<EvalContext>) -> EvalContext {
        EvalContext {
            parent: Some(parent),
            ..EvalContext::default()
        }
    }

    /// Sets a variable (replacing one of the same name); from then on the
    /// context has variables.
    pub fn set_variable(&mut self, name: impl Into<String>, value: Value) {
        let vars = self.variables.get_or_insert_with(Vars::default);
        vars.set(name.into(), value);
    }

    /// Sets a function (replacing one of the same name); from then on the
    /// context has functions.
    pub fn set_function(&mut self, name: impl Into<String>, f: Function) {
        let funcs = self.functions.get_or_insert_with(Funcs::default);
        funcs.named.set(name.into(), f);
    }

    /// Offers the functions `names`, each built by `resolve` when first
    /// looked up. Functions set with [`set_function`](Self::set_function)
    /// take precedence.
    ///
    /// ```
    /// use hcldecode::eval::EvalContext;
    /// use hcldecode::function::stdlib;
    /// let mut ctx = EvalContext::new();
    /// ctx.set_functions_lazy(&stdlib::SPEC_FUNCTION_NAMES, stdlib::lookup);
    /// assert!(ctx.function("upper").is_some());
    /// assert!(ctx.function("nosuch").is_none());
    /// assert!(ctx.function_names().contains(&"jsonencode"));
    /// ```
    pub fn set_functions_lazy(
        &mut self,
        names: &'static [&'static str],
        resolve: fn(&str) -> Option<Function>,
    ) {
        let funcs = self.functions.get_or_insert_with(Funcs::default);
        funcs.lazy = Some(Arc::new(LazyFuncs {
            names,
            resolve,
            built: names.iter().map(|_| std::sync::OnceLock::new()).collect(),
        }));
    }

    /// Offers `library` (the field [`set_function_library`]'s part:
    /// that method, which also gives the library this evaluator, is kept
    /// with the evaluator in the parent module).
    ///
    /// [`set_function_library`]: EvalContext::set_function_library
    pub(super) fn offer_library(&mut self, library: Functions) {
        let funcs = self.functions.get_or_insert_with(Funcs::default);
        funcs.library = Some(library);
    }

    /// Marks the context as having variables even if it has none, so
    /// references report "Unknown variable".
    pub fn allow_variables(&mut self) {
        self.variables.get_or_insert_with(Vars::default);
    }

    /// Marks the context as having functions even if it has none.
    pub fn allow_functions(&mut self) {
        self.functions.get_or_insert_with(Funcs::default);
    }

    /// Sets every attribute of `vars` (an object or a map of known values)
    /// as a variable, replacing variables of the same name; null sets none.
    /// The context has variables from then on (a reference to another
    /// name is "Unknown variable"). Any other value is an error
    /// ([`Code::InvalidVariables`](crate::diag::Code::InvalidVariables))
    /// and sets nothing (the error is a list, to extend others with).
    ///
    /// ```
    /// use hcldecode::eval::EvalContext;
    /// use hcldecode::Value;
    /// let mut ctx = EvalContext::new();
    /// ctx.set_variables_from(&Value::object([("region", Value::string("eu"))])).unwrap();
    /// assert_eq!(ctx.variable("region"), Some(&Value::string("eu")));
    /// let d = ctx.set_variables_from(&Value::int(1)).unwrap_err();
    /// assert_eq!(d[0].code, Some(hcldecode::diag::Code::InvalidVariables));
    /// ```
    pub fn set_variables_from(&mut self, vars: &Value) -> Result<(), crate::Diagnostics> {
        self.allow_variables();
        if vars.is_null() && vars.is_known() {
            return Ok(());
        }
        match vars.entries() {
            Some(entries) if vars.is_wholly_known() => {
                for (k, v) in entries {
                    self.set_variable(k.to_string(), v.clone());
                }
                Ok(())
            }
            _ => Err(crate::Diagnostics::from(crate::Diagnostic::coded(
                crate::diag::Code::InvalidVariables,
                "Invalid variables",
                format!(
                    "Variables must be given as an object or a map of known values, not {}.",
                    vars.ty().friendly_name()
                ),
            ))),
        }
    }

    /// Whether this context or a parent has variables (possibly none).
    pub fn has_variables(&self) -> bool {
        self.variables.is_some() || self.parent.as_ref().is_some_and(|p| p.has_variables())
    }

    /// Whether this context or a parent has functions (possibly none).
    pub fn has_functions(&self) -> bool {
        self.functions.is_some() || self.parent.as_ref().is_some_and(|p| p.has_functions())
    }

    /// Whether there is nothing at all (the reference passes no context).
    pub fn is_empty(&self) -> bool {
        !self.has_variables() && !self.has_functions()
    }

    /// Looks a variable up here, then in parents.
    pub fn variable(&self, name: &str) -> Option<&Value> {
        self.variables
            .as_ref()
            .and_then(|v| v.get(name))
            .or_else(|| self.parent.as_ref().and_then(|p| p.variable(name)))
    }

    /// Looks a function up here, then in parents.
    pub fn function(&self, name: &str) -> Option<&Function> {
        self.functions
            .as_ref()
            .and_then(|f| {
                f.named
                    .get(name)
                    .or_else(|| f.lazy.as_ref().and_then(|l| l.get(name)))
                    .or_else(|| f.library.as_ref().and_then(|l| l.get(name)))
            })
            .or_else(|| self.parent.as_ref().and_then(|p| p.function(name)))
    }

    /// Variable names, here first, then in parents.
    pub fn variable_names(&self) -> Vec<&str> {
        let mut out: Vec<&str> = self
            .variables
            .iter()
            .flat_map(|v| v.order.iter().map(|(n, _)| n.as_str()))
            .collect();
        if let Some(p) = &self.parent {
            out.extend(p.variable_names());
        }
        out
    }

    /// The function library offered here or in a parent, if any (see
    /// [`set_function_library`](EvalContext::set_function_library)).
    ///
    /// ```
    /// use hcldecode::eval::EvalContext;
    /// use hcldecode::function::{FunctionSet, Functions};
    /// let mut ctx = EvalContext::new();
    /// assert!(ctx.function_library().is_none());
    /// ctx.set_function_library(Functions::stdlib());
    /// assert!(ctx.function_library().unwrap().contains(FunctionSet::Stdlib));
    /// ```
    pub fn function_library(&self) -> Option<&Functions> {
        self.functions
            .as_ref()
            .and_then(|f| f.library.as_ref())
            .or_else(|| self.parent.as_ref().and_then(|p| p.function_library()))
    }

    /// Function names, here first, then in parents.
    pub fn function_names(&self) -> Vec<&str> {
        let mut out: Vec<&str> = self
            .functions
            .iter()
            .flat_map(|f| {
                let lazy = f
                    .lazy
                    .iter()
                    .flat_map(|l| l.names.iter().copied().filter(|n| !f.named.contains(n)));
                let lib = f.library.iter().flat_map(move |l| {
                    l.names().into_iter().filter(move |n| {
                        !f.named.contains(n)
                            && !f.lazy.as_ref().is_some_and(|z| z.names.contains(n))
                    })
                });
                f.named
                    .order
                    .iter()
                    .map(|(n, _)| n.as_str())
                    .chain(lazy)
                    .chain(lib)
            })
            .collect();
        if let Some(p) = &self.parent {
            out.extend(p.function_names());
        }
        out
    }

    /// Sets the limits for evaluations in this context (and its children
    /// that set none). Without, evaluations observe those of the
    /// [`Decoder`](crate::Decoder) decoding, else [`Limits::DEFAULT`].
    ///
    /// ```
    /// use hcldecode::eval::{EvalContext, Limits};
    /// let mut ctx = EvalContext::new();
    /// assert_eq!(ctx.limits(), None);
    /// ctx.set_limits(Limits { max_string_bytes: 1024, ..Limits::default() });
    /// assert_eq!(ctx.limits().unwrap().max_string_bytes, 1024);
    /// ```
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = Some(limits);
    }

    /// The limits set on this context or a parent.
    pub fn limits(&self) -> Option<Limits> {
        self.limits
            .or_else(|| self.parent.as_ref().and_then(|p| p.limits()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Names are found the same by the scan (up to eight) and by the index
    /// past it, a name set again replaces its value in place, and the
    /// order of first setting is kept for suggestions.
    #[test]
    fn names_are_found_before_and_after_the_index_is_built() {
        let mut ctx = EvalContext::new();
        for n in 0..20 {
            ctx.set_variable(format!("v{n}"), Value::int(n));
            for m in 0..=n {
                assert_eq!(
                    ctx.variable(&format!("v{m}")),
                    Some(&Value::int(m)),
                    "{n} {m}"
                );
            }
            assert_eq!(ctx.variable("absent"), None);
        }
        ctx.set_variable("v3", Value::string("again"));
        ctx.set_variable("v15", Value::string("later"));
        assert_eq!(ctx.variable("v3"), Some(&Value::string("again")));
        assert_eq!(ctx.variable("v15"), Some(&Value::string("later")));
        let names = ctx.variable_names();
        assert_eq!(names.len(), 20);
        assert_eq!(names[..3], ["v0", "v1", "v2"]);
        assert_eq!(names[19], "v19");
    }
}
