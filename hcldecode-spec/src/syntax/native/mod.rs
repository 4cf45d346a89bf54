//! HCL native syntax: `name = expr` attributes, `type "label" { }` blocks,
//! expressions and templates.
//!
//! This is a port of HashiCorp's `hclsyntax` (HCL v2.14.1): the scanner,
//! the recovering parser, and the static analysis helpers. Trees have the
//! same node kinds and ranges as hclsyntax builds, and syntax errors are
//! reported with the same diagnostics (summary, detail, subject and
//! context ranges), in the same order.
//!
//! Where the trees and diagnostics can differ from hclsyntax's:
//!
//! - Nesting deeper than [`ParseOptions::max_depth`] (default
//!   [`DEFAULT_MAX_DEPTH`]) is refused with a "Nesting too deep" error;
//!   long chains of binary operators or index operations count as nesting,
//!   since they make trees as deep. hclsyntax has no limit.
//! - Partial trees after syntax errors: where hclsyntax uses
//!   `cty.DynamicVal` as a traversal key, a legacy index like `a.0.1` keeps
//!   its number literal and an invalid key `a[)]` becomes an
//!   [`ExprKind::Index`](ast::ExprKind::Index) of an
//!   [`ExprKind::Invalid`](ast::ExprKind::Invalid); ranges hclsyntax leaves
//!   zero or inverted are clamped.
//! - Columns are counted over the whole line, so a grapheme cluster that
//!   spans two tokens (a combining mark or emoji modifier right after
//!   another token) is one column here and two in hclsyntax.
//! - Text is a `str`: see [`source_from_bytes`] for how invalid UTF-8 is
//!   kept apart, and [`INVALID_BYTE_PLACEHOLDER`] for its one limitation.
//! - String values are left as written; `cty.StringVal` normalizes them to
//!   NFC when they become values, which is the evaluator's job.
//!
//! ```
//! use hcldecode_spec::source::SourceFile;
//! use hcldecode_spec::syntax::native::parse_config;
//!
//! let file = SourceFile::new("main.hcl", "name = \"web\"\nport \"http\" { number = 80 }\n");
//! let (tree, diags) = parse_config(file);
//! assert!(diags.is_empty());
//! assert_eq!(tree.body.attributes.len(), 1);
//! assert_eq!(tree.body.blocks[0].labels.len(), 1);
//! ```

use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::source::{MAX_FILE_SIZE, SourceFile, Span};

pub mod analysis;
pub mod ast;
mod ident_tables;
mod invalid_byte;
mod invalid_tokens;
pub mod lexer;
mod parser;
mod pos;
mod spans;
pub(crate) mod split;
mod strings;
mod template;
pub mod token;

pub use analysis::Traversal;
pub use invalid_byte::INVALID_BYTE_PLACEHOLDER;
pub use lexer::{LexMode, comment_spans, is_valid_identifier, lex};
pub use strings::{check_number_literal, write_quoted};

use parser::Parser;
use token::TokenKind;

/// The default limit on nesting of expressions, blocks and template
/// directives (and on chains of binary operators and index operations,
/// which nest too). Deep enough for any real configuration, shallow enough
/// for the parser, and code walking its trees recursively, to fit on a
/// 2 MiB thread stack even in unoptimized builds.
pub const DEFAULT_MAX_DEPTH: u32 = 256;

/// Parser settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseOptions {
    /// How deeply expressions, blocks and template directives may nest;
    /// deeper input gets a "Nesting too deep" error instead of exhausting
    /// the stack.
    pub max_depth: u32,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            max_depth: DEFAULT_MAX_DEPTH,
        }
    }
}

fn whole(file: &SourceFile) -> Span {
    Span::new(0, file.source().len() as u32)
}

fn lexed<'a>(file: &'a SourceFile, span: Span, mode: LexMode, opts: &ParseOptions) -> Parser<'a> {
    Parser::new(file, span, mode, opts.max_depth)
}

/// Parses a whole configuration file (`hclsyntax.ParseConfig`). A tree is
/// always returned, recovered as well as possible after syntax errors.
pub fn parse_config(file: Arc<SourceFile>) -> (ast::File, Diagnostics) {
    parse_config_with(file, &ParseOptions::default())
}

/// The top-level blocks of `body` with the header a diagnostic's snippet
/// names them by (`in service "web"`), as
/// [`SourceMap::add`](crate::diag::render::SourceMap::add) takes them.
///
/// ```
/// use hcldecode_spec::syntax::native;
/// let (src, _) = native::source_from_bytes("a.hcl", b"service \"web\" {\n}\n".to_vec());
/// let (file, _) = native::parse_config(src.clone());
/// let headers = native::block_headers(&src, &file.body);
/// assert_eq!(headers[0].1, "service \"web\"");
/// ```
pub fn block_headers(source: &SourceFile, body: &ast::Body) -> Vec<(Span, String)> {
    body.blocks
        .iter()
        .map(|b| {
            let mut header = source.text(b.type_name).to_string();
            for l in &b.labels {
                header.push(' ');
                header.push_str(&format!("{:?}", l.value.get(source)));
            }
            (b.span(), header)
        })
        .collect()
}

/// [`parse_config`] with explicit [`ParseOptions`].
pub fn parse_config_with(file: Arc<SourceFile>, opts: &ParseOptions) -> (ast::File, Diagnostics) {
    let (body, diags) = {
        let mut p = lexed(&file, whole(&file), LexMode::Normal, opts);
        let body = p.parse_body(TokenKind::Eof);
        (body, p.finish())
    };
    (
        ast::File {
            source: file,
            body: Arc::new(body),
        },
        Diagnostics::from(diags),
    )
}

/// [`parse_config_with`] in up to `threads` pieces parsed at once on
/// scoped threads, with the same tree and diagnostics: the file is cut
/// between top-level blocks, and where a piece does not parse cleanly on
/// its own (or no top-level attribute may repeat across pieces) the file
/// is parsed whole. A file under half a megabyte, or without a place to
/// cut, is parsed whole on the calling thread.
///
/// ```
/// use hcldecode_spec::syntax::native::{self, ParseOptions};
/// let mut text = String::new();
/// for i in 0..40_000 {
///     text.push_str(&format!("service \"s{i}\" {{\n  port = {i}\n}}\n"));
/// }
/// let (src, _) = native::source_from_bytes("big.hcl", text.into_bytes());
/// let (split, d) = native::parse_config_split(src.clone(), &ParseOptions::default(), 2);
/// let (whole, _) = native::parse_config(src);
/// assert!(d.is_empty());
/// assert_eq!(split.body.blocks.len(), 40_000);
/// assert_eq!(format!("{:?}", split.body), format!("{:?}", whole.body));
/// ```
pub fn parse_config_split(
    file: Arc<SourceFile>,
    opts: &ParseOptions,
    threads: usize,
) -> (ast::File, Diagnostics) {
    match split::split_body(&file, opts.max_depth, threads) {
        Some(body) => (
            ast::File {
                source: file,
                body: Arc::new(body),
            },
            Diagnostics::new(),
        ),
        None => parse_config_with(file, opts),
    }
}

/// Parses the whole text as one expression (`hclsyntax.ParseExpression`);
/// newlines are insignificant, as inside parentheses.
pub fn parse_expression(file: &SourceFile) -> (ast::Expr, Diagnostics) {
    parse_expression_in(file, whole(file), &ParseOptions::default())
}

/// Parses the text within `span` of `file` as one expression; spans in the
/// result are offsets into the whole file.
pub fn parse_expression_in(
    file: &SourceFile,
    span: Span,
    opts: &ParseOptions,
) -> (ast::Expr, Diagnostics) {
    let mut p = lexed(file, span, LexMode::Normal, opts);
    p.push_nl(false);
    let expr = p.parse_expression();
    let next = p.peek();
    if next.kind != TokenKind::Eof && !p.recovery {
        p.err(
            "Extra characters after expression",
            "An expression was successfully parsed, but extra characters were found after it.",
            next.span,
            None,
        );
    }
    p.pop_nl();
    (expr, Diagnostics::from(p.finish()))
}

/// Parses the whole text as a template (`hclsyntax.ParseTemplate`): text
/// with `${...}` interpolations and `%{...}` directives.
pub fn parse_template(file: &SourceFile) -> (ast::Expr, Diagnostics) {
    parse_template_in(file, whole(file), &ParseOptions::default())
}

/// Parses the text within `span` of `file` as a template; spans in the
/// result are offsets into the whole file (as the JSON syntax needs for
/// templates embedded in strings).
pub fn parse_template_in(
    file: &SourceFile,
    span: Span,
    opts: &ParseOptions,
) -> (ast::Expr, Diagnostics) {
    let mut p = lexed(file, span, LexMode::Template, opts);
    let expr = p.parse_template(TokenKind::Eof, false);
    (expr, Diagnostics::from(p.finish()))
}

/// Parses the text within `span` of `file` as an absolute traversal
/// (`hclsyntax.ParseTraversalAbs`): a variable name followed by attribute
/// accesses and literal index keys. `None` when there is not even a
/// variable name (with an error).
pub fn parse_traversal_abs(file: &SourceFile, span: Span) -> (Option<Traversal>, Diagnostics) {
    let mut p = lexed(file, span, LexMode::Normal, &ParseOptions::default());
    p.push_nl(false);
    let t = p.parse_traversal_abs();
    p.pop_nl();
    (t, Diagnostics::from(p.finish()))
}

/// Makes a source file from bytes that may not be valid UTF-8.
///
/// Bytes hclsyntax's scanner reads as bad UTF-8 are replaced one for one by
/// [`INVALID_BYTE_PLACEHOLDER`], so that offsets, lines and columns stay
/// those of the original bytes; the parser then reports them ("Invalid
/// character encoding", once per file, not within comments) exactly where
/// hclsyntax does. Sequences hclsyntax's scanner takes for characters
/// although they are not valid UTF-8 (overlong forms, surrogates, code
/// points past U+10FFFF) become a replacement character of the same length.
/// A UTF-8 byte order mark is kept; the scanner skips it.
///
/// The diagnostics are about the file as a whole: a file larger than
/// [`MAX_FILE_SIZE`] is refused (and an empty source returned).
pub fn source_from_bytes(name: &str, bytes: Vec<u8>) -> (Arc<SourceFile>, Diagnostics) {
    if bytes.len() > MAX_FILE_SIZE {
        let d = Diagnostic::error(
            "File too large",
            format!(
                "The file {name:?} is {} bytes long; files larger than {MAX_FILE_SIZE} bytes are not supported.",
                bytes.len()
            ),
        );
        return (SourceFile::new(name, ""), Diagnostics::from(d));
    }
    let text = match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => sanitize_utf8(e.into_bytes()),
    };
    source_from_text(name, text)
}

/// [`source_from_bytes`] for text already known to be UTF-8 (no second
/// validation pass).
///
/// ```
/// let (file, diags) = hcldecode_spec::syntax::native::source_from_text("a.hcl", "a = 1\n".into());
/// assert!(diags.is_empty());
/// assert_eq!(file.source(), "a = 1\n");
/// ```
pub fn source_from_text(name: &str, text: String) -> (Arc<SourceFile>, Diagnostics) {
    if text.len() > MAX_FILE_SIZE {
        return source_from_bytes(name, text.into_bytes());
    }
    // A leading byte order mark is accepted, as the reference and
    // Terraform accept it (editors on Windows write one); it counts as no
    // column (see `SourceFile`).
    let file = SourceFile::new(name, text);
    let diags = Diagnostics::new();
    (file, diags)
}

/// Rewrites bytes as hclsyntax's scanner sees them (see
/// [`source_from_bytes`]).
pub(crate) fn sanitize_utf8(b: Vec<u8>) -> String {
    let mut out: Vec<u8> = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c < 0x80 {
            out.push(c);
            i += 1;
            continue;
        }
        let n = match c {
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            _ => 0,
        };
        let complete = n > 0
            && i + n <= b.len()
            && b[i + 1..i + n].iter().all(|&x| (0x80..=0xBF).contains(&x));
        if !complete {
            out.push(INVALID_BYTE_PLACEHOLDER);
            i += 1;
            continue;
        }
        let seq = &b[i..i + n];
        if std::str::from_utf8(seq).is_ok() {
            out.extend_from_slice(seq);
        } else {
            // A character to hclsyntax, but not valid UTF-8: keep a valid,
            // non-identifier character of the same length.
            let repl = match n {
                2 => "\u{D7}",
                3 => "\u{FFFD}",
                _ => "\u{1FFFD}",
            };
            out.extend_from_slice(repl.as_bytes());
        }
        i += n;
    }
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}
