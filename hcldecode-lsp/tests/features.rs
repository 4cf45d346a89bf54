//! End-to-end, with a spec file whose items carry descriptions
//! (`tests/data/service.hcldec`) and variables given with `--vars`:
//! hover and completion show the descriptions, completion offers values,
//! variables and their attributes, inserts snippets when the client takes
//! them, and JSON documents get an outline and property names.

mod common;

use common::{Client, data_path, labels, pos};
use serde_json::{Value, json};

const URI: &str = "file:///tmp/service.hcl";
const DOC: &str = "\
name = \"api\"
http {
  listen = \":80\"
}
backend \"a\" {
  url = \"http://a\"
}
";

/// A server of `service.hcldec` with the variables of `vars.hcl` and a
/// JSON object on top (its `net` replaces the file's).
fn start() -> Client {
    Client::start(&[
        "--spec",
        &data_path("service.hcldec"),
        "--functions=stdlib",
        "--vars",
        &data_path("vars.hcl"),
        "--vars",
        r#"{"net": {"cidr": "10.1.0.0/16", "zone": "b", "not an identifier": 1},
            "zones": [{"name": "a", "id": 1}, {"name": "b", "rack": "r1"}],
            "by": {"eu": {"subnets": [{"cidr": "10.2.0.0/24"}]}}}"#,
    ])
}

fn snippet_client() -> Value {
    json!({"textDocument": {"completion": {"completionItem": {"snippetSupport": true}}}})
}

fn hover(c: &mut Client, line: u32, character: u32) -> Value {
    let r = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": pos(line, character)}),
    );
    r["result"].clone()
}

fn complete(c: &mut Client, uri: &str, line: u32, character: u32) -> Vec<Value> {
    let r = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": pos(line, character)}),
    );
    r["result"]
        .as_array()
        .unwrap_or_else(|| panic!("{r}"))
        .clone()
}

fn item<'a>(items: &'a [Value], label: &str) -> &'a Value {
    items
        .iter()
        .find(|i| i["label"] == label)
        .unwrap_or_else(|| panic!("no {label} in {items:?}"))
}

fn change(c: &mut Client, uri: &str, version: i32, text: &str) -> Value {
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}),
    );
    c.notification("textDocument/publishDiagnostics")
}

#[test]
fn descriptions_in_hover_and_completion() {
    let mut c = start();
    c.initialize();
    let d = c.open(URI, DOC);
    assert_eq!(d["diagnostics"], json!([]), "{d}");

    // An attribute: its type, then its description.
    let h = hover(&mut c, 0, 1);
    assert_eq!(h["contents"]["kind"], "markdown", "{h}");
    assert_eq!(
        h["contents"]["value"],
        "**name**: `string, required`\n\nThe service's name, unique in the cluster.",
        "{h}"
    );
    // A nested attribute, with its escaped quotes read back.
    let h = hover(&mut c, 2, 4);
    assert_eq!(
        h["contents"]["value"],
        "**listen**: `string, required`\n\nAddress and port, e.g. \":8080\".",
        "{h}"
    );
    // A block: kind and labels, description, body type.
    let h = hover(&mut c, 4, 2);
    let v = h["contents"]["value"].as_str().unwrap();
    assert!(
        v.starts_with(
            "**backend** block: `block_map (labels: name)`\n\nAn upstream, by name.\n\n```\n"
        ),
        "{v}"
    );
    // An attribute without one: the type alone.
    change(&mut c, URI, 2, &format!("{DOC}cidr = \"x\"\n"));
    let h = hover(&mut c, 7, 1);
    assert_eq!(h["contents"]["value"], "**cidr**: `string`", "{h}");

    // Completion in the body: each item's description as markdown.
    let items = complete(&mut c, URI, 8, 0);
    assert_eq!(
        labels(&json!(items)),
        ["backend", "enabled", "rule"],
        "{items:?}"
    );
    assert_eq!(
        item(&items, "enabled")["documentation"],
        json!({"kind": "markdown", "value": "Whether the service runs."})
    );
    assert_eq!(
        item(&items, "rule")["documentation"]["value"],
        "An access rule."
    );
    assert_eq!(item(&items, "enabled")["detail"], "bool");
    c.shutdown();
}

#[test]
fn snippets_for_blocks_when_the_client_takes_them() {
    let mut c = start();
    c.initialize_with(snippet_client());
    c.open(URI, "name = \"api\"\n\n");
    let items = complete(&mut c, URI, 1, 0);
    // One placeholder per label, a line per required attribute, then one
    // for the rest.
    let backend = item(&items, "backend");
    assert_eq!(
        backend["insertText"], "backend \"${1:name}\" {\n\turl = ${2}\n\t${3}\n}",
        "{backend}"
    );
    assert_eq!(backend["insertTextFormat"], 2, "{backend}"); // snippet
    assert_eq!(
        item(&items, "http")["insertText"],
        "http {\n\tlisten = ${1}\n\t${2}\n}"
    );
    assert_eq!(item(&items, "rule")["insertText"], "rule {\n\t${1}\n}");
    // Attributes stay plain text.
    assert_eq!(item(&items, "enabled")["insertText"], "enabled = ");
    assert!(item(&items, "enabled").get("insertTextFormat").is_none());
    c.shutdown();

    // A client without snippet support: block names as plain text.
    let mut c = start();
    c.initialize();
    c.open(URI, "name = \"api\"\n\n");
    let items = complete(&mut c, URI, 1, 0);
    let backend = item(&items, "backend");
    assert!(backend.get("insertTextFormat").is_none(), "{backend}");
    assert!(backend.get("insertText").is_none(), "{backend}");
    c.shutdown();
}

#[test]
fn values_variables_and_their_attributes() {
    let mut c = start();
    c.initialize();
    // The variables are the decoder's too: no diagnostics.
    let doc = "name = \"${region}-api\"\ncidr = net.cidr\nenabled = \n";
    let d = c.open(URI, doc);
    let list = d["diagnostics"].as_array().unwrap();
    // Only the value missing after `enabled =`.
    assert!(list.iter().all(|d| d["range"]["start"]["line"] == 2), "{d}");

    // After `enabled = `: the bool's values, then variables and functions.
    let items = complete(&mut c, URI, 2, 10);
    let names: Vec<&str> = items.iter().map(|i| i["label"].as_str().unwrap()).collect();
    assert_eq!(&names[..2], ["true", "false"], "{names:?}");
    assert_eq!(
        item(&items, "true")["textEdit"],
        json!({"range": {"start": pos(2, 10), "end": pos(2, 10)}, "newText": "true"})
    );
    let net = item(&items, "net");
    assert_eq!(net["kind"], 6, "{net}"); // variable
    assert_eq!(net["detail"], "object", "{net}");
    let region = item(&items, "region");
    assert_eq!(
        region["documentation"]["value"],
        "```hcl\n\"eu-west-1\"\n```"
    );
    assert!(items.iter().any(|i| i["label"] == "upper"));

    // A partly typed value is replaced whole.
    change(&mut c, URI, 2, "enabled = tr\n");
    let items = complete(&mut c, URI, 0, 12);
    assert_eq!(
        item(&items, "true")["textEdit"]["range"],
        json!({"start": pos(0, 10), "end": pos(0, 12)})
    );

    // After `net.`: the attributes of the value (the JSON `--vars`
    // replaced the file's `net`); keys that are no identifiers are left
    // out.
    change(&mut c, URI, 3, "cidr = net.\n");
    let items = complete(&mut c, URI, 0, 11);
    assert_eq!(labels(&json!(items)), ["cidr", "zone"], "{items:?}");
    assert_eq!(item(&items, "cidr")["detail"], "string");
    // Not in a string's text.
    change(&mut c, URI, 4, "name = \"see net.\"\n");
    let items = complete(&mut c, URI, 0, 16);
    assert!(items.iter().all(|i| i["label"] != "zone"), "{items:?}");
    // In a template's interpolation, and after a typed prefix.
    change(&mut c, URI, 5, "name = \"${net.zo}\"\n");
    let items = complete(&mut c, URI, 0, 16);
    assert_eq!(labels(&json!(items)), ["cidr", "zone"], "{items:?}");

    // Through index steps: a list's element, a map's key.
    change(&mut c, URI, 6, "cidr = zones[1].\n");
    let items = complete(&mut c, URI, 0, 16);
    assert_eq!(labels(&json!(items)), ["name", "rack"], "{items:?}");
    change(&mut c, URI, 7, "cidr = by[\"eu\"].subnets[0].ci\n");
    let items = complete(&mut c, URI, 0, 29);
    assert_eq!(labels(&json!(items)), ["cidr"], "{items:?}");
    // A `for` iterator: the attributes of every element it takes.
    change(
        &mut c,
        URI,
        8,
        "cidr = join(\",\", [for z in zones : z.])\n",
    );
    let items = complete(&mut c, URI, 0, 37);
    assert_eq!(labels(&json!(items)), ["id", "name", "rack"], "{items:?}");
    // Past the end of the list: nothing of the variable's.
    change(&mut c, URI, 9, "cidr = zones[5].\n");
    let items = complete(&mut c, URI, 0, 16);
    assert!(items.iter().all(|i| i["label"] != "name"), "{items:?}");

    // Hover on a reference: the value reached up to the name hovered.
    change(&mut c, URI, 10, "cidr = net.cidr\nname = region\n");
    let h = hover(&mut c, 0, 12);
    assert_eq!(
        h["contents"]["value"], "**net.cidr**: `string`\n\n```hcl\n\"10.1.0.0/16\"\n```",
        "{h}"
    );
    assert_eq!(h["range"], json!({"start": pos(0, 7), "end": pos(0, 15)}));
    let h = hover(&mut c, 0, 8);
    let v = h["contents"]["value"].as_str().unwrap();
    assert!(v.starts_with("**net**: `object`\n\n```hcl\n{\n"), "{v}");
    assert!(v.contains("zone"), "{v}");
    let h = hover(&mut c, 1, 9);
    assert_eq!(
        h["contents"]["value"],
        "**region**: `string`\n\n```hcl\n\"eu-west-1\"\n```"
    );
    // An unknown name, or a known one in a string or comment: no hover;
    // in an interpolation, the value.
    change(
        &mut c,
        URI,
        11,
        "cidr = nope\nname = \"region ${region}\" # region\n",
    );
    assert_eq!(hover(&mut c, 0, 8), Value::Null);
    assert_eq!(hover(&mut c, 1, 10), Value::Null);
    assert_eq!(hover(&mut c, 1, 29), Value::Null);
    let h = hover(&mut c, 1, 19);
    assert_eq!(
        h["range"],
        json!({"start": pos(1, 17), "end": pos(1, 23)}),
        "{h}"
    );
    // Through index steps: the value up to the name hovered.
    change(&mut c, URI, 12, "cidr = by[\"eu\"].subnets[0].cidr\n");
    let h = hover(&mut c, 0, 30);
    assert_eq!(
        h["contents"]["value"],
        "**by[\"eu\"].subnets[0].cidr**: `string`\n\n```hcl\n\"10.2.0.0/24\"\n```",
        "{h}"
    );
    assert_eq!(h["range"], json!({"start": pos(0, 7), "end": pos(0, 31)}));
    let h = hover(&mut c, 0, 18);
    let v = h["contents"]["value"].as_str().unwrap();
    assert!(v.starts_with("**by[\"eu\"].subnets**: `tuple`"), "{v}");
    c.shutdown();
}

#[test]
fn bad_vars_stop_the_server_with_a_message() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hcldecode-lsp"))
        .args(["--spec", &data_path("service.hcldec"), "--vars", "{\"a\": "])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("<vars argument 0>"), "{err}");
}

const JSON_URI: &str = "file:///tmp/service.hcl.json";
const JSON_DOC: &str = r#"{
  "name": "api",
  "http": {"listen": ":80"},
  "backend": {
    "a": {"url": "http://a"},
    "b": [{"url": "http://b"}]
  },
  "rule": [{"allow": true}, {"allow": false}]
}
"#;

#[test]
fn json_documents_outline_and_property_names() {
    let mut c = start();
    c.initialize();
    let d = c.open(JSON_URI, JSON_DOC);
    assert_eq!(d["diagnostics"], json!([]), "{d}");
    let r = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": JSON_URI}}),
    );
    let syms = r["result"].as_array().unwrap();
    let names: Vec<&str> = syms.iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "name",
            "http",
            "backend \"a\"",
            "backend \"b\"",
            "rule",
            "rule"
        ]
    );
    // A block is a struct with its attributes inside; the selection is
    // its last label (or its type).
    let a = &syms[2];
    assert_eq!(a["kind"], 23, "{a}"); // struct
    assert_eq!(a["selectionRange"]["start"], pos(4, 4), "{a}");
    assert_eq!(a["children"][0]["name"], "url");
    assert_eq!(a["children"][0]["kind"], 8); // field
    assert_eq!(syms[0]["kind"], 8);
    assert_eq!(syms[1]["selectionRange"]["start"], pos(2, 2));
    assert_eq!(syms[5]["children"][0]["name"], "allow");

    // Hover on property names: as on attributes and block types.
    let h = |c: &mut Client, line, character| {
        c.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": JSON_URI}, "position": pos(line, character)}),
        )["result"]
            .clone()
    };
    let r = h(&mut c, 1, 4);
    assert_eq!(
        r["contents"]["value"],
        "**name**: `string, required`\n\nThe service's name, unique in the cluster.",
        "{r}"
    );
    assert_eq!(r["range"], json!({"start": pos(1, 2), "end": pos(1, 8)}));
    let r = h(&mut c, 3, 5);
    let v = r["contents"]["value"].as_str().unwrap();
    assert!(
        v.starts_with("**backend** block: `block_map (labels: name)`\n\nAn upstream, by name."),
        "{v}"
    );
    let r = h(&mut c, 4, 13);
    assert_eq!(r["contents"]["value"], "**url**: `string, required`", "{r}");
    // Labels and values have none.
    assert_eq!(h(&mut c, 4, 5), Value::Null);
    assert_eq!(h(&mut c, 1, 12), Value::Null);

    // Property names of the root body (less those there; block lists and
    // maps stay), and inside a block's body.
    let items = complete(&mut c, JSON_URI, 1, 2);
    assert_eq!(
        labels(&json!(items)),
        ["backend", "cidr", "enabled", "rule"]
    );
    assert_eq!(item(&items, "enabled")["insertText"], "\"enabled\": ");
    assert_eq!(
        item(&items, "enabled")["documentation"]["value"],
        "Whether the service runs."
    );
    let items = complete(&mut c, JSON_URI, 4, 10);
    assert_eq!(labels(&json!(items)), ["weight"], "{items:?}");
    // In a property name being typed: it is replaced.
    let doc = "{\n  \"name\": \"api\",\n  \"ena\": true\n}\n";
    change(&mut c, JSON_URI, 2, doc);
    let items = complete(&mut c, JSON_URI, 2, 5);
    assert_eq!(
        item(&items, "enabled")["textEdit"],
        json!({"range": {"start": pos(2, 2), "end": pos(2, 7)}, "newText": "\"enabled\""})
    );
    assert!(items.iter().all(|i| i["label"] != "name"));
    // In a value, or at a label level: nothing.
    assert!(complete(&mut c, JSON_URI, 1, 12).is_empty());
    change(&mut c, JSON_URI, 3, JSON_DOC);
    assert!(complete(&mut c, JSON_URI, 3, 15).is_empty());
    c.shutdown();
}

/// One mistake is one diagnostic in the editor (issue 37): a string left
/// open on its line makes every later line's quotes pair up wrongly, and
/// HashiCorp's parser (so `hcldec`) reports one "Invalid multi-line
/// string" per line after it and an "Unterminated template string"; the
/// server publishes the first alone.
#[test]
fn a_string_left_open_is_one_diagnostic() {
    let mut text = String::from("name = \"app\n");
    for i in 0..40 {
        text.push_str(&format!("a{i} = \"v{i}\"\n"));
    }
    let mut c = start();
    c.initialize();
    let d = c.open("file:///tmp/open.hcl", &text);
    let list = d["diagnostics"].as_array().unwrap();
    assert_eq!(list.len(), 1, "{d}");
    assert!(
        list[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("Invalid multi-line string"),
        "{d}"
    );
    assert_eq!(list[0]["range"]["start"], pos(0, 11), "{d}");
    c.shutdown();
}

/// The cascade report's two inputs (issue 37): an interpolation left
/// unclosed (`"${var.tag"`, whose quote opens a string), which HashiCorp's
/// parser follows with one "Invalid multi-line string" per later line;
/// and a string left open that leaves a later single quote outside any
/// string, a false "Invalid character". One diagnostic each.
#[test]
fn an_unclosed_interpolation_and_a_false_invalid_character_are_one_diagnostic() {
    let mut c = start();
    c.initialize();
    let mut text = String::from("image = \"app:${var.tag\"\n");
    for i in 0..63 {
        text.push_str(&format!("k{i} = \"v{i}\"\n"));
    }
    let d = c.open("file:///tmp/unclosed.hcl", &text);
    let list = d["diagnostics"].as_array().unwrap();
    assert_eq!(list.len(), 1, "{d}");
    let message = list[0]["message"].as_str().unwrap();
    assert!(
        message.starts_with("Unclosed template interpolation sequence"),
        "{d}"
    );
    assert!(message.contains("the 63 lines after it are misread"), "{d}");

    let mut text = String::from("a = \"open\n");
    for i in 0..40 {
        text.push_str(&format!("k{i} = \"v\"\n"));
    }
    text.push_str("note = \"it's\"\n");
    let d = c.open("file:///tmp/quote.hcl", &text);
    let list = d["diagnostics"].as_array().unwrap();
    assert_eq!(list.len(), 1, "{d}");
    let message = list[0]["message"].as_str().unwrap();
    assert!(message.starts_with("Invalid multi-line string"), "{d}");
    assert!(message.contains("are not shown"), "{d}");
    assert!(!message.contains("Invalid character"), "{d}");
    c.shutdown();
}
