//! The diagnostic data: errors and warnings with a summary, a detail, the
//! source range they concern and a stable code, as HCL reports them. A
//! leaf below the syntax that reports them; `diag` re-exports it beside
//! the renderings, which show syntax.

use std::fmt;

use crate::source::Range;

mod code;
pub use code::Code;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// The input cannot be used as it is.
    Error,
    /// The input is usable but probably not what was meant.
    Warning,
}

impl Severity {
    /// `"error"` or `"warning"`, as the JSON form spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// One problem found in a spec file or an input.
///
/// ```
/// use hcldecode_spec::diag::{Diagnostic, Severity};
/// let d = Diagnostic::error("Unsupported argument", "An argument named \"x\" is not expected here.");
/// assert_eq!(d.severity, Severity::Error);
/// assert!(d.subject.is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// A short, capitalised summary without a final period.
    pub summary: String,
    /// Full sentences explaining the problem and, where possible, the fix.
    pub detail: String,
    /// The exact source range the problem is about.
    pub subject: Option<Range>,
    /// A wider range giving context (the whole attribute, say), shown in the
    /// text rendering; never part of the JSON form, which matches hcldec's.
    pub context: Option<Range>,
    /// What the variables the offending expression refers to held, as
    /// statements like `var.port as "eighty"` or `x set to null`, sorted;
    /// the text rendering lists them after the snippet.
    pub values: Vec<String>,
    /// What the diagnostic is about, where it has a stable [`Code`]: decide
    /// on this, not on the wording.
    pub code: Option<Code>,
    /// The name a fix needs, so tools need not read it out of the wording:
    /// for an unsupported argument or block type, an unknown variable or
    /// function or an undeclared reference, the name that should stand at
    /// the subject instead (what "Did you mean \"timeout\"?" names); for a
    /// missing required argument, the argument to add. The [`code`]
    /// (Self::code) says which.
    pub suggestion: Option<String>,
}

impl Diagnostic {
    /// An error without a range.
    pub fn error(summary: impl Into<String>, detail: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            summary: summary.into(),
            detail: detail.into(),
            subject: None,
            context: None,
            values: Vec::new(),
            code: None,
            suggestion: None,
        }
    }

    /// An error about `code`, without a range.
    ///
    /// ```
    /// use hcldecode_spec::diag::{Code, Diagnostic};
    /// let d = Diagnostic::coded(Code::UnknownFunction, "Call to unknown function", "…");
    /// assert_eq!(d.code, Some(Code::UnknownFunction));
    /// assert!(d.is_error());
    /// ```
    pub fn coded(code: Code, summary: impl Into<String>, detail: impl Into<String>) -> Diagnostic {
        Diagnostic::error(summary, detail).with_code(code)
    }

    /// A warning without a range.
    pub fn warning(summary: impl Into<String>, detail: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(summary, detail)
        }
    }

    /// Sets the subject range ([`Range::unknown`], a position in no
    /// source, sets none).
    pub fn with_subject(mut self, subject: Range) -> Diagnostic {
        self.subject = (!subject.is_unknown()).then_some(subject);
        self
    }

    /// Sets the context range.
    pub fn with_context(mut self, context: Range) -> Diagnostic {
        self.context = Some(context);
        self
    }

    /// Sets the code.
    pub fn with_code(mut self, code: Code) -> Diagnostic {
        self.code = Some(code);
        self
    }

    /// Sets the replacement name the detail suggests (see
    /// [`Diagnostic::suggestion`]).
    ///
    /// ```
    /// use hcldecode_spec::diag::Diagnostic;
    /// let d = Diagnostic::error("Unsupported argument", "… Did you mean \"port\"?").with_suggestion(Some("port"));
    /// assert_eq!(d.suggestion.as_deref(), Some("port"));
    /// ```
    pub fn with_suggestion(mut self, name: Option<impl Into<String>>) -> Diagnostic {
        self.suggestion = name.map(Into::into);
        self
    }

    /// Sets the statements about variables' values (see [`Diagnostic::values`]).
    pub fn with_values(mut self, values: Vec<String>) -> Diagnostic {
        self.values = values;
        self
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    /// One line, like `hcl.Diagnostic.Error()`: `file:1,2-3: summary; detail`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(r) = &self.subject {
            write!(f, "{r}: ")?;
        }
        f.write_str(&self.summary)?;
        if !self.detail.is_empty() {
            write!(f, "; {}", self.detail)?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

/// An ordered list of diagnostics.
///
/// ```
/// use hcldecode_spec::diag::{Diagnostic, Diagnostics};
/// let mut diags = Diagnostics::new();
/// assert!(!diags.has_errors());
/// diags.push(Diagnostic::warning("W", ""));
/// assert!(!diags.has_errors());
/// diags.push(Diagnostic::error("E", ""));
/// assert!(diags.has_errors());
/// assert_eq!(diags.len(), 2);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics(Vec<Diagnostic>);

impl Diagnostics {
    /// Keeps the diagnostics for which `keep` is true, in order.
    ///
    /// ```
    /// use hcldecode_spec::diag::{Diagnostic, Diagnostics};
    /// let mut d = Diagnostics::from(vec![Diagnostic::error("a", ""), Diagnostic::warning("b", "")]);
    /// d.retain(|d| d.summary == "b");
    /// assert_eq!(d.len(), 1);
    /// ```
    pub fn retain(&mut self, keep: impl FnMut(&Diagnostic) -> bool) {
        self.0.retain(keep);
    }

    /// No diagnostics.
    pub const fn new() -> Diagnostics {
        Diagnostics(Vec::new())
    }

    /// Appends one.
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    /// Appends all of `other`.
    pub fn extend(&mut self, other: Diagnostics) {
        self.0.extend(other.0);
    }

    /// Whether any is an error.
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }

    /// Number of diagnostics.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Iterates in order.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }

    /// Whether any diagnostic after the first `mark` is an error: what a
    /// step added, where `mark` is the [`len`](Self::len) before it.
    ///
    /// ```
    /// use hcldecode_spec::diag::{Diagnostic, Diagnostics};
    /// let mut d = Diagnostics::from(Diagnostic::error("earlier", ""));
    /// let mark = d.len();
    /// d.push(Diagnostic::warning("w", ""));
    /// assert!(!d.has_errors_since(mark));
    /// d.push(Diagnostic::error("e", ""));
    /// assert!(d.has_errors_since(mark));
    /// ```
    pub fn has_errors_since(&self, mark: usize) -> bool {
        self.0
            .get(mark..)
            .is_some_and(|s| s.iter().any(Diagnostic::is_error))
    }

    /// Drops the diagnostics after the first `len` (what a step added,
    /// where `len` is the [`len`](Self::len) before it).
    ///
    /// ```
    /// use hcldecode_spec::diag::{Diagnostic, Diagnostics};
    /// let mut d = Diagnostics::from(Diagnostic::error("kept", ""));
    /// d.push(Diagnostic::error("dropped", ""));
    /// d.truncate(1);
    /// assert_eq!(d[0].summary, "kept");
    /// assert_eq!(d.len(), 1);
    /// ```
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }

    /// Removes the diagnostics after the first `at` and returns them.
    ///
    /// ```
    /// use hcldecode_spec::diag::{Diagnostic, Diagnostics};
    /// let mut d = Diagnostics::from(vec![Diagnostic::error("a", ""), Diagnostic::error("b", "")]);
    /// let rest = d.split_off(1);
    /// assert_eq!((d.len(), rest[0].summary.as_str()), (1, "b"));
    /// ```
    pub fn split_off(&mut self, at: usize) -> Diagnostics {
        Diagnostics(self.0.split_off(at.min(self.0.len())))
    }

    /// Inserts one at `index` (at the end when `index` is past it).
    ///
    /// ```
    /// use hcldecode_spec::diag::{Diagnostic, Diagnostics};
    /// let mut d = Diagnostics::from(Diagnostic::error("b", ""));
    /// d.insert(0, Diagnostic::error("a", ""));
    /// assert_eq!(d[0].summary, "a");
    /// ```
    pub fn insert(&mut self, index: usize, d: Diagnostic) {
        self.0.insert(index.min(self.0.len()), d);
    }

    /// Removes the diagnostics in `range` and yields them in order (the
    /// evaluator reorders what branches of an expression reported).
    ///
    /// ```
    /// use hcldecode_spec::diag::{Diagnostic, Diagnostics};
    /// let mut d: Diagnostics = ["a", "b", "c"].iter().map(|s| Diagnostic::error(*s, "")).collect();
    /// let taken: Vec<_> = d.drain(1..2).collect();
    /// assert_eq!((taken[0].summary.as_str(), d.len()), ("b", 2));
    /// ```
    pub fn drain<R: std::ops::RangeBounds<usize>>(
        &mut self,
        range: R,
    ) -> std::vec::Drain<'_, Diagnostic> {
        self.0.drain(range)
    }

    /// The diagnostics as a vector.
    ///
    /// ```
    /// use hcldecode_spec::diag::{Diagnostic, Diagnostics};
    /// let v = Diagnostics::from(Diagnostic::error("a", "")).into_vec();
    /// assert_eq!(v.len(), 1);
    /// ```
    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.0
    }

    /// Keeps the first `max` diagnostics and, if there were more, adds one
    /// saying how many were left out, so a file with ten thousand mistakes
    /// gives a readable report (and a bounded one).
    ///
    /// ```
    /// use hcldecode_spec::diag::{Diagnostic, Diagnostics};
    /// let mut d: Diagnostics = (0..5).map(|i| Diagnostic::error(format!("E{i}"), "")).collect();
    /// d.truncate_to(2);
    /// assert_eq!(d.len(), 3);
    /// assert_eq!(d[2].summary, "Too many diagnostics");
    /// assert_eq!(d[2].detail, "3 more diagnostics were found and are not shown.");
    /// assert!(d.has_errors());
    /// ```
    pub fn truncate_to(&mut self, max: usize) {
        if self.0.len() <= max {
            return;
        }
        let rest = self.0.len() - max;
        let errors = self.0[max..].iter().any(Diagnostic::is_error);
        self.0.truncate(max);
        let mut d = Diagnostic::error(
            "Too many diagnostics",
            format!("{rest} more diagnostics were found and are not shown."),
        );
        if !errors {
            d.severity = Severity::Warning;
        }
        self.0.push(d);
    }
}

/// Read access as a slice (`diags[0]`, `diags.first()`).
impl std::ops::Deref for Diagnostics {
    type Target = [Diagnostic];
    fn deref(&self) -> &[Diagnostic] {
        &self.0
    }
}

/// Changes to the diagnostics themselves (`diags[0].detail = …`,
/// `diags.sort_by(…)`, `iter_mut`); adding and removing go through the
/// methods.
impl std::ops::DerefMut for Diagnostics {
    fn deref_mut(&mut self) -> &mut [Diagnostic] {
        &mut self.0
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Diagnostics {
        Diagnostics(vec![d])
    }
}

impl From<Vec<Diagnostic>> for Diagnostics {
    fn from(v: Vec<Diagnostic>) -> Diagnostics {
        Diagnostics(v)
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl Extend<Diagnostic> for Diagnostics {
    fn extend<T: IntoIterator<Item = Diagnostic>>(&mut self, iter: T) {
        self.0.extend(iter);
    }
}

impl FromIterator<Diagnostic> for Diagnostics {
    fn from_iter<T: IntoIterator<Item = Diagnostic>>(iter: T) -> Self {
        Diagnostics(iter.into_iter().collect())
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// The diagnostics as one line each (see [`Diagnostic`]'s `Display`), so
/// `?` can return them as a `Box<dyn std::error::Error>`; render them with
/// snippets with [`render::write_text`] (or through hcldecode's `Error`).
///
/// ```
/// use hcldecode_spec::diag::{Diagnostic, Diagnostics};
/// fn check() -> Result<(), Box<dyn std::error::Error>> {
///     Err(Diagnostics::from(Diagnostic::error("Bad", "Very bad.")))?
/// }
/// assert_eq!(check().unwrap_err().to_string(), "Bad; Very bad.");
/// ```
impl std::error::Error for Diagnostics {}

/// Turns what parsing, spec loading, evaluation and decoding return (a
/// value beside its diagnostics, as Go's HCL does, so that a caller can
/// use a partial result) into a `Result`: `Ok` with the value and any
/// warnings when no diagnostic is an error, `Err` with every diagnostic
/// otherwise.
///
/// ```
/// use hcldecode_spec::diag::{Diagnostic, Diagnostics, IntoResult};
/// let clean = (1, Diagnostics::new());
/// assert_eq!(clean.into_result(), Ok((1, Diagnostics::new())));
/// let warned = (2, Diagnostics::from(Diagnostic::warning("Deprecated", "")));
/// let (v, warnings) = warned.into_result().unwrap();
/// assert_eq!((v, warnings.len()), (2, 1));
/// let failed = (3, Diagnostics::from(Diagnostic::error("Bad", "Very bad.")));
/// assert_eq!(failed.into_result().unwrap_err().to_string(), "Bad; Very bad.");
/// ```
pub trait IntoResult {
    /// The value the diagnostics come with.
    type Value;
    /// `Ok((value, warnings))` without errors, else `Err(diagnostics)`.
    fn into_result(self) -> Result<(Self::Value, Diagnostics), Diagnostics>;
}

impl<T> IntoResult for (T, Diagnostics) {
    type Value = T;
    fn into_result(self) -> Result<(T, Diagnostics), Diagnostics> {
        let (value, diags) = self;
        if diags.has_errors() {
            Err(diags)
        } else {
            Ok((value, diags))
        }
    }
}

/// The triples that return two things beside the diagnostics (the spec
/// loader's spec and parsed file, the traced decoder's value and trace):
/// `Ok(((a, b), warnings))` without errors, else `Err(diagnostics)`.
///
/// ```
/// use hcldecode_spec::diag::{Diagnostic, Diagnostics, IntoResult};
/// let ((a, b), warnings) = (1, "x", Diagnostics::new()).into_result().unwrap();
/// assert_eq!((a, b, warnings.len()), (1, "x", 0));
/// let failed = (1, "x", Diagnostics::from(Diagnostic::error("Bad", "")));
/// assert!(failed.into_result().is_err());
/// ```
impl<A, B> IntoResult for (A, B, Diagnostics) {
    type Value = (A, B);
    fn into_result(self) -> Result<((A, B), Diagnostics), Diagnostics> {
        let (a, b, diags) = self;
        if diags.has_errors() {
            Err(diags)
        } else {
            Ok(((a, b), diags))
        }
    }
}
