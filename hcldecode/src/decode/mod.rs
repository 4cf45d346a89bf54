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
mod plan;
pub mod trace;
mod var_refs;

pub use crate::eval::traversal::{Traversal, TraversalStep, expr_variables};
use decoder::{Decoder, Here};
pub(crate) use direct::DirectBody;
use kind::needed;
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

/// How [`decode_with`] and [`decode_traced_with`] read bodies.
///
/// ```
/// use hcldecode::decode::DecodeOptions;
/// let o = DecodeOptions::new().dynamic_blocks(true);
/// assert!(o.dynamic_blocks);
/// assert!(!DecodeOptions::default().dynamic_blocks);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct DecodeOptions {
    /// Expand `dynamic` blocks (HCL's `ext/dynblock`, as Terraform and
    /// Nomad do) before decoding: `dynamic "port" { for_each = ...,
    /// iterator = ..., labels = [...], content { ... } }` stands for one
    /// `port` block per element of `for_each`, for every kind of block spec
    /// and at any depth. Off by default, as in `hcldec`
    /// (`--dynamic-blocks`).
    pub dynamic_blocks: bool,
    /// Report an attribute value that does not convert to its type with
    /// one error per failing element of its tuple and object literals, at
    /// the element, its path in the message (`.soft: a number is
    /// required`), as Terraform does, instead of one error over the whole
    /// value as hcldec does. On for typed decoding.
    pub element_errors: bool,
    /// Let each block of a `block_list`, `block_set` or `block_map` keep
    /// the type of its own value: where the blocks' values differ in type,
    /// the collection is a tuple (an object for a map) of them as decoded,
    /// not a list (map) of their unified type, and there is no "Unconsistent
    /// argument types" error. Likewise the attributes of a `block_attrs`
    /// block whose element type has `any` in it: an object of them as
    /// written where their types differ, not "Inconsistent attribute
    /// types". cty's unification is a spec file's rule (its
    /// result is one cty value); a Rust `Vec<T>` or map of blocks decodes
    /// each block on its own, so typed decoding turns it on. Off by
    /// default, as in `hcldec`.
    pub keep_block_types: bool,
    /// With [`dynamic_blocks`](Self::dynamic_blocks): the host's check of
    /// each dynamic block's `for_each` value (ext/dynblock's
    /// `OptCheckForEach`, hcl v2.20), run once the value is evaluated; an
    /// error from it ends that dynamic block.
    pub check_for_each: Option<ForEachCheck>,
    /// The evaluation limits of the decode's expressions (what one
    /// expression may build, how deep functions may nest evaluations, how
    /// many blocks dynamic blocks may generate), where the context sets
    /// none ([`EvalContext::set_limits`]). The typed
    /// [`Decoder::limits`](crate::Decoder::limits) sets them.
    pub limits: Limits,
}

/// A host's check of a dynamic block's `for_each` value
/// ([`DecodeOptions::check_for_each`]): given the value, its expression
/// and the context it was evaluated in, the diagnostics to report (an
/// error vetoes the value). A plain function, so that options stay `Copy`.
///
/// ```
/// use hcldecode::decode::{decode_with, DecodeOptions, ForEachCheck};
/// use hcldecode::spec_file::LoadedSpec;
/// use hcldecode::{Diagnostic, Diagnostics};
/// // At most two blocks from one dynamic block.
/// let check = ForEachCheck(|v, expr, _| {
///     let mut d = Diagnostics::new();
///     if v.length_int().is_some_and(|n| n > 2) {
///         d.push(Diagnostic::error("Too many ports", "At most two.").with_subject(expr.range()));
///     }
///     d
/// });
/// let spec = "block_list {\n block_type = \"port\"\n object {\n  attr \"to\" { type = number }\n }\n}\n";
/// let (spec, _) = LoadedSpec::load_str(spec, "s.hcldec");
/// let src = b"dynamic \"port\" {\n  for_each = [1, 2, 3]\n  content { to = port.value }\n}\n";
/// let (file, _) = hcldecode::parse::parse_native(src, "a.hcl");
/// let opts = DecodeOptions::new().dynamic_blocks(true).check_for_each(check);
/// let (_, diags) = decode_with(&file.body, &spec.unwrap().spec, None, None, opts);
/// assert_eq!(diags[0].summary, "Too many ports");
/// assert_eq!(diags[0].subject.as_ref().unwrap().to_string(), "a.hcl:2,14-23");
/// ```
#[derive(Clone, Copy)]
pub struct ForEachCheck(
    pub fn(&Value, hcldecode_spec::syntax::expr::ExprRef<'_>, Option<&EvalContext>) -> Diagnostics,
);

impl PartialEq for ForEachCheck {
    fn eq(&self, other: &ForEachCheck) -> bool {
        std::ptr::fn_addr_eq(self.0, other.0)
    }
}

impl Eq for ForEachCheck {}

impl std::fmt::Debug for ForEachCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ForEachCheck(..)")
    }
}

impl DecodeOptions {
    /// The defaults: no dynamic blocks.
    pub fn new() -> DecodeOptions {
        DecodeOptions::default()
    }

    /// Sets [`dynamic_blocks`](Self::dynamic_blocks).
    pub fn dynamic_blocks(mut self, on: bool) -> DecodeOptions {
        self.dynamic_blocks = on;
        self
    }

    /// Sets [`element_errors`](Self::element_errors).
    ///
    /// ```
    /// use hcldecode::decode::{decode_with, DecodeOptions};
    /// use hcldecode::spec_file::LoadedSpec;
    /// let (spec, _) = LoadedSpec::load_str("attr {\n name = \"p\"\n type = list(number)\n}\n", "s.hcldec");
    /// let (file, _) = hcldecode::parse::parse_native(b"p = [1, \"x\", \"y\"]\n", "a.hcl");
    /// let opts = DecodeOptions::new().element_errors(true);
    /// let (_, diags) = decode_with(&file.body, &spec.unwrap().spec, None, None, opts);
    /// let at: Vec<String> = diags.iter().map(|d| d.subject.as_ref().unwrap().to_string()).collect();
    /// assert_eq!(at, ["a.hcl:1,9-12", "a.hcl:1,14-17"]);
    /// assert!(diags[0].detail.contains("[1]: a number is required"));
    /// ```
    pub fn element_errors(mut self, on: bool) -> DecodeOptions {
        self.element_errors = on;
        self
    }

    /// Sets [`check_for_each`](Self::check_for_each).
    pub fn check_for_each(mut self, check: ForEachCheck) -> DecodeOptions {
        self.check_for_each = Some(check);
        self
    }

    /// Sets [`keep_block_types`](Self::keep_block_types).
    ///
    /// ```
    /// use hcldecode::decode::{decode_with, DecodeOptions};
    /// use hcldecode::spec_file::LoadedSpec;
    /// let spec = "block_list {\n block_type = \"v\"\n attr {\n  name = \"default\"\n  type = any\n }\n}\n";
    /// let (spec, _) = LoadedSpec::load_str(spec, "s.hcldec");
    /// let spec = spec.unwrap().spec;
    /// let (file, _) = hcldecode::parse::parse_native(b"v { default = \"x\" }\nv { default = 3 }\n", "a.hcl");
    /// // A spec file's rule: one list, the number converted to a string.
    /// let (v, _) = decode_with(&file.body, &spec, None, None, DecodeOptions::new());
    /// let json = |v: &hcldecode::Value| hcldecode::value::json::marshal(v, v.ty()).unwrap();
    /// assert_eq!(json(&v), r#"["x","3"]"#);
    /// // Each block as written.
    /// let opts = DecodeOptions::new().keep_block_types(true);
    /// let (v, diags) = decode_with(&file.body, &spec, None, None, opts);
    /// assert!(diags.is_empty());
    /// assert_eq!(json(&v), r#"["x",3]"#);
    /// ```
    pub fn keep_block_types(mut self, on: bool) -> DecodeOptions {
        self.keep_block_types = on;
        self
    }

    /// Sets [`limits`](Self::limits).
    ///
    /// ```
    /// use hcldecode::decode::{decode_with, DecodeOptions};
    /// use hcldecode::eval::Limits;
    /// use hcldecode::spec_file::LoadedSpec;
    /// let (spec, _) = LoadedSpec::load_str("attr {\n name = \"xs\"\n type = list(number)\n}\n", "s.hcldec");
    /// let (file, _) = hcldecode::parse::parse_native(b"xs = [for a in [1, 2, 3, 4]: [for b in [1, 2, 3, 4]: a * b]]\n", "a.hcl");
    /// let spec = spec.unwrap();
    /// let opts = DecodeOptions::new().limits(Limits { max_elements: 10, ..Limits::default() });
    /// let (_, diags) = decode_with(&file.body, &spec.spec, None, None, opts);
    /// assert_eq!(diags[0].summary, "Result too large");
    /// ```
    pub fn limits(mut self, limits: Limits) -> DecodeOptions {
        self.limits = limits;
        self
    }
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
    // A body handed out of a decode with dynamic blocks (a remaining body)
    // is decoded in the scope it was handed out of.
    let scope = match body.scope_as::<dynblock::Resume>() {
        Some(r) => Some(dynblock::Scope::resume(r, ctx, &options)),
        None => options
            .dynamic_blocks
            .then(|| dynblock::Scope::root(ctx, &options)),
    };
    let d = Decoder {
        ctx,
        transform_ctx,
        plan,
        dynamic: scope.as_ref(),
        element_errors: options.element_errors,
        keep_block_types: options.keep_block_types,
        limits: &options.limits,
    };
    let (v, t) = d.body::<R>(body.as_ref(), &[], spec, &mut diags);
    (v, t, diags)
}

/// Decodes `body` with object spec `spec` directly into `f`'s result (see
/// [`direct`]): `None` unless the decode is clean. No dynamic blocks.
fn run_direct<T>(
    body: &Body,
    spec: &Spec,
    plan: &Plan<'_>,
    ctx: Option<&EvalContext>,
    options: DecodeOptions,
    f: &mut dyn FnMut(&mut DirectBody<'_>) -> Option<T>,
) -> Option<T> {
    // Each block its own value, as the direct reads take them.
    if options.dynamic_blocks || !options.keep_block_types || body.scope().is_some() {
        return None;
    }
    let mut diags = Diagnostics::new();
    let d = Decoder {
        ctx,
        transform_ctx: None,
        plan,
        dynamic: None,
        element_errors: options.element_errors,
        keep_block_types: options.keep_block_types,
        limits: &options.limits,
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
