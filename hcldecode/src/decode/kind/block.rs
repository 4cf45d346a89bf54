//! `block`: at most one block of a type, its body decoded with the
//! nested spec.

use hcldecode_spec::diag::{Code, Diagnostic, Diagnostics};
use hcldecode_spec::source::Range;
use hcldecode_spec::spec::BlockSpec;
use hcldecode_spec::syntax::body::{Block, Content};

use super::super::trace::{Recorder, Trace};
use super::super::{Decoder, variables as body_variables};
use crate::eval::traversal::Traversal;
use crate::value::Value;

impl Decoder<'_> {
    /// `BlockSpec.decode`.
    pub(in crate::decode) fn decode_block<R: Recorder>(
        &self,
        b: &BlockSpec,
        content: &Content<'_>,
        diags: &mut Diagnostics,
    ) -> (Value, R::T) {
        let mut found: Option<(usize, &Block<'_>)> = None;
        for (i, candidate) in Self::indexed_blocks_of(content, &b.type_name) {
            if let Some((_, first)) = found {
                diags.push(
                    Diagnostic::error(
                        format!("Duplicate {} block", b.type_name),
                        format!(
                            "Only one block of type {:?} is allowed. Previous definition was at {}.",
                            b.type_name,
                            first.def_range()
                        ),
                    )
.with_code(Code::DuplicateBlock)
                    .with_subject(candidate.def_range()),
                );
                break;
            }
            found = Some((i, candidate));
        }
        match found {
            None => {
                if b.required {
                    diags.push(
                        Diagnostic::error(
                            format!("Missing {} block", b.type_name),
                            format!("A block of type {:?} is required here.", b.type_name),
                        )
                        .with_code(Code::MissingBlock)
                        .with_subject(content.missing_item_range()),
                    );
                }
                (
                    self.plan
                        .null(&b.nested, || self.plan.implied_type(&b.nested)),
                    R::rec(|| Trace::Absent(content.missing_item_range())),
                )
            }
            Some((i, block)) => {
                let (v, t) = self.block_body::<R>(i, block, &block.labels, &b.nested, diags);
                (v, R::rec(|| R::get_block(t)))
            }
        }
    }
}

/// `sourceRange`: the first block's value's source, or where blocks are
/// missing.
pub(in crate::decode) fn source_range(
    d: &Decoder<'_>,
    b: &BlockSpec,
    content: &Content<'_>,
) -> Option<Range> {
    match Decoder::blocks_of(content, &b.type_name).next() {
        None => Some(content.missing_item_range()),
        Some(bl) => d.block_source_range(bl, &b.nested),
    }
}

/// `variablesNeeded`: the variables decoding the block's body needs.
pub(in crate::decode) fn variables(b: &BlockSpec, content: &Content<'_>, out: &mut Vec<Traversal>) {
    if let Some(block) = content.blocks.iter().find(|x| x.type_name == b.type_name) {
        out.extend(body_variables(block.body, &b.nested));
    }
}
