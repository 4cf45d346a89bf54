//! A minimal JSON reader for the test vectors: objects whose values are
//! strings, `null`, or arrays of strings.

use std::collections::BTreeMap;

/// A JSON value as the vectors use them.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Str(String),
    List(Vec<Value>),
    Obj(BTreeMap<String, Value>),
}

impl Value {
    pub fn str(&self) -> &str {
        match self {
            Value::Str(s) => s,
            _ => "",
        }
    }

    pub fn list(&self) -> Vec<String> {
        match self {
            Value::List(l) => l.iter().map(|v| v.str().to_string()).collect(),
            _ => Vec::new(),
        }
    }

    pub fn get(&self, k: &str) -> &Value {
        static NULL: Value = Value::Null;
        match self {
            Value::Obj(m) => m.get(k).unwrap_or(&NULL),
            _ => &NULL,
        }
    }
}

pub fn parse(s: &str) -> Value {
    let mut p = Parser {
        b: s.as_bytes(),
        i: 0,
    };
    p.value()
}

struct Parser<'a> {
    b: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.b.len() && self.b[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn value(&mut self) -> Value {
        self.ws();
        match self.b[self.i] {
            b'"' => Value::Str(self.string()),
            b'[' => {
                self.i += 1;
                let mut out = Vec::new();
                loop {
                    self.ws();
                    if self.b[self.i] == b']' {
                        self.i += 1;
                        break;
                    }
                    out.push(self.value());
                    self.ws();
                    if self.b[self.i] == b',' {
                        self.i += 1;
                    }
                }
                Value::List(out)
            }
            b'{' => {
                self.i += 1;
                let mut out = BTreeMap::new();
                loop {
                    self.ws();
                    if self.b[self.i] == b'}' {
                        self.i += 1;
                        break;
                    }
                    let k = self.string();
                    self.ws();
                    assert_eq!(self.b[self.i], b':');
                    self.i += 1;
                    let v = self.value();
                    out.insert(k, v);
                    self.ws();
                    if self.b[self.i] == b',' {
                        self.i += 1;
                    }
                }
                Value::Obj(out)
            }
            b'n' => {
                self.i += 4;
                Value::Null
            }
            c => panic!("unexpected {}", c as char),
        }
    }

    fn hex4(&mut self) -> u32 {
        let s = std::str::from_utf8(&self.b[self.i..self.i + 4]).unwrap();
        self.i += 4;
        u32::from_str_radix(s, 16).unwrap()
    }

    fn string(&mut self) -> String {
        assert_eq!(self.b[self.i], b'"');
        self.i += 1;
        let mut out: Vec<u8> = Vec::new();
        loop {
            let c = self.b[self.i];
            self.i += 1;
            match c {
                b'"' => break,
                b'\\' => {
                    let e = self.b[self.i];
                    self.i += 1;
                    match e {
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        b'r' => out.push(b'\r'),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'/' => out.push(b'/'),
                        b'\\' => out.push(b'\\'),
                        b'"' => out.push(b'"'),
                        b'u' => {
                            let mut cp = self.hex4();
                            if (0xD800..0xDC00).contains(&cp) && self.b[self.i] == b'\\' {
                                self.i += 2;
                                let lo = self.hex4();
                                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                            }
                            let ch = char::from_u32(cp).unwrap_or('\u{FFFD}');
                            let mut buf = [0; 4];
                            out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                        }
                        _ => panic!("bad escape"),
                    }
                }
                _ => out.push(c),
            }
        }
        String::from_utf8(out).expect("vector strings are UTF-8")
    }
}

/// Encodes a string as a JSON string literal.
pub fn quote(s: &str) -> String {
    hcldecode_spec::json_text::json_string(s)
}

/// Decodes lowercase/uppercase hex.
pub fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
        .collect()
}
