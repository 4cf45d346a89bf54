//! The decoder engine: a body and a spec in, a value and diagnostics out.
//!
//! The semantics are those of HashiCorp's `hcldec` package, spec kind by
//! spec kind, with two differences of method: each body's schema is
//! computed once per spec (not once per body), and an object spec's
//! properties are decoded in declaration order, so diagnostics come out in
//! a fixed order where the reference's is random.

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::spec::Spec;
use hcldecode_spec::syntax::body::{Body, BodyRef, Content};

use crate::Type;
use crate::eval::{EvalContext, Limits};
use crate::spec_values::transform_type;
use crate::value::Value;

mod decoder;
pub(crate) mod direct;
mod dynblock;
mod element_errors;
mod kind;
mod options;
mod plan;
pub mod trace;
mod var_refs;

pub use crate::eval::traversal::{Traversal, TraversalStep, expr_variables};
use decoder::{Decoder, Here};
pub(crate) use direct::DirectBody;
pub(crate) use direct::{Planned, Tagged};
use kind::needed;
pub use options::{DecodeOptions, ForEachCheck};
use plan::Plan;
pub use trace::{AttrTrace, BlockTrace, BodyTrace, DecodeHook, Trace};
use trace::{Off, On, Recorder};
pub use var_refs::var_refs_json;

/// Decodes `body` with `spec` (`hcldec.Decode`).
///
/// `ctx` provides variables and functions to expressions in the body;
/// `transform_ctx` is the context transform expressions run in (the spec
/// file's functions, for spec files).
pub fn decode(
    body: &Body,
    spec: &Spec,
    ctx: Option<&EvalContext>,
    transform_ctx: Option<&EvalContext>,
) -> (Value, Diagnostics) {
    decode_with(body, spec, ctx, transform_ctx, DecodeOptions::new())
}

/// [`decode`] with options.
///
/// ```
/// use hcldecode::decode::{decode_with, DecodeOptions};
/// use hcldecode::spec_file::LoadedSpec;
/// let spec = "block_list {\n block_type = \"port\"\n object {\n  attr \"to\" { type = number }\n }\n}\n";
/// let (spec, _) = LoadedSpec::load_str(spec, "s.hcldec");
/// let src = b"dynamic \"port\" {\n  for_each = [80, 443]\n  content { to = port.value }\n}\n";
/// let (file, _) = hcldecode::parse::parse_native(src, "a.hcl");
/// let opts = DecodeOptions::new().dynamic_blocks(true);
/// let (v, diags) = decode_with(&file.body, &spec.unwrap().spec, None, None, opts);
/// assert!(diags.is_empty(), "{diags:?}");
/// assert_eq!(v.elements().unwrap().len(), 2);
/// ```
pub fn decode_with(
    body: &Body,
    spec: &Spec,
    ctx: Option<&EvalContext>,
    transform_ctx: Option<&EvalContext>,
    options: DecodeOptions,
) -> (Value, Diagnostics) {
    let plan = Plan::new(spec, transform_ctx);
    let (v, (), diags) = run::<Off>(body, spec, &plan, ctx, transform_ctx, options);
    (v, diags)
}

/// A spec with its decode plan, made once for any number of decodes
/// ([`decode_with`] plans the spec on every call). It borrows the spec
/// (the plan is keyed by where its nodes are) and the context its
/// transforms are typed and evaluated in.
///
/// ```
/// use hcldecode::decode::PreparedSpec;
/// use hcldecode::spec_file::LoadedSpec;
/// let (spec, _) = LoadedSpec::load_file("attr {\n  name = \"n\"\n  type = number\n}\n", "s.hcldec").unwrap();
/// let prepared: PreparedSpec<'_> = spec.prepare();
/// for (src, n) in [("n = 1\n", 1), ("n = 2 * 21\n", 42)] {
///     let (file, _) = hcldecode::parse::parse_native(src.as_bytes(), "in.hcl");
///     let (v, diags) = prepared.decode(&file.body, None);
///     assert!(diags.is_empty());
///     assert_eq!(v, hcldecode::Value::int(n));
/// }
/// ```
pub struct PreparedSpec<'a> {
    spec: &'a Spec,
    transform_ctx: Option<&'a EvalContext>,
    plan: Plan<'a>,
}

impl<'a> PreparedSpec<'a> {
    /// Plans `spec`, whose transforms see `transform_ctx` (a spec file's
    /// own functions: [`LoadedSpec::prepare`](crate::spec_file::LoadedSpec::prepare)
    /// passes it).
    pub fn new(spec: &'a Spec, transform_ctx: Option<&'a EvalContext>) -> PreparedSpec<'a> {
        PreparedSpec {
            spec,
            transform_ctx,
            plan: Plan::new(spec, transform_ctx),
        }
    }

    /// [`decode`] with the plan made once.
    pub fn decode(&self, body: &Body, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        self.decode_with(body, ctx, DecodeOptions::new())
    }

    /// [`decode_with`] with the plan made once.
    pub fn decode_with(
        &self,
        body: &Body,
        ctx: Option<&EvalContext>,
        options: DecodeOptions,
    ) -> (Value, Diagnostics) {
        let (v, (), diags) = run::<Off>(
            body,
            self.spec,
            &self.plan,
            ctx,
            self.transform_ctx,
            options,
        );
        (v, diags)
    }
}

impl std::fmt::Debug for PreparedSpec<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PreparedSpec")
            .field("spec", &self.spec)
            .finish_non_exhaustive()
    }
}

/// Decodes `body` with `spec` and its `plan`, recording with `R`.
fn run<R: Recorder>(
    body: &Body,
    spec: &Spec,
    plan: &Plan<'_>,
    ctx: Option<&EvalContext>,
    transform_ctx: Option<&EvalContext>,
    options: DecodeOptions,
) -> (Value, R::T, Diagnostics) {
    let mut diags = Diagnostics::new();
    let scope = dynamic_scope(body, ctx, &options);
    let d = Decoder {
        ctx,
        transform_ctx,
        plan,
        dynamic: scope.as_ref(),
        element_errors: options.element_errors,
        keep_block_types: options.keep_block_types,
        limits: &options.limits,
        threads: options.threads,
    };
    let (v, t) = d.body::<R>(body.as_ref(), &[], spec, &mut diags);
    (v, t, diags)
}

/// The scope dynamic blocks are expanded in when decoding `body` with
/// `options`: a remaining body's own, else the root's when they are
/// expanded at all.
fn dynamic_scope(
    body: &Body,
    ctx: Option<&EvalContext>,
    options: &DecodeOptions,
) -> Option<dynblock::Scope> {
    // A body handed out of a decode with dynamic blocks (a remaining
    // body) is decoded in the scope it was handed out of.
    match body.scope_as::<dynblock::Resume>() {
        Some(r) => Some(dynblock::Scope::resume(r, ctx, options)),
        None => options
            .dynamic_blocks
            .then(|| dynblock::Scope::root(ctx, options)),
    }
}

/// Decodes `body` with object spec `spec` directly into `f`'s result (see
/// [`direct`]): `None` unless the decode is clean. Dynamic blocks are
/// expanded as [`run`] expands them.
fn run_direct<T>(
    body: &Body,
    spec: &Spec,
    plan: &Plan<'_>,
    ctx: Option<&EvalContext>,
    options: DecodeOptions,
    f: &mut dyn FnMut(&mut DirectBody<'_>) -> Option<T>,
) -> Option<T> {
    // Each block its own value, as the direct reads take them.
    if !options.keep_block_types {
        return None;
    }
    let scope = dynamic_scope(body, ctx, &options);
    let mut diags = Diagnostics::new();
    let d = Decoder {
        ctx,
        transform_ctx: None,
        plan,
        dynamic: scope.as_ref(),
        element_errors: options.element_errors,
        keep_block_types: options.keep_block_types,
        limits: &options.limits,
        threads: options.threads,
    };
    let t = d.direct_body(body.as_ref(), None, &[], spec, &mut diags, f)?;
    diags.is_empty().then_some(t)
}

/// [`decode`], also recording where each part of the value came from (a
/// [`Trace::Body`] for the root body; see [`Trace`]). Typed decoding uses
/// it; the value and diagnostics are those [`decode`] gives.
///
/// ```
/// use hcldecode::decode::{decode_traced, Trace};
/// use hcldecode::spec_file::LoadedSpec;
/// let (spec, _) = LoadedSpec::load_str("object {\n attr \"port\" { type = number }\n}\n", "s.hcldec");
/// let (file, _) = hcldecode::parse::parse_native(b"port = 80\n", "a.hcl");
/// let (_, trace, diags) = decode_traced(&file.body, &spec.unwrap().spec, None, None);
/// assert!(diags.is_empty());
/// let Trace::Body(body) = trace else { panic!() };
/// let Trace::Object(props) = &body.spec else { panic!() };
/// assert_eq!(props[0].0, "port");
/// let Trace::Attr(port) = &props[0].1 else { panic!() };
/// assert_eq!(port.expr.range().to_string(), "a.hcl:1,8-10");
/// ```
pub fn decode_traced(
    body: &Body,
    spec: &Spec,
    ctx: Option<&EvalContext>,
    transform_ctx: Option<&EvalContext>,
) -> (Value, Trace, Diagnostics) {
    decode_traced_with(body, spec, ctx, transform_ctx, DecodeOptions::new())
}

/// [`decode_traced`] with options (see [`decode_with`]).
pub fn decode_traced_with(
    body: &Body,
    spec: &Spec,
    ctx: Option<&EvalContext>,
    transform_ctx: Option<&EvalContext>,
    options: DecodeOptions,
) -> (Value, Trace, Diagnostics) {
    let plan = Plan::new(spec, transform_ctx);
    run::<On>(body, spec, &plan, ctx, transform_ctx, options)
}

/// Decodes the parts of `body` that `spec` describes and returns the rest
/// as a body (`hcldec.PartialDecode`). Nested block bodies are decoded
/// fully.
pub fn partial_decode(
    body: &Body,
    spec: &Spec,
    ctx: Option<&EvalContext>,
    transform_ctx: Option<&EvalContext>,
) -> (Value, Body, Diagnostics) {
    let plan = Plan::new(spec, transform_ctx);
    let mut diags = Diagnostics::new();
    let d = Decoder {
        ctx,
        transform_ctx,
        plan: &plan,
        dynamic: None,
        element_errors: false,
        keep_block_types: false,
        limits: &Limits::DEFAULT,
        threads: 1,
    };
    let schema = plan.schema(spec);
    let (content, rest) = body.partial_content(&schema, &mut diags);
    let here = Here {
        content: &content,
        schema: &schema,
        labels: &[],
    };
    let (v, ()) = d.spec::<Off>(spec, here, &mut diags);
    (v, rest, diags)
}

/// The variables decoding `body` with `spec` would read ([`variables`]);
/// with [`DecodeOptions::dynamic_blocks`], as dynblock's `VariablesHCLDec`
/// gives them: those of dynamic blocks' `for_each`, `labels` and `content`,
/// iterators excluded.
///
/// ```
/// use hcldecode::decode::{variables_with, DecodeOptions};
/// use hcldecode::spec_file::LoadedSpec;
/// let spec = "block_list {\n block_type = \"port\"\n object {\n  attr \"to\" { type = number }\n }\n}\n";
/// let (spec, _) = LoadedSpec::load_str(spec, "s.hcldec");
/// let src = b"dynamic \"port\" {\n  for_each = var.ports\n  content { to = port.value + offset }\n}\n";
/// let (file, _) = hcldecode::parse::parse_native(src, "a.hcl");
/// let opts = DecodeOptions::new().dynamic_blocks(true);
/// let refs = variables_with(file.body.as_ref(), &spec.unwrap().spec, opts);
/// let names: Vec<&str> = refs.iter().map(|t| t.root_name()).collect();
/// assert_eq!(names, ["var", "offset"]);
/// ```
pub fn variables_with(body: BodyRef<'_>, spec: &Spec, options: DecodeOptions) -> Vec<Traversal> {
    if options.dynamic_blocks {
        dynblock::variables(body, spec)
    } else {
        variables(body, spec)
    }
}

/// The type decoding with `spec` yields (`hcldec.ImpliedType`); transform
/// results are typed by evaluating the transform with an unknown value.
pub fn implied_type(spec: &Spec, transform_ctx: Option<&EvalContext>) -> Type {
    spec.implied_type_with(&|t, wrapped| transform_type(t, wrapped, transform_ctx))
}

/// The variables decoding `body` with `spec` would read
/// (`hcldec.Variables`), for `hcldec --var-refs` and for applications that
/// populate variables on demand. Object properties are visited in declaration order.
pub fn variables(body: BodyRef<'_>, spec: &Spec) -> Vec<Traversal> {
    let schema = spec.implied_schema();
    let content = body.partial_content(&schema, &mut Diagnostics::new());
    let mut out = Vec::new();
    visit(spec, &content, &mut out);
    out
}

fn visit(spec: &Spec, content: &Content<'_>, out: &mut Vec<Traversal>) {
    needed(spec, content, variables, out);
    for child in spec.same_body_children() {
        visit(child, content, out);
    }
}

/// A spec with its decode plan, made once and used for any number of
/// decodes, from any thread: what typed decoding keeps for each derived
/// type. Transform results are typed without a context (as typed decoding
/// decodes), so a spec whose transforms call functions of a spec file's
/// context is decoded with [`decode_with`](decode_with) instead.
pub(crate) struct Prepared {
    /// Boxed: the plan is keyed by the addresses of the spec's nodes,
    /// which a move of the `Prepared` then leaves where they are.
    spec: Box<Spec>,
    plan: Plan<'static>,
}

impl Prepared {
    /// Plans `spec`.
    pub(crate) fn new(spec: Spec) -> Prepared {
        let spec = Box::new(spec);
        let plan = Plan::new(&spec, None);
        Prepared { spec, plan }
    }

    /// The spec.
    pub(crate) fn spec(&self) -> &Spec {
        &self.spec
    }

    /// The spec with its plan, to read a block's body with directly.
    pub(crate) fn planned(&self) -> Planned<'_> {
        Planned::new(&self.spec, &self.plan)
    }

    /// The spec's body decoded straight into `f`'s result (see
    /// `decode::direct`): `None` unless the decode is clean.
    pub(crate) fn decode_direct<T>(
        &self,
        body: &Body,
        ctx: Option<&EvalContext>,
        options: DecodeOptions,
        f: &mut dyn FnMut(&mut DirectBody<'_>) -> Option<T>,
    ) -> Option<T> {
        run_direct(body, &self.spec, &self.plan, ctx, options, f)
    }

    /// [`decode_traced_with`](decode_traced_with) with the spec,
    /// transforms without a context.
    pub(crate) fn decode_traced(
        &self,
        body: &Body,
        ctx: Option<&EvalContext>,
        options: DecodeOptions,
    ) -> (Value, Trace, Diagnostics) {
        run::<On>(body, &self.spec, &self.plan, ctx, None, options)
    }
}

impl std::fmt::Debug for Prepared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Prepared")
            .field("spec", &self.spec)
            .finish_non_exhaustive()
    }
}
