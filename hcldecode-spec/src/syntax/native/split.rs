//! A large configuration file parsed in pieces on several threads, with
//! the tree and diagnostics that parsing it whole gives.
//!
//! The file is cut at the starts of lines that may follow a top-level
//! block (after a line that is a `}` alone), and each piece is parsed as
//! a body of its own (spans stay offsets into the whole file). The pieces are taken only when each
//! parsed without a diagnostic and no top-level attribute of one repeats
//! one of another's; otherwise the file is parsed whole. That is enough
//! for the result to be the whole parse's: the scanner reads left to
//! right, so a piece without diagnostics ends with the tokens the whole
//! scan gives for its bytes, at the top level of the body, after a
//! complete item. A construct that crosses a cut (a block, a bracket, a
//! string, a heredoc, a `/* */` comment) leaves the piece before it
//! unterminated, which is an error: an unclosed brace or bracket, an
//! unterminated string or heredoc, and for `/*` a `/` (the scanner finds
//! no `*/` within the piece), which cannot start a body item.

use super::ast;
use super::lexer::LexMode;
use super::parser::Parser;
use super::token::TokenKind;
use crate::source::{SourceFile, Span};

/// Pieces shorter than this are not worth a thread of their own.
const MIN_PIECE: usize = 256 * 1024;

/// How far past its even share a cut is looked for.
const SEARCH: usize = 256 * 1024;

/// The body of `file` parsed in up to `threads` pieces at once (see the
/// module docs), or `None` where the file is too small to cut, has no
/// place to cut, or a piece's parse says it must be parsed whole.
pub(super) fn split_body(file: &SourceFile, max_depth: u32, threads: usize) -> Option<ast::Body> {
    let cuts = cuts(file.source().as_bytes(), threads);
    if cuts.len() > 2 {
        parse_pieces(file, max_depth, &cuts)
    } else {
        None
    }
}

/// The offsets the pieces start at, then the end: `[0, c1, ..., len]`.
fn cuts(text: &[u8], threads: usize) -> Vec<usize> {
    cut_points(text, threads, MIN_PIECE, true)
}

/// Where `text` may be cut into up to `threads` pieces of at least
/// `min_piece` bytes, each cut at the start of a line after a `}` alone
/// on its line ([`cut_after`]; with `top_level`, after an indented line,
/// as a top-level block ends): the offsets the pieces start at, then the
/// end, `[0, c1, ..., len]`. The one rule of where large files are cut,
/// for the parser and the formatter (`format::format_on`, which also
/// scans a file in pieces cut inside blocks); each checks its pieces
/// before taking them.
pub(crate) fn cut_points(
    text: &[u8],
    threads: usize,
    min_piece: usize,
    top_level: bool,
) -> Vec<usize> {
    let pieces = threads
        .clamp(1, 64)
        .min(text.len() / min_piece.max(1))
        .max(1);
    let mut cuts = vec![0];
    for k in 1..pieces {
        let from = text.len() * k / pieces;
        if from <= *cuts.last().unwrap_or(&0) {
            continue;
        }
        if let Some(c) = cut_after(text, from, top_level) {
            cuts.push(c);
        }
    }
    cuts.push(text.len());
    cuts.dedup();
    cuts
}

/// The first place at or after `from` (and within [`SEARCH`] of it) that
/// may follow a top-level block: the start of a line after a `}` alone at
/// the start of its line, that starts a block or attribute name, a comment
/// or a blank line (not indented text, more likely inside a heredoc).
/// With `top_level`, the line before the `}` must be indented, as a
/// block's last line is in a formatted file: in a file without
/// indentation every closing brace is alone at the start of its line, and
/// most close nested blocks.
fn cut_after(text: &[u8], from: usize, top_level: bool) -> Option<usize> {
    let end = (from + SEARCH).min(text.len());
    let window = text.get(from..end)?;
    let mut at = 0;
    while let Some(k) = memchr::memmem::find(&window[at..], b"\n}") {
        let brace = from + at + k + 1;
        if top_level && !after_indented_line(text, brace - 1) {
            at += k + 2;
            continue;
        }
        // The line break after the `}`: `\n` or `\r\n`.
        let c = match text.get(brace + 1..) {
            Some([b'\n', ..]) => brace + 2,
            Some([b'\r', b'\n', ..]) => brace + 3,
            _ => {
                at += k + 2;
                continue;
            }
        };
        if text.get(c).is_some_and(|&b| {
            b.is_ascii_alphabetic() || matches!(b, b'_' | b'#' | b'/' | b'\n' | b'\r')
        }) {
            return Some(c);
        }
        at += k + 2;
    }
    None
}

/// Whether the line that ends with the line break at `nl` starts with a
/// space or a tab.
fn after_indented_line(text: &[u8], nl: usize) -> bool {
    let start = memchr::memrchr(b'\n', &text[..nl]).map_or(0, |i| i + 1);
    matches!(text.get(start), Some(b' ' | b'\t'))
}

/// The body of the pieces between `cuts`, when each parsed cleanly and
/// their top-level attributes are distinct.
fn parse_pieces(file: &SourceFile, max_depth: u32, cuts: &[usize]) -> Option<ast::Body> {
    let spans: Vec<Span> = cuts
        .windows(2)
        .map(|w| Span::new(w[0] as u32, w[1] as u32))
        .collect();
    // A thread that cannot be started parses its piece after the first.
    let parsed = crate::threads::in_order(spans.len(), &|k| piece(file, max_depth, spans[k]));
    let bodies: Vec<ast::Body> = parsed.into_iter().collect::<Option<_>>()?;
    let mut names = std::collections::HashSet::new();
    for b in &bodies {
        for a in &b.attributes {
            if !names.insert(file.text(a.name)) {
                return None;
            }
        }
    }
    let first = bodies.first()?.span;
    let last = bodies.last()?;
    let (span, end_span) = (Span::new(first.start, last.span.end), last.end_span);
    let mut attributes = Vec::new();
    let mut blocks = Vec::new();
    for b in bodies {
        attributes.extend(b.attributes.into_vec());
        blocks.extend(b.blocks.into_vec());
    }
    Some(ast::Body {
        attributes: attributes.into_boxed_slice(),
        blocks: blocks.into_boxed_slice(),
        span,
        end_span,
    })
}

/// One piece's body, if it parsed without a diagnostic.
fn piece(file: &SourceFile, max_depth: u32, span: Span) -> Option<ast::Body> {
    let mut p = Parser::new(file, span, LexMode::Normal, max_depth);
    let body = p.parse_body(TokenKind::Eof);
    p.finish().is_empty().then_some(body)
}

#[cfg(test)]
mod tests {
    use super::split_body;
    use crate::syntax::native::source_from_bytes;

    fn body_of(text: String, threads: usize) -> Option<usize> {
        let (src, _) = source_from_bytes("t.hcl", text.into_bytes());
        split_body(&src, 64, threads).map(|b| b.blocks.len())
    }

    #[test]
    fn pieces_are_taken_only_when_they_parse_cleanly() {
        let block = |i: usize| format!("b \"{i}\" {{\n  x = {i}\n}}\n");
        let clean: String = (0..60_000).map(block).collect();
        assert_eq!(body_of(clean.clone(), 2), Some(60_000));
        assert_eq!(body_of(clean.clone(), 4), Some(60_000));
        // Windows line breaks cut alike.
        let crlf = clean.replace('\n', "\r\n");
        assert_eq!(body_of(crlf, 2), Some(60_000));
        // One thread, or a file too small for two pieces: not split.
        assert_eq!(body_of(clean, 1), None);
        assert_eq!(body_of((0..100).map(block).collect(), 4), None);
        // A cut inside a heredoc leaves the first piece unterminated.
        let inside: String = (0..60_000).map(|i| format!("}}\nb \"{i}\" {{\n")).collect();
        let heredoc = format!("x = <<EOT\n{inside}EOT\n");
        assert_eq!(body_of(heredoc, 2), None);
    }
}
