//! Writing values as HCL text, as `hclfmt` formats it: expressions (on
//! one line where they fit, heredocs where asked for) and runs of aligned
//! `key = value` lines, after checking that a value can be written.

use hcldecode_spec::syntax::is_identifier;

use super::{EncodeError, EncodeOptions};
use crate::value::{Path, PathStep, Value, ValueRef};

/// Columns a tuple of simple elements may reach on one line before it is
/// written one element per line.
pub(super) const WIDTH: usize = 80;

/// Finds the first unknown or infinite part of `v`.
pub(super) fn check(v: &Value, path: &mut Path) -> Result<(), EncodeError> {
    let each = |path: &mut Path, step: PathStep, e: &Value| {
        path.push(step);
        let r = check(e, path);
        path.pop();
        r
    };
    match v.view() {
        ValueRef::Unknown => {
            return Err(EncodeError::Unknown {
                path: path.clone(),
                ty: v.ty().clone(),
            });
        }
        ValueRef::Number(n) if n.is_infinite() => {
            return Err(EncodeError::Infinity { path: path.clone() });
        }
        ValueRef::Null | ValueRef::Bool(_) | ValueRef::Number(_) | ValueRef::String(_) => {}
        ValueRef::List(es) | ValueRef::Tuple(es) => {
            for (i, e) in es.iter().enumerate() {
                let i = i64::try_from(i).unwrap_or(i64::MAX);
                each(path, PathStep::Index(Value::int(i)), e)?;
            }
        }
        ValueRef::Set(es) => {
            for e in es {
                each(path, PathStep::Index(e.clone()), e)?;
            }
        }
        ValueRef::Map(entries) => {
            for (k, e) in entries {
                each(path, PathStep::Index(Value::string_arc(k.clone())), e)?;
            }
        }
        ValueRef::Object(ty, vals) => {
            for ((k, _), e) in ty.attrs().iter().zip(vals) {
                each(path, PathStep::GetAttr(k.clone()), e)?;
            }
        }
    }
    Ok(())
}

/// The one-line text of a value that is always written on one line:
/// null, bools, numbers, strings and empty collections.
pub(super) fn simple(v: &Value) -> Option<String> {
    let mut out = String::new();
    match v.view() {
        ValueRef::Null | ValueRef::Unknown => out.push_str("null"),
        ValueRef::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        ValueRef::Number(n) => out.push_str(&n.to_string()),
        ValueRef::String(s) => hcldecode_spec::syntax::native::write_quoted(&mut out, s),
        ValueRef::List([]) | ValueRef::Set([]) | ValueRef::Tuple([]) => out.push_str("[]"),
        ValueRef::Map([]) | ValueRef::Object(_, []) => out.push_str("{}"),
        _ => return None,
    }
    Some(out)
}

/// The one-line text of `v` if it is written on one line when it starts
/// at column `col`: simple values, and tuples of simple values that fit.
fn one_line(v: &Value, col: usize) -> Option<String> {
    if let Some(s) = simple(v) {
        return Some(s);
    }
    let (ValueRef::List(es) | ValueRef::Set(es) | ValueRef::Tuple(es)) = v.view() else {
        return None;
    };
    let mut out = String::from("[");
    for (i, e) in es.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&simple(e)?);
    }
    out.push(']');
    (col + columns(&out) <= WIDTH).then_some(out)
}

/// Writes `v` starting at column `col`, its inner lines at `indent` (and
/// deeper), its closing bracket at `indent`.
pub(super) fn write_expr(
    out: &mut String,
    v: &Value,
    indent: usize,
    col: usize,
    opts: &EncodeOptions,
) {
    if let Some(text) = heredoc(v, indent, opts) {
        out.push_str(&text);
        return;
    }
    if let Some(s) = one_line(v, col) {
        out.push_str(&s);
        return;
    }
    match v.view() {
        ValueRef::List(es) | ValueRef::Set(es) | ValueRef::Tuple(es) => {
            out.push_str("[\n");
            // An element is followed by a comma on its line, which a
            // heredoc's closing marker cannot have: elements are quoted.
            let elements = EncodeOptions {
                heredocs: false,
                ..*opts
            };
            for e in es {
                push_indent(out, indent + 1);
                write_expr(out, e, indent + 1, 2 * (indent + 1), &elements);
                out.push_str(",\n");
            }
            push_indent(out, indent);
            out.push(']');
        }
        ValueRef::Map(entries) => {
            let keyed: Vec<(String, &Value)> =
                entries.iter().map(|(k, e)| (object_key(k), e)).collect();
            write_object(out, &keyed, indent, opts);
        }
        ValueRef::Object(ty, vals) => {
            let keyed: Vec<(String, &Value)> = ty
                .attrs()
                .iter()
                .map(|(k, _)| object_key(k))
                .zip(vals)
                .collect();
            write_object(out, &keyed, indent, opts);
        }
        // Simple values were written above.
        _ => {}
    }
}

fn write_object(out: &mut String, keyed: &[(String, &Value)], indent: usize, opts: &EncodeOptions) {
    out.push_str("{\n");
    write_entries(out, keyed, indent + 1, opts);
    push_indent(out, indent);
    out.push('}');
}

/// Writes `key = value` lines at `indent`, padding the keys of each run of
/// consecutive one-line values as the formatter does
/// ([`format::run_padding`](crate::format::run_padding) over the keys'
/// [`cell_columns`](crate::format::cell_columns)): hclwrite aligns the `=`
/// of lines whose value is complete on the line; a line opening a
/// multi-line value ends the run.
pub(super) fn write_entries(
    out: &mut String,
    keyed: &[(String, &Value)],
    indent: usize,
    opts: &EncodeOptions,
) {
    let widths: Vec<usize> = keyed.iter().map(|(k, _)| columns(k)).collect();
    // A heredoc's opening line is a complete `name = <<-EOT` line to
    // hclwrite: it is aligned with the lines around it, its text and
    // closing marker left out of the run.
    let lines: Vec<Option<String>> = keyed
        .iter()
        .zip(&widths)
        .map(|((_, e), w)| match heredoc(e, indent, opts) {
            Some(text) => Some(text),
            None => one_line(e, 2 * indent + w + 3),
        })
        .collect();
    let mut i = 0;
    while i < keyed.len() {
        // The run of one-line values (and heredocs) starting at `i`.
        let end = (i..keyed.len())
            .find(|&j| lines[j].is_none())
            .unwrap_or(keyed.len());
        if end == i {
            let (k, e) = &keyed[i];
            push_indent(out, indent);
            out.push_str(k);
            out.push_str(" = ");
            write_expr(out, e, indent, 2 * indent + widths[i] + 3, opts);
            out.push('\n');
            i += 1;
            continue;
        }
        let pads = crate::format::run_padding(&widths[i..end]);
        for (j, pad) in (i..end).zip(pads) {
            push_indent(out, indent);
            out.push_str(&keyed[j].0);
            out.extend(std::iter::repeat_n(' ', pad));
            out.push_str("= ");
            out.push_str(lines[j].as_deref().unwrap_or("null"));
            out.push('\n');
        }
        i = end;
    }
}

/// `v` as an indented heredoc whose lines are at `indent + 1` and whose
/// closing marker is at `indent`, where [`EncodeOptions::heredocs`] asks
/// for one and it reads back as the same string (see there).
fn heredoc(v: &Value, indent: usize, opts: &EncodeOptions) -> Option<String> {
    if !opts.heredocs {
        return None;
    }
    let ValueRef::String(s) = v.view() else {
        return None;
    };
    let mut out = String::new();
    write_heredoc(&mut out, s, indent).then_some(out)
}

/// Appends `s` as an indented heredoc (lines at `indent + 1`, closing
/// marker at `indent`) if it reads back as the same string that way, and
/// says whether it did; nothing is appended otherwise.
pub(super) fn write_heredoc(out: &mut String, s: &str, indent: usize) -> bool {
    // A heredoc's text ends with a newline; a lone newline stays quoted.
    let Some(body) = s.strip_suffix('\n').filter(|b| !b.is_empty()) else {
        return false;
    };
    if !heredoc_chars(s.as_bytes()) {
        return false;
    }
    // One pass over the lines. A line of only spaces or tabs takes part
    // in `<<-`'s stripping in ways that depend on its neighbours: such
    // text is quoted. `<<-` strips the indentation the non-blank lines
    // share: one must have none (be flush), so that only the added
    // indentation is stripped. A line that could be the marker makes
    // the marker be chosen among the lines.
    let mut flush = false;
    let mut marker_like = false;
    for l in body.split('\n') {
        if l.is_empty() {
            continue;
        }
        let t = l.trim();
        if t.is_empty() {
            return false;
        }
        flush |= l.starts_with(|c: char| !c.is_whitespace());
        marker_like |= t.starts_with("EOT");
    }
    if !flush {
        return false;
    }
    let mut marker = String::from("EOT");
    if marker_like {
        let mut n = 0;
        while body.split('\n').any(|l| l.trim() == marker) {
            n += 1;
            marker = format!("EOT{n}");
        }
    }
    out.push_str("<<-");
    out.push_str(&marker);
    out.push('\n');
    for line in body.split('\n') {
        if !line.is_empty() {
            push_indent(out, indent + 1);
            out.push_str(line);
        }
        out.push('\n');
    }
    push_indent(out, indent);
    out.push_str(&marker);
    true
}

#[inline]
pub(super) fn push_indent(out: &mut String, indent: usize) {
    // One copy for the usual depths rather than one per level.
    const SPACES: &str = "                                ";
    match SPACES.get(..2 * indent) {
        Some(s) => out.push_str(s),
        None => (0..indent).for_each(|_| out.push_str("  ")),
    }
}

/// Whether text may be a heredoc's as far as its characters go: no
/// control character but newline and tab (U+0000 to U+001F, U+007F, and
/// U+0080 to U+009F, which UTF-8 writes as C2 80 to C2 9F), and no template
/// sequence (`${`, `%{`), which other readers (hcl-rs) do not unescape
/// in a heredoc.
fn heredoc_chars(b: &[u8]) -> bool {
    let mut prev = 0u8;
    for &c in b {
        let bad = match c {
            b'\n' | b'\t' => false,
            0..=0x1f | 0x7f => true,
            0x80..=0x9f => prev == 0xc2,
            b'{' => prev == b'$' || prev == b'%',
            _ => false,
        };
        if bad {
            return false;
        }
        prev = c;
    }
    true
}

/// Columns as the formatter counts a cell's (hclwrite's `Tokens.Columns`).
pub(super) fn columns(s: &str) -> usize {
    crate::format::cell_columns(s)
}

/// An object key: bare when it is an identifier that the parser reads as
/// a name (not `true`, `false` or `null`, which are literals, nor `for`,
/// which starts a `for` expression), quoted otherwise.
fn object_key(k: &str) -> String {
    let mut out = String::new();
    write_key(&mut out, k);
    out
}

/// Appends `k` as an object key (see [`object_key`]).
pub(super) fn write_key(out: &mut String, k: &str) {
    if is_identifier(k) && !matches!(k, "true" | "false" | "null" | "for") {
        out.push_str(k);
    } else {
        hcldecode_spec::syntax::native::write_quoted(out, k);
    }
}

#[cfg(test)]
mod tests {
    use super::write_heredoc;

    fn heredoc(s: &str) -> Option<String> {
        let mut out = String::new();
        write_heredoc(&mut out, s, 0).then_some(out)
    }

    #[test]
    fn heredocs_only_where_the_text_reads_back() {
        assert_eq!(
            heredoc("a\n\tb\n").as_deref(),
            Some("<<-EOT\n  a\n  \tb\nEOT")
        );
        // Control characters other than newline and tab, ASCII or not.
        for c in ['\u{1}', '\r', '\u{7f}', '\u{80}', '\u{85}', '\u{9f}'] {
            assert_eq!(heredoc(&format!("a{c}b\n")), None, "{c:?}");
        }
        // U+00A0 and U+0100 are not control characters (C2 A0, C4 80).
        assert!(heredoc("a\u{a0}b\n").is_some());
        assert!(heredoc("a\u{100}b\n").is_some());
        assert_eq!(heredoc("x ${y}\n"), None);
        assert_eq!(heredoc("x %{y}\n"), None);
        assert!(heredoc("x $ {y} %\n").is_some());
        // A line of blanks, no flush line, a lone newline.
        assert_eq!(heredoc("a\n  \nb\n"), None);
        assert_eq!(heredoc("  a\n  b\n"), None);
        assert_eq!(heredoc("\n"), None);
        // A line that is the marker moves it on.
        assert_eq!(
            heredoc("EOT\n EOT1\nEOTX\n").as_deref(),
            Some("<<-EOT2\n  EOT\n   EOT1\n  EOTX\nEOT2")
        );
    }
}
