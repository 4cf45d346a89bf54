//! Editing HCL native syntax without loss (issue 26, third part).
//!
//! A [`Document`] is the text of a file and the syntax tree our parser
//! builds of it (byte ranges into that text, the same ranges diagnostics
//! report). Printing a document ([`Display`](std::fmt::Display)) writes the
//! text: parse then print is the identity for every input the parser
//! accepts, comments, blank lines, odd spacing, heredocs, CRLF line ends
//! and a byte order mark included.
//!
//! An edit splices the text of the items it changes and parses the result
//! again: only the edited items' text changes, and an edit that would not
//! parse is refused (the document is left as it was). Comments directly
//! above an item (its "decor") belong to it: they go when it is removed.
//! New items are indented as their siblings and `=` is aligned in the run
//! of attributes they join, as `hclfmt` aligns it.
//!
//! - navigation: [`Document::body_mut`], then [`BodyMut::block`] into nested
//!   blocks by type and labels;
//! - edits: [`BodyMut::set_attribute`] (from a [`Value`](crate::Value)),
//!   [`BodyMut::set_attribute_expr`] (from text), [`BodyMut::rename_attribute`],
//!   [`BodyMut::remove_attribute`], [`BodyMut::add_block`],
//!   [`BodyMut::remove_block`], [`BodyMut::set_labels`], [`BodyMut::add_comment`];
//! - inside expressions: [`BodyMut::expr_mut`], then [`ExprMut::key`],
//!   [`ExprMut::index`] and [`ExprMut::arg`] to an object's item, a
//!   tuple's element or a call's argument; [`ExprMut::set`],
//!   [`ExprMut::set_item`], [`ExprMut::remove_item`], [`ExprMut::push`],
//!   [`ExprMut::insert`], [`ExprMut::remove`];
//! - typed write-back: [`Document::update_from`] writes a modified typed
//!   value back, changing only what differs (`write_back`).
//!
//! ```
//! use hcldecode::edit::Document;
//! use hcldecode::Value;
//! let src = "# The job.\njob \"web\" {\n  group \"api\" {\n    count = 3 # replicas\n    image = \"nginx\"\n  }\n}\n";
//! let mut doc: Document = src.parse().unwrap();
//! assert_eq!(doc.to_string(), src);
//! doc.body_mut()
//!     .block("job", &["web"]).unwrap()
//!     .block("group", &["api"]).unwrap()
//!     .set_attribute("count", &Value::int(5)).unwrap();
//! assert_eq!(doc.to_string(), src.replace("count = 3", "count = 5"));
//! ```

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::source::{SourceFile, Span};
use hcldecode_spec::syntax::native::{self, ast};

mod body;
mod document;
mod error;
mod expr;
mod json;
mod layout;
mod matching;
mod navigate;
mod step;
mod write_back;

pub use document::Document;
pub use error::EditError;
pub use expr::ExprMut;
pub use json::{JsonBodyMut, JsonDocument};
pub use navigate::BodyMut;
pub(crate) use step::Step;

use matching::{block_matches, describe};

impl FromStr for Document {
    type Err = EditError;

    fn from_str(s: &str) -> Result<Document, EditError> {
        Document::parse("document.hcl", s)
    }
}

impl fmt::Display for Document {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

impl Document {
    /// Parses `text` as native syntax; `name` is the file name its
    /// diagnostics carry. Text with syntax errors is refused with the
    /// parser's diagnostics (as `hcldec` reports them).
    ///
    /// ```
    /// use hcldecode::edit::{Document, EditError};
    /// let err = Document::parse("main.tf", "a = {\n").unwrap_err();
    /// let EditError::Syntax(diags) = err else { panic!() };
    /// assert_eq!(&*diags[0].subject.as_ref().unwrap().filename, "main.tf");
    /// ```
    pub fn parse(name: &str, text: &str) -> Result<Document, EditError> {
        parse_file(name, text.to_string())
            .map(|file| Document {
                file,
                formatted: None,
            })
            .map_err(EditError::Syntax)
    }

    /// The text of the document.
    ///
    /// ```
    /// let doc: hcldecode::edit::Document = "a = 1\n".parse().unwrap();
    /// assert_eq!(doc.text(), "a = 1\n");
    /// ```
    pub fn text(&self) -> &str {
        self.file.source.source()
    }

    /// The syntax tree of the current text, with the byte ranges its
    /// diagnostics use (`file().source` resolves them to lines and columns).
    ///
    /// ```
    /// let doc: hcldecode::edit::Document = "a = 1\n".parse().unwrap();
    /// let attr = &doc.file().body.attributes[0];
    /// assert_eq!(doc.file().source.text(attr.name), "a");
    /// ```
    pub fn file(&self) -> &ast::File {
        &self.file
    }

    /// The file's body, to edit (navigate into blocks with
    /// [`BodyMut::block`]).
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a = 1\n".parse().unwrap();
    /// doc.body_mut().set_attribute_expr("b", "a + 1").unwrap();
    /// assert_eq!(doc.to_string(), "a = 1\nb = a + 1\n");
    /// ```
    pub fn body_mut(&mut self) -> BodyMut<'_> {
        BodyMut::root(self)
    }

    fn source(&self) -> &Arc<SourceFile> {
        &self.file.source
    }

    /// Replaces the bytes `span` by `with` and parses the result: refused
    /// (the document unchanged) when it does not parse.
    fn splice(&mut self, span: Span, with: &str) -> Result<(), EditError> {
        self.splice_many(&[(span, with.to_string())])
    }

    /// Replaces each span of `edits` (in source order, not overlapping) and
    /// parses the result once. A document that was formatted (as `hclfmt`
    /// formats) is formatted again after the splice: the formatter changes
    /// only the lines the edit touched and the runs they align with (the
    /// rest was formatted already), so "formatted in, formatted out" holds
    /// for every edit, alignment of `=` and trailing comments included.
    fn splice_many(&mut self, edits: &[(Span, String)]) -> Result<(), EditError> {
        if edits.is_empty() {
            return Ok(());
        }
        let formatted = match self.formatted {
            Some(f) => f,
            None => crate::format::is_formatted(self.text().as_bytes()),
        };
        self.formatted = Some(formatted);
        let text = self.text();
        let mut next = String::with_capacity(text.len());
        let mut at = 0;
        for (span, with) in edits {
            next.push_str(&text[at..span.start as usize]);
            next.push_str(with);
            at = span.end as usize;
        }
        next.push_str(&text[at..]);
        if formatted {
            // Formatting changes only spaces between tokens of UTF-8 text.
            if let Ok(f) = String::from_utf8(crate::format::format(next.as_bytes())) {
                next = f;
            }
        }
        let file = parse_file(self.source().name(), next).map_err(EditError::Invalid)?;
        self.file = file;
        // An edit of an unformatted document may or may not format it.
        self.formatted = formatted.then_some(true);
        Ok(())
    }

    /// The body at the end of `path`, and the block holding it (none for
    /// the file's body).
    fn resolve(&self, path: &[Step]) -> Result<(&ast::Body, Option<&ast::Block>), EditError> {
        let src = self.source();
        let mut body: &ast::Body = &self.file.body;
        let mut block = None;
        for (i, step) in path.iter().enumerate() {
            let found = body
                .blocks
                .iter()
                .filter(|b| block_matches(src, b, &step.ty, &step.labels))
                .nth(step.nth)
                .ok_or_else(|| EditError::NoSuchBlock(describe(&path[..=i])))?;
            body = &found.body;
            block = Some(found);
        }
        Ok((body, block))
    }

    /// The line ending the document uses (`\r\n` when any line has one).
    fn newline(&self) -> &'static str {
        layout::newline_of(self.text())
    }
}

fn parse_file(name: &str, text: String) -> Result<ast::File, Diagnostics> {
    let (src, d0) = native::source_from_text(name, text);
    if d0.has_errors() {
        return Err(d0);
    }
    let (file, diags) = native::parse_config(src);
    if diags.has_errors() {
        return Err(diags);
    }
    Ok(file)
}
