//! The syntax tree of an HCL JSON file: plain JSON values with spans.
//!
//! The tree mirrors HashiCorp's `hcl/v2/json/ast.go` node for node:
//!
//! | Go node      | here                                   |
//! |--------------|----------------------------------------|
//! | `objectVal`  | [`Value::Object`] ([`Object`])         |
//! | `objectAttr` | [`Property`]                           |
//! | `arrayVal`   | [`Value::Array`] ([`Array`])           |
//! | `stringVal`  | [`Value::String`] ([`JsonString`])     |
//! | `numberVal`  | [`Value::Number`] (the literal's span) |
//! | `booleanVal` | [`Value::Bool`]                        |
//! | `nullVal`    | [`Value::Null`]                        |
//! | `invalidVal` | [`Value::Invalid`]                     |
//!
//! What the tree keeps, and why:
//!
//! - Object properties are in source order and **duplicates are kept**: the
//!   reference parser accepts `{"a": 1, "a": 2}` and its body layer reports
//!   "Duplicate argument" (with the earlier definition's range) only for
//!   names a schema asks for, so the body layer needs every occurrence.
//! - Objects and arrays sit behind [`Arc`], so the body layer can hand out a
//!   nested object as a body of its own, cheaply and without lifetimes.
//! - Numbers are never converted: [`Value::Number`] is the span of the
//!   literal, which the parser has already checked is valid JSON that cty's
//!   `ParseNumberVal` accepts. Read it with [`SourceFile::text`].
//! - Strings own their decoded text only when it differs from the source
//!   (escapes); [`JsonString::value`] reads it either way, and
//!   [`JsonString::is_raw`] tells whether the source between the quotes is
//!   the value itself, so templates can be parsed straight from the file
//!   with exact positions.
//!
//! Spans resolve to ranges with the file's [`SourceFile::range`]; a JSON
//! file must be created with [`ColumnRule::Json`](crate::source::ColumnRule)
//! (as [`super::source_from_bytes`] does) for columns to match HCL's.
//!
//! Range vocabulary of the reference, for the body layer:
//!
//! | Go                         | here                                  |
//! |----------------------------|---------------------------------------|
//! | `node.Range()`             | [`Value::span`]                       |
//! | `node.StartRange()`        | [`Value::start_span`]                 |
//! | `objectVal.OpenRange`      | [`Object::open`]                      |
//! | `objectVal.CloseRange`     | [`Object::close`] (`MissingItemRange`)|
//! | `arrayVal.OpenRange`       | [`Array::open`] (`MissingItemRange`)  |
//! | `objectAttr.NameRange`     | [`Property::key`]`.span`              |
//! | `hcl.Attribute.Range`      | [`Property::span`]                    |

use std::fmt;
use std::sync::Arc;

use crate::source::{SourceFile, Span};

/// A parsed JSON file.
#[derive(Clone, Debug)]
pub struct File {
    /// The text the tree was parsed from.
    pub source: Arc<SourceFile>,
    /// The root value: always an [`Value::Object`] or an [`Value::Array`].
    ///
    /// As in the reference, when the root fails to parse or is not an
    /// object or array, the parser reports "Root value must be object" and
    /// puts an empty placeholder object here (with empty spans at the start
    /// of the file), so that the body layer reports nothing further.
    pub root: Value,
}

/// A JSON value.
///
/// Scalars are stored inline; objects and arrays are shared behind [`Arc`].
#[derive(Clone, Debug)]
pub enum Value {
    /// `{ ... }`.
    Object(Arc<Object>),
    /// `[ ... ]`.
    Array(Arc<Array>),
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
    pub fn span(&self) -> Span {
        match self {
            Value::Object(o) => o.span(),
            Value::Array(a) => a.span(),
            Value::String(s) => s.span,
            Value::Number(s) | Value::Bool(_, s) | Value::Null(s) | Value::Invalid(s) => *s,
        }
    }

    /// Where the value starts (`StartRange()`): the opening brace or
    /// bracket of a container, the whole token of a scalar. The reference
    /// reports most "wrong kind of value" problems here.
    pub fn start_span(&self) -> Span {
        match self {
            Value::Object(o) => o.open,
            Value::Array(a) => a.open,
            other => other.span(),
        }
    }

    /// The object, if this is one.
    pub fn as_object(&self) -> Option<&Arc<Object>> {
        match self {
            Value::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The array, if this is one.
    pub fn as_array(&self) -> Option<&Arc<Array>> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The string, if this is one.
    pub fn as_string(&self) -> Option<&JsonString> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// Whether this is `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null(_))
    }
}

/// `{ "name": value, ... }`.
#[derive(Debug, Default)]
pub struct Object {
    /// The properties in source order, duplicates included.
    pub props: Vec<Property>,
    /// The `{` (`OpenRange`).
    pub open: Span,
    /// The `}` (`CloseRange`).
    pub close: Span,
}

impl Object {
    /// From the `{` through the `}` (`SrcRange`).
    pub fn span(&self) -> Span {
        Span::between(self.open, self.close)
    }

    /// The first property called `name`, if any (linear).
    pub fn get(&self, src: &SourceFile, name: &str) -> Option<&Property> {
        self.props.iter().find(|p| p.key.value(src) == name)
    }
}

/// One `"name": value` of an object (the reference's `objectAttr`).
#[derive(Clone, Debug)]
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

/// `[ value, ... ]`.
#[derive(Debug, Default)]
pub struct Array {
    /// The elements in order.
    pub items: Vec<Value>,
    /// The `[` (`OpenRange`).
    pub open: Span,
    /// The `]`.
    pub close: Span,
}

impl Array {
    /// From the `[` through the `]` (`SrcRange`).
    pub fn span(&self) -> Span {
        Span::between(self.open, self.close)
    }
}

/// A string literal.
///
/// ```
/// use hcldecode_spec::source::SourceFile;
/// use hcldecode_spec::syntax::json::{self, Value};
///
/// let src = json::source_from_bytes("a.json", br#"{"a": "x\ty", "b": "${v}"}"#.to_vec());
/// let (file, diags) = json::parse(src.clone());
/// assert!(diags.is_empty());
/// let obj = file.root.as_object().unwrap();
/// let a = obj.props[0].value.as_string().unwrap();
/// assert_eq!(a.value(&src), "x\ty");
/// assert!(!a.is_raw());
/// let b = obj.props[1].value.as_string().unwrap();
/// assert!(b.is_raw());
/// assert_eq!(src.text(b.content_span()), "${v}");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct JsonString {
    /// The whole token, quotes included (`SrcRange`).
    pub span: Span,
    /// The decoded text when it differs from the source between the quotes.
    decoded: Option<Box<str>>,
}

impl JsonString {
    /// A string whose value is the source text between the quotes of `span`.
    pub(crate) fn raw(span: Span) -> JsonString {
        JsonString {
            span,
            decoded: None,
        }
    }

    /// A string whose value differs from its source text.
    pub(crate) fn decoded(span: Span, value: String) -> JsonString {
        JsonString {
            span,
            decoded: Some(value.into_boxed_str()),
        }
    }

    /// The decoded value. `src` must be the file the string was parsed from.
    pub fn value<'a>(&'a self, src: &'a SourceFile) -> &'a str {
        match &self.decoded {
            Some(s) => s,
            None => src.text(self.content_span()),
        }
    }

    /// Whether the value is exactly the source text between the quotes
    /// ([`JsonString::content_span`]): true when the literal has no escapes.
    pub fn is_raw(&self) -> bool {
        self.decoded.is_none()
    }

    /// The span between the quotes. For a raw string
    /// ([`JsonString::is_raw`]) this is where the value's text lies in the
    /// file; otherwise it is only approximately where it came from.
    pub fn content_span(&self) -> Span {
        if self.span.len() >= 2 {
            Span::new(self.span.start + 1, self.span.end - 1)
        } else {
            Span::empty(self.span.end)
        }
    }
}

impl fmt::Debug for JsonString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("JsonString");
        d.field("span", &self.span);
        if let Some(s) = &self.decoded {
            d.field("decoded", s);
        }
        d.finish()
    }
}

// Trees can be as deep as the parser's depth limit; dropping them must not
// recurse once per level. Containers that own nested containers move them
// onto a heap stack and take them apart one at a time.

fn has_container(v: &Value) -> bool {
    matches!(v, Value::Object(_) | Value::Array(_))
}

fn dismantle(mut stack: Vec<Value>) {
    while let Some(v) = stack.pop() {
        match v {
            Value::Object(o) => {
                if let Ok(mut o) = Arc::try_unwrap(o) {
                    stack.extend(o.props.drain(..).map(|p| p.value));
                }
            }
            Value::Array(a) => {
                if let Ok(mut a) = Arc::try_unwrap(a) {
                    stack.append(&mut a.items);
                }
            }
            _ => {}
        }
    }
}

impl Drop for Object {
    fn drop(&mut self) {
        if self.props.iter().any(|p| has_container(&p.value)) {
            dismantle(self.props.drain(..).map(|p| p.value).collect());
        }
    }
}

impl Drop for Array {
    fn drop(&mut self) {
        if self.items.iter().any(has_container) {
            dismantle(std::mem::take(&mut self.items));
        }
    }
}
