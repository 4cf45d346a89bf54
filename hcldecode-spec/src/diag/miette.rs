//! Diagnostics for [miette](::miette) (feature `miette`): each diagnostic
//! becomes a `miette::Diagnostic` whose labels are its subject (primary)
//! and context ranges, with the source file attached, so miette renders
//! it with its own snippet.
//!
//! The typed error's and [`Diagnostics`]' `Display` is HCL's text
//! rendering, snippets included; a `miette::Diagnostic` impl on them would
//! make miette print every snippet twice (its header is the `Display`). So
//! they convert into `miette::Report` through `From` instead (which `?`
//! uses in a function returning `miette::Result`), by way of [`Problems`],
//! the `miette::Diagnostic`: the first diagnostic on top, the others as
//! its related diagnostics.
//!
//! ```
//! use hcldecode_spec::diag::miette::Problems;
//! use hcldecode_spec::diag::{Diagnostic, Diagnostics, render::SourceMap};
//! use hcldecode_spec::source::{SourceFile, Span};
//! use miette::Diagnostic as _;
//! let f = SourceFile::new("a.hcl", "port = 70000\n");
//! let mut files = SourceMap::new();
//! files.add(f.clone(), vec![]);
//! let d = Diagnostic::error("Value out of range", "70000 is more than 65535.")
//!     .with_subject(f.range(Span::new(7, 12)));
//! let p = Problems::new(&Diagnostics::from(d), &files);
//! assert_eq!(p.to_string(), "Value out of range");
//! let label = p.labels().unwrap().next().unwrap();
//! assert_eq!((label.offset(), label.len()), (7, 5));
//! assert_eq!(p.help().unwrap().to_string(), "70000 is more than 65535.");
//! ```

use std::fmt;

use ::miette::{LabeledSpan, NamedSource, SourceCode};

use super::render::SourceMap;
use super::{Diagnostic, Diagnostics, Severity};

/// One diagnostic as a `miette::Diagnostic`: its summary as the message,
/// its detail (and the values of the variables involved) as help, its
/// subject and context as labels, and its file as source.
#[derive(Debug)]
pub struct Problem {
    diag: Diagnostic,
    help: String,
    source: Option<NamedSource<String>>,
}

impl Problem {
    /// The diagnostic `d`, with its file taken from `files` (no snippet when
    /// the file is not there).
    pub fn new(d: &Diagnostic, files: &SourceMap) -> Problem {
        let source = d
            .subject
            .as_ref()
            .or(d.context.as_ref())
            .and_then(|r| files.file(&r.filename))
            .map(|f| NamedSource::new(&**f.name(), f.source().to_string()));
        let mut help = d.detail.clone();
        if !d.values.is_empty() {
            if !help.is_empty() {
                help.push_str("\n\n");
            }
            help.push_str("with ");
            help.push_str(&d.values.join(", "));
            help.push('.');
        }
        Problem {
            diag: d.clone(),
            help,
            source,
        }
    }

    /// The diagnostic.
    pub fn diagnostic(&self) -> &Diagnostic {
        &self.diag
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diag.summary)
    }
}

impl std::error::Error for Problem {}

fn severity(s: Severity) -> ::miette::Severity {
    match s {
        Severity::Error => ::miette::Severity::Error,
        Severity::Warning => ::miette::Severity::Warning,
    }
}

impl ::miette::Diagnostic for Problem {
    /// The diagnostic's stable [`Code`](crate::diag::Code), as miette shows it
    /// beside the severity (`content.unsupported_argument`).
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.diag
            .code
            .map(|c| Box::new(c.as_str()) as Box<dyn fmt::Display + 'a>)
    }

    fn severity(&self) -> Option<::miette::Severity> {
        Some(severity(self.diag.severity))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        if self.help.is_empty() {
            None
        } else {
            Some(Box::new(&self.help))
        }
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.source.as_ref()?;
        let mut labels = Vec::new();
        if let Some(s) = &self.diag.subject {
            let len = s.end.byte.saturating_sub(s.start.byte);
            // Unnamed: the header above says what is wrong and the help
            // below says why; a name here would repeat the header.
            labels.push(LabeledSpan::new_primary_with_span(
                None,
                (s.start.byte, len),
            ));
        }
        // The context as a secondary label only where it adds a place of
        // its own: one that overlaps the subject would draw a second,
        // unnamed underline through the subject's (a dangling `│`), and a
        // context over several lines (the list around an element) would
        // repeat all of them for each element's error.
        if let Some(c) = &self.diag.context {
            let overlaps = self.diag.subject.as_ref().is_some_and(|s| {
                c.start.byte < s.end.byte.max(s.start.byte + 1) && s.start.byte < c.end.byte
            });
            if !overlaps && c.start.line == c.end.line {
                let len = c.end.byte.saturating_sub(c.start.byte);
                labels.push(LabeledSpan::new_with_span(None, (c.start.byte, len)));
            }
        }
        Some(Box::new(labels.into_iter()))
    }
}

/// Several diagnostics as one `miette::Diagnostic`: the first on top (its
/// message, labels and source), the others as related diagnostics, each
/// with its own labels and source.
#[derive(Debug)]
pub struct Problems {
    first: Option<Problem>,
    rest: Vec<Problem>,
}

impl Problems {
    /// The diagnostics, their files taken from `files`.
    pub fn new(diags: &[Diagnostic], files: &SourceMap) -> Problems {
        let mut all = diags.iter().map(|d| Problem::new(d, files));
        let first = all.next();
        Problems {
            first,
            rest: all.collect(),
        }
    }

    /// How many diagnostics there are.
    pub fn len(&self) -> usize {
        usize::from(self.first.is_some()) + self.rest.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.first.is_none()
    }
}

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.first {
            Some(p) => fmt::Display::fmt(p, f),
            None => f.write_str("Decoding failed"),
        }
    }
}

impl std::error::Error for Problems {}

impl ::miette::Diagnostic for Problems {
    /// The first diagnostic's code, so that the report's header has the
    /// same form as each related diagnostic's (`Error: code`, then the
    /// message).
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.first.as_ref()?.code()
    }

    fn severity(&self) -> Option<::miette::Severity> {
        self.first.as_ref().and_then(::miette::Diagnostic::severity)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.first.as_ref()?.help()
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.first.as_ref()?.source_code()
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.first.as_ref()?.labels()
    }

    fn related<'a>(
        &'a self,
    ) -> Option<Box<dyn Iterator<Item = &'a dyn ::miette::Diagnostic> + 'a>> {
        if self.rest.is_empty() {
            return None;
        }
        Some(Box::new(
            self.rest.iter().map(|p| p as &dyn ::miette::Diagnostic),
        ))
    }
}

/// Diagnostics carry no source text: the report has every diagnostic's
/// message, detail and severity, without snippets (the typed error, which
/// has the files, gives them).
///
/// ```
/// use hcldecode_spec::diag::{Diagnostic, Diagnostics};
/// fn run() -> miette::Result<()> {
///     Err(Diagnostics::from(Diagnostic::error("Bad", "Very bad.")))?
/// }
/// assert_eq!(run().unwrap_err().to_string(), "Bad");
/// ```
impl From<Diagnostics> for ::miette::Report {
    fn from(d: Diagnostics) -> ::miette::Report {
        ::miette::Report::new(Problems::new(&d, &SourceMap::new()))
    }
}
