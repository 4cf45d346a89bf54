//! dynblock's `VariablesHCLDec`: the variables a body's decode with
//! dynamic blocks expanded reads, iterators excluded.

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::spec::Spec;
use hcldecode_spec::syntax::body::{BodyRef, BodySchema};
use hcldecode_spec::syntax::expr::ExprRef;
use hcldecode_spec::syntax::native::analysis;

use super::names::{DYNAMIC, extend_schema, iterator_name};
use crate::eval::traversal::{Traversal, expr_variables};

/// Iterator names in scope while walking for variables.
#[derive(Clone, Default)]
struct WalkIt {
    own: Option<String>,
    inherited: Vec<String>,
}

impl WalkIt {
    fn child(&self, name: &str) -> WalkIt {
        let mut inherited = self.inherited.clone();
        inherited.extend(self.own.clone());
        WalkIt {
            own: Some(name.to_string()),
            inherited,
        }
    }

    fn is_inherited(&self, name: &str) -> bool {
        self.inherited.iter().any(|n| n == name)
    }

    fn covers(&self, name: &str) -> bool {
        self.own.as_deref() == Some(name) || self.is_inherited(name)
    }
}

/// The variables decoding `body` with `spec` and dynamic blocks expanded
/// would read, iterators excluded (`dynblock.VariablesHCLDec`). Attributes
/// of a body are visited in schema order (the reference's order is
/// random), then its dynamic blocks' `for_each` and `labels`, then nested
/// bodies in source order.
pub(crate) fn variables(body: BodyRef<'_>, spec: &Spec) -> Vec<Traversal> {
    let mut out = Vec::new();
    walk(body, Some(spec), &WalkIt::default(), &mut out);
    out
}

fn walk(body: BodyRef<'_>, spec: Option<&Spec>, it: &WalkIt, out: &mut Vec<Traversal>) {
    let schema = extend_schema(&spec.map(Spec::implied_schema).unwrap_or_default());
    let content = body.partial_content(&schema, &mut Diagnostics::new());
    for attr in content.attributes.iter().flatten() {
        out.extend(
            expr_variables(attr.expr)
                .into_iter()
                .filter(|t| !it.covers(t.root_name())),
        );
    }
    let mut children: Vec<(&str, BodyRef<'_>, WalkIt)> = Vec::new();
    let inner_schema = BodySchema::new()
        .attribute("for_each", false)
        .attribute("labels", false)
        .attribute("iterator", false)
        .block("content", &[]);
    for block in &content.blocks {
        if block.type_name != DYNAMIC {
            children.push((block.type_name, block.body, it.clone()));
            continue;
        }
        let Some(type_label) = block.labels.first() else {
            continue;
        };
        let inner = block
            .body
            .partial_content(&inner_schema, &mut Diagnostics::new());
        let mut name = type_label.value.to_string();
        if let Some(attr) = inner.attributes[2] {
            match attr.expr {
                ExprRef::Native { file, expr } => {
                    match analysis::abs_traversal_for_expr(expr.get(), file) {
                        Ok(t) => name = file.text(t.root).to_string(),
                        Err(_) => continue,
                    }
                }
                ExprRef::Json { .. } => match iterator_name(attr.expr) {
                    Ok(n) => name = n,
                    Err(_) => continue,
                },
            }
        }
        let block_it = it.child(&name);
        if let Some(attr) = inner.attributes[0] {
            out.extend(
                expr_variables(attr.expr)
                    .into_iter()
                    .filter(|t| !block_it.is_inherited(t.root_name())),
            );
        }
        if let Some(attr) = inner.attributes[1] {
            out.extend(
                expr_variables(attr.expr)
                    .into_iter()
                    .filter(|t| !block_it.covers(t.root_name())),
            );
        }
        for c in &inner.blocks {
            children.push((type_label.value, c.body, block_it.clone()));
        }
    }
    if children.is_empty() {
        return;
    }
    let Some(spec) = spec else { return };
    for (type_name, body, child_it) in children {
        match child_spec(spec, type_name) {
            Some(Child::Nested(s)) => walk(body, Some(s), &child_it, out),
            Some(Child::Attrs) => walk(body, None, &child_it, out),
            None => {}
        }
    }
}

enum Child<'s> {
    Nested(&'s Spec),
    /// A `block_attrs` body: the reference visits it with an empty schema.
    Attrs,
}

/// `hcldec.ChildBlockTypes(spec)[type_name]` (the last spec of that block
/// type wins, as the reference's map assignment does).
fn child_spec<'s>(spec: &'s Spec, type_name: &str) -> Option<Child<'s>> {
    let mut found = None;
    spec.for_each_same_body(&mut |s| {
        if let Spec::BlockAttrs(b) = s
            && b.type_name == type_name
        {
            found = Some(Child::Attrs);
        } else if let Some(nested) = s.nested()
            && s.block_type_name() == Some(type_name)
        {
            found = Some(Child::Nested(nested));
        }
    });
    found
}
