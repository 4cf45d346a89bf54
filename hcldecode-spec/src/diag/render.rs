//! Rendering diagnostics: as text with a source snippet (like HCL's
//! `DiagnosticTextWriter`, which `hcldec` uses), and as the JSON document
//! `hcldec --diags=json` prints.

use std::fmt::Write;
use std::sync::Arc;

use super::{Diagnostic, Diagnostics, Severity};
use crate::json_text::write_json_string;
use crate::source::{Range, SourceFile, Span};
use crate::syntax::body::Body;
use crate::syntax::expr::Expression;
use crate::syntax::json;

/// The files diagnostics may refer to, for snippets and block context.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<Registered>,
}

#[derive(Clone, Debug)]
struct Registered {
    file: Arc<SourceFile>,
    /// Top-level blocks: their span and their header (`type "label"`), for
    /// the "in BLOCK" context of a snippet.
    blocks: Vec<(Span, String)>,
    /// For a JSON file, its tree: the context is the path to the innermost
    /// object or array holding the subject.
    json: Option<(Arc<json::Document>, json::Value)>,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    /// Registers a file and the top-level blocks of its body (span and
    /// header text) for context lines. A later file of the same name
    /// replaces an earlier one.
    pub fn add(&mut self, file: Arc<SourceFile>, blocks: Vec<(Span, String)>) {
        self.files.retain(|r| r.file.name() != file.name());
        self.files.push(Registered {
            file,
            blocks,
            json: None,
        });
    }

    /// Registers a JSON-syntax file by its tree (`root` is the root value
    /// of `doc`), for context lines such as `in service.web[0]`, as HCL's
    /// JSON navigation gives them.
    pub fn add_json(&mut self, doc: Arc<json::Document>, root: json::Value) {
        let file = doc.source().clone();
        self.files.retain(|r| r.file.name() != file.name());
        self.files.push(Registered {
            file,
            blocks: Vec::new(),
            json: Some((doc, root)),
        });
    }

    /// Registers a parsed file: a native-syntax file with its top-level
    /// blocks (the "in BLOCK" context of snippets), a JSON-syntax file
    /// with its tree (context lines such as `in service.web[0]`), as
    /// `hcldec` shows them. A later file of the same name replaces an
    /// earlier one.
    ///
    /// ```
    /// use hcldecode_spec::diag::render::SourceMap;
    /// use hcldecode_spec::syntax::{File, body::Body, native};
    /// let (src, _) = native::source_from_bytes("a.hcl", b"a = 1\n".to_vec());
    /// let (parsed, _) = native::parse_config(src.clone());
    /// let file = File { source: src, body: Body::native(parsed.source.clone(), parsed.body), blocks: vec![] };
    /// let mut map = SourceMap::new();
    /// map.add_file(&file);
    /// assert!(map.contains("a.hcl"));
    /// ```
    pub fn add_file(&mut self, file: &crate::syntax::File) {
        match file.body.json_root() {
            Some((doc, root)) => self.add_json(doc.clone(), root),
            None => self.add(file.source.clone(), file.blocks.clone()),
        }
    }

    /// Registers the files `body` is read from (every file of a merged
    /// body) that are not registered yet, so that diagnostics about a body
    /// decoded on its own (a `remain` body, say) show snippets. Their
    /// top-level blocks are not known from a nested body, so snippets of
    /// these files have no "in BLOCK" context.
    ///
    /// ```
    /// use hcldecode_spec::diag::render::SourceMap;
    /// use hcldecode_spec::syntax::body::Body;
    /// use hcldecode_spec::syntax::native;
    /// let (src, _) = native::source_from_bytes("a.hcl", b"a = 1\n".to_vec());
    /// let (file, _) = native::parse_config(src);
    /// let mut map = SourceMap::new();
    /// map.add_body(&Body::native(file.source.clone(), file.body));
    /// assert!(map.contains("a.hcl"));
    /// ```
    pub fn add_body(&mut self, body: &Body) {
        for file in body.source_files() {
            self.add_if_absent(file);
        }
    }

    /// Registers the file `expr` is read from unless it is registered
    /// already, so that diagnostics of evaluating it show snippets.
    ///
    /// ```
    /// use hcldecode_spec::diag::render::SourceMap;
    /// use hcldecode_spec::source::{SourceFile, Span};
    /// use hcldecode_spec::syntax::expr::{Expression, NativeExpr};
    /// use hcldecode_spec::syntax::native::ast;
    /// let file = SourceFile::new("e.hcl", "x");
    /// let expr = NativeExpr::new(ast::Expr { span: Span::new(0, 1), kind: ast::ExprKind::Invalid });
    /// let mut map = SourceMap::new();
    /// map.add_expression(&Expression::Native { file, expr });
    /// assert!(map.contains("e.hcl"));
    /// ```
    pub fn add_expression(&mut self, expr: &Expression) {
        self.add_if_absent(expr.as_ref().file().clone());
    }

    fn add_if_absent(&mut self, file: Arc<SourceFile>) {
        // A derived source (a JSON string's decoded template text) is shown
        // through the file it was decoded from.
        let mut file = file;
        while let Some(parent) = file.parent().cloned() {
            file = parent;
        }
        if !self.contains(file.name()) {
            self.files.push(Registered {
                file,
                blocks: Vec::new(),
                json: None,
            });
        }
    }

    /// The registered file of this name.
    pub fn file(&self, name: &str) -> Option<&Arc<SourceFile>> {
        self.get(name).map(|r| &r.file)
    }

    /// Whether a file of this name is registered.
    pub fn contains(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    fn get(&self, name: &str) -> Option<&Registered> {
        self.files.iter().find(|r| &**r.file.name() == name)
    }
}

/// Writes diagnostics as text: `Error: summary`, the source lines with the
/// subject highlighted, and the detail word-wrapped to `width` (0: no
/// wrapping). `color` adds ANSI colours as the reference does on terminals.
///
/// ```
/// use hcldecode_spec::diag::{Diagnostic, Diagnostics, render};
/// use hcldecode_spec::source::{SourceFile, Span};
/// let f = SourceFile::new("a.hcl", "x = 1\nfoo = bar\n");
/// let mut map = render::SourceMap::new();
/// map.add(f.clone(), vec![]);
/// let d = Diagnostic::error("Unknown variable", "There is no variable named \"bar\".")
///     .with_subject(f.range(Span::new(12, 15)));
/// let mut out = String::new();
/// render::write_text(&mut out, &Diagnostics::from(d), &map, 80, false);
/// assert_eq!(out, "Error: Unknown variable\n\n  on a.hcl line 2:\n   2: foo = bar\n\nThere is no variable named \"bar\".\n\n");
/// ```
pub fn write_text(
    out: &mut String,
    diags: &Diagnostics,
    files: &SourceMap,
    width: usize,
    color: bool,
) {
    for d in diags {
        write_one(out, d, files, width, color);
    }
}

/// [`write_text`] of one diagnostic.
///
/// ```
/// use hcldecode_spec::diag::{Diagnostic, render};
/// let mut out = String::new();
/// render::write_diagnostic(&mut out, &Diagnostic::error("Bad", "Very bad."), &render::SourceMap::new(), 0, false);
/// assert_eq!(out, "Error: Bad\n\nVery bad.\n\n");
/// ```
pub fn write_diagnostic(
    out: &mut String,
    d: &Diagnostic,
    files: &SourceMap,
    width: usize,
    color: bool,
) {
    write_one(out, d, files, width, color);
}

fn write_one(out: &mut String, d: &Diagnostic, files: &SourceMap, width: usize, color: bool) {
    let (color_code, highlight, reset) = if color {
        let c = match d.severity {
            Severity::Error => "\x1b[31m",
            Severity::Warning => "\x1b[33m",
        };
        (c, "\x1b[1;4m", "\x1b[0m")
    } else {
        ("", "", "")
    };
    let sev = match d.severity {
        Severity::Error => "Error",
        Severity::Warning => "Warning",
    };
    let _ = write!(out, "{color_code}{sev}{reset}: {}\n\n", d.summary);

    // The reference needs a subject to show a snippet; a diagnostic that
    // only has a context range (we keep the reference's subject-less JSON
    // for those) shows the context instead.
    if let Some(subject) = d.subject.as_ref().or(d.context.as_ref()) {
        let mut snip = subject.clone();
        if let (Some(_), Some(ctx)) = (&d.subject, &d.context) {
            snip = range_over(&snip, ctx);
        }
        let mut hl = subject.clone();
        for r in [&mut snip, &mut hl] {
            if r.start.byte == r.end.byte {
                r.end.byte += 1;
                r.end.column += 1;
            }
        }
        match files.get(&subject.filename) {
            None => {
                let _ = write!(
                    out,
                    "  on {} line {}:\n  (source code not available)\n\n",
                    subject.filename, subject.start.line
                );
            }
            Some(reg) => {
                let context = match &reg.json {
                    Some((doc, root)) => {
                        let path = json_context(doc, *root, subject.start.byte);
                        if path.is_empty() {
                            path
                        } else {
                            format!(", in {path}")
                        }
                    }
                    None => reg
                        .blocks
                        .iter()
                        .find(|(span, _)| {
                            (span.start as usize) <= subject.start.byte
                                && subject.start.byte < span.end as usize
                        })
                        .map(|(_, h)| format!(", in {h}"))
                        .unwrap_or_default(),
                };
                let _ = writeln!(
                    out,
                    "  on {} line {}{}:",
                    subject.filename, subject.start.line, context
                );
                write_snippet(
                    out,
                    &reg.file,
                    snip.start.byte,
                    snip.end.byte,
                    hl.start.byte,
                    hl.end.byte,
                    highlight,
                    reset,
                );
                out.push('\n');
            }
        }
        let last = d.values.len().saturating_sub(1);
        for (i, stmt) in d.values.iter().enumerate() {
            out.push_str(if i == 0 { "with " } else { "     " });
            out.push_str(stmt);
            out.push_str(if i == last { ".\n\n" } else { ",\n" });
        }
    }
    if !d.detail.is_empty() {
        if width > 0 {
            out.push_str(&wrap(&d.detail, width));
        } else {
            out.push_str(&d.detail);
        }
        out.push_str("\n\n");
    }
}

/// HCL's JSON `ContextString`: the path (`a.b[2].c`) through objects and
/// arrays to the innermost object or array whose range holds `offset`.
fn json_context(doc: &json::Document, root: json::Value, offset: usize) -> String {
    let holds = |v: &json::Value| {
        matches!(v, json::Value::Object(_) | json::Value::Array(_))
            && (v.span().start as usize) <= offset
            && offset < v.span().end as usize
    };
    let mut out = String::new();
    let mut v = root;
    loop {
        let next = match v {
            json::Value::Object(o) => o.props(doc).iter().find(|p| holds(&p.value)).map(|p| {
                out.push('.');
                out.push_str(p.key.value(doc));
                p.value
            }),
            json::Value::Array(a) => a
                .items(doc)
                .iter()
                .enumerate()
                .find(|(_, item)| holds(item))
                .map(|(i, item)| {
                    let _ = write!(out, "[{i}]");
                    *item
                }),
            _ => None,
        };
        match next {
            Some(n) => v = n,
            None => break,
        }
    }
    match out.strip_prefix('.') {
        Some(rest) => rest.to_string(),
        None => out,
    }
}

/// Prints the lines overlapping `snip_start..snip_end`, highlighting
/// `hl_start..hl_end`. Empty lines never overlap (as in the reference).
#[allow(clippy::too_many_arguments)]
fn write_snippet(
    out: &mut String,
    file: &SourceFile,
    snip_start: usize,
    snip_end: usize,
    hl_start: usize,
    hl_end: usize,
    highlight: &str,
    reset: &str,
) {
    let src = file.source();
    let mut line_start = 0;
    let mut line_no = 1;
    while line_start <= src.len() {
        let nl = src[line_start..].find('\n').map(|i| line_start + i);
        let mut line_end = nl.unwrap_or(src.len());
        if line_end > line_start && src.as_bytes()[line_end - 1] == b'\r' {
            line_end -= 1;
        }
        if overlaps(line_start, line_end, snip_start, snip_end) {
            let line = &src[line_start..line_end];
            let (a, b) = (hl_start.max(line_start), hl_end.min(line_end));
            if overlaps(line_start, line_end, hl_start, hl_end) && a < b {
                let piece = |x: usize, y: usize| src.get(x..y).unwrap_or("");
                let _ = writeln!(
                    out,
                    "{line_no:4}: {}{highlight}{}{reset}{}",
                    piece(line_start, a),
                    piece(a, b),
                    piece(b, line_end)
                );
            } else {
                let _ = writeln!(out, "{line_no:4}: {line}");
            }
        }
        match nl {
            Some(i) => {
                line_start = i + 1;
                line_no += 1;
                if line_start > snip_end {
                    break;
                }
            }
            None => break,
        }
    }
}

/// HCL's `Range.Overlaps` on byte offsets.
fn overlaps(a0: usize, a1: usize, b0: usize, b1: usize) -> bool {
    if a0 == a1 || b0 == b1 {
        return false;
    }
    let contains = |s: usize, e: usize, o: usize| o >= s && o < e;
    contains(a0, a1, b0) || contains(a0, a1, b1) || contains(b0, b1, a0) || contains(b0, b1, a1)
}

fn range_over(a: &Range, b: &Range) -> Range {
    if a.start.byte == a.end.byte {
        return b.clone();
    }
    if b.start.byte == b.end.byte {
        return a.clone();
    }
    Range::between(a, b)
}

/// go-wordwrap's `WrapString`: wraps at whitespace so lines fit in `lim`
/// characters where words allow.
pub fn wrap(s: &str, lim: usize) -> String {
    let mut buf = String::with_capacity(s.len());
    let mut current = 0usize;
    let (mut word, mut space) = (String::new(), String::new());
    let (mut word_len, mut space_len) = (0usize, 0usize);
    for c in s.chars() {
        if c == '\n' {
            end_line(&mut buf, current, (&space, space_len), &word, lim);
            word.clear();
            word_len = 0;
            space.clear();
            space_len = 0;
            buf.push(c);
            current = 0;
        } else if c.is_whitespace() && c != '\u{a0}' {
            if space.is_empty() || !word.is_empty() {
                current += space_len + word_len;
                buf.push_str(&space);
                space.clear();
                space_len = 0;
                buf.push_str(&word);
                word.clear();
                word_len = 0;
            }
            space.push(c);
            space_len += 1;
        } else {
            word.push(c);
            word_len += 1;
            if current + word_len + space_len > lim && word_len < lim {
                buf.push('\n');
                current = 0;
                space.clear();
                space_len = 0;
            }
        }
    }
    end_line(&mut buf, current, (&space, space_len), &word, lim);
    buf
}

/// Ends a line of [`wrap`]: the pending space and word, or without a word
/// the space if it fits.
fn end_line(buf: &mut String, current: usize, space: (&str, usize), word: &str, lim: usize) {
    if !word.is_empty() || current + space.1 <= lim {
        buf.push_str(space.0);
    }
    buf.push_str(word);
}

/// Writes the JSON document of `hcldec --diags=json` (Go's
/// `json.MarshalIndent` with two-space indent), without a final newline.
/// Nothing is written for no diagnostics.
///
/// ```
/// use hcldecode_spec::diag::{Diagnostic, Diagnostics, render};
/// let mut out = String::new();
/// render::write_json(&mut out, &Diagnostics::from(Diagnostic::error("Bad", "")));
/// assert_eq!(out, "{\n  \"diagnostics\": [\n    {\n      \"severity\": \"error\",\n      \"summary\": \"Bad\"\n    }\n  ]\n}");
/// ```
pub fn write_json(out: &mut String, diags: &Diagnostics) {
    if diags.is_empty() {
        return;
    }
    out.push_str("{\n  \"diagnostics\": [\n");
    for (i, d) in diags.iter().enumerate() {
        out.push_str("    {\n      \"severity\": ");
        write_json_string(out, d.severity.as_str());
        out.push_str(",\n      \"summary\": ");
        write_json_string(out, &d.summary);
        if !d.detail.is_empty() {
            out.push_str(",\n      \"detail\": ");
            write_json_string(out, &d.detail);
        }
        if let Some(r) = &d.subject {
            out.push_str(",\n      \"subject\": ");
            write_range_json(out, r, 6);
        }
        out.push_str("\n    }");
        if i + 1 < diags.len() {
            out.push(',');
        }
        out.push('\n');
    }
    out.push_str("  ]\n}");
}

/// Writes a range as hcldec's JSON does (`filename`, `start`, `end` with
/// `line`, `column`, `byte`), indented for nesting at `level` spaces.
pub fn write_range_json(out: &mut String, r: &Range, level: usize) {
    let pad = " ".repeat(level);
    out.push_str("{\n");
    let _ = write!(out, "{pad}  \"filename\": ");
    write_json_string(out, &r.filename);
    for (name, p) in [("start", r.start), ("end", r.end)] {
        let _ = write!(
            out,
            ",\n{pad}  \"{name}\": {{\n{pad}    \"line\": {},\n{pad}    \"column\": {},\n{pad}    \"byte\": {}\n{pad}  }}",
            p.line, p.column, p.byte
        );
    }
    let _ = write!(out, "\n{pad}}}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_like_go_wordwrap() {
        assert_eq!(wrap("aaa bbb ccc", 7), "aaa bbb\nccc");
        assert_eq!(wrap("a verylongwordhere b", 5), "a\nverylongwordhere\nb");
        assert_eq!(wrap("one\ntwo three", 8), "one\ntwo\nthree");
    }

    #[test]
    fn json_matches_hcldec_layout() {
        let f = SourceFile::new("in.hcl", "ab\ncd");
        let d = Diagnostic::error("S", "D\"<").with_subject(f.range(Span::new(3, 5)));
        let mut out = String::new();
        write_json(&mut out, &Diagnostics::from(d));
        let want = r#"{
  "diagnostics": [
    {
      "severity": "error",
      "summary": "S",
      "detail": "D\"\u003c",
      "subject": {
        "filename": "in.hcl",
        "start": {
          "line": 2,
          "column": 1,
          "byte": 3
        },
        "end": {
          "line": 2,
          "column": 3,
          "byte": 5
        }
      }
    }
  ]
}"#;
        assert_eq!(out, want);
    }

    #[test]
    fn text_snippet_with_context_and_highlight() {
        let f = SourceFile::new("m.hcl", "svc \"a\" {\n  port = \"x\"\n}\n");
        let mut map = SourceMap::new();
        map.add(f.clone(), vec![(Span::new(0, 24), "svc \"a\"".into())]);
        let d = Diagnostic::error("Bad port", "Need a number.")
            .with_subject(f.range(Span::new(19, 22)));
        let mut out = String::new();
        write_text(&mut out, &Diagnostics::from(d), &map, 0, true);
        assert_eq!(
            out,
            "\x1b[31mError\x1b[0m: Bad port\n\n  on m.hcl line 2, in svc \"a\":\n   2:   port = \x1b[1;4m\"x\"\x1b[0m\n\nNeed a number.\n\n"
        );
    }
}
