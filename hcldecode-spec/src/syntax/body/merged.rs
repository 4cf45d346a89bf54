//! Merged bodies (`hcl.MergeBodies`): several files' bodies read as one.

use super::reports::{duplicate_argument, report_missing_required};
use super::{Attribute, Body, BodySchema, Content, MissingItem};
use crate::diagnostic::Diagnostics;
use crate::source::Span;

/// `mergedBodies.mergedContent`.
pub(super) fn merged_content<'a>(
    bodies: &'a [Body],
    schema: &BodySchema,
    diags: &mut Diagnostics,
    mut remains: Option<&mut Vec<Body>>,
) -> Content<'a> {
    let mut merged_schema = schema.clone();
    for a in &mut merged_schema.attributes {
        a.required = false;
    }
    let mut attributes: Vec<Option<Attribute<'a>>> = vec![None; schema.attributes.len()];
    let mut blocks = Vec::new();
    for b in bodies {
        let this = match remains.as_deref_mut() {
            Some(r) => {
                let (c, rest) = b.partial_content(&merged_schema, diags);
                r.push(rest);
                c
            }
            None => b.content(&merged_schema, diags),
        };
        for (slot, found) in attributes.iter_mut().zip(this.attributes) {
            let Some(attr) = found else { continue };
            match slot {
                Some(prev) => diags.push(duplicate_argument(prev, &attr)),
                None => *slot = Some(attr),
            }
        }
        blocks.extend(this.blocks);
    }
    let missing_item = match bodies.first() {
        Some(b) => b.as_ref().missing_item(),
        None => MissingItem {
            file: None,
            span: Span::default(),
        },
    };
    // The reference gives this no range; we point at the first file's body
    // (see docs/deviations.md).
    report_missing_required(schema, &attributes, &missing_item, "was not set", diags);
    Content {
        attributes,
        blocks,
        missing_item,
    }
}
