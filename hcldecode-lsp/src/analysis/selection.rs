//! Selection ranges (`textDocument/selectionRange`): from the token under
//! the cursor outwards through each bracket pair around it (calls, tuples,
//! objects, templates' interpolations, block bodies), the attribute or
//! block it belongs to and every enclosing block, to the whole document.
//! The brackets are the lexer's and the items the recovering parser's, so
//! a document that does not parse still selects as far as it goes.

use hcldecode_spec::source::Span;
use hcldecode_spec::syntax::native::token::TokenKind;
use hcldecode_spec::syntax::native::{self, ast};
use lsp_types as lsp;

use crate::text::Document;

/// One selection range for each of `positions` (in the same order): the
/// innermost range at the position, each with its enclosing ranges as
/// parents, every one containing the one inside it. JSON documents get the
/// token (none: the whole document) and the document.
///
/// ```
/// let text = "job \"x\" {\n  env = { A = upper(\"b\") }\n}\n".into();
/// let at = lsp_types::Position::new(1, 21);
/// let r = &hcldecode_lsp::analysis::selection_ranges("a.hcl", &text, &[at])[0];
/// let mut chain = vec![];
/// let mut cur = Some(r);
/// while let Some(s) = cur {
///     chain.push((s.range.start.character, s.range.end.character));
///     cur = s.parent.as_deref();
/// }
/// // b, "b", the call's parentheses, the object, the attribute, the
/// // block's body, the block, the document.
/// assert_eq!(&chain[..4], [(21, 22), (20, 23), (19, 24), (8, 26)]);
/// assert_eq!(chain.len(), 8);
/// ```
pub fn selection_ranges(
    name: &str,
    text: &Document,
    positions: &[lsp::Position],
) -> Vec<lsp::SelectionRange> {
    let json = name.ends_with(".json");
    let tokens = if json { Vec::new() } else { lex(text) };
    let tree = (!json).then(|| {
        let (source, _) = native::source_from_text(name, text.to_string());
        native::parse_config(source).0
    });
    positions
        .iter()
        .map(|&pos| {
            let at = text.offset(pos);
            let mut spans = Vec::new();
            token_at(&tokens, at, &mut spans);
            brackets_around(&tokens, at, &mut spans);
            if let Some(tree) = &tree {
                items_around(&tree.body, at, &mut spans);
            }
            spans.push(Span::new(0, text.len() as u32));
            chain(text, nested(spans, at))
        })
        .collect()
}

fn lex(text: &str) -> Vec<hcldecode_spec::syntax::native::token::Token> {
    let len = u32::try_from(text.len()).unwrap_or(u32::MAX);
    native::lex(text, Span::new(0, len), native::LexMode::Normal)
}

/// The token under `at` (or ending at it, the cursor just after a word),
/// where it is more than space.
fn token_at(
    tokens: &[hcldecode_spec::syntax::native::token::Token],
    at: usize,
    out: &mut Vec<Span>,
) {
    let wordy = |t: &&hcldecode_spec::syntax::native::token::Token| {
        t.span.start < t.span.end && !matches!(t.kind, TokenKind::Newline | TokenKind::Eof)
    };
    let found = tokens
        .iter()
        .filter(wordy)
        .find(|t| (t.span.start as usize) <= at && at < t.span.end as usize)
        .or_else(|| {
            tokens
                .iter()
                .filter(wordy)
                .find(|t| t.span.end as usize == at)
        });
    if let Some(t) = found {
        out.push(t.span);
    }
}

/// The bracket pairs around `at`, innermost first: `(` `)`, `[` `]`, `{`
/// `}`, quotes, heredocs and template interpolations, paired as the lexer
/// nests them.
fn brackets_around(
    tokens: &[hcldecode_spec::syntax::native::token::Token],
    at: usize,
    out: &mut Vec<Span>,
) {
    let mut open: Vec<u32> = Vec::new();
    for t in tokens {
        match t.kind {
            TokenKind::OParen
            | TokenKind::OBrack
            | TokenKind::OBrace
            | TokenKind::OQuote
            | TokenKind::OHeredoc
            | TokenKind::TemplateInterp
            | TokenKind::TemplateControl => open.push(t.span.start),
            TokenKind::CParen
            | TokenKind::CBrack
            | TokenKind::CBrace
            | TokenKind::CQuote
            | TokenKind::CHeredoc
            | TokenKind::TemplateSeqEnd => {
                if let Some(start) = open.pop()
                    && (start as usize) <= at
                    && at < t.span.end as usize
                {
                    out.push(Span::new(start, t.span.end));
                }
            }
            _ => {}
        }
    }
}

/// The attributes and blocks around `at`, from the parser's tree: each
/// attribute, block and block body that holds it, at every depth.
fn items_around(body: &ast::Body, at: usize, out: &mut Vec<Span>) {
    let holds = |s: Span| (s.start as usize) <= at && at <= s.end as usize;
    for a in body.attributes.iter() {
        if holds(a.span()) {
            out.push(a.span());
        }
    }
    for b in body.blocks.iter() {
        if holds(b.span()) {
            out.push(b.span());
            if holds(b.body.span) {
                out.push(b.body.span);
                items_around(&b.body, at, out);
            }
        }
    }
}

/// The spans that hold `at`, innermost first, each holding the one before
/// (a span that crosses another is dropped: only a chain of nested ranges
/// is a selection), without repeats.
fn nested(mut spans: Vec<Span>, at: usize) -> Vec<Span> {
    spans.retain(|s| (s.start as usize) <= at && at <= s.end as usize);
    spans.sort_by_key(|s| (s.end - s.start, std::cmp::Reverse(s.start)));
    let mut out: Vec<Span> = Vec::new();
    for s in spans {
        match out.last() {
            Some(last) if *last == s => {}
            Some(last) if s.start > last.start || s.end < last.end => {}
            _ => out.push(s),
        }
    }
    out
}

/// The protocol's linked ranges, innermost first.
fn chain(text: &Document, spans: Vec<Span>) -> lsp::SelectionRange {
    let mut parent: Option<Box<lsp::SelectionRange>> = None;
    for s in spans.iter().rev() {
        let range = text.range(s.start as usize, s.end as usize);
        parent = Some(Box::new(lsp::SelectionRange { range, parent }));
    }
    match parent {
        Some(p) => *p,
        None => lsp::SelectionRange {
            range: text.range(0, text.len()),
            parent: None,
        },
    }
}
