//! Namespaced function calls (HCL v2.20): `provider::aws::arn_parse(x)`
//! parses, an application registers the function under its whole name,
//! and unknown namespaces or names are the reference's errors.

use hcldecode::Value;
use hcldecode::eval::{EvalContext, evaluate};
use hcldecode::function::stdlib;

fn ctx() -> EvalContext {
    let mut ctx = EvalContext::new();
    ctx.set_function("provider::test::upper", stdlib::lookup("upper").unwrap());
    ctx.set_function("lower", stdlib::lookup("lower").unwrap());
    ctx
}

fn eval(src: &str) -> (Value, Vec<(String, String, String)>) {
    let expr = hcldecode::parse_expression(src, "e.hcl").unwrap_or_else(|e| panic!("{e}"));
    let (v, diags) = evaluate(expr.as_ref(), Some(&ctx()));
    let d = diags
        .iter()
        .map(|d| {
            let r = d.subject.as_ref().unwrap();
            (
                d.summary.clone(),
                d.detail.clone(),
                src[r.start.byte..r.end.byte].to_string(),
            )
        })
        .collect();
    (v, d)
}

#[test]
fn a_registered_namespaced_function_is_called() {
    for src in [
        "provider::test::upper(\"input\")",
        "provider :: test :: upper(\"input\")",
    ] {
        let (v, d) = eval(src);
        assert!(d.is_empty(), "{src}: {d:?}");
        assert_eq!(v, Value::from("INPUT"), "{src}");
    }
}

#[cfg(feature = "derive")]
#[test]
fn a_terraform_file_with_a_provider_function_decodes() {
    #[derive(hcldecode::HclDecode, Debug)]
    struct Locals {
        name: String,
        tags: Vec<String>,
    }
    let src = "name = provider::test::upper(\"web\")\ntags = [for t in [\"a\"] : provider::test::upper(t)]\n";
    let l: Locals = hcldecode::Decoder::new()
        .function("provider::test::upper", stdlib::lookup("upper").unwrap())
        .decode_str(src, "main.tf")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (l.name.as_str(), l.tags.as_slice()),
        ("WEB", &["A".to_string()][..])
    );
    // In JSON, inside a template.
    let json = r#"{"name": "${provider::test::upper(\"web\")}", "tags": []}"#;
    let l: Locals = hcldecode::Decoder::new()
        .function("provider::test::upper", stdlib::lookup("upper").unwrap())
        .decode_str(json, "main.tf.json")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(l.name, "WEB");
}

#[test]
fn unknown_namespaces_and_names_are_told_apart() {
    let (_, d) = eval("provider::aws::arn(1)");
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].0, "Call to unknown function");
    assert_eq!(
        d[0].1,
        "There are no functions in namespace \"provider::aws::\"."
    );
    assert_eq!(d[0].2, "provider::aws::arn");
    let (_, d) = eval("provider::test::uper(\"x\")");
    assert_eq!(
        d[0].1,
        "There is no function named \"uper\" in namespace provider::test::. Did you mean provider::test::upper?"
    );
    assert_eq!(d[0].2, "provider::test::uper");
}

#[test]
fn a_malformed_namespaced_name_is_a_syntax_error() {
    for (src, summary, at) in [
        ("a::(1)", "Missing function name", "("),
        ("a::b", "Missing open parenthesis", ""),
        ("a::b + 1", "Missing open parenthesis", "+"),
    ] {
        let e = hcldecode::parse_expression(src, "e.hcl").unwrap_err();
        let d = &e[0];
        assert_eq!(d.summary, summary, "{src}");
        let r = d.subject.as_ref().unwrap();
        assert_eq!(&src[r.start.byte..r.end.byte], at, "{src}");
    }
}

#[test]
fn variables_inside_a_namespaced_call_are_seen() {
    let (spec, _) = hcldecode::spec_file::LoadedSpec::load_str(
        "attr {\n name = \"v\"\n type = any\n}\n",
        "s.hcldec",
    );
    let (file, _) = hcldecode::parse::parse_native(b"v = provider::x::f(var.a, b)\n", "a.hcl");
    let refs = hcldecode::decode::variables(file.body.as_ref(), &spec.unwrap().spec);
    let names: Vec<&str> = refs.iter().map(|t| t.root_name()).collect();
    assert_eq!(names, ["var", "b"]);
}
