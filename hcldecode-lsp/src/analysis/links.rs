//! Document links (`textDocument/documentLink`): the paths given to the
//! file functions (`file("motd.txt")`, `templatefile("tpl/a.tpl", {})`),
//! linked to the file they name.

use std::path::{Path, PathBuf};

use hcldecode_spec::syntax::native::token::TokenKind;
use lsp_types as lsp;

use super::syntax::tokens;
use crate::text::Document;
use crate::workspace::{file_path, file_uri};

/// The functions whose first argument is a path to a file (the
/// filesystem and Terraform sets).
const FILE_FUNCTIONS: &[&str] = &[
    "file",
    "fileexists",
    "filebase64",
    "filemd5",
    "filesha1",
    "filesha256",
    "filesha512",
    "filebase64sha256",
    "filebase64sha512",
    "templatefile",
];

/// A link for each literal path given to a file function that names an
/// existing file: the path's text (inside its quotes) to the file, a
/// relative path read from the document's directory (as the functions
/// read it with `FsConfig::beside_input`). A path with escapes or
/// interpolations, or in a document that is not a `file://` one, gets no
/// link. Read from the lexer's tokens, so broken documents link too;
/// native documents only.
///
/// ```
/// let dir = std::env::temp_dir().join("hcldecode-lsp-links-doc");
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("motd.txt"), "hi").unwrap();
/// let uri = format!("file://{}/main.hcl", dir.display());
/// let text = "motd = file(\"motd.txt\")\nnope = file(\"missing\")\n".into();
/// let links = hcldecode_lsp::analysis::document_links(&uri, &text);
/// assert_eq!(links.len(), 1);
/// assert_eq!(links[0].range.start, lsp_types::Position::new(0, 13));
/// assert!(links[0].target.as_ref().unwrap().as_str().ends_with("/motd.txt"));
/// ```
pub fn document_links(uri: &str, text: &Document) -> Vec<lsp::DocumentLink> {
    if hcldecode::parse::Syntax::for_path(uri) == hcldecode::parse::Syntax::Json {
        return Vec::new();
    }
    let Some(dir) = file_path(uri).and_then(|p| p.parent().map(Path::to_path_buf)) else {
        return Vec::new();
    };
    let toks: Vec<_> = tokens(text)
        .into_iter()
        .filter(|t| !matches!(t.kind, TokenKind::Newline | TokenKind::Comment))
        .collect();
    let mut out = Vec::new();
    for w in toks.windows(5) {
        let [name, open, quote, lit, close] = w else {
            continue;
        };
        let word = text.get(name.span.start as usize..name.span.end as usize);
        if name.kind != TokenKind::Ident
            || !word.is_some_and(|w| FILE_FUNCTIONS.contains(&w))
            || open.kind != TokenKind::OParen
            || quote.kind != TokenKind::OQuote
            || lit.kind != TokenKind::QuotedLit
            || close.kind != TokenKind::CQuote
        {
            continue;
        }
        let (start, end) = (lit.span.start as usize, lit.span.end as usize);
        let Some(path) = text.get(start..end).filter(|p| plain(p)) else {
            continue;
        };
        let Some(target) = resolve(&dir, path) else {
            continue;
        };
        out.push(lsp::DocumentLink {
            range: text.range(start, end),
            target: file_uri(&target).parse().ok(),
            tooltip: Some(target.display().to_string()),
            data: None,
        });
    }
    out
}

/// Whether a literal's text is the path itself: no escapes, no `$${` or
/// `%%{`.
fn plain(s: &str) -> bool {
    !s.is_empty() && !s.contains('\\') && !s.contains("${") && !s.contains("%{")
}

/// `path` read from `dir`, when a file is there.
fn resolve(dir: &Path, path: &str) -> Option<PathBuf> {
    let p = dir.join(path);
    p.is_file().then_some(p)
}
