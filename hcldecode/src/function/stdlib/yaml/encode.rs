//! Values encoded as YAML: libyaml's emitter, for what go-cty-yaml emits.

use std::sync::Arc;

use crate::value::{Value, ValueRef};

pub(super) struct Emitter {
    out: String,
    column: usize,
    indent: i64,
    indents: Vec<i64>,
    whitespace: bool,
    indention: bool,
    open_ended: bool,
}

pub(super) const BEST_INDENT: i64 = 2;
pub(super) const BEST_WIDTH: usize = 80;

pub(super) fn is_printable(c: char) -> bool {
    let c = c as u32;
    // go-yaml's `is_printable` (YAML 1.1): neither U+0085 nor anything
    // past the Basic Multilingual Plane, so `😀` is written `\U0001F600`.
    c == 0x0A
        || (0x20..=0x7E).contains(&c)
        || (0xA0..=0xD7FF).contains(&c)
        || ((0xE000..=0xFFFD).contains(&c) && c != 0xFEFF)
}

pub(super) fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// What libyaml's scalar analysis decides for a string.
pub(super) struct Analysis {
    multiline: bool,
    block_allowed: bool,
}

pub(super) fn analyze(s: &str) -> Analysis {
    if s.is_empty() {
        return Analysis {
            multiline: false,
            block_allowed: false,
        };
    }
    let chars: Vec<char> = s.chars().collect();
    let (mut line_breaks, mut special) = (false, false);
    let (mut trailing_space, mut space_break) = (false, false);
    let (mut prev_space, mut prev_break) = (false, false);
    for (i, &c) in chars.iter().enumerate() {
        if !is_printable(c) {
            special = true;
        }
        if c == ' ' {
            if i + 1 == chars.len() {
                trailing_space = true;
            }
            prev_space = true;
            prev_break = false;
        } else if is_break(c) {
            line_breaks = true;
            if prev_space {
                space_break = true;
            }
            prev_space = false;
            prev_break = true;
        } else {
            prev_space = false;
            prev_break = false;
        }
    }
    let _ = prev_break;
    Analysis {
        multiline: line_breaks,
        block_allowed: !(trailing_space || space_break || special),
    }
}

impl Emitter {
    fn put(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
    }

    fn put_break(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    fn write_indent(&mut self) {
        let indent = self.indent.max(0) as usize;
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.put_break();
        }
        while self.column < indent {
            self.put(' ');
        }
        self.whitespace = true;
        self.indention = true;
    }

    fn write_indicator(&mut self, ind: &str, need_ws: bool, is_ws: bool, is_indention: bool) {
        if need_ws && !self.whitespace {
            self.put(' ');
        }
        for c in ind.chars() {
            self.put(c);
        }
        self.whitespace = is_ws;
        self.indention = self.indention && is_indention;
        self.open_ended = false;
    }

    fn increase_indent(&mut self, flow: bool, indentless: bool) {
        self.indents.push(self.indent);
        if self.indent < 0 {
            self.indent = if flow { BEST_INDENT } else { 0 };
        } else if !indentless {
            self.indent += BEST_INDENT;
        }
    }

    fn pop_indent(&mut self) {
        self.indent = self.indents.pop().unwrap_or(-1);
    }

    fn plain(&mut self, s: &str, root: bool) {
        self.increase_indent(true, false);
        if !self.whitespace {
            self.put(' ');
        }
        for c in s.chars() {
            self.put(c);
        }
        self.whitespace = false;
        self.indention = false;
        if root {
            self.open_ended = true;
        }
        self.pop_indent();
    }

    fn string(&mut self, s: &str, simple_key: bool) {
        let a = analyze(s);
        let literal = s.contains('\n') && a.block_allowed && !simple_key;
        let _ = a.multiline;
        self.increase_indent(true, false);
        if literal {
            self.literal(s);
        } else {
            self.double_quoted(s, !simple_key);
        }
        self.pop_indent();
    }

    fn double_quoted(&mut self, s: &str, allow_breaks: bool) {
        self.write_indicator("\"", true, false, false);
        let chars: Vec<char> = s.chars().collect();
        let mut spaces = false;
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if !is_printable(c) || c == '\u{FEFF}' || is_break(c) || c == '"' || c == '\\' {
                self.put('\\');
                match c {
                    '\0' => self.put('0'),
                    '\u{7}' => self.put('a'),
                    '\u{8}' => self.put('b'),
                    '\t' => self.put('t'),
                    '\n' => self.put('n'),
                    '\u{b}' => self.put('v'),
                    '\u{c}' => self.put('f'),
                    '\r' => self.put('r'),
                    '\u{1b}' => self.put('e'),
                    '"' => self.put('"'),
                    '\\' => self.put('\\'),
                    '\u{85}' => self.put('N'),
                    '\u{a0}' => self.put('_'),
                    '\u{2028}' => self.put('L'),
                    '\u{2029}' => self.put('P'),
                    c => {
                        let v = c as u32;
                        let (p, w) = if v <= 0xFF {
                            ('x', 2)
                        } else if v <= 0xFFFF {
                            ('u', 4)
                        } else {
                            ('U', 8)
                        };
                        self.put(p);
                        for ch in format!("{v:0w$X}").chars() {
                            self.put(ch);
                        }
                    }
                }
                spaces = false;
            } else if c == ' ' {
                if allow_breaks
                    && !spaces
                    && self.column > BEST_WIDTH
                    && i > 0
                    && i < chars.len() - 1
                {
                    self.write_indent();
                    if chars.get(i + 1) == Some(&' ') {
                        self.put('\\');
                    }
                } else {
                    self.put(' ');
                }
                spaces = true;
            } else {
                self.put(c);
                spaces = false;
            }
            i += 1;
        }
        self.write_indicator("\"", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn literal(&mut self, s: &str) {
        self.write_indicator("|", true, false, false);
        let first = s.chars().next();
        if first.is_some_and(|c| c == ' ' || is_break(c)) {
            self.write_indicator(&BEST_INDENT.to_string(), false, false, false);
        }
        self.open_ended = false;
        let chars: Vec<char> = s.chars().collect();
        let n = chars.len();
        let chomp = if !is_break(chars[n - 1]) {
            Some("-")
        } else if n == 1 || is_break(chars[n - 2]) {
            self.open_ended = true;
            Some("+")
        } else {
            None
        };
        if let Some(h) = chomp {
            // libyaml sets open_ended for `+`, then writing the indicator
            // clears it again.
            self.write_indicator(h, false, false, false);
        }
        self.put_break();
        self.indention = true;
        self.whitespace = true;
        let mut breaks = true;
        for &c in &chars {
            if is_break(c) {
                if c == '\n' {
                    self.put_break();
                } else {
                    self.out.push(c);
                    self.column = 0;
                }
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.put(c);
                self.indention = false;
                breaks = false;
            }
        }
    }

    /// A node; `ctx` is (root, sequence, mapping, simple key).
    fn node(
        &mut self,
        v: &Value,
        root: bool,
        mapping: bool,
        simple_key: bool,
    ) -> Result<(), String> {
        if v.is_null() {
            self.plain("null", root);
            return Ok(());
        }
        if !v.is_known() {
            return Err("cannot serialize unknown value as YAML".into());
        }
        match v.view() {
            ValueRef::String(s) => self.string(s, simple_key),
            ValueRef::Number(n) => self.plain(&n.format('f', -1), root),
            ValueRef::Bool(b) => self.plain(if b { "true" } else { "false" }, root),
            ValueRef::List(xs) | ValueRef::Set(xs) | ValueRef::Tuple(xs) => {
                if xs.is_empty() {
                    self.write_indicator("[", true, true, false);
                    self.write_indicator("]", false, false, false);
                    return Ok(());
                }
                let indentless = mapping && !self.indention;
                self.increase_indent(false, indentless);
                for x in xs {
                    self.write_indent();
                    self.write_indicator("-", true, false, true);
                    self.node(x, false, false, false)?;
                }
                self.pop_indent();
            }
            ValueRef::Map(_) | ValueRef::Object(..) => {
                let entries: Vec<(&Arc<str>, &Value)> =
                    v.entries().map(Iterator::collect).unwrap_or_default();
                if entries.is_empty() {
                    self.write_indicator("{", true, true, false);
                    self.write_indicator("}", false, false, false);
                    return Ok(());
                }
                self.increase_indent(false, false);
                for (k, x) in entries {
                    self.write_indent();
                    let simple = !k.contains(['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}'])
                        && k.len() <= 128;
                    if simple {
                        self.node(&Value::string_arc(k.clone()), false, true, true)?;
                        self.write_indicator(":", false, false, false);
                    } else {
                        self.write_indicator("?", true, false, true);
                        self.node(&Value::string_arc(k.clone()), false, true, false)?;
                        self.write_indent();
                        self.write_indicator(":", true, false, true);
                    }
                    self.node(x, false, true, false)?;
                }
                self.pop_indent();
            }
            _ => return Err(format!("can't marshal {} as YAML", v.ty().friendly_name())),
        }
        Ok(())
    }
}

/// Encodes a value as go-cty-yaml does.
pub(crate) fn encode(v: &Value) -> Result<String, String> {
    let mut e = Emitter {
        out: String::new(),
        column: 0,
        indent: -1,
        indents: Vec::new(),
        whitespace: true,
        indention: true,
        open_ended: false,
    };
    e.node(v, true, false, false)?;
    // Document end (implicit), then stream end.
    e.write_indent();
    if e.open_ended {
        e.write_indicator("...", true, false, false);
        e.write_indent();
    }
    Ok(e.out)
}
