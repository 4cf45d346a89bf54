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
use hcldecode::parse::{self, Syntax};
use hcldecode::{Body, Range};
use hcldecode_spec::syntax::expr::{ExprRef, NativeExprRef};
use hcldecode_spec::syntax::native::ast;
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

/// The files analysed together: the document first, then the other files
/// of its configuration, each with its text and line index.
pub(super) struct Files<'a> {
    pub(super) docs: Vec<(&'a str, std::borrow::Cow<'a, Document>)>,
}

impl<'a> Files<'a> {
    /// `uri`'s `text` and its configuration's other files.
    pub(super) fn new(
        uri: &'a str,
        text: &'a Document,
        siblings: &'a [(String, String)],
    ) -> Files<'a> {
        let mut docs = vec![(uri, std::borrow::Cow::Borrowed(text))];
        docs.extend(siblings.iter().map(|(u, t)| {
            (
                u.as_str(),
                std::borrow::Cow::Owned(Document::new(t.as_str())),
            )
        }));
        Files { docs }
    }

    fn doc(&self, name: &str) -> Option<&Document> {
        self.docs
            .iter()
            .find(|(u, _)| *u == name)
            .map(|(_, d)| &**d)
    }

    /// The protocol's range of `r` in its file.
    fn range(&self, r: &Range) -> Option<lsp::Range> {
        Some(self.doc(&r.filename)?.range(r.start.byte, r.end.byte))
    }

    /// The protocol's location of `r`.
    fn location(&self, r: &Range) -> Option<lsp::Location> {
        Some(lsp::Location {
            uri: r.filename.parse().ok()?,
            range: self.range(r)?,
        })
    }
}

/// The configuration's declared names, by namespace and name (a name
/// declared in several files: its first declaration, the document's own
/// first).
fn symbols(schema: &Schema, files: &Files<'_>) -> Option<HashMap<(String, String), Symbol>> {
    let (uri, _) = files.docs.first()?;
    if schema.namespaces().is_empty() || uri.ends_with(".json") {
        return None;
    }
    let parsed: Vec<ast::File> = files
        .docs
        .iter()
        .filter_map(|(u, d)| super::syntax::native_tree(u, d))
        .collect();
    let mut out: HashMap<(String, String), Symbol> = HashMap::new();
    for file in &parsed {
        let body = Body::native(file.source.clone(), file.body.clone());
        let declared = inspect(&body, schema.namespaces());
        for v in &declared.variables {
            out.entry((v.namespace.clone(), v.name.clone()))
                .or_insert_with(|| Symbol {
                    decl: v.name_range.clone(),
                    quoted: true,
                    uses: Vec::new(),
                });
        }
        for l in &declared.locals {
            out.entry((l.namespace.clone(), l.name.clone()))
                .or_insert_with(|| Symbol {
                    decl: l.range.clone(),
                    quoted: false,
                    uses: Vec::new(),
                });
        }
    }
    let mut uses = Vec::new();
    for file in &parsed {
        walk(&file.source, &file.body, &mut uses);
    }
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
pub(super) fn walk(
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

/// The declared name at `pos` of the first document (a use of it, or its
/// declaration): its namespace and name, and where it is declared and
/// used across the files.
fn symbol_at(
    schema: &Schema,
    files: &Files<'_>,
    pos: lsp::Position,
) -> Option<((String, String), Symbol)> {
    let mut symbols = symbols(schema, files)?;
    let (uri, text) = files.docs.first()?;
    let byte = text.offset(pos);
    let here = |r: &Range| &*r.filename == *uri && contains(r, byte);
    let mut keys: Vec<&(String, String)> = symbols.keys().collect();
    keys.sort();
    let key = keys
        .into_iter()
        .find(|k| {
            let s = &symbols[*k];
            here(&s.decl) || s.uses.iter().any(|(whole, _)| here(whole))
        })?
        .clone();
    let s = symbols.remove(&key)?;
    Some((key, s))
}

/// Go to definition: from a use of a declared name (or the declaration
/// itself) to its declaration, in this document or another file of its
/// configuration (`siblings`: URI and text each).
///
/// ```
/// use hcldecode::namespaces::Locals;
/// #[derive(hcldecode::HclDecode)]
/// struct C { #[hcl(block, locals = "local")] locals: Vec<Locals>, name: String }
/// let schema = hcldecode_lsp::Schema::of::<C>();
/// let text = "locals {\n  n = \"x\"\n}\nname = local.n\n".into();
/// let uri: lsp_types::Uri = "file:///a.hcl".parse().unwrap();
/// let loc = hcldecode_lsp::analysis::definition(&schema, &uri, &text, lsp_types::Position::new(3, 13), &[]).unwrap();
/// assert_eq!((loc.range.start.line, loc.range.start.character), (1, 2));
/// ```
pub fn definition(
    schema: &Schema,
    uri: &lsp::Uri,
    text: &Document,
    pos: lsp::Position,
    siblings: &[(String, String)],
) -> Option<lsp::Location> {
    let files = Files::new(uri.as_str(), text, siblings);
    let (_, s) = symbol_at(schema, &files, pos)?;
    files.location(&s.decl)
}

/// Find references: every use of the declared name at `pos` (with its
/// declaration when `declaration`), across the configuration's files, in
/// file and source order.
pub fn references(
    schema: &Schema,
    uri: &lsp::Uri,
    text: &Document,
    pos: lsp::Position,
    declaration: bool,
    siblings: &[(String, String)],
) -> Vec<lsp::Location> {
    let files = Files::new(uri.as_str(), text, siblings);
    let Some((_, s)) = symbol_at(schema, &files, pos) else {
        return Vec::new();
    };
    let mut ranges: Vec<&Range> = s.uses.iter().map(|(whole, _)| whole).collect();
    if declaration {
        ranges.push(&s.decl);
    }
    ranges.sort_by(|a, b| (&a.filename, a.start.byte).cmp(&(&b.filename, b.start.byte)));
    ranges
        .into_iter()
        .filter_map(|r| files.location(r))
        .collect()
}

/// Document highlight: in this document, the declaration (as written,
/// `Write`) and the uses (`Read`) of the declared name at `pos`.
pub fn highlight(
    schema: &Schema,
    uri: &lsp::Uri,
    text: &Document,
    pos: lsp::Position,
    siblings: &[(String, String)],
) -> Vec<lsp::DocumentHighlight> {
    let files = Files::new(uri.as_str(), text, siblings);
    let Some((_, s)) = symbol_at(schema, &files, pos) else {
        return Vec::new();
    };
    let here = |r: &&Range| r.filename.as_ref() == uri.as_str();
    let mut out: Vec<lsp::DocumentHighlight> = std::iter::once(&s.decl)
        .filter(here)
        .map(|r| (r, lsp::DocumentHighlightKind::WRITE))
        .chain(
            s.uses
                .iter()
                .map(|(whole, _)| whole)
                .filter(here)
                .map(|r| (r, lsp::DocumentHighlightKind::READ)),
        )
        .map(|(r, kind)| lsp::DocumentHighlight {
            range: text.range(r.start.byte, r.end.byte),
            kind: Some(kind),
        })
        .collect();
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
    siblings: &[(String, String)],
) -> Option<lsp::PrepareRenameResponse> {
    let files = Files::new(uri.as_str(), text, siblings);
    let (key, s) = symbol_at(schema, &files, pos)?;
    let byte = text.offset(pos);
    let here = |r: &Range| r.filename.as_ref() == uri.as_str() && contains(r, byte);
    let r = if here(&s.decl) {
        let mut r = s.decl.clone();
        if s.quoted && r.end.byte >= r.start.byte + 2 {
            r.start.byte += 1;
            r.end.byte -= 1;
        }
        r
    } else {
        s.uses
            .iter()
            .find(|(whole, _)| here(whole))
            .map(|(_, step)| step.range().clone())?
    };
    Some(lsp::PrepareRenameResponse::RangeWithPlaceholder {
        range: text.range(r.start.byte, r.end.byte),
        placeholder: key.1,
    })
}

/// Rename: the declaration and every use of the name at `pos` become
/// `new_name` (which must be an identifier), in every file of the
/// configuration; `None` where there is no declared name or the new one is
/// not an identifier.
pub fn rename(
    schema: &Schema,
    uri: &lsp::Uri,
    text: &Document,
    pos: lsp::Position,
    new_name: &str,
    siblings: &[(String, String)],
) -> Option<lsp::WorkspaceEdit> {
    if !hcldecode_spec::syntax::is_identifier(new_name) {
        return None;
    }
    let files = Files::new(uri.as_str(), text, siblings);
    let (_, s) = symbol_at(schema, &files, pos)?;
    let decl = if s.quoted {
        format!("{new_name:?}")
    } else {
        new_name.to_string()
    };
    // By file name; `Uri` keys only at the end (a `Uri` hashes through
    // interior state).
    let mut changes: std::collections::BTreeMap<String, Vec<lsp::TextEdit>> =
        std::collections::BTreeMap::new();
    let mut edit = |r: &Range, new_text: String| {
        if let Some(range) = files.range(r) {
            changes
                .entry(r.filename.to_string())
                .or_default()
                .push(lsp::TextEdit { range, new_text });
        }
    };
    edit(&s.decl, decl);
    for (_, step) in &s.uses {
        match step {
            Step::Attr(r) => edit(r, new_name.to_string()),
            Step::Index(r) => edit(r, format!("[{new_name:?}]")),
        }
    }
    for edits in changes.values_mut() {
        edits.sort_by_key(|e| (e.range.start.line, e.range.start.character));
    }
    Some(lsp::WorkspaceEdit {
        changes: Some(
            changes
                .into_iter()
                .filter_map(|(u, e)| Some((u.parse().ok()?, e)))
                .collect(),
        ),
        ..Default::default()
    })
}

/// Hints for the names this document declares that nothing in the
/// configuration (`siblings` too) uses: an unused variable or local,
/// tagged unnecessary, at its name.
///
/// ```
/// use hcldecode::namespaces::Locals;
/// #[derive(hcldecode::HclDecode)]
/// struct C { #[hcl(block, locals = "local")] locals: Vec<Locals>, name: Option<String> }
/// let schema = hcldecode_lsp::Schema::of::<C>();
/// let text = "locals {\n  a = \"x\"\n  b = 1\n}\nname = local.a\n".into();
/// let hints = hcldecode_lsp::analysis::unused(&schema, "file:///a.hcl", &text, &[]);
/// assert_eq!(hints.len(), 1);
/// assert_eq!(hints[0].message, "local.b is declared but not used.");
/// assert_eq!(hints[0].range.start.line, 2);
/// ```
pub fn unused(
    schema: &Schema,
    uri: &str,
    text: &Document,
    siblings: &[(String, String)],
) -> Vec<lsp::Diagnostic> {
    let files = Files::new(uri, text, siblings);
    let Some(symbols) = symbols(schema, &files) else {
        return Vec::new();
    };
    let mut out: Vec<lsp::Diagnostic> = symbols
        .iter()
        .filter(|(_, s)| s.uses.is_empty() && &*s.decl.filename == uri)
        .map(|((ns, name), s)| lsp::Diagnostic {
            range: text.range(s.decl.start.byte, s.decl.end.byte),
            severity: Some(lsp::DiagnosticSeverity::HINT),
            source: Some("hcldecode".to_string()),
            message: format!("{ns}.{name} is declared but not used."),
            tags: Some(vec![lsp::DiagnosticTag::UNNECESSARY]),
            ..lsp::Diagnostic::default()
        })
        .collect();
    out.sort_by_key(|d| (d.range.start.line, d.range.start.character));
    out
}

/// The declarations of a document's configuration: the document's and
/// its other files' (a name declared in several: its first, the
/// document's own first), the files' texts, and the values the names have
/// in the editor (defaults, locals evaluated; no inputs).
struct Declared {
    d: hcldecode::declare::Declarations,
    texts: Vec<(String, String)>,
    values: Option<hcldecode::eval::EvalContext>,
    sensitive: Vec<(String, String)>,
}

impl Declared {
    /// The text of file `name` of the configuration.
    fn text(&self, name: &str) -> &str {
        self.texts
            .iter()
            .find(|(u, _)| u == name)
            .map_or("", |(_, t)| t.as_str())
    }

    /// The value of `ns.name` as HCL, unless it is sensitive, unknown or
    /// has none.
    fn value(&self, ns: &str, name: &str) -> Option<String> {
        if self.sensitive.iter().any(|(n, s)| n == ns && s == name) {
            return None;
        }
        let v = self.values.as_ref()?.variable(ns)?;
        super::describe::attribute(v, name)?.to_hcl()
    }
}

/// What document `uri` and the other files of its configuration
/// (`siblings`) declare, when `ns` is one of the schema's namespaces.
/// Either syntax: a JSON document declares variables and locals too; a
/// file that does not parse declares nothing.
fn declarations(
    schema: &Schema,
    uri: &str,
    text: &Document,
    siblings: &[(String, String)],
    ns: &str,
) -> Option<Declared> {
    if !schema.namespaces().iter().any(|n| n.name == ns) {
        return None;
    }
    let mut bodies = Vec::new();
    let mut texts = Vec::new();
    // The document's own tree as far as it parses (a JSON one whole), the
    // others whole.
    let (body, diags) = super::syntax::parsed_body(uri, text);
    if !diags.has_errors() || Syntax::for_path(uri) != Syntax::Json {
        bodies.push(body);
        texts.push((uri.to_string(), text.to_string()));
    }
    for (u, t) in siblings {
        let (file, diags) = parse::parse(t.as_bytes(), u, Syntax::for_path(u));
        if !diags.has_errors() {
            bodies.push(file.body);
            texts.push((u.clone(), t.clone()));
        }
    }
    let mut d = hcldecode::declare::Declarations::default();
    for b in &bodies {
        let more = inspect(b, schema.namespaces());
        for v in more.variables {
            if !d
                .variables
                .iter()
                .any(|x| x.namespace == v.namespace && x.name == v.name)
            {
                d.variables.push(v);
            }
        }
        for l in more.locals {
            if !d
                .locals
                .iter()
                .any(|x| x.namespace == l.namespace && x.name == l.name)
            {
                d.locals.push(l);
            }
        }
    }
    let sensitive = sensitive_names(&d);
    let merged = if bodies.len() == 1 {
        bodies.remove(0)
    } else {
        Body::merged(bodies)
    };
    Some(Declared {
        values: schema.declared_values(&merged),
        d,
        texts,
        sensitive,
    })
}

/// The declared names whose values must not be shown: `sensitive`
/// variables and the locals that use one (directly or through other
/// locals), as `(namespace, name)`.
pub(super) fn sensitive_names(d: &hcldecode::declare::Declarations) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = d
        .variables
        .iter()
        .filter(|v| v.sensitive)
        .map(|v| (v.namespace.clone(), v.name.clone()))
        .collect();
    // Until nothing changes: a local is sensitive when what it uses is.
    loop {
        let before = out.len();
        for l in &d.locals {
            let key = (l.namespace.clone(), l.name.clone());
            if !out.contains(&key)
                && l.references
                    .iter()
                    .any(|r| out.iter().any(|(ns, n)| *ns == r.namespace && *n == r.name))
            {
                out.push(key);
            }
        }
        if out.len() == before {
            return out;
        }
    }
}

/// The names namespace `ns` declares in the document's configuration (the
/// document and `siblings`), for completion after `var.`: each with a
/// detail (a variable's type, "local value") and documentation
/// (description, default or value expression, current value) in markdown.
pub(super) fn declared_names(
    schema: &Schema,
    uri: &str,
    text: &Document,
    siblings: &[(String, String)],
    ns: &str,
) -> Option<Vec<(String, String, String)>> {
    let all = declarations(schema, uri, text, siblings, ns)?;
    let mut out: Vec<(String, String, String)> = all
        .d
        .variables
        .iter()
        .filter(|v| v.namespace == ns)
        .map(|v| (v.name.clone(), variable_detail(v), variable_doc(v, &all)))
        .collect();
    out.extend(all.d.locals.iter().filter(|l| l.namespace == ns).map(|l| {
        (
            l.name.clone(),
            "local value".to_string(),
            local_doc(l, &all),
        )
    }));
    Some(out)
}

/// The hover of `ns.name` when `ns` is a namespace the schema declares
/// and the document's configuration (the document and `siblings`)
/// declares `name` in it: a variable's type, description, default and
/// value, a local's definition and value, and where each is declared.
pub(super) fn declaration_hover(
    schema: &Schema,
    uri: &str,
    text: &Document,
    siblings: &[(String, String)],
    ns: &str,
    name: &str,
) -> Option<String> {
    let all = declarations(schema, uri, text, siblings, ns)?;
    if let Some(v) = all
        .d
        .variables
        .iter()
        .find(|v| v.namespace == ns && v.name == name)
    {
        return Some(format!(
            "**{ns}.{name}**: `{}`\n\n{}",
            variable_detail(v),
            variable_doc(v, &all)
        ));
    }
    let l = all
        .d
        .locals
        .iter()
        .find(|l| l.namespace == ns && l.name == name)?;
    Some(format!(
        "**{ns}.{name}**: local value\n\n{}",
        local_doc(l, &all)
    ))
}

fn variable_detail(v: &hcldecode::declare::DeclaredVariable) -> String {
    v.type_expr.clone().unwrap_or_else(|| "any".to_string())
}

fn variable_doc(v: &hcldecode::declare::DeclaredVariable, all: &Declared) -> String {
    let mut parts = Vec::new();
    if let Some(d) = &v.description {
        parts.push(d.clone());
    }
    match (&v.default, v.sensitive) {
        (_, true) => parts.push("Sensitive.".to_string()),
        (Some(d), false) => parts.push(format!("Default: `{d}`")),
        (None, false) => parts.push("Required: no default.".to_string()),
    }
    if let Some(value) = all.value(&v.namespace, &v.name) {
        parts.push(format!("Value: `{value}`"));
    }
    parts.push(declared_at(&v.range, all));
    parts.join("\n\n")
}

/// "Declared at line N." (of another file: "in NAME").
fn declared_at(r: &Range, all: &Declared) -> String {
    match all.texts.first() {
        Some((u, _)) if *u != *r.filename => {
            let file = r.filename.rsplit('/').next().unwrap_or(&r.filename);
            format!("Declared at line {} of {file}.", r.start.line)
        }
        _ => format!("Declared at line {}.", r.start.line),
    }
}

/// A local's definition as written (in its file's syntax), its value and
/// where it is declared.
fn local_doc(l: &hcldecode::declare::DeclaredLocal, all: &Declared) -> String {
    let expr = all
        .text(&l.range.filename)
        .get(l.expr_range.start.byte..l.expr_range.end.byte)
        .unwrap_or_default();
    let mut out = if Syntax::for_path(&l.range.filename) == Syntax::Json {
        let name = hcldecode_spec::json_text::json_string(&l.name);
        format!("```json\n{name}: {expr}\n```")
    } else {
        format!("```hcl\n{} = {expr}\n```", l.name)
    };
    if let Some(value) = all.value(&l.namespace, &l.name) {
        out.push_str(&format!("\n\nValue: `{value}`"));
    }
    out.push_str("\n\n");
    out.push_str(&declared_at(&l.range, all));
    out
}
