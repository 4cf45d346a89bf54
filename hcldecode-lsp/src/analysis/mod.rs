//! What the server computes from a document's text: diagnostics, the
//! formatted text, the outline, completions, hovers, signature help, quick
//! fixes and semantic tokens. Pure functions of
//! the document (its text and line index, [`Document`]) and the
//! [`Schema`], tested without a connection.

use hcldecode::parse::{self, Syntax};
use hcldecode::{Diagnostics, Severity};
use hcldecode_spec::diag::Code;
use hcldecode_spec::source::Span;
use hcldecode_spec::syntax::native::ast;
use lsp_types as lsp;

use crate::schema::Schema;
use crate::text::Document;

mod body_spec;
mod complete;
mod describe;
mod folding;
mod hover;
mod inlay;
mod items;
mod json;
mod json_template;
mod links;
mod outline;
mod references;
mod selection;
mod signature;
mod symbol;
mod syntax;
mod tokens;
mod traversal;
mod workspace_symbols;

use syntax::{native_tree, parsed_body};

pub use complete::{completion, completion_with};
pub use folding::folding_ranges;
pub use hover::{hover, hover_with};
pub use inlay::inlay_hints;
pub use links::document_links;
pub use outline::symbols;
pub use references::{definition, highlight, prepare_rename, references, rename, unused};
pub use selection::selection_ranges;
pub use signature::signature_help;
pub use tokens::{semantic_tokens, semantic_tokens_legend};
pub use workspace_symbols::{MAX_WORKSPACE_SYMBOLS, workspace_symbols};

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
/// let d = hcldecode_lsp::analysis::diagnostics(&schema, "a.hcl", &"# ☕\nport = \"x\"\n".into());
/// assert_eq!(d[0].message.lines().next(), Some("Incorrect attribute value type"));
/// assert_eq!((d[0].range.start.line, d[0].range.start.character), (1, 7));
/// ```
pub fn diagnostics(schema: &Schema, name: &str, text: &Document) -> Vec<lsp::Diagnostic> {
    let (body, mut diags) = parsed_body(name, text);
    if !diags.has_errors() {
        diags.extend(schema.decode(&body));
    }
    to_lsp(&diags, name, text)
}

/// [`diagnostics`] of a document decoded with the other files of its
/// configuration (`siblings`: name and text each), as one body: the
/// diagnostics about this document (a sibling that does not parse is left
/// out; its own diagnostics are its document's).
///
/// ```
/// use hcldecode::namespaces::{Locals, Variable};
/// #[derive(hcldecode::HclDecode)]
/// struct C {
///     #[hcl(block, variables = "var")]
///     variable: Vec<Variable>,
///     name: Option<String>,
/// }
/// let schema = hcldecode_lsp::Schema::of::<C>();
/// let main = "name = var.n\n".into();
/// assert_eq!(hcldecode_lsp::analysis::diagnostics(&schema, "main.hcl", &main).len(), 1);
/// let vars = [("vars.hcl".to_string(), "variable \"n\" {\n  default = \"x\"\n}\n".to_string())];
/// assert!(hcldecode_lsp::analysis::diagnostics_with(&schema, "main.hcl", &main, &vars).is_empty());
/// ```
pub fn diagnostics_with(
    schema: &Schema,
    name: &str,
    text: &Document,
    siblings: &[(String, String)],
) -> Vec<lsp::Diagnostic> {
    let (body, mut diags) = parsed_body(name, text);
    if diags.has_errors() {
        return to_lsp(&diags, name, text);
    }
    let mut bodies = vec![body];
    for (n, t) in siblings {
        let (f, d) = parse::parse(t.as_bytes(), n, Syntax::for_path(n));
        if !d.has_errors() {
            bodies.push(f.body);
        }
    }
    let body = if bodies.len() == 1 {
        bodies.remove(0)
    } else {
        hcldecode::Body::merged(bodies)
    };
    let mut decoded = schema.decode(&body);
    decoded.retain(|d| d.subject.as_ref().is_none_or(|r| &*r.filename == name));
    diags.extend(decoded);
    to_lsp(&diags, name, text)
}

/// The protocol's form of `diags` of document `name`: ranges converted
/// from byte offsets (UTF-16 columns), a diagnostic about another file (a
/// spec file's expression) placed at the start of the document.
pub fn to_lsp(diags: &Diagnostics, name: &str, text: &Document) -> Vec<lsp::Diagnostic> {
    // The tree, for the items the quick fixes remove, parsed only when a
    // diagnostic has one.
    let removable = |d: &hcldecode::Diagnostic| {
        matches!(
            d.code,
            Some(
                Code::UnsupportedArgument
                    | Code::UnsupportedBlockType
                    | Code::MissingRequiredArgument
            )
        )
    };
    let tree = diags
        .iter()
        .any(removable)
        .then(|| native_tree(name, text))
        .flatten();
    diags
        .iter()
        .take(MAX_DIAGNOSTICS)
        .map(|d| {
            let range = match &d.subject {
                Some(r) if &*r.filename == name => text.range(r.start.byte, r.end.byte),
                _ => lsp::Range::default(),
            };
            // The library's wording, not the reference's (which `hcldec`
            // keeps).
            let mut d = d.clone();
            hcldecode::diag::wording::improve(&mut d);
            let d = &d;
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
                data: fix_data(d, tree.as_ref(), name, text),
                ..lsp::Diagnostic::default()
            }
        })
        .collect()
}

/// What the quick fixes of `d` need, published with it (the client sends it
/// back with a code action request): `replacement`, the name that should
/// stand at the range instead; `remove`, the range of the unsupported
/// argument's or block's lines; `add`, the argument a body lacks and the
/// edit that adds it.
fn fix_data(
    d: &hcldecode::Diagnostic,
    tree: Option<&ast::File>,
    name: &str,
    text: &Document,
) -> Option<serde_json::Value> {
    let subject = d.subject.as_ref().filter(|r| &*r.filename == name)?;
    let mut data = serde_json::Map::new();
    match d.code? {
        Code::MissingRequiredArgument => {
            let arg = d.suggestion.as_ref()?;
            // The subject is where the body starts (its `{`, or the file's
            // start): the argument goes before the body's end.
            let end = tree.and_then(|t| body_end(&t.body, subject.start.byte));
            let (at, line) = added_line(text, end, arg);
            data.insert(
                "add".into(),
                serde_json::json!({ "name": arg, "at": text.position(at), "text": line }),
            );
        }
        Code::UnsupportedArgument | Code::UnsupportedBlockType => {
            if let Some(r) = &d.suggestion {
                data.insert("replacement".into(), r.clone().into());
            }
            if let Some(span) = tree.and_then(|t| item_at(&t.body, subject.start.byte)) {
                let (s, e) = owned_lines(text, span);
                data.insert(
                    "remove".into(),
                    serde_json::to_value(text.range(s, e)).ok()?,
                );
            }
        }
        Code::UnknownVariable | Code::UnknownFunction | Code::UndeclaredReference => {
            data.insert("replacement".into(), d.suggestion.clone()?.into());
        }
        _ => return None,
    }
    (!data.is_empty()).then_some(serde_json::Value::Object(data))
}

/// The attribute or block whose name starts at byte `at`, at any depth.
fn item_at(body: &ast::Body, at: usize) -> Option<Span> {
    for a in body.attributes.iter() {
        if a.name.start as usize == at {
            return Some(a.span());
        }
    }
    for b in body.blocks.iter() {
        if b.type_name.start as usize == at {
            return Some(b.span());
        }
        if b.span().start as usize <= at
            && at < b.span().end as usize
            && let Some(s) = item_at(&b.body, at)
        {
            return Some(s);
        }
    }
    None
}

/// Where the block body starting at byte `start` (its `{`) ends: its
/// closing brace, at any depth.
fn body_end(body: &ast::Body, start: usize) -> Option<usize> {
    body.blocks.iter().find_map(|b| {
        if b.body.span.start as usize == start {
            return Some(b.close_brace.start as usize);
        }
        let s = b.span();
        ((s.start as usize) < start && start < s.end as usize)
            .then(|| body_end(&b.body, start))
            .flatten()
    })
}

/// The bytes to remove with the item at `span`: its whole lines (and their
/// line break) when it has them to itself, else just the item.
fn owned_lines(text: &str, span: Span) -> (usize, usize) {
    let (s, e) = (span.start as usize, span.end as usize);
    let line_start = text[..s].rfind('\n').map_or(0, |i| i + 1);
    let rest = &text[e..];
    let line_end = rest.find('\n').map_or(text.len(), |i| e + i + 1);
    let alone = text[line_start..s].trim().is_empty() && text[e..line_end].trim().is_empty();
    if alone {
        (line_start, line_end)
    } else {
        (s, e)
    }
}

/// Where argument `arg` is added to a block body whose closing brace is at
/// byte `end` (the file's own body when `None`: at its end), and the line
/// that adds it, indented one level inside the body.
fn added_line(text: &str, end: Option<usize>, arg: &str) -> (usize, String) {
    let Some(end) = end.map(|e| e.min(text.len())) else {
        let sep = if text.is_empty() || text.ends_with('\n') {
            ""
        } else {
            "\n"
        };
        return (text.len(), format!("{sep}{arg} = \n"));
    };
    let line_start = text[..end].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[line_start..end];
    if before.trim().is_empty() {
        // The closing brace on a line of its own: a line above it.
        return (line_start, format!("{before}  {arg} = \n"));
    }
    (end, format!("\n  {arg} = \n"))
}

/// The quick fixes for diagnostics of document `uri` (as the client sends
/// them back in a code action request), from the `data` they were
/// published with: "Change to" a suggested name, "Remove the unsupported"
/// argument or block (its lines), "Add the required argument" (a line
/// before the body's closing brace, or at the end of the file).
///
/// ```
/// use hcldecode::spec_file::LoadedSpec;
/// let (loaded, _) = LoadedSpec::load_file("object {\n attr \"port\" { type = number }\n}\n", "s.hcldec").unwrap();
/// let schema = hcldecode_lsp::Schema::from_spec_file(loaded);
/// let d = hcldecode_lsp::analysis::diagnostics(&schema, "a.hcl", &"prot = 1\n".into());
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
    let action = |title: String, d: &lsp::Diagnostic, edit: lsp::TextEdit, preferred: bool| {
        // `changes` is keyed by `Uri`, the protocol's own type (its cached
        // parts do not change its hash).
        #[allow(clippy::mutable_key_type)]
        let changes = std::iter::once((uri.clone(), vec![edit])).collect();
        lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
            title,
            kind: Some(lsp::CodeActionKind::QUICKFIX),
            diagnostics: Some(vec![d.clone()]),
            edit: Some(lsp::WorkspaceEdit {
                changes: Some(changes),
                ..lsp::WorkspaceEdit::default()
            }),
            is_preferred: Some(preferred),
            ..lsp::CodeAction::default()
        })
    };
    for d in diagnostics {
        let Some(data) = d.data.as_ref() else {
            continue;
        };
        if let Some(name) = data.get("replacement").and_then(|v| v.as_str()) {
            let edit = lsp::TextEdit {
                range: d.range,
                new_text: name.to_string(),
            };
            out.push(action(format!("Change to {name:?}"), d, edit, true));
        }
        if let Some(range) = data
            .get("remove")
            .and_then(|v| serde_json::from_value::<lsp::Range>(v.clone()).ok())
        {
            let edit = lsp::TextEdit {
                range,
                new_text: String::new(),
            };
            let what = match &d.code {
                Some(lsp::NumberOrString::String(c))
                    if c == Code::UnsupportedBlockType.as_str() =>
                {
                    "block"
                }
                _ => "argument",
            };
            out.push(action(
                format!("Remove the unsupported {what}"),
                d,
                edit,
                false,
            ));
        }
        if let Some(add) = data.get("add")
            && let (Some(name), Some(at), Some(line)) = (
                add.get("name").and_then(|v| v.as_str()),
                add.get("at")
                    .and_then(|v| serde_json::from_value::<lsp::Position>(v.clone()).ok()),
                add.get("text").and_then(|v| v.as_str()),
            )
        {
            let edit = lsp::TextEdit {
                range: lsp::Range::new(at, at),
                new_text: line.to_string(),
            };
            out.push(action(
                format!("Add the required argument {name:?}"),
                d,
                edit,
                true,
            ));
        }
    }
    out
}

/// The edits that format a native-syntax document as `hclfmt` does: none
/// when it is formatted already, else one replacing the whole text. `None`
/// for JSON documents.
///
/// ```
/// use hcldecode_lsp::analysis::formatting;
/// assert_eq!(formatting("a.hcl", &"a=1\n".into()).unwrap()[0].new_text, "a = 1\n");
/// assert!(formatting("a.hcl", &"a = 1\n".into()).unwrap().is_empty());
/// assert!(formatting("a.hcl.json", &"{}".into()).is_none());
/// ```
pub fn formatting(name: &str, text: &Document) -> Option<Vec<lsp::TextEdit>> {
    if Syntax::for_path(name) == Syntax::Json {
        return None;
    }
    let formatted = hcldecode::format::format(text.as_bytes());
    if formatted == text.as_bytes() {
        return Some(Vec::new());
    }
    let formatted = String::from_utf8(formatted).ok()?;
    Some(vec![lsp::TextEdit {
        range: text.range(0, text.len()),
        new_text: formatted,
    }])
}

#[cfg(test)]
mod tests {
    use super::syntax::in_expression;
    use super::*;
    use hcldecode::Value;
    use hcldecode::spec_file::LoadedSpec;

    /// Expressions are told from comments and strings by the lexer's
    /// tokens, not by an `=` anywhere on the line.
    #[test]
    fn in_expression_reads_tokens() {
        let cases = [
            ("port = 8", "8", true),
            ("# port = 8", "8", false),
            ("name = \"x\"\n/* a = b */ svc", "b", false),
            ("tag \"a=b\" {\n}", "b\"", false),
        ];
        for (text, marker, want) in cases {
            let tree = native_tree("a.hcl", &Document::new(text)).unwrap();
            let at = text.find(marker).unwrap();
            assert_eq!(in_expression(&tree.body, text, at), want, "{text:?}");
        }
    }

    const SPEC: &str = "object {\n  attr \"name\" {\n    type = string\n  }\n  block_map \"svc\" {\n    labels = [\"n\"]\n    object {\n      attr \"port\" {\n        type = number\n      }\n    }\n  }\n}\n";

    /// Every prefix of a document, and every position in it: no panic,
    /// ranges inside the text.
    #[test]
    fn every_prefix_every_position() {
        let (loaded, _) = LoadedSpec::load_file(SPEC, "s.hcldec").unwrap();
        let schema =
            Schema::from_spec_file(loaded).functions(hcldecode::function::Functions::stdlib());
        let net = Value::object([("cidr", Value::string("10.0.0.0/8")), ("é", Value::int(1))]);
        let schema = schema.variable("net", net);
        let doc = "name = upper(\"é😀\")\nsvc \"a\" {\n  port = [1, {x = net.cidr}]\n}\n# ☕\n";
        let json = "{\"name\": \"é😀\", \"svc\": {\"a\": [{\"port\": 1}]}, \"x\": [1]}";
        for (name, doc) in [("d.hcl", doc), ("d.json", doc), ("d.hcl.json", json)] {
            for (end, _) in doc.char_indices() {
                let text = &Document::new(&doc[..end]);
                let lines = text.split('\n').count() as u32;
                for d in diagnostics(&schema, name, text) {
                    assert!(
                        d.range.start.line < lines && d.range.end.line < lines,
                        "{text:?}: {d:?}"
                    );
                }
                formatting(name, text);
                symbols(&schema, name, text);
                for line in 0..=lines {
                    for character in [0, 1, 3, 7, 12, 40] {
                        let p = lsp::Position::new(line, character);
                        completion(&schema, name, text, p, true);
                        hover(&schema, name, text, p);
                        signature_help(&schema, name, text, p);
                        semantic_tokens(name, text);
                    }
                }
            }
        }
    }

    /// A typed enum's tag label is a choice of its variants in a block's
    /// snippet; inside a block, the chosen variant's attributes complete.
    #[test]
    fn tagged_enum_blocks_complete_their_variants() {
        #[derive(hcldecode::HclDecode)]
        #[allow(dead_code)]
        struct Run {
            /// The command to run.
            command: String,
        }
        #[derive(hcldecode::HclDecode)]
        #[allow(dead_code)]
        struct Cache {
            paths: Option<Vec<String>>,
        }
        /// A step of the pipeline.
        #[derive(hcldecode::HclDecode)]
        #[allow(dead_code)]
        enum Step {
            Run(Run),
            Cache(Cache),
        }
        #[derive(hcldecode::HclDecode)]
        #[allow(dead_code)]
        struct Pipeline {
            #[hcl(block, tag = "label")]
            step: Vec<Step>,
        }
        let schema = Schema::of::<Pipeline>();
        let items = completion(
            &schema,
            "ci.hcl",
            &"\n".into(),
            lsp::Position::new(0, 0),
            true,
        );
        assert_eq!(items.len(), 1, "{items:?}");
        assert_eq!(items[0].label, "step");
        assert_eq!(
            items[0].insert_text.as_deref(),
            Some("step \"${1|run,cache|}\" {\n\t${2}\n}")
        );
        assert!(
            matches!(&items[0].documentation, Some(lsp::Documentation::MarkupContent(m)) if m.value == "A step of the pipeline."),
            "{items:?}"
        );
        let text = Document::new("step \"run\" {\n\n}\n");
        let items = completion(&schema, "ci.hcl", &text, lsp::Position::new(1, 0), false);
        let labels: Vec<&str> = items.iter().map(|i| i.label.as_str()).collect();
        assert_eq!(labels, ["command"]);
        let h = hover(
            &schema,
            "ci.hcl",
            &"step \"run\" {\n  command = \"make\"\n}\n".into(),
            lsp::Position::new(1, 3),
        )
        .unwrap();
        let lsp::HoverContents::Markup(m) = h.contents else {
            panic!()
        };
        assert_eq!(
            m.value,
            "**command**: `string, required`\n\nThe command to run."
        );
    }

    #[test]
    fn hover_on_a_spec_file_function() {
        let spec = "function \"twice\" {\n  params = [n]\n  result = n * 2\n}\nattr {\n  name = \"a\"\n  type = number\n}\n";
        let (loaded, _) = LoadedSpec::load_file(spec, "s.hcldec").unwrap();
        let schema = Schema::from_spec_file(loaded);
        assert_eq!(schema.function_names(), ["twice"]);
        let text = &Document::new("a = twice(21)\n");
        assert!(diagnostics(&schema, "d.hcl", text).is_empty());
        let h = hover(&schema, "d.hcl", text, lsp::Position::new(0, 5)).unwrap();
        let lsp::HoverContents::Markup(m) = h.contents else {
            panic!()
        };
        assert!(m.value.starts_with("```\ntwice(n "), "{}", m.value);
    }
}
