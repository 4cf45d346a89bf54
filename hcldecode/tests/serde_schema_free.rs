//! `hcldecode::serde::from_str`: schema-free decoding laid out as hcl-rs
//! lays bodies out (compared with hcl-rs itself), with evaluation and
//! ranged diagnostics.
#![cfg(feature = "serde")]

use std::collections::BTreeMap;

use hcldecode::Decoder;
use hcldecode::serde::Options;
use serde::Deserialize;
use serde_json::Value as Json;

/// Inputs with literal values only, where hcl-rs's result is the reference.
const LAYOUT_CASES: &[&str] = &[
    "a = 1\nb = \"x\"\nc = [true, null]\nd = { e = 1.5 }\n",
    "block {\n  x = 1\n}\n",
    "block {\n  x = 1\n}\nblock {\n  x = 2\n}\n",
    "service \"web\" {\n  port = 80\n}\nservice \"db\" {\n  port = 5432\n}\n",
    "resource \"aws\" \"a\" {\n  n = 1\n}\nresource \"aws\" \"b\" {\n  n = 2\n}\nresource \"gcp\" \"a\" {}\n",
    "job \"j\" {\n  group \"g\" {\n    task \"t\" {\n      driver = \"docker\"\n    }\n    task \"t\" {\n      driver = \"exec\"\n    }\n  }\n}\n",
    "empty {}\nlist = []\nobj = {}\n",
    "x = \"plain\"\nnested {\n  deeper {\n    v = [1, [2, 3]]\n  }\n}\n",
];

#[test]
fn the_layout_is_hcl_rs_layout() {
    for src in LAYOUT_CASES {
        let theirs: Json = hcl::from_str(src).unwrap();
        let ours: Json = hcldecode::serde::from_str(src, "case.hcl").unwrap();
        assert_eq!(ours, theirs, "{src}");
    }
}

#[derive(Deserialize, Debug, PartialEq)]
struct Config {
    name: String,
    #[serde(default)]
    replicas: u32,
    service: BTreeMap<String, Service>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Service {
    port: u16,
    #[serde(default)]
    tags: Vec<String>,
}

#[test]
fn existing_serde_types_work_unchanged() {
    let src = "name = \"app\"\nservice \"web\" {\n  port = 80\n  tags = [\"a\"]\n}\n";
    let theirs: Config = hcl::from_str(src).unwrap();
    let ours: Config = hcldecode::serde::from_str(src, "app.hcl").unwrap();
    assert_eq!(ours, theirs);
}

#[test]
fn expressions_are_evaluated_with_variables_and_functions() {
    let opts = Options::new().decoder(
        Decoder::new()
            .variable("env", "prod")
            .variable("base", 8000)
            .function(
                "upper",
                hcldecode::function::stdlib::lookup("upper").unwrap(),
            )
            .function(
                "length",
                hcldecode::function::stdlib::lookup("length").unwrap(),
            ),
    );
    let c: Config = opts
        .from_str(
            "name = \"app-${upper(env)}\"\nreplicas = length([1, 2, 3])\nservice \"web\" {\n  port = base + 80\n}\n",
            "app.hcl",
        )
        .unwrap_err_or_ok();
    assert_eq!(c.name, "app-PROD");
    assert_eq!(c.service["web"].port, 8080);
}

trait UnwrapErrOrOk<T> {
    fn unwrap_err_or_ok(self) -> T;
}
impl<T> UnwrapErrOrOk<T> for Result<T, hcldecode::Error> {
    fn unwrap_err_or_ok(self) -> T {
        match self {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }
}

#[test]
fn every_evaluation_error_is_reported_with_its_range() {
    let e = hcldecode::serde::from_str::<Json>("a = nope\nb {\n  c = 1 + \"x\"\n}\n", "bad.hcl")
        .unwrap_err();
    let ranges: Vec<String> = e
        .diagnostics()
        .iter()
        .map(|d| d.subject.as_ref().unwrap().to_string())
        .collect();
    assert_eq!(ranges, ["bad.hcl:1,5-9", "bad.hcl:3,11-14"], "{e}");
    assert!(e.to_string().contains("   3:   c = 1 + \"x\"\n"), "{e}");
    // Syntax errors stop before evaluation.
    let e = hcldecode::serde::from_str::<Json>("a = \nb = nope\n", "bad.hcl").unwrap_err();
    assert_eq!(e.diagnostics()[0].summary, "Invalid expression", "{e}");
}

#[test]
fn serde_errors_point_at_the_value_or_block() {
    let e = hcldecode::serde::from_str::<Config>(
        "name = \"a\"\nservice \"web\" {\n  port = 70000\n}\n",
        "app.hcl",
    )
    .unwrap_err();
    assert_eq!(
        e.diagnostics()[0].subject.as_ref().unwrap().to_string(),
        "app.hcl:3,10-15"
    );
    assert!(e.to_string().contains("   3:   port = 70000\n"), "{e}");
    // A field missing from a block body: at the block.
    let e = hcldecode::serde::from_str::<Config>("name = \"a\"\nservice \"web\" {\n}\n", "app.hcl")
        .unwrap_err();
    assert_eq!(
        e.diagnostics()[0].subject.as_ref().unwrap().to_string(),
        "app.hcl:2,1-14"
    );
    assert!(e.diagnostics()[0].detail.contains("Missing field `port`"));
    // An attribute and a block of the same name.
    let e = hcldecode::serde::from_str::<Json>("x = 1\nx {}\n", "a.hcl").unwrap_err();
    assert_eq!(
        e.diagnostics()[0].summary,
        "Attribute and block of the same name"
    );
}

#[derive(Deserialize, Debug)]
struct Pipeline {
    step: Vec<Step>,
}

#[derive(Deserialize, Debug)]
struct Step {
    run: String,
}

#[test]
fn block_lists_fix_the_one_block_shape_flip() {
    let one = "step {\n  run = \"a\"\n}\n";
    let two = "step {\n  run = \"a\"\n}\nstep {\n  run = \"b\"\n}\n";
    // hcl-rs: the type that takes two blocks fails for one.
    assert!(hcl::from_str::<Pipeline>(two).is_ok());
    assert!(hcl::from_str::<Pipeline>(one).is_err());
    // The same default here, so existing types behave the same.
    assert!(hcldecode::serde::from_str::<Pipeline>(two, "p.hcl").is_ok());
    assert!(hcldecode::serde::from_str::<Pipeline>(one, "p.hcl").is_err());
    // With block lists, both work.
    let opts = Options::new().block_lists(true);
    assert_eq!(
        opts.from_str::<Pipeline>(one, "p.hcl").unwrap().step.len(),
        1
    );
    assert_eq!(
        opts.from_str::<Pipeline>(two, "p.hcl").unwrap().step[1].run,
        "b"
    );
}

#[test]
fn json_syntax_has_the_same_layout() {
    let json = r#"{"name": "app", "service": {"web": {"port": 80}}}"#;
    let c: Config = hcldecode::serde::from_str(json, "app.hcl.json").unwrap();
    assert_eq!(c.service["web"].port, 80);
}
