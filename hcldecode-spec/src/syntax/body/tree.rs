//! A body's handle and what its content borrows from it, in one module
//! as they hold each other (a merged body holds bodies, a block a body).

use std::collections::HashSet;
use std::sync::Arc;

use crate::source::{SourceFile, Span};
use crate::syntax::expr::{AnyScope, ExprRef};
use crate::syntax::json::{self, Document};
use crate::syntax::native::ast;

/// Attributes and blocks hidden from a body by an earlier partial decode.
#[derive(Clone, Debug, Default)]
pub(super) struct Hidden {
    pub(super) attrs: HashSet<String>,
    pub(super) blocks: HashSet<String>,
}

/// A handle on a body of some syntax. Cloning is cheap.
///
/// Its `Debug` form is short, the body's range (one per file for a merged
/// body), not the syntax tree:
///
/// ```
/// use hcldecode_spec::syntax::body::Body;
/// use hcldecode_spec::syntax::native;
/// let (src, _) = native::source_from_bytes("a.hcl", b"a = 1\n".to_vec());
/// let (file, _) = native::parse_config(src);
/// let body = Body::native(file.source.clone(), file.body);
/// assert_eq!(format!("{body:?}"), "Body(a.hcl:1,1-2,1)");
/// ```
#[derive(Clone)]
pub struct Body(pub(super) Repr, pub(super) Option<AnyScope>);

#[derive(Clone, Debug)]
pub(super) enum Repr {
    Native {
        file: Arc<SourceFile>,
        body: Arc<ast::Body>,
        hidden: Option<Arc<Hidden>>,
    },
    Json {
        doc: Arc<Document>,
        val: json::Value,
        /// Properties hidden by a partial decode (the reference's
        /// `hiddenAttrs`, which covers block types too).
        hidden: Option<Arc<HashSet<String>>>,
    },
    Merged(Arc<[Body]>),
}

/// An attribute found in a body.
#[derive(Clone, Copy, Debug)]
pub struct Attribute<'a> {
    /// Its name.
    pub name: &'a str,
    /// Its value expression.
    pub expr: ExprRef<'a>,
    /// The file it is in.
    pub file: &'a Arc<SourceFile>,
    /// The name (`NameRange`).
    pub name_span: Span,
    /// Name through value (`Range`).
    pub span: Span,
}

/// A block label: its value and where it is written.
#[derive(Clone, Copy, Debug)]
pub struct BlockLabel<'a> {
    /// The label's value.
    pub value: &'a str,
    /// The label as written (with quotes, if quoted).
    pub span: Span,
    /// The file it is in.
    pub file: &'a Arc<SourceFile>,
}

/// A block found in a body.
#[derive(Clone)]
pub struct Block<'a> {
    /// The block type.
    pub type_name: &'a str,
    /// The labels.
    pub labels: Vec<BlockLabel<'a>>,
    /// The block's body.
    pub body: BodyRef<'a>,
    /// The file it is in.
    pub file: &'a Arc<SourceFile>,
    /// The type name (`TypeRange`).
    pub type_span: Span,
    /// Type name through last label (`DefRange`).
    pub def_span: Span,
    /// The opening brace.
    pub open_brace_span: Span,
    /// An evaluation scope attached by whoever produced the block (the
    /// dynamic layer's dynamic-block expansion gives each block it generates
    /// the iteration its body is evaluated in); `None` for blocks read from
    /// the syntax.
    pub scope: Option<&'a (dyn std::any::Any + Send + Sync + std::panic::RefUnwindSafe)>,
}

/// A borrowed body: what [`Block::body`] gives and decoding recurses into.
#[derive(Clone, Copy, Debug)]
pub enum BodyRef<'a> {
    /// A native-syntax body.
    Native {
        /// The file.
        file: &'a Arc<SourceFile>,
        /// The body.
        body: &'a Arc<ast::Body>,
    },
    /// A JSON-syntax body: an object, or an array of objects (each
    /// contributing its properties), or, for a block body, whatever value
    /// the block was given (diagnosed when content is asked for).
    Json {
        /// The document.
        doc: &'a Arc<Document>,
        /// The value holding the body's properties.
        val: json::Value,
    },
    /// A full handle (merged, partially consumed, ...).
    Handle(&'a Body),
}

/// Where a missing item would go (`MissingItemRange`), resolved on demand.
#[derive(Clone, Copy, Debug)]
pub struct MissingItem<'a> {
    pub(super) file: Option<&'a Arc<SourceFile>>,
    pub(super) span: Span,
}

/// The part of a body a schema selected.
#[derive(Clone, Debug)]
pub struct Content<'a> {
    /// The attributes, one slot per schema attribute, in schema order.
    pub attributes: Vec<Option<Attribute<'a>>>,
    /// The wanted blocks, in source order (file order across merged bodies).
    pub blocks: Vec<Block<'a>>,
    /// Where missing items would go.
    pub missing_item: MissingItem<'a>,
}

/// An item of a native-syntax body as source text (see
/// [`Body::native_items`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NativeItem<'a> {
    /// An attribute: its name and its expression's text.
    Attribute {
        /// The name.
        name: &'a str,
        /// The expression as written.
        expr: &'a str,
    },
    /// A block as written, from its type name through its closing brace.
    Block(&'a str),
}
