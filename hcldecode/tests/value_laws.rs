//! Property tests of the information model:
//!
//! - any value written as HCL (`Value::to_hcl`) and decoded with
//!   an `any` attribute comes back equal, once converted to its own type
//!   (HCL has no list or map literal syntax: `[...]` is a tuple);
//! - converting a value to a type it converts to safely, and back, is the
//!   identity (sets excepted: they deduplicate);
//! - unification does not depend on the order of the types.

use hcldecode::Type;
use hcldecode::spec_file::LoadedSpec;
use hcldecode::value::convert::{
    convert, get_conversion, get_conversion_unsafe, unify, unify_unsafe,
};
use hcldecode::value::{Number, Value};
use proptest::prelude::*;

mod value_strategies;
use value_strategies::Leaves;

/// Plain names and keys, numbers of up to 40 digits, strings with quotes,
/// escapes and template sequences.
const LEAVES: Leaves = Leaves {
    attr_name: || "[a-z][a-z0-9_]{0,5}".boxed(),
    map_key: || "[a-z0-9 ]{0,4}".boxed(),
    string: || string().boxed(),
    number: || number().boxed(),
};

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

fn any_type() -> impl Strategy<Value = Type> {
    value_strategies::any_type(LEAVES)
}

fn typed_value() -> impl Strategy<Value = (Type, Value)> {
    value_strategies::typed_value(LEAVES)
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
        let hcl = v.to_hcl().expect("known values have HCL text");
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
