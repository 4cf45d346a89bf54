//! Quick fixes: a misspelt name changed to the one meant, an unsupported
//! argument or block removed with its lines, a missing required argument
//! added inside its block; with a spec-file schema and a derived one, and
//! over stdio.

mod common;

use hcldecode::spec_file::LoadedSpec;
use hcldecode_lsp::Schema;
use hcldecode_lsp::analysis::{code_actions, diagnostics};
use lsp_types::{CodeActionOrCommand, Uri};
use serde_json::json;

const SPEC: &str = "block_list {\n  block_type = \"svc\"\n  object {\n    block_label \"id\" { index = 0 }\n    attr \"port\" {\n      type = number\n    }\n    attr \"name\" {\n      type = string\n      required = true\n    }\n  }\n}\n";

const DOC: &str = "svc \"a\" {\n  prot = 1\n  extra = 2\n}\n";

// The schema is all the server reads of these types.
#[allow(dead_code)]
#[derive(hcldecode::HclDecode)]
struct Config {
    #[hcl(block)]
    svc: Vec<Svc>,
}

#[allow(dead_code)]
#[derive(hcldecode::HclDecode)]
struct Svc {
    #[hcl(label)]
    id: String,
    port: Option<u16>,
    name: String,
}

/// Each action's title and the text after applying it alone.
fn fixes(schema: &Schema, text: &str) -> Vec<(String, String)> {
    let doc = text.into();
    let d = diagnostics(schema, "a.hcl", &doc);
    let uri: Uri = "file:///a.hcl".parse().unwrap();
    let mut out = Vec::new();
    for a in code_actions(&uri, &d) {
        let CodeActionOrCommand::CodeAction(a) = a else {
            panic!("{a:?}")
        };
        let edits = a.edit.unwrap().changes.unwrap().remove(&uri).unwrap();
        let mut after = text.to_string();
        for e in edits.iter().rev() {
            let doc: hcldecode_lsp::text::Document = after.as_str().into();
            let (s, t) = (doc.offset(e.range.start), doc.offset(e.range.end));
            after.replace_range(s..t, &e.new_text);
        }
        out.push((a.title, after));
    }
    out.sort();
    out
}

fn want() -> Vec<(String, String)> {
    let mut w = vec![
        (
            "Add the required argument \"name\"".to_string(),
            "svc \"a\" {\n  prot = 1\n  extra = 2\n  name = \n}\n".to_string(),
        ),
        (
            "Change to \"port\"".to_string(),
            "svc \"a\" {\n  port = 1\n  extra = 2\n}\n".to_string(),
        ),
        (
            "Remove the unsupported argument".to_string(),
            "svc \"a\" {\n  extra = 2\n}\n".to_string(),
        ),
        (
            "Remove the unsupported argument".to_string(),
            "svc \"a\" {\n  prot = 1\n}\n".to_string(),
        ),
    ];
    w.sort();
    w
}

#[test]
fn with_a_spec_file() {
    let (loaded, warnings) = LoadedSpec::load_file(SPEC, "s.hcldec").unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let schema = Schema::from_spec_file(loaded);
    assert_eq!(fixes(&schema, DOC), want());
}

#[test]
fn with_a_derived_schema() {
    let schema = Schema::of::<Config>();
    assert_eq!(fixes(&schema, DOC), want());
}

/// A missing argument of the file's own body goes at its end; a block on a
/// line shared with others is removed alone.
#[test]
fn at_the_end_of_the_file_and_inside_a_line() {
    let spec = "object {\n  attr \"name\" {\n    type = string\n    required = true\n  }\n}\n";
    let (loaded, _) = LoadedSpec::load_file(spec, "s.hcldec").unwrap();
    let schema = Schema::from_spec_file(loaded);
    let got = fixes(&schema, "x { }");
    assert!(
        got.contains(&(
            "Add the required argument \"name\"".to_string(),
            "x { }\nname = \n".to_string()
        )),
        "{got:?}"
    );
    assert!(
        got.contains(&("Remove the unsupported block".to_string(), String::new())),
        "{got:?}"
    );
}

#[test]
fn over_stdio() {
    let mut c = common::Client::start(&["--spec", &common::data_path("service.hcldec")]);
    c.initialize();
    let uri = "file:///a.hcl";
    let published = c.open(uri, "name = \"x\"\nnmae2 = 1\n");
    let diags = published["diagnostics"].clone();
    let d = diags
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "content.unsupported_argument")
        .cloned()
        .unwrap_or_else(|| panic!("{published}"));
    assert_eq!(
        d["data"]["remove"],
        json!({"start": {"line": 1, "character": 0}, "end": {"line": 2, "character": 0}})
    );
    let r = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": d["range"], "context": {"diagnostics": [d]}}),
    );
    let titles: Vec<&str> = r["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert!(titles.contains(&"Remove the unsupported argument"), "{r}");
    c.shutdown();
}
