//! The workspace and the editor's conveniences (issue 38):
//! `workspace/symbol`, changes on disk (`workspace/didChangeWatchedFiles`),
//! document links for file functions' paths, inlay hints of declared
//! values, and a typed enum's variant names completed in its label. Over
//! stdio with a spec-file schema and through the library with a derived
//! one, across two files of one configuration.

mod common;

use hcldecode::HclDecode;
use hcldecode::namespaces::{Locals, Variable};
use hcldecode_lsp::Schema;
use hcldecode_lsp::analysis::{completion, document_links, inlay_hints, workspace_symbols};
use lsp_types::{InlayHintLabel, Position, Range};
use serde_json::{Value, json};

use common::{Client, pos};

const SPEC: &str = "namespace \"var\" {\n  kind       = \"variables\"\n  block_type = \"variable\"\n}\nnamespace \"local\" {\n  kind       = \"locals\"\n  block_type = \"locals\"\n}\nobject {\n  attr \"zone\" { type = string }\n  block_list \"service\" {\n    object {\n      block_label \"name\" { index = 0 }\n      attr \"replicas\" { type = number }\n    }\n  }\n}\n";

#[derive(HclDecode)]
#[allow(dead_code)]
struct Config {
    #[hcl(block, variables = "var")]
    variable: Vec<Variable>,
    #[hcl(block, locals = "local")]
    locals: Vec<Locals>,
    zone: Option<String>,
    #[hcl(block, rename = "service")]
    services: Vec<Service>,
}

#[derive(HclDecode)]
#[allow(dead_code)]
struct Service {
    #[hcl(label)]
    name: String,
    replicas: Option<u32>,
}

/// A configuration directory: `variables.hcl` on disk (`zone`, default
/// `"eu"`), the spec file, and `motd.txt`. Removed when dropped.
struct Dir(std::path::PathBuf);

impl Dir {
    fn new(tag: &str) -> Dir {
        let dir = std::env::temp_dir().join(format!("hcldecode-lsp-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("variables.hcl"),
            "variable \"zone\" {\n  default = \"eu\"\n}\n",
        )
        .unwrap();
        std::fs::write(dir.join("app.hcldec"), SPEC).unwrap();
        std::fs::write(dir.join("motd.txt"), "hello\n").unwrap();
        Dir(dir)
    }

    fn uri(&self, name: &str) -> String {
        format!("file://{}", self.0.join(name).display())
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

const MAIN: &str = "locals {\n  prefix = \"svc-${var.zone}\"\n}\nzone = \"${local.prefix}-${var.zone}\"\nservice \"api\" {\n  replicas = 2\n}\n";

fn hint_labels(hints: &[lsp_types::InlayHint]) -> Vec<(u32, u32, String)> {
    hints
        .iter()
        .map(|h| match &h.label {
            InlayHintLabel::String(s) => (h.position.line, h.position.character, s.clone()),
            InlayHintLabel::LabelParts(_) => panic!("a label of parts"),
        })
        .collect()
}

#[test]
fn over_stdio_with_a_spec_file() {
    let dir = Dir::new("ws-stdio");
    let main = dir.uri("main.hcl");
    let vars = dir.uri("variables.hcl");
    let mut c = Client::start(&["--spec", dir.0.join("app.hcldec").to_str().unwrap()]);
    // A client that registers watchers when asked is asked to.
    let init = c.initialize_with(
        json!({"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}}),
    );
    let caps = &init["result"]["capabilities"];
    assert_eq!(caps["workspaceSymbolProvider"], true, "{caps}");
    assert_eq!(caps["inlayHintProvider"], true, "{caps}");
    assert_eq!(caps["documentLinkProvider"]["resolveProvider"], false);
    let reg = c.notification("client/registerCapability");
    assert_eq!(
        reg["registrations"][0]["method"],
        "workspace/didChangeWatchedFiles"
    );
    assert_eq!(
        reg["registrations"][0]["registerOptions"]["watchers"][0]["globPattern"],
        "**/*"
    );
    let d = c.open(&main, MAIN);
    assert_eq!(d["diagnostics"], json!([]), "{d}");

    // workspace/symbol: the declaration on disk and the open file's blocks.
    let r = c.request("workspace/symbol", json!({"query": "var.z"}))["result"].clone();
    let found = r.as_array().unwrap();
    assert_eq!(found.len(), 1, "{r}");
    assert_eq!(found[0]["name"], "var.zone");
    assert_eq!(found[0]["kind"], 13); // variable
    assert_eq!(found[0]["location"]["uri"], vars.as_str());
    assert_eq!(found[0]["location"]["range"]["start"], pos(0, 9));
    let r = c.request("workspace/symbol", json!({"query": "service"}))["result"].clone();
    let names: Vec<&str> = r
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["service \"api\""], "{r}");
    assert_eq!(r[0]["location"]["uri"], main.as_str());
    let r = c.request("workspace/symbol", json!({"query": "replicas"}))["result"].clone();
    assert_eq!(r[0]["containerName"], "service \"api\"", "{r}");
    let r = c.request("workspace/symbol", json!({"query": "local.pre"}))["result"].clone();
    assert_eq!(r[0]["location"]["range"]["start"], pos(1, 2), "{r}");

    // Inlay hints: the values of var.zone (a default in the other file)
    // and of the local built from it.
    let r = c.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": main}, "range": {"start": pos(0, 0), "end": pos(7, 0)}}),
    )["result"]
        .clone();
    let hints: Vec<(Value, Value)> = r
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["position"].clone(), h["label"].clone()))
        .collect();
    assert_eq!(
        hints,
        [
            (pos(1, 26), json!("= \"eu\"")),
            (pos(3, 22), json!("= \"svc-eu\"")),
            (pos(3, 34), json!("= \"eu\"")),
        ],
        "{r}"
    );
    // Only those in the range asked for.
    let r = c.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": main}, "range": {"start": pos(3, 0), "end": pos(4, 0)}}),
    )["result"]
        .clone();
    assert_eq!(r.as_array().unwrap().len(), 2, "{r}");

    // Hover and completion of a name declared in the other file: its
    // declaration there and its value.
    let r = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": main}, "position": pos(3, 30)}),
    )["result"]
        .clone();
    assert_eq!(
        r["contents"]["value"],
        "**var.zone**: `any`\n\nDefault: `\"eu\"`\n\nValue: `\"eu\"`\n\nDeclared at line 1 of variables.hcl.",
        "{r}"
    );
    let r = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": main}, "position": pos(3, 18)}),
    )["result"]
        .clone();
    assert_eq!(
        r["contents"]["value"],
        "**local.prefix**: local value\n\n```hcl\nprefix = \"svc-${var.zone}\"\n```\n\nValue: `\"svc-eu\"`\n\nDeclared at line 2.",
        "{r}"
    );
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": main, "version": 2}, "contentChanges": [
            {"range": {"start": pos(7, 0), "end": pos(7, 0)}, "text": "zone = var."}]}),
    );
    c.notification("textDocument/publishDiagnostics");
    let r = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": main}, "position": pos(7, 11)}),
    )["result"]
        .clone();
    assert_eq!(common::labels(&r), ["zone"], "{r}");
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": main, "version": 3}, "contentChanges": [
            {"range": {"start": pos(7, 0), "end": pos(7, 11)}, "text": ""}]}),
    );
    c.notification("textDocument/publishDiagnostics");

    // The variable renamed on disk: main.hcl is checked again when the
    // client reports the change.
    std::fs::write(
        dir.0.join("variables.hcl"),
        "variable \"region\" {\n  default = \"eu\"\n}\n",
    )
    .unwrap();
    c.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": vars, "type": 2}]}),
    );
    let d = c.notification("textDocument/publishDiagnostics");
    assert_eq!(d["uri"], main.as_str());
    let errs = d["diagnostics"].as_array().unwrap();
    assert_eq!(errs.len(), 2, "{d}");
    assert!(
        errs[0]["message"]
            .as_str()
            .unwrap()
            .contains("\"zone\" has not been declared"),
        "{d}"
    );

    // Document links: the path given to file(), to the file beside it.
    let other = dir.uri("links.hcl");
    c.open(
        &other,
        "a = file(\"motd.txt\")\nb = templatefile(\"missing.tpl\", {})\n",
    );
    let r = c.request(
        "textDocument/documentLink",
        json!({"textDocument": {"uri": other}}),
    )["result"]
        .clone();
    let links = r.as_array().unwrap();
    assert_eq!(links.len(), 1, "{r}");
    assert_eq!(links[0]["range"]["start"], pos(0, 10));
    assert_eq!(links[0]["range"]["end"], pos(0, 18));
    assert_eq!(links[0]["target"], dir.uri("motd.txt").as_str());
    c.shutdown();
}

#[test]
fn through_the_library_with_a_derived_schema() {
    let dir = Dir::new("ws-lib");
    let schema = Schema::of::<Config>();
    let main = dir.uri("main.hcl");
    let vars = dir.uri("variables.hcl");
    let text = MAIN.into();
    let siblings = [(
        vars.clone(),
        std::fs::read_to_string(dir.0.join("variables.hcl")).unwrap(),
    )];
    let all = Range::new(Position::new(0, 0), Position::new(7, 0));
    assert_eq!(
        hint_labels(&inlay_hints(&schema, &main, &text, all, &siblings)),
        [
            (1, 26, "= \"eu\"".to_string()),
            (3, 22, "= \"svc-eu\"".to_string()),
            (3, 34, "= \"eu\"".to_string())
        ]
    );
    // Without the other file, var.zone is undeclared: no value, no hint.
    assert!(inlay_hints(&schema, &main, &text, all, &[]).is_empty());
    let files = [
        (main.clone(), text.clone()),
        (vars.clone(), siblings[0].1.as_str().into()),
    ];
    let found = workspace_symbols(&schema, &files, "");
    let names: Vec<&str> = found.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "locals",
            "prefix",
            "zone",
            "service \"api\"",
            "replicas",
            "local.prefix",
            "variable \"zone\"",
            "default",
            "var.zone",
        ]
    );
    let links = document_links(&main, &"x = filebase64(\"motd.txt\")\n".into());
    assert_eq!(links.len(), 1);
    assert_eq!(
        links[0].target.as_ref().map(|u| u.as_str().to_string()),
        Some(dir.uri("motd.txt"))
    );
}

#[test]
fn sensitive_values_and_unknown_ones_get_no_hint() {
    let schema = Schema::of::<Config>();
    let text = "variable \"key\" {\n  default   = \"s3cret\"\n  sensitive = true\n}\nvariable \"free\" {}\nlocals {\n  k = \"x-${var.key}\"\n  long = [for i in range(30) : i]\n}\nzone = \"${local.k}${var.free}\"\nservice \"a\" {\n  replicas = length(local.long)\n}\n";
    let all = Range::new(Position::new(0, 0), Position::new(13, 0));
    let hints = inlay_hints(&schema, "file:///s/a.hcl", &text.into(), all, &[]);
    // Neither the sensitive variable, nor the local made from it, nor the
    // variable without a value; a long value is cut short.
    assert_eq!(hint_labels(&hints), []);
    let schema = Schema::of::<Config>().functions(hcldecode::function::Functions::stdlib());
    let hints = inlay_hints(&schema, "file:///s/a.hcl", &text.into(), all, &[]);
    let labels = hint_labels(&hints);
    assert_eq!(labels.len(), 1, "{labels:?}");
    assert_eq!(labels[0].0, 11);
    assert_eq!(labels[0].2.chars().count(), 42, "{labels:?}");
    assert!(labels[0].2.starts_with("= [0, 1, 2,"), "{labels:?}");
    assert!(labels[0].2.ends_with('…'), "{labels:?}");
}

#[derive(HclDecode)]
#[allow(dead_code)]
struct Run {
    command: String,
}

#[derive(HclDecode)]
#[allow(dead_code)]
struct Cache {
    paths: Vec<String>,
}

#[derive(HclDecode)]
#[allow(dead_code)]
enum Step {
    Run(Run),
    Cache(Cache),
}

#[derive(HclDecode)]
#[allow(dead_code)]
struct Pipeline {
    #[hcl(block, tag = "label", rename = "step")]
    steps: Vec<Step>,
    #[hcl(block, rename = "service")]
    services: Vec<Service>,
}

fn edits(items: &[lsp_types::CompletionItem]) -> Vec<(String, String, u32, u32)> {
    items
        .iter()
        .map(|i| match &i.text_edit {
            Some(lsp_types::CompletionTextEdit::Edit(e)) => (
                i.label.clone(),
                e.new_text.clone(),
                e.range.start.character,
                e.range.end.character,
            ),
            _ => panic!("no edit: {i:?}"),
        })
        .collect()
}

#[test]
fn a_tagged_enums_variants_complete_in_its_label() {
    let schema = Schema::of::<Pipeline>();
    let at = |text: &str, line, character| {
        completion(
            &schema,
            "ci.hcl",
            &text.into(),
            Position::new(line, character),
            false,
        )
    };
    // Right after the opening quote, and with part of the name typed.
    assert_eq!(
        edits(&at("step \"", 0, 6)),
        [
            ("run".into(), "run".into(), 6, 6),
            ("cache".into(), "cache".into(), 6, 6)
        ]
    );
    assert_eq!(
        edits(&at("step \"ca\" {\n}\n", 0, 8)),
        [
            ("run".into(), "run".into(), 6, 8),
            ("cache".into(), "cache".into(), 6, 8)
        ]
    );
    // No quote yet: the name is inserted quoted.
    assert_eq!(
        edits(&at("step ", 0, 5))[1],
        ("cache".into(), "\"cache\"".into(), 5, 5)
    );
    // Inside a body, after another block.
    let text = "step \"run\" {\n  command = \"x\"\n}\n  step \"";
    assert_eq!(edits(&at(text, 3, 8)).len(), 2);
    // A label that is no tag completes nothing (not the body's names).
    assert!(at("service \"", 0, 9).is_empty());
    assert!(at("step \"run\" \"", 0, 12).is_empty());
    // Not a header: the body's names, as before.
    let names: Vec<String> = at("\n", 0, 0).into_iter().map(|i| i.label).collect();
    assert_eq!(names, ["step", "service"]);
}
