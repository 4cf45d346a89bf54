//! Editing HCL's JSON syntax (`.hcl.json`, `.tf.json`) without loss: a
//! [`JsonDocument`] is the text and the JSON tree of it, edited by
//! splicing the edited properties' text in JSON's own layout (a new
//! property goes after the last one, on its own line when the object has
//! one property per line, with the object's indentation), then parsing
//! again: an edit that would not parse is refused.
//!
//! Which properties are attributes and which are blocks is the schema's
//! business in JSON syntax; here a block is reached as the reference
//! reads one: a property named by its type, then one nested object per
//! label, an array where several blocks share a key.

mod body;
mod document;
mod step;
mod write;
mod write_back;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::source::{SourceFile, Span};
use hcldecode_spec::syntax::json::{self, ast};

use super::EditError;

pub use body::JsonBodyMut;
pub use document::JsonDocument;
pub(crate) use step::JsonStep;

impl FromStr for JsonDocument {
    type Err = EditError;

    fn from_str(s: &str) -> Result<JsonDocument, EditError> {
        JsonDocument::parse("document.hcl.json", s)
    }
}

impl fmt::Display for JsonDocument {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

impl JsonDocument {
    /// Parses `text` as HCL's JSON syntax; `name` is the file name its
    /// diagnostics carry. Text with syntax errors, or whose root is not an
    /// object, is refused with the parser's diagnostics.
    ///
    /// ```
    /// use hcldecode::edit::{EditError, JsonDocument};
    /// assert!(JsonDocument::parse("a.json", "{\"a\": 1}").is_ok());
    /// assert!(matches!(JsonDocument::parse("a.json", "{\"a\": }"), Err(EditError::Syntax(_))));
    /// assert!(matches!(JsonDocument::parse("a.json", "[1]"), Err(EditError::Syntax(_))));
    /// ```
    pub fn parse(name: &str, text: &str) -> Result<JsonDocument, EditError> {
        parse_json(name, text.to_string())
            .map(|file| JsonDocument {
                file,
                templates: true,
            })
            .map_err(EditError::Syntax)
    }

    /// Whether the application reads the document's strings as templates:
    /// HCL's JSON syntax evaluates a string as a template when the reader
    /// gives a context (variables or functions, as Terraform does), and
    /// takes it literally when it gives none. On (the default), a string
    /// written with `${` or `%{` is escaped (`$${`) so that it reads back
    /// as written; off, strings are written as they are. Typed write-back
    /// sets it from its decoder for its own writes.
    ///
    /// ```
    /// use hcldecode::edit::JsonDocument;
    /// use hcldecode::Value;
    /// let mut doc = JsonDocument::parse("a.json", "{}").unwrap().templates(false);
    /// doc.body_mut().set_attribute("a", &Value::string("${x}")).unwrap();
    /// assert_eq!(doc.to_string(), r#"{"a": "${x}"}"#);
    /// ```
    pub fn templates(mut self, on: bool) -> JsonDocument {
        self.templates = on;
        self
    }

    /// The text of the document.
    ///
    /// ```
    /// let doc: hcldecode::edit::JsonDocument = "{}".parse().unwrap();
    /// assert_eq!(doc.text(), "{}");
    /// ```
    pub fn text(&self) -> &str {
        self.file.source().source()
    }

    /// The root object, to edit.
    ///
    /// ```
    /// use hcldecode::edit::JsonDocument;
    /// use hcldecode::Value;
    /// let mut doc: JsonDocument = "{\"a\": 1}".parse().unwrap();
    /// doc.body_mut().set_attribute("b", &Value::bool(true)).unwrap();
    /// assert_eq!(doc.to_string(), "{\"a\": 1, \"b\": true}");
    /// ```
    pub fn body_mut(&mut self) -> JsonBodyMut<'_> {
        JsonBodyMut::root(self)
    }

    fn source(&self) -> &Arc<SourceFile> {
        self.file.source()
    }

    /// The value at the end of `path` from the root.
    fn resolve(&self, path: &[JsonStep]) -> Option<ast::Value> {
        let doc = &self.file.doc;
        let mut at = self.file.root;
        for step in path {
            at = match (step, at) {
                (JsonStep::Key(k), ast::Value::Object(o)) => o.get(doc, k)?.value,
                (JsonStep::Index(i), ast::Value::Array(a)) => *a.items(doc).get(*i)?,
                _ => return None,
            };
        }
        Some(at)
    }

    /// Replaces each span of `edits` (in source order, not overlapping) and
    /// parses the result: refused (the document unchanged) when it does
    /// not parse.
    fn splice_many(&mut self, edits: &[(Span, String)]) -> Result<(), EditError> {
        let text = self.text();
        let mut next = String::with_capacity(text.len());
        let mut at = 0;
        for (span, with) in edits {
            next.push_str(&text[at..span.start as usize]);
            next.push_str(with);
            at = span.end as usize;
        }
        next.push_str(&text[at..]);
        self.file = parse_json(self.source().name(), next).map_err(EditError::Invalid)?;
        Ok(())
    }

    fn splice(&mut self, span: Span, with: &str) -> Result<(), EditError> {
        self.splice_many(&[(span, with.to_string())])
    }

    /// The line ending the document uses (`\r\n` when any line has one).
    fn newline(&self) -> &'static str {
        super::layout::newline_of(self.text())
    }

    /// One step of indentation in this document: the indentation of the
    /// first property on a line of its own (two spaces when there is none).
    fn indent_unit(&self) -> String {
        let doc = &self.file.doc;
        let text = self.text();
        if let ast::Value::Object(o) = self.file.root {
            for p in o.props(doc) {
                let at = p.key.span.start as usize;
                if super::layout::starts_line(text, at) {
                    let indent = super::layout::indent_at(text, at);
                    if !indent.is_empty() {
                        return indent.to_string();
                    }
                }
            }
        }
        "  ".to_string()
    }
}

fn parse_json(name: &str, text: String) -> Result<ast::File, Diagnostics> {
    let src = json::source_from_bytes(name, text.into_bytes());
    let (file, diags) = json::parse(src);
    if diags.has_errors() {
        return Err(diags);
    }
    if file.root.as_object().is_none() {
        let mut d = Diagnostics::new();
        d.push(
            hcldecode_spec::diag::Diagnostic::error(
                "Root value must be object",
                "A JSON document to edit must have an object as its root.",
            )
            .with_subject(file.source().range(file.root.span())),
        );
        return Err(d);
    }
    Ok(file)
}
