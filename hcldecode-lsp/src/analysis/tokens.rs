//! Semantic tokens (`textDocument/semanticTokens/full`).

use std::collections::HashMap;

use hcldecode_spec::source::Span;
use hcldecode_spec::syntax::native::ast;
use hcldecode_spec::syntax::native::token::{Token, TokenKind};
use lsp_types as lsp;

use super::syntax::{native_tree, tokens};
use crate::text::Document;

/// The semantic token types, in the legend's order (indices into it are
/// the tokens' types).
const TOKEN_TYPES: [lsp::SemanticTokenType; 10] = [
    lsp::SemanticTokenType::TYPE,        // block type
    lsp::SemanticTokenType::ENUM_MEMBER, // block label
    lsp::SemanticTokenType::PROPERTY,    // attribute name, object key, `.attr`
    lsp::SemanticTokenType::STRING,
    lsp::SemanticTokenType::NUMBER,
    lsp::SemanticTokenType::COMMENT,
    lsp::SemanticTokenType::FUNCTION,
    lsp::SemanticTokenType::VARIABLE,
    lsp::SemanticTokenType::OPERATOR,
    lsp::SemanticTokenType::KEYWORD, // true, false, null, for, in, if, ...
];
const T_TYPE: u32 = 0;
const T_LABEL: u32 = 1;
const T_PROPERTY: u32 = 2;
const T_STRING: u32 = 3;
const T_NUMBER: u32 = 4;
const T_COMMENT: u32 = 5;
const T_FUNCTION: u32 = 6;
const T_VARIABLE: u32 = 7;
const T_OPERATOR: u32 = 8;
const T_KEYWORD: u32 = 9;

/// The legend of [`semantic_tokens`], announced in `initialize`: block
/// types are `type`, labels `enumMember`, attribute names `property`, then
/// `string`, `number`, `comment`, `function`, `variable`, `operator` and
/// `keyword`; no modifiers.
///
/// ```
/// let legend = hcldecode_lsp::analysis::semantic_tokens_legend();
/// assert_eq!(legend.token_types[0].as_str(), "type");
/// ```
pub fn semantic_tokens_legend() -> lsp::SemanticTokensLegend {
    lsp::SemanticTokensLegend {
        token_types: TOKEN_TYPES.to_vec(),
        token_modifiers: Vec::new(),
    }
}

/// The names a body declares, for [`semantic_tokens`]: attribute names and
/// block types by their start, labels by their spans.
fn declared_names(body: &ast::Body, names: &mut HashMap<u32, u32>, labels: &mut Vec<Span>) {
    for a in body.attributes.iter() {
        names.insert(a.name.start, T_PROPERTY);
    }
    for b in body.blocks.iter() {
        names.insert(b.type_name.start, T_TYPE);
        labels.extend(b.labels.iter().map(|l| l.span));
        declared_names(&b.body, names, labels);
    }
}

/// The semantic tokens of a native-syntax document (`None` for JSON), in
/// the protocol's relative encoding over [`semantic_tokens_legend`]: from
/// the lexer's tokens, with block types, labels and attribute names from
/// the syntax tree; an identifier before `(` is a function, after `.` or
/// before `=` a property, otherwise a variable (or a keyword). Tokens
/// spanning lines (comments, heredocs) are split at line ends.
///
/// ```
/// let doc = hcldecode_lsp::text::Document::new("svc \"api\" {\n  port = 80\n}\n");
/// let t = hcldecode_lsp::analysis::semantic_tokens("a.hcl", &doc).unwrap();
/// // `svc` (type), `"api"` (label), `port` (property), `=`, `80` (number)
/// let types: Vec<u32> = t.iter().map(|t| t.token_type).collect();
/// assert_eq!(types, [0, 1, 2, 8, 4]);
/// assert_eq!((t[2].delta_line, t[2].delta_start, t[2].length), (1, 2, 4));
/// ```
pub fn semantic_tokens(name: &str, text: &Document) -> Option<Vec<lsp::SemanticToken>> {
    let tree = native_tree(name, text)?;
    let mut names = HashMap::new();
    let mut labels = Vec::new();
    declared_names(&tree.body, &mut names, &mut labels);
    labels.sort_by_key(|l| l.start);
    let toks = tokens(text);
    let word = |t: &Token| {
        text.get(t.span.start as usize..t.span.end as usize)
            .unwrap_or("")
    };
    let kind_at = |i: usize| toks.get(i).map(|t| t.kind);
    let mut spans: Vec<(u32, u32, u32)> = Vec::new();
    let mut next_label = 0;
    for (i, t) in toks.iter().enumerate() {
        // A label: one token for the whole of it, quotes included.
        while labels
            .get(next_label)
            .is_some_and(|l| l.end <= t.span.start)
        {
            next_label += 1;
        }
        if let Some(l) = labels.get(next_label)
            && l.start <= t.span.start
            && t.span.end <= l.end
        {
            if t.span.start == l.start {
                spans.push((l.start, l.end, T_LABEL));
            }
            continue;
        }
        use TokenKind as K;
        let ty = match t.kind {
            K::Comment => T_COMMENT,
            K::NumberLit => T_NUMBER,
            K::OQuote | K::CQuote | K::QuotedLit | K::StringLit | K::OHeredoc | K::CHeredoc => {
                T_STRING
            }
            K::Star
            | K::Slash
            | K::Plus
            | K::Minus
            | K::Percent
            | K::Equal
            | K::EqualOp
            | K::NotEqual
            | K::LessThan
            | K::LessThanEq
            | K::GreaterThan
            | K::GreaterThanEq
            | K::And
            | K::Or
            | K::Bang
            | K::Question
            | K::Colon
            | K::FatArrow
            | K::Ellipsis => T_OPERATOR,
            K::Ident => {
                let prev = i.checked_sub(1).and_then(kind_at);
                let next = kind_at(i + 1);
                let w = word(t);
                if let Some(ty) = names.get(&t.span.start) {
                    *ty
                } else if matches!(next, Some(K::OParen | K::DoubleColon)) {
                    T_FUNCTION
                } else if prev == Some(K::Dot) || next == Some(K::Equal) {
                    T_PROPERTY
                } else if matches!(w, "true" | "false" | "null")
                    || prev == Some(K::TemplateControl)
                    || (w == "for" && matches!(prev, Some(K::OBrack | K::OBrace)))
                    || (w == "in" && prev == Some(K::Ident))
                    || (w == "if"
                        && matches!(
                            prev,
                            Some(
                                K::Ident
                                    | K::NumberLit
                                    | K::CQuote
                                    | K::CParen
                                    | K::CBrack
                                    | K::CBrace
                            )
                        ))
                {
                    T_KEYWORD
                } else {
                    T_VARIABLE
                }
            }
            _ => continue,
        };
        spans.push((t.span.start, t.span.end, ty));
    }
    Some(encode_tokens(text, &spans))
}

/// The protocol's relative encoding of `spans` (in order, not
/// overlapping), each split at line ends, lengths in UTF-16 units; the
/// pieces' positions from the document's line index, as every other
/// request converts them.
fn encode_tokens(text: &Document, spans: &[(u32, u32, u32)]) -> Vec<lsp::SemanticToken> {
    let mut out = Vec::with_capacity(spans.len());
    let (mut last_line, mut last_col) = (0u32, 0u32);
    let units = |s: &str| -> u32 {
        u32::try_from(s.chars().map(char::len_utf16).sum::<usize>()).unwrap_or(u32::MAX)
    };
    for &(start, end, ty) in spans {
        let (mut start, end) = (start as usize, (end as usize).min(text.len()));
        while start < end {
            // Pieces end at line endings as the protocol counts them
            // (`\n`, `\r\n`, a `\r` alone), as the line index does.
            let piece_end = text
                .get(start..end)
                .and_then(|s| s.find(['\n', '\r']))
                .map_or(end, |i| start + i);
            let piece = text.get(start..piece_end).unwrap_or("");
            if !piece.is_empty() {
                let lsp::Position {
                    line,
                    character: col,
                } = text.position(start);
                let delta_line = line.saturating_sub(last_line);
                out.push(lsp::SemanticToken {
                    delta_line,
                    delta_start: if delta_line == 0 {
                        col.saturating_sub(last_col)
                    } else {
                        col
                    },
                    length: units(piece),
                    token_type: ty,
                    token_modifiers_bitset: 0,
                });
                (last_line, last_col) = (line, col);
            }
            start = piece_end + 1;
            if text.as_bytes().get(piece_end) == Some(&b'\r')
                && text.as_bytes().get(start) == Some(&b'\n')
            {
                start += 1;
            }
        }
    }
    out
}
