//! Source files, byte spans and resolved source ranges.
//!
//! Syntax trees store compact [`Span`]s (byte offsets into one file). A
//! [`SourceFile`] resolves them to [`Pos`]itions with line and column on
//! demand, which keeps trees small and makes the happy path pay nothing for
//! line bookkeeping. Columns count grapheme clusters, as HashiCorp's scanner
//! does, so `é` written as `e` + combining accent is one column.

use std::fmt;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, OnceLock};

use unicode_segmentation::UnicodeSegmentation;

/// A half-open byte range `start..end` within one source file.
///
/// ```
/// use hcldecode_spec::source::Span;
/// let s = Span::new(2, 5);
/// assert_eq!(s.len(), 3);
/// assert_eq!(Span::between(s, Span::new(7, 9)), Span::new(2, 9));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    /// Byte offset of the first byte.
    pub start: u32,
    /// Byte offset just past the last byte.
    pub end: u32,
}

impl Span {
    /// A span from `start` to `end`.
    pub const fn new(start: u32, end: u32) -> Span {
        Span { start, end }
    }

    /// The empty span at `at`.
    pub const fn empty(at: u32) -> Span {
        Span { start: at, end: at }
    }

    /// The smallest span covering both `a` and `b` (like `hcl.RangeBetween`).
    pub fn between(a: Span, b: Span) -> Span {
        Span {
            start: a.start.min(b.start),
            end: a.end.max(b.end),
        }
    }

    /// Number of bytes covered.
    pub const fn len(self) -> u32 {
        self.end - self.start
    }

    /// Whether the span covers no bytes.
    pub const fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The empty span at this span's start.
    pub const fn start_point(self) -> Span {
        Span::empty(self.start)
    }

    /// The empty span at this span's end.
    pub const fn end_point(self) -> Span {
        Span::empty(self.end)
    }

    /// As a `usize` range, for slicing.
    pub const fn as_range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// A resolved position: 1-based line and column, 0-based byte offset.
///
/// ```
/// use hcldecode_spec::source::Pos;
/// let p = Pos { line: 1, column: 1, byte: 0 };
/// assert_eq!(p.to_string(), "1,1-0");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, counted in grapheme clusters.
    pub column: usize,
    /// 0-based byte offset from the start of the file.
    pub byte: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}-{}", self.line, self.column, self.byte)
    }
}

/// A resolved source range in a named file, as diagnostics report it.
///
/// ```
/// use hcldecode_spec::source::SourceFile;
/// let f = SourceFile::new("a.hcl", "a = 1\nbb = 2\n");
/// let r = f.range(hcldecode_spec::source::Span::new(6, 8));
/// assert_eq!(r.to_string(), "a.hcl:2,1-3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Range {
    /// The file name as given when the file was loaded.
    pub filename: Arc<str>,
    /// First position covered.
    pub start: Pos,
    /// Position just past the end.
    pub end: Pos,
}

impl Range {
    /// The range of `span` in file `filename`, its ends resolved by `pos`
    /// (an empty span resolved once).
    pub(crate) fn resolve(
        filename: &Arc<str>,
        span: Span,
        mut pos: impl FnMut(u32) -> Pos,
    ) -> Range {
        let start = pos(span.start);
        let end = if span.end == span.start {
            start
        } else {
            pos(span.end)
        };
        Range {
            filename: filename.clone(),
            start,
            end,
        }
    }

    /// The smallest range covering both (like `hcl.RangeBetween`); the
    /// filename is taken from `a`.
    pub fn between(a: &Range, b: &Range) -> Range {
        let start = if a.start.byte <= b.start.byte {
            a.start
        } else {
            b.start
        };
        let end = if a.end.byte >= b.end.byte {
            a.end
        } else {
            b.end
        };
        Range {
            filename: a.filename.clone(),
            start,
            end,
        }
    }

    /// The range of something with no position in any source: a value
    /// made in code (`Spanned::from(v)`). It is in no file and on line 0,
    /// where no source position is; a diagnostic given it as its subject
    /// has none ([`Diagnostic::with_subject`](crate::diag::Diagnostic::with_subject)),
    /// so it renders without a snippet.
    ///
    /// ```
    /// use hcldecode_spec::source::Range;
    /// assert!(Range::unknown().is_unknown());
    /// let f = hcldecode_spec::source::SourceFile::new("a.hcl", "a = 1\n");
    /// assert!(!f.range(hcldecode_spec::source::Span::new(0, 1)).is_unknown());
    /// ```
    pub fn unknown() -> Range {
        Range {
            filename: Arc::from(""),
            start: Pos::default(),
            end: Pos::default(),
        }
    }

    /// Whether this is [`Range::unknown`]: in no file, on line 0.
    pub fn is_unknown(&self) -> bool {
        self.filename.is_empty() && self.start.line == 0 && self.end.line == 0
    }

    /// The empty range at this range's start.
    pub fn start_point(&self) -> Range {
        Range {
            filename: self.filename.clone(),
            start: self.start,
            end: self.start,
        }
    }
}

impl fmt::Display for Range {
    /// Formats like `hcl.Range.String()`: `file:line,col-col` on one line,
    /// `file:line,col-line,col` across lines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.start.line == self.end.line {
            write!(
                f,
                "{}:{},{}-{}",
                self.filename, self.start.line, self.start.column, self.end.column
            )
        } else {
            write!(
                f,
                "{}:{},{}-{},{}",
                self.filename, self.start.line, self.start.column, self.end.line, self.end.column
            )
        }
    }
}

/// How a [`SourceFile`] counts columns.
///
/// HashiCorp's two scanners disagree: the native syntax counts grapheme
/// clusters, while the JSON scanner counts a tab as two columns, a carriage
/// return as none, and counts grapheme clusters only inside strings. Each
/// file resolves positions with the rule of the syntax it is written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ColumnRule {
    /// One column per grapheme cluster (native syntax, spec files).
    #[default]
    Graphemes,
    /// A syntax's own counting ([`ColumnCounter`]): the JSON scanner's,
    /// which `crate::syntax::json` supplies with its files.
    Json,
}

/// `(byte, column)` pairs where column counting may resume.
pub type Checkpoints = [(u32, u32)];

/// See [`ColumnCounter::count`].
pub type CountColumns = for<'a> fn(&'a str, usize, usize, &'a dyn Fn() -> &'a Checkpoints) -> usize;

/// A syntax's own way of counting columns, given to the files it reads
/// ([`SourceFile::with_column_counter`]), so that this module need not know
/// the syntax (the JSON syntax's rule needs its scanner).
#[derive(Clone, Copy)]
pub struct ColumnCounter {
    /// The 0-based column of byte `at` on the line starting at byte
    /// `line_start`; `checkpoints` gives the file's checkpoints, built on
    /// first use.
    pub count: CountColumns,
    /// `(byte, column)` pairs where counting may resume on long lines.
    pub checkpoints: fn(&str) -> Box<Checkpoints>,
}

impl fmt::Debug for ColumnCounter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ColumnCounter")
    }
}

/// The largest file hcldecode accepts, in bytes (spans are 32-bit).
pub const MAX_FILE_SIZE: usize = u32::MAX as usize - 1;

/// A named source text, shared by the syntax trees parsed from it.
///
/// ```
/// use hcldecode_spec::source::{SourceFile, Span};
/// let f = SourceFile::new("x.hcl", "name = \"héllo\"\n");
/// assert_eq!(f.text(Span::new(0, 4)), "name");
/// let p = f.pos(14);
/// assert_eq!((p.line, p.column, p.byte), (1, 14, 14));
/// ```
pub struct SourceFile {
    name: Arc<str>,
    text: Box<str>,
    /// The syntax's column counting; one per grapheme cluster when `None`.
    counter: Option<&'static ColumnCounter>,
    /// Byte offset of the start of every line after the first; built on
    /// first use so successful decodes never pay for it.
    line_starts: OnceLock<Box<[u32]>>,
    /// The line of the last position resolved: positions are mostly asked
    /// for in source order, so the next one is usually on it or the next.
    /// Only a hint (any value is correct), hence relaxed.
    line_hint: AtomicU32,
    /// With a counter only: where column counting may resume on long
    /// lines; built on first use.
    checkpoints: OnceLock<Box<[(u32, u32)]>>,
    /// For a derived source ([`SourceFile::derived`]): the file its text
    /// came from and how offsets map into it.
    origin: Option<Origin>,
}

/// One segment of a derived text (see [`SourceFile::derived`]): from byte
/// `start` of the derived text up to the next segment's start, the text
/// came from the parent file at byte `parent_start`, byte for byte when
/// `verbatim`, or as a whole (an escape sequence) otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    /// First byte of the segment in the derived text.
    pub start: u32,
    /// Where the segment's source starts in the parent file.
    pub parent_start: u32,
    /// Whether each byte of the segment is the parent's byte at the same
    /// distance from `parent_start` (otherwise every offset strictly inside
    /// the segment maps to `parent_start`).
    pub verbatim: bool,
}

#[derive(Debug)]
struct Origin {
    parent: Arc<SourceFile>,
    segments: Box<[Segment]>,
}

impl Origin {
    fn map(&self, byte: u32) -> u32 {
        let i = self.segments.partition_point(|s| s.start <= byte);
        match i.checked_sub(1).and_then(|i| self.segments.get(i)) {
            Some(s) if s.verbatim => s.parent_start.saturating_add(byte - s.start),
            Some(s) => s.parent_start,
            None => byte,
        }
    }
}

impl fmt::Debug for SourceFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SourceFile")
            .field("name", &self.name)
            .field("len", &self.text.len())
            .finish()
    }
}

impl SourceFile {
    /// A source file with the given name and text.
    ///
    /// Texts longer than [`MAX_FILE_SIZE`] are the caller's to reject;
    /// positions past 4 GiB would wrap.
    pub fn new(name: impl Into<Arc<str>>, text: impl Into<Box<str>>) -> Arc<SourceFile> {
        SourceFile::make(name, text, None)
    }

    /// A source file whose columns are counted by `counter`, a syntax's
    /// own rule (JSON files get theirs from
    /// `syntax::json::source_from_bytes`).
    pub fn with_column_counter(
        name: impl Into<Arc<str>>,
        text: impl Into<Box<str>>,
        counter: &'static ColumnCounter,
    ) -> Arc<SourceFile> {
        SourceFile::make(name, text, Some(counter))
    }

    fn make(
        name: impl Into<Arc<str>>,
        text: impl Into<Box<str>>,
        counter: Option<&'static ColumnCounter>,
    ) -> Arc<SourceFile> {
        Arc::new(SourceFile {
            name: name.into(),
            text: text.into(),
            counter,
            line_starts: OnceLock::new(),
            line_hint: AtomicU32::new(0),
            checkpoints: OnceLock::new(),
            origin: None,
        })
    }

    /// A source whose text was derived from a piece of `parent`, such as
    /// the decoded value of a JSON string literal with escapes, which HCL
    /// parses as a template. Its spans are offsets into `text`, but
    /// positions and ranges resolve to where the text came from in the
    /// parent file, through `segments` (sorted by `start`, the first at
    /// 0): a diagnostic about a piece of the derived text points at the
    /// bytes of the parent file it was written as.
    ///
    /// ```
    /// use hcldecode_spec::source::{Segment, SourceFile, Span};
    /// // The JSON string "a\nb" (source bytes 5..11 of the file) decodes
    /// // to "a\nb" with a real newline.
    /// let parent = SourceFile::new("f.json", "{\"x\":\"a\\nb\"}");
    /// let seg = |start, parent_start, verbatim| Segment { start, parent_start, verbatim };
    /// let derived = SourceFile::derived(
    ///     parent.clone(),
    ///     "a\nb",
    ///     vec![seg(0, 6, true), seg(1, 7, false), seg(2, 9, true)],
    /// );
    /// assert_eq!(derived.text(Span::new(2, 3)), "b");
    /// assert_eq!(derived.range(Span::new(2, 3)), parent.range(Span::new(9, 10)));
    /// assert_eq!(derived.range(Span::new(1, 2)), parent.range(Span::new(7, 9)));
    /// ```
    pub fn derived(
        parent: Arc<SourceFile>,
        text: impl Into<Box<str>>,
        segments: Vec<Segment>,
    ) -> Arc<SourceFile> {
        Arc::new(SourceFile {
            name: parent.name.clone(),
            text: text.into(),
            counter: parent.counter,
            line_starts: OnceLock::new(),
            line_hint: AtomicU32::new(0),
            checkpoints: OnceLock::new(),
            origin: Some(Origin {
                parent,
                segments: segments.into_boxed_slice(),
            }),
        })
    }

    /// The file a derived source ([`SourceFile::derived`]) came from.
    pub fn parent(&self) -> Option<&Arc<SourceFile>> {
        self.origin.as_ref().map(|o| &o.parent)
    }

    /// How this file counts columns.
    pub fn column_rule(&self) -> ColumnRule {
        match self.counter {
            None => ColumnRule::Graphemes,
            Some(_) => ColumnRule::Json,
        }
    }

    /// The file name.
    pub fn name(&self) -> &Arc<str> {
        &self.name
    }

    /// The whole text.
    pub fn source(&self) -> &str {
        &self.text
    }

    /// The text covered by `span`. Spans that are out of bounds or split a
    /// character give the empty string rather than panicking.
    pub fn text(&self, span: Span) -> &str {
        self.text.get(span.as_range()).unwrap_or("")
    }

    fn line_starts(&self) -> &[u32] {
        self.line_starts.get_or_init(|| {
            // Counted first (a fast scan) so the slice is allocated once.
            let bytes = self.text.as_bytes();
            let mut starts = Vec::with_capacity(memchr::memchr_iter(b'\n', bytes).count());
            starts.extend(memchr_newlines(bytes).map(|i| i as u32 + 1));
            starts.into_boxed_slice()
        })
    }

    /// Resolves a byte offset to a position. Offsets past the end clamp to
    /// the end of the file. In a derived source ([`SourceFile::derived`])
    /// the position is in the parent file.
    pub fn pos(&self, byte: u32) -> Pos {
        if let Some(o) = &self.origin {
            return o.parent.pos(o.map(byte.min(self.text.len() as u32)));
        }
        let byte = (byte as usize).min(self.text.len());
        let starts = self.line_starts();
        let idx = self.line_index(starts, byte);
        let line_start = if idx == 0 {
            // A UTF-8 byte order mark is not text: HashiCorp's scanner
            // counts the first line's columns from just after it.
            if byte >= 3 && self.text.starts_with('\u{FEFF}') {
                3
            } else {
                0
            }
        } else {
            starts[idx - 1] as usize
        };
        let column = 1 + match self.counter {
            None => count_columns(&self.text.as_bytes()[line_start..byte]),
            Some(c) => (c.count)(&self.text, line_start, byte, &|| {
                self.checkpoints.get_or_init(|| (c.checkpoints)(&self.text))
            }),
        };
        Pos {
            line: idx + 1,
            column,
            byte,
        }
    }

    /// The number of line starts at or before `byte`: near the last
    /// position's line when it is there, else by binary search.
    fn line_index(&self, starts: &[u32], byte: usize) -> usize {
        let on = |i: usize| {
            (i == 0 || starts[i - 1] as usize <= byte)
                && starts.get(i).is_none_or(|&s| byte < s as usize)
        };
        let hint = self.line_hint.load(Ordering::Relaxed) as usize;
        if hint <= starts.len() && on(hint) {
            return hint;
        }
        let idx = if hint < starts.len() && on(hint + 1) {
            hint + 1
        } else {
            starts.partition_point(|&s| s as usize <= byte)
        };
        self.line_hint.store(idx as u32, Ordering::Relaxed);
        idx
    }

    /// Resolves a span to a named range (in the parent file, for a derived
    /// source).
    pub fn range(&self, span: Span) -> Range {
        Range::resolve(&self.name, span, |b| self.pos(b))
    }

    /// The text of the line (without its newline) containing byte `at`, and
    /// that line's starting byte offset.
    pub fn line_at(&self, at: u32) -> (&str, usize) {
        let at = (at as usize).min(self.text.len());
        let starts = self.line_starts();
        let idx = starts.partition_point(|&s| s as usize <= at);
        let start = if idx == 0 {
            0
        } else {
            starts[idx - 1] as usize
        };
        let end = starts
            .get(idx)
            .map(|&s| s as usize - 1)
            .unwrap_or(self.text.len());
        let line = &self.text[start..end];
        (line.strip_suffix('\r').unwrap_or(line), start)
    }
}

fn memchr_newlines(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    memchr::memchr_iter(b'\n', bytes)
}

/// Grapheme clusters in `bytes`, which start at a line start. Bytes that are
/// not valid UTF-8 (a span splitting a character) count one column each.
fn count_columns(bytes: &[u8]) -> usize {
    if bytes.is_ascii() {
        return bytes.len();
    }
    match std::str::from_utf8(bytes) {
        Ok(s) => s.graphemes(true).count(),
        Err(e) => {
            let (ok, rest) = bytes.split_at(e.valid_up_to());
            count_columns(ok) + 1 + count_columns(&rest[1..])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions asked for in any order (the line hint starts wherever the
    /// last one was) are the ones a fresh file gives.
    #[test]
    fn positions_in_any_order_match_a_fresh_lookup() {
        let text = "a\nbc\n\nd = 1\n  e\n\u{feff}x\n";
        let shared = SourceFile::new("t", text);
        let mut order: Vec<u32> = (0..=text.len() as u32 + 2).collect();
        // Forward, backward, then jumping about.
        let mut all = order.clone();
        order.reverse();
        all.extend(&order);
        all.extend(order.iter().map(|b| (b * 7) % (text.len() as u32 + 3)));
        for b in all {
            assert_eq!(shared.pos(b), SourceFile::new("t", text).pos(b), "byte {b}");
        }
    }

    #[test]
    fn positions_count_lines_and_graphemes() {
        let f = SourceFile::new("t", "ab\ncé\r\nx\u{301}y\n");
        assert_eq!(
            f.pos(0),
            Pos {
                line: 1,
                column: 1,
                byte: 0
            }
        );
        assert_eq!(
            f.pos(2),
            Pos {
                line: 1,
                column: 3,
                byte: 2
            }
        );
        assert_eq!(
            f.pos(3),
            Pos {
                line: 2,
                column: 1,
                byte: 3
            }
        );
        // "c" + "é" (2 bytes) -> column 3 at byte 6
        assert_eq!(
            f.pos(6),
            Pos {
                line: 2,
                column: 3,
                byte: 6
            }
        );
        // x + combining acute is one grapheme: 'y' is column 2
        let y = f.source().find('y').unwrap() as u32;
        assert_eq!(f.pos(y).column, 2);
        assert_eq!(f.pos(y).line, 3);
        assert_eq!(f.pos(1000).byte, f.source().len());
    }

    #[test]
    fn byte_order_mark_takes_no_column() {
        let f = SourceFile::new("t", "\u{FEFF}ab\ncd");
        assert_eq!(f.pos(3).column, 1);
        assert_eq!(f.pos(4).column, 2);
        assert_eq!(f.pos(7).column, 2);
    }

    #[test]
    fn line_text_strips_crlf() {
        let f = SourceFile::new("t", "one\r\ntwo\nthree");
        assert_eq!(f.line_at(0), ("one", 0));
        assert_eq!(f.line_at(6), ("two", 5));
        assert_eq!(f.line_at(12), ("three", 9));
    }

    #[test]
    fn range_display_matches_hcl() {
        let f = SourceFile::new("f.hcl", "a\nbc\n");
        assert_eq!(f.range(Span::new(0, 1)).to_string(), "f.hcl:1,1-2");
        assert_eq!(f.range(Span::new(0, 4)).to_string(), "f.hcl:1,1-2,3");
    }
}
