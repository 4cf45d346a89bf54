//! References to variables (`hcl.Traversal`) and which ones an expression
//! makes (`Expression.Variables`). The syntax tree's own analysis finds
//! them; this gives them their values' form (index keys as values).

use std::sync::Arc;

use hcldecode_spec::source::{Range, SourceFile};
use hcldecode_spec::syntax::expr::{ExprRef, json_template_source};
use hcldecode_spec::syntax::json::{Document, JsonString, Value as JsonValue};
use hcldecode_spec::syntax::native::ast::{Expr, Step};
use hcldecode_spec::syntax::native::{self, analysis};

use super::native_literal;
use crate::value::Value;

/// A reference to a variable: its root name and the attribute and index
/// steps after it (`hcl.Traversal`).
#[derive(Clone, Debug)]
pub struct Traversal {
    /// The steps, starting with [`TraversalStep::Root`].
    pub steps: Vec<TraversalStep>,
}

/// One step of a [`Traversal`].
#[derive(Clone, Debug)]
pub enum TraversalStep {
    /// The variable name.
    Root {
        /// Name.
        name: String,
        /// Where it is written.
        range: Range,
    },
    /// `.name`.
    Attr {
        /// Attribute name.
        name: String,
        /// The step, dot included.
        range: Range,
    },
    /// `[key]` with a literal key.
    Index {
        /// The key.
        key: Value,
        /// The step, brackets included.
        range: Range,
    },
}

impl TraversalStep {
    /// The step's range.
    pub fn range(&self) -> &Range {
        match self {
            TraversalStep::Root { range, .. }
            | TraversalStep::Attr { range, .. }
            | TraversalStep::Index { range, .. } => range,
        }
    }
}

impl Traversal {
    /// The root variable's name.
    pub fn root_name(&self) -> &str {
        match self.steps.first() {
            Some(TraversalStep::Root { name, .. }) => name,
            _ => "",
        }
    }

    /// From the first step through the last.
    pub fn range(&self) -> Range {
        match (self.steps.first(), self.steps.last()) {
            (Some(a), Some(b)) => Range::between(a.range(), b.range()),
            _ => Range {
                filename: "".into(),
                start: Default::default(),
                end: Default::default(),
            },
        }
    }
}

/// The variables an expression refers to, in source order of the walk
/// (`Expression.Variables`). In a JSON value, those of the templates its
/// strings (object keys included) would be evaluated as with a context.
pub fn expr_variables(expr: ExprRef<'_>) -> Vec<Traversal> {
    match expr {
        ExprRef::Native { file, expr } => native_traversals(file, expr.get()),
        ExprRef::Json { doc, value } => {
            let mut out = Vec::new();
            json_variables(doc, value, 0, &mut out);
            out
        }
    }
}

fn native_traversals(file: &SourceFile, expr: &Expr) -> Vec<Traversal> {
    analysis::variables(expr, file)
        .into_iter()
        .map(|t| {
            let mut steps = Vec::with_capacity(t.steps.len() + 1);
            steps.push(TraversalStep::Root {
                name: file.text(t.root).to_string(),
                range: file.range(t.root),
            });
            for s in &t.steps {
                steps.push(match s {
                    Step::Attr { name, span } => TraversalStep::Attr {
                        name: file.text(*name).to_string(),
                        range: file.range(*span),
                    },
                    Step::Index { key, span } => TraversalStep::Index {
                        key: native_literal(file, key),
                        range: file.range(*span),
                    },
                });
            }
            Traversal { steps }
        })
        .collect()
}

/// How deeply JSON arrays and objects are walked (as deeply as they are
/// evaluated).
const JSON_MAX_DEPTH: usize = 1000;

/// json `expression.Variables`.
fn json_variables(doc: &Arc<Document>, v: JsonValue, depth: usize, out: &mut Vec<Traversal>) {
    match v {
        JsonValue::String(s) => json_string_variables(doc, s, out),
        JsonValue::Array(a) if depth < JSON_MAX_DEPTH => {
            for &item in a.items(doc) {
                json_variables(doc, item, depth + 1, out);
            }
        }
        JsonValue::Object(o) if depth < JSON_MAX_DEPTH => {
            for p in o.props(doc) {
                json_string_variables(doc, p.key, out);
                json_variables(doc, p.value, depth + 1, out);
            }
        }
        _ => {}
    }
}

/// The variables of a JSON string parsed as a template; none when it does
/// not parse.
fn json_string_variables(doc: &Arc<Document>, s: JsonString, out: &mut Vec<Traversal>) {
    let text = s.value(doc);
    if !text.contains("${") && !text.contains("%{") {
        return;
    }
    let (file, span) = json_template_source(doc, s);
    let (expr, diags) = native::parse_template_in(&file, span, &Default::default());
    if diags.has_errors() {
        return;
    }
    out.extend(native_traversals(&file, &expr));
}
