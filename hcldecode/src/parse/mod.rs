//! Reading configuration: native syntax, JSON syntax (chosen by file
//! extension), single expressions.

use std::path::Path;
use std::sync::Arc;

use hcldecode_spec::diag::{Code, Diagnostic, Diagnostics};
use hcldecode_spec::source::SourceFile;
use hcldecode_spec::syntax::body::Body;
use hcldecode_spec::syntax::expr::{Expression, NativeExpr};
use hcldecode_spec::syntax::native;

use crate::limits::Limits;

mod json;

/// A parsed configuration file (defined beside the syntax, so that
/// [`SourceMap::add_file`](crate::SourceMap::add_file) takes it).
pub use hcldecode_spec::syntax::File;

/// The syntax of a configuration file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// HCL native syntax.
    Native,
    /// HCL JSON syntax.
    Json,
}

impl Syntax {
    /// The syntax a file name implies: JSON for names ending `.json`, native
    /// otherwise (as `hcldec` decides).
    pub fn for_path(path: &str) -> Syntax {
        if path.ends_with(".json") {
            Syntax::Json
        } else {
            Syntax::Native
        }
    }
}

/// Parses native-syntax source. A tree is returned even when there are
/// errors (it holds what could be recovered).
///
/// ```
/// let (file, diags) = hcldecode::parse::parse_native(b"a = 1\n", "a.hcl");
/// assert!(diags.is_empty());
/// assert_eq!(file.blocks.len(), 0);
/// ```
pub fn parse_native(src: &[u8], filename: &str) -> (File, Diagnostics) {
    parse_native_owned(src.to_vec(), filename, &Limits::DEFAULT)
}

/// [`parse_native`] of bytes the file may keep (no copy of valid UTF-8).
fn parse_native_owned(src: Vec<u8>, filename: &str, limits: &Limits) -> (File, Diagnostics) {
    let (source, diags) = native::source_from_bytes(filename, src);
    parse_native_source(source, diags, limits)
}

fn parse_native_source(
    source: Arc<SourceFile>,
    diags: Diagnostics,
    limits: &Limits,
) -> (File, Diagnostics) {
    parse_native_on(source, diags, limits, 1)
}

/// The native file `source` parsed on up to `threads` threads (see
/// `native::parse_config_split`), `diags` (its reading's) first.
fn parse_native_on(
    source: Arc<SourceFile>,
    mut diags: Diagnostics,
    limits: &Limits,
    threads: usize,
) -> (File, Diagnostics) {
    let opts = native::ParseOptions {
        max_depth: limits.max_nesting,
    };
    // On one thread (or for a small file) this is `parse_config_with`.
    let (parsed, d) = native::parse_config_split(source.clone(), &opts, threads);
    diags.extend(d);
    let blocks = native::block_headers(&source, &parsed.body);
    let body = Body::native(source.clone(), parsed.body);
    (
        File {
            source,
            body,
            blocks,
        },
        diags,
    )
}

/// Parses source in the given syntax.
pub fn parse(src: &[u8], filename: &str, syntax: Syntax) -> (File, Diagnostics) {
    parse_with_limits(src, filename, syntax, &Limits::DEFAULT)
}

/// [`parse`] with the nesting limits of `limits` (see [`Limits`]).
///
/// ```
/// use hcldecode::eval::Limits;
/// use hcldecode::parse::{parse_with_limits, Syntax};
/// let limits = Limits { max_nesting: 3, ..Limits::default() };
/// let (_, diags) = parse_with_limits(b"a = [[[[1]]]]\n", "a.hcl", Syntax::Native, &limits);
/// assert_eq!(diags[0].summary, "Nesting too deep");
/// ```
pub fn parse_with_limits(
    src: &[u8],
    filename: &str,
    syntax: Syntax,
    limits: &Limits,
) -> (File, Diagnostics) {
    match syntax {
        Syntax::Native => parse_native_owned(src.to_vec(), filename, limits),
        Syntax::Json => json::parse_json(src, filename, limits),
    }
}

/// [`parse_with_limits`] for text (no UTF-8 validation pass), a large
/// native file parsed on up to `threads` threads (as
/// [`parse_path_with_threads`] does).
pub(crate) fn parse_str_on(
    src: &str,
    filename: &str,
    syntax: Syntax,
    limits: &Limits,
    threads: usize,
) -> (File, Diagnostics) {
    match syntax {
        Syntax::Native => {
            let (source, diags) = native::source_from_text(filename, src.to_owned());
            parse_native_on(source, diags, limits, threads)
        }
        Syntax::Json => json::parse_json(src.as_bytes(), filename, limits),
    }
}

/// The parse diagnostics without the errors that only follow from another
/// one, as the library reports them (`hcldec` keeps HashiCorp's, which
/// has them too): a string left open on a line, which makes every later
/// line's quotes open and close the wrong strings, is one "Invalid
/// multi-line string" at its line's end, not one per line after it and an
/// "Unterminated template string"; an interpolation left unclosed
/// (`"${var.tag"`, whose quote opens a string) is one "Unclosed template
/// interpolation sequence", not that and one "Invalid multi-line string"
/// per later line; an "Invalid character" after a string split over lines
/// (a single quote that a misread quote left outside a string) is not
/// shown; a byte that is not UTF-8 in a string is "Invalid character
/// encoding" alone, without the "Unterminated template string" at the
/// same place. The error kept says, in its detail, what it hides.
///
/// ```
/// use hcldecode::parse::{Syntax, parse, without_cascades};
/// let src = "a = \"open\nb = \"x\"\nc = \"y\"\nd = 1\n";
/// let (_, diags) = parse(src.as_bytes(), "a.hcl", Syntax::Native);
/// assert!(diags.len() > 2);
/// let diags = without_cascades(diags);
/// assert_eq!(diags.len(), 1);
/// assert_eq!(diags[0].summary, "Invalid multi-line string");
/// assert_eq!(diags[0].subject.as_ref().unwrap().to_string(), "a.hcl:1,10-2,1");
/// assert!(diags[0].detail.ends_with("This string has no closing quote on line 1, so the quotes after it open and close the wrong strings: the 3 lines after it are misread, and the errors that follow from that are not shown. Close the string on line 1."));
/// ```
pub fn without_cascades(diags: Diagnostics) -> Diagnostics {
    const UNTERMINATED: Code = Code::UnterminatedTemplateString;
    const MULTI_LINE: Code = Code::InvalidMultiLineString;
    const ENCODING: Code = Code::InvalidCharacterEncoding;
    const UNCLOSED: Code = Code::UnclosedInterpolation;
    const CHARACTER: Code = Code::InvalidCharacter;
    type At = (Arc<str>, usize);
    let at = |d: &Diagnostic| -> Option<At> {
        d.subject
            .as_ref()
            .map(|r| (r.filename.clone(), r.start.byte))
    };
    let with = |code: Code| -> Vec<At> {
        diags
            .iter()
            .filter(|d| d.code == Some(code))
            .filter_map(at)
            .collect()
    };
    let (unterminated, multi_line, encoding, unclosed) = (
        with(UNTERMINATED),
        with(MULTI_LINE),
        with(ENCODING),
        with(UNCLOSED),
    );
    // The strings left open: an unterminated string that starts where a
    // multi-line one does (the first line break of the open string).
    let open: Vec<&At> = unterminated
        .iter()
        .filter(|u| multi_line.contains(u))
        .collect();
    // Where the quotes start to pair up wrongly: an open string, and an
    // interpolation left unclosed (a quote in it opens a string); and,
    // for stray characters only, any string split over lines, whose
    // closing quote may be another string's opening one.
    let misquoted: Vec<&At> = open.iter().copied().chain(&unclosed).collect();
    let first_multi_line = |f: &Arc<str>| -> Option<usize> {
        multi_line
            .iter()
            .filter(|(mf, _)| mf == f)
            .map(|(_, b)| *b)
            .min()
    };
    let after = |origins: &[&At], (f, b): &At| origins.iter().any(|(of, ob)| of == f && ob < b);
    let cascade = |d: &Diagnostic| match (d.code, at(d)) {
        (Some(UNTERMINATED), Some(p)) => {
            encoding.contains(&p) || open.contains(&&p) || after(&misquoted, &p)
        }
        (Some(MULTI_LINE), Some(p)) => after(&misquoted, &p),
        (Some(CHARACTER), Some(p)) => {
            after(&misquoted, &p) || first_multi_line(&p.0).is_some_and(|m| m < p.1)
        }
        _ => false,
    };
    // What each origin hides: the lines after it that are misread (their
    // "Invalid multi-line string"s), and the other errors.
    let hidden = |(f, b): &At, line: usize| -> (usize, usize) {
        let after_it: Vec<&Diagnostic> = diags
            .iter()
            .filter(|d| at(d).is_some_and(|(df, db)| df == *f && db > *b) && cascade(d))
            .collect();
        let (multi, other): (Vec<&Diagnostic>, Vec<&Diagnostic>) = after_it
            .into_iter()
            .partition(|d| d.code == Some(MULTI_LINE));
        let mut lines: Vec<usize> = multi
            .iter()
            .filter_map(|d| d.subject.as_ref().map(|r| r.start.line))
            .filter(|l| *l > line)
            .collect();
        lines.dedup();
        (lines.len(), other.len())
    };
    let mut out = Diagnostics::new();
    for d in diags.iter() {
        if cascade(d) {
            continue;
        }
        let mut d = d.clone();
        if let Some(p) = at(&d) {
            let line = d.subject.as_ref().map_or(0, |r| r.start.line);
            let note = match d.code {
                // The open string's own error says what it did to the rest.
                Some(MULTI_LINE) if open.contains(&&p) => {
                    Some(open_string_note(line, hidden(&p, line).0))
                }
                Some(UNCLOSED) => unclosed_note(line, hidden(&p, line).0),
                Some(MULTI_LINE) if first_multi_line(&p.0) == Some(p.1) => {
                    split_string_note(line, hidden(&p, line).1)
                }
                _ => None,
            };
            if let Some(note) = note {
                d.detail.push_str(&note);
            }
        }
        out.push(d);
    }
    out
}

/// What an open string (no closing quote on `line`) hides: the `n` lines
/// after it.
fn open_string_note(line: usize, n: usize) -> String {
    let lines = if n == 1 { "line" } else { "lines" };
    format!(
        " This string has no closing quote on line {line}, so the quotes after it open and close the wrong strings: the {n} {lines} after it are misread, and the errors that follow from that are not shown. Close the string on line {line}."
    )
}

/// What an unclosed interpolation on `line` hides: the `n` lines after it
/// (nothing to say when it hides none).
fn unclosed_note(line: usize, n: usize) -> Option<String> {
    if n == 0 {
        return None;
    }
    let (lines, are) = if n == 1 {
        ("line", "is")
    } else {
        ("lines", "are")
    };
    Some(format!(
        " A quote inside it opens a string, so the quotes after it open and close the wrong strings: the {n} {lines} after it {are} misread, and the errors that follow from that are not shown. Close the interpolation with \"}}\" on line {line}."
    ))
}

/// What a string split over lines (the first of its file, on `line`)
/// hides: `k` stray-character errors after it.
fn split_string_note(line: usize, k: usize) -> Option<String> {
    if k == 0 {
        return None;
    }
    let (errors, are) = if k == 1 {
        ("error", "is")
    } else {
        ("errors", "are")
    };
    Some(format!(
        " Its closing quote may be the opening quote of a later string, so the quotes after it may pair up wrongly: {k} {errors} after it that may follow from that {are} not shown. Close the string on line {line}."
    ))
}

/// Reads and parses a file, choosing the syntax by extension. A file that
/// cannot be read is a diagnostic, as in `hcldec`.
pub fn parse_path(path: impl AsRef<Path>) -> (Option<File>, Diagnostics) {
    parse_path_with_limits(path, &Limits::DEFAULT)
}

/// [`parse_path`] with the nesting limits of `limits`.
///
/// The file's name in ranges and diagnostics is the path as given (lossily
/// converted to text where it is not UTF-8; the file itself is read by its
/// real name).
pub fn parse_path_with_limits(
    path: impl AsRef<Path>,
    limits: &Limits,
) -> (Option<File>, Diagnostics) {
    parse_path_with_threads(path, limits, 1)
}

/// [`parse_path_with_limits`], a large native-syntax file parsed in up to
/// `threads` pieces at once: it is cut between top-level blocks, and the
/// file and diagnostics are the ones parsing it whole gives (where a piece
/// does not parse cleanly alone, the file is parsed whole). Files under
/// half a megabyte are parsed whole on the calling thread.
///
/// ```
/// use hcldecode::eval::Limits;
/// let path = std::env::temp_dir().join(format!("hcldecode-threads-{}.hcl", std::process::id()));
/// let text: String = (0..50_000).map(|i| format!("job \"j{i}\" {{\n  count = {i}\n}}\n")).collect();
/// std::fs::write(&path, text).unwrap();
/// let (file, diags) = hcldecode::parse::parse_path_with_threads(&path, &Limits::DEFAULT, 2);
/// let (whole, _) = hcldecode::parse::parse_path(&path);
/// assert!(diags.is_empty());
/// assert_eq!(file.unwrap().blocks, whole.unwrap().blocks);
/// # std::fs::remove_file(&path).unwrap();
/// ```
pub fn parse_path_with_threads(
    path: impl AsRef<Path>,
    limits: &Limits,
    threads: usize,
) -> (Option<File>, Diagnostics) {
    let path = path.as_ref();
    let name = path.to_string_lossy();
    if Syntax::for_path(&name) == Syntax::Json {
        return json::parse_json_path(path, &name, limits);
    }
    match std::fs::read(path) {
        Ok(bytes) => {
            let (source, diags) = native::source_from_bytes(&name, bytes);
            let (f, d) = parse_native_on(source, diags, limits, threads);
            (Some(f), d)
        }
        Err(e) => (None, read_failure(&name, &e)),
    }
}

/// Reads and parses each of `paths` as [`parse_path_with_limits`] does,
/// the results in the order of `paths`. With the cargo feature `rayon`,
/// the files are read and parsed on rayon's thread pool; the results are
/// the same, in the same order.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("hcldecode-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("a.hcl"), "a = 1\n").unwrap();
/// std::fs::write(dir.join("b.hcl"), "b = \n").unwrap();
/// let paths = [dir.join("a.hcl"), dir.join("b.hcl"), dir.join("none.hcl")];
/// let parsed = hcldecode::parse::parse_paths_with_limits(&paths, &hcldecode::eval::Limits::DEFAULT);
/// assert!(parsed[0].0.is_some() && parsed[0].1.is_empty());
/// assert!(parsed[1].1.has_errors()); // a missing expression
/// assert!(parsed[2].0.is_none()); // cannot be read
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn parse_paths_with_limits<P: AsRef<Path> + Sync>(
    paths: &[P],
    limits: &Limits,
) -> Vec<(Option<File>, Diagnostics)> {
    #[cfg(feature = "rayon")]
    {
        use rayon::prelude::*;
        // Files of a configuration are independent until merged; a
        // file's parse is its own, so the order of the results is all
        // that must be kept (`collect` on an indexed iterator keeps it).
        paths
            .par_iter()
            .map(|p| parse_path_with_limits(p, limits))
            .collect()
    }
    #[cfg(not(feature = "rayon"))]
    {
        paths
            .iter()
            .map(|p| parse_path_with_limits(p, limits))
            .collect()
    }
}

/// Reads and parses a file as native syntax whatever its name (spec files).
pub fn parse_path_native(path: impl AsRef<Path>) -> (Option<File>, Diagnostics) {
    let path = path.as_ref();
    let name = path.to_string_lossy();
    match std::fs::read(path) {
        Ok(bytes) => {
            let (f, d) = parse_native_owned(bytes, &name, &Limits::DEFAULT);
            (Some(f), d)
        }
        Err(e) => (None, read_failure(&name, &e)),
    }
}

/// hclparse's diagnostic for a file that cannot be read, with the
/// operating system's reason (which hclparse leaves out).
fn read_failure(path: &str, e: &std::io::Error) -> Diagnostics {
    Diagnostics::from(Diagnostic::error(
        "Failed to read file",
        format!("The configuration file {path:?} could not be read: {e}."),
    ))
}

/// Parses a single native-syntax expression.
///
/// ```
/// let e = hcldecode::parse_expression("[1, 2]", "e.hcl").unwrap();
/// assert_eq!(e.source_text(), "[1, 2]");
/// ```
pub fn parse_expression(src: &str, filename: &str) -> Result<Expression, Diagnostics> {
    let source = SourceFile::new(filename, src);
    let (expr, diags) = native::parse_expression(&source);
    if diags.has_errors() {
        return Err(diags);
    }
    Ok(Expression::Native {
        file: source,
        expr: NativeExpr::new(expr),
    })
}
