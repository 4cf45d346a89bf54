//! Serde-typed decoding reports every error of a file (issue 24, "serde"):
//! where the deserializer knows what a type asked for, it records the
//! error at the value's range and carries on with a placeholder, so one
//! `Deserialize` gives all its errors, in source order; where the type
//! itself rejects a value, it stops there with the errors found before.
#![cfg(all(feature = "serde", feature = "derive"))]

use std::num::NonZeroU8;

use hcldecode::diag::Code;
use hcldecode::serde::{Options, Serde, from_value, from_value_at};
use hcldecode::spec_file::LoadedSpec;
use hcldecode::typed::At;
use hcldecode::{Error, HclDecode, Value, parse};
use serde::Deserialize;

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Job {
    priority: u8,
    resources: Resources,
    ports: Vec<u16>,
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Resources {
    enabled: bool,
    #[serde(default)]
    cpu: u32,
}

/// Each diagnostic's code and subject range.
fn found(e: &Error) -> Vec<(Option<Code>, String)> {
    e.iter()
        .map(|d| {
            let at = d.subject.as_ref().map(|r| r.to_string());
            (d.code, at.unwrap_or_default())
        })
        .collect()
}

fn codes(e: &Error) -> Vec<Option<Code>> {
    e.iter().map(|d| d.code).collect()
}

// Three errors: a u8 out of range, a bool in a nested struct that is not
// one, and an element of a Vec<u16> that is not a number.
const JOB: &str = "priority = 300\nresources {\n  enabled = \"maybe\"\n}\nports = [80, \"http\"]\n";

fn assert_three(e: &Error, file: &str, ranges: [&str; 3]) {
    let want: Vec<(Option<Code>, String)> = [
        Code::SerdeInvalidValue,
        Code::SerdeInvalidType,
        Code::SerdeInvalidType,
    ]
    .into_iter()
    .zip(ranges)
    .map(|(c, r)| (Some(c), format!("{file}:{r}")))
    .collect();
    assert_eq!(found(e), want, "{e}");
    let details: Vec<&str> = e.iter().map(|d| d.detail.as_str()).collect();
    assert_eq!(
        details,
        [
            "Invalid value: integer `300`, expected u8.",
            "Invalid type: string \"maybe\", expected a boolean.",
            "Invalid type: string \"http\", expected u16.",
        ]
    );
}

#[test]
fn from_str_reports_all_three_errors_in_source_order() {
    let e = hcldecode::serde::from_str::<Job>(JOB, "job.hcl").unwrap_err();
    assert_three(&e, "job.hcl", ["1,12-15", "3,13-20", "5,14-20"]);
    // Each renders with its snippet.
    let text = e.to_string();
    assert!(text.contains("   1: priority = 300\n"), "{text}");
    assert!(text.contains("   3:   enabled = \"maybe\"\n"), "{text}");
    assert!(text.contains("   5: ports = [80, \"http\"]\n"), "{text}");
    // The same file without the errors decodes.
    let ok = "priority = 3\nresources {\n  enabled = \"true\"\n}\nports = [80, \"443\"]\n";
    let job = hcldecode::serde::from_str::<Job>(ok, "job.hcl").unwrap();
    assert_eq!((job.priority, job.ports), (3, vec![80, 443]));
    assert!(job.resources.enabled);
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Deployment {
    #[hcl(serde)]
    job: Job,
    replicas: u8,
}

#[test]
fn serde_fields_report_all_three_errors_with_the_typed_ones() {
    let src = "job = {\n  priority  = 300\n  resources = { enabled = \"maybe\" }\n  ports     = [80, \"http\"]\n}\nreplicas = 1000\n";
    let e = hcldecode::from_str::<Deployment>(src, "d.hcl").unwrap_err();
    let got = found(&e);
    assert_eq!(got.len(), 4, "{e}");
    assert_three(
        &Error::from_diagnostics(e.iter().take(3).cloned().collect()),
        "d.hcl",
        ["2,15-18", "3,27-34", "4,20-26"],
    );
    // The typed field's error comes after them, in source order.
    assert_eq!(got[3].1, "d.hcl:6,12-16");
    assert_eq!(e.diagnostics()[3].summary, "Value out of range");
}

#[test]
fn serde_wrapper_reports_every_error_of_its_value() {
    let e = hcldecode::from_str::<Serde<Vec<u8>>>("value = [1, -1, 2, 256, \"x\"]\n", "v.hcl")
        .unwrap_err();
    assert_eq!(
        found(&e),
        [
            (Some(Code::SerdeInvalidValue), "v.hcl:1,13-15".to_string()),
            (Some(Code::SerdeInvalidValue), "v.hcl:1,20-23".to_string()),
            (Some(Code::SerdeInvalidType), "v.hcl:1,25-28".to_string()),
        ]
    );
}

const JOB_SPEC: &str = r#"object {
  attr "priority" { type = number }
  block "resources" {
    object {
      attr "enabled" { type = string }
    }
  }
  attr "ports" { type = any }
}
"#;

#[test]
fn loaded_spec_deserialize_reports_all_three_errors() {
    let (spec, _) = LoadedSpec::load_file(JOB_SPEC, "job.hcldec").unwrap();
    let (file, _) = parse::parse_native(JOB.as_bytes(), "job.hcl");
    let e = spec.deserialize::<Job>(&file, None).unwrap_err();
    assert_three(&e, "job.hcl", ["1,12-15", "3,13-20", "5,14-20"]);
    assert!(
        e.to_string().contains("   5: ports = [80, \"http\"]\n"),
        "{e}"
    );
}

#[test]
fn from_value_reports_every_error_without_ranges() {
    let v = Value::object([
        ("priority", Value::string("many")),
        (
            "resources",
            Value::object([("enabled", Value::int(1)), ("cpu", Value::int(-2))]),
        ),
        ("ports", Value::from(vec![70000])),
    ]);
    let e = from_value::<Job>(&v).unwrap_err();
    // An object's attributes are in name order (cty's): `ports`,
    // `priority`, `resources.cpu`, `resources.enabled`.
    assert_eq!(
        codes(&e),
        [
            Some(Code::SerdeInvalidValue),
            Some(Code::SerdeInvalidType),
            Some(Code::SerdeInvalidValue),
            Some(Code::SerdeInvalidType),
        ]
    );
    assert!(e.iter().all(|d| d.subject.is_none()));
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
#[serde(rename_all = "lowercase")]
enum Policy {
    Always,
    Never,
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Service {
    name: String,
    size: u8,
    policy: Policy,
    weight: f64,
    letter: char,
    pair: (u8, u8),
    lower: NonZeroU8,
}

#[test]
fn a_rejection_by_the_type_itself_stops_with_the_errors_before_it() {
    // `name` is an object (recorded, "" handed on), `size` out of range
    // (recorded), then the enum rejects its variant: deserializing stops
    // there, and `weight`'s error after it is not reached.
    let src = "name = { a = 1 }\nsize = 999\npolicy = \"sometimes\"\nweight = \"heavy\"\n";
    let e = hcldecode::serde::from_str::<Service>(src, "s.hcl").unwrap_err();
    assert_eq!(
        found(&e),
        [
            (Some(Code::SerdeInvalidType), "s.hcl:1,8-17".to_string()),
            (Some(Code::SerdeInvalidValue), "s.hcl:2,8-11".to_string()),
            (Some(Code::SerdeUnknownVariant), "s.hcl:3,10-21".to_string()),
        ]
    );
}

#[test]
fn floats_chars_and_tuples_carry_on_too() {
    let src = "name = \"n\"\nsize = 2.5\npolicy = \"never\"\nweight = [1]\nletter = \"ab\"\npair = [1, 2]\nlower = 0\n";
    let e = hcldecode::serde::from_str::<Service>(src, "s.hcl").unwrap_err();
    // A non-integer for a u8 is of the wrong type, a list for a float
    // too, two characters for a char the wrong value; NonZeroU8 rejects 0
    // itself.
    assert_eq!(
        found(&e),
        [
            (Some(Code::SerdeInvalidType), "s.hcl:2,8-11".to_string()),
            (Some(Code::SerdeInvalidType), "s.hcl:4,10-13".to_string()),
            (Some(Code::SerdeInvalidValue), "s.hcl:5,10-14".to_string()),
            (Some(Code::SerdeInvalidValue), "s.hcl:7,9-10".to_string()),
        ]
    );
    // A tuple of the wrong length is the tuple's own error.
    let src = "name = \"n\"\nsize = 1\npolicy = \"never\"\nweight = 1\nletter = \"a\"\npair = [1]\nlower = 1\n";
    let e = hcldecode::serde::from_str::<Service>(src, "s.hcl").unwrap_err();
    assert_eq!(
        found(&e),
        [(Some(Code::SerdeInvalidValue), "s.hcl:6,8-11".to_string())]
    );
}

#[test]
fn a_struct_that_is_not_an_object_is_one_error_not_a_missing_field_each() {
    let e = hcldecode::serde::from_str::<Job>(
        "priority = 1\nresources = \"big\"\nports = []\n",
        "j.hcl",
    )
    .unwrap_err();
    assert_eq!(
        found(&e),
        [(Some(Code::SerdeInvalidType), "j.hcl:2,13-18".to_string())]
    );
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Pipeline {
    name: String,
    step: Vec<Step>,
    retries: u8,
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Step {
    run: String,
}

#[test]
fn schema_free_blocks_where_a_scalar_or_a_list_is_wanted_carry_on() {
    // `name` is a block where a string is wanted, a lone `step` block is
    // an object where a list is wanted (hcl-rs's layout), and `retries`
    // is out of range: all three are reported.
    let src = "name {\n}\nstep {\n  run = \"make\"\n}\nretries = -1\n";
    let e = hcldecode::serde::from_str::<Pipeline>(src, "p.hcl").unwrap_err();
    assert_eq!(
        found(&e),
        [
            (Some(Code::SerdeInvalidType), "p.hcl:1,1-5".to_string()),
            (Some(Code::SerdeInvalidType), "p.hcl:3,1-5".to_string()),
            (Some(Code::SerdeInvalidValue), "p.hcl:6,11-13".to_string()),
        ]
    );
    // With block lists the lone block is a list.
    let ok = "name = \"n\"\nstep {\n  run = \"make\"\n}\nretries = 1\n";
    let p = Options::new()
        .block_lists(true)
        .from_str::<Pipeline>(ok, "p.hcl")
        .unwrap();
    assert_eq!(p.step[0].run, "make");
}

#[test]
fn the_deserializer_stays_send_sync_and_unwind_safe() {
    fn check<T: Send + Sync + std::panic::RefUnwindSafe + std::panic::UnwindSafe>(_: &T) {}
    let v = Value::from(vec![300]);
    check(&hcldecode::serde::ValueDeserializer::new(&v, At::none()));
}

#[test]
fn the_plain_deserializer_still_stops_at_the_first_error() {
    let v = Value::from(vec![300, 400]);
    let e = Vec::<u8>::deserialize(hcldecode::serde::ValueDeserializer::new(&v, At::none()))
        .unwrap_err();
    assert_eq!(codes(&e), [Some(Code::SerdeInvalidValue)]);
    let e = from_value_at::<Vec<u8>>(&v, At::none()).unwrap_err();
    assert_eq!(codes(&e), [Some(Code::SerdeInvalidValue); 2]);
}

#[test]
fn custom_missing_and_unknown_field_errors_have_codes() {
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Strict {
        a: u8,
    }
    let e = hcldecode::serde::from_str::<Strict>("b = 1\n", "x.hcl").unwrap_err();
    assert_eq!(codes(&e), [Some(Code::SerdeUnknownField)]);
    let e = hcldecode::serde::from_str::<Strict>("", "x.hcl").unwrap_err();
    assert_eq!(codes(&e), [Some(Code::SerdeMissingField)]);
    #[derive(Debug)]
    struct Odd;
    impl<'de> Deserialize<'de> for Odd {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Odd, D::Error> {
            u8::deserialize(d)?;
            Err(serde::de::Error::custom("odd"))
        }
    }
    let e = hcldecode::from_str::<Serde<Odd>>("value = 1\n", "o.hcl").unwrap_err();
    assert_eq!(
        found(&e),
        [(Some(Code::SerdeCustom), "o.hcl:1,9-10".to_string())]
    );
}
