//! What the server computes from a document's text: diagnostics, the
//! formatted text, the outline, completions, hovers, signature help, quick
//! fixes and semantic tokens. Pure functions of
//! the text and the [`Schema`], tested without a connection.

use hcldecode::parse::{self, Syntax};
use hcldecode::{Diagnostics, Severity, Spec};
use hcldecode_spec::diag::Code;
use hcldecode_spec::source::{SourceFile, Span};
use hcldecode_spec::spec::{AttrSpec, BlockLabelSpec};
use hcldecode_spec::syntax::native::token::{Token, TokenKind};
use hcldecode_spec::syntax::native::{self, ast};
use lsp_types as lsp;
use std::collections::HashMap;

use crate::schema::Schema;
use crate::text;

/// The most diagnostics published for one document.
pub const MAX_DIAGNOSTICS: usize = 500;

/// Parses the document (native syntax, or JSON for names ending `.json`)
/// and, when it parses, decodes it with the schema: every diagnostic, its
/// range in the protocol's positions.
///
/// ```
/// use hcldecode::spec_file::LoadedSpec;
/// let (loaded, _) = LoadedSpec::load_file("attr {\n name = \"port\"\n type = number\n}\n", "s.hcldec").unwrap();
/// let schema = hcldecode_lsp::Schema::from_spec_file(loaded);
/// let d = hcldecode_lsp::analysis::diagnostics(&schema, "a.hcl", "# ☕\nport = \"x\"\n");
/// assert_eq!(d[0].message.lines().next(), Some("Incorrect attribute value type"));
/// assert_eq!((d[0].range.start.line, d[0].range.start.character), (1, 7));
/// ```
pub fn diagnostics(schema: &Schema, name: &str, text: &str) -> Vec<lsp::Diagnostic> {
    let (file, mut diags) = parse::parse(text.as_bytes(), name, Syntax::for_path(name));
    if !diags.has_errors() {
        diags.extend(schema.decode(&file.body));
    }
    to_lsp(&diags, name, text)
}

/// The protocol's form of `diags` of document `name`: ranges converted
/// from byte offsets (UTF-16 columns), a diagnostic about another file (a
/// spec file's expression) placed at the start of the document.
pub fn to_lsp(diags: &Diagnostics, name: &str, text: &str) -> Vec<lsp::Diagnostic> {
    diags
        .iter()
        .take(MAX_DIAGNOSTICS)
        .map(|d| {
            let range = match &d.subject {
                Some(r) if &*r.filename == name => text::range(text, r.start.byte, r.end.byte),
                _ => lsp::Range::default(),
            };
            let mut message = d.summary.clone();
            if !d.detail.is_empty() {
                message.push_str("\n\n");
                message.push_str(&d.detail);
            }
            lsp::Diagnostic {
                range,
                severity: Some(match d.severity {
                    Severity::Error => lsp::DiagnosticSeverity::ERROR,
                    Severity::Warning => lsp::DiagnosticSeverity::WARNING,
                }),
                code: d
                    .code
                    .map(|c| lsp::NumberOrString::String(c.as_str().to_string())),
                source: Some("hcldecode".to_string()),
                message,
                data: d
                    .code
                    .and_then(|c| suggestion(c, &d.detail))
                    .map(|s| serde_json::json!({ "replacement": s })),
                ..lsp::Diagnostic::default()
            }
        })
        .collect()
}

/// The name a "Did you mean" diagnostic suggests, for the diagnostics
/// whose subject is exactly the misspelt name: an unsupported argument or
/// block type, an unknown variable or function. Their detail ends
/// ` Did you mean "x"?`; other hints (` Did you mean to define a block of
/// type "x"?`) name no replacement.
fn suggestion(code: Code, detail: &str) -> Option<String> {
    if !matches!(
        code,
        Code::UnsupportedArgument
            | Code::UnsupportedBlockType
            | Code::UnknownVariable
            | Code::UnknownFunction
    ) {
        return None;
    }
    let (_, rest) = detail.rsplit_once(" Did you mean \"")?;
    let name = rest.strip_suffix("\"?")?;
    native::is_valid_identifier(name).then(|| name.to_string())
}

/// The quick fixes for diagnostics of document `uri` (as the client sends
/// them back in a code action request): for each with a suggested name in
/// its `data` (`{"replacement": "x"}`, set when published), one replacing
/// the diagnostic's range with the name.
///
/// ```
/// use hcldecode::spec_file::LoadedSpec;
/// let (loaded, _) = LoadedSpec::load_file("object {\n attr \"port\" { type = number }\n}\n", "s.hcldec").unwrap();
/// let schema = hcldecode_lsp::Schema::from_spec_file(loaded);
/// let d = hcldecode_lsp::analysis::diagnostics(&schema, "a.hcl", "prot = 1\n");
/// let uri: lsp_types::Uri = "file:///a.hcl".parse().unwrap();
/// let actions = hcldecode_lsp::analysis::code_actions(&uri, &d);
/// let lsp_types::CodeActionOrCommand::CodeAction(a) = &actions[0] else { panic!() };
/// assert_eq!(a.title, "Change to \"port\"");
/// ```
pub fn code_actions(
    uri: &lsp::Uri,
    diagnostics: &[lsp::Diagnostic],
) -> Vec<lsp::CodeActionOrCommand> {
    let mut out = Vec::new();
    for d in diagnostics {
        let Some(name) = d
            .data
            .as_ref()
            .and_then(|v| v.get("replacement"))
            .and_then(|v| v.as_str())
        else {
            continue;
        };
        let edit = lsp::TextEdit {
            range: d.range,
            new_text: name.to_string(),
        };
        // `changes` is keyed by `Uri`, the protocol's own type (its cached
        // parts do not change its hash).
        #[allow(clippy::mutable_key_type)]
        let changes = std::iter::once((uri.clone(), vec![edit])).collect();
        out.push(lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
            title: format!("Change to {name:?}"),
            kind: Some(lsp::CodeActionKind::QUICKFIX),
            diagnostics: Some(vec![d.clone()]),
            edit: Some(lsp::WorkspaceEdit {
                changes: Some(changes),
                ..lsp::WorkspaceEdit::default()
            }),
            is_preferred: Some(true),
            ..lsp::CodeAction::default()
        }));
    }
    out
}

/// The edits that format a native-syntax document as `hclfmt` does: none
/// when it is formatted already, else one replacing the whole text. `None`
/// for JSON documents.
///
/// ```
/// use hcldecode_lsp::analysis::formatting;
/// assert_eq!(formatting("a.hcl", "a=1\n").unwrap()[0].new_text, "a = 1\n");
/// assert!(formatting("a.hcl", "a = 1\n").unwrap().is_empty());
/// assert!(formatting("a.hcl.json", "{}").is_none());
/// ```
pub fn formatting(name: &str, text: &str) -> Option<Vec<lsp::TextEdit>> {
    if Syntax::for_path(name) == Syntax::Json {
        return None;
    }
    let formatted = hcldecode::format::format(text.as_bytes());
    if formatted == text.as_bytes() {
        return Some(Vec::new());
    }
    let formatted = String::from_utf8(formatted).ok()?;
    Some(vec![lsp::TextEdit {
        range: text::range(text, 0, text.len()),
        new_text: formatted,
    }])
}

/// The native-syntax tree of a document (`None` for JSON documents).
fn native_tree(name: &str, text: &str) -> Option<ast::File> {
    if Syntax::for_path(name) == Syntax::Json {
        return None;
    }
    let (source, _) = native::source_from_text(name, text.to_string());
    Some(native::parse_config(source).0)
}

/// The outline: blocks (with their labels) and attributes, nested.
///
/// ```
/// let s = hcldecode_lsp::analysis::symbols("a.hcl", "svc \"api\" {\n  port = 1\n}\n");
/// assert_eq!(s[0].name, "svc \"api\"");
/// assert_eq!(s[0].children.as_ref().unwrap()[0].name, "port");
/// ```
pub fn symbols(name: &str, text: &str) -> Vec<lsp::DocumentSymbol> {
    match native_tree(name, text) {
        Some(tree) => body_symbols(&tree.source, &tree.body, text),
        None => Vec::new(),
    }
}

fn body_symbols(src: &SourceFile, body: &ast::Body, text: &str) -> Vec<lsp::DocumentSymbol> {
    let mut items: Vec<(u32, lsp::DocumentSymbol)> = Vec::new();
    for a in body.attributes.iter() {
        items.push((
            a.name.start,
            symbol(
                src.text(a.name).to_string(),
                lsp::SymbolKind::FIELD,
                text::range(text, a.span().start as usize, a.span().end as usize),
                text::range(text, a.name.start as usize, a.name.end as usize),
                None,
            ),
        ));
    }
    for b in body.blocks.iter() {
        let mut title = src.text(b.type_name).to_string();
        for l in b.labels.iter() {
            title.push_str(&format!(" {:?}", l.value.get(src)));
        }
        let span = b.span();
        let def = b.def_span();
        items.push((
            b.type_name.start,
            symbol(
                title,
                lsp::SymbolKind::STRUCT,
                text::range(text, span.start as usize, span.end as usize),
                text::range(text, def.start as usize, def.end as usize),
                Some(body_symbols(src, &b.body, text)),
            ),
        ));
    }
    items.sort_by_key(|(at, _)| *at);
    items.into_iter().map(|(_, s)| s).collect()
}

#[allow(deprecated)] // `deprecated` is a field the type still has.
fn symbol(
    name: String,
    kind: lsp::SymbolKind,
    range: lsp::Range,
    selection_range: lsp::Range,
    children: Option<Vec<lsp::DocumentSymbol>>,
) -> lsp::DocumentSymbol {
    lsp::DocumentSymbol {
        name,
        detail: None,
        kind,
        tags: None,
        deprecated: None,
        range,
        selection_range,
        children,
    }
}

/// What a body may hold according to the specs it is decoded with.
#[derive(Default)]
struct BodySpec<'a> {
    attrs: Vec<&'a AttrSpec>,
    blocks: Vec<&'a Spec>,
    labels: Vec<&'a BlockLabelSpec>,
}

impl<'a> BodySpec<'a> {
    fn of(specs: &[&'a Spec]) -> BodySpec<'a> {
        let mut out = BodySpec::default();
        for s in specs {
            out.add(s);
        }
        out
    }

    fn add(&mut self, spec: &'a Spec) {
        match spec {
            Spec::Attr(a) => self.attrs.push(a),
            Spec::BlockLabel(l) => self.labels.push(l),
            Spec::Block(_)
            | Spec::BlockList(_)
            | Spec::BlockTuple(_)
            | Spec::BlockSet(_)
            | Spec::BlockMap(_)
            | Spec::BlockObject(_)
            | Spec::BlockAttrs(_) => self.blocks.push(spec),
            _ => {}
        }
        for child in spec.same_body_children() {
            self.add(child);
        }
    }

    fn attr(&self, name: &str) -> Option<&'a AttrSpec> {
        self.attrs.iter().find(|a| a.name == name).copied()
    }

    fn block(&self, type_name: &str) -> Option<&'a Spec> {
        self.blocks
            .iter()
            .find(|s| block_type_name(s) == Some(type_name))
            .copied()
    }

    /// The specs the body of block `b` (of this body) is decoded with: the
    /// block spec's nested spec, and for a label naming the block's kind
    /// (a typed enum), the spec of the label's value.
    fn nested(&self, src: &SourceFile, b: &ast::Block) -> Vec<&'a Spec> {
        let Some(nested) = self.block(src.text(b.type_name)).and_then(Spec::nested) else {
            return Vec::new();
        };
        let mut out = vec![nested];
        for l in BodySpec::of(&[nested]).labels {
            let (Some(variants), Some(label)) = (&l.variants, b.labels.get(l.index)) else {
                continue;
            };
            let value = label.value.get(src);
            if let Some((_, s)) = variants.iter().find(|(n, _)| n == value) {
                out.push(s);
            }
        }
        out
    }
}

fn block_type_name(spec: &Spec) -> Option<&str> {
    match spec {
        Spec::Block(b) => Some(&b.type_name),
        Spec::BlockList(b) | Spec::BlockTuple(b) | Spec::BlockSet(b) => Some(&b.type_name),
        Spec::BlockMap(b) | Spec::BlockObject(b) => Some(&b.type_name),
        Spec::BlockAttrs(b) => Some(&b.type_name),
        _ => None,
    }
}

/// How a block spec reads its blocks, for completion details and hovers.
fn block_description(spec: &Spec) -> String {
    let labels = match spec {
        Spec::BlockMap(b) | Spec::BlockObject(b) => b.labels.clone(),
        _ => Vec::new(),
    };
    let mut labels = labels;
    if let Some(n) = spec.nested() {
        labels.extend(n.label_names());
    }
    let mut out = spec.kind_name().to_string();
    if !labels.is_empty() {
        out.push_str(&format!(" (labels: {})", labels.join(", ")));
    }
    let required = match spec {
        Spec::Block(b) => b.required,
        Spec::BlockAttrs(b) => b.required,
        Spec::BlockList(b) | Spec::BlockSet(b) | Spec::BlockTuple(b) => b.min_items > 0,
        _ => false,
    };
    if required {
        out.push_str(", required");
    }
    out
}

fn attr_description(a: &AttrSpec) -> String {
    format!("{}{}", a.ty, if a.required { ", required" } else { "" })
}

/// The innermost body holding byte `at`: the chain of blocks leading to it
/// and the body's specs.
struct Located<'t, 's> {
    body: &'t ast::Body,
    specs: Vec<&'s Spec>,
}

fn locate<'t, 's>(
    src: &SourceFile,
    root: &'t ast::Body,
    spec: &'s Spec,
    at: u32,
) -> Located<'t, 's> {
    let mut here = Located {
        body: root,
        specs: vec![spec],
    };
    loop {
        let inner = here.body.blocks.iter().find(|b| {
            b.open_brace.end <= at && (at <= b.close_brace.start || b.close_brace.is_empty())
        });
        let Some(b) = inner else { return here };
        let specs = BodySpec::of(&here.specs).nested(src, b);
        here = Located {
            body: &b.body,
            specs,
        };
    }
}

/// Whether byte `at` of `text` is inside an expression (after the `=` of
/// an attribute on the same line, or within an attribute's value).
fn in_expression(body: &ast::Body, text: &str, at: usize) -> bool {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    if text[line_start..at].contains('=') {
        return true;
    }
    body.attributes.iter().any(|a| {
        let s = a.span();
        (a.equals().end as usize) <= at && at <= s.end as usize && s.end as usize > line_start
    })
}

/// The completions at `pos`: in an expression, the functions callable; in
/// a body, the attributes and blocks its spec reads, less the attributes
/// already set and the single blocks already there.
///
/// ```
/// use hcldecode::HclDecode;
/// use lsp_types::Position;
/// #[derive(HclDecode)]
/// struct Config {
///     name: String,
///     port: Option<u16>,
/// }
/// let schema = hcldecode_lsp::Schema::of::<Config>();
/// let items = hcldecode_lsp::analysis::completion(&schema, "a.hcl", "name = \"x\"\n", Position::new(1, 0));
/// let labels: Vec<&str> = items.iter().map(|i| i.label.as_str()).collect();
/// assert_eq!(labels, ["port"]);
/// ```
pub fn completion(
    schema: &Schema,
    name: &str,
    text: &str,
    pos: lsp::Position,
) -> Vec<lsp::CompletionItem> {
    let Some(tree) = native_tree(name, text) else {
        return Vec::new();
    };
    let at = text::offset(text, pos);
    let src = &tree.source;
    let here = locate(src, &tree.body, schema.spec(), at as u32);
    if in_expression(here.body, text, at) {
        return schema
            .function_names()
            .into_iter()
            .map(|n| lsp::CompletionItem {
                label: n.clone(),
                kind: Some(lsp::CompletionItemKind::FUNCTION),
                detail: schema.function_signature(&n),
                ..lsp::CompletionItem::default()
            })
            .collect();
    }
    let body_spec = BodySpec::of(&here.specs);
    let set = |n: &str| here.body.attribute(src, n).is_some();
    let mut out = Vec::new();
    for a in &body_spec.attrs {
        if set(&a.name) || out.iter().any(|i: &lsp::CompletionItem| i.label == a.name) {
            continue;
        }
        out.push(lsp::CompletionItem {
            label: a.name.clone(),
            kind: Some(lsp::CompletionItemKind::PROPERTY),
            detail: Some(attr_description(a)),
            insert_text: Some(format!("{} = ", a.name)),
            ..lsp::CompletionItem::default()
        });
    }
    for b in &body_spec.blocks {
        let Some(type_name) = block_type_name(b) else {
            continue;
        };
        let single = matches!(b, Spec::Block(_) | Spec::BlockAttrs(_));
        let present = here
            .body
            .blocks
            .iter()
            .any(|x| src.text(x.type_name) == type_name);
        if (single && present)
            || out
                .iter()
                .any(|i: &lsp::CompletionItem| i.label == type_name)
        {
            continue;
        }
        out.push(lsp::CompletionItem {
            label: type_name.to_string(),
            kind: Some(lsp::CompletionItemKind::MODULE),
            detail: Some(block_description(b)),
            ..lsp::CompletionItem::default()
        });
    }
    out
}

/// The hover at `pos`: an attribute's type, a block's kind and labels, a
/// function's signature and description.
///
/// ```
/// use hcldecode::HclDecode;
/// #[derive(HclDecode)]
/// struct Config {
///     port: Option<u16>,
/// }
/// let schema = hcldecode_lsp::Schema::of::<Config>();
/// let h = hcldecode_lsp::analysis::hover(&schema, "a.hcl", "port = 80\n", lsp_types::Position::new(0, 1)).unwrap();
/// let lsp_types::HoverContents::Markup(m) = h.contents else { panic!() };
/// assert_eq!(m.value, "**port**: `number`");
/// ```
pub fn hover(schema: &Schema, name: &str, text: &str, pos: lsp::Position) -> Option<lsp::Hover> {
    let tree = native_tree(name, text)?;
    let at = text::offset(text, pos);
    let src = &tree.source;
    let contains = |s: Span| (s.start as usize) <= at && at <= s.end as usize;
    let markdown = |value: String, span: Span| lsp::Hover {
        contents: lsp::HoverContents::Markup(lsp::MarkupContent {
            kind: lsp::MarkupKind::Markdown,
            value,
        }),
        range: Some(text::range(text, span.start as usize, span.end as usize)),
    };
    // Walk down to the innermost body, looking at names on the way.
    let mut body: &ast::Body = &tree.body;
    let mut specs = vec![schema.spec()];
    loop {
        let bs = BodySpec::of(&specs);
        for a in body.attributes.iter() {
            if contains(a.name) {
                let n = src.text(a.name);
                let value = match bs.attr(n) {
                    Some(spec) => format!("**{n}**: `{}`", attr_description(spec)),
                    None => format!("**{n}**: not read by the schema"),
                };
                return Some(markdown(value, a.name));
            }
        }
        let mut next = None;
        for b in body.blocks.iter() {
            if contains(b.type_name) {
                let n = src.text(b.type_name);
                let value = match bs.block(n) {
                    Some(spec) => {
                        let mut v = format!("**{n}** block: `{}`", block_description(spec));
                        if let Some(nested) = spec.nested() {
                            v.push_str(&format!("\n\n```\n{}\n```", nested.implied_type()));
                        }
                        v
                    }
                    None => format!("**{n}** block: not read by the schema"),
                };
                return Some(markdown(value, b.type_name));
            }
            if b.open_brace.end as usize <= at && at <= b.close_brace.start as usize {
                next = Some(b);
            }
        }
        match next {
            Some(b) => {
                specs = bs.nested(src, b);
                body = &b.body;
            }
            None => break,
        }
    }
    // A function name: an identifier followed by `(`.
    let (start, end) = identifier_at(text, at)?;
    if !text[end..].trim_start().starts_with('(') {
        return None;
    }
    let f = &text[start..end];
    let sig = schema.function_signature(f)?;
    let mut value = format!("```\n{sig}\n```");
    if let Some(d) = schema.function_description(f).filter(|d| !d.is_empty()) {
        value.push_str("\n\n");
        value.push_str(&d);
    }
    Some(markdown(
        value,
        Span {
            start: start as u32,
            end: end as u32,
        },
    ))
}

/// The identifier (letters, digits, `_`, `-`, `:`) around byte `at`.
fn identifier_at(text: &str, at: usize) -> Option<(usize, usize)> {
    let is_id = |c: char| c.is_alphanumeric() || c == '_' || c == '-' || c == ':';
    let at = at.min(text.len());
    if !text.is_char_boundary(at) {
        return None;
    }
    let start = text[..at]
        .char_indices()
        .rev()
        .take_while(|(_, c)| is_id(*c))
        .last()
        .map_or(at, |(i, _)| i);
    let end = text[at..]
        .char_indices()
        .find(|(_, c)| !is_id(*c))
        .map_or(text.len(), |(i, _)| at + i);
    (start < end).then_some((start, end))
}

/// The native-syntax tokens of a document (comments and newlines
/// included, the final `Eof` too).
fn tokens(text: &str) -> Vec<Token> {
    let len = u32::try_from(text.len()).unwrap_or(u32::MAX);
    native::lex(text, Span::new(0, len), native::LexMode::Normal)
}

/// The call the cursor is in: the function's name and the index of the
/// argument at the cursor (the commas before it at the call's own depth).
fn call_at(text: &str, at: usize) -> Option<(String, usize)> {
    enum Frame {
        Call(String, usize),
        Other,
    }
    let toks = tokens(text);
    let mut stack: Vec<Frame> = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if t.span.end as usize > at || t.kind == TokenKind::Eof {
            break;
        }
        match t.kind {
            TokenKind::OParen => {
                // `name(` or `ns::name(`: the identifiers and `::` before.
                let mut start = i;
                while start > 0 {
                    let prev = toks[start - 1].kind;
                    let expect_ident = start == i || toks[start].kind == TokenKind::DoubleColon;
                    if (expect_ident && prev == TokenKind::Ident)
                        || (!expect_ident && prev == TokenKind::DoubleColon)
                    {
                        start -= 1;
                    } else {
                        break;
                    }
                }
                if start < i && toks[start].kind == TokenKind::Ident {
                    let (a, b) = (
                        toks[start].span.start as usize,
                        toks[i - 1].span.end as usize,
                    );
                    let name = text.get(a..b).unwrap_or_default().to_string();
                    stack.push(Frame::Call(name, 0));
                } else {
                    stack.push(Frame::Other);
                }
            }
            TokenKind::OBrack
            | TokenKind::OBrace
            | TokenKind::TemplateInterp
            | TokenKind::TemplateControl => stack.push(Frame::Other),
            TokenKind::CParen
            | TokenKind::CBrack
            | TokenKind::CBrace
            | TokenKind::TemplateSeqEnd => {
                stack.pop();
            }
            TokenKind::Comma => {
                if let Some(Frame::Call(_, n)) = stack.last_mut() {
                    *n += 1;
                }
            }
            _ => {}
        }
    }
    stack.into_iter().rev().find_map(|f| match f {
        Frame::Call(name, n) => Some((name, n)),
        Frame::Other => None,
    })
}

/// The signature help at `pos`: the signature of the function whose call
/// the cursor is in (its parameters with their types, a variadic one
/// marked `...`), the active parameter counted from the commas before the
/// cursor (the variadic parameter for every argument past the others).
///
/// ```
/// use hcldecode::function::Functions;
/// let schema = hcldecode_lsp::Schema::of::<u16>().functions(Functions::stdlib());
/// let text = "a = join(\",\", [\"x\"], )\n";
/// let h = hcldecode_lsp::analysis::signature_help(&schema, "a.hcl", text, lsp_types::Position::new(0, 21)).unwrap();
/// assert_eq!(h.signatures[0].label, "join(separator string, lists... list(string))");
/// assert_eq!(h.active_parameter, Some(1));
/// ```
pub fn signature_help(
    schema: &Schema,
    name: &str,
    text: &str,
    pos: lsp::Position,
) -> Option<lsp::SignatureHelp> {
    if Syntax::for_path(name) == Syntax::Json {
        return None;
    }
    let at = text::offset(text, pos);
    let (fname, arg) = call_at(text, at)?;
    let f = schema.function(&fname)?;
    let mut label = format!("{fname}(");
    let utf16 = |s: &str| u32::try_from(s.encode_utf16().count()).unwrap_or(u32::MAX);
    let mut params = Vec::new();
    let all = f
        .params()
        .iter()
        .map(|p| (p, ""))
        .chain(f.var_param().map(|p| (p, "...")));
    for (i, (p, dots)) in all.enumerate() {
        if i > 0 {
            label.push_str(", ");
        }
        let start = utf16(&label);
        label.push_str(&format!("{}{dots} {}", p.name, p.ty));
        params.push(lsp::ParameterInformation {
            label: lsp::ParameterLabel::LabelOffsets([start, utf16(&label)]),
            documentation: (!p.description.is_empty())
                .then(|| lsp::Documentation::String(p.description.clone())),
        });
    }
    label.push(')');
    let fixed = f.params().len();
    let active = match f.var_param() {
        Some(_) => arg.min(fixed),
        None => arg,
    };
    let active = u32::try_from(active).ok();
    let description = f.description();
    Some(lsp::SignatureHelp {
        signatures: vec![lsp::SignatureInformation {
            label,
            documentation: (!description.is_empty())
                .then(|| lsp::Documentation::String(description.to_string())),
            parameters: Some(params),
            active_parameter: active,
        }],
        active_signature: Some(0),
        active_parameter: active,
    })
}

/// The semantic token types, in the legend's order (indices into it are
/// the tokens' types).
const TOKEN_TYPES: [lsp::SemanticTokenType; 10] = [
    lsp::SemanticTokenType::TYPE,        // block type
    lsp::SemanticTokenType::ENUM_MEMBER, // block label
    lsp::SemanticTokenType::PROPERTY,    // attribute name, object key, `.attr`
    lsp::SemanticTokenType::STRING,
    lsp::SemanticTokenType::NUMBER,
    lsp::SemanticTokenType::COMMENT,
    lsp::SemanticTokenType::FUNCTION,
    lsp::SemanticTokenType::VARIABLE,
    lsp::SemanticTokenType::OPERATOR,
    lsp::SemanticTokenType::KEYWORD, // true, false, null, for, in, if, ...
];
const T_TYPE: u32 = 0;
const T_LABEL: u32 = 1;
const T_PROPERTY: u32 = 2;
const T_STRING: u32 = 3;
const T_NUMBER: u32 = 4;
const T_COMMENT: u32 = 5;
const T_FUNCTION: u32 = 6;
const T_VARIABLE: u32 = 7;
const T_OPERATOR: u32 = 8;
const T_KEYWORD: u32 = 9;

/// The legend of [`semantic_tokens`], announced in `initialize`: block
/// types are `type`, labels `enumMember`, attribute names `property`, then
/// `string`, `number`, `comment`, `function`, `variable`, `operator` and
/// `keyword`; no modifiers.
///
/// ```
/// let legend = hcldecode_lsp::analysis::semantic_tokens_legend();
/// assert_eq!(legend.token_types[0].as_str(), "type");
/// ```
pub fn semantic_tokens_legend() -> lsp::SemanticTokensLegend {
    lsp::SemanticTokensLegend {
        token_types: TOKEN_TYPES.to_vec(),
        token_modifiers: Vec::new(),
    }
}

/// The names a body declares, for [`semantic_tokens`]: attribute names and
/// block types by their start, labels by their spans.
fn declared_names(body: &ast::Body, names: &mut HashMap<u32, u32>, labels: &mut Vec<Span>) {
    for a in body.attributes.iter() {
        names.insert(a.name.start, T_PROPERTY);
    }
    for b in body.blocks.iter() {
        names.insert(b.type_name.start, T_TYPE);
        labels.extend(b.labels.iter().map(|l| l.span));
        declared_names(&b.body, names, labels);
    }
}

/// The semantic tokens of a native-syntax document (`None` for JSON), in
/// the protocol's relative encoding over [`semantic_tokens_legend`]: from
/// the lexer's tokens, with block types, labels and attribute names from
/// the syntax tree; an identifier before `(` is a function, after `.` or
/// before `=` a property, otherwise a variable (or a keyword). Tokens
/// spanning lines (comments, heredocs) are split at line ends.
///
/// ```
/// let t = hcldecode_lsp::analysis::semantic_tokens("a.hcl", "svc \"api\" {\n  port = 80\n}\n").unwrap();
/// // `svc` (type), `"api"` (label), `port` (property), `=`, `80` (number)
/// let types: Vec<u32> = t.iter().map(|t| t.token_type).collect();
/// assert_eq!(types, [0, 1, 2, 8, 4]);
/// assert_eq!((t[2].delta_line, t[2].delta_start, t[2].length), (1, 2, 4));
/// ```
pub fn semantic_tokens(name: &str, text: &str) -> Option<Vec<lsp::SemanticToken>> {
    let tree = native_tree(name, text)?;
    let mut names = HashMap::new();
    let mut labels = Vec::new();
    declared_names(&tree.body, &mut names, &mut labels);
    labels.sort_by_key(|l| l.start);
    let toks = tokens(text);
    let word = |t: &Token| {
        text.get(t.span.start as usize..t.span.end as usize)
            .unwrap_or("")
    };
    let kind_at = |i: usize| toks.get(i).map(|t| t.kind);
    let mut spans: Vec<(u32, u32, u32)> = Vec::new();
    let mut next_label = 0;
    for (i, t) in toks.iter().enumerate() {
        // A label: one token for the whole of it, quotes included.
        while labels
            .get(next_label)
            .is_some_and(|l| l.end <= t.span.start)
        {
            next_label += 1;
        }
        if let Some(l) = labels.get(next_label)
            && l.start <= t.span.start
            && t.span.end <= l.end
        {
            if t.span.start == l.start {
                spans.push((l.start, l.end, T_LABEL));
            }
            continue;
        }
        use TokenKind as K;
        let ty = match t.kind {
            K::Comment => T_COMMENT,
            K::NumberLit => T_NUMBER,
            K::OQuote | K::CQuote | K::QuotedLit | K::StringLit | K::OHeredoc | K::CHeredoc => {
                T_STRING
            }
            K::Star
            | K::Slash
            | K::Plus
            | K::Minus
            | K::Percent
            | K::Equal
            | K::EqualOp
            | K::NotEqual
            | K::LessThan
            | K::LessThanEq
            | K::GreaterThan
            | K::GreaterThanEq
            | K::And
            | K::Or
            | K::Bang
            | K::Question
            | K::Colon
            | K::FatArrow
            | K::Ellipsis => T_OPERATOR,
            K::Ident => {
                let prev = i.checked_sub(1).and_then(kind_at);
                let next = kind_at(i + 1);
                let w = word(t);
                if let Some(ty) = names.get(&t.span.start) {
                    *ty
                } else if matches!(next, Some(K::OParen | K::DoubleColon)) {
                    T_FUNCTION
                } else if prev == Some(K::Dot) || next == Some(K::Equal) {
                    T_PROPERTY
                } else if matches!(w, "true" | "false" | "null")
                    || prev == Some(K::TemplateControl)
                    || (w == "for" && matches!(prev, Some(K::OBrack | K::OBrace)))
                    || (w == "in" && prev == Some(K::Ident))
                    || (w == "if"
                        && matches!(
                            prev,
                            Some(
                                K::Ident
                                    | K::NumberLit
                                    | K::CQuote
                                    | K::CParen
                                    | K::CBrack
                                    | K::CBrace
                            )
                        ))
                {
                    T_KEYWORD
                } else {
                    T_VARIABLE
                }
            }
            _ => continue,
        };
        spans.push((t.span.start, t.span.end, ty));
    }
    Some(encode_tokens(text, &spans))
}

/// The protocol's relative encoding of `spans` (in order, not
/// overlapping), each split at line ends, lengths in UTF-16 units.
fn encode_tokens(text: &str, spans: &[(u32, u32, u32)]) -> Vec<lsp::SemanticToken> {
    let mut out = Vec::with_capacity(spans.len());
    let (mut line, mut line_start) = (0u32, 0usize);
    let (mut last_line, mut last_col) = (0u32, 0u32);
    let units = |s: &str| -> u32 {
        u32::try_from(s.chars().map(char::len_utf16).sum::<usize>()).unwrap_or(u32::MAX)
    };
    for &(start, end, ty) in spans {
        let (mut start, end) = (start as usize, (end as usize).min(text.len()));
        while start < end {
            // Move the line to the one holding `start`.
            while let Some(nl) = text.get(line_start..start).and_then(|s| s.find('\n')) {
                line_start += nl + 1;
                line += 1;
            }
            let piece_end = text
                .get(start..end)
                .and_then(|s| s.find('\n'))
                .map_or(end, |i| start + i);
            let piece = text.get(start..piece_end).unwrap_or("");
            let piece = piece.strip_suffix('\r').unwrap_or(piece);
            if !piece.is_empty() {
                let col = units(text.get(line_start..start).unwrap_or(""));
                let delta_line = line.saturating_sub(last_line);
                out.push(lsp::SemanticToken {
                    delta_line,
                    delta_start: if delta_line == 0 {
                        col.saturating_sub(last_col)
                    } else {
                        col
                    },
                    length: units(piece),
                    token_type: ty,
                    token_modifiers_bitset: 0,
                });
                (last_line, last_col) = (line, col);
            }
            start = piece_end + 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use hcldecode::spec_file::LoadedSpec;

    const SPEC: &str = "object {\n  attr \"name\" {\n    type = string\n  }\n  block_map \"svc\" {\n    labels = [\"n\"]\n    object {\n      attr \"port\" {\n        type = number\n      }\n    }\n  }\n}\n";

    /// Every prefix of a document, and every position in it: no panic,
    /// ranges inside the text.
    #[test]
    fn every_prefix_every_position() {
        let (loaded, _) = LoadedSpec::load_file(SPEC, "s.hcldec").unwrap();
        let schema =
            Schema::from_spec_file(loaded).functions(hcldecode::function::Functions::stdlib());
        let doc = "name = upper(\"é😀\")\nsvc \"a\" {\n  port = [1, {x = \"ü\"}]\n}\n# ☕\n";
        for name in ["d.hcl", "d.json"] {
            for (end, _) in doc.char_indices() {
                let text = &doc[..end];
                let lines = text.split('\n').count() as u32;
                for d in diagnostics(&schema, name, text) {
                    assert!(
                        d.range.start.line < lines && d.range.end.line < lines,
                        "{text:?}: {d:?}"
                    );
                }
                formatting(name, text);
                symbols(name, text);
                for line in 0..=lines {
                    for character in [0, 1, 3, 7, 12, 40] {
                        let p = lsp::Position::new(line, character);
                        completion(&schema, name, text, p);
                        hover(&schema, name, text, p);
                        signature_help(&schema, name, text, p);
                        semantic_tokens(name, text);
                    }
                }
            }
        }
    }

    #[test]
    fn hover_on_a_spec_file_function() {
        let spec = "function \"twice\" {\n  params = [n]\n  result = n * 2\n}\nattr {\n  name = \"a\"\n  type = number\n}\n";
        let (loaded, _) = LoadedSpec::load_file(spec, "s.hcldec").unwrap();
        let schema = Schema::from_spec_file(loaded);
        assert_eq!(schema.function_names(), ["twice"]);
        let text = "a = twice(21)\n";
        assert!(diagnostics(&schema, "d.hcl", text).is_empty());
        let h = hover(&schema, "d.hcl", text, lsp::Position::new(0, 5)).unwrap();
        let lsp::HoverContents::Markup(m) = h.contents else {
            panic!()
        };
        assert!(m.value.starts_with("```\ntwice(n "), "{}", m.value);
    }
}
