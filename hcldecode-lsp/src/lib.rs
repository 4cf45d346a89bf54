//! `hcldecode-lsp`: a language server for the HCL files of an application,
//! driven by the application's own schema (a [`Spec`], an hcldec spec
//! file, or a type deriving [`HclDecode`]).
//!
//! It publishes the diagnostics of parsing and decoding as the document is
//! edited, formats as `hclfmt` does, outlines blocks and attributes, and
//! completes and explains the attributes, blocks and functions the schema
//! allows. The protocol runs over rust-analyzer's `lsp-server` transport:
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
//! `hcldecode-lsp --spec app.hcldec [--functions=stdlib,...] [--dynamic-blocks]`.
//! See `docs/lsp.md` for editor set-up.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use hcldecode::decode::DecodeOptions;
use hcldecode::eval::EvalContext;
use hcldecode::function::{Function, Functions};
use hcldecode::spec_file::LoadedSpec;
use hcldecode::{Body, Decoder, Diagnostics, HclDecode, Spec};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types as lsp;
use lsp_types::notification::Notification as _;

pub mod analysis;
pub mod text;

/// The error type of the server loop: the transport's errors.
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// What documents are checked against: the spec, the context expressions
/// are evaluated in, and how bodies are decoded.
#[derive(Clone, Debug)]
pub struct Schema {
    spec: Spec,
    spec_ctx: Option<Arc<EvalContext>>,
    input_ctx: EvalContext,
    spec_functions: Vec<(String, Function)>,
    functions: Functions,
    options: DecodeOptions,
    typed: Option<Typed>,
}

/// A derived type's decoding: the application's decoder and the typed
/// decode of the type, whose errors are the diagnostics.
#[derive(Clone, Debug)]
struct Typed {
    decoder: Decoder,
    check: fn(&Decoder, &Body) -> Diagnostics,
}

/// The diagnostics of decoding `body` into a `T` (warnings of a clean
/// decode are not kept by typed decoding).
fn typed_check<T: HclDecode>(decoder: &Decoder, body: &Body) -> Diagnostics {
    match decoder.decode_body::<T>(body) {
        Ok(_) => Diagnostics::new(),
        Err(e) => e.into_diagnostics(),
    }
}

impl Schema {
    /// A schema of a spec tree, with no variables or functions.
    ///
    /// ```
    /// use hcldecode::Spec;
    /// use hcldecode_spec::spec::AttrSpec;
    /// use hcldecode_lsp::Schema;
    /// let schema = Schema::new(Spec::Attr(AttrSpec::new("port", hcldecode::Type::Number, true)));
    /// assert_eq!(schema.spec().kind_name(), "attr");
    /// ```
    pub fn new(spec: Spec) -> Schema {
        Schema {
            spec,
            spec_ctx: None,
            input_ctx: EvalContext::new(),
            spec_functions: Vec::new(),
            functions: Functions::none(),
            options: DecodeOptions::new(),
            typed: None,
        }
    }

    /// The schema of a loaded hcldec spec file: its spec, and its
    /// variables and functions for the documents' expressions (as `hcldec`
    /// gives them).
    ///
    /// ```
    /// use hcldecode::spec_file::LoadedSpec;
    /// use hcldecode_lsp::Schema;
    /// let (loaded, _) = LoadedSpec::load_file("object {\n attr \"port\" { type = number }\n}\n", "app.hcldec").unwrap();
    /// let schema = Schema::from_spec_file(loaded);
    /// assert_eq!(schema.spec().kind_name(), "object");
    /// ```
    pub fn from_spec_file(loaded: LoadedSpec) -> Schema {
        Schema {
            input_ctx: loaded.input_context(),
            spec_ctx: Some(loaded.spec_ctx.clone()),
            spec_functions: loaded.functions.clone(),
            spec: loaded.spec,
            functions: Functions::none(),
            options: DecodeOptions::new(),
            typed: None,
        }
    }

    /// Reads and loads an hcldec spec file ([`Schema::from_spec_file`]);
    /// the error renders with snippets.
    ///
    /// ```
    /// let dir = std::env::temp_dir().join(format!("hcldecode-lsp-doc-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// let path = dir.join("app.hcldec");
    /// std::fs::write(&path, "attr {\n  name = \"a\"\n  type = strin\n}\n").unwrap();
    /// assert!(hcldecode_lsp::Schema::load(&path).is_err());
    /// # std::fs::remove_dir_all(&dir).ok();
    /// ```
    pub fn load(path: impl AsRef<std::path::Path>) -> Result<Schema, hcldecode::Error> {
        let path = path.as_ref();
        let src = std::fs::read_to_string(path).map_err(|e| {
            hcldecode::Error::from_diagnostics(Diagnostics::from(hcldecode::Diagnostic::error(
                "Failed to read spec file",
                format!("The spec file {} could not be read: {e}.", path.display()),
            )))
        })?;
        let (loaded, _warnings) = LoadedSpec::load_file(&src, &path.to_string_lossy())?;
        Ok(Schema::from_spec_file(loaded))
    }

    /// The schema of a type deriving [`HclDecode`]: documents are decoded
    /// into a `T` by typed decoding (so its checks, such as an enum's
    /// values or a custom scalar's parsing, are diagnostics too), and
    /// completion and hover read its spec ([`HclDecode::spec`]).
    ///
    /// ```
    /// use hcldecode::HclDecode;
    /// #[derive(HclDecode)]
    /// struct Config {
    ///     port: u16,
    /// }
    /// let schema = hcldecode_lsp::Schema::of::<Config>();
    /// assert_eq!(schema.spec().kind_name(), "object");
    /// ```
    pub fn of<T: HclDecode>() -> Schema {
        Schema::with_decoder::<T>(Decoder::new())
    }

    /// [`Schema::of`] with the application's own [`Decoder`] (its
    /// variables, functions and options), so that documents are checked
    /// exactly as the application reads them.
    ///
    /// ```
    /// use hcldecode::{Decoder, HclDecode};
    /// #[derive(HclDecode)]
    /// struct Config {
    ///     zone: String,
    /// }
    /// let decoder = Decoder::new().variable("region", "eu-west-1");
    /// let schema = hcldecode_lsp::Schema::with_decoder::<Config>(decoder);
    /// # let _ = schema;
    /// ```
    pub fn with_decoder<T: HclDecode>(decoder: Decoder) -> Schema {
        let mut schema = Schema::new(T::spec());
        schema.options = schema.options.element_errors(true).keep_block_types(true);
        schema.typed = Some(Typed {
            decoder,
            check: typed_check::<T>,
        });
        schema
    }

    /// The function sets documents may call (none by default).
    ///
    /// ```
    /// use hcldecode::function::Functions;
    /// let schema = hcldecode_lsp::Schema::of::<u16>().functions(Functions::stdlib());
    /// assert!(schema.function_names().iter().any(|n| n == "upper"));
    /// ```
    pub fn functions(mut self, functions: Functions) -> Schema {
        if let Some(t) = &mut self.typed {
            t.decoder = t.decoder.clone().functions(functions.clone());
        }
        self.functions = functions;
        self
    }

    /// Expand `dynamic` blocks before decoding (off by default, as in
    /// `hcldec`).
    ///
    /// ```
    /// let schema = hcldecode_lsp::Schema::of::<u16>().dynamic_blocks(true);
    /// # let _ = schema;
    /// ```
    pub fn dynamic_blocks(mut self, on: bool) -> Schema {
        if let Some(t) = &mut self.typed {
            t.decoder = t.decoder.clone().dynamic_blocks(on);
        }
        self.options = self.options.dynamic_blocks(on);
        self
    }

    /// The spec documents are decoded with.
    ///
    /// ```
    /// assert_eq!(hcldecode_lsp::Schema::of::<u16>().spec().kind_name(), "attr");
    /// ```
    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    /// The names of the functions documents may call: the spec file's own
    /// and those of the function sets, sorted.
    ///
    /// ```
    /// use hcldecode::function::Functions;
    /// let schema = hcldecode_lsp::Schema::of::<u16>().functions(Functions::stdlib());
    /// assert!(schema.function_names().windows(2).all(|w| w[0] < w[1]));
    /// ```
    pub fn function_names(&self) -> Vec<String> {
        let mut out: Vec<String> = self.spec_functions.iter().map(|(n, _)| n.clone()).collect();
        out.extend(self.functions.names().into_iter().map(str::to_string));
        out.sort();
        out.dedup();
        out
    }

    fn function(&self, name: &str) -> Option<&Function> {
        self.spec_functions
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, f)| f)
            .or_else(|| self.functions.get(name))
    }

    /// A function's signature: `name(param type, ...)`.
    ///
    /// ```
    /// use hcldecode::function::Functions;
    /// let schema = hcldecode_lsp::Schema::of::<u16>().functions(Functions::stdlib());
    /// assert_eq!(schema.function_signature("upper").unwrap(), "upper(str string)");
    /// assert_eq!(schema.function_signature("nope"), None);
    /// ```
    pub fn function_signature(&self, name: &str) -> Option<String> {
        let f = self.function(name)?;
        let mut params: Vec<String> = f
            .params()
            .iter()
            .map(|p| format!("{} {}", p.name, p.ty))
            .collect();
        if let Some(p) = f.var_param() {
            params.push(format!("{}... {}", p.name, p.ty));
        }
        Some(format!("{name}({})", params.join(", ")))
    }

    /// A function's description, where it has one.
    ///
    /// ```
    /// use hcldecode::function::Functions;
    /// let schema = hcldecode_lsp::Schema::of::<u16>().functions(Functions::stdlib());
    /// assert!(schema.function_description("upper").is_some());
    /// ```
    pub fn function_description(&self, name: &str) -> Option<String> {
        Some(self.function(name)?.description().to_string())
    }

    /// Decodes a body with the schema: the diagnostics.
    fn decode(&self, body: &Body) -> Diagnostics {
        if let Some(t) = &self.typed {
            return (t.check)(&t.decoder, body);
        }
        let mut ctx = self.input_ctx.clone();
        if !self.functions.is_empty() {
            ctx.set_function_library(self.functions.clone());
        }
        let ctx = (!ctx.is_empty()).then_some(&ctx);
        let (_, diags) = hcldecode::decode::decode_with(
            body,
            &self.spec,
            ctx,
            self.spec_ctx.as_deref(),
            self.options,
        );
        diags
    }
}

/// The server: the schema and the open documents' texts.
#[derive(Debug)]
pub struct Server {
    schema: Schema,
    docs: HashMap<String, String>,
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
        ..Default::default()
    }
}

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
        let (id, _params) = conn.initialize_start()?;
        conn.initialize_finish(id, result)?;
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
        use lsp::request::*;
        let id = req.id.clone();
        let result = match req.method.as_str() {
            Formatting::METHOD => self.handle::<Formatting>(req, |s, p| {
                let uri = p.text_document.uri.as_str();
                s.docs.get(uri).and_then(|t| analysis::formatting(uri, t))
            }),
            DocumentSymbolRequest::METHOD => self.handle::<DocumentSymbolRequest>(req, |s, p| {
                let uri = p.text_document.uri.as_str();
                let t = s.docs.get(uri)?;
                Some(lsp::DocumentSymbolResponse::Nested(analysis::symbols(
                    uri, t,
                )))
            }),
            Completion::METHOD => self.handle::<Completion>(req, |s, p| {
                let pos = p.text_document_position;
                let uri = pos.text_document.uri.as_str();
                let t = s.docs.get(uri)?;
                let items = analysis::completion(&s.schema, uri, t, pos.position);
                Some(lsp::CompletionResponse::Array(items))
            }),
            HoverRequest::METHOD => self.handle::<HoverRequest>(req, |s, p| {
                let pos = p.text_document_position_params;
                let uri = pos.text_document.uri.as_str();
                let t = s.docs.get(uri)?;
                analysis::hover(&s.schema, uri, t, pos.position)
            }),
            _ => Err((
                ErrorCode::MethodNotFound,
                format!("unsupported request {}", req.method),
            )),
        };
        match result {
            Ok(v) => Response {
                id,
                result: Some(v),
                error: None,
            },
            Err((code, message)) => Response::new_err(id, code as i32, message),
        }
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
                self.docs.insert(doc.uri.as_str().to_string(), doc.text);
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
                    text::apply_change(text, c.range, &c.text);
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
            _ => Vec::new(),
        }
    }

    /// The diagnostics of a document, to publish.
    fn publish(&self, uri: lsp::Uri, version: Option<i32>) -> Vec<Notification> {
        let Some(text) = self.docs.get(uri.as_str()) else {
            return Vec::new();
        };
        let diags = analysis::diagnostics(&self.schema, uri.as_str(), text);
        vec![publish(uri, diags, version)]
    }
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
