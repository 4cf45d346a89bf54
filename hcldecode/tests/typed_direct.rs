//! Typed decoding reads a derived struct straight from the syntax where it
//! can (`decode::direct`), skipping the value of each body. Whatever the
//! input, the result must be the one the usual path gives: the body's
//! value from the engine, then `from_hcl` (both public, so compared here),
//! and on errors the same diagnostics.

#![cfg(feature = "derive")]

use std::collections::{BTreeMap, HashMap};

use hcldecode::decode::{DecodeOptions, decode_with};
use hcldecode::typed::At;
use hcldecode::{HclDecode, Value};

fn default_port() -> u16 {
    8080
}

#[derive(HclDecode, Debug, PartialEq)]
struct Root {
    name: Option<String>,
    count: Option<i64>,
    small: Option<u8>,
    flag: Option<bool>,
    ratio: Option<f64>,
    #[hcl(default = "default_port")]
    port: u16,
    #[hcl(block)]
    item: Vec<Item>,
    #[hcl(block)]
    svc: BTreeMap<String, Svc>,
    #[hcl(block)]
    host: HashMap<String, Host>,
    #[hcl(block)]
    one: Option<One>,
    #[hcl(block)]
    named: Option<Named>,
}

/// Its elements' types can differ (an `any` attribute, and a block
/// holding one).
#[derive(HclDecode, Debug, PartialEq)]
struct Item {
    v: Option<Value>,
    #[hcl(block)]
    sub: Option<Sub>,
    #[hcl(block)]
    deep: Vec<Sub>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Sub {
    x: Option<Value>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Svc {
    tags: Vec<String>,
    #[hcl(block, min_items = 1)]
    check: Vec<Check>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Check {
    n: i64,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Host {
    #[hcl(block, max_items = 1)]
    addr: HashMap<String, Check>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct One {
    a: Option<bool>,
    #[hcl(block)]
    inner: Sub,
}

/// A label field: read from the body's value, never directly.
#[derive(HclDecode, Debug, PartialEq)]
struct Named {
    #[hcl(label)]
    name: String,
    a: Option<bool>,
}

/// The usual path: the engine's value, then `from_hcl`.
fn usual<T: HclDecode>(src: &str) -> Result<T, Vec<String>> {
    let (file, diags) = hcldecode::parse::parse_native(src.as_bytes(), "t.hcl");
    assert!(!diags.has_errors(), "{src}: {diags:?}");
    let opts = DecodeOptions::new()
        .element_errors(true)
        .keep_block_types(true);
    let (v, diags) = decode_with(&file.body, &T::spec(), None, None, opts);
    if diags.has_errors() {
        return Err(diags.iter().map(|d| d.summary.clone()).collect());
    }
    T::from_hcl(&v, At::none())
        .map_err(|e| e.diagnostics().iter().map(|d| d.summary.clone()).collect())
}

fn typed<T: HclDecode>(src: &str) -> Result<T, Vec<String>> {
    hcldecode::from_str::<T>(src, "t.hcl")
        .map_err(|e| e.diagnostics().iter().map(|d| d.summary.clone()).collect())
}

fn same<T: HclDecode + PartialEq + std::fmt::Debug>(src: &str) -> Result<T, Vec<String>> {
    let a = typed::<T>(src);
    let b = usual::<T>(src);
    assert_eq!(a, b, "{src}");
    a
}

#[test]
fn direct_reads_give_the_usual_values() {
    let cases = [
        "",
        "name = \"x\"\nport = 1\n",
        "count = 12\nsmall = 255\nflag = true\nratio = 0.5\n",
        "count = 007\nflag = false\n",
        "count = 1e2\nsmall = 2.0\n",
        "count = -3\nname = \"caf\u{e9}\"\n",
        "name = \"cafe\u{301}\"\n",
        "name = \"a${\"b\"}\"\nflag = !false\n",
        "port = null\n",
        "item {\n  v = 1\n}\nitem {\n  v = 2\n}\n",
        "svc \"b\" {\n  tags = [\"t\"]\n  check {\n    n = 1\n  }\n}\nsvc \"a\" {\n  tags = []\n  check {\n    n = 2\n  }\n  check {\n    n = 3\n  }\n}\n",
        "host \"h\" {\n  addr \"x\" {\n    n = 1\n  }\n}\nhost \"i\" {}\n",
        "one {\n  a = true\n  inner {\n    x = [1, \"a\"]\n  }\n}\n",
        "named \"n\" {\n  a = false\n}\n",
        "item {\n  sub {\n    x = 1\n  }\n}\nitem {\n  sub {\n    x = 2\n  }\n}\n",
        "item {\n  deep {\n    x = 1\n  }\n}\nitem {\n  deep {\n    x = 2\n  }\n  deep {\n    x = 3\n  }\n}\n",
    ];
    for src in cases {
        assert!(same::<Root>(src).is_ok(), "{src}");
    }
}

#[test]
fn elements_of_differing_types_decode_per_block() {
    // Typed decoding keeps each block's own value (no conversion to one
    // type across blocks): both paths agree on that.
    let cases = [
        "item {\n  v = 1\n}\nitem {\n  v = \"a\"\n}\n",
        "item {\n  v = [1]\n}\nitem {\n  v = [\"a\"]\n}\n",
        "item {}\nitem {\n  v = 1\n}\n",
        "item {\n  sub {\n    x = 1\n  }\n}\nitem {}\n",
        "item {\n  sub {}\n}\nitem {}\n",
        "item {\n  deep {\n    x = 1\n  }\n}\nitem {}\n",
        "item {\n  deep {\n    x = 1\n  }\n}\nitem {\n  deep {\n    x = \"s\"\n  }\n}\n",
        "item {\n  v = {a = 1}\n}\nitem {\n  v = {b = 1}\n}\n",
    ];
    for src in cases {
        let _ = same::<Root>(src);
    }
    // Each as written: no conversion to strings.
    let r = same::<Root>("item {\n  v = 1\n}\nitem {\n  v = \"a\"\n}\n").unwrap();
    assert_eq!(r.item[0].v, Some(Value::int(1)));
    assert_eq!(r.item[1].v, Some(Value::string("a")));
}

#[test]
fn errors_are_the_usual_ones() {
    let cases = [
        "nope = 1\n",
        "port = \"x\"\n",
        "port = 70000\n",
        "small = 256\n",
        "count = 18446744073709551615\n",
        "count = 99999999999999999999999\n",
        "count = 1.5\n",
        "flag = 1\n",
        "svc \"a\" {\n  tags = []\n}\n",
        "svc \"a\" {\n  tags = []\n  check {\n    n = 1\n  }\n}\nsvc \"a\" {\n  tags = []\n  check {\n    n = 1\n  }\n}\n",
        "host \"h\" {\n  addr \"x\" {\n    n = 1\n  }\n  addr \"y\" {\n    n = 2\n  }\n}\n",
        "one {\n  a = true\n}\n",
        "one {\n  inner {}\n}\none {\n  inner {}\n}\n",
        "item {\n  v = nope\n}\n",
        "svc {\n  tags = []\n}\n",
    ];
    for src in cases {
        assert!(same::<Root>(src).is_err(), "{src}");
    }
}

#[test]
fn labels_equal_once_normalized_are_duplicates() {
    // "é" written two ways: two blocks for the engine, but one key of a
    // Rust map (keys are NFC, as the map value's are): an error, not one
    // block silently dropped.
    let src = "host \"e\u{301}\" {\n  addr \"x\" {\n    n = 1\n  }\n}\nhost \"\u{e9}\" {}\n";
    let e = typed::<Root>(src).unwrap_err();
    assert_eq!(e, ["Duplicate block"]);
}

#[cfg(feature = "indexmap")]
#[test]
fn index_maps_of_blocks_keep_the_blocks_order() {
    // The blocks' source order, read directly or from the trace (the map
    // value's order, sorted by key, is a spec file's).
    #[derive(HclDecode, Debug, PartialEq)]
    struct Ordered {
        #[hcl(block)]
        svc: indexmap::IndexMap<String, Check>,
    }
    let src = "svc \"b\" {\n  n = 1\n}\nsvc \"a\" {\n  n = 2\n}\n";
    let r = typed::<Ordered>(src).unwrap();
    assert_eq!(r.svc.keys().collect::<Vec<_>>(), ["b", "a"]);
    // From the trace (an error elsewhere decodes with it): the same order
    // in the error-free parts is what `Spanned` blocks see.
    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct Traced {
        #[hcl(block)]
        svc: indexmap::IndexMap<String, hcldecode::Spanned<Check>>,
        #[hcl(remain)]
        rest: hcldecode::Body,
    }
    let t: Traced = hcldecode::from_str(src, "t.hcl").unwrap();
    assert_eq!(t.svc.keys().collect::<Vec<_>>(), ["b", "a"]);
}

/// Attributes of collection types, which the direct path reads from
/// literal constructors without their values.
#[derive(HclDecode, Debug, PartialEq)]
struct Literals {
    list: Option<Vec<String>>,
    deque: Option<std::collections::VecDeque<i64>>,
    map: Option<HashMap<String, String>>,
    nested: Option<BTreeMap<String, Vec<String>>>,
    small: Option<Vec<i8>>,
    opt: Option<Vec<Option<String>>>,
    boxed: Option<Box<i64>>,
    ratio: Option<f64>,
    ratios: Option<Vec<f64>>,
    neg: Option<i32>,
    text: Option<String>,
    spanned: Option<Vec<hcldecode::Spanned<String>>>,
}

#[test]
fn literal_collections_read_directly_give_the_usual_values() {
    let cases = [
        "list = [\"a\", \"b\"]\nmap = { a = \"x\", \"b c\" = \"y\" }\n",
        "list = []\nmap = {}\nnested = {}\n",
        "nested = { a = [\"x\"], b = [] }\n",
        "deque = [1, -2, 007]\nsmall = [-128, 127, -0]\n",
        "neg = -2147483648\nratio = -0.0\n",
        "ratio = 0.08\nratios = [0.1, 1e3, 2.5e-3, 0.30000000000000004]\n",
        // Keys: a keyword, a parenthesized name, a repeated key (the last
        // is the map's), a key in two normal forms, a template.
        "map = { null = \"n\", true = \"t\" }\n",
        "map = { (\"a\") = \"x\" }\n",
        "map = { a = \"1\", a = \"2\" }\n",
        "map = { \"e\u{301}\" = \"1\", \"\u{e9}\" = \"2\" }\n",
        "map = { \"k${1}\" = \"v\" }\n",
        // Values the literal reads do not take: the value path converts
        // them (a number to a string, a string to a number).
        "list = [1, true, \"x\"]\nmap = { a = 1 }\ndeque = [\"3\"]\n",
        "small = [1.0]\nneg = -(3)\n",
        "list = [\"a${\"b\"}\"]\nmap = { a = \"${1 + 1}\" }\n",
        // Strings: escapes, normalization, heredocs of literal lines alone
        // and with interpolations.
        "text = \"a\\tb\\u00e9 $${x} %%{y}\"\nlist = [\"cafe\u{301}\"]\n",
        "text = <<EOT\nline one\n  line two $${z}\ncafe\u{301}\nEOT\n",
        "text = <<-EOT\n    indented\n      more\n    EOT\n",
        "text = <<EOT\nsum ${1 + 1}\nEOT\n",
        "text = <<EOT\nEOT\n",
        "opt = [\"a\", null]\nboxed = 3\n",
    ];
    for src in cases {
        let r = same::<Literals>(src);
        assert!(r.is_ok(), "{src}: {r:?}");
    }
    let r = same::<Literals>("map = { a = \"1\", a = \"2\" }\nnested = { k = [\"x\", \"y\"] }\n")
        .unwrap();
    assert_eq!(r.map.unwrap()["a"], "2");
    assert_eq!(r.nested.unwrap()["k"], ["x", "y"]);
    let r = same::<Literals>("text = <<-EOT\n    one\n      two\n    EOT\n").unwrap();
    assert_eq!(r.text.as_deref(), Some("one\n  two\n"));
    let r = same::<Literals>("small = [-128, 127]\nneg = -5\nlist = [1]\n").unwrap();
    assert_eq!(r.small, Some(vec![-128, 127]));
    assert_eq!(r.neg, Some(-5));
    assert_eq!(r.list, Some(vec!["1".to_string()]));
    let r = same::<Literals>("map = { \"e\u{301}\" = \"x\" }\n").unwrap();
    assert_eq!(r.map.unwrap().keys().collect::<Vec<_>>(), ["\u{e9}"]);
    // Elements with positions are not read as literals: each keeps its own.
    let r = typed::<Literals>("spanned = [\"a\", \"b\"]\n").unwrap();
    let spanned = r.spanned.unwrap();
    assert_eq!(spanned[1].as_str(), "b");
    assert_eq!(spanned[1].range().start.column, 17);
}

#[test]
fn literal_collections_with_wrong_elements_give_the_usual_errors() {
    let cases = [
        "small = [128]\n",
        "small = [-129]\n",
        "small = [1.5]\n",
        "neg = -2147483649\n",
        "list = [null]\n",
        "list = [[\"a\"]]\n",
        "map = { a = [\"x\"] }\n",
        "map = [\"a\"]\n",
        "list = { a = \"b\" }\n",
        "nested = { a = \"x\" }\n",
        "deque = [\"x\"]\n",
        "ratio = \"fast\"\n",
    ];
    for src in cases {
        assert!(same::<Literals>(src).is_err(), "{src}");
    }
}
