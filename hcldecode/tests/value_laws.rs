//! Property tests of the information model:
//!
//! - any value written as HCL (`spec_values::value_to_hcl`) and decoded with
//!   an `any` attribute comes back equal, once converted to its own type
//!   (HCL has no list or map literal syntax: `[...]` is a tuple);
//! - converting a value to a type it converts to safely, and back, is the
//!   identity (sets excepted: they deduplicate);
//! - unification does not depend on the order of the types.

use hcldecode::Type;
use hcldecode::spec_file::LoadedSpec;
use hcldecode::spec_values::value_to_hcl;
use hcldecode::value::convert::{
    convert, get_conversion, get_conversion_unsafe, unify, unify_unsafe,
};
use hcldecode::value::{Number, Value};
use proptest::prelude::*;

fn primitive_type() -> impl Strategy<Value = Type> {
    prop_oneof![Just(Type::Bool), Just(Type::Number), Just(Type::String)]
}

fn any_type() -> impl Strategy<Value = Type> {
    primitive_type().prop_recursive(3, 12, 4, |inner| {
        prop_oneof![
            inner.clone().prop_map(Type::list),
            inner.clone().prop_map(Type::set),
            inner.clone().prop_map(Type::map),
            prop::collection::vec(inner.clone(), 0..4).prop_map(Type::tuple),
            prop::collection::btree_map("[a-z][a-z0-9_]{0,5}", inner, 0..4)
                .prop_map(|m| Type::object(m.into_iter())),
        ]
    })
}

fn number() -> impl Strategy<Value = Number> {
    prop_oneof![
        any::<i64>().prop_map(Number::from_i64),
        (-1e300f64..1e300f64).prop_map(|f| Number::from_f64(f).unwrap()),
        "-?[0-9]{1,40}(\\.[0-9]{1,40})?(e-?[0-9]{1,3})?".prop_map(|s| Number::parse(&s).unwrap()),
    ]
}

fn string() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z0-9 _.-]{0,12}",
        "[\\PC]{0,8}",
        Just("${not a template}".to_string()),
        Just("%{if x}y%{endif}".to_string()),
        Just("quote \" backslash \\ newline \n tab \t".to_string()),
        Just("café e\u{301}".to_string()),
    ]
}

/// A known, non-null value of type `ty` (nulls may appear inside).
fn value_of(ty: Type, depth: u32) -> BoxedStrategy<Value> {
    let leaf_or_null =
        |s: BoxedStrategy<Value>, t: Type| prop_oneof![9 => s, 1 => Just(Value::null(t))].boxed();
    match ty.clone() {
        Type::Bool => any::<bool>().prop_map(Value::bool).boxed(),
        Type::Number => number().prop_map(Value::number).boxed(),
        Type::String => string().prop_map(Value::string).boxed(),
        Type::List(e) | Type::Set(e) | Type::Map(e) if depth < 3 => {
            let e = (*e).clone();
            let elem = leaf_or_null(value_of(e.clone(), depth + 1), e.clone());
            match ty {
                Type::List(_) => prop::collection::vec(elem, 0..4)
                    .prop_map(move |v| Value::list(e.clone(), v))
                    .boxed(),
                Type::Set(_) => prop::collection::vec(elem, 0..4)
                    .prop_map(move |v| Value::set(e.clone(), v))
                    .boxed(),
                _ => prop::collection::btree_map("[a-z0-9 ]{0,4}", elem, 0..4)
                    .prop_map(move |m| Value::map(e.clone(), m))
                    .boxed(),
            }
        }
        Type::Tuple(ts) if depth < 3 => {
            let parts: Vec<BoxedStrategy<Value>> = ts
                .iter()
                .map(|t| leaf_or_null(value_of(t.clone(), depth + 1), t.clone()))
                .collect();
            parts.prop_map(Value::tuple).boxed()
        }
        Type::Object(o) if depth < 3 => {
            let names: Vec<String> = o.attrs().iter().map(|(n, _)| n.to_string()).collect();
            let parts: Vec<BoxedStrategy<Value>> = o
                .attrs()
                .iter()
                .map(|(_, t)| leaf_or_null(value_of(t.clone(), depth + 1), t.clone()))
                .collect();
            parts
                .prop_map(move |vals| Value::object(names.clone().into_iter().zip(vals)))
                .boxed()
        }
        other => Just(Value::null(other)).boxed(),
    }
}

fn typed_value() -> impl Strategy<Value = (Type, Value)> {
    any_type().prop_flat_map(|t| value_of(t.clone(), 0).prop_map(move |v| (t.clone(), v)))
}

/// Types a value of `ty` converts to safely and back without loss: the
/// type itself, `any`, strings for primitives, and collections of such
/// element types. (cty converts tuples to lists and objects to maps, but
/// not back.)
fn lossless_targets(ty: &Type) -> Vec<Type> {
    let mut out = vec![ty.clone(), Type::Dynamic];
    match ty {
        Type::Bool | Type::Number => out.push(Type::String),
        Type::List(e) => out.extend(lossless_targets(e).into_iter().skip(2).map(Type::list)),
        Type::Map(e) => out.extend(lossless_targets(e).into_iter().skip(2).map(Type::map)),
        _ => {}
    }
    out
}

fn decode_any(hcl: &str) -> Value {
    let (spec, d) = LoadedSpec::load_str("object {\n  attr \"v\" {}\n}\n", "s.hcldec");
    assert!(!d.has_errors(), "{d}");
    let spec = spec.unwrap();
    let src = format!("v = {hcl}\n");
    let (file, d) = hcldecode::parse::parse_native(src.as_bytes(), "v.hcl");
    assert!(!d.has_errors(), "{d}\n{src}");
    let (v, d) = spec.decode(&file.body, None);
    assert!(!d.has_errors(), "{d}\n{src}");
    v.get_attr("v").unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, .. ProptestConfig::default() })]

    #[test]
    fn values_written_as_hcl_decode_back((ty, v) in typed_value()) {
        let hcl = value_to_hcl(&v).expect("known values have HCL text");
        let back = decode_any(&hcl);
        let back = convert(&back, &ty).unwrap_or_else(|e| panic!("{hcl}: {e}"));
        prop_assert!(back.raw_equals(&v), "{hcl}\n got {back:?}\nwant {v:?}");
    }

    #[test]
    fn lossless_safe_conversions_round_trip(((ty, v), pick) in (typed_value(), any::<prop::sample::Index>())) {
        let targets = lossless_targets(&ty);
        let target = pick.get(&targets);
        prop_assert!(get_conversion(&ty, target).is_some() || &ty == target, "{ty} -> {target} is not safe");
        prop_assert!(get_conversion_unsafe(target, &ty).is_some() || &ty == target);
        let there = convert(&v, target).unwrap_or_else(|e| panic!("{v:?} to {target}: {e}"));
        let back = convert(&there, &ty).unwrap_or_else(|e| panic!("{there:?} back to {ty}: {e}"));
        prop_assert!(back.raw_equals(&v), "{v:?} -> {there:?} -> {back:?}");
    }

    #[test]
    fn unification_does_not_depend_on_order(a in any_type(), b in any_type(), c in any_type()) {
        let types = |v: Option<(Type, Vec<Option<hcldecode::value::convert::Conversion>>)>| v.map(|(t, _)| t);
        prop_assert_eq!(types(unify(&[a.clone(), b.clone()])), types(unify(&[b.clone(), a.clone()])));
        prop_assert_eq!(
            types(unify_unsafe(&[a.clone(), b.clone(), c.clone()])),
            types(unify_unsafe(&[c.clone(), a.clone(), b.clone()]))
        );
    }
}
