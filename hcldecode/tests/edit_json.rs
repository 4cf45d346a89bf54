//! Editing JSON-syntax documents (`hcldecode::edit::JsonDocument`): each
//! edit in JSON's own layout, the text around it untouched, typed
//! write-back that keeps what did not change and reads back as the value
//! given (issue 35).

#![cfg(feature = "derive")]

use std::collections::BTreeMap;

use hcldecode::edit::{EditError, JsonDocument};
use hcldecode::{Decoder, HclDecode, HclEncode, Value};
use proptest::prelude::*;

fn doc(s: &str) -> JsonDocument {
    JsonDocument::parse("job.hcl.json", s).unwrap()
}

/// Whether each line is indented two spaces per open bracket before it,
/// with no trailing spaces (JSON as `json.MarshalIndent` and most tools
/// lay it out); brackets in strings do not count.
fn pretty(text: &str) -> bool {
    let mut depth: i64 = 0;
    let (mut in_string, mut escaped) = (false, false);
    for line in text.lines() {
        let t = line.trim_start();
        let closes = t.starts_with('}') || t.starts_with(']');
        let want = (depth - i64::from(closes)).max(0) as usize * 2;
        if line.len() - t.len() != want || line.ends_with(' ') {
            return false;
        }
        for c in t.chars() {
            match (in_string, escaped, c) {
                (true, true, _) => escaped = false,
                (true, false, '\\') => escaped = true,
                (true, false, '"') | (false, _, '"') => in_string = !in_string,
                (false, _, '{' | '[') => depth += 1,
                (false, _, '}' | ']') => depth -= 1,
                _ => {}
            }
        }
    }
    true
}

const JOB: &str = r#"{
  "job": {
    "web": {
      "datacenters": ["eu-west-1a"],
      "region": "${var.region}",
      "group": {
        "api": {
          "count": 3,
          "task": [
            {
              "driver": "docker"
            },
            {
              "driver": "exec"
            }
          ]
        }
      }
    }
  }
}
"#;

#[test]
fn parse_then_print_is_the_identity() {
    for src in [
        JOB,
        "{}",
        "{\r\n  \"a\" :1 ,\r\n\t\"b\":[ 1,2 ]\r\n}\r\n",
        "  {\"a\": \"\\u00e9\\n\"}  ",
    ] {
        assert_eq!(doc(src).to_string(), src);
    }
    assert!(pretty(JOB));
}

#[test]
fn nested_edits_change_only_their_lines() {
    let mut d = doc(JOB);
    let mut api = d
        .body_mut()
        .block("job", &["web"])
        .unwrap()
        .block("group", &["api"])
        .unwrap();
    api.set_attribute("count", &Value::int(5)).unwrap();
    api.set_attribute("meta", &Value::object([("team", Value::string("web"))]))
        .unwrap();
    let out = d.to_string();
    assert_eq!(
        out,
        JOB.replace("\"count\": 3", "\"count\": 5").replace(
            "          ]\n        }",
            "          ],\n          \"meta\": {\n            \"team\": \"web\"\n          }\n        }"
        )
    );
    assert!(pretty(&out), "{out}");
}

#[test]
fn blocks_are_added_and_removed_by_type_and_labels() {
    let mut d = doc(JOB);
    let body = d.body_mut();
    let mut web = body.block("job", &["web"]).unwrap();
    assert_eq!(web.count_blocks("group", &["api"]), 1);
    let mut db = web.add_block("group", &["db"]).unwrap();
    db.set_attribute("count", &Value::int(1)).unwrap();
    let body = d.body_mut();
    let mut api = body
        .block("job", &["web"])
        .unwrap()
        .block("group", &["api"])
        .unwrap();
    assert_eq!(api.count_blocks("task", &[]), 2);
    api.remove_block_nth("task", &[], 0).unwrap();
    api.add_block("task", &[])
        .unwrap()
        .set_attribute("driver", &Value::string("java"))
        .unwrap();
    let out = d.to_string();
    assert!(pretty(&out), "{out}");
    assert!(out.contains("          \"task\": [\n            {\n              \"driver\": \"exec\"\n            },\n            {\n              \"driver\": \"java\"\n            }\n          ]\n"), "{out}");
    assert!(
        out.contains("        },\n        \"db\": {\n          \"count\": 1\n        }\n      }\n"),
        "{out}"
    );
    // The last block under a key takes the key with it.
    let body = d.body_mut();
    let mut web = body.block("job", &["web"]).unwrap();
    web.remove_block("group", &["db"]).unwrap();
    web.remove_block("group", &["api"]).unwrap();
    let out = d.to_string();
    assert_eq!(
        out,
        "{\n  \"job\": {\n    \"web\": {\n      \"datacenters\": [\"eu-west-1a\"],\n      \"region\": \"${var.region}\"\n    }\n  }\n}\n"
    );
}

#[test]
fn one_line_documents_stay_on_one_line() {
    let mut d = doc(r#"{"a": 1, "b": {"x": {}}}"#);
    let mut body = d.body_mut();
    body.set_attribute("c", &Value::string("s")).unwrap();
    body.rename_attribute("a", "z").unwrap();
    body.remove_attribute("c").unwrap();
    body.add_block("b", &["y"]).unwrap();
    assert_eq!(d.to_string(), r#"{"z": 1, "b": {"x": {}, "y": {}}}"#);
}

#[test]
fn crlf_documents_get_crlf_lines() {
    let mut d = doc("{\r\n  \"a\": 1\r\n}\r\n");
    d.body_mut()
        .set_attribute("b", &Value::from(vec![1, 2]))
        .unwrap();
    assert_eq!(
        d.to_string(),
        "{\r\n  \"a\": 1,\r\n  \"b\": [1, 2]\r\n}\r\n"
    );
}

#[test]
fn strings_are_written_as_templates_escaped() {
    let mut d = doc("{}");
    d.body_mut()
        .set_attribute("s", &Value::string("a ${b} %{c} \"q\"\n\\"))
        .unwrap();
    assert_eq!(d.to_string(), r#"{"s": "a $${b} %%{c} \"q\"\n\\"}"#);
    #[derive(HclDecode, Debug)]
    struct S {
        s: String,
    }
    // A reader with a context takes strings as templates.
    let dec = Decoder::new().variable("b", "x");
    let back: S = dec.decode_str(&d.to_string(), "s.hcl.json").unwrap();
    assert_eq!(back.s, "a ${b} %{c} \"q\"\n\\");
    // One without takes them literally: write them as they are.
    let mut d = doc("{}").templates(false);
    d.body_mut()
        .set_attribute("s", &Value::string("${b}"))
        .unwrap();
    let back: S = hcldecode::from_str(&d.to_string(), "s.hcl.json").unwrap();
    assert_eq!(back.s, "${b}");
}

#[test]
fn bad_edits_are_refused_and_change_nothing() {
    let mut d = doc(JOB);
    let mut body = d.body_mut();
    assert!(matches!(
        body.set_attribute_json("x", "{"),
        Err(EditError::Syntax(_))
    ));
    assert!(matches!(
        body.rename_attribute("job", "not an identifier"),
        Err(EditError::InvalidName(_))
    ));
    assert!(matches!(
        body.remove_attribute("nope"),
        Err(EditError::NoSuchAttribute(_))
    ));
    assert!(matches!(
        body.remove_block("job", &["other"]),
        Err(EditError::NoSuchBlock(_))
    ));
    assert!(matches!(
        body.set_attribute("x", &Value::unknown(hcldecode::Type::String)),
        Err(EditError::Encode(_))
    ));
    assert_eq!(d.to_string(), JOB);
    assert!(matches!(
        JsonDocument::parse("a.json", "[{}]"),
        Err(EditError::Syntax(_))
    ));
}

// ---- typed write-back ----

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
struct Task {
    driver: String,
    #[hcl(default)]
    env: BTreeMap<String, String>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
struct Group {
    #[hcl(label)]
    name: String,
    count: u32,
    #[hcl(block)]
    task: Vec<Task>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
struct Job {
    #[hcl(label)]
    name: String,
    datacenters: Vec<String>,
    region: String,
    #[hcl(block)]
    group: Vec<Group>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
struct File {
    #[hcl(block)]
    job: Vec<Job>,
}

fn decoder() -> Decoder {
    Decoder::new().variable("var", Value::object([("region", Value::string("eu"))]))
}

#[test]
fn write_back_changes_only_what_differs() {
    let dec = decoder();
    let mut f: File = dec.decode_str(JOB, "job.hcl.json").unwrap();
    assert_eq!(f.job[0].region, "eu");
    f.job[0].group[0].count = 4;
    f.job[0].group[0].task[1]
        .env
        .insert("MODE".into(), "fast".into());
    let mut d = doc(JOB);
    d.update_from_with(&dec, &f).unwrap();
    let out = d.to_string();
    assert_eq!(
        out,
        JOB.replace("\"count\": 3", "\"count\": 4").replace(
            "              \"driver\": \"exec\"\n",
            "              \"driver\": \"exec\",\n              \"env\": {\n                \"MODE\": \"fast\"\n              }\n"
        )
    );
    // The template that gives the region is kept.
    assert!(out.contains("\"region\": \"${var.region}\""));
    let back: File = dec.decode_str(&out, "job.hcl.json").unwrap();
    assert_eq!(back, f);
}

#[test]
fn write_back_of_added_and_removed_blocks_rewrites_their_type_only() {
    let dec = decoder();
    let mut f: File = dec.decode_str(JOB, "job.hcl.json").unwrap();
    f.job[0].group.push(Group {
        name: "db".into(),
        count: 1,
        task: vec![Task {
            driver: "docker".into(),
            env: BTreeMap::new(),
        }],
    });
    f.job[0].group[0].task.remove(0);
    let mut d = doc(JOB);
    d.update_from_with(&dec, &f).unwrap();
    let out = d.to_string();
    assert!(pretty(&out), "{out}");
    assert!(out.contains("\"region\": \"${var.region}\""));
    let back: File = dec.decode_str(&out, "job.hcl.json").unwrap();
    assert_eq!(back, f);
    // Writing the same value again changes nothing.
    d.update_from_with(&dec, &f).unwrap();
    assert_eq!(d.to_string(), out);
}

fn task() -> impl Strategy<Value = Task> {
    (
        "[a-z]{1,6}",
        prop::collection::btree_map("[A-Z]{1,3}", "[a-z0-9]{0,4}", 0..3),
    )
        .prop_map(|(driver, env)| Task { driver, env })
}

fn group() -> impl Strategy<Value = Group> {
    ("[a-z]{1,4}", 0..10u32, prop::collection::vec(task(), 0..3))
        .prop_map(|(name, count, task)| Group { name, count, task })
}

fn file() -> impl Strategy<Value = File> {
    prop::collection::vec(
        (
            "[a-z]{1,4}",
            prop::collection::vec("[a-z0-9-]{1,6}", 0..3),
            "[a-z$%{}]{0,6}",
            prop::collection::vec(group(), 0..3),
        )
            .prop_map(|(name, datacenters, region, group)| Job {
                name,
                datacenters,
                region,
                group,
            }),
        0..3,
    )
    .prop_map(|job| File { job })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, .. ProptestConfig::default() })]

    /// From an empty document to `a`, then to `b`: each result decodes to
    /// the value written, stays laid out as pretty JSON, and writing the
    /// same value again changes nothing.
    #[test]
    fn typed_write_back_reads_back_as_the_value(a in file(), b in file(), ctx in any::<bool>()) {
        // Strings are templates to a decoder with a context only.
        let dec = if ctx { Decoder::new().variable("unused", 1) } else { Decoder::new() };
        let mut d = doc("{}\n");
        for v in [&a, &b, &a] {
            d.update_from_with(&dec, v).unwrap();
            let out = d.to_string();
            let back: File = dec.decode_str(&out, "job.hcl.json").unwrap();
            prop_assert_eq!(&back, v, "{}", out);
            prop_assert!(pretty(&out), "{}", out);
            d.update_from_with(&dec, v).unwrap();
            prop_assert_eq!(d.to_string(), out);
        }
    }
}

#[test]
fn write_back_adds_and_removes_blocks_without_writing_the_others_again() {
    let dec = decoder();
    let mut f: File = dec.decode_str(JOB, "job.hcl.json").unwrap();
    f.job[0].group[0].task.remove(0);
    let mut d = doc(JOB);
    d.update_from_with(&dec, &f).unwrap();
    assert_eq!(
        d.to_string(),
        JOB.replace(
            "            {\n              \"driver\": \"docker\"\n            },\n",
            ""
        )
    );
    f.job[0].group.push(Group {
        name: "db".into(),
        count: 1,
        task: Vec::new(),
    });
    f.job[0].group[0].task.push(Task {
        driver: "java".into(),
        env: BTreeMap::new(),
    });
    let before = d.to_string();
    d.update_from_with(&dec, &f).unwrap();
    let out = d.to_string();
    assert_eq!(
        out,
        before
            .replace(
                "              \"driver\": \"exec\"\n            }\n",
                "              \"driver\": \"exec\"\n            },\n            {\n              \"driver\": \"java\"\n            }\n"
            )
            .replace(
                "          ]\n        }\n      }\n",
                "          ]\n        },\n        \"db\": {\n          \"count\": 1\n        }\n      }\n"
            )
    );
    assert_eq!(dec.decode_str::<File>(&out, "job.hcl.json").unwrap(), f);
}
