//! The parser's state, which the parser's modules each extend with the
//! productions they parse.

use crate::diagnostic::Diagnostic;
use crate::source::{SourceFile, Span};
use crate::syntax::native::ast::{Attribute, Block, Expr, Label, ObjectItem, Step};
use crate::syntax::native::lexer::{InvalidTokenChecker, Scanner};
use crate::syntax::native::pos::Resolver;
use crate::syntax::native::token::Token;

pub(crate) struct Parser<'a> {
    pub(crate) file: &'a SourceFile,
    pub(crate) res: Resolver<'a>,
    /// The scanner; its queue holds the tokens scanned but not consumed,
    /// all of them already checked.
    pub(super) scanner: Scanner<'a>,
    pub(super) checker: InvalidTokenChecker,
    /// Diagnostics from the scanner (`checkInvalidTokens`), which come
    /// before the parser's own.
    pub(super) lex_diags: Vec<Diagnostic>,
    /// Number of tokens consumed so far (hclsyntax's `NextIndex`).
    pub(super) consumed: usize,
    /// The span of the last token consumed.
    pub(super) prev: Span,
    /// The next token the parser sees, and the raw tokens it covers.
    pub(super) look: Option<(Token, u32)>,
    pub(super) nl_stack: Vec<bool>,
    /// The top of `nl_stack`.
    pub(super) include_nl: bool,
    pub(crate) recovery: bool,
    pub(crate) diags: Vec<Diagnostic>,
    pub(super) scratch_attrs: Vec<Attribute>,
    pub(super) scratch_blocks: Vec<Block>,
    pub(super) scratch_exprs: Vec<Expr>,
    pub(super) scratch_items: Vec<ObjectItem>,
    pub(super) scratch_labels: Vec<Label>,
    /// A traversal's attribute and literal-index steps while it is parsed
    /// (each traversal's above those of the ones it is nested in).
    pub(super) scratch_steps: Vec<Step>,
    pub(super) depth: u32,
    pub(crate) max_depth: u32,
    /// The span of the last invalid node that stands for an expression
    /// the parser gave up on but whose extent it knows (hclsyntax's
    /// `ExprSyntaxError`: a reference ending in a dot, a malformed
    /// namespaced call). An object constructor keeps its item, so an
    /// editor can complete after the dot.
    pub(super) syntax_error: Option<Span>,
}
