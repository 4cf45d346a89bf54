//! Inlay hints (`textDocument/inlayHint`): the value of each reference to
//! a declared variable or local (`var.zone`, `local.prefix.name`) or to a
//! variable the application gives (`region`), shown after it, where the
//! value is known without the configuration's inputs.

use hcldecode::eval::traversal::{Traversal, TraversalStep};
use hcldecode::{Body, Value};
use lsp_types as lsp;

use super::describe::attribute;
use super::references::{Files, walk};
use super::syntax::native_tree;
use crate::schema::Schema;
use crate::text::Document;

/// The most characters of a value shown in a hint (a longer one ends
/// with `…`; the hover shows it whole).
const MAX_HINT_CHARS: usize = 40;

/// The hints of the references in `range` of the document: `= "eu-west-1"`
/// after `var.zone`, each value as HCL writes it. A reference whose value
/// is unknown (a variable without a default), depends on a `sensitive`
/// variable, or is not a variable's, gets none. Native documents only;
/// `siblings` are the configuration's other files (URI and text).
///
/// ```
/// use hcldecode::namespaces::{Locals, Variable};
/// #[derive(hcldecode::HclDecode)]
/// struct C {
///     #[hcl(block, variables = "var")]
///     variable: Vec<Variable>,
///     #[hcl(block, locals = "local")]
///     locals: Vec<Locals>,
///     name: Option<String>,
/// }
/// let schema = hcldecode_lsp::Schema::of::<C>();
/// let text = "variable \"n\" {\n  default = \"x\"\n}\nlocals {\n  l = \"${var.n}-y\"\n}\nname = local.l\n".into();
/// let all = lsp_types::Range::new(lsp_types::Position::new(0, 0), lsp_types::Position::new(9, 0));
/// let hints = hcldecode_lsp::analysis::inlay_hints(&schema, "file:///a.hcl", &text, all, &[]);
/// let labels: Vec<String> = hints.iter().map(|h| match &h.label {
///     lsp_types::InlayHintLabel::String(s) => s.clone(),
///     _ => unreachable!(),
/// }).collect();
/// assert_eq!(labels, ["= \"x\"", "= \"x-y\""]);
/// assert_eq!(hints[1].position, lsp_types::Position::new(6, 14));
/// ```
pub fn inlay_hints(
    schema: &Schema,
    uri: &str,
    text: &Document,
    range: lsp::Range,
    siblings: &[(String, String)],
) -> Vec<lsp::InlayHint> {
    let files = Files::new(uri, text, siblings);
    let parsed: Vec<_> = files
        .docs
        .iter()
        .filter_map(|(u, d)| native_tree(u, d))
        .collect();
    let Some(own) = parsed.first().filter(|f| &**f.source.name() == uri) else {
        return Vec::new();
    };
    let bodies: Vec<Body> = parsed
        .iter()
        .map(|f| Body::native(f.source.clone(), f.body.clone()))
        .collect();
    let sensitive = sensitive_names(schema, &bodies);
    let merged = if bodies.len() == 1 {
        bodies[0].clone()
    } else {
        Body::merged(bodies)
    };
    let declared = schema.declared_values(&merged);
    let value_of = |root: &str| -> Option<&Value> {
        if schema.namespaces().iter().any(|n| n.name == root) {
            return declared.as_ref()?.variable(root);
        }
        schema.variable_value(root)
    };
    let (start, end) = (text.offset(range.start), text.offset(range.end));
    let mut uses = Vec::new();
    walk(&own.source, &own.body, &mut uses);
    let mut out = Vec::new();
    for t in uses {
        let r = t.range();
        if r.end.byte < start || r.end.byte > end || is_sensitive(&t, &sensitive) {
            continue;
        }
        let Some(TraversalStep::Root { name, .. }) = t.steps.first() else {
            continue;
        };
        let Some(label) = value_of(name)
            .and_then(|v| reached(v, &t.steps[1..]))
            .and_then(hint_text)
        else {
            continue;
        };
        out.push(lsp::InlayHint {
            position: text.position(r.end.byte),
            label: lsp::InlayHintLabel::String(label),
            kind: None,
            text_edits: None,
            tooltip: None,
            padding_left: Some(true),
            padding_right: None,
            data: None,
        });
    }
    out.sort_by_key(|h| (h.position.line, h.position.character));
    out
}

/// The part of `v` the steps reach.
fn reached<'v>(mut v: &'v Value, steps: &[TraversalStep]) -> Option<&'v Value> {
    for s in steps {
        v = match s {
            TraversalStep::Attr { name, .. } => attribute(v, name)?,
            TraversalStep::Index { key, .. } => {
                match (v.elements(), key.as_number().and_then(|n| n.to_i64())) {
                    (Some(elems), Some(i)) => elems.get(usize::try_from(i).ok()?)?,
                    _ => attribute(v, key.as_str()?)?,
                }
            }
            TraversalStep::Root { .. } => return None,
        };
    }
    Some(v)
}

/// `= value` on one line, at most [`MAX_HINT_CHARS`] characters of the
/// value; `None` where it has unknown parts.
fn hint_text(v: &Value) -> Option<String> {
    let text = v.to_hcl()?;
    let one_line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out = String::from("= ");
    if one_line.chars().count() > MAX_HINT_CHARS {
        out.extend(one_line.chars().take(MAX_HINT_CHARS - 1));
        out.push('…');
    } else {
        out.push_str(&one_line);
    }
    Some(out)
}

/// The declared names of `bodies` whose values must not be shown
/// ([`super::references::sensitive_names`]).
fn sensitive_names(schema: &Schema, bodies: &[Body]) -> Vec<(String, String)> {
    let mut all = hcldecode::declare::Declarations::default();
    for b in bodies {
        let d = hcldecode::declare::inspect(b, schema.namespaces());
        all.variables.extend(d.variables);
        all.locals.extend(d.locals);
    }
    super::references::sensitive_names(&all)
}

fn is_sensitive(t: &Traversal, sensitive: &[(String, String)]) -> bool {
    let (Some(TraversalStep::Root { name: ns, .. }), Some(step)) =
        (t.steps.first(), t.steps.get(1))
    else {
        return false;
    };
    let name = match step {
        TraversalStep::Attr { name, .. } => name.as_str(),
        TraversalStep::Index { key, .. } => key.as_str().unwrap_or_default(),
        TraversalStep::Root { .. } => return false,
    };
    sensitive.iter().any(|(n, s)| n == ns && s == name)
}
