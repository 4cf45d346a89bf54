//! Positions: byte offsets in a document's text and the protocol's
//! line/UTF-16 positions, both ways, and incremental edits.

use lsp_types::{Position, Range};

/// The position of byte offset `byte` of `text`: its line (counting `\n`)
/// and its column in UTF-16 code units, as the protocol counts them. An
/// offset past the end, or inside a character, is taken at the end of
/// that character or text.
///
/// ```
/// use hcldecode_lsp::text::position;
/// // "😀" is two UTF-16 units (four bytes, one grapheme cluster).
/// assert_eq!(position("a = \"😀\" + x\n", 13), lsp_types::Position::new(0, 11));
/// ```
pub fn position(text: &str, byte: usize) -> Position {
    let mut byte = byte.min(text.len());
    while !text.is_char_boundary(byte) {
        byte += 1;
    }
    let before = &text[..byte];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before[..line_start].matches('\n').count();
    let character: usize = before[line_start..].chars().map(char::len_utf16).sum();
    Position::new(to_u32(line), to_u32(character))
}

/// The byte offset of a protocol position in `text`: a line past the end
/// is the end of the text, a column past the end of its line the line's
/// end, a column inside a surrogate pair the start of its character.
///
/// ```
/// use hcldecode_lsp::text::offset;
/// assert_eq!(offset("é = 1\nb = 2\n", lsp_types::Position::new(0, 1)), 2);
/// assert_eq!(offset("é = 1\nb = 2\n", lsp_types::Position::new(1, 4)), 11);
/// ```
pub fn offset(text: &str, pos: Position) -> usize {
    let mut line_start = 0;
    for _ in 0..pos.line {
        match text[line_start..].find('\n') {
            Some(i) => line_start += i + 1,
            None => return text.len(),
        }
    }
    let line_end = text[line_start..]
        .find('\n')
        .map_or(text.len(), |i| line_start + i);
    let mut units = 0usize;
    for (i, c) in text[line_start..line_end].char_indices() {
        let next = units + c.len_utf16();
        if next > pos.character as usize {
            return line_start + i;
        }
        units = next;
    }
    line_end
}

/// The protocol range of bytes `start..end` of `text`.
///
/// ```
/// let r = hcldecode_lsp::text::range("ü = x\n", 5, 6);
/// assert_eq!((r.start.character, r.end.character), (4, 5));
/// ```
pub fn range(text: &str, start: usize, end: usize) -> Range {
    Range::new(position(text, start), position(text, end.max(start)))
}

/// Applies one `didChange` content change: a ranged replacement, or the
/// whole text when the change has no range.
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
            let start = offset(text, r.start);
            let end = offset(text, r.end).max(start);
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
