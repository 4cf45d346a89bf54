//! The library's error: every diagnostic of a failed parse, evaluation or
//! decode, renderable with snippets.

use std::fmt;

use hcldecode_spec::diag::render::{self, SourceMap};
use hcldecode_spec::diag::{Diagnostic, Diagnostics};
use hcldecode_spec::source::Range;
use hcldecode_spec::syntax::body::Body;
use hcldecode_spec::syntax::expr::Expression;

/// Why a typed decode failed: every diagnostic of the decode (parse errors,
/// the engine's, and those only typed decoding finds), with the source
/// files they refer to so that [`Display`](fmt::Display) can show them as
/// `hcldec` does, with snippets.
///
/// ```
/// #[derive(hcldecode::HclDecode, Debug)]
/// struct Config {
///     port: u16,
/// }
/// let err = hcldecode::from_str::<Config>("port = 70000\n", "app.hcl").unwrap_err();
/// assert_eq!(err.diagnostics().len(), 1);
/// let d = &err.diagnostics()[0];
/// assert_eq!(d.summary, "Value out of range");
/// assert_eq!(d.subject.as_ref().unwrap().to_string(), "app.hcl:1,8-13");
/// assert!(err.to_string().contains("  on app.hcl line 1:\n   1: port = 70000\n"));
/// ```
#[derive(Clone, Default)]
pub struct Error {
    diags: Diagnostics,
    /// Diagnostics about unknown values: shown only when nothing else
    /// explains them (an error elsewhere usually made the value unknown).
    unknown: Vec<Diagnostic>,
    files: SourceMap,
    /// Built from a list of diagnostics (which may be empty: it renders
    /// as nothing), not as an error without any.
    listed: bool,
}

impl Error {
    /// An error with one diagnostic.
    ///
    /// ```
    /// use hcldecode::{Diagnostic, Error};
    /// let e = Error::new(Diagnostic::error("Bad", "Very bad."));
    /// assert_eq!(e.to_string(), "Bad\n\nVery bad.");
    /// ```
    pub fn new(d: Diagnostic) -> Error {
        Error {
            diags: Diagnostics::from(d),
            ..Error::default()
        }
    }

    /// An error with the given diagnostics (which should include an
    /// error). It renders them, so an empty list (of warnings, say)
    /// renders as nothing.
    ///
    /// ```
    /// use hcldecode::{Diagnostics, Error};
    /// assert_eq!(Error::from_diagnostics(Diagnostics::new()).to_string(), "");
    /// ```
    pub fn from_diagnostics(mut diags: Diagnostics) -> Error {
        for d in diags.iter_mut() {
            hcldecode_spec::diag::wording::improve(d);
        }
        Error {
            diags,
            listed: true,
            ..Error::default()
        }
    }

    /// An error about `subject`: `summary` and `detail`.
    pub fn at(
        summary: impl Into<String>,
        detail: impl Into<String>,
        subject: Option<Range>,
    ) -> Error {
        let mut d = Diagnostic::error(summary, detail);
        // A position in no source (a value made in code) is none.
        d.subject = subject.filter(|r| !r.is_unknown());
        Error::new(d)
    }

    /// An error whose diagnostic is shown only when nothing else is an
    /// error: about an unknown value (an error elsewhere usually made it
    /// unknown), or about something the engine reports itself.
    pub(crate) fn unknown(d: Diagnostic) -> Error {
        Error {
            unknown: vec![d],
            ..Error::default()
        }
    }

    /// Every diagnostic, in the order found. An error built by a
    /// conversion of an unknown value alone (a `from_hcl` called outside a
    /// decode) has only the diagnostic about that value, and gives it.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        if self.diags.is_empty() {
            &self.unknown
        } else {
            &self.diags
        }
    }

    /// The diagnostics, taken out (those of [`diagnostics`](Self::diagnostics)).
    pub fn into_diagnostics(self) -> Diagnostics {
        if self.diags.is_empty() {
            Diagnostics::from(self.unknown)
        } else {
            self.diags
        }
    }

    /// Iterates the diagnostics; each one's `subject` is its source range.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.diagnostics().iter()
    }

    /// The source ranges of the diagnostics, in order (`None` for one
    /// without a range).
    pub fn ranges(&self) -> impl Iterator<Item = Option<&Range>> {
        self.iter().map(|d| d.subject.as_ref())
    }

    /// The source files the diagnostics refer to, for snippets.
    pub fn files(&self) -> &SourceMap {
        &self.files
    }

    /// Adds the diagnostics of `other` after these.
    pub fn merge(&mut self, other: Error) {
        self.diags.extend(other.diags);
        self.unknown.extend(other.unknown);
    }

    /// Gives the diagnostics that have no range yet `range` (and `context`):
    /// errors built without knowing where (a serde type's own errors) end up
    /// at the closest known place. `typed::At` has the form that takes an
    /// `At` ([`Error::placed_at`]).
    pub fn placed_at_range(mut self, range: Option<Range>, context: Option<Range>) -> Error {
        let Some(range) = range else {
            return self;
        };
        for d in self.diags.iter_mut().chain(self.unknown.iter_mut()) {
            if d.subject.is_none() {
                d.subject = Some(range.clone());
                if d.context.is_none() {
                    d.context = context.clone();
                }
            }
        }
        self
    }

    /// Puts the engine's diagnostics first, and keeps the diagnostics about
    /// unknown values only when nothing else is an error.
    pub(crate) fn finish(mut self, engine: Diagnostics, files: SourceMap) -> Error {
        let engine_failed = engine.has_errors();
        let mut all = engine;
        all.extend(std::mem::take(&mut self.diags));
        if !engine_failed && !all.has_errors() {
            all.extend(Diagnostics::from(std::mem::take(&mut self.unknown)));
        }
        self.unknown.clear();
        for d in all.iter_mut() {
            self_referring_duplicate(d);
            hcldecode_spec::diag::wording::improve(d);
        }
        sort_by_source(&mut all);
        Error {
            diags: all,
            unknown: Vec::new(),
            files,
            listed: self.listed,
        }
    }

    /// Puts the diagnostics in source order with the files in `order` (a
    /// decode's files, as given) first, in that order.
    pub(crate) fn in_file_order(mut self, order: &[std::sync::Arc<str>]) -> Error {
        sort_by_files(&mut self.diags, order);
        self
    }

    /// Sets the files the diagnostics refer to, for snippets.
    pub fn with_files(mut self, files: SourceMap) -> Error {
        self.files = files;
        self
    }

    /// Adds the files `body` refers to (see [`SourceMap::add_body`]), for
    /// snippets of diagnostics about a body decoded on its own.
    pub fn with_files_of_body(mut self, body: &Body) -> Error {
        self.files.add_body(body);
        self
    }

    /// Adds the file `expr` is in (see [`SourceMap::add_expression`]), for
    /// snippets of diagnostics about an expression evaluated on its own.
    ///
    /// ```
    /// use hcldecode::{Error, parse_expression};
    /// let expr = parse_expression("upper(name)", "expr.hcl").unwrap();
    /// let (_, diags) = hcldecode::eval::evaluate(expr.as_ref(), None);
    /// let err = Error::from_diagnostics(diags).with_files_of_expression(&expr);
    /// assert!(err.to_string().contains("   1: upper(name)\n"));
    /// ```
    pub fn with_files_of_expression(mut self, expr: &Expression) -> Error {
        self.files.add_expression(expr);
        self
    }

    /// The text rendering: as `hcldec` prints diagnostics, with the detail
    /// wrapped to `width` columns (0: not wrapped) and ANSI colours if
    /// `color`.
    pub fn render(&self, width: usize, color: bool) -> String {
        let mut out = String::new();
        let diags = self.diagnostics();
        if diags.is_empty() {
            if !self.listed {
                out.push_str(EMPTY_TEXT);
            }
            return out;
        }
        for d in diags {
            render::write_diagnostic(&mut out, d, &self.files, width, color);
        }
        out
    }

    /// The JSON rendering, as `hcldec --diags=json` prints it.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        render::write_json(&mut out, &Diagnostics::from(self.diagnostics().to_vec()));
        out
    }
}

/// What an error without any diagnostic (one built with
/// `Error::default()`, not from a list) shows, so that it is never an
/// empty string.
const EMPTY_TEXT: &str = "Error: Decoding failed\n\nNo diagnostic explains why.\n\n";

#[cfg(feature = "miette")]
impl Error {
    /// The diagnostics as a `miette::Diagnostic` (feature `miette`), each
    /// labelled at its subject and context ranges with its source file
    /// attached (see [`Problems`](hcldecode_spec::diag::miette::Problems)).
    ///
    /// ```
    /// use miette::Diagnostic as _;
    /// #[derive(hcldecode::HclDecode, Debug)]
    /// struct Config { port: u16 }
    /// let err = hcldecode::from_str::<Config>("port = 70000\n", "app.hcl").unwrap_err();
    /// let p = err.to_miette();
    /// assert_eq!(p.to_string(), "Value out of range");
    /// assert!(p.source_code().is_some());
    /// ```
    pub fn to_miette(&self) -> hcldecode_spec::diag::miette::Problems {
        hcldecode_spec::diag::miette::Problems::new(self.diagnostics(), &self.files)
    }
}

/// For `?` in a function returning `miette::Result` (feature `miette`):
/// miette renders every diagnostic with its own snippet.
///
/// ```
/// #[derive(hcldecode::HclDecode, Debug)]
/// struct Config { port: u16 }
/// fn run() -> miette::Result<Config> {
///     Ok(hcldecode::from_str::<Config>("port = 70000\n", "app.hcl")?)
/// }
/// let report = run().unwrap_err();
/// assert_eq!(report.to_string(), "Value out of range");
/// ```
#[cfg(feature = "miette")]
impl From<Error> for miette::Report {
    fn from(e: Error) -> miette::Report {
        miette::Report::new(e.to_miette())
    }
}

impl Error {
    /// The text `Display` and `Debug` give: the [`render`](Error::render)ing
    /// shaped to follow an `Error: ` that the caller prints (as
    /// `fn main() -> Result<..>`, `anyhow` and `eprintln!("Error: {e}")`
    /// do): the first diagnostic's own `Error: ` left out, no blank lines at
    /// the end.
    fn write_prefixed(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.render(0, false);
        if text.is_empty() {
            // An empty list renders as nothing.
            return Ok(());
        }
        let first_is_error = self
            .diagnostics()
            .first()
            .is_none_or(|d| d.severity == hcldecode_spec::diag::Severity::Error);
        let body = match text.strip_prefix("Error: ") {
            Some(rest) if first_is_error => rest,
            // A warning first: a line of its own says what failed.
            _ => {
                f.write_str("Decoding failed\n\n")?;
                &text
            }
        };
        f.write_str(body.trim_end_matches('\n'))
    }
}

impl fmt::Display for Error {
    /// The diagnostics as `hcldec` prints them, with snippets where the
    /// source is known, shaped to follow an `Error: ` printed by the caller
    /// (`fn main`'s report, `anyhow`): the first diagnostic's `Error: `
    /// left out, so the text reads `Error: Unsupported argument` once.
    /// The detail is not wrapped. [`render`](Error::render) gives the
    /// rendering exactly as `hcldec` prints it (every `Error: ` kept,
    /// wrapped to a terminal's width, coloured if asked).
    ///
    /// ```
    /// use hcldecode::{Diagnostic, Error};
    /// let e = Error::new(Diagnostic::error("Bad", "Very bad."));
    /// assert_eq!(format!("Error: {e}"), "Error: Bad\n\nVery bad.");
    /// assert_eq!(e.render(0, false), "Error: Bad\n\nVery bad.\n\n");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_prefixed(f)
    }
}

impl fmt::Debug for Error {
    /// The same text as [`Display`](fmt::Display), so that
    /// `fn main() -> Result<(), Box<dyn std::error::Error>>` (which prints
    /// `Error: ` and the `Debug` of the error) shows the diagnostics with
    /// their snippets rather than a struct dump, and `Error: ` once. The
    /// alternate form (`{:#?}`) lists the diagnostics themselves.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return f.debug_list().entries(self.diagnostics()).finish();
        }
        self.write_prefixed(f)
    }
}

impl std::error::Error for Error {}

impl From<Diagnostic> for Error {
    fn from(d: Diagnostic) -> Error {
        Error::new(d)
    }
}

impl From<Diagnostics> for Error {
    fn from(d: Diagnostics) -> Error {
        Error::from_diagnostics(d)
    }
}

impl<'a> IntoIterator for &'a Error {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Collects the errors of several parts (struct fields, collection
/// elements) so that all of them are reported, not just the first.
///
/// ```
/// use hcldecode::typed::Errors;
/// use hcldecode::{Diagnostic, Error};
/// let mut errs = Errors::new();
/// let a: Option<u8> = errs.take(Ok(1));
/// let b: Option<u8> = errs.take(Err(Error::new(Diagnostic::error("Bad", ""))));
/// assert_eq!((a, b), (Some(1), None));
/// assert_eq!(errs.finish(()).unwrap_err().diagnostics().len(), 1);
/// ```
#[derive(Debug, Default)]
pub struct Errors {
    err: Option<Error>,
}

impl Errors {
    /// Nothing collected yet.
    pub fn new() -> Errors {
        Errors::default()
    }

    /// The value of `r`, or `None` after keeping its error.
    pub fn take<T>(&mut self, r: Result<T, Error>) -> Option<T> {
        match r {
            Ok(v) => Some(v),
            Err(e) => {
                self.push(e);
                None
            }
        }
    }

    /// Keeps an error.
    pub fn push(&mut self, e: Error) {
        match &mut self.err {
            Some(acc) => acc.merge(e),
            None => self.err = Some(e),
        }
    }

    /// Whether an error was kept.
    pub fn failed(&self) -> bool {
        self.err.is_some()
    }

    /// `Ok(v)` when nothing failed, else the collected errors.
    pub fn finish<T>(self, v: T) -> Result<T, Error> {
        match self.err {
            None => Ok(v),
            Some(e) => Err(e),
        }
    }

    /// The collected errors (an empty error if none).
    pub fn into_error(self) -> Error {
        self.err.unwrap_or_default()
    }
}

/// A "Duplicate X block" whose previous definition is the block itself
/// (two blocks generated by one `dynamic` block share its range): says
/// so, where the engine (as HashiCorp's, and so `hcldec`) points
/// "Previous definition" at the block the error is about.
fn self_referring_duplicate(d: &mut Diagnostic) {
    if d.code != Some(hcldecode_spec::diag::Code::DuplicateBlock) {
        return;
    }
    let Some(subject) = &d.subject else {
        return;
    };
    let tail = format!(" Previous definition was at {subject}.");
    if let Some(head) = d.detail.strip_suffix(&tail) {
        d.detail = format!(
            "{head} The dynamic block here generates more than one; its for_each must have at most one element."
        );
    }
}

/// Puts diagnostics in source order: by file (in the order files first
/// appear among them), then by byte position; those without a range first, the
/// order among equals kept. The engine and the Rust-side checks each find
/// errors in their own order, so a typed decode's are merged this way.
fn sort_by_source(diags: &mut [hcldecode_spec::diag::Diagnostic]) {
    sort_by_files(diags, &[]);
}

/// [`sort_by_source`] with the files named in `order` first, in that order
/// (the files of a decode, in the order given), the others after them.
fn sort_by_files(diags: &mut [hcldecode_spec::diag::Diagnostic], order: &[std::sync::Arc<str>]) {
    let mut files: Vec<std::sync::Arc<str>> = order.to_vec();
    for r in diags.iter().filter_map(|d| d.subject.as_ref()) {
        if !files.contains(&r.filename) {
            files.push(r.filename.clone());
        }
    }
    // Stable: diagnostics at one position keep their order.
    diags.sort_by_cached_key(|d| {
        let r = d.subject.as_ref()?;
        Some((files.iter().position(|f| *f == r.filename), r.start.byte))
    });
}
