//! Writing values back as HCL native syntax (issue 26, first part).
//!
//! - [`expression`] writes a [`Value`] as an HCL expression that evaluates
//!   back to the same value;
//! - [`to_string`] writes an object value as a body of attributes, one per
//!   property (also [`crate::to_string`]);
//! - with the `serde` feature, `hcldecode::serde::to_string` writes any
//!   `T: Serialize` the same way, through `hcldecode::serde::to_value`.
//!
//! The output is formatted as `hclfmt` formats: two-space indents, `=`
//! aligned in runs of consecutive single-line attributes (names padded to
//! the longest in the run, as `hclwrite.Format` pads them), a trailing
//! newline after the last attribute.
//!
//! What reads back and what does not:
//!
//! - strings are quoted and escaped (`\\`, `\"`, `\n`, `\r`, `\t`, other
//!   control characters as `\uXXXX`; `${` as `$${` and `%{` as `%%{`) so
//!   they are never templates and read back unchanged; an attribute's
//!   string of several lines is an indented heredoc where that reads back
//!   the same ([`EncodeOptions::heredocs`]);
//! - numbers are written digit for digit in their exact decimal form, so a
//!   512-bit integer or a long fraction reads back equal; infinities have
//!   no HCL form and are an error ([`EncodeError::Infinity`]);
//! - HCL has literals for tuples (`[...]`) and objects (`{...}`) only:
//!   lists and sets are written as tuples and maps as objects, and read
//!   back as those types unless a schema (or [`convert`](crate::value::convert::convert))
//!   converts them: the round trip holds up to conversion to the original
//!   type;
//! - `null` is written as `null`, which reads back as a null of the
//!   dynamic type: the type of a typed null is lost (up to conversion, as
//!   for collections);
//! - values not known yet cannot be written ([`EncodeError::Unknown`]).
//!
//! ```
//! use hcldecode::{Value, encode};
//! let v = Value::object([
//!     ("name", Value::string("web ${x}")),
//!     ("port", Value::int(8080)),
//!     ("tags", Value::from(vec!["a", "b"])),
//!     ("env", Value::object([("LANG", Value::string("C"))])),
//! ]);
//! assert_eq!(
//!     encode::to_string(&v).unwrap(),
//!     "env = {\n  LANG = \"C\"\n}\nname = \"web $${x}\"\nport = 8080\ntags = [\"a\", \"b\"]\n"
//! );
//! let (back, diags) = hcldecode::eval_config_attrs(&encode::to_string(&v).unwrap(), &Value::empty_object());
//! assert!(!diags.has_errors());
//! assert_eq!(back.get_attr("name"), Some(Value::string("web ${x}")));
//! ```

use std::fmt;

mod by_spec;
mod typed;

pub use by_spec::{body_by_spec, to_string_by_spec, to_string_by_spec_with};

pub(crate) use typed::Item;
pub(crate) use typed::WrittenItem;
pub use typed::{BodyWriter, HclEncode, to_string_of, to_string_of_with};

use hcldecode_spec::syntax::is_identifier;

use crate::Type;
use crate::value::{Path, PathStep, Value, ValueRef};

/// Columns a tuple of simple elements may reach on one line before it is
/// written one element per line.
const WIDTH: usize = 80;

/// How values are written ([`to_string_with`],
/// [`BodyWriter::finish_with`], [`to_string_of_with`]).
///
/// ```
/// use hcldecode::{Value, encode::{self, EncodeOptions}};
/// let v = Value::object([("script", Value::string("echo a\necho b\n"))]);
/// assert_eq!(
///     encode::to_string(&v).unwrap(),
///     "script = <<-EOT\n  echo a\n  echo b\nEOT\n"
/// );
/// let quoted = EncodeOptions::default().with_heredocs(false);
/// assert_eq!(
///     encode::to_string_with(&v, &quoted).unwrap(),
///     "script = \"echo a\\necho b\\n\"\n"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct EncodeOptions {
    /// An attribute's (or object item's) string of several lines is
    /// written as an indented heredoc (`<<-EOT`), as people write scripts
    /// and templates, where the heredoc reads back as the same string: it
    /// ends with a newline, has no control characters but tabs and no
    /// template sequence (`${`, `%{`: a heredoc's escapes for them are not
    /// read back by every HCL reader) and no line of only spaces or tabs,
    /// and one of its lines starts without
    /// indentation (`<<-` strips the indentation its lines share).
    /// Otherwise, and with `false`, strings are quoted.
    /// On by default.
    pub heredocs: bool,
}

impl Default for EncodeOptions {
    fn default() -> EncodeOptions {
        EncodeOptions { heredocs: true }
    }
}

impl EncodeOptions {
    /// These options with [`heredocs`](Self::heredocs) set to `on`.
    pub fn with_heredocs(mut self, on: bool) -> EncodeOptions {
        self.heredocs = on;
        self
    }
}

/// Why a value could not be written as HCL.
///
/// ```
/// use hcldecode::{Type, Value, encode::{self, EncodeError}};
/// let v = Value::object([("a", Value::unknown(Type::String))]);
/// let e = encode::to_string(&v).unwrap_err();
/// assert!(matches!(e, EncodeError::Unknown { .. }));
/// assert_eq!(e.to_string(), "the value at .a (of type string) is not known yet and has no HCL form");
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum EncodeError {
    /// A value (or part of one) is not known yet.
    Unknown {
        /// Where in the value.
        path: Path,
        /// Its type.
        ty: Type,
    },
    /// An infinite number: HCL has no literal for it.
    Infinity {
        /// Where in the value.
        path: Path,
    },
    /// [`to_string`] was given something other than a known, non-null
    /// object or map: a body is a set of named attributes.
    NotAnObject {
        /// The type of what was given.
        ty: Type,
    },
    /// A top-level property whose name is not an identifier, so it cannot
    /// be an attribute name.
    AttributeName {
        /// The property's name.
        name: String,
    },
    /// A block type name that is not an identifier
    /// ([`HclEncode`] bodies).
    BlockType {
        /// The block type.
        name: String,
    },
    /// A serde `Serialize` implementation reported an error, or gave
    /// something with no HCL form (feature `serde`).
    Custom(String),
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodeError::Unknown { path, ty } => write!(
                f,
                "the value at {} (of type {ty}) is not known yet and has no HCL form",
                PathText(path)
            ),
            EncodeError::Infinity { path } => write!(
                f,
                "the number at {} is infinite and has no HCL form",
                PathText(path)
            ),
            EncodeError::NotAnObject { ty } => write!(
                f,
                "only an object or a map can be written as a body of attributes, not a value of type {ty}"
            ),
            EncodeError::AttributeName { name } => write!(
                f,
                "the property {name:?} cannot be an attribute: its name is not an identifier"
            ),
            EncodeError::BlockType { name } => write!(
                f,
                "{name:?} cannot be a block type: it is not an identifier"
            ),
            EncodeError::Custom(msg) => f.write_str(msg),
        }
    }
}

impl std::error::Error for EncodeError {}

/// A path as the messages show it: `the root` when empty.
struct PathText<'a>(&'a Path);

impl fmt::Display for PathText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            f.write_str("the root")
        } else {
            fmt::Display::fmt(self.0, f)
        }
    }
}

/// Writes `v` as an HCL expression that evaluates back to it: exactly for
/// strings, numbers, bools, tuples and objects; up to conversion to `v`'s
/// type for lists, sets, maps and typed nulls (see the [module](self)
/// docs). Objects are written one property per line; a tuple of simple
/// elements stays on one line when it fits in 80 columns.
///
/// ```
/// use hcldecode::{Type, Value, encode};
/// use hcldecode::value::convert::convert;
/// assert_eq!(encode::expression(&Value::string("a\"b\n${c}%{d}")).unwrap(), r#""a\"b\n$${c}%%{d}""#);
/// let big = hcldecode::Number::parse("3273390607896141870013189696827599152216642046043064789483291368096133796404674554883270092325904157150886684127560071009217256545885393053328527589377").unwrap();
/// assert_eq!(encode::expression(&Value::number(big.clone())).unwrap(), big.to_string());
///
/// let l = Value::list(Type::Number, vec![Value::int(1), Value::int(-2)]);
/// let text = encode::expression(&l).unwrap();
/// assert_eq!(text, "[1, -2]");
/// let (back, diags) = hcldecode::eval_expr(&text, &Value::empty_object());
/// assert!(!diags.has_errors());
/// // A tuple literal: the list comes back once converted to its type.
/// assert_eq!(convert(&back, l.ty()).unwrap(), l);
///
/// assert!(encode::expression(&Value::unknown(Type::Number)).is_err());
/// ```
pub fn expression(v: &Value) -> Result<String, EncodeError> {
    check(v, &mut Path::default())?;
    let mut out = String::new();
    // An expression on its own is written on as few lines as it can be.
    let opts = EncodeOptions { heredocs: false };
    write_expr(&mut out, v, 0, 0, &opts);
    Ok(out)
}

/// Writes an object (or map) value as an HCL body: one attribute
/// `name = expression` per property, in the object's order (sorted by
/// name), formatted as `hclfmt` formats, with a trailing newline (an empty
/// object gives the empty string). Nested objects are object expressions,
/// not blocks.
///
/// Every property name must be an identifier
/// ([`EncodeError::AttributeName`]); the value must be a known, non-null
/// object or map ([`EncodeError::NotAnObject`]) with no unknown or
/// infinite part.
///
/// ```
/// use hcldecode::Value;
/// let v = Value::object([
///     ("name", Value::string("api")),
///     ("replicas", Value::int(3)),
///     ("labels", Value::object([("tier", Value::string("web")), ("app name", Value::string("x"))])),
///     ("a", Value::bool(true)),
/// ]);
/// let text = hcldecode::to_string(&v).unwrap();
/// assert_eq!(text, "\
/// a = true
/// labels = {
///   \"app name\" = \"x\"
///   tier       = \"web\"
/// }
/// name     = \"api\"
/// replicas = 3
/// ");
/// let (back, diags) = hcldecode::eval_config_attrs(&text, &Value::empty_object());
/// assert!(!diags.has_errors());
/// assert_eq!(back, v);
///
/// let bad = Value::object([("not an identifier", Value::int(1))]);
/// assert!(hcldecode::to_string(&bad).is_err());
/// ```
pub fn to_string(v: &Value) -> Result<String, EncodeError> {
    to_string_with(v, &EncodeOptions::default())
}

/// [`to_string`] with options (quoted strings instead of heredocs, say).
pub fn to_string_with(v: &Value, opts: &EncodeOptions) -> Result<String, EncodeError> {
    let entries: Vec<(&str, &Value)> = match v.view() {
        ValueRef::Object(ty, vals) => ty.attrs().iter().map(|(k, _)| &**k).zip(vals).collect(),
        ValueRef::Map(entries) => entries.iter().map(|(k, e)| (&**k, e)).collect(),
        ValueRef::Unknown => {
            return Err(EncodeError::Unknown {
                path: Path::default(),
                ty: v.ty().clone(),
            });
        }
        _ => return Err(EncodeError::NotAnObject { ty: v.ty().clone() }),
    };
    if let Some((name, _)) = entries.iter().find(|(k, _)| !is_identifier(k)) {
        return Err(EncodeError::AttributeName {
            name: (*name).to_string(),
        });
    }
    check(v, &mut Path::default())?;
    let mut out = String::new();
    let keyed: Vec<(String, &Value)> = entries
        .into_iter()
        .map(|(k, e)| (k.to_string(), e))
        .collect();
    write_entries(&mut out, &keyed, 0, opts);
    Ok(out)
}

/// Finds the first unknown or infinite part of `v`.
fn check(v: &Value, path: &mut Path) -> Result<(), EncodeError> {
    let each = |path: &mut Path, step: PathStep, e: &Value| {
        path.push(step);
        let r = check(e, path);
        path.pop();
        r
    };
    match v.view() {
        ValueRef::Unknown => {
            return Err(EncodeError::Unknown {
                path: path.clone(),
                ty: v.ty().clone(),
            });
        }
        ValueRef::Number(n) if n.is_infinite() => {
            return Err(EncodeError::Infinity { path: path.clone() });
        }
        ValueRef::Null | ValueRef::Bool(_) | ValueRef::Number(_) | ValueRef::String(_) => {}
        ValueRef::List(es) | ValueRef::Tuple(es) => {
            for (i, e) in es.iter().enumerate() {
                let i = i64::try_from(i).unwrap_or(i64::MAX);
                each(path, PathStep::Index(Value::int(i)), e)?;
            }
        }
        ValueRef::Set(es) => {
            for e in es {
                each(path, PathStep::Index(e.clone()), e)?;
            }
        }
        ValueRef::Map(entries) => {
            for (k, e) in entries {
                each(path, PathStep::Index(Value::string_arc(k.clone())), e)?;
            }
        }
        ValueRef::Object(ty, vals) => {
            for ((k, _), e) in ty.attrs().iter().zip(vals) {
                each(path, PathStep::GetAttr(k.clone()), e)?;
            }
        }
    }
    Ok(())
}

/// The one-line text of a value that is always written on one line:
/// null, bools, numbers, strings and empty collections.
fn simple(v: &Value) -> Option<String> {
    let mut out = String::new();
    match v.view() {
        ValueRef::Null | ValueRef::Unknown => out.push_str("null"),
        ValueRef::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        ValueRef::Number(n) => out.push_str(&n.to_string()),
        ValueRef::String(s) => hcldecode_spec::syntax::native::write_quoted(&mut out, s),
        ValueRef::List([]) | ValueRef::Set([]) | ValueRef::Tuple([]) => out.push_str("[]"),
        ValueRef::Map([]) | ValueRef::Object(_, []) => out.push_str("{}"),
        _ => return None,
    }
    Some(out)
}

/// The one-line text of `v` if it is written on one line when it starts
/// at column `col`: simple values, and tuples of simple values that fit.
fn one_line(v: &Value, col: usize) -> Option<String> {
    if let Some(s) = simple(v) {
        return Some(s);
    }
    let (ValueRef::List(es) | ValueRef::Set(es) | ValueRef::Tuple(es)) = v.view() else {
        return None;
    };
    let mut out = String::from("[");
    for (i, e) in es.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&simple(e)?);
    }
    out.push(']');
    (col + columns(&out) <= WIDTH).then_some(out)
}

/// Writes `v` starting at column `col`, its inner lines at `indent` (and
/// deeper), its closing bracket at `indent`.
fn write_expr(out: &mut String, v: &Value, indent: usize, col: usize, opts: &EncodeOptions) {
    if let Some(text) = heredoc(v, indent, opts) {
        out.push_str(&text);
        return;
    }
    if let Some(s) = one_line(v, col) {
        out.push_str(&s);
        return;
    }
    match v.view() {
        ValueRef::List(es) | ValueRef::Set(es) | ValueRef::Tuple(es) => {
            out.push_str("[\n");
            // An element is followed by a comma on its line, which a
            // heredoc's closing marker cannot have: elements are quoted.
            let elements = EncodeOptions {
                heredocs: false,
                ..*opts
            };
            for e in es {
                push_indent(out, indent + 1);
                write_expr(out, e, indent + 1, 2 * (indent + 1), &elements);
                out.push_str(",\n");
            }
            push_indent(out, indent);
            out.push(']');
        }
        ValueRef::Map(entries) => {
            let keyed: Vec<(String, &Value)> =
                entries.iter().map(|(k, e)| (object_key(k), e)).collect();
            write_object(out, &keyed, indent, opts);
        }
        ValueRef::Object(ty, vals) => {
            let keyed: Vec<(String, &Value)> = ty
                .attrs()
                .iter()
                .map(|(k, _)| object_key(k))
                .zip(vals)
                .collect();
            write_object(out, &keyed, indent, opts);
        }
        // Simple values were written above.
        _ => {}
    }
}

fn write_object(out: &mut String, keyed: &[(String, &Value)], indent: usize, opts: &EncodeOptions) {
    out.push_str("{\n");
    write_entries(out, keyed, indent + 1, opts);
    push_indent(out, indent);
    out.push('}');
}

/// Writes `key = value` lines at `indent`, padding the keys of each run of
/// consecutive one-line values as the formatter does
/// ([`format::run_padding`](crate::format::run_padding) over the keys'
/// [`cell_columns`](crate::format::cell_columns)): hclwrite aligns the `=`
/// of lines whose value is complete on the line; a line opening a
/// multi-line value ends the run.
fn write_entries(
    out: &mut String,
    keyed: &[(String, &Value)],
    indent: usize,
    opts: &EncodeOptions,
) {
    let widths: Vec<usize> = keyed.iter().map(|(k, _)| columns(k)).collect();
    // A heredoc's opening line is a complete `name = <<-EOT` line to
    // hclwrite: it is aligned with the lines around it, its text and
    // closing marker left out of the run.
    let lines: Vec<Option<String>> = keyed
        .iter()
        .zip(&widths)
        .map(|((_, e), w)| match heredoc(e, indent, opts) {
            Some(text) => Some(text),
            None => one_line(e, 2 * indent + w + 3),
        })
        .collect();
    let mut i = 0;
    while i < keyed.len() {
        // The run of one-line values (and heredocs) starting at `i`.
        let end = (i..keyed.len())
            .find(|&j| lines[j].is_none())
            .unwrap_or(keyed.len());
        if end == i {
            let (k, e) = &keyed[i];
            push_indent(out, indent);
            out.push_str(k);
            out.push_str(" = ");
            write_expr(out, e, indent, 2 * indent + widths[i] + 3, opts);
            out.push('\n');
            i += 1;
            continue;
        }
        let pads = crate::format::run_padding(&widths[i..end]);
        for (j, pad) in (i..end).zip(pads) {
            push_indent(out, indent);
            out.push_str(&keyed[j].0);
            out.extend(std::iter::repeat_n(' ', pad));
            out.push_str("= ");
            out.push_str(lines[j].as_deref().unwrap_or("null"));
            out.push('\n');
        }
        i = end;
    }
}

/// `v` as an indented heredoc whose lines are at `indent + 1` and whose
/// closing marker is at `indent`, where [`EncodeOptions::heredocs`] asks
/// for one and it reads back as the same string (see there).
fn heredoc(v: &Value, indent: usize, opts: &EncodeOptions) -> Option<String> {
    if !opts.heredocs {
        return None;
    }
    let ValueRef::String(s) = v.view() else {
        return None;
    };
    // A heredoc's text ends with a newline; a lone newline stays quoted.
    let body = s.strip_suffix('\n').filter(|b| !b.is_empty())?;
    if s.chars().any(|c| c.is_control() && c != '\n' && c != '\t') {
        return None;
    }
    // Text with template sequences is quoted: other readers (hcl-rs) do
    // not undo a heredoc's `$${` and `%%{` escapes.
    if s.contains("${") || s.contains("%{") {
        return None;
    }
    let lines: Vec<&str> = body.split('\n').collect();
    // A line of only spaces or tabs takes part in `<<-`'s stripping in
    // ways that depend on its neighbours: such text is quoted.
    if lines.iter().any(|l| !l.is_empty() && l.trim().is_empty()) {
        return None;
    }
    // `<<-` strips the indentation the non-blank lines share: one must
    // have none, so that only the added indentation is stripped.
    let flush = lines
        .iter()
        .any(|l| l.starts_with(|c: char| !c.is_whitespace()));
    if !flush {
        return None;
    }
    let mut marker = String::from("EOT");
    let mut n = 0;
    while lines.iter().any(|l| l.trim() == marker) {
        n += 1;
        marker = format!("EOT{n}");
    }
    let mut out = format!("<<-{marker}\n");
    for line in &lines {
        if !line.is_empty() {
            push_indent(&mut out, indent + 1);
            out.push_str(line);
        }
        out.push('\n');
    }
    push_indent(&mut out, indent);
    out.push_str(&marker);
    Some(out)
}

fn push_indent(out: &mut String, indent: usize) {
    for _ in 0..indent {
        out.push_str("  ");
    }
}

/// Columns as the formatter counts a cell's (hclwrite's `Tokens.Columns`).
fn columns(s: &str) -> usize {
    crate::format::cell_columns(s)
}

/// An object key: bare when it is an identifier that the parser reads as
/// a name (not `true`, `false` or `null`, which are literals, nor `for`,
/// which starts a `for` expression), quoted otherwise.
fn object_key(k: &str) -> String {
    if is_identifier(k) && !matches!(k, "true" | "false" | "null" | "for") {
        k.to_string()
    } else {
        let mut out = String::new();
        hcldecode_spec::syntax::native::write_quoted(&mut out, k);
        out
    }
}
