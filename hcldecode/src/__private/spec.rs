//! Building a derived type's spec: what the generated `spec()` adds to the
//! fields' specs of the one builder ([`field`], which the derive's
//! compile-time check calls too), and the check that the two agree.

use super::{
    BlockLabelSpec, BlockOptions, BlockSpec, HclBody, ObjectSpec, OptionalAttrs, Spec, Type, Value,
    ValueConstraint,
};
use crate::decode::DecodeHook;
use crate::typed::blocks::single_spec;

pub use hcldecode_spec::spec::field;

/// A struct's object spec; with a `remain` field, wrapped in the hook.
pub fn object_spec(properties: Vec<(&str, Spec)>, remain: bool) -> Spec {
    let spec = Spec::Object(ObjectSpec {
        properties: properties
            .into_iter()
            .map(|(k, s)| (k.to_string(), s))
            .collect(),
    });
    if remain {
        DecodeHook::remain(spec)
    } else {
        spec
    }
}

/// A property's spec with the field's doc comment as its description.
pub fn described(mut spec: Spec, doc: &str) -> Spec {
    spec.set_description(doc, true);
    spec
}

/// The `self-check` feature's check ([`field::outline`]): the spec built at
/// run time says of each field what the derive's compile-time spec said,
/// where the derive could know it (`None`: it could not). Panics where
/// they differ, naming the type and the field: the two specs come from
/// one builder, and this is the test that they do.
pub fn check_outline(ty: &str, spec: &Spec, expected: &[(&str, Option<&str>)]) {
    OUTLINE_CHECKS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let got = field::outline(spec);
    let keys: Vec<&str> = got.iter().map(|(k, _)| k.as_str()).collect();
    let want: Vec<&str> = expected.iter().map(|(k, _)| *k).collect();
    assert_eq!(
        keys, want,
        "{ty}: the run-time spec's fields differ from the compile-time spec's"
    );
    for ((key, line), (_, want)) in got.iter().zip(expected) {
        let Some(want) = want else { continue };
        // An enum's block types: the field's kind, which is what the
        // derive can see of them.
        let variants = line
            .strip_prefix("variants(")
            .and_then(|k| k.strip_suffix(')'))
            .is_some_and(|k| want.starts_with(&format!("{k}(")));
        assert!(
            line == want || variants,
            "{ty}: field {key:?}: the run-time spec gives `{line}`, the compile-time spec `{want}`"
        );
    }
}

/// How many [`check_outline`]s have run (the tests' proof that the
/// `self-check` feature is on).
pub static OUTLINE_CHECKS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// A struct's type as an attribute value: an object type when every field
/// is a required attribute (so conversion checks it), else `any` (the
/// struct checks the value itself). `fields`: (name, type, plain required
/// attribute).
pub fn object_type(fields: Vec<FieldType<'_>>) -> Type {
    if fields.iter().all(|f| f.attr) {
        Type::object(fields.into_iter().map(|f| (f.name, f.ty)))
    } else {
        Type::Dynamic
    }
}

/// A field of a struct for [`object_type`] and [`object_optional`].
pub struct FieldType<'a> {
    /// The property name.
    pub name: &'a str,
    /// The field type's type.
    pub ty: Type,
    /// An attribute without a declared type (not a label, block, ...).
    pub attr: bool,
    /// Required (not `Option`, no `default`).
    pub required: bool,
    /// The field type's optional attributes.
    pub optional: Option<OptionalAttrs>,
    /// The field type's constraint (attributes only).
    pub constraint: Option<ValueConstraint>,
}

/// A struct's constraint as an attribute value (see
/// [`HclDecode::hcl_constraint`]): an object of its fields, those not
/// required optional (labels, blocks and the like, which an object value
/// hardly has, are optional and of any value). Keys that are no field are
/// errors only when the struct reads the value as written
/// (`read_as_written`: its type has optional attributes or `any`, so no
/// conversion to an object type drops them first) and does not
/// `ignore_unknown`. `None` with a flattened field (whose keys are its
/// struct's).
pub fn object_constraint(
    fields: Vec<FieldType<'_>>,
    ignore_unknown: bool,
    flatten: bool,
    read_as_written: bool,
) -> Option<ValueConstraint> {
    if flatten {
        return None;
    }
    let optional = fields
        .iter()
        .filter(|f| !f.required)
        .map(|f| f.name.to_string())
        .collect();
    let attrs = fields
        .into_iter()
        .map(|f| {
            let c = f.constraint.unwrap_or(ValueConstraint::Type(f.ty));
            (f.name.to_string(), c)
        })
        .collect();
    Some(
        ValueConstraint::Object {
            attrs,
            optional,
            closed: read_as_written && !ignore_unknown,
        }
        .non_null(),
    )
}

/// The spec of an attribute field with a default: null (as absence) gives
/// the default, so its constraint accepts null.
pub fn defaulted(spec: Spec) -> Spec {
    spec.map_attr(|a| {
        a.constraint = a
            .constraint
            .take()
            .map(|c| std::sync::Arc::new((*c).clone().nullable()));
    })
}

/// A unit-variant enum's constraint: a string naming a variant.
pub fn unit_constraint(names: &[&str]) -> Option<ValueConstraint> {
    Some(ValueConstraint::OneOf(names.iter().map(|n| n.to_string()).collect()).non_null())
}

/// The optional attributes of a struct's object type: its optional
/// fields, and those of its fields' types; `None` when there are none or
/// the struct's type is not an object.
pub fn object_optional(fields: Vec<FieldType<'_>>) -> Option<OptionalAttrs> {
    if !fields.iter().all(|f| f.attr) {
        return None;
    }
    let optional: Vec<String> = fields
        .iter()
        .filter(|f| !f.required)
        .map(|f| f.name.to_string())
        .collect();
    let ty = Type::object(fields.iter().map(|f| (f.name, f.ty.clone())));
    let children: Vec<(String, OptionalAttrs)> = fields
        .into_iter()
        .filter_map(|f| Some((f.name.to_string(), f.optional?)))
        .collect();
    if optional.is_empty() && children.is_empty() {
        return None;
    }
    Some(OptionalAttrs {
        ty,
        optional,
        defaults: Vec::new(),
        children,
    })
}

/// The spec of a struct read as exactly one block.
pub fn struct_block_spec<T: HclBody>(opts: &BlockOptions) -> Spec {
    single_spec::<T>(opts, true)
}

/// The spec of a body holding one block of an enum's block types.
pub fn variants_spec(variants: Vec<(&str, Spec)>) -> Spec {
    Spec::Object(ObjectSpec {
        properties: variants
            .into_iter()
            .map(|(name, nested)| {
                (
                    name.to_string(),
                    Spec::Block(BlockSpec {
                        type_name: name.to_string(),
                        nested: Box::new(nested),
                        required: false,
                        description: None,
                    }),
                )
            })
            .collect(),
    })
}

/// An attribute spec (possibly wrapped in a hook) with its type replaced
/// by `type = "..."`.
pub fn with_type(spec: Spec, ty: Type) -> Spec {
    spec.map_attr(|a| a.ty = ty)
}

/// An attribute spec with its type replaced by `type = "..."` that uses
/// `optional(...)`: the attribute is read as any value, the constraint's
/// defaults applied and the value converted, as in spec files. (A default
/// that does not convert to its attribute's type is dropped.)
pub fn with_type_constraint(spec: Spec, src: &str) -> Spec {
    let (ty, opt, _) = crate::spec_values::optional::type_constraint(src);
    let Some(opt) = opt else {
        return with_type(spec, ty);
    };
    let Spec::Attr(mut a) = spec else {
        return with_type(spec, ty);
    };
    a.ty = Type::Dynamic;
    if a.constraint.is_none() {
        a.constraint = Some(std::sync::Arc::new(ValueConstraint::from_optional(
            &ty,
            Some(&opt),
        )));
    }
    Spec::Transform(hcldecode_spec::spec::TransformSpec {
        wrapped: Box::new(Spec::Attr(a)),
        transform: hcldecode_spec::spec::Transform::Func(std::sync::Arc::new(
            crate::spec_values::TransformFn(crate::spec_values::optional_function(
                ty,
                Some(std::sync::Arc::new(opt)),
            )),
        )),
    })
}

/// The element type of a map type (`any` for others).
pub fn element_type(t: Type) -> Type {
    t.element_type().cloned().unwrap_or(Type::Dynamic)
}

/// How many times a derived type may appear nested in its own spec.
pub const MAX_SELF_NESTING: usize = 4;

// Thread-local: `HclDecode::hcl_spec` is a trait function without
// parameters (the derive's generated code calls it for nested types), so
// the recursion guard travels beside the calls; specs are built on the
// calling thread only.
thread_local! {
    /// The derived types whose specs are being built, outermost first.
    static BUILDING: std::cell::RefCell<Vec<&'static str>> = const { std::cell::RefCell::new(Vec::new()) };
    /// Set while a spec is built only to learn its labels: nested derived
    /// specs are then empty.
    static STUB: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Restores [`BUILDING`] and [`STUB`] even if building a spec panics.
struct Restore {
    pop: bool,
    stub: bool,
}

impl Drop for Restore {
    fn drop(&mut self) {
        if self.pop {
            BUILDING.with(|b| b.borrow_mut().pop());
        }
        STUB.with(|s| s.set(self.stub));
    }
}

/// Builds the spec of the derived type `name` with `build`, unless the type
/// is already nested [`MAX_SELF_NESTING`] times in the spec being built: a
/// type that contains itself (a `rule` block holding `rule` blocks) would
/// otherwise have an infinite spec. At the limit, a block of the type is
/// read only for its labels and reported as nested too deep.
pub fn guarded_spec(name: &'static str, build: impl FnOnce() -> Spec) -> Spec {
    let stub = STUB.with(|s| s.get());
    if stub {
        return Spec::Object(ObjectSpec::default());
    }
    let depth = BUILDING.with(|b| b.borrow().iter().filter(|n| **n == name).count());
    if depth >= MAX_SELF_NESTING {
        let labels = {
            let _restore = Restore { pop: false, stub };
            STUB.with(|s| s.set(true));
            build().label_names()
        };
        return too_deep_spec(name, labels);
    }
    BUILDING.with(|b| b.borrow_mut().push(name));
    let _restore = Restore { pop: true, stub };
    build()
}

fn too_deep_spec(name: &'static str, labels: Vec<String>) -> Spec {
    use crate::spec_values::ValidateFn;
    use hcldecode_spec::diag::Diagnostic;
    let short = name.rsplit("::").next().unwrap_or(name);
    let check = move |_: &Value| {
        hcldecode_spec::diag::Diagnostics::from(Diagnostic::error(
            "Blocks nested too deep",
            format!(
                "The configuration type {short} contains itself; its blocks can be nested at most {MAX_SELF_NESTING} levels deep."
            ),
        ))
    };
    let properties = labels
        .into_iter()
        .enumerate()
        .map(|(index, n)| (n.clone(), Spec::BlockLabel(BlockLabelSpec::new(index, n))))
        .collect();
    DecodeHook::Remain.wrap(Spec::Validate(hcldecode_spec::spec::ValidateSpec {
        wrapped: Box::new(Spec::Object(ObjectSpec { properties })),
        func: std::sync::Arc::new(ValidateFn(std::sync::Arc::new(check))),
    }))
}
