//! `hcldecode-lsp`: a language server for the HCL files of an application,
//! driven by the application's own schema (a [`Spec`], an hcldec spec
//! file, or a type deriving [`HclDecode`]).
//!
//! It publishes the diagnostics of parsing and decoding as the document is
//! edited, formats as `hclfmt` does, outlines blocks and attributes (in
//! JSON documents too), and completes and explains the attributes, blocks
//! and functions the schema allows with the schema's descriptions (a spec
//! file's `description` arguments, a derived type's doc comments), the
//! values an attribute allows, the variables and their attributes, inserts
//! blocks as snippets, shows the signature of the function being called,
//! offers quick fixes for misspelt names and highlights with semantic
//! tokens. The protocol runs over rust-analyzer's `lsp-server` transport:
//! one synchronous loop reading messages and answering them in order.
//!
//! An application adds a `myapp lsp` subcommand in a few lines:
//!
//! ```no_run
//! use hcldecode::HclDecode;
//! use hcldecode_lsp::Schema;
//!
//! #[derive(HclDecode)]
//! struct Config {
//!     name: String,
//!     port: Option<u16>,
//! }
//!
//! fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
//!     if std::env::args().nth(1).as_deref() == Some("lsp") {
//!         let schema = Schema::of::<Config>()
//!             .functions(hcldecode::function::Functions::stdlib());
//!         return hcldecode_lsp::serve_stdio(schema);
//!     }
//!     // ... the application's other commands
//!     Ok(())
//! }
//! ```
//!
//! The `hcldecode-lsp` binary serves an hcldec spec file:
//! `hcldecode-lsp --spec app.hcldec [--functions=stdlib,...] [--dynamic-blocks] [--vars vars.hcl]`.
//! See `docs/lsp.md` for editor set-up.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types as lsp;
use lsp_types::notification::Notification as _;
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

use text::Document;

pub mod analysis;
mod schema;
pub mod text;
mod workspace;

pub use schema::Schema;

/// The error type of the server loop: the transport's errors.
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// The server: the schema and the open documents (their texts, each
/// with its line index, rebuilt on every change, for the requests'
/// position conversions).
#[derive(Debug)]
pub struct Server {
    schema: Schema,
    docs: HashMap<String, Document>,
    /// Whether the client takes snippets in completion items
    /// (`completionItem.snippetSupport`).
    snippets: bool,
}

/// The capabilities the server announces.
fn capabilities() -> lsp::ServerCapabilities {
    lsp::ServerCapabilities {
        text_document_sync: Some(lsp::TextDocumentSyncCapability::Options(
            lsp::TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(lsp::TextDocumentSyncKind::INCREMENTAL),
                ..Default::default()
            },
        )),
        document_formatting_provider: Some(lsp::OneOf::Left(true)),
        document_symbol_provider: Some(lsp::OneOf::Left(true)),
        completion_provider: Some(lsp::CompletionOptions::default()),
        hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
        code_action_provider: Some(lsp::CodeActionProviderCapability::Options(
            lsp::CodeActionOptions {
                code_action_kinds: Some(vec![lsp::CodeActionKind::QUICKFIX]),
                ..Default::default()
            },
        )),
        semantic_tokens_provider: Some(
            lsp::SemanticTokensServerCapabilities::SemanticTokensOptions(
                lsp::SemanticTokensOptions {
                    legend: analysis::semantic_tokens_legend(),
                    full: Some(lsp::SemanticTokensFullOptions::Bool(true)),
                    ..Default::default()
                },
            ),
        ),
        folding_range_provider: Some(lsp::FoldingRangeProviderCapability::Simple(true)),
        selection_range_provider: Some(lsp::SelectionRangeProviderCapability::Simple(true)),
        definition_provider: Some(lsp::OneOf::Left(true)),
        references_provider: Some(lsp::OneOf::Left(true)),
        document_highlight_provider: Some(lsp::OneOf::Left(true)),
        rename_provider: Some(lsp::OneOf::Right(lsp::RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: lsp::WorkDoneProgressOptions::default(),
        })),
        workspace_symbol_provider: Some(lsp::OneOf::Left(true)),
        document_link_provider: Some(lsp::DocumentLinkOptions {
            resolve_provider: Some(false),
            work_done_progress_options: lsp::WorkDoneProgressOptions::default(),
        }),
        inlay_hint_provider: Some(lsp::OneOf::Left(true)),
        signature_help_provider: Some(lsp::SignatureHelpOptions {
            trigger_characters: Some(vec!["(".to_string(), ",".to_string()]),
            retrigger_characters: None,
            work_done_progress_options: lsp::WorkDoneProgressOptions::default(),
        }),
        ..Default::default()
    }
}

/// A request's answer: its result as JSON, or the error to respond with.
type Answer = Result<serde_json::Value, (ErrorCode, String)>;

impl Server {
    /// A server of `schema` with no documents open.
    ///
    /// ```
    /// let server = hcldecode_lsp::Server::new(hcldecode_lsp::Schema::of::<u16>());
    /// # let _ = server;
    /// ```
    pub fn new(schema: Schema) -> Server {
        Server {
            schema,
            docs: HashMap::new(),
            snippets: false,
        }
    }

    /// Serves one client on `conn`: the `initialize` handshake, then every
    /// message until `shutdown` and `exit` (or the connection closes).
    /// Returns the transport's error if the connection fails.
    ///
    /// ```
    /// use lsp_server::{Connection, Message, Notification, Request};
    /// let (server_side, client) = Connection::memory();
    /// let thread = std::thread::spawn(move || {
    ///     hcldecode_lsp::Server::new(hcldecode_lsp::Schema::of::<u16>()).run(&server_side)
    /// });
    /// let init = lsp_types::InitializeParams::default();
    /// client.sender.send(Message::Request(Request::new(1.into(), "initialize".into(), init))).unwrap();
    /// let Message::Response(r) = client.receiver.recv().unwrap() else { panic!() };
    /// assert!(r.result.unwrap()["capabilities"]["hoverProvider"] == true);
    /// client.sender.send(Message::Notification(Notification::new("initialized".into(), serde_json::json!({})))).unwrap();
    /// client.sender.send(Message::Request(Request::new(2.into(), "shutdown".into(), ()))).unwrap();
    /// let Message::Response(r) = client.receiver.recv().unwrap() else { panic!() };
    /// assert!(r.error.is_none());
    /// client.sender.send(Message::Notification(Notification::new("exit".into(), ()))).unwrap();
    /// thread.join().unwrap().unwrap();
    /// ```
    pub fn run(&mut self, conn: &Connection) -> Result<(), Error> {
        let caps = serde_json::to_value(capabilities())?;
        let result = serde_json::json!({
            "capabilities": caps,
            "serverInfo": { "name": "hcldecode-lsp", "version": env!("CARGO_PKG_VERSION") },
        });
        let (id, params) = conn.initialize_start()?;
        let caps = serde_json::from_value::<lsp::InitializeParams>(params)
            .ok()
            .map(|p| p.capabilities);
        self.snippets = caps
            .as_ref()
            .and_then(|c| {
                c.text_document
                    .as_ref()?
                    .completion
                    .as_ref()?
                    .completion_item
                    .as_ref()
            })
            .and_then(|i| i.snippet_support)
            .unwrap_or(false);
        let watch = caps
            .as_ref()
            .and_then(|c| c.workspace.as_ref()?.did_change_watched_files)
            .and_then(|w| w.dynamic_registration)
            .unwrap_or(false);
        conn.initialize_finish(id, result)?;
        if watch {
            conn.sender.send(Message::Request(watch_request()))?;
        }
        for msg in &conn.receiver {
            match msg {
                Message::Request(req) => {
                    if conn.handle_shutdown(&req)? {
                        return Ok(());
                    }
                    let id = req.id.clone();
                    let method = req.method.clone();
                    let resp =
                        catch_unwind(AssertUnwindSafe(|| self.request(req))).unwrap_or_else(|_| {
                            Response::new_err(
                                id,
                                ErrorCode::InternalError as i32,
                                format!("hcldecode-lsp failed on {method}"),
                            )
                        });
                    conn.sender.send(Message::Response(resp))?;
                }
                Message::Notification(n) => {
                    let out =
                        catch_unwind(AssertUnwindSafe(|| self.notification(n))).unwrap_or_default();
                    for m in out {
                        conn.sender.send(Message::Notification(m))?;
                    }
                }
                Message::Response(_) => {}
            }
        }
        Ok(())
    }

    /// Answers a request.
    fn request(&mut self, req: Request) -> Response {
        let id = req.id.clone();
        let result = self
            .document_request(req)
            .or_else(|req| self.position_request(req))
            .or_else(|req| self.reference_request(req))
            .unwrap_or_else(|req| {
                Err((
                    ErrorCode::MethodNotFound,
                    format!("unsupported request {}", req.method),
                ))
            });
        match result {
            Ok(v) => Response {
                id,
                result: Some(v),
                error: None,
            },
            Err((code, message)) => Response::new_err(id, code as i32, message),
        }
    }

    /// Requests about a whole document: formatting, symbols, folding and
    /// selection ranges, semantic tokens; the request back when it is none of them.
    fn document_request(&mut self, req: Request) -> Result<Answer, Request> {
        use lsp::request::*;
        Ok(match req.method.as_str() {
            Formatting::METHOD => self.handle::<Formatting>(req, |s, p| {
                let uri = p.text_document.uri.as_str();
                s.docs.get(uri).and_then(|t| analysis::formatting(uri, t))
            }),
            DocumentSymbolRequest::METHOD => self.handle::<DocumentSymbolRequest>(req, |s, p| {
                let uri = p.text_document.uri.as_str();
                let t = s.docs.get(uri)?;
                Some(lsp::DocumentSymbolResponse::Nested(analysis::symbols(
                    &s.schema, uri, t,
                )))
            }),
            SelectionRangeRequest::METHOD => self.handle::<SelectionRangeRequest>(req, |s, p| {
                let uri = p.text_document.uri.as_str();
                let t = s.docs.get(uri)?;
                Some(analysis::selection_ranges(uri, t, &p.positions))
            }),
            FoldingRangeRequest::METHOD => self.handle::<FoldingRangeRequest>(req, |s, p| {
                let uri = p.text_document.uri.as_str();
                let t = s.docs.get(uri)?;
                Some(analysis::folding_ranges(uri, t))
            }),
            DocumentLinkRequest::METHOD => self.handle::<DocumentLinkRequest>(req, |s, p| {
                let uri = p.text_document.uri.as_str();
                let t = s.docs.get(uri)?;
                Some(analysis::document_links(uri, t))
            }),
            InlayHintRequest::METHOD => self.handle::<InlayHintRequest>(req, |s, p| {
                let uri = p.text_document.uri.as_str();
                let t = s.docs.get(uri)?;
                Some(analysis::inlay_hints(
                    &s.schema,
                    uri,
                    t,
                    p.range,
                    &s.siblings(uri),
                ))
            }),
            WorkspaceSymbolRequest::METHOD => self.handle::<WorkspaceSymbolRequest>(req, |s, p| {
                let files = s.workspace_files();
                Some(lsp::WorkspaceSymbolResponse::Flat(
                    analysis::workspace_symbols(&s.schema, &files, &p.query),
                ))
            }),
            SemanticTokensFullRequest::METHOD => {
                self.handle::<SemanticTokensFullRequest>(req, |s, p| {
                    let uri = p.text_document.uri.as_str();
                    let t = s.docs.get(uri)?;
                    let data = analysis::semantic_tokens(uri, t)?;
                    Some(lsp::SemanticTokensResult::Tokens(lsp::SemanticTokens {
                        result_id: None,
                        data,
                    }))
                })
            }
            _ => return Err(req),
        })
    }

    /// Requests about a position: completion, hover, signature help, and the quick fixes of its diagnostics; the request back when it is none of them.
    fn position_request(&mut self, req: Request) -> Result<Answer, Request> {
        use lsp::request::*;
        Ok(match req.method.as_str() {
            Completion::METHOD => self.handle::<Completion>(req, |s, p| {
                let pos = p.text_document_position;
                let uri = pos.text_document.uri.as_str();
                let t = s.docs.get(uri)?;
                let siblings = s.siblings(uri);
                let items = analysis::completion_with(
                    &s.schema,
                    uri,
                    t,
                    pos.position,
                    s.snippets,
                    &siblings,
                );
                Some(lsp::CompletionResponse::Array(items))
            }),
            HoverRequest::METHOD => self.handle::<HoverRequest>(req, |s, p| {
                let pos = p.text_document_position_params;
                let uri = pos.text_document.uri.as_str();
                let t = s.docs.get(uri)?;
                analysis::hover_with(&s.schema, uri, t, pos.position, &s.siblings(uri))
            }),
            SignatureHelpRequest::METHOD => self.handle::<SignatureHelpRequest>(req, |s, p| {
                let pos = p.text_document_position_params;
                let uri = pos.text_document.uri.as_str();
                let t = s.docs.get(uri)?;
                analysis::signature_help(&s.schema, uri, t, pos.position)
            }),
            CodeActionRequest::METHOD => self.handle::<CodeActionRequest>(req, |_, p| {
                let wanted = p.context.only.as_ref().is_none_or(|only| {
                    only.iter().any(|k| {
                        lsp::CodeActionKind::QUICKFIX
                            .as_str()
                            .starts_with(k.as_str())
                    })
                });
                let actions = if wanted {
                    analysis::code_actions(&p.text_document.uri, &p.context.diagnostics)
                } else {
                    Vec::new()
                };
                Some(actions)
            }),
            _ => return Err(req),
        })
    }

    /// Requests about the configuration's references: definition, references, highlight, rename; the request back when it is none of them.
    fn reference_request(&mut self, req: Request) -> Result<Answer, Request> {
        use lsp::request::*;
        Ok(match req.method.as_str() {
            GotoDefinition::METHOD => self.handle::<GotoDefinition>(req, |s, p| {
                let pos = p.text_document_position_params;
                let uri = &pos.text_document.uri;
                let t = s.docs.get(uri.as_str())?;
                analysis::definition(&s.schema, uri, t, pos.position, &s.siblings(uri.as_str()))
                    .map(lsp::GotoDefinitionResponse::Scalar)
            }),
            References::METHOD => self.handle::<References>(req, |s, p| {
                let pos = p.text_document_position;
                let uri = &pos.text_document.uri;
                let t = s.docs.get(uri.as_str())?;
                Some(analysis::references(
                    &s.schema,
                    uri,
                    t,
                    pos.position,
                    p.context.include_declaration,
                    &s.siblings(uri.as_str()),
                ))
            }),
            DocumentHighlightRequest::METHOD => {
                self.handle::<DocumentHighlightRequest>(req, |s, p| {
                    let pos = p.text_document_position_params;
                    let uri = &pos.text_document.uri;
                    let t = s.docs.get(uri.as_str())?;
                    Some(analysis::highlight(
                        &s.schema,
                        uri,
                        t,
                        pos.position,
                        &s.siblings(uri.as_str()),
                    ))
                })
            }
            PrepareRenameRequest::METHOD => self.handle::<PrepareRenameRequest>(req, |s, p| {
                let uri = &p.text_document.uri;
                let t = s.docs.get(uri.as_str())?;
                analysis::prepare_rename(&s.schema, uri, t, p.position, &s.siblings(uri.as_str()))
            }),
            Rename::METHOD => self.handle::<Rename>(req, |s, p| {
                let pos = p.text_document_position;
                let uri = &pos.text_document.uri;
                let t = s.docs.get(uri.as_str())?;
                analysis::rename(
                    &s.schema,
                    uri,
                    t,
                    pos.position,
                    &p.new_name,
                    &s.siblings(uri.as_str()),
                )
            }),
            _ => return Err(req),
        })
    }

    /// Runs a request of type `R` with `f`, its result as JSON.
    fn handle<R: lsp::request::Request>(
        &mut self,
        req: Request,
        f: impl FnOnce(&mut Server, R::Params) -> R::Result,
    ) -> Result<serde_json::Value, (ErrorCode, String)> {
        let params: R::Params = serde_json::from_value(req.params)
            .map_err(|e| (ErrorCode::InvalidParams, format!("invalid params: {e}")))?;
        serde_json::to_value(f(self, params)).map_err(|e| (ErrorCode::InternalError, e.to_string()))
    }

    /// Handles a notification: the diagnostics to publish.
    fn notification(&mut self, n: Notification) -> Vec<Notification> {
        use lsp::notification::*;
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<lsp::DidOpenTextDocumentParams>(n.params)
                else {
                    return Vec::new();
                };
                let doc = p.text_document;
                self.docs
                    .insert(doc.uri.as_str().to_string(), Document::new(doc.text));
                self.publish(doc.uri, Some(doc.version))
            }
            DidChangeTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<lsp::DidChangeTextDocumentParams>(n.params)
                else {
                    return Vec::new();
                };
                let Some(text) = self.docs.get_mut(p.text_document.uri.as_str()) else {
                    return Vec::new();
                };
                for c in &p.content_changes {
                    text.apply_change(c.range, &c.text);
                }
                self.publish(p.text_document.uri, Some(p.text_document.version))
            }
            DidCloseTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<lsp::DidCloseTextDocumentParams>(n.params)
                else {
                    return Vec::new();
                };
                self.docs.remove(p.text_document.uri.as_str());
                vec![publish(p.text_document.uri, Vec::new(), None)]
            }
            DidChangeWatchedFiles::METHOD => {
                let Ok(p) = serde_json::from_value::<lsp::DidChangeWatchedFilesParams>(n.params)
                else {
                    return Vec::new();
                };
                self.files_changed(&p.changes)
            }
            _ => Vec::new(),
        }
    }

    /// Files changed on disk: the open documents of their configurations
    /// are checked again (a document's own buffer wins over its file, so
    /// a change to an open one's file changes nothing).
    fn files_changed(&self, changes: &[lsp::FileEvent]) -> Vec<Notification> {
        if self.schema.namespaces().is_empty() {
            return Vec::new();
        }
        let mut affected: Vec<String> = Vec::new();
        for c in changes {
            let changed = c.uri.as_str();
            if self.docs.contains_key(changed) {
                continue;
            }
            affected.extend(workspace::open_siblings(&self.docs, changed));
        }
        affected.sort();
        affected.dedup();
        affected
            .iter()
            .filter_map(|u| self.publish_one(u, None))
            .collect()
    }

    /// The files of the configurations of the open documents: each open
    /// document (the editor's text) and the other files of its
    /// configuration, once each, by URI.
    fn workspace_files(&self) -> Vec<(String, Document)> {
        let mut out: Vec<(String, Document)> = Vec::new();
        let mut uris: Vec<&String> = self.docs.keys().collect();
        uris.sort();
        for u in uris {
            if !out.iter().any(|(o, _)| o == u) {
                out.push((u.clone(), self.docs[u].clone()));
            }
            for (s, text) in workspace::siblings(&self.docs, u) {
                if !out.iter().any(|(o, _)| *o == s) {
                    out.push((s, Document::new(text)));
                }
            }
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    /// The diagnostics of a document, to publish.
    /// The other files of `uri`'s configuration, when the schema declares
    /// names documents may share (variables and locals).
    fn siblings(&self, uri: &str) -> Vec<(String, String)> {
        if self.schema.namespaces().is_empty() {
            return Vec::new();
        }
        workspace::siblings(&self.docs, uri)
    }

    fn publish(&self, uri: lsp::Uri, version: Option<i32>) -> Vec<Notification> {
        let Some(text) = self.docs.get(uri.as_str()) else {
            return Vec::new();
        };
        if self.schema.namespaces().is_empty() {
            let diags = analysis::diagnostics(&self.schema, uri.as_str(), text);
            return vec![publish(uri, diags, version)];
        }
        // Declarations in one file are used in the others: this document
        // is checked with the rest of its configuration, and so are the
        // other open documents of it, which this change may fix or break.
        let others = workspace::open_siblings(&self.docs, uri.as_str());
        let own = self.publish_one(uri.as_str(), version);
        own.into_iter()
            .chain(others.iter().filter_map(|u| self.publish_one(u, None)))
            .collect()
    }

    /// The diagnostics of open document `uri` checked with the rest of its
    /// configuration, with its unused declarations as hints.
    fn publish_one(&self, uri: &str, version: Option<i32>) -> Option<Notification> {
        let (text, lsp_uri) = (self.docs.get(uri)?, uri.parse::<lsp::Uri>().ok()?);
        let siblings = workspace::siblings(&self.docs, uri);
        let mut diags = analysis::diagnostics_with(&self.schema, uri, text, &siblings);
        diags.extend(analysis::unused(&self.schema, uri, text, &siblings));
        Some(publish(lsp_uri, diags, version))
    }
}

/// The request that asks the client to report changes to files on disk
/// (`workspace/didChangeWatchedFiles`; a client registers watchers only
/// when asked, and only if it announced `dynamicRegistration`): every
/// file, as a configuration's files may have any suffix.
fn watch_request() -> Request {
    let options = lsp::DidChangeWatchedFilesRegistrationOptions {
        watchers: vec![lsp::FileSystemWatcher {
            glob_pattern: lsp::GlobPattern::String("**/*".to_string()),
            kind: None,
        }],
    };
    let params = lsp::RegistrationParams {
        registrations: vec![lsp::Registration {
            id: "hcldecode-lsp/watched-files".to_string(),
            method: <lsp::notification::DidChangeWatchedFiles as lsp::notification::Notification>::METHOD.to_string(),
            register_options: serde_json::to_value(options).ok(),
        }],
    };
    Request::new(
        lsp_server::RequestId::from("hcldecode-lsp/register".to_string()),
        <lsp::request::RegisterCapability as lsp::request::Request>::METHOD.to_string(),
        params,
    )
}

fn publish(uri: lsp::Uri, diagnostics: Vec<lsp::Diagnostic>, version: Option<i32>) -> Notification {
    Notification::new(
        lsp::notification::PublishDiagnostics::METHOD.to_string(),
        lsp::PublishDiagnosticsParams {
            uri,
            diagnostics,
            version,
        },
    )
}

/// Serves `schema` over standard input and output until the client shuts
/// the server down (what an application's `lsp` subcommand calls).
///
/// ```no_run
/// hcldecode_lsp::serve_stdio(hcldecode_lsp::Schema::of::<u16>()).unwrap();
/// ```
pub fn serve_stdio(schema: Schema) -> Result<(), Error> {
    let (conn, io) = Connection::stdio();
    Server::new(schema).run(&conn)?;
    drop(conn);
    io.join()?;
    Ok(())
}
