//! The edits of a JSON body: its properties (attributes) and the nested
//! objects that are its blocks.

use hcldecode_spec::source::Span;
use hcldecode_spec::syntax::is_identifier;
use hcldecode_spec::syntax::json::{self, ast};

use super::write::{self, Layout};
use super::{JsonDocument, JsonStep};
use crate::Value;
use crate::edit::EditError;
use crate::edit::layout::{indent_at, indent_lines, starts_line};

/// A body of a [`JsonDocument`] to edit: the root object
/// ([`JsonDocument::body_mut`]) or a block's, reached by type and labels.
/// The handle holds the JSON path to its object, resolved again at each
/// edit.
///
/// ```
/// use hcldecode::edit::JsonDocument;
/// let mut doc: JsonDocument = r#"{"job": {"web": {"count": 1}}}"#.parse().unwrap();
/// let job = doc.body_mut().block("job", &["web"]).unwrap();
/// assert_eq!(job.attribute_json("count").as_deref(), Some("1"));
/// ```
#[derive(Debug)]
pub struct JsonBodyMut<'a> {
    pub(super) doc: &'a mut JsonDocument,
    pub(super) path: Vec<JsonStep>,
}

impl<'a> JsonBodyMut<'a> {
    pub(super) fn root(doc: &'a mut JsonDocument) -> JsonBodyMut<'a> {
        JsonBodyMut {
            doc,
            path: Vec::new(),
        }
    }

    /// The first block of type `ty` with exactly `labels`.
    ///
    /// ```
    /// use hcldecode::edit::JsonDocument;
    /// let mut doc: JsonDocument = r#"{"a": {"b": {}}}"#.parse().unwrap();
    /// assert!(doc.body_mut().block("a", &["b"]).is_ok());
    /// assert_eq!(doc.body_mut().block("a", &["c"]).unwrap_err().to_string(), "no block a \"c\"");
    /// ```
    pub fn block(self, ty: &str, labels: &[&str]) -> Result<JsonBodyMut<'a>, EditError> {
        self.block_nth(ty, labels, 0)
    }

    /// The `nth` (from 0) block of type `ty` with exactly `labels` (blocks
    /// that share a key are the elements of an array there).
    ///
    /// ```
    /// use hcldecode::edit::JsonDocument;
    /// let mut doc: JsonDocument = r#"{"rule": [{"a": 1}, {"a": 2}]}"#.parse().unwrap();
    /// let second = doc.body_mut().block_nth("rule", &[], 1).unwrap();
    /// assert_eq!(second.attribute_json("a").as_deref(), Some("2"));
    /// ```
    pub fn block_nth(
        mut self,
        ty: &str,
        labels: &[&str],
        nth: usize,
    ) -> Result<JsonBodyMut<'a>, EditError> {
        let found = self.bodies(ty, labels).into_iter().nth(nth);
        match found {
            Some(path) => {
                self.path = path;
                Ok(self)
            }
            None => Err(EditError::NoSuchBlock(describe(ty, labels, nth))),
        }
    }

    /// How many blocks of type `ty` with exactly `labels` the body has.
    ///
    /// ```
    /// use hcldecode::edit::JsonDocument;
    /// let mut doc: JsonDocument = r#"{"a": [{}, {}], "b": {"x": {}}}"#.parse().unwrap();
    /// assert_eq!(doc.body_mut().count_blocks("a", &[]), 2);
    /// assert_eq!(doc.body_mut().count_blocks("b", &["x"]), 1);
    /// ```
    pub fn count_blocks(&self, ty: &str, labels: &[&str]) -> usize {
        self.bodies(ty, labels).len()
    }

    /// The JSON text of property `name`'s value, as written.
    ///
    /// ```
    /// use hcldecode::edit::JsonDocument;
    /// let mut doc: JsonDocument = r#"{"a": [1,  2]}"#.parse().unwrap();
    /// assert_eq!(doc.body_mut().attribute_json("a").as_deref(), Some("[1,  2]"));
    /// ```
    pub fn attribute_json(&self, name: &str) -> Option<String> {
        let o = self.object().ok()?;
        let doc = &self.doc.file.doc;
        o.get(doc, name)
            .map(|p| doc.text(p.value.span()).to_string())
    }

    /// Whether the body has a property `name`.
    ///
    /// ```
    /// use hcldecode::edit::JsonDocument;
    /// let mut doc: JsonDocument = r#"{"a": 1}"#.parse().unwrap();
    /// assert!(doc.body_mut().has_attribute("a"));
    /// ```
    pub fn has_attribute(&self, name: &str) -> bool {
        self.attribute_json(name).is_some()
    }

    /// Sets attribute `name` to `value`, written as JSON syntax writes it
    /// (strings are templates there for a reader with variables or
    /// functions: `${` is written `$${`, see
    /// [`JsonDocument::templates`]): an existing
    /// property's value is replaced, a new property goes after the last
    /// one.
    ///
    /// ```
    /// use hcldecode::edit::JsonDocument;
    /// use hcldecode::Value;
    /// let mut doc: JsonDocument = "{\n  \"a\": 1\n}\n".parse().unwrap();
    /// doc.body_mut().set_attribute("a", &Value::int(2)).unwrap();
    /// doc.body_mut().set_attribute("b", &Value::object([("c", Value::string("d"))])).unwrap();
    /// assert_eq!(doc.to_string(), "{\n  \"a\": 2,\n  \"b\": {\n    \"c\": \"d\"\n  }\n}\n");
    /// ```
    pub fn set_attribute(&mut self, name: &str, value: &Value) -> Result<(), EditError> {
        let layout = self.layout_for(name)?;
        let text = write::value(value, &layout)?;
        self.set_json_text(name, &text)
    }

    /// Sets attribute `name` to the JSON value `json`, given as text (it
    /// must parse as one JSON value, else [`EditError::Syntax`]).
    ///
    /// ```
    /// use hcldecode::edit::{EditError, JsonDocument};
    /// let mut doc: JsonDocument = r#"{"a": 1}"#.parse().unwrap();
    /// doc.body_mut().set_attribute_json("a", r#""${var.a}""#).unwrap();
    /// assert_eq!(doc.to_string(), r#"{"a": "${var.a}"}"#);
    /// assert!(matches!(doc.body_mut().set_attribute_json("a", "{"), Err(EditError::Syntax(_))));
    /// ```
    pub fn set_attribute_json(&mut self, name: &str, json: &str) -> Result<(), EditError> {
        let src = json::source_from_bytes("value.json", json.as_bytes().to_vec());
        let (_, diags) = json::parse_expression(src, &Default::default());
        if diags.has_errors() {
            return Err(EditError::Syntax(diags));
        }
        let layout = self.layout_for(name)?;
        let text = indent_lines(json.trim(), &layout.at, layout.newline);
        self.set_json_text(name, &text)
    }

    pub(super) fn set_json_text(&mut self, name: &str, text: &str) -> Result<(), EditError> {
        let o = self.object()?;
        let doc = &self.doc.file.doc;
        if let Some(p) = o.get(doc, name) {
            let span = p.value.span();
            return self.doc.splice(span, text);
        }
        let prop = format!("{}: {text}", write::string(name, false));
        let (span, with) = self.insertion(&self.path, o, &prop);
        self.doc.splice(span, &with)
    }

    /// Renames property `from` to `to`, keeping its value.
    ///
    /// ```
    /// use hcldecode::edit::JsonDocument;
    /// let mut doc: JsonDocument = r#"{"a": 1, "b": 2}"#.parse().unwrap();
    /// doc.body_mut().rename_attribute("a", "c").unwrap();
    /// assert_eq!(doc.to_string(), r#"{"c": 1, "b": 2}"#);
    /// assert!(doc.body_mut().rename_attribute("c", "b").is_err());
    /// ```
    pub fn rename_attribute(&mut self, from: &str, to: &str) -> Result<(), EditError> {
        if !is_identifier(to) {
            return Err(EditError::InvalidName(to.to_string()));
        }
        let o = self.object()?;
        let doc = &self.doc.file.doc;
        if o.get(doc, to).is_some() {
            return Err(EditError::AttributeExists(to.to_string()));
        }
        let p = o
            .get(doc, from)
            .ok_or_else(|| EditError::NoSuchAttribute(from.to_string()))?;
        let span = p.key.span;
        self.doc.splice(span, &write::string(to, false))
    }

    /// Removes property `name` with its comma.
    ///
    /// ```
    /// use hcldecode::edit::JsonDocument;
    /// let mut doc: JsonDocument = "{\n  \"a\": 1,\n  \"b\": 2\n}".parse().unwrap();
    /// doc.body_mut().remove_attribute("b").unwrap();
    /// assert_eq!(doc.to_string(), "{\n  \"a\": 1\n}");
    /// ```
    pub fn remove_attribute(&mut self, name: &str) -> Result<(), EditError> {
        let o = self.object()?;
        let doc = &self.doc.file.doc;
        let props = o.props(doc);
        let i = props
            .iter()
            .position(|p| p.key.value(doc) == name)
            .ok_or_else(|| EditError::NoSuchAttribute(name.to_string()))?;
        let spans: Vec<Span> = props.iter().map(ast::Property::span).collect();
        let span = cut(o.span, &spans, i);
        self.doc.splice(span, "")
    }

    /// Adds an empty block `ty` with `labels` and returns a handle on it:
    /// a new property, a new key under the labels already there, or a new
    /// element of the array of blocks that share the key (an object there
    /// becomes an array of two).
    ///
    /// ```
    /// use hcldecode::edit::JsonDocument;
    /// use hcldecode::Value;
    /// let mut doc: JsonDocument = "{\n  \"svc\": {\n    \"a\": {}\n  }\n}\n".parse().unwrap();
    /// let mut body = doc.body_mut();
    /// let mut b = body.add_block("svc", &["b"]).unwrap();
    /// b.set_attribute("port", &Value::int(80)).unwrap();
    /// doc.body_mut().add_block("svc", &["a"]).unwrap();
    /// assert_eq!(
    ///     doc.to_string(),
    ///     "{\n  \"svc\": {\n    \"a\": [\n      {},\n      {}\n    ],\n    \"b\": {\n      \"port\": 80\n    }\n  }\n}\n",
    /// );
    /// ```
    pub fn add_block(&mut self, ty: &str, labels: &[&str]) -> Result<JsonBodyMut<'_>, EditError> {
        if !is_identifier(ty) {
            return Err(EditError::InvalidName(ty.to_string()));
        }
        let mut keys: Vec<String> = vec![ty.to_string()];
        keys.extend(labels.iter().map(|l| l.to_string()));
        let path = self.add_block_at(&keys)?;
        Ok(JsonBodyMut {
            doc: &mut *self.doc,
            path,
        })
    }

    /// Adds a block under `keys` (type, then labels); the path to its body.
    fn add_block_at(&mut self, keys: &[String]) -> Result<Vec<JsonStep>, EditError> {
        let mut at = self.path.clone();
        for (i, k) in keys.iter().enumerate() {
            let rest = &keys[i + 1..];
            let o = self.object_at(&at)?;
            let doc = &self.doc.file.doc;
            let existing = o.get(doc, k).map(|p| p.value);
            let layout = self.layout_at(&at, k);
            match existing {
                None => {
                    let text = write::value(&nested(rest), &layout)?;
                    let prop = format!("{}: {text}", write::string(k, false));
                    let (span, with) = self.insertion(&at, o, &prop);
                    self.doc.splice(span, &with)?;
                    at.push(JsonStep::Key(k.clone()));
                    at.extend(rest.iter().cloned().map(JsonStep::Key));
                    return Ok(at);
                }
                Some(ast::Value::Object(_)) if !rest.is_empty() => {
                    at.push(JsonStep::Key(k.clone()));
                }
                Some(ast::Value::Array(a)) => {
                    let n = a.items(doc).len();
                    let inner = layout.deeper();
                    let text = write::value(&nested(rest), &inner)?;
                    let spans: Vec<Span> = a.items(doc).iter().map(|v| v.span()).collect();
                    let (span, with) = self.element_insertion(a.span, &spans, &text, &inner);
                    self.doc.splice(span, &with)?;
                    at.push(JsonStep::Key(k.clone()));
                    at.push(JsonStep::Index(n));
                    at.extend(rest.iter().cloned().map(JsonStep::Key));
                    return Ok(at);
                }
                Some(v @ ast::Value::Object(_)) => {
                    // One block there already: both become an array.
                    let text = self.doc.text();
                    let old = &text[v.span().start as usize..v.span().end as usize];
                    let inner = layout.deeper();
                    let nl = layout.newline;
                    let with = format!(
                        "[{nl}{}{},{nl}{}{{}}{nl}{}]",
                        inner.at,
                        indent_lines(old, &layout.unit, nl),
                        inner.at,
                        layout.at
                    );
                    self.doc.splice(v.span(), &with)?;
                    at.push(JsonStep::Key(k.clone()));
                    at.push(JsonStep::Index(1));
                    return Ok(at);
                }
                Some(_) => return Err(EditError::NoSuchBlock(format!("{k} (not an object)"))),
            }
        }
        Ok(at)
    }

    /// Removes the first block of type `ty` with exactly `labels`.
    ///
    /// ```
    /// use hcldecode::edit::JsonDocument;
    /// let mut doc: JsonDocument = r#"{"a": 1, "svc": {"x": {"p": 1}, "y": {}}}"#.parse().unwrap();
    /// doc.body_mut().remove_block("svc", &["x"]).unwrap();
    /// assert_eq!(doc.to_string(), r#"{"a": 1, "svc": {"y": {}}}"#);
    /// doc.body_mut().remove_block("svc", &["y"]).unwrap();
    /// assert_eq!(doc.to_string(), r#"{"a": 1}"#);
    /// ```
    pub fn remove_block(&mut self, ty: &str, labels: &[&str]) -> Result<(), EditError> {
        self.remove_block_nth(ty, labels, 0)
    }

    /// Removes the `nth` (from 0) block of type `ty` with exactly
    /// `labels`; keys left with no block under them go too.
    ///
    /// ```
    /// use hcldecode::edit::JsonDocument;
    /// let mut doc: JsonDocument = r#"{"r": [{"a": 1}, {"a": 2}]}"#.parse().unwrap();
    /// doc.body_mut().remove_block_nth("r", &[], 0).unwrap();
    /// assert_eq!(doc.to_string(), r#"{"r": [{"a": 2}]}"#);
    /// ```
    pub fn remove_block_nth(
        &mut self,
        ty: &str,
        labels: &[&str],
        nth: usize,
    ) -> Result<(), EditError> {
        let mut path = self
            .bodies(ty, labels)
            .into_iter()
            .nth(nth)
            .ok_or_else(|| EditError::NoSuchBlock(describe(ty, labels, nth)))?;
        // Up from the block while its container would be left empty.
        while path.len() > self.path.len() + 1 {
            let parent = &path[..path.len() - 1];
            let count = match self.doc.resolve(parent) {
                Some(ast::Value::Object(o)) => o.props(&self.doc.file.doc).len(),
                Some(ast::Value::Array(a)) => a.items(&self.doc.file.doc).len(),
                _ => 0,
            };
            if count > 1 {
                break;
            }
            path.pop();
        }
        self.remove_at(&path)
    }

    /// Removes the property or element at the end of `path`.
    fn remove_at(&mut self, path: &[JsonStep]) -> Result<(), EditError> {
        let (parent, last) = path.split_at(path.len() - 1);
        let doc = &self.doc.file.doc;
        let span = match (self.doc.resolve(parent), &last[0]) {
            (Some(ast::Value::Object(o)), JsonStep::Key(k)) => {
                let props = o.props(doc);
                let i = props.iter().position(|p| p.key.value(doc) == k);
                let spans: Vec<Span> = props.iter().map(ast::Property::span).collect();
                i.map(|i| cut(o.span, &spans, i))
            }
            (Some(ast::Value::Array(a)), JsonStep::Index(i)) => {
                let spans: Vec<Span> = a.items(doc).iter().map(|v| v.span()).collect();
                (*i < spans.len()).then(|| cut(a.span, &spans, *i))
            }
            _ => None,
        };
        let span = span.ok_or_else(|| EditError::NoSuchBlock("(moved)".into()))?;
        self.doc.splice(span, "")
    }

    /// The JSON paths of the bodies of blocks `ty` with `labels`.
    pub(super) fn bodies(&self, ty: &str, labels: &[&str]) -> Vec<Vec<JsonStep>> {
        let mut out = Vec::new();
        let Some(v) = self.doc.resolve(&self.path) else {
            return out;
        };
        let mut keys = vec![ty];
        keys.extend_from_slice(labels);
        walk(&self.doc.file.doc, v, self.path.clone(), &keys, &mut out);
        out
    }

    /// The object this handle stands for.
    pub(super) fn object(&self) -> Result<ast::Object, EditError> {
        self.object_at(&self.path)
    }

    fn object_at(&self, path: &[JsonStep]) -> Result<ast::Object, EditError> {
        self.doc
            .resolve(path)
            .and_then(ast::Value::as_object)
            .ok_or_else(|| EditError::NoSuchBlock("(moved)".into()))
    }

    /// The layout of the value of property `name` (new or not) of this body.
    fn layout_for(&self, name: &str) -> Result<Layout, EditError> {
        Ok(self.layout_of(name))
    }

    /// [`layout_for`](Self::layout_for), infallible.
    pub(super) fn layout_of(&self, name: &str) -> Layout {
        self.layout_at(&self.path, name)
    }

    /// The layout of a value of property `name` of the object at `path`:
    /// the indentation of the property's line (of its siblings' for a new
    /// one).
    fn layout_at(&self, path: &[JsonStep], name: &str) -> Layout {
        let unit = self.doc.indent_unit();
        let newline = self.doc.newline();
        let text = self.doc.text();
        let doc = &self.doc.file.doc;
        let at = match self.doc.resolve(path).and_then(ast::Value::as_object) {
            Some(o) => {
                let props = o.props(doc);
                match props
                    .iter()
                    .find(|p| p.key.value(doc) == name)
                    .or(props.last())
                {
                    Some(p) => indent_at(text, p.key.span.start as usize).to_string(),
                    None => format!("{}{unit}", indent_at(text, o.span.start as usize)),
                }
            }
            None => String::new(),
        };
        Layout {
            unit,
            at,
            newline,
            templates: self.doc.templates,
        }
    }

    /// Where and what to splice to add `prop` (`"name": value`) to `o`.
    fn insertion(&self, path: &[JsonStep], o: ast::Object, prop: &str) -> (Span, String) {
        let doc = &self.doc.file.doc;
        let spans: Vec<Span> = o.props(doc).iter().map(ast::Property::span).collect();
        let layout = self.layout_at(path, "");
        self.element_insertion(o.span, &spans, prop, &layout)
    }

    /// Where and what to splice to add `text` after the last of the
    /// members at `spans` of the container at `span`: on a line of its own
    /// when the members are, after `, ` when they share a line; in an empty
    /// container on a line of its own when the document has lines.
    fn element_insertion(
        &self,
        span: Span,
        spans: &[Span],
        text: &str,
        layout: &Layout,
    ) -> (Span, String) {
        let doc_text = self.doc.text();
        let nl = layout.newline;
        match spans.last() {
            Some(last) if starts_line(doc_text, last.start as usize) => {
                let indent = indent_at(doc_text, last.start as usize);
                (Span::empty(last.end), format!(",{nl}{indent}{text}"))
            }
            Some(last) => (Span::empty(last.end), format!(", {text}")),
            None => {
                let inner = Span::new(span.start + 1, span.end - 1);
                if doc_text.contains('\n') {
                    let outer = indent_at(doc_text, span.start as usize);
                    // `text` is laid out at this indentation already.
                    let at = format!("{outer}{}", layout.unit);
                    (inner, format!("{nl}{at}{text}{nl}{outer}"))
                } else {
                    (inner, text.to_string())
                }
            }
        }
    }
}

/// Collects the paths of the objects under `keys` from `v` (arrays at any
/// level hold several).
fn walk(
    doc: &ast::Document,
    v: ast::Value,
    path: Vec<JsonStep>,
    keys: &[&str],
    out: &mut Vec<Vec<JsonStep>>,
) {
    match v {
        ast::Value::Array(a) if !path.is_empty() => {
            for (i, e) in a.items(doc).iter().enumerate() {
                let mut p = path.clone();
                p.push(JsonStep::Index(i));
                walk(doc, *e, p, keys, out);
            }
        }
        ast::Value::Object(o) => match keys.split_first() {
            None => out.push(path),
            Some((k, rest)) => {
                if let Some(p) = o.get(doc, k) {
                    let mut next = path.clone();
                    next.push(JsonStep::Key(k.to_string()));
                    walk(doc, p.value, next, rest, out);
                }
            }
        },
        _ => {}
    }
}

/// `{"l1": {"l2": {}}}` for the labels `rest`.
fn nested(rest: &[String]) -> Value {
    rest.iter().rev().fold(Value::empty_object(), |inner, k| {
        Value::object([(k.as_str(), inner)])
    })
}

/// The span to remove with member `i` of a container: with the comma
/// before it (the last one) or after it; all between the brackets when it
/// is the only one.
fn cut(container: Span, spans: &[Span], i: usize) -> Span {
    if spans.len() == 1 {
        return Span::new(container.start + 1, container.end - 1);
    }
    if i > 0 {
        Span::new(spans[i - 1].end, spans[i].end)
    } else {
        Span::new(spans[0].start, spans[1].start)
    }
}

/// `ty "label"`, for errors.
fn describe(ty: &str, labels: &[&str], nth: usize) -> String {
    let mut s = ty.to_string();
    for l in labels {
        s.push_str(&format!(" {l:?}"));
    }
    if nth > 0 {
        s.push_str(&format!(" (#{})", nth + 1));
    }
    s
}
