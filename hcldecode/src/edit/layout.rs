//! Where items sit in the text: their lines, their comments, their
//! indentation, and the runs of attributes whose `=` signs line up.

use hcldecode_spec::source::{SourceFile, Span};
use hcldecode_spec::syntax::native::ast;

/// The line ending a text uses (`\r\n` when any line has one).
pub(super) fn newline_of(text: &str) -> &'static str {
    if text.contains("\r\n") { "\r\n" } else { "\n" }
}

/// The start of the line holding byte `at`.
pub(super) fn line_start(text: &str, at: usize) -> usize {
    text[..at].rfind('\n').map_or(0, |i| i + 1)
}

/// The end of the line holding byte `at`, after its line break (or the end
/// of the text).
pub(super) fn line_end(text: &str, at: usize) -> usize {
    text[at..].find('\n').map_or(text.len(), |i| at + i + 1)
}

/// Whether the line starting at `start` holds only spaces (and a line
/// break). False at the end of the text.
pub(super) fn is_blank_line(text: &str, start: usize) -> bool {
    start < text.len() && text[start..line_end(text, start)].trim().is_empty()
}

/// The spaces and tabs from the start of the line holding `at`.
pub(super) fn indent_at(text: &str, at: usize) -> &str {
    let s = line_start(text, at);
    let rest = &text[s..];
    &rest[..rest.len() - rest.trim_start_matches([' ', '\t']).len()]
}

/// Whether only spaces and tabs stand between the start of the line and
/// `at`.
pub(super) fn starts_line(text: &str, at: usize) -> bool {
    text[line_start(text, at)..at]
        .chars()
        .all(|c| c == ' ' || c == '\t' || c == '\u{feff}')
}

/// Where the comment lines directly above the line starting at `start`
/// begin: each a comment alone on its lines (`#`, `//`, or a `/* */`,
/// which may span lines), as the lexer finds them (`comments`, in order),
/// so a `#` in a string or heredoc is no comment. `start` when there are
/// none.
fn comment_lines_above(text: &str, comments: &[Span], mut start: usize) -> usize {
    while start > 0 {
        // The comment that ends on the line before (a line comment takes
        // its line break, a block comment ends before it): a blank line
        // between ends the run.
        let prev = line_start(text, start - 1);
        let Some(c) = comments
            .iter()
            .rev()
            .find(|c| prev < c.end as usize && c.end as usize <= start)
        else {
            break;
        };
        let c_start = c.start as usize;
        if !starts_line(text, c_start) || !text[c.end as usize..start].trim().is_empty() {
            break;
        }
        start = line_start(text, c_start);
    }
    start
}

/// Where the text after an item ends on its line: after a trailing
/// comment and the line break, when only spaces and a comment follow the
/// item; `None` when something else follows on the line (a one-line
/// block's `}`).
fn line_rest(text: &str, end: usize) -> Option<usize> {
    let rest = &text[end..];
    let trimmed = rest.trim_start_matches([' ', '\t']);
    let at = end + rest.len() - trimmed.len();
    if trimmed.is_empty() {
        return Some(text.len());
    }
    if trimmed.starts_with('\n') || trimmed.starts_with("\r\n") {
        return Some(line_end(text, at));
    }
    if trimmed.starts_with('#') || trimmed.starts_with("//") {
        return Some(line_end(text, at));
    }
    if let Some(inner) = trimmed.strip_prefix("/*") {
        let close = inner.find("*/")?;
        let after = at + 2 + close + 2;
        return line_rest(text, after);
    }
    None
}

/// Whether the item at `span` has its lines to itself (only spaces before
/// it, only spaces and a comment after it).
pub(super) fn owns_lines(text: &str, span: Span) -> bool {
    starts_line(text, span.start as usize) && line_rest(text, span.end as usize).is_some()
}

/// The bytes an item owns: its lines, the comment lines directly above it
/// (no blank line between), and its trailing comment and line break. An
/// item sharing its line with other text owns its span and the spaces
/// before it.
pub(super) fn extent(text: &str, span: Span) -> Span {
    let (s, e) = (span.start as usize, span.end as usize);
    match (starts_line(text, s), line_rest(text, e)) {
        (true, Some(end)) => {
            let first = line_start(text, s);
            // Only a line with a comment marker can be a comment line: the
            // document is lexed for its comments only when the line above
            // has one (most items have none above them).
            let above = &text[first.checked_sub(1).map_or(0, |p| line_start(text, p))..first];
            let mut start = if ["#", "//", "*/"].iter().any(|m| above.contains(m)) {
                let comments = hcldecode_spec::syntax::native::comment_spans(text);
                comment_lines_above(text, &comments, first)
            } else {
                first
            };
            // A byte order mark stays at the start of the file.
            if start == 0 && text.starts_with('\u{feff}') {
                start = 3;
            }
            Span::new(start as u32, end as u32)
        }
        _ => {
            let before = text[..s].trim_end_matches([' ', '\t']).len();
            Span::new(before as u32, e as u32)
        }
    }
}

/// The span to remove with an item: its [`extent`], and a blank line
/// before it when a blank line or the end of its body follows, so that
/// removing an item between blank lines leaves one; the first item of a
/// body (`body` is where its items start and end) takes the blank line
/// after it, so the body does not start with one.
pub(super) fn removal(text: &str, span: Span, body: (usize, usize)) -> Span {
    let (body_start, body_end) = body;
    let ext = extent(text, span);
    let (s, e) = (ext.start as usize, ext.end as usize);
    if !starts_line(text, span.start as usize) || (s > 0 && text.as_bytes()[s - 1] != b'\n') {
        return ext;
    }
    let first = text
        .get(body_start.min(s)..s)
        .is_some_and(|before| before.trim_start_matches('\u{feff}').trim().is_empty());
    if first && e < body_end && is_blank_line(text, e) {
        let after = text[e..].find('\n').map_or(text.len(), |n| e + n + 1);
        return Span::new(s as u32, after as u32);
    }
    if s == 0 {
        return ext;
    }
    let prev = line_start(text, s - 1);
    let ends_body = e >= body_end || text[e..body_end].trim().is_empty();
    if is_blank_line(text, prev) && (is_blank_line(text, e) || ends_body) {
        return Span::new(prev as u32, e as u32);
    }
    ext
}

/// The items of a body in source order: attributes (`Ok`) and blocks.
pub(super) fn items(body: &ast::Body) -> Vec<(Span, Result<&ast::Attribute, &ast::Block>)> {
    let mut all: Vec<_> = body
        .attributes
        .iter()
        .map(|a| (a.span(), Ok(a)))
        .chain(body.blocks.iter().map(|b| (b.span(), Err(b))))
        .collect();
    all.sort_by_key(|(s, _)| s.start);
    all
}

/// A name's width as the formatter measures alignment cells (the one
/// measure: [`format::cell_columns`](crate::format::cell_columns)).
fn width(s: &str) -> usize {
    crate::format::cell_columns(s)
}

/// The attributes whose `=` signs hclfmt lines up with `name`'s: the run
/// of lines holding it as the formatter forms runs
/// ([`format::equals_runs`](crate::format::equals_runs): a line that opens
/// a multi-line value is in none and ends the run; the line after a
/// heredoc's closing marker continues it). Indices into `body.attributes`;
/// `name` alone when its line is in no run.
fn run_of(src: &SourceFile, body: &ast::Body, name: &str) -> Vec<usize> {
    let Some(at) = body.attribute_index(src, name) else {
        return Vec::new();
    };
    let eq = body.attributes[at].equals().start;
    let runs = crate::format::equals_runs(src.source());
    let Some(run) = runs.iter().find(|r| r.contains(&eq)) else {
        return vec![at];
    };
    run.iter()
        .filter_map(|&e| body.attributes.iter().position(|a| a.equals().start == e))
        .collect()
}

/// The splices that align `=` in the run holding attribute `name` after
/// it was added or renamed: when the other attributes of the run are
/// aligned among themselves, every attribute's name is padded to the
/// longest name of the run and one space (hclfmt's layout); otherwise only
/// `name` is given one space. Each splice replaces the spaces between a
/// name and its `=`; the list is in source order.
pub(super) fn alignment(src: &SourceFile, body: &ast::Body, name: &str) -> Vec<(Span, String)> {
    let text = src.source();
    let run = run_of(src, body, name);
    let gap = |i: usize| {
        let a = &body.attributes[i];
        Span::new(a.name.end, a.equals().start)
    };
    let name_width = |i: usize| width(src.text(body.attributes[i].name));
    let others: Vec<usize> = run
        .iter()
        .copied()
        .filter(|&i| src.text(body.attributes[i].name) != name)
        .collect();
    let plain = |i: usize| {
        let g = text[gap(i).start as usize..gap(i).end as usize].to_string();
        !g.is_empty() && g.chars().all(|c| c == ' ')
    };
    let columns: Vec<usize> = others
        .iter()
        .map(|&i| name_width(i) + gap(i).len() as usize)
        .collect();
    let aligned = !others.is_empty()
        && others.iter().all(|&i| plain(i))
        && columns.iter().all(|&c| c == columns[0]);
    let target: Vec<usize> = if aligned {
        run.clone()
    } else {
        run.iter()
            .copied()
            .filter(|&i| src.text(body.attributes[i].name) == name)
            .collect()
    };
    // The one alignment rule (the formatter's and the encoder's), over
    // the run; a name outside an aligned run gets one space.
    let pads = if aligned {
        let widths: Vec<usize> = target.iter().map(|&i| name_width(i)).collect();
        crate::format::run_padding(&widths)
    } else {
        vec![1; target.len()]
    };
    let mut out = Vec::new();
    for (i, pad) in target.into_iter().zip(pads) {
        let want = " ".repeat(pad);
        let g = gap(i);
        if text[g.start as usize..g.end as usize] != want {
            out.push((g, want));
        }
    }
    out.sort_by_key(|(s, _)| s.start);
    out
}

/// The other attributes of `name`'s run when the whole run is aligned
/// (one column for every `=`, spaces only before it): the names to align
/// again once `name` is gone. `None` when the run is not aligned or is
/// `name` alone.
pub(super) fn aligned_run(src: &SourceFile, body: &ast::Body, name: &str) -> Option<Vec<String>> {
    let text = src.source();
    let run = run_of(src, body, name);
    let column = |i: usize| {
        let a = &body.attributes[i];
        let gap = &text[a.name.end as usize..a.equals().start as usize];
        (!gap.is_empty() && gap.chars().all(|c| c == ' '))
            .then(|| width(src.text(a.name)) + gap.len())
    };
    let columns: Vec<Option<usize>> = run.iter().map(|&i| column(i)).collect();
    let aligned = columns.iter().all(|c| c.is_some() && *c == columns[0]);
    let others: Vec<String> = run
        .iter()
        .map(|&i| src.text(body.attributes[i].name).to_string())
        .filter(|n| n != name)
        .collect();
    (aligned && !others.is_empty()).then_some(others)
}

/// `text` with `indent` after each line break, and its line breaks as
/// `newline`.
pub(super) fn indent_lines(text: &str, indent: &str, newline: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push_str(newline);
            if !line.is_empty() {
                out.push_str(indent);
            }
        }
        out.push_str(line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extent_takes_comments_above_and_after() {
        let text = "a = 1\n\n# about b\n// more\nb = 2 # trailing\nc = 3\n";
        let b = text.find("b = 2").unwrap() as u32;
        let e = extent(text, Span::new(b, b + 5));
        assert_eq!(
            &text[e.start as usize..e.end as usize],
            "# about b\n// more\nb = 2 # trailing\n"
        );
    }

    #[test]
    fn extent_of_an_item_in_a_one_line_block() {
        let text = "x { a = 1 }\n";
        let e = extent(text, Span::new(4, 9));
        assert_eq!(&text[e.start as usize..e.end as usize], " a = 1");
    }

    #[test]
    fn removal_of_a_first_item_takes_the_blank_line_after_it() {
        for (text, item, want) in [
            ("# b\nb {\n}\n\nc = 3\n", "b {\n}", "c = 3\n"),
            ("x {\n  a = 1\n\n  c = 3\n}\n", "a = 1", "x {\n  c = 3\n}\n"),
            ("x {\n  a = 1\n  c = 3\n}\n", "a = 1", "x {\n  c = 3\n}\n"),
        ] {
            let s = text.find(item).unwrap() as u32;
            let end = text
                .rfind('}')
                .filter(|_| text.starts_with('x'))
                .unwrap_or(text.len());
            let start = if text.starts_with('x') { 3 } else { 0 };
            let r = removal(text, Span::new(s, s + item.len() as u32), (start, end));
            let mut out = text.to_string();
            out.replace_range(r.start as usize..r.end as usize, "");
            assert_eq!(out, want);
        }
    }

    #[test]
    fn removal_between_blank_lines_keeps_one() {
        let text = "a = 1\n\nb {\n}\n\nc = 3\n";
        let s = text.find("b {").unwrap() as u32;
        let r = removal(text, Span::new(s, s + 5), (0, text.len()));
        let mut out = text.to_string();
        out.replace_range(r.start as usize..r.end as usize, "");
        assert_eq!(out, "a = 1\n\nc = 3\n");
    }

    #[test]
    fn comment_lines_are_told_apart() {
        // (the text above an item `x = 1`, whether all of it is its comment)
        for (above, is) in [
            ("# a\n", true),
            ("  // b\n", true),
            ("/* c */\n", true),
            ("/* two\n   lines */\n", true),
            ("# one\n/* two\n */\n// three\n", true),
            // A blank line ends the comments of an item.
            ("/* x */\n\n", false),
            ("# x\n\n", false),
            ("/*/\n", false),
            ("y = 1 /* a */\n", false),
            ("b = 1\n", false),
        ] {
            let text = format!("{above}x = 1\n");
            let comments = hcldecode_spec::syntax::native::comment_spans(&text);
            let got = comment_lines_above(&text, &comments, above.len());
            assert_eq!(got == 0, is, "{above:?}: {got}");
        }
        // A heredoc line that looks like a comment is none.
        let text = "a = <<EOT\n# not a comment\nEOT\nx = 1\n";
        let comments = hcldecode_spec::syntax::native::comment_spans(text);
        let at = text.find("x = 1").unwrap();
        assert_eq!(comment_lines_above(text, &comments, at), at);
    }

    #[test]
    fn indent_lines_skips_empty_lines() {
        assert_eq!(
            indent_lines("{\n  a = 1\n\n}", "  ", "\r\n"),
            "{\r\n    a = 1\r\n\r\n  }"
        );
    }
}
