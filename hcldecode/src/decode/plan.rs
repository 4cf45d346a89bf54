//! The decode plan: what decoding with a spec computes once per spec node
//! and reuses for every body the node reads (body schemas, implied types,
//! object layouts, shared null values, attribute positions).
//!
//! Each node's entry is filled the first time a decode needs it, through
//! `OnceLock`s: a plan holds no input and is `Sync`, so it may be shared.
//! A `Prepared` spec (`decode::Prepared`) keeps its plan beside it for any number of decodes,
//! on any thread, and typed decoding keeps one per derived type for the
//! life of the process.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use hcldecode_spec::spec::Spec;
use hcldecode_spec::syntax::body::BodySchema;

use super::dynblock;
use crate::eval::EvalContext;
use crate::spec_values::transform_type;
use crate::value::Value;
use crate::{ObjectType, Type};

/// Maps keyed by the addresses of the nodes of the spec tree a plan was
/// made for (our own, never chosen by an input), with foldhash's
/// fixed-seed hash. Addresses, not pointers, so a plan is `Send` and
/// `Sync`.
type AddrMap<V> = HashMap<usize, V, foldhash::fast::FixedState>;

fn addr(spec: &Spec) -> usize {
    std::ptr::from_ref(spec) as usize
}

/// How an object spec's property values are laid out in its value: the
/// object type when every property has its implied type (shared by all the
/// values the spec yields), and for each property (in declaration order)
/// its position among the type's (sorted) attributes.
pub(super) struct ObjectLayout {
    pub(super) ty: Arc<ObjectType>,
    pub(super) positions: Box<[usize]>,
}

/// What the plan knows of one spec node, each part made when first asked
/// for.
#[derive(Default)]
struct Node {
    /// A body spec: the schema of the bodies it reads.
    schema: OnceLock<Arc<BodySchema>>,
    /// With dynamic blocks: the schema plus the `dynamic` block type.
    ext_schema: OnceLock<Arc<BodySchema>>,
    ty: OnceLock<Type>,
    layout: OnceLock<Option<Arc<ObjectLayout>>>,
    null: OnceLock<Value>,
    attr_index: OnceLock<Option<usize>>,
    /// Block collections: an element type and the collection type of it.
    collection_type: OnceLock<(Type, Type)>,
    /// An object spec: for each property, where an attribute property's
    /// attribute is in the schema of the body.
    attr_slots: OnceLock<Box<[Option<usize>]>>,
}

/// Per-spec-node data computed once per plan: the schema of each body a
/// spec reads, the implied type of each spec, object layouts, and the null
/// values of absent attributes and blocks (a null of a collection or
/// object type holds its type, shared this way instead of allocated per
/// value; implied types are shared the same way, so type checks of values
/// against them stop at the pointer).
///
/// Entries are keyed by node address: a plan serves the tree it was made
/// for while that tree stays where it is (a [`Prepared`] boxes its spec for
/// this). A node it does not know (the engine's walk of the tree meets
/// none) is computed on the spot.
pub(super) struct Plan<'s> {
    /// Each node's position in `nodes`.
    index: AddrMap<u32>,
    nodes: Vec<Node>,
    /// The context transform results are typed in (`None` for a plan kept
    /// across decodes).
    transform_ctx: Option<&'s EvalContext>,
}

impl<'s> Plan<'s> {
    /// The plan of `root`, the spec a body is decoded with, and of every
    /// spec below it; transform results are typed in `transform_ctx`.
    pub(super) fn new(root: &Spec, transform_ctx: Option<&'s EvalContext>) -> Plan<'s> {
        let mut index = AddrMap::with_capacity_and_hasher(count(root), Default::default());
        add(&mut index, root);
        let mut nodes = Vec::new();
        nodes.resize_with(index.len(), Node::default);
        Plan {
            index,
            nodes,
            transform_ctx,
        }
    }

    fn node(&self, spec: &Spec) -> Option<&Node> {
        let i = *self.index.get(&addr(spec))?;
        self.nodes.get(i as usize)
    }

    /// The position of attribute `name` (of attr spec `spec`) in `schema`,
    /// the schema of the body `spec` reads (the same for every body).
    pub(super) fn attr_index(&self, spec: &Spec, schema: &BodySchema, name: &str) -> Option<usize> {
        let find = || schema.attributes.iter().position(|a| a.name == name);
        match self.node(spec) {
            Some(n) => *n.attr_index.get_or_init(find),
            None => find(),
        }
    }

    /// For object spec `spec` reading bodies with `schema`: the position
    /// in `schema` of each attribute property's attribute (as
    /// [`attr_index`](Self::attr_index) finds them), by property.
    pub(super) fn attr_slots(&self, spec: &Spec, schema: &BodySchema) -> Option<&[Option<usize>]> {
        let Spec::Object(o) = spec else {
            return None;
        };
        let make = || {
            o.properties
                .iter()
                .map(|(_, p)| {
                    // Only attribute properties have a slot.
                    let Spec::Attr(a) = p else { return None };
                    self.attr_index(p, schema, &a.name)
                })
                .collect()
        };
        Some(self.node(spec)?.attr_slots.get_or_init(make))
    }

    /// The list (or map) type of elements `ety` for the block collection
    /// spec `spec`, shared by every value the spec yields (elements are
    /// mostly of the one object type the spec's layout shares, so the
    /// check is a pointer comparison).
    pub(super) fn collection_type(&self, spec: &Spec, ety: &Type, make: fn(Type) -> Type) -> Type {
        let Some(n) = self.node(spec) else {
            return make(ety.clone());
        };
        let (e, t) = n
            .collection_type
            .get_or_init(|| (ety.clone(), make(ety.clone())));
        if e == ety {
            t.clone()
        } else {
            make(ety.clone())
        }
    }

    /// The null value of type `ty()` for `key`, made once.
    pub(super) fn null(&self, key: &Spec, ty: impl FnOnce() -> Type) -> Value {
        match self.node(key) {
            Some(n) => n.null.get_or_init(|| Value::null(ty())).clone(),
            None => Value::null(ty()),
        }
    }

    /// The schema of the body `spec` reads.
    pub(super) fn schema(&self, spec: &Spec) -> Arc<BodySchema> {
        let make = || Arc::new(spec.implied_schema());
        match self.node(spec) {
            Some(n) => n.schema.get_or_init(make).clone(),
            None => make(),
        }
    }

    /// [`schema`](Self::schema) with the `dynamic` block type added.
    pub(super) fn ext_schema(&self, spec: &Spec) -> Arc<BodySchema> {
        let make = || Arc::new(dynblock::extend_schema(&self.schema(spec)));
        match self.node(spec) {
            Some(n) => n.ext_schema.get_or_init(make).clone(),
            None => make(),
        }
    }

    pub(super) fn implied_type(&self, spec: &Spec) -> Type {
        // Nested types through this cache: a nested object's type is then
        // the very allocation its values carry, and type checks of values
        // against it stop at the pointer.
        let make = || {
            spec.implied_type_from(&mut |s| self.implied_type(s), &|t, wrapped| {
                transform_type(t, wrapped, self.transform_ctx)
            })
        };
        match self.node(spec) {
            Some(n) => n.ty.get_or_init(make).clone(),
            None => make(),
        }
    }

    /// The layout of an object spec's values when every property has its
    /// implied type (the common case); `None` when property names repeat.
    pub(super) fn object_layout(
        &self,
        spec: &Spec,
        props: &[(String, Spec)],
    ) -> Option<Arc<ObjectLayout>> {
        let make = || match self.implied_type(spec) {
            Type::Object(ot) if ot.len() == props.len() => props
                .iter()
                .map(|(name, _)| ot.index_of(name))
                .collect::<Option<Box<[usize]>>>()
                .map(|positions| Arc::new(ObjectLayout { ty: ot, positions })),
            _ => None,
        };
        match self.node(spec) {
            Some(n) => n.layout.get_or_init(make).clone(),
            None => make(),
        }
    }
}

/// The specs read from the same body as `spec` (`Spec::same_body_children`)
/// and the nested spec of a block-reading spec, passed to `f` without
/// collecting them. A kind this misses only goes unplanned: its entries
/// are then computed where needed.
fn for_each_below(spec: &Spec, f: &mut impl FnMut(&Spec)) {
    spec.each_same_body_child(&mut |s| f(s));
    if let Some(nested) = spec.nested() {
        f(nested);
    }
}

/// How many specs `spec` and those below it are.
fn count(spec: &Spec) -> usize {
    let mut n = 1;
    for_each_below(spec, &mut |s| n += count(s));
    n
}

/// Numbers `spec` and the specs below it in `index`, in the order met.
fn add(index: &mut AddrMap<u32>, spec: &Spec) {
    let next = u32::try_from(index.len()).unwrap_or(u32::MAX);
    index.entry(addr(spec)).or_insert(next);
    for_each_below(spec, &mut |s| add(index, s));
}

#[cfg(test)]
mod tests {
    use hcldecode_spec::source::SourceFile;
    use hcldecode_spec::spec::{AttrSpec, BlockCollectionSpec, BlockMapSpec, ObjectSpec};
    use hcldecode_spec::syntax::native;

    use super::*;
    use crate::decode::{DecodeOptions, Prepared};
    use hcldecode_spec::syntax::body::Body;

    fn attr(name: &str, ty: Type) -> (String, Spec) {
        let a = AttrSpec::new(name.to_string(), ty, false);
        (name.to_string(), Spec::Attr(a))
    }

    fn object(properties: Vec<(String, Spec)>) -> Spec {
        Spec::Object(ObjectSpec { properties })
    }

    /// `port` (a number) and `rule` blocks, each with `target` blocks
    /// labelled by name holding a `weight`.
    fn rules_spec() -> Spec {
        let target = Spec::BlockMap(BlockMapSpec {
            type_name: "target".to_string(),
            labels: vec!["name".to_string()],
            nested: Box::new(object(vec![attr("weight", Type::Number)])),
            description: None,
        });
        let rule = Spec::BlockList(BlockCollectionSpec {
            type_name: "rule".to_string(),
            nested: Box::new(target),
            min_items: 0,
            max_items: 0,
            description: None,
        });
        object(vec![attr("port", Type::Number), ("rule".to_string(), rule)])
    }

    fn body(src: &str) -> Body {
        let source = SourceFile::new("a.hcl", src);
        let (file, d) = native::parse_config(source.clone());
        assert!(!d.has_errors(), "{d:?}");
        Body::native(source, file.body)
    }

    #[test]
    fn prepared_is_shared_across_threads() {
        fn send_sync<T: Send + Sync>() {}
        send_sync::<Prepared>();
    }

    #[test]
    fn plan_knows_every_node_of_its_tree_and_makes_each_entry_once() {
        let s = rules_spec();
        let plan = Plan::new(&s, None);
        let Spec::Object(o) = &s else { panic!() };
        let port = &o.properties[0].1;
        let rule = &o.properties[1].1;
        let target = rule.nested().unwrap();
        let inner = target.nested().unwrap();
        let Spec::Object(b) = inner else { panic!() };
        let weight = &b.properties[0].1;
        for node in [&s, port, rule, target, inner, weight] {
            assert!(plan.node(node).is_some());
        }
        assert_eq!((plan.index.len(), plan.nodes.len()), (6, 6));
        assert!(plan.node(inner).unwrap().schema.get().is_none());
        let schema = plan.schema(inner);
        assert!(Arc::ptr_eq(&schema, &plan.schema(inner)));
        assert_eq!(plan.attr_index(weight, &schema, "weight"), Some(0));
        assert_eq!(plan.attr_index(port, &plan.schema(&s), "port"), Some(0));
        assert_eq!(plan.implied_type(&s), crate::decode::implied_type(&s, None));
        let ety = plan.implied_type(target);
        let list = plan.collection_type(rule, &ety, Type::list);
        assert_eq!(list, Type::list(ety.clone()));
        assert_eq!(plan.collection_type(rule, &ety, Type::list), list);
        // A spec outside the tree is computed, not cached.
        let (_, other) = attr("x", Type::String);
        assert_eq!(plan.implied_type(&other), Type::String);
        assert_eq!((plan.index.len(), plan.nodes.len()), (6, 6));
    }

    #[test]
    fn prepared_decodes_like_decode_with() {
        let p = Prepared::new(rules_spec());
        for src in [
            "port = 80\nrule {\n  target \"a\" { weight = 1 }\n}\nrule {}\n",
            "port = \"x\"\nrule {\n  target {}\n}\n",
        ] {
            let body = body(src);
            let opts = DecodeOptions::new();
            let want = crate::decode::decode_with(&body, p.spec(), None, None, opts);
            let want = format!("{want:?}");
            let (v, _, d) = p.decode_traced(&body, None, opts);
            assert_eq!(format!("{:?}", (v, d)), want);
        }
    }
}
