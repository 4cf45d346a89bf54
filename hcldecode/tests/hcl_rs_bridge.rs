//! The hcl-rs bridge (feature `hcl-rs`): values both ways, hcl-rs bodies
//! and expressions decoded and evaluated by hcldecode.
#![cfg(all(feature = "hcl-rs", feature = "derive"))]

use hcl::eval::{Context, Evaluate};
use hcldecode::{HclDecode, Type, Value};

#[test]
fn values_round_trip() {
    let cases = [
        hcl::value!(null),
        hcl::value!(true),
        hcl::value!(42),
        hcl::value!(-7),
        hcl::Value::from(u64::MAX),
        hcl::value!(1.5),
        hcl::value!("text"),
        hcl::value!([1, "a", [true]]),
        hcl::value!({ a = 1, b = { c = [null] } }),
    ];
    for v in cases {
        let ours = Value::from(v.clone());
        let back = hcl::Value::try_from(&ours).unwrap();
        assert_eq!(back, v, "{ours}");
    }
}

#[test]
fn collections_convert_to_arrays_and_objects() {
    let v = Value::object([
        ("l", Value::list(Type::String, vec![Value::string("x")])),
        (
            "s",
            Value::set(Type::Number, vec![Value::int(2), Value::int(1)]),
        ),
        ("m", Value::map(Type::Bool, [("k", Value::bool(false))])),
    ]);
    assert_eq!(
        hcl::Value::try_from(v).unwrap(),
        hcl::value!({ l = ["x"], m = { k = false }, s = [1, 2] })
    );
    // What hcl-rs cannot hold is an error, not a made-up value.
    assert!(hcl::Value::try_from(Value::unknown(Type::Number)).is_err());
    let inf = Value::number(hcldecode::Number::infinity(false));
    let e = hcl::Value::try_from(inf).unwrap_err();
    assert_eq!(e.iter().next().unwrap().summary, "Number not representable");
    assert!(!e.to_string().is_empty());
}

#[derive(HclDecode, Debug)]
struct Job {
    #[hcl(label)]
    name: String,
    #[hcl(block)]
    task: Vec<Task>,
}

#[derive(HclDecode, Debug)]
struct Task {
    #[hcl(label)]
    name: String,
    driver: String,
    count: Option<u8>,
}

fn job_body(count: u64) -> hcl::Body {
    hcl::Body::builder()
        .add_block(
            hcl::Block::builder("job")
                .add_label("web")
                .add_block(
                    hcl::Block::builder("task")
                        .add_label("server")
                        .add_attribute(("driver", "docker"))
                        .add_attribute(("count", count))
                        .build(),
                )
                .build(),
        )
        .build()
}

#[derive(HclDecode, Debug)]
struct Root {
    #[hcl(block)]
    job: Job,
}

#[test]
fn built_bodies_decode_into_derived_types() {
    let r: Root = hcldecode::Decoder::new()
        .decode_hcl_body(&job_body(3))
        .unwrap();
    assert_eq!(r.job.name, "web");
    assert_eq!(r.job.task[0].name, "server");
    assert_eq!(r.job.task[0].driver, "docker");
    assert_eq!(r.job.task[0].count, Some(3));
    // Errors have ranges in the formatted body, with snippets.
    let e = hcldecode::Decoder::new()
        .decode_hcl_body::<Root>(&job_body(300))
        .unwrap_err();
    assert_eq!(e.diagnostics()[0].summary, "Value out of range");
    let formatted = hcl::format::to_string(&job_body(300)).unwrap();
    let range = e.diagnostics()[0].subject.clone().unwrap();
    assert_eq!(&formatted[range.start.byte..range.end.byte], "300");
    assert!(e.to_string().contains("count = 300"), "{e}");
}

#[test]
fn parsed_bodies_decode_with_a_spec() {
    let body: hcl::Body = hcl::parse("name = \"a\"\nsize = 2 * 3\n").unwrap();
    let (spec, _) = hcldecode::spec_file::LoadedSpec::load_str(
        "object {\n  attr \"name\" {\n    type = string\n  }\n  attr \"size\" {\n    type = number\n  }\n}\n",
        "s.hcldec",
    );
    let v = hcldecode::hcl_rs::decode_body(&body, &spec.unwrap().spec, None).unwrap();
    assert_eq!(
        v,
        Value::object([("name", Value::string("a")), ("size", Value::int(6))])
    );
}

#[test]
fn expressions_evaluate_as_hcl_rs_evaluates_them() {
    // hcl-rs's own evaluator is the reference for these.
    let sources = [
        "1 + 2 * 3",
        "\"a-${1 + 1}\"",
        "[for x in [1, 2, 3] : x * 2]",
        "{ a = true ? \"y\" : \"n\" }",
        "!false && (4 > 3)",
        "[1, 2, 3][1]",
    ];
    for src in sources {
        let theirs_expr: hcl::Expression = src.parse().unwrap();
        let theirs = theirs_expr.evaluate(&Context::new()).unwrap();
        let ours_expr = hcldecode::hcl_rs::expression(&theirs_expr, "e.hcl").unwrap();
        let ours = hcldecode::eval::evaluate_expression(&ours_expr, None).unwrap();
        assert_eq!(hcl::Value::try_from(&ours).unwrap(), theirs, "{src}");
    }
}
