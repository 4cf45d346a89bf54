//! `to_string_typed` writes derived types straight to the text (issue 36):
//! its output must be the `BodyWriter` path's, byte for byte, and its
//! errors that path's. Every test here compares the two paths: the
//! `BodyWriter` text is what `encode_body` adds, written by
//! `BodyWriter::finish_with`.
#![cfg(feature = "derive")]

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};

use hcldecode::encode::{self, BodyWriter, EncodeError, EncodeOptions, HclEncode};
use hcldecode::{HclEncode as DeriveEncode, Type, Value};
use proptest::prelude::*;

/// The text (or error) of the `BodyWriter` path.
fn body_writer<T: HclEncode>(x: &T, opts: &EncodeOptions) -> Result<String, EncodeError> {
    let mut body = BodyWriter::new();
    x.encode_body(&mut body)?;
    body.finish_with(opts)
}

/// Both paths, with and without heredocs, give the same result; the
/// streamed text (or error text) with heredocs.
fn same<T: HclEncode>(x: &T) -> Result<String, String> {
    for heredocs in [true, false] {
        let opts = EncodeOptions::default().with_heredocs(heredocs);
        let streamed = encode::to_string_of_with(x, &opts).map_err(|e| format!("{e:?}"));
        let old = body_writer(x, &opts).map_err(|e| format!("{e:?}"));
        assert_eq!(streamed, old, "heredocs: {heredocs}");
    }
    encode::to_string_of(x).map_err(|e| e.to_string())
}

fn zero() -> i64 {
    0
}

#[derive(DeriveEncode, Debug, Clone, PartialEq)]
enum Mode {
    Host,
    #[hcl(rename = "raw-exec")]
    RawExec,
}

#[derive(DeriveEncode, Debug, Clone)]
struct Inner {
    #[hcl(label)]
    name: String,
    text: Option<String>,
    n: Option<i64>,
}

#[derive(DeriveEncode, Debug, Clone)]
enum Step {
    Run(Inner),
    Shell { script: String, retries: Option<u8> },
    Noop,
}

/// Attribute-only: usable as an attribute's value (an object).
#[derive(DeriveEncode, Debug, Clone)]
struct Pair {
    left: String,
    right: Option<Vec<i32>>,
}

/// Attribute-only with every field optional: `{}` when all are absent,
/// also inside a tuple tried on one line.
#[derive(DeriveEncode, Debug, Clone)]
struct Sparse {
    b: Option<i64>,
    a: Option<String>,
}

#[derive(DeriveEncode, Debug, Clone)]
struct Shared {
    region: Option<String>,
    #[hcl(block)]
    inner: Vec<Inner>,
}

#[derive(DeriveEncode, Debug, Clone)]
struct Everything {
    s: String,
    opt: Option<String>,
    mode: Mode,
    #[hcl(default = "zero")]
    defaulted: i64,
    #[hcl(default)]
    flag: bool,
    int: i64,
    big: u128,
    small: i128,
    ratio: f64,
    single: f32,
    list: Vec<String>,
    deque: VecDeque<Option<i64>>,
    set: BTreeSet<String>,
    hset: HashSet<u8>,
    array: [bool; 2],
    tuple: (String, i64),
    nested: Vec<Vec<String>>,
    maps: Vec<HashMap<String, String>>,
    map: HashMap<String, String>,
    bmap: BTreeMap<String, Vec<String>>,
    deep: BTreeMap<String, BTreeMap<String, Option<String>>>,
    pair: Pair,
    sparse: Vec<Sparse>,
    pairs: Option<Vec<Pair>>,
    value: Value,
    ch: char,
    #[hcl(flatten)]
    shared: Shared,
    #[hcl(flatten)]
    more: Option<Shared>,
    #[hcl(block)]
    one: Option<Inner>,
    #[hcl(block, rename = "item")]
    items: Vec<Inner>,
    #[hcl(block, rename = "by_key")]
    by_key: HashMap<String, Inner>,
    #[hcl(block, rename = "by_two")]
    by_two: BTreeMap<String, BTreeMap<String, Inner>>,
    #[hcl(block, tag = "label")]
    tagged: Vec<Step>,
    #[hcl(block)]
    step: Vec<Step>,
    #[hcl(block_attrs)]
    attrs: Option<BTreeMap<String, String>>,
    #[hcl(block_attrs)]
    more_attrs: HashMap<String, i64>,
}

fn text() -> impl Strategy<Value = String> {
    // Quotes, escapes, template sequences, lines for heredocs (indented
    // or not, with an `EOT` line), non-ASCII and non-NFC text.
    prop_oneof![
        "[a-z ]{0,12}",
        Just(String::new()),
        Just("line one\n  line two\n".to_string()),
        Just("EOT\nEOT1\n".to_string()),
        Just("  indented\n".to_string()),
        Just("a\"b\\c\td${x}%{y}\r\u{1}".to_string()),
        Just("cafe\u{301} \u{e9}\n".to_string()),
        Just("\n".to_string()),
        Just(" \nx\n".to_string()),
        "[a-zA-Z0-9 \"\\\\${}%\n\t\u{e9}\u{301}]{0,30}",
    ]
}

fn key() -> impl Strategy<Value = String> {
    // Identifiers, keywords, non-identifiers and non-ASCII keys (NFC
    // makes `e\u{301}` and `\u{e9}` one key).
    prop_oneof![
        "[a-z][a-z0-9_]{0,6}",
        Just("for".to_string()),
        Just("null".to_string()),
        Just("two words".to_string()),
        Just("1st".to_string()),
        Just("e\u{301}".to_string()),
        Just("\u{e9}".to_string()),
        Just(String::new()),
    ]
}

fn inner() -> impl Strategy<Value = Inner> {
    (text(), prop::option::of(text()), any::<Option<i64>>()).prop_map(|(name, text, n)| Inner {
        name,
        text,
        n,
    })
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        inner().prop_map(Step::Run),
        (text(), any::<Option<u8>>()).prop_map(|(script, retries)| Step::Shell { script, retries }),
        Just(Step::Noop),
    ]
}

fn shared() -> impl Strategy<Value = Shared> {
    (
        prop::option::of(text()),
        prop::collection::vec(inner(), 0..2),
    )
        .prop_map(|(region, inner)| Shared { region, inner })
}

fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::null(Type::Dynamic)),
        Just(Value::null(Type::String)),
        any::<bool>().prop_map(Value::bool),
        any::<i64>().prop_map(Value::int),
        text().prop_map(Value::string),
    ];
    leaf.prop_recursive(3, 12, 4, |e| {
        prop_oneof![
            prop::collection::vec(e.clone(), 0..4).prop_map(Value::tuple),
            prop::collection::vec((key(), e), 0..3).prop_map(Value::object),
        ]
    })
}

prop_compose! {
    fn scalars()(
        s in text(),
        opt in prop::option::of(text()),
        mode in prop_oneof![Just(Mode::Host), Just(Mode::RawExec)],
        defaulted in prop_oneof![Just(0i64), any::<i64>()],
        flag in any::<bool>(),
        int in any::<i64>(),
        big in any::<u128>(),
        small in any::<i128>(),
        ratio in prop_oneof![Just(0.1f64), Just(-0.0), Just(1e300), -1e9f64..1e9],
        single in -1e6f32..1e6,
        ch in any::<char>(),
    ) -> (String, Option<String>, Mode, i64, bool, i64, u128, i128, f64, f32, char) {
        (s, opt, mode, defaulted, flag, int, big, small, ratio, single, ch)
    }
}

prop_compose! {
    fn collections()(
        list in prop::collection::vec(text(), 0..12),
        deque in prop::collection::vec_deque(any::<Option<i64>>(), 0..4),
        set in prop::collection::btree_set(text(), 0..3),
        hset in prop::collection::hash_set(any::<u8>(), 0..3),
        array in any::<[bool; 2]>(),
        tuple in (text(), any::<i64>()),
        nested in prop::collection::vec(prop::collection::vec(text(), 0..3), 0..3),
        maps in prop::collection::vec(prop::collection::hash_map(key(), text(), 0..3), 0..3),
        map in prop::collection::hash_map(key(), text(), 0..4),
        bmap in prop::collection::btree_map(key(), prop::collection::vec(text(), 0..3), 0..3),
        deep in prop::collection::btree_map(key(), prop::collection::btree_map(key(), prop::option::of(text()), 0..3), 0..3),
    ) -> (Vec<String>, VecDeque<Option<i64>>, BTreeSet<String>, HashSet<u8>, [bool; 2], (String, i64), Vec<Vec<String>>, Vec<HashMap<String, String>>, HashMap<String, String>, BTreeMap<String, Vec<String>>, BTreeMap<String, BTreeMap<String, Option<String>>>) {
        (list, deque, set, hset, array, tuple, nested, maps, map, bmap, deep)
    }
}

prop_compose! {
    fn blocks()(
        shared in shared(),
        more in prop::option::of(shared()),
        one in prop::option::of(inner()),
        items in prop::collection::vec(inner(), 0..3),
        by_key in prop::collection::hash_map(text(), inner(), 0..3),
        by_two in prop::collection::btree_map(text(), prop::collection::btree_map(text(), inner(), 1..3), 0..2),
        tagged in prop::collection::vec(step(), 0..3),
        step in prop::collection::vec(step(), 0..3),
        attrs in prop::option::of(prop::collection::btree_map("[a-z]{1,5}", text(), 0..3)),
        more_attrs in prop::collection::hash_map("[a-z]{1,5}", any::<i64>(), 0..3),
    ) -> (Shared, Option<Shared>, Option<Inner>, Vec<Inner>, HashMap<String, Inner>, BTreeMap<String, BTreeMap<String, Inner>>, Vec<Step>, Vec<Step>, Option<BTreeMap<String, String>>, HashMap<String, i64>) {
        (shared, more, one, items, by_key, by_two, tagged, step, attrs, more_attrs)
    }
}

prop_compose! {
    fn everything()(
        (s, opt, mode, defaulted, flag, int, big, small, ratio, single, ch) in scalars(),
        (list, deque, set, hset, array, tuple, nested, maps, map, bmap, deep) in collections(),
        (shared, more, one, items, by_key, by_two, tagged, step, attrs, more_attrs) in blocks(),
        left in text(),
        right in prop::option::of(prop::collection::vec(any::<i32>(), 0..30)),
        sparse in prop::collection::vec((any::<Option<i64>>(), prop::option::of(text())).prop_map(|(b, a)| Sparse { b, a }), 0..3),
        pairs in prop::option::of(prop::collection::vec((text(), prop::option::of(prop::collection::vec(any::<i32>(), 0..3))).prop_map(|(left, right)| Pair { left, right }), 0..3)),
        value in value(),
    ) -> Everything {
        Everything {
            s, opt, mode, defaulted, flag, int, big, small, ratio, single, list, deque, set, hset,
            array, tuple, nested, maps, map, bmap, deep, pair: Pair { left, right }, sparse, pairs, value, ch,
            shared, more, one, items, by_key, by_two, tagged, step, attrs, more_attrs,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Every field kind, value shape and string the writers treat apart:
    /// the streamed text is the `BodyWriter` path's.
    #[test]
    fn streamed_text_is_the_body_writer_text(x in everything()) {
        same(&x).unwrap();
    }
}

/// Hand-written text for one value, so that the comparison above is not
/// only of two paths agreeing with each other.
#[test]
fn streamed_text_by_hand() {
    let mut map = HashMap::new();
    map.insert("b key".to_string(), "2".to_string());
    map.insert("a".to_string(), "1".to_string());
    let x = Shared {
        region: Some("eu\n".to_string()),
        inner: vec![Inner {
            name: "x".into(),
            text: Some("two\nlines\n".into()),
            n: None,
        }],
    };
    assert_eq!(
        same(&x).unwrap(),
        "region = <<-EOT\n  eu\nEOT\n\ninner \"x\" {\n  text = <<-EOT\n    two\n    lines\n  EOT\n}\n"
    );
    #[derive(DeriveEncode)]
    struct M {
        env: HashMap<String, String>,
        long: Vec<String>,
        z: i64,
    }
    let m = M {
        env: map,
        long: (0..12).map(|i| format!("item{i}")).collect(),
        z: -3,
    };
    let long = (0..12)
        .map(|i| format!("  \"item{i}\",\n"))
        .collect::<String>();
    assert_eq!(
        same(&m).unwrap(),
        format!(
            "env = {{\n  a       = \"1\"\n  \"b key\" = \"2\"\n}}\nlong = [\n{long}]\nz = -3\n"
        )
    );
}

/// A type that implements only `to_value` and `encode_body` (no
/// streaming methods): written through its `BodyWriter`, and its value
/// through `to_value`.
struct Manual {
    attr: &'static str,
    block: &'static str,
    value: Value,
}

impl HclEncode for Manual {
    fn to_value(&self) -> Result<Value, EncodeError> {
        Ok(self.value.clone())
    }
    fn encode_body(&self, body: &mut BodyWriter) -> Result<(), EncodeError> {
        body.attr(self.attr, self.value.clone());
        body.attr("nothing", Value::null(Type::Dynamic));
        let mut inner = BodyWriter::new();
        inner.attr("x", Value::int(1));
        inner.raw_attr("when", "var.a   >  1");
        body.block(self.block, vec!["l".into()], inner);
        body.raw_block("raw {\n    a = 1\n}");
        Ok(())
    }
}

#[derive(DeriveEncode)]
struct HoldsManual {
    m: Manual,
    #[hcl(block)]
    b: Manual,
    #[hcl(block_attrs)]
    attrs: Value,
}

fn manual(attr: &'static str, block: &'static str, value: Value) -> HoldsManual {
    HoldsManual {
        m: Manual {
            attr,
            block,
            value: value.clone(),
        },
        b: Manual { attr, block, value },
        attrs: Value::object([("k", Value::int(1))]),
    }
}

#[test]
fn impls_of_to_value_and_encode_body_alone_are_written_as_before() {
    let text = same(&manual("a", "blk", Value::string("v"))).unwrap();
    assert!(text.contains("m = \"v\"\n"), "{text}");
    assert!(text.contains("nothing = null\n"), "{text}");
    assert!(text.contains("when = var.a > 1"), "{text}");
}

/// Errors are the `BodyWriter` path's, whichever error the streaming
/// path meets first.
#[test]
fn errors_are_the_body_writer_errors() {
    let bad_attr = same(&manual("not ident", "blk", Value::int(1))).unwrap_err();
    assert!(bad_attr.contains("not ident"), "{bad_attr}");
    let bad_block = same(&manual("a", "bad block", Value::int(1))).unwrap_err();
    assert!(bad_block.contains("bad block"), "{bad_block}");
    let unknown = same(&manual("a", "blk", Value::unknown(Type::String))).unwrap_err();
    assert!(unknown.contains("not known"), "{unknown}");
    let mut not_object = manual("a", "blk", Value::int(1));
    not_object.attrs = Value::string("x");
    let e = same(&not_object).unwrap_err();
    assert!(e.contains("object"), "{e}");

    #[derive(DeriveEncode)]
    struct Renamed {
        #[hcl(rename = "not a name")]
        x: Option<i64>,
    }
    // Left out, the name is no error; written, it is one.
    assert_eq!(same(&Renamed { x: None }).unwrap(), "");
    let e = same(&Renamed { x: Some(1) }).unwrap_err();
    assert!(e.contains("not a name"), "{e}");

    #[derive(DeriveEncode)]
    struct Nan {
        early: Value,
        late: f64,
    }
    // Two problems: the `BodyWriter` path reports the NaN (met while the
    // items are made), the streaming path meets the unknown first.
    let e = same(&Nan {
        early: Value::unknown(Type::Number),
        late: f64::NAN,
    })
    .unwrap_err();
    assert!(e.contains("NaN"), "{e}");
    let e = same(&Nan {
        early: Value::int(1),
        late: f64::INFINITY,
    })
    .unwrap_err();
    assert!(e.contains("infin"), "{e}");
}

/// `Expression` fields (source text, after which the formatter lays the
/// whole output out) written straight to the text, in a type without a
/// `remain` body (types with one go through `BodyWriter`).
#[test]
fn expression_fields_are_written_as_before() {
    #[derive(hcldecode::HclDecode, DeriveEncode)]
    struct Rule {
        #[hcl(label)]
        name: String,
        a: i64,
        when: hcldecode::Expression,
        unless: Option<hcldecode::Expression>,
        longer_name: String,
    }
    #[derive(hcldecode::HclDecode, DeriveEncode)]
    struct File {
        top: Option<String>,
        #[hcl(block, rename = "rule")]
        rules: Vec<Rule>,
        check: Option<hcldecode::Expression>,
    }
    let src = "top = \"x\"\ncheck = var.a   ||  var.b\nrule \"r\" {\n  a = 1\n  when = var.x > 1\n  unless = [for s in var.l : s]\n  longer_name = \"n\"\n}\nrule \"s\" {\n  a = 2\n  when = true\n  longer_name = \"m\"\n}\n";
    let file: File = hcldecode::from_str(src, "r.hcl").unwrap();
    let text = same(&file).unwrap();
    assert!(text.contains("check = var.a || var.b\n"), "{text}");
    assert!(text.contains("  when        = var.x > 1\n"), "{text}");
}

/// A `serde` field, written through its value, in a type written
/// straight to the text.
#[cfg(feature = "serde")]
#[test]
fn serde_fields_are_written_as_before() {
    #[derive(serde::Serialize)]
    struct Limits {
        cpu: u32,
        memory: Option<u64>,
        tags: Vec<String>,
    }
    #[derive(DeriveEncode)]
    struct Task {
        name: String,
        #[hcl(serde)]
        limits: Limits,
        #[hcl(serde)]
        absent: Option<Limits>,
    }
    let t = Task {
        name: "t".into(),
        limits: Limits {
            cpu: 2,
            memory: None,
            tags: vec!["a".into()],
        },
        absent: None,
    };
    let text = same(&t).unwrap();
    assert!(
        text.starts_with("name = \"t\"\nlimits = {\n  cpu"),
        "{text}"
    );
    assert!(!text.contains("absent"), "{text}");
}
