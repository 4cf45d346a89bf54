//! The decode plan: what a decode computes once per spec node and reuses
//! for every body the node reads (schemas, implied types, object layouts,
//! shared null values).

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use hcldecode_spec::spec::Spec;
use hcldecode_spec::syntax::body::BodySchema;

use super::{dynblock, transform_type};
use crate::eval::EvalContext;
use crate::value::Value;
use crate::{ObjectType, Type};

/// Maps keyed by spec node addresses (our own, never chosen by an input),
/// with foldhash's fixed-seed hash.
type PtrMap<V> = HashMap<*const Spec, V, foldhash::fast::FixedState>;

/// How an object spec's property values are laid out in its value: the
/// object type when every property has its implied type (shared by all the
/// values the spec yields), and for each property (in declaration order)
/// its position among the type's (sorted) attributes.
pub(super) struct ObjectLayout {
    pub(super) ty: Arc<ObjectType>,
    pub(super) positions: Box<[usize]>,
}

/// Per-spec data computed once per decode: the schema of each body a spec
/// reads, the implied type of each spec, object layouts, and the null
/// values of absent attributes and blocks (a null of a collection or
/// object type holds its type, shared this way instead of allocated per
/// value).
pub(super) struct Plan<'s> {
    schemas: RefCell<PtrMap<Arc<BodySchema>>>,
    /// With dynamic blocks: each schema plus the `dynamic` block type.
    ext_schemas: RefCell<PtrMap<Arc<BodySchema>>>,
    types: RefCell<PtrMap<Type>>,
    layouts: RefCell<PtrMap<Option<Arc<ObjectLayout>>>>,
    nulls: RefCell<PtrMap<Value>>,
    attr_indices: RefCell<PtrMap<Option<usize>>>,
    collection_types: RefCell<PtrMap<(Type, Type)>>,
    transform_ctx: Option<&'s EvalContext>,
}

impl<'s> Plan<'s> {
    pub(super) fn new(_root: &Spec, transform_ctx: Option<&'s EvalContext>) -> Plan<'s> {
        Plan {
            schemas: Default::default(),
            ext_schemas: Default::default(),
            types: Default::default(),
            layouts: Default::default(),
            nulls: Default::default(),
            attr_indices: Default::default(),
            collection_types: Default::default(),
            transform_ctx,
        }
    }

    /// The position of attribute `name` (of attr spec `spec`) in `schema`,
    /// the schema of the body `spec` reads (the same for every body).
    pub(super) fn attr_index(&self, spec: &Spec, schema: &BodySchema, name: &str) -> Option<usize> {
        let key = spec as *const Spec;
        if let Some(i) = self.attr_indices.borrow().get(&key) {
            return *i;
        }
        let i = schema.attributes.iter().position(|a| a.name == name);
        self.attr_indices.borrow_mut().insert(key, i);
        i
    }

    /// The list (or map) type of elements `ety` for the block collection
    /// spec `spec`, shared by every value the spec yields (elements are
    /// mostly of the one object type the spec's layout shares, so the
    /// check is a pointer comparison).
    pub(super) fn collection_type(&self, spec: &Spec, ety: &Type, make: fn(Type) -> Type) -> Type {
        let key = spec as *const Spec;
        if let Some((e, t)) = self.collection_types.borrow().get(&key)
            && e == ety
        {
            return t.clone();
        }
        let t = make(ety.clone());
        self.collection_types
            .borrow_mut()
            .insert(key, (ety.clone(), t.clone()));
        t
    }

    /// The null value of type `ty()` for `key`, made once.
    pub(super) fn null(&self, key: &Spec, ty: impl FnOnce() -> Type) -> Value {
        let key = key as *const Spec;
        if let Some(v) = self.nulls.borrow().get(&key) {
            return v.clone();
        }
        let v = Value::null(ty());
        self.nulls.borrow_mut().insert(key, v.clone());
        v
    }

    pub(super) fn schema(&self, spec: &Spec) -> Arc<BodySchema> {
        let key = spec as *const Spec;
        if let Some(s) = self.schemas.borrow().get(&key) {
            return s.clone();
        }
        let s = Arc::new(spec.implied_schema());
        self.schemas.borrow_mut().insert(key, s.clone());
        s
    }

    /// [`schema`](Self::schema) with the `dynamic` block type added.
    pub(super) fn ext_schema(&self, spec: &Spec) -> Arc<BodySchema> {
        let key = spec as *const Spec;
        if let Some(s) = self.ext_schemas.borrow().get(&key) {
            return s.clone();
        }
        let s = Arc::new(dynblock::extend_schema(&self.schema(spec)));
        self.ext_schemas.borrow_mut().insert(key, s.clone());
        s
    }

    pub(super) fn implied_type(&self, spec: &Spec) -> Type {
        let key = spec as *const Spec;
        if let Some(t) = self.types.borrow().get(&key) {
            return t.clone();
        }
        // Nested types through this cache: a nested object's type is then
        // the very allocation its values carry, and type checks of values
        // against it stop at the pointer.
        let t = spec.implied_type_from(&mut |s| self.implied_type(s), &|t, wrapped| {
            transform_type(t, wrapped, self.transform_ctx)
        });
        self.types.borrow_mut().insert(key, t.clone());
        t
    }

    /// The layout of an object spec's values when every property has its
    /// implied type (the common case); `None` when property names repeat.
    pub(super) fn object_layout(
        &self,
        spec: &Spec,
        props: &[(String, Spec)],
    ) -> Option<Arc<ObjectLayout>> {
        let key = spec as *const Spec;
        if let Some(l) = self.layouts.borrow().get(&key) {
            return l.clone();
        }
        let layout = match self.implied_type(spec) {
            Type::Object(ot) if ot.len() == props.len() => props
                .iter()
                .map(|(name, _)| ot.index_of(name))
                .collect::<Option<Box<[usize]>>>()
                .map(|positions| Arc::new(ObjectLayout { ty: ot, positions })),
            _ => None,
        };
        self.layouts.borrow_mut().insert(key, layout.clone());
        layout
    }
}
