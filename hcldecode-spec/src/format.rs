//! Canonical formatting of native-syntax source: HashiCorp's
//! `hclwrite.Format`, byte for byte.
//!
//! The formatter works on the token stream, as `hclwrite.Format` does, not
//! on a syntax tree: it only changes the spaces between tokens, so it
//! accepts any input, including input that does not parse (the result is
//! then whatever the rules make of the tokens). Three passes run over the
//! lines of tokens:
//!
//! - indentation: two spaces per level, a level being a line that opens
//!   more brackets (`{`, `[`, `(`, `${`, `%{`) than it closes;
//! - spacing: one space or none between the tokens of a line, by the rules
//!   of `hclwrite`'s `spaceAfterToken` (no space inside brackets, around
//!   `.` or before `,`; one around binary operators and inside braces...);
//! - alignment: the `=` of consecutive attribute lines, then their trailing
//!   comments, are aligned in a column.
//!
//! Heredoc and template contents, comments and everything but the spaces
//! and tabs between tokens are kept as they are. Tabs between tokens become
//! spaces, as in `hclwrite`.
//!
//! Where this differs from `hclwrite.Format` (see docs/deviations.md):
//! input whose formatted form would be more than [`MAX_GROWTH`] times its
//! size (plus a mebibyte) — only hostile input, such as a million lines
//! each opening a bracket, gets there — is returned unchanged rather than
//! formatted into gigabytes.
//!
//! ```
//! let out = hcldecode_spec::format::format(b"a=1\nlong_name   =  [ 1,2 ]  # c\nb {\nc=\"x\"\n}\n");
//! assert_eq!(
//!     String::from_utf8(out).unwrap(),
//!     "a         = 1\nlong_name = [1, 2] # c\nb {\n  c = \"x\"\n}\n"
//! );
//! ```

use unicode_segmentation::UnicodeSegmentation;

use crate::source::MAX_FILE_SIZE;
use crate::source::Span;
use crate::syntax::native::token::{Token, TokenKind};
use crate::syntax::native::{LexMode, lex, sanitize_utf8};

/// How many times larger than its input (plus a mebibyte) the output may
/// grow before [`format`] gives up and returns the input unchanged.
pub const MAX_GROWTH: usize = 64;

/// Formats native-syntax source as HashiCorp's `hclwrite.Format` does
/// (see the [module docs](self)). Never fails: input that does not parse
/// is formatted as far as its tokens allow.
///
/// ```
/// use hcldecode_spec::format::format;
/// assert_eq!(format(b"x = {a=1,b = [ for v in  y: v ]}\n"), b"x = { a = 1, b = [for v in y : v] }\n");
/// // Already formatted input comes back unchanged.
/// assert_eq!(format(b"a = 1\n"), b"a = 1\n");
/// ```
pub fn format(src: &[u8]) -> Vec<u8> {
    if src.len() > MAX_FILE_SIZE {
        return src.to_vec();
    }
    let text = match std::str::from_utf8(src) {
        Ok(s) => std::borrow::Cow::Borrowed(s),
        Err(_) => std::borrow::Cow::Owned(sanitize_utf8(src.to_vec())),
    };
    format_lexed(
        src,
        &text,
        lex(&text, Span::new(0, text.len() as u32), LexMode::Normal),
    )
}

/// [`format`] of `src` (its text `text`, mended where it is not UTF-8)
/// from its tokens.
fn format_lexed(src: &[u8], text: &str, toks: Vec<Token>) -> Vec<u8> {
    let mut f = Formatter::new(text.as_bytes(), &toks, 0);
    f.run();
    match f.output_len() {
        Some(n) if within_growth(src, n) => f.write(src, n),
        _ => src.to_vec(),
    }
}

/// Whether output of `n` bytes for `src` is within [`MAX_GROWTH`].
fn within_growth(src: &[u8], n: usize) -> bool {
    n <= src.len().saturating_mul(MAX_GROWTH).saturating_add(1 << 20)
}

/// Pieces shorter than this are formatted with the piece before them.
const MIN_PIECE: usize = 256 * 1024;

/// [`format`] on up to `threads` threads: a large input is cut where a
/// large file is parsed in pieces (at the start of a line after a `}`
/// alone on its line), and the pieces are formatted at once. The result
/// is [`format`]'s, byte for byte: a piece is taken only when its tokens
/// are the whole input's (its scan ends at the top level, with no
/// comment left open) and it ends with no indentation level open, so the
/// next piece starts where a whole run would be (its lines indented from
/// the left margin; alignment runs end at the `}` line). Otherwise the
/// input is scanned in pieces and laid out whole; inputs under half a
/// megabyte are formatted whole.
///
/// ```
/// use hcldecode_spec::format::{format, format_on};
/// let src = "job \"a\" {\nx=1\n}\n".repeat(50_000);
/// assert_eq!(format_on(src.as_bytes(), 2), format(src.as_bytes()));
/// ```
pub fn format_on(src: &[u8], threads: usize) -> Vec<u8> {
    format_in_pieces(src, threads, MIN_PIECE)
        .unwrap_or_else(|| format_scanned_in_pieces(src, threads, MIN_PIECE))
}

/// [`format`], the input scanned in pieces of at least `min_piece` bytes
/// on up to `threads` threads and laid out whole: for inputs whose pieces
/// cannot be formatted on their own (cut inside blocks, as in a file
/// without indentation). Public for the differential tests.
#[doc(hidden)]
pub fn format_scanned_in_pieces(src: &[u8], threads: usize, min_piece: usize) -> Vec<u8> {
    if threads < 2 || src.len() > MAX_FILE_SIZE {
        return format(src);
    }
    let Ok(text) = std::str::from_utf8(src) else {
        return format(src);
    };
    let cuts = crate::syntax::native::split::cut_points(src, threads, min_piece, false);
    if cuts.len() < 3 {
        return format(src);
    }
    let last = cuts.len() - 2;
    // Each piece but the last must end outside strings, heredocs and
    // comments for the next to scan as in the whole input.
    let scan = |k: usize| -> Option<Vec<Token>> {
        let span = Span::new(cuts[k] as u32, cuts[k + 1] as u32);
        if k == last {
            Some(lex(text, span, LexMode::Normal))
        } else {
            crate::syntax::native::lexer::lex_closed(text, span)
        }
    };
    let Some(pieces) = on_threads(last + 1, &scan) else {
        return format(src);
    };
    let mut toks = Vec::with_capacity(pieces.iter().map(Vec::len).sum());
    for (k, mut p) in pieces.into_iter().enumerate() {
        // Only the whole input's end of input is kept.
        if k < last {
            p.pop_if(|t| t.kind == TokenKind::Eof);
        }
        toks.append(&mut p);
    }
    format_lexed(src, text, toks)
}

/// `job(k)` for each `k` in `0..n` at once, in order; `None` when any
/// gives `None`.
fn on_threads<T: Send>(n: usize, job: &(impl Fn(usize) -> Option<T> + Sync)) -> Option<Vec<T>> {
    crate::threads::in_order(n, job).into_iter().collect()
}

/// [`format_on`] with pieces of at least `min_piece` bytes: `None` where
/// the input is formatted whole. Public for the differential tests, which
/// cut small inputs.
#[doc(hidden)]
pub fn format_in_pieces(src: &[u8], threads: usize, min_piece: usize) -> Option<Vec<u8>> {
    if threads < 2 || src.len() > MAX_FILE_SIZE {
        return None;
    }
    let text = std::str::from_utf8(src).ok()?;
    let cuts = crate::syntax::native::split::cut_points(src, threads, min_piece, true);
    if cuts.len() < 3 {
        return None;
    }
    let last = cuts.len() - 2;
    let piece = |k: usize| -> Option<Vec<u8>> {
        let span = Span::new(cuts[k] as u32, cuts[k + 1] as u32);
        let toks = crate::syntax::native::lexer::lex_closed(text, span)?;
        let mut f = Formatter::new(src, &toks, cuts[k]);
        let closed = f.run();
        // The last piece may leave levels open: nothing follows it.
        if !closed && k < last {
            return None;
        }
        let n = f.output_len()?;
        Some(f.write(src, n))
    };
    let pieces = on_threads(last + 1, &piece)?;
    let out = pieces.concat();
    within_growth(src, out.len()).then_some(out)
}

/// Whether `src` is already formatted: [`format`] would return it as is.
///
/// ```
/// assert!(hcldecode_spec::format::is_formatted(b"a = 1\n"));
/// assert!(!hcldecode_spec::format::is_formatted(b"a=1\n"));
/// ```
pub fn is_formatted(src: &[u8]) -> bool {
    format(src) == src
}

/// The runs of lines whose `=` signs [`format`] lines up, as
/// `hclwrite.Format` forms them: consecutive lines holding an `=` after
/// which the line's brackets balance (so `type = object({` ends a run and
/// is not in one, and a heredoc's lines through its closing marker are one
/// line of the run). Each run is the byte offsets of its `=` tokens, in
/// source order. The one statement of hclfmt's alignment runs, for the
/// editor as for the formatter.
///
/// ```
/// let src = "a = 1\nbb = 2\nc = {\n  d = 3\n}\n\ne = <<EOT\nx\nEOT\nf = 4\n";
/// let runs = hcldecode_spec::format::equals_runs(src);
/// let at = |s: &str| src.find(s).unwrap() as u32 + s.find('=').unwrap() as u32;
/// assert_eq!(runs, vec![vec![at("a ="), at("bb =")], vec![at("d =")], vec![at("e ="), at("f =")]]);
/// ```
pub fn equals_runs(src: &str) -> Vec<Vec<u32>> {
    if src.len() > MAX_FILE_SIZE {
        return Vec::new();
    }
    let toks = lex(src, Span::new(0, src.len() as u32), LexMode::Normal);
    let mut f = Formatter::new(src.as_bytes(), &toks, 0);
    f.split_lines();
    let mut runs: Vec<Vec<u32>> = Vec::new();
    let mut open = false;
    for l in &f.lines {
        if l.has_assign() {
            let at = toks[l.lead_end].span.start;
            match runs.last_mut() {
                Some(run) if open => run.push(at),
                _ => runs.push(vec![at]),
            }
            open = true;
        } else {
            open = false;
        }
    }
    runs
}

/// The spaces before the `=` of each line of a run of attribute lines
/// whose lead cells (the name before the `=`) are `widths` columns wide:
/// hclwrite pads every lead to the run's widest, and one space more. The
/// one rule of alignment: the formatter applies it to the runs it finds,
/// the encoder to the runs it writes.
///
/// ```
/// assert_eq!(hcldecode_spec::format::run_padding(&[1, 4, 2]), vec![4, 1, 3]);
/// ```
pub fn run_padding(widths: &[usize]) -> Vec<usize> {
    let max = widths.iter().copied().max().unwrap_or(0);
    widths.iter().map(|w| max - w + 1).collect()
}

/// The columns a cell of `text` (an attribute's name, a quoted key) takes
/// as the formatter measures cells for alignment: hclwrite's
/// `Tokens.Columns`, the grapheme clusters of each token (so a combining
/// mark after a quote counts on its own), with the spaces between tokens
/// as written.
///
/// ```
/// use hcldecode_spec::format::cell_columns;
/// assert_eq!(cell_columns("port"), 4);
/// assert_eq!(cell_columns("\"caf\u{e9}\""), 6);
/// // The combining accent opens the quoted text: a cluster of its own.
/// assert_eq!(cell_columns("\"\u{301}x\""), 4);
/// ```
#[inline]
pub fn cell_columns(text: &str) -> usize {
    // ASCII text (names, most values) is one column a byte; inlined into
    // callers in other crates for that case.
    if text.is_ascii() {
        return text.len();
    }
    unicode_columns(text)
}

/// [`cell_columns`] of text past ASCII: grapheme clusters token by token.
fn unicode_columns(text: &str) -> usize {
    let toks = lex(text, Span::new(0, text.len() as u32), LexMode::Normal);
    let mut n = 0;
    let mut at = 0usize;
    for t in &toks {
        let (start, end) = (t.span.start as usize, t.span.end as usize);
        if start > at {
            n += start - at;
        }
        n += token_columns(text.as_bytes().get(start..end).unwrap_or(&[]));
        at = end;
    }
    n
}

/// The grapheme clusters of one token's bytes (its bytes where they are not
/// UTF-8).
fn token_columns(b: &[u8]) -> usize {
    if b.is_ascii() {
        return b.len();
    }
    match std::str::from_utf8(b) {
        Ok(s) => s.graphemes(true).count(),
        Err(_) => b.len(),
    }
}

/// One line of tokens, split into `hclwrite`'s cells: `lead` is
/// `start..lead_end`, `assign` is `lead_end..assign_end` (absent when
/// empty) and `comment`, when present, is the token at `assign_end`.
#[derive(Clone, Copy, Debug)]
struct Line {
    start: usize,
    lead_end: usize,
    assign_end: usize,
    comment: bool,
}

impl Line {
    fn has_assign(&self) -> bool {
        self.assign_end > self.lead_end
    }
}

struct Formatter<'a> {
    text: &'a [u8],
    toks: &'a [Token],
    /// The spaces before each token.
    spaces: Vec<usize>,
    lines: Vec<Line>,
}

fn bracket_change(k: TokenKind) -> i64 {
    use TokenKind::*;
    match k {
        OBrace | OBrack | OParen | TemplateControl | TemplateInterp => 1,
        CBrace | CBrack | CParen | TemplateSeqEnd => -1,
        _ => 0,
    }
}

impl<'a> Formatter<'a> {
    /// The formatter of `toks`, tokens of `text` from offset `from` on.
    fn new(text: &'a [u8], toks: &'a [Token], from: usize) -> Formatter<'a> {
        let mut spaces = Vec::with_capacity(toks.len());
        let mut last = from;
        for t in toks {
            let s = t.span.start as usize;
            spaces.push(s.saturating_sub(last));
            last = t.span.end as usize;
        }
        Formatter {
            text,
            toks,
            spaces,
            lines: Vec::new(),
        }
    }

    fn bytes(&self, i: usize) -> &'a [u8] {
        let t = self.toks[i];
        self.text
            .get(t.span.start as usize..t.span.end as usize)
            .unwrap_or(&[])
    }

    fn kind(&self, i: usize) -> TokenKind {
        self.toks[i].kind
    }

    fn is_newline(&self, i: usize) -> bool {
        match self.kind(i) {
            TokenKind::Newline => true,
            TokenKind::Comment => self.bytes(i).last() == Some(&b'\n'),
            _ => false,
        }
    }

    /// Lays the tokens out; whether no indentation level is left open at
    /// the end.
    fn run(&mut self) -> bool {
        self.split_lines();
        let closed = self.indent();
        self.space();
        self.align();
        closed
    }

    /// `linesForFormat`.
    fn split_lines(&mut self) {
        // Every token but the final end of input belongs to a line.
        let n = self.toks.len().saturating_sub(usize::from(
            self.toks.last().map(|t| t.kind) == Some(TokenKind::Eof),
        ));
        let mut start = 0;
        let mut bounds = Vec::new();
        for i in 0..n {
            if self.is_newline(i) {
                bounds.push((start, i + 1));
                start = i + 1;
            }
        }
        bounds.push((start, n));
        self.lines.reserve(bounds.len());
        for (s, e) in bounds {
            let mut end = e;
            let mut comment = false;
            if e - s > 1 && self.kind(e - 1) == TokenKind::Comment {
                comment = true;
                end = e - 1;
            }
            let mut lead_end = end;
            for i in s + 1..end {
                if self.kind(i) == TokenKind::Equal {
                    let net: i64 = (i..end).map(|j| bracket_change(self.kind(j))).sum();
                    if net == 0 {
                        lead_end = i;
                    }
                    break;
                }
            }
            self.lines.push(Line {
                start: s,
                lead_end,
                assign_end: end,
                comment,
            });
        }
    }

    /// `formatIndent`; whether no level is open at the end.
    fn indent(&mut self) -> bool {
        let mut indents: Vec<i64> = Vec::new();
        for li in 0..self.lines.len() {
            let line = self.lines[li];
            if line.start == line.lead_end {
                continue;
            }
            if self.kind(line.start) == TokenKind::Newline {
                self.spaces[line.start] = 0;
                continue;
            }
            let mut net = 0i64;
            for i in line.start..line.lead_end {
                net += bracket_change(self.kind(i));
                if self.kind(i) == TokenKind::OHeredoc {
                    break;
                }
            }
            for i in line.lead_end..line.assign_end {
                net += bracket_change(self.kind(i));
            }
            if net > 0 {
                self.spaces[line.start] = 2 * indents.len();
                indents.push(net);
                continue;
            }
            let mut closed = -net;
            while closed > 0 {
                let Some(top) = indents.last_mut() else { break };
                if closed > *top {
                    closed -= *top;
                    indents.pop();
                } else if closed < *top {
                    *top -= closed;
                    closed = 0;
                } else {
                    indents.pop();
                    closed = 0;
                }
            }
            self.spaces[line.start] = 2 * indents.len();
        }
        indents.is_empty()
    }

    /// `formatSpaces`.
    fn space(&mut self) {
        for li in 0..self.lines.len() {
            let line = self.lines[li];
            self.space_cell(line.start, line.lead_end);
            if line.has_assign() {
                self.spaces[line.lead_end] = 1;
                self.space_cell(line.lead_end, line.assign_end);
            }
        }
    }

    fn space_cell(&mut self, start: usize, end: usize) {
        for i in start..end.saturating_sub(1) {
            let before = if i > start { Some(i - 1) } else { None };
            self.spaces[i + 1] = usize::from(self.space_after(i, before, i + 1));
        }
    }

    /// `spaceAfterToken`.
    fn space_after(&self, subject: usize, before: Option<usize>, after: usize) -> bool {
        use TokenKind::*;
        let s = self.kind(subject);
        let a = self.kind(after);
        let b = before.map(|i| self.kind(i));
        if a == Newline {
            return false;
        }
        if s == Ident && a == OParen {
            return false;
        }
        if (s == Ident && a == DoubleColon) || (s == DoubleColon && a == Ident) {
            return false;
        }
        if s == Dot || a == Dot {
            return false;
        }
        if a == Comma || a == Ellipsis {
            return false;
        }
        if s == Comma {
            return true;
        }
        if matches!(s, QuotedLit | StringLit | OQuote | OHeredoc)
            || matches!(a, QuotedLit | StringLit | CQuote | CHeredoc)
        {
            return false;
        }
        if s == Ident && self.bytes(subject) == b"in" && b == Some(Ident) {
            return true;
        }
        if a == OBrack && (s == Ident || s == NumberLit || bracket_change(s) < 0) {
            return false;
        }
        if s == Bang {
            return false;
        }
        if s == Minus {
            return match b {
                None => false,
                Some(
                    OParen | OBrace | OBrack | Equal | Colon | Comma | Question | Plus | Star
                    | Slash | Percent | Minus | EqualOp | NotEqual | GreaterThan | GreaterThanEq
                    | LessThan | LessThanEq | And | Or | Bang,
                ) => false,
                Some(_) => true,
            };
        }
        if s == OBrace || a == CBrace {
            return !(s == OBrace && a == CBrace);
        }
        if matches!(s, TemplateInterp | TemplateControl) && a == OBrace {
            return true;
        }
        if s == CBrace && a == TemplateSeqEnd {
            return true;
        }
        if s == TemplateSeqEnd && matches!(a, TemplateInterp | TemplateControl) {
            return false;
        }
        if bracket_change(s) > 0 {
            return false;
        }
        if bracket_change(a) < 0 {
            return false;
        }
        true
    }

    /// `Tokens.Columns` of `start..end`: spaces and grapheme clusters.
    fn columns(&self, start: usize, end: usize) -> usize {
        let mut n = 0;
        for i in start..end {
            n += self.spaces[i] + token_columns(self.bytes(i));
        }
        n
    }

    /// `formatCells`: aligns the `=` of runs of attribute lines, then the
    /// trailing comments of runs of commented lines.
    fn align(&mut self) {
        let mut widths = vec![0usize; self.lines.len()];
        let mut chain_start: Option<usize> = None;
        for li in 0..=self.lines.len() {
            let line = self.lines.get(li).copied();
            match line {
                Some(l) if l.has_assign() => {
                    chain_start.get_or_insert(li);
                    widths[li] = self.columns(l.start, l.lead_end);
                }
                _ => {
                    if let Some(cs) = chain_start.take() {
                        let pads = run_padding(&widths[cs..li]);
                        for (l, pad) in self.lines[cs..li].iter().zip(pads) {
                            self.spaces[l.lead_end] = pad;
                        }
                    }
                }
            }
        }
        for li in 0..=self.lines.len() {
            let line = self.lines.get(li).copied();
            match line {
                Some(l) if l.comment => {
                    chain_start.get_or_insert(li);
                    widths[li] = self.columns(l.start, l.assign_end);
                }
                _ => {
                    if let Some(cs) = chain_start.take() {
                        let pads = run_padding(&widths[cs..li]);
                        for (l, pad) in self.lines[cs..li].iter().zip(pads) {
                            self.spaces[l.assign_end] = pad;
                        }
                    }
                }
            }
        }
    }

    /// The length of the output, `None` past `usize`.
    fn output_len(&self) -> Option<usize> {
        let mut n: usize = 0;
        for (i, t) in self.toks.iter().enumerate() {
            n = n
                .checked_add(self.spaces[i])?
                .checked_add((t.span.end - t.span.start) as usize)?;
        }
        Some(n)
    }

    /// Writes the tokens, with their original bytes from `src`, and the
    /// spaces before them. Where the spaces before a token are the ones
    /// the source has there, the token joins the run of source bytes
    /// copied at once (most of an already formatted input is one run).
    fn write(&self, src: &[u8], len: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity(len);
        // `src[run..prev]` is what the tokens since `run` write.
        let mut run = src.len();
        let mut prev = src.len();
        for (i, t) in self.toks.iter().enumerate() {
            let (s, e) = (t.span.start as usize, t.span.end as usize);
            let kept = src
                .get(prev..s)
                .is_some_and(|gap| gap.len() == self.spaces[i] && gap.iter().all(|&b| b == b' '));
            if kept && e <= src.len() && s <= e {
                prev = e;
                continue;
            }
            out.extend_from_slice(&src[run..prev]);
            out.resize(out.len() + self.spaces[i], b' ');
            if s <= e && e <= src.len() {
                (run, prev) = (s, e);
            } else {
                (run, prev) = (src.len(), src.len());
            }
        }
        out.extend_from_slice(&src[run..prev]);
        out
    }
}

#[cfg(test)]
#[path = "format/tests.rs"]
mod tests;
