//! The JSON Schema of a spec (`hcldec --json-schema`,
//! `Spec::to_json_schema_with`, `hcldecode::typed::json_schema`, an
//! hcldecode extension), held to its rule both ways: every JSON document
//! the decoder accepts validates (every recorded JSON-syntax case that
//! decodes, hand-made documents for spec files and derived types), and
//! documents the decoder rejects for a literal value (an enum name not in
//! the list, an integer out of range, `"many"` for a number, a missing
//! required attribute) or for their structure do not.

use std::path::{Path, PathBuf};

use hcldecode::decode::DecodeOptions;
use hcldecode::spec_file::LoadedSpec;
use hcldecode::typed::JsonSchemaOptions;
use hcldecode::{Decoder, HclDecode};
use hcldecode_tests::{assert_success, conformance_dir, hcldec_path};
use serde_json::{Value as Json, json};

#[path = "../../hcldecode/examples/nomad.rs"]
#[allow(dead_code)]
mod nomad;

/// Diagnostics about the structure of a JSON body, which the schema
/// describes (values of the right shape but wrong content, duplicates and
/// JSON syntax errors are beyond a schema).
const STRUCTURAL: &[&str] = &[
    "Extraneous JSON object property",
    "Incorrect JSON value type",
    "Missing required argument",
    "Unsupported argument",
    "Unsupported block type",
];

struct Case {
    dir: PathBuf,
    input: PathBuf,
    dynamic_blocks: bool,
    exit: i32,
    summaries: Vec<String>,
}

/// Cases of a corpus that do not pass yet (their spec may not load).
fn known_failures(corpus: &str) -> Vec<String> {
    std::fs::read_to_string(conformance_dir().join(format!("{corpus}-known-failures.txt")))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split('#').next())
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// Recorded cases with one JSON input, of every corpus.
fn json_cases() -> Vec<Case> {
    let mut out = Vec::new();
    for corpus in ["cases", "cases-ext", "cases-latest"] {
        let known = known_failures(corpus);
        let root = conformance_dir().join(corpus);
        let mut dirs = Vec::new();
        for group in std::fs::read_dir(&root).unwrap().flatten() {
            if group.path().is_dir() {
                for case in std::fs::read_dir(group.path()).unwrap().flatten() {
                    dirs.push(case.path());
                }
            }
        }
        dirs.sort();
        for dir in dirs {
            if !dir.join("spec.hcldec").exists() {
                continue;
            }
            let name = dir
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .to_string();
            if known.contains(&name) {
                continue;
            }
            let flags = std::fs::read_to_string(dir.join("flags")).unwrap_or_default();
            let inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .filter(|p| {
                    let name = p.file_name().unwrap().to_string_lossy().to_string();
                    name.starts_with("input")
                })
                .collect();
            let [input] = inputs.as_slice() else { continue };
            if input.extension().and_then(|e| e.to_str()) != Some("json") {
                continue;
            }
            let exit = std::fs::read_to_string(dir.join("expected.exit"))
                .unwrap()
                .trim()
                .parse()
                .unwrap();
            let stderr = std::fs::read_to_string(dir.join("expected.stderr")).unwrap_or_default();
            let summaries = serde_json::from_str::<Json>(&stderr)
                .ok()
                .and_then(|j| j["diagnostics"].as_array().cloned())
                .unwrap_or_default()
                .iter()
                .filter_map(|d| d["summary"].as_str().map(String::from))
                .collect();
            out.push(Case {
                input: input.clone(),
                dynamic_blocks: flags.contains("--dynamic-blocks"),
                dir,
                exit,
                summaries,
            });
        }
    }
    out
}

fn validator(schema: &str) -> jsonschema::Validator {
    let schema: Json = serde_json::from_str(schema).unwrap();
    jsonschema::validator_for(&schema).unwrap()
}

fn load_spec(path: &Path) -> LoadedSpec {
    let (loaded, _, diags) = LoadedSpec::load_path(path);
    assert!(!diags.has_errors(), "{}: {diags:?}", path.display());
    loaded.unwrap()
}

fn spec_schema(spec: &LoadedSpec, dynamic_blocks: bool) -> jsonschema::Validator {
    validator(
        &spec
            .spec
            .to_json_schema_with(JsonSchemaOptions { dynamic_blocks }),
    )
}

fn errors(v: &jsonschema::Validator, doc: &Json) -> Vec<String> {
    v.iter_errors(doc).map(|e| e.to_string()).collect()
}

#[test]
fn recorded_json_inputs_validate_as_the_reference_decided() {
    let cases = json_cases();
    let (mut accepted, mut rejected, mut dynamic) = (0, 0, 0);
    for case in &cases {
        let Ok(input) =
            serde_json::from_str::<Json>(&std::fs::read_to_string(&case.input).unwrap())
        else {
            continue; // Not JSON: the parser's business, not the schema's.
        };
        let spec = load_spec(&case.dir.join("spec.hcldec"));
        let validator = spec_schema(&spec, case.dynamic_blocks);
        let errors = errors(&validator, &input);
        if case.exit == 0 {
            assert!(errors.is_empty(), "{}: {errors:?}", case.dir.display());
            accepted += 1;
            dynamic += usize::from(case.dynamic_blocks);
            // An unexpected property makes it structurally wrong.
            if let Json::Object(mut o) = input.clone() {
                o.insert("not_in_the_spec".into(), Json::from(1));
                assert!(
                    !validator.is_valid(&Json::Object(o)),
                    "{}",
                    case.dir.display()
                );
            }
        } else if case
            .summaries
            .iter()
            .any(|s| STRUCTURAL.contains(&s.as_str()))
        {
            assert!(!errors.is_empty(), "{} validates", case.dir.display());
            rejected += 1;
        }
    }
    // The recorded corpus has these many of each (a guard against
    // silently skipping everything).
    eprintln!("{accepted} accepted ({dynamic} with dynamic blocks), {rejected} rejected");
    assert!(accepted >= 15, "{accepted} accepted cases checked");
    assert!(
        dynamic >= 2,
        "{dynamic} accepted dynamic-block cases checked"
    );
    assert!(rejected >= 2, "{rejected} rejected cases checked");
}

/// Decodes `doc` (JSON syntax) with a spec file's spec.
fn decodes(spec: &LoadedSpec, doc: &Json, dynamic_blocks: bool) -> bool {
    let text = serde_json::to_string(doc).unwrap();
    let (file, diags) =
        hcldecode::parse::parse(text.as_bytes(), "doc.json", hcldecode::parse::Syntax::Json);
    if diags.has_errors() {
        return false;
    }
    // With a variable, so that JSON strings are templates (without any,
    // HCL reads them literally).
    let mut ctx = spec.input_context();
    ctx.set_variable("v", hcldecode::Value::from(1));
    let (_, diags) = spec.decode_with(
        &file.body,
        Some(&ctx),
        DecodeOptions::new().dynamic_blocks(dynamic_blocks),
    );
    !diags.has_errors()
}

/// Each document decodes as `ok` says, and validates exactly then.
fn both_ways(
    name: &str,
    decode: impl Fn(&Json) -> bool,
    v: &jsonschema::Validator,
    docs: &[(bool, Json)],
) {
    for (ok, doc) in docs {
        assert_eq!(decode(doc), *ok, "{name}: decoding {doc}");
        let errs = errors(v, doc);
        assert_eq!(errs.is_empty(), *ok, "{name}: validating {doc}: {errs:?}");
    }
}

const SPEC: &str = r#"
object {
  attr "name" {
    type = string
    required = true
  }
  attr "port" {
    type = number
  }
  attr "tls" {
    type = bool
  }
  attr "ports" {
    type = list(number)
  }
  attr "limits" {
    type = object({ cpu = number, memory = number })
  }
  attr "service" {
    type = object({ name = string, port = optional(number, 80), tags = optional(list(string)) })
  }
  attr "meta" {
    type = map(string)
  }
  attr "any" {
    type = any
  }
  block_list "rule" {
    min_items = 1
    object {
      attr "port" {
        type = number
      }
    }
  }
  block_map "env" {
    labels = ["name"]
    object {
      attr "value" {
        type = string
        required = true
      }
    }
  }
  block "limit" {
    object {
      attr "cpu" {
        type = number
      }
    }
  }
}
"#;

fn spec_file_docs() -> Vec<(bool, Json)> {
    let base = || json!({"name": "app", "rule": {}});
    let with = |k: &str, v: Json| {
        let mut d = base();
        d[k] = v;
        d
    };
    vec![
        (true, base()),
        (
            true,
            json!({
                "//": "a comment",
                "name": "app",
                "port": "8080",
                "tls": "true",
                "ports": [80, "443", null, "${40 + 2}"],
                "limits": {"cpu": 1, "memory": "2", "extra": true},
                "service": {"name": 7},
                "meta": {"a": 1, "b": true, "c": "x"},
                "any": [{"x": {}}],
                "rule": [{"port": 1}, {"port": "${2}"}],
                "env": {"A": {"value": "a"}, "B": [{"value": 2}]},
                "limit": {"cpu": "1e3"},
            }),
        ),
        // A required attribute may be null in a spec file (hcldec accepts it).
        (true, json!({"name": null, "rule": {}})),
        // Templates stand for any value.
        (true, with("port", json!("${80}"))),
        (true, with("limits", json!("${ {cpu = 1, memory = 2} }"))),
        (true, with("name", json!("%{ if true }x%{ endif }"))),
        (true, with("tls", json!("0"))),
        (true, with("port", json!(".5e-3"))),
        // Literals the decoder rejects.
        (false, with("port", json!("many"))),
        (false, with("port", json!(" 80"))),
        (false, with("tls", json!("yes"))),
        (false, with("tls", json!(1))),
        (false, with("ports", json!(["x"]))),
        (false, with("ports", json!("80"))),
        (false, with("limits", json!({"cpu": 1}))),
        (false, with("limits", json!({"cpu": "lots", "memory": 1}))),
        (false, with("service", json!({"port": 1}))),
        (false, with("service", json!({"name": "a", "port": "http"}))),
        (false, with("meta", json!({"a": []}))),
        (false, with("name", json!({}))),
        (false, with("limit", json!([{}, {}]))),
        (false, with("env", json!({"A": {}}))),
        (false, with("rule", json!({"port": "x"}))),
        // Missing required attributes and blocks.
        (false, json!({"rule": {}})),
        (false, json!({"name": "app"})),
        (false, with("extra", json!(1))),
    ]
}

#[test]
fn spec_file_schemas_hold_both_ways() {
    let (spec, diags) = LoadedSpec::load_str(SPEC, "spec.hcldec");
    assert!(!diags.has_errors(), "{diags:?}");
    let spec = spec.unwrap();
    let v = spec_schema(&spec, false);
    both_ways(
        "spec file",
        |d| decodes(&spec, d, false),
        &v,
        &spec_file_docs(),
    );
    // With dynamic blocks expanded, `dynamic` blocks of the block types.
    let v = spec_schema(&spec, true);
    let docs = [
        (
            true,
            json!({
                "name": "a",
                "dynamic": {
                    "rule": {"for_each": [1, 2], "content": {"port": "${rule.value}"}},
                    "env": [{"for_each": {"A": 1}, "labels": ["${env.key}"], "iterator": "env", "content": {"value": "x"}}],
                    "limit": {"for_each": [1], "content": {"cpu": 2}},
                },
            }),
        ),
        (
            false,
            json!({"name": "a", "rule": {}, "dynamic": {"rule": {"for_each": [1], "content": {"port": "many"}}}}),
        ),
        (
            false,
            json!({"name": "a", "rule": {}, "dynamic": {"nope": {"for_each": [1], "content": {}}}}),
        ),
    ];
    both_ways("dynamic blocks", |d| decodes(&spec, d, true), &v, &docs);
    // Without dynamic blocks, a `dynamic` property is an unsupported block.
    let v = spec_schema(&spec, false);
    assert!(!v.is_valid(&docs[0].1));
}

const COUNTS: &str = r#"
object {
  block_list "rule" {
    min_items = 2
    max_items = 3
    object {
      attr "port" {
        type = number
      }
    }
  }
  block_set "tag" {
    max_items = 2
    object {
      attr "v" {
        type = string
      }
    }
  }
  block_tuple "step" {
    min_items = 1
    object {
      attr "run" {
        type = string
      }
    }
  }
  block "limit" {
    required = true
    object {
      attr "cpu" {
        type = number
      }
    }
  }
}
"#;

#[test]
fn block_counts_hold_both_ways() {
    let (spec, diags) = LoadedSpec::load_str(COUNTS, "counts.hcldec");
    assert!(!diags.has_errors(), "{diags:?}");
    let spec = spec.unwrap();
    let base = || json!({"rule": [{}, {"port": 1}], "step": {}, "limit": {}});
    let with = |k: &str, v: Json| {
        let mut d = base();
        d[k] = v;
        d
    };
    let docs = [
        (true, base()),
        (true, with("rule", json!([{}, {}, {"port": "3"}]))),
        // A block type given as one body is one block.
        (true, with("tag", json!({"v": "a"}))),
        (true, with("tag", json!([{"v": "a"}, {"v": "b"}]))),
        (true, with("tag", json!([]))),
        (true, with("step", json!([{"run": "a"}, {"run": "b"}]))),
        (true, with("limit", json!([{"cpu": 1}]))),
        // Too few, too many.
        (false, with("rule", json!({}))),
        (false, with("rule", json!([{}]))),
        (false, with("rule", json!([]))),
        (false, with("rule", json!([{}, {}, {}, {}]))),
        (
            false,
            with("tag", json!([{"v": "a"}, {"v": "b"}, {"v": "c"}])),
        ),
        (false, with("step", json!([]))),
        (false, with("limit", json!([]))),
        (false, with("limit", json!([{}, {}]))),
    ];
    let v = spec_schema(&spec, false);
    both_ways("block counts", |d| decodes(&spec, d, false), &v, &docs);
    // Dynamic blocks add blocks the body does not show: a `dynamic` block
    // makes up the count.
    let v = spec_schema(&spec, true);
    let docs = [
        (
            true,
            json!({"rule": {}, "step": [], "limit": {}, "dynamic": {
                "rule": {"for_each": [1, 2], "content": {}},
                "step": {"for_each": [1], "content": {}},
            }}),
        ),
        (
            false,
            json!({"rule": [{}, {}], "step": {}, "limit": [{}, {}]}),
        ),
    ];
    both_ways(
        "block counts, dynamic blocks",
        |d| decodes(&spec, d, true),
        &v,
        &docs,
    );
}

#[test]
fn hcldec_prints_the_schema_with_dynamic_blocks_when_asked() {
    let spec = conformance_dir().join("cases-ext/dynamic-blocks/023-json-input-dynamic");
    let input: Json =
        serde_json::from_str(&std::fs::read_to_string(spec.join("input.json")).unwrap()).unwrap();
    let schema = |dynamic: bool| {
        let mut cmd =
            std::process::Command::new(hcldec_path(env!("CARGO_BIN_EXE_hcldec-under-test")));
        cmd.arg(format!("--spec={}", spec.join("spec.hcldec").display()))
            .arg("--json-schema");
        if dynamic {
            cmd.arg("--dynamic-blocks");
        }
        let out = cmd.output().unwrap();
        assert_success(&out);
        validator(std::str::from_utf8(&out.stdout).unwrap())
    };
    assert!(schema(true).is_valid(&input));
    assert!(!schema(false).is_valid(&input));
}

// ----- derived types -------------------------------------------------------

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct App {
    name: String,
    #[hcl(default)]
    kind: Kind,
    priority: Option<u8>,
    #[hcl(default)]
    ports: Vec<u16>,
    limits: Option<Limits>,
    #[hcl(default)]
    offset: i8,
    #[hcl(block)]
    step: Vec<Step>,
    #[hcl(block, tag = "label")]
    check: Vec<Check>,
    #[hcl(block)]
    port: std::collections::BTreeMap<String, Port>,
    #[hcl(block_attrs)]
    sizes: Option<std::collections::BTreeMap<String, u8>>,
    #[hcl(block_attrs, type = "number")]
    weights: Option<std::collections::BTreeMap<String, hcldecode::Value>>,
}

#[derive(HclDecode, Debug, Default)]
enum Kind {
    #[default]
    Service,
    Batch,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Limits {
    cpu: u32,
    memory: Option<u32>,
    #[hcl(default)]
    disk: u32,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
enum Step {
    Run { command: String },
    Pause,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Http {
    path: String,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Tcp {
    port: u16,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
enum Check {
    Http(Http),
    Tcp(Tcp),
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Port {
    to: Option<u16>,
}

fn typed_docs() -> Vec<(bool, Json)> {
    let base = || json!({"name": "app"});
    let with = |k: &str, v: Json| {
        let mut d = base();
        d[k] = v;
        d
    };
    vec![
        (true, base()),
        (
            true,
            json!({
                "name": "app",
                "kind": "batch",
                "priority": "200",
                "ports": [80, "443", 65535],
                "limits": {"cpu": 1},
                "offset": -128,
                "run": {"command": "make"},
                "pause": {},
                "check": {"http": {"path": "/"}, "tcp": [{"port": 80}, {"port": "81"}]},
                "port": {"http": {"to": 8080}, "db": {}},
            }),
        ),
        (true, with("kind", json!("${\"bat\"}ch"))),
        (true, with("priority", json!(null))),
        // Null gives a default.
        (true, with("kind", json!(null))),
        (true, with("offset", json!(null))),
        (
            true,
            with("limits", json!({"cpu": 1, "memory": null, "disk": null})),
        ),
        (false, with("limits", json!({"cpu": 1, "disk": -1}))),
        (true, with("priority", json!(2e2))),
        (true, with("limits", json!({"cpu": "${v}", "memory": null}))),
        // Literals the Rust types reject.
        (false, with("kind", json!("servce"))),
        (false, with("kind", json!(1))),
        (false, with("priority", json!(700))),
        (false, with("priority", json!(-1))),
        (false, with("priority", json!(1.5))),
        (false, with("priority", json!("many"))),
        (false, with("offset", json!(128))),
        (false, with("ports", json!([80, 70000]))),
        (false, with("ports", json!([null]))),
        (false, with("name", json!(null))),
        (false, with("limits", json!({"memory": 1}))),
        (false, with("limits", json!({"cpu": 1, "swap": 1}))),
        (false, with("limits", json!({"cpu": -1}))),
        (false, with("limits", json!([]))),
        // Tagged bodies per tag; an unknown tag.
        (false, with("check", json!({"http": {"port": 80}}))),
        (false, with("check", json!({"tcp": {"port": 70000}}))),
        (false, with("check", json!({"udp": {}}))),
        (false, with("run", json!({"command": {}}))),
        (false, with("port", json!({"http": {"to": -1}}))),
        (false, json!({})),
        // Integers in literal strings: in range, with the forms cty parses.
        (true, with("priority", json!("0200"))),
        (true, with("priority", json!("+255."))),
        (true, with("priority", json!("2e2"))),
        (true, with("offset", json!("-128"))),
        (true, with("offset", json!("-0"))),
        (false, with("priority", json!("300"))),
        (false, with("priority", json!("256"))),
        (false, with("priority", json!("-1"))),
        (false, with("priority", json!("2.5"))),
        (false, with("priority", json!("inf"))),
        (false, with("offset", json!("-129"))),
        (false, with("ports", json!(["80", "65536"]))),
        (false, with("limits", json!({"cpu": "4294967296"}))),
        // `block_attrs` elements, as the map's element type takes them.
        (true, with("sizes", json!({"a": 1, "b": "2", "c": "${v}"}))),
        (true, with("sizes", json!([{"a": 255}]))),
        (false, with("sizes", json!({"a": 300}))),
        (false, with("sizes", json!({"a": "300"}))),
        (false, with("sizes", json!({"a": "x"}))),
        (false, with("sizes", json!({"a": -1}))),
        // A declared element type holds where the Rust type takes any value.
        (true, with("weights", json!({"a": "1.5", "b": 2}))),
        (false, with("weights", json!({"a": "many"}))),
    ]
}

fn decodes_typed<T: HclDecode>(decoder: &Decoder, doc: &Json) -> bool {
    decoder
        .decode_str::<T>(&serde_json::to_string(doc).unwrap(), "doc.json")
        .is_ok()
}

#[test]
fn derived_type_schemas_hold_both_ways() {
    // With a variable, so that JSON strings are templates.
    let decoder = Decoder::new().variable("v", 1);
    let v = validator(&decoder.json_schema::<App>());
    both_ways(
        "derived",
        |d| decodes_typed::<App>(&decoder, d),
        &v,
        &typed_docs(),
    );
    // Dynamic blocks, per the decoder's options.
    let decoder = Decoder::new().variable("v", 1).dynamic_blocks(true);
    let v = validator(&decoder.json_schema::<App>());
    let docs = [
        (
            true,
            json!({"name": "a", "dynamic": {
                "port": {"for_each": {"a": 1}, "labels": ["${port.key}"], "content": {"to": "${port.value}"}},
                "check": {"for_each": [1], "labels": ["tcp"], "content": {"port": 1}},
            }}),
        ),
        (
            false,
            json!({"name": "a", "dynamic": {"port": {"for_each": [1], "labels": ["a"], "content": {"to": 70000}}}}),
        ),
    ];
    both_ways(
        "derived, dynamic blocks",
        |d| decodes_typed::<App>(&decoder, d),
        &v,
        &docs,
    );
}

#[test]
fn nomad_schema_is_compact_and_exact() {
    let schema = nomad::decoder().json_schema::<nomad::JobFile>();
    // Each body once, under `$defs` (1.86 MB before).
    assert!(schema.len() < 100_000, "{} bytes", schema.len());
    eprintln!(
        "nomad schema: {} bytes, {} lines",
        schema.len(),
        schema.lines().count()
    );
    let v = validator(&schema);
    let (_, json_path) = nomad::example_files();
    let job: Json = serde_json::from_str(&std::fs::read_to_string(&json_path).unwrap()).unwrap();
    let errs = errors(&v, &job);
    assert!(errs.is_empty(), "{errs:?}");
    let decode = |d: &Json| decodes_typed::<nomad::JobFile>(&nomad::decoder(), d);
    assert!(decode(&job));
    // The issue's four: each a literal the decoder rejects.
    let text = serde_json::to_string(&job).unwrap();
    for (from, to) in [
        ("\"type\":\"service\"", "\"type\":\"servce\""),
        ("\"priority\":60", "\"priority\":700"),
        ("\"memory\":256", "\"memory\":256,\"cpu\":-1"),
        ("\"count\":3", "\"count\":\"many\""),
    ] {
        assert!(text.contains(from), "{from}");
        let bad: Json = serde_json::from_str(&text.replacen(from, to, 1)).unwrap();
        assert!(!decode(&bad), "{to} decodes");
        assert!(!v.is_valid(&bad), "{to} validates");
    }
}
