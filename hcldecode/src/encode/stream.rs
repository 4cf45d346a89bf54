//! Typed encoding written straight to the output (issue 36): what
//! `to_string_of` uses. A derived type writes its
//! attributes and blocks into a [`BodyOut`] and its attribute values into
//! an [`ExprOut`], so no [`Value`] or `BodyWriter` tree is built for the
//! common field types; only the run of consecutive attributes being
//! written is buffered, to align their `=` as `hclfmt` does.
//!
//! The text is the one `BodyWriter::finish_with` gives for the same
//! items, byte for byte: the layout rules here are those of
//! `BodyWriter`'s `write` and `write::write_entries`, and values that
//! have no writer of their own go through `write::write_expr`. When
//! anything fails, `to_string_of` writes the value
//! again through `BodyWriter`, so that errors are the ones that path
//! reports (with their paths), not an approximation of them.

use std::ops::Range;

use hcldecode_spec::syntax::is_identifier;
use hcldecode_spec::syntax::native::write_quoted;
use hcldecode_spec::value::normalize_string;

use super::write::{
    WIDTH, check, columns, push_indent, simple, write_expr, write_heredoc, write_key,
};
use super::{EncodeError, EncodeOptions};
use crate::value::{Path, Value, ValueRef};

/// Where an attribute's value (or an element of one) is written: the
/// output, the indentation of its inner lines and the column it starts at
/// (which decides whether a tuple fits on one line). Handed to
/// `HclEncode::write_expr`.
///
/// ```
/// use hcldecode::encode::{EncodeError, ExprOut, HclEncode};
/// use hcldecode::Value;
///
/// struct Port(u16);
/// impl HclEncode for Port {
///     fn to_value(&self) -> Result<Value, EncodeError> {
///         Ok(Value::int(i64::from(self.0)))
///     }
///     // The same text, without the `to_value` step's own work.
///     fn write_expr(&self, out: &mut ExprOut<'_>) -> Result<(), EncodeError> {
///         out.value(&Value::int(i64::from(self.0)))
///     }
/// }
/// #[derive(hcldecode::HclEncode)]
/// struct Listen {
///     port: Port,
/// }
/// assert_eq!(hcldecode::to_string_typed(&Listen { port: Port(80) }).unwrap(), "port = 80\n");
/// ```
pub struct ExprOut<'a> {
    out: &'a mut String,
    /// Buffers of nested objects' runs, kept for the next object.
    pool: &'a mut Vec<Run>,
    indent: usize,
    col: usize,
    heredocs: bool,
    /// Inside a tuple being tried on one line: only simple values (null,
    /// bools, numbers, quoted strings, empty collections) may be written.
    simple: bool,
    /// Set when a value that is not simple was met in `simple` mode.
    complex: bool,
    /// Set when a value was written over several lines (not a heredoc):
    /// it ends a run of aligned attributes.
    multi: bool,
}

impl ExprOut<'_> {
    /// Writes `v` (checked first: a value not known yet or infinite is an
    /// error), as [`expression`](super::expression) lays it out at this
    /// place.
    ///
    /// ```
    /// use hcldecode::encode::{EncodeError, ExprOut, HclEncode};
    /// use hcldecode::Value;
    /// struct Pair;
    /// impl HclEncode for Pair {
    ///     fn to_value(&self) -> Result<Value, EncodeError> {
    ///         Ok(Value::from(vec!["a", "b"]))
    ///     }
    ///     fn write_expr(&self, out: &mut ExprOut<'_>) -> Result<(), EncodeError> {
    ///         out.value(&Value::from(vec!["a", "b"]))
    ///     }
    /// }
    /// #[derive(hcldecode::HclEncode)]
    /// struct S {
    ///     pair: Pair,
    /// }
    /// assert_eq!(hcldecode::to_string_typed(&S { pair: Pair }).unwrap(), "pair = [\"a\", \"b\"]\n");
    /// ```
    pub fn value(&mut self, v: &Value) -> Result<(), EncodeError> {
        check(v, &mut Path::default())?;
        if self.simple {
            match simple(v) {
                Some(s) => self.out.push_str(&s),
                None => self.complex = true,
            }
            return Ok(());
        }
        let opts = EncodeOptions {
            heredocs: self.heredocs,
        };
        let start = self.out.len();
        write_expr(self.out, v, self.indent, self.col, &opts);
        let text = &self.out[start..];
        self.multi |= !text.starts_with("<<-") && text.contains('\n');
        Ok(())
    }

    /// Writes text that is simple as it is (`null`, a bool, a number).
    pub(crate) fn literal(&mut self, text: &str) {
        self.out.push_str(text);
    }

    /// Writes a finite [`Number`](crate::Number) as a number value is
    /// written: its `Display` text.
    pub(crate) fn number(&mut self, n: impl std::fmt::Display) {
        use std::fmt::Write;
        // Writing to a `String` cannot fail.
        let _ = write!(self.out, "{n}");
    }

    /// Writes a Rust integer: its decimal digits (what its `Display`
    /// writes), made by `itoa` rather than `fmt`.
    pub(crate) fn integer(&mut self, n: impl itoa::Integer) {
        self.out.push_str(itoa::Buffer::new().format(n));
    }

    /// Writes a string: an indented heredoc where that is asked for and
    /// reads back the same, quoted otherwise. Like a string [`Value`], in
    /// NFC.
    pub(crate) fn string(&mut self, s: &str) {
        let s = &*normalize_string(s);
        if !self.simple && self.heredocs && write_heredoc(self.out, s, self.indent) {
            return;
        }
        write_quoted(self.out, s);
    }

    /// Writes a tuple of `items`, `write` writing each: on one line if
    /// every element is simple and it fits in [`WIDTH`] columns, one
    /// element per line otherwise.
    pub(crate) fn seq<I: Iterator + Clone>(
        &mut self,
        items: I,
        write: impl Fn(I::Item, &mut ExprOut<'_>) -> Result<(), EncodeError>,
    ) -> Result<(), EncodeError> {
        let start = self.out.len();
        self.out.push('[');
        let mut empty = true;
        if !self.simple {
            let mut complex = false;
            for (i, e) in items.clone().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                empty = false;
                let mut el = self.nested(0, 0, false);
                el.simple = true;
                write(e, &mut el)?;
                if el.complex {
                    complex = true;
                    break;
                }
            }
            self.out.push(']');
            if !complex && (empty || self.col + columns(&self.out[start..]) <= WIDTH) {
                return Ok(());
            }
        } else {
            empty = items.clone().next().is_none();
            self.out.push(']');
            self.complex |= !empty;
            return Ok(());
        }
        self.out.truncate(start);
        self.multi = true;
        self.out.push_str("[\n");
        let inner = self.indent + 1;
        for e in items {
            push_indent(self.out, inner);
            // An element is followed by a comma on its line, which a
            // heredoc's closing marker cannot have: elements are quoted.
            write(e, &mut self.nested(inner, 2 * inner, false))?;
            self.out.push_str(",\n");
        }
        push_indent(self.out, self.indent);
        self.out.push(']');
        Ok(())
    }

    /// Writes an object of `entries` (sorted by key, no key twice, each in
    /// NFC: what [`Value::object`] would hold), `write` writing each
    /// value, one entry per line. With `skip_null`, entries whose value
    /// writes `null` are left out (a struct's absent fields).
    pub(crate) fn object<V>(
        &mut self,
        entries: &[(&str, V)],
        skip_null: bool,
        write: impl Fn(&V, &mut ExprOut<'_>) -> Result<(), EncodeError>,
    ) -> Result<(), EncodeError> {
        if entries.is_empty() {
            self.out.push_str("{}");
            return Ok(());
        }
        if self.simple && !skip_null {
            self.complex = true;
            return Ok(());
        }
        let inner = self.indent + 1;
        let mut run = self.pool.pop().unwrap_or_default();
        for (k, v) in entries {
            run.entry(
                self.pool,
                inner,
                self.heredocs,
                |key| write_key(key, k),
                |e| write(v, e),
            )?;
            if skip_null {
                run.drop_null();
            }
        }
        if run.entries.is_empty() {
            self.out.push_str("{}");
        } else if self.simple {
            self.complex = true;
            run.clear();
        } else {
            self.multi = true;
            self.out.push_str("{\n");
            run.flush(self.out, inner);
            push_indent(self.out, self.indent);
            self.out.push('}');
        }
        self.pool.push(run);
        Ok(())
    }

    fn nested(&mut self, indent: usize, col: usize, heredocs: bool) -> ExprOut<'_> {
        ExprOut {
            out: self.out,
            pool: self.pool,
            indent,
            col,
            heredocs,
            simple: false,
            complex: false,
            multi: false,
        }
    }
}

/// One `key = value` line of a [`Run`]: where its key and the rest of its
/// line (`= value` and the newline) are in the run's buffer.
struct Entry {
    key: Range<usize>,
    rest: Range<usize>,
    width: usize,
    /// Complete on its line (or a heredoc): aligned with its neighbours.
    single: bool,
}

/// Consecutive `key = value` lines being written: their text, kept until
/// the run ends so that the keys can be padded as `write_entries` pads
/// them.
#[derive(Default)]
struct Run {
    text: String,
    entries: Vec<Entry>,
}

#[inline]
fn push_spaces(out: &mut String, n: usize) {
    const SPACES: &str = "                                ";
    match SPACES.get(..n) {
        Some(s) => out.push_str(s),
        None => out.extend(std::iter::repeat_n(' ', n)),
    }
}

impl Run {
    /// Adds the line `key = value` at `indent`, `key` and `value` writing
    /// their text.
    fn entry(
        &mut self,
        pool: &mut Vec<Run>,
        indent: usize,
        heredocs: bool,
        key: impl FnOnce(&mut String),
        value: impl FnOnce(&mut ExprOut<'_>) -> Result<(), EncodeError>,
    ) -> Result<(), EncodeError> {
        let k = self.text.len();
        key(&mut self.text);
        let v = self.text.len();
        let width = columns(&self.text[k..v]);
        // The text after the key is `= value\n`, as `flush` copies it.
        self.text.push_str("= ");
        let mut e = ExprOut {
            out: &mut self.text,
            pool,
            indent,
            col: 2 * indent + width + 3,
            heredocs,
            simple: false,
            complex: false,
            multi: false,
        };
        value(&mut e)?;
        let single = !e.multi;
        self.text.push('\n');
        self.entries.push(Entry {
            key: k..v,
            rest: v..self.text.len(),
            width,
            single,
        });
        Ok(())
    }

    fn clear(&mut self) {
        self.text.clear();
        self.entries.clear();
    }

    /// Drops the last entry if its value is `null`.
    fn drop_null(&mut self) {
        if let Some(e) = self.entries.last()
            && self.text.as_bytes().get(e.rest.clone()) == Some(b"= null\n")
        {
            self.text.truncate(e.key.start);
            self.entries.pop();
        }
    }

    /// Writes the run's lines at `indent` and empties it: the `=` of
    /// consecutive single-line entries aligned, as `write_entries` aligns
    /// them.
    fn flush(&mut self, out: &mut String, indent: usize) {
        out.reserve(self.text.len() + self.entries.len() * (2 * indent + 2));
        let n = self.entries.len();
        let mut i = 0;
        while i < n {
            let mut end = i;
            let mut max = 0;
            while let Some(e) = self.entries.get(end).filter(|e| e.single) {
                max = max.max(e.width);
                end += 1;
            }
            if end == i {
                // An entry over several lines: not aligned.
                let e = &self.entries[i];
                push_indent(out, indent);
                out.push_str(&self.text[e.key.clone()]);
                out.push(' ');
                out.push_str(&self.text[e.rest.clone()]);
                i += 1;
                continue;
            }
            for e in &self.entries[i..end] {
                push_indent(out, indent);
                out.push_str(&self.text[e.key.clone()]);
                // As `format::run_padding` pads a cell.
                push_spaces(out, max - e.width + 1);
                out.push_str(&self.text[e.rest.clone()]);
            }
            i = end;
        }
        self.clear();
    }
}

/// An attribute's name must be an identifier.
fn check_name(name: &str) -> Result<(), EncodeError> {
    if is_identifier(name) {
        Ok(())
    } else {
        Err(EncodeError::AttributeName {
            name: name.to_string(),
        })
    }
}

/// What was written last in a body, which decides whether a blank line
/// comes before the next item (as `BodyWriter` separates them).
#[derive(Clone, Copy, PartialEq)]
enum Last {
    Nothing,
    Attr,
    RawAttr,
    Other,
}

/// A body being written straight to its text: what
/// `HclEncode::write_body` writes into. The derive's code and
/// `BodyWriter`'s items (for types that implement only
/// `encode_body`) write through it alike.
///
/// ```
/// use hcldecode::HclEncode;
/// #[derive(HclEncode)]
/// struct Port {
///     #[hcl(label)]
///     name: String,
///     to: u16,
/// }
/// #[derive(HclEncode)]
/// struct Network {
///     mode: String,
///     #[hcl(block, rename = "port")]
///     ports: Vec<Port>,
/// }
/// let n = Network { mode: "host".into(), ports: vec![Port { name: "http".into(), to: 80 }] };
/// assert_eq!(
///     hcldecode::to_string_typed(&n).unwrap(),
///     "mode = \"host\"\n\nport \"http\" {\n  to = 80\n}\n"
/// );
/// ```
pub struct BodyOut {
    out: String,
    run: Run,
    pool: Vec<Run>,
    indent: usize,
    last: Last,
    heredocs: bool,
    /// Source text was written: the whole text goes through the formatter.
    raw: bool,
}

impl BodyOut {
    pub(crate) fn new(opts: &EncodeOptions) -> BodyOut {
        BodyOut {
            out: String::new(),
            run: Run::default(),
            pool: Vec::new(),
            indent: 0,
            last: Last::Nothing,
            heredocs: opts.heredocs,
            raw: false,
        }
    }

    /// The text written, laid out by the formatter when source text was
    /// written (as `BodyWriter::finish_with` does).
    pub(crate) fn finish(mut self) -> Result<String, EncodeError> {
        self.end_run();
        if !self.raw {
            return Ok(self.out);
        }
        let formatted = crate::format::format(self.out.as_bytes());
        String::from_utf8(formatted)
            .map_err(|e| EncodeError::Custom(format!("formatting gave invalid UTF-8: {e}")))
    }

    /// Writes the attributes buffered so far, after a blank line where
    /// `BodyWriter` puts one before a run of attributes.
    fn end_run(&mut self) {
        if self.run.entries.is_empty() {
            return;
        }
        if !matches!(self.last, Last::Nothing | Last::RawAttr) {
            self.out.push('\n');
        }
        self.run.flush(&mut self.out, self.indent);
        self.last = Last::Attr;
    }

    /// `name = value`, `write` writing the value; left out when it
    /// writes `null` (an absent `Option`).
    pub(crate) fn attr(
        &mut self,
        name: &str,
        write: impl FnOnce(&mut ExprOut<'_>) -> Result<(), EncodeError>,
    ) -> Result<(), EncodeError> {
        check_name(name)?;
        self.attr_named(name, write)
    }

    /// [`attr`](Self::attr) of a name known to be an identifier (the
    /// derive checks its names as it expands).
    pub(crate) fn attr_named(
        &mut self,
        name: &str,
        write: impl FnOnce(&mut ExprOut<'_>) -> Result<(), EncodeError>,
    ) -> Result<(), EncodeError> {
        self.attr_with(name, write)?;
        self.run.drop_null();
        Ok(())
    }

    /// `name = v`, `null` included (as `BodyWriter::attr` writes it).
    pub(crate) fn attr_value(&mut self, name: &str, v: &Value) -> Result<(), EncodeError> {
        check_name(name)?;
        self.attr_with(name, |e| e.value(v))
    }

    fn attr_with(
        &mut self,
        name: &str,
        value: impl FnOnce(&mut ExprOut<'_>) -> Result<(), EncodeError>,
    ) -> Result<(), EncodeError> {
        let indent = self.indent;
        self.run.entry(
            &mut self.pool,
            indent,
            self.heredocs,
            |k| k.push_str(name),
            value,
        )?;
        Ok(())
    }

    /// A block of type `ty`: `labels` writes its labels (with
    /// [`label`](Self::label)), `body` its body.
    pub(crate) fn block(
        &mut self,
        ty: &str,
        labels: impl FnOnce(&mut BodyOut) -> Result<(), EncodeError>,
        body: impl FnOnce(&mut BodyOut) -> Result<(), EncodeError>,
    ) -> Result<(), EncodeError> {
        if !is_identifier(ty) {
            return Err(EncodeError::BlockType {
                name: ty.to_string(),
            });
        }
        self.end_run();
        if self.last != Last::Nothing {
            self.out.push('\n');
        }
        push_indent(&mut self.out, self.indent);
        self.out.push_str(ty);
        labels(self)?;
        self.out.push_str(" {\n");
        self.indent += 1;
        self.last = Last::Nothing;
        body(self)?;
        self.end_run();
        self.indent -= 1;
        push_indent(&mut self.out, self.indent);
        self.out.push_str("}\n");
        self.last = Last::Other;
        Ok(())
    }

    /// One label of the block whose header is being written.
    pub(crate) fn label(&mut self, l: &str) {
        self.out.push(' ');
        write_quoted(&mut self.out, l);
    }

    /// `name = expr`, `expr` being source text.
    pub(crate) fn raw_attr(&mut self, name: &str, expr: &str) -> Result<(), EncodeError> {
        check_name(name)?;
        self.end_run();
        if !matches!(self.last, Last::Nothing | Last::Attr | Last::RawAttr) {
            self.out.push('\n');
        }
        push_indent(&mut self.out, self.indent);
        self.out.push_str(name);
        self.out.push_str(" = ");
        self.out.push_str(expr);
        self.out.push('\n');
        self.last = Last::RawAttr;
        self.raw = true;
        Ok(())
    }

    /// A block given as its source text.
    pub(crate) fn raw_block(&mut self, text: &str) {
        self.end_run();
        if self.last != Last::Nothing {
            self.out.push('\n');
        }
        push_indent(&mut self.out, self.indent);
        self.out.push_str(text);
        self.out.push('\n');
        self.last = Last::Other;
        self.raw = true;
    }

    /// The attributes of a `block_attrs` value: an object's or map's
    /// entries, in order.
    pub(crate) fn entries_of(&mut self, v: &Value) -> Result<(), EncodeError> {
        match v.view() {
            ValueRef::Object(oty, vals) => {
                for ((k, _), e) in oty.attrs().iter().zip(vals) {
                    self.attr_value(k, e)?;
                }
            }
            ValueRef::Map(entries) => {
                for (k, e) in entries {
                    self.attr_value(k, e)?;
                }
            }
            _ => return Err(EncodeError::NotAnObject { ty: v.ty().clone() }),
        }
        Ok(())
    }
}
