//! Paths in a spec tree, for validation messages and for where the
//! loader read each spec.

use std::fmt;

/// One step from a spec to a child spec.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PathStep {
    /// An object property.
    Property(String),
    /// A tuple (array) element.
    Index(usize),
    /// The nested spec of a block spec.
    Nested,
    /// The primary of a default.
    Primary,
    /// The fallback of a default.
    Default,
    /// The wrapped spec of a transform or validate.
    Wrapped,
}

/// Where in a spec tree something is: the steps from the root.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SpecPath(pub Vec<PathStep>);

impl fmt::Display for SpecPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("(root)");
        }
        for (i, s) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            match s {
                PathStep::Property(p) => write!(f, "{p}")?,
                PathStep::Index(i) => write!(f, "[{i}]")?,
                PathStep::Nested => f.write_str("nested")?,
                PathStep::Primary => f.write_str("primary")?,
                PathStep::Default => f.write_str("default")?,
                PathStep::Wrapped => f.write_str("wrapped")?,
            }
        }
        Ok(())
    }
}
