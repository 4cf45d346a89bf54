//! `hcldec --spec=… --json-schema` (an hcldecode extension) against the
//! recorded JSON-syntax cases: every input the reference accepted
//! validates against the schema of its spec; inputs the reference rejected
//! for their structure (an unexpected property, a value of the wrong JSON
//! shape, a missing required argument) do not, and neither do accepted
//! inputs with an unexpected property added.

use std::path::{Path, PathBuf};
use std::process::Command;

use hcldecode_tests::{assert_success, conformance_dir, hcldec_path};
use serde_json::Value as Json;

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
    exit: i32,
    summaries: Vec<String>,
}

/// Cases of `cases-ext` that do not pass yet (their spec may not load).
fn known_failures() -> Vec<String> {
    std::fs::read_to_string(conformance_dir().join("cases-ext-known-failures.txt"))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split('#').next())
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// Recorded cases with one JSON input and no flags (the dynamic-blocks
/// extension adds `dynamic` properties the schema does not describe).
fn json_cases() -> Vec<Case> {
    let known = known_failures();
    let mut out = Vec::new();
    for corpus in ["cases", "cases-ext"] {
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
            if !dir.join("spec.hcldec").exists() || dir.join("flags").exists() {
                continue;
            }
            let name = dir
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .to_string();
            if corpus == "cases-ext" && known.contains(&name) {
                continue;
            }
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
                dir,
                exit,
                summaries,
            });
        }
    }
    out
}

fn schema_of(spec: &Path) -> jsonschema::Validator {
    let out = Command::new(hcldec_path(env!("CARGO_BIN_EXE_hcldec-under-test")))
        .arg(format!("--spec={}", spec.display()))
        .arg("--json-schema")
        .output()
        .unwrap();
    assert_success(&out);
    let schema: Json = serde_json::from_slice(&out.stdout).unwrap();
    jsonschema::validator_for(&schema).unwrap()
}

#[test]
fn recorded_json_inputs_validate_as_the_reference_decided() {
    let cases = json_cases();
    let (mut accepted, mut rejected) = (0, 0);
    for case in &cases {
        let Ok(input) =
            serde_json::from_str::<Json>(&std::fs::read_to_string(&case.input).unwrap())
        else {
            continue; // Not JSON: the parser's business, not the schema's.
        };
        let validator = schema_of(&case.dir.join("spec.hcldec"));
        let errors: Vec<String> = validator
            .iter_errors(&input)
            .map(|e| e.to_string())
            .collect();
        if case.exit == 0 {
            assert!(errors.is_empty(), "{}: {errors:?}", case.dir.display());
            accepted += 1;
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
    assert!(accepted >= 11, "{accepted} accepted cases checked");
    assert!(rejected >= 2, "{rejected} rejected cases checked");
}

#[test]
fn required_attributes_and_blocks_are_required() {
    let dir = std::env::temp_dir().join(format!("hcldecode-json-schema-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = dir.join("spec.hcldec");
    std::fs::write(
        &spec,
        r#"object {
  attr "name" {
    type = string
    required = true
  }
  block_list "rule" {
    min_items = 1
    object {
      attr "port" {
        type = number
      }
    }
  }
  block_map "service" {
    labels = ["name"]
    object {
      attr "port" {
        type = number
      }
    }
  }
  block "limits" {
    object {
      attr "cpu" {
        type = number
      }
    }
  }
}
"#,
    )
    .unwrap();
    let v = schema_of(&spec);
    let ok: Json = serde_json::json!({
        "name": "app",
        "rule": [{"port": 1}],
        "service": {"web": {"port": 80}, "db": [{"port": "${5000 + 432}"}]},
        "limits": {"cpu": 2},
        "//": "a comment"
    });
    assert!(v.is_valid(&ok));
    // A missing required attribute, a missing required block type.
    assert!(!v.is_valid(&serde_json::json!({"rule": {}})));
    assert!(!v.is_valid(&serde_json::json!({"name": "app"})));
    // A block without its label level; a number attribute as an object.
    assert!(!v.is_valid(&serde_json::json!({"name": "a", "rule": {}, "service": {"port": 80}})));
    assert!(!v.is_valid(&serde_json::json!({"name": "a", "rule": {"port": {}}})));
    // A single block given twice.
    assert!(!v.is_valid(&serde_json::json!({"name": "a", "rule": {}, "limits": [{}, {}]})));
    std::fs::remove_dir_all(&dir).ok();
}
