//! The document's syntax as the features read it: its native tree (the
//! document's own, parsed once per version), its body in either syntax,
//! its tokens, the identifier at an offset, whether an offset is in an
//! expression.

use hcldecode::Diagnostics;
use hcldecode::parse::{self, Syntax};
use hcldecode_spec::source::Span;
use hcldecode_spec::syntax::native::token::Token;
use hcldecode_spec::syntax::native::{self, ast};

use crate::text::Document;

/// The native-syntax tree of a document (`None` for JSON documents):
/// the document's own, parsed once per version.
pub(super) fn native_tree(name: &str, text: &Document) -> Option<ast::File> {
    if Syntax::for_path(name) == Syntax::Json {
        return None;
    }
    Some(text.parsed(name).tree.clone())
}

/// A document parsed as `name` says (native or JSON) as a body, and its
/// parse diagnostics as the library reports them (without the errors that
/// only follow from another: one string left open is one error, not one
/// per line after it: `parse::without_cascades`); a native one's tree is
/// the document's cached one.
pub(super) fn parsed_body(name: &str, text: &Document) -> (hcldecode::Body, Diagnostics) {
    if Syntax::for_path(name) == Syntax::Json {
        let (file, diags) = parse::parse(text.as_bytes(), name, Syntax::Json);
        return (file.body, parse::without_cascades(diags));
    }
    let p = text.parsed(name);
    let body = hcldecode::Body::native(p.tree.source.clone(), p.tree.body.clone());
    (body, parse::without_cascades(p.diags.clone()))
}

/// Whether byte `at` of `text` is inside an expression (after the `=` of
/// an attribute on the same line, or within an attribute's value). The
/// tokens are the lexer's, so an `=` in a string or comment, or a cursor in
/// a comment, is no expression.
pub(super) fn in_expression(body: &ast::Body, text: &str, at: usize) -> bool {
    use hcldecode_spec::syntax::native::token::TokenKind;
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let toks = native::lex(
        text,
        Span::new(0, text.len() as u32),
        native::LexMode::Normal,
    );
    let in_comment = toks.iter().any(|t| {
        t.kind == TokenKind::Comment && (t.span.start as usize) < at && at < t.span.end as usize
    });
    if in_comment {
        return false;
    }
    let equals_before = toks
        .iter()
        .any(|t| t.kind == TokenKind::Equal && (line_start..at).contains(&(t.span.start as usize)));
    if equals_before {
        return true;
    }
    body.attributes.iter().any(|a| {
        let s = a.span();
        (a.equals().end as usize) <= at && at <= s.end as usize && s.end as usize > line_start
    })
}

/// The identifier (letters, digits, `_`, `-`, `:`) around byte `at`.
pub(super) fn identifier_at(text: &str, at: usize) -> Option<(usize, usize)> {
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
pub(super) fn tokens(text: &str) -> Vec<Token> {
    let len = u32::try_from(text.len()).unwrap_or(u32::MAX);
    native::lex(text, Span::new(0, len), native::LexMode::Normal)
}
