//! End-to-end: the built `hcldecode-lsp` binary, spoken to over its stdin
//! and stdout with Content-Length framing, as an editor does.

mod common;

use common::{Client, data_path, labels, pos};
use serde_json::{Value, json};
use std::process::{Command, Stdio};

fn spec_path() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/app.hcldec").to_string()
}

const DOC: &str = "name = upper(\"web\")\ntags = { a = \"😀\", b = nope }\nhttp {\n  listen = \":8080\"\n}\nbackend \"api\" {\n  url = \"http://x\"\n}\n";
const URI: &str = "file:///tmp/app.hcl";

#[test]
fn a_session_as_an_editor_has_it() {
    let spec = spec_path();
    let mut c = Client::start(&["--spec", &spec, "--functions=stdlib"]);
    let init = c.initialize();
    let caps = &init["result"]["capabilities"];
    assert_eq!(caps["textDocumentSync"]["change"], 2, "{init}"); // incremental
    assert_eq!(caps["documentFormattingProvider"], true);
    assert_eq!(init["result"]["serverInfo"]["name"], "hcldecode-lsp");

    // An error after multi-byte characters on its line: `nope` starts at
    // byte 25, grapheme column 22, UTF-16 column 23 (the emoji is two
    // units).
    let diags = c.open(URI, DOC);
    assert_eq!(diags["uri"], URI);
    assert_eq!(diags["version"], 1);
    let list = diags["diagnostics"].as_array().unwrap();
    assert_eq!(list.len(), 1, "{diags}");
    let d = &list[0];
    assert_eq!(d["range"]["start"], pos(1, 23), "{d}");
    assert_eq!(d["range"]["end"], pos(1, 27), "{d}");
    assert_eq!(d["severity"], 1);
    assert_eq!(d["source"], "hcldecode");
    assert!(
        d["message"]
            .as_str()
            .unwrap()
            .starts_with("Variables not allowed"),
        "{d}"
    );
    assert_eq!(d["code"], "eval.variables_not_allowed", "{d}");

    // Fix it with an incremental change: the diagnostics are cleared.
    c.notify(
        "textDocument/didChange",
        json!({
            "textDocument": {"uri": URI, "version": 2},
            "contentChanges": [{"range": {"start": pos(1, 23), "end": pos(1, 27)}, "text": "\"ok\""}],
        }),
    );
    let diags = c.notification("textDocument/publishDiagnostics");
    assert_eq!(diags["version"], 2);
    assert_eq!(diags["diagnostics"], json!([]), "{diags}");

    // A decoding error: a required attribute missing from a block.
    c.notify(
        "textDocument/didChange",
        json!({
            "textDocument": {"uri": URI, "version": 3},
            "contentChanges": [{"range": {"start": pos(6, 0), "end": pos(7, 0)}, "text": ""}],
        }),
    );
    let diags = c.notification("textDocument/publishDiagnostics");
    let d = &diags["diagnostics"][0];
    assert!(
        d["message"]
            .as_str()
            .unwrap()
            .starts_with("Missing required argument"),
        "{diags}"
    );
    assert_eq!(d["range"]["start"], pos(5, 14), "{d}");
    // And back.
    c.notify(
        "textDocument/didChange",
        json!({
            "textDocument": {"uri": URI, "version": 4},
            "contentChanges": [{"range": {"start": pos(6, 0), "end": pos(6, 0)}, "text": "  url = \"http://x\"\n"}],
        }),
    );
    let diags = c.notification("textDocument/publishDiagnostics");
    assert_eq!(diags["diagnostics"], json!([]), "{diags}");

    requests_on_the_open_document(&mut c);
    c.shutdown();
}

/// The rest of the session: outline, completion, hover and formatting of
/// the document opened.
fn requests_on_the_open_document(c: &mut Client) {
    // The outline.
    let r = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    );
    let syms = r["result"].as_array().unwrap();
    let names: Vec<&str> = syms.iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["name", "tags", "http", "backend \"api\""], "{r}");
    assert_eq!(syms[2]["children"][0]["name"], "listen");
    assert_eq!(syms[2]["range"]["start"], pos(2, 0));
    assert_eq!(syms[2]["range"]["end"], pos(4, 1));

    // Completion in the `http` block: its attributes not yet set.
    let r = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": URI}, "position": pos(3, 0)}),
    );
    assert_eq!(
        labels(&r["result"]),
        ["allowed_origins", "timeout_s"],
        "{r}"
    );
    // At the top level: `name`, `tags` and the single `http` are there.
    let r = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": URI}, "position": pos(8, 0)}),
    );
    assert_eq!(labels(&r["result"]), ["backend", "replicas"], "{r}");
    let replicas = r["result"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["label"] == "replicas")
        .unwrap()
        .clone();
    assert_eq!(replicas["detail"], "number");
    // Inside a `backend` block (a labelled block of a block_map).
    let r = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": URI}, "position": pos(6, 0)}),
    );
    assert_eq!(labels(&r["result"]), ["weight"], "{r}");
    // In an expression: the functions.
    let r = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": URI}, "position": pos(0, 7)}),
    );
    let fns = labels(&r["result"]);
    assert!(
        fns.iter().any(|f| f == "upper") && fns.iter().any(|f| f == "jsonencode"),
        "{r}"
    );

    // Hovers: an attribute's type, a block, a function.
    let r = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": pos(3, 4)}),
    );
    let v = r["result"]["contents"]["value"].as_str().unwrap();
    assert_eq!(v, "**listen**: `string, required`", "{r}");
    assert_eq!(r["result"]["range"]["start"], pos(3, 2));
    let r = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": pos(5, 2)}),
    );
    let v = r["result"]["contents"]["value"].as_str().unwrap();
    assert!(
        v.starts_with("**backend** block: `block_map (labels: name)`"),
        "{r}"
    );
    let r = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": pos(0, 9)}),
    );
    let v = r["result"]["contents"]["value"].as_str().unwrap();
    assert!(v.starts_with("```\nupper(str string)\n```\n\n"), "{r}");

    // Formatting another document: one edit, the whole text.
    let fmt_uri = "file:///tmp/fmt.hcl";
    let unformatted = "name=\"x\"\nhttp {\nlisten=\":80\"\n}\n";
    c.open(fmt_uri, unformatted);
    let r = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": fmt_uri}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    let edits = r["result"].as_array().unwrap();
    assert_eq!(edits.len(), 1, "{r}");
    assert_eq!(
        edits[0]["newText"],
        "name = \"x\"\nhttp {\n  listen = \":80\"\n}\n"
    );
    assert_eq!(edits[0]["range"]["start"], pos(0, 0));
    assert_eq!(edits[0]["range"]["end"], pos(4, 0));
    // A formatted document needs no edit.
    let r = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": URI}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    assert_eq!(r["result"], json!([]), "{r}");
}

#[test]
fn json_documents_and_syntax_errors() {
    let spec = spec_path();
    let mut c = Client::start(&["--spec", &spec]);
    c.initialize();
    // JSON syntax, by extension: an unknown property is an error, its
    // column counted after the two-byte, one-unit "é".
    let diags = c.open(
        "file:///tmp/app.hcl.json",
        "{\n  \"name\": \"é\", \"bogus\": 1,\n  \"http\": {\"listen\": \":80\"}\n}\n",
    );
    let d = &diags["diagnostics"][0];
    assert!(
        d["message"]
            .as_str()
            .unwrap()
            .starts_with("Extraneous JSON object property"),
        "{diags}"
    );
    assert_eq!(d["range"]["start"], pos(1, 15), "{d}");
    // A native syntax error, and the document is still served.
    let diags = c.open(
        "file:///tmp/broken.hcl",
        "name = \"ü\"\nhttp {\n  listen = \n}\n",
    );
    let d = &diags["diagnostics"][0];
    assert_eq!(d["severity"], 1, "{diags}");
    assert_eq!(d["range"]["start"]["line"], 2, "{d}");
    let r = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": "file:///tmp/broken.hcl"}}),
    );
    assert!(r["result"].is_array(), "{r}");
    // Completion while a block's body is half typed.
    c.notify(
        "textDocument/didChange",
        json!({
            "textDocument": {"uri": "file:///tmp/broken.hcl", "version": 2},
            "contentChanges": [{"text": "name = \"ü\"\nhttp {\n  lis\n}\n"}],
        }),
    );
    c.notification("textDocument/publishDiagnostics");
    let r = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": "file:///tmp/broken.hcl"}, "position": pos(2, 5)}),
    );
    assert!(labels(&r["result"]).contains(&"listen".to_string()), "{r}");
    c.shutdown();
}

#[test]
fn bad_requests_get_errors_not_crashes() {
    let spec = spec_path();
    let mut c = Client::start(&["--spec", &spec]);
    c.initialize();
    let r = c.request("textDocument/hover", json!({"nonsense": true}));
    assert_eq!(r["error"]["code"], -32602, "{r}");
    let r = c.request("workspace/nothing", json!({}));
    assert_eq!(r["error"]["code"], -32601, "{r}");
    // A document never opened: no result.
    let r = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": "file:///nowhere.hcl"}, "position": pos(0, 0)}),
    );
    assert_eq!(r["result"], Value::Null, "{r}");
    // A change out of range is clamped, not a crash.
    c.open("file:///tmp/x.hcl", "name = \"x\"\n");
    c.notify(
        "textDocument/didChange",
        json!({
            "textDocument": {"uri": "file:///tmp/x.hcl", "version": 2},
            "contentChanges": [{"range": {"start": pos(40, 3), "end": pos(2, 0)}, "text": "é"}],
        }),
    );
    let d = c.notification("textDocument/publishDiagnostics");
    assert!(d["diagnostics"].is_array());
    c.shutdown();
}

#[test]
fn a_bad_spec_file_is_reported_on_stderr() {
    let out = Command::new(env!("CARGO_BIN_EXE_hcldecode-lsp"))
        .args(["--spec", "/nonexistent/app.hcldec"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("app.hcldec"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn signature_help_in_calls() {
    let spec = data_path("functions.hcldec");
    let mut c = Client::start(&["--spec", &spec, "--functions=stdlib"]);
    let init = c.initialize();
    let caps = &init["result"]["capabilities"];
    assert_eq!(
        caps["signatureHelpProvider"]["triggerCharacters"],
        json!(["(", ","]),
        "{init}"
    );
    let uri = "file:///tmp/sig.hcl";
    // Line 0: a stdlib function with a variadic parameter, nested calls.
    // Line 1: the spec file's own function.
    let text = "name = join(\"-\", [upper(\"a\"), \"b\"], [\"c\"], )\nsize = clamp(1, 2, 3)\n";
    let d = c.open(uri, text);
    assert_eq!(d["diagnostics"], json!([]), "{d}");
    let help = |c: &mut Client, line, character| {
        c.request(
            "textDocument/signatureHelp",
            json!({"textDocument": {"uri": uri}, "position": pos(line, character)}),
        )["result"]
            .take()
    };
    // Right after `join(`: the first parameter.
    let r = help(&mut c, 0, 12);
    let sig = &r["signatures"][0];
    assert_eq!(
        sig["label"], "join(separator string, lists... list(string))",
        "{r}"
    );
    assert_eq!(r["activeParameter"], 0, "{r}");
    assert_eq!(sig["parameters"][0]["label"], json!([5, 21]), "{r}");
    assert_eq!(sig["parameters"][1]["label"], json!([23, 44]), "{r}");
    assert!(
        sig["documentation"].as_str().unwrap().contains("delimiter"),
        "{r}"
    );
    // Inside `upper(...)` within the list: upper's signature.
    let r = help(&mut c, 0, 25);
    assert_eq!(r["signatures"][0]["label"], "upper(str string)", "{r}");
    assert_eq!(r["activeParameter"], 0, "{r}");
    // Inside the list after upper's call: join's second argument (the
    // list's comma does not count).
    let r = help(&mut c, 0, 31);
    assert_eq!(
        r["signatures"][0]["label"], "join(separator string, lists... list(string))",
        "{r}"
    );
    assert_eq!(r["activeParameter"], 1, "{r}");
    // The fourth argument: still the variadic parameter.
    let r = help(&mut c, 0, 43);
    assert_eq!(r["activeParameter"], 1, "{r}");
    // The spec file's function: `clamp(n, lo, rest...)`, the third.
    let r = help(&mut c, 1, 19);
    assert_eq!(
        r["signatures"][0]["label"], "clamp(n any, lo any, rest... any)",
        "{r}"
    );
    assert_eq!(r["activeParameter"], 2, "{r}");
    // Outside any call: nothing.
    let r = help(&mut c, 1, 3);
    assert_eq!(r, Value::Null);
    let r = help(&mut c, 1, 21);
    assert_eq!(r, Value::Null);
    c.shutdown();
}

#[test]
fn quick_fixes_for_misspelt_names() {
    let spec = spec_path();
    let mut c = Client::start(&["--spec", &spec, "--functions=stdlib"]);
    let init = c.initialize();
    assert_eq!(
        init["result"]["capabilities"]["codeActionProvider"]["codeActionKinds"],
        json!(["quickfix"]),
        "{init}"
    );
    let uri = "file:///tmp/typos.hcl";
    let text = "name = uppr(\"web\")\nreplics = 2\nhttp {\n  listen = \":80\"\n}\nbackend \"api\" {\n  url = \"x\"\n}\nbackendz \"b\" {\n}\n";
    let d = c.open(uri, text);
    let diags = d["diagnostics"].as_array().unwrap().clone();
    let by_code = |code: &str| {
        diags
            .iter()
            .find(|d| d["code"] == code)
            .unwrap_or_else(|| panic!("no {code} in {diags:?}"))
            .clone()
    };
    let arg = by_code("content.unsupported_argument");
    // The name meant, and the lines that remove the argument.
    let lines = |a: u32, b: u32| json!({"start": pos(a, 0), "end": pos(b, 0)});
    assert_eq!(
        arg["data"],
        json!({"replacement": "replicas", "remove": lines(1, 2)}),
        "{arg}"
    );
    assert_eq!(arg["range"]["start"], pos(1, 0), "{arg}");
    assert_eq!(arg["range"]["end"], pos(1, 7), "{arg}");
    let block = by_code("content.unsupported_block_type");
    assert_eq!(
        block["data"],
        json!({"replacement": "backend", "remove": lines(8, 10)}),
        "{block}"
    );
    let func = by_code("eval.unknown_function");
    assert_eq!(func["data"], json!({"replacement": "upper"}), "{func}");
    assert_eq!(func["range"]["start"], pos(0, 7), "{func}");
    assert_eq!(func["range"]["end"], pos(0, 11), "{func}");
    // The editor sends the diagnostics back: one quick fix each.
    let r = c.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": {"start": pos(1, 0), "end": pos(1, 0)},
            "context": {"diagnostics": [arg.clone()]},
        }),
    );
    // "Change to" first (preferred), then "Remove".
    let actions = r["result"].as_array().unwrap();
    assert_eq!(actions.len(), 2, "{r}");
    assert_eq!(
        actions[1]["title"], "Remove the unsupported argument",
        "{r}"
    );
    assert_eq!(actions[1]["isPreferred"], false);
    let a = &actions[0];
    assert_eq!(a["title"], "Change to \"replicas\"", "{a}");
    assert_eq!(a["kind"], "quickfix");
    assert_eq!(a["isPreferred"], true);
    assert_eq!(a["diagnostics"][0], arg, "{a}");
    let edits = &a["edit"]["changes"][uri];
    assert_eq!(
        edits,
        &json!([{"range": arg["range"], "newText": "replicas"}]),
        "{a}"
    );
    // Applying the fixes clears their diagnostics.
    let mut fixed = text.to_string();
    for d in [&block, &arg, &func] {
        let r = c.request(
            "textDocument/codeAction",
            json!({
                "textDocument": {"uri": uri},
                "range": d["range"],
                "context": {"diagnostics": [d]},
            }),
        );
        let edit = &r["result"][0]["edit"]["changes"][uri][0];
        let lines: Vec<&str> = fixed.split('\n').collect();
        let line = edit["range"]["start"]["line"].as_u64().unwrap() as usize;
        let (s, e) = (
            edit["range"]["start"]["character"].as_u64().unwrap() as usize,
            edit["range"]["end"]["character"].as_u64().unwrap() as usize,
        );
        let l = lines[line];
        let new_line = format!(
            "{}{}{}",
            &l[..s],
            edit["newText"].as_str().unwrap(),
            &l[e..]
        );
        let mut lines: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        lines[line] = new_line;
        fixed = lines.join("\n");
    }
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": fixed}]}),
    );
    let d = c.notification("textDocument/publishDiagnostics");
    let codes: Vec<&Value> = d["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| &d["code"])
        .collect();
    assert!(
        !codes.contains(&&json!("content.unsupported_argument")),
        "{d}"
    );
    assert!(
        !codes.contains(&&json!("content.unsupported_block_type")),
        "{d}"
    );
    assert!(!codes.contains(&&json!("eval.unknown_function")), "{d}");
    // A diagnostic without a suggestion, or a request for refactorings
    // only: no action.
    let r = c.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": arg["range"],
            "context": {"diagnostics": [arg], "only": ["refactor"]},
        }),
    );
    assert_eq!(r["result"], json!([]), "{r}");
    let r = c.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": arg["range"],
            "context": {"diagnostics": [{"range": arg["range"], "message": "x"}]},
        }),
    );
    assert_eq!(r["result"], json!([]), "{r}");
    c.shutdown();
}

#[test]
fn semantic_tokens_of_a_document() {
    let spec = spec_path();
    let mut c = Client::start(&["--spec", &spec, "--functions=stdlib"]);
    let init = c.initialize();
    let provider = &init["result"]["capabilities"]["semanticTokensProvider"];
    assert_eq!(provider["full"], true, "{init}");
    let legend: Vec<String> = provider["legend"]["tokenTypes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect();
    let uri = "file:///tmp/tokens.hcl";
    let text = "# top ☕\nname = upper(var.x) + \"é😀\"\nbackend \"api\" {\n  url = [for s in xs : s.id if !s.ok]\n  n = {k = 1.5 * -2, b = true}\n}\n/* a\n b */\n";
    c.open(uri, text);
    let r = c.request(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": uri}}),
    );
    let data: Vec<u64> = r["result"]["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    assert_eq!(data.len() % 5, 0, "{r}");
    // Decode the relative encoding: (line, column, length, type).
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
    let expected = [
        "0:0+7 comment", // `# top ☕`, its newline left out
        "1:0+4 property",
        "1:5+1 operator",
        "1:7+5 function",
        "1:13+3 variable",
        "1:17+1 property",
        "1:20+1 operator",
        "1:22+1 string",
        "1:23+3 string", // é (1 unit), 😀 (2 units)
        "1:26+1 string",
        "2:0+7 type",
        "2:8+5 enumMember",
        "3:2+3 property",
        "3:6+1 operator",
        "3:9+3 keyword",
        "3:13+1 variable",
        "3:15+2 keyword",
        "3:18+2 variable",
        "3:21+1 operator",
        "3:23+1 variable",
        "3:25+2 property",
        "3:28+2 keyword",
        "3:31+1 operator",
        "3:32+1 variable",
        "3:34+2 property",
        "4:2+1 property",
        "4:4+1 operator",
        "4:7+1 property",
        "4:9+1 operator",
        "4:11+3 number",
        "4:15+1 operator",
        "4:17+1 operator",
        "4:18+1 number",
        "4:21+1 property",
        "4:23+1 operator",
        "4:25+4 keyword",
        "6:0+4 comment", // a block comment, one token a line
        "7:0+5 comment",
    ];
    assert_eq!(got, expected, "{r}");
    // JSON documents get none.
    c.open("file:///tmp/t.hcl.json", "{\"name\": \"x\"}");
    let r = c.request(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": "file:///tmp/t.hcl.json"}}),
    );
    assert_eq!(r["result"], Value::Null, "{r}");
    c.shutdown();
}
