//! A step of a path from a body into one of its blocks.

/// One step from a body into one of its blocks: the block type, its
/// labels, and which of the blocks with that type and those labels (0 for
/// the first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    pub(super) ty: String,
    pub(super) labels: Vec<String>,
    pub(super) nth: usize,
}
