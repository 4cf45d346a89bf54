//! The edits of a body: attributes, blocks, labels and comments.

use hcldecode_spec::source::Span;
use hcldecode_spec::syntax::is_identifier;
use hcldecode_spec::syntax::native;

use super::layout::{self, extent, indent_at, indent_lines, line_start, starts_line};
use super::matching::{block_matches, describe};
use super::navigate::BodyMut;
use super::{EditError, Step};
use crate::Value;
use crate::encode;

/// Where new lines go in a body.
#[derive(Clone, Copy)]
enum Place {
    /// After this item's lines.
    After(Span),
    /// Before this item's lines (and its comments).
    Before(Span),
    /// After the last item (or in the empty body).
    End,
}

impl BodyMut<'_> {
    /// Sets attribute `name` to `value`, written as an HCL expression
    /// ([`encode::expression`]): the expression of an existing attribute is
    /// replaced (its name, comments and spacing kept); a new attribute goes
    /// after the body's last attribute (before its first block when it has
    /// none), indented as its siblings, `=` aligned with its run.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// use hcldecode::Value;
    /// let mut doc: Document = "a    = 1 # one\nlong = 2\n\nb {\n}\n".parse().unwrap();
    /// let mut body = doc.body_mut();
    /// body.set_attribute("a", &Value::string("x")).unwrap();
    /// body.set_attribute("c", &Value::from(vec![1, 2])).unwrap();
    /// assert_eq!(doc.to_string(), "a    = \"x\" # one\nlong = 2\nc    = [1, 2]\n\nb {\n}\n");
    /// ```
    pub fn set_attribute(&mut self, name: &str, value: &Value) -> Result<(), EditError> {
        let expr = encode::expression(value)?;
        self.set_expr(name, &expr)
    }

    /// Sets attribute `name` to the expression `expr`, given as text: it
    /// must parse as one expression (else [`EditError::Syntax`]). Otherwise
    /// as [`set_attribute`](BodyMut::set_attribute).
    ///
    /// ```
    /// use hcldecode::edit::{Document, EditError};
    /// let mut doc: Document = "a = 1\n".parse().unwrap();
    /// doc.body_mut().set_attribute_expr("a", "var.x * 2").unwrap();
    /// assert_eq!(doc.to_string(), "a = var.x * 2\n");
    /// assert!(matches!(doc.body_mut().set_attribute_expr("a", "1 +"), Err(EditError::Syntax(_))));
    /// assert!(matches!(doc.body_mut().set_attribute_expr("a", "1 2"), Err(EditError::Syntax(_))));
    /// assert_eq!(doc.to_string(), "a = var.x * 2\n");
    /// ```
    pub fn set_attribute_expr(&mut self, name: &str, expr: &str) -> Result<(), EditError> {
        self.set_expr(name, super::expr::checked(expr)?)
    }

    fn set_expr(&mut self, name: &str, expr: &str) -> Result<(), EditError> {
        if !is_identifier(name) {
            return Err(EditError::InvalidName(name.to_string()));
        }
        let nl = self.doc.newline();
        let (body, _) = self.here()?;
        let src = self.doc.source();
        if let Some(a) = body.attribute(src, name) {
            let indent = indent_at(src.source(), a.name.start as usize);
            let with = indent_lines(expr, indent, nl);
            let span = a.expr.span;
            return self.doc.splice(span, &with);
        }
        let place = match body.attributes.iter().max_by_key(|a| a.name.start) {
            Some(last) => (Place::After(last.span()), false),
            None => match layout::items(body).first() {
                Some((first, _)) => (Place::Before(*first), true),
                None => (Place::End, false),
            },
        };
        self.insert(&format!("{name} = {expr}"), place.0, place.1)?;
        self.align(name)
    }

    /// Renames attribute `from` to `to`, keeping its expression and
    /// comments; `=` is aligned again in its run.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a   = 1\nbbb = 2\n".parse().unwrap();
    /// doc.body_mut().rename_attribute("bbb", "b").unwrap();
    /// assert_eq!(doc.to_string(), "a = 1\nb = 2\n");
    /// ```
    pub fn rename_attribute(&mut self, from: &str, to: &str) -> Result<(), EditError> {
        if !is_identifier(to) {
            return Err(EditError::InvalidName(to.to_string()));
        }
        let (body, _) = self.here()?;
        let src = self.doc.source();
        if body.attribute(src, to).is_some() {
            return Err(EditError::AttributeExists(to.to_string()));
        }
        let span = body
            .attribute(src, from)
            .ok_or_else(|| EditError::NoSuchAttribute(from.to_string()))?
            .name;
        self.doc.splice(span, to)?;
        self.align(to)
    }

    /// Removes attribute `name` with its comments (the lines above it and
    /// its trailing comment). When its run of attributes was aligned, the
    /// rest of the run is aligned again (the spaces before their `=`).
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a = 1\n# about b\nb = 2 # two\nc = 3\n".parse().unwrap();
    /// doc.body_mut().remove_attribute("b").unwrap();
    /// assert_eq!(doc.to_string(), "a = 1\nc = 3\n");
    /// assert!(doc.body_mut().remove_attribute("b").is_err());
    /// ```
    pub fn remove_attribute(&mut self, name: &str) -> Result<(), EditError> {
        let (body, _) = self.here()?;
        let src = self.doc.source();
        let a = body
            .attribute(src, name)
            .ok_or_else(|| EditError::NoSuchAttribute(name.to_string()))?;
        let cut = layout::removal(src.source(), a.span(), self.body_bounds()?);
        let run = layout::aligned_run(src, body, name);
        self.doc.splice(cut, "")?;
        // An aligned run is aligned again without it, as hclfmt would.
        match run {
            Some(names) => self.align(&names[0]),
            None => Ok(()),
        }
    }

    /// Adds an empty block `ty "label"... {}` at the end of the body (after
    /// a blank line when the body has items) and returns a handle on it.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// use hcldecode::Value;
    /// let mut doc: Document = "job \"a\" {\n  x = 1\n}\n".parse().unwrap();
    /// let mut job = doc.body_mut().block("job", &["a"]).unwrap();
    /// let mut port = job.add_block("port", &["http"]).unwrap();
    /// port.set_attribute("to", &Value::int(80)).unwrap();
    /// assert_eq!(doc.to_string(), "job \"a\" {\n  x = 1\n\n  port \"http\" {\n    to = 80\n  }\n}\n");
    /// ```
    pub fn add_block(&mut self, ty: &str, labels: &[&str]) -> Result<BodyMut<'_>, EditError> {
        let labels: Vec<String> = labels.iter().map(|l| l.to_string()).collect();
        self.insert_block(ty, &labels, "")?;
        let nth = self.count_blocks(ty, &labels.iter().map(String::as_str).collect::<Vec<_>>()) - 1;
        let mut path = self.path.clone();
        path.push(Step {
            ty: ty.to_string(),
            labels,
            nth,
        });
        Ok(BodyMut {
            doc: &mut *self.doc,
            path,
        })
    }

    /// Adds a block whose body is `body` (text at indent 0, as
    /// [`encode::BodyWriter::finish`] writes it) at the end of the body.
    pub(super) fn insert_block(
        &mut self,
        ty: &str,
        labels: &[String],
        body: &str,
    ) -> Result<(), EditError> {
        let text = block_text(ty, labels, body)?;
        let (b, _) = self.here()?;
        let blank = !layout::items(b).is_empty();
        self.insert(&text, Place::End, blank)
    }

    /// Adds blocks (type, labels and body text at indent 0 each), a blank
    /// line between them, after or before the body's block at `index`, or
    /// at the end of the body (typed write-back's new blocks, beside their
    /// siblings).
    pub(super) fn insert_blocks_at(
        &mut self,
        blocks: &[(&str, &[String], String)],
        at: super::write_back::Anchor,
    ) -> Result<(), EditError> {
        use super::write_back::Anchor;
        let texts = blocks
            .iter()
            .map(|(ty, labels, body)| block_text(ty, labels, body))
            .collect::<Result<Vec<_>, _>>()?;
        let text = texts.join("\n\n");
        let (b, _) = self.here()?;
        let span_of = |i: usize| {
            b.blocks
                .get(i)
                .map(native::ast::Block::span)
                .ok_or_else(|| EditError::NoSuchBlock(format!("#{}", i + 1)))
        };
        let (place, blank) = match at {
            Anchor::After(i) => (Place::After(span_of(i)?), true),
            Anchor::Before(i) => (Place::Before(span_of(i)?), true),
            Anchor::End => (Place::End, !layout::items(b).is_empty()),
        };
        self.insert(&text, place, blank)
    }

    /// Removes the first block of type `ty` with exactly `labels`, with its
    /// comments.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a = 1\n\n# the b\nb \"x\" {\n  c = 2\n}\n\nd {}\n".parse().unwrap();
    /// doc.body_mut().remove_block("b", &["x"]).unwrap();
    /// assert_eq!(doc.to_string(), "a = 1\n\nd {}\n");
    /// ```
    pub fn remove_block(&mut self, ty: &str, labels: &[&str]) -> Result<(), EditError> {
        self.remove_block_nth(ty, labels, 0)
    }

    /// Removes the `nth` (from 0) block of type `ty` with exactly `labels`.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "r {\n  a = 1\n}\nr {\n  a = 2\n}\n".parse().unwrap();
    /// doc.body_mut().remove_block_nth("r", &[], 1).unwrap();
    /// assert_eq!(doc.to_string(), "r {\n  a = 1\n}\n");
    /// ```
    pub fn remove_block_nth(
        &mut self,
        ty: &str,
        labels: &[&str],
        nth: usize,
    ) -> Result<(), EditError> {
        let want: Vec<String> = labels.iter().map(|l| l.to_string()).collect();
        let (body, _) = self.here()?;
        let src = self.doc.source();
        let b = body
            .blocks
            .iter()
            .filter(|b| block_matches(src, b, ty, &want))
            .nth(nth)
            .ok_or_else(|| {
                let step = Step {
                    ty: ty.to_string(),
                    labels: want.clone(),
                    nth,
                };
                EditError::NoSuchBlock(describe(&[step]))
            })?;
        let cut = layout::removal(src.source(), b.span(), self.body_bounds()?);
        self.doc.splice(cut, "")
    }

    /// Replaces the labels of the block this handle is in (the header is
    /// written again: `type "a" "b" {`); the handle follows the block.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "svc \"a\" {\n  x = 1\n}\n".parse().unwrap();
    /// let mut svc = doc.body_mut().block("svc", &["a"]).unwrap();
    /// svc.set_labels(&["b", "c d"]).unwrap();
    /// svc.set_attribute_expr("x", "2").unwrap();
    /// assert_eq!(doc.to_string(), "svc \"b\" \"c d\" {\n  x = 2\n}\n");
    /// assert!(doc.body_mut().set_labels(&["x"]).is_err());
    /// ```
    pub fn set_labels(&mut self, labels: &[&str]) -> Result<(), EditError> {
        let (_, block) = self.here()?;
        let block = block.ok_or(EditError::NotABlock)?;
        let (at, span) = (
            block.type_name.start,
            Span::new(block.type_name.end, block.open_brace.start),
        );
        let mut header = String::new();
        for l in labels {
            header.push(' ');
            header.push_str(&encode::expression(&Value::string(*l))?);
        }
        header.push(' ');
        self.doc.splice(span, &header)?;
        // Which block with these labels it now is.
        let labels: Vec<String> = labels.iter().map(|l| l.to_string()).collect();
        let parent = &self.path[..self.path.len() - 1];
        let (body, _) = self.doc.resolve(parent)?;
        let src = self.doc.source();
        let nth = body
            .blocks
            .iter()
            .filter(|b| block_matches(src, b, &self.path[self.path.len() - 1].ty, &labels))
            .take_while(|b| b.type_name.start < at)
            .count();
        let last = self.path.len() - 1;
        self.path[last].labels = labels;
        self.path[last].nth = nth;
        Ok(())
    }

    /// Adds `label` after the block's labels.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a \"x\" {\n}\n".parse().unwrap();
    /// doc.body_mut().block("a", &["x"]).unwrap().add_label("y").unwrap();
    /// assert_eq!(doc.to_string(), "a \"x\" \"y\" {\n}\n");
    /// ```
    pub fn add_label(&mut self, label: &str) -> Result<(), EditError> {
        let mut labels = self.labels();
        labels.push(label.to_string());
        self.set_labels(&labels.iter().map(String::as_str).collect::<Vec<_>>())
    }

    /// Removes the block's label at `index` (from 0); out of range is
    /// [`EditError::NoSuchBlock`].
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a \"x\" \"y\" {\n}\n".parse().unwrap();
    /// doc.body_mut().block("a", &["x", "y"]).unwrap().remove_label(0).unwrap();
    /// assert_eq!(doc.to_string(), "a \"y\" {\n}\n");
    /// ```
    pub fn remove_label(&mut self, index: usize) -> Result<(), EditError> {
        let mut labels = self.labels();
        if index >= labels.len() || self.path.is_empty() {
            return Err(EditError::NoSuchBlock(format!(
                "label {index} of {}",
                describe(&self.path)
            )));
        }
        labels.remove(index);
        self.set_labels(&labels.iter().map(String::as_str).collect::<Vec<_>>())
    }

    /// Adds a comment at the end of the body, one `# ` line per line of
    /// `text`.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a {\n  b = 1\n}\n".parse().unwrap();
    /// doc.body_mut().block("a", &[]).unwrap().add_comment("done\nby hand").unwrap();
    /// assert_eq!(doc.to_string(), "a {\n  b = 1\n  # done\n  # by hand\n}\n");
    /// ```
    pub fn add_comment(&mut self, text: &str) -> Result<(), EditError> {
        self.insert(&comment_lines(text), Place::End, false)
    }

    /// Adds a comment on the lines above attribute `name` (below the
    /// comments it has): it moves and goes with the attribute.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a = 1\nb = 2\n".parse().unwrap();
    /// doc.body_mut().comment_attribute("b", "why b").unwrap();
    /// assert_eq!(doc.to_string(), "a = 1\n# why b\nb = 2\n");
    /// doc.body_mut().remove_attribute("b").unwrap();
    /// assert_eq!(doc.to_string(), "a = 1\n");
    /// ```
    pub fn comment_attribute(&mut self, name: &str, text: &str) -> Result<(), EditError> {
        let nl = self.doc.newline();
        let (body, _) = self.here()?;
        let src = self.doc.source();
        let a = body
            .attribute(src, name)
            .ok_or_else(|| EditError::NoSuchAttribute(name.to_string()))?;
        let at = a.name.start as usize;
        if !starts_line(src.source(), at) {
            // In a one-line block: a comment of its own would end it.
            return Err(EditError::Invalid(hcldecode_spec::diag::Diagnostics::new()));
        }
        let indent = indent_at(src.source(), at).to_string();
        let with = format!(
            "{}{nl}{indent}",
            indent_lines(&comment_lines(text), &indent, nl)
        );
        self.doc.splice(Span::empty(at as u32), &with)
    }

    /// Where the body's items start and end: inside its braces, or the
    /// whole file.
    fn body_bounds(&self) -> Result<(usize, usize), EditError> {
        let (_, block) = self.here()?;
        Ok(match block {
            Some(b) => (b.open_brace.end as usize, b.close_brace.start as usize),
            None => (0, self.doc.text().len()),
        })
    }

    /// Aligns `=` in the run of attribute `name`.
    fn align(&mut self, name: &str) -> Result<(), EditError> {
        let (body, _) = self.here()?;
        let edits = layout::alignment(self.doc.source(), body, name);
        self.doc.splice_many(&edits)
    }

    /// Inserts `lines` (text at indent 0, without a final line break) at
    /// `place`, indented as the body's items, with a blank line between it
    /// and its neighbour when `blank`.
    fn insert(&mut self, lines: &str, place: Place, blank: bool) -> Result<(), EditError> {
        let nl = self.doc.newline();
        let (body, block) = self.here()?;
        let text = self.doc.text();
        let items = layout::items(body);
        let outer = block.map_or("", |b| indent_at(text, b.type_name.start as usize));
        let indent = match items
            .iter()
            .find(|(s, _)| starts_line(text, s.start as usize))
        {
            Some((s, _)) => indent_at(text, s.start as usize).to_string(),
            None if block.is_some() => format!("{outer}  "),
            None => String::new(),
        };
        let lines = format!("{indent}{}", indent_lines(lines, &indent, nl));
        let gap = if blank { nl } else { "" };
        let place = match (place, items.last()) {
            (Place::End, Some((last, _))) => Place::After(*last),
            (p, _) => p,
        };
        let line_based = |s: Span| layout::owns_lines(text, s);
        match place {
            Place::After(s) if line_based(s) => {
                let at = extent(text, s).end;
                let lead = if at as usize == text.len() && !text.ends_with('\n') {
                    nl
                } else {
                    ""
                };
                let with = format!("{lead}{gap}{lines}{nl}");
                self.doc.splice(Span::empty(at), &with)
            }
            Place::Before(s) if line_based(s) => {
                let at = extent(text, s).start;
                self.doc
                    .splice(Span::empty(at), &format!("{lines}{nl}{gap}"))
            }
            _ => match block {
                None => {
                    let content = text.trim_start_matches('\u{feff}');
                    let lead = if !content.is_empty() && !content.ends_with('\n') {
                        nl
                    } else {
                        ""
                    };
                    let at = text.len() as u32;
                    self.doc
                        .splice(Span::empty(at), &format!("{lead}{lines}{nl}"))
                }
                Some(b) => {
                    let (open, close) = (b.open_brace.end as usize, b.close_brace.start as usize);
                    let multi_line = text[open..close].contains('\n') && starts_line(text, close);
                    if multi_line && items.is_empty() {
                        let at = line_start(text, close) as u32;
                        return self.doc.splice(Span::empty(at), &format!("{lines}{nl}"));
                    }
                    let inner = text[open..close].trim();
                    let mut with = nl.to_string();
                    if !inner.is_empty() {
                        with.push_str(&format!("{indent}{inner}{nl}{gap}"));
                    }
                    with.push_str(&format!("{lines}{nl}{outer}"));
                    self.doc.splice(Span::new(open as u32, close as u32), &with)
                }
            },
        }
    }
}

/// A block's text at indent 0: `ty "label" {`, `body` indented, `}`.
fn block_text(ty: &str, labels: &[String], body: &str) -> Result<String, EditError> {
    if !is_identifier(ty) {
        return Err(EditError::InvalidName(ty.to_string()));
    }
    let mut text = ty.to_string();
    for l in labels {
        text.push(' ');
        text.push_str(&encode::expression(&Value::string(l.as_str()))?);
    }
    text.push_str(" {\n");
    for line in body.lines() {
        if !line.is_empty() {
            text.push_str("  ");
        }
        text.push_str(line);
        text.push('\n');
    }
    text.push('}');
    Ok(text)
}

/// `# line` for each line of `text`.
fn comment_lines(text: &str) -> String {
    text.lines()
        .map(|l| {
            if l.is_empty() {
                "#".to_string()
            } else {
                format!("# {l}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}
