//! The decoder engine: a body and a spec in, a value and diagnostics out.
//!
//! The semantics are those of HashiCorp's `hcldec` package, spec kind by
//! spec kind, with two differences of method: each body's schema is
//! computed once per spec (not once per body), and an object spec's
//! properties are decoded in declaration order, so diagnostics come out in
//! a fixed order where the reference's is random.

use std::collections::HashMap;
use std::sync::Arc;

use hcldecode_spec::diag::{Diagnostic, Diagnostics};
use hcldecode_spec::source::Range;
use hcldecode_spec::spec::{
    BlockAttrsSpec, BlockCollectionSpec, BlockMapSpec, BlockSpec, Spec, Transform, TransformSpec,
};
use hcldecode_spec::syntax::body::{Block, BlockLabel, Body, BodyRef, BodySchema, Content};

use crate::eval::{self, EvalContext};
use crate::spec_values::{literal_value, transform_function, validate_function};
use crate::value::Value;
use crate::value::convert::{convert, unify_unsafe};
use crate::{ObjectType, Type};

mod variables;

pub use variables::{Traversal, TraversalStep, expr_variables, variables};

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
    let plan = Plan::new(spec, transform_ctx);
    let mut diags = Diagnostics::new();
    let d = Decoder {
        ctx,
        transform_ctx,
        plan: &plan,
    };
    let v = d.body(body.as_ref(), &[], spec, &mut diags);
    (v, diags)
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
    };
    let schema = plan.schema(spec);
    let (content, rest) = body.partial_content(&schema, &mut diags);
    let v = d.spec(spec, &content, &[], &mut diags);
    (v, rest, diags)
}

/// The type decoding with `spec` yields (`hcldec.ImpliedType`); transform
/// results are typed by evaluating the transform with an unknown value.
pub fn implied_type(spec: &Spec, transform_ctx: Option<&EvalContext>) -> Type {
    spec.implied_type_with(&|t, wrapped| transform_type(t, wrapped, transform_ctx))
}

/// The result type of a transform applied to a value of type `wrapped`.
pub(crate) fn transform_type(
    t: &TransformSpec,
    wrapped: Type,
    transform_ctx: Option<&EvalContext>,
) -> Type {
    match &t.transform {
        Transform::Expr { expr, var_name } => {
            let mut scratch = Diagnostics::new();
            let v = eval::evaluate_with_locals(
                expr.as_ref(),
                transform_ctx,
                Some(&[(var_name.as_str(), Value::unknown(wrapped))]),
                &mut scratch,
            );
            v.ty().clone()
        }
        Transform::Func(f) => transform_function(f)
            .and_then(|f| f.return_type(&[wrapped]).ok())
            .unwrap_or(Type::Dynamic),
    }
}

/// Per-spec data computed once per decode: the schema of each body a spec
/// reads and the implied type of each spec.
struct Plan<'s> {
    schemas: std::cell::RefCell<HashMap<*const Spec, Arc<BodySchema>>>,
    types: std::cell::RefCell<HashMap<*const Spec, Type>>,
    object_types: std::cell::RefCell<HashMap<*const Spec, Arc<ObjectType>>>,
    transform_ctx: Option<&'s EvalContext>,
}

impl<'s> Plan<'s> {
    fn new(_root: &Spec, transform_ctx: Option<&'s EvalContext>) -> Plan<'s> {
        Plan {
            schemas: Default::default(),
            types: Default::default(),
            object_types: Default::default(),
            transform_ctx,
        }
    }

    fn schema(&self, spec: &Spec) -> Arc<BodySchema> {
        let key = spec as *const Spec;
        if let Some(s) = self.schemas.borrow().get(&key) {
            return s.clone();
        }
        let s = Arc::new(spec.implied_schema());
        self.schemas.borrow_mut().insert(key, s.clone());
        s
    }

    fn implied_type(&self, spec: &Spec) -> Type {
        let key = spec as *const Spec;
        if let Some(t) = self.types.borrow().get(&key) {
            return t.clone();
        }
        let t = implied_type(spec, self.transform_ctx);
        self.types.borrow_mut().insert(key, t.clone());
        t
    }

    /// The object type an object spec yields when every property has its
    /// implied type (the common case), shared by all values built from it.
    fn object_type(&self, spec: &Spec) -> Option<Arc<ObjectType>> {
        let key = spec as *const Spec;
        if let Some(t) = self.object_types.borrow().get(&key) {
            return Some(t.clone());
        }
        let Type::Object(o) = self.implied_type(spec) else {
            return None;
        };
        self.object_types.borrow_mut().insert(key, o.clone());
        Some(o)
    }
}

struct Decoder<'a> {
    ctx: Option<&'a EvalContext>,
    transform_ctx: Option<&'a EvalContext>,
    plan: &'a Plan<'a>,
}

impl Decoder<'_> {
    /// `decode(body, labels, ctx, spec, partial=false)`.
    fn body(
        &self,
        body: BodyRef<'_>,
        labels: &[BlockLabel<'_>],
        spec: &Spec,
        diags: &mut Diagnostics,
    ) -> Value {
        let schema = self.plan.schema(spec);
        let content = body.content(&schema, diags);
        self.spec(spec, &content, labels, diags)
    }

    fn spec(
        &self,
        spec: &Spec,
        content: &Content<'_>,
        labels: &[BlockLabel<'_>],
        diags: &mut Diagnostics,
    ) -> Value {
        match spec {
            Spec::Object(o) => {
                let vals: Vec<Value> = o
                    .properties
                    .iter()
                    .map(|(_, s)| self.spec(s, content, labels, diags))
                    .collect();
                self.object_value(spec, &o.properties, vals)
            }
            Spec::Tuple(t) => {
                let vals = t
                    .iter()
                    .map(|s| self.spec(s, content, labels, diags))
                    .collect();
                Value::tuple(vals)
            }
            Spec::Attr(a) => {
                let Some(attr) = content
                    .attributes
                    .iter()
                    .flatten()
                    .find(|x| x.name == a.name)
                else {
                    return Value::null(a.ty.clone());
                };
                let v = eval::evaluate_into(attr.expr, self.ctx, diags);
                match convert(&v, &a.ty) {
                    Ok(v) => v,
                    Err(err) => {
                        diags.push(
                            Diagnostic::error(
                                "Incorrect attribute value type",
                                format!("Inappropriate value for attribute {:?}: {err}.", a.name),
                            )
                            .with_subject(attr.expr.range())
                            .with_context(Range::between(&attr.name_range(), &attr.expr.range()))
                            .with_values(eval::describe_variables(attr.expr, self.ctx)),
                        );
                        Value::unknown(a.ty.clone())
                    }
                }
            }
            Spec::Literal(l) => literal_value(&l.value),
            Spec::Expr(e) => eval::evaluate_into(e.as_ref(), self.ctx, diags),
            Spec::Block(b) => self.block(b, content, diags),
            Spec::BlockList(b) => self.block_list(b, content, diags, Kind::List),
            Spec::BlockTuple(b) => self.block_list(b, content, diags, Kind::Tuple),
            Spec::BlockSet(b) => self.block_list(b, content, diags, Kind::Set),
            Spec::BlockMap(b) => self.block_map(b, content, diags, false),
            Spec::BlockObject(b) => self.block_map(b, content, diags, true),
            Spec::BlockAttrs(b) => self.block_attrs(b, content, diags),
            Spec::BlockLabel(l) => match labels.get(l.index) {
                Some(label) => Value::string(label.value),
                // Validation rejects label specs outside blocks; decoding
                // such a spec anyway gives null rather than a panic.
                None => Value::null(Type::String),
            },
            Spec::Default(d) => {
                let v = self.spec(&d.primary, content, labels, diags);
                if v.is_null() {
                    self.spec(&d.default, content, labels, diags)
                } else {
                    v
                }
            }
            Spec::Transform(t) => {
                let mark = diags.len();
                let wrapped = self.spec(&t.wrapped, content, labels, diags);
                if diags.0[mark..].iter().any(Diagnostic::is_error) {
                    return Value::unknown(self.plan.implied_type(spec));
                }
                match &t.transform {
                    Transform::Expr { expr, var_name } => eval::evaluate_with_locals(
                        expr.as_ref(),
                        self.transform_ctx,
                        Some(&[(var_name.as_str(), wrapped)]),
                        diags,
                    ),
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
                }
            }
            Spec::Validate(v) => {
                let mark = diags.len();
                let wrapped = self.spec(&v.wrapped, content, labels, diags);
                if diags.0[mark..].iter().any(Diagnostic::is_error) {
                    return Value::unknown(self.plan.implied_type(spec));
                }
                if let Some(f) = validate_function(&v.func) {
                    for mut d in f(&wrapped) {
                        if d.subject.is_none() {
                            d.subject = self.source_range(&v.wrapped, content, labels);
                        }
                        diags.push(d);
                    }
                }
                wrapped
            }
        }
    }

    /// Builds an object from property values in declaration order.
    fn object_value(&self, spec: &Spec, props: &[(String, Spec)], vals: Vec<Value>) -> Value {
        if let Some(ot) = self.plan.object_type(spec)
            && ot.len() == props.len()
        {
            // Reorder to the type's (sorted) attribute order; reuse the
            // shared type when every value has its implied type.
            let mut sorted: Vec<Option<Value>> = vec![None; ot.len()];
            let mut same = true;
            for ((name, _), v) in props.iter().zip(vals.iter()) {
                let Some(i) = ot.index_of(name) else {
                    same = false;
                    break;
                };
                if v.ty() != &ot.attrs()[i].1 {
                    same = false;
                }
                sorted[i] = Some(v.clone());
            }
            if same && sorted.iter().all(Option::is_some) {
                return Value::object_with_type(ot, sorted.into_iter().flatten().collect());
            }
        }
        Value::object(props.iter().map(|(k, _)| k.clone()).zip(vals))
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

    fn block(&self, b: &BlockSpec, content: &Content<'_>, diags: &mut Diagnostics) -> Value {
        let mut found: Option<&Block<'_>> = None;
        for candidate in Self::blocks_of(content, &b.type_name) {
            if let Some(first) = found {
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
            found = Some(candidate);
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
                Value::null(self.plan.implied_type(&b.nested))
            }
            Some(block) => self.body(block.body, &block.labels, &b.nested, diags),
        }
    }

    fn block_list(
        &self,
        b: &BlockCollectionSpec,
        content: &Content<'_>,
        diags: &mut Diagnostics,
        kind: Kind,
    ) -> Value {
        let blocks: Vec<&Block<'_>> = Self::blocks_of(content, &b.type_name).collect();
        let mut elems = Vec::with_capacity(blocks.len());
        for block in &blocks {
            elems.push(self.body(block.body, &block.labels, &b.nested, diags));
        }
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
            d.subject = self.block_source_range(blocks[b.max_items], &b.nested);
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
        let types: Vec<Type> = elems.iter().map(|v| v.ty().clone()).collect();
        let Some((ety, convs)) = unify_unsafe(&types) else {
            let mut d = Diagnostic::error(
                format!("Unconsistent argument types in {} blocks", b.type_name),
                "Corresponding attributes in all blocks of this type must be the same.",
            );
            d.subject = self.block_source_range(blocks[0], &b.nested);
            diags.push(d);
            return Value::dynamic();
        };
        let mut out = Vec::with_capacity(elems.len());
        for (i, (v, conv)) in elems.into_iter().zip(convs).enumerate() {
            match conv {
                None => out.push(v),
                Some(c) => match c.apply(&v) {
                    Ok(v) => out.push(v),
                    Err(err) => {
                        let mut d = Diagnostic::error(
                            format!("Unconsistent argument types in {} blocks", b.type_name),
                            format!("Block with index {i} has inconsistent argument types: {err}."),
                        );
                        d.subject = self.block_source_range(blocks[i], &b.nested);
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
            d.subject = self.block_source_range(blocks[i], &b.nested);
            diags.push(d);
            return Value::dynamic();
        }
        match kind {
            Kind::Set => Value::set(ety, out),
            _ => Value::list(ety, out),
        }
    }

    fn block_map(
        &self,
        b: &BlockMapSpec,
        content: &Content<'_>,
        diags: &mut Diagnostics,
        as_object: bool,
    ) -> Value {
        let n = b.labels.len();
        let mut root = Node::default();
        for block in Self::blocks_of(content, &b.type_name) {
            // Content has checked the label count against the schema.
            if block.labels.len() < n || n == 0 {
                continue;
            }
            let val = self.body(block.body, &block.labels[n..], &b.nested, diags);
            let mut target = &mut root;
            for label in &block.labels[..n - 1] {
                target = target.child(label.value);
            }
            let key = block.labels[n - 1].value;
            if target.children.iter().any(|(k, _)| k == key) {
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
            target.children.push((key.to_string(), Node::leaf(val)));
        }
        if root.children.is_empty() {
            if as_object {
                return Value::empty_object();
            }
            // One map level whatever the number of labels, as the
            // reference does (its implied type has one level per label).
            return Value::map_empty(self.plan.implied_type(&b.nested));
        }
        root.into_value(as_object, &b.type_name, content, diags)
    }

    fn block_attrs(
        &self,
        b: &BlockAttrsSpec,
        content: &Content<'_>,
        diags: &mut Diagnostics,
    ) -> Value {
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
            return Value::null(Type::map(b.element_type.clone()));
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
        if attrs.is_empty() {
            return Value::map_empty(b.element_type.clone());
        }
        let mut vals: Vec<(String, Value)> = Vec::with_capacity(attrs.len());
        for attr in &attrs {
            let v = eval::evaluate_into(attr.expr, self.ctx, diags);
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
                        .with_values(eval::describe_variables(attr.expr, self.ctx)),
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
/// order first seen.
#[derive(Default)]
struct Node {
    value: Option<Value>,
    children: Vec<(String, Node)>,
}

impl Node {
    fn leaf(v: Value) -> Node {
        Node {
            value: Some(v),
            children: Vec::new(),
        }
    }

    fn child(&mut self, key: &str) -> &mut Node {
        let i = match self.children.iter().position(|(k, _)| k == key) {
            Some(i) => i,
            None => {
                self.children.push((key.to_string(), Node::default()));
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
    ) -> Value {
        if let Some(v) = self.value {
            return v;
        }
        let entries: Vec<(String, Value)> = self
            .children
            .into_iter()
            .map(|(k, n)| {
                let v = n.into_value(as_object, type_name, content, diags);
                (k, v)
            })
            .collect();
        if as_object {
            return Value::object(entries);
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
