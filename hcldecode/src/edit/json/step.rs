//! A step of a path into a JSON value.

/// One step from a JSON value into a part of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum JsonStep {
    /// The (first) property with this name.
    Key(String),
    /// The array element at this index.
    Index(usize),
}
