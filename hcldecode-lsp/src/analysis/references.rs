//! The configuration's own references (issue 38): `var.NAME` and
//! `local.NAME` (or whatever names the schema's namespaces declare) tied
//! to their declarations in the document: go to definition, find
//! references, document highlight, rename.
//!
//! Native documents only; one document at a time (a declaration in
//! another file of the configuration is not found yet).

use std::collections::HashMap;

use hcldecode::declare::inspect;
use hcldecode::eval::traversal::{TraversalStep, expr_variables};
use hcldecode::{Body, Range};
use hcldecode_spec::syntax::expr::{ExprRef, NativeExprRef};
use hcldecode_spec::syntax::native::{self, ast};
use lsp_types as lsp;

use crate::Schema;
use crate::text::Document;

/// A declared name, where it is declared and where it is used.
#[derive(Debug)]
struct Symbol {
    /// The declaration's name: a variable's label (quotes included), a
    /// local's name.
    decl: Range,
    /// Whether `decl` is a quoted label.
    quoted: bool,
    /// Each use: the whole traversal and the step naming the symbol.
    uses: Vec<(Range, Step)>,
}

/// The step of a traversal that names the symbol.
#[derive(Debug, Clone)]
enum Step {
    /// `.name`: the name, without the dot.
    Attr(Range),
    /// `["name"]`: the whole step.
    Index(Range),
}

impl Step {
    fn range(&self) -> &Range {
        match self {
            Step::Attr(r) | Step::Index(r) => r,
        }
    }
}

/// The document's declared names, by namespace and name.
fn symbols(
    schema: &Schema,
    uri: &str,
    text: &Document,
) -> Option<HashMap<(String, String), Symbol>> {
    if schema.namespaces().is_empty() || uri.ends_with(".json") {
        return None;
    }
    let (source, _) = native::source_from_bytes(uri, text.as_bytes().to_vec());
    let (file, _) = native::parse_config(source);
    let body = Body::native(file.source.clone(), file.body.clone());
    let declared = inspect(&body, schema.namespaces());
    let mut out: HashMap<(String, String), Symbol> = HashMap::new();
    for v in &declared.variables {
        out.insert(
            (v.namespace.clone(), v.name.clone()),
            Symbol {
                decl: v.name_range.clone(),
                quoted: true,
                uses: Vec::new(),
            },
        );
    }
    for l in &declared.locals {
        out.insert(
            (l.namespace.clone(), l.name.clone()),
            Symbol {
                decl: l.range.clone(),
                quoted: false,
                uses: Vec::new(),
            },
        );
    }
    let mut uses = Vec::new();
    walk(&file.source, &file.body, &mut uses);
    for t in uses {
        let Some(TraversalStep::Root { name: ns, .. }) = t.steps.first() else {
            continue;
        };
        let (name, step) = match t.steps.get(1) {
            Some(TraversalStep::Attr { name, range }) => {
                let mut r = range.clone();
                // The step's range starts at its dot.
                r.start.byte += 1;
                r.start.column += 1;
                (name.clone(), Step::Attr(r))
            }
            Some(TraversalStep::Index { key, range }) => match key.as_str() {
                Some(k) => (k.to_string(), Step::Index(range.clone())),
                None => continue,
            },
            _ => continue,
        };
        if let Some(s) = out.get_mut(&(ns.clone(), name)) {
            s.uses.push((t.range(), step));
        }
    }
    Some(out)
}

/// Every traversal of the body's attributes, nested blocks included.
fn walk(
    file: &std::sync::Arc<hcldecode::SourceFile>,
    body: &std::sync::Arc<ast::Body>,
    out: &mut Vec<hcldecode::eval::traversal::Traversal>,
) {
    for i in 0..body.attributes.len() {
        if let Some(expr) = NativeExprRef::attribute(body, i) {
            out.extend(expr_variables(ExprRef::Native { file, expr }));
        }
    }
    for b in body.blocks.iter() {
        walk(file, &b.body, out);
    }
}

fn contains(r: &Range, byte: usize) -> bool {
    r.start.byte <= byte && byte <= r.end.byte
}

/// The symbol at `pos`: its key, and whether the cursor is on its
/// declaration.
fn at(
    symbols: &HashMap<(String, String), Symbol>,
    text: &Document,
    pos: lsp::Position,
) -> Option<(String, String)> {
    let byte = text.offset(pos);
    let mut keys: Vec<&(String, String)> = symbols.keys().collect();
    keys.sort();
    keys.into_iter()
        .find(|k| {
            let s = &symbols[*k];
            contains(&s.decl, byte) || s.uses.iter().any(|(whole, _)| contains(whole, byte))
        })
        .cloned()
}

fn location(uri: &lsp::Uri, text: &Document, r: &Range) -> lsp::Location {
    lsp::Location {
        uri: uri.clone(),
        range: text.range(r.start.byte, r.end.byte),
    }
}

/// Go to definition: from a use of a declared name (or the declaration
/// itself) to its declaration.
///
/// ```
/// use hcldecode::namespaces::Locals;
/// #[derive(hcldecode::HclDecode)]
/// struct C { #[hcl(block, locals = "local")] locals: Vec<Locals>, name: String }
/// let schema = hcldecode_lsp::Schema::of::<C>();
/// let text = "locals {\n  n = \"x\"\n}\nname = local.n\n".into();
/// let uri: lsp_types::Uri = "file:///a.hcl".parse().unwrap();
/// let loc = hcldecode_lsp::analysis::definition(&schema, &uri, &text, lsp_types::Position::new(3, 13)).unwrap();
/// assert_eq!((loc.range.start.line, loc.range.start.character), (1, 2));
/// ```
pub fn definition(
    schema: &Schema,
    uri: &lsp::Uri,
    text: &Document,
    pos: lsp::Position,
) -> Option<lsp::Location> {
    let symbols = symbols(schema, uri.as_str(), text)?;
    let key = at(&symbols, text, pos)?;
    Some(location(uri, text, &symbols[&key].decl))
}

/// Find references: every use of the declared name at `pos` (with its
/// declaration when `declaration`), in source order.
pub fn references(
    schema: &Schema,
    uri: &lsp::Uri,
    text: &Document,
    pos: lsp::Position,
    declaration: bool,
) -> Vec<lsp::Location> {
    let Some(symbols) = symbols(schema, uri.as_str(), text) else {
        return Vec::new();
    };
    let Some(key) = at(&symbols, text, pos) else {
        return Vec::new();
    };
    let s = &symbols[&key];
    let mut ranges: Vec<&Range> = s.uses.iter().map(|(whole, _)| whole).collect();
    if declaration {
        ranges.push(&s.decl);
    }
    ranges.sort_by_key(|r| r.start.byte);
    ranges.into_iter().map(|r| location(uri, text, r)).collect()
}

/// Document highlight: the declaration (as written, `Write`) and the uses
/// (`Read`) of the declared name at `pos`.
pub fn highlight(
    schema: &Schema,
    uri: &lsp::Uri,
    text: &Document,
    pos: lsp::Position,
) -> Vec<lsp::DocumentHighlight> {
    let Some(symbols) = symbols(schema, uri.as_str(), text) else {
        return Vec::new();
    };
    let Some(key) = at(&symbols, text, pos) else {
        return Vec::new();
    };
    let s = &symbols[&key];
    let mut out = vec![lsp::DocumentHighlight {
        range: text.range(s.decl.start.byte, s.decl.end.byte),
        kind: Some(lsp::DocumentHighlightKind::WRITE),
    }];
    out.extend(s.uses.iter().map(|(whole, _)| lsp::DocumentHighlight {
        range: text.range(whole.start.byte, whole.end.byte),
        kind: Some(lsp::DocumentHighlightKind::READ),
    }));
    out.sort_by_key(|h| (h.range.start.line, h.range.start.character));
    out
}

/// Prepare rename: the name at `pos` (a declaration's, or a use's step),
/// when it is a declared name.
pub fn prepare_rename(
    schema: &Schema,
    uri: &lsp::Uri,
    text: &Document,
    pos: lsp::Position,
) -> Option<lsp::PrepareRenameResponse> {
    let symbols = symbols(schema, uri.as_str(), text)?;
    let key = at(&symbols, text, pos)?;
    let s = &symbols[&key];
    let byte = text.offset(pos);
    let r = if contains(&s.decl, byte) {
        let mut r = s.decl.clone();
        if s.quoted && r.end.byte >= r.start.byte + 2 {
            r.start.byte += 1;
            r.end.byte -= 1;
        }
        r
    } else {
        s.uses
            .iter()
            .find(|(whole, _)| contains(whole, byte))
            .map(|(_, step)| step.range().clone())?
    };
    Some(lsp::PrepareRenameResponse::RangeWithPlaceholder {
        range: text.range(r.start.byte, r.end.byte),
        placeholder: key.1,
    })
}

/// Rename: the declaration and every use of the name at `pos` become
/// `new_name` (which must be an identifier); `None` where there is no
/// declared name or the new one is not an identifier.
pub fn rename(
    schema: &Schema,
    uri: &lsp::Uri,
    text: &Document,
    pos: lsp::Position,
    new_name: &str,
) -> Option<lsp::WorkspaceEdit> {
    if !hcldecode_spec::syntax::is_identifier(new_name) {
        return None;
    }
    let symbols = symbols(schema, uri.as_str(), text)?;
    let key = at(&symbols, text, pos)?;
    let s = &symbols[&key];
    let edit = |r: &Range, new_text: String| lsp::TextEdit {
        range: text.range(r.start.byte, r.end.byte),
        new_text,
    };
    let decl = if s.quoted {
        format!("{new_name:?}")
    } else {
        new_name.to_string()
    };
    let mut edits = vec![edit(&s.decl, decl)];
    for (_, step) in &s.uses {
        edits.push(match step {
            Step::Attr(r) => edit(r, new_name.to_string()),
            Step::Index(r) => edit(r, format!("[{new_name:?}]")),
        });
    }
    edits.sort_by_key(|e| (e.range.start.line, e.range.start.character));
    Some(lsp::WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits)])),
        ..Default::default()
    })
}

/// The names namespace `ns` declares in the document, for completion after
/// `var.`: each with a detail (a variable's type, "local value") and
/// documentation (description, default or value expression) in markdown.
pub(super) fn declared_names(
    schema: &Schema,
    uri: &str,
    text: &Document,
    ns: &str,
) -> Option<Vec<(String, String, String)>> {
    let d = declarations(schema, uri, text, ns)?;
    let mut out: Vec<(String, String, String)> = d
        .variables
        .iter()
        .filter(|v| v.namespace == ns)
        .map(|v| (v.name.clone(), variable_detail(v), variable_doc(v)))
        .collect();
    out.extend(d.locals.iter().filter(|l| l.namespace == ns).map(|l| {
        (
            l.name.clone(),
            "local value".to_string(),
            local_doc(l, text),
        )
    }));
    Some(out)
}

/// The hover of `ns.name` when `ns` is a namespace the schema declares
/// and the document declares `name` in it.
pub(super) fn declaration_hover(
    schema: &Schema,
    uri: &str,
    text: &Document,
    ns: &str,
    name: &str,
) -> Option<String> {
    let d = declarations(schema, uri, text, ns)?;
    if let Some(v) = d
        .variables
        .iter()
        .find(|v| v.namespace == ns && v.name == name)
    {
        return Some(format!(
            "**{ns}.{name}**: `{}`\n\n{}",
            variable_detail(v),
            variable_doc(v)
        ));
    }
    let l = d
        .locals
        .iter()
        .find(|l| l.namespace == ns && l.name == name)?;
    Some(format!(
        "**{ns}.{name}**: local value\n\n{}",
        local_doc(l, text)
    ))
}

/// What the document declares, when `ns` is one of the schema's
/// namespaces.
fn declarations(
    schema: &Schema,
    uri: &str,
    text: &Document,
    ns: &str,
) -> Option<hcldecode::declare::Declarations> {
    if uri.ends_with(".json") || !schema.namespaces().iter().any(|n| n.name == ns) {
        return None;
    }
    let (source, _) = native::source_from_bytes(uri, text.as_bytes().to_vec());
    let (file, _) = native::parse_config(source);
    Some(inspect(
        &Body::native(file.source.clone(), file.body.clone()),
        schema.namespaces(),
    ))
}

fn variable_detail(v: &hcldecode::declare::DeclaredVariable) -> String {
    v.type_expr.clone().unwrap_or_else(|| "any".to_string())
}

fn variable_doc(v: &hcldecode::declare::DeclaredVariable) -> String {
    let mut parts = Vec::new();
    if let Some(d) = &v.description {
        parts.push(d.clone());
    }
    match (&v.default, v.sensitive) {
        (_, true) => parts.push("Sensitive.".to_string()),
        (Some(d), false) => parts.push(format!("Default: `{d}`")),
        (None, false) => parts.push("Required: no default.".to_string()),
    }
    parts.push(format!("Declared at line {}.", v.range.start.line));
    parts.join("\n\n")
}

fn local_doc(l: &hcldecode::declare::DeclaredLocal, text: &Document) -> String {
    let expr = text
        .get(l.expr_range.start.byte..l.expr_range.end.byte)
        .unwrap_or_default();
    format!(
        "```hcl\n{} = {expr}\n```\n\nDeclared at line {}.",
        l.name, l.range.start.line
    )
}
