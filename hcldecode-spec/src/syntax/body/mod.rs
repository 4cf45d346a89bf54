//! Bodies and their schema-driven content, independent of the concrete
//! syntax: the `hcl.Body` interface of HashiCorp's HCL.
//!
//! A [`Body`] is a cheap, owned handle (`Arc`s inside) on a native-syntax or
//! JSON body, or on several bodies merged into one. Asking a body for its
//! [`Content`] under a [`BodySchema`] separates the attributes and blocks the
//! schema wants from the rest and reports what is missing or unexpected.
//! The content borrows from the body: no syntax is copied.
//!
//! ## JSON bodies
//!
//! A JSON body ([`Body::json`]) follows HCL's `json/spec.md` as
//! `hcl/v2/json/structure.go` implements it, diagnostics included:
//!
//! - a body is an object, or an array of objects whose properties are
//!   taken in order; `null` is an empty body; properties named `"//"` are
//!   comments;
//! - only the schema tells attributes from blocks: a property named like a
//!   schema attribute is that attribute (again: "Duplicate argument"); one
//!   named like a block type is one block per object, or one per element
//!   of an array, none for `null`, after one object level per label, the
//!   property names being the labels;
//! - `Content` reports every other property as an "Extraneous JSON object
//!   property" (with a suggestion among unused attributes and all block
//!   types), and, as the reference does, reports a wrongly shaped body
//!   twice;
//! - `MissingItemRange` is an object's closing brace, an array's opening
//!   bracket;
//! - `JustAttributes` needs an object: every property but `"//"` is an
//!   attribute.

use std::sync::Arc;

use crate::diagnostic::Diagnostics;
use crate::source::{Range, SourceFile, Span};
pub use crate::syntax::expr::AnyScope;
use crate::syntax::json::{self, Document};
use crate::syntax::native::ast;

mod json_structure;
mod merged;
mod names;
mod native;
mod reports;
mod schema;
mod tree;

use json_structure::{
    json_content, json_just_attributes, json_missing_item, json_partial, json_props,
};
use merged::merged_content;
use names::same_name;
pub use native::NativeView;
use native::{native_content, native_just_attributes, native_partial, native_remain};
use reports::duplicate_argument;
pub use schema::{AttributeSchema, BlockHeaderSchema, BodySchema};
pub use tree::{Attribute, Block, BlockLabel, Body, BodyRef, Content, MissingItem, NativeItem};
use tree::{Hidden, Repr};

impl BodySchema {
    /// An empty schema.
    pub fn new() -> BodySchema {
        BodySchema::default()
    }

    /// Adds an attribute.
    pub fn attribute(mut self, name: &str, required: bool) -> BodySchema {
        self.attributes.push(AttributeSchema {
            name: name.to_string(),
            required,
        });
        self
    }

    /// Adds a block type.
    pub fn block(mut self, type_name: &str, label_names: &[&str]) -> BodySchema {
        self.blocks.push(BlockHeaderSchema {
            type_name: type_name.to_string(),
            label_names: label_names.iter().map(|s| s.to_string()).collect(),
        });
        self
    }

    fn attr_index(&self, name: &str) -> Option<usize> {
        self.attributes
            .iter()
            .position(|a| same_name(&a.name, name))
    }

    fn block_schema(&self, type_name: &str) -> Option<&BlockHeaderSchema> {
        self.blocks
            .iter()
            .find(|b| same_name(&b.type_name, type_name))
    }
}

impl std::fmt::Debug for Body {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Repr::Native { file, body, hidden } => {
                write!(f, "Body({}", file.range(body.span))?;
                if hidden.is_some() {
                    f.write_str(", partial")?;
                }
                if self.1.is_some() {
                    f.write_str(", scoped")?;
                }
                f.write_str(")")
            }
            Repr::Json { doc, val, hidden } => {
                write!(f, "Body({}", doc.range(val.span()))?;
                if hidden.is_some() {
                    f.write_str(", partial")?;
                }
                if self.1.is_some() {
                    f.write_str(", scoped")?;
                }
                f.write_str(")")
            }
            Repr::Merged(bodies) => f.debug_list().entries(bodies.iter()).finish(),
        }
    }
}

impl Attribute<'_> {
    /// The name's range.
    pub fn name_range(&self) -> Range {
        self.file.range(self.name_span)
    }

    /// The whole attribute's range.
    pub fn range(&self) -> Range {
        self.file.range(self.span)
    }
}

impl BlockLabel<'_> {
    /// The label's range.
    pub fn range(&self) -> Range {
        self.file.range(self.span)
    }
}

impl std::fmt::Debug for Block<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Block")
            .field("type_name", &self.type_name)
            .field("labels", &self.labels)
            .field("body", &self.body)
            .field("file", &self.file)
            .field("type_span", &self.type_span)
            .field("def_span", &self.def_span)
            .field("open_brace_span", &self.open_brace_span)
            .field("scope", &self.scope.map(|_| "..")) // opaque
            .finish()
    }
}

impl Block<'_> {
    /// `DefRange`.
    pub fn def_range(&self) -> Range {
        self.file.range(self.def_span)
    }

    /// `TypeRange`.
    pub fn type_range(&self) -> Range {
        self.file.range(self.type_span)
    }

    /// The range of label `i`.
    pub fn label_range(&self, i: usize) -> Range {
        self.file.range(self.labels[i].span)
    }
}

impl MissingItem<'_> {
    /// The range.
    pub fn range(&self) -> Range {
        match self.file {
            Some(f) => f.range(self.span),
            None => Range {
                filename: Arc::from("<empty>"),
                start: Default::default(),
                end: Default::default(),
            },
        }
    }
}

impl<'a> Content<'a> {
    /// The attribute for schema attribute `name`.
    pub fn attribute(&self, schema: &BodySchema, name: &str) -> Option<&Attribute<'a>> {
        schema
            .attr_index(name)
            .and_then(|i| self.attributes.get(i))
            .and_then(Option::as_ref)
    }

    /// `MissingItemRange`.
    pub fn missing_item_range(&self) -> Range {
        self.missing_item.range()
    }
}

impl Body {
    /// A handle on a native-syntax body.
    pub fn native(file: Arc<SourceFile>, body: Arc<ast::Body>) -> Body {
        Body(
            Repr::Native {
                file,
                body,
                hidden: None,
            },
            None,
        )
    }

    /// A handle on a JSON-syntax body: the root value of a JSON file (an
    /// object or an array of objects), see [`crate::syntax::json`].
    ///
    /// ```
    /// use hcldecode_spec::diag::Diagnostics;
    /// use hcldecode_spec::syntax::body::{Body, BodySchema};
    /// use hcldecode_spec::syntax::json;
    /// let src = json::source_from_bytes("a.json", br#"{"name": "x", "svc": {"web": {}}}"#.to_vec());
    /// let (file, _) = json::parse(src);
    /// let body = Body::json(file.doc, file.root);
    /// let schema = BodySchema::new().attribute("name", true).block("svc", &["kind"]);
    /// let mut diags = Diagnostics::new();
    /// let content = body.content(&schema, &mut diags);
    /// assert!(diags.is_empty());
    /// assert_eq!(content.blocks[0].labels[0].value, "web");
    /// assert_eq!(content.attribute(&schema, "name").unwrap().range().to_string(), "a.json:1,2-13");
    /// ```
    pub fn json(doc: Arc<Document>, val: json::Value) -> Body {
        Body(
            Repr::Json {
                doc,
                val,
                hidden: None,
            },
            None,
        )
    }

    /// The document and value of a JSON-syntax body (not merged, not
    /// partially consumed), such as a JSON file's root body.
    pub fn json_root(&self) -> Option<(&Arc<Document>, json::Value)> {
        match &self.0 {
            Repr::Json {
                doc,
                val,
                hidden: None,
            } => Some((doc, *val)),
            _ => None,
        }
    }

    /// Several bodies merged into one (`hcl.MergeBodies`): attributes may be
    /// set in only one of them, blocks are concatenated in order.
    pub fn merged(bodies: Vec<Body>) -> Body {
        let mut flat = Vec::with_capacity(bodies.len());
        for b in bodies {
            match b.0 {
                Repr::Merged(children) => flat.extend(children.iter().cloned()),
                _ => flat.push(b),
            }
        }
        Body(Repr::Merged(flat.into()), None)
    }

    /// The source files the body is read from: one, or for a merged body
    /// each of its bodies' (in order, repeated names included).
    pub fn source_files(&self) -> Vec<Arc<SourceFile>> {
        match &self.0 {
            Repr::Native { file, .. } => vec![file.clone()],
            Repr::Json { doc, .. } => vec![doc.source().clone()],
            Repr::Merged(bodies) => bodies.iter().flat_map(Body::source_files).collect(),
        }
    }

    /// A body with nothing in it.
    pub fn empty() -> Body {
        Body(Repr::Merged(Arc::from([])), None)
    }

    /// The body with `scope` attached (see [`AnyScope`]); what remains of
    /// it after [`partial_content`](Self::partial_content) keeps it.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcldecode_spec::syntax::body::Body;
    /// let body = Body::empty().with_scope(Arc::new(7u32));
    /// assert_eq!(body.scope_as::<u32>(), Some(&7));
    /// assert!(body.scope_as::<u8>().is_none());
    /// assert!(Body::empty().scope().is_none());
    /// ```
    pub fn with_scope(mut self, scope: AnyScope) -> Body {
        self.1 = Some(scope);
        self
    }

    /// The scope attached with [`with_scope`](Self::with_scope) if it is a
    /// `T`.
    pub fn scope_as<T: std::any::Any>(&self) -> Option<&T> {
        self.scope()
            .and_then(|s| (&**s as &dyn std::any::Any).downcast_ref())
    }

    /// The scope attached with [`with_scope`](Self::with_scope), if any.
    pub fn scope(&self) -> Option<&AnyScope> {
        self.1.as_ref()
    }

    /// Borrows the body.
    pub fn as_ref(&self) -> BodyRef<'_> {
        match &self.0 {
            Repr::Native {
                file,
                body,
                hidden: None,
            } => BodyRef::Native { file, body },
            Repr::Json {
                doc,
                val,
                hidden: None,
            } => BodyRef::Json { doc, val: *val },
            _ => BodyRef::Handle(self),
        }
    }

    /// `Content`: the schema's attributes and blocks, with errors for
    /// anything else in the body.
    pub fn content<'a>(&'a self, schema: &BodySchema, diags: &mut Diagnostics) -> Content<'a> {
        self.as_ref().content(schema, diags)
    }

    /// `PartialContent`: the schema's attributes and blocks, and a body of
    /// what remains.
    pub fn partial_content<'a>(
        &'a self,
        schema: &BodySchema,
        diags: &mut Diagnostics,
    ) -> (Content<'a>, Body) {
        match &self.0 {
            Repr::Native { file, body, hidden } => {
                let content = native_partial(file, body, hidden.as_deref(), schema, diags, None);
                let mut remain = native_remain(file, body, hidden.as_deref(), schema, &content);
                remain.1 = self.1.clone();
                (content, remain)
            }
            Repr::Json { doc, val, hidden } => {
                let content = json_partial(doc, *val, hidden.as_deref(), schema, diags);
                let mut h = hidden.as_deref().cloned().unwrap_or_default();
                for p in json_props(doc, *val) {
                    let name = p.key.value(doc);
                    if schema.attr_index(name).is_some() || schema.block_schema(name).is_some() {
                        h.insert(name.to_string());
                    }
                }
                let remain = Body(
                    Repr::Json {
                        doc: doc.clone(),
                        val: *val,
                        hidden: Some(Arc::new(h)),
                    },
                    self.1.clone(),
                );
                (content, remain)
            }
            Repr::Merged(bodies) => {
                let mut remains = Vec::new();
                let content = merged_content(bodies, schema, diags, Some(&mut remains));
                let mut remain = Body::merged(remains);
                remain.1 = self.1.clone();
                (content, remain)
            }
        }
    }

    /// `JustAttributes`: every attribute, for bodies that may not contain
    /// blocks (an error names the first block). Source order.
    pub fn just_attributes<'a>(&'a self, diags: &mut Diagnostics) -> Vec<Attribute<'a>> {
        self.as_ref().just_attributes(diags)
    }

    /// `MissingItemRange`.
    pub fn missing_item_range(&self) -> Range {
        self.as_ref().missing_item().range()
    }

    /// What is left in the body (what no earlier
    /// [`partial_content`](Self::partial_content) took), as native-syntax
    /// source text, in source order (file by file for a merged body):
    /// what an encoder writes back for a `remain` field. `None` when some
    /// of it is JSON syntax, whose text is not native syntax.
    ///
    /// ```
    /// use hcldecode_spec::diag::Diagnostics;
    /// use hcldecode_spec::syntax::body::{Body, BodySchema, NativeItem};
    /// use hcldecode_spec::syntax::native;
    /// let (src, _) = native::source_from_bytes("a.hcl", b"a = 1\nb = x + 1\nsvc \"web\" {\n  c = 2\n}\n".to_vec());
    /// let (file, _) = native::parse_config(src);
    /// let body = Body::native(file.source.clone(), file.body);
    /// let (_, rest) = body.partial_content(&BodySchema::new().attribute("a", true), &mut Diagnostics::new());
    /// let items = rest.native_items().unwrap();
    /// assert_eq!(items[0], NativeItem::Attribute { name: "b", expr: "x + 1" });
    /// assert_eq!(items[1], NativeItem::Block("svc \"web\" {\n  c = 2\n}"));
    /// ```
    pub fn native_items(&self) -> Option<Vec<NativeItem<'_>>> {
        match &self.0 {
            Repr::Native { file, body, hidden } => {
                Some(native::native_items(file, body, hidden.as_deref()))
            }
            Repr::Json { .. } => None,
            Repr::Merged(bodies) => {
                let mut out = Vec::new();
                for b in bodies.iter() {
                    out.extend(b.native_items()?);
                }
                Some(out)
            }
        }
    }
}

impl<'a> BodyRef<'a> {
    /// A native-syntax body read from its syntax tree, when its
    /// [`content`](Self::content) with `schema` would report nothing;
    /// `None` for other bodies, where it would, and for schemas of more
    /// than [`NativeView::MAX_ATTRIBUTES`] attributes.
    ///
    /// ```
    /// use hcldecode_spec::syntax::body::{Body, BodySchema};
    /// use hcldecode_spec::syntax::native;
    /// let (src, _) = native::source_from_bytes("a.hcl", b"a = 1\nb \"x\" {}\nb \"y\" {}\n".to_vec());
    /// let (file, _) = native::parse_config(src);
    /// let body = Body::native(file.source.clone(), file.body);
    /// let schema = BodySchema::new().attribute("a", true).block("b", &["name"]);
    /// let view = body.as_ref().native_view(&schema).unwrap();
    /// assert_eq!(view.attribute(0).unwrap().name, "a");
    /// assert_eq!(view.count_blocks("b"), 2);
    /// assert_eq!(view.blocks("b").nth(1).unwrap().labels[0].value, "y");
    /// // Unlabelled `b` blocks wanted: `content` would report the labels.
    /// let schema = BodySchema::new().attribute("a", true).block("b", &[]);
    /// assert!(body.as_ref().native_view(&schema).is_none());
    /// ```
    pub fn native_view(self, schema: &BodySchema) -> Option<NativeView<'a>> {
        match self {
            BodyRef::Native { file, body } => NativeView::new(file, body, schema),
            BodyRef::Json { .. } | BodyRef::Handle(_) => None,
        }
    }

    /// `Content`: the schema's attributes and blocks, with errors for
    /// anything else.
    pub fn content(self, schema: &BodySchema, diags: &mut Diagnostics) -> Content<'a> {
        match self {
            BodyRef::Native { file, body } => native_content(file, body, None, schema, diags),
            BodyRef::Json { doc, val } => json_content(doc, val, None, schema, diags),
            BodyRef::Handle(h) => match &h.0 {
                Repr::Native { file, body, hidden } => {
                    native_content(file, body, hidden.as_deref(), schema, diags)
                }
                Repr::Json { doc, val, hidden } => {
                    json_content(doc, *val, hidden.as_deref(), schema, diags)
                }
                Repr::Merged(bodies) => merged_content(bodies, schema, diags, None),
            },
        }
    }

    /// `PartialContent` without the remaining body: what decoding needs to
    /// compute source ranges.
    pub fn partial_content(self, schema: &BodySchema, diags: &mut Diagnostics) -> Content<'a> {
        match self {
            BodyRef::Native { file, body } => native_partial(file, body, None, schema, diags, None),
            BodyRef::Json { doc, val } => json_partial(doc, val, None, schema, diags),
            BodyRef::Handle(h) => match &h.0 {
                Repr::Json { doc, val, hidden } => {
                    json_partial(doc, *val, hidden.as_deref(), schema, diags)
                }
                _ => h.partial_content(schema, diags).0,
            },
        }
    }

    /// [`Body::partial_content`] on a borrowed body: the content borrows
    /// from `self`, the remaining body is a new handle.
    pub fn partial_content_and_rest(
        self,
        schema: &BodySchema,
        diags: &mut Diagnostics,
    ) -> (Content<'a>, Body) {
        match self {
            BodyRef::Native { file, body } => {
                let content = native_partial(file, body, None, schema, diags, None);
                let remain = native_remain(file, body, None, schema, &content);
                (content, remain)
            }
            BodyRef::Handle(h) => h.partial_content(schema, diags),
            BodyRef::Json { .. } => {
                let owned = self.to_body();
                let content = self.partial_content(schema, diags);
                let rest = owned.partial_content(schema, &mut Diagnostics::new()).1;
                (content, rest)
            }
        }
    }

    /// `JustAttributes`.
    pub fn just_attributes(self, diags: &mut Diagnostics) -> Vec<Attribute<'a>> {
        match self {
            BodyRef::Native { file, body } => native_just_attributes(file, body, None, diags),
            BodyRef::Json { doc, val } => json_just_attributes(doc, val, None, diags),
            BodyRef::Handle(h) => match &h.0 {
                Repr::Native { file, body, hidden } => {
                    native_just_attributes(file, body, hidden.as_deref(), diags)
                }
                Repr::Json { doc, val, hidden } => {
                    json_just_attributes(doc, *val, hidden.as_deref(), diags)
                }
                Repr::Merged(bodies) => {
                    let mut out: Vec<Attribute<'a>> = Vec::new();
                    for b in bodies.iter() {
                        for attr in b.just_attributes(diags) {
                            if let Some(prev) = out.iter().find(|p| p.name == attr.name) {
                                diags.push(duplicate_argument(prev, &attr));
                                continue;
                            }
                            out.push(attr);
                        }
                    }
                    out
                }
            },
        }
    }

    /// Where missing items would go.
    pub fn missing_item(self) -> MissingItem<'a> {
        match self {
            BodyRef::Native { file, body } => MissingItem {
                file: Some(file),
                span: body.missing_item_span(),
            },
            BodyRef::Json { doc, val } => json_missing_item(doc, val),
            BodyRef::Handle(h) => match &h.0 {
                Repr::Native { file, body, .. } => MissingItem {
                    file: Some(file),
                    span: body.missing_item_span(),
                },
                Repr::Json { doc, val, .. } => json_missing_item(doc, *val),
                Repr::Merged(bodies) => match bodies.first() {
                    Some(b) => b.as_ref().missing_item(),
                    None => MissingItem {
                        file: None,
                        span: Span::default(),
                    },
                },
            },
        }
    }

    /// An owned handle on this body.
    pub fn to_body(self) -> Body {
        match self {
            BodyRef::Native { file, body } => Body::native(file.clone(), body.clone()),
            BodyRef::Json { doc, val } => Body::json(doc.clone(), val),
            BodyRef::Handle(h) => h.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::syntax::expr::{ExprRef, Expression, NativeExpr};
    use crate::syntax::native::ast;

    /// A native view exists exactly where `content` reports nothing, and
    /// reads what `content` holds.
    #[test]
    fn native_views_agree_with_content() {
        use crate::diagnostic::Diagnostics;
        use crate::syntax::body::{Body, BodySchema};
        use crate::syntax::native;
        let schema = BodySchema::new()
            .attribute("a", true)
            .attribute("b", false)
            .block("svc", &["name"])
            .block("one", &[]);
        // A body of many blocks.
        let many: String = (0..40)
            .map(|i| {
                if i % 3 == 0 {
                    "one {}\n".to_string()
                } else {
                    format!("svc \"s{i}\" {{}}\n")
                }
            })
            .collect();
        let many = format!("a = 1\n{many}");
        let cases: &[&[u8]] = &[
            many.as_bytes(),
            b"a = 1\n",
            b"a = 1\nb = 2\nsvc \"x\" {}\none {}\nsvc \"y\" {}\n",
            b"b = 2\n",
            b"a = 1\nc = 3\n",
            b"a = 1\nnope {}\n",
            b"a = 1\nsvc {}\n",
            b"a = 1\nsvc \"x\" \"y\" {}\n",
            b"a = 1\none \"x\" {}\n",
            b"a = 1\na = 2\n",
        ];
        for text in cases {
            let (src, _) = native::source_from_bytes("a.hcl", text.to_vec());
            let (file, _) = native::parse_config(src.clone());
            let body = Body::native(src, file.body);
            let mut d = Diagnostics::new();
            let content = body.content(&schema, &mut d);
            let view = body.as_ref().native_view(&schema);
            let text = String::from_utf8_lossy(text);
            assert_eq!(view.is_some(), d.is_empty(), "{text}: {d}");
            let Some(view) = view else { continue };
            for (k, found) in content.attributes.iter().enumerate() {
                let got = view.attribute(k);
                assert_eq!(got.map(|a| a.span), found.map(|a| a.span), "{text}");
            }
            for s in &schema.blocks {
                let want: Vec<_> = content
                    .blocks
                    .iter()
                    .filter(|b| b.type_name == s.type_name)
                    .map(|b| b.def_span)
                    .collect();
                let got: Vec<_> = view.blocks(&s.type_name).map(|b| b.def_span).collect();
                assert_eq!(got, want, "{text}");
                assert_eq!(view.count_blocks(&s.type_name), want.len());
            }
        }
        // A schema of more attributes than a view holds: no view.
        let mut big = BodySchema::new();
        for i in 0..=super::NativeView::MAX_ATTRIBUTES {
            big = big.attribute(&format!("a{i}"), false);
        }
        let (src, _) = native::source_from_bytes("a.hcl", b"a0 = 1\n".to_vec());
        let (file, _) = native::parse_config(src.clone());
        let body = Body::native(src, file.body);
        assert!(body.as_ref().native_view(&big).is_none());
    }

    #[test]
    fn native_attribute_handles_share_their_body() {
        use crate::diagnostic::Diagnostics;
        use crate::syntax::body::{Body, BodySchema};
        use crate::syntax::native;
        let (src, _) = native::source_from_bytes("a.hcl", b"a = 1\nb { c = [x] }\n".to_vec());
        let (file, diags) = native::parse_config(src.clone());
        assert!(diags.is_empty(), "{diags}");
        let inner = file.body.blocks[0].body.clone();
        let body = Body::native(src.clone(), file.body.clone());
        let schema = BodySchema::new().attribute("a", true).block("b", &[]);
        let mut d = Diagnostics::new();
        let content = body.content(&schema, &mut d);
        assert!(d.is_empty(), "{d}");
        let a = content
            .attribute(&schema, "a")
            .unwrap()
            .expr
            .to_expression();
        let block = &content.blocks[0];
        let c = block.body.just_attributes(&mut d)[0].expr.to_expression();
        drop(content);
        drop(body);
        // No copy of the trees: the handles hold the bodies.
        let before = Arc::strong_count(&inner);
        let c2 = c.clone();
        assert_eq!(Arc::strong_count(&inner), before + 1);
        drop(file);
        assert_eq!(a.source_text(), "1");
        assert_eq!(c.source_text(), "[x]");
        assert_eq!(c2.range().to_string(), "a.hcl:2,9-12");
        let ExprRef::Native { expr, .. } = c2.as_ref() else {
            panic!("native")
        };
        assert!(std::ptr::eq(expr.get(), &inner.attributes[0].expr));
        assert!(matches!(expr.get().kind, ast::ExprKind::Tuple { .. }));
        // Debug shows the expression, as for a standalone one.
        let Expression::Native { expr: owned, .. } = &c else {
            panic!("native")
        };
        let standalone = NativeExpr::new(inner.attributes[0].expr.clone());
        assert_eq!(format!("{owned:?}"), format!("{standalone:?}"));
        assert_eq!(
            format!("{expr:?}"),
            format!("{:?}", inner.attributes[0].expr)
        );
    }
}
