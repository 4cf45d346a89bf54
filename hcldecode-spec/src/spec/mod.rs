//! The spec tree: how to turn an HCL body into a value.
//!
//! One [`Spec`] enum covers every kind of HashiCorp's `hcldec` package. Spec
//! files ([`load`]) and `#[derive(HclDecode)]` both produce it; the decoder
//! engine in `hcldecode` consumes it. Literal values and defaults are
//! [`Value`](crate::value::Value)s; transform and validation functions,
//! which need the evaluator, are held opaquely as [`Dynamic`] objects
//! supplied by the dynamic layer.

use crate::diagnostic::Diagnostic;
use crate::syntax::body::Block;
use crate::syntax::body::{AttributeSchema, BlockHeaderSchema, BodySchema};
use crate::types::Type;

mod constraint;
mod dynamic;
mod example;
pub mod field;
mod json_schema;
mod kind;
pub mod load;
pub mod namespace;
mod path;
mod print;
mod transformation;
mod tree;
pub mod type_constraint;
pub mod typeexpr;
mod validate;

pub use constraint::ValueConstraint;
pub use dynamic::{DynRef, Dynamic};
pub use json_schema::JsonSchemaOptions;
pub use kind::{Hook, OptionalType, Transform};
pub use path::{PathStep, SpecPath};
pub use tree::{
    AttrSpec, BlockAttrsSpec, BlockCollectionSpec, BlockCount, BlockLabelSpec, BlockMapSpec,
    BlockSpec, DefaultSpec, LiteralSpec, ObjectSpec, Spec, SpecKind, TransformSpec, ValidateSpec,
};
pub use validate::{SpecError, SpecErrorKind};

impl SpecKind {
    /// Every kind, in the order spec files' schema lists their blocks (the
    /// reference CLI's registrations first, then the extensions, then the
    /// kinds without a spec-file block).
    pub const ALL: [SpecKind; 16] = [
        SpecKind::Object,
        SpecKind::Tuple,
        SpecKind::Literal,
        SpecKind::Attr,
        SpecKind::Block,
        SpecKind::BlockList,
        SpecKind::BlockMap,
        SpecKind::BlockSet,
        SpecKind::Default,
        SpecKind::Transform,
        SpecKind::BlockAttrs,
        SpecKind::BlockTuple,
        SpecKind::BlockObject,
        SpecKind::BlockLabel,
        SpecKind::Expr,
        SpecKind::Validate,
    ];

    /// The spec-file block type (`array` for [`SpecKind::Tuple`]).
    pub fn name(self) -> &'static str {
        match self {
            SpecKind::Object => "object",
            SpecKind::Tuple => "array",
            SpecKind::Attr => "attr",
            SpecKind::Literal => "literal",
            SpecKind::Expr => "expr",
            SpecKind::Block => "block",
            SpecKind::BlockList => "block_list",
            SpecKind::BlockTuple => "block_tuple",
            SpecKind::BlockSet => "block_set",
            SpecKind::BlockMap => "block_map",
            SpecKind::BlockObject => "block_object",
            SpecKind::BlockAttrs => "block_attrs",
            SpecKind::BlockLabel => "block_label",
            SpecKind::Default => "default",
            SpecKind::Transform => "transform",
            SpecKind::Validate => "validate",
        }
    }

    /// The kind a spec-file block type names (`tuple` is `array`).
    pub fn from_name(name: &str) -> Option<SpecKind> {
        if name == "tuple" {
            return Some(SpecKind::Tuple);
        }
        SpecKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Whether spec files can hold a block of this kind (an expression
    /// and a `validate` spec have no spec-file form).
    pub fn in_spec_files(self) -> bool {
        match self {
            SpecKind::Expr | SpecKind::Validate => false,
            SpecKind::Object
            | SpecKind::Tuple
            | SpecKind::Attr
            | SpecKind::Literal
            | SpecKind::Block
            | SpecKind::BlockList
            | SpecKind::BlockTuple
            | SpecKind::BlockSet
            | SpecKind::BlockMap
            | SpecKind::BlockObject
            | SpecKind::BlockAttrs
            | SpecKind::BlockLabel
            | SpecKind::Default
            | SpecKind::Transform => true,
        }
    }
}

impl Spec {
    /// Calls `f` on each spec decoded from the same body as this one, one
    /// level down (`visitSameBodyChildren`): the one same-body walk, which
    /// every other walk (schemas, labels, variables, the decode plan)
    /// goes through.
    ///
    /// ```
    /// use hcldecode_spec::spec::Spec;
    /// let lit = || Spec::Tuple(vec![]);
    /// let spec = Spec::Tuple(vec![lit(), lit()]);
    /// let mut n = 0;
    /// spec.each_same_body_child(&mut |_| n += 1);
    /// assert_eq!(n, 2);
    /// ```
    pub fn each_same_body_child<'a>(&'a self, f: &mut dyn FnMut(&'a Spec)) {
        match self {
            Spec::Object(o) => o.properties.iter().for_each(|(_, s)| f(s)),
            Spec::Tuple(t) => t.iter().for_each(f),
            Spec::Default(d) => {
                f(&d.primary);
                f(&d.default);
            }
            Spec::Transform(t) => f(&t.wrapped),
            Spec::Validate(v) => f(&v.wrapped),
            Spec::Attr(_)
            | Spec::Literal(_)
            | Spec::Expr(_)
            | Spec::Block(_)
            | Spec::BlockList(_)
            | Spec::BlockTuple(_)
            | Spec::BlockSet(_)
            | Spec::BlockMap(_)
            | Spec::BlockObject(_)
            | Spec::BlockAttrs(_)
            | Spec::BlockLabel(_) => {}
        }
    }

    /// The specs decoded from the same body as this one (`visitSameBodyChildren`).
    pub fn same_body_children(&self) -> Vec<&Spec> {
        let mut out = Vec::new();
        self.each_same_body_child(&mut |s| out.push(s));
        out
    }

    /// Calls `f` on this spec and on every spec decoded from the same body
    /// below it, depth first, in declaration order.
    ///
    /// ```
    /// use hcldecode_spec::spec::Spec;
    /// let spec = Spec::Tuple(vec![Spec::Tuple(vec![])]);
    /// let mut n = 0;
    /// spec.for_each_same_body(&mut |_| n += 1);
    /// assert_eq!(n, 2);
    /// ```
    pub fn for_each_same_body<'a>(&'a self, f: &mut dyn FnMut(&'a Spec)) {
        f(self);
        self.each_same_body_child(&mut |s| s.for_each_same_body(f));
    }

    /// The label names blocks decoded with this spec must have
    /// (`findLabelSpecs`): one per `block_label` index; gaps are filled
    /// with `missingNN` as the reference does.
    pub fn label_names(&self) -> Vec<String> {
        let mut found: Vec<(usize, &str)> = Vec::new();
        self.for_each_same_body(&mut |s| {
            if let Spec::BlockLabel(l) = s {
                found.push((l.index, &l.name));
            }
        });
        let Some(max) = found.iter().map(|(i, _)| *i).max() else {
            return Vec::new();
        };
        (0..=max)
            .map(|i| {
                found
                    .iter()
                    .rev()
                    .find(|(j, n)| *j == i && !n.is_empty())
                    .map(|(_, n)| n.to_string())
                    .unwrap_or_else(|| format!("missing{i:02}"))
            })
            .collect()
    }

    /// The attributes this spec reads directly from a body
    /// (`attrSchemata`), not recursing.
    fn attr_schemata(&self, out: &mut Vec<AttributeSchema>) {
        match self {
            Spec::Attr(a) => out.push(AttributeSchema {
                name: a.name.clone(),
                required: a.required,
            }),
            Spec::Default(d) => {
                d.primary.attr_schemata(out);
                d.default.attr_schemata(out);
            }
            Spec::Object(_)
            | Spec::Tuple(_)
            | Spec::Literal(_)
            | Spec::Expr(_)
            | Spec::Block(_)
            | Spec::BlockList(_)
            | Spec::BlockTuple(_)
            | Spec::BlockSet(_)
            | Spec::BlockMap(_)
            | Spec::BlockObject(_)
            | Spec::BlockAttrs(_)
            | Spec::BlockLabel(_)
            | Spec::Transform(_)
            | Spec::Validate(_) => {}
        }
    }

    /// The block header this spec reads directly (`blockHeaderSchemata`).
    fn block_schemata(&self, out: &mut Vec<BlockHeaderSchema>) {
        let header = |type_name: &str, mut labels: Vec<String>, nested: &Spec| {
            labels.extend(nested.label_names());
            BlockHeaderSchema {
                type_name: type_name.to_string(),
                label_names: labels,
            }
        };
        match self {
            Spec::Block(b) => out.push(header(&b.type_name, Vec::new(), &b.nested)),
            Spec::BlockList(b) | Spec::BlockTuple(b) | Spec::BlockSet(b) => {
                out.push(header(&b.type_name, Vec::new(), &b.nested))
            }
            Spec::BlockMap(b) | Spec::BlockObject(b) => {
                out.push(header(&b.type_name, b.labels.clone(), &b.nested))
            }
            Spec::BlockAttrs(b) => out.push(BlockHeaderSchema {
                type_name: b.type_name.clone(),
                label_names: Vec::new(),
            }),
            // Only the primary may describe a block.
            Spec::Default(d) => d.primary.block_schemata(out),
            Spec::Object(_)
            | Spec::Tuple(_)
            | Spec::Attr(_)
            | Spec::Literal(_)
            | Spec::Expr(_)
            | Spec::BlockLabel(_)
            | Spec::Transform(_)
            | Spec::Validate(_) => {}
        }
    }

    /// The body schema decoding with this spec implies (`ImpliedSchema`):
    /// every attribute and block read by this spec and its same-body
    /// children, in declaration order.
    pub fn implied_schema(&self) -> BodySchema {
        let mut schema = BodySchema::default();
        self.for_each_same_body(&mut |s| {
            s.attr_schemata(&mut schema.attributes);
            s.block_schemata(&mut schema.blocks);
        });
        schema
    }

    /// The block type a block-reading spec reads (`block_attrs` included).
    pub fn block_type_name(&self) -> Option<&str> {
        match self {
            Spec::Block(b) => Some(&b.type_name),
            Spec::BlockList(b) | Spec::BlockTuple(b) | Spec::BlockSet(b) => Some(&b.type_name),
            Spec::BlockMap(b) | Spec::BlockObject(b) => Some(&b.type_name),
            Spec::BlockAttrs(b) => Some(&b.type_name),
            Spec::Object(_)
            | Spec::Tuple(_)
            | Spec::Attr(_)
            | Spec::Literal(_)
            | Spec::Expr(_)
            | Spec::BlockLabel(_)
            | Spec::Default(_)
            | Spec::Transform(_)
            | Spec::Validate(_) => None,
        }
    }

    /// The label names of a block map or block object's levels (empty for
    /// every other kind; labels read by `block_label` specs of the nested
    /// spec are [`label_names`](Self::label_names)).
    pub fn map_labels(&self) -> &[String] {
        match self {
            Spec::BlockMap(b) | Spec::BlockObject(b) => &b.labels,
            Spec::Object(_)
            | Spec::Tuple(_)
            | Spec::Attr(_)
            | Spec::Literal(_)
            | Spec::Expr(_)
            | Spec::Block(_)
            | Spec::BlockList(_)
            | Spec::BlockTuple(_)
            | Spec::BlockSet(_)
            | Spec::BlockAttrs(_)
            | Spec::BlockLabel(_)
            | Spec::Default(_)
            | Spec::Transform(_)
            | Spec::Validate(_) => &[],
        }
    }

    /// The nested spec of a block-reading spec.
    pub fn nested(&self) -> Option<&Spec> {
        match self {
            Spec::Block(b) => Some(&b.nested),
            Spec::BlockList(b) | Spec::BlockTuple(b) | Spec::BlockSet(b) => Some(&b.nested),
            Spec::BlockMap(b) | Spec::BlockObject(b) => Some(&b.nested),
            Spec::Object(_)
            | Spec::Tuple(_)
            | Spec::Attr(_)
            | Spec::Literal(_)
            | Spec::Expr(_)
            | Spec::BlockAttrs(_)
            | Spec::BlockLabel(_)
            | Spec::Default(_)
            | Spec::Transform(_)
            | Spec::Validate(_) => None,
        }
    }

    /// The spec a `transform` or `validate` wraps, or a `default`'s
    /// primary: what the wrapper reads its value from.
    ///
    /// ```
    /// use hcldecode_spec::spec::{AttrSpec, DefaultSpec, LiteralSpec, Spec};
    /// use hcldecode_spec::types::Type;
    /// use hcldecode_spec::value::Value;
    /// let port = Spec::Attr(AttrSpec::new("port", Type::Number, false));
    /// let with_default = Spec::Default(DefaultSpec {
    ///     primary: Box::new(port.clone()),
    ///     default: Box::new(Spec::Literal(LiteralSpec { value: Value::int(80) })),
    /// });
    /// assert!(matches!(with_default.wrapped(), Some(Spec::Attr(a)) if a.name == "port"));
    /// assert!(port.wrapped().is_none());
    /// assert!(matches!(with_default.unwrapped(), Spec::Attr(_)));
    /// ```
    pub fn wrapped(&self) -> Option<&Spec> {
        match self {
            Spec::Transform(t) => Some(&t.wrapped),
            Spec::Validate(v) => Some(&v.wrapped),
            Spec::Default(d) => Some(&d.primary),
            Spec::Object(_)
            | Spec::Tuple(_)
            | Spec::Attr(_)
            | Spec::Literal(_)
            | Spec::Expr(_)
            | Spec::Block(_)
            | Spec::BlockList(_)
            | Spec::BlockTuple(_)
            | Spec::BlockSet(_)
            | Spec::BlockMap(_)
            | Spec::BlockObject(_)
            | Spec::BlockAttrs(_)
            | Spec::BlockLabel(_) => None,
        }
    }

    /// This spec with `f` applied to the attribute it reads: an `attr`
    /// spec's own, or the one inside the transforms around it (a field's
    /// hook, `optional()`); any other spec as it is.
    ///
    /// ```
    /// use hcldecode_spec::spec::{AttrSpec, Spec};
    /// use hcldecode_spec::types::Type;
    /// let port = Spec::Attr(AttrSpec::new("port", Type::Number, false));
    /// let Spec::Attr(a) = port.map_attr(|a| a.ty = Type::String) else { panic!() };
    /// assert_eq!(a.ty, Type::String);
    /// ```
    pub fn map_attr(self, f: impl FnOnce(&mut AttrSpec)) -> Spec {
        match self {
            Spec::Attr(mut a) => {
                f(&mut a);
                Spec::Attr(a)
            }
            Spec::Transform(mut t) => {
                let wrapped = std::mem::replace(&mut *t.wrapped, Spec::Tuple(Vec::new()));
                *t.wrapped = wrapped.map_attr(f);
                Spec::Transform(t)
            }
            other @ (Spec::Object(_)
            | Spec::Tuple(_)
            | Spec::Literal(_)
            | Spec::Expr(_)
            | Spec::Block(_)
            | Spec::BlockList(_)
            | Spec::BlockTuple(_)
            | Spec::BlockSet(_)
            | Spec::BlockMap(_)
            | Spec::BlockObject(_)
            | Spec::BlockAttrs(_)
            | Spec::BlockLabel(_)
            | Spec::Default(_)
            | Spec::Validate(_)) => other,
        }
    }

    /// This spec without the transforms, validations and defaults around
    /// what it reads (through every [`wrapped`](Self::wrapped) layer; see
    /// its example).
    pub fn unwrapped(&self) -> &Spec {
        let mut spec = self;
        while let Some(inner) = spec.wrapped() {
            spec = inner;
        }
        spec
    }

    /// The type decoding yields, where it is known without evaluating
    /// (`ImpliedType`). `transform_type` computes a transform's result type
    /// from the wrapped type (the dynamic layer evaluates it with an unknown
    /// value); literals report their value's type.
    pub fn implied_type_with(&self, transform_type: &dyn Fn(&TransformSpec, Type) -> Type) -> Type {
        self.implied_type_from(&mut |s| s.implied_type_with(transform_type), transform_type)
    }

    /// One level of [`implied_type_with`](Self::implied_type_with): the
    /// types of nested specs come from `nested`, so a caller that caches
    /// them per spec makes every occurrence of a nested type one shared
    /// allocation (and comparing types equal by pointer).
    ///
    /// ```
    /// use hcldecode_spec::spec::{AttrSpec, BlockCollectionSpec, Spec};
    /// use hcldecode_spec::types::Type;
    /// let attr = AttrSpec::new("a", Type::Number, false);
    /// let spec = Spec::BlockList(BlockCollectionSpec {
    ///     type_name: "b".into(),
    ///     nested: Box::new(Spec::Attr(attr)),
    ///     min_items: 0,
    ///     max_items: 0,
    ///     description: None,
    /// });
    /// let t = spec.implied_type_from(&mut |_| Type::String, &|_, t| t);
    /// assert_eq!(t, Type::list(Type::String));
    /// ```
    pub fn implied_type_from(
        &self,
        nested: &mut dyn FnMut(&Spec) -> Type,
        transform_type: &dyn Fn(&TransformSpec, Type) -> Type,
    ) -> Type {
        match self {
            Spec::Object(o) => {
                if o.properties.is_empty() {
                    return Type::empty_object();
                }
                Type::object(o.properties.iter().map(|(k, s)| (k.as_str(), nested(s))))
            }
            Spec::Tuple(t) => Type::tuple(t.iter().map(nested)),
            Spec::Attr(a) => a.ty.clone(),
            Spec::Literal(l) => l.value.ty().clone(),
            Spec::Expr(_) => Type::Dynamic,
            Spec::Block(b) => nested(&b.nested),
            Spec::BlockList(b) => Type::list(nested(&b.nested)),
            Spec::BlockSet(b) => Type::set(nested(&b.nested)),
            Spec::BlockTuple(_) | Spec::BlockObject(_) => Type::Dynamic,
            Spec::BlockMap(b) => {
                let mut t = nested(&b.nested);
                for _ in &b.labels {
                    t = Type::map(t);
                }
                t
            }
            Spec::BlockAttrs(b) => Type::map(b.element_type.clone()),
            Spec::BlockLabel(_) => Type::String,
            Spec::Default(d) => nested(&d.primary),
            Spec::Transform(t) => {
                let wrapped = nested(&t.wrapped);
                transform_type(t, wrapped)
            }
            Spec::Validate(v) => nested(&v.wrapped),
        }
    }

    /// [`implied_type_with`](Self::implied_type_with) with transforms taken
    /// as `any`.
    pub fn implied_type(&self) -> Type {
        self.implied_type_with(&|_, _| Type::Dynamic)
    }

    /// The kind of this spec.
    pub fn kind(&self) -> SpecKind {
        match self {
            Spec::Object(_) => SpecKind::Object,
            Spec::Tuple(_) => SpecKind::Tuple,
            Spec::Attr(_) => SpecKind::Attr,
            Spec::Literal(_) => SpecKind::Literal,
            Spec::Expr(_) => SpecKind::Expr,
            Spec::Block(_) => SpecKind::Block,
            Spec::BlockList(_) => SpecKind::BlockList,
            Spec::BlockTuple(_) => SpecKind::BlockTuple,
            Spec::BlockSet(_) => SpecKind::BlockSet,
            Spec::BlockMap(_) => SpecKind::BlockMap,
            Spec::BlockObject(_) => SpecKind::BlockObject,
            Spec::BlockAttrs(_) => SpecKind::BlockAttrs,
            Spec::BlockLabel(_) => SpecKind::BlockLabel,
            Spec::Default(_) => SpecKind::Default,
            Spec::Transform(_) => SpecKind::Transform,
            Spec::Validate(_) => SpecKind::Validate,
        }
    }

    /// The spec-file block type of this spec (`object`, `block_list`, ...).
    pub fn kind_name(&self) -> &'static str {
        self.kind().name()
    }

    /// The description of the attribute or block type this spec reads
    /// (an `attr` or block spec, also inside a `default`, `transform` or
    /// `validate` wrapper): the spec file's `description` argument or a
    /// derived field's doc comment. Decoding never reads it.
    ///
    /// ```
    /// use hcldecode_spec::spec::{AttrSpec, Spec};
    /// use hcldecode_spec::types::Type;
    /// let mut spec = Spec::Attr(AttrSpec::new("port", Type::Number, false));
    /// assert_eq!(spec.description(), None);
    /// spec.set_description("The port.", true);
    /// assert_eq!(spec.description(), Some("The port."));
    /// spec.set_description("Ignored.", false);
    /// assert_eq!(spec.description(), Some("The port."));
    /// ```
    pub fn description(&self) -> Option<&str> {
        match self {
            Spec::Attr(a) => a.description.as_deref(),
            Spec::Block(b) => b.description.as_deref(),
            Spec::BlockList(b) | Spec::BlockTuple(b) | Spec::BlockSet(b) => {
                b.description.as_deref()
            }
            Spec::BlockMap(b) | Spec::BlockObject(b) => b.description.as_deref(),
            Spec::BlockAttrs(b) => b.description.as_deref(),
            Spec::Default(d) => d.primary.description(),
            Spec::Transform(t) => t.wrapped.description(),
            Spec::Validate(v) => v.wrapped.description(),
            Spec::Object(_)
            | Spec::Tuple(_)
            | Spec::Literal(_)
            | Spec::Expr(_)
            | Spec::BlockLabel(_) => None,
        }
    }

    /// Sets the description [`Spec::description`] reads (where `replace`,
    /// or where there is none yet); specs of other kinds are left alone.
    pub fn set_description(&mut self, description: &str, replace: bool) {
        let slot = match self {
            Spec::Attr(a) => &mut a.description,
            Spec::Block(b) => &mut b.description,
            Spec::BlockList(b) | Spec::BlockTuple(b) | Spec::BlockSet(b) => &mut b.description,
            Spec::BlockMap(b) | Spec::BlockObject(b) => &mut b.description,
            Spec::BlockAttrs(b) => &mut b.description,
            Spec::Default(d) => return d.primary.set_description(description, replace),
            Spec::Transform(t) => return t.wrapped.set_description(description, replace),
            Spec::Validate(v) => return v.wrapped.set_description(description, replace),
            Spec::Object(_)
            | Spec::Tuple(_)
            | Spec::Literal(_)
            | Spec::Expr(_)
            | Spec::BlockLabel(_) => return,
        };
        if replace || slot.is_none() {
            *slot = Some(description.to_string());
        }
    }

    /// Checks the schema rules (see [`SpecError`]); every violation is
    /// returned, in tree order.
    pub fn validate(&self) -> Vec<SpecError> {
        validate::validate(self)
    }

    /// The spec as hcldec spec-file text: loading it gives a spec that
    /// decodes as this one does, but where a part has no spec-file form.
    /// Those parts are written as what a spec file can say of them, after
    /// a `#` comment saying what it cannot (docs/spec-format.md,
    /// "Printing a derived spec"): an `expr` spec (a null literal), a
    /// `validate` spec and a Rust transform function (the wrapped spec),
    /// the hooks of `Expression` and `remain` fields (the wrapped spec),
    /// the body of a `tag = "label"` block (the label; the kinds' bodies
    /// commented out), a `block_map` of `any` (a `block_object`, which a
    /// spec file allows). Block collections whose values may differ in
    /// type have a comment too: hcldec unifies them, typed decoding does
    /// not.
    ///
    /// ```
    /// use hcldecode_spec::spec::{AttrSpec, Hook, ObjectSpec, Spec};
    /// use hcldecode_spec::types::Type;
    /// let spec = Spec::Object(ObjectSpec {
    ///     properties: vec![
    ///         ("port".into(), Spec::Attr(AttrSpec::new("port", Type::Number, true))),
    ///         ("when".into(), Hook::raw_expression(AttrSpec::new("when", Type::Dynamic, false))),
    ///     ],
    /// });
    /// let text = spec.to_spec_file();
    /// assert!(text.starts_with("object {\n  attr \"port\" {\n    type = number\n    required = true\n  }\n"));
    /// assert!(text.contains("  # the attribute's expression is kept unevaluated"));
    /// ```
    pub fn to_spec_file(&self) -> String {
        print::to_spec_file(self)
    }

    /// [`to_spec_file`](Self::to_spec_file) with the `namespace` blocks
    /// of a derived type's namespaces (`T::namespaces()`) first. A spec
    /// file's namespace blocks are read before the rest and are not part
    /// of its result: the property reading them has a comment saying so
    /// (typed decoding also decodes them into their field).
    ///
    /// ```
    /// use hcldecode_spec::spec::namespace::Namespace;
    /// use hcldecode_spec::spec::{AttrSpec, BlockCollectionSpec, ObjectSpec, Spec};
    /// use hcldecode_spec::types::Type;
    /// let locals = Spec::BlockList(BlockCollectionSpec {
    ///     type_name: "locals".into(),
    ///     nested: Box::new(Spec::Object(ObjectSpec::default())),
    ///     min_items: 0,
    ///     max_items: 0,
    ///     description: None,
    /// });
    /// let spec = Spec::Object(ObjectSpec { properties: vec![("locals".into(), locals)] });
    /// let text = spec.to_spec_file_with_namespaces(&[Namespace::locals("locals", "local")]);
    /// assert!(text.starts_with("namespace \"local\" {\n  kind       = \"locals\"\n"));
    /// assert!(text.contains("  # \"locals\" blocks declare the names of namespace \"local\""));
    /// ```
    pub fn to_spec_file_with_namespaces(&self, namespaces: &[namespace::Namespace]) -> String {
        print::to_spec_file_with_namespaces(self, namespaces)
    }
}

/// The helpers the kinds, the loader and the printer share, kept with the
/// [`Spec`] enum they belong to (the kinds may not call functions above
/// them).
impl Spec {
    /// A spec standing for one that failed to load: a null literal, as the
    /// reference's loader gives (callers do not decode with it).
    pub(crate) fn err_spec() -> Spec {
        Spec::Literal(LiteralSpec {
            value: crate::value::Value::null(Type::Dynamic),
        })
    }

    /// Writes the spec; `key` is the property name when the spec is an
    /// object property (which also serves as the implied attribute or block
    /// name).
    pub(in crate::spec) fn print(&self, out: &mut String, key: Option<&str>, level: usize) {
        match self {
            Spec::Object(o) => o.print(out, key, level),
            Spec::Tuple(t) => kind::object::print_tuple(t, out, key, level),
            Spec::Attr(a) => a.print(out, key, level),
            Spec::Literal(l) => l.print(out, key, level),
            Spec::Block(b) => b.print(out, key, level),
            Spec::BlockList(b) | Spec::BlockTuple(b) | Spec::BlockSet(b) => {
                b.print(out, key, level, self.kind_name())
            }
            Spec::BlockMap(b) | Spec::BlockObject(b) => b.print(out, key, level, self.kind_name()),
            Spec::BlockAttrs(b) => b.print(out, key, level),
            Spec::BlockLabel(l) => l.print(out, key, level),
            Spec::Default(d) => d.print(out, key, level),
            Spec::Transform(t) => t.print(out, key, level),
            Spec::Validate(v) => v.print(out, key, level),
            Spec::Expr(e) => kind::literal::print_expr(e, out, key, level),
        }
    }
}

/// The walks' dispatch on spec kinds, kept with the [`Spec`] enum: each
/// kind's own part is in its module under `kind`.
impl load::Loader<'_> {
    /// `decodeSpecBlock`.
    pub(super) fn spec_block(&mut self, block: &Block<'_>) -> Spec {
        self.origins
            .push((self.at, block.file.clone(), block.def_span));
        let implied = block
            .labels
            .first()
            .map(|l| l.value.to_string())
            .unwrap_or_default();
        let body = block.body;
        let kind = SpecKind::from_name(block.type_name).filter(|k| k.in_spec_files());
        match kind {
            Some(SpecKind::Object) => self.object(body),
            Some(SpecKind::Tuple) => self.array(body),
            Some(SpecKind::Attr) => self.attr(body, implied),
            Some(SpecKind::Block) => self.block(body, implied),
            Some(SpecKind::BlockList) => {
                self.block_collection(body, implied, SpecKind::BlockList, Spec::BlockList)
            }
            Some(SpecKind::BlockSet) => {
                self.block_collection(body, implied, SpecKind::BlockSet, Spec::BlockSet)
            }
            Some(SpecKind::BlockTuple) => {
                self.block_collection(body, implied, SpecKind::BlockTuple, Spec::BlockTuple)
            }
            Some(SpecKind::BlockMap) => self.block_map(body, implied, SpecKind::BlockMap),
            Some(SpecKind::BlockObject) => self.block_map(body, implied, SpecKind::BlockObject),
            Some(SpecKind::BlockAttrs) => self.block_attrs(body, implied),
            Some(SpecKind::BlockLabel) => self.block_label(body, implied),
            Some(SpecKind::Default) => self.default(body),
            Some(SpecKind::Transform) => self.transform(body),
            Some(SpecKind::Literal) => self.literal(body),
            Some(SpecKind::Expr | SpecKind::Validate) | None => {
                self.diags.push(
                    Diagnostic::error(
                        "Invalid spec block",
                        format!(
                            "Blocks of type {:?} are not expected here.",
                            block.type_name
                        ),
                    )
                    .with_subject(block.type_range()),
                );
                Spec::err_spec()
            }
        }
    }
}
