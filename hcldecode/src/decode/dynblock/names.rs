//! The names dynamic blocks go by: their block type, the schemas their
//! bodies are read with, and the `iterator` argument's variable name with
//! the errors about it (what the expansion and the variables walk share).

use std::sync::OnceLock;

use hcldecode_spec::diag::{Code, Diagnostic, Diagnostics};
use hcldecode_spec::source::Range;
use hcldecode_spec::syntax::body::{BlockHeaderSchema, BodySchema};
use hcldecode_spec::syntax::expr::ExprRef;
use hcldecode_spec::syntax::native::analysis;

/// The block type of dynamic blocks.
pub(super) const DYNAMIC: &str = "dynamic";

/// Whether `schema` has a block type named as dynamic blocks are (its
/// blocks of that type are then read as dynamic blocks).
pub(crate) fn names_dynamic(schema: &BodySchema) -> bool {
    schema.blocks.iter().any(|b| b.type_name == DYNAMIC)
}

/// `schema` plus the `dynamic` block type (`extendSchema`).
pub(crate) fn extend_schema(schema: &BodySchema) -> BodySchema {
    let mut s = schema.clone();
    s.blocks.push(BlockHeaderSchema {
        type_name: DYNAMIC.to_string(),
        label_names: vec!["type".to_string()],
    });
    s
}

/// The schema of a dynamic block's body, `labels` in it for a block type
/// with labels (made once: every dynamic block reads its body with one).
pub(super) fn dynamic_schema(has_labels: bool) -> &'static BodySchema {
    fn make(has_labels: bool) -> BodySchema {
        let mut schema = BodySchema::new()
            .attribute("for_each", true)
            .attribute("iterator", false);
        if has_labels {
            schema = schema.attribute("labels", true);
        }
        schema.block("content", &[])
    }
    static WITH: OnceLock<BodySchema> = OnceLock::new();
    static WITHOUT: OnceLock<BodySchema> = OnceLock::new();
    if has_labels {
        WITH.get_or_init(|| make(true))
    } else {
        WITHOUT.get_or_init(|| make(false))
    }
}

/// The static analysis's errors, about an argument of a dynamic block,
/// with that argument's code.
pub(super) fn with_code(mut diags: Diagnostics, code: Code) -> Diagnostics {
    for d in diags.iter_mut() {
        d.code.get_or_insert(code);
    }
    diags
}

fn invalid_reference(range: Range) -> Diagnostics {
    Diagnostics::from(
        Diagnostic::coded(
            Code::InvalidIterator,
            "Invalid expression",
            "A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.",
        )
        .with_subject(range),
    )
}

fn invalid_iterator(range: Range) -> Diagnostics {
    Diagnostics::from(
        Diagnostic::coded(
            Code::InvalidIterator,
            "Invalid dynamic iterator name",
            "Dynamic iterator must be a single variable name.",
        )
        .with_subject(range),
    )
}

/// The `iterator` argument as a variable name (`hcl.AbsTraversalForExpr`
/// of one step). In JSON, a string holding the traversal.
pub(super) fn iterator_name(expr: ExprRef<'_>) -> Result<String, Diagnostics> {
    match expr {
        ExprRef::Native { file, expr } => {
            let t = analysis::abs_traversal_for_expr(expr.get(), file)
                .map_err(|d| with_code(d, Code::InvalidIterator))?;
            if !t.steps.is_empty() {
                return Err(invalid_iterator(file.range(t.span)));
            }
            Ok(file.text(t.root).to_string())
        }
        ExprRef::Json { doc, value } => {
            let Some(s) = value.as_string() else {
                return Err(invalid_reference(expr.range()));
            };
            let text = s.value(doc);
            if is_identifier(text) {
                return Ok(text.to_string());
            }
            let root_end = text.find(['.', '[']).unwrap_or(text.len());
            if root_end < text.len() && is_identifier(&text[..root_end]) {
                return Err(invalid_iterator(expr.range()));
            }
            Err(invalid_reference(expr.range()))
        }
    }
}

/// An HCL identifier: a letter or `_`, then letters, digits, `_` and `-`.
fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}
