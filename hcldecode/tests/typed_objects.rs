//! Structs as attribute values (section 3 of the dynamic-blocks issue):
//! objects with optional and defaulted fields in lists and maps, values
//! converted the same way at every depth, unknown keys rejected, maps of
//! `Value` holding any object, and conversion errors at the element.

#![cfg(feature = "derive")]

use std::collections::BTreeMap;

use hcldecode::{HclDecode, Value};

#[derive(HclDecode, Debug, PartialEq)]
struct Firewall {
    ingress: Vec<Rule>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Rule {
    port: u16,
    #[hcl(default)]
    cidrs: Vec<String>,
}

#[test]
fn list_of_objects_with_a_defaulted_field() {
    let src = "ingress = [{ port = 80 }, { port = 443, cidrs = [\"10.0.0.0/8\"] }]\n";
    let fw: Firewall = hcldecode::from_str(src, "fw.hcl").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        fw.ingress,
        [
            Rule {
                port: 80,
                cidrs: vec![]
            },
            Rule {
                port: 443,
                cidrs: vec!["10.0.0.0/8".into()]
            }
        ]
    );
}

#[derive(HclDecode, Debug, PartialEq)]
struct Listeners {
    listeners: Vec<Listener>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Listener {
    name: String,
    port: u16,
    tls: Option<bool>,
}

#[test]
fn list_of_objects_with_an_option_field() {
    let src = "listeners = [{name=\"a\", port=81}, {name=\"b\", port=82, tls=true}]\n";
    let l: Listeners = hcldecode::from_str(src, "l.hcl").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        l.listeners,
        [
            Listener {
                name: "a".into(),
                port: 81,
                tls: None
            },
            Listener {
                name: "b".into(),
                port: 82,
                tls: Some(true)
            }
        ]
    );
}

#[derive(HclDecode, Debug, PartialEq)]
struct One {
    listener: Opt,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Opt {
    port: Option<u16>,
    host: Option<String>,
}

#[test]
fn option_fields_convert_as_required_ones() {
    let o: One = hcldecode::from_str("listener = { port = \"81\", host = 1 }\n", "o.hcl")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(o.listener.port, Some(81));
    assert_eq!(o.listener.host.as_deref(), Some("1"));
}

#[test]
fn unknown_keys_are_rejected_with_a_suggestion() {
    let src = "listener = { prot = 81 }\n";
    let e = hcldecode::from_str::<One>(src, "o.hcl").unwrap_err();
    let d = &e.diagnostics()[0];
    assert_eq!(d.summary, "Unsupported attribute");
    assert!(d.detail.contains("Did you mean \"port\"?"), "{}", d.detail);
    let at = src.find("prot").unwrap();
    let r = d.subject.as_ref().unwrap();
    assert_eq!((r.start.byte, r.end.byte), (at, at + 4));
}

#[derive(HclDecode, Debug, PartialEq)]
#[hcl(ignore_unknown)]
struct Lenient {
    port: Option<u16>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct HasLenient {
    listener: Lenient,
}

#[test]
fn ignore_unknown_lets_unknown_keys_through() {
    let v: HasLenient =
        hcldecode::from_str("listener = { port = 1, extra = true }\n", "o.hcl").unwrap();
    assert_eq!(v.listener.port, Some(1));
}

#[derive(HclDecode, Debug, PartialEq)]
struct Task {
    config: BTreeMap<String, Value>,
    env: BTreeMap<String, String>,
}

#[test]
fn map_of_value_accepts_any_object() {
    let src = "config = { image = \"x\", ports = [\"http\"] }\nenv = { A = 1 }\n";
    let t: Task = hcldecode::from_str(src, "t.hcl").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(t.config["image"], Value::string("x"));
    assert_eq!(t.config["ports"], Value::tuple(vec![Value::string("http")]));
    assert_eq!(t.env["A"], "1");
    assert_eq!(
        <BTreeMap<String, String> as HclDecode>::hcl_type(),
        hcldecode::Type::map(hcldecode::Type::String)
    );
}

#[derive(HclDecode, Debug, PartialEq)]
struct Limits {
    limits: Soft,
    ports: Vec<u16>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Soft {
    soft: u32,
    hard: u32,
}

#[test]
fn conversion_errors_are_at_each_failing_element() {
    let src = "limits = { soft = \"many\", hard = \"lots\" }\nports = [80, \"x\", 90, \"y\"]\n";
    let e = hcldecode::from_str::<Limits>(src, "l.hcl").unwrap_err();
    let got: Vec<(String, usize, usize)> = e
        .diagnostics()
        .iter()
        .map(|d| {
            let r = d.subject.as_ref().unwrap();
            (d.detail.clone(), r.start.byte, r.end.byte)
        })
        .collect();
    let at = |s: &str| src.find(s).unwrap();
    let want = [
        (
            ".soft: a number is required",
            at("\"many\""),
            at("\"many\"") + 6,
        ),
        (
            ".hard: a number is required",
            at("\"lots\""),
            at("\"lots\"") + 6,
        ),
        ("[1]: a number is required", at("\"x\""), at("\"x\"") + 3),
        ("[3]: a number is required", at("\"y\""), at("\"y\"") + 3),
    ];
    assert_eq!(got.len(), want.len(), "{got:#?}");
    for ((detail, s, e), (w, ws, we)) in got.iter().zip(want) {
        assert!(detail.contains(w), "{detail:?} lacks {w:?}");
        assert_eq!((*s, *e), (ws, we), "{detail}");
    }
}

#[derive(HclDecode, Debug, PartialEq)]
struct Declared {
    #[hcl(
        type = "object({ name = string, port = optional(number, 8080), tags = optional(list(string)) })"
    )]
    service: Value,
    #[hcl(type = "list(object({ path = string, interval = optional(string, \"10s\") }))")]
    checks: Vec<Check>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Check {
    path: String,
    interval: String,
}

#[test]
fn optional_in_a_declared_type() {
    let src = "service = { name = \"web\" }\nchecks = [{ path = \"/a\" }, { path = \"/b\", interval = \"1s\" }]\n";
    let d: Declared = hcldecode::from_str(src, "d.hcl").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(d.service.get_attr("port"), Some(Value::int(8080)));
    assert!(d.service.get_attr("tags").unwrap().is_null());
    assert_eq!(d.checks[0].interval, "10s");
    assert_eq!(d.checks[1].interval, "1s");
}

#[derive(HclDecode, Debug, PartialEq)]
struct LimitsOpt {
    limits: SoftOpt,
    #[hcl(default)]
    checks: Vec<SoftOpt>,
    #[hcl(default)]
    weights: std::collections::BTreeMap<String, SoftOpt>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct SoftOpt {
    soft: Option<u32>,
    hard: u32,
    #[hcl(default)]
    burst: u32,
}

#[test]
fn element_errors_with_optional_fields_are_at_the_element() {
    // `soft` and `burst` are optional attributes of the object type: the
    // error is still at the element with its path, not over the object.
    for (src, path, bad) in [
        (
            "limits = { soft = \"many\", hard = 1 }\n",
            ".soft",
            "\"many\"",
        ),
        ("limits = { hard = 1, burst = \"x\" }\n", ".burst", "\"x\""),
        ("limits = { soft = 1, hard = [] }\n", ".hard", "[]"),
        (
            "limits = { hard = 1 }\nchecks = [{ hard = 1 }, { hard = 2, soft = true }]\n",
            "[1].soft",
            "true",
        ),
        (
            "limits = { hard = 1 }\nweights = { \"a b\" = { hard = \"x\" } }\n",
            "[\"a b\"].hard",
            "\"x\"",
        ),
    ] {
        let e = hcldecode::from_str::<LimitsOpt>(src, "l.hcl").unwrap_err();
        assert_eq!(e.diagnostics().len(), 1, "{e}");
        let d = &e.diagnostics()[0];
        assert!(
            d.detail.contains(&format!("{path}: ")),
            "{src}: {}",
            d.detail
        );
        let r = d.subject.as_ref().unwrap();
        let at = src.find(bad).unwrap();
        assert_eq!(
            (r.start.byte, r.end.byte),
            (at, at + bad.len()),
            "{src}: {e}"
        );
    }
    let ok: LimitsOpt = hcldecode::from_str("limits = { hard = 2 }\n", "l.hcl").unwrap();
    assert_eq!(
        ok.limits,
        SoftOpt {
            soft: None,
            hard: 2,
            burst: 0
        }
    );
    assert!(ok.checks.is_empty() && ok.weights.is_empty());
}
