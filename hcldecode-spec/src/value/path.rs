//! Paths into nested values (cty `Path`), carried by conversion and JSON
//! errors to say where in a value the problem is.

use std::fmt;
use std::sync::Arc;

use super::{Value, ValueRef};

/// One step of a [`Path`].
#[derive(Clone, Debug, PartialEq)]
pub enum PathStep {
    /// An object attribute (cty `GetAttrStep`).
    GetAttr(Arc<str>),
    /// An element of a list, set, tuple or map (cty `IndexStep`); the key is
    /// a number, a string, or unknown (set elements).
    Index(Value),
}

/// A path from a value to one of the values nested in it (cty `Path`).
///
/// ```
/// use hcldecode_spec::value::{Path, PathStep, Value};
/// let mut p = Path::default();
/// p.push(PathStep::GetAttr("a".into()));
/// p.push(PathStep::Index(Value::int(2)));
/// assert_eq!(p.to_string(), ".a[2]");
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Path {
    steps: Vec<PathStep>,
}

impl Path {
    /// The steps, outermost first.
    pub fn steps(&self) -> &[PathStep] {
        &self.steps
    }

    /// Whether the path is empty (the value itself).
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Appends a step.
    pub fn push(&mut self, step: PathStep) {
        self.steps.push(step)
    }

    /// Removes the last step.
    pub fn pop(&mut self) -> Option<PathStep> {
        self.steps.pop()
    }

    /// Replaces the last step (or pushes when empty).
    pub(crate) fn set_last(&mut self, step: PathStep) {
        match self.steps.last_mut() {
            Some(s) => *s = step,
            None => self.steps.push(step),
        }
    }

    /// This path followed by `other`.
    pub fn join(&self, other: &Path) -> Path {
        let mut steps = Vec::with_capacity(self.steps.len() + other.steps.len());
        steps.extend_from_slice(&self.steps);
        steps.extend_from_slice(&other.steps);
        Path { steps }
    }
}

impl From<Vec<PathStep>> for Path {
    fn from(steps: Vec<PathStep>) -> Path {
        Path { steps }
    }
}

impl fmt::Display for Path {
    /// `.attr`, `[0]`, `["key"]`, `[?]` for unknown keys.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.steps {
            match s {
                PathStep::GetAttr(n) => write!(f, ".{n}")?,
                PathStep::Index(k) => match k.view() {
                    ValueRef::Number(n) => write!(f, "[{n}]")?,
                    ValueRef::String(s) => write!(f, "[{s:?}]")?,
                    _ => f.write_str("[?]")?,
                },
            }
        }
        Ok(())
    }
}
