//! The decoder engine: a body and a spec in, a value and diagnostics out.
//!
//! The semantics are those of HashiCorp's `hcldec` package, spec kind by
//! spec kind, with two differences of method: each body's schema is
//! computed once per spec (not once per body), and an object spec's
//! properties are decoded in declaration order, so diagnostics come out in
//! a fixed order where the reference's is random.

use std::collections::HashMap;

use hcldecode_spec::diag::{Diagnostic, Diagnostics};
use hcldecode_spec::source::Range;
use hcldecode_spec::spec::{
    BlockAttrsSpec, BlockCollectionSpec, BlockMapSpec, BlockSpec, Spec, Transform, TransformSpec,
};
use hcldecode_spec::syntax::body::{
    Attribute, Block, BlockLabel, Body, BodyRef, BodySchema, Content,
};

use crate::Type;
use crate::eval::{self, EvalContext};
use crate::spec_values::{literal_value, transform_function, transform_type, validate_function};
use crate::value::Value;
use crate::value::convert::{convert, unify_unsafe};

mod dynblock;
mod element_errors;
mod plan;
pub mod trace;
mod variables;

pub use crate::eval::traversal::{Traversal, TraversalStep, expr_variables};
use plan::Plan;
pub use trace::{AttrTrace, BlockTrace, BodyTrace, DecodeHook, Trace};
use trace::{Off, On, Recorder};
pub use variables::variables;

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
    let mut diags = Diagnostics::new();
    let scope = options.dynamic_blocks.then(|| dynblock::Scope::root(ctx));
    let d = Decoder {
        ctx,
        transform_ctx,
        plan: &plan,
        dynamic: scope.as_ref(),
        element_errors: options.element_errors,
    };
    let (v, ()) = d.body::<Off>(body.as_ref(), &[], spec, &mut diags);
    (v, diags)
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
/// let Trace::Attr(port) = &props[0] else { panic!() };
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
    let mut diags = Diagnostics::new();
    let scope = options.dynamic_blocks.then(|| dynblock::Scope::root(ctx));
    let d = Decoder {
        ctx,
        transform_ctx,
        plan: &plan,
        dynamic: scope.as_ref(),
        element_errors: options.element_errors,
    };
    let (v, t) = d.body::<On>(body.as_ref(), &[], spec, &mut diags);
    (v, t, diags)
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
    };
    let schema = plan.schema(spec);
    let (content, rest) = body.partial_content(&schema, &mut diags);
    let (v, ()) = d.spec::<Off>(spec, &content, &schema, &[], &mut diags);
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

#[derive(Clone, Copy)]
struct Decoder<'a> {
    ctx: Option<&'a EvalContext>,
    transform_ctx: Option<&'a EvalContext>,
    plan: &'a Plan<'a>,
    /// With dynamic blocks expanded: the scope of the body being decoded.
    dynamic: Option<&'a dynblock::Scope>,
    /// [`DecodeOptions::element_errors`].
    element_errors: bool,
}

impl Decoder<'_> {
    /// The context the attributes of the body being decoded are evaluated
    /// in: the decoder's, or inside a generated block its iteration's.
    fn body_ctx(&self) -> Option<&EvalContext> {
        match self.dynamic {
            Some(s) => s.attr_ctx(self.ctx),
            None => self.ctx,
        }
    }

    /// With [`DecodeOptions::element_errors`]: an error at each element of
    /// `attr`'s value that does not convert; false when there is none to
    /// point at (the whole value is then reported).
    fn push_element_errors(
        &self,
        attr: &Attribute<'_>,
        v: &Value,
        ty: &Type,
        diags: &mut Diagnostics,
    ) -> bool {
        let found = element_errors::element_errors(attr.expr, v, ty);
        for (range, msg) in &found {
            diags.push(
                Diagnostic::error(
                    "Incorrect attribute value type",
                    format!("Inappropriate value for attribute {:?}: {msg}.", attr.name),
                )
                .with_subject(range.clone())
                .with_context(Range::between(&attr.name_range(), &attr.expr.range())),
            );
        }
        !found.is_empty()
    }

    /// Whether the body being decoded is unknown (generated from an
    /// unknown `for_each`).
    fn body_unknown(&self) -> bool {
        self.dynamic.is_some_and(dynblock::Scope::is_unknown)
    }

    /// Decodes `block`'s body with `f`, in the block's scope when dynamic
    /// blocks are expanded.
    fn in_block<T>(&self, block: &Block<'_>, f: impl FnOnce(&Decoder<'_>) -> T) -> T {
        match dynblock::BlockScope::of(block) {
            Some(bs) => {
                let scope = dynblock::Scope::of_block(bs);
                let d = Decoder {
                    dynamic: Some(&scope),
                    ..*self
                };
                f(&d)
            }
            None => f(self),
        }
    }

    /// The body's content with `schema` (partially, with the remaining
    /// body, for `remain`), dynamic blocks expanded when on, passed to `f`.
    fn with_content<T>(
        &self,
        body: BodyRef<'_>,
        spec: &Spec,
        schema: &BodySchema,
        remain: bool,
        diags: &mut Diagnostics,
        f: impl FnOnce(&Content<'_>, Option<Body>, &mut Diagnostics) -> T,
    ) -> T {
        let Some(scope) = self.dynamic else {
            if remain {
                let owned = body.to_body();
                let (content, rest) = owned.partial_content(schema, diags);
                return f(&content, Some(rest), diags);
            }
            let content = body.content(schema, diags);
            return f(&content, None, diags);
        };
        let ext = self.plan.ext_schema(spec);
        if remain {
            // The rest keeps its dynamic blocks unexpanded.
            let rest = body
                .partial_content_and_rest(schema, &mut Diagnostics::new())
                .1;
            let raw = body.partial_content(&ext, diags);
            let expanded = dynblock::expand(scope, schema, raw, true, diags);
            return f(&expanded.content(), Some(rest), diags);
        }
        let raw = body.content(&ext, diags);
        let expanded = dynblock::expand(scope, schema, raw, false, diags);
        f(&expanded.content(), None, diags)
    }

    /// `decode(body, labels, ctx, spec, partial=false)`; with a
    /// [`DecodeHook::Remain`] spec, partially, keeping the rest.
    fn body<R: Recorder>(
        &self,
        body: BodyRef<'_>,
        labels: &[BlockLabel<'_>],
        spec: &Spec,
        diags: &mut Diagnostics,
    ) -> (Value, R::T) {
        let schema = self.plan.schema(spec);
        let remain = DecodeHook::is_remain(spec);
        self.with_content(
            body,
            spec,
            &schema,
            remain,
            diags,
            |content, rest, diags| {
                let (v, t) = self.spec::<R>(spec, content, &schema, labels, diags);
                let t = R::rec(|| {
                    Trace::Body(Box::new(BodyTrace {
                        missing: content.missing_item_range(),
                        rest,
                        spec: R::get(t),
                    }))
                });
                (v, t)
            },
        )
    }

    fn spec<R: Recorder>(
        &self,
        spec: &Spec,
        content: &Content<'_>,
        schema: &BodySchema,
        labels: &[BlockLabel<'_>],
        diags: &mut Diagnostics,
    ) -> (Value, R::T) {
        match spec {
            Spec::Object(o) => {
                let mut traces: Vec<R::T> = Vec::new();
                if let Some(layout) = self.plan.object_layout(spec, &o.properties) {
                    // Each value straight to its place in the type's
                    // (sorted) attribute order.
                    let attrs = layout.ty.attrs();
                    let mut other: Option<Vec<Value>> = None;
                    let v = Value::object_filled(layout.ty.clone(), |sorted| {
                        for (n, ((_, s), &i)) in
                            o.properties.iter().zip(layout.positions.iter()).enumerate()
                        {
                            let (v, t) = self.spec::<R>(s, content, schema, labels, diags);
                            if R::ON {
                                traces.push(t);
                            }
                            if let Some(vals) = &mut other {
                                vals.push(v);
                            } else if v.ty() == &attrs[i].1 {
                                sorted[i] = v;
                            } else {
                                // A value of another type than implied: the
                                // values go to an object of their own type.
                                let mut vals = Vec::with_capacity(o.properties.len());
                                vals.extend(layout.positions[..n].iter().map(|&j| {
                                    std::mem::replace(&mut sorted[j], Value::null(Type::Dynamic))
                                }));
                                vals.push(v);
                                other = Some(vals);
                            }
                        }
                        other.is_none()
                    });
                    let t = R::rec(|| Trace::Object(traces.into_iter().map(R::get).collect()));
                    return match v {
                        Some(v) => (v, t),
                        None => {
                            let vals = other.unwrap_or_default();
                            let names = o.properties.iter().map(|(k, _)| k.clone());
                            (Value::object(names.zip(vals)), t)
                        }
                    };
                }
                let mut vals: Vec<Value> = Vec::with_capacity(o.properties.len());
                for (_, s) in &o.properties {
                    let (v, t) = self.spec::<R>(s, content, schema, labels, diags);
                    vals.push(v);
                    if R::ON {
                        traces.push(t);
                    }
                }
                let t = R::rec(|| Trace::Object(traces.into_iter().map(R::get).collect()));
                // Property names repeat: an object of the values' own types
                // (a repeated name keeps the last value).
                let v = Value::object(o.properties.iter().map(|(k, _)| k.clone()).zip(vals));
                (v, t)
            }
            Spec::Tuple(tuple) => {
                let mut vals: Vec<Value> = Vec::with_capacity(tuple.len());
                let mut traces: Vec<R::T> = Vec::new();
                for s in tuple {
                    let (v, t) = self.spec::<R>(s, content, schema, labels, diags);
                    vals.push(v);
                    if R::ON {
                        traces.push(t);
                    }
                }
                let t = R::rec(|| Trace::Tuple(traces.into_iter().map(R::get).collect()));
                (Value::tuple(vals), t)
            }
            Spec::Attr(a) => {
                let Some(attr) = self.attribute(spec, content, schema, &a.name) else {
                    let t = R::rec(|| Trace::Absent(content.missing_item_range()));
                    return (self.plan.null(spec, || a.ty.clone()), t);
                };
                let t = R::rec(|| Trace::Attr(AttrTrace::new(attr)));
                if self.body_unknown() {
                    return (Value::unknown(a.ty.clone()), t);
                }
                if let Some(v) = eval::literal_as(attr.expr, &a.ty) {
                    return (v, t);
                }
                let v = eval::evaluate_into(attr.expr, self.body_ctx(), diags);
                let v = match convert(&v, &a.ty) {
                    Ok(v) => v,
                    Err(_)
                        if self.element_errors
                            && self.push_element_errors(attr, &v, &a.ty, diags) =>
                    {
                        Value::unknown(a.ty.clone())
                    }
                    Err(err) => {
                        diags.push(
                            Diagnostic::error(
                                "Incorrect attribute value type",
                                format!("Inappropriate value for attribute {:?}: {err}.", a.name),
                            )
                            .with_subject(attr.expr.range())
                            .with_context(Range::between(&attr.name_range(), &attr.expr.range()))
                            .with_values(eval::describe_variables(attr.expr, self.body_ctx())),
                        );
                        Value::unknown(a.ty.clone())
                    }
                };
                (v, t)
            }
            Spec::Literal(l) => (literal_value(&l.value), R::rec(|| Trace::None)),
            Spec::Expr(e) => {
                let v = eval::evaluate_into(e.as_ref(), self.ctx, diags);
                (v, R::rec(|| Trace::Expr(e.clone())))
            }
            Spec::Block(b) => self.block::<R>(b, content, diags),
            Spec::BlockList(b) => self.block_list::<R>(spec, b, content, diags, Kind::List),
            Spec::BlockTuple(b) => self.block_list::<R>(spec, b, content, diags, Kind::Tuple),
            Spec::BlockSet(b) => self.block_list::<R>(spec, b, content, diags, Kind::Set),
            Spec::BlockMap(b) => self.block_map::<R>(spec, b, content, diags, false),
            Spec::BlockObject(b) => self.block_map::<R>(spec, b, content, diags, true),
            Spec::BlockAttrs(b) => self.block_attrs::<R>(b, content, diags),
            Spec::BlockLabel(l) => match labels.get(l.index) {
                Some(label) => (
                    Value::string(label.value),
                    R::rec(|| Trace::Label(label.range())),
                ),
                // Validation rejects label specs outside blocks; decoding
                // such a spec anyway gives null rather than a panic.
                None => (Value::null(Type::String), R::rec(|| Trace::None)),
            },
            Spec::Default(d) => {
                let (v, t) = self.spec::<R>(&d.primary, content, schema, labels, diags);
                if v.is_null() {
                    self.spec::<R>(&d.default, content, schema, labels, diags)
                } else {
                    (v, t)
                }
            }
            Spec::Transform(t) => {
                if let Transform::Hook(hook) = t.transform {
                    return self.hook::<R>(hook, t, content, schema, labels, diags);
                }
                let mark = diags.len();
                let (wrapped, trace) = self.spec::<R>(&t.wrapped, content, schema, labels, diags);
                if diags.0[mark..].iter().any(Diagnostic::is_error) {
                    return (Value::unknown(self.plan.implied_type(spec)), trace);
                }
                let v = match &t.transform {
                    Transform::Expr { expr, var_name } => eval::evaluate_with_locals(
                        expr.as_ref(),
                        self.transform_ctx,
                        Some(&[(var_name.as_str(), wrapped)]),
                        diags,
                    ),
                    Transform::Hook(_) => unreachable!("hooks return above"),
                    Transform::Func(f) => {
                        let result = transform_function(f).map(|f| f.call(&[wrapped]));
                        match result {
                            Some(Ok(v)) => v,
                            Some(Err(err)) => {
                                let mut d = Diagnostic::error(
                                    "Transform function failed",
                                    format!("Decoder transform returned an error: {err}"),
                                );
                                d.subject = self.source_range(&t.wrapped, content, labels);
                                diags.push(d);
                                Value::unknown(self.plan.implied_type(spec))
                            }
                            None => Value::unknown(self.plan.implied_type(spec)),
                        }
                    }
                };
                (v, trace)
            }
            Spec::Validate(v) => {
                let mark = diags.len();
                let (wrapped, trace) = self.spec::<R>(&v.wrapped, content, schema, labels, diags);
                if diags.0[mark..].iter().any(Diagnostic::is_error) {
                    return (Value::unknown(self.plan.implied_type(spec)), trace);
                }
                if let Some(f) = validate_function(&v.func) {
                    for mut d in f(&wrapped) {
                        if d.subject.is_none() {
                            d.subject = self.source_range(&v.wrapped, content, labels);
                        }
                        diags.push(d);
                    }
                }
                (wrapped, trace)
            }
        }
    }

    /// A transform with a [`DecodeHook`].
    fn hook<R: Recorder>(
        &self,
        hook: DecodeHook,
        t: &TransformSpec,
        content: &Content<'_>,
        schema: &BodySchema,
        labels: &[BlockLabel<'_>],
        diags: &mut Diagnostics,
    ) -> (Value, R::T) {
        match (hook, &*t.wrapped) {
            (DecodeHook::RawExpression, Spec::Attr(a)) => {
                match self.attribute(&t.wrapped, content, schema, &a.name) {
                    Some(attr) => (
                        Value::unknown(a.ty.clone()),
                        R::rec(|| Trace::Attr(AttrTrace::new(attr))),
                    ),
                    None => (
                        Value::null(a.ty.clone()),
                        R::rec(|| Trace::Absent(content.missing_item_range())),
                    ),
                }
            }
            // The body was read partially by `body`; decoding the
            // wrapped spec is all that is left.
            _ => self.spec::<R>(&t.wrapped, content, schema, labels, diags),
        }
    }

    /// The attribute `name` (of attr spec `spec`) of `content`, if present.
    /// `content` holds the attributes of `schema` in its order, and the
    /// first schema attribute of a name is the one found (a repeated name
    /// finds the same attribute), so the slot is found by position, once
    /// per spec.
    fn attribute<'c, 'b>(
        &self,
        spec: &Spec,
        content: &'c Content<'b>,
        schema: &BodySchema,
        name: &str,
    ) -> Option<&'c Attribute<'b>> {
        match self.plan.attr_index(spec, schema, name) {
            Some(i) => content.attributes.get(i).and_then(Option::as_ref),
            None => content.attributes.iter().flatten().find(|x| x.name == name),
        }
    }

    /// Blocks of `type_name` in `content`, in order.
    fn blocks_of<'c, 'b>(
        content: &'c Content<'b>,
        type_name: &str,
    ) -> impl Iterator<Item = &'c Block<'b>> {
        content
            .blocks
            .iter()
            .filter(move |b| b.type_name == type_name)
    }

    /// Blocks of `type_name` in `content` with their position among all
    /// of the content's blocks.
    fn indexed_blocks_of<'c, 'b>(
        content: &'c Content<'b>,
        type_name: &str,
    ) -> impl Iterator<Item = (usize, &'c Block<'b>)> {
        content
            .blocks
            .iter()
            .enumerate()
            .filter(move |(_, b)| b.type_name == type_name)
    }

    /// Decodes one block's body with `nested`, recording a [`BlockTrace`].
    fn block_body<R: Recorder>(
        &self,
        index: usize,
        block: &Block<'_>,
        labels: &[BlockLabel<'_>],
        nested: &Spec,
        diags: &mut Diagnostics,
    ) -> (Value, R::B) {
        let (v, t) = self.in_block(block, |d| d.body::<R>(block.body, labels, nested, diags));
        let b = R::block(|| BlockTrace {
            type_range: block.type_range(),
            def_range: block.def_range(),
            labels: block
                .labels
                .iter()
                .map(|l| (l.value.to_string(), l.range()))
                .collect(),
            index,
            value: v.clone(),
            body: R::get(t),
        });
        (v, b)
    }

    fn block<R: Recorder>(
        &self,
        b: &BlockSpec,
        content: &Content<'_>,
        diags: &mut Diagnostics,
    ) -> (Value, R::T) {
        let mut found: Option<(usize, &Block<'_>)> = None;
        for (i, candidate) in Self::indexed_blocks_of(content, &b.type_name) {
            if let Some((_, first)) = found {
                diags.push(
                    Diagnostic::error(
                        format!("Duplicate {} block", b.type_name),
                        format!(
                            "Only one block of type {:?} is allowed. Previous definition was at {}.",
                            b.type_name,
                            first.def_range()
                        ),
                    )
                    .with_subject(candidate.def_range()),
                );
                break;
            }
            found = Some((i, candidate));
        }
        match found {
            None => {
                if b.required {
                    diags.push(
                        Diagnostic::error(
                            format!("Missing {} block", b.type_name),
                            format!("A block of type {:?} is required here.", b.type_name),
                        )
                        .with_subject(content.missing_item_range()),
                    );
                }
                (
                    self.plan
                        .null(&b.nested, || self.plan.implied_type(&b.nested)),
                    R::rec(|| Trace::Absent(content.missing_item_range())),
                )
            }
            Some((i, block)) => {
                let (v, t) = self.block_body::<R>(i, block, &block.labels, &b.nested, diags);
                (v, R::rec(|| R::get_block(t)))
            }
        }
    }

    fn block_list<R: Recorder>(
        &self,
        spec: &Spec,
        b: &BlockCollectionSpec,
        content: &Content<'_>,
        diags: &mut Diagnostics,
        kind: Kind,
    ) -> (Value, R::T) {
        let mut elems = Vec::new();
        let mut traces: Vec<BlockTrace> = Vec::new();
        for (i, block) in Self::indexed_blocks_of(content, &b.type_name) {
            let (v, t) = self.block_body::<R>(i, block, &block.labels, &b.nested, diags);
            R::push_block(&mut traces, t);
            if dynblock::BlockScope::is_unknown(block) {
                // A block generated from an unknown for_each: the whole
                // collection is unknown, as in the reference.
                let v = Value::unknown(self.plan.implied_type(spec));
                return (v, R::rec(|| Trace::Blocks(traces)));
            }
            elems.push(v);
        }
        let v = self.block_list_value(spec, b, elems, content, diags, kind);
        (v, R::rec(|| Trace::Blocks(traces)))
    }

    /// The `i`th block of `b`'s type in `content`, for diagnostics.
    fn nth_block<'c, 'b>(
        content: &'c Content<'b>,
        b: &BlockCollectionSpec,
        i: usize,
    ) -> Option<&'c Block<'b>> {
        Self::blocks_of(content, &b.type_name).nth(i)
    }

    fn block_list_value(
        &self,
        spec: &Spec,
        b: &BlockCollectionSpec,
        elems: Vec<Value>,
        content: &Content<'_>,
        diags: &mut Diagnostics,
        kind: Kind,
    ) -> Value {
        if elems.len() < b.min_items {
            diags.push(
                Diagnostic::error(
                    format!("Insufficient {} blocks", b.type_name),
                    format!(
                        "At least {} {:?} blocks are required.",
                        b.min_items, b.type_name
                    ),
                )
                .with_subject(content.missing_item_range()),
            );
        } else if b.max_items > 0 && elems.len() > b.max_items {
            let mut d = Diagnostic::error(
                format!("Too many {} blocks", b.type_name),
                format!(
                    "No more than {} {:?} blocks are allowed",
                    b.max_items, b.type_name
                ),
            );
            d.subject = Self::nth_block(content, b, b.max_items)
                .and_then(|bl| self.block_source_range(bl, &b.nested));
            diags.push(d);
        }
        if kind == Kind::Tuple {
            return Value::tuple(elems);
        }
        if elems.is_empty() {
            let ety = self.plan.implied_type(&b.nested);
            return match kind {
                Kind::Set => Value::set_empty(ety),
                _ => Value::list_empty(ety),
            };
        }
        // Blocks of one type (the common case) need no unification.
        if kind != Kind::Tuple && elems[1..].iter().all(|v| v.ty() == elems[0].ty()) {
            let ety = elems[0].ty();
            return match kind {
                Kind::Set => Value::set(ety.clone(), elems),
                _ => Value::list_of_type(self.plan.collection_type(spec, ety, Type::list), elems),
            };
        }
        let types: Vec<Type> = elems.iter().map(|v| v.ty().clone()).collect();
        let Some((ety, convs)) = unify_unsafe(&types) else {
            let mut d = Diagnostic::error(
                format!("Unconsistent argument types in {} blocks", b.type_name),
                "Corresponding attributes in all blocks of this type must be the same.",
            );
            d.subject = Self::nth_block(content, b, 0)
                .and_then(|bl| self.block_source_range(bl, &b.nested));
            diags.push(d);
            return Value::dynamic();
        };
        let mut out = Vec::with_capacity(elems.len());
        for (i, (v, conv)) in elems.into_iter().zip(convs).enumerate() {
            match conv {
                None => out.push(v),
                Some(c) => match c.apply(&v) {
                    // A conversion from the dynamic pseudo-type (a bare
                    // `any` attribute set to `null`) makes an unknown
                    // value: the blocks do not really share a type. Report
                    // the first block that differs from the first, as for
                    // objects.
                    Ok(n) if !n.is_wholly_known() && v.is_wholly_known() => {
                        let j = types.iter().position(|t| t != &types[0]).unwrap_or(i);
                        let mut d = Diagnostic::error(
                            format!("Unconsistent argument types in {} blocks", b.type_name),
                            format!(
                                "Block with index {j} has inconsistent argument types: its value is of type {}, the value of the block with index 0 of type {}; all must share one type.",
                                types[j].to_type_expr(),
                                types[0].to_type_expr()
                            ),
                        );
                        d.subject = Self::nth_block(content, b, j)
                            .and_then(|bl| self.block_source_range(bl, &b.nested));
                        diags.push(d);
                        return Value::dynamic();
                    }
                    Ok(v) => out.push(v),
                    Err(err) => {
                        let mut d = Diagnostic::error(
                            format!("Unconsistent argument types in {} blocks", b.type_name),
                            format!("Block with index {i} has inconsistent argument types: {err}."),
                        );
                        d.subject = Self::nth_block(content, b, i)
                            .and_then(|bl| self.block_source_range(bl, &b.nested));
                        diags.push(d);
                        return Value::dynamic();
                    }
                },
            }
        }
        // Unifying types with `any` in them can leave values of different
        // types that one list cannot hold (the reference panics).
        if let Some(i) = out.iter().position(|v| v.ty() != &ety) {
            let mut d = Diagnostic::error(
                format!("Unconsistent argument types in {} blocks", b.type_name),
                format!(
                    "Block with index {i} has inconsistent argument types: its value has type {}, which is not the {} all blocks must share.",
                    out[i].ty().to_type_expr(),
                    ety.to_type_expr()
                ),
            );
            d.subject = Self::nth_block(content, b, i)
                .and_then(|bl| self.block_source_range(bl, &b.nested));
            diags.push(d);
            return Value::dynamic();
        }
        match kind {
            Kind::Set => Value::set(ety, out),
            _ => Value::list(ety, out),
        }
    }

    fn block_map<R: Recorder>(
        &self,
        spec: &Spec,
        b: &BlockMapSpec,
        content: &Content<'_>,
        diags: &mut Diagnostics,
        as_object: bool,
    ) -> (Value, R::T) {
        let n = b.labels.len();
        let mut root: Node<'_> = Node::default();
        let mut traces: Vec<BlockTrace> = Vec::new();
        for (i, block) in Self::indexed_blocks_of(content, &b.type_name) {
            // Content has checked the label count against the schema.
            if block.labels.len() < n || n == 0 {
                continue;
            }
            let (val, t) = self.block_body::<R>(i, block, &block.labels[n..], &b.nested, diags);
            R::push_block(&mut traces, t);
            if dynblock::BlockScope::is_unknown(block) {
                let v = Value::unknown(self.plan.implied_type(spec));
                return (v, R::rec(|| Trace::Blocks(traces)));
            }
            let mut target = &mut root;
            for label in &block.labels[..n - 1] {
                target = target.child(label.value);
            }
            let key = block.labels[n - 1].value;
            if target.find(key).is_some() {
                let labels: String = block
                    .labels
                    .iter()
                    .map(|l| format!(" {:?}", l.value))
                    .collect();
                diags.push(
                    Diagnostic::error(
                        format!("Duplicate {} block", b.type_name),
                        format!(
                            "A block for {}{labels} was already defined. The {} labels must be unique.",
                            b.type_name, b.type_name
                        ),
                    )
                    .with_subject(block.def_range()),
                );
                continue;
            }
            target.push(key, Node::leaf(val));
        }
        let trace = R::rec(|| Trace::Blocks(traces));
        if root.children.is_empty() {
            if as_object {
                return (Value::empty_object(), trace);
            }
            // One map level whatever the number of labels, as the
            // reference does (its implied type has one level per label).
            return (Value::map_empty(self.plan.implied_type(&b.nested)), trace);
        }
        (
            {
                // One label: the map type the spec implies, shared, when
                // the values have its element type.
                let map_ty = (n == 1 && !as_object).then_some((self, spec));
                root.into_value(as_object, &b.type_name, content, diags, map_ty)
            },
            trace,
        )
    }

    fn block_attrs<R: Recorder>(
        &self,
        b: &BlockAttrsSpec,
        content: &Content<'_>,
        diags: &mut Diagnostics,
    ) -> (Value, R::T) {
        let mut iter = Self::blocks_of(content, &b.type_name);
        let Some(block) = iter.next() else {
            if b.required {
                diags.push(
                    Diagnostic::error(
                        format!("Missing {} block", b.type_name),
                        format!("A block of type {:?} is required here.", b.type_name),
                    )
                    .with_subject(content.missing_item_range()),
                );
            }
            return (
                Value::null(Type::map(b.element_type.clone())),
                R::rec(|| Trace::Absent(content.missing_item_range())),
            );
        };
        if let Some(other) = iter.next() {
            diags.push(
                Diagnostic::error(
                    format!("Duplicate {} block", b.type_name),
                    format!(
                        "Only one block of type {:?} is allowed. Previous definition was at {}.",
                        b.type_name,
                        block.def_range()
                    ),
                )
                .with_subject(other.def_range()),
            );
        }
        let attrs = block.body.just_attributes(diags);
        let trace = R::rec(|| Trace::BlockAttrs {
            def_range: block.def_range(),
            attrs: attrs.iter().map(AttrTrace::new).collect(),
        });
        // Unlike the reference, whose dynamic-block bodies pass
        // `JustAttributes` through unwrapped, the attributes see the
        // block's iterators (docs/deviations.md).
        let v = self.in_block(block, |d| d.block_attrs_value(b, &attrs, diags));
        (v, trace)
    }

    fn block_attrs_value(
        &self,
        b: &BlockAttrsSpec,
        attrs: &[Attribute<'_>],
        diags: &mut Diagnostics,
    ) -> Value {
        if attrs.is_empty() {
            return Value::map_empty(b.element_type.clone());
        }
        let mut vals: Vec<(String, Value)> = Vec::with_capacity(attrs.len());
        for attr in attrs {
            if self.body_unknown() {
                vals.push((
                    attr.name.to_string(),
                    Value::unknown(b.element_type.clone()),
                ));
                continue;
            }
            let v = eval::evaluate_into(attr.expr, self.body_ctx(), diags);
            let v = match convert(&v, &b.element_type) {
                Ok(v) => v,
                Err(err) => {
                    diags.push(
                        Diagnostic::error(
                            "Invalid attribute value",
                            format!(
                                "Invalid value for attribute of {:?} block: {err}.",
                                b.type_name
                            ),
                        )
                        .with_subject(attr.expr.range())
                        .with_context(Range::between(&attr.name_range(), &attr.expr.range()))
                        .with_values(eval::describe_variables(attr.expr, self.body_ctx())),
                    );
                    Value::unknown(b.element_type.clone())
                }
            };
            vals.push((attr.name.to_string(), v));
        }
        if !b.element_type.has_dynamic_types() {
            return Value::map(b.element_type.clone(), vals);
        }
        // With `any` in the element type the values can differ in type; a
        // map needs one, so they unify as for `map(any)`. The reference
        // panics here.
        let types: Vec<Type> = vals.iter().map(|(_, v)| v.ty().clone()).collect();
        let unified = unify_unsafe(&types).and_then(|(ety, convs)| {
            let mut out = Vec::with_capacity(vals.len());
            for ((k, v), c) in vals.iter().zip(convs) {
                let v = match c {
                    Some(c) => c.apply(v).ok()?,
                    None => v.clone(),
                };
                out.push((k.clone(), v));
            }
            Some((ety, out))
        });
        match unified {
            // Values keeping types other than the unified one (which `any`
            // parts allow) cannot form one map either.
            Some((ety, out)) if out.iter().all(|(_, v)| v.ty() == &ety) => Value::map(ety, out),
            _ => {
                let kinds: Vec<String> = attrs
                    .iter()
                    .zip(&vals)
                    .map(|(a, (_, v))| format!("{:?} is {}", a.name, v.ty().friendly_name()))
                    .collect();
                let first = attrs.first().map(|a| a.range());
                let last = attrs.last().map(|a| a.range());
                let mut d = Diagnostic::error(
                    "Inconsistent attribute types",
                    format!(
                        "The attributes of a {:?} block must all have values of one type, because element_type is {}; here {}.",
                        b.type_name,
                        b.element_type.to_type_expr(),
                        kinds.join(", ")
                    ),
                );
                d.subject = match (first, last) {
                    (Some(f), Some(l)) => Some(Range::between(&f, &l)),
                    _ => None,
                };
                diags.push(d);
                Value::dynamic()
            }
        }
    }
    /// `sourceRange(block.Body, labels, nested)`: where the value decoded
    /// from a block comes from, computed only when a diagnostic needs it.
    fn block_source_range(&self, block: &Block<'_>, nested: &Spec) -> Option<Range> {
        let schema = self.plan.schema(nested);
        let content = block.body.partial_content(&schema, &mut Diagnostics::new());
        self.source_range(nested, &content, &block.labels)
    }

    /// A spec's `sourceRange`.
    fn source_range(
        &self,
        spec: &Spec,
        content: &Content<'_>,
        labels: &[BlockLabel<'_>],
    ) -> Option<Range> {
        let first_block = |type_name: &str| Self::blocks_of(content, type_name).next();
        match spec {
            Spec::Object(_) | Spec::Tuple(_) => Some(content.missing_item_range()),
            Spec::Attr(a) => Some(
                content
                    .attributes
                    .iter()
                    .flatten()
                    .find(|x| x.name == a.name)
                    .map(|x| x.expr.range())
                    .unwrap_or_else(|| content.missing_item_range()),
            ),
            Spec::Literal(_) => None,
            Spec::Expr(e) => Some(e.range()),
            Spec::Block(b) => match first_block(&b.type_name) {
                None => Some(content.missing_item_range()),
                Some(bl) => self.block_source_range(bl, &b.nested),
            },
            Spec::BlockList(b) | Spec::BlockTuple(b) | Spec::BlockSet(b) => {
                match first_block(&b.type_name) {
                    None => Some(content.missing_item_range()),
                    Some(bl) => self.block_source_range(bl, &b.nested),
                }
            }
            Spec::BlockMap(b) | Spec::BlockObject(b) => match first_block(&b.type_name) {
                None => Some(content.missing_item_range()),
                Some(bl) => self.block_source_range(bl, &b.nested),
            },
            Spec::BlockAttrs(b) => Some(
                first_block(&b.type_name)
                    .map(|bl| bl.def_range())
                    .unwrap_or_else(|| content.missing_item_range()),
            ),
            Spec::BlockLabel(l) => labels.get(l.index).map(BlockLabel::range),
            Spec::Default(d) => self.source_range(&d.primary, content, labels),
            Spec::Transform(t) => self.source_range(&t.wrapped, content, labels),
            Spec::Validate(v) => self.source_range(&v.wrapped, content, labels),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    List,
    Tuple,
    Set,
}

/// A level of a block map being built: children keyed by label, in the
/// order first seen (indexed by a hash map once there are many, so that
/// thousands of blocks stay linear).
#[derive(Default)]
struct Node<'b> {
    value: Option<Value>,
    children: Vec<(&'b str, Node<'b>)>,
    index: Option<HashMap<&'b str, usize>>,
}

impl<'b> Node<'b> {
    fn leaf(v: Value) -> Node<'b> {
        Node {
            value: Some(v),
            children: Vec::new(),
            index: None,
        }
    }

    fn find(&self, key: &str) -> Option<usize> {
        match &self.index {
            Some(m) => m.get(key).copied(),
            None => self.children.iter().position(|(k, _)| *k == key),
        }
    }

    fn push(&mut self, key: &'b str, node: Node<'b>) {
        if let Some(m) = &mut self.index {
            m.insert(key, self.children.len());
        } else if self.children.len() >= 16 {
            let mut m: HashMap<&'b str, usize> = self
                .children
                .iter()
                .enumerate()
                .map(|(i, (k, _))| (*k, i))
                .collect();
            m.insert(key, self.children.len());
            self.index = Some(m);
        }
        self.children.push((key, node));
    }

    fn child(&mut self, key: &'b str) -> &mut Node<'b> {
        let i = match self.find(key) {
            Some(i) => i,
            None => {
                self.push(key, Node::default());
                self.children.len() - 1
            }
        };
        &mut self.children[i].1
    }

    fn into_value(
        self,
        as_object: bool,
        type_name: &str,
        content: &Content<'_>,
        diags: &mut Diagnostics,
        map_ty: Option<(&Decoder<'_>, &Spec)>,
    ) -> Value {
        if let Some(v) = self.value {
            return v;
        }
        let entries: Vec<(&str, Value)> = self
            .children
            .into_iter()
            .map(|(k, n)| {
                let v = n.into_value(as_object, type_name, content, diags, None);
                (k, v)
            })
            .collect();
        if as_object {
            return Value::object(entries);
        }
        // Blocks of one type (the common case) need no unification.
        if let Some((_, first)) = entries.first()
            && entries[1..].iter().all(|(_, v)| v.ty() == first.ty())
        {
            return match map_ty {
                Some((d, spec)) => {
                    Value::map_typed(d.plan.collection_type(spec, first.ty(), Type::map), entries)
                }
                None => Value::map(first.ty().clone(), entries),
            };
        }
        let types: Vec<Type> = entries.iter().map(|(_, v)| v.ty().clone()).collect();
        match unify_unsafe(&types) {
            Some((ety, convs)) => {
                let entries = entries
                    .into_iter()
                    .zip(convs)
                    .map(|((k, v), c)| {
                        let v = match c {
                            Some(c) => c.apply(&v).unwrap_or_else(|_| Value::unknown(ety.clone())),
                            None => v,
                        };
                        (k, v)
                    })
                    .collect::<Vec<_>>();
                if entries.iter().any(|(_, v)| v.ty() != &ety) {
                    diags.push(
                        Diagnostic::error(
                            format!("Unconsistent argument types in {type_name} blocks"),
                            "Corresponding attributes in all blocks of this type must be the same.",
                        )
                        .with_subject(content.missing_item_range()),
                    );
                    return Value::dynamic();
                }
                Value::map(ety, entries)
            }
            None => {
                diags.push(
                    Diagnostic::error(
                        format!("Unconsistent argument types in {type_name} blocks"),
                        "Corresponding attributes in all blocks of this type must be the same.",
                    )
                    .with_subject(content.missing_item_range()),
                );
                Value::dynamic()
            }
        }
    }
}
