//! `literal` (a constant) and the Rust API's `expr` (an expression of
//! the spec, evaluated in the decode's context).

use std::fmt::Write;

use crate::spec::load::Loader;
use crate::spec::print::{arg, close, indent, open};
use crate::spec::{LiteralSpec, Spec};
use crate::syntax::body::BodyRef;
use crate::syntax::expr::Expression;

impl LiteralSpec {
    /// Writes a `literal` block.
    pub(in crate::spec) fn print(&self, out: &mut String, key: Option<&str>, level: usize) {
        let inner = level + 1;
        open(out, "literal", key, level);
        let v = self.value.to_hcl().unwrap_or_else(|| "null".to_string());
        arg(out, inner, "value", &v);
        close(out, level);
    }
}

/// Writes an `expr` spec, which has no spec-file form: a comment and a
/// null literal.
pub(in crate::spec) fn print_expr(
    e: &Expression,
    out: &mut String,
    key: Option<&str>,
    level: usize,
) {
    let inner = level + 1;
    indent(out, level);
    let _ = writeln!(
        out,
        "# an expression spec has no spec-file form: {}",
        e.source_text().replace('\n', " ")
    );
    open(out, "literal", key, level);
    arg(out, inner, "value", "null");
    close(out, level);
}

impl Loader<'_> {
    /// Loads a `literal` spec block.
    pub(in crate::spec) fn literal(&mut self, body: BodyRef<'_>) -> Spec {
        let Some(args) = self.args(body, &[("value", true)], false) else {
            return Spec::err_spec();
        };
        let Some(expr) = args.expr("value") else {
            return Spec::err_spec();
        };
        let before = self.diags.has_errors();
        let value = self.eval.literal(expr, &mut self.diags);
        match value {
            Some(value) if before || !self.diags.has_errors() => {
                Spec::Literal(LiteralSpec { value })
            }
            _ => Spec::err_spec(),
        }
    }
}
