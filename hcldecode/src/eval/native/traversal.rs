//! Variables and traversals: scope traversals from the context's
//! variables, and attribute and index steps on values.

use hcldecode_spec::diag::Code;
use hcldecode_spec::source::Span;
use hcldecode_spec::syntax::native::ast::Step;
use hcldecode_spec::syntax::suggest::name_suggestion;

use super::Evaluator;
use crate::eval::{EvalContext, ops};
use crate::value::Value;

impl<'a> Evaluator<'a, '_> {
    /// Variable `name`: the innermost local of that name, else the
    /// context's.
    pub(super) fn variable(&self, name: &str) -> Option<Value> {
        self.locals
            .iter()
            .rev()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.clone())
            .or_else(|| self.ctx.and_then(|c| c.variable(name)).cloned())
    }

    pub(super) fn scope_traversal(&mut self, root: Span, steps: &'a [Step]) -> Value {
        let name = self.text(root);
        let found = self.variable(name);
        match found {
            Some(v) => self.traverse(v, steps),
            None => {
                let has_vars = self.local_scope
                    || !self.locals.is_empty()
                    || self.ctx.is_some_and(EvalContext::has_variables);
                if !has_vars {
                    self.err(
                        (Code::VariablesNotAllowed, "Variables not allowed"),
                        "Variables may not be used here.".into(),
                        root,
                        None,
                    );
                } else {
                    let mut names: Vec<&str> = self.locals.iter().rev().map(|(n, _)| *n).collect();
                    if let Some(c) = self.ctx {
                        names.extend(c.variable_names());
                    }
                    let replacement = name_suggestion(name, names);
                    let suggestion = replacement
                        .map(|s| format!(" Did you mean {s:?}?"))
                        .unwrap_or_default();
                    self.err(
                        (Code::UnknownVariable, "Unknown variable"),
                        format!("There is no variable named {name:?}.{suggestion}"),
                        root,
                        None,
                    );
                    if let Some(d) = self.diags.last_mut() {
                        d.suggestion = replacement.map(str::to_string);
                    }
                }
                Value::dynamic()
            }
        }
    }

    /// `Traversal.TraverseRel`: applies steps until one fails.
    pub(super) fn traverse(&mut self, mut v: Value, steps: &'a [Step]) -> Value {
        for step in steps {
            let mark = self.diags.len();
            v = match step {
                Step::Attr { name, span } => {
                    let (name, file) = (self.text(*name), self.file);
                    ops::get_attr(&v, name, || file.range(*span), self.diags)
                }
                Step::Index { key, span } => {
                    let (key, file) = (self.literal(key), self.file);
                    ops::index(&v, &key, || file.range(*span), self.diags)
                }
            };
            if self.errors_since(mark) {
                return Value::dynamic();
            }
        }
        v
    }
}
