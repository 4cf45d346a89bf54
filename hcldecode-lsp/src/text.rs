//! Positions: byte offsets in a document's text and the protocol's
//! line/UTF-16 positions, both ways, and incremental edits.

use std::ops::Deref;
use std::sync::{Arc, OnceLock};

use hcldecode::Diagnostics;
use hcldecode_spec::syntax::native::{self, ast};

use lsp_types::{Position, Range};

/// Where the lines of a text start: the byte offset of each line (the
/// first at 0, then one after every line ending: `\n`, `\r\n` or a `\r`
/// alone, as the protocol counts lines), sorted, so a byte offset finds
/// its line by binary search instead of by counting newlines from the
/// start of the text for every conversion.
///
/// It holds no text: each conversion takes the text it was built from.
/// [`Document`] keeps the two together.
///
/// ```
/// use hcldecode_lsp::text::LineIndex;
/// let text = "a = 1\nb = \"é\"\n";
/// let lines = LineIndex::new(text);
/// assert_eq!(lines.line_count(), 3);
/// assert_eq!(lines.position(text, 13), lsp_types::Position::new(1, 6));
/// assert_eq!(lines.offset(text, lsp_types::Position::new(1, 6)), 13);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineIndex {
    /// The byte offset of each line's start; never empty (`starts[0] == 0`).
    starts: Vec<usize>,
    /// The length of the text it was built from, to catch a text that is
    /// not that one before it slices out of bounds.
    len: usize,
}

impl LineIndex {
    /// The index of `text`'s lines (one pass over its bytes).
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        let bytes = text.as_bytes();
        starts.extend(
            bytes
                .iter()
                .enumerate()
                // A `\r` before a `\n` ends its line with that `\n`.
                .filter(|&(i, &b)| b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')))
                .map(|(i, _)| i + 1),
        );
        LineIndex {
            starts,
            len: text.len(),
        }
    }

    /// How many lines the text has: one more than its line endings (a
    /// text ending in `\n` has an empty last line, where its end is).
    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// The position of byte offset `byte` of `text` (the text this index
    /// was built from): its line and its column in UTF-16 code units, as
    /// the protocol counts them. An offset past the end, or inside a
    /// character, is taken at the end of that character or text; one
    /// between the `\r` and the `\n` of a line ending, at the end of its
    /// line (a position is never inside a line ending).
    pub fn position(&self, text: &str, byte: usize) -> Position {
        debug_assert_eq!(text.len(), self.len, "a line index of another text");
        let mut byte = byte.min(text.len());
        while !text.is_char_boundary(byte) {
            byte += 1;
        }
        let bytes = text.as_bytes();
        if byte > 0 && bytes[byte - 1] == b'\r' && bytes.get(byte) == Some(&b'\n') {
            byte -= 1;
        }
        // The last line starting at or before `byte`; `starts[0] == 0`, so
        // there is one.
        let line = self
            .starts
            .partition_point(|&s| s <= byte)
            .saturating_sub(1);
        let line_start = self.starts.get(line).copied().unwrap_or(0);
        let character: usize = text
            .get(line_start..byte)
            .unwrap_or("")
            .chars()
            .map(char::len_utf16)
            .sum();
        Position::new(to_u32(line), to_u32(character))
    }

    /// The byte offset of a protocol position in `text` (the text this
    /// index was built from): a line past the end is the end of the text,
    /// a column past the end of its line the line's end, a column inside a
    /// surrogate pair the start of its character.
    pub fn offset(&self, text: &str, pos: Position) -> usize {
        debug_assert_eq!(text.len(), self.len, "a line index of another text");
        let line = pos.line as usize;
        let Some(&line_start) = self.starts.get(line) else {
            return text.len();
        };
        let line_start = line_start.min(text.len());
        // The next line's start is one past this line's `\n` (or `\r`),
        // and a `\n` may end a `\r\n`.
        let line_end = self
            .starts
            .get(line + 1)
            .map_or(text.len(), |&next| {
                let end = next - 1;
                if text.as_bytes()[end] == b'\n' && end > 0 && text.as_bytes()[end - 1] == b'\r' {
                    end - 1
                } else {
                    end
                }
            })
            .clamp(line_start, text.len());
        let mut units = 0usize;
        for (i, c) in text.get(line_start..line_end).unwrap_or("").char_indices() {
            let next = units + c.len_utf16();
            if next > pos.character as usize {
                return line_start + i;
            }
            units = next;
        }
        line_end
    }

    /// The protocol range of bytes `start..end` of `text` (the text this
    /// index was built from); an `end` before `start` is taken as `start`.
    pub fn range(&self, text: &str, start: usize, end: usize) -> Range {
        Range::new(
            self.position(text, start),
            self.position(text, end.max(start)),
        )
    }
}

/// A document's text with its [`LineIndex`], built once per version of
/// the text (when it is created and on each change), so that every
/// conversion between byte offsets and protocol positions a request makes
/// is a binary search. It dereferences to the text.
///
/// ```
/// use hcldecode_lsp::text::Document;
/// use lsp_types::{Position, Range};
/// let mut doc = Document::new("a = 1\n");
/// doc.apply_change(Some(Range::new(Position::new(1, 0), Position::new(1, 0))), "b = \"😀\"\n");
/// assert_eq!(doc.text(), "a = 1\nb = \"😀\"\n");
/// assert_eq!(doc.position(doc.rfind('"').unwrap()), Position::new(1, 7));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Document {
    text: String,
    lines: LineIndex,
    /// The native syntax tree of this version, parsed by the first request
    /// that needs it, so that a document is parsed once per change, not
    /// once per request.
    tree: TreeCache,
}

/// A native syntax tree and its parse diagnostics, for one name (a tree's
/// ranges name its file).
#[derive(Debug)]
pub(crate) struct Parsed {
    pub(crate) name: String,
    pub(crate) tree: ast::File,
    pub(crate) diags: Diagnostics,
}

/// [`Document`]'s cached tree: empty until asked for, emptied by a change;
/// a clone shares it, and it takes no part in comparisons (it is a
/// function of the text).
#[derive(Clone, Default)]
struct TreeCache(OnceLock<Arc<Parsed>>);

impl PartialEq for TreeCache {
    fn eq(&self, _: &TreeCache) -> bool {
        true
    }
}

impl Eq for TreeCache {}

impl std::fmt::Debug for TreeCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.get().is_some() {
            "TreeCache(parsed)"
        } else {
            "TreeCache(empty)"
        })
    }
}

impl Document {
    /// A document of `text`, its lines indexed.
    pub fn new(text: impl Into<String>) -> Document {
        let text = text.into();
        let lines = LineIndex::new(&text);
        Document {
            text,
            lines,
            tree: TreeCache::default(),
        }
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The index of the text's lines.
    pub fn lines(&self) -> &LineIndex {
        &self.lines
    }

    /// The position of byte offset `byte` ([`LineIndex::position`]).
    pub fn position(&self, byte: usize) -> Position {
        self.lines.position(&self.text, byte)
    }

    /// The byte offset of a protocol position ([`LineIndex::offset`]).
    pub fn offset(&self, pos: Position) -> usize {
        self.lines.offset(&self.text, pos)
    }

    /// The protocol range of bytes `start..end` ([`LineIndex::range`]).
    pub fn range(&self, start: usize, end: usize) -> Range {
        self.lines.range(&self.text, start, end)
    }

    /// Applies one `didChange` content change (a ranged replacement, or
    /// the whole text when the change has no range) and indexes the new
    /// text's lines: the next change of the same notification, and every
    /// request until the next one, converts positions of this version.
    pub fn apply_change(&mut self, range: Option<Range>, new_text: &str) {
        match range {
            None => self.text = new_text.to_string(),
            Some(r) => {
                let start = self.offset(r.start);
                let end = self.offset(r.end).max(start);
                self.text.replace_range(start..end, new_text);
            }
        }
        self.lines = LineIndex::new(&self.text);
        self.tree = TreeCache::default();
    }

    /// The native syntax tree of this version of the text, as a file named
    /// `name`, and its parse diagnostics: parsed on the first call, then
    /// shared until the text changes (a call with another name parses
    /// again, uncached).
    pub(crate) fn parsed(&self, name: &str) -> Arc<Parsed> {
        let parse = || {
            let (source, _) = native::source_from_text(name, self.text.clone());
            let (tree, diags) = native::parse_config(source);
            Arc::new(Parsed {
                name: name.to_string(),
                tree,
                diags,
            })
        };
        let cached = self.tree.0.get_or_init(parse);
        if cached.name == name {
            cached.clone()
        } else {
            parse()
        }
    }
}

impl Deref for Document {
    type Target = str;

    fn deref(&self) -> &str {
        &self.text
    }
}

impl From<&str> for Document {
    fn from(text: &str) -> Document {
        Document::new(text)
    }
}

impl From<String> for Document {
    fn from(text: String) -> Document {
        Document::new(text)
    }
}

/// The position of byte offset `byte` of `text`
/// ([`LineIndex::position`]). It indexes the whole text for the one
/// conversion: for more than one, convert through a [`Document`] or a
/// [`LineIndex`] built once.
///
/// ```
/// use hcldecode_lsp::text::position;
/// // "😀" is two UTF-16 units (four bytes, one grapheme cluster).
/// assert_eq!(position("a = \"😀\" + x\n", 13), lsp_types::Position::new(0, 11));
/// ```
pub fn position(text: &str, byte: usize) -> Position {
    LineIndex::new(text).position(text, byte)
}

/// The byte offset of a protocol position in `text`
/// ([`LineIndex::offset`]; one conversion, as [`position`]).
///
/// ```
/// use hcldecode_lsp::text::offset;
/// assert_eq!(offset("é = 1\nb = 2\n", lsp_types::Position::new(0, 1)), 2);
/// assert_eq!(offset("é = 1\nb = 2\n", lsp_types::Position::new(1, 4)), 11);
/// ```
pub fn offset(text: &str, pos: Position) -> usize {
    LineIndex::new(text).offset(text, pos)
}

/// The protocol range of bytes `start..end` of `text`
/// ([`LineIndex::range`]; one conversion, as [`position`]).
///
/// ```
/// let r = hcldecode_lsp::text::range("ü = x\n", 5, 6);
/// assert_eq!((r.start.character, r.end.character), (4, 5));
/// ```
pub fn range(text: &str, start: usize, end: usize) -> Range {
    LineIndex::new(text).range(text, start, end)
}

/// Applies one `didChange` content change to a plain string: a ranged
/// replacement, or the whole text when the change has no range
/// ([`Document::apply_change`] for a document kept indexed).
///
/// ```
/// use lsp_types::{Position, Range};
/// let mut text = "a = \"ü\"\n".to_string();
/// let r = Range::new(Position::new(0, 5), Position::new(0, 6));
/// hcldecode_lsp::text::apply_change(&mut text, Some(r), "u");
/// assert_eq!(text, "a = \"u\"\n");
/// ```
pub fn apply_change(text: &mut String, range: Option<Range>, new_text: &str) {
    match range {
        None => *text = new_text.to_string(),
        Some(r) => {
            let lines = LineIndex::new(text);
            let start = lines.offset(text, r.start);
            let end = lines.offset(text, r.end).max(start);
            text.replace_range(start..end, new_text);
        }
    }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// After each change a document's index is the index of its new text,
    /// and the next change of a batch is read in the new text's positions.
    #[test]
    fn documents_reindex_on_every_change() {
        let mut doc = Document::new("x = \"ü\"\ny = \n");
        let changes = [
            (Some(((1, 4), (1, 4))), "2\nz = {\n}"),
            (Some(((2, 5), (3, 1))), "[\"😀\"]"),
            (Some(((0, 0), (1, 0))), ""),
            (None, "a\nb\n"),
            (Some(((9, 0), (9, 0))), "c"),
        ];
        let mut plain = doc.text().to_string();
        for (range, new_text) in changes {
            let range = range.map(|((l0, c0), (l1, c1))| {
                Range::new(Position::new(l0, c0), Position::new(l1, c1))
            });
            doc.apply_change(range, new_text);
            apply_change(&mut plain, range, new_text);
            assert_eq!(doc.text(), plain);
            assert_eq!(doc.lines(), &LineIndex::new(&plain));
        }
        assert_eq!(doc.text(), "a\nb\nc");
        assert_eq!(doc.position(doc.len()), Position::new(2, 1));
    }

    #[test]
    fn utf16_columns_after_multibyte_characters() {
        // "é" is 2 bytes and 1 unit; "😀" is 4 bytes and 2 units.
        let text = "a = \"é😀\"\nb = 1\n";
        let quote = text.rfind('"').unwrap();
        assert_eq!(position(text, quote), Position::new(0, 8));
        assert_eq!(offset(text, Position::new(0, 8)), quote);
        assert_eq!(position(text, text.find('b').unwrap()), Position::new(1, 0));
        // Inside the emoji: the start of it.
        assert_eq!(offset(text, Position::new(0, 6)), text.find('😀').unwrap());
        assert_eq!(offset(text, Position::new(0, 7)), text.find('😀').unwrap());
        // Past the end of a line, past the last line.
        assert_eq!(offset(text, Position::new(0, 99)), text.find('\n').unwrap());
        assert_eq!(offset(text, Position::new(9, 0)), text.len());
        // A byte inside a character counts as the end of it.
        let e = text.find('é').unwrap();
        assert_eq!(position(text, e + 1), Position::new(0, 6));
    }

    #[test]
    fn incremental_edits() {
        let mut text = "x = \"ü\"\ny = \n".to_string();
        apply_change(
            &mut text,
            Some(Range::new(Position::new(1, 4), Position::new(1, 4))),
            "2",
        );
        assert_eq!(text, "x = \"ü\"\ny = 2\n");
        apply_change(
            &mut text,
            Some(Range::new(Position::new(0, 5), Position::new(0, 6))),
            "u",
        );
        assert_eq!(text, "x = \"u\"\ny = 2\n");
        apply_change(&mut text, None, "z = 3\n");
        assert_eq!(text, "z = 3\n");
    }
}
