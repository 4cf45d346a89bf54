//! Handles on the bodies of a document: the file's body and, step by
//! step, nested blocks chosen by type and labels.

use super::matching::block_matches;
use super::{Document, EditError, Step};
use hcldecode_spec::syntax::native::ast;

/// A body of a [`Document`] to edit: the file's body
/// ([`Document::body_mut`]) or a block's, reached by its path of block
/// types and labels. The path is resolved again at each edit, so a handle
/// stays valid across edits of its own body (renaming its block's labels
/// moves it with them).
///
/// ```
/// use hcldecode::edit::Document;
/// let mut doc: Document = "job \"x\" {\n  group \"y\" {\n    count = 1\n  }\n}\n".parse().unwrap();
/// let mut group = doc.body_mut().block("job", &["x"]).unwrap().block("group", &["y"]).unwrap();
/// assert_eq!(group.attribute_expr("count").as_deref(), Some("1"));
/// assert!(group.has_attribute("count"));
/// ```
#[derive(Debug)]
pub struct BodyMut<'a> {
    pub(super) doc: &'a mut Document,
    pub(super) path: Vec<Step>,
}

impl<'a> BodyMut<'a> {
    pub(super) fn root(doc: &'a mut Document) -> BodyMut<'a> {
        BodyMut {
            doc,
            path: Vec::new(),
        }
    }

    /// The first block of this body with type `ty` and exactly `labels`.
    ///
    /// ```
    /// use hcldecode::edit::{Document, EditError};
    /// let mut doc: Document = "a \"b\" {\n}\n".parse().unwrap();
    /// assert!(doc.body_mut().block("a", &["b"]).is_ok());
    /// let err = doc.body_mut().block("a", &["c"]).unwrap_err();
    /// assert_eq!(err.to_string(), "no block a \"c\"");
    /// ```
    pub fn block(self, ty: &str, labels: &[&str]) -> Result<BodyMut<'a>, EditError> {
        self.block_nth(ty, labels, 0)
    }

    /// The `nth` (from 0) block of this body with type `ty` and exactly
    /// `labels`: how repeated unlabeled blocks are told apart.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "rule {\n  a = 1\n}\nrule {\n  a = 2\n}\n".parse().unwrap();
    /// let second = doc.body_mut().block_nth("rule", &[], 1).unwrap();
    /// assert_eq!(second.attribute_expr("a").as_deref(), Some("2"));
    /// ```
    pub fn block_nth(
        mut self,
        ty: &str,
        labels: &[&str],
        nth: usize,
    ) -> Result<BodyMut<'a>, EditError> {
        self.path.push(Step {
            ty: ty.to_string(),
            labels: labels.iter().map(|l| l.to_string()).collect(),
            nth,
        });
        self.doc.resolve(&self.path)?;
        Ok(self)
    }

    /// The text of attribute `name`'s expression, as written.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a = [1,   2] # c\n".parse().unwrap();
    /// assert_eq!(doc.body_mut().attribute_expr("a").as_deref(), Some("[1,   2]"));
    /// ```
    pub fn attribute_expr(&self, name: &str) -> Option<String> {
        let (body, _) = self.doc.resolve(&self.path).ok()?;
        let src = self.doc.source();
        body.attribute(src, name)
            .map(|a| src.text(a.expr.span).to_string())
    }

    /// Whether the body has an attribute `name`.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a = 1\n".parse().unwrap();
    /// assert!(doc.body_mut().has_attribute("a"));
    /// assert!(!doc.body_mut().has_attribute("b"));
    /// ```
    pub fn has_attribute(&self, name: &str) -> bool {
        self.attribute_expr(name).is_some()
    }

    /// How many blocks of type `ty` with exactly `labels` the body has.
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a {\n}\na {\n}\na \"x\" {\n}\n".parse().unwrap();
    /// assert_eq!(doc.body_mut().count_blocks("a", &[]), 2);
    /// ```
    pub fn count_blocks(&self, ty: &str, labels: &[&str]) -> usize {
        let labels: Vec<String> = labels.iter().map(|l| l.to_string()).collect();
        let src = self.doc.source();
        self.doc
            .resolve(&self.path)
            .map(|(body, _)| {
                body.blocks
                    .iter()
                    .filter(|b| block_matches(src, b, ty, &labels))
                    .count()
            })
            .unwrap_or(0)
    }

    /// The labels of the block this handle is in (empty for the file's
    /// body).
    ///
    /// ```
    /// use hcldecode::edit::Document;
    /// let mut doc: Document = "a \"x\" y {\n}\n".parse().unwrap();
    /// assert_eq!(doc.body_mut().block("a", &["x", "y"]).unwrap().labels(), ["x", "y"]);
    /// ```
    pub fn labels(&self) -> Vec<String> {
        self.path
            .last()
            .map(|s| s.labels.clone())
            .unwrap_or_default()
    }

    /// The body and block this handle stands for, in the current text.
    pub(super) fn here(&self) -> Result<(&ast::Body, Option<&ast::Block>), EditError> {
        self.doc.resolve(&self.path)
    }
}
