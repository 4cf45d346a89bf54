//! Document symbols (the outline's, native and JSON), well-formed
//! whatever the spans of a recovering parse.

use hcldecode_spec::source::Span;
use lsp_types as lsp;

use crate::text::Document;

/// The name of a symbol whose name is blank: clients reject a symbol
/// without a name (VS Code throws on an empty one).
pub(super) const UNNAMED: &str = "(unnamed)";

/// A document symbol over bytes `full` of `text`, named by bytes
/// `selection`, well-formed whatever the spans: those of a syntax tree
/// that recovered from errors need not nest (a header without a body
/// ends after the block's span, a child's span may reach past its
/// block's). So its range is the union of `full`, `selection` and the
/// children's ranges, which [`symbol`] built the same way: every
/// selection range is inside its range, every range inside its parent's.
/// Both come from the document's line index, which clamps offsets into
/// the text and orders each range's ends; the conversion is monotonic, so
/// the union of positions is the positions of the union of bytes.
#[allow(deprecated)] // `deprecated` is a field the type still has.
pub(super) fn symbol(
    text: &Document,
    name: String,
    kind: lsp::SymbolKind,
    full: Span,
    selection: Span,
    children: Option<Vec<lsp::DocumentSymbol>>,
) -> lsp::DocumentSymbol {
    let selection_range = text.range(selection.start as usize, selection.end as usize);
    let mut range = text.range(full.start as usize, full.end as usize);
    for inner in std::iter::once(selection_range).chain(children.iter().flatten().map(|c| c.range))
    {
        range.start = range.start.min(inner.start);
        range.end = range.end.max(inner.end);
    }
    lsp::DocumentSymbol {
        name: if name.trim().is_empty() {
            UNNAMED.to_string()
        } else {
            name
        },
        detail: None,
        kind,
        tags: None,
        deprecated: None,
        range,
        selection_range,
        children,
    }
}
