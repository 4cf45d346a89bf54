//! YAML documents decoded into values, from yaml-rust2's events.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::scanner::TScalarStyle;

use crate::Type;
use crate::function::FunctionError;
use crate::value::Value;

use super::scalars::*;
use crate::function::CallContext;

pub(super) struct Decoder<'a> {
    parser: Parser<std::str::Chars<'a>>,
    /// The source, for the checks go-yaml's scanner makes that
    /// `yaml-rust2` (a YAML 1.2 parser) does not.
    src: &'a str,
    /// Byte offset of each char, when the source is not ASCII (markers
    /// count chars).
    offsets: Option<Vec<usize>>,
    /// Whether each open collection is a flow one (`[` or `{`).
    flow: Vec<bool>,
    /// Anchored values, with the number of nodes each expands to.
    anchors: HashMap<usize, (Value, u64)>,
    pending: Vec<usize>,
    depth: usize,
    /// Nodes decoded so far, aliases expanded: bounded by the evaluation
    /// limits, so alias bombs end with "Result too large".
    nodes: u64,
    too_large: Option<FunctionError>,
    /// The calling evaluation's limits.
    cx: &'a CallContext<'a>,
}

/// go-cty-yaml's text for a scanner error on the 0-based `line`: no
/// position on the first line, else the line and column 1.
pub(super) fn go_scanner_err(line: usize, msg: &str) -> String {
    if line == 0 {
        msg.to_string()
    } else {
        format!("on line {}, column 1: {msg}", line + 1)
    }
}

/// go-yaml's escapes in a double-quoted scalar (YAML 1.1: no `\/`, which
/// YAML 1.2 and `yaml-rust2` accept); `at` is the opening quote.
pub(super) fn check_escapes(src: &str, at: usize) -> Result<(), String> {
    let Some(body) = src.get(at + 1..) else {
        return Ok(());
    };
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Ok(()),
            '\\' => match chars.next() {
                Some((
                    _,
                    '0' | 'a' | 'b' | 't' | '\t' | 'n' | 'v' | 'f' | 'r' | 'e' | ' ' | '"' | '\''
                    | '\\' | 'N' | '_' | 'L' | 'P' | 'x' | 'u' | 'U' | '\n' | '\r',
                )) => {}
                _ => {
                    let line = src[..at + 1 + i].matches('\n').count();
                    return Err(go_scanner_err(line, "found unknown escape character"));
                }
            },
            _ => {}
        }
    }
    Ok(())
}

pub(super) fn scan_err(e: &yaml_rust2::ScanError) -> String {
    let m = e.marker();
    format!("on line {}, column {}: {}", m.line(), m.col() + 1, e.info())
}

impl Decoder<'_> {
    fn next(&mut self) -> Result<Event, String> {
        let (ev, mark) = match self.parser.next_token() {
            Ok(t) => t,
            Err(e) => {
                // yaml-rust2's own refusal of an indenting tab: go-yaml's
                // scanner stops at that tab first.
                let line = e.marker().line().saturating_sub(1);
                let text = self.src.split('\n').nth(line).unwrap_or("");
                let lead = &text[..text.len() - text.trim_start_matches([' ', '\t']).len()];
                if !self.flow.iter().any(|f| *f) && lead.contains('\t') {
                    return Err(go_scanner_err(
                        line,
                        "found character that cannot start any token",
                    ));
                }
                return Err(scan_err(&e));
            }
        };
        let at = match &self.offsets {
            Some(o) => o.get(mark.index()).copied().unwrap_or(self.src.len()),
            None => mark.index().min(self.src.len()),
        };
        match &ev {
            Event::SequenceEnd | Event::MappingEnd => {
                self.flow.pop();
            }
            Event::Scalar(_, style, ..) => {
                self.check_leading_tab(at)?;
                if *style == TScalarStyle::DoubleQuoted {
                    check_escapes(self.src, at)?;
                }
            }
            Event::SequenceStart(..) | Event::MappingStart(..) => {
                self.check_leading_tab(at)?;
                let flow = matches!(self.src.as_bytes().get(at), Some(b'[' | b'{'));
                self.flow.push(flow);
            }
            Event::Alias(_) => self.check_leading_tab(at)?,
            _ => {}
        }
        Ok(ev)
    }

    /// go-yaml skips tabs before a token only in flow context or where no
    /// simple key may start: a tab before the first token of a line (or
    /// after a block `-` or `?` indicator) in block context "cannot start
    /// any token".
    fn check_leading_tab(&self, at: usize) -> Result<(), String> {
        if self.flow.iter().any(|f| *f) {
            return Ok(());
        }
        let line_start = self.src[..at].rfind(['\n', '\r']).map_or(0, |i| i + 1);
        let prefix = &self.src[line_start..at];
        if !prefix.contains('\t') {
            return Ok(());
        }
        let b = prefix.as_bytes();
        let indicators_only = b.iter().enumerate().all(|(i, &c)| match c {
            b' ' | b'\t' => true,
            b'-' | b'?' => matches!(b.get(i + 1), Some(b' ' | b'\t')),
            _ => false,
        });
        if !indicators_only {
            return Ok(());
        }
        let line = self.src[..line_start].matches('\n').count();
        Err(go_scanner_err(
            line,
            "found character that cannot start any token",
        ))
    }

    fn count(&mut self, n: u64) -> Result<(), String> {
        self.nodes = self.nodes.saturating_add(n);
        if let Err(e) = self.cx.check_size(self.nodes, 0) {
            self.too_large = Some(e);
            return Err("too large".into());
        }
        Ok(())
    }

    fn node(&mut self, ev: Event) -> Result<Value, String> {
        let before = self.nodes;
        self.count(1)?;
        match ev {
            Event::Scalar(src, style, anchor, tag) => {
                let tag = long_tag(&tag);
                let v = match resolve_scalar(&tag, &src, style)? {
                    Resolved::Value(v) => v,
                    Resolved::Merge => Value::string("<<"),
                };
                if anchor > 0 {
                    self.anchors.insert(anchor, (v.clone(), 1));
                }
                Ok(v)
            }
            Event::Alias(id) => self.alias(id),
            Event::SequenceStart(anchor, tag) => self.sequence(anchor, &long_tag(&tag), before),
            Event::MappingStart(anchor, tag) => self.mapping(anchor, &long_tag(&tag), before),
            Event::DocumentStart => Err("only a single document is allowed".into()),
            Event::StreamEnd => Err("expecting value but found end of stream".into()),
            _ => Err("unexpected parser event".into()),
        }
    }

    /// `*id`: the value of anchor `id`, counted again with all its nodes.
    fn alias(&mut self, id: usize) -> Result<Value, String> {
        if self.pending.contains(&id) {
            return Err("cannot refer to an anchor from inside its own definition".into());
        }
        let (v, n) = self
            .anchors
            .get(&id)
            .cloned()
            .ok_or_else(|| "reference to undefined anchor".to_string())?;
        self.count(n)?;
        Ok(v)
    }

    /// A sequence (with `anchor` and long `tag`), as a tuple, after its
    /// start event; `before` is the node count before it.
    fn sequence(&mut self, anchor: usize, tag: &str, before: u64) -> Result<Value, String> {
        if !tag.is_empty() && tag != format!("{TAG_PREFIX}seq") {
            return Err(format!("can't interpret sequence as {tag}"));
        }
        self.enter()?;
        if anchor > 0 {
            self.pending.push(anchor);
        }
        let mut vals = Vec::new();
        loop {
            let ev = self.next()?;
            if matches!(ev, Event::SequenceEnd) {
                break;
            }
            vals.push(self.node(ev)?);
        }
        let v = Value::tuple(vals);
        self.finish(anchor, &v, self.nodes - before);
        Ok(v)
    }

    /// A mapping (with `anchor` and long `tag`), as an object, after its
    /// start event; `before` is the node count before it. Keys must be
    /// strings; a `<<` key merges a mapping in.
    fn mapping(&mut self, anchor: usize, tag: &str, before: u64) -> Result<Value, String> {
        if !tag.is_empty() && tag != format!("{TAG_PREFIX}map") {
            return Err(format!("can't interpret mapping as {tag}"));
        }
        self.enter()?;
        if anchor > 0 {
            self.pending.push(anchor);
        }
        let mut vals: BTreeMap<Arc<str>, Value> = BTreeMap::new();
        loop {
            let ev = self.next()?;
            let (src, style, tag) = match ev {
                Event::MappingEnd => break,
                Event::Scalar(src, style, _, tag) => (src, style, long_tag(&tag)),
                _ => return Err("only strings are allowed as mapping keys".into()),
            };
            let key = resolve_scalar(&tag, &src, style)?;
            let ev = self.next()?;
            let val = self.node(ev)?;
            insert_entry(&mut vals, key, val)?;
        }
        let v = Value::object(vals);
        self.finish(anchor, &v, self.nodes - before);
        Ok(v)
    }

    fn enter(&mut self) -> Result<(), String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(format!(
                "collections nested more than {MAX_DEPTH} levels deep"
            ));
        }
        Ok(())
    }

    fn finish(&mut self, anchor: usize, v: &Value, nodes: u64) {
        self.depth -= 1;
        if anchor > 0 {
            self.pending.retain(|a| *a != anchor);
            self.anchors.insert(anchor, (v.clone(), nodes));
        }
    }
}

/// Decodes a YAML document into a value (its type is the implied type).
pub(crate) fn decode<'a>(cx: &'a CallContext<'a>, src: &'a str) -> Result<Value, FunctionError> {
    let src = if src.is_empty() { "\n" } else { src };
    let mut d = Decoder {
        parser: Parser::new_from_str(src),
        src,
        offsets: (!src.is_ascii()).then(|| src.char_indices().map(|(i, _)| i).collect()),
        flow: Vec::new(),
        anchors: HashMap::new(),
        pending: Vec::new(),
        depth: 0,
        nodes: 0,
        too_large: None,
        cx,
    };
    decode_document(&mut d).map_err(|e| d.too_large.take().unwrap_or(FunctionError::Call(e)))
}

pub(super) fn decode_document(d: &mut Decoder<'_>) -> Result<Value, String> {
    if !matches!(d.next()?, Event::StreamStart) {
        return Err("missing stream start token".into());
    }
    let ev = d.next()?;
    if !matches!(ev, Event::DocumentStart) {
        return Err("missing start of document".into());
    }
    let ev = d.next()?;
    let v = d.node(ev)?;
    match d.next()? {
        Event::DocumentEnd => {}
        Event::DocumentStart => return Err("only a single document is allowed".into()),
        _ => return Err("unexpected extra content after value".into()),
    }
    match d.next()? {
        Event::StreamEnd => Ok(v),
        Event::DocumentStart => Err("only a single document is allowed".into()),
        _ => Err("unexpected extra content after value".into()),
    }
}

/// Adds the entry `key` = `val` to a mapping's `vals`: a `<<` key merges
/// the mapping `val` in.
fn insert_entry(
    vals: &mut BTreeMap<Arc<str>, Value>,
    key: Resolved,
    val: Value,
) -> Result<(), String> {
    match key {
        Resolved::Merge => match val.entries() {
            Some(entries) if !val.is_null() => {
                for (k, v) in entries {
                    vals.insert(k.clone(), v.clone());
                }
            }
            _ => {
                return Err(format!(
                    "cannot merge {} into mapping",
                    val.ty().friendly_name()
                ));
            }
        },
        Resolved::Value(k) => {
            if k.is_null() {
                return Err("mapping key cannot be null".into());
            }
            let k = crate::value::convert::convert(&k, &Type::String)
                .map_err(|_| "only strings are allowed as mapping keys".to_string())?;
            let k = k.as_str_arc().ok_or("mapping key cannot be null")?;
            vals.insert(k, val);
        }
    }
    Ok(())
}
