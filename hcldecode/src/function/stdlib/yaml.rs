//! `yamlencode` and `yamldecode` (go-cty-yaml 1.2.0): YAML 1.1 scalar
//! resolution (`yes`, `0x1F`, `~`), anchors, aliases and `<<` merge keys
//! when decoding, parsed by the `yaml-rust2` crate; encoding with a port of
//! the parts of libyaml's emitter go-cty-yaml uses (block style, double
//! quoted or literal strings, 80-column folding), so the text is the same.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use yaml_rust2::parser::{Event, Parser, Tag};
use yaml_rust2::scanner::TScalarStyle;

use super::{build, shared_function, str_arg};
use crate::Type;
use crate::function::{FunctionError, Parameter, ReturnType};
use crate::value::{Number, Value, ValueRef};

/// Deepest nesting of YAML collections decoded.
const MAX_DEPTH: usize = 500;

const TAG_PREFIX: &str = "tag:yaml.org,2002:";

fn long_tag(t: &Option<Tag>) -> String {
    match t {
        None => String::new(),
        Some(t) if t.handle == "!!" || t.handle == TAG_PREFIX => {
            format!("{TAG_PREFIX}{}", t.suffix)
        }
        Some(t) => format!("{}{}", t.handle, t.suffix),
    }
}

enum Resolved {
    Value(Value),
    Merge,
}

/// go-cty-yaml's `integerLiteralRegexp` (YAML 1.2): `[-+]?[0-9]+`,
/// `0o[0-7]+` or `0x[0-9a-fA-F]+`; no `_` (so `1_000` is a string).
fn is_int_literal(s: &str) -> bool {
    if let Some(r) = s.strip_prefix("0o") {
        return !r.is_empty() && r.bytes().all(|c| matches!(c, b'0'..=b'7'));
    }
    if let Some(r) = s.strip_prefix("0x") {
        return !r.is_empty() && r.bytes().all(|c| c.is_ascii_hexdigit());
    }
    let s = s.strip_prefix(['-', '+']).unwrap_or(s);
    !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit())
}

fn is_float_literal(s: &str) -> bool {
    let s = s.strip_prefix(['-', '+']).unwrap_or(s);
    let (mant, exp) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let mant_ok = if let Some(f) = mant.strip_prefix('.') {
        !f.is_empty() && f.bytes().all(|c| c.is_ascii_digit())
    } else {
        let (i, f) = mant.split_once('.').unwrap_or((mant, ""));
        !i.is_empty()
            && i.bytes().all(|c| c.is_ascii_digit())
            && f.bytes().all(|c| c.is_ascii_digit())
    };
    let exp_ok = exp.is_none_or(|e| {
        let e = e.strip_prefix(['-', '+']).unwrap_or(e);
        !e.is_empty() && e.bytes().all(|c| c.is_ascii_digit())
    });
    mant_ok && exp_ok
}

/// Go's `strconv.ParseInt(s, 0, 64)` / `ParseUint` (base prefixes `0x`,
/// `0o`, `0b`, leading `0` octal).
fn parse_go_int(s: &str) -> Option<Number> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let (radix, digits) =
        if let Some(d) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
            (16, d)
        } else if let Some(d) = body.strip_prefix("0o").or_else(|| body.strip_prefix("0O")) {
            (8, d)
        } else if let Some(d) = body.strip_prefix("0b").or_else(|| body.strip_prefix("0B")) {
            (2, d)
        } else if body.len() > 1 && body.starts_with('0') {
            (8, &body[1..])
        } else {
            (10, body)
        };
    let u = u64::from_str_radix(digits, radix).ok()?;
    if neg {
        let i = i64::try_from(u)
            .ok()
            .map(|i| -i)
            .or((u == 1 << 63).then_some(i64::MIN))?;
        Some(Number::from_i64(i))
    } else {
        Some(Number::from_u64(u))
    }
}

fn resolve_bool_null(s: &str) -> Option<Value> {
    Some(match s {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            Value::bool(true)
        }
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            Value::bool(false)
        }
        "" | "~" | "null" | "Null" | "NULL" => Value::null(Type::Dynamic),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
            Value::number(Number::infinity(false))
        }
        "-.inf" | "-.Inf" | "-.INF" => Value::number(Number::infinity(true)),
        _ => return None,
    })
}

/// Go's `getnum` for a one- or two-digit field.
fn num12(s: &[u8], p: &mut usize) -> Option<u32> {
    let d = |i: usize| {
        s.get(i)
            .filter(|c| c.is_ascii_digit())
            .map(|c| u32::from(c - b'0'))
    };
    let mut n = d(*p)?;
    *p += 1;
    if let Some(x) = d(*p) {
        n = n * 10 + x;
        *p += 1;
    }
    Some(n)
}

/// go-cty-yaml's `parseTimestamp` as RFC 3339 text: Go's `time.Parse` with
/// the layouts `2006-1-2T15:4:5.999999999Z07:00` (or `t`),
/// `2006-1-2 15:4:5.999999999` (no zone: `... 21:59:43.10 -5` stays a
/// string) and `2006-1-2`.
fn parse_yaml_timestamp(s: &str) -> Option<String> {
    let b = s.as_bytes();
    if b.len() < 5 || !b[..4].iter().all(u8::is_ascii_digit) || b[4] != b'-' {
        return None;
    }
    let y: i32 = s[..4].parse().ok()?;
    let mut p = 5;
    let mo = num12(b, &mut p)?;
    (b.get(p) == Some(&b'-')).then_some(())?;
    p += 1;
    let da = num12(b, &mut p)?;
    let month = time::Month::try_from(u8::try_from(mo).ok()?).ok()?;
    time::Date::from_calendar_date(y, month, u8::try_from(da).ok()?).ok()?;
    let date = format!("{y:04}-{mo:02}-{da:02}");
    let Some(&sep) = b.get(p) else {
        return Some(format!("{date}T00:00:00Z"));
    };
    let zoned = match sep {
        b'T' | b't' => true,
        b' ' => false,
        _ => return None,
    };
    p += 1;
    let h = num12(b, &mut p)?;
    (b.get(p) == Some(&b':')).then_some(())?;
    p += 1;
    let mi = num12(b, &mut p)?;
    (b.get(p) == Some(&b':')).then_some(())?;
    p += 1;
    let se = num12(b, &mut p)?;
    if h > 23 || mi > 59 || se > 59 {
        return None;
    }
    if matches!(b.get(p), Some(b'.' | b',')) && b.get(p + 1).is_some_and(u8::is_ascii_digit) {
        p += 1;
        while b.get(p).is_some_and(u8::is_ascii_digit) {
            p += 1;
        }
    }
    let clock = format!("{h:02}:{mi:02}:{se:02}");
    let rest = &s[p..];
    if !zoned {
        return rest.is_empty().then(|| format!("{date}T{clock}Z"));
    }
    let z = rest.as_bytes();
    let zone = if rest == "Z" {
        "Z".to_string()
    } else if z.len() == 6
        && matches!(z[0], b'+' | b'-')
        && z[3] == b':'
        && [1, 2, 4, 5].iter().all(|&i| z[i].is_ascii_digit())
    {
        let hh: u32 = rest[1..3].parse().ok()?;
        let mm: u32 = rest[4..6].parse().ok()?;
        if hh > 24 || mm > 60 {
            return None;
        }
        // Go prints the offset it computed: `+01:60` is `+02:00`.
        let off = hh * 60 + mm;
        if off == 0 {
            "Z".to_string()
        } else {
            format!("{}{:02}:{:02}", &rest[..1], off / 60, off % 60)
        }
    } else {
        return None;
    };
    Some(format!("{date}T{clock}{zone}"))
}

/// go-cty-yaml's `resolveScalar`.
fn resolve_scalar(tag: &str, src: &str, style: TScalarStyle) -> Result<Resolved, String> {
    let short = tag.strip_prefix(TAG_PREFIX);
    let known = matches!(
        short,
        Some("str" | "bool" | "int" | "float" | "null" | "timestamp" | "binary")
    ) || tag.is_empty();
    if !known {
        return Err(format!(
            "unsupported tag {}",
            hcldecode_spec::go_quote::quote(tag)
        ));
    }
    let mut tag = short.unwrap_or("").to_string();
    let hint = match src.as_bytes().first() {
        None => b'N',
        Some(b'+' | b'-') => b'S',
        Some(b'0'..=b'9') => b'D',
        Some(b'y' | b'Y' | b'n' | b'N' | b't' | b'T' | b'f' | b'F' | b'o' | b'O' | b'~') => b'M',
        Some(b'.') => b'.',
        _ => 0,
    };
    if hint != 0 && tag != "str" && tag != "binary" {
        if matches!(
            style,
            TScalarStyle::SingleQuoted | TScalarStyle::DoubleQuoted
        ) {
            return Ok(Resolved::Value(Value::string(src)));
        }
        if let Some(v) = resolve_bool_null(src) {
            return Ok(Resolved::Value(v));
        }
        if tag.is_empty() && matches!(src, ".nan" | ".NaN" | ".NAN") {
            return Err("floating point NaN is not supported".into());
        }
        match hint {
            b'.' => {
                if let Ok(n) = Number::parse(src) {
                    return Ok(Resolved::Value(Value::number(n)));
                }
            }
            b'D' | b'S' => {
                if (tag.is_empty() || tag == "timestamp")
                    && let Some(t) = parse_yaml_timestamp(src)
                {
                    return Ok(Resolved::Value(Value::string(t)));
                }
                if is_int_literal(src) {
                    tag = "int".into();
                } else if is_float_literal(src) {
                    tag = "float".into();
                }
            }
            _ => {}
        }
    }
    if tag.is_empty() && src == "<<" {
        return Ok(Resolved::Merge);
    }
    let cannot = |t: &str| {
        format!(
            "cannot parse {} as {TAG_PREFIX}{t}",
            hcldecode_spec::go_quote::quote(src)
        )
    };
    Ok(Resolved::Value(match tag.as_str() {
        "str" | "" => Value::string(src),
        "binary" => {
            let clean: String = src.chars().filter(|c| !c.is_whitespace()).collect();
            if !is_base64(&clean) {
                return Err(format!(
                    "cannot parse {} as {TAG_PREFIX}binary: not valid base64",
                    hcldecode_spec::go_quote::quote(src)
                ));
            }
            Value::string(src)
        }
        "bool" => match resolve_bool_null(src) {
            Some(v) if v.ty() == &Type::Bool => v,
            _ => return Err(cannot("bool")),
        },
        "float" | "int" => {
            let plain = src.replace('_', "");
            if let Ok(n) = Number::parse(&plain) {
                Value::number(n)
            } else if let Some(n) = parse_go_int(&plain) {
                Value::number(n)
            } else {
                return Err(cannot(&tag));
            }
        }
        "timestamp" => match parse_yaml_timestamp(src) {
            Some(t) => Value::string(t),
            None => return Err(cannot("timestamp")),
        },
        "null" => Value::null(Type::Dynamic),
        _ => {
            return Err(format!(
                "unsupported tag {}",
                hcldecode_spec::go_quote::quote(&tag)
            ));
        }
    }))
}

fn is_base64(s: &str) -> bool {
    s.len().is_multiple_of(4)
        && s.trim_end_matches('=').len() + 2 >= s.len()
        && s.trim_end_matches('=')
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'+' || c == b'/')
}

struct Decoder<'a> {
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
}

/// go-cty-yaml's text for a scanner error on the 0-based `line`: no
/// position on the first line, else the line and column 1.
fn go_scanner_err(line: usize, msg: &str) -> String {
    if line == 0 {
        msg.to_string()
    } else {
        format!("on line {}, column 1: {msg}", line + 1)
    }
}

/// go-yaml's escapes in a double-quoted scalar (YAML 1.1: no `\/`, which
/// YAML 1.2 and `yaml-rust2` accept); `at` is the opening quote.
fn check_escapes(src: &str, at: usize) -> Result<(), String> {
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

fn scan_err(e: &yaml_rust2::ScanError) -> String {
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
        if let Err(e) = super::check_size(self.nodes, 0) {
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
            Event::Alias(id) => {
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
            Event::SequenceStart(anchor, tag) => {
                let tag = long_tag(&tag);
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
            Event::MappingStart(anchor, tag) => {
                let tag = long_tag(&tag);
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
                            let k = crate::value::convert::convert(&k, &Type::String).map_err(
                                |_| "only strings are allowed as mapping keys".to_string(),
                            )?;
                            let k = k.as_str_arc().ok_or("mapping key cannot be null")?;
                            vals.insert(k, val);
                        }
                    }
                }
                let v = Value::object(vals);
                self.finish(anchor, &v, self.nodes - before);
                Ok(v)
            }
            Event::DocumentStart => Err("only a single document is allowed".into()),
            Event::StreamEnd => Err("expecting value but found end of stream".into()),
            _ => Err("unexpected parser event".into()),
        }
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
pub(crate) fn decode(src: &str) -> Result<Value, FunctionError> {
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
    };
    decode_document(&mut d).map_err(|e| d.too_large.take().unwrap_or(FunctionError::Call(e)))
}

fn decode_document(d: &mut Decoder<'_>) -> Result<Value, String> {
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

// ----- encoding: libyaml's emitter, for what go-cty-yaml emits ----------

struct Emitter {
    out: String,
    column: usize,
    indent: i64,
    indents: Vec<i64>,
    whitespace: bool,
    indention: bool,
    open_ended: bool,
}

const BEST_INDENT: i64 = 2;
const BEST_WIDTH: usize = 80;

fn is_printable(c: char) -> bool {
    let c = c as u32;
    // go-yaml's `is_printable` (YAML 1.1): neither U+0085 nor anything
    // past the Basic Multilingual Plane, so `😀` is written `\U0001F600`.
    c == 0x0A
        || (0x20..=0x7E).contains(&c)
        || (0xA0..=0xD7FF).contains(&c)
        || ((0xE000..=0xFFFD).contains(&c) && c != 0xFEFF)
}

fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// What libyaml's scalar analysis decides for a string.
struct Analysis {
    multiline: bool,
    block_allowed: bool,
}

fn analyze(s: &str) -> Analysis {
    if s.is_empty() {
        return Analysis {
            multiline: false,
            block_allowed: false,
        };
    }
    let chars: Vec<char> = s.chars().collect();
    let (mut line_breaks, mut special) = (false, false);
    let (mut trailing_space, mut space_break) = (false, false);
    let (mut prev_space, mut prev_break) = (false, false);
    for (i, &c) in chars.iter().enumerate() {
        if !is_printable(c) {
            special = true;
        }
        if c == ' ' {
            if i + 1 == chars.len() {
                trailing_space = true;
            }
            prev_space = true;
            prev_break = false;
        } else if is_break(c) {
            line_breaks = true;
            if prev_space {
                space_break = true;
            }
            prev_space = false;
            prev_break = true;
        } else {
            prev_space = false;
            prev_break = false;
        }
    }
    let _ = prev_break;
    Analysis {
        multiline: line_breaks,
        block_allowed: !(trailing_space || space_break || special),
    }
}

impl Emitter {
    fn put(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
    }

    fn put_break(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    fn write_indent(&mut self) {
        let indent = self.indent.max(0) as usize;
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.put_break();
        }
        while self.column < indent {
            self.put(' ');
        }
        self.whitespace = true;
        self.indention = true;
    }

    fn write_indicator(&mut self, ind: &str, need_ws: bool, is_ws: bool, is_indention: bool) {
        if need_ws && !self.whitespace {
            self.put(' ');
        }
        for c in ind.chars() {
            self.put(c);
        }
        self.whitespace = is_ws;
        self.indention = self.indention && is_indention;
        self.open_ended = false;
    }

    fn increase_indent(&mut self, flow: bool, indentless: bool) {
        self.indents.push(self.indent);
        if self.indent < 0 {
            self.indent = if flow { BEST_INDENT } else { 0 };
        } else if !indentless {
            self.indent += BEST_INDENT;
        }
    }

    fn pop_indent(&mut self) {
        self.indent = self.indents.pop().unwrap_or(-1);
    }

    fn plain(&mut self, s: &str, root: bool) {
        self.increase_indent(true, false);
        if !self.whitespace {
            self.put(' ');
        }
        for c in s.chars() {
            self.put(c);
        }
        self.whitespace = false;
        self.indention = false;
        if root {
            self.open_ended = true;
        }
        self.pop_indent();
    }

    fn string(&mut self, s: &str, simple_key: bool) {
        let a = analyze(s);
        let literal = s.contains('\n') && a.block_allowed && !simple_key;
        let _ = a.multiline;
        self.increase_indent(true, false);
        if literal {
            self.literal(s);
        } else {
            self.double_quoted(s, !simple_key);
        }
        self.pop_indent();
    }

    fn double_quoted(&mut self, s: &str, allow_breaks: bool) {
        self.write_indicator("\"", true, false, false);
        let chars: Vec<char> = s.chars().collect();
        let mut spaces = false;
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if !is_printable(c) || c == '\u{FEFF}' || is_break(c) || c == '"' || c == '\\' {
                self.put('\\');
                match c {
                    '\0' => self.put('0'),
                    '\u{7}' => self.put('a'),
                    '\u{8}' => self.put('b'),
                    '\t' => self.put('t'),
                    '\n' => self.put('n'),
                    '\u{b}' => self.put('v'),
                    '\u{c}' => self.put('f'),
                    '\r' => self.put('r'),
                    '\u{1b}' => self.put('e'),
                    '"' => self.put('"'),
                    '\\' => self.put('\\'),
                    '\u{85}' => self.put('N'),
                    '\u{a0}' => self.put('_'),
                    '\u{2028}' => self.put('L'),
                    '\u{2029}' => self.put('P'),
                    c => {
                        let v = c as u32;
                        let (p, w) = if v <= 0xFF {
                            ('x', 2)
                        } else if v <= 0xFFFF {
                            ('u', 4)
                        } else {
                            ('U', 8)
                        };
                        self.put(p);
                        for ch in format!("{v:0w$X}").chars() {
                            self.put(ch);
                        }
                    }
                }
                spaces = false;
            } else if c == ' ' {
                if allow_breaks
                    && !spaces
                    && self.column > BEST_WIDTH
                    && i > 0
                    && i < chars.len() - 1
                {
                    self.write_indent();
                    if chars.get(i + 1) == Some(&' ') {
                        self.put('\\');
                    }
                } else {
                    self.put(' ');
                }
                spaces = true;
            } else {
                self.put(c);
                spaces = false;
            }
            i += 1;
        }
        self.write_indicator("\"", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn literal(&mut self, s: &str) {
        self.write_indicator("|", true, false, false);
        let first = s.chars().next();
        if first.is_some_and(|c| c == ' ' || is_break(c)) {
            self.write_indicator(&BEST_INDENT.to_string(), false, false, false);
        }
        self.open_ended = false;
        let chars: Vec<char> = s.chars().collect();
        let n = chars.len();
        let chomp = if !is_break(chars[n - 1]) {
            Some("-")
        } else if n == 1 || is_break(chars[n - 2]) {
            self.open_ended = true;
            Some("+")
        } else {
            None
        };
        if let Some(h) = chomp {
            // libyaml sets open_ended for `+`, then writing the indicator
            // clears it again.
            self.write_indicator(h, false, false, false);
        }
        self.put_break();
        self.indention = true;
        self.whitespace = true;
        let mut breaks = true;
        for &c in &chars {
            if is_break(c) {
                if c == '\n' {
                    self.put_break();
                } else {
                    self.out.push(c);
                    self.column = 0;
                }
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.put(c);
                self.indention = false;
                breaks = false;
            }
        }
    }

    /// A node; `ctx` is (root, sequence, mapping, simple key).
    fn node(
        &mut self,
        v: &Value,
        root: bool,
        mapping: bool,
        simple_key: bool,
    ) -> Result<(), String> {
        if v.is_null() {
            self.plain("null", root);
            return Ok(());
        }
        if !v.is_known() {
            return Err("cannot serialize unknown value as YAML".into());
        }
        match v.view() {
            ValueRef::String(s) => self.string(s, simple_key),
            ValueRef::Number(n) => self.plain(&n.format('f', -1), root),
            ValueRef::Bool(b) => self.plain(if b { "true" } else { "false" }, root),
            ValueRef::List(xs) | ValueRef::Set(xs) | ValueRef::Tuple(xs) => {
                if xs.is_empty() {
                    self.write_indicator("[", true, true, false);
                    self.write_indicator("]", false, false, false);
                    return Ok(());
                }
                let indentless = mapping && !self.indention;
                self.increase_indent(false, indentless);
                for x in xs {
                    self.write_indent();
                    self.write_indicator("-", true, false, true);
                    self.node(x, false, false, false)?;
                }
                self.pop_indent();
            }
            ValueRef::Map(_) | ValueRef::Object(..) => {
                let entries: Vec<(&Arc<str>, &Value)> =
                    v.entries().map(Iterator::collect).unwrap_or_default();
                if entries.is_empty() {
                    self.write_indicator("{", true, true, false);
                    self.write_indicator("}", false, false, false);
                    return Ok(());
                }
                self.increase_indent(false, false);
                for (k, x) in entries {
                    self.write_indent();
                    let simple = !k.contains(['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}'])
                        && k.len() <= 128;
                    if simple {
                        self.node(&Value::string_arc(k.clone()), false, true, true)?;
                        self.write_indicator(":", false, false, false);
                    } else {
                        self.write_indicator("?", true, false, true);
                        self.node(&Value::string_arc(k.clone()), false, true, false)?;
                        self.write_indent();
                        self.write_indicator(":", true, false, true);
                    }
                    self.node(x, false, true, false)?;
                }
                self.pop_indent();
            }
            _ => return Err(format!("can't marshal {} as YAML", v.ty().friendly_name())),
        }
        Ok(())
    }
}

/// Encodes a value as go-cty-yaml does.
pub(crate) fn encode(v: &Value) -> Result<String, String> {
    let mut e = Emitter {
        out: String::new(),
        column: 0,
        indent: -1,
        indents: Vec::new(),
        whitespace: true,
        indention: true,
        open_ended: false,
    };
    e.node(v, true, false, false)?;
    // Document end (implicit), then stream end.
    e.write_indent();
    if e.open_ended {
        e.write_indicator("...", true, false, false);
        e.write_indent();
    }
    Ok(e.out)
}

shared_function! {
    /// `yamldecode(src)`: the value a YAML document describes (mappings as
    /// objects, sequences as tuples).
    yamldecode => build(
        "Parses the given string as YAML and returns a value corresponding to what the YAML document describes.",
        vec![Parameter::new("src", Type::String)],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| {
            let Some(s) = args[0].as_str() else {
                return Ok(Type::Dynamic);
            };
            decode(s).map(|v| v.ty().clone())
        })),
        |args, _| decode(str_arg(args, 0)?),
    )
}

shared_function! {
    /// `yamlencode(value)`: YAML text for any value, as go-cty-yaml writes
    /// it.
    yamlencode => build(
        "Returns a string containing a YAML representation of the given value.",
        vec![Parameter::new("value", Type::Dynamic).allow_null().allow_dynamic_type()],
        None,
        ReturnType::Static(Type::String),
        |args, ret| {
            if !args[0].is_wholly_known() {
                return Ok(Value::unknown(ret.clone()));
            }
            encode(&args[0]).map(Value::string).map_err(FunctionError::call)
        },
    )
}

#[cfg(test)]
mod tests {
    //! Expected values are go-cty-yaml 1.2.0's, recorded with
    //! scripts/reference-latest.sh's hcldec-ext.
    use super::*;

    fn err(src: &str) -> String {
        match decode(src) {
            Err(FunctionError::Call(m)) => m,
            other => panic!("{src:?}: {other:?}"),
        }
    }

    #[test]
    fn timestamps_as_go_time_parse() {
        assert_eq!(parse_yaml_timestamp("2001-12-14 21:59:43.10 -5"), None);
        assert_eq!(parse_yaml_timestamp("2001-12-14 21:59:43.10 -5:30"), None);
        assert_eq!(
            parse_yaml_timestamp("2001-12-14 21:59:43.10").as_deref(),
            Some("2001-12-14T21:59:43Z")
        );
        assert_eq!(
            parse_yaml_timestamp("2001-12-14t21:59:43.10-05:00").as_deref(),
            Some("2001-12-14T21:59:43-05:00")
        );
        assert_eq!(
            parse_yaml_timestamp("2002-12-14").as_deref(),
            Some("2002-12-14T00:00:00Z")
        );
    }

    #[test]
    fn int_literals_without_underscores() {
        assert!(!is_int_literal("1_000"));
        assert!(is_int_literal("+1000"));
        assert!(is_int_literal("0x1F"));
        assert!(!is_int_literal("+"));
    }

    #[test]
    fn go_yaml_scanner_checks() {
        assert_eq!(err("\"\\/\""), "found unknown escape character");
        assert_eq!(
            err("a: 1\nb: \"\\/\""),
            "on line 2, column 1: found unknown escape character"
        );
        assert_eq!(err("\ta: 1"), "found character that cannot start any token");
        assert_eq!(err("- \tx"), "found character that cannot start any token");
        assert_eq!(
            err("a:\n\t- 1"),
            "on line 2, column 1: found character that cannot start any token"
        );
        assert!(decode("[1,\t2]").is_ok());
        assert!(decode("a: 1\t# c").is_ok());
    }

    #[test]
    fn non_bmp_is_escaped() {
        assert_eq!(
            encode(&Value::string("😀")).as_deref(),
            Ok("\"\\U0001F600\"\n")
        );
    }
}
