//! Stable codes for diagnostics, so that programs (the derive, tests,
//! applications) decide on what a diagnostic is about, never on its
//! wording, which stays free to improve.

use std::fmt;

/// What a diagnostic is about. Codes never change meaning; new ones are
/// added as more diagnostics get one (a diagnostic without a code has
/// `None` in [`Diagnostic::code`](super::Diagnostic::code)).
///
/// ```
/// use hcldecode_spec::diag::Code;
/// assert_eq!(Code::DuplicateObjectProperty.as_str(), "spec.duplicate_object_property");
/// assert_eq!(Code::NestingTooDeep.to_string(), "syntax.nesting_too_deep");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Code {
    /// Syntax nested deeper than the parser's limit.
    NestingTooDeep,
    /// A spec: a `block_label` outside the nested spec of a block.
    BlockLabelOutsideBlock,
    /// A spec: block label indices that are not 0, 1, 2, ….
    InconsistentBlockLabelIndices,
    /// A spec: two properties of one object spec with the same name.
    DuplicateObjectProperty,
    /// A spec: one name read both as an attribute and as a block of one body.
    AttributeBlockNameCollision,
    /// A spec: a `block_map` or `block_object` without labels.
    InvalidBlockLabelNames,
    /// A spec: `min_items` greater than a non-zero `max_items`.
    InvalidBlockCountLimits,
}

impl Code {
    /// The code's stable name, `area.what`.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::NestingTooDeep => "syntax.nesting_too_deep",
            Code::BlockLabelOutsideBlock => "spec.block_label_outside_block",
            Code::InconsistentBlockLabelIndices => "spec.inconsistent_block_label_indices",
            Code::DuplicateObjectProperty => "spec.duplicate_object_property",
            Code::AttributeBlockNameCollision => "spec.attribute_block_name_collision",
            Code::InvalidBlockLabelNames => "spec.invalid_block_label_names",
            Code::InvalidBlockCountLimits => "spec.invalid_block_count_limits",
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
