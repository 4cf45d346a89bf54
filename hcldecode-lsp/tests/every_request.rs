//! Every request the server answers, on documents edited at random (issue
//! 38): the shipped documents (test data and examples, native and JSON),
//! each opened in a server running in process and changed by incremental
//! `didChange` edits that cut, splice and break it; after each edit, every
//! request at random positions (past the end of a line or of the document
//! too). Each answer must be a result, not an error, and well-formed for
//! the text as it is: every range and position inside the document, no
//! range ending before it starts, a symbol's selection range inside its
//! range and its children inside it, each selection range inside its
//! parent, semantic tokens on their lines. The published diagnostics are
//! checked the same way. Deterministic (a seeded sequence).

use lsp_server::{Connection, Message, Request, RequestId};
use serde_json::{Value, json};

#[path = "../../hcldecode/examples/nomad.rs"]
#[allow(dead_code)]
mod nomad;

mod common;
use common::mutate::{Rng, corpus, inside_document, lines, mutate, reference_position};

/// A server in process and what the client knows: the document's text
/// and the last diagnostics published for it.
struct Session {
    conn: Connection,
    next_id: i32,
    uri: String,
    text: String,
    version: i32,
    diagnostics: Value,
    answered: usize,
}

impl Session {
    /// The server's answer to `method`: its result, after checking every
    /// notification that came first. An error answer fails the test.
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        let req = Request::new(id.clone(), method.to_string(), params.clone());
        self.conn.sender.send(Message::Request(req)).unwrap();
        loop {
            match self.conn.receiver.recv().unwrap() {
                Message::Response(r) if r.id == id => {
                    if let Some(e) = r.error {
                        panic!("{method} {params} failed: {e:?}\n{:?}", self.text);
                    }
                    self.answered += 1;
                    return r.result.unwrap_or(Value::Null);
                }
                Message::Notification(n) => self.notified(n),
                _ => {}
            }
        }
    }

    fn notify(&self, method: &str, params: Value) {
        let n = lsp_server::Notification::new(method.to_string(), params);
        self.conn.sender.send(Message::Notification(n)).unwrap();
    }

    /// Diagnostics published for the document are well-formed for its
    /// text and kept for the code-action request.
    fn notified(&mut self, n: lsp_server::Notification) {
        if n.method != "textDocument/publishDiagnostics" || n.params["uri"] != self.uri.as_str() {
            return;
        }
        if let Err(e) = well_formed(&self.text, &n.params) {
            panic!("diagnostics: {e}\n{}\n{:?}", n.params, self.text);
        }
        self.diagnostics = n.params["diagnostics"].clone();
    }

    /// Changes the document to `new` with one incremental edit: the range
    /// between the common prefix and suffix, replaced.
    fn change_to(&mut self, new: String) {
        let old = &self.text;
        let mut start = old
            .bytes()
            .zip(new.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        while !old.is_char_boundary(start) || !new.is_char_boundary(start) {
            start -= 1;
        }
        let max_suffix = old.len().min(new.len()) - start;
        let mut suffix = old
            .bytes()
            .rev()
            .zip(new.bytes().rev())
            .take(max_suffix)
            .take_while(|(a, b)| a == b)
            .count();
        while !old.is_char_boundary(old.len() - suffix) || !new.is_char_boundary(new.len() - suffix)
        {
            suffix -= 1;
        }
        // A position cannot be between the `\r` and the `\n` of a line
        // ending: such an edit starts before the `\r` and ends after the
        // `\n`.
        let splits = |at: usize| {
            at > 0 && old.as_bytes()[at - 1] == b'\r' && old.as_bytes().get(at) == Some(&b'\n')
        };
        if splits(start) {
            start -= 1;
        }
        if splits(old.len() - suffix) {
            suffix -= 1;
        }
        let range = json!({
            "start": reference_position(old, start),
            "end": reference_position(old, old.len() - suffix),
        });
        let inserted = &new[start..new.len() - suffix];
        self.version += 1;
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": {"uri": self.uri, "version": self.version},
                "contentChanges": [{"range": range, "text": inserted}],
            }),
        );
        self.text = new;
    }
}

/// Why `v` (an answer, or a part of it) is not well-formed for `text`.
fn well_formed(text: &str, v: &Value) -> Result<(), String> {
    check_value(&lines(text), v)
}

fn position(v: &Value) -> Option<lsp_types::Position> {
    if v.get("line").is_some() && v.get("character").is_some() {
        serde_json::from_value(v.clone()).ok()
    } else {
        None
    }
}

fn range(v: &Value) -> Option<lsp_types::Range> {
    position(v.get("start")?)?;
    position(v.get("end")?)?;
    serde_json::from_value(v.clone()).ok()
}

fn contains(outer: lsp_types::Range, inner: lsp_types::Range) -> bool {
    outer.start <= inner.start && inner.end <= outer.end
}

fn check_value(lines: &[&str], v: &Value) -> Result<(), String> {
    match v {
        Value::Array(items) => items.iter().try_for_each(|i| check_value(lines, i)),
        Value::Object(map) => {
            if let Some(p) = position(v) {
                if !inside(lines, p) {
                    return Err(format!("{p:?} outside the document"));
                }
                return Ok(());
            }
            if let Some(r) = range(v)
                && r.end < r.start
            {
                return Err(format!("{r:?} ends before it starts"));
            }
            // A document symbol: its selection range and children inside
            // its range.
            if let (Some(full), Some(sel)) = (
                map.get("range").and_then(range),
                map.get("selectionRange").and_then(range),
            ) {
                if !contains(full, sel) {
                    return Err(format!("selection range {sel:?} outside {full:?}"));
                }
                for child in map
                    .get("children")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    if let Some(c) = child.get("range").and_then(range)
                        && !contains(full, c)
                    {
                        return Err(format!("child {c:?} outside {full:?}"));
                    }
                }
            }
            // A selection range: inside its parent.
            if let (Some(r), Some(parent)) = (
                map.get("range").and_then(range),
                map.get("parent")
                    .and_then(|p| p.get("range"))
                    .and_then(range),
            ) && !contains(parent, r)
            {
                return Err(format!("selection {r:?} outside its parent {parent:?}"));
            }
            map.values().try_for_each(|x| check_value(lines, x))
        }
        _ => Ok(()),
    }
}

fn inside(lines: &[&str], p: lsp_types::Position) -> bool {
    inside_document(lines, p)
}

/// Semantic tokens (relative encoding) each on a line of the document,
/// within it.
fn check_tokens(text: &str, data: &Value) -> Result<(), String> {
    let Some(data) = data.get("data").and_then(Value::as_array) else {
        return Ok(());
    };
    let lines = lines(text);
    let (mut line, mut start) = (0u64, 0u64);
    for t in data.chunks(5) {
        let n = |i: usize| t.get(i).and_then(Value::as_u64).unwrap_or(u64::MAX);
        if n(0) > 0 {
            line += n(0);
            start = n(1);
        } else {
            start += n(1);
        }
        let Some(l) = lines.get(line as usize) else {
            return Err(format!("a token on line {line}, past the end"));
        };
        let len = l.encode_utf16().count() as u64;
        if start + n(2) > len {
            return Err(format!("a token {start}+{} past line {line}'s end", n(2)));
        }
    }
    Ok(())
}

/// A position in the text (a character boundary), or now and then one
/// past the end of its line or of the document.
fn any_position(rng: &mut Rng, text: &str) -> Value {
    if rng.below(8) == 0 {
        let count = lines(text).len();
        return json!({"line": rng.below(count + 2), "character": rng.below(120)});
    }
    let at = rng.boundary(text);
    serde_json::to_value(reference_position(text, at)).unwrap()
}

/// Every request, at random positions of the document as it is now.
fn ask_everything(s: &mut Session, rng: &mut Rng) {
    let doc = json!({"uri": s.uri});
    let at = |rng: &mut Rng, s: &Session| json!({"textDocument": doc, "position": any_position(rng, &s.text)});
    for method in [
        "textDocument/completion",
        "textDocument/hover",
        "textDocument/signatureHelp",
        "textDocument/definition",
        "textDocument/documentHighlight",
        "textDocument/prepareRename",
    ] {
        let params = at(rng, s);
        let r = s.request(method, params.clone());
        if let Err(e) = well_formed(&s.text, &r) {
            panic!("{method} {params}: {e}\n{r}\n{:?}", s.text);
        }
    }
    let mut params = at(rng, s);
    params["context"] = json!({"includeDeclaration": true});
    let refs = s.request("textDocument/references", params.clone());
    let mut rename = at(rng, s);
    rename["newName"] = json!("renamed");
    let renamed = s.request("textDocument/rename", rename);
    let whole = json!({"start": {"line": 0, "character": 0}, "end": reference_position(&s.text, s.text.len())});
    let p = any_position(rng, &s.text);
    let q = any_position(rng, &s.text);
    let diagnostics = s.diagnostics.clone();
    let answers = [
        ("references", refs),
        ("rename", renamed),
        (
            "documentSymbol",
            s.request("textDocument/documentSymbol", json!({"textDocument": doc})),
        ),
        (
            "foldingRange",
            s.request("textDocument/foldingRange", json!({"textDocument": doc})),
        ),
        (
            "documentLink",
            s.request("textDocument/documentLink", json!({"textDocument": doc})),
        ),
        (
            "formatting",
            s.request(
                "textDocument/formatting",
                json!({"textDocument": doc, "options": {"tabSize": 2, "insertSpaces": true}}),
            ),
        ),
        (
            "selectionRange",
            s.request(
                "textDocument/selectionRange",
                json!({"textDocument": doc, "positions": [p, q]}),
            ),
        ),
        (
            "inlayHint",
            s.request(
                "textDocument/inlayHint",
                json!({"textDocument": doc, "range": whole}),
            ),
        ),
        (
            "codeAction",
            s.request(
                "textDocument/codeAction",
                json!({"textDocument": doc, "range": {"start": p, "end": p},
                    "context": {"diagnostics": diagnostics}}),
            ),
        ),
        (
            "workspace/symbol",
            s.request("workspace/symbol", json!({"query": ""})),
        ),
    ];
    for (method, r) in &answers {
        if let Err(e) = well_formed(&s.text, r) {
            panic!("{method}: {e}\n{r}\n{:?}", s.text);
        }
    }
    let tokens = s.request(
        "textDocument/semanticTokens/full",
        json!({"textDocument": doc}),
    );
    if let Err(e) = check_tokens(&s.text, &tokens) {
        panic!("semanticTokens: {e}\n{:?}", s.text);
    }
}

/// Serves `schema` in process and drives it over every shipped document
/// with `edits` random edits each: how many requests were answered.
fn drive(
    schema: impl FnOnce() -> hcldecode_lsp::Schema + Send + 'static,
    seed: u64,
    edits: usize,
) -> usize {
    let (server_side, conn) = Connection::memory();
    let server = std::thread::spawn(move || hcldecode_lsp::Server::new(schema()).run(&server_side));
    let mut s = Session {
        conn,
        next_id: 0,
        uri: String::new(),
        text: String::new(),
        version: 0,
        diagnostics: json!([]),
        answered: 0,
    };
    s.request(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {
            "textDocument": {"completion": {"completionItem": {"snippetSupport": true}}}}}),
    );
    s.notify("initialized", json!({}));
    let mut rng = Rng(seed);
    for (i, (name, original)) in corpus().into_iter().enumerate() {
        // Each document alone in its directory: the configuration is it.
        s.uri = format!("file:///nonexistent/every-request/{i}/{name}");
        s.text = original.clone();
        s.version = 1;
        s.diagnostics = json!([]);
        s.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": s.uri, "languageId": "hcl", "version": 1, "text": original}}),
        );
        ask_everything(&mut s, &mut rng);
        for _ in 0..edits {
            let mut text = s.text.clone();
            mutate(&mut rng, &mut text);
            // Now and then back to the shipped text, so edits do not only
            // pile up.
            if rng.below(10) == 0 {
                text = original.clone();
            }
            s.change_to(text);
            ask_everything(&mut s, &mut rng);
        }
        s.notify(
            "textDocument/didClose",
            json!({"textDocument": {"uri": s.uri}}),
        );
    }
    let answered = s.answered;
    s.request("shutdown", Value::Null);
    s.notify("exit", Value::Null);
    server.join().unwrap().unwrap();
    answered
}

#[test]
fn every_request_on_randomly_edited_documents_with_a_derived_schema() {
    let answered = drive(
        || {
            hcldecode_lsp::Schema::with_decoder::<nomad::JobFile>(nomad::decoder())
                .functions(hcldecode::function::Functions::stdlib())
        },
        0x2545_f491_4f6c_dd1d,
        100,
    );
    eprintln!("{answered} requests answered");
    assert!(answered > 20_000, "{answered}");
}

#[test]
fn every_request_on_randomly_edited_documents_with_a_spec_file() {
    // A spec file with variables and locals: references, rename and
    // inlay hints have names to work on.
    let spec = format!(
        "{}/../examples/module/module.hcldec",
        env!("CARGO_MANIFEST_DIR")
    );
    let answered = drive(
        move || {
            hcldecode_lsp::Schema::load(&spec)
                .unwrap()
                .functions(hcldecode::function::Functions::stdlib())
        },
        0x9e37_79b9_7f4a_7c15,
        100,
    );
    eprintln!("{answered} requests answered");
    assert!(answered > 20_000, "{answered}");
}
