//! The library server in process (`Connection::memory`), with the schema
//! of the Nomad example's derived types and its decoder: documents are
//! checked by typed decoding, completion reads the derived spec.

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{Value, json};

#[path = "../../hcldecode/examples/nomad.rs"]
#[allow(dead_code)]
mod nomad;

const URI: &str = "file:///tmp/job.hcl";

struct Client {
    conn: Connection,
    next_id: i32,
}

impl Client {
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        let req = Request::new(id.clone(), method.to_string(), params);
        self.conn.sender.send(Message::Request(req)).unwrap();
        loop {
            if let Message::Response(r) = self.conn.receiver.recv().unwrap()
                && r.id == id
            {
                assert!(r.error.is_none(), "{r:?}");
                return r.result.unwrap();
            }
        }
    }

    fn notify(&self, method: &str, params: Value) {
        let n = Notification::new(method.to_string(), params);
        self.conn.sender.send(Message::Notification(n)).unwrap();
    }

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

#[test]
fn the_nomad_example_schema() {
    let (server_side, conn) = Connection::memory();
    let server = std::thread::spawn(move || {
        let schema = hcldecode_lsp::Schema::with_decoder::<nomad::JobFile>(nomad::decoder());
        hcldecode_lsp::Server::new(schema).run(&server_side)
    });
    let mut c = Client { conn, next_id: 0 };
    c.request(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {}}),
    );
    c.notify("initialized", json!({}));

    // The shipped job file is clean (its `region` variable comes from the
    // application's decoder).
    let (path, _) = nomad::example_files();
    let text = std::fs::read_to_string(path).unwrap();
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "hcl", "version": 1, "text": text}}),
    );
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
    assert_eq!(r["contents"]["value"], "**priority**: `number`", "{r}");

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

    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    server.join().unwrap().unwrap();
}
