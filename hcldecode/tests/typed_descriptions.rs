//! Doc comments of derived fields and types become the descriptions of
//! the derived spec's attributes and blocks (what editors show); decoding
//! ignores them, and the spec file printed from the spec keeps them.

#![cfg(feature = "derive")]

use std::collections::BTreeMap;

use hcldecode::spec_file::LoadedSpec;
use hcldecode::{HclDecode, Spec};

/// A listener.
///
/// Several lines of it.
#[derive(HclDecode, Debug)]
struct Listener {
    /// The port to listen on.
    port: u16,
}

/// A rule without a field doc of its own.
#[derive(HclDecode, Debug)]
struct Rule {
    allow: bool,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)] // Read through the spec.
struct Config {
    /// The service's name.
    name: String,
    /// How many copies run.
    #[hcl(default)]
    replicas: u32,
    undocumented: Option<String>,
    /// Listeners by name (the field's doc wins over the type's).
    #[hcl(block, rename = "listener")]
    listeners: BTreeMap<String, Listener>,
    #[hcl(block, rename = "rule")]
    rules: Vec<Rule>,
    /// Environment variables.
    #[hcl(block_attrs, default)]
    env: BTreeMap<String, String>,
}

fn property<'a>(spec: &'a Spec, name: &str) -> &'a Spec {
    let Spec::Object(o) = spec else {
        panic!("{spec:?}")
    };
    &o.properties.iter().find(|(k, _)| k == name).unwrap().1
}

#[test]
fn doc_comments_are_descriptions() {
    let spec = Config::spec();
    let d = |n: &str| property(&spec, n).description();
    assert_eq!(d("name"), Some("The service's name."));
    // Through the `default` wrapper of a defaulted field.
    assert_eq!(d("replicas"), Some("How many copies run."));
    assert_eq!(d("undocumented"), None);
    assert_eq!(
        d("listener"),
        Some("Listeners by name (the field's doc wins over the type's).")
    );
    assert_eq!(d("rule"), Some("A rule without a field doc of its own."));
    assert_eq!(d("env"), Some("Environment variables."));
    let listener = property(&spec, "listener").nested().unwrap();
    assert_eq!(
        property(listener, "port").description(),
        Some("The port to listen on.")
    );
    // A type's doc on its own: every line, as written.
    assert_eq!(
        <Listener as hcldecode::typed::HclBody>::description(),
        Some("A listener.\n\nSeveral lines of it.")
    );
}

#[test]
fn decoding_ignores_them_and_the_printed_spec_keeps_them() {
    let c: Config = hcldecode::from_str(
        "name = \"web\"\nlistener \"a\" {\n  port = 80\n}\nrule {\n  allow = true\n}\n",
        "c.hcl",
    )
    .unwrap();
    assert_eq!(c.listeners["a"].port, 80);
    assert!(c.rules[0].allow);
    let text = Config::spec().to_spec_file();
    assert!(
        text.contains("description = \"The service's name.\""),
        "{text}"
    );
    let (loaded, diags) = LoadedSpec::load_str(&text, "c.hcldec");
    assert!(diags.is_empty(), "{diags:?}\n{text}");
    let loaded = loaded.unwrap();
    assert_eq!(
        property(&loaded.spec, "rule").description(),
        Some("A rule without a field doc of its own.")
    );
}
