//! Go's regular expression syntax (`regexp/syntax`, Perl flags, as
//! `regexp.Compile` parses it) translated for the `regex` crate.
//!
//! The parser follows Go's `parse.go` step by step, so a pattern Go rejects
//! fails here with Go's error code and the same offending text, and a
//! pattern Go accepts is rewritten into crate syntax whose every piece is
//! explicit: literals as `\x{..}`, `^`/`$`/`.` with their flags spelled out
//! (`\A`, `(?m:^)`, `(?s:.)`), Go's ASCII `\d \s \w \b`, case folding per
//! atom, greediness per operator, and capture groups unnamed (Go allows a
//! name twice; the names are kept beside the crate pattern). Nothing of the
//! crate's own dialect (`(?x)`, `\<`, `[a&&b]`, loose property names) can
//! reach it.

use super::unicode_names::unicode_table;

/// A Go `*syntax.Error`: its code text and the offending expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct GoError {
    pub code: &'static str,
    pub expr: String,
}

const INVALID_CHAR_CLASS: &str = "invalid character class";
const INVALID_CHAR_RANGE: &str = "invalid character class range";
const INVALID_ESCAPE: &str = "invalid escape sequence";
const INVALID_NAMED_CAPTURE: &str = "invalid named capture";
const INVALID_PERL_OP: &str = "invalid or unsupported Perl syntax";
const INVALID_REPEAT_OP: &str = "invalid nested repetition operator";
const INVALID_REPEAT_SIZE: &str = "invalid repeat count";
const MISSING_BRACKET: &str = "missing closing ]";
const MISSING_PAREN: &str = "missing closing )";
const MISSING_REPEAT_ARGUMENT: &str = "missing argument to repetition operator";
const TRAILING_BACKSLASH: &str = "trailing backslash at end of expression";
const UNEXPECTED_PAREN: &str = "unexpected )";
const NESTING_DEPTH: &str = "expression nests too deeply";
const LARGE: &str = "expression too large";

/// Go's `maxRepeat`, `maxHeight` and `maxSize` (128 MiB of 40-byte instructions).
const MAX_REPEAT: i64 = 1000;
const MAX_HEIGHT: usize = 1000;
const MAX_SIZE: i64 = (128 << 20) / 40;

const _: &str = INVALID_CHAR_CLASS;

fn err(code: &'static str, expr: &str) -> GoError {
    GoError {
        code,
        expr: expr.to_string(),
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Default)]
struct Flags {
    fold: bool,
    /// `(?m)` clears Go's OneLine; this is its negation.
    multi_line: bool,
    dot_nl: bool,
    non_greedy: bool,
}

#[derive(Debug)]
enum RepKind {
    Star,
    Plus,
    Quest,
    /// `{min,max}`, max -1 for none.
    Range(i64, i64),
}

#[derive(Debug)]
enum Node {
    Empty,
    /// An atom already in crate syntax.
    Atom(String),
    Literal(char, bool),
    Capture(Box<Node>),
    Repeat(RepKind, bool, Box<Node>),
    Concat(Vec<Node>),
    Alternate(Vec<Node>),
}

impl Node {
    fn height(&self) -> usize {
        match self {
            Node::Capture(s) | Node::Repeat(_, _, s) => 1 + s.height(),
            Node::Concat(v) | Node::Alternate(v) => {
                1 + v.iter().map(Node::height).max().unwrap_or(0)
            }
            _ => 1,
        }
    }

    /// Go's `calcSize`.
    fn size(&self) -> i64 {
        let s = match self {
            Node::Literal(..) => 1,
            Node::Capture(s) => 2 + s.size(),
            Node::Repeat(RepKind::Star, _, s) => 2 + s.size(),
            Node::Repeat(RepKind::Plus | RepKind::Quest, _, s) => 1 + s.size(),
            Node::Repeat(RepKind::Range(min, max), _, s) => {
                let sub = s.size();
                if *max == -1 {
                    if *min == 0 {
                        2 + sub
                    } else {
                        1i64.saturating_add(min.saturating_mul(sub))
                    }
                } else {
                    max.saturating_mul(sub).saturating_add(max - min)
                }
            }
            Node::Concat(v) => v.iter().map(Node::size).fold(0i64, i64::saturating_add),
            Node::Alternate(v) => v
                .iter()
                .map(Node::size)
                .fold(v.len() as i64 - 1, i64::saturating_add),
            _ => 0,
        };
        s.max(1)
    }

    fn emit(&self, out: &mut String) {
        match self {
            Node::Empty => out.push_str("(?:)"),
            Node::Atom(a) => out.push_str(a),
            Node::Literal(c, fold) => {
                let folds = *fold && !c.is_ascii_digit();
                if folds {
                    out.push_str("(?i:");
                }
                push_char(out, *c);
                if folds {
                    out.push(')');
                }
            }
            Node::Capture(s) => {
                out.push('(');
                s.emit(out);
                out.push(')');
            }
            Node::Repeat(kind, greedy, s) => {
                out.push_str("(?:");
                s.emit(out);
                out.push(')');
                match kind {
                    RepKind::Star => out.push('*'),
                    RepKind::Plus => out.push('+'),
                    RepKind::Quest => out.push('?'),
                    RepKind::Range(min, -1) => out.push_str(&format!("{{{min},}}")),
                    RepKind::Range(min, max) if min == max => out.push_str(&format!("{{{min}}}")),
                    RepKind::Range(min, max) => out.push_str(&format!("{{{min},{max}}}")),
                }
                if !greedy {
                    out.push('?');
                }
            }
            Node::Concat(v) => {
                for n in v {
                    n.emit(out);
                }
            }
            Node::Alternate(v) => {
                out.push_str("(?:");
                for (i, n) in v.iter().enumerate() {
                    if i > 0 {
                        out.push('|');
                    }
                    n.emit(out);
                }
                out.push(')');
            }
        }
    }
}

fn push_char(out: &mut String, c: char) {
    if c.is_ascii_alphanumeric() {
        out.push(c);
    } else {
        out.push_str(&format!("\\x{{{:X}}}", c as u32));
    }
}

/// Go's `repeatIsValid`.
fn repeat_is_valid(n: &Node, mut limit: i64) -> bool {
    if let Node::Repeat(RepKind::Range(min, max), _, _) = n {
        let mut m = *max;
        if m == 0 {
            return true;
        }
        if m < 0 {
            m = *min;
        }
        if m > limit {
            return false;
        }
        if m > 0 {
            limit /= m;
        }
    }
    match n {
        Node::Capture(s) | Node::Repeat(_, _, s) => repeat_is_valid(s, limit),
        Node::Concat(v) | Node::Alternate(v) => v.iter().all(|s| repeat_is_valid(s, limit)),
        _ => true,
    }
}

fn collapse(mut v: Vec<Node>, alt: bool) -> Node {
    if v.len() == 1 {
        return v.pop().unwrap_or(Node::Empty);
    }
    if v.is_empty() {
        return Node::Empty;
    }
    let mut out = Vec::with_capacity(v.len());
    for n in v {
        match n {
            Node::Concat(sub) if !alt => out.extend(sub),
            Node::Alternate(sub) if alt => out.extend(sub),
            n => out.push(n),
        }
    }
    if alt {
        Node::Alternate(out)
    } else {
        Node::Concat(out)
    }
}

struct Frame {
    /// Whether the group captures.
    capture: bool,
    /// Flags to restore at its `)`.
    saved: Flags,
    alts: Vec<Node>,
    cur: Vec<Node>,
}

impl Frame {
    fn finish(self) -> Node {
        let mut alts = self.alts;
        let last = collapse(self.cur, false);
        if alts.is_empty() {
            return last;
        }
        alts.push(last);
        collapse(alts, true)
    }
}

/// A translated pattern: crate syntax, and the name of each capture group
/// (`names[i]` for group `i + 1`; Go's `SubexpNames` less the whole match).
pub(crate) struct Translated {
    pub pattern: String,
    pub names: Vec<Option<String>>,
}

/// Parses `pattern` as Go's `regexp.Compile` does.
pub(crate) fn translate(pattern: &str) -> Result<Translated, GoError> {
    Parser {
        whole: pattern,
        flags: Flags::default(),
        frames: vec![Frame {
            capture: false,
            saved: Flags::default(),
            alts: Vec::new(),
            cur: Vec::new(),
        }],
        names: Vec::new(),
        nodes: 0,
    }
    .parse()
}

struct Parser<'a> {
    whole: &'a str,
    flags: Flags,
    frames: Vec<Frame>,
    names: Vec<Option<String>>,
    nodes: usize,
}

fn next_rune(s: &str) -> Option<(char, &str)> {
    let mut it = s.chars();
    let c = it.next()?;
    Some((c, it.as_str()))
}

fn consumed<'a>(s: &'a str, rest: &str) -> &'a str {
    &s[..s.len() - rest.len()]
}

fn unhex(c: char) -> Option<u32> {
    c.to_digit(16)
}

const POSIX: [&str; 14] = [
    "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct",
    "space", "upper", "word", "xdigit",
];

/// Go's `perlGroup`: `\d \s \w` are ASCII.
fn perl_class(c: u8) -> Option<(&'static str, bool)> {
    match c {
        b'd' => Some(("0-9", false)),
        b'D' => Some(("0-9", true)),
        b's' => Some(("\\t\\n\\x0C\\r ", false)),
        b'S' => Some(("\\t\\n\\x0C\\r ", true)),
        b'w' => Some(("0-9A-Za-z_", false)),
        b'W' => Some(("0-9A-Za-z_", true)),
        _ => None,
    }
}

impl<'a> Parser<'a> {
    fn cur(&mut self) -> &mut Vec<Node> {
        // The outermost frame is never popped.
        let last = self.frames.len() - 1;
        &mut self.frames[last].cur
    }

    fn push(&mut self, n: Node) {
        self.nodes += 1;
        self.cur().push(n);
    }

    fn atom(&mut self, text: String) {
        let text = if self.flags.fold {
            format!("(?i:{text})")
        } else {
            text
        };
        self.push(Node::Atom(text));
    }

    fn parse(mut self) -> Result<Translated, GoError> {
        let mut t: &'a str = self.whole;
        let mut last_repeat: &'a str = "";
        while !t.is_empty() {
            let mut repeat: &'a str = "";
            let b = t.as_bytes()[0];
            match b {
                b'(' => {
                    if t.len() >= 2 && t.as_bytes()[1] == b'?' {
                        t = self.parse_perl_flags(t)?;
                    } else {
                        self.open(true, None);
                        t = &t[1..];
                    }
                }
                b'|' => {
                    self.alternate();
                    t = &t[1..];
                }
                b')' => {
                    self.close_group()?;
                    t = &t[1..];
                }
                b'^' | b'$' | b'.' => {
                    self.anchor_or_any(b);
                    t = &t[1..];
                }
                b'[' => t = self.parse_class(t)?,
                b'*' | b'+' | b'?' => {
                    let kind = match b {
                        b'*' => RepKind::Star,
                        b'+' => RepKind::Plus,
                        _ => RepKind::Quest,
                    };
                    let before = t;
                    t = self.repeat(kind, before, &t[1..], last_repeat)?;
                    repeat = before;
                }
                b'{' => (t, repeat) = self.parse_brace(t, last_repeat)?,
                b'\\' => t = self.parse_backslash(t)?,
                _ => {
                    let (c, rest) = next_rune(t).expect("non-empty");
                    self.literal(c);
                    t = rest;
                }
            }
            last_repeat = repeat;
        }
        self.into_translated()
    }

    /// At `|`: the alternative so far ends.
    fn alternate(&mut self) {
        let f = self.frames.last_mut().expect("frame");
        let cur = std::mem::take(&mut f.cur);
        f.alts.push(collapse(cur, false));
    }

    /// At `)`: the innermost group ends (an error when none is open) and
    /// the flags it changed are restored.
    fn close_group(&mut self) -> Result<(), GoError> {
        if self.frames.len() < 2 {
            return Err(err(UNEXPECTED_PAREN, self.whole));
        }
        let f = self.frames.pop().expect("frame");
        let (capture, saved) = (f.capture, f.saved);
        let n = f.finish();
        self.flags = saved;
        self.push(if capture {
            Node::Capture(Box::new(n))
        } else {
            n
        });
        Ok(())
    }

    /// `^`, `$` or `.` (`b`), spelled out with the flags in effect, since
    /// the translated pattern's flags may differ around it.
    fn anchor_or_any(&mut self, b: u8) {
        let a = match b {
            b'^' if self.flags.multi_line => "(?m:^)",
            b'^' => "\\A",
            b'$' if self.flags.multi_line => "(?m:$)",
            b'$' => "\\z",
            _ if self.flags.dot_nl => "(?s:.)",
            _ => "(?-s:.)",
        };
        self.push(Node::Atom(a.into()));
    }

    /// At `{` (`t`): a repeat `{n}`, `{n,}` or `{n,m}` of the last item, or
    /// a literal `{` when none parses. The rest of the pattern and, for a
    /// repeat, its text from `{` on (Go's `lastRepeat`).
    fn parse_brace(
        &mut self,
        t: &'a str,
        last_repeat: &'a str,
    ) -> Result<(&'a str, &'a str), GoError> {
        let before = t;
        match parse_repeat(t) {
            None => {
                self.literal('{');
                Ok((&t[1..], ""))
            }
            Some((min, max, after)) => {
                if !(0..=MAX_REPEAT).contains(&min) || max > MAX_REPEAT || (max >= 0 && min > max) {
                    return Err(err(INVALID_REPEAT_SIZE, consumed(before, after)));
                }
                let t = self.repeat(RepKind::Range(min, max), before, after, last_repeat)?;
                Ok((t, before))
            }
        }
    }

    /// At the end of the pattern: the tree, checked against Go's limits,
    /// written out for the `regex` crate.
    fn into_translated(mut self) -> Result<Translated, GoError> {
        if self.frames.len() != 1 {
            return Err(err(MISSING_PAREN, self.whole));
        }
        let root = self.frames.pop().expect("frame").finish();
        if self.nodes >= MAX_HEIGHT && root.height() > MAX_HEIGHT {
            return Err(err(NESTING_DEPTH, self.whole));
        }
        if root.size() > MAX_SIZE {
            return Err(err(LARGE, self.whole));
        }
        let mut pattern = String::with_capacity(self.whole.len() * 2);
        root.emit(&mut pattern);
        Ok(Translated {
            pattern,
            names: self.names,
        })
    }

    fn literal(&mut self, c: char) {
        let fold = self.flags.fold;
        self.push(Node::Literal(c, fold));
    }

    fn open(&mut self, capture: bool, name: Option<String>) {
        if capture {
            self.names.push(name);
        }
        self.frames.push(Frame {
            capture,
            saved: self.flags,
            alts: Vec::new(),
            cur: Vec::new(),
        });
    }

    /// Go's `repeat`: `before` starts at the operator, `after` follows it.
    fn repeat(
        &mut self,
        kind: RepKind,
        before: &'a str,
        mut after: &'a str,
        last_repeat: &'a str,
    ) -> Result<&'a str, GoError> {
        let mut non_greedy = self.flags.non_greedy;
        if after.as_bytes().first() == Some(&b'?') {
            after = &after[1..];
            non_greedy = !non_greedy;
        }
        if !last_repeat.is_empty() {
            return Err(err(INVALID_REPEAT_OP, consumed(last_repeat, after)));
        }
        let Some(sub) = self.cur().pop() else {
            return Err(err(MISSING_REPEAT_ARGUMENT, consumed(before, after)));
        };
        let check = matches!(kind, RepKind::Range(min, max) if min >= 2 || max >= 2);
        let re = Node::Repeat(kind, !non_greedy, Box::new(sub));
        if check && !repeat_is_valid(&re, MAX_REPEAT) {
            return Err(err(INVALID_REPEAT_SIZE, consumed(before, after)));
        }
        self.push(re);
        Ok(after)
    }

    /// Go's `parsePerlFlags`; `s` starts with `(?`.
    fn parse_perl_flags(&mut self, s: &'a str) -> Result<&'a str, GoError> {
        let b = s.as_bytes();
        let starts_with_p = s.len() > 4 && b[2] == b'P' && b[3] == b'<';
        let starts_with_name = s.len() > 3 && b[2] == b'<';
        if starts_with_p || starts_with_name {
            let expr_start = if starts_with_name { 3 } else { 4 };
            let Some(end) = s.find('>') else {
                return Err(err(INVALID_NAMED_CAPTURE, s));
            };
            let capture = &s[..=end];
            let name = &s[expr_start..end];
            if name.is_empty() || !name.bytes().all(|c| c == b'_' || c.is_ascii_alphanumeric()) {
                return Err(err(INVALID_NAMED_CAPTURE, capture));
            }
            self.open(true, Some(name.to_string()));
            return Ok(&s[end + 1..]);
        }
        let mut t = &s[2..];
        let mut flags = self.flags;
        let mut negate = false;
        let mut saw_flag = false;
        while let Some((c, rest)) = next_rune(t) {
            t = rest;
            match c {
                'i' | 'm' | 's' | 'U' => {
                    let on = !negate;
                    match c {
                        'i' => flags.fold = on,
                        // Go's `m` clears OneLine.
                        'm' => flags.multi_line = on,
                        's' => flags.dot_nl = on,
                        _ => flags.non_greedy = on,
                    }
                    saw_flag = true;
                }
                '-' => {
                    if negate {
                        break;
                    }
                    negate = true;
                    saw_flag = false;
                }
                ':' | ')' => {
                    if negate && !saw_flag {
                        break;
                    }
                    if c == ':' {
                        self.open(false, None);
                    }
                    self.flags = flags;
                    return Ok(t);
                }
                _ => break,
            }
        }
        Err(err(INVALID_PERL_OP, consumed(s, t)))
    }

    fn parse_backslash(&mut self, t: &'a str) -> Result<&'a str, GoError> {
        let b = t.as_bytes();
        if b.len() >= 2 {
            let a = match b[1] {
                b'A' => Some("\\A"),
                b'b' => Some("(?-u:\\b)"),
                b'B' => Some("(?-u:\\B)"),
                b'z' => Some("\\z"),
                _ => None,
            };
            if let Some(a) = a {
                self.push(Node::Atom(a.into()));
                return Ok(&t[2..]);
            }
            match b[1] {
                b'C' => return Err(err(INVALID_ESCAPE, &t[..2])),
                b'Q' => {
                    let body = &t[2..];
                    let (lit, rest) = match body.find("\\E") {
                        Some(i) => (&body[..i], &body[i + 2..]),
                        None => (body, ""),
                    };
                    for c in lit.chars() {
                        self.literal(c);
                    }
                    return Ok(rest);
                }
                _ => {}
            }
            if b[1] == b'p' || b[1] == b'P' {
                let (class, rest) = self.parse_unicode_class(t)?;
                self.atom(class);
                return Ok(rest);
            }
            if let Some((set, neg)) = perl_class(b[1]) {
                self.atom(format!("[{}{set}]", if neg { "^" } else { "" }));
                return Ok(&t[2..]);
            }
        }
        let (c, rest) = parse_escape(t)?;
        self.literal(c);
        Ok(rest)
    }

    /// Go's `parseUnicodeClass` for `s` starting `\p` or `\P`: the class in
    /// crate syntax.
    fn parse_unicode_class(&self, s: &'a str) -> Result<(String, &'a str), GoError> {
        let mut negated = s.as_bytes()[1] == b'P';
        let t = &s[2..];
        let (seq, name, rest) = match next_rune(t) {
            Some(('{', _)) => {
                let Some(end) = s.find('}') else {
                    return Err(err(INVALID_CHAR_RANGE, s));
                };
                (&s[..=end], &s[3..end], &s[end + 1..])
            }
            Some((_, rest)) => {
                let seq = consumed(s, rest);
                (seq, &seq[2..], rest)
            }
            None => (s, "", ""),
        };
        let mut name = name;
        if let Some(n) = name.strip_prefix('^') {
            negated = !negated;
            name = n;
        }
        let Some((table, invert)) = unicode_table(name) else {
            return Err(err(INVALID_CHAR_RANGE, seq));
        };
        if invert {
            negated = !negated;
        }
        let p = if negated { 'P' } else { 'p' };
        Ok((format!("\\{p}{{{table}}}"), rest))
    }

    /// Go's `parseClass`; `s` starts with `[`.
    fn parse_class(&mut self, s: &'a str) -> Result<&'a str, GoError> {
        let mut t = &s[1..];
        let mut out = String::from("[");
        if t.starts_with('^') {
            out.push('^');
            t = &t[1..];
        }
        let mut first = true;
        while t.is_empty() || !t.starts_with(']') || first {
            first = false;
            if t.len() > 2
                && t.starts_with("[:")
                && let Some(i) = t[2..].find(":]")
            {
                let name = &t[..i + 4];
                let inner = &name[2..name.len() - 2];
                let bare = inner.strip_prefix('^').unwrap_or(inner);
                if !POSIX.contains(&bare) {
                    return Err(err(INVALID_CHAR_RANGE, name));
                }
                out.push_str(name);
                t = &t[i + 4..];
                continue;
            }
            if t.len() >= 2 && t.starts_with('\\') && matches!(t.as_bytes()[1], b'p' | b'P') {
                let (class, rest) = self.parse_unicode_class(t)?;
                out.push_str(&class);
                t = rest;
                continue;
            }
            if t.len() >= 2
                && t.starts_with('\\')
                && let Some((set, neg)) = perl_class(t.as_bytes()[1])
            {
                if neg {
                    out.push_str(&format!("[^{set}]"));
                } else {
                    out.push_str(set);
                }
                t = &t[2..];
                continue;
            }
            let rng = t;
            let (lo, rest) = parse_class_char(t, s)?;
            t = rest;
            let mut hi = lo;
            if t.len() >= 2 && t.starts_with('-') && !t[1..].starts_with(']') {
                let (h, rest) = parse_class_char(&t[1..], s)?;
                t = rest;
                hi = h;
                if hi < lo {
                    return Err(err(INVALID_CHAR_RANGE, consumed(rng, t)));
                }
            }
            push_char(&mut out, lo);
            if hi != lo {
                out.push('-');
                push_char(&mut out, hi);
            }
        }
        out.push(']');
        self.atom(out);
        Ok(&t[1..])
    }
}

/// Go's `parseRepeat`: `{min}`, `{min,}` or `{min,max}`; min -1 when a
/// number is too big. None when `s` does not have that form.
fn parse_repeat(s: &str) -> Option<(i64, i64, &str)> {
    let s = s.strip_prefix('{')?;
    let (mut min, s) = parse_int(s)?;
    let max;
    let s = if let Some(s) = s.strip_prefix(',') {
        if s.is_empty() {
            return None;
        }
        if s.starts_with('}') {
            max = -1;
            s
        } else {
            let (m, s) = parse_int(s)?;
            max = m;
            if max < 0 {
                min = -1;
            }
            s
        }
    } else {
        max = min;
        s
    };
    let rest = s.strip_prefix('}')?;
    Some((min, max, rest))
}

/// Go's `parseInt`: decimal without leading zeros; -1 when too big.
fn parse_int(s: &str) -> Option<(i64, &str)> {
    let b = s.as_bytes();
    if b.is_empty() || !b[0].is_ascii_digit() {
        return None;
    }
    if b.len() >= 2 && b[0] == b'0' && b[1].is_ascii_digit() {
        return None;
    }
    let n = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let mut v: i64 = 0;
    for &c in &b[..n] {
        if v >= 100_000_000 {
            v = -1;
            break;
        }
        v = v * 10 + i64::from(c - b'0');
    }
    Some((v, &s[n..]))
}

fn parse_class_char<'a>(s: &'a str, whole_class: &str) -> Result<(char, &'a str), GoError> {
    if s.is_empty() {
        return Err(err(MISSING_BRACKET, whole_class));
    }
    if s.starts_with('\\') {
        return parse_escape(s);
    }
    Ok(next_rune(s).expect("non-empty"))
}

/// Go's `parseEscape`; `s` starts with a backslash.
fn parse_escape(s: &str) -> Result<(char, &str), GoError> {
    let t = &s[1..];
    let Some((c, mut t)) = next_rune(t) else {
        return Err(err(TRAILING_BACKSLASH, ""));
    };
    let fail = |t: &str| Err(err(INVALID_ESCAPE, consumed(s, t)));
    match c {
        '1'..='7' | '0' => {
            // A single non-zero digit is a backreference: not supported.
            if c != '0' && !t.starts_with(|d: char| ('0'..='7').contains(&d)) {
                return fail(t);
            }
            let mut r = c as u32 - '0' as u32;
            for _ in 1..3 {
                match t.as_bytes().first() {
                    Some(&d @ b'0'..=b'7') => {
                        r = r * 8 + u32::from(d - b'0');
                        t = &t[1..];
                    }
                    _ => break,
                }
            }
            Ok((char::from_u32(r).unwrap_or('\0'), t))
        }
        'x' => {
            let Some((c, rest)) = next_rune(t) else {
                return fail(t);
            };
            t = rest;
            if c == '{' {
                let mut nhex = 0;
                let mut r: u32 = 0;
                loop {
                    let Some((c, rest)) = next_rune(t) else {
                        return fail(t);
                    };
                    t = rest;
                    if c == '}' {
                        break;
                    }
                    let Some(v) = unhex(c) else {
                        return fail(t);
                    };
                    r = r * 16 + v;
                    if r > 0x10FFFF {
                        return fail(t);
                    }
                    nhex += 1;
                }
                if nhex == 0 {
                    return fail(t);
                }
                // Surrogates are runes in Go; the crate cannot hold them.
                return Ok((char::from_u32(r).unwrap_or('\u{FFFD}'), t));
            }
            let x = unhex(c);
            let (c2, rest) = next_rune(t).unwrap_or(('\u{FFFD}', t));
            t = rest;
            match (x, unhex(c2)) {
                (Some(x), Some(y)) => Ok((char::from_u32(x * 16 + y).unwrap_or('\0'), t)),
                _ => fail(t),
            }
        }
        'a' => Ok(('\u{7}', t)),
        'f' => Ok(('\u{c}', t)),
        'n' => Ok(('\n', t)),
        'r' => Ok(('\r', t)),
        't' => Ok(('\t', t)),
        'v' => Ok(('\u{b}', t)),
        c if c.is_ascii() && !c.is_ascii_alphanumeric() => Ok((c, t)),
        _ => fail(t),
    }
}

#[cfg(test)]
#[path = "go_syntax_tests.rs"]
mod tests;
