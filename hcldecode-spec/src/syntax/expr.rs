//! Expression handles independent of the concrete syntax.

use std::sync::Arc;

use crate::source::{Range, SourceFile, Span};
use crate::syntax::native::ast;

/// A borrowed expression of some syntax, with the file it belongs to.
#[derive(Clone, Copy, Debug)]
pub enum ExprRef<'a> {
    /// A native-syntax expression.
    Native {
        /// The file.
        file: &'a Arc<SourceFile>,
        /// The expression.
        expr: &'a Arc<ast::Expr>,
    },
}

impl<'a> ExprRef<'a> {
    /// The file the expression is in.
    pub fn file(self) -> &'a Arc<SourceFile> {
        match self {
            ExprRef::Native { file, .. } => file,
        }
    }

    /// The expression's span in its file.
    pub fn span(self) -> Span {
        match self {
            ExprRef::Native { expr, .. } => expr.span,
        }
    }

    /// `Range()`.
    pub fn range(self) -> Range {
        self.file().range(self.span())
    }

    /// `StartRange()`.
    pub fn start_range(self) -> Range {
        match self {
            ExprRef::Native { file, expr } => file.range(expr.start_span()),
        }
    }

    /// An owned handle.
    pub fn to_expression(self) -> Expression {
        match self {
            ExprRef::Native { file, expr } => Expression::Native {
                file: file.clone(),
                expr: expr.clone(),
            },
        }
    }
}

/// An owned expression handle: what a raw-expression field or a spec's
/// `expr`/`transform` keeps. Cloning is cheap.
#[derive(Clone, Debug)]
pub enum Expression {
    /// A native-syntax expression.
    Native {
        /// The file.
        file: Arc<SourceFile>,
        /// The expression.
        expr: Arc<ast::Expr>,
    },
}

impl Expression {
    /// Borrows it.
    pub fn as_ref(&self) -> ExprRef<'_> {
        match self {
            Expression::Native { file, expr } => ExprRef::Native { file, expr },
        }
    }

    /// `Range()`.
    pub fn range(&self) -> Range {
        self.as_ref().range()
    }

    /// The source text of the expression.
    pub fn source_text(&self) -> &str {
        match self {
            Expression::Native { file, expr } => file.text(expr.span),
        }
    }
}
