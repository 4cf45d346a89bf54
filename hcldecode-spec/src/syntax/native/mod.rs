//! HCL native syntax: `name = expr` attributes, `type "label" { }` blocks,
//! expressions and templates.

pub mod ast;
// TEMP-STUB-BEGIN
use crate::diag::Diagnostics;
use crate::source::SourceFile;
use std::sync::Arc;
/// stub
pub fn parse_config(file: Arc<SourceFile>) -> (ast::File, Diagnostics) {
    let _ = file;
    todo!()
}
/// stub
pub fn parse_expression(file: Arc<SourceFile>) -> (ast::Expr, Diagnostics) {
    let _ = file;
    todo!()
}
/// stub
pub mod analysis {
    use super::ast::Expr;
    use crate::diag::Diagnostics;
    use crate::source::SourceFile;
    /// stub
    pub fn expr_as_keyword<'a>(file: &'a SourceFile, e: &'a Expr) -> Option<&'a str> {
        let _ = (file, e);
        todo!()
    }
    /// stub
    pub fn expr_list<'a>(file: &SourceFile, e: &'a Expr) -> Result<Vec<&'a Expr>, Diagnostics> {
        let _ = (file, e);
        todo!()
    }
}
// TEMP-STUB-END
