//! JSON encoding of values (a port of go-cty's `cty/json`).
//!
//! - [`marshal`] writes a value as JSON for a wanted type
//!   (`ctyjson.Marshal`), [`marshal_into`] appends to a buffer;
//! - [`unmarshal`] reads JSON as a value of a given type
//!   (`ctyjson.Unmarshal`);
//! - [`implied_type`] infers the type of a JSON document
//!   (`ctyjson.ImpliedType`): numbers, strings, bools, objects as object
//!   types, arrays as tuple types, `null` as the dynamic pseudo-type.
//!
//! Error messages are cty's (including those of Go's JSON decoder).
//!
//! ```
//! use hcldecode_spec::value::{Value, json};
//! use hcldecode_spec::types::Type;
//! let v = Value::object([("b", Value::int(1)), ("a", Value::string("<x>"))]);
//! assert_eq!(json::marshal(&v, v.ty()).unwrap(), r#"{"a":"\u003cx\u003e","b":1}"#);
//! assert_eq!(
//!     json::marshal(&Value::bool(true), &Type::Dynamic).unwrap(),
//!     r#"{"value":true,"type":"bool"}"#
//! );
//! let t = json::implied_type(r#"{"a": [1, "x"]}"#).unwrap();
//! assert_eq!(t, Type::object([("a", Type::tuple([Type::Number, Type::String]))]));
//! let v = json::unmarshal(r#"{"a": [1, "x"]}"#, &t).unwrap();
//! assert_eq!(v.get_attr("a").unwrap().index(&Value::int(1)), Some(Value::string("x")));
//! ```

mod decoder;

use std::fmt;
use std::sync::Arc;

use crate::json_text::write_json_string;

use self::decoder::{Decoder, Tok};
use super::convert::convert;
use super::equality::conformance_error;
use super::gofmt::quote;
use super::{Number, Path, PathStep, Value, ValueRef};
use crate::types::{ObjectType, Type};

/// A JSON encoding or decoding error: cty's `PathError` (or plain error).
#[derive(Clone, Debug, PartialEq)]
pub struct JsonError {
    /// Where in the value the problem is.
    pub path: Path,
    /// cty's message, e.g. `value is not known`.
    pub message: String,
}

impl JsonError {
    fn new(path: &Path, message: impl Into<String>) -> JsonError {
        JsonError {
            path: path.clone(),
            message: message.into(),
        }
    }
}

impl fmt::Display for JsonError {
    /// The message only, as Go's `err.Error()` prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for JsonError {}

/// Writes `v` as JSON for type `ty` (cty `json.Marshal`): the value is
/// first converted to `ty` when its type does not conform to it; where `ty`
/// is the dynamic pseudo-type the value is written as
/// `{"value":...,"type":...}`. Numbers are written in their shortest form,
/// strings escaped as Go's `encoding/json` does, object attributes and map
/// keys in byte order.
///
/// Errors: unknown values (`value is not known`) and infinities (`cannot
/// serialize infinity as JSON`). cty ignores errors inside a
/// `{"value":...}` wrapper and writes broken JSON; here they are errors.
pub fn marshal(v: &Value, ty: &Type) -> Result<String, JsonError> {
    let mut out = String::new();
    marshal_into(&mut out, v, ty)?;
    Ok(out)
}

/// [`marshal`], appending to `out` (which is left with partial output on
/// error).
pub fn marshal_into(out: &mut String, v: &Value, ty: &Type) -> Result<(), JsonError> {
    let converted;
    let v = if conformance_error(v.ty(), ty).is_some() {
        converted = convert(v, ty).map_err(|e| JsonError {
            path: e.path,
            message: e.message,
        })?;
        &converted
    } else {
        v
    };
    let mut path = Path::default();
    write_value(out, v, ty, &mut path)
}

fn write_value(out: &mut String, v: &Value, ty: &Type, path: &mut Path) -> Result<(), JsonError> {
    if ty.is_dynamic() && !v.ty().is_dynamic() {
        out.push_str("{\"value\":");
        write_value(out, v, v.ty(), path)?;
        out.push_str(",\"type\":");
        v.ty().write_json(out);
        out.push('}');
        return Ok(());
    }
    match v.view() {
        ValueRef::Null => {
            out.push_str("null");
            Ok(())
        }
        ValueRef::Unknown => Err(JsonError::new(path, "value is not known")),
        ValueRef::String(s) => {
            write_json_string(out, s);
            Ok(())
        }
        ValueRef::Number(n) => write_number(out, n, path),
        ValueRef::Bool(b) => {
            out.push_str(if b { "true" } else { "false" });
            Ok(())
        }
        ValueRef::List(elems) | ValueRef::Set(elems) => {
            let ety = ty.element_type().unwrap_or(&Type::Dynamic);
            let is_set = matches!(v.view(), ValueRef::Set(_));
            out.push('[');
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                path.push(PathStep::Index(if is_set {
                    e.clone()
                } else {
                    Value::int(i as i64)
                }));
                write_value(out, e, ety, path)?;
                path.pop();
            }
            out.push(']');
            Ok(())
        }
        ValueRef::Tuple(elems) => {
            let etys = ty.tuple_elements().unwrap_or(&[]);
            out.push('[');
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                path.push(PathStep::Index(Value::int(i as i64)));
                write_value(out, e, etys.get(i).unwrap_or(&Type::Dynamic), path)?;
                path.pop();
            }
            out.push(']');
            Ok(())
        }
        ValueRef::Map(entries) => {
            let ety = ty.element_type().unwrap_or(&Type::Dynamic);
            out.push('{');
            for (i, (k, e)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                path.push(PathStep::Index(Value::string_arc(k.clone())));
                write_json_string(out, k);
                out.push(':');
                write_value(out, e, ety, path)?;
                path.pop();
            }
            out.push('}');
            Ok(())
        }
        ValueRef::Object(vty, vals) => {
            let want = ty.object_type().unwrap_or(vty);
            out.push('{');
            for (i, ((name, aty), e)) in want.attrs().iter().zip(vals).enumerate() {
                if i > 0 {
                    out.push(',');
                }
                path.push(PathStep::GetAttr(name.clone()));
                write_json_string(out, name);
                out.push(':');
                write_value(out, e, aty, path)?;
                path.pop();
            }
            out.push('}');
            Ok(())
        }
    }
}

fn write_number(out: &mut String, n: &Number, path: &Path) -> Result<(), JsonError> {
    if n.is_infinite() {
        return Err(JsonError::new(path, "cannot serialize infinity as JSON"));
    }
    use fmt::Write;
    let _ = write!(out, "{n}");
    Ok(())
}

/// How [`marshal_to`] writes: cty's JSON, optionally without the object
/// properties whose value is `null` (what `hcldec` prints unless
/// `--keep-nulls`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// Leave out every object property (and map entry) whose value would
    /// be written as `null`, as hcldec's `stripJSONNullProperties` does to
    /// the marshalled text. Array elements are kept.
    pub omit_null_properties: bool,
}

/// Why [`marshal_to`] failed.
#[derive(Debug)]
pub enum WriteError {
    /// The value cannot be written as JSON (see [`marshal`]); nothing has
    /// been written.
    Value(JsonError),
    /// The writer failed.
    Io(std::io::Error),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Value(e) => fmt::Display::fmt(e, f),
            WriteError::Io(e) => fmt::Display::fmt(e, f),
        }
    }
}

impl std::error::Error for WriteError {}

/// [`marshal`] straight to a writer, in one pass and with a bounded
/// buffer: the output is never held in memory whole. With
/// [`WriteOptions::omit_null_properties`] the result is byte for byte what
/// [`marshal`] followed by [`strip_null_properties`](crate::output::strip_null_properties)
/// gives.
///
/// A value that cannot be written (unknown parts, infinities) is refused
/// before anything is written.
///
/// ```
/// use hcldecode_spec::value::{Value, json};
/// let v = Value::object([("a", Value::null(hcldecode_spec::types::Type::String)), ("b", Value::int(2))]);
/// let mut out = Vec::new();
/// let opts = json::WriteOptions { omit_null_properties: true };
/// json::marshal_to(&mut out, &v, v.ty(), opts).unwrap();
/// assert_eq!(out, br#"{"b":2}"#);
/// ```
pub fn marshal_to<W: std::io::Write + ?Sized>(
    w: &mut W,
    v: &Value,
    ty: &Type,
    opts: WriteOptions,
) -> Result<(), WriteError> {
    let converted;
    let v = if conformance_error(v.ty(), ty).is_some() {
        converted = convert(v, ty).map_err(|e| {
            WriteError::Value(JsonError {
                path: e.path,
                message: e.message,
            })
        })?;
        &converted
    } else {
        v
    };
    check_writable(v, ty).map_err(WriteError::Value)?;
    let mut sink = Sink {
        buf: String::with_capacity(SINK_CAPACITY + 4096),
        w,
    };
    write_fast(&mut sink, v, ty, opts.omit_null_properties).map_err(WriteError::Io)?;
    sink.flush().map_err(WriteError::Io)
}

/// Whether [`marshal`] would fail for `v` (already of a type conforming
/// to `ty`): unknown parts or infinities, with the error it would give.
/// Cheap for the common case (a wholly known value): for checking before
/// writing anything else around the value.
///
/// ```
/// use hcldecode_spec::value::{Value, json};
/// let v = Value::object([("a", Value::unknown(hcldecode_spec::types::Type::String))]);
/// let e = json::check_writable(&v, v.ty()).unwrap_err();
/// assert_eq!((e.path.to_string(), e.to_string()), (".a".to_string(), "value is not known".to_string()));
/// assert!(json::check_writable(&Value::int(1), &hcldecode_spec::types::Type::Number).is_ok());
/// ```
pub fn check_writable(v: &Value, ty: &Type) -> Result<(), JsonError> {
    if v.is_wholly_known() && !(super::infinity_made() && has_infinity(v)) {
        return Ok(());
    }
    // The error, with its path, from the path-tracking writer.
    let mut scratch = String::new();
    write_value(&mut scratch, v, ty, &mut Path::default())
}

const SINK_CAPACITY: usize = 64 * 1024;

/// A string buffer drained into a writer whenever it fills.
struct Sink<'w, W: std::io::Write + ?Sized> {
    buf: String,
    w: &'w mut W,
}

impl<W: std::io::Write + ?Sized> Sink<'_, W> {
    #[inline]
    fn maybe_flush(&mut self) -> std::io::Result<()> {
        if self.buf.len() >= SINK_CAPACITY {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.w.write_all(self.buf.as_bytes())?;
        self.buf.clear();
        Ok(())
    }
}

/// Whether any number in `v` is infinite (which JSON cannot hold).
fn has_infinity(v: &Value) -> bool {
    match v.view() {
        ValueRef::Number(n) => n.is_infinite(),
        ValueRef::List(es) | ValueRef::Set(es) | ValueRef::Tuple(es) => es.iter().any(has_infinity),
        ValueRef::Map(entries) => entries.iter().any(|(_, e)| has_infinity(e)),
        ValueRef::Object(_, vals) => vals.iter().any(has_infinity),
        _ => false,
    }
}

/// Whether [`write_value`] writes `v` as a bare `null` for type `ty`.
fn writes_null(v: &Value, ty: &Type) -> bool {
    // A null of a known type wanted as `dynamic` is wrapped, not bare.
    v.is_null() && (!ty.is_dynamic() || v.ty().is_dynamic())
}

/// [`write_value`] for a wholly known value without infinities: no path
/// is tracked, and the output is drained as it grows.
fn write_fast<W: std::io::Write + ?Sized>(
    s: &mut Sink<'_, W>,
    v: &Value,
    ty: &Type,
    omit: bool,
) -> std::io::Result<()> {
    if ty.is_dynamic() && !v.ty().is_dynamic() {
        if omit && v.is_null() {
            // `{"value":null,"type":T}` with the null property stripped.
            s.buf.push_str("{\"type\":");
            v.ty().write_json(&mut s.buf);
            s.buf.push('}');
            return Ok(());
        }
        s.buf.push_str("{\"value\":");
        write_fast(s, v, v.ty(), omit)?;
        s.buf.push_str(",\"type\":");
        v.ty().write_json(&mut s.buf);
        s.buf.push('}');
        return Ok(());
    }
    match v.view() {
        ValueRef::Null | ValueRef::Unknown => s.buf.push_str("null"),
        ValueRef::String(text) => write_json_string(&mut s.buf, text),
        ValueRef::Number(n) => {
            use fmt::Write;
            let _ = write!(s.buf, "{n}");
        }
        ValueRef::Bool(b) => s.buf.push_str(if b { "true" } else { "false" }),
        ValueRef::List(elems) | ValueRef::Set(elems) => {
            let ety = ty.element_type().unwrap_or(&Type::Dynamic);
            s.buf.push('[');
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    s.buf.push(',');
                }
                write_fast(s, e, ety, omit)?;
            }
            s.buf.push(']');
        }
        ValueRef::Tuple(elems) => {
            let etys = ty.tuple_elements().unwrap_or(&[]);
            s.buf.push('[');
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    s.buf.push(',');
                }
                write_fast(s, e, etys.get(i).unwrap_or(&Type::Dynamic), omit)?;
            }
            s.buf.push(']');
        }
        ValueRef::Map(entries) => {
            let ety = ty.element_type().unwrap_or(&Type::Dynamic);
            s.buf.push('{');
            let mut first = true;
            for (k, e) in entries {
                if omit && writes_null(e, ety) {
                    continue;
                }
                if !first {
                    s.buf.push(',');
                }
                first = false;
                write_json_string(&mut s.buf, k);
                s.buf.push(':');
                write_fast(s, e, ety, omit)?;
            }
            s.buf.push('}');
        }
        ValueRef::Object(vty, vals) => {
            let want = ty.object_type().unwrap_or(vty);
            s.buf.push('{');
            let mut first = true;
            for ((name, aty), e) in want.attrs().iter().zip(vals) {
                if omit && writes_null(e, aty) {
                    continue;
                }
                if !first {
                    s.buf.push(',');
                }
                first = false;
                write_json_string(&mut s.buf, name);
                s.buf.push(':');
                write_fast(s, e, aty, omit)?;
            }
            s.buf.push('}');
        }
    }
    s.maybe_flush()
}

/// The nesting depth beyond which JSON is refused. Go's scanner allows
/// 10000 levels; this port recurses per level and stops at 500 so that
/// deeply nested input cannot exhaust the stack.
const MAX_DEPTH: usize = 500;

/// Infers the type of a JSON document (cty `json.ImpliedType`).
pub fn implied_type(json: &str) -> Result<Type, JsonError> {
    let mut dec = Decoder::new(json);
    let path = Path::default();
    let tok = dec.token().map_err(|e| JsonError::new(&path, e))?;
    let top = match tok {
        Tok::Delim(d) => d,
        _ => 0,
    };
    let ty = implied_for_tok(tok, &mut dec, 0, top).map_err(|e| JsonError::new(&path, e))?;
    if dec.more() {
        return Err(JsonError::new(&path, "extraneous data after JSON object"));
    }
    Ok(ty)
}

/// Go's `ImpliedType` has no depth limit, but unmarshalling then fails in
/// the scanner when the first level's element is too deep; that is the
/// message given here (before recursion gets too deep).
fn depth_error(top: u8, delim: u8) -> String {
    let what = if top == b'[' { "tuple" } else { "object" };
    format!(
        "failed to read {what} value: invalid character '{}' exceeded max depth",
        delim as char
    )
}

fn implied_for_tok(
    tok: Tok<'_>,
    dec: &mut Decoder<'_>,
    depth: usize,
    top: u8,
) -> Result<Type, String> {
    match tok {
        Tok::Null => Ok(Type::Dynamic),
        Tok::Bool(_) => Ok(Type::Bool),
        Tok::Number(_) => Ok(Type::Number),
        Tok::String(_) => Ok(Type::String),
        Tok::Delim(d) if depth > MAX_DEPTH => Err(depth_error(top, d)),
        Tok::Delim(b'{') => {
            let mut attrs: Vec<(Arc<str>, Type)> = Vec::new();
            let mut seen: std::collections::HashMap<Arc<str>, usize> = Default::default();
            loop {
                match dec.token()? {
                    Tok::Delim(b'}') => break,
                    Tok::Delim(d) => {
                        return Err(format!(
                            "unexpected delimiter {}",
                            quote(&(d as char).to_string())
                        ));
                    }
                    Tok::String(key) => {
                        let tok = dec.token()?;
                        let aty = implied_for_tok(tok, dec, depth + 1, top)?;
                        let key: Arc<str> = Arc::from(&*key);
                        // A repeated property of another type (go-cty
                        // 1.16.2); of the same type, the last one stands.
                        if let Some(&i) = seen.get(&key) {
                            if attrs[i].1 != aty {
                                return Err(format!(
                                    "duplicate {} property in JSON object",
                                    quote(&key)
                                ));
                            }
                            continue;
                        }
                        seen.insert(key.clone(), attrs.len());
                        attrs.push((key, aty));
                    }
                    other => {
                        return Err(format!(
                            "expected string but found {}",
                            go_type_name(&other)
                        ));
                    }
                }
            }
            Ok(Type::object(attrs.into_iter().map(|(k, t)| {
                let k: Arc<str> = super::nfc::nfc_arc(k);
                (k, t)
            })))
        }
        Tok::Delim(b'[') => {
            let mut etys = Vec::new();
            loop {
                let tok = dec.token()?;
                if tok == Tok::Delim(b']') {
                    break;
                }
                etys.push(implied_for_tok(tok, dec, depth + 1, top)?);
            }
            Ok(Type::tuple(etys))
        }
        Tok::Delim(d) => Err(format!(
            "unexpected token {}",
            quote(&(d as char).to_string())
        )),
    }
}

fn go_type_name(t: &Tok<'_>) -> &'static str {
    match t {
        Tok::Delim(_) => "json.Delim",
        Tok::Null => "<nil>",
        Tok::Bool(_) => "bool",
        Tok::Number(_) => "json.Number",
        Tok::String(_) => "string",
    }
}

/// Reads a JSON document as a value of type `ty` (cty `json.Unmarshal`).
/// With the dynamic pseudo-type the document must be
/// `{"value":...,"type":...}` as [`marshal`] writes it.
pub fn unmarshal(json: &str, ty: &Type) -> Result<Value, JsonError> {
    let mut path = Path::default();
    read_value(json, ty, &mut path, 0)
}

fn read_value(buf: &str, ty: &Type, path: &mut Path, depth: usize) -> Result<Value, JsonError> {
    // Depth counts values; implied_type counts containers.
    if depth > MAX_DEPTH + 1 {
        return Err(depth_exceeded(path));
    }
    // Kept small: this recursion is as deep as the document.
    match ty {
        Type::Bool | Type::Number | Type::String => read_primitive_doc(buf, ty, path),
        Type::Dynamic => read_dynamic(buf, path, depth),
        Type::List(ety) => read_list(buf, ety, path, depth),
        Type::Set(ety) => read_set(buf, ety, path, depth),
        Type::Map(ety) => read_map(buf, ety, path, depth),
        Type::Tuple(etys) => read_tuple(buf, etys, path, depth),
        Type::Object(o) => read_object(buf, o, path, depth),
    }
}

#[cold]
#[inline(never)]
fn depth_exceeded(path: &Path) -> JsonError {
    JsonError::new(path, "invalid character '[' exceeded max depth")
}

/// Whether the document starts with `null` (cty's first `Token` check).
#[inline(never)]
fn leading_null(buf: &str, path: &Path) -> Result<bool, JsonError> {
    let mut dec = Decoder::new(buf);
    match dec.token() {
        Ok(tok) => Ok(tok == Tok::Null),
        Err(e) => Err(JsonError::new(path, e)),
    }
}

#[inline(never)]
fn read_primitive_doc(buf: &str, ty: &Type, path: &Path) -> Result<Value, JsonError> {
    let mut dec = Decoder::new(buf);
    let tok = dec.token().map_err(|e| JsonError::new(path, e))?;
    if tok == Tok::Null {
        return Ok(Value::null(ty.clone()));
    }
    read_primitive(tok, ty, path)
}

#[inline(never)]
fn read_list(
    buf: &str,
    ety: &Arc<Type>,
    path: &mut Path,
    depth: usize,
) -> Result<Value, JsonError> {
    if leading_null(buf, path)? {
        return Ok(Value::null(Type::List(ety.clone())));
    }
    let vals = read_array(buf, ety, path, depth, false)?;
    if vals.is_empty() {
        return Ok(Value::list_empty((**ety).clone()));
    }
    Value::list_infer(vals).ok_or_else(|| JsonError::new(path, "inconsistent list element types"))
}

#[inline(never)]
fn read_set(buf: &str, ety: &Arc<Type>, path: &mut Path, depth: usize) -> Result<Value, JsonError> {
    if leading_null(buf, path)? {
        return Ok(Value::null(Type::Set(ety.clone())));
    }
    let vals = read_array(buf, ety, path, depth, true)?;
    if vals.is_empty() {
        return Ok(Value::set_empty((**ety).clone()));
    }
    Value::set_infer(vals).ok_or_else(|| JsonError::new(path, "inconsistent set element types"))
}

fn read_primitive(tok: Tok<'_>, ty: &Type, path: &Path) -> Result<Value, JsonError> {
    let conv_err = |e: super::convert::ConvertError| JsonError {
        path: path.join(&e.path),
        message: e.message,
    };
    match ty {
        Type::Bool => match tok {
            Tok::Bool(b) => Ok(Value::bool(b)),
            Tok::String(s) => convert(&Value::string(&*s), ty).map_err(conv_err),
            _ => Err(JsonError::new(path, "bool is required")),
        },
        Type::Number => match tok {
            Tok::Number(s) => parse_number(s, path),
            Tok::String(s) => parse_number(&s, path),
            _ => Err(JsonError::new(path, "number is required")),
        },
        _ => match tok {
            Tok::String(s) => Ok(Value::string(&*s)),
            Tok::Number(s) => Ok(Value::string(s)),
            Tok::Bool(b) => convert(&Value::bool(b), ty).map_err(conv_err),
            _ => Err(JsonError::new(path, "string is required")),
        },
    }
}

fn parse_number(s: &str, path: &Path) -> Result<Value, JsonError> {
    Number::parse(s)
        .map(Value::number)
        .map_err(|_| JsonError::new(path, "a number is required"))
}

fn require_delim(dec: &mut Decoder<'_>, d: u8) -> Result<(), String> {
    match dec.token()? {
        Tok::Delim(x) if x == d => Ok(()),
        _ => Err(format!("missing expected {}", d as char)),
    }
}

fn require_key<'a>(dec: &mut Decoder<'a>) -> Result<std::borrow::Cow<'a, str>, String> {
    match dec.token()? {
        Tok::String(s) => Ok(s),
        _ => Err("missing expected object key".to_string()),
    }
}

#[cold]
#[inline(never)]
fn read_failed(path: &Path, what: &str, e: String) -> JsonError {
    JsonError::new(path, format!("failed to read {what}: {e}"))
}

fn read_array(
    buf: &str,
    ety: &Type,
    path: &mut Path,
    depth: usize,
    is_set: bool,
) -> Result<Vec<Value>, JsonError> {
    let mut dec = Decoder::new(buf);
    require_delim(&mut dec, b'[').map_err(|e| JsonError::new(path, e))?;
    let mut vals = Vec::new();
    let mut idx = 0i64;
    while dec.more() {
        path.push(PathStep::Index(if is_set {
            Value::unknown(ety.clone())
        } else {
            Value::int(idx)
        }));
        idx += 1;
        let raw = match dec.decode_raw() {
            Ok(raw) => raw,
            Err(e) => {
                let what = if is_set { "set value" } else { "list value" };
                return Err(read_failed(path, what, e));
            }
        };
        let el = read_value(raw, ety, path, depth + 1)?;
        path.pop();
        vals.push(el);
    }
    require_delim(&mut dec, b']').map_err(|e| JsonError::new(path, e))?;
    Ok(vals)
}

#[inline(never)]
fn read_map(buf: &str, ety: &Arc<Type>, path: &mut Path, depth: usize) -> Result<Value, JsonError> {
    if leading_null(buf, path)? {
        return Ok(Value::null(Type::Map(ety.clone())));
    }
    let ety: &Type = ety;
    let mut dec = Decoder::new(buf);
    require_delim(&mut dec, b'{').map_err(|e| JsonError::new(path, e))?;
    let mut vals: Vec<(Arc<str>, Value)> = Vec::new();
    while dec.more() {
        path.push(PathStep::Index(Value::unknown(Type::String)));
        let k = require_key(&mut dec)
            .map_err(|e| JsonError::new(path, format!("failed to read map key: {e}")))?;
        path.set_last(PathStep::Index(Value::string(&*k)));
        let raw = dec
            .decode_raw()
            .map_err(|e| read_failed(path, "map value", e))?;
        let el = read_value(raw, ety, path, depth + 1)?;
        path.pop();
        vals.push((Arc::from(&*k), el));
    }
    require_delim(&mut dec, b'}').map_err(|e| JsonError::new(path, e))?;
    if vals.is_empty() {
        return Ok(Value::map_empty(ety.clone()));
    }
    // Go map semantics: the last of repeated keys wins.
    let mut sorted: Vec<(Arc<str>, Value)> = vals
        .into_iter()
        .map(|(k, v)| (super::nfc::nfc_arc(k), v))
        .collect();
    super::entries::sort_dedup_last(&mut sorted);
    Value::map_infer(sorted).ok_or_else(|| JsonError::new(path, "inconsistent map element types"))
}

#[inline(never)]
fn read_tuple(
    buf: &str,
    etys: &Arc<[Type]>,
    path: &mut Path,
    depth: usize,
) -> Result<Value, JsonError> {
    if leading_null(buf, path)? {
        return Ok(Value::null(Type::Tuple(etys.clone())));
    }
    let mut dec = Decoder::new(buf);
    require_delim(&mut dec, b'[').map_err(|e| JsonError::new(path, e))?;
    let mut vals = Vec::with_capacity(etys.len());
    while dec.more() {
        let idx = vals.len();
        if idx >= etys.len() {
            return Err(JsonError::new(
                path,
                format!("too many tuple elements (need {})", etys.len()),
            ));
        }
        path.push(PathStep::Index(Value::int(idx as i64)));
        let raw = dec
            .decode_raw()
            .map_err(|e| read_failed(path, "tuple value", e))?;
        let el = read_value(raw, &etys[idx], path, depth + 1)?;
        path.pop();
        vals.push(el);
    }
    require_delim(&mut dec, b']').map_err(|e| JsonError::new(path, e))?;
    if vals.len() != etys.len() {
        return Err(JsonError::new(
            path,
            format!("not enough tuple elements (need {})", etys.len()),
        ));
    }
    Ok(Value::tuple(vals))
}

fn read_object(
    buf: &str,
    oty: &Arc<ObjectType>,
    path: &mut Path,
    depth: usize,
) -> Result<Value, JsonError> {
    let mut dec = Decoder::new(buf);
    require_delim(&mut dec, b'{').map_err(|e| JsonError::new(path, e))?;
    let mut vals: Vec<Option<Value>> = vec![None; oty.len()];
    while dec.more() {
        path.push(PathStep::GetAttr(Arc::from("")));
        let k = match require_key(&mut dec) {
            Ok(k) => k,
            Err(e) => {
                return Err(JsonError::new(
                    path,
                    format!("failed to read object key: {e}"),
                ));
            }
        };
        let Some(idx) = oty.index_of(&k) else {
            path.pop();
            return Err(JsonError::new(
                path,
                format!("unsupported attribute {}", quote(&k)),
            ));
        };
        path.set_last(PathStep::GetAttr(oty.attrs()[idx].0.clone()));
        let raw = dec
            .decode_raw()
            .map_err(|e| read_failed(path, "object value", e))?;
        let el = read_value(raw, &oty.attrs()[idx].1, path, depth + 1)?;
        path.pop();
        vals[idx] = Some(el);
    }
    require_delim(&mut dec, b'}').map_err(|e| JsonError::new(path, e))?;
    let vals: Vec<Value> = vals
        .into_iter()
        .zip(oty.attrs())
        .map(|(v, (_, t))| v.unwrap_or_else(|| Value::null(t.clone())))
        .collect();
    if oty.attrs().iter().zip(&vals).all(|((_, t), v)| v.ty() == t) {
        return Ok(Value::object_with_type(oty.clone(), vals));
    }
    Ok(Value::object(
        oty.attrs().iter().map(|(n, _)| n.clone()).zip(vals),
    ))
}

#[inline(never)]
fn read_dynamic(buf: &str, path: &mut Path, depth: usize) -> Result<Value, JsonError> {
    if leading_null(buf, path)? {
        return Ok(Value::null(Type::Dynamic));
    }
    let mut dec = Decoder::new(buf);
    require_delim(&mut dec, b'{').map_err(|e| JsonError::new(path, e))?;
    let mut ty: Option<Type> = None;
    let mut body: Option<&str> = None;
    while dec.more() {
        let key = require_key(&mut dec).map_err(|e| {
            JsonError::new(
                path,
                format!("failed to read dynamic type descriptor key: {e}"),
            )
        })?;
        let raw = dec.decode_raw().map_err(|e| {
            JsonError::new(
                path,
                format!("failed to read dynamic type descriptor value: {e}"),
            )
        })?;
        match &*key {
            "type" => {
                ty = Some(parse_type(raw, 0).map_err(|e| {
                    JsonError::new(
                        path,
                        format!("failed to decode type for dynamic value: {e}"),
                    )
                })?)
            }
            "value" => body = Some(raw),
            _ => {
                return Err(JsonError::new(
                    path,
                    format!("invalid key {} in dynamically-typed value", quote(&key)),
                ));
            }
        }
    }
    require_delim(&mut dec, b'}').map_err(|e| JsonError::new(path, e))?;
    let Some(ty) = ty else {
        return Err(JsonError::new(
            path,
            "missing type in dynamically-typed value",
        ));
    };
    let Some(body) = body else {
        return Err(JsonError::new(
            path,
            "missing value in dynamically-typed value",
        ));
    };
    let mut inner = Path::default();
    read_value(body, &ty, &mut inner, depth + 1).map_err(|e| JsonError {
        path: path.join(&e.path),
        message: e.message,
    })
}

/// Parses a type in its JSON form, as [`Type::to_json`] writes it (cty
/// `json.UnmarshalType`). Messages for malformed nested parts are
/// simplified.
pub fn unmarshal_type(json: &str) -> Result<Type, JsonError> {
    parse_type(json, 0).map_err(|e| JsonError::new(&Path::default(), e))
}

fn parse_type(json: &str, depth: usize) -> Result<Type, String> {
    if depth > MAX_DEPTH {
        return Err("invalid character '[' exceeded max depth".to_string());
    }
    let mut dec = Decoder::new(json);
    match dec.token()? {
        Tok::String(s) => {
            let t = match &*s {
                "bool" => Type::Bool,
                "number" => Type::Number,
                "string" => Type::String,
                "dynamic" => Type::Dynamic,
                other => return Err(format!("invalid primitive type name {}", quote(other))),
            };
            if dec.more() {
                return Err("extraneous data after type description".to_string());
            }
            Ok(t)
        }
        Tok::Delim(b'[') => {
            let Tok::String(kind) = dec.token()? else {
                return Err("invalid complex type kind name".to_string());
            };
            let t = match &*kind {
                "list" | "map" | "set" => {
                    let ety = parse_type(dec.decode_raw()?, depth + 1)?;
                    match &*kind {
                        "list" => Type::list(ety),
                        "map" => Type::map(ety),
                        _ => Type::set(ety),
                    }
                }
                "object" => {
                    let raw = dec.decode_raw()?;
                    let mut inner = Decoder::new(raw);
                    if inner.token()? != Tok::Delim(b'{') {
                        return Err(
                            "json: cannot unmarshal into Go value of type map[string]cty.Type"
                                .to_string(),
                        );
                    }
                    let mut attrs: Vec<(Arc<str>, Type)> = Vec::new();
                    while inner.more() {
                        let k = require_key(&mut inner)?;
                        let aty = parse_type(inner.decode_raw()?, depth + 1)?;
                        attrs.push((super::nfc::nfc_arc(Arc::<str>::from(&*k)), aty));
                    }
                    if dec.more() {
                        // Optional attribute names: not part of this
                        // information model; read and ignore.
                        dec.decode_raw()?;
                    }
                    Type::object(attrs)
                }
                "tuple" => {
                    let raw = dec.decode_raw()?;
                    let mut inner = Decoder::new(raw);
                    if inner.token()? != Tok::Delim(b'[') {
                        return Err(
                            "json: cannot unmarshal into Go value of type []cty.Type".to_string()
                        );
                    }
                    let mut etys = Vec::new();
                    while inner.more() {
                        etys.push(parse_type(inner.decode_raw()?, depth + 1)?);
                    }
                    Type::tuple(etys)
                }
                _ => return Err("invalid complex type kind name".to_string()),
            };
            let end = dec.token()?;
            if end != Tok::Delim(b']') || dec.more() {
                return Err("unexpected extra data in type description".to_string());
            }
            Ok(t)
        }
        Tok::Delim(_) => Err("invalid complex type description".to_string()),
        _ => Err("invalid type description".to_string()),
    }
}
