//! Validation crates' findings at the positions the failing fields were
//! written at (`Decoded::locate`, `hcldecode::garde`,
//! `hcldecode::validator`): renamed fields, block lists, block maps,
//! nested objects and lists in attributes, fields left to their default,
//! several findings in source order.

#![cfg(feature = "derive")]
#![allow(dead_code)]

use std::collections::BTreeMap;

use hcldecode::typed::PathSegment;
use hcldecode::{Decoder, Error, HclDecode};
// validator's derive calls `validate` on nested fields as a method.
#[cfg(feature = "validator")]
use validator::Validate as _;

/// Each diagnostic's code, subject (`file:line,col-col`) and detail.
fn found(e: &Error) -> Vec<(String, String, String)> {
    e.diagnostics()
        .iter()
        .map(|d| {
            (
                d.code.map(|c| c.to_string()).unwrap_or_default(),
                d.subject
                    .as_ref()
                    .map(|r| r.to_string())
                    .unwrap_or_default(),
                d.detail.clone(),
            )
        })
        .collect()
}

#[derive(HclDecode, Debug)]
#[cfg_attr(feature = "garde", derive(garde::Validate))]
#[cfg_attr(feature = "validator", derive(validator::Validate))]
struct Job {
    #[hcl(rename = "job_name")]
    #[cfg_attr(feature = "garde", garde(length(min = 3)))]
    #[cfg_attr(feature = "validator", validate(length(min = 3)))]
    name: String,
    #[hcl(default)]
    #[cfg_attr(feature = "garde", garde(range(min = 1)))]
    #[cfg_attr(feature = "validator", validate(range(min = 1)))]
    priority: u32,
    #[hcl(block, rename = "task")]
    #[cfg_attr(feature = "garde", garde(dive))]
    #[cfg_attr(feature = "validator", validate(nested))]
    tasks: Vec<Task>,
    #[hcl(block, rename = "volume")]
    #[cfg_attr(feature = "garde", garde(dive))]
    volumes: BTreeMap<String, Volume>,
}

#[derive(HclDecode, Debug)]
#[cfg_attr(feature = "garde", derive(garde::Validate))]
#[cfg_attr(feature = "validator", derive(validator::Validate))]
struct Task {
    #[hcl(label)]
    #[cfg_attr(feature = "garde", garde(skip))]
    name: String,
    #[cfg_attr(feature = "garde", garde(range(min = 10)))]
    #[cfg_attr(feature = "validator", validate(range(min = 10)))]
    cpu: u32,
    #[hcl(default)]
    #[cfg_attr(feature = "garde", garde(dive))]
    #[cfg_attr(feature = "validator", validate(nested))]
    ports: Vec<Port>,
}

#[derive(HclDecode, Debug)]
#[cfg_attr(feature = "garde", derive(garde::Validate))]
#[cfg_attr(feature = "validator", derive(validator::Validate))]
struct Port {
    #[cfg_attr(feature = "garde", garde(range(min = 1024)))]
    #[cfg_attr(feature = "validator", validate(range(min = 1024)))]
    to: u16,
}

#[derive(HclDecode, Debug)]
#[cfg_attr(feature = "garde", derive(garde::Validate))]
struct Volume {
    #[cfg_attr(feature = "garde", garde(length(min = 1)))]
    source: String,
}

const JOB: &str = r#"job_name = "ab"

task "web" {
  cpu   = 100
  ports = [{ to = 8080 }, { to = 80 }]
}

task "db" {
  cpu = 5
}

volume "data" {
  source = ""
}
"#;

fn decoded() -> hcldecode::typed::Decoded<Job> {
    Decoder::new()
        .decode_str_with_source::<Job>(JOB, "job.hcl")
        .unwrap()
}

#[test]
fn paths_land_where_their_fields_were_written() {
    let job = decoded();
    let at = |p: &str| {
        job.locate(&PathSegment::parse(p))
            .map(|r| r.to_string())
            .unwrap_or_default()
    };
    // A renamed attribute: its value.
    assert_eq!(at("name"), "job.hcl:1,12-16");
    // A block list's element, then an attribute in it.
    assert_eq!(at("tasks[1].cpu"), "job.hcl:9,9-10");
    assert_eq!(at("tasks[1]"), "job.hcl:8,1-10");
    // A list of objects in an attribute: the element's attribute.
    assert_eq!(at("tasks[0].ports[1].to"), "job.hcl:5,34-36");
    assert_eq!(at("tasks[0].ports[1]"), "job.hcl:5,27-38");
    // A block map's label, then the attribute.
    assert_eq!(at("volumes.data.source"), "job.hcl:13,12-14");
    // A field left to its default: where the body that lacks it is
    // reported missing things (a file's start, as hcldec reports them).
    assert_eq!(at("priority"), "job.hcl:1,1-1");
    // A field of a block that leaves it out: that block's body (its
    // opening brace, as hcldec reports what a block lacks).
    assert_eq!(at("tasks[1].ports"), "job.hcl:8,11-11");
    // Past what exists: the deepest position reached.
    assert_eq!(at("tasks[7].cpu"), "job.hcl:3,1-11");
    assert_eq!(at("nothing.here"), "job.hcl:1,1-1");
}

#[test]
fn several_paths_are_located_in_one_decode() {
    let job = decoded();
    let a = PathSegment::parse("tasks[0].cpu");
    let b = PathSegment::parse("name");
    let got: Vec<String> = job
        .locate_each(&[&a, &b])
        .into_iter()
        .map(|r| r.unwrap().to_string())
        .collect();
    assert_eq!(got, ["job.hcl:4,11-14", "job.hcl:1,12-16"]);
}

#[test]
fn locating_decodes_with_the_decoders_variables() {
    #[derive(HclDecode)]
    struct C {
        #[hcl(block)]
        item: Vec<Item>,
    }
    #[derive(HclDecode)]
    struct Item {
        size: u8,
    }
    let src = "item {\n  size = n\n}\nitem {\n  size = n + 1\n}\n";
    let c = Decoder::new()
        .variable("n", 3)
        .decode_str_with_source::<C>(src, "c.hcl")
        .unwrap();
    let r = c.locate(&PathSegment::parse("item[1].size")).unwrap();
    assert_eq!(r.to_string(), "c.hcl:5,10-15");
}

#[cfg(feature = "garde")]
mod garde_ {
    use super::*;

    #[test]
    fn every_failing_rule_is_reported_at_its_field_in_source_order() {
        let job = decoded();
        let e = hcldecode::garde::validate(&job).unwrap_err();
        assert_eq!(
            found(&e),
            [
                (
                    "validation.failed".into(),
                    "job.hcl:1,1-1".into(),
                    "priority: lower than 1.".into()
                ),
                (
                    "validation.failed".into(),
                    "job.hcl:1,12-16".into(),
                    "name: length is lower than 3.".into()
                ),
                (
                    "validation.failed".into(),
                    "job.hcl:5,34-36".into(),
                    "tasks[0].ports[1].to: lower than 1024.".into()
                ),
                (
                    "validation.failed".into(),
                    "job.hcl:9,9-10".into(),
                    "tasks[1].cpu: lower than 10.".into()
                ),
                (
                    "validation.failed".into(),
                    "job.hcl:13,12-14".into(),
                    "volumes.data.source: length is lower than 1.".into()
                ),
            ]
        );
        // Rendered as the decoder's errors are: the snippet of each.
        let text = e.to_string();
        assert!(text.contains("   9:   cpu = 5\n"), "{text}");
        assert!(
            text.contains("on job.hcl line 13, in volume \"data\":"),
            "{text}"
        );
    }

    #[test]
    fn a_valid_value_passes() {
        let src = "job_name = \"abc\"\npriority = 2\n";
        let job = Decoder::new()
            .decode_str_with_source::<Job>(src, "j.hcl")
            .unwrap();
        assert!(hcldecode::garde::validate(&job).is_ok());
    }

    #[test]
    fn a_custom_rule_with_a_context() {
        #[derive(HclDecode, garde::Validate)]
        #[garde(context(Limits))]
        struct C {
            #[garde(custom(at_most_max))]
            size: u32,
        }
        struct Limits {
            max: u32,
        }
        fn at_most_max(v: &u32, ctx: &Limits) -> garde::Result {
            if *v > ctx.max {
                return Err(garde::Error::new(format!("more than {}", ctx.max)));
            }
            Ok(())
        }
        let c = Decoder::new()
            .decode_str_with_source::<C>("\n size = 12\n", "c.hcl")
            .unwrap();
        let e = hcldecode::garde::validate_with(&c, &Limits { max: 10 }).unwrap_err();
        assert_eq!(
            found(&e),
            [(
                "validation.failed".into(),
                "c.hcl:2,9-11".into(),
                "size: more than 10.".into()
            )]
        );
    }
}

#[cfg(feature = "validator")]
mod validator_ {
    use super::*;

    #[test]
    fn every_failing_rule_is_reported_at_its_field_in_source_order() {
        let job = decoded();
        let e = hcldecode::validator::validate(&job).unwrap_err();
        let got = found(&e);
        let subjects: Vec<&str> = got.iter().map(|f| f.1.as_str()).collect();
        // validator keeps its findings in a hash map: the report is in
        // source order all the same.
        assert_eq!(
            subjects,
            [
                "job.hcl:1,1-1",
                "job.hcl:1,12-16",
                "job.hcl:5,34-36",
                "job.hcl:9,9-10"
            ]
        );
        assert!(got.iter().all(|f| f.0 == "validation.failed"));
        assert_eq!(
            got[3].2,
            "tasks[1].cpu: fails the range rule (min = 10, value = 5)."
        );
        assert_eq!(got[2].2.split(':').next(), Some("tasks[0].ports[1].to"));
    }

    #[test]
    fn a_struct_rule_is_reported_at_the_struct() {
        #[derive(HclDecode, validator::Validate)]
        #[validate(schema(function = "ordered"))]
        struct Range_ {
            low: u32,
            high: u32,
        }
        fn ordered(r: &Range_) -> Result<(), validator::ValidationError> {
            if r.low > r.high {
                return Err(validator::ValidationError::new("ordered")
                    .with_message("low is above high".into()));
            }
            Ok(())
        }
        let src = "low  = 5\nhigh = 1\n";
        let r = Decoder::new()
            .decode_str_with_source::<Range_>(src, "r.hcl")
            .unwrap();
        let e = hcldecode::validator::validate(&r).unwrap_err();
        assert_eq!(
            found(&e),
            [(
                "validation.failed".into(),
                "r.hcl:1,1-1".into(),
                "low is above high.".into()
            )]
        );
    }
}
