//! The JSON parser on hostile input: deep nesting, huge lines full of
//! errors, and random garbage. Nothing may panic, overflow the stack or
//! take more than linear time.

use hcldecode_spec::diag::Code;
use hcldecode_spec::source::{SourceFile, Span};
use hcldecode_spec::syntax::json::{self, Document, ParseOptions, Value};

fn parse(text: &str) -> (json::File, hcldecode_spec::diag::Diagnostics) {
    json::parse(json::source_from_bytes("t.json", text.as_bytes().to_vec()))
}

#[test]
fn deep_nesting_is_a_diagnostic() {
    for open in ["[", "{\"a\":"] {
        let text = open.repeat(100_000);
        let (file, diags) = parse(&text);
        assert_eq!(diags.len(), 1, "{diags}");
        let d = &diags[0];
        assert_eq!(d.code, Some(Code::NestingTooDeep));
        assert_eq!(
            d.detail,
            "Objects and arrays are nested more than 10000 levels deep here, which is not supported."
        );
        // The 10001st opening token.
        let at = open.len() * json::DEFAULT_MAX_DEPTH;
        let subject = d.subject.as_ref().unwrap();
        assert_eq!(subject.start.byte, at);
        assert_eq!(subject.start.column, at + 1);
        assert_eq!(subject.end.byte, at + 1);
        assert!(file.root.as_object().unwrap().span.is_empty());
    }
}

#[test]
fn deep_nesting_within_the_limit_parses_and_drops() {
    let depth = json::DEFAULT_MAX_DEPTH;
    let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    let (file, diags) = parse(&text);
    assert!(diags.is_empty(), "{diags}");
    let mut v = file.root;
    let mut levels = 1;
    while let Some(&inner) = v.as_array().unwrap().items(&file.doc).first() {
        v = inner;
        levels += 1;
    }
    assert_eq!(levels, depth);
    assert_eq!(v.span(), Span::new(depth as u32 - 1, depth as u32 + 1));
    drop(file); // must not recurse per level
}

#[test]
fn depth_limit_is_an_option() {
    let opts = ParseOptions { max_depth: 3 };
    let src = json::source_from_bytes("t.json", b"[[[1]]]".to_vec());
    let (_, diags) = json::parse_with(src.clone(), &opts);
    assert!(diags.is_empty(), "{diags}");
    let src = json::source_from_bytes("t.json", b"{\"a\": [[[1]]]}".to_vec());
    let (_, diags) = json::parse_with(src, &opts);
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].code, Some(Code::NestingTooDeep));
    assert_eq!(diags[0].subject.as_ref().unwrap().start.byte, 8);
}

/// Without the depth limit, 9 999 unclosed arrays give 9 999 "Unclosed
/// object" errors (as the reference does), innermost first.
#[test]
fn many_unclosed_arrays() {
    let n = 9_999;
    let (_, diags) = parse(&"[".repeat(n));
    // "Missing value" at the end, one "Unclosed object" per array, then the
    // root check.
    assert_eq!(diags.len(), n + 2);
    assert_eq!(diags[0].summary, "Missing value");
    assert_eq!(diags[1].summary, "Unclosed object");
    assert_eq!(diags[1].subject.as_ref().unwrap().start.byte, n - 1);
    assert_eq!(diags[n].subject.as_ref().unwrap().start.byte, 0);
    assert_eq!(diags[n + 1].summary, "Root value must be object");
}

/// One error per element on a single 800 kB line: resolving all those
/// positions must stay linear (it resumes from checkpoints).
#[test]
fn many_errors_on_one_long_line() {
    let n = 200_000;
    let mut text = String::from("[");
    for i in 0..n {
        if i > 0 {
            text.push(',');
        }
        text.push_str(if i % 2 == 0 { "tru" } else { "\"é\"" });
    }
    text.push(']');
    let (_, diags) = parse(&text);
    // Every `tru`; the array itself parses. (Count and last position as
    // the reference reports them.)
    assert_eq!(diags.len(), n / 2);
    let last = diags.last().unwrap().subject.as_ref().unwrap();
    // Each element is 4 columns wide ("tru," / "\"é\","), "é" being 2 bytes.
    let i = n - 2;
    assert_eq!(last.start.column, 2 + i * 4);
    assert_eq!(last.start.byte, 1 + i * 4 + i / 2);
}

/// Columns far into a long line, with tabs, combining marks and emoji.
#[test]
fn long_line_columns() {
    let mut text = String::from("{\t");
    for i in 0..2000 {
        text.push_str(&format!("\"k{i}\u{301}\":\t\"v\\\"é👍🏽\", "));
    }
    text.push_str("\"end\": tru}");
    let src = json::source_from_bytes("t.json", text.clone().into_bytes());
    let (_, diags) = json::parse(src.clone());
    let d = &diags[0];
    assert_eq!(d.summary, "Invalid JSON keyword");
    let at = text.find("tru}").unwrap();
    // The reference reports column 36901: "{" and a tab take 3 columns;
    // each entry `"k{i}\u{301}":<tab>"v\"é👍🏽", ` takes 15 plus its
    // digits (the combining accent joins the last digit; the tab is 2);
    // `"end": ` takes 7.
    let digits: usize = (0..2000).map(|i: usize| i.to_string().len()).sum();
    let expect = 1 + 3 + 2000 * 15 + digits + 7;
    assert_eq!(expect, 36901);
    assert_eq!(d.subject.as_ref().unwrap().start.column, expect);
    assert_eq!(d.subject.as_ref().unwrap().start.byte, at);
}

/// A small xorshift generator, so the test needs no dependencies.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Resolves every span in the tree, reading every string, so that position
/// counting runs on every node.
fn walk(doc: &Document, src: &SourceFile, v: Value) {
    let _ = src.range(v.span());
    let _ = src.range(v.start_span());
    match v {
        Value::Object(o) => {
            let _ = src.range(o.close());
            for p in o.props(doc) {
                let _ = p.key.value(doc);
                let _ = src.range(p.span());
                walk(doc, src, p.value);
            }
        }
        Value::Array(a) => {
            for &item in a.items(doc) {
                walk(doc, src, item);
            }
        }
        Value::String(s) => {
            let _ = s.value(doc);
            let _ = src.range(s.content_span());
        }
        _ => {}
    }
}

#[test]
fn random_mutations_never_panic() {
    let seeds: &[&[u8]] = &[
        br#"{"a": [1, -2.5e3, true, false, null, "x\"y\u00e9\ud83d\ude00"], "b": {"c": {}}}"#,
        b"[{\"k\": \"v\"},\r\n\t{\"k2\": [[], {}]}]",
        "{\"é\u{301}\": \"\u{600}\\\"\", \"👍🏽\": 1}".as_bytes(),
        b"{\"a\" = 1, 'b': tru, /* c */ \"d\": 01}",
    ];
    let alphabet: &[&[u8]] = &[
        b"{",
        b"}",
        b"[",
        b"]",
        b",",
        b":",
        b"\"",
        b"\\",
        b" ",
        b"\t",
        b"\r",
        b"\n",
        b"a",
        b"e",
        b"1",
        b"0",
        b"-",
        b".",
        b"=",
        b"u",
        b"E",
        b"+",
        b"\\u",
        b"\\ud800",
        b"\xff",
        b"\xc3",
        b"\xe2\x82",
        "\u{301}".as_bytes(),
        "\u{600}".as_bytes(),
        "é".as_bytes(),
        "👍".as_bytes(),
        b"\x00",
        b"\x7f",
        b"true",
        b"null",
    ];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..4000 {
        let mut input = seeds[rng.below(seeds.len())].to_vec();
        for _ in 0..1 + rng.below(6) {
            let at = rng.below(input.len() + 1);
            match rng.below(4) {
                0 if !input.is_empty() => {
                    let end = (at + 1 + rng.below(4)).min(input.len());
                    input.drain(at.min(end)..end);
                }
                1 => {
                    let a = rng.below(input.len() + 1);
                    let b = (a + rng.below(12)).min(input.len());
                    let chunk = input[a..b].to_vec();
                    input.splice(at..at, chunk);
                }
                2 => input.truncate(at),
                _ => {
                    let piece = alphabet[rng.below(alphabet.len())];
                    input.splice(at..at, piece.iter().copied());
                }
            }
        }
        let src = json::source_from_bytes("fuzz.json", input.clone());
        let (file, diags) = json::parse(src.clone());
        for d in &diags {
            assert!(d.subject.is_some());
        }
        walk(&file.doc, &src, file.root);
        let (expr, _) = json::parse_expression(src.clone(), &ParseOptions::default());
        walk(&expr.doc, &src, expr.root);
        // Every byte offset resolves.
        for b in 0..=src.source().len() as u32 + 1 {
            let _ = src.pos(b);
        }
    }
}
