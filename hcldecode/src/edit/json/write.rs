//! Values and bodies written as HCL's JSON syntax: strings are templates
//! there when the reader evaluates with a context (variables or
//! functions), so `${` and `%{` are then escaped (`$${`, `%%{`); blocks are nested
//! objects keyed by type, then by each label, an array where several
//! blocks share a key.

use std::fmt::Write as _;

use crate::Value;
use crate::encode::{self, BodyWriter, EncodeError, WrittenItem};
use crate::value::ValueRef;

/// The layout of new JSON text: one indentation step, and the
/// indentation of the line the text starts on.
#[derive(Clone, Debug)]
pub(super) struct Layout {
    pub(super) unit: String,
    pub(super) at: String,
    pub(super) newline: &'static str,
    /// Whether the reader takes strings as templates (escape `${`, `%{`).
    pub(super) templates: bool,
}

impl Layout {
    pub(super) fn deeper(&self) -> Layout {
        Layout {
            unit: self.unit.clone(),
            at: format!("{}{}", self.at, self.unit),
            newline: self.newline,
            templates: self.templates,
        }
    }
}

/// `v` as a JSON value: objects one property per line, arrays of scalars
/// on one line.
pub(super) fn value(v: &Value, l: &Layout) -> Result<String, EncodeError> {
    match v.view() {
        ValueRef::Null => Ok("null".into()),
        // The encoder's error, with the value's path and type.
        ValueRef::Unknown => encode::expression(v),
        ValueRef::Bool(b) => Ok(b.to_string()),
        ValueRef::Number(_) => encode::expression(v),
        ValueRef::String(s) => Ok(string(s, l.templates)),
        ValueRef::List(e) | ValueRef::Set(e) | ValueRef::Tuple(e) => array(e, l),
        ValueRef::Map(entries) => {
            let props: Vec<(&str, &Value)> = entries.iter().map(|(k, v)| (&**k, v)).collect();
            object(&props, l)
        }
        ValueRef::Object(ty, vals) => {
            let props: Vec<(&str, &Value)> = ty
                .attrs()
                .iter()
                .zip(vals)
                .map(|((k, _), v)| (&**k, v))
                .collect();
            object(&props, l)
        }
    }
}

fn array(elems: &[Value], l: &Layout) -> Result<String, EncodeError> {
    let scalar = elems.iter().all(|e| {
        !matches!(
            e.view(),
            ValueRef::List(_)
                | ValueRef::Set(_)
                | ValueRef::Tuple(_)
                | ValueRef::Map(_)
                | ValueRef::Object(..)
        )
    });
    if scalar {
        let parts = elems
            .iter()
            .map(|e| value(e, l))
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(format!("[{}]", parts.join(", ")));
    }
    let inner = l.deeper();
    let parts = elems
        .iter()
        .map(|e| Ok(format!("{}{}", inner.at, value(e, &inner)?)))
        .collect::<Result<Vec<_>, EncodeError>>()?;
    let nl = l.newline;
    Ok(format!(
        "[{nl}{}{nl}{}]",
        parts.join(&format!(",{nl}")),
        l.at
    ))
}

fn object(props: &[(&str, &Value)], l: &Layout) -> Result<String, EncodeError> {
    if props.is_empty() {
        return Ok("{}".into());
    }
    let inner = l.deeper();
    let parts = props
        .iter()
        .map(|(k, v)| {
            Ok(format!(
                "{}{}: {}",
                inner.at,
                string(k, false),
                value(v, &inner)?
            ))
        })
        .collect::<Result<Vec<_>, EncodeError>>()?;
    let nl = l.newline;
    Ok(format!(
        "{{{nl}{}{nl}{}}}",
        parts.join(&format!(",{nl}")),
        l.at
    ))
}

/// A JSON string literal; a template's `${` and `%{` escaped when
/// `template` (property names are not templates). Not
/// `hcldecode_spec::json_text::json_string`: that one escapes `<`, `>` and
/// `&` as Go's encoding/json does (for `hcldec`'s output), which a file a
/// person edits should not get.
pub(super) fn string(s: &str, template: bool) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            '$' | '%' if template && chars.peek() == Some(&'{') => {
                out.push(c);
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The JSON value of a block type's property holding `blocks` (labels
/// and body each): the body, an object keyed by the labels, an array
/// where several share a key. `None` for no blocks.
pub(super) fn blocks_value(
    blocks: &[(&[String], &BodyWriter)],
    l: &Layout,
) -> Result<Option<String>, EncodeError> {
    let mut props: Vec<(String, Node)> = Vec::new();
    for (labels, b) in blocks {
        let mut keys = vec![String::new()];
        keys.extend(labels.iter().cloned());
        insert(&mut props, &keys, tree_of(b)?);
    }
    match props.first() {
        Some((_, n)) => node(n, l).map(Some),
        None => Ok(None),
    }
}

/// A body's JSON before it is written: properties in order.
enum Node {
    /// An attribute's value.
    Value(Value),
    /// A body, or the blocks of one type (or label) by their next key.
    Object(Vec<(String, Node)>),
    /// Several blocks with one key.
    Many(Vec<Node>),
}

fn tree_of(b: &BodyWriter) -> Result<Node, EncodeError> {
    let mut props: Vec<(String, Node)> = Vec::new();
    for item in b.items() {
        match item {
            WrittenItem::Attr(name, v) => {
                if !v.is_null() {
                    props.push((name.to_string(), Node::Value(v.clone())));
                }
            }
            WrittenItem::Block(ty, labels, inner) => {
                let mut keys = vec![ty.to_string()];
                keys.extend(labels.iter().cloned());
                insert(&mut props, &keys, tree_of(inner)?);
            }
            WrittenItem::RawAttr(name, _) => return Err(native_text(name)),
            WrittenItem::RawBlock(_) => return Err(native_text("a remain body")),
        }
    }
    Ok(Node::Object(props))
}

fn native_text(what: &str) -> EncodeError {
    EncodeError::Custom(format!(
        "{what}: source text of native syntax cannot be written into a JSON document"
    ))
}

/// Puts a block's body under its keys (type, then labels).
fn insert(props: &mut Vec<(String, Node)>, keys: &[String], body: Node) {
    let (first, rest) = (&keys[0], &keys[1..]);
    let at = props.iter().position(|(k, _)| k == first);
    if rest.is_empty() {
        match at {
            None => props.push((first.clone(), body)),
            Some(i) => {
                let slot = &mut props[i].1;
                match slot {
                    Node::Many(list) => list.push(body),
                    _ => {
                        let old = std::mem::replace(slot, Node::Many(Vec::new()));
                        *slot = Node::Many(vec![old, body]);
                    }
                }
            }
        }
        return;
    }
    let i = match at {
        Some(i) => i,
        None => {
            props.push((first.clone(), Node::Object(Vec::new())));
            props.len() - 1
        }
    };
    if let Node::Object(inner) = &mut props[i].1 {
        insert(inner, rest, body);
    }
}

fn node(n: &Node, l: &Layout) -> Result<String, EncodeError> {
    match n {
        Node::Value(v) => value(v, l),
        Node::Object(props) => {
            if props.is_empty() {
                return Ok("{}".into());
            }
            let inner = l.deeper();
            let parts = props
                .iter()
                .map(|(k, v)| {
                    Ok(format!(
                        "{}{}: {}",
                        inner.at,
                        string(k, false),
                        node(v, &inner)?
                    ))
                })
                .collect::<Result<Vec<_>, EncodeError>>()?;
            let nl = l.newline;
            Ok(format!(
                "{{{nl}{}{nl}{}}}",
                parts.join(&format!(",{nl}")),
                l.at
            ))
        }
        Node::Many(list) => {
            let inner = l.deeper();
            let parts = list
                .iter()
                .map(|v| Ok(format!("{}{}", inner.at, node(v, &inner)?)))
                .collect::<Result<Vec<_>, EncodeError>>()?;
            let nl = l.newline;
            Ok(format!(
                "[{nl}{}{nl}{}]",
                parts.join(&format!(",{nl}")),
                l.at
            ))
        }
    }
}
