//! The library server in process (`Connection::memory`), with the schema
//! of the Nomad example's derived types and its decoder: documents are
//! checked by typed decoding, completion reads the derived spec.

use lsp_server::{Connection, Message};
use serde_json::{Value, json};

#[path = "../../hcldecode/examples/nomad.rs"]
#[allow(dead_code)]
mod nomad;

mod common;
use common::MemoryClient as Client;

const URI: &str = "file:///tmp/job.hcl";

impl Client {
    fn diagnostics(&self) -> Value {
        loop {
            if let Message::Notification(n) = self.conn.receiver.recv().unwrap()
                && n.method == "textDocument/publishDiagnostics"
            {
                return n.params;
            }
        }
    }
}

fn pos(line: u32, character: u32) -> Value {
    json!({"line": line, "character": character})
}

fn labels(items: &Value) -> Vec<String> {
    let mut out: Vec<String> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap().to_string())
        .collect();
    out.sort();
    out
}

type ServerThread = std::thread::JoinHandle<Result<(), hcldecode_lsp::Error>>;

/// A server of `schema` (built on its thread), initialized with
/// `capabilities`: the client, the server's thread and the `initialize`
/// result.
fn serve(
    schema: impl FnOnce() -> hcldecode_lsp::Schema + Send + 'static,
    capabilities: Value,
) -> (Client, ServerThread, Value) {
    let (server_side, conn) = Connection::memory();
    let server = std::thread::spawn(move || hcldecode_lsp::Server::new(schema()).run(&server_side));
    let mut c = Client { conn, next_id: 0 };
    let init = c.request(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": capabilities}),
    );
    c.notify("initialized", json!({}));
    (c, server, init)
}

/// Opens the shipped job file as the document `URI`: its text.
fn open_example(c: &Client) -> String {
    let (path, _) = nomad::example_files();
    let text = std::fs::read_to_string(path).unwrap();
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "hcl", "version": 1, "text": text}}),
    );
    text
}

#[test]
fn the_nomad_example_schema() {
    let (mut c, server, _) = serve(
        || hcldecode_lsp::Schema::with_decoder::<nomad::JobFile>(nomad::decoder()),
        json!({}),
    );

    // The shipped job file is clean (its `region` variable comes from the
    // application's decoder).
    let text = open_example(&c);
    let d = c.diagnostics();
    assert_eq!(d["diagnostics"], json!([]), "{d}");

    // An enum's value is checked by typed decoding: `type = "servic"`.
    let line = text
        .lines()
        .position(|l| l.contains("type        = \"service\""))
        .unwrap() as u32;
    c.notify(
        "textDocument/didChange",
        json!({
            "textDocument": {"uri": URI, "version": 2},
            "contentChanges": [{"range": {"start": pos(line, 22), "end": pos(line, 23)}, "text": ""}],
        }),
    );
    let d = c.diagnostics();
    let list = d["diagnostics"].as_array().unwrap();
    assert_eq!(list.len(), 1, "{d}");
    assert_eq!(list[0]["range"]["start"], pos(line, 16), "{d}");
    assert_eq!(list[0]["source"], "hcldecode");

    // Completion in a task: the derived spec's names less those there
    // (`config` and `resources` are single blocks, `driver` is set).
    let task = text
        .lines()
        .position(|l| l.contains("task \"log-shipper\""))
        .unwrap() as u32;
    let r = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": URI}, "position": pos(task + 1, 0)}),
    );
    assert_eq!(labels(&r), ["env"], "{r}");
    // In a group: its attributes and blocks.
    let group = text
        .lines()
        .position(|l| l.contains("group \"worker\""))
        .unwrap() as u32;
    let r = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": URI}, "position": pos(group + 1, 0)}),
    );
    assert_eq!(labels(&r), ["count", "network", "service", "task"], "{r}");
    // Hover on the job's `priority`: its derived type.
    let pr = text.lines().position(|l| l.contains("priority")).unwrap() as u32;
    let r = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": pos(pr, 3)}),
    );
    assert_eq!(
        r["contents"]["value"],
        "**priority**: `number`\n\nThe scheduling priority, 1 to 100 (50 when absent).",
        "{r}"
    );

    // A misspelt variable: the suggestion rides in the diagnostic's
    // `data`, and the quick fix puts it in place.
    let reg = text
        .lines()
        .position(|l| l.contains("REGION    = region"))
        .unwrap() as u32;
    c.notify(
        "textDocument/didChange",
        json!({
            "textDocument": {"uri": URI, "version": 3},
            "contentChanges": [{"range": {"start": pos(reg, 20), "end": pos(reg, 26)}, "text": "regoin"}],
        }),
    );
    let d = c.diagnostics();
    let v = d["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "eval.unknown_variable")
        .unwrap_or_else(|| panic!("{d}"))
        .clone();
    assert_eq!(v["data"], json!({"replacement": "region"}), "{v}");
    assert_eq!(v["range"]["start"], pos(reg, 20), "{v}");
    assert_eq!(v["range"]["end"], pos(reg, 26), "{v}");
    let r = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI}, "range": v["range"], "context": {"diagnostics": [v]}}),
    );
    assert_eq!(
        r[0]["edit"]["changes"][URI],
        json!([{"range": v["range"], "newText": "region"}]),
        "{r}"
    );

    stop(c, server);
}

/// A server of the Nomad schema (plus a variable of the library's own
/// API), initialized with `capabilities`, `job.hcl` open.
fn start(capabilities: Value) -> (Client, ServerThread, String) {
    let (c, server, _) = serve(
        || {
            hcldecode_lsp::Schema::with_decoder::<nomad::JobFile>(nomad::decoder()).variable(
                "zone",
                hcldecode::Value::object([("name", hcldecode::Value::string("b"))]),
            )
        },
        capabilities,
    );
    let text = open_example(&c);
    let d = c.diagnostics();
    assert_eq!(d["diagnostics"], json!([]), "{d}");
    (c, server, text)
}

fn stop(mut c: Client, server: ServerThread) {
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    server.join().unwrap().unwrap();
}

fn line_of(text: &str, needle: &str) -> u32 {
    text.lines().position(|l| l.contains(needle)).unwrap() as u32
}

fn item<'a>(items: &'a Value, label: &str) -> &'a Value {
    items
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["label"] == label)
        .unwrap_or_else(|| panic!("no {label} in {items}"))
}

#[test]
fn doc_comments_enum_values_variables_and_snippets() {
    let snippets =
        json!({"textDocument": {"completion": {"completionItem": {"snippetSupport": true}}}});
    let (mut c, server, text) = start(snippets);

    // Hover: the field's doc comment; a block's from its type's.
    let ty = line_of(&text, "type        = \"service\"");
    let r = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": pos(ty, 3)}),
    );
    assert_eq!(
        r["contents"]["value"],
        "**type**: `string`\n\nHow the job is scheduled: `\"service\"` (long-running, the default),\n`\"batch\"` or `\"system\"`.",
        "{r}"
    );
    let group = line_of(&text, "group \"frontend\"");
    let r = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": pos(group, 3)}),
    );
    let v = r["contents"]["value"].as_str().unwrap();
    assert!(
        v.starts_with("**group** block: `block_list (labels: name), required`\n\nA group of tasks placed together on one client.\n\n"),
        "{v}"
    );

    // Completion at the job's body: descriptions as documentation, the
    // group block as a snippet (its label; its tasks are blocks).
    let r = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": URI}, "position": pos(group - 1, 0)}),
    );
    let g = item(&r, "group");
    assert_eq!(g["insertText"], "group \"${1:name}\" {\n\t${2}\n}", "{g}");
    assert_eq!(g["insertTextFormat"], 2);
    assert_eq!(
        g["documentation"]["value"],
        "A group of tasks placed together on one client."
    );
    // A task: its label and its one required attribute.
    let worker = line_of(&text, "group \"worker\"");
    let r = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": URI}, "position": pos(worker + 1, 0)}),
    );
    assert_eq!(
        item(&r, "task")["insertText"],
        "task \"${1:name}\" {\n\tdriver = ${2}\n\t${3}\n}"
    );

    // After `type = `: the enum's names, quoted, replacing the old value.
    c.notify(
        "textDocument/didChange",
        json!({
            "textDocument": {"uri": URI, "version": 2},
            "contentChanges": [{"range": {"start": pos(ty, 16), "end": pos(ty, 25)}, "text": "\"ba"}],
        }),
    );
    c.diagnostics();
    let r = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": URI}, "position": pos(ty, 19)}),
    );
    let values: Vec<&str> = r
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["kind"] == 20) // enum member
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert_eq!(values, ["\"service\"", "\"batch\"", "\"system\""], "{r}");
    assert_eq!(
        item(&r, "\"batch\"")["textEdit"],
        json!({"range": {"start": pos(ty, 16), "end": pos(ty, 19)}, "newText": "\"batch\""})
    );
    // The application's variables, and the one given to the schema.
    assert_eq!(item(&r, "region")["detail"], "string");
    assert_eq!(item(&r, "zone")["detail"], "object");

    // After `zone.`: its attributes; hover on `region`: its value.
    let reg = line_of(&text, "REGION    = region");
    c.notify(
        "textDocument/didChange",
        json!({
            "textDocument": {"uri": URI, "version": 3},
            "contentChanges": [{"range": {"start": pos(ty, 16), "end": pos(ty, 19)}, "text": "zone."}],
        }),
    );
    c.diagnostics();
    let r = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": URI}, "position": pos(ty, 21)}),
    );
    assert_eq!(labels(&r), ["name"], "{r}");
    let r = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": pos(reg, 22)}),
    );
    assert_eq!(
        r["contents"]["value"], "**region**: `string`\n\n```hcl\n\"eu-west-1\"\n```",
        "{r}"
    );
    stop(c, server);
}

#[test]
fn the_json_job_file() {
    let (mut c, server, _) = start(json!({}));
    let (_, path) = nomad::example_files();
    let text = std::fs::read_to_string(path).unwrap();
    let uri = "file:///tmp/job.hcl.json";
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}}),
    );
    let d = c.diagnostics();
    assert_eq!(d["diagnostics"], json!([]), "{d}");
    let r = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(r[0]["name"], "job \"web\"", "{r}");
    let job: Vec<&str> = r[0]["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        job,
        [
            "datacenters",
            "type",
            "priority",
            "update",
            "group \"frontend\"",
            "group \"worker\""
        ],
        "{r}"
    );
    let frontend = &r[0]["children"][4];
    let names: Vec<&str> = frontend["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"network") && names.contains(&"task \"server\""),
        "{names:?}"
    );

    // Hover on a property name: its doc comment.
    let pr = line_of(&text, "\"priority\": 60");
    let r = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": pos(pr, 9)}),
    );
    assert_eq!(
        r["contents"]["value"],
        "**priority**: `number`\n\nThe scheduling priority, 1 to 100 (50 when absent).",
        "{r}"
    );

    // Property names in the `update` block's body: those not set.
    let edited = text.replace(
        "\"max_parallel\": 2,\n        \"stagger\": \"30s\"",
        "\"max_parallel\": 2",
    );
    assert_ne!(edited, text);
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": edited}]}),
    );
    let d = c.diagnostics();
    assert_eq!(d["diagnostics"], json!([]), "{d}");
    let update = line_of(&edited, "\"update\": {");
    let r = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": pos(update + 1, 0)}),
    );
    assert_eq!(labels(&r), ["stagger"], "{r}");
    assert_eq!(item(&r, "stagger")["insertText"], "\"stagger\": ");
    // In the job's body: every name is set but the group list's.
    let r = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": pos(update, 6)}),
    );
    assert_eq!(labels(&r), ["group"], "{r}");
    stop(c, server);
}

/// Signature help, formatting and semantic tokens with the derived
/// schema (the features the spec-file tests in `stdio.rs` cover too),
/// with the stdlib functions the application enables.
#[test]
fn signature_help_formatting_and_tokens() {
    let (mut c, server, init) = serve(
        || {
            hcldecode_lsp::Schema::with_decoder::<nomad::JobFile>(nomad::decoder())
                .functions(hcldecode::function::Functions::stdlib())
        },
        json!({}),
    );
    let legend: Vec<String> =
        init["capabilities"]["semanticTokensProvider"]["legend"]["tokenTypes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap().to_string())
            .collect();
    let uri = "file:///tmp/fmt.hcl";
    // Valid for the schema, but not formatted: `datacenters=` and the
    // body's indentation.
    let text = "job \"web\" {\ndatacenters=[upper(\"dc1\")]\n  type = \"batch\"\n\n  group \"g\" {\n    task \"t\" {\n      driver = \"exec\"\n    }\n  }\n}\n";
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "hcl", "version": 1, "text": text}}),
    );
    let d = c.diagnostics();
    assert_eq!(d["diagnostics"], json!([]), "{d}");

    // Signature help inside `upper(`: the stdlib's signature.
    let r = c.request(
        "textDocument/signatureHelp",
        json!({"textDocument": {"uri": uri}, "position": pos(1, 19)}),
    );
    assert_eq!(r["signatures"][0]["label"], "upper(str string)", "{r}");
    assert_eq!(r["activeParameter"], 0, "{r}");

    // Formatting: one edit of the whole text, hclfmt's layout.
    let r = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    let edits = r.as_array().unwrap();
    assert_eq!(edits.len(), 1, "{r}");
    let new_text = edits[0]["newText"].as_str().unwrap();
    assert!(
        new_text.starts_with(
            "job \"web\" {\n  datacenters = [upper(\"dc1\")]\n  type        = \"batch\"\n"
        ),
        "{new_text}"
    );
    assert_eq!(
        new_text.as_bytes(),
        hcldecode::format::format(text.as_bytes()).as_slice()
    );

    // Semantic tokens: the block type, its label, the attribute, the call.
    let r = c.request(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": uri}}),
    );
    let data: Vec<u64> = r["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    let (mut line, mut col) = (0, 0);
    let mut got = Vec::new();
    for t in data.chunks(5) {
        if t[0] > 0 {
            col = 0;
        }
        line += t[0];
        col += t[1];
        got.push(format!("{line}:{col}+{} {}", t[2], legend[t[3] as usize]));
    }
    for want in [
        "0:0+3 type",
        "0:4+5 enumMember",
        "1:0+11 property",
        "1:13+5 function",
        "4:2+5 type",
    ] {
        assert!(got.iter().any(|g| g == want), "{want} not in {got:?}");
    }
    stop(c, server);
}

/// The application's own rules in the editor (issue 38: `replicas = 300`
/// showed nothing though the application refuses it): a schema with
/// rules publishes their diagnostics beside the decoder's.
#[test]
fn the_applications_rules_are_diagnostics_too() {
    fn rules(file: &nomad::JobFile) -> hcldecode::Diagnostics {
        let mut d = hcldecode::Diagnostics::new();
        for g in file.jobs.iter().flat_map(|j| &j.groups) {
            if g.count > 100 {
                d.push(hcldecode::Diagnostic::error(
                    "Too many instances",
                    format!(
                        "Group {:?} asks for {}; at most 100 are allowed.",
                        g.name, g.count
                    ),
                ));
            }
        }
        d
    }
    let (c, server, _) = serve(
        || hcldecode_lsp::Schema::with_rules::<nomad::JobFile>(nomad::decoder(), rules),
        json!({}),
    );
    let text = open_example(&c);
    assert_eq!(c.diagnostics()["diagnostics"], json!([]));
    let changed = text.replacen("count = 3", "count = 300", 1);
    assert_ne!(changed, text);
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": changed}]}),
    );
    let d = c.diagnostics();
    let list = d["diagnostics"].as_array().unwrap();
    assert_eq!(list.len(), 1, "{d}");
    assert!(
        list[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("Too many instances\n\nGroup \"frontend\" asks for 300"),
        "{d}"
    );
    stop(c, server);
}

/// The application's `lsp` subcommand (`examples/nomad_lsp.rs`), over
/// stdio as an editor starts it: the example job file is clean, and a
/// service given a port its group does not define gets the application's
/// own "Unknown port", at the port, with "Did you mean".
#[test]
fn the_example_applications_lsp_subcommand() {
    // `cargo test` builds the package's examples beside the tests.
    let exe = std::env::current_exe().unwrap();
    let dir = exe
        .parent()
        .and_then(|d| d.parent())
        .unwrap()
        .join("examples");
    let program = dir.join(format!("nomad_lsp{}", std::env::consts::EXE_SUFFIX));
    assert!(
        program.exists(),
        "{} is not built: `cargo test -p hcldecode-lsp` builds the examples with the tests",
        program.display()
    );
    let mut c = common::Client::start_program(&program, &["lsp"]);
    c.initialize();
    let (path, _) = nomad::example_files();
    let text = std::fs::read_to_string(path).unwrap();
    let d = c.open(URI, &text);
    assert_eq!(d["diagnostics"], json!([]), "{d}");
    let port = text
        .find("port = \"http\"")
        .expect("a service port in job.hcl");
    let broken = text.replacen("port = \"http\"", "port = \"htp\"", 1);
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": broken}]}),
    );
    let d = c.notification("textDocument/publishDiagnostics");
    let list = d["diagnostics"].as_array().unwrap();
    assert_eq!(list.len(), 1, "{d}");
    assert!(
        list[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("Unknown port\n\nService"),
        "{d}"
    );
    assert!(
        list[0]["message"]
            .as_str()
            .unwrap()
            .contains("Did you mean \"http\"?"),
        "{d}"
    );
    let at = hcldecode_lsp::text::position(&broken, port + "port = ".len());
    assert_eq!(
        list[0]["range"]["start"],
        serde_json::to_value(at).unwrap(),
        "{d}"
    );
    c.shutdown();
}
