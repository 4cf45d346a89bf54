//! `block_label`: a label of the block whose body is being decoded.

use hcldecode_spec::source::Range;
use hcldecode_spec::spec::BlockLabelSpec;
use hcldecode_spec::syntax::body::BlockLabel;

use crate::Type;
use crate::decode::Decoder;
use crate::decode::trace::{Recorder, Trace};
use crate::value::Value;

impl Decoder<'_> {
    /// `BlockLabelSpec.decode`.
    pub(in crate::decode) fn decode_block_label<R: Recorder>(
        &self,
        l: &BlockLabelSpec,
        labels: &[BlockLabel<'_>],
    ) -> (Value, R::T) {
        match labels.get(l.index) {
            Some(label) => (
                Value::string(label.value),
                R::rec(|| Trace::Label(label.range())),
            ),
            // Validation rejects label specs outside blocks; decoding
            // such a spec anyway gives null rather than a panic.
            None => (Value::null(Type::String), R::rec(|| Trace::None)),
        }
    }
}

/// `BlockLabelSpec.sourceRange`: the label.
pub(in crate::decode) fn source_range(
    l: &BlockLabelSpec,
    labels: &[BlockLabel<'_>],
) -> Option<Range> {
    labels.get(l.index).map(BlockLabel::range)
}
