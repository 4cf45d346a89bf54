//! The outline (`textDocument/documentSymbol`): blocks with their labels
//! and attributes, nested.

use hcldecode_spec::source::SourceFile;
use hcldecode_spec::syntax::native::ast;
use lsp_types as lsp;

use super::json;
use super::symbol::symbol;
use super::syntax::native_tree;
use crate::schema::Schema;
use crate::text::Document;

/// The outline: blocks (with their labels) and attributes, nested. In a
/// JSON document, the schema says which properties hold blocks (and how
/// many label levels they have); every other property is an attribute.
///
/// ```
/// let schema = hcldecode_lsp::Schema::of::<u16>();
/// let doc = hcldecode_lsp::text::Document::new("svc \"api\" {\n  port = 1\n}\n");
/// let s = hcldecode_lsp::analysis::symbols(&schema, "a.hcl", &doc);
/// assert_eq!(s[0].name, "svc \"api\"");
/// assert_eq!(s[0].children.as_ref().unwrap()[0].name, "port");
/// ```
pub fn symbols(schema: &Schema, name: &str, text: &Document) -> Vec<lsp::DocumentSymbol> {
    match native_tree(name, text) {
        Some(tree) => body_symbols(&tree.source, &tree.body, text),
        None => json::symbols(schema, name, text),
    }
}

fn body_symbols(src: &SourceFile, body: &ast::Body, text: &Document) -> Vec<lsp::DocumentSymbol> {
    let mut items: Vec<(u32, lsp::DocumentSymbol)> = Vec::new();
    for a in body.attributes.iter() {
        items.push((
            a.name.start,
            symbol(
                text,
                src.text(a.name).to_string(),
                lsp::SymbolKind::FIELD,
                a.span(),
                a.name,
                None,
            ),
        ));
    }
    for b in body.blocks.iter() {
        let mut title = src.text(b.type_name).to_string();
        for l in b.labels.iter() {
            title.push_str(&format!(" {:?}", l.value.get(src)));
        }
        items.push((
            b.type_name.start,
            symbol(
                text,
                title,
                lsp::SymbolKind::STRUCT,
                b.span(),
                b.def_span(),
                Some(body_symbols(src, &b.body, text)),
            ),
        ));
    }
    items.sort_by_key(|(at, _)| *at);
    items.into_iter().map(|(_, s)| s).collect()
}
