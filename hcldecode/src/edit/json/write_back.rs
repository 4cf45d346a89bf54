//! Typed write-back into a JSON document: the document's value (decoded)
//! and the new one are written as bodies and compared item by item, as
//! for native syntax (`edit/write_back`): an unchanged attribute keeps
//! its JSON text (a `"${var.x}"` template stays), a changed one gets the
//! new value's JSON, a removed one goes. A block type whose blocks keep
//! their number and labels is written block by block, each into its own
//! object; blocks added after the others are added under their keys, and
//! removed ones removed, the rest untouched; any other change writes the
//! type's property again from the new value. The result is decoded and refused unless it reads back as the
//! value given.

use super::body::JsonBodyMut;
use super::write;
use super::{JsonDocument, JsonStep};
use crate::edit::EditError;
use crate::edit::write_back::{attr, body_of};
use crate::encode::{BodyWriter, EncodeError, HclEncode, WrittenItem};
use crate::typed::{Decoder, HclDecode};

impl JsonDocument {
    /// Updates the document to hold `new`, as
    /// [`Document::update_from`](crate::edit::Document::update_from) does a
    /// native-syntax file: reads what it holds now as a `T`, then changes
    /// only the properties whose values differ, in JSON's own layout.
    ///
    /// ```
    /// use hcldecode::edit::JsonDocument;
    /// use hcldecode::{HclDecode, HclEncode};
    /// #[derive(HclDecode, HclEncode)]
    /// struct Service { #[hcl(label)] name: String, port: u16 }
    /// #[derive(HclDecode, HclEncode)]
    /// struct File { region: String, #[hcl(block)] service: Vec<Service> }
    /// let src = "{\n  \"region\": \"eu\",\n  \"service\": {\n    \"web\": {\n      \"port\": 80\n    }\n  }\n}\n";
    /// let mut doc = JsonDocument::parse("app.hcl.json", src).unwrap();
    /// let mut file: File = hcldecode::from_str(src, "app.hcl.json").unwrap();
    /// file.service[0].port = 8080;
    /// doc.update_from(&file).unwrap();
    /// assert_eq!(doc.to_string(), src.replace("80\n", "8080\n"));
    /// ```
    pub fn update_from<T: HclDecode + HclEncode>(&mut self, new: &T) -> Result<(), EditError> {
        self.update_from_with(&Decoder::new(), new)
    }

    /// [`update_from`](JsonDocument::update_from), reading the document's
    /// current value with `decoder` (its variables and functions).
    ///
    /// ```
    /// use hcldecode::edit::JsonDocument;
    /// use hcldecode::{Decoder, HclDecode, HclEncode};
    /// #[derive(HclDecode, HclEncode)]
    /// struct Cfg { region: String, replicas: u32 }
    /// let src = r#"{"region": "${var_region}", "replicas": 2}"#;
    /// let decoder = Decoder::new().variable("var_region", "eu");
    /// let mut cfg: Cfg = decoder.decode_str(src, "c.hcl.json").unwrap();
    /// cfg.replicas = 4;
    /// let mut doc = JsonDocument::parse("c.hcl.json", src).unwrap();
    /// doc.update_from_with(&decoder, &cfg).unwrap();
    /// assert_eq!(doc.to_string(), r#"{"region": "${var_region}", "replicas": 4}"#);
    /// ```
    pub fn update_from_with<T: HclDecode + HclEncode>(
        &mut self,
        decoder: &Decoder,
        new: &T,
    ) -> Result<(), EditError> {
        let name = self.source().name().to_string();
        let name = if name.ends_with(".json") {
            name
        } else {
            format!("{name}.json")
        };
        let base: T = decoder
            .decode_str(self.text(), &name)
            .map_err(|e| EditError::Decode(Box::new(e)))?;
        let (base, new_body) = (body_of(&base)?, body_of(new)?);
        let before = self.clone();
        // Strings are templates to a decoder with a context only.
        self.templates = decoder.eval_context().is_some();
        let done = self
            .write_body(Vec::new(), &base, &new_body)
            .and_then(|()| self.check_meaning::<T>(decoder, &name, &new_body));
        self.templates = before.templates;
        if done.is_err() {
            *self = before;
        }
        done
    }

    /// That the document decodes to `new`.
    fn check_meaning<T: HclDecode + HclEncode>(
        &self,
        decoder: &Decoder,
        name: &str,
        new: &BodyWriter,
    ) -> Result<(), EditError> {
        let got: T = decoder.decode_str(self.text(), name).map_err(|e| {
            EditError::Unfaithful(format!("the written document does not decode: {e}"))
        })?;
        if body_of(&got)? == *new {
            return Ok(());
        }
        // A value that reads back only up to conversion (a list written as
        // a tuple into a field of a dynamic type): what its own JSON gives.
        let mut own = JsonDocument::parse(name, "{}")?.templates(self.templates);
        own.write_body(Vec::new(), &BodyWriter::new(), new)?;
        match decoder.decode_str::<T>(own.text(), name) {
            Ok(w) if body_of(&w)? == body_of(&got)? => Ok(()),
            _ => Err(EditError::Unfaithful(
                "the written document would not read back as the value given".into(),
            )),
        }
    }

    /// Writes `new` into the object at `path`, `base` being what it held.
    fn write_body(
        &mut self,
        path: Vec<JsonStep>,
        base: &BodyWriter,
        new: &BodyWriter,
    ) -> Result<(), EditError> {
        self.write_attributes(&path, base, new)?;
        let mut types: Vec<&str> = Vec::new();
        for item in new.items().chain(base.items()) {
            if let WrittenItem::Block(ty, ..) = item
                && !types.contains(&ty)
            {
                types.push(ty);
            }
        }
        for ty in types {
            let (olds, news) = (blocks_of(base, ty), blocks_of(new, ty));
            if olds == news {
                continue;
            }
            let same_shape =
                olds.len() == news.len() && olds.iter().zip(&news).all(|(a, b)| a.0 == b.0);
            if same_shape && self.write_blocks_in_place(&path, ty, &olds, &news)? {
                continue;
            }
            if self.append_or_remove(&path, ty, &olds, &news)? {
                continue;
            }
            self.rewrite_type(&path, ty, &news)?;
        }
        Ok(())
    }

    /// Each changed block written into its own object; false when the
    /// document's blocks of the type are not the value's (then the type
    /// is written again).
    fn write_blocks_in_place(
        &mut self,
        path: &[JsonStep],
        ty: &str,
        olds: &[(&[String], &BodyWriter)],
        news: &[(&[String], &BodyWriter)],
    ) -> Result<bool, EditError> {
        let here = self.at(path);
        let mut paths = Vec::new();
        for (k, (labels, _)) in olds.iter().enumerate() {
            let same = olds[..k].iter().filter(|(l, _)| l == labels).count();
            let ls: Vec<&str> = labels.iter().map(String::as_str).collect();
            match here.bodies(ty, &ls).into_iter().nth(same) {
                Some(p) => paths.push(p),
                None => return Ok(false),
            }
        }
        for ((p, (_, old)), (_, new)) in paths.into_iter().zip(olds).zip(news) {
            if old != new {
                self.write_body(p, old, new)?;
            }
        }
        Ok(true)
    }

    /// The two common changes of a list of blocks, made without writing
    /// the others again: blocks added after the old ones (the old ones
    /// written in place, the new ones added under their keys), or blocks
    /// removed (the rest unchanged, in order). False for other changes.
    fn append_or_remove(
        &mut self,
        path: &[JsonStep],
        ty: &str,
        olds: &[(&[String], &BodyWriter)],
        news: &[(&[String], &BodyWriter)],
    ) -> Result<bool, EditError> {
        if news.len() > olds.len() {
            let (kept, added) = news.split_at(olds.len());
            if olds.iter().zip(kept).any(|(a, b)| a.0 != b.0)
                || !self.write_blocks_in_place(path, ty, olds, kept)?
            {
                return Ok(false);
            }
            for (labels, body) in added {
                let ls: Vec<&str> = labels.iter().map(String::as_str).collect();
                let at = self.at(path).add_block(ty, &ls)?.path;
                self.write_body(at, &BodyWriter::new(), body)?;
            }
            return Ok(true);
        }
        // Which old blocks the new ones are, in order.
        let mut keep = Vec::new();
        let mut i = 0;
        for n in news {
            while i < olds.len() && olds[i] != *n {
                i += 1;
            }
            if i == olds.len() {
                return Ok(false);
            }
            keep.push(i);
            i += 1;
        }
        for (k, (labels, _)) in olds.iter().enumerate().rev() {
            if keep.contains(&k) {
                continue;
            }
            let nth = olds[..k].iter().filter(|(l, _)| l == labels).count();
            let ls: Vec<&str> = labels.iter().map(String::as_str).collect();
            self.at(path).remove_block_nth(ty, &ls, nth)?;
        }
        Ok(true)
    }

    /// The property of block type `ty` written again from `news` (removed
    /// when there are none).
    fn rewrite_type(
        &mut self,
        path: &[JsonStep],
        ty: &str,
        news: &[(&[String], &BodyWriter)],
    ) -> Result<(), EditError> {
        let mut here = self.at(path);
        let layout = here.layout_of(ty);
        match write::blocks_value(news, &layout)? {
            Some(text) => here.set_json_text(ty, &text),
            None if here.has_attribute(ty) => here.remove_attribute(ty),
            None => Ok(()),
        }
    }

    fn write_attributes(
        &mut self,
        path: &[JsonStep],
        base: &BodyWriter,
        new: &BodyWriter,
    ) -> Result<(), EditError> {
        let mut here = self.at(path);
        for item in new.items() {
            match item {
                WrittenItem::Attr(name, v) => {
                    let old = attr(base, name);
                    if old == Some(v) {
                        continue;
                    }
                    if v.is_null() {
                        if here.has_attribute(name) {
                            here.remove_attribute(name)?;
                        }
                        continue;
                    }
                    here.set_attribute(name, v)?;
                }
                WrittenItem::RawAttr(name, text) => {
                    let same = base
                        .items()
                        .any(|i| matches!(i, WrittenItem::RawAttr(n, t) if n == name && t == text));
                    if !same {
                        return Err(EditError::Encode(EncodeError::Custom(format!(
                            "{name}: an expression's native-syntax text cannot be written into a JSON document"
                        ))));
                    }
                }
                WrittenItem::Block(..) | WrittenItem::RawBlock(_) => {}
            }
        }
        for item in base.items() {
            if let WrittenItem::Attr(name, _) = item
                && attr(new, name).is_none()
                && here.has_attribute(name)
            {
                here.remove_attribute(name)?;
            }
        }
        Ok(())
    }

    fn at(&mut self, path: &[JsonStep]) -> JsonBodyMut<'_> {
        JsonBodyMut {
            doc: self,
            path: path.to_vec(),
        }
    }
}

/// The blocks of type `ty` in `body`: labels and body each.
fn blocks_of<'a>(body: &'a BodyWriter, ty: &str) -> Vec<(&'a [String], &'a BodyWriter)> {
    body.items()
        .filter_map(|i| match i {
            WrittenItem::Block(t, labels, b) if t == ty => Some((labels, b)),
            _ => None,
        })
        .collect()
}
