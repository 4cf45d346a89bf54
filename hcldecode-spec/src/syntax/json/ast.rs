//! The syntax tree of an HCL JSON file: plain JSON values with spans.
//!
//! The tree mirrors HashiCorp's `hcl/v2/json/ast.go` node for node:
//!
//! | Go node      | here                                        |
//! |--------------|---------------------------------------------|
//! | `objectVal`  | [`Value::Object`] ([`Object`] handle)       |
//! | `objectAttr` | [`Property`]                                |
//! | `arrayVal`   | [`Value::Array`] ([`Array`] handle)         |
//! | `stringVal`  | [`Value::String`] ([`JsonString`])          |
//! | `numberVal`  | [`Value::Number`] (the literal's span)      |
//! | `booleanVal` | [`Value::Bool`]                             |
//! | `nullVal`    | [`Value::Null`]                             |
//! | `invalidVal` | [`Value::Invalid`]                          |
//!
//! ## Layout
//!
//! All nodes of a file live in one [`Document`] (a few flat vectors, so a
//! parse makes a handful of allocations and dropping a tree of any depth
//! is cheap and never recursive). Values are small `Copy` handles: an
//! [`Object`] or [`Array`] is an index plus its span, and reading its
//! contents takes the document ([`Object::props`], [`Array::items`]).
//! The body layer shares a file by cloning the `Arc<Document>` and keeps
//! `(Arc<Document>, Object)` pairs as bodies.
//!
//! ## What the tree keeps, and why
//!
//! - Object properties are in source order and **duplicates are kept**: the
//!   reference parser accepts `{"a": 1, "a": 2}` and its body layer reports
//!   "Duplicate argument" (with the earlier definition's range) only for
//!   names a schema asks for, so the body layer needs every occurrence.
//! - Numbers are never converted: [`Value::Number`] is the span of the
//!   literal, which the parser has already checked is valid JSON that cty's
//!   `ParseNumberVal` accepts. Read it with [`Document::text`].
//! - Strings own their decoded text only when it differs from the source
//!   (escapes); [`JsonString::value`] reads it either way, and
//!   [`JsonString::is_raw`] tells whether the source between the quotes is
//!   the value itself, so templates can be parsed straight from the file
//!   with exact positions.
//!
//! ## Ranges
//!
//! Spans resolve to ranges with [`SourceFile::range`] (or
//! [`Document::range`]); a JSON file must be created with
//! [`ColumnRule::Json`](crate::source::ColumnRule) (as
//! [`super::source_from_bytes`] does) for columns to match HCL's. The
//! reference's range vocabulary, for the body layer:
//!
//! | Go                         | here                                     |
//! |----------------------------|------------------------------------------|
//! | `node.Range()`             | [`Value::span`]                          |
//! | `node.StartRange()`        | [`Value::start_span`]                    |
//! | `objectVal.OpenRange`      | [`Object::open`]                         |
//! | `objectVal.CloseRange`     | [`Object::close`] (`MissingItemRange`)   |
//! | `arrayVal.OpenRange`       | [`Array::open`] (`MissingItemRange`)     |
//! | `objectAttr.NameRange`     | [`Property::key`]`.span`                 |
//! | attribute `Range`          | [`Property::span`]                       |

use std::sync::Arc;

use crate::source::{Range, SourceFile, Span};

/// A parsed JSON file: the document holding the tree, and its root.
#[derive(Clone, Debug)]
pub struct File {
    /// Every node of the file, and its source.
    pub doc: Arc<Document>,
    /// The root value: always a [`Value::Object`] or a [`Value::Array`]
    /// (from [`super::parse_expression`]: any value).
    ///
    /// As in the reference, when the root fails to parse or is not an
    /// object or array, the parser reports "Root value must be object" and
    /// puts an empty placeholder object here, whose span is empty at the
    /// start of the file, so that the body layer reports nothing further.
    pub root: Value,
}

impl File {
    /// The source the file was parsed from.
    pub fn source(&self) -> &Arc<SourceFile> {
        &self.doc.source
    }
}

/// The storage of one parsed file's nodes.
#[derive(Debug)]
pub struct Document {
    source: Arc<SourceFile>,
    /// Per object, the start and length of its properties in `props`.
    objects: Vec<(u32, u32)>,
    /// Per array, the start and length of its elements in `items`.
    arrays: Vec<(u32, u32)>,
    props: Vec<Property>,
    items: Vec<Value>,
    /// Decoded string values that differ from their source text.
    decoded: Vec<Box<str>>,
}

impl Document {
    pub(crate) fn new(source: Arc<SourceFile>) -> Document {
        Document {
            source,
            objects: Vec::new(),
            arrays: Vec::new(),
            props: Vec::new(),
            items: Vec::new(),
            decoded: Vec::new(),
        }
    }

    /// The source the document was parsed from.
    pub fn source(&self) -> &Arc<SourceFile> {
        &self.source
    }

    /// The source text of `span` (a number literal, say).
    pub fn text(&self, span: Span) -> &str {
        self.source.text(span)
    }

    /// `span` resolved to a range in the source file.
    pub fn range(&self, span: Span) -> Range {
        self.source.range(span)
    }

    /// Appends a finished object whose properties are `props`.
    pub(crate) fn push_object(&mut self, props: &[Property], span: Span) -> Object {
        let start = self.props.len() as u32;
        self.props.extend_from_slice(props);
        let len = self.props.len() as u32 - start;
        self.objects.push((start, len));
        Object {
            id: self.objects.len() as u32 - 1,
            span,
        }
    }

    /// Appends a finished array whose elements are `items`.
    pub(crate) fn push_array(&mut self, items: &[Value], span: Span) -> Array {
        let start = self.items.len() as u32;
        self.items.extend_from_slice(items);
        let len = self.items.len() as u32 - start;
        self.arrays.push((start, len));
        Array {
            id: self.arrays.len() as u32 - 1,
            span,
        }
    }

    /// A string whose value differs from its source text.
    pub(crate) fn push_decoded(&mut self, span: Span, value: String) -> JsonString {
        self.decoded.push(value.into_boxed_str());
        JsonString {
            span,
            decoded: self.decoded.len() as u32 - 1,
        }
    }
}

/// A JSON value: a small `Copy` handle into its [`Document`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// `{ ... }`.
    Object(Object),
    /// `[ ... ]`.
    Array(Array),
    /// A string literal.
    String(JsonString),
    /// A number literal: the span of its text, e.g. `-1.5e3`.
    Number(Span),
    /// `true` or `false`.
    Bool(bool, Span),
    /// `null`.
    Null(Span),
    /// A value that failed to parse (already diagnosed). Its span is that of
    /// the first token of the value (for a container, its opening brace or
    /// bracket), as in the reference's `invalidVal`.
    Invalid(Span),
}

impl Value {
    /// The whole value (`Range()`): brace to brace for containers, the token
    /// for scalars.
    pub fn span(self) -> Span {
        match self {
            Value::Object(o) => o.span,
            Value::Array(a) => a.span,
            Value::String(s) => s.span,
            Value::Number(s) | Value::Bool(_, s) | Value::Null(s) | Value::Invalid(s) => s,
        }
    }

    /// Where the value starts (`StartRange()`): the opening brace or
    /// bracket of a container, the whole token of a scalar. The reference
    /// reports most "wrong kind of value" problems here.
    pub fn start_span(self) -> Span {
        match self {
            Value::Object(o) => o.open(),
            Value::Array(a) => a.open(),
            other => other.span(),
        }
    }

    /// The object, if this is one.
    pub fn as_object(self) -> Option<Object> {
        match self {
            Value::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The array, if this is one.
    pub fn as_array(self) -> Option<Array> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The string, if this is one.
    pub fn as_string(self) -> Option<JsonString> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// Whether this is `null`.
    pub fn is_null(self) -> bool {
        matches!(self, Value::Null(_))
    }
}

/// `{ "name": value, ... }`: a handle to an object of a [`Document`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Object {
    id: u32,
    /// From the `{` through the `}` (`SrcRange`); empty for the placeholder
    /// root of a file that failed to parse.
    pub span: Span,
}

impl Object {
    /// The placeholder root of a file that failed to parse: no properties,
    /// empty span at the start of the file. Its id is out of range of every
    /// document, so [`Object::props`] gives nothing.
    pub(crate) fn placeholder() -> Object {
        Object {
            id: u32::MAX,
            span: Span::empty(0),
        }
    }

    /// The `{` (`OpenRange`).
    pub fn open(self) -> Span {
        opening(self.span)
    }

    /// The `}` (`CloseRange`; the body layer's `MissingItemRange`).
    pub fn close(self) -> Span {
        closing(self.span)
    }

    /// The properties in source order, duplicates included. `doc` must be
    /// the document the object belongs to.
    pub fn props(self, doc: &Document) -> &[Property] {
        members(&doc.objects, self.id, &doc.props)
    }

    /// The first property called `name`, if any (linear).
    pub fn get<'a>(self, doc: &'a Document, name: &str) -> Option<&'a Property> {
        self.props(doc).iter().find(|p| p.key.value(doc) == name)
    }
}

/// `[ value, ... ]`: a handle to an array of a [`Document`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Array {
    id: u32,
    /// From the `[` through the `]` (`SrcRange`).
    pub span: Span,
}

impl Array {
    /// The `[` (`OpenRange`; the body layer's `MissingItemRange`).
    pub fn open(self) -> Span {
        opening(self.span)
    }

    /// The `]`.
    pub fn close(self) -> Span {
        closing(self.span)
    }

    /// The elements in order. `doc` must be the array's document.
    pub fn items(self, doc: &Document) -> &[Value] {
        members(&doc.arrays, self.id, &doc.items)
    }
}

/// The opening bracket of a bracketed span.
fn opening(span: Span) -> Span {
    Span::new(span.start, (span.start + 1).min(span.end))
}

/// The closing bracket of a bracketed span.
fn closing(span: Span) -> Span {
    Span::new(span.end.saturating_sub(1).max(span.start), span.end)
}

/// The members of object or array `id`: its `(start, len)` in `index`, a
/// run of `all`; none for an id out of range.
fn members<'a, T>(index: &[(u32, u32)], id: u32, all: &'a [T]) -> &'a [T] {
    match index.get(id as usize) {
        Some(&(start, len)) => &all[start as usize..(start + len) as usize],
        None => &[],
    }
}

/// One `"name": value` of an object (the reference's `objectAttr`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Property {
    /// The name; its span (quotes included) is the reference's `NameRange`.
    pub key: JsonString,
    /// The `:`.
    pub colon: Span,
    /// The value.
    pub value: Value,
}

impl Property {
    /// From the name through the end of the value: the range the reference
    /// gives an attribute defined by this property
    /// (`hcl.RangeBetween(NameRange, Value.Range())`).
    pub fn span(&self) -> Span {
        Span::between(self.key.span, self.value.span())
    }
}

/// A string literal.
///
/// ```
/// use hcldecode_spec::syntax::json::{self, Value};
///
/// let src = json::source_from_bytes("a.json", br#"{"a": "x\ty", "b": "${v}"}"#.to_vec());
/// let (file, diags) = json::parse(src.clone());
/// assert!(diags.is_empty());
/// let doc = &file.doc;
/// let props = file.root.as_object().unwrap().props(doc);
/// let a = props[0].value.as_string().unwrap();
/// assert_eq!(a.value(doc), "x\ty");
/// assert!(!a.is_raw());
/// let b = props[1].value.as_string().unwrap();
/// assert!(b.is_raw());
/// assert_eq!(src.text(b.content_span()), "${v}");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JsonString {
    /// The whole token, quotes included (`SrcRange`).
    pub span: Span,
    /// Index of the decoded text in the document, or `RAW`.
    decoded: u32,
}

const RAW: u32 = u32::MAX;

impl JsonString {
    /// A string whose value is the source text between the quotes of `span`.
    pub(crate) fn raw(span: Span) -> JsonString {
        JsonString { span, decoded: RAW }
    }

    /// The decoded value. `doc` must be the string's document.
    pub fn value(self, doc: &Document) -> &str {
        match doc.decoded.get(self.decoded as usize) {
            Some(s) => s,
            None => doc.source.text(self.content_span()),
        }
    }

    /// Whether the value is exactly the source text between the quotes
    /// ([`JsonString::content_span`]): true when the literal has no escapes.
    pub fn is_raw(self) -> bool {
        self.decoded == RAW
    }

    /// The span between the quotes. For a raw string
    /// ([`JsonString::is_raw`]) this is where the value's text lies in the
    /// file; otherwise it is only approximately where it came from.
    pub fn content_span(self) -> Span {
        if self.span.len() >= 2 {
            Span::new(self.span.start + 1, self.span.end - 1)
        } else {
            Span::empty(self.span.end)
        }
    }
}
