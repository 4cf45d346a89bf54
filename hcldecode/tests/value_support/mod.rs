//! Shared helpers for the value/function tests: a compact notation for
//! types and values that the Go vector generators print and these tests
//! parse and print back.
//!
//! Types: `any`, `string`, `number`, `bool`, `list(T)`, `set(T)`, `map(T)`,
//! `tuple([T,U])`, `object({"a"=T,"b"=U})`.
//! Values: `null(T)`, `unknown(T)`, `true`, `false`, `n(1.5)`, `"text"`
//! (JSON string), `list(T)[v,v]`, `set(T)[v]`, `map(T){"k":v}`,
//! `tuple[v,v]`, `object{"k":v}`.
#![allow(dead_code)]

use std::sync::Arc;

use hcldecode::value::{Number, Value, ValueRef};
use hcldecode::{ObjectType, Type};

pub fn json_quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

pub fn fmt_type(t: &Type) -> String {
    match t {
        Type::Dynamic => "any".into(),
        Type::String => "string".into(),
        Type::Number => "number".into(),
        Type::Bool => "bool".into(),
        Type::List(e) => format!("list({})", fmt_type(e)),
        Type::Set(e) => format!("set({})", fmt_type(e)),
        Type::Map(e) => format!("map({})", fmt_type(e)),
        Type::Tuple(ts) => format!(
            "tuple([{}])",
            ts.iter().map(fmt_type).collect::<Vec<_>>().join(",")
        ),
        Type::Object(o) => format!(
            "object({{{}}})",
            o.attrs()
                .iter()
                .map(|(n, t)| format!("{}={}", json_quote(n), fmt_type(t)))
                .collect::<Vec<_>>()
                .join(",")
        ),
    }
}

pub fn fmt_value(v: &Value) -> String {
    match v.view() {
        ValueRef::Null => format!("null({})", fmt_type(v.ty())),
        ValueRef::Unknown => format!("unknown({})", fmt_type(v.ty())),
        ValueRef::Bool(b) => b.to_string(),
        ValueRef::Number(n) => format!("n({n})"),
        ValueRef::String(s) => json_quote(s),
        ValueRef::List(es) | ValueRef::Set(es) | ValueRef::Tuple(es) => {
            let prefix = match v.ty() {
                Type::List(e) => format!("list({})", fmt_type(e)),
                Type::Set(e) => format!("set({})", fmt_type(e)),
                _ => "tuple".into(),
            };
            format!(
                "{prefix}[{}]",
                es.iter().map(fmt_value).collect::<Vec<_>>().join(",")
            )
        }
        ValueRef::Map(_) | ValueRef::Object(..) => {
            let prefix = match v.ty() {
                Type::Map(e) => format!("map({})", fmt_type(e)),
                _ => "object".into(),
            };
            let parts: Vec<String> = v
                .entries()
                .unwrap()
                .map(|(k, e)| format!("{}:{}", json_quote(k), fmt_value(e)))
                .collect();
            format!("{prefix}{{{}}}", parts.join(","))
        }
    }
}

pub struct Parser<'a> {
    s: &'a str,
    pos: usize,
}

impl<'a> Parser<'a> {
    pub fn new(s: &'a str) -> Self {
        Parser { s, pos: 0 }
    }

    fn rest(&self) -> &'a str {
        &self.s[self.pos..]
    }

    fn eat(&mut self, p: &str) -> bool {
        if self.rest().starts_with(p) {
            self.pos += p.len();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, p: &str) {
        assert!(self.eat(p), "expected {p:?} at {:?}", self.rest());
    }

    pub fn done(&self) -> bool {
        self.pos == self.s.len()
    }

    pub fn string(&mut self) -> String {
        self.expect("\"");
        let mut out = String::new();
        let b = self.s.as_bytes();
        loop {
            let c = self.rest().chars().next().expect("unterminated string");
            self.pos += c.len_utf8();
            match c {
                '"' => return out,
                '\\' => {
                    let e = b[self.pos];
                    self.pos += 1;
                    match e {
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'u' => {
                            let h =
                                u32::from_str_radix(&self.s[self.pos..self.pos + 4], 16).unwrap();
                            self.pos += 4;
                            if (0xD800..0xDC00).contains(&h) && self.rest().starts_with("\\u") {
                                let l =
                                    u32::from_str_radix(&self.s[self.pos + 2..self.pos + 6], 16)
                                        .unwrap();
                                self.pos += 6;
                                out.push(
                                    char::from_u32(0x10000 + ((h - 0xD800) << 10) + (l - 0xDC00))
                                        .unwrap(),
                                );
                            } else {
                                out.push(char::from_u32(h).unwrap_or('\u{FFFD}'));
                            }
                        }
                        other => out.push(other as char),
                    }
                }
                c => out.push(c),
            }
        }
    }

    pub fn ty(&mut self) -> Type {
        for (p, t) in [
            ("any", Type::Dynamic),
            ("string", Type::String),
            ("number", Type::Number),
            ("bool", Type::Bool),
        ] {
            if self.eat(p) {
                return t;
            }
        }
        for p in ["list(", "set(", "map("] {
            if self.eat(p) {
                let e = self.ty();
                self.expect(")");
                return match p {
                    "list(" => Type::list(e),
                    "set(" => Type::set(e),
                    _ => Type::map(e),
                };
            }
        }
        if self.eat("tuple([") {
            let mut ts = Vec::new();
            while !self.eat("])") {
                ts.push(self.ty());
                self.eat(",");
            }
            return Type::tuple(ts);
        }
        if self.eat("object({") {
            let mut attrs = Vec::new();
            while !self.eat("})") {
                let k = self.string();
                self.expect("=");
                attrs.push((k, self.ty()));
                self.eat(",");
            }
            return Type::object(attrs);
        }
        panic!("bad type at {:?}", self.rest())
    }

    pub fn value(&mut self) -> Value {
        if self.eat("null(") {
            let t = self.ty();
            self.expect(")");
            return Value::null(t);
        }
        if self.eat("unknown(") {
            let t = self.ty();
            self.expect(")");
            return Value::unknown(t);
        }
        if self.eat("true") {
            return Value::bool(true);
        }
        if self.eat("false") {
            return Value::bool(false);
        }
        if self.eat("n(") {
            let end = self.rest().find(')').unwrap();
            let text = &self.rest()[..end];
            self.pos += end + 1;
            let n = match text {
                "+Inf" => Number::infinity(false),
                "-Inf" => Number::infinity(true),
                t => Number::parse(t).unwrap(),
            };
            return Value::number(n);
        }
        if self.rest().starts_with('"') {
            return Value::string(self.string());
        }
        if self.eat("tuple[") {
            return Value::tuple(self.elems());
        }
        if self.eat("object{") {
            let es = self.entries();
            return Value::object(es);
        }
        for p in ["list(", "set(", "map("] {
            if self.eat(p) {
                let t = self.ty();
                self.expect(")");
                return match p {
                    "list(" => {
                        self.expect("[");
                        Value::list(t, self.elems())
                    }
                    "set(" => {
                        self.expect("[");
                        Value::set(t, self.elems())
                    }
                    _ => {
                        self.expect("{");
                        Value::map(t, self.entries())
                    }
                };
            }
        }
        panic!("bad value at {:?}", self.rest())
    }

    fn elems(&mut self) -> Vec<Value> {
        let mut out = Vec::new();
        while !self.eat("]") {
            out.push(self.value());
            self.eat(",");
        }
        out
    }

    fn entries(&mut self) -> Vec<(String, Value)> {
        let mut out = Vec::new();
        while !self.eat("}") {
            let k = self.string();
            self.expect(":");
            out.push((k, self.value()));
            self.eat(",");
        }
        out
    }
}

pub fn parse_type(s: &str) -> Type {
    let mut p = Parser::new(s);
    let t = p.ty();
    assert!(p.done(), "trailing input in {s:?}");
    t
}

pub fn parse_value(s: &str) -> Value {
    let mut p = Parser::new(s);
    let v = p.value();
    assert!(p.done(), "trailing input in {s:?}");
    v
}

pub fn parse_json_string(s: &str) -> String {
    let mut p = Parser::new(s);
    p.string()
}

/// Lines of a vector file, split on tabs, skipping blanks and `#` comments.
pub fn vectors(text: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(|(i, l)| (i + 1, l.split('\t').collect()))
}

/// Runs `each` on every vector `(line, fields)`, which adds what fails to
/// the list it is given, then [`check`]s the list.
pub fn check_each<'a>(
    vectors: impl IntoIterator<Item = (usize, Vec<&'a str>)>,
    mut each: impl FnMut(usize, &[&'a str], &mut Vec<String>),
) {
    let mut failures = Vec::new();
    let mut total = 0;
    for (line, f) in vectors {
        total += 1;
        each(line, &f, &mut failures);
    }
    check(failures, total);
}

/// Asserts no failures were collected, printing up to 40 of them.
pub fn check(failures: Vec<String>, total: usize) {
    if !failures.is_empty() {
        let shown: Vec<&String> = failures.iter().take(40).collect();
        panic!(
            "{} of {} vectors failed:\n{}",
            failures.len(),
            total,
            shown
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

pub fn obj_type(attrs: &[(&str, Type)]) -> Arc<ObjectType> {
    Arc::new(ObjectType::new(attrs.iter().cloned()))
}

/// Whether the text mentions a number whose exact digits need the 512-bit
/// Number (more than 15 significant digits, or an exponent beyond f64).
pub fn needs_exact_number(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
                i += 1;
            }
            let digits = s[start..i].trim_start_matches(['0', '.']).replace('.', "");
            let digits = digits.trim_end_matches('0');
            if digits.len() > 15 {
                return true;
            }
            if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
                let j = i + 1;
                let mut k = j;
                while k < b.len() && (b[k].is_ascii_digit() || b[k] == b'-' || b[k] == b'+') {
                    k += 1;
                }
                if s[j..k].parse::<i32>().is_ok_and(|e| e.abs() > 300) {
                    return true;
                }
                i = k;
            }
        } else {
            i += 1;
        }
    }
    false
}
