//! `#[derive(HclEncode)]` and `to_string_typed`: exact output, and the
//! round-trip law `from_str::<T>(&to_string_typed(&x)) == x`.
#![cfg(feature = "derive")]

use std::collections::{BTreeMap, HashMap};

use hcldecode::encode::EncodeError;
use hcldecode::{HclDecode, HclEncode, Value};
use proptest::prelude::*;

fn four() -> u32 {
    4
}

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone, Copy)]
enum Mode {
    Host,
    RawExec,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
struct Meta {
    owner: String,
    tier: Option<String>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
struct Port {
    #[hcl(label)]
    name: String,
    to: Option<u16>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
struct Rack {
    #[hcl(label)]
    rack: String,
    size: i64,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
struct Logging {
    level: String,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
#[hcl(rename_all = "kebab-case")]
struct Config {
    name: String,
    #[hcl(rename = "type")]
    kind: Mode,
    #[hcl(default = "four")]
    workers: u32,
    max_items: Option<u64>,
    ratio: f64,
    enabled: bool,
    tags: Vec<String>,
    weights: BTreeMap<String, i32>,
    meta: Meta,
    extra: Value,
    #[hcl(block)]
    logging: Option<Logging>,
    #[hcl(block, rename = "port")]
    ports: Vec<Port>,
    #[hcl(block, rename = "env")]
    envs: HashMap<String, Logging>,
    #[hcl(block, rename = "region")]
    regions: BTreeMap<String, BTreeMap<String, Rack>>,
    #[hcl(block_attrs)]
    labels: Option<BTreeMap<String, String>>,
}

fn sample() -> Config {
    Config {
        name: "web".into(),
        kind: Mode::RawExec,
        workers: 8,
        max_items: None,
        ratio: 0.5,
        enabled: true,
        tags: vec!["a".into(), "b".into()],
        weights: [("x".to_string(), -1)].into_iter().collect(),
        meta: Meta {
            owner: "ops".into(),
            tier: None,
        },
        extra: Value::object([("k", Value::tuple(vec![Value::int(1), Value::from("${x}")]))]),
        logging: Some(Logging {
            level: "info".into(),
        }),
        ports: vec![
            Port {
                name: "http".into(),
                to: Some(8080),
            },
            Port {
                name: "admin".into(),
                to: None,
            },
        ],
        envs: [(
            "prod".to_string(),
            Logging {
                level: "warn".into(),
            },
        )]
        .into_iter()
        .collect(),
        regions: [(
            "eu".to_string(),
            [(
                "dc1".to_string(),
                Rack {
                    rack: "r7".into(),
                    size: 3,
                },
            )]
            .into_iter()
            .collect(),
        )]
        .into_iter()
        .collect(),
        labels: Some(
            [("team".to_string(), "core".to_string())]
                .into_iter()
                .collect(),
        ),
    }
}

const SAMPLE: &str = r#"name    = "web"
type    = "raw_exec"
workers = 8
ratio   = 0.5
enabled = true
tags    = ["a", "b"]
weights = {
  x = -1
}
meta = {
  owner = "ops"
}
extra = {
  k = [1, "$${x}"]
}

logging {
  level = "info"
}

port "http" {
  to = 8080
}

port "admin" {
}

env "prod" {
  level = "warn"
}

region "eu" "dc1" "r7" {
  size = 3
}

labels {
  team = "core"
}
"#;

#[test]
fn exact_output() {
    let text = hcldecode::to_string_typed(&sample()).unwrap();
    assert_eq!(text, SAMPLE);
}

#[test]
fn output_is_hclfmt_fixed_point() {
    let text = hcldecode::to_string_typed(&sample()).unwrap();
    let formatted = hcldecode::format::format(text.as_bytes());
    assert_eq!(String::from_utf8(formatted).unwrap(), text);
}

#[test]
fn sample_round_trips() {
    let x = sample();
    let text = hcldecode::to_string_typed(&x).unwrap();
    let back: Config = hcldecode::from_str(&text, "c.hcl").unwrap();
    assert_eq!(back, x);
}

#[test]
fn labelled_struct_is_not_a_file_body() {
    let p = Port {
        name: "http".into(),
        to: None,
    };
    let e = hcldecode::to_string_typed(&p).unwrap_err();
    assert!(e.to_string().contains("has labels (http)"), "{e}");
}

#[test]
fn struct_with_blocks_is_not_a_value() {
    #[derive(HclDecode, HclEncode, Debug)]
    struct Outer {
        inner: Config,
    }
    let e = hcldecode::to_string_typed(&Outer { inner: sample() }).unwrap_err();
    assert!(
        e.to_string().contains("cannot be an attribute's value"),
        "{e}"
    );
}

#[test]
fn errors_for_values_without_hcl_form() {
    #[derive(HclEncode)]
    struct F {
        x: f64,
    }
    assert!(hcldecode::to_string_typed(&F { x: f64::NAN }).is_err());
    let e = hcldecode::to_string_typed(&F { x: f64::INFINITY }).unwrap_err();
    assert!(matches!(e, EncodeError::Infinity { .. }), "{e:?}");

    #[derive(HclEncode)]
    struct Bad {
        #[hcl(rename = "not ident")]
        x: u8,
    }
    let e = hcldecode::to_string_typed(&Bad { x: 1 }).unwrap_err();
    assert_eq!(
        e,
        EncodeError::AttributeName {
            name: "not ident".into()
        }
    );
}

#[test]
fn generics_and_spanned() {
    #[derive(HclDecode, HclEncode, Debug, PartialEq)]
    struct Pair<T> {
        left: T,
        right: hcldecode::Spanned<String>,
    }
    let text = "left  = 1\nright = \"r\"\n";
    let p: Pair<u8> = hcldecode::from_str(text, "p.hcl").unwrap();
    assert_eq!(hcldecode::to_string_typed(&p).unwrap(), text);
}

// The law, for generated values.

fn ident() -> impl Strategy<Value = String> {
    "[a-z][a-z0-9_]{0,6}"
}

fn text() -> impl Strategy<Value = String> {
    // Quotes, escapes, template openers, non-ASCII.
    prop::collection::vec(
        prop_oneof![
            Just("a".to_string()),
            Just("\"".to_string()),
            Just("\\".to_string()),
            Just("${".to_string()),
            Just("%{".to_string()),
            Just("\n".to_string()),
            Just("é".to_string()),
            Just(" ".to_string()),
        ],
        0..6,
    )
    .prop_map(|v| v.concat())
}

/// Values with a literal form that reads back as the same value: strings,
/// numbers, bools, tuples and objects.
fn literal() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        text().prop_map(Value::string),
        any::<i64>().prop_map(Value::int),
        any::<bool>().prop_map(Value::bool),
        (-1e6f64..1e6).prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 12, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::tuple),
            prop::collection::btree_map(text(), inner, 0..4).prop_map(Value::object),
        ]
    })
}

fn port() -> impl Strategy<Value = Port> {
    (text(), any::<Option<u16>>()).prop_map(|(name, to)| Port { name, to })
}

fn rack() -> impl Strategy<Value = Rack> {
    (text(), any::<i64>()).prop_map(|(rack, size)| Rack { rack, size })
}

fn logging() -> impl Strategy<Value = Logging> {
    text().prop_map(|level| Logging { level })
}

prop_compose! {
    fn config()(
        name in text(),
        kind in prop_oneof![Just(Mode::Host), Just(Mode::RawExec)],
        workers in any::<u32>(),
        max_items in any::<Option<u64>>(),
        ratio in -1e9f64..1e9,
        enabled in any::<bool>(),
        tags in prop::collection::vec(text(), 0..4),
        weights in prop::collection::btree_map(text(), any::<i32>(), 0..3),
        owner in text(),
        tier in prop::option::of(text()),
        extra in literal(),
        logging in prop::option::of(logging()),
        ports in prop::collection::vec(port(), 0..3),
        envs in prop::collection::hash_map(text(), logging(), 0..3),
        regions in prop::collection::btree_map(text(), prop::collection::btree_map(text(), rack(), 1..3), 0..3),
        labels in prop::option::of(prop::collection::btree_map(ident(), text(), 0..3)),
    ) -> Config {
        Config {
            name, kind, workers, max_items, ratio, enabled, tags, weights,
            meta: Meta { owner, tier },
            extra, logging, ports, envs, regions, labels,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn decode_of_encode_is_identity(x in config()) {
        let text = hcldecode::to_string_typed(&x).unwrap();
        // Written straight to the text, as the `BodyWriter` path writes it
        // (issue 36).
        let mut body = hcldecode::encode::BodyWriter::new();
        x.encode_body(&mut body).unwrap();
        prop_assert_eq!(&text, &body.finish().unwrap());
        let back: Config = match hcldecode::from_str(&text, "c.hcl") {
            Ok(b) => b,
            Err(e) => return Err(TestCaseError::fail(format!("{e}\n{text}"))),
        };
        prop_assert_eq!(&back, &x, "{}", text);
        let formatted = hcldecode::format::format(text.as_bytes());
        prop_assert_eq!(String::from_utf8(formatted).unwrap(), text);
    }
}

/// A field with a default whose value is the default is left out, as
/// people leave it out (issue 35: new blocks wrote `env = {}`,
/// `protocol = "tcp"`, `needs = []`); decoding fills it in again.
#[test]
fn defaults_are_left_out() {
    fn tcp() -> String {
        "tcp".into()
    }
    #[derive(HclDecode, HclEncode, Debug, PartialEq)]
    struct Listener {
        port: u16,
        #[hcl(default = "tcp")]
        protocol: String,
        #[hcl(default)]
        needs: Vec<String>,
        #[hcl(block_attrs, default)]
        env: BTreeMap<String, String>,
    }
    let plain = Listener {
        port: 80,
        protocol: tcp(),
        needs: Vec::new(),
        env: BTreeMap::new(),
    };
    let text = hcldecode::to_string_typed(&plain).unwrap();
    assert_eq!(text, "port = 80\n");
    assert_eq!(
        hcldecode::from_str::<Listener>(&text, "l.hcl").unwrap(),
        plain
    );
    let set = Listener {
        port: 80,
        protocol: "udp".into(),
        needs: vec!["db".into()],
        env: [("A".to_string(), "1".to_string())].into(),
    };
    let text = hcldecode::to_string_typed(&set).unwrap();
    assert_eq!(
        text,
        "port     = 80\nprotocol = \"udp\"\nneeds    = [\"db\"]\n\nenv {\n  A = \"1\"\n}\n"
    );
    assert_eq!(
        hcldecode::from_str::<Listener>(&text, "l.hcl").unwrap(),
        set
    );
    let mut s = sample();
    s.workers = four();
    let text = hcldecode::to_string_typed(&s).unwrap();
    assert_eq!(text, SAMPLE.replace("workers = 8\n", ""));
}

/// Integers are written as their decimal digits, the extremes of every
/// width included (the text `Display` gives).
#[test]
fn integers_of_every_width_are_written_as_their_digits() {
    #[derive(hcldecode::HclEncode)]
    struct Ints {
        a: i8,
        b: u8,
        c: i64,
        d: u64,
        e: i128,
        f: u128,
        g: isize,
        h: u16,
    }
    let v = Ints {
        a: i8::MIN,
        b: u8::MAX,
        c: i64::MIN,
        d: u64::MAX,
        e: i128::MIN,
        f: u128::MAX,
        g: 0,
        h: 8080,
    };
    let text = hcldecode::to_string_typed(&v).unwrap();
    let expected = "a = -128\nb = 255\nc = -9223372036854775808\nd = 18446744073709551615\n\
        e = -170141183460469231731687303715884105728\nf = 340282366920938463463374607431768211455\n\
        g = 0\nh = 8080\n";
    assert_eq!(text, expected);
}
