//! `block`: at most one block of a type, its body decoded with the
//! nested spec.

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::source::Range;
use hcldecode_spec::spec::BlockSpec;
use hcldecode_spec::syntax::body::{Block, Content};

use crate::decode::decoder::{
    Decoder, VariablesOf, blocks_variables, duplicate_block, first_block_range, missing_block,
};
use crate::decode::trace::{Recorder, Trace};
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
                diags.push(duplicate_block(&b.type_name, first, candidate));
                break;
            }
            found = Some((i, candidate));
        }
        match found {
            None => {
                if b.required {
                    diags.push(missing_block(&b.type_name, content));
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
    first_block_range(d, &b.type_name, &b.nested, content)
}

/// `variablesNeeded`: the variables decoding the block' body needs.
pub(in crate::decode) fn variables(
    b: &BlockSpec,
    content: &Content<'_>,
    variables: VariablesOf,
    out: &mut Vec<Traversal>,
) {
    blocks_variables(&b.type_name, &b.nested, content, true, variables, out);
}
