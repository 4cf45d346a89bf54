//! Typed write-back: a document updated from a modified typed value (or a
//! [`Value`]), changing only the attributes and blocks that differ.
//!
//! Both the value the document holds now (decoded from it) and the new
//! value are written as bodies ([`BodyWriter`]), and compared item by item:
//! an attribute whose value did not change is not touched (however it is
//! written: a variable, a template, a default the file leaves out); one
//! that changed gets the new value's expression; one the new value leaves
//! out (an `Option` that became `None`) is removed. Blocks are matched by
//! identity ([`blocks`]): unchanged ones stay with their comments, changed
//! ones are changed in place, removed ones go with their comments, new
//! ones go beside their siblings; the blocks a `dynamic` block generates
//! stay as they are, and a value that changes them is refused with an
//! error naming the dynamic block. Everything else (comments, blocks the
//! type does not know) stays byte for byte.
//!
//! Typed write-back then decodes what it wrote: a document that would not
//! decode to the value given (a shape the matching does not foresee) is
//! refused and the document left as it was, so write-back never writes a
//! file that means something else.

mod blocks;
mod values;

pub(in crate::edit) use blocks::Anchor;
use blocks::{Item, Op, Refusal, Source};
use std::cmp::Reverse;

use super::navigate::BodyMut;
use super::{Document, EditError, Step};
use crate::Value;
use crate::encode::{BodyWriter, HclEncode, WrittenItem};
use crate::eval;
use crate::eval::EvalContext;
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
        let (base, new_body) = (body_of(&base)?, body_of(new)?);
        let expansion = Expansion {
            dynamic: decoder.expands_dynamic_blocks(),
            ctx: decoder.eval_context(),
        };
        let before = self.clone();
        let done = self
            .write_back(Vec::new(), Some(&base), &new_body, expansion)
            .and_then(|()| self.check_meaning::<T>(decoder, &name, &new_body));
        if done.is_err() {
            *self = before;
        }
        done
    }

    /// That the document decodes to the value written as `new` (or to
    /// what `new`'s own text decodes to: a list is written as a tuple, and
    /// reads back as one in a field of a dynamic type).
    fn check_meaning<T: HclDecode + HclEncode>(
        &self,
        decoder: &Decoder,
        name: &str,
        new: &BodyWriter,
    ) -> Result<(), EditError> {
        let got: T = decoder.decode_str(self.text(), name).map_err(|e| {
            EditError::Unfaithful(format!("the written document does not decode: {e}"))
        })?;
        let got = body_of(&got)?;
        if got == *new {
            return Ok(());
        }
        let want = match decoder.decode_str::<T>(&new.finish()?, name) {
            Ok(w) => Some(body_of(&w)?),
            Err(_) => None,
        };
        if want.as_ref() == Some(&got) {
            return Ok(());
        }
        Err(EditError::Unfaithful(format!(
            "{} would not read back as the value given",
            first_difference(&got, want.as_ref().unwrap_or(new))
        )))
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
        self.write_back(Vec::new(), None, &body, Expansion::default())
    }

    /// Writes `new` into the body at `path`, `base` being what that body
    /// held (none: compare with the expressions' literal values).
    fn write_back(
        &mut self,
        path: Vec<Step>,
        base: Option<&BodyWriter>,
        new: &BodyWriter,
        expansion: Expansion<'_>,
    ) -> Result<(), EditError> {
        self.write_attributes(&path, base, new)?;
        // The block types, in the order the new value (then the old one)
        // has them; each one's changes planned on the body as it is now,
        // then all made from the body's end backwards, so the blocks not
        // yet reached keep their places.
        let mut types: Vec<&str> = Vec::new();
        for item in new
            .items()
            .chain(base.into_iter().flat_map(BodyWriter::items))
        {
            if let WrittenItem::Block(ty, ..) = item
                && !types.contains(&ty)
            {
                types.push(ty);
            }
        }
        let mut ops: Vec<(&str, Op<'_>)> = Vec::new();
        for ty in types {
            let (olds, news) = (blocks_of(base, ty), blocks_of(Some(new), ty));
            if olds == news {
                continue;
            }
            let here = BodyMut {
                doc: &mut *self,
                path: path.clone(),
            };
            let sources = here.block_sources(ty, expansion)?;
            match blocks::plan(&sources, &olds, &news) {
                Ok(plan) => ops.extend(plan.into_iter().map(|op| (ty, op))),
                Err(refusal) => return Err(here.refusal(ty, refusal)),
            }
        }
        ops.sort_by_key(|(_, op)| Reverse(order(op)));
        for (ty, op) in ops {
            let mut here = BodyMut {
                doc: &mut *self,
                path: path.clone(),
            };
            match op {
                Op::Modify { index, base, new } => {
                    let mut inner = path.clone();
                    inner.push(here.step_to(index)?);
                    self.write_back(inner, Some(base), new, expansion)?;
                }
                Op::Remove { index } => {
                    let step = here.step_to(index)?;
                    let labels: Vec<&str> = step.labels.iter().map(String::as_str).collect();
                    here.remove_block_nth(&step.ty, &labels, step.nth)?;
                }
                Op::Insert { at, items } => {
                    let texts = items
                        .iter()
                        .map(|i| Ok((ty, i.labels, i.body.finish()?)))
                        .collect::<Result<Vec<_>, EditError>>()?;
                    here.insert_blocks_at(&texts, at)?;
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
                WrittenItem::Block(..) | WrittenItem::RawBlock(_) => continue,
            };
            if v.is_null() {
                if here.has_attribute(name) {
                    here.remove_attribute(name)?;
                }
                continue;
            }
            let old = match base {
                Some(b) => attr(b, name).cloned(),
                None => here.literal_value(name),
            };
            if old.as_ref() == Some(v) || here.literal_is(name, v) {
                continue;
            }
            match old {
                // Into the expression, part by part where it is a
                // constructor of the old value.
                Some(old) if here.has_attribute(name) => {
                    values::write_value(&mut here.expr_mut(name)?, &old, v)?
                }
                _ => here.set_attribute(name, v)?,
            }
        }
        let Some(base) = base else { return Ok(()) };
        for item in base.items() {
            let name = match item {
                WrittenItem::Attr(name, _) | WrittenItem::RawAttr(name, _) => name,
                WrittenItem::Block(..) | WrittenItem::RawBlock(_) => continue,
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
        let Some(got) = self.literal_value(name) else {
            return false;
        };
        got == *v || convert(&got, v.ty()).is_ok_and(|c| c == *v)
    }

    /// What attribute `name`'s expression evaluates to without variables
    /// or functions (none when it needs them).
    fn literal_value(&self, name: &str) -> Option<Value> {
        let (body, _) = self.here().ok()?;
        let src = self.doc.source();
        let a = body.attribute(src, name)?;
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
        (!diags.has_errors() && got.is_wholly_known()).then_some(got)
    }
}

/// `value` written as a body (its labels, if any, are not part of it).
pub(in crate::edit) fn body_of<T: HclEncode + ?Sized>(value: &T) -> Result<BodyWriter, EditError> {
    let mut body = BodyWriter::new();
    value.encode_body(&mut body)?;
    Ok(body)
}

pub(in crate::edit) fn attr<'a>(body: &'a BodyWriter, name: &str) -> Option<&'a Value> {
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

/// The blocks of type `ty` in `body`, in order.
fn blocks_of<'a>(body: Option<&'a BodyWriter>, ty: &str) -> Vec<Item<'a>> {
    body.into_iter()
        .flat_map(BodyWriter::items)
        .filter_map(|i| match i {
            WrittenItem::Block(t, labels, body) if t == ty => Some(Item { labels, body }),
            _ => None,
        })
        .collect()
}

/// Where an operation applies, for applying them from the body's end
/// backwards: at one block, insertions after it first, then the block
/// itself, then insertions before it; insertions at the end before all.
fn order(op: &Op<'_>) -> (usize, u8) {
    match op {
        Op::Insert {
            at: Anchor::End, ..
        } => (usize::MAX, 0),
        Op::Insert {
            at: Anchor::After(i),
            ..
        } => (*i, 2),
        Op::Modify { index, .. } | Op::Remove { index } => (*index, 1),
        Op::Insert {
            at: Anchor::Before(i),
            ..
        } => (*i, 0),
    }
}

/// How the decoder reads the document: whether it expands `dynamic`
/// blocks, and the variables their `for_each` sees.
#[derive(Clone, Copy, Default)]
struct Expansion<'d> {
    dynamic: bool,
    ctx: Option<&'d EvalContext>,
}

/// The first item where `a` and `b` differ, as a path
/// (`group "a" > count`), for errors.
fn first_difference(a: &BodyWriter, b: &BodyWriter) -> String {
    let (x, y): (Vec<_>, Vec<_>) = (a.items().collect(), b.items().collect());
    for k in 0..x.len().max(y.len()) {
        let (p, q) = (x.get(k), y.get(k));
        if let (Some(WrittenItem::Block(t1, l1, b1)), Some(WrittenItem::Block(t2, l2, b2))) = (p, q)
            && t1 == t2
            && l1 == l2
        {
            if b1 != b2 {
                return format!("{} > {}", block_name(t1, l1), first_difference(b1, b2));
            }
            continue;
        }
        let same = matches!((p, q), (Some(a), Some(b)) if a.same(b));
        if !same {
            return match p.or(q) {
                Some(WrittenItem::Attr(n, _) | WrittenItem::RawAttr(n, _)) => n.to_string(),
                Some(WrittenItem::Block(t, l, _)) => block_name(t, l),
                _ => "a block of the remaining body".to_string(),
            };
        }
    }
    "the body".to_string()
}

/// `ty "label"`.
fn block_name(ty: &str, labels: &[String]) -> String {
    let mut s = ty.to_string();
    for l in labels {
        s.push_str(&format!(" {l:?}"));
    }
    s
}

/// The block type of dynamic blocks.
const DYNAMIC: &str = "dynamic";

impl BodyMut<'_> {
    /// The blocks of this body that give blocks of type `ty`: the blocks
    /// of the type and, when the decoder expands them, `dynamic "ty"`
    /// blocks with the length of their `for_each`.
    fn block_sources(&self, ty: &str, expansion: Expansion<'_>) -> Result<Vec<Source>, EditError> {
        let (body, _) = self.here()?;
        let src = self.doc.source();
        let mut out = Vec::new();
        for (index, b) in body.blocks.iter().enumerate() {
            let kind = src.text(b.type_name);
            if kind == ty {
                let labels = b
                    .labels
                    .iter()
                    .map(|l| l.value.get(src).to_string())
                    .collect();
                out.push(Source::Static { index, labels });
            } else if expansion.dynamic
                && kind == DYNAMIC
                && b.labels.len() == 1
                && b.labels[0].value.get(src) == ty
            {
                let count = b.body.attribute(src, "for_each").and_then(|a| {
                    let expr = NativeExpr::new(a.expr.clone());
                    let mut diags = Diagnostics::new();
                    let v = eval::evaluate_into(
                        ExprRef::Native {
                            file: src,
                            expr: expr.as_ref(),
                        },
                        expansion.ctx,
                        &mut diags,
                    );
                    if diags.has_errors() || !v.is_known() || v.is_null() {
                        return None;
                    }
                    v.length_int()
                });
                out.push(Source::Dynamic { index, count });
            }
        }
        Ok(out)
    }

    /// The step from this body into its block at `index`.
    fn step_to(&self, index: usize) -> Result<Step, EditError> {
        let (body, _) = self.here()?;
        let src = self.doc.source();
        let b = body
            .blocks
            .get(index)
            .ok_or_else(|| EditError::NoSuchBlock(format!("#{}", index + 1)))?;
        let ty = src.text(b.type_name).to_string();
        let labels: Vec<String> = b
            .labels
            .iter()
            .map(|l| l.value.get(src).to_string())
            .collect();
        let nth = body.blocks[..index]
            .iter()
            .filter(|o| super::matching::block_matches(src, o, &ty, &labels))
            .count();
        Ok(Step { ty, labels, nth })
    }

    /// The error for a plan that cannot be made, naming the dynamic block.
    fn refusal(&self, ty: &str, refusal: Refusal) -> EditError {
        let dynamic = match &refusal {
            Refusal::Generated { dynamic, .. }
            | Refusal::Between { dynamic }
            | Refusal::Uncounted { dynamic } => *dynamic,
            Refusal::Mismatch => {
                return EditError::Unfaithful(format!(
                    "the value's {ty} blocks do not match the document's"
                ));
            }
        };
        let at = match self.here() {
            Ok((body, _)) => body
                .blocks
                .get(dynamic)
                .map(|b| self.doc.source().range(b.def_span())),
            Err(_) => None,
        };
        let reason = match refusal {
            Refusal::Generated {
                labels, removed, ..
            } => format!(
                "the value {} the {} block that it generates",
                if removed { "removes" } else { "changes" },
                block_name(ty, &labels)
            ),
            Refusal::Between { .. } => {
                format!("the value puts a new {ty} block between the blocks that it generates")
            }
            _ => format!(
                "its for_each has no known length with the decoder's variables, so the {ty} blocks it generates cannot be told from the others"
            ),
        };
        EditError::DynamicBlock {
            block: format!("{DYNAMIC} {ty:?}"),
            at,
            reason,
        }
    }
}
