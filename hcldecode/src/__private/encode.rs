//! Writing a derived type (`#[derive(HclEncode)]`): its fields into a
//! body writer.

pub use crate::Value;
pub use crate::encode::{BodyWriter, EncodeError, HclEncode};

use std::collections::HashMap;

use crate::encode::Item;

/// Whether `v` encodes as `default()` does (a field with a default
/// that keeps it is left out of the body).
pub fn is_default<T: HclEncode>(v: &T, default: impl FnOnce() -> T) -> Result<bool, EncodeError> {
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
        crate::value::ValueRef::Object(oty, vals) => {
            for ((k, _), e) in oty.attrs().iter().zip(vals) {
                inner.attr(&**k, e.clone());
            }
        }
        crate::value::ValueRef::Map(entries) => {
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

/// The block type and leading labels a block of `v` is written with
/// for a field of type `ty`: an enum of block types names its block after
/// the variant, or (`tagged`, `tag = "label"`) gives it as first label.
/// Both writers ([`variant_block`] and the streaming one) ask this.
pub(super) fn variant_head<'a, T: HclEncode + ?Sized>(
    ty: &'a str,
    tagged: bool,
    v: &T,
) -> (&'a str, Option<&'static str>) {
    match v.variant_name() {
        None => (ty, None),
        Some(variant) if tagged => (ty, Some(variant)),
        Some(variant) => (variant, None),
    }
}

/// Adds one block of `v`, an enum of block types: of type `ty` with
/// the variant's name as first label (`tag = "label"`), or else of the
/// variant's name as type ([`variant_head`]).
pub fn variant_block<T: HclEncode + ?Sized>(
    body: &mut BodyWriter,
    ty: &str,
    tagged: bool,
    v: &T,
) -> Result<(), EncodeError> {
    let (ty, label) = variant_head(ty, tagged, v);
    block(body, ty, label.as_slice(), v)
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

/// The source text an `Expression` field `name` is written as (`None`
/// when absent). An expression read from JSON has JSON text, which is
/// not native syntax: an error. Both writers write what this gives.
pub(super) fn expr_text<'v, T: ExprField + ?Sized>(
    name: &str,
    v: &'v T,
) -> Result<Option<&'v str>, EncodeError> {
    let Some(e) = v.expression() else {
        return Ok(None);
    };
    match e.as_ref() {
        crate::ExprRef::Native { .. } => Ok(Some(e.source_text())),
        crate::ExprRef::Json { .. } => Err(EncodeError::Custom(format!(
            "the expression of {name} was read from JSON syntax and cannot be written as native syntax"
        ))),
    }
}

/// Adds `name = <source text>` for an `Expression` field ([`expr_text`]).
pub fn expr_attr<T: ExprField + ?Sized>(
    body: &mut BodyWriter,
    name: &str,
    v: &T,
) -> Result<(), EncodeError> {
    if let Some(text) = expr_text(name, v)? {
        body.raw_attr(name, text);
    }
    Ok(())
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

/// What a `remain` field holds, each attribute and block as its source
/// text (none when absent). A body read (in part) from JSON is an error.
/// Both writers write what this gives.
pub(super) fn remain_items<T: RemainField + ?Sized>(
    v: &T,
) -> Result<Vec<hcldecode_spec::syntax::body::NativeItem<'_>>, EncodeError> {
    let Some(rest) = v.rest() else {
        return Ok(Vec::new());
    };
    rest.native_items().ok_or_else(|| {
        EncodeError::Custom(
            "a remain body read from JSON syntax cannot be written as native syntax".to_string(),
        )
    })
}

/// Writes what a `remain` body holds back into `body` ([`remain_items`]).
pub fn remain<T: RemainField + ?Sized>(body: &mut BodyWriter, v: &T) -> Result<(), EncodeError> {
    for item in remain_items(v)? {
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
