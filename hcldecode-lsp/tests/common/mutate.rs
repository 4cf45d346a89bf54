//! Random edits of real-shaped documents, for the tests that check the
//! server's answers on broken documents: a seeded pseudo-random sequence,
//! the mutations, the shipped documents they start from, and the
//! reference position computation the answers are checked against.

use lsp_types::Position;

/// Whether `p` is on a line of the document, at most at its end, and not
/// between the two halves of a surrogate pair.
pub fn inside_document(lines: &[&str], p: Position) -> bool {
    let Some(line) = lines.get(p.line as usize) else {
        return false;
    };
    let mut units = 0;
    for c in line.chars() {
        if units >= p.character as usize {
            break;
        }
        units += c.len_utf16();
    }
    units == p.character as usize
}

/// The lines of `text` as the protocol counts them: each line's start
/// and the end of its content (before its line ending: `\n`, `\r\n`, or
/// a `\r` alone), found by walking the text from its start.
pub fn line_spans(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let (mut start, mut i) = (0, 0);
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                out.push((start, i));
                start = i + 1;
            }
            b'\r' => {
                out.push((start, i));
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    out.push((start, text.len()));
    out
}

/// The lines' texts (without their endings).
pub fn lines(text: &str) -> Vec<&str> {
    line_spans(text)
        .into_iter()
        .map(|(s, e)| &text[s..e])
        .collect()
}

/// The position of byte `byte` of `text` counted from the start of the
/// text, as the server computed positions before the line index (the
/// reference the index must equal): a byte inside a character at its
/// end, one inside a line ending at the end of its line.
pub fn reference_position(text: &str, byte: usize) -> Position {
    let mut byte = byte.min(text.len());
    while !text.is_char_boundary(byte) {
        byte += 1;
    }
    let spans = line_spans(text);
    let line = spans.iter().rposition(|&(s, _)| s <= byte).unwrap_or(0);
    let (start, end) = spans[line];
    let character: usize = text[start..byte.min(end)]
        .chars()
        .map(char::len_utf16)
        .sum();
    Position::new(line as u32, character as u32)
}

/// [`reference_position`]'s counterpart for offsets: a line past the end
/// is the end of the text, a column past a line's end its end, one inside
/// a surrogate pair the start of its character.
pub fn reference_offset(text: &str, pos: Position) -> usize {
    let spans = line_spans(text);
    let Some(&(start, end)) = spans.get(pos.line as usize) else {
        return text.len();
    };
    let mut units = 0usize;
    for (i, c) in text[start..end].char_indices() {
        let next = units + c.len_utf16();
        if next > pos.character as usize {
            return start + i;
        }
        units = next;
    }
    end
}

/// A deterministic pseudo-random sequence (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// A character boundary of `text`.
    pub fn boundary(&mut self, text: &str) -> usize {
        let mut at = self.below(text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        at
    }
}

/// What the mutations insert: the punctuation that opens and closes
/// things, the broken headers of the issue, multi-byte characters.
pub const FRAGMENTS: [&str; 28] = [
    "{",
    "}",
    "\"",
    "\n",
    "${",
    "%{",
    "=",
    "<<EOF\n",
    "EOF\n",
    "#",
    "/*",
    "*/",
    "é😀",
    "resource \"",
    "ngth(\"abc\")}\"",
    "[",
    "]",
    "(",
    ")",
    "\r\n",
    "variable \"y\"",
    "data \"a\" \"b\"",
    " a b ",
    ".",
    ",",
    "\\",
    "\":",
    "[{",
];

/// One mutation of `text`: truncated, a range deleted, a fragment
/// inserted, or a piece of it copied elsewhere.
pub fn mutate(rng: &mut Rng, text: &mut String) {
    match rng.below(4) {
        0 => {
            let at = rng.boundary(text);
            text.truncate(at);
        }
        1 => {
            let start = rng.boundary(text);
            let mut end = (start + 1 + rng.below(40)).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            text.replace_range(start..end, "");
        }
        2 => {
            let at = rng.boundary(text);
            text.insert_str(at, FRAGMENTS[rng.below(FRAGMENTS.len())]);
        }
        _ => {
            let (a, b) = (rng.boundary(text), rng.boundary(text));
            let (start, mut end) = (a.min(b), a.max(b).min(a.min(b) + 200));
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let piece = text[start..end].to_string();
            let at = rng.boundary(text);
            text.insert_str(at, &piece);
        }
    }
}

/// The shipped documents: the test data and the repository's examples,
/// each with the name it is read by (`.json` files in the JSON syntax).
pub fn corpus() -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    let mut dirs = vec![root.join("tests/data"), root.join("../examples")];
    while let Some(dir) = dirs.pop() {
        let mut entries: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                dirs.push(path);
            } else if matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("hcl" | "hcldec" | "json")
            ) {
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                out.push((name, std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    out
}
