//! Typed encoding: [`HclEncode`], what `#[derive(HclEncode)]` implements,
//! and [`to_string_of`], which writes such a value as an HCL body.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;

use hcldecode_spec::syntax::is_identifier;

use super::write::{check, push_indent, write_entries};
use super::{EncodeError, EncodeOptions};
use crate::typed::Spanned;
use crate::value::{Number, Path, PathStep, Value, ValueRef};
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
}

/// One item of a body being written.
#[derive(Debug, Clone, PartialEq)]
enum Item {
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
    items: Vec<Item>,
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
    let mut body = BodyWriter::new();
    value.encode_body(&mut body)?;
    body.finish_with(opts)
}

/// Support for code generated by `#[derive(HclEncode)]`.
#[doc(hidden)]
pub mod __private {
    pub use super::{BodyWriter, HclEncode};
    pub use crate::Value;
    pub use crate::encode::EncodeError;

    use super::{HashMap, Item};

    /// Whether `v` encodes as `default()` does (a field with a default
    /// that keeps it is left out of the body).
    pub fn is_default<T: HclEncode>(
        v: &T,
        default: impl FnOnce() -> T,
    ) -> Result<bool, EncodeError> {
        Ok(v.to_value()? == default().to_value()?)
    }

    /// Adds `name = value` unless the value is null (an absent `Option`).
    pub fn attr<T: HclEncode + ?Sized>(
        body: &mut BodyWriter,
        name: &str,
        v: &T,
    ) -> Result<(), EncodeError> {
        let v = v.to_value()?;
        if !v.is_null() {
            body.attr(name, v);
        }
        Ok(())
    }

    /// Adds one block of type `ty`: `prefix` (map keys) then `v`'s labels.
    pub fn block<T: HclEncode + ?Sized>(
        body: &mut BodyWriter,
        ty: &str,
        prefix: &[&str],
        v: &T,
    ) -> Result<(), EncodeError> {
        let mut labels: Vec<String> = prefix.iter().map(|s| (*s).to_string()).collect();
        v.encode_labels(&mut labels)?;
        let mut inner = BodyWriter::new();
        v.encode_body(&mut inner)?;
        body.block(ty, labels, inner);
        Ok(())
    }

    /// A `block_attrs` block: the map's entries as attributes (nothing for
    /// a null, an absent `Option`).
    pub fn block_attrs<T: HclEncode + ?Sized>(
        body: &mut BodyWriter,
        ty: &str,
        v: &T,
    ) -> Result<(), EncodeError> {
        let v = v.to_value()?;
        if v.is_null() {
            return Ok(());
        }
        let mut inner = BodyWriter::new();
        match v.view() {
            super::ValueRef::Object(oty, vals) => {
                for ((k, _), e) in oty.attrs().iter().zip(vals) {
                    inner.attr(&**k, e.clone());
                }
            }
            super::ValueRef::Map(entries) => {
                for (k, e) in entries {
                    inner.attr(&**k, e.clone());
                }
            }
            _ => return Err(EncodeError::NotAnObject { ty: v.ty().clone() }),
        }
        body.items.push(Item::Block {
            ty: ty.to_string(),
            labels: Vec::new(),
            body: inner,
        });
        Ok(())
    }

    /// The `(key, value)` entries of a block map, in a fixed order
    /// (sorted for a `HashMap`).
    pub trait BlockMap {
        /// The map's value type.
        type V;
        /// The entries.
        fn entries(&self) -> Vec<(&str, &Self::V)>;
    }

    impl<V, S> BlockMap for HashMap<String, V, S> {
        type V = V;
        fn entries(&self) -> Vec<(&str, &V)> {
            let mut v: Vec<(&str, &V)> = self.iter().map(|(k, v)| (k.as_str(), v)).collect();
            v.sort_by(|a, b| a.0.cmp(b.0));
            v
        }
    }

    impl<V> BlockMap for std::collections::BTreeMap<String, V> {
        type V = V;
        fn entries(&self) -> Vec<(&str, &V)> {
            self.iter().map(|(k, v)| (k.as_str(), v)).collect()
        }
    }

    #[cfg(feature = "indexmap")]
    impl<V, S> BlockMap for indexmap::IndexMap<String, V, S> {
        type V = V;
        fn entries(&self) -> Vec<(&str, &V)> {
            self.iter().map(|(k, v)| (k.as_str(), v)).collect()
        }
    }

    /// The entries of a block map.
    pub fn entries<M: BlockMap + ?Sized>(m: &M) -> Vec<(&str, &M::V)> {
        m.entries()
    }

    /// The object of a struct's attribute fields.
    pub fn object(props: Vec<(&str, Value)>) -> Value {
        Value::object(props.into_iter().filter(|(_, v)| !v.is_null()))
    }

    /// Adds one block of `v`, an enum of block types: of type `ty` with
    /// the variant's name as first label (`tag = "label"`), or else of the
    /// variant's name as type.
    pub fn variant_block<T: HclEncode + ?Sized>(
        body: &mut BodyWriter,
        ty: &str,
        tagged: bool,
        v: &T,
    ) -> Result<(), EncodeError> {
        let Some(variant) = v.variant_name() else {
            return block(body, ty, &[], v);
        };
        if tagged {
            block(body, ty, &[variant], v)
        } else {
            block(body, variant, &[], v)
        }
    }

    /// Writes a flattened field's attributes and blocks into `body` (none
    /// for an absent `Option`).
    pub fn flatten<T: HclEncode + ?Sized>(body: &mut BodyWriter, v: &T) -> Result<(), EncodeError> {
        v.encode_body(body)
    }

    /// An `Expression` field (`Expression`, `Option<Expression>`,
    /// `Box<Expression>`): written as its source text.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` is not an expression HclEncode can write",
        label = "an Expression field must be `Expression`, `Option<Expression>` or `Box<Expression>`"
    )]
    pub trait ExprField {
        /// The expression, if present.
        fn expression(&self) -> Option<&crate::Expression>;
    }

    impl ExprField for crate::Expression {
        fn expression(&self) -> Option<&crate::Expression> {
            Some(self)
        }
    }

    impl<T: ExprField> ExprField for Option<T> {
        fn expression(&self) -> Option<&crate::Expression> {
            self.as_ref().and_then(|e| e.expression())
        }
    }

    impl<T: ExprField + ?Sized> ExprField for Box<T> {
        fn expression(&self) -> Option<&crate::Expression> {
            (**self).expression()
        }
    }

    impl<T: ExprField> ExprField for crate::typed::Spanned<T> {
        fn expression(&self) -> Option<&crate::Expression> {
            (**self).expression()
        }
    }

    /// Adds `name = <source text>` for an `Expression` field. An
    /// expression read from JSON has JSON text, which is not native
    /// syntax: an error.
    pub fn expr_attr<T: ExprField + ?Sized>(
        body: &mut BodyWriter,
        name: &str,
        v: &T,
    ) -> Result<(), EncodeError> {
        let Some(e) = v.expression() else {
            return Ok(());
        };
        match e.as_ref() {
            crate::ExprRef::Native { .. } => {
                body.raw_attr(name, e.source_text());
                Ok(())
            }
            crate::ExprRef::Json { .. } => Err(EncodeError::Custom(format!(
                "the expression of {name} was read from JSON syntax and cannot be written as native syntax"
            ))),
        }
    }

    /// A `remain` field (`Body`, `Option<Body>`).
    #[diagnostic::on_unimplemented(
        message = "`{Self}` is not a remaining body HclEncode can write",
        label = "a `remain` field must be a `hcldecode::Body` or `Option<hcldecode::Body>`"
    )]
    pub trait RemainField {
        /// The body, if present.
        fn rest(&self) -> Option<&crate::Body>;
    }

    impl RemainField for crate::Body {
        fn rest(&self) -> Option<&crate::Body> {
            Some(self)
        }
    }

    impl RemainField for Option<crate::Body> {
        fn rest(&self) -> Option<&crate::Body> {
            self.as_ref()
        }
    }

    /// Writes what a `remain` body holds back into `body`, each attribute
    /// and block as its source text. A body read (in part) from JSON is an
    /// error.
    pub fn remain<T: RemainField + ?Sized>(
        body: &mut BodyWriter,
        v: &T,
    ) -> Result<(), EncodeError> {
        let Some(rest) = v.rest() else {
            return Ok(());
        };
        let Some(items) = rest.native_items() else {
            return Err(EncodeError::Custom(
                "a remain body read from JSON syntax cannot be written as native syntax"
                    .to_string(),
            ));
        };
        for item in items {
            match item {
                hcldecode_spec::syntax::body::NativeItem::Attribute { name, expr } => {
                    body.raw_attr(name, expr)
                }
                hcldecode_spec::syntax::body::NativeItem::Block(text) => body.raw_block(text),
            }
        }
        Ok(())
    }

    /// The error of a struct with blocks or labels used as a value.
    pub fn not_a_value(ty: &str) -> EncodeError {
        EncodeError::Custom(format!(
            "a value of type {ty} has blocks, labels or block_attrs and cannot be an attribute's value"
        ))
    }
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
via_from!(bool char String i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize Number);

impl HclEncode for str {
    fn to_value(&self) -> Result<Value, EncodeError> {
        Ok(Value::string(self))
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
}

macro_rules! via_deref {
    ($($w:ident)*) => {$(
        impl<T: HclEncode + ?Sized> HclEncode for $w<T> {
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
        }
    )*};
}
via_deref!(Box Rc Arc);

impl<T: HclEncode> HclEncode for Spanned<T> {
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
}

fn seq<'a, T: HclEncode + 'a>(it: impl Iterator<Item = &'a T>) -> Result<Value, EncodeError> {
    let elems = it.map(HclEncode::to_value).collect::<Result<Vec<_>, _>>()?;
    Ok(Value::tuple(elems))
}

impl<T: HclEncode> HclEncode for Vec<T> {
    fn to_value(&self) -> Result<Value, EncodeError> {
        seq(self.iter())
    }
}

impl<T: HclEncode> HclEncode for VecDeque<T> {
    fn to_value(&self) -> Result<Value, EncodeError> {
        seq(self.iter())
    }
}

impl<T: HclEncode, const N: usize> HclEncode for [T; N] {
    fn to_value(&self) -> Result<Value, EncodeError> {
        seq(self.iter())
    }
}

impl<T: HclEncode> HclEncode for BTreeSet<T> {
    fn to_value(&self) -> Result<Value, EncodeError> {
        seq(self.iter())
    }
}

impl<T: HclEncode, S> HclEncode for HashSet<T, S> {
    fn to_value(&self) -> Result<Value, EncodeError> {
        seq(self.iter())
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

impl<V: HclEncode> HclEncode for BTreeMap<String, V> {
    fn to_value(&self) -> Result<Value, EncodeError> {
        object(self.iter())
    }
}

impl<V: HclEncode, S> HclEncode for HashMap<String, V, S> {
    fn to_value(&self) -> Result<Value, EncodeError> {
        object(self.iter())
    }
}

#[cfg(feature = "indexmap")]
impl<V: HclEncode, S> HclEncode for indexmap::IndexMap<String, V, S> {
    fn to_value(&self) -> Result<Value, EncodeError> {
        object(self.iter())
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
