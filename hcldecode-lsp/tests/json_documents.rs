//! JSON documents get what native documents get inside their attributes'
//! values: a string there is a template, so inside its `${ ... }`
//! completion (variables, functions, a variable's attributes, declared
//! names), hover (references, functions) and signature help are the
//! native ones, over the string's decoded text (escapes before the `${`
//! included); at an attribute's value, the values it allows, as JSON.
//! Over stdio with a spec file (`tests/data/service.hcldec`), in process
//! with a derived type, and on every prefix of a document without a
//! panic.

use hcldecode::HclDecode;
use hcldecode::function::Functions;
use hcldecode::namespaces::{Locals, Variable};
use hcldecode_lsp::Schema;
use hcldecode_lsp::text::Document;
use lsp_server::Connection;
use serde_json::{Value, json};

mod common;
use common::{Client, MemoryClient, data_path, labels, pos};

/// A server of `service.hcldec` with the standard library, the
/// variables of `vars.hcl` and a JSON object on top.
fn start() -> Client {
    let mut c = Client::start(&[
        "--spec",
        &data_path("service.hcldec"),
        "--functions=stdlib",
        "--vars",
        &data_path("vars.hcl"),
        "--vars",
        r#"{"net": {"cidr": "10.1.0.0/16", "zone": "b"}}"#,
    ]);
    c.initialize();
    c
}

const URI: &str = "file:///tmp/service.hcl.json";
const NATIVE_URI: &str = "file:///tmp/service.hcl";

// Lines: 1 a string with escapes and a wide character before `${`, 2 a
// call with escaped quotes, 3 a bool's value typed as a string, 4 a
// nested body, 5 a block label and a label's body.
const DOC: &str = r#"{
  "name": "a\"\u00e9😀${net.}",
  "cidr": "${join(\",\", [net.cidr], )}",
  "enabled": "fa",
  "http": {"listen": "${upper(region)}"},
  "backend": {"${net.zone}": {"url": "${net.cidr}"}}
}
"#;

fn at(c: &mut Client, uri: &str, method: &str, line: u32, character: u32) -> Value {
    c.request(
        method,
        json!({"textDocument": {"uri": uri}, "position": pos(line, character)}),
    )["result"]
        .clone()
}

fn change(c: &mut Client, uri: &str, version: i32, text: &str) {
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}),
    );
    c.notification("textDocument/publishDiagnostics");
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
fn over_stdio_with_a_spec_file() {
    let mut c = start();
    c.open(URI, DOC);
    let complete =
        |c: &mut Client, line, character| at(c, URI, "textDocument/completion", line, character);
    let hover = |c: &mut Client, line, character| at(c, URI, "textDocument/hover", line, character);
    let signature =
        |c: &mut Client, line, character| at(c, URI, "textDocument/signatureHelp", line, character);

    // After `net.`, past `\"`, `\u00e9` and a character of two UTF-16
    // units: the variable's attributes.
    let items = complete(&mut c, 1, 28);
    assert_eq!(labels(&items), ["cidr", "zone"], "{items}");
    assert_eq!(item(&items, "cidr")["detail"], "string");
    // Hover on a reference: its value, the range the document's.
    let h = hover(&mut c, 5, 44);
    assert_eq!(
        h["contents"]["value"], "**net.cidr**: `string`\n\n```hcl\n\"10.1.0.0/16\"\n```",
        "{h}"
    );
    assert_eq!(h["range"], json!({"start": pos(5, 40), "end": pos(5, 48)}));
    let h = hover(&mut c, 4, 32);
    assert_eq!(
        h["contents"]["value"],
        "**region**: `string`\n\n```hcl\n\"eu-west-1\"\n```"
    );
    assert_eq!(h["range"], json!({"start": pos(4, 30), "end": pos(4, 36)}));
    // A function's name: its signature and description.
    let h = hover(&mut c, 2, 14);
    let v = h["contents"]["value"].as_str().unwrap();
    assert!(
        v.starts_with("```\njoin(separator string, lists... list(string))\n```\n\n"),
        "{v}"
    );
    assert_eq!(h["range"], json!({"start": pos(2, 13), "end": pos(2, 17)}));

    // Signature help: the commas of the call count, not the one inside
    // the escaped quotes.
    let s = signature(&mut c, 2, 37);
    assert_eq!(
        s["signatures"][0]["label"], "join(separator string, lists... list(string))",
        "{s}"
    );
    assert_eq!(s["activeParameter"], 1, "{s}");
    let s = signature(&mut c, 2, 20);
    assert_eq!(s["activeParameter"], 0, "{s}");
    let s = signature(&mut c, 4, 30);
    assert_eq!(s["signatures"][0]["label"], "upper(str string)", "{s}");
    assert_eq!(s["activeParameter"], 0, "{s}");
    // Outside the call, outside the `${`, in a property name: none.
    assert_eq!(signature(&mut c, 2, 39), Value::Null);
    assert_eq!(signature(&mut c, 2, 11), Value::Null);
    assert_eq!(signature(&mut c, 2, 4), Value::Null);

    // A bool's value typed as a string: `true` and `false`, bare,
    // replacing the string, quotes included.
    let items = complete(&mut c, 3, 16);
    assert_eq!(labels(&items), ["false", "true"], "{items}");
    assert_eq!(
        item(&items, "false")["textEdit"],
        json!({"range": {"start": pos(3, 13), "end": pos(3, 17)}, "newText": "false"})
    );
    assert_eq!(item(&items, "false")["filterText"], "\"false\"");
    assert_eq!(item(&items, "false")["kind"], 20); // enum member
    // In a string's literal text (between `\` and `"`, before the
    // `${`): nothing.
    assert_eq!(complete(&mut c, 1, 13), json!([]));
    // The property name being typed: property names, no values.
    let items = complete(&mut c, 3, 5);
    assert_eq!(labels(&items), ["backend", "enabled", "rule"], "{items}");
    // Outside any string, between properties: the body's property names.
    let items = complete(&mut c, 1, 31);
    assert_eq!(labels(&items), ["backend", "rule"], "{items}");
    // At a block's label level: nothing, no hover.
    assert_eq!(complete(&mut c, 5, 22), json!([]));
    assert_eq!(hover(&mut c, 5, 22), Value::Null);
    assert_eq!(signature(&mut c, 5, 22), Value::Null);
    // In the literal part of a string: no hover.
    assert_eq!(hover(&mut c, 1, 11), Value::Null);

    // Inside `${`: the variables, namespaces and functions, as in a
    // native document's expression (the attribute `name` is a string:
    // no values to offer there either).
    change(&mut c, URI, 2, "{\"name\": \"${}\"}");
    let items = complete(&mut c, 0, 12);
    c.open(NATIVE_URI, "name = \"${}\"\n");
    let native = at(&mut c, NATIVE_URI, "textDocument/completion", 0, 10);
    assert_eq!(labels(&items), labels(&native));
    assert!(labels(&items).contains(&"region".to_string()), "{items}");
    assert_eq!(item(&items, "upper"), item(&native, "upper"));
    assert_eq!(item(&items, "net"), item(&native, "net"));

    // A property's value not typed yet, or a keyword being typed
    // (neither is JSON yet): the values, replacing what is typed.
    change(&mut c, URI, 3, "{\"enabled\": }");
    let items = complete(&mut c, 0, 12);
    assert_eq!(
        item(&items, "true")["textEdit"],
        json!({"range": {"start": pos(0, 12), "end": pos(0, 12)}, "newText": "true"})
    );
    change(&mut c, URI, 4, "{\"enabled\": tr}");
    let items = complete(&mut c, 0, 14);
    assert_eq!(labels(&items), ["false", "true"], "{items}");
    assert_eq!(
        item(&items, "true")["textEdit"],
        json!({"range": {"start": pos(0, 12), "end": pos(0, 14)}, "newText": "true"})
    );
    assert_eq!(item(&items, "true")["filterText"], "true");
    // A value already there: replaced whole.
    change(&mut c, URI, 5, "{\"enabled\": false}");
    let items = complete(&mut c, 0, 14);
    assert_eq!(
        item(&items, "true")["textEdit"]["range"],
        json!({"start": pos(0, 12), "end": pos(0, 17)})
    );

    // A broken document (the string and the object never closed):
    // nothing, no hover, no signature.
    change(&mut c, URI, 6, "{\n  \"name\": \"${upper(net.");
    assert_eq!(complete(&mut c, 1, 25), json!([]));
    assert_eq!(hover(&mut c, 1, 15), Value::Null);
    assert_eq!(signature(&mut c, 1, 25), Value::Null);
    c.shutdown();
}

/// A typed enum's names, a bool, the document's own variables and
/// locals.
#[derive(HclDecode)]
#[allow(dead_code)]
enum Mode {
    Fast,
    Slow,
}

#[derive(HclDecode)]
#[allow(dead_code)]
struct Config {
    #[hcl(block, variables = "var")]
    variable: Vec<Variable>,
    #[hcl(block, locals = "local")]
    locals: Vec<Locals>,
    /// Where it runs.
    zone: Option<String>,
    mode: Option<Mode>,
    debug: Option<bool>,
    tags: Option<Vec<String>>,
}

fn schema() -> Schema {
    Schema::of::<Config>()
        .functions(Functions::stdlib())
        .variable(
            "net",
            hcldecode::Value::object([("cidr", hcldecode::Value::string("10.0.0.0/8"))]),
        )
}

fn serve() -> (
    MemoryClient,
    std::thread::JoinHandle<Result<(), hcldecode_lsp::Error>>,
) {
    let (server_side, conn) = Connection::memory();
    let server = std::thread::spawn(move || hcldecode_lsp::Server::new(schema()).run(&server_side));
    let mut c = MemoryClient { conn, next_id: 0 };
    c.request(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {}}),
    );
    c.notify("initialized", json!({}));
    (c, server)
}

const DERIVED_URI: &str = "file:///tmp/app.hcl.json";

// Lines: 1 a variable, 2 a local, 3 `var.`, 4 `local.`, 5 an enum's
// string, 6 an array element, 7 a reference.
const DERIVED_DOC: &str = r#"{
  "variable": {"region": {"type": "string", "default": "eu", "description": "Where."}},
  "locals": {"prefix": "svc-${var.region}"},
  "zone": "${var.}",
  "debug": "${local.}",
  "mode": "",
  "tags": ["x", "${net.}"]
}
"#;

fn open(c: &MemoryClient, version: i32, text: &str) {
    let method = if version == 1 {
        "textDocument/didOpen"
    } else {
        "textDocument/didChange"
    };
    let params = if version == 1 {
        json!({"textDocument": {"uri": DERIVED_URI, "languageId": "json", "version": 1, "text": text}})
    } else {
        json!({"textDocument": {"uri": DERIVED_URI, "version": version}, "contentChanges": [{"text": text}]})
    };
    c.notify(method, params);
}

#[test]
fn in_process_with_a_derived_schema() {
    let (mut c, server) = serve();
    open(&c, 1, DERIVED_DOC);
    let mut request = |method: &str, line, character| {
        c.request(
            method,
            json!({"textDocument": {"uri": DERIVED_URI}, "position": pos(line, character)}),
        )
    };
    // After `var.` and `local.`: the names the document declares.
    let items = request("textDocument/completion", 3, 17);
    assert_eq!(labels(&items), ["region"], "{items}");
    assert_eq!(items[0]["detail"], "string");
    assert_eq!(
        items[0]["documentation"]["value"],
        "Where.\n\nDefault: `\"eu\"`\n\nValue: `\"eu\"`\n\nDeclared at line 2."
    );
    let items = request("textDocument/completion", 4, 20);
    assert_eq!(labels(&items), ["prefix"], "{items}");
    assert_eq!(
        items[0]["documentation"]["value"],
        "```json\n\"prefix\": \"svc-${var.region}\"\n```\n\nValue: `\"svc-eu\"`\n\nDeclared at line 3."
    );
    // Hover on a declared name.
    let h = request("textDocument/hover", 2, 35);
    assert_eq!(
        h["contents"]["value"],
        "**var.region**: `string`\n\nWhere.\n\nDefault: `\"eu\"`\n\nValue: `\"eu\"`\n\nDeclared at line 2.",
        "{h}"
    );
    assert_eq!(h["range"], json!({"start": pos(2, 30), "end": pos(2, 40)}));
    // The enum's names, quoted, replacing the string.
    let items = request("textDocument/completion", 5, 11);
    assert_eq!(labels(&items), ["\"fast\"", "\"slow\""], "{items}");
    assert_eq!(
        item(&items, "\"slow\"")["textEdit"],
        json!({"range": {"start": pos(5, 10), "end": pos(5, 12)}, "newText": "\"slow\""})
    );
    // In an array element: a template too, but no value of the whole.
    let items = request("textDocument/completion", 6, 23);
    assert_eq!(labels(&items), ["cidr"], "{items}");
    assert_eq!(request("textDocument/completion", 6, 12), json!([]));
    // The property name: property names only.
    let items = request("textDocument/completion", 5, 5);
    assert!(
        items.as_array().unwrap().iter().all(|i| i["kind"] != 20),
        "{items}"
    );
    assert!(labels(&items).contains(&"mode".to_string()), "{items}");

    // A bare value being typed.
    open(&c, 2, "{\"mode\": s}");
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": DERIVED_URI}, "position": pos(0, 10)}),
    );
    assert_eq!(
        item(&items, "\"slow\"")["textEdit"],
        json!({"range": {"start": pos(0, 9), "end": pos(0, 10)}, "newText": "\"slow\""})
    );
    assert_eq!(item(&items, "\"slow\"")["filterText"], "slow");

    // A root array of bodies; an object in a value (its values are
    // templates, its property names are not); a `"//"` comment.
    open(
        &c,
        3,
        "[{\"tags\": {\"${net.}\": \"${net.}\"}, \"//\": \"${net.}\"}]",
    );
    let mut complete = |character| {
        c.request(
            "textDocument/completion",
            json!({"textDocument": {"uri": DERIVED_URI}, "position": pos(0, character)}),
        )
    };
    assert_eq!(labels(&complete(29)), ["cidr"]);
    assert_eq!(complete(18), json!([]), "a property name");
    assert_eq!(complete(47), json!([]), "a comment");

    // An escape inside the reference: the path as decoded, the range
    // over the escape.
    open(&c, 4, r#"{"zone": "${n\u0065t.cidr}"}"#);
    let h = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": DERIVED_URI}, "position": pos(0, 22)}),
    );
    assert_eq!(
        h["contents"]["value"], "**net.cidr**: `string`\n\n```hcl\n\"10.0.0.0/8\"\n```",
        "{h}"
    );
    assert_eq!(h["range"], json!({"start": pos(0, 12), "end": pos(0, 25)}));

    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    server.join().unwrap().unwrap();
}

/// Every prefix of documents with templates, escapes, wide characters
/// and broken values, at positions all over each line: completion, hover
/// and signature help never panic.
#[test]
fn every_prefix_every_position() {
    let schema = schema();
    let docs = [
        DERIVED_DOC,
        "{\"zone\": \"\\u00e9😀\\\"${upper(net.cidr, \\\"a\\\\\\\")}\", \"mode\": tr, \"x\": [\"${\"]}",
    ];
    for doc in docs {
        for (end, _) in doc.char_indices().chain([(doc.len(), ' ')]) {
            let text = &Document::new(&doc[..end]);
            let lines = text.split('\n').count() as u32;
            for line in 0..=lines {
                for character in [0, 1, 2, 5, 9, 12, 17, 23, 30, 40, 60] {
                    let p = lsp_types::Position::new(line, character);
                    hcldecode_lsp::analysis::completion(&schema, "d.hcl.json", text, p, true);
                    hcldecode_lsp::analysis::hover(&schema, "d.hcl.json", text, p);
                    hcldecode_lsp::analysis::signature_help(&schema, "d.hcl.json", text, p);
                }
            }
        }
    }
}
