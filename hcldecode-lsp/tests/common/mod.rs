//! The client side of the end-to-end tests: the built `hcldecode-lsp`
//! binary, spoken to over its stdin and stdout with Content-Length
//! framing, as an editor does.
#![allow(dead_code)] // Each test file uses part of it.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use serde_json::{Value, json};

pub mod mutate;

const TIMEOUT: Duration = Duration::from_secs(30);

pub struct Client {
    child: Child,
    stdin: ChildStdin,
    rx: Receiver<Value>,
    pending: VecDeque<Value>,
    next_id: i64,
}

impl Client {
    pub fn start(args: &[&str]) -> Client {
        Client::start_program(
            std::path::Path::new(env!("CARGO_BIN_EXE_hcldecode-lsp")),
            args,
        )
    }

    /// A client of another program that serves the protocol on stdio (an
    /// application's `lsp` subcommand).
    pub fn start_program(program: &std::path::Path, args: &[&str]) -> Client {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start hcldecode-lsp");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let mut len = None;
                loop {
                    let mut line = String::new();
                    if r.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        len = Some(n.parse::<usize>().unwrap());
                    }
                }
                let mut buf = vec![0; len.expect("a Content-Length header")];
                r.read_exact(&mut buf).unwrap();
                if tx.send(serde_json::from_slice(&buf).unwrap()).is_err() {
                    return;
                }
            }
        });
        Client {
            child,
            stdin,
            rx,
            pending: VecDeque::new(),
            next_id: 1,
        }
    }

    pub fn send(&mut self, msg: Value) {
        let body = msg.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    pub fn recv(&mut self) -> Value {
        self.rx
            .recv_timeout(TIMEOUT)
            .expect("a message from the server")
    }

    /// Sends a request and waits for its response (notifications that come
    /// first are kept for [`Client::notification`]).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let msg = self.recv();
            if msg.get("id") == Some(&json!(id)) && msg.get("method").is_none() {
                return msg;
            }
            self.pending.push_back(msg);
        }
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    pub fn notification(&mut self, method: &str) -> Value {
        if let Some(i) = self.pending.iter().position(|m| m["method"] == method) {
            return self.pending.remove(i).unwrap()["params"].take();
        }
        loop {
            let mut msg = self.recv();
            if msg["method"] == method {
                return msg["params"].take();
            }
            self.pending.push_back(msg);
        }
    }

    pub fn initialize(&mut self) -> Value {
        self.initialize_with(json!({}))
    }

    /// `initialize` with the client's `capabilities`.
    pub fn initialize_with(&mut self, capabilities: Value) -> Value {
        let r = self.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": capabilities}),
        );
        self.notify("initialized", json!({}));
        r
    }

    pub fn shutdown(mut self) {
        let r = self.request("shutdown", Value::Null);
        assert_eq!(r["result"], Value::Null, "{r}");
        assert!(r.get("error").is_none(), "{r}");
        self.notify("exit", Value::Null);
        let status = self.child.wait().unwrap();
        assert!(status.success(), "{status}");
    }

    pub fn open(&mut self, uri: &str, text: &str) -> Value {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "hcl", "version": 1, "text": text}}),
        );
        self.notification("textDocument/publishDiagnostics")
    }
}

pub fn pos(line: u32, character: u32) -> Value {
    json!({"line": line, "character": character})
}

pub fn labels(items: &Value) -> Vec<String> {
    let mut out: Vec<String> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap().to_string())
        .collect();
    out.sort();
    out
}

pub fn data_path(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A client of a server run in this process over an in-memory
/// connection (`lsp_server::Connection::memory`).
pub struct MemoryClient {
    pub conn: lsp_server::Connection,
    pub next_id: i32,
}

impl MemoryClient {
    /// Sends a request and waits for its response: its result (an error
    /// response fails the test).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        use lsp_server::{Message, Request, RequestId};
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

    /// Sends a notification.
    pub fn notify(&self, method: &str, params: Value) {
        let n = lsp_server::Notification::new(method.to_string(), params);
        self.conn
            .sender
            .send(lsp_server::Message::Notification(n))
            .unwrap();
    }
}
