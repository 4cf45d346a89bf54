//! `hcldecode::serde::to_string`: serde types written as HCL read back
//! into the same value, through `hcldecode::serde::from_str` and through
//! hcl-rs (an independent parser).
#![cfg(feature = "serde")]

use std::collections::BTreeMap;

use hcldecode::Value;
use hcldecode::encode::EncodeError;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Config {
    name: String,
    count: i64,
    big: u64,
    ratio: f64,
    enabled: bool,
    note: Option<String>,
    ports: Vec<u16>,
    labels: BTreeMap<String, String>,
    limits: Limits,
    mode: Mode,
    servers: Vec<Server>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Limits {
    cpu: f32,
    memory: Option<u32>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Server {
    host: String,
    weight: i8,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "snake_case")]
enum Mode {
    Off,
    Fixed(u8),
    Range { low: i32, high: i32 },
    Pair(String, bool),
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z0-9 _.-]{0,12}",
        "[$%{}\\\\\"\n\t\u{1}ab]{0,10}",
        Just("${var.x} and %{ if y }".to_string()),
        // NFC text: HCL normalizes strings as it reads them.
        "[\\PC]{0,8}".prop_map(|s| hcldecode::value::normalize_string(&s).into_owned()),
    ]
}

fn mode() -> impl Strategy<Value = Mode> {
    prop_oneof![
        Just(Mode::Off),
        any::<u8>().prop_map(Mode::Fixed),
        (any::<i32>(), any::<i32>()).prop_map(|(low, high)| Mode::Range { low, high }),
        (text(), any::<bool>()).prop_map(|(s, b)| Mode::Pair(s, b)),
    ]
}

fn config() -> impl Strategy<Value = Config> {
    (
        (
            text(),
            any::<i64>(),
            any::<u64>(),
            -1e300f64..1e300f64,
            any::<bool>(),
        ),
        (
            prop::option::of(text()),
            prop::collection::vec(any::<u16>(), 0..30),
            prop::collection::btree_map(text(), text(), 0..4),
        ),
        (
            (
                any::<f32>().prop_filter("finite", |f| f.is_finite()),
                prop::option::of(any::<u32>()),
            ),
            mode(),
            prop::collection::vec((text(), any::<i8>()), 0..3),
        ),
    )
        .prop_map(
            |(
                (name, count, big, ratio, enabled),
                (note, ports, labels),
                ((cpu, memory), mode, servers),
            )| {
                Config {
                    name,
                    count,
                    big,
                    ratio,
                    enabled,
                    note,
                    ports,
                    labels,
                    limits: Limits { cpu, memory },
                    mode,
                    servers: servers
                        .into_iter()
                        .map(|(host, weight)| Server { host, weight })
                        .collect(),
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    /// The law: `from_str(to_string(x)) == x`, and hcl-rs reads the text
    /// as the same value.
    #[test]
    fn serde_types_read_back(c in config()) {
        let text = hcldecode::serde::to_string(&c).unwrap();
        let back: Config = hcldecode::serde::from_str(&text, "c.hcl")
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(&back, &c, "{}", text);
        let theirs: Config = hcl::from_str(&text).unwrap_or_else(|e| panic!("hcl-rs: {e}\n{text}"));
        prop_assert_eq!(&theirs, &c, "{}", text);
    }
}

#[test]
fn layout_is_hcl_rs_layout_with_object_expressions() {
    let c = Config {
        name: "api".into(),
        count: -3,
        big: u64::MAX,
        ratio: 0.1,
        enabled: true,
        note: None,
        ports: vec![80, 443],
        labels: BTreeMap::from([
            ("tier".into(), "web".into()),
            ("app name".into(), "x".into()),
        ]),
        limits: Limits {
            cpu: 0.5,
            memory: Some(512),
        },
        mode: Mode::Range { low: 1, high: 2 },
        servers: vec![Server {
            host: "a".into(),
            weight: 1,
        }],
    };
    let text = hcldecode::serde::to_string(&c).unwrap();
    assert_eq!(
        text,
        r#"big     = 18446744073709551615
count   = -3
enabled = true
labels = {
  "app name" = "x"
  tier       = "web"
}
limits = {
  cpu    = 0.5
  memory = 512
}
mode = {
  range = {
    high = 2
    low  = 1
  }
}
name  = "api"
note  = null
ports = [80, 443]
ratio = 0.1
servers = [
  {
    host   = "a"
    weight = 1
  },
]
"#
    );
    // hcl-rs reads it as the same document.
    let theirs: serde_json::Value = hcl::from_str(&text).unwrap();
    assert_eq!(theirs, serde_json::to_value(&c).unwrap());
}

#[test]
fn values_exact_integers_and_errors() {
    let v = hcldecode::serde::to_value(&(i128::MIN, u128::MAX, 'c', ())).unwrap();
    let text = hcldecode::encode::expression(&v).unwrap();
    assert_eq!(
        text,
        format!(
            "[\n  {},\n  {},\n  \"c\",\n  null,\n]",
            i128::MIN,
            u128::MAX
        )
    );
    let back: (i128, u128, char, ()) =
        hcldecode::serde::from_value(&hcldecode::eval_expr(&text, &Value::empty_object()).0)
            .unwrap();
    assert_eq!(back, (i128::MIN, u128::MAX, 'c', ()));

    // Map keys become text; keys that are not names are quoted.
    let m = BTreeMap::from([(1u8, true), (20, false)]);
    let v = hcldecode::serde::to_value(&m).unwrap();
    assert_eq!(
        hcldecode::encode::expression(&v).unwrap(),
        "{\n  \"1\"  = true\n  \"20\" = false\n}"
    );

    let e = hcldecode::serde::to_string(&BTreeMap::from([((1, 2), 3)])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "a map key must be a string, a number or a bool, not a tuple"
    );
    let e = hcldecode::serde::to_string(&f64::INFINITY).unwrap_err();
    assert_eq!(e.to_string(), "the float inf has no HCL form");
    assert!(matches!(
        hcldecode::serde::to_string(&vec![1]),
        Err(EncodeError::NotAnObject { .. })
    ));
    let e = hcldecode::serde::to_string(&BTreeMap::from([("not a name", 1)])).unwrap_err();
    assert_eq!(
        e,
        EncodeError::AttributeName {
            name: "not a name".into()
        }
    );
}
