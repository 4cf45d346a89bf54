//! The values of a JSON document's attributes, where the native features
//! reach into them: in HCL's JSON syntax a string in an attribute's value
//! is a template (`"${var.zone}-a"`), so completion, hover and signature
//! help inside its `${ ... }` are the native ones, run over the string's
//! decoded text.
//!
//! [`value_at`] finds what the cursor is in: a string literal (its
//! decoded text, a [`Template`], with the map between its offsets and the
//! document's, which JSON escapes such as `\"` and `\u00e9` make differ),
//! or a bare value (a keyword, a number, or no value yet), in the value of
//! a property that the schema reads as an attribute: not a property name,
//! not a block type's label level, not a `"//"` comment.
//!
//! The native functions lex their text as a configuration, so a template
//! is handed to them as a native quoted template ([`Template::native`]):
//! its text between quotes, the quotes, backslashes and line breaks of its
//! literal parts blanked (their bytes are one each, so offsets stay put;
//! what is inside `${ ... }` is native syntax as it is).

use hcldecode::Spec;
use hcldecode_spec::source::Span;
use hcldecode_spec::spec::AttrSpec;
use hcldecode_spec::syntax::json::{self, Document, Object, Value};
use hcldecode_spec::syntax::native::{self, LexMode, token::TokenKind};

use super::body_spec::BodySpec;
use super::describe::label_count;
use crate::schema::Schema;

/// A string literal of a JSON document read as a template.
#[derive(Debug)]
pub(super) struct Template {
    /// The string token, quotes included.
    pub(super) span: Span,
    /// Each character's start as (template offset, document offset), in
    /// order, then the text's end and the closing quote's offset.
    map: Vec<(usize, usize)>,
    /// The interpolations and directives at the text's top level: from
    /// after each `${` or `%{` to its closing `}` (the text's end when it
    /// has none), template offsets.
    sequences: Vec<(usize, usize)>,
    /// `"`, the text with its literal parts' `"`, `\` and line breaks
    /// blanked, `"`: the template as a native quoted template, one byte
    /// after the text's offsets.
    native: String,
}

impl Template {
    /// The template of the string token at `span` of `source` whose
    /// decoded value is `value`; `None` when the source does not decode
    /// to it (a string the scanner reads its own way).
    fn new(source: &str, span: Span, value: &str) -> Option<Template> {
        let (start, end) = (span.start as usize, span.end as usize);
        if end < start + 2 || source.as_bytes().get(end - 1) != Some(&b'"') {
            return None;
        }
        let content = source.get(start + 1..end - 1)?;
        let (text, map) = decode(content, start + 1)?;
        if text != value {
            return None;
        }
        let sequences = sequences(&text)?;
        let mut native = String::with_capacity(text.len() + 2);
        native.push('"');
        let mut from = 0;
        let blank = |native: &mut String, part: &str| {
            native.extend(part.chars().map(|c| match c {
                '"' | '\\' | '\n' | '\r' => ' ',
                c => c,
            }));
        };
        for &(s, e) in &sequences {
            // The opener (`${`, `%{`, `${~`) is before `s`: two or three
            // bytes that are never blanked.
            blank(&mut native, text.get(from..s)?);
            native.push_str(text.get(s..e)?);
            from = e;
        }
        blank(&mut native, text.get(from..)?);
        native.push('"');
        Some(Template {
            span,
            map,
            sequences,
            native,
        })
    }

    /// The template offset of document offset `doc` (inside an escape,
    /// the escaped character's start; before the text, its start; after
    /// it, its end).
    pub(super) fn template_offset(&self, doc: usize) -> usize {
        let i = self.map.partition_point(|&(_, d)| d <= doc);
        i.checked_sub(1).map_or(0, |i| self.map[i].0)
    }

    /// The document offset of template offset `t` (of the character it is
    /// in).
    pub(super) fn document_offset(&self, t: usize) -> usize {
        let i = self.map.partition_point(|&(x, _)| x <= t);
        let i = i.saturating_sub(1);
        self.map
            .get(i)
            .map_or(self.span.start as usize, |&(_, d)| d)
    }

    /// The template as a native quoted template (see [`Template`]'s
    /// `native`): offset `n` of it is template offset `n - 1`.
    pub(super) fn native(&self) -> &str {
        &self.native
    }

    /// The offset in [`Template::native`] of document offset `doc`.
    pub(super) fn native_offset(&self, doc: usize) -> usize {
        self.template_offset(doc) + 1
    }

    /// The document offset of offset `n` of [`Template::native`].
    pub(super) fn document_offset_of_native(&self, n: usize) -> usize {
        self.document_offset(n.saturating_sub(1))
    }

    /// Whether template offset `t` is inside an interpolation or
    /// directive (`${ ... }`, `%{ ... }`), after its opener and up to its
    /// closing brace.
    pub(super) fn in_sequence(&self, t: usize) -> bool {
        self.sequences.iter().any(|&(s, e)| s <= t && t <= e)
    }

    /// Whether the template has an interpolation or directive: a literal
    /// string if not.
    pub(super) fn has_sequences(&self) -> bool {
        !self.sequences.is_empty()
    }
}

/// The text between a JSON string's quotes, `content`, starting at
/// document offset `base`, decoded as Go's `encoding/json` does (invalid
/// surrogate escapes become U+FFFD), and each character's start as
/// (decoded offset, document offset), then both ends. `None` for an
/// invalid escape.
fn decode(content: &str, base: usize) -> Option<(String, Vec<(usize, usize)>)> {
    let b = content.as_bytes();
    let mut out = String::with_capacity(content.len());
    let mut map = Vec::with_capacity(content.len() + 1);
    let mut i = 0;
    while i < b.len() {
        map.push((out.len(), base + i));
        if b[i] != b'\\' {
            let c = content.get(i..)?.chars().next()?;
            out.push(c);
            i += c.len_utf8();
            continue;
        }
        let (c, n) = match *b.get(i + 1)? {
            b'"' => ('"', 2),
            b'\\' => ('\\', 2),
            b'/' => ('/', 2),
            b'b' => ('\u{8}', 2),
            b'f' => ('\u{c}', 2),
            b'n' => ('\n', 2),
            b'r' => ('\r', 2),
            b't' => ('\t', 2),
            b'u' => {
                let r = hex4(b.get(i + 2..)?)?;
                if (0xD800..0xE000).contains(&r) {
                    let low = (b.get(i + 6) == Some(&b'\\') && b.get(i + 7) == Some(&b'u'))
                        .then(|| b.get(i + 8..).and_then(hex4))
                        .flatten();
                    match low {
                        Some(r2) if r < 0xDC00 && (0xDC00..0xE000).contains(&r2) => (
                            char::from_u32(0x10000 + ((r - 0xD800) << 10) + (r2 - 0xDC00))
                                .unwrap_or('\u{FFFD}'),
                            12,
                        ),
                        _ => ('\u{FFFD}', 6),
                    }
                } else {
                    (char::from_u32(r).unwrap_or('\u{FFFD}'), 6)
                }
            }
            _ => return None,
        };
        out.push(c);
        i += n;
    }
    map.push((out.len(), base + b.len()));
    Some((out, map))
}

/// The value of four hex digits at the start of `b`.
fn hex4(b: &[u8]) -> Option<u32> {
    let mut v = 0;
    for &d in b.get(..4)? {
        v = v * 16 + (d as char).to_digit(16)?;
    }
    Some(v)
}

/// The top-level interpolations and directives of template `text` (see
/// [`Template`]'s `sequences`), read from the native lexer's tokens of a
/// bare template.
fn sequences(text: &str) -> Option<Vec<(usize, usize)>> {
    let len = u32::try_from(text.len()).ok()?;
    let mut out = Vec::new();
    let (mut depth, mut open) = (0usize, 0usize);
    for t in native::lex(text, Span::new(0, len), LexMode::Template) {
        match t.kind {
            TokenKind::TemplateInterp | TokenKind::TemplateControl => {
                if depth == 0 {
                    open = t.span.end as usize;
                }
                depth += 1;
            }
            TokenKind::TemplateSeqEnd if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    out.push((open, t.span.start as usize));
                }
            }
            TokenKind::Eof => break,
            _ => {}
        }
    }
    if depth > 0 {
        out.push((open, text.len()));
    }
    Some(out)
}

/// What the cursor is in, in an attribute's value.
#[derive(Debug)]
pub(super) enum ValueAt {
    /// A string literal: a template.
    String(Template),
    /// A keyword or number at the cursor, or no value yet (`"a": |`): the
    /// bytes a value typed there replaces (empty when there is none).
    Bare(Span),
}

/// The value at the cursor of a JSON document, in the value of an
/// attribute.
#[derive(Debug)]
pub(super) struct AttrValue<'s> {
    /// The attribute's spec, where the body's schema reads it.
    pub(super) attr: Option<&'s AttrSpec>,
    /// Whether the value at the cursor is the attribute's whole value
    /// (not an element or property value of an array or object in it).
    pub(super) whole: bool,
    /// The string or bare value.
    pub(super) at: ValueAt,
}

/// The string or bare value at byte `at` of JSON document `text` named
/// `name`, where it is in (or is) the value of a property the schema
/// reads as an attribute (a property no block type of the body is named
/// after). A property's missing value (`{"enabled": }`, or a keyword
/// being typed, `{"enabled": tr}`, neither of which parses) is found by
/// parsing the document again with `null` in its place.
///
/// `None` in a property name (of a body, or of an object in a value), at
/// a block's label level, in a `"//"` comment, outside any value, and
/// where the document does not parse around the cursor.
pub(super) fn value_at<'s>(
    schema: &'s Schema,
    name: &str,
    text: &str,
    at: usize,
) -> Option<AttrValue<'s>> {
    let at32 = u32::try_from(at).ok()?;
    if at > text.len() || !text.is_char_boundary(at) {
        return None;
    }
    let source = json::source_from_bytes(name, text.as_bytes().to_vec());
    let (file, diags) = json::parse(source);
    if let Some((attr, whole, v)) = found(schema, &file, at32) {
        let at = match v {
            Value::String(s) => ValueAt::String(Template::new(text, s.span, s.value(&file.doc))?),
            other => ValueAt::Bare(other.span()),
        };
        return Some(AttrValue { attr, whole, at });
    }
    if !diags.has_errors() {
        return None;
    }
    // No value yet, or a keyword being typed: `null` in its place.
    let word = |c: &u8| c.is_ascii_alphabetic();
    let bytes = text.as_bytes();
    let start = at - bytes[..at].iter().rev().take_while(|c| word(c)).count();
    let end = at + bytes[at..].iter().take_while(|c| word(c)).count();
    let repaired = format!("{}null{}", &text[..start], &text[end..]);
    let source = json::source_from_bytes(name, repaired.into_bytes());
    let (file, _) = json::parse(source);
    let start32 = u32::try_from(start).ok()?;
    let null = Span::new(start32, start32.checked_add(4)?);
    match found(schema, &file, start32 + 2)? {
        (attr, whole, Value::Null(s)) if s == null => Some(AttrValue {
            attr,
            whole,
            at: ValueAt::Bare(Span::new(start32, u32::try_from(end).ok()?)),
        }),
        _ => None,
    }
}

/// The template at byte `at` of JSON document `text` (in an attribute's
/// value) when `at` is inside one of its interpolations or directives,
/// and `at` as an offset of its [`Template::native`] text.
pub(super) fn interpolation_at(
    schema: &Schema,
    name: &str,
    text: &str,
    at: usize,
) -> Option<(Template, usize)> {
    let ValueAt::String(t) = value_at(schema, name, text, at)?.at else {
        return None;
    };
    let offset = t.template_offset(at);
    t.in_sequence(offset).then(|| {
        let n = t.native_offset(at);
        (t, n)
    })
}

/// The attribute (its spec, if the schema reads it), whether the value is
/// its whole value, and the scalar value at `at` in file `file`.
fn found<'s>(
    schema: &'s Schema,
    file: &json::File,
    at: u32,
) -> Option<(Option<&'s AttrSpec>, bool, Value)> {
    let doc = &file.doc;
    bodies(doc, file.root)
        .into_iter()
        .find_map(|obj| in_body(doc, obj, vec![schema.spec()], at))
}

/// Whether value `v` holds byte `at`: strictly inside a string or
/// container, anywhere from the start to the end of a bare token.
fn holds(v: Value, at: u32) -> bool {
    let s = v.span();
    match v {
        Value::Object(_) | Value::Array(_) | Value::String(_) => s.start < at && at < s.end,
        Value::Number(_) | Value::Bool(..) | Value::Null(_) => s.start <= at && at <= s.end,
        Value::Invalid(_) => false,
    }
}

fn in_body<'s>(
    doc: &Document,
    obj: Object,
    specs: Vec<&'s Spec>,
    at: u32,
) -> Option<(Option<&'s AttrSpec>, bool, Value)> {
    if !(obj.span.start < at && at < obj.span.end) {
        return None;
    }
    let bs = BodySpec::of(&specs);
    let p = obj.props(doc).iter().find(|p| holds(p.value, at))?;
    let key = p.key.value(doc);
    if key == "//" {
        return None;
    }
    if let Some(spec) = bs.block(key) {
        return in_blocks(
            doc,
            p.value,
            &bs,
            key,
            label_count(spec),
            &mut Vec::new(),
            at,
        );
    }
    let (v, whole) = in_value(doc, p.value, at, true)?;
    Some((bs.attr(key), whole, v))
}

/// The blocks of a block type's property value with `left` label levels
/// to read: the attribute value at `at` in one of their bodies.
fn in_blocks<'s>(
    doc: &Document,
    v: Value,
    bs: &BodySpec<'s>,
    type_name: &str,
    left: usize,
    labels: &mut Vec<String>,
    at: u32,
) -> Option<(Option<&'s AttrSpec>, bool, Value)> {
    match v {
        Value::Array(a) => {
            let item = a.items(doc).iter().find(|i| holds(**i, at))?;
            in_blocks(doc, *item, bs, type_name, left, labels, at)
        }
        Value::Object(o) if left == 0 => {
            let ls: Vec<&str> = labels.iter().map(String::as_str).collect();
            in_body(doc, o, bs.nested_of(type_name, &ls), at)
        }
        Value::Object(o) => {
            let p = o.props(doc).iter().find(|p| holds(p.value, at))?;
            labels.push(p.key.value(doc).to_string());
            in_blocks(doc, p.value, bs, type_name, left - 1, labels, at)
        }
        _ => None,
    }
}

/// The scalar at `at` in an attribute's value `v` (at any depth of its
/// arrays and objects, never an object's property name), and whether it
/// is `v` itself (`whole`, and so on down).
fn in_value(doc: &Document, v: Value, at: u32, whole: bool) -> Option<(Value, bool)> {
    if !holds(v, at) {
        return None;
    }
    match v {
        Value::Array(a) => {
            let item = a.items(doc).iter().find(|i| holds(**i, at))?;
            in_value(doc, *item, at, false)
        }
        Value::Object(o) => {
            let p = o.props(doc).iter().find(|p| holds(p.value, at))?;
            in_value(doc, p.value, at, false)
        }
        Value::Invalid(_) => None,
        scalar => Some((scalar, whole)),
    }
}

/// The body objects of a document's root: an object, or the objects of
/// an array.
pub(super) fn bodies(doc: &Document, v: Value) -> Vec<Object> {
    match v {
        Value::Object(o) => vec![o],
        Value::Array(a) => a.items(doc).iter().filter_map(|i| i.as_object()).collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The template of JSON string `doc`, and its decoded text.
    fn template(doc: &str) -> (Template, String) {
        let source = json::source_from_bytes("t.json", doc.as_bytes().to_vec());
        let (file, diags) = json::parse_expression(source, &Default::default());
        assert!(diags.is_empty(), "{diags}");
        let s = file.root.as_string().unwrap();
        let value = s.value(&file.doc).to_string();
        (Template::new(doc, s.span, &value).unwrap(), value)
    }

    /// Escapes make the offsets differ: each maps to its character, both
    /// ways.
    #[test]
    fn offsets_through_escapes() {
        let doc = r#""a\"\u00e9\ud83d\ude00é${x}""#;
        let (t, text) = template(doc);
        assert_eq!(text, "a\"é😀é${x}");
        let x_doc = doc.find('x').unwrap();
        let x_t = text.find('x').unwrap();
        assert_eq!(t.template_offset(x_doc), x_t);
        assert_eq!(t.document_offset(x_t), x_doc);
        // Inside `\u00e9`: its character's start.
        let e = doc.find("\\u00e9").unwrap();
        assert_eq!(t.template_offset(e + 3), 2);
        assert_eq!(t.document_offset(2), e);
        // The surrogate pair is one character of four bytes.
        assert_eq!(t.document_offset(4), doc.find("\\ud83d").unwrap());
        assert_eq!(t.document_offset(8), doc.find('é').unwrap());
        // The ends: after the opening quote, before the closing one.
        assert_eq!(t.template_offset(0), 0);
        assert_eq!(t.template_offset(doc.len()), text.len());
        assert_eq!(t.document_offset(text.len()), doc.len() - 1);
        assert_eq!(t.sequences, [(x_t, x_t + 1)]);
        assert_eq!(t.native(), "\"a é😀é${x}\"");
    }

    /// Interpolations, directives and nested strings; quotes, backslashes
    /// and line breaks blanked only outside them.
    #[test]
    fn sequences_and_the_native_text() {
        let (t, text) = template(r#""\"${f(\"a\\n\")}\n%{ if x }y%{ endif }$${z}${w""#);
        assert_eq!(text, "\"${f(\"a\\n\")}\n%{ if x }y%{ endif }$${z}${w");
        assert_eq!(
            t.native(),
            "\" ${f(\"a\\n\")} %{ if x }y%{ endif }$${z}${w\""
        );
        let seqs: Vec<&str> = t.sequences.iter().map(|&(s, e)| &text[s..e]).collect();
        assert_eq!(seqs, ["f(\"a\\n\")", " if x ", " endif ", "w"]);
        assert!(t.in_sequence(3));
        assert!(!t.in_sequence(2));
        assert!(t.in_sequence(text.len()));
        assert_eq!(
            template("\"a\\u0000\"").0.native(),
            "\"a\u{0}\"",
            "a control character is kept"
        );
        // Lone or reversed surrogates: U+FFFD, as Go decodes them.
        assert_eq!(
            template(r#""\ud800x\udc00\ud800""#).1,
            "\u{FFFD}x\u{FFFD}\u{FFFD}"
        );
    }
}
