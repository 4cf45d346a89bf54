//! The JSON files of the conformance cases (vendored in `tests/conformance`): where the reference stopped at parse errors, `expected.stderr`
//! must be exactly our parse diagnostics in hcldec's JSON form; everywhere
//! else our parse must be clean.

use std::fmt::Write;
use std::path::{Path, PathBuf};

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::json_text::write_json_string;
use hcldecode_spec::source::Pos;
use hcldecode_spec::syntax::json;

/// The conformance data vendored in the workspace's tests crate.
fn conformance() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/conformance")
}

/// Every summary the JSON parser can produce.
const PARSE_SUMMARIES: &[&str] = &[
    "Extraneous data after value",
    "Missing JSON value",
    "Missing array element value",
    "Missing value",
    "Invalid start of value",
    "Invalid object property name",
    "Missing object value",
    "Missing property value colon",
    "Trailing comma in object",
    "Unclosed object",
    "Mismatched braces",
    "Missing attribute seperator comma",
    "Trailing comma in array",
    "Invalid array value",
    "Mismatched brackets",
    "Invalid JSON number",
    "Invalid JSON string",
    "Invalid JSON keyword",
    "Root value must be object",
];

fn pos(out: &mut String, name: &str, p: &Pos) {
    write!(
        out,
        "        \"{name}\": {{\n          \"line\": {},\n          \"column\": {},\n          \"byte\": {}\n        }}",
        p.line, p.column, p.byte
    )
    .unwrap();
}

/// Diagnostics as `hcldec --diags=json` prints them.
fn render(diags: &Diagnostics) -> String {
    let mut out = String::from("{\n  \"diagnostics\": [\n");
    for (i, d) in diags.iter().enumerate() {
        out.push_str("    {\n      \"severity\": ");
        write_json_string(&mut out, d.severity.as_str());
        out.push_str(",\n      \"summary\": ");
        write_json_string(&mut out, &d.summary);
        out.push_str(",\n      \"detail\": ");
        write_json_string(&mut out, &d.detail);
        if let Some(s) = &d.subject {
            out.push_str(",\n      \"subject\": {\n        \"filename\": ");
            write_json_string(&mut out, &s.filename);
            out.push_str(",\n");
            pos(&mut out, "start", &s.start);
            out.push_str(",\n");
            pos(&mut out, "end", &s.end);
            out.push_str("\n      }");
        }
        out.push_str("\n    }");
        if i + 1 < diags.len() {
            out.push(',');
        }
        out.push('\n');
    }
    out.push_str("  ]\n}\n");
    out
}

fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    out.retain(|p| p.extension().is_some_and(|e| e == "json") && p.is_file());
    out.sort();
    out
}

#[test]
fn conformance_json_files() {
    let cases_dir = conformance().join("cases");
    let groups =
        std::fs::read_dir(&cases_dir).unwrap_or_else(|e| panic!("{}: {e}", cases_dir.display()));
    let mut checked = 0;
    let mut with_errors = 0;
    for group in groups.filter_map(|e| e.ok()) {
        let Ok(cases) = std::fs::read_dir(group.path()) else {
            continue;
        };
        for case in cases.filter_map(|e| e.ok()).map(|e| e.path()) {
            let expected =
                std::fs::read_to_string(case.join("expected.stderr")).unwrap_or_default();
            for file in json_files(&case) {
                let name = file.file_name().unwrap().to_string_lossy().into_owned();
                if name.starts_with("expected") {
                    continue;
                }
                let src = json::source_from_bytes(name.as_str(), std::fs::read(&file).unwrap());
                let (_, diags) = json::parse(src);
                checked += 1;
                if diags.is_empty() {
                    for s in PARSE_SUMMARIES {
                        assert!(
                            !expected.contains(&format!("\"summary\": \"{s}\"")),
                            "{}: the reference reports {s:?}, we parse cleanly",
                            file.display()
                        );
                    }
                } else {
                    with_errors += 1;
                    assert_eq!(render(&diags), expected, "{}", file.display());
                }
            }
        }
    }
    assert!(checked >= 20, "only {checked} JSON files found");
    assert!(with_errors >= 1);
}

/// The JSON inputs of HashiCorp's spec suite all parse cleanly.
#[test]
fn specsuite_json_files_parse() {
    fn visit(dir: &Path, found: &mut Vec<PathBuf>) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        for p in rd.filter_map(|e| e.ok()).map(|e| e.path()) {
            if p.is_dir() {
                visit(&p, found);
            } else if p.to_string_lossy().ends_with(".hcl.json") {
                found.push(p);
            }
        }
    }
    let mut found = Vec::new();
    visit(&conformance().join("specsuite"), &mut found);
    assert!(!found.is_empty(), "no JSON files in the specsuite");
    for file in found {
        let src = json::source_from_bytes("t.json", std::fs::read(&file).unwrap());
        let (file_tree, diags) = json::parse(src);
        assert!(diags.is_empty(), "{}: {diags}", file.display());
        assert!(file_tree.root.as_object().is_some());
    }
}
