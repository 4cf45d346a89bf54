//! The engine of declared namespaces (see [`crate::namespaces`], where
//! applications meet them): the values given to declared variables from
//! outside, and the pass that gives variables and locals their values
//! before a body is decoded. Below `typed` and `spec_file`, which both
//! call it; the typed declaration blocks (`Variable`, `Locals`) live in
//! `namespaces`, above `typed`.

mod inputs;
mod inspect;
mod order;
mod prepare;
mod schema;

pub use hcldecode_spec::spec::namespace::{Namespace, NamespaceKind};
pub use inputs::VariableInputs;
pub(crate) use inputs::{EnvInput, Inputs};
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
