//! Static analysis: which variables decoding a body with a spec would read
//! (`hcldec.Variables`), for `hcldec --var-refs` and for applications that
//! populate variables on demand.

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::spec::Spec;
use hcldecode_spec::syntax::body::{BodyRef, Content};

use crate::eval::traversal::{Traversal, expr_variables};

/// The variables decoding `body` with `spec` would read
/// (`hcldec.Variables`). Object properties are visited in declaration order.
pub fn variables(body: BodyRef<'_>, spec: &Spec) -> Vec<Traversal> {
    let schema = spec.implied_schema();
    let content = body.partial_content(&schema, &mut Diagnostics::new());
    let mut out = Vec::new();
    visit(spec, &content, &mut out);
    out
}

fn visit(spec: &Spec, content: &Content<'_>, out: &mut Vec<Traversal>) {
    needed(spec, content, out);
    for child in spec.same_body_children() {
        visit(child, content, out);
    }
}

/// `variablesNeeded` of one spec.
fn needed(spec: &Spec, content: &Content<'_>, out: &mut Vec<Traversal>) {
    match spec {
        Spec::Attr(a) => {
            if let Some(attr) = content
                .attributes
                .iter()
                .flatten()
                .find(|x| x.name == a.name)
            {
                out.extend(expr_variables(attr.expr));
            }
        }
        Spec::Expr(e) => out.extend(expr_variables(e.as_ref())),
        Spec::Block(b) => {
            if let Some(block) = content.blocks.iter().find(|x| x.type_name == b.type_name) {
                out.extend(variables(block.body, &b.nested));
            }
        }
        Spec::BlockList(b) | Spec::BlockTuple(b) | Spec::BlockSet(b) => {
            for block in content.blocks.iter().filter(|x| x.type_name == b.type_name) {
                out.extend(variables(block.body, &b.nested));
            }
        }
        Spec::BlockMap(b) | Spec::BlockObject(b) => {
            for block in content.blocks.iter().filter(|x| x.type_name == b.type_name) {
                out.extend(variables(block.body, &b.nested));
            }
        }
        Spec::BlockAttrs(b) => {
            if let Some(block) = content.blocks.iter().find(|x| x.type_name == b.type_name) {
                let mut d = Diagnostics::new();
                let attrs = block.body.just_attributes(&mut d);
                if d.has_errors() {
                    return;
                }
                let mut vars: Vec<Traversal> =
                    attrs.iter().flat_map(|a| expr_variables(a.expr)).collect();
                vars.sort_by_key(|t| t.range().start.byte);
                out.extend(vars);
            }
        }
        _ => {}
    }
}
