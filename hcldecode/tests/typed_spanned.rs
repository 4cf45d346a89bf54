//! Positions on decoded values: `Spanned<T>` on attributes, labels,
//! blocks and elements, in native and JSON syntax, on both of typed
//! decoding's paths (read directly, and from the engine's trace); a
//! custom type's `At::range()` on a clean decode; application errors
//! rendered with snippets.

#![cfg(feature = "derive")]
// The structs exist to be decoded; not every field is read back.
#![allow(dead_code)]

use std::collections::BTreeMap;

use hcldecode::typed::At;
use hcldecode::{Body, Decoder, Error, HclDecode, Range, Spanned, Type, Value};

#[derive(HclDecode, Debug)]
struct Service {
    #[hcl(label)]
    name: Spanned<String>,
    port: Spanned<u16>,
    tags: Option<Vec<Spanned<String>>>,
}

#[derive(HclDecode, Debug)]
struct Task {
    image: Spanned<String>,
}

#[derive(HclDecode, Debug)]
struct Config {
    name: Spanned<String>,
    #[hcl(block)]
    service: Vec<Spanned<Service>>,
    #[hcl(block)]
    task: BTreeMap<String, Spanned<Task>>,
}

/// The same with a `remain` field: never read directly, so every value
/// comes through the engine's trace.
#[derive(HclDecode, Debug)]
struct ConfigTraced {
    name: Spanned<String>,
    #[hcl(block)]
    service: Vec<Spanned<Service>>,
    #[hcl(block)]
    task: BTreeMap<String, Spanned<Task>>,
    #[hcl(remain)]
    rest: Body,
}

const NATIVE: &str = r#"name = "app"
service "web" {
  port = 8080
  tags = ["a", "b"]
}
task "t1" {
  image = "nginx"
}
"#;

fn r(range: &Range) -> String {
    range.to_string()
}

/// What both paths must give for `NATIVE`.
fn check_native(
    name: &Spanned<String>,
    service: &[Spanned<Service>],
    task: &BTreeMap<String, Spanned<Task>>,
) {
    assert_eq!(name.as_str(), "app");
    assert_eq!(r(name.range()), "n.hcl:1,8-13");
    assert_eq!(r(name.name_range().unwrap()), "n.hcl:1,1-5");
    assert_eq!(r(name.full_range().unwrap()), "n.hcl:1,1-13");
    let web = &service[0];
    assert_eq!(r(web.range()), "n.hcl:2,1-14");
    assert_eq!(r(web.name_range().unwrap()), "n.hcl:2,1-8");
    assert_eq!(r(web.name.range()), "n.hcl:2,9-14");
    assert_eq!(web.name.name_range(), None);
    assert_eq!(*web.port, 8080);
    assert_eq!(r(web.port.range()), "n.hcl:3,10-14");
    assert_eq!(r(web.port.full_range().unwrap()), "n.hcl:3,3-14");
    let tags = web.tags.as_ref().unwrap();
    assert_eq!(r(tags[1].range()), "n.hcl:4,16-19");
    assert_eq!(tags[1].name_range(), None);
    let t1 = &task["t1"];
    assert_eq!(r(t1.range()), "n.hcl:6,1-10");
    assert_eq!(r(t1.image.range()), "n.hcl:7,11-18");
}

#[test]
fn spanned_values_in_native_syntax_read_directly() {
    let c: Config = hcldecode::from_str(NATIVE, "n.hcl").unwrap();
    check_native(&c.name, &c.service, &c.task);
}

#[test]
fn spanned_values_in_native_syntax_from_the_trace() {
    let c: ConfigTraced = hcldecode::from_str(NATIVE, "n.hcl").unwrap();
    check_native(&c.name, &c.service, &c.task);
}

#[test]
fn spanned_values_in_json_syntax() {
    let src = r#"{
  "name": "app",
  "service": {"web": {"port": 8080, "tags": ["a"]}},
  "task": {"t1": {"image": "nginx"}}
}"#;
    let c: Config = hcldecode::from_str(src, "c.hcl.json").unwrap();
    assert_eq!(r(c.name.range()), "c.hcl.json:2,11-16");
    assert_eq!(r(c.name.name_range().unwrap()), "c.hcl.json:2,3-9");
    let web = &c.service[0];
    assert_eq!(web.name.as_str(), "web");
    assert_eq!(r(web.name.range()), "c.hcl.json:3,15-20");
    assert_eq!(r(web.port.range()), "c.hcl.json:3,31-35");
    let t: ConfigTraced = hcldecode::from_str(src, "c.hcl.json").unwrap();
    assert_eq!(r(t.service[0].port.range()), "c.hcl.json:3,31-35");
    assert_eq!(r(t.task["t1"].image.range()), "c.hcl.json:4,28-35");
}

#[test]
fn spanned_optional_values_and_absent_attributes() {
    #[derive(HclDecode, Debug)]
    struct Opt {
        a: Option<Spanned<u8>>,
        b: Option<Spanned<u8>>,
    }
    let o: Opt = hcldecode::from_str("b = 2\n", "o.hcl").unwrap();
    assert!(o.a.is_none());
    assert_eq!(r(o.b.unwrap().range()), "o.hcl:1,5-6");
}

/// A custom scalar that keeps where it was written.
struct Where(Option<Range>);

impl HclDecode for Where {
    fn hcl_type() -> Type {
        Type::String
    }
    fn from_hcl(_: &Value, at: At<'_>) -> Result<Self, Error> {
        Ok(Where(at.range()))
    }
}

#[test]
fn a_custom_types_position_is_known_on_a_clean_decode() {
    #[derive(HclDecode)]
    struct S {
        w: Where,
        #[hcl(block)]
        b: Vec<B>,
    }
    #[derive(HclDecode)]
    struct B {
        #[hcl(label)]
        l: String,
        w: Where,
    }
    let s: S = hcldecode::from_str("w = \"x\"\nb \"q\" {\n  w = \"y\"\n}\n", "s.hcl").unwrap();
    assert_eq!(r(s.w.0.as_ref().unwrap()), "s.hcl:1,5-8");
    assert_eq!(r(s.b[0].w.0.as_ref().unwrap()), "s.hcl:3,7-10");
}

#[test]
fn application_errors_render_with_snippets() {
    let c = Decoder::new()
        .decode_str_with_source::<Config>(NATIVE, "n.hcl")
        .unwrap();
    let web = &c.service[0];
    let err = c.error(web.port.range(), "Port taken", "Port 8080 is in use.");
    assert_eq!(
        err.render(0, false),
        "Error: Port taken\n\n  on n.hcl line 3, in service \"web\":\n   3:   port = 8080\n\nPort 8080 is in use.\n\n"
    );
    // And as JSON, as `--diags=json` renders.
    assert!(
        err.to_json().contains("\"summary\": \"Port taken\""),
        "{}",
        err.to_json()
    );
}
