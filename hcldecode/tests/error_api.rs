//! The error API's friction points from the new-user trial (issue 14):
//! each test failed (or did not compile) before the fix.

#![cfg(feature = "derive")]

use std::collections::{BTreeMap, HashMap};

use hcldecode::typed::At;
use hcldecode::{Body, Decoder, Diagnostic, Diagnostics, Error, HclDecode, Type, Value};

#[derive(HclDecode, Debug)]
struct Config {
    #[allow(dead_code)]
    port: u16,
}

const LONG: &str = "This detail is deliberately much longer than eighty columns so that a wrapped rendering would break it across lines.";

#[test]
fn debug_of_the_typed_error_is_the_rendered_diagnostics() {
    let err = hcldecode::from_str::<Config>("port = 70000\n", "app.hcl").unwrap_err();
    let debug = format!("{err:?}");
    assert_eq!(debug, err.to_string());
    assert!(debug.starts_with("Value out of range\n\n  on app.hcl line 1:\n   1: port = 70000\n"));
    assert!(!debug.contains("diags"), "{debug}");
    // What `fn main() -> Result<(), Box<dyn Error>>` prints.
    let boxed: Box<dyn std::error::Error> = Box::new(err);
    assert!(format!("{boxed:?}").contains("   1: port = 70000\n"));
}

#[test]
fn display_is_not_wrapped_at_80_columns() {
    let err = Error::new(Diagnostic::error("Bad", LONG));
    assert_eq!(err.to_string(), format!("Bad\n\n{LONG}"));
    assert_eq!(err.render(0, false), format!("Error: Bad\n\n{LONG}\n\n"));
    // Wrapping is there for whoever asks (the CLI, to the terminal).
    assert!(
        err.render(40, false)
            .lines()
            .all(|l| l.chars().count() <= 40)
    );
}

#[test]
fn diagnostics_are_a_std_error() {
    fn fails() -> Result<(), Box<dyn std::error::Error>> {
        let d = Diagnostics::from(Diagnostic::error("Bad", "Very bad."));
        Err(d)?;
        Ok(())
    }
    let e = fails().unwrap_err();
    assert_eq!(e.to_string(), "Bad; Very bad.");
    assert!(e.source().is_none());
}

#[derive(HclDecode)]
struct Outer {
    #[allow(dead_code)]
    name: String,
    #[hcl(remain)]
    rest: Body,
}

#[test]
fn decode_body_of_a_remain_body_has_snippets() {
    let outer: Outer = hcldecode::from_str("name = \"a\"\nport = 70000\n", "app.hcl").unwrap();
    let err = Decoder::new()
        .decode_body::<Config>(&outer.rest)
        .unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("  on app.hcl line 2:\n   2: port = 70000\n"),
        "{text}"
    );
    assert!(!text.contains("source code not available"), "{text}");
}

#[test]
fn decode_body_of_a_json_remain_body_has_snippets() {
    let outer: Outer =
        hcldecode::from_str("{\"name\": \"a\", \"port\": 70000}", "app.hcl.json").unwrap();
    let err = Decoder::new()
        .decode_body::<Config>(&outer.rest)
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("  on app.hcl.json line 1:\n   1: {\"name\": \"a\", \"port\": 70000}\n"),
        "{err}"
    );
}

#[derive(HclDecode)]
struct Deferred {
    when: hcldecode::Expression,
}

#[test]
fn a_raw_expression_evaluated_later_has_snippets() {
    let d: Deferred = hcldecode::from_str("when = env == \"prod\"\n", "app.hcl").unwrap();
    let err = hcldecode::eval::evaluate_expression(&d.when, None).unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("  on app.hcl line 1:\n   1: when = env == \"prod\"\n"),
        "{text}"
    );

    // Or with the diagnostics of `evaluate`, the files carried along.
    let (_, diags) = hcldecode::eval::evaluate(d.when.as_ref(), None);
    let err = Error::from_diagnostics(diags).with_files_of_expression(&d.when);
    assert!(err.to_string().contains("   1: when = env"), "{err}");
    let mut map = hcldecode::SourceMap::new();
    map.add_expression(&d.when);
    assert!(map.contains("app.hcl"));
}

#[test]
fn a_failed_conversion_of_an_unknown_value_is_never_an_empty_string() {
    let e = String::from_hcl(&Value::unknown(Type::String), At::none()).unwrap_err();
    assert!(!e.to_string().is_empty());
    assert!(!format!("{e:?}").is_empty());
    assert_eq!(e.diagnostics().len(), 1);
    assert!(e.render(0, false).starts_with("Error: "), "{e}");

    let e = u8::from_hcl(&Value::unknown(Type::Number), At::none()).unwrap_err();
    assert!(e.render(0, false).starts_with("Error: "), "{e}");

    // Through a decode, with an unknown variable value.
    let e = Decoder::new()
        .variable("x", Value::unknown(Type::String))
        .decode_str::<String>("value = x\n", "a.hcl")
        .unwrap_err();
    assert!(e.render(0, false).starts_with("Error: "), "{e}");
    assert!(e.to_string().contains("   1: value = x\n"), "{e}");

    // An error without any diagnostic still says something.
    assert!(!Error::default().to_string().is_empty());
}

#[test]
fn value_from_rust_values() {
    assert_eq!(Value::from("a"), Value::string("a"));
    assert_eq!(Value::from(String::from("a")), Value::string("a"));
    assert_eq!(Value::from(true), Value::bool(true));
    assert_eq!(Value::from(7u8), Value::int(7));
    assert_eq!(Value::from(-7i32), Value::int(-7));
    assert_eq!(Value::from(u64::MAX).to_string(), "18446744073709551615");
    assert_eq!(Value::from(7usize), Value::int(7));
    assert_eq!(
        Value::from(i128::MAX).to_string(),
        "170141183460469231731687303715884105727"
    );
    assert_eq!(Value::from(0.5f64).to_string(), "0.5");
    assert_eq!(
        Value::from(vec![1, 2]),
        Value::tuple(vec![Value::int(1), Value::int(2)])
    );
    assert_eq!(Value::from(vec!["a"]).ty(), &Type::tuple([Type::String]));
    let h: HashMap<String, bool> = [("on".to_string(), true)].into();
    assert_eq!(Value::from(h), Value::object([("on", Value::bool(true))]));
    let b: BTreeMap<&str, Vec<&str>> = [("z", vec!["q"])].into();
    assert_eq!(
        Value::from(b),
        Value::object([("z", Value::tuple(vec![Value::string("q")]))])
    );
    // Usable as variables straight away.
    let v: Vec<String> = Decoder::new()
        .variable("zones", vec!["a", "b"])
        .decode_str("value = zones\n", "a.hcl")
        .unwrap();
    assert_eq!(v, ["a", "b"]);
}

#[test]
fn value_display_is_hcl_syntax() {
    assert_eq!(Value::string("x\ny").to_string(), r#""x\ny""#);
    assert_eq!(Value::int(3).to_string(), "3");
    assert_eq!(Value::null(Type::String).to_string(), "null");
    assert_eq!(Value::unknown(Type::String).to_string(), "(unknown)");
    assert_eq!(Value::empty_object().to_string(), "{}");
    assert_eq!(
        Value::map(Type::Number, [("a b", Value::int(1))]).to_string(),
        r#"{ "a b" = 1 }"#
    );
    assert_eq!(
        Value::list(Type::String, vec![Value::string("%{x}")]).to_string(),
        r#"["%%{x}"]"#
    );
    // What it prints parses back to the same value.
    let v = Value::object([
        ("s", Value::string("q\"${x}\t\u{1}")),
        ("l", Value::from(vec![1.5, -2.0])),
        ("n", Value::null(Type::Dynamic)),
    ]);
    let text = v.to_string();
    let expr = hcldecode::parse_expression(&text, "v.hcl").unwrap();
    let (back, diags) = hcldecode::eval::evaluate(expr.as_ref(), None);
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(back, v, "{text}");
}

#[test]
fn value_list_never_panics() {
    // Elements of another type are converted to the element type.
    assert_eq!(
        Value::list(Type::String, vec![Value::int(1), Value::bool(true)]),
        Value::list(
            Type::String,
            vec![Value::string("1"), Value::string("true")]
        )
    );
    // Elements that cannot be: a tuple of them as given.
    let bad = vec![Value::string("x"), Value::empty_object()];
    assert_eq!(
        Value::list(Type::Number, bad.clone()),
        Value::tuple(bad.clone())
    );
    assert_eq!(Value::try_list(Type::Number, bad.clone()), Err(bad.clone()));
    // Mixed types in a list of `any`.
    assert_eq!(
        Value::list(Type::Dynamic, bad.clone()),
        Value::tuple(bad.clone())
    );
    assert_eq!(
        Value::list(Type::Dynamic, vec![Value::int(1)]).ty(),
        &Type::list(Type::Number)
    );
    assert_eq!(Value::set(Type::Bool, bad.clone()), Value::tuple(bad));
    let m = Value::map(Type::Number, [("a", Value::string("x"))]);
    assert_eq!(m, Value::object([("a", Value::string("x"))]));
}

#[test]
fn debug_of_body_and_expression_is_short() {
    let d: Deferred = hcldecode::from_str("when = [1, 2, 3]\n", "app.hcl").unwrap();
    assert_eq!(format!("{:?}", d.when), "Expression(app.hcl:1,8-17)");
    let outer: Outer = hcldecode::from_str("name = \"a\"\nx = 1\n", "app.hcl").unwrap();
    assert_eq!(
        format!("{:?}", outer.rest),
        "Body(app.hcl:1,1-3,1, partial)"
    );
}

/// A `Spanned` value made in code has no source position: an error about
/// it renders without a snippet or a made-up location (issue 35).
#[test]
fn an_error_at_a_value_made_in_code_renders_without_a_location() {
    use hcldecode::Spanned;
    let port: Spanned<u16> = Spanned::from(0);
    assert!(!port.has_position());
    let err = hcldecode::Error::at(
        "Port zero",
        "Port 0 cannot be listened on.",
        Some(port.range().clone()),
    );
    let text = err.to_string();
    assert!(!text.contains("line 0"), "{text}");
    assert!(!text.contains("source code not available"), "{text}");
    assert!(text.contains("Port zero"), "{text}");
    assert!(err.diagnostics()[0].subject.is_none());
    let d = hcldecode::Diagnostic::error("x", "y").with_subject(port.range().clone());
    assert!(d.subject.is_none());
    assert_eq!(format!("{port:?}"), "0");
}
