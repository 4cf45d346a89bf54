//! Dynamic blocks: HCL's `ext/dynblock`, expanded as decoding asks a body
//! for its content (`expandBody.Content`).
//!
//! ```hcl
//! dynamic "port" {
//!   for_each = local.ports     # list, set, map or object
//!   iterator = p               # optional; default: the block type name
//!   labels   = [p.value.label] # as many as the block type has
//!   content { to = p.value.port }
//! }
//! ```
//!
//! The decoder's engine calls [`expand`] where it would take a body's
//! content: the body is read with the schema plus the `dynamic` block type,
//! each `dynamic` block of a wanted type is replaced, in place, by one
//! block per element of its `for_each`, whose body is the `content` block's
//! and whose labels are the `labels` evaluated for that element. Every
//! block of the result carries a [`BlockScope`] (the iteration its body is
//! evaluated in: a static block inherits its body's), so nested bodies are
//! expanded in turn and see the iterators of every enclosing dynamic
//! block, exactly as the reference's wrapped bodies do.
//!
//! Contexts are the reference's: `for_each` and `labels` are evaluated in
//! the context of the body holding the dynamic block (the decoder's at the
//! top, a child context with the iterators inside generated blocks), the
//! attributes of a generated body in a child of the decoder's context with
//! every iterator in scope.
//!
//! The blocks one decode may generate are bounded by the evaluation limits
//! ([`Limits::max_elements`](crate::eval::Limits)): a `for_each` whose
//! elements would exceed what is left is a diagnostic at the `for_each`,
//! found from its length before anything is generated.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use hcldecode_spec::diag::{Code, Diagnostic, Diagnostics};
use hcldecode_spec::source::{Range, SourceFile, Span};
use hcldecode_spec::syntax::body::{
    Attribute, Block, BlockHeaderSchema, BlockLabel, BodyRef, BodySchema, Content, MissingItem,
};
use hcldecode_spec::syntax::expr::ExprRef;
use hcldecode_spec::syntax::native::{analysis, ast};

use crate::eval::{self, EvalContext, ExprScope, Limits};
use crate::value::Value;
use crate::value::convert::convert;
use crate::{ObjectType, Type};
use names::{DYNAMIC, dynamic_schema, iterator_name, with_code};

mod names;
mod variables;

pub(crate) use names::{extend_schema, names_dynamic};
pub(crate) use variables::variables;

/// One element's iteration: the iterator variables its content sees
/// (`iteration` with its `Inherited` ones).
#[derive(Debug)]
pub(crate) struct Iteration {
    /// Inherited iterators, then this one's; a later one of a name wins.
    vars: Vec<(String, Value)>,
}

impl Iteration {
    /// `iteration.MakeChild`.
    fn child(parent: Option<&Iteration>, name: &str, iterator: Value) -> Iteration {
        let inherited = parent.map_or(&[][..], |p| &p.vars[..]);
        let mut vars = Vec::with_capacity(inherited.len() + 1);
        vars.extend_from_slice(inherited);
        vars.push((name.to_string(), iterator));
        Iteration { vars }
    }
}

/// The iterator's value, `{ key, value }`, its object type taken from
/// `cache` where the key's and value's types are the last ones' (the
/// elements of a `for_each` mostly share their types), else made and kept
/// there.
fn iterator_object(key: Value, value: Value, cache: &mut Option<Arc<ObjectType>>) -> Value {
    if let Some(ty) = cache
        && let [(_, kt), (_, vt)] = ty.attrs()
        && kt == key.ty()
        && vt == value.ty()
    {
        // Filled in place: no vector of the two values.
        let filled = Value::object_filled(ty.clone(), |slots| {
            if let [k, v] = slots {
                *k = key;
                *v = value;
                true
            } else {
                false
            }
        });
        if let Some(v) = filled {
            return v;
        }
        unreachable!("the cached iterator type has two attributes");
    }
    let v = Value::object([("key", key), ("value", value)]);
    if let Type::Object(ty) = v.ty() {
        *cache = Some(ty.clone());
    }
    v
}

/// `iteration.EvalContext(base)`: a child of `base` (an empty context
/// without one) holding the iterator variables.
fn iteration_context(it: Option<&Iteration>, base: Option<&Arc<EvalContext>>) -> EvalContext {
    let mut ctx = match base {
        Some(b) => EvalContext::child_of(b.clone()),
        None => EvalContext::new(),
    };
    if let Some(it) = it {
        ctx.allow_variables();
        for (n, v) in &it.vars {
            ctx.set_variable(n.clone(), v.clone());
        }
    }
    ctx
}

/// What every scope of one decode shares.
#[derive(Debug)]
struct Shared {
    /// The decoder's context (for the attributes of generated bodies).
    base: Option<Arc<EvalContext>>,
    /// Blocks dynamic blocks may still generate.
    remaining: AtomicU64,
    /// The limit `remaining` started from.
    limit: u64,
    /// The host's check of `for_each` values.
    check: Option<super::ForEachCheck>,
    /// The limits of the decode's evaluations (its context's, else its
    /// options').
    limits: Limits,
    /// An empty context: the `for_each` context of static blocks' bodies
    /// at the top when the decoder has none (the reference's
    /// `nil.NewChild()`).
    empty: Arc<EvalContext>,
}

/// The scope a block's body is decoded in, attached to the blocks the
/// expansion returns ([`Block::scope`]).
#[derive(Debug)]
pub(crate) struct BlockScope {
    iteration: Option<Arc<Iteration>>,
    /// The `for_each` context of the body holding the block.
    parent_for_each: Option<Arc<EvalContext>>,
    /// Generated from an unknown `for_each`: everything inside is unknown.
    unknown: bool,
    shared: Arc<Shared>,
}

impl BlockScope {
    /// The scope attached to `block`, if an expansion attached one.
    pub(crate) fn of<'b>(block: &Block<'b>) -> Option<&'b BlockScope> {
        block
            .scope
            .and_then(|s| (s as &dyn std::any::Any).downcast_ref::<BlockScope>())
    }

    /// Whether the block's body is unknown (an unknown `for_each`).
    pub(crate) fn is_unknown(block: &Block<'_>) -> bool {
        BlockScope::of(block).is_some_and(|s| s.unknown)
    }
}

/// The scope of a body being decoded with dynamic blocks expanded.
#[derive(Debug)]
pub(crate) struct Scope {
    /// Where `for_each` and `labels` of this body's dynamic blocks are
    /// evaluated: inside a generated block, made when first needed (most
    /// generated bodies have no dynamic blocks) as a child of
    /// `for_each_parent` with the iteration's variables.
    for_each_ctx: OnceLock<Option<Arc<EvalContext>>>,
    for_each_parent: Option<Arc<EvalContext>>,
    iteration: Option<Arc<Iteration>>,
    /// Where this body's attributes are evaluated, when not in the
    /// decoder's context (inside a generated block).
    attr_ctx: Option<EvalContext>,
    unknown: bool,
    /// Block types whose dynamic blocks are not this body's (a remaining
    /// body's: those its partial read took, `hiddenBlocks`).
    hidden: Vec<String>,
    shared: Arc<Shared>,
}

impl Scope {
    /// The scope of the root body, decoded in `base` with `options`.
    pub(crate) fn root(base: Option<&EvalContext>, options: &super::DecodeOptions) -> Scope {
        Scope::root_with(base, options.check_for_each, options.limits)
    }

    /// The scope of a root body, its `for_each` values checked with
    /// `check`, evaluated with `limits` where `base` sets none.
    fn root_with(
        base: Option<&EvalContext>,
        check: Option<super::ForEachCheck>,
        limits: Limits,
    ) -> Scope {
        let limits = base.and_then(EvalContext::limits).unwrap_or(limits);
        let limit = limits.max_elements;
        let base = base.map(|c| Arc::new(c.clone()));
        Scope {
            for_each_ctx: OnceLock::from(base.clone()),
            for_each_parent: None,
            iteration: None,
            attr_ctx: None,
            unknown: false,
            hidden: Vec::new(),
            shared: Arc::new(Shared {
                base,
                remaining: AtomicU64::new(limit),
                limit,
                check,
                limits,
                empty: Arc::new(EvalContext::new()),
            }),
        }
    }

    /// The scope of the body of a block with scope `b` (`expandChild`).
    pub(crate) fn of_block(b: &BlockScope) -> Scope {
        let it = b.iteration.as_deref();
        // Without an iteration, a child context without variables looks
        // up exactly what its parent does: the parent (or one shared empty
        // context) serves, with nothing allocated per block.
        let for_each_ctx = match (it, &b.parent_for_each) {
            (None, Some(parent)) => OnceLock::from(Some(parent.clone())),
            (None, None) => OnceLock::from(Some(b.shared.empty.clone())),
            (Some(_), _) => OnceLock::new(),
        };
        Scope {
            for_each_ctx,
            for_each_parent: b.parent_for_each.clone(),
            attr_ctx: it.map(|i| iteration_context(Some(i), b.shared.base.as_ref())),
            iteration: b.iteration.clone(),
            unknown: b.unknown,
            hidden: Vec::new(),
            shared: b.shared.clone(),
        }
    }

    /// The context this body's attributes are evaluated in, given the
    /// decoder's.
    pub(crate) fn attr_ctx<'c>(&'c self, base: Option<&'c EvalContext>) -> Option<&'c EvalContext> {
        match &self.attr_ctx {
            Some(c) => Some(c),
            None => base,
        }
    }

    /// Whether this body is unknown (inside a block generated from an
    /// unknown `for_each`): its attributes are then unknown values.
    pub(crate) fn is_unknown(&self) -> bool {
        self.unknown
    }

    /// Whether no block types are hidden from this body's dynamic blocks
    /// (see [`Resume`]).
    pub(crate) fn hides_nothing(&self) -> bool {
        self.hidden.is_empty()
    }

    /// Where this body's `for_each` and `labels` are evaluated.
    fn for_each_ctx(&self) -> Option<&Arc<EvalContext>> {
        self.for_each_ctx
            .get_or_init(|| {
                let it = self.iteration.as_deref();
                Some(Arc::new(iteration_context(
                    it,
                    self.for_each_parent.as_ref(),
                )))
            })
            .as_ref()
    }

    fn block_scope(&self, iteration: Option<Arc<Iteration>>, unknown: bool) -> BlockScope {
        BlockScope {
            iteration,
            parent_for_each: self.for_each_ctx().cloned(),
            unknown,
            shared: self.shared.clone(),
        }
    }
}

/// What a body handed out of a decode with dynamic blocks (a remaining
/// body) keeps of its scope, to be decoded later as the reference's
/// `expandBody` is: its dynamic blocks expanded, `for_each` evaluated where
/// it would have been, attributes with the iterators on top of the later
/// decode's context.
#[derive(Debug)]
pub(crate) struct Resume {
    for_each_ctx: Option<Arc<EvalContext>>,
    iteration: Option<Arc<Iteration>>,
    unknown: bool,
    hidden: Vec<String>,
    check: Option<super::ForEachCheck>,
}

impl Scope {
    /// The scope of a body decoded later (see [`Resume`]) in `base`, with
    /// that decode's `options` (the check stays the first decode's).
    pub(crate) fn resume(
        r: &Resume,
        base: Option<&EvalContext>,
        options: &super::DecodeOptions,
    ) -> Scope {
        let mut scope = Scope::root_with(base, r.check, options.limits);
        scope.for_each_ctx = OnceLock::from(r.for_each_ctx.clone());
        scope.attr_ctx = r
            .iteration
            .as_deref()
            .map(|i| iteration_context(Some(i), scope.shared.base.as_ref()));
        scope.iteration = r.iteration.clone();
        scope.unknown = r.unknown;
        scope.hidden = r.hidden.clone();
        scope
    }

    /// What the rest of a body of this scope, read partially with
    /// `schema`, keeps of it: the block types of `schema` are hidden from
    /// it, dynamic ones too.
    pub(crate) fn suspend(&self, schema: &BodySchema) -> Resume {
        let mut hidden = self.hidden.clone();
        hidden.extend(schema.blocks.iter().map(|b| b.type_name.clone()));
        Resume {
            for_each_ctx: self.for_each_ctx().cloned(),
            iteration: self.iteration.clone(),
            unknown: self.unknown,
            hidden,
            check: self.shared.check,
        }
    }

    /// What an expression handed out of this scope keeps of it: `None`
    /// outside generated blocks.
    pub(crate) fn expr_scope(&self) -> Option<ExprScope> {
        self.iteration.as_deref().map(|i| ExprScope::new(&i.vars))
    }
}

/// A body's content with its dynamic blocks expanded; the
/// [`content`](Self::content) borrows the generated labels from it.
pub(crate) struct Expanded<'b> {
    attributes: Vec<Option<Attribute<'b>>>,
    missing_item: MissingItem<'b>,
    items: Vec<Item<'b>>,
    static_scope: BlockScope,
}

enum Item<'b> {
    Static(Block<'b>),
    Generated(Generated<'b>),
}

struct Generated<'b> {
    /// The `dynamic` block.
    raw: Head<'b>,
    labels: Vec<GenLabel<'b>>,
    /// The `content` block's body.
    body: BodyRef<'b>,
    scope: BlockScope,
}

/// What a generated block takes of its `dynamic` block: its type (the
/// dynamic block's label) and where it is.
#[derive(Clone, Copy)]
struct Head<'b> {
    type_name: &'b str,
    type_span: Span,
    file: &'b Arc<SourceFile>,
    def_span: Span,
    open_brace_span: Span,
}

struct GenLabel<'b> {
    value: String,
    span: Span,
    file: &'b Arc<SourceFile>,
}

impl Expanded<'_> {
    /// The content: attributes as read, blocks in source order with the
    /// generated ones in place of their dynamic block.
    pub(crate) fn content(&self) -> Content<'_> {
        let blocks = self
            .items
            .iter()
            .map(|item| match item {
                Item::Static(b) => {
                    let mut b: Block<'_> = b.clone();
                    b.scope = Some(&self.static_scope);
                    b
                }
                Item::Generated(g) => Block {
                    type_name: g.raw.type_name,
                    labels: g
                        .labels
                        .iter()
                        .map(|l| BlockLabel {
                            value: &l.value,
                            span: l.span,
                            file: l.file,
                        })
                        .collect(),
                    body: g.body,
                    file: g.raw.file,
                    type_span: g.raw.type_span,
                    def_span: g.raw.def_span,
                    open_brace_span: g.raw.open_brace_span,
                    scope: Some(&g.scope),
                },
            })
            .collect();
        Content {
            attributes: self.attributes.clone(),
            blocks,
            missing_item: self.missing_item,
        }
    }
}

/// Expands the dynamic blocks of `raw`, a body's content read with
/// [`extend_schema`]`(schema)` (`expandBlocks`). With `partial`, dynamic
/// blocks of types the schema does not have are left alone instead of
/// being reported.
pub(crate) fn expand<'b>(
    scope: &Scope,
    schema: &BodySchema,
    raw: Content<'b>,
    partial: bool,
    diags: &mut Diagnostics,
) -> Expanded<'b> {
    let mut items = Vec::with_capacity(raw.blocks.len());
    for block in raw.blocks {
        if block.type_name != DYNAMIC {
            items.push(Item::Static(block));
            continue;
        }
        let Some(type_label) = block.labels.first() else {
            continue;
        };
        if scope.hidden.iter().any(|t| t == type_label.value) {
            continue;
        }
        let Some(block_s) = schema
            .blocks
            .iter()
            .find(|b| b.type_name == type_label.value)
        else {
            if !partial {
                unsupported_dynamic_type(schema, type_label.value, type_label.range(), diags);
            }
            continue;
        };
        let mark = diags.len();
        let Some(spec) = decode_spec(scope, block_s, &block, diags) else {
            continue;
        };
        if diags.has_errors_since(mark) {
            continue;
        }
        generate_blocks(scope, &spec, &block, &mut items, diags);
    }
    Expanded {
        attributes: raw.attributes,
        missing_item: raw.missing_item,
        items,
        static_scope: scope.block_scope(scope.iteration.clone(), scope.unknown),
    }
}

/// Reports a `dynamic` block of the type `name` (at `range`), which the
/// schema does not have, with a "did you mean" as for a static block of
/// the type (the reference's dynblock has none).
fn unsupported_dynamic_type(
    schema: &BodySchema,
    name: &str,
    range: Range,
    diags: &mut Diagnostics,
) {
    let replacement = hcldecode_spec::syntax::suggest::name_suggestion(
        name,
        schema.blocks.iter().map(|b| b.type_name.as_str()),
    );
    let suggestion = replacement
        .map(|s| format!(" Did you mean {s:?}?"))
        .unwrap_or_default();
    diags.push(
        Diagnostic::coded(
            Code::UnsupportedBlockType,
            "Unsupported block type",
            format!("Blocks of type {name:?} are not expected here.{suggestion}"),
        )
        .with_subject(range)
        .with_suggestion(replacement),
    );
}

/// The blocks the `dynamic` block `block`, read as `spec`, generates onto
/// `items`: one per element of its `for_each`, or a single one of
/// unknown content when `for_each` is unknown. A `for_each` that would
/// exceed the decode's block limit is reported and uses up the budget.
fn generate_blocks<'b>(
    scope: &Scope,
    spec: &DynSpec<'b>,
    block: &Block<'b>,
    items: &mut Vec<Item<'b>>,
    diags: &mut Diagnostics,
) {
    let parent = scope.iteration.as_deref();
    let Some(type_label) = block.labels.first() else {
        return;
    };
    let head = Head {
        type_name: type_label.value,
        type_span: type_label.span,
        file: block.file,
        def_span: block.def_span,
        open_brace_span: block.open_brace_span,
    };
    let mut kv_type = None;
    let mut generate = |key: Value, value: Value, unknown: bool, diags: &mut Diagnostics| {
        let iterator = iterator_object(key, value, &mut kv_type);
        let it = Arc::new(Iteration::child(parent, &spec.iterator, iterator));
        // Labels are evaluated with the iterator, when there are any.
        let labels = if spec.label_exprs.is_empty() {
            Vec::new()
        } else {
            let lctx = iteration_context(Some(&it), scope.for_each_ctx());
            let Some(labels) = spec.labels(&lctx, &scope.shared.limits, diags) else {
                return;
            };
            labels
        };
        items.push(Item::Generated(Generated {
            raw: head,
            labels,
            body: spec.content,
            scope: scope.block_scope(Some(it), unknown || scope.unknown),
        }));
    };
    if !spec.for_each.is_known() {
        generate(Value::dynamic(), Value::dynamic(), true, diags);
        return;
    }
    let n = spec.for_each.length_int().unwrap_or(0) as u64;
    let left = scope.shared.remaining.load(Ordering::Relaxed);
    if n > left {
        diags.push(
            Diagnostic::coded(
                Code::TooManyDynamicBlocks,
                "Too many dynamic blocks",
                format!(
                    "This for_each has {n} elements: expanding it would generate more than {} blocks, the limit for one decode.",
                    scope.shared.limit
                ),
            )
            .with_subject(spec.for_each_expr.range()),
        );
        scope.shared.remaining.store(0, Ordering::Relaxed);
        return;
    }
    scope.shared.remaining.store(left - n, Ordering::Relaxed);
    if let Some(elems) = spec.for_each.element_iter() {
        for (k, v) in elems {
            generate(k, v.clone(), false, diags);
        }
    }
}

/// A label expression: an element of the `labels` list.
#[derive(Clone, Copy)]
enum LabelExpr<'b> {
    Native(&'b Arc<SourceFile>, &'b ast::Expr),
    Other(ExprRef<'b>),
}

impl LabelExpr<'_> {
    fn range(self) -> Range {
        match self {
            LabelExpr::Native(file, e) => file.range(e.span),
            LabelExpr::Other(e) => e.range(),
        }
    }

    fn eval(self, ctx: &EvalContext, limits: &Limits, diags: &mut Diagnostics) -> Value {
        match self {
            LabelExpr::Native(file, e) => {
                eval::evaluate_native_part(file, e, Some(ctx), limits, diags)
            }
            LabelExpr::Other(e) => eval::evaluate_under(e, Some(ctx), limits, diags),
        }
    }
}

/// A dynamic block's arguments (`expandSpec`).
struct DynSpec<'b> {
    for_each: Value,
    /// Where its range comes from, for a diagnostic.
    for_each_expr: ExprRef<'b>,
    iterator: String,
    label_exprs: Vec<LabelExpr<'b>>,
    content: BodyRef<'b>,
}

impl<'b> DynSpec<'b> {
    /// The labels of one generated block (`newBlock`); `None` after a
    /// diagnostic.
    fn labels(
        &self,
        lctx: &EvalContext,
        limits: &Limits,
        diags: &mut Diagnostics,
    ) -> Option<Vec<GenLabel<'b>>> {
        let mut out = Vec::with_capacity(self.label_exprs.len());
        for &e in &self.label_exprs {
            let mark = diags.len();
            let v = e.eval(lctx, limits, diags);
            if diags.has_errors_since(mark) {
                return None;
            }
            let invalid = |detail: String| {
                Diagnostic::coded(
                    Code::InvalidDynamicLabel,
                    "Invalid dynamic block label",
                    detail,
                )
                .with_subject(e.range())
            };
            let v = match convert(&v, &Type::String) {
                Ok(v) => v,
                Err(err) => {
                    diags.push(invalid(format!(
                        "Cannot use this value as a dynamic block label: {err}."
                    )));
                    return None;
                }
            };
            if v.is_null() {
                diags.push(invalid(
                    "Cannot use a null value as a dynamic block label.".into(),
                ));
                return None;
            }
            let Some(s) = v.as_str() else {
                diags.push(invalid(
                    "This value is not yet known. Dynamic block labels must be immediately-known values.".into(),
                ));
                return None;
            };
            let (span, file) = match e {
                LabelExpr::Native(file, x) => (x.span, file),
                LabelExpr::Other(x) => (x.span(), x.file()),
            };
            out.push(GenLabel {
                value: s.to_string(),
                span,
                file,
            });
        }
        Some(out)
    }
}

/// Reads a dynamic block's body (`decodeSpec`); `None` after an error.
fn decode_spec<'b>(
    scope: &Scope,
    block_s: &BlockHeaderSchema,
    raw: &Block<'b>,
    diags: &mut Diagnostics,
) -> Option<DynSpec<'b>> {
    let has_labels = !block_s.label_names.is_empty();
    let mark = diags.len();
    let content = raw.body.content(dynamic_schema(has_labels), diags);
    if diags.has_errors_since(mark) {
        return None;
    }
    // The iterator first, then `for_each`, whose errors end this dynamic
    // block (hcl v2.20, #656).
    let mut iterator = block_s.type_name.clone();
    if let Some(attr) = content.attributes[1] {
        match iterator_name(attr.expr) {
            Ok(name) => iterator = name,
            Err(d) => {
                diags.extend(d);
                return None;
            }
        }
    }
    let each = content.attributes[0]?;
    let for_each = for_each_value(scope, each.expr, diags)?;
    let mut label_exprs = Vec::new();
    if let Some(attr) = content.attributes.get(2).copied().flatten() {
        label_exprs = labels_of(block_s, attr.expr, diags)?;
    }
    match content.blocks.as_slice() {
        [] => {
            diags.push(
                Diagnostic::coded(
                    Code::MissingContentBlock,
                    "Missing dynamic content block",
                    "A dynamic block must have a nested block of type \"content\" to describe the body of each generated block.",
                )
                .with_subject(content.missing_item_range()),
            );
            None
        }
        [c] => Some(DynSpec {
            for_each,
            for_each_expr: each.expr,
            iterator,
            label_exprs,
            content: c.body,
        }),
        [_, second, ..] => {
            diags.push(
                Diagnostic::coded(
                    Code::ExtraneousContentBlock,
                    "Extraneous dynamic content block",
                    "Only one nested content block is allowed for each dynamic block.",
                )
                .with_subject(second.def_range()),
            );
            None
        }
    }
}

/// The value of a dynamic block's `for_each`: evaluated, vetoed or not by
/// the host (`OptCheckForEach`), and an iterable collection that is not
/// null; `None` after an error.
fn for_each_value(scope: &Scope, expr: ExprRef<'_>, diags: &mut Diagnostics) -> Option<Value> {
    let mark = diags.len();
    let for_each = eval::evaluate_under(
        expr,
        scope.for_each_ctx().map(|c| &**c),
        &scope.shared.limits,
        diags,
    );
    if diags.has_errors_since(mark) {
        return None;
    }
    if let Some(check) = scope.shared.check {
        let found = (check.0)(&for_each, expr, scope.for_each_ctx().map(|c| &**c));
        let vetoed = found.has_errors();
        diags.extend(found);
        if vetoed {
            return None;
        }
    }
    let ty = for_each.ty();
    let iterable = matches!(
        ty,
        Type::List(_) | Type::Set(_) | Type::Map(_) | Type::Tuple(_) | Type::Object(_)
    );
    let problem = if !iterable && !ty.is_dynamic() {
        format!(
            "Cannot use a {} value in for_each. An iterable collection is required.",
            ty.friendly_name()
        )
    } else if for_each.is_null() {
        "Cannot use a null value in for_each.".to_string()
    } else {
        return Some(for_each);
    };
    diags.push(
        Diagnostic::coded(
            Code::InvalidForEach,
            "Invalid dynamic for_each value",
            problem,
        )
        .with_subject(expr.range()),
    );
    None
}

/// The label expressions of a dynamic block's `labels`, as many as its
/// block type has labels; `None` after an error.
fn labels_of<'b>(
    block_s: &BlockHeaderSchema,
    expr: ExprRef<'b>,
    diags: &mut Diagnostics,
) -> Option<Vec<LabelExpr<'b>>> {
    let label_exprs = match expr_list(expr) {
        Ok(l) => l,
        Err(d) => {
            diags.extend(d);
            return None;
        }
    };
    let want = block_s.label_names.len();
    let detail = format!(
        "Blocks of type {:?} require {want} label(s).",
        block_s.type_name
    );
    if label_exprs.len() > want {
        diags.push(
            Diagnostic::coded(
                Code::ExtraneousLabel,
                "Extraneous dynamic block label",
                detail,
            )
            .with_subject(label_exprs[want].range()),
        );
        return None;
    }
    if label_exprs.len() < want {
        diags.push(
            Diagnostic::coded(
                Code::MissingBlockLabel,
                "Insufficient dynamic block labels",
                detail,
            )
            .with_subject(expr.range()),
        );
        return None;
    }
    Some(label_exprs)
}

/// `hcl.ExprList` of the `labels` argument. A JSON value that is not an
/// array is an empty list, as the reference's JSON expressions give.
fn expr_list(expr: ExprRef<'_>) -> Result<Vec<LabelExpr<'_>>, Diagnostics> {
    match expr {
        ExprRef::Native { file, expr } => Ok(analysis::expr_list(expr.get(), file)
            .map_err(|d| with_code(d, Code::InvalidDynamicLabel))?
            .into_iter()
            .map(|e| LabelExpr::Native(file, e))
            .collect()),
        ExprRef::Json { doc, value } => Ok(value
            .as_array()
            .map(|a| {
                a.items(doc)
                    .iter()
                    .map(|&value| LabelExpr::Other(ExprRef::Json { doc, value }))
                    .collect()
            })
            .unwrap_or_default()),
    }
}
