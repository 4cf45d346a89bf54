//! Resolving diagnostic ranges quickly when there are many of them.
//!
//! [`SourceFile::pos`] counts columns from the start of the line, which is
//! quadratic for thousands of diagnostics on one long line. The parser's
//! diagnostics come mostly in source order, so this resolver remembers a
//! few recent positions and counts on from the nearest one before the
//! offset when the text between is plain ASCII on the same line (where
//! every byte is a column of its own); otherwise it asks the file. The
//! results are always those of [`SourceFile::pos`].

use crate::source::{Pos, Range, SourceFile, Span};

const RECENT: usize = 4;

pub(crate) struct Resolver<'a> {
    pub(crate) file: &'a SourceFile,
    recent: [Option<Pos>; RECENT],
    next_slot: usize,
}

impl<'a> Resolver<'a> {
    pub(crate) fn new(file: &'a SourceFile) -> Resolver<'a> {
        Resolver {
            file,
            recent: [None; RECENT],
            next_slot: 0,
        }
    }

    pub(crate) fn pos(&mut self, byte: u32) -> Pos {
        let src = self.file.source().as_bytes();
        let byte = (byte as usize).min(src.len());
        let base = self
            .recent
            .iter()
            .flatten()
            .filter(|p| p.byte <= byte)
            .max_by_key(|p| p.byte)
            .copied();
        if let Some(b) = base {
            let seg = &src[b.byte..byte];
            // The character before the base must be ASCII too, so that it
            // cannot join the following text in a grapheme cluster; and
            // the first line's byte order mark is handled by the file.
            let prev_ascii = b.byte == 0 || src[b.byte - 1] < 0x80;
            if prev_ascii
                && b.byte >= 3
                && seg.iter().all(|&c| c < 0x80 && c != b'\n' && c != b'\r')
            {
                let p = Pos {
                    line: b.line,
                    column: b.column + seg.len(),
                    byte,
                };
                self.remember(p);
                return p;
            }
        }
        let p = self.file.pos(byte as u32);
        self.remember(p);
        p
    }

    fn remember(&mut self, p: Pos) {
        if self.recent.iter().flatten().any(|q| q.byte == p.byte) {
            return;
        }
        self.recent[self.next_slot] = Some(p);
        self.next_slot = (self.next_slot + 1) % RECENT;
    }

    pub(crate) fn range(&mut self, span: Span) -> Range {
        let name = self.file.name().clone();
        Range::resolve(&name, span, |b| self.pos(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_file() {
        let text = "ab\u{FEFF}cd e\u{301}f\n\u{FEFF}x = \"y\"\r\n\tz😀 w\nlast";
        let f = SourceFile::new("t", text);
        let mut r = Resolver::new(&f);
        let offsets: Vec<u32> = (0..=text.len() as u32)
            .filter(|&i| text.is_char_boundary(i as usize))
            .collect();
        for &o in offsets
            .iter()
            .chain(offsets.iter().rev())
            .chain(offsets.iter())
        {
            assert_eq!(r.pos(o), f.pos(o), "at {o}");
        }
        let f = SourceFile::new("t", "\u{FEFF}abc def");
        let mut r = Resolver::new(&f);
        for o in [0, 3, 4, 5, 9, 10, 3, 0] {
            assert_eq!(r.pos(o), f.pos(o), "at {o}");
        }
    }
}
