//! Workspace symbols (`workspace/symbol`): the blocks and attributes of
//! every file of the configurations open in the editor, and the names
//! they declare (`var.zone`, `local.prefix`), matched against the query.

use hcldecode::Body;
use hcldecode::declare::inspect;
use lsp_types as lsp;

use super::symbols;
use super::syntax::native_tree;
use crate::schema::Schema;
use crate::text::Document;

/// The most symbols answered for one query (a client narrows with a
/// longer one).
pub const MAX_WORKSPACE_SYMBOLS: usize = 2000;

/// The symbols of `files` (URI and text each) whose name matches `query`:
/// its characters in order, ignoring case (`vz` matches `var.zone`; an
/// empty query matches all). Each block and attribute of the outline,
/// named as there (`service "api"`) with its block as container, then
/// each declared variable and local as `var.zone` (kind variable) at its
/// name, in file order; at most [`MAX_WORKSPACE_SYMBOLS`].
///
/// ```
/// use hcldecode::namespaces::Variable;
/// #[derive(hcldecode::HclDecode)]
/// struct C { #[hcl(block, variables = "var")] variable: Vec<Variable>, name: Option<String> }
/// let schema = hcldecode_lsp::Schema::of::<C>();
/// let files = [("file:///m/v.hcl".to_string(), "variable \"zone\" {\n  default = \"a\"\n}\n".into())];
/// let found = hcldecode_lsp::analysis::workspace_symbols(&schema, &files, "var.z");
/// assert_eq!(found.len(), 1);
/// assert_eq!(found[0].name, "var.zone");
/// assert_eq!(found[0].location.range.start, lsp_types::Position::new(0, 9));
/// ```
#[allow(deprecated)] // `deprecated` is a field the type still has.
pub fn workspace_symbols(
    schema: &Schema,
    files: &[(String, Document)],
    query: &str,
) -> Vec<lsp::SymbolInformation> {
    let mut out = Vec::new();
    for (uri, text) in files {
        let Ok(lsp_uri) = uri.parse::<lsp::Uri>() else {
            continue;
        };
        let mut found = Vec::new();
        flatten(symbols(schema, uri, text), None, &mut found);
        if let Some(tree) = native_tree(uri, text).filter(|_| !schema.namespaces().is_empty()) {
            let d = inspect(
                &Body::native(tree.source.clone(), tree.body.clone()),
                schema.namespaces(),
            );
            let vars = d
                .variables
                .iter()
                .map(|v| (&v.namespace, &v.name, &v.name_range));
            let locals = d.locals.iter().map(|l| (&l.namespace, &l.name, &l.range));
            for (ns, name, r) in vars.chain(locals) {
                found.push((
                    format!("{ns}.{name}"),
                    lsp::SymbolKind::VARIABLE,
                    text.range(r.start.byte, r.end.byte),
                    None,
                ));
            }
        }
        for (name, kind, range, container_name) in found {
            if !matches(&name, query) {
                continue;
            }
            if out.len() == MAX_WORKSPACE_SYMBOLS {
                return out;
            }
            out.push(lsp::SymbolInformation {
                name,
                kind,
                tags: None,
                deprecated: None,
                location: lsp::Location {
                    uri: lsp_uri.clone(),
                    range,
                },
                container_name,
            });
        }
    }
    out
}

/// A symbol found: name, kind, range (its selection range: the header or
/// name), container.
type Found = (String, lsp::SymbolKind, lsp::Range, Option<String>);

/// The outline's symbols, parents before children.
fn flatten(symbols: Vec<lsp::DocumentSymbol>, container: Option<&str>, out: &mut Vec<Found>) {
    for s in symbols {
        out.push((
            s.name.clone(),
            s.kind,
            s.selection_range,
            container.map(str::to_string),
        ));
        if let Some(children) = s.children {
            flatten(children, Some(&s.name), out);
        }
    }
}

/// Whether `query`'s characters appear in `name` in order, ignoring case.
fn matches(name: &str, query: &str) -> bool {
    let mut name = name.chars().flat_map(char::to_lowercase);
    query
        .chars()
        .flat_map(char::to_lowercase)
        .filter(|c| !c.is_whitespace())
        .all(|q| name.any(|c| c == q))
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn a_query_matches_its_characters_in_order_ignoring_case() {
        assert!(matches("var.zone", ""));
        assert!(matches("var.zone", "VZ"));
        assert!(matches("service \"api\"", "svcapi"));
        assert!(!matches("var.zone", "zv"));
        assert!(!matches("port", "ports"));
    }
}
