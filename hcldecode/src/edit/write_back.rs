//! Typed write-back: a document updated from a modified typed value (or a
//! [`Value`]), changing only the attributes and blocks that differ.
//!
//! Both the value the document holds now (decoded from it) and the new
//! value are written as bodies ([`BodyWriter`]), and compared item by item:
//! an attribute whose value did not change is not touched (however it is
//! written: a variable, a template, a default the file leaves out); one
//! that changed gets the new value's expression; one the new value leaves
//! out (an `Option` that became `None`) is removed. Blocks are matched by
//! type and labels, repeated ones in order; a new block is appended,
//! formatted; a block the new value no longer has is removed with its
//! comments. Everything else (comments, blocks the type does not know)
//! stays byte for byte.

use super::navigate::BodyMut;
use super::{Document, EditError, Step};
use crate::Value;
use crate::encode::{BodyWriter, HclEncode, WrittenItem};
use crate::eval;
use crate::typed::{Decoder, HclDecode};
use crate::value::ValueRef;
use crate::value::convert::convert;
use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::syntax::expr::{ExprRef, NativeExpr};

impl Document {
    /// Updates the document to hold `new`: reads what it holds now as a `T`
    /// (with [`Decoder::new`]: no variables), then changes only the
    /// attributes and blocks whose values differ (see the module's
    /// comments). Use [`update_from_with`](Document::update_from_with) when
    /// the file needs variables or functions.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// use hcldecode::{HclDecode, HclEncode};
    /// #[derive(HclDecode, HclEncode)]
    /// struct Group {
    ///     #[hcl(label)]
    ///     name: String,
    ///     #[hcl(default = "one")]
    ///     count: u32,
    ///     image: Option<String>,
    /// }
    /// fn one() -> u32 { 1 }
    /// #[derive(HclDecode, HclEncode)]
    /// struct File {
    ///     #[hcl(block, rename = "group")]
    ///     groups: Vec<Group>,
    /// }
    /// let src = "# Groups.\ngroup \"a\" {\n  count = 3 # scaled by hand\n  image = \"x\"\n}\n\ngroup \"b\" {\n  # count defaults to 1\n}\n";
    /// let mut doc: Document = src.parse().unwrap();
    /// let mut file: File = hcldecode::from_str(src, "f.hcl").unwrap();
    /// file.groups[0].count = 5;
    /// file.groups[0].image = None;
    /// file.groups.push(Group { name: "c".into(), count: 2, image: None });
    /// doc.update_from(&file).unwrap();
    /// assert_eq!(doc.to_string(), "# Groups.\ngroup \"a\" {\n  count = 5 # scaled by hand\n}\n\ngroup \"b\" {\n  # count defaults to 1\n}\n\ngroup \"c\" {\n  count = 2\n}\n");
    /// ```
    pub fn update_from<T: HclDecode + HclEncode>(&mut self, new: &T) -> Result<(), EditError> {
        self.update_from_with(&Decoder::new(), new)
    }

    /// [`update_from`](Document::update_from), reading the document's
    /// current value with `decoder` (its variables and functions).
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// use hcldecode::{Decoder, HclDecode, HclEncode};
    /// #[derive(HclDecode, HclEncode)]
    /// struct Cfg { region: String, replicas: u32 }
    /// let src = "region   = var_region # from the environment\nreplicas = 2\n";
    /// let decoder = Decoder::new().variable("var_region", "eu");
    /// let mut cfg: Cfg = decoder.decode_str(src, "c.hcl").unwrap();
    /// cfg.replicas = 4;
    /// let mut doc: Document = src.parse().unwrap();
    /// doc.update_from_with(&decoder, &cfg).unwrap();
    /// // `region` still evaluates to "eu": its expression is kept.
    /// assert_eq!(doc.to_string(), "region   = var_region # from the environment\nreplicas = 4\n");
    /// ```
    pub fn update_from_with<T: HclDecode + HclEncode>(
        &mut self,
        decoder: &Decoder,
        new: &T,
    ) -> Result<(), EditError> {
        let name = self.source().name().to_string();
        let name = if name.ends_with(".hcl") {
            name
        } else {
            format!("{name}.hcl")
        };
        let base: T = decoder
            .decode_str(self.text(), &name)
            .map_err(|e| EditError::Decode(Box::new(e)))?;
        let (base, new) = (body_of(&base)?, body_of(new)?);
        self.write_back(Vec::new(), Some(&base), &new)
    }

    /// Updates the file's attributes from an object value: a property whose
    /// value is null removes its attribute; an attribute whose expression
    /// already evaluates (as a literal, without variables) to the
    /// property's value is kept as written; others are set; attributes the
    /// object does not name are left alone. The value must be an object
    /// or a map whose names are identifiers.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// use hcldecode::{Type, Value};
    /// let mut doc: Document = "a = 1.6e1 # sixteen\nb = 1\nc = true\n".parse().unwrap();
    /// let v = Value::object([("a", Value::int(16)), ("b", Value::int(2)), ("c", Value::null(Type::Bool))]);
    /// doc.update_from_value(&v).unwrap();
    /// assert_eq!(doc.to_string(), "a = 1.6e1 # sixteen\nb = 2\n");
    /// ```
    pub fn update_from_value(&mut self, new: &Value) -> Result<(), EditError> {
        let mut body = BodyWriter::new();
        match new.view() {
            ValueRef::Object(ty, vals) => {
                for ((k, _), v) in ty.attrs().iter().zip(vals) {
                    body.attr(&**k, v.clone());
                }
            }
            ValueRef::Map(entries) => {
                for (k, v) in entries.iter() {
                    body.attr(&**k, v.clone());
                }
            }
            _ => {
                return Err(EditError::Encode(crate::encode::EncodeError::NotAnObject {
                    ty: new.ty().clone(),
                }));
            }
        }
        self.write_back(Vec::new(), None, &body)
    }

    /// Writes `new` into the body at `path`, `base` being what that body
    /// held (none: compare with the expressions' literal values).
    fn write_back(
        &mut self,
        path: Vec<Step>,
        base: Option<&BodyWriter>,
        new: &BodyWriter,
    ) -> Result<(), EditError> {
        self.write_attributes(&path, base, new)?;
        let mut seen: Vec<(&str, &[String])> = Vec::new();
        for item in new.items() {
            let WrittenItem::Block(ty, labels, body) = item else {
                continue;
            };
            let nth = seen.iter().filter(|k| **k == (ty, labels)).count();
            seen.push((ty, labels));
            let old = base.and_then(|b| nth_block(b, ty, labels, nth));
            if old == Some(body) {
                continue;
            }
            let step = Step {
                ty: ty.to_string(),
                labels: labels.to_vec(),
                nth,
            };
            let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
            let mut here = BodyMut {
                doc: &mut *self,
                path: path.clone(),
            };
            if here.count_blocks(ty, &refs) > nth {
                let mut inner = path.clone();
                inner.push(step);
                self.write_back(inner, old, body)?;
            } else {
                here.insert_block(ty, labels, &body.finish()?)?;
            }
        }
        // Blocks the new value has fewer of than the old one: the last ones go.
        let Some(base) = base else { return Ok(()) };
        let mut keys: Vec<(&str, &[String])> = Vec::new();
        for item in base.items() {
            if let WrittenItem::Block(ty, labels, _) = item {
                keys.push((ty, labels));
            }
        }
        let mut done: Vec<(&str, &[String])> = Vec::new();
        for key in keys.iter().rev() {
            if done.contains(key) {
                continue;
            }
            done.push(*key);
            let had = keys.iter().filter(|k| *k == key).count();
            let has = seen.iter().filter(|k| *k == key).count();
            let refs: Vec<&str> = key.1.iter().map(String::as_str).collect();
            for nth in (has..had).rev() {
                let mut here = BodyMut {
                    doc: &mut *self,
                    path: path.clone(),
                };
                if here.count_blocks(key.0, &refs) > nth {
                    here.remove_block_nth(key.0, &refs, nth)?;
                }
            }
        }
        Ok(())
    }

    fn write_attributes(
        &mut self,
        path: &[Step],
        base: Option<&BodyWriter>,
        new: &BodyWriter,
    ) -> Result<(), EditError> {
        let mut here = BodyMut {
            doc: &mut *self,
            path: path.to_vec(),
        };
        for item in new.items() {
            let (name, v) = match item {
                WrittenItem::Attr(name, v) => (name, v),
                // An `Expression` field: its source text, set where the
                // document's differs.
                WrittenItem::RawAttr(name, text) => {
                    if base.and_then(|b| raw_attr(b, name)) != Some(text)
                        && here.attribute_expr(name).as_deref() != Some(text)
                    {
                        here.set_attribute_expr(name, text)?;
                    }
                    continue;
                }
                // Blocks are written by `write_back`; a `remain` body's
                // items are the document's own, already there.
                WrittenItem::Block(..) | WrittenItem::RawBlock => continue,
            };
            if v.is_null() {
                if here.has_attribute(name) {
                    here.remove_attribute(name)?;
                }
                continue;
            }
            if base.and_then(|b| attr(b, name)) == Some(v) {
                continue;
            }
            if here.literal_is(name, v) {
                continue;
            }
            here.set_attribute(name, v)?;
        }
        let Some(base) = base else { return Ok(()) };
        for item in base.items() {
            let name = match item {
                WrittenItem::Attr(name, _) | WrittenItem::RawAttr(name, _) => name,
                WrittenItem::Block(..) | WrittenItem::RawBlock => continue,
            };
            if attr(new, name).is_none()
                && raw_attr(new, name).is_none()
                && here.has_attribute(name)
            {
                here.remove_attribute(name)?;
            }
        }
        Ok(())
    }
}

impl BodyMut<'_> {
    /// Whether attribute `name`'s expression evaluates, without variables
    /// or functions, to `v` (after conversion to `v`'s type).
    fn literal_is(&self, name: &str, v: &Value) -> bool {
        let Ok((body, _)) = self.here() else {
            return false;
        };
        let src = self.doc.source();
        let Some(a) = body.attribute(src, name) else {
            return false;
        };
        let expr = NativeExpr::new(a.expr.clone());
        let mut diags = Diagnostics::new();
        let got = eval::evaluate_into(
            ExprRef::Native {
                file: src,
                expr: expr.as_ref(),
            },
            None,
            &mut diags,
        );
        if diags.has_errors() {
            return false;
        }
        got == *v || convert(&got, v.ty()).is_ok_and(|c| c == *v)
    }
}

/// `value` written as a body (its labels, if any, are not part of it).
fn body_of<T: HclEncode + ?Sized>(value: &T) -> Result<BodyWriter, EditError> {
    let mut body = BodyWriter::new();
    value.encode_body(&mut body)?;
    Ok(body)
}

fn attr<'a>(body: &'a BodyWriter, name: &str) -> Option<&'a Value> {
    body.items().find_map(|i| match i {
        WrittenItem::Attr(n, v) if n == name => Some(v),
        _ => None,
    })
}

fn raw_attr<'a>(body: &'a BodyWriter, name: &str) -> Option<&'a str> {
    body.items().find_map(|i| match i {
        WrittenItem::RawAttr(n, x) if n == name => Some(x),
        _ => None,
    })
}

fn nth_block<'a>(
    body: &'a BodyWriter,
    ty: &str,
    labels: &[String],
    nth: usize,
) -> Option<&'a BodyWriter> {
    body.items()
        .filter_map(|i| match i {
            WrittenItem::Block(t, l, b) if t == ty && l == labels => Some(b),
            _ => None,
        })
        .nth(nth)
}
