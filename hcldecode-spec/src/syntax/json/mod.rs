//! HCL's JSON syntax: a port of HashiCorp's `hcl/v2/json` scanner and
//! parser (v2.14.1), producing a JSON value tree with spans ([`ast`]).
//!
//! This layer is syntax only. Which properties are attributes and which are
//! blocks depends on a schema and is decided later, by the body layer built
//! on this tree (the reference's `structure.go`); duplicate property names,
//! `"//"` comment properties and the like are that layer's business, so the
//! tree keeps every property in source order.
//!
//! Parsing matches the reference's diagnostics (summary, detail, subject
//! and context ranges, order) for every kind of malformed input, including
//! its recovery, which can report several problems in one file, and its
//! quirks (an "Invalid JSON string" column is the token's column plus the
//! error's *byte* offset; a prepended concatenation mark such as U+0600
//! swallows the closing quote after it). Differences:
//!
//! - nesting deeper than [`ParseOptions::max_depth`] objects and arrays is
//!   reported ("Nesting too deep") and parsing stops; the reference has no
//!   limit;
//! - the reference reads bytes; here a file is text, and
//!   [`source_from_bytes`] replaces each byte that is not valid UTF-8 with
//!   U+FFFD as Go's JSON decoder does inside strings (silently, as the
//!   reference does). Lines and columns still match, but byte offsets after
//!   such a byte inside a string are two more per replaced byte (and so is
//!   the column of an "Invalid JSON string" error after one);
//! - grapheme clusters inside strings follow Unicode 17
//!   (`unicode-segmentation`) where the reference uses Unicode 13, which
//!   can change a column after rare scripts' clusters; the prepended marks
//!   that decide where a string ends are Unicode 13's, as in the reference;
//! - the placeholder root of a file that failed to parse has its closing
//!   brace at 1:1 where the reference's is an all-zero range;
//! - files over [`MAX_FILE_SIZE`](crate::source::MAX_FILE_SIZE) bytes are
//!   reported ("File too large") rather than parsed.
//!
//! ## Strings and templates
//!
//! The body layer parses string values as templates. The reference parses
//! the *decoded* value, positioned as if it began one column and one byte
//! after the opening quote (`SrcRange.Start` + 1), so its positions are
//! exact only when the literal has no escapes. [`JsonString::is_raw`] says
//! when that is so: the template text is then [`JsonString::content_span`]
//! of this very file.
//!
//! ## Positions
//!
//! The reference JSON scanner counts columns its own way (a tab is two
//! columns, a carriage return none, grapheme clusters only inside
//! strings), so a JSON [`SourceFile`] must count with
//! [`ColumnRule::Json`](crate::source::ColumnRule): create it with
//! [`source_from_bytes`]. Ranges then come from
//! [`SourceFile::range`] as usual.
//!
//! ```
//! use hcldecode_spec::syntax::json::{self, Value};
//!
//! let src = json::source_from_bytes("main.json", b"{\n\t\"a\": [1, true]\n}".to_vec());
//! let (file, diags) = json::parse(src.clone());
//! assert!(diags.is_empty());
//! let doc = &file.doc;
//! let prop = &file.root.as_object().unwrap().props(doc)[0];
//! assert_eq!(prop.key.value(doc), "a");
//! assert_eq!(src.range(prop.key.span).to_string(), "main.json:2,3-6");
//! let items = prop.value.as_array().unwrap().items(doc);
//! assert!(matches!(items[0], Value::Number(s) if doc.text(s) == "1"));
//!
//! let (_, diags) = json::parse(json::source_from_bytes("bad.json", b"{\"a\": tru}".to_vec()));
//! assert_eq!(
//!     diags.to_string(),
//!     "bad.json:1,7-10: Invalid JSON keyword; \"tru\" is not a valid JSON keyword. Did you mean \"true\"?"
//! );
//! ```

pub mod ast;
mod parser;
mod scanner;

use std::sync::Arc;

pub use ast::{Array, Document, File, JsonString, Object, Property, Value};
pub use parser::{DEFAULT_MAX_DEPTH, ParseOptions};

use crate::diagnostic::Diagnostics;
use crate::source::SourceFile;

/// Parses a JSON configuration file (`json.Parse`).
///
/// The root must be an object or an array (of objects, which the body
/// layer checks); otherwise, or when the root fails to parse, the
/// diagnostics end with "Root value must be object" and
/// [`File::root`] is an empty placeholder object. The tree is complete
/// when there are no errors; with errors it holds what could be parsed,
/// with [`Value::Invalid`] where values failed.
///
/// `file` should count columns with the JSON rule (see the module
/// documentation).
pub fn parse(file: Arc<SourceFile>) -> (File, Diagnostics) {
    parser::parse_file(file, &ParseOptions::default())
}

/// [`parse`] with options.
pub fn parse_with(file: Arc<SourceFile>, options: &ParseOptions) -> (File, Diagnostics) {
    parser::parse_file(file, options)
}

/// Parses one JSON value of any kind (`json.ParseExpression`), followed by
/// nothing but whitespace.
///
/// [`File::root`] is the value, [`Value::Invalid`] if it failed to parse.
///
/// ```
/// use hcldecode_spec::syntax::json;
/// let src = json::source_from_bytes("<value>", b" \"x\" ".to_vec());
/// let (file, diags) = json::parse_expression(src, &Default::default());
/// assert!(diags.is_empty());
/// assert_eq!(file.root.as_string().unwrap().value(&file.doc), "x");
/// ```
pub fn parse_expression(file: Arc<SourceFile>, options: &ParseOptions) -> (File, Diagnostics) {
    parser::parse_expression(file, options)
}

/// A JSON source file from raw bytes, counting columns as the reference
/// JSON scanner does. Each byte that is not part of valid UTF-8 becomes
/// U+FFFD (Go's decoder replaces one byte at a time, so `E2 82` is two
/// replacement characters); the reference reports nothing for such bytes
/// inside strings, and outside strings the parser reports the replacement
/// as it would the byte ("Invalid start of value" and the like).
///
/// ```
/// use hcldecode_spec::syntax::json;
/// let f = json::source_from_bytes("x.json", b"\"a\xe2\x82\"".to_vec());
/// assert_eq!(f.source(), "\"a\u{FFFD}\u{FFFD}\"");
/// ```
pub fn source_from_bytes(name: impl Into<Arc<str>>, bytes: Vec<u8>) -> Arc<SourceFile> {
    let text = match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => {
            let bytes = e.into_bytes();
            let mut out = String::with_capacity(bytes.len() + 16);
            let mut rest = &bytes[..];
            loop {
                match std::str::from_utf8(rest) {
                    Ok(s) => {
                        out.push_str(s);
                        break;
                    }
                    Err(e) => {
                        let (ok, bad) = rest.split_at(e.valid_up_to());
                        out.push_str(std::str::from_utf8(ok).unwrap_or_default());
                        out.push('\u{FFFD}');
                        rest = &bad[1..];
                    }
                }
            }
            out
        }
    };
    SourceFile::with_column_counter(name, text, &scanner::COLUMNS)
}
