//! The decode plan: what decoding with a spec needs to know of each spec
//! node, computed once for the whole tree before any body is read (body
//! schemas, with and without the `dynamic` block type; implied types;
//! object layouts; shared null values; attribute positions). A plan holds
//! no input and no mutable state, so it is shared: typed decoding keeps one
//! per derived type for the life of the process
//! ([`Prepared`](crate::decode::Prepared)).

use std::collections::HashMap;
use std::sync::Arc;

use hcldecode_spec::spec::Spec;
use hcldecode_spec::syntax::body::BodySchema;

use super::dynblock;
use crate::eval::EvalContext;
use crate::spec_values::transform_type;
use crate::value::Value;
use crate::{ObjectType, Type};

/// Maps keyed by the addresses of the spec nodes of the tree the plan was
/// made for (our own, never chosen by an input), with foldhash's
/// fixed-seed hash.
type AddrMap<V> = HashMap<usize, V, foldhash::fast::FixedState>;

fn addr(spec: &Spec) -> usize {
    spec as *const Spec as usize
}

/// How an object spec's property values are laid out in its value: the
/// object type when every property has its implied type (shared by all the
/// values the spec yields), and for each property (in declaration order)
/// its position among the type's (sorted) attributes.
pub(crate) struct ObjectLayout {
    pub(crate) ty: Arc<ObjectType>,
    pub(crate) positions: Box<[usize]>,
}

/// What the engine needs of each spec node (see the module docs). A null
/// of a collection or object type holds its type, shared this way instead
/// of allocated per value; implied types are shared the same way, so type
/// checks of values against them stop at the pointer.
#[derive(Default)]
pub(crate) struct Plan {
    schemas: AddrMap<Arc<BodySchema>>,
    /// Each schema plus the `dynamic` block type, for dynamic blocks.
    ext_schemas: AddrMap<Arc<BodySchema>>,
    types: AddrMap<Type>,
    layouts: AddrMap<Arc<ObjectLayout>>,
    nulls: AddrMap<Value>,
    attr_indices: AddrMap<usize>,
    /// Block collections: the collection type of the nested spec's implied
    /// type, with that element type.
    collection_types: AddrMap<(Type, Type)>,
}

impl Plan {
    /// The plan of `root`, a body's spec; transform results are typed in
    /// `transform_ctx`. Its entries are keyed by the nodes' addresses: the
    /// plan serves only while `root` stays where it is.
    pub(crate) fn new(root: &Spec, transform_ctx: Option<&EvalContext>) -> Plan {
        let mut plan = Plan::default();
        plan.body(root, transform_ctx);
        plan
    }

    /// A body read with `spec`.
    fn body(&mut self, spec: &Spec, ctx: Option<&EvalContext>) {
        let schema = Arc::new(spec.implied_schema());
        self.same_body(spec, &schema, ctx);
        self.ext_schemas
            .insert(addr(spec), Arc::new(dynblock::extend_schema(&schema)));
        self.schemas.insert(addr(spec), schema);
    }

    /// `spec` and the specs read from the same body, whose schema is
    /// `schema`.
    fn same_body(&mut self, spec: &Spec, schema: &BodySchema, ctx: Option<&EvalContext>) {
        let ty = self.ty(spec, ctx);
        match spec {
            Spec::Attr(a) => {
                if let Some(i) = schema.attributes.iter().position(|x| x.name == a.name) {
                    self.attr_indices.insert(addr(spec), i);
                }
                self.nulls.insert(addr(spec), Value::null(a.ty.clone()));
            }
            Spec::Object(o) => {
                if let Type::Object(ot) = ty
                    && ot.len() == o.properties.len()
                    && let Some(positions) = o
                        .properties
                        .iter()
                        .map(|(name, _)| ot.index_of(name))
                        .collect::<Option<Box<[usize]>>>()
                {
                    self.layouts
                        .insert(addr(spec), Arc::new(ObjectLayout { ty: ot, positions }));
                }
                for (_, s) in &o.properties {
                    self.same_body(s, schema, ctx);
                }
            }
            Spec::Tuple(t) => t.iter().for_each(|s| self.same_body(s, schema, ctx)),
            Spec::Default(d) => {
                self.same_body(&d.primary, schema, ctx);
                self.same_body(&d.default, schema, ctx);
            }
            Spec::Transform(t) => self.same_body(&t.wrapped, schema, ctx),
            Spec::Validate(v) => self.same_body(&v.wrapped, schema, ctx),
            Spec::Block(b) => {
                let nested = self.ty(&b.nested, ctx);
                self.nulls.insert(addr(&b.nested), Value::null(nested));
                self.body(&b.nested, ctx);
            }
            Spec::BlockList(b) | Spec::BlockTuple(b) | Spec::BlockSet(b) => {
                let ety = self.ty(&b.nested, ctx);
                self.collection_types
                    .insert(addr(spec), (ety.clone(), Type::list(ety)));
                self.body(&b.nested, ctx);
            }
            Spec::BlockMap(b) | Spec::BlockObject(b) => {
                let ety = self.ty(&b.nested, ctx);
                self.collection_types
                    .insert(addr(spec), (ety.clone(), Type::map(ety)));
                self.body(&b.nested, ctx);
            }
            Spec::BlockAttrs(_) | Spec::BlockLabel(_) | Spec::Literal(_) | Spec::Expr(_) => {}
        }
    }

    /// The implied type of `spec`, nested types through the plan: a nested
    /// object's type is then the very allocation its values carry.
    fn ty(&mut self, spec: &Spec, ctx: Option<&EvalContext>) -> Type {
        if let Some(t) = self.types.get(&addr(spec)) {
            return t.clone();
        }
        let t = spec.implied_type_from(&mut |s| self.ty(s, ctx), &|t, wrapped| {
            transform_type(t, wrapped, ctx)
        });
        self.types.insert(addr(spec), t.clone());
        t
    }

    /// The position of attribute `name` (of attr spec `spec`) in `schema`,
    /// the schema of the body `spec` reads.
    pub(crate) fn attr_index(&self, spec: &Spec, schema: &BodySchema, name: &str) -> Option<usize> {
        match self.attr_indices.get(&addr(spec)) {
            Some(i) => Some(*i),
            None => schema.attributes.iter().position(|a| a.name == name),
        }
    }

    /// The list or map type (`make`) of elements `ety` for the block
    /// collection spec `spec`: the planned one when `ety` is the nested
    /// spec's implied type (a pointer comparison, mostly).
    pub(crate) fn collection_type(&self, spec: &Spec, ety: &Type, make: fn(Type) -> Type) -> Type {
        match self.collection_types.get(&addr(spec)) {
            Some((e, t)) if e == ety => t.clone(),
            _ => make(ety.clone()),
        }
    }

    /// The null value of type `ty()` for `key`.
    pub(crate) fn null(&self, key: &Spec, ty: impl FnOnce() -> Type) -> Value {
        match self.nulls.get(&addr(key)) {
            Some(v) => v.clone(),
            None => Value::null(ty()),
        }
    }

    /// The schema of the body `spec` reads.
    pub(crate) fn schema(&self, spec: &Spec) -> Arc<BodySchema> {
        match self.schemas.get(&addr(spec)) {
            Some(s) => s.clone(),
            None => Arc::new(spec.implied_schema()),
        }
    }

    /// [`schema`](Self::schema) with the `dynamic` block type added.
    pub(crate) fn ext_schema(&self, spec: &Spec) -> Arc<BodySchema> {
        match self.ext_schemas.get(&addr(spec)) {
            Some(s) => s.clone(),
            None => Arc::new(dynblock::extend_schema(&self.schema(spec))),
        }
    }

    /// The implied type of `spec` (of the tree the plan was made for;
    /// another spec's with transforms typed outside any context).
    pub(crate) fn implied_type(&self, spec: &Spec) -> Type {
        match self.types.get(&addr(spec)) {
            Some(t) => t.clone(),
            None => spec.implied_type_with(&|t, wrapped| transform_type(t, wrapped, None)),
        }
    }

    /// The layout of an object spec's values when every property has its
    /// implied type (the common case); `None` when property names repeat.
    pub(crate) fn object_layout(&self, spec: &Spec) -> Option<Arc<ObjectLayout>> {
        self.layouts.get(&addr(spec)).cloned()
    }
}
