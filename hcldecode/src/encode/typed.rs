//! Typed encoding: [`HclEncode`], what `#[derive(HclEncode)]` implements,
//! and [`to_string_of`], which writes such a value as an HCL body.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;

use hcldecode_spec::syntax::is_identifier;

use super::stream::{BodyOut, ExprOut};
use super::write::{check, push_indent, write_entries};
use super::{EncodeError, EncodeOptions};
use crate::typed::Spanned;
use crate::value::{Number, Path, PathStep, Value};
use hcldecode_spec::syntax::native::write_quoted as write_string;

/// A Rust value that can be written back as HCL: as an attribute's value
/// ([`to_value`](HclEncode::to_value)) and, for block bodies, as a body
/// ([`encode_body`](HclEncode::encode_body)) with the labels of its block
/// ([`encode_labels`](HclEncode::encode_labels)).
///
/// `#[derive(HclEncode)]` implements it for the structs and enums that
/// `#[derive(HclDecode)]` reads, with the same `#[hcl(...)]` attributes (see
/// `docs/writing.md`, "Typed encoding"). A custom scalar implements
/// `to_value`:
///
/// ```
/// use hcldecode::encode::{EncodeError, HclEncode};
/// use hcldecode::Value;
///
/// struct Seconds(u64);
/// impl HclEncode for Seconds {
///     fn to_value(&self) -> Result<Value, EncodeError> {
///         Ok(Value::string(format!("{}s", self.0)))
///     }
/// }
/// #[derive(hcldecode::HclEncode)]
/// struct Check {
///     interval: Seconds,
/// }
/// let text = hcldecode::to_string_typed(&Check { interval: Seconds(10) }).unwrap();
/// assert_eq!(text, "interval = \"10s\"\n");
/// ```
pub trait HclEncode {
    /// The value of `self` as an attribute's value. A `null` result means
    /// "absent": the attribute is left out.
    fn to_value(&self) -> Result<Value, EncodeError>;

    /// Writes `self` as the body of a block (or of the file). Only block
    /// bodies (derived structs) implement it; the default is an error.
    fn encode_body(&self, body: &mut BodyWriter) -> Result<(), EncodeError> {
        let _ = body;
        Err(EncodeError::Custom(format!(
            "a value of type {} is not a block body",
            std::any::type_name::<Self>()
        )))
    }

    /// Appends the labels `self` has as a block (its `label` fields).
    fn encode_labels(&self, labels: &mut Vec<String>) -> Result<(), EncodeError> {
        let _ = labels;
        Ok(())
    }

    /// For an enum of block types: the HCL name of the variant `self` is
    /// (the block type it is written as, or with `tag = "label"` its first
    /// label). `None` (the default) for anything else.
    fn variant_name(&self) -> Option<&'static str> {
        None
    }

    /// Writes `self` as an attribute's value (or an element of one) into
    /// `out`: the text [`to_value`](HclEncode::to_value)'s value is
    /// written as, which is what the default writes. The standard
    /// library's strings, numbers, bools, collections and maps write
    /// themselves without building a [`Value`]; see [`ExprOut`] for an
    /// implementation. A value written as `null` is an absent attribute.
    ///
    /// ```
    /// use hcldecode::encode::{EncodeError, ExprOut, HclEncode};
    /// use hcldecode::Value;
    /// // Only `to_value`: the default `write_expr` writes its value.
    /// struct Mode;
    /// impl HclEncode for Mode {
    ///     fn to_value(&self) -> Result<Value, EncodeError> {
    ///         Ok(Value::string("fast"))
    ///     }
    /// }
    /// #[derive(hcldecode::HclEncode)]
    /// struct S {
    ///     mode: Mode,
    ///     count: Option<u8>,
    /// }
    /// let text = hcldecode::to_string_typed(&S { mode: Mode, count: None }).unwrap();
    /// assert_eq!(text, "mode = \"fast\"\n");
    /// ```
    fn write_expr(&self, out: &mut ExprOut<'_>) -> Result<(), EncodeError> {
        out.value(&self.to_value()?)
    }

    /// Writes `self` as the body of a block (or of the file) into `out`:
    /// the items [`encode_body`](HclEncode::encode_body) adds, which is
    /// what the default writes. `#[derive(HclEncode)]` implements it by
    /// writing each field as it comes (see [`BodyOut`]).
    ///
    /// ```
    /// use hcldecode::encode::{BodyWriter, EncodeError, HclEncode};
    /// use hcldecode::Value;
    /// // Only `encode_body`: the default `write_body` writes its items.
    /// struct Limits;
    /// impl HclEncode for Limits {
    ///     fn to_value(&self) -> Result<Value, EncodeError> {
    ///         Err(EncodeError::Custom("a body, not a value".into()))
    ///     }
    ///     fn encode_body(&self, body: &mut BodyWriter) -> Result<(), EncodeError> {
    ///         body.attr("cpu", Value::int(2));
    ///         Ok(())
    ///     }
    /// }
    /// #[derive(hcldecode::HclEncode)]
    /// struct Task {
    ///     #[hcl(block)]
    ///     limits: Limits,
    /// }
    /// assert_eq!(hcldecode::to_string_typed(&Task { limits: Limits }).unwrap(), "limits {\n  cpu = 2\n}\n");
    /// ```
    fn write_body(&self, out: &mut BodyOut) -> Result<(), EncodeError> {
        let mut body = BodyWriter::new();
        self.encode_body(&mut body)?;
        write_items(out, &body)
    }

    /// Writes the labels `self` has as a block into the header `out` is
    /// writing: those [`encode_labels`](HclEncode::encode_labels) gives,
    /// which is what the default writes.
    ///
    /// ```
    /// use hcldecode::encode::{BodyWriter, EncodeError, HclEncode};
    /// use hcldecode::Value;
    /// // Only `encode_labels`: the default `write_labels` writes them.
    /// struct Named(&'static str);
    /// impl HclEncode for Named {
    ///     fn to_value(&self) -> Result<Value, EncodeError> {
    ///         Err(EncodeError::Custom("a block, not a value".into()))
    ///     }
    ///     fn encode_body(&self, _: &mut BodyWriter) -> Result<(), EncodeError> {
    ///         Ok(())
    ///     }
    ///     fn encode_labels(&self, labels: &mut Vec<String>) -> Result<(), EncodeError> {
    ///         labels.push(self.0.to_string());
    ///         Ok(())
    ///     }
    /// }
    /// #[derive(hcldecode::HclEncode)]
    /// struct File {
    ///     #[hcl(block, rename = "svc")]
    ///     services: Vec<Named>,
    /// }
    /// let f = File { services: vec![Named("web")] };
    /// assert_eq!(hcldecode::to_string_typed(&f).unwrap(), "svc \"web\" {\n}\n");
    /// ```
    fn write_labels(&self, out: &mut BodyOut) -> Result<(), EncodeError> {
        let mut labels = Vec::new();
        self.encode_labels(&mut labels)?;
        labels.iter().for_each(|l| out.label(l));
        Ok(())
    }
}

/// One item of a body being written.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Item {
    Attr(String, Value),
    Block {
        ty: String,
        labels: Vec<String>,
        body: BodyWriter,
    },
    /// An attribute whose value is expression source text.
    RawAttr(String, String),
    /// A block as source text.
    RawBlock(String),
}

/// An item of a [`BodyWriter`], as [`BodyWriter::items`] gives it.
pub(crate) enum WrittenItem<'a> {
    /// `name = value`.
    Attr(&'a str, &'a Value),
    /// A block: its type, labels and body.
    Block(&'a str, &'a [String], &'a BodyWriter),
    /// `name = expr`, the expression as source text.
    RawAttr(&'a str, &'a str),
    /// A block as source text.
    RawBlock(&'a str),
}

impl WrittenItem<'_> {
    /// Whether two items are the same: same names and labels, equal values,
    /// bodies and source texts.
    pub(crate) fn same(&self, other: &WrittenItem<'_>) -> bool {
        use WrittenItem::{Attr, Block, RawAttr, RawBlock};
        match (self, other) {
            (Attr(a, x), Attr(b, y)) => a == b && x == y,
            (Block(t1, l1, b1), Block(t2, l2, b2)) => t1 == t2 && l1 == l2 && b1 == b2,
            (RawAttr(a, x), RawAttr(b, y)) => a == b && x == y,
            (RawBlock(a), RawBlock(b)) => a == b,
            _ => false,
        }
    }
}

/// A body being written: attributes and blocks in the order they are
/// added. [`HclEncode::encode_body`] fills one; [`BodyWriter::finish`]
/// gives the text.
///
/// ```
/// use hcldecode::encode::BodyWriter;
/// use hcldecode::Value;
/// let mut inner = BodyWriter::new();
/// inner.attr("to", Value::int(8080));
/// let mut body = BodyWriter::new();
/// body.attr("name", Value::string("web"));
/// body.block("port", vec!["http".into()], inner);
/// assert_eq!(body.finish().unwrap(), "name = \"web\"\n\nport \"http\" {\n  to = 8080\n}\n");
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BodyWriter {
    pub(crate) items: Vec<Item>,
}

impl BodyWriter {
    /// An empty body.
    pub fn new() -> BodyWriter {
        BodyWriter::default()
    }

    /// Adds the attribute `name = value`.
    pub fn attr(&mut self, name: impl Into<String>, value: Value) {
        self.items.push(Item::Attr(name.into(), value));
    }

    /// Adds a block of type `ty` with `labels` and the body `body`.
    pub fn block(&mut self, ty: impl Into<String>, labels: Vec<String>, body: BodyWriter) {
        self.items.push(Item::Block {
            ty: ty.into(),
            labels,
            body,
        });
    }

    /// The items added, in order (what typed write-back compares).
    pub(crate) fn items(&self) -> impl Iterator<Item = WrittenItem<'_>> {
        self.items.iter().map(|i| match i {
            Item::Attr(n, v) => WrittenItem::Attr(n, v),
            Item::Block { ty, labels, body } => WrittenItem::Block(ty, labels, body),
            Item::RawAttr(n, x) => WrittenItem::RawAttr(n, x),
            Item::RawBlock(text) => WrittenItem::RawBlock(text),
        })
    }

    /// Adds the attribute `name = expr`, `expr` being an expression's
    /// source text (an [`Expression`](crate::Expression) read earlier),
    /// written as it is.
    ///
    /// ```
    /// use hcldecode::encode::BodyWriter;
    /// let mut body = BodyWriter::new();
    /// body.raw_attr("when", "var.x > 1");
    /// assert_eq!(body.finish().unwrap(), "when = var.x > 1\n");
    /// ```
    pub fn raw_attr(&mut self, name: impl Into<String>, expr: impl Into<String>) {
        self.items.push(Item::RawAttr(name.into(), expr.into()));
    }

    /// Adds a block given as its source text (type name through closing
    /// brace), written as it is after the indentation of its first line.
    ///
    /// ```
    /// use hcldecode::encode::BodyWriter;
    /// let mut body = BodyWriter::new();
    /// body.raw_block("svc \"web\" {\n  port = 80\n}");
    /// assert_eq!(body.finish().unwrap(), "svc \"web\" {\n  port = 80\n}\n");
    /// ```
    pub fn raw_block(&mut self, text: impl Into<String>) {
        self.items.push(Item::RawBlock(text.into()));
    }

    /// The body as HCL text, formatted as `hclfmt` formats: attributes
    /// aligned in runs, blocks separated from their neighbours by a blank
    /// line, two-space indents. Errors: an attribute or block type name
    /// that is not an identifier, a value not known yet or infinite.
    ///
    /// Source text added with [`raw_attr`](Self::raw_attr) and
    /// [`raw_block`](Self::raw_block) is laid out by
    /// [`format`](crate::format::format) with the rest.
    pub fn finish(&self) -> Result<String, EncodeError> {
        self.finish_with(&EncodeOptions::default())
    }

    /// [`finish`](Self::finish) with options (quoted strings instead of
    /// heredocs, say).
    pub fn finish_with(&self, opts: &EncodeOptions) -> Result<String, EncodeError> {
        let mut out = String::new();
        self.write(&mut out, 0, &mut Path::default(), opts)?;
        if self.has_raw() {
            let formatted = crate::format::format(out.as_bytes());
            // The formatter changes only spaces and newlines of UTF-8 text.
            out = String::from_utf8(formatted)
                .map_err(|e| EncodeError::Custom(format!("formatting gave invalid UTF-8: {e}")))?;
            return Ok(out);
        }
        Ok(out)
    }

    /// Whether source text was added, here or in a nested block.
    fn has_raw(&self) -> bool {
        self.items.iter().any(|i| match i {
            Item::Attr(..) => false,
            Item::Block { body, .. } => body.has_raw(),
            Item::RawAttr(..) | Item::RawBlock(..) => true,
        })
    }

    fn write(
        &self,
        out: &mut String,
        indent: usize,
        path: &mut Path,
        opts: &EncodeOptions,
    ) -> Result<(), EncodeError> {
        let mut i = 0;
        let mut first = true;
        while i < self.items.len() {
            match &self.items[i] {
                Item::Attr(..) => {
                    let end = (i..self.items.len())
                        .find(|&j| !matches!(self.items[j], Item::Attr(..)))
                        .unwrap_or(self.items.len());
                    let mut keyed = Vec::with_capacity(end - i);
                    for item in &self.items[i..end] {
                        if let Item::Attr(name, v) = item {
                            if !is_identifier(name) {
                                return Err(EncodeError::AttributeName { name: name.clone() });
                            }
                            path.push(PathStep::GetAttr(name.as_str().into()));
                            let r = check(v, path);
                            path.pop();
                            r?;
                            keyed.push((name.clone(), v));
                        }
                    }
                    if !first && !matches!(self.items[i - 1], Item::RawAttr(..)) {
                        out.push('\n');
                    }
                    write_entries(out, &keyed, indent, opts);
                    i = end;
                }
                Item::Block { ty, labels, body } => {
                    if !is_identifier(ty) {
                        return Err(EncodeError::BlockType { name: ty.clone() });
                    }
                    if !first {
                        out.push('\n');
                    }
                    push_indent(out, indent);
                    out.push_str(ty);
                    for l in labels {
                        out.push(' ');
                        write_string(out, l);
                    }
                    out.push_str(" {\n");
                    path.push(PathStep::GetAttr(ty.as_str().into()));
                    let r = body.write(out, indent + 1, path, opts);
                    path.pop();
                    r?;
                    push_indent(out, indent);
                    out.push_str("}\n");
                    i += 1;
                }
                Item::RawAttr(name, expr) => {
                    if !is_identifier(name) {
                        return Err(EncodeError::AttributeName { name: name.clone() });
                    }
                    if !first && !matches!(self.items[i - 1], Item::Attr(..) | Item::RawAttr(..)) {
                        out.push('\n');
                    }
                    push_indent(out, indent);
                    out.push_str(name);
                    out.push_str(" = ");
                    out.push_str(expr);
                    out.push('\n');
                    i += 1;
                }
                Item::RawBlock(text) => {
                    if !first {
                        out.push('\n');
                    }
                    push_indent(out, indent);
                    out.push_str(text);
                    out.push('\n');
                    i += 1;
                }
            }
            first = false;
        }
        Ok(())
    }
}

/// Writes the items of `body` into `out`, as [`BodyWriter::finish_with`]
/// writes them.
fn write_items(out: &mut BodyOut, body: &BodyWriter) -> Result<(), EncodeError> {
    for item in body.items() {
        match item {
            WrittenItem::Attr(name, v) => out.attr_value(name, v)?,
            WrittenItem::Block(ty, labels, inner) => out.block(
                ty,
                |b| {
                    labels.iter().for_each(|l| b.label(l));
                    Ok(())
                },
                |b| write_items(b, inner),
            )?,
            WrittenItem::RawAttr(name, expr) => out.raw_attr(name, expr)?,
            WrittenItem::RawBlock(text) => out.raw_block(text),
        }
    }
    Ok(())
}

/// Writes `value` as an HCL body, formatted as `hclfmt` formats (also
/// [`crate::to_string_typed`]). `value`'s type implements [`HclEncode`] as
/// a block body: a struct with `#[derive(HclEncode)]`. For the types the
/// derive supports, `hcldecode::from_str::<T>(&to_string_of(&x)?)` gives
/// back `x` (see `docs/writing.md`, "Typed encoding", for the exceptions).
///
/// ```
/// use hcldecode::{HclDecode, HclEncode};
/// #[derive(HclDecode, HclEncode, Debug, PartialEq)]
/// struct Service {
///     #[hcl(label)]
///     name: String,
///     port: Option<u16>,
/// }
/// #[derive(HclDecode, HclEncode, Debug, PartialEq)]
/// struct Config {
///     region: String,
///     #[hcl(block, rename = "service")]
///     services: Vec<Service>,
/// }
/// let c = Config {
///     region: "eu".into(),
///     services: vec![Service { name: "api".into(), port: Some(80) }, Service { name: "db".into(), port: None }],
/// };
/// let text = hcldecode::encode::to_string_of(&c).unwrap();
/// assert_eq!(text, "region = \"eu\"\n\nservice \"api\" {\n  port = 80\n}\n\nservice \"db\" {\n}\n");
/// assert_eq!(hcldecode::from_str::<Config>(&text, "c.hcl").unwrap(), c);
/// ```
pub fn to_string_of<T: HclEncode + ?Sized>(value: &T) -> Result<String, EncodeError> {
    to_string_of_with(value, &EncodeOptions::default())
}

/// [`to_string_of`] with options (quoted strings instead of heredocs,
/// say).
pub fn to_string_of_with<T: HclEncode + ?Sized>(
    value: &T,
    opts: &EncodeOptions,
) -> Result<String, EncodeError> {
    let mut labels = Vec::new();
    value.encode_labels(&mut labels)?;
    if !labels.is_empty() {
        return Err(EncodeError::Custom(format!(
            "a value of type {} has labels ({}), which a file's body cannot have",
            std::any::type_name::<T>(),
            labels.join(", ")
        )));
    }
    let mut out = BodyOut::new(opts);
    let streamed = value.write_body(&mut out).and_then(|()| out.finish());
    if streamed.is_ok() {
        return streamed;
    }
    // The error as the `BodyWriter` path reports it, path and all: the
    // streaming path stops at the first problem it meets, which for a
    // value with several need not be the one reported so far.
    let mut body = BodyWriter::new();
    value.encode_body(&mut body)?;
    body.finish_with(opts)
}

macro_rules! via_from {
    ($($t:ty)*) => {$(
        impl HclEncode for $t {
            fn to_value(&self) -> Result<Value, EncodeError> {
                Ok(Value::from(self.clone()))
            }
        }
    )*};
}
via_from!(char Number);

macro_rules! ints {
    ($($t:ty)*) => {$(
        impl HclEncode for $t {
            fn to_value(&self) -> Result<Value, EncodeError> {
                Ok(Value::from(*self))
            }
            fn write_expr(&self, out: &mut ExprOut<'_>) -> Result<(), EncodeError> {
                out.integer(*self);
                Ok(())
            }
        }
    )*};
}
ints!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);

impl HclEncode for bool {
    fn to_value(&self) -> Result<Value, EncodeError> {
        Ok(Value::from(*self))
    }
    fn write_expr(&self, out: &mut ExprOut<'_>) -> Result<(), EncodeError> {
        out.literal(if *self { "true" } else { "false" });
        Ok(())
    }
}

impl HclEncode for String {
    fn to_value(&self) -> Result<Value, EncodeError> {
        Ok(Value::from(self.clone()))
    }
    fn write_expr(&self, out: &mut ExprOut<'_>) -> Result<(), EncodeError> {
        out.string(self);
        Ok(())
    }
}

impl HclEncode for str {
    fn to_value(&self) -> Result<Value, EncodeError> {
        Ok(Value::string(self))
    }
    fn write_expr(&self, out: &mut ExprOut<'_>) -> Result<(), EncodeError> {
        out.string(self);
        Ok(())
    }
}

impl HclEncode for f64 {
    fn to_value(&self) -> Result<Value, EncodeError> {
        match Number::from_f64(*self) {
            Some(n) => Ok(Value::number(n)),
            None => Err(EncodeError::Custom(
                "NaN is not a number HCL can write".to_string(),
            )),
        }
    }
    fn write_expr(&self, out: &mut ExprOut<'_>) -> Result<(), EncodeError> {
        match Number::from_f64(*self) {
            // Written as a number value is (`write::simple`).
            Some(n) if !n.is_infinite() => {
                out.number(n);
                Ok(())
            }
            // NaN and the infinities are errors, as `to_value` reports.
            _ => out.value(&self.to_value()?),
        }
    }
}

impl HclEncode for f32 {
    fn to_value(&self) -> Result<Value, EncodeError> {
        f64::from(*self).to_value()
    }
}

impl HclEncode for PathBuf {
    fn to_value(&self) -> Result<Value, EncodeError> {
        match self.to_str() {
            Some(s) => Ok(Value::string(s)),
            None => Err(EncodeError::Custom(format!(
                "the path {} is not valid UTF-8",
                self.display()
            ))),
        }
    }
}

impl HclEncode for Value {
    fn to_value(&self) -> Result<Value, EncodeError> {
        Ok(self.clone())
    }
}

impl<T: HclEncode> HclEncode for Option<T> {
    fn to_value(&self) -> Result<Value, EncodeError> {
        match self {
            Some(v) => v.to_value(),
            None => Ok(Value::null(crate::Type::Dynamic)),
        }
    }
    fn encode_body(&self, body: &mut BodyWriter) -> Result<(), EncodeError> {
        match self {
            Some(v) => v.encode_body(body),
            None => Ok(()),
        }
    }
    fn encode_labels(&self, labels: &mut Vec<String>) -> Result<(), EncodeError> {
        match self {
            Some(v) => v.encode_labels(labels),
            None => Ok(()),
        }
    }
    fn write_expr(&self, out: &mut ExprOut<'_>) -> Result<(), EncodeError> {
        match self {
            Some(v) => v.write_expr(out),
            None => {
                out.literal("null");
                Ok(())
            }
        }
    }
    fn write_body(&self, out: &mut BodyOut) -> Result<(), EncodeError> {
        match self {
            Some(v) => v.write_body(out),
            None => Ok(()),
        }
    }
    fn write_labels(&self, out: &mut BodyOut) -> Result<(), EncodeError> {
        match self {
            Some(v) => v.write_labels(out),
            None => Ok(()),
        }
    }
}

macro_rules! via_deref {
    ($([$($g:tt)*] $w:ty;)*) => {$(
        impl<$($g)*> HclEncode for $w {
            fn to_value(&self) -> Result<Value, EncodeError> {
                (**self).to_value()
            }
            fn encode_body(&self, body: &mut BodyWriter) -> Result<(), EncodeError> {
                (**self).encode_body(body)
            }
            fn encode_labels(&self, labels: &mut Vec<String>) -> Result<(), EncodeError> {
                (**self).encode_labels(labels)
            }
            fn variant_name(&self) -> Option<&'static str> {
                (**self).variant_name()
            }
            fn write_expr(&self, out: &mut ExprOut<'_>) -> Result<(), EncodeError> {
                (**self).write_expr(out)
            }
            fn write_body(&self, out: &mut BodyOut) -> Result<(), EncodeError> {
                (**self).write_body(out)
            }
            fn write_labels(&self, out: &mut BodyOut) -> Result<(), EncodeError> {
                (**self).write_labels(out)
            }
        }
    )*};
}
via_deref! {
    [T: HclEncode + ?Sized] Box<T>;
    [T: HclEncode + ?Sized] Rc<T>;
    [T: HclEncode + ?Sized] Arc<T>;
    [T: HclEncode] Spanned<T>;
}

fn seq<'a, T: HclEncode + 'a>(it: impl Iterator<Item = &'a T>) -> Result<Value, EncodeError> {
    let elems = it.map(HclEncode::to_value).collect::<Result<Vec<_>, _>>()?;
    Ok(Value::tuple(elems))
}

impl<T: HclEncode> HclEncode for Vec<T> {
    fn to_value(&self) -> Result<Value, EncodeError> {
        seq(self.iter())
    }
    fn write_expr(&self, out: &mut ExprOut<'_>) -> Result<(), EncodeError> {
        out.seq(self.iter(), |e, o| e.write_expr(o))
    }
}

impl<T: HclEncode> HclEncode for VecDeque<T> {
    fn to_value(&self) -> Result<Value, EncodeError> {
        seq(self.iter())
    }
    fn write_expr(&self, out: &mut ExprOut<'_>) -> Result<(), EncodeError> {
        out.seq(self.iter(), |e, o| e.write_expr(o))
    }
}

impl<T: HclEncode, const N: usize> HclEncode for [T; N] {
    fn to_value(&self) -> Result<Value, EncodeError> {
        seq(self.iter())
    }
    fn write_expr(&self, out: &mut ExprOut<'_>) -> Result<(), EncodeError> {
        out.seq(self.iter(), |e, o| e.write_expr(o))
    }
}

impl<T: HclEncode> HclEncode for BTreeSet<T> {
    fn to_value(&self) -> Result<Value, EncodeError> {
        seq(self.iter())
    }
    fn write_expr(&self, out: &mut ExprOut<'_>) -> Result<(), EncodeError> {
        out.seq(self.iter(), |e, o| e.write_expr(o))
    }
}

impl<T: HclEncode, S> HclEncode for HashSet<T, S> {
    fn to_value(&self) -> Result<Value, EncodeError> {
        seq(self.iter())
    }
    fn write_expr(&self, out: &mut ExprOut<'_>) -> Result<(), EncodeError> {
        out.seq(self.iter(), |e, o| e.write_expr(o))
    }
}

fn object<'a, V: HclEncode + 'a>(
    it: impl Iterator<Item = (&'a String, &'a V)>,
) -> Result<Value, EncodeError> {
    let props = it
        .map(|(k, v)| Ok((k.as_str(), v.to_value()?)))
        .collect::<Result<Vec<_>, EncodeError>>()?;
    Ok(Value::object(props))
}

/// Writes a map's entries as the object [`object`] makes of them: sorted
/// by key. Keys that are not all ASCII go through that object, which
/// puts them in NFC (and keeps the last of keys equal once normalised).
fn write_object<'a, V: HclEncode + 'a>(
    out: &mut ExprOut<'_>,
    it: impl Iterator<Item = (&'a String, &'a V)> + Clone,
    sorted: bool,
) -> Result<(), EncodeError> {
    if !it.clone().all(|(k, _)| k.is_ascii()) {
        return out.value(&object(it)?);
    }
    let mut entries: Vec<(&str, &V)> = it.map(|(k, v)| (k.as_str(), v)).collect();
    if !sorted {
        entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
    }
    out.object(&entries, false, |v, o| v.write_expr(o))
}

impl<V: HclEncode> HclEncode for BTreeMap<String, V> {
    fn to_value(&self) -> Result<Value, EncodeError> {
        object(self.iter())
    }
    fn write_expr(&self, out: &mut ExprOut<'_>) -> Result<(), EncodeError> {
        write_object(out, self.iter(), true)
    }
}

impl<V: HclEncode, S> HclEncode for HashMap<String, V, S> {
    fn to_value(&self) -> Result<Value, EncodeError> {
        object(self.iter())
    }
    fn write_expr(&self, out: &mut ExprOut<'_>) -> Result<(), EncodeError> {
        write_object(out, self.iter(), false)
    }
}

#[cfg(feature = "indexmap")]
impl<V: HclEncode, S> HclEncode for indexmap::IndexMap<String, V, S> {
    fn to_value(&self) -> Result<Value, EncodeError> {
        object(self.iter())
    }
    fn write_expr(&self, out: &mut ExprOut<'_>) -> Result<(), EncodeError> {
        write_object(out, self.iter(), false)
    }
}

macro_rules! tuples {
    ($(($($n:ident $i:tt),*))*) => {$(
        impl<$($n: HclEncode),*> HclEncode for ($($n,)*) {
            fn to_value(&self) -> Result<Value, EncodeError> {
                Ok(Value::tuple(vec![$(self.$i.to_value()?),*]))
            }
        }
    )*};
}
tuples! {
    (A 0)
    (A 0, B 1)
    (A 0, B 1, C 2)
    (A 0, B 1, C 2, D 3)
    (A 0, B 1, C 2, D 3, E 4)
    (A 0, B 1, C 2, D 3, E 4, F 5)
}
