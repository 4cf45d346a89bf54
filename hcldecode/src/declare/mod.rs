//! The engine of declared namespaces (see [`crate::namespaces`], where
//! applications meet them): the values given to declared variables from
//! outside, and the pass that gives variables and locals their values
//! before a body is decoded. Below `typed` and `spec_file`, which both
//! call it; the typed declaration blocks (`Variable`, `Locals`) live in
//! `namespaces`, above `typed`.

mod inspect;
mod order;
mod prepare;
mod schema;

pub use hcldecode_spec::spec::namespace::{Namespace, NamespaceKind};
pub use inspect::{Declarations, DeclaredLocal, DeclaredVariable, Reference, inspect};
pub(crate) use prepare::prepare;

use std::sync::Arc;

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::spec::Spec;
use hcldecode_spec::syntax::body::Body;

use crate::Value;
use crate::decode::{self, DecodeOptions};
use crate::eval::{EvalContext, Limits};
use schema::blocks_schema;

/// Decodes `body` with `spec` as [`decode::decode_with`] does, after
/// giving the `namespaces` declared in it their values (`inputs`, then
/// defaults): the rest of the body is decoded in `ctx` with `var` and
/// `local` (or the names declared) added, and the namespaces' blocks are
/// not part of the result. The one route of spec files
/// ([`LoadedSpec`](crate::spec_file::LoadedSpec)) and the language server.
///
/// ```
/// use hcldecode::declare::{self, Namespace};
/// use hcldecode::decode::DecodeOptions;
/// use hcldecode::spec_file::LoadedSpec;
/// let (spec, _) = LoadedSpec::load_file("object {\n  attr \"n\" { type = number }\n}\n", "s.hcldec").unwrap();
/// let (file, _) = hcldecode::parse::parse_native(b"locals {\n  x = 2\n}\nn = local.x * 21\n", "a.hcl");
/// let ns = [Namespace::locals("locals", "local")];
/// let (v, diags) = declare::decode_with(&file.body, &spec.spec, &ns, None, None, Some(&spec.spec_ctx), DecodeOptions::new());
/// assert!(diags.is_empty());
/// assert_eq!(v.get_attr("n"), Some(hcldecode::Value::int(42)));
/// ```
pub fn decode_with(
    body: &Body,
    spec: &Spec,
    namespaces: &[Namespace],
    inputs: Option<&VariableInputs>,
    ctx: Option<&EvalContext>,
    spec_ctx: Option<&EvalContext>,
    options: DecodeOptions,
) -> (Value, Diagnostics) {
    if namespaces.is_empty() {
        return decode::decode_with(body, spec, ctx, spec_ctx, options);
    }
    let mut diags = Diagnostics::new();
    let (_, rest) = body.partial_content(&blocks_schema(namespaces), &mut diags);
    let refs = decode::variables_with(rest.as_ref(), spec, options);
    let base = ctx.map(|c| Arc::new(c.clone()));
    let ctx = prepare(
        body,
        namespaces,
        base.as_ref(),
        inputs.map(|i| &i.0),
        &refs,
        &options.limits,
        &mut diags,
    );
    let (v, d) = decode::decode_with(&rest, spec, Some(&ctx), spec_ctx, options);
    diags.extend(d);
    (v, diags)
}

/// The values `body` gives the names it declares in `namespaces`: the
/// context [`decode_with`] decodes the rest of the body in (`ctx`'s
/// variables and functions with an object per namespace added, `var` and
/// `local` say), and what is wrong with the declarations. For tools that
/// show a configuration's values (the language server's inlay hints);
/// nothing outside the namespaces' blocks is read, so a reference to an
/// undeclared name is not reported here.
///
/// ```
/// use hcldecode::declare::{self, Namespace, VariableInputs};
/// let (file, _) = hcldecode::parse::parse_native(
///     b"variable \"n\" {\n  default = 2\n}\nlocals {\n  x = var.n * 21\n}\n",
///     "a.hcl",
/// );
/// let ns = [Namespace::variables("variable", "var"), Namespace::locals("locals", "local")];
/// let (ctx, diags) = declare::evaluate(&file.body, &ns, Some(&VariableInputs::new()), None);
/// assert!(diags.is_empty());
/// let local = ctx.variable("local").unwrap();
/// assert_eq!(local.get_attr("x"), Some(hcldecode::Value::int(42)));
/// ```
pub fn evaluate(
    body: &Body,
    namespaces: &[Namespace],
    inputs: Option<&VariableInputs>,
    ctx: Option<&EvalContext>,
) -> (EvalContext, Diagnostics) {
    let mut diags = Diagnostics::new();
    let base = ctx.map(|c| Arc::new(c.clone()));
    let ctx = prepare(
        body,
        namespaces,
        base.as_ref(),
        inputs.map(|i| &i.0),
        &[],
        &Limits::DEFAULT,
        &mut diags,
    );
    (ctx, diags)
}

/// Values given to declared variables from outside the configuration, for
/// a spec file's route ([`LoadedSpec::with_variable_inputs`](crate::spec_file::LoadedSpec::with_variable_inputs));
/// a [`Decoder`](crate::Decoder) has the same methods. In order of
/// precedence (later wins): the environment, files of values (in the order
/// given), values given in code.
///
/// ```
/// use hcldecode::namespaces::VariableInputs;
/// let inputs = VariableInputs::new()
///     .env_vars("APP_", [("APP_region".to_string(), "eu".to_string())])
///     .values_str("replicas = 3\n", "prod.tfvars")
///     .value("replicas", 4);
/// # let _ = inputs;
/// ```
#[derive(Clone, Debug, Default)]
pub struct VariableInputs(Inputs);

impl VariableInputs {
    /// No values.
    pub fn new() -> VariableInputs {
        VariableInputs::default()
    }

    /// Variable `name` has `value` (see [`Decoder::variable_value`](crate::Decoder::variable_value)).
    pub fn value(mut self, name: impl Into<String>, value: impl Into<Value>) -> VariableInputs {
        self.0.values.push((name.into(), value.into()));
        self
    }

    /// Variable `name` has the value `text` stands for, read as `--var`
    /// and the environment are (see [`Decoder::variable_text`](crate::Decoder::variable_text)).
    pub fn text(mut self, name: impl Into<String>, text: impl Into<String>) -> VariableInputs {
        self.0.texts.push((name.into(), text.into()));
        self
    }

    /// Variables given no value and without a default are unknown instead
    /// of an error (see [`Decoder::allow_missing_variables`](crate::Decoder::allow_missing_variables)).
    pub fn allow_missing(mut self) -> VariableInputs {
        self.0.allow_missing = true;
        self
    }

    /// Values from a file of values (see [`Decoder::variable_values_str`](crate::Decoder::variable_values_str)).
    pub fn values_str(mut self, text: &str, filename: &str) -> VariableInputs {
        self.0.files.push((filename.to_string(), text.to_string()));
        self
    }

    /// Values from the process's environment (see [`Decoder::variable_env`](crate::Decoder::variable_env)).
    pub fn env(mut self, prefix: &str) -> VariableInputs {
        self.0.env = Some(EnvInput {
            prefix: prefix.to_string(),
            vars: None,
        });
        self
    }

    /// Values from the environment variables `vars` (see [`Decoder::variable_env_vars`](crate::Decoder::variable_env_vars)).
    pub fn env_vars(
        mut self,
        prefix: &str,
        vars: impl IntoIterator<Item = (String, String)>,
    ) -> VariableInputs {
        self.0.env = Some(EnvInput {
            prefix: prefix.to_string(),
            vars: Some(vars.into_iter().collect()),
        });
        self
    }
}

/// Values given to declared variables (see [`VariableInputs`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct Inputs {
    /// Environment variables `PREFIX` + name.
    pub(crate) env: Option<EnvInput>,
    /// Files of values: `(file name, text)`, native or JSON by name.
    pub(crate) files: Vec<(String, String)>,
    /// Values given in code.
    pub(crate) values: Vec<(String, Value)>,
    /// Values given as text (`--var name=value`), over those in code.
    pub(crate) texts: Vec<(String, String)>,
    /// A variable with neither a value nor a default is unknown, not an
    /// error (an editor checks a configuration without its inputs).
    pub(crate) allow_missing: bool,
}

/// Values from environment variables.
#[derive(Clone, Debug)]
pub(crate) struct EnvInput {
    /// What names start with (`TF_VAR_`).
    pub(crate) prefix: String,
    /// The variables; the process's own (read when decoding) when `None`.
    pub(crate) vars: Option<Vec<(String, String)>>,
}
