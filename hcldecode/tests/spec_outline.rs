//! The derive's compile-time spec and `T::spec()` come from one builder
//! (`hcldecode_spec::spec::field`): with hcldecode-derive's `self-check`
//! feature (on in this workspace's tests), every derived type's `spec()`
//! checks that it gives the outline of the spec the derive checked at
//! compile time, so every derive test type in every test is checked. These
//! tests show the check runs, what it compares, and that it fails on a
//! difference.

#![cfg(feature = "derive")]

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::atomic::Ordering;

use hcldecode::__private::spec::{OUTLINE_CHECKS, check_outline, field};
use hcldecode::HclDecode;

#[derive(HclDecode, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Rule {
    #[hcl(label)]
    name: String,
    port: u16,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
enum Step {
    Run(Run),
    Copy(Run),
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Run {
    command: String,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Common {
    region: Option<String>,
}

/// Every field kind and block shape the derive knows.
#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Zoo {
    #[hcl(label)]
    name: String,
    count: u32,
    tags: Option<Vec<String>>,
    #[hcl(default)]
    weight: f64,
    #[hcl(type = "list(string)")]
    names: Vec<String>,
    any: hcldecode::Value,
    #[hcl(block)]
    one: Rule,
    #[hcl(block, required)]
    maybe: Option<Rule>,
    #[hcl(block, min_items = 1, max_items = 3)]
    rules: Vec<Rule>,
    #[hcl(block)]
    set: BTreeSet<Rule>,
    #[hcl(block, labels = ["region"])]
    by_region: HashMap<String, Run>,
    #[hcl(block)]
    deep: BTreeMap<String, BTreeMap<String, Run>>,
    #[hcl(block)]
    steps: Vec<Step>,
    #[hcl(block, tag = "label")]
    tagged: Vec<Step>,
    #[hcl(block_attrs)]
    env: HashMap<String, String>,
    #[hcl(block_attrs)]
    extra: Option<BTreeMap<String, u32>>,
    #[hcl(flatten)]
    common: Common,
}

#[test]
fn a_derived_types_spec_checks_itself_against_the_compile_time_spec() {
    let before = OUTLINE_CHECKS.load(Ordering::Relaxed);
    let spec = Zoo::spec();
    assert!(
        OUTLINE_CHECKS.load(Ordering::Relaxed) > before,
        "the self-check did not run: is hcldecode-derive's `self-check` feature on?"
    );
    // What the check compared, written out by hand from the field list.
    let expected = [
        ("name", "label(0, name)"),
        ("count", "attr(count, number, required)"),
        ("tags", "attr(tags, list(string))"),
        ("weight", "attr(weight, number)"),
        ("names", "attr(names, list(string), required)"),
        ("any", "attr(any, any)"),
        ("one", "block(one, required)"),
        ("maybe", "block(maybe, required)"),
        ("rules", "block_list(rules, 1..3)"),
        ("set", "block_set(set, 0..0)"),
        ("by_region", "block_map(by_region, [region])"),
        ("deep", "block_map(deep, [label1, label2])"),
        ("steps", "variants(block_list)"),
        ("tagged", "block_list(tagged, 0..0)"),
        ("env", "block_attrs(env, string, required)"),
        ("extra", "block_attrs(extra, number)"),
        ("common", "object"),
    ];
    let got = field::outline(&spec);
    let got: Vec<(&str, &str)> = got.iter().map(|(k, l)| (k.as_str(), l.as_str())).collect();
    assert_eq!(got, expected);
}

#[test]
#[should_panic(
    expected = "field \"count\": the run-time spec gives `attr(count, number, required)`, the compile-time spec `attr(count, string, required)`"
)]
fn the_check_fails_where_the_two_specs_differ() {
    let spec = field::body(vec![(
        "count".to_string(),
        field::attr("count", hcldecode::Type::Number, true),
    )]);
    check_outline(
        "Zoo",
        &spec,
        &[("count", Some("attr(count, string, required)"))],
    );
}

#[test]
#[should_panic(expected = "the run-time spec's fields differ")]
fn the_check_fails_where_the_fields_differ() {
    let spec = field::body(vec![("a".to_string(), field::label(0, "a"))]);
    check_outline("Zoo", &spec, &[("b", None)]);
}

#[test]
fn a_field_whose_type_the_derive_cannot_see_is_not_compared() {
    let spec = field::body(vec![(
        "rule".to_string(),
        field::attr("rule", hcldecode::Type::Dynamic, true),
    )]);
    check_outline("Zoo", &spec, &[("rule", None)]);
}
