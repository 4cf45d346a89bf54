//! Folding ranges (`textDocument/foldingRange`): blocks, multi-line
//! objects, tuples, calls and template sequences (any bracket pair across
//! lines), heredocs, multi-line comments and runs of comment lines. Read
//! from the lexer's tokens, so a document that does not parse folds as far
//! as its brackets go.

use hcldecode_spec::syntax::native::token::TokenKind;
use lsp_types as lsp;

use super::syntax::tokens;
use crate::text::Document;

/// The folding ranges of a native-syntax document, ordered by start line
/// (none for JSON documents). A bracket's range ends on the line before
/// its closing bracket, so the closing line stays visible.
///
/// ```
/// let text = "# a\n# b\njob \"x\" {\n  env = {\n    A = 1\n  }\n}\n".into();
/// let r = hcldecode_lsp::analysis::folding_ranges("a.hcl", &text);
/// let lines: Vec<(u32, u32)> = r.iter().map(|r| (r.start_line, r.end_line)).collect();
/// assert_eq!(lines, [(0, 1), (2, 5), (3, 4)]);
/// ```
pub fn folding_ranges(name: &str, text: &Document) -> Vec<lsp::FoldingRange> {
    if name.ends_with(".json") {
        return Vec::new();
    }
    let line = |byte: u32| text.position(byte as usize).line;
    let mut out = Vec::new();
    let mut open: Vec<u32> = Vec::new();
    let mut heredoc: Option<u32> = None;
    // The run of comment lines being read: its first and last line.
    let mut comments: Option<(u32, u32)> = None;
    let mut last_code_line: Option<u32> = None;
    let push = |out: &mut Vec<lsp::FoldingRange>,
                start: u32,
                end: u32,
                kind: Option<lsp::FoldingRangeKind>| {
        if end > start {
            out.push(lsp::FoldingRange {
                start_line: start,
                end_line: end,
                kind,
                ..lsp::FoldingRange::default()
            });
        }
    };
    for t in tokens(text) {
        let (start, end) = (
            line(t.span.start),
            line(t.span.end.saturating_sub(1).max(t.span.start)),
        );
        match t.kind {
            TokenKind::Comment => {
                // A comment on a line of its own joins the run above it.
                let own_line = last_code_line != Some(start);
                if !own_line {
                    continue;
                }
                // A multi-line comment is a run of its own lines.
                comments = match comments {
                    Some((first, last)) if last + 1 == start => Some((first, end)),
                    Some((first, last)) => {
                        push(&mut out, first, last, Some(lsp::FoldingRangeKind::Comment));
                        Some((start, end))
                    }
                    None => Some((start, end)),
                };
                continue;
            }
            TokenKind::Newline | TokenKind::Eof => continue,
            TokenKind::OBrace
            | TokenKind::OBrack
            | TokenKind::OParen
            | TokenKind::TemplateInterp
            | TokenKind::TemplateControl => open.push(start),
            TokenKind::CBrace
            | TokenKind::CBrack
            | TokenKind::CParen
            | TokenKind::TemplateSeqEnd => {
                if let Some(s) = open.pop() {
                    push(&mut out, s, start.saturating_sub(1), None);
                }
            }
            TokenKind::OHeredoc => heredoc = Some(start),
            TokenKind::CHeredoc => {
                if let Some(s) = heredoc.take() {
                    push(&mut out, s, start.saturating_sub(1), None);
                }
            }
            _ => {}
        }
        last_code_line = Some(end);
        if let Some((first, last)) = comments.take() {
            push(&mut out, first, last, Some(lsp::FoldingRangeKind::Comment));
        }
    }
    if let Some((first, last)) = comments {
        push(&mut out, first, last, Some(lsp::FoldingRangeKind::Comment));
    }
    out.sort_by_key(|r| (r.start_line, std::cmp::Reverse(r.end_line)));
    out
}
