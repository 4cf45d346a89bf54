//! Writing a derived type (`#[derive(HclEncode)]`) straight to its text:
//! the `write_body` counterparts of [`super::encode`]'s helpers, one for
//! one, writing into a [`BodyOut`] instead of adding to a `BodyWriter`.

pub use crate::encode::{BodyOut, EncodeError, ExprOut, HclEncode};

use super::encode::{ExprField, RemainField, expr_text, remain_items, variant_head};

/// Writes `name = value` unless the value is null (an absent `Option`);
/// `name` is an identifier (the derive checked it).
pub fn attr<T: HclEncode + ?Sized>(
    body: &mut BodyOut,
    name: &str,
    v: &T,
) -> Result<(), EncodeError> {
    body.attr_named(name, |e| v.write_expr(e))
}

/// [`attr`] of a name that is not an identifier: an error if the value
/// is written.
pub fn attr_checked<T: HclEncode + ?Sized>(
    body: &mut BodyOut,
    name: &str,
    v: &T,
) -> Result<(), EncodeError> {
    body.attr(name, |e| v.write_expr(e))
}

/// Writes `name = value` for a value already made (a `serde` field's),
/// unless it is null.
pub fn attr_value(body: &mut BodyOut, name: &str, v: crate::Value) -> Result<(), EncodeError> {
    if v.is_null() {
        return Ok(());
    }
    body.attr_value(name, &v)
}

/// Writes one field of an attribute-only struct written as an object.
pub type FieldWriter<'a> = dyn Fn(&mut ExprOut<'_>) -> Result<(), EncodeError> + 'a;

/// Writes an attribute-only struct as the object `to_value` makes of it:
/// `fields` sorted by name (the derive sorts them), those written as
/// `null` left out.
pub fn object(
    out: &mut ExprOut<'_>,
    fields: &[(&str, &FieldWriter<'_>)],
) -> Result<(), EncodeError> {
    out.object(fields, true, |f, o| f(o))
}

/// Writes one label of the block whose header is being written.
pub fn label(body: &mut BodyOut, l: &str) {
    body.label(l);
}

/// Writes one block of type `ty`: `prefix` (map keys) then `v`'s labels.
pub fn block<T: HclEncode + ?Sized>(
    body: &mut BodyOut,
    ty: &str,
    prefix: &[&str],
    v: &T,
) -> Result<(), EncodeError> {
    body.block(
        ty,
        |b| {
            prefix.iter().for_each(|l| b.label(l));
            v.write_labels(b)
        },
        |b| v.write_body(b),
    )
}

/// Writes a `block_attrs` block: the map's entries as attributes
/// (nothing for a null, an absent `Option`).
pub fn block_attrs<T: HclEncode + ?Sized>(
    body: &mut BodyOut,
    ty: &str,
    v: &T,
) -> Result<(), EncodeError> {
    let v = v.to_value()?;
    if v.is_null() {
        return Ok(());
    }
    body.block(ty, |_| Ok(()), |b| b.entries_of(&v))
}

/// Writes one block of `v`, an enum of block types: of type `ty` with
/// the variant's name as first label (`tag = "label"`), or else of the
/// variant's name as type.
pub fn variant_block<T: HclEncode + ?Sized>(
    body: &mut BodyOut,
    ty: &str,
    tagged: bool,
    v: &T,
) -> Result<(), EncodeError> {
    let (ty, label) = variant_head(ty, tagged, v);
    block(body, ty, label.as_slice(), v)
}

/// Writes a flattened field's attributes and blocks (none for an absent
/// `Option`).
pub fn flatten<T: HclEncode + ?Sized>(body: &mut BodyOut, v: &T) -> Result<(), EncodeError> {
    v.write_body(body)
}

/// Writes `name = <source text>` for an `Expression` field. An
/// expression read from JSON has JSON text, which is not native syntax:
/// an error.
pub fn expr_attr<T: ExprField + ?Sized>(
    body: &mut BodyOut,
    name: &str,
    v: &T,
) -> Result<(), EncodeError> {
    match expr_text(name, v)? {
        Some(text) => body.raw_attr(name, text),
        None => Ok(()),
    }
}

/// Writes what a `remain` body holds, each attribute and block as its
/// source text. A body read (in part) from JSON is an error.
pub fn remain<T: RemainField + ?Sized>(body: &mut BodyOut, v: &T) -> Result<(), EncodeError> {
    for item in remain_items(v)? {
        match item {
            hcldecode_spec::syntax::body::NativeItem::Attribute { name, expr } => {
                body.raw_attr(name, expr)?
            }
            hcldecode_spec::syntax::body::NativeItem::Block(text) => body.raw_block(text),
        }
    }
    Ok(())
}
