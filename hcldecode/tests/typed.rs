//! Typed decoding: every field kind and option, the std type mappings,
//! enums, generics, custom scalars, error ranges; and for every derived
//! type, that its spec printed as a spec file and loaded back decodes the
//! same inputs to the same value.

#![cfg(feature = "derive")]
// The structs exist to be decoded; not every field is read back.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::rc::Rc;
use std::sync::Arc;

use hcldecode::decode::decode_traced;
use hcldecode::spec_file::LoadedSpec;
use hcldecode::typed::At;
use hcldecode::{Decoder, Error, Expression, HclDecode, Type, Value};

/// The value the typed path decodes `src` to (the engine's, with
/// `T::spec()`), and the value the spec-file path gives with
/// `T::spec().to_spec_file()`: they must be the same.
fn same_as_spec_file<T: HclDecode>(src: &str) {
    let spec = T::spec();
    let text = spec.to_spec_file();
    let (loaded, diags) = LoadedSpec::load_str(&text, "derived.hcldec");
    assert!(
        !diags.has_errors(),
        "spec file does not load: {diags}\n{text}"
    );
    let loaded = loaded.unwrap();
    let (file, d) = hcldecode::parse::parse_native(src.as_bytes(), "in.hcl");
    assert!(!d.has_errors(), "{d}");
    let (typed, _, d1) = decode_traced(&file.body, &spec, None, None);
    let (untyped, d2) = loaded.decode(&file.body, None);
    assert_eq!(d1, d2, "diagnostics differ for\n{text}");
    assert!(
        typed.raw_equals(&untyped),
        "values differ:\n typed: {typed:?}\n  file: {untyped:?}\n{text}"
    );
}

fn subject(e: &Error, i: usize) -> String {
    e.diagnostics()[i]
        .subject
        .as_ref()
        .map(|r| r.to_string())
        .unwrap_or_default()
}

fn summaries(e: &Error) -> Vec<&str> {
    e.diagnostics().iter().map(|d| d.summary.as_str()).collect()
}

// ----- scalars and collections ------------------------------------------

#[derive(HclDecode, Debug, PartialEq)]
struct Scalars {
    s: String,
    b: bool,
    i8_: i8,
    u64_: u64,
    i128_: i128,
    f: f64,
    f32_: f32,
    c: char,
    path: std::path::PathBuf,
    n: hcldecode::Number,
}

const SCALARS: &str = r#"
s = "x"
b = true
i8_ = -128
u64_ = 18446744073709551615
i128_ = -9223372036854775809
f = 1.5
f32_ = 2.25
c = "é"
path = "/tmp/a"
n = 42
"#;

#[test]
fn scalars() {
    let v: Scalars = hcldecode::from_str(SCALARS, "s.hcl").unwrap();
    assert_eq!(v.s, "x");
    assert!(v.b);
    assert_eq!(v.i8_, -128);
    assert_eq!(v.u64_, u64::MAX);
    assert_eq!(v.i128_, -9223372036854775809);
    assert_eq!(v.f, 1.5);
    assert_eq!(v.f32_, 2.25);
    assert_eq!(v.c, 'é');
    assert_eq!(v.path, std::path::PathBuf::from("/tmp/a"));
    assert_eq!(v.n.to_i64(), Some(42));
    same_as_spec_file::<Scalars>(SCALARS);
}

#[derive(HclDecode, Debug)]
struct Ints {
    a: u8,
    b: Option<i16>,
    c: Vec<u8>,
}

#[test]
fn integers_are_range_and_integrality_checked_at_the_value() {
    let e = hcldecode::from_str::<Ints>("a = 256\nb = 1.5\nc = [1, 2, -3]\n", "i.hcl").unwrap_err();
    assert_eq!(
        summaries(&e),
        [
            "Value out of range",
            "Whole number required",
            "Value out of range"
        ]
    );
    assert_eq!(subject(&e, 0), "i.hcl:1,5-8");
    assert_eq!(subject(&e, 1), "i.hcl:2,5-8");
    // The element of the list literal, not the whole list.
    assert_eq!(subject(&e, 2), "i.hcl:3,12-14");
    assert_eq!(
        e.diagnostics()[0].detail,
        "Inappropriate value for attribute \"a\": 256 is out of range; a whole number from 0 to 255 is required."
    );
    // The context is the whole attribute, as for the engine's errors.
    assert_eq!(
        e.diagnostics()[2].context.as_ref().unwrap().to_string(),
        "i.hcl:3,1-15"
    );
    same_as_spec_file::<Ints>("a = 1\nc = [1]\n");
}

#[test]
fn strings_convert_to_numbers_as_hcl_does() {
    let v: Ints = hcldecode::from_str("a = \"7\"\nc = [\"1\", 2]\n", "i.hcl").unwrap();
    assert_eq!((v.a, v.b, v.c), (7, None, vec![1, 2]));
}

#[derive(HclDecode, Debug, PartialEq)]
struct Collections {
    list: Vec<String>,
    deque: std::collections::VecDeque<bool>,
    array: [u8; 2],
    set: HashSet<String>,
    bset: BTreeSet<i32>,
    map: HashMap<String, u16>,
    bmap: BTreeMap<String, Vec<String>>,
    pair: (String, u8),
    triple: (bool, f64, String),
    nested: Vec<BTreeMap<String, bool>>,
    boxed: Box<u8>,
    rc: Rc<u8>,
    arc: Arc<Vec<u8>>,
}

const COLLECTIONS: &str = r#"
list = ["a", "b"]
deque = [true, false]
array = [1, 2]
set = ["x", "y", "x"]
bset = [3, 1, 2]
map = { a = 1, b = 2 }
bmap = { k = ["v"] }
pair = ["p", 9]
triple = [true, 2.5, "t"]
nested = [{ a = true }, {}]
boxed = 4
rc = 1
arc = [5]
"#;

#[test]
fn collections() {
    let v: Collections = hcldecode::from_str(COLLECTIONS, "c.hcl").unwrap();
    assert_eq!(v.list, ["a", "b"]);
    assert_eq!(v.deque, [true, false]);
    assert_eq!(v.array, [1, 2]);
    assert_eq!(v.set.len(), 2);
    assert_eq!(v.bset.into_iter().collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(v.map["b"], 2);
    assert_eq!(v.bmap["k"], ["v"]);
    assert_eq!(v.pair, ("p".to_string(), 9));
    assert_eq!(v.triple, (true, 2.5, "t".to_string()));
    assert_eq!(v.nested.len(), 2);
    assert_eq!(*v.boxed, 4);
    assert_eq!(*v.rc, 1);
    assert_eq!(*v.arc, [5]);
    same_as_spec_file::<Collections>(COLLECTIONS);
}

#[test]
fn collection_errors_point_at_elements() {
    let src = COLLECTIONS
        .replace("array = [1, 2]", "array = [1, 2, 3]")
        .replace("map = { a = 1, b = 2 }", "map = { a = 1, b = 70000 }");
    let e = hcldecode::from_str::<Collections>(&src, "c.hcl").unwrap_err();
    assert_eq!(
        summaries(&e),
        ["Incorrect list length", "Value out of range"]
    );
    assert_eq!(subject(&e, 0), "c.hcl:4,9-18");
    assert_eq!(subject(&e, 1), "c.hcl:7,20-25");
}

// ----- engine diagnostics come through unchanged --------------------------

#[test]
fn engine_diagnostics_are_the_spec_files() {
    let e = hcldecode::from_str::<Ints>("a = \"x\"\nc = 1\nd = 2\n", "e.hcl").unwrap_err();
    assert_eq!(
        summaries(&e),
        [
            "Incorrect attribute value type",
            "Incorrect attribute value type",
            "Unsupported argument",
        ]
    );
    // All of them, in source order, rendered as hcldec renders them.
    let text = e.render(0, false);
    assert!(
        text.starts_with(
            "Error: Incorrect attribute value type\n\n  on e.hcl line 1:\n   1: a = \"x\"\n"
        ),
        "{text}"
    );
    assert!(text.contains("Error: Unsupported argument\n\n  on e.hcl line 3:\n   3: d = 2\n"));
    assert_eq!(e.ranges().count(), 3);
}

#[test]
fn null_for_a_required_value_is_an_error_at_the_null() {
    let e = hcldecode::from_str::<Ints>("a = null\nc = []\n", "n.hcl").unwrap_err();
    assert_eq!(summaries(&e), ["Null value not allowed"]);
    assert_eq!(subject(&e, 0), "n.hcl:1,5-9");
}

// ----- names ----------------------------------------------------------------

#[derive(HclDecode, Debug)]
#[hcl(rename_all = "kebab-case")]
struct Renamed {
    max_items: u8,
    #[hcl(rename = "Other")]
    other_name: String,
    r#type: String,
}

#[test]
fn rename_and_rename_all() {
    let v: Renamed =
        hcldecode::from_str("max-items = 1\nOther = \"o\"\ntype = \"t\"\n", "r.hcl").unwrap();
    assert_eq!(
        (v.max_items, v.other_name.as_str(), v.r#type.as_str()),
        (1, "o", "t")
    );
    same_as_spec_file::<Renamed>("max-items = 1\nOther = \"o\"\ntype = \"t\"\n");
}

// ----- defaults ---------------------------------------------------------------

fn seven() -> u8 {
    7
}

#[derive(HclDecode, Debug)]
struct Defaults {
    #[hcl(default)]
    a: u8,
    #[hcl(default = "seven")]
    b: u8,
    #[hcl(default)]
    list: Vec<String>,
    #[hcl(block_attrs, default)]
    vars: BTreeMap<String, String>,
}

#[test]
fn defaults_apply_when_absent_or_null() {
    let v: Defaults = hcldecode::from_str("b = null\n", "d.hcl").unwrap();
    assert_eq!((v.a, v.b, v.list.len(), v.vars.len()), (0, 7, 0, 0));
    let v: Defaults =
        hcldecode::from_str("a = 1\nb = 2\nvars {\n x = \"y\"\n}\n", "d.hcl").unwrap();
    assert_eq!((v.a, v.b, v.vars["x"].as_str()), (1, 2, "y"));
    same_as_spec_file::<Defaults>("a = 1\n");
}

// ----- blocks -------------------------------------------------------------------

#[derive(HclDecode, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Port {
    #[hcl(label)]
    name: String,
    number: u16,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Group {
    #[hcl(label)]
    name: String,
    count: Option<u32>,
    #[hcl(block, rename = "port")]
    ports: Vec<Port>,
    #[hcl(block, rename = "port_set")]
    port_set: BTreeSet<Port>,
    #[hcl(block)]
    network: Option<Network>,
    #[hcl(block)]
    meta: Meta,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Network {
    mode: String,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Meta {
    #[hcl(default)]
    owner: String,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Job {
    #[hcl(block, rename = "group", min_items = 1, max_items = 3)]
    groups: Vec<Group>,
    #[hcl(block, rename = "region")]
    regions: HashMap<String, HashMap<String, Dc>>,
    #[hcl(block, labels = ["id"])]
    check: BTreeMap<String, Check>,
    #[hcl(block, required)]
    update: Option<Box<Update>>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Dc {
    #[hcl(label)]
    rack: String,
    weight: u8,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Check {
    path: String,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Update {
    stagger: String,
}

const JOB: &str = r#"
group "web" {
  count = 2
  port "http" {
    number = 80
  }
  port "https" {
    number = 443
  }
  port_set "b" {
    number = 2
  }
  port_set "a" {
    number = 1
  }
  network {
    mode = "bridge"
  }
  meta {}
}
group "db" {
  meta {
    owner = "dba"
  }
}
region "eu" "dc1" "r1" {
  weight = 1
}
region "eu" "dc2" "r2" {
  weight = 2
}
region "us" "dc1" "r3" {
  weight = 3
}
check "health" {
  path = "/health"
}
update {
  stagger = "30s"
}
"#;

#[test]
fn blocks_of_every_kind() {
    let job: Job = hcldecode::from_str(JOB, "job.hcl").unwrap();
    assert_eq!(job.groups.len(), 2);
    let web = &job.groups[0];
    assert_eq!(web.name, "web");
    assert_eq!(web.count, Some(2));
    assert_eq!(web.ports[1].name, "https");
    assert_eq!(web.ports[1].number, 443);
    let set: Vec<&str> = web.port_set.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(set, ["a", "b"]);
    assert_eq!(web.network.as_ref().unwrap().mode, "bridge");
    assert_eq!(web.meta.owner, "");
    assert_eq!(job.groups[1].meta.owner, "dba");
    assert_eq!(job.groups[1].network, None);
    assert_eq!(job.regions["eu"]["dc2"].rack, "r2");
    assert_eq!(job.regions["us"]["dc1"].weight, 3);
    assert_eq!(job.check["health"].path, "/health");
    assert_eq!(job.update.unwrap().stagger, "30s");
    same_as_spec_file::<Job>(JOB);
}

#[test]
fn block_label_names_and_counts() {
    let text = Job::spec().to_spec_file();
    assert!(text.contains("labels = [\"label1\", \"label2\"]"), "{text}");
    assert!(text.contains("labels = [\"id\"]"), "{text}");
    assert!(text.contains("min_items = 1\n    max_items = 3"), "{text}");
    let e = hcldecode::from_str::<Job>("update {\n stagger = \"1s\"\n}\n", "j.hcl").unwrap_err();
    assert_eq!(summaries(&e), ["Insufficient group blocks"]);
    let e = hcldecode::from_str::<Job>("group \"a\" {\n meta {}\n}\n", "j.hcl").unwrap_err();
    assert_eq!(summaries(&e), ["Missing update block"]);
}

#[test]
fn errors_inside_blocks_point_into_them() {
    let src = JOB.replace("number = 443", "number = 65536");
    let e = hcldecode::from_str::<Job>(&src, "job.hcl").unwrap_err();
    assert_eq!(summaries(&e), ["Value out of range"]);
    assert_eq!(subject(&e, 0), "job.hcl:8,14-19");
    let src = JOB.replace("weight = 2", "weight = 300");
    let e = hcldecode::from_str::<Job>(&src, "job.hcl").unwrap_err();
    assert_eq!(subject(&e, 0), "job.hcl:30,12-15");
}

// ----- enums ------------------------------------------------------------------------

#[derive(HclDecode, Debug, PartialEq, Clone, Copy)]
enum Driver {
    Docker,
    RawExec,
    #[hcl(rename = "java-vm")]
    Java,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Task {
    driver: Driver,
    fallback: Option<Driver>,
    others: Vec<Driver>,
}

#[test]
fn unit_enums_from_strings_with_suggestions() {
    let t: Task = hcldecode::from_str(
        "driver = \"raw_exec\"\nothers = [\"docker\", \"java-vm\"]\n",
        "t.hcl",
    )
    .unwrap();
    assert_eq!(t.driver, Driver::RawExec);
    assert_eq!(t.fallback, None);
    assert_eq!(t.others, [Driver::Docker, Driver::Java]);
    let e =
        hcldecode::from_str::<Task>("driver = \"rawexec\"\nothers = []\n", "t.hcl").unwrap_err();
    assert_eq!(summaries(&e), ["Invalid value"]);
    assert_eq!(subject(&e, 0), "t.hcl:1,10-19");
    assert_eq!(
        e.diagnostics()[0].detail,
        "Inappropriate value for attribute \"driver\": \"rawexec\" is not a valid choice. The value must be one of \"docker\", \"raw_exec\", \"java-vm\". Did you mean \"raw_exec\"?"
    );
    same_as_spec_file::<Task>("driver = \"docker\"\nothers = []\n");
}

#[derive(HclDecode, Debug, PartialEq)]
struct Run {
    command: String,
}

#[derive(HclDecode, Debug, PartialEq)]
enum Step {
    Run(Run),
    Copy { from: String, to: String },
    Pause,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Pipeline {
    #[hcl(block)]
    steps: Vec<Step>,
}

#[test]
fn enums_of_block_types_keep_source_order() {
    let src = r#"
run { command = "make" }
copy {
  from = "a"
  to = "b"
}
pause {}
run { command = "test" }
"#;
    let p: Pipeline = hcldecode::from_str(src, "p.hcl").unwrap();
    assert_eq!(
        p.steps,
        [
            Step::Run(Run {
                command: "make".into()
            }),
            Step::Copy {
                from: "a".into(),
                to: "b".into()
            },
            Step::Pause,
            Step::Run(Run {
                command: "test".into()
            }),
        ]
    );
    same_as_spec_file::<Pipeline>(src);
}

#[derive(HclDecode, Debug)]
struct OneStep {
    #[hcl(block)]
    step: Option<Step>,
}

#[test]
fn an_optional_enum_block_takes_at_most_one() {
    let e =
        hcldecode::from_str::<OneStep>("pause {}\nrun { command = \"x\" }\n", "o.hcl").unwrap_err();
    assert_eq!(summaries(&e), ["Duplicate block"]);
    assert_eq!(subject(&e, 0), "o.hcl:2,1-4");
    same_as_spec_file::<OneStep>("pause {}\nrun { command = \"x\" }\n");
}

// ----- nested structs as attribute values, flatten ----------------------------------

#[derive(HclDecode, Debug, PartialEq)]
struct Endpoint {
    host: String,
    port: u16,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Limits {
    cpu: u32,
    memory: Option<u32>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Common {
    region: String,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Server {
    endpoint: Endpoint,
    limits: Option<Limits>,
    backups: Vec<Endpoint>,
    #[hcl(flatten)]
    common: Common,
}

#[test]
fn structs_as_attribute_values_and_flatten() {
    assert_eq!(
        Endpoint::hcl_type(),
        Type::object([("host", Type::String), ("port", Type::Number)])
    );
    // An optional field is an optional attribute of the object type; the
    // attribute is then read as written and the struct checks (and
    // converts) its value itself.
    assert_eq!(
        Limits::hcl_type(),
        Type::object([("cpu", Type::Number), ("memory", Type::Number)])
    );
    assert_eq!(Limits::hcl_optional().unwrap().optional, ["memory"]);
    assert_eq!(Endpoint::hcl_optional().map(|o| o.optional), None);
    let src = r#"
endpoint = { host = "h", port = 1 }
limits = { cpu = 2 }
backups = [{ host = "b", port = 2 }]
region = "eu"
"#;
    let s: Server = hcldecode::from_str(src, "s.hcl").unwrap();
    assert_eq!(s.endpoint.port, 1);
    assert_eq!(s.limits.unwrap().cpu, 2);
    assert_eq!(s.backups[0].host, "b");
    assert_eq!(s.common.region, "eu");
    same_as_spec_file::<Server>(src);

    let bad = src.replace(
        "limits = { cpu = 2 }",
        "limits = { memory = 2, cpu = 5000000000 }",
    );
    let e = hcldecode::from_str::<Server>(&bad, "s.hcl").unwrap_err();
    assert_eq!(summaries(&e), ["Value out of range"]);
    assert_eq!(subject(&e, 0), "s.hcl:3,30-40");
    let bad = src.replace("limits = { cpu = 2 }", "limits = { memory = 2 }");
    let e = hcldecode::from_str::<Server>(&bad, "s.hcl").unwrap_err();
    assert_eq!(
        e.diagnostics()[0].detail,
        "Inappropriate value for attribute \"limits\": attribute \"cpu\" is required."
    );
    let bad = src.replace("port = 1 }", "}");
    let e = hcldecode::from_str::<Server>(&bad, "s.hcl").unwrap_err();
    assert_eq!(summaries(&e), ["Incorrect attribute value type"]);
}

// ----- values, raw expressions, remain -------------------------------------------------

#[derive(HclDecode, Debug)]
struct Dynamic {
    any: Value,
    #[hcl(type = "map(any)")]
    typed: Value,
    when: Expression,
    maybe: Option<Expression>,
    #[hcl(remain)]
    rest: hcldecode::Body,
}

#[test]
fn values_expressions_and_the_rest() {
    let src = "any = [1, \"a\"]\ntyped = { a = 1 }\nwhen = var.x > 1\nother = 2\n";
    let d: Dynamic = hcldecode::from_str(src, "d.hcl").unwrap();
    assert_eq!(d.any.ty(), &Type::tuple([Type::Number, Type::String]));
    assert_eq!(d.typed.ty(), &Type::map(Type::Number));
    // Not evaluated (no variables here), kept with its range.
    assert_eq!(d.when.source_text(), "var.x > 1");
    assert_eq!(d.when.range().to_string(), "d.hcl:3,8-17");
    assert!(d.maybe.is_none());
    // Evaluate it later, with a variable.
    let mut ctx = hcldecode::eval::EvalContext::new();
    ctx.set_variable("var", Value::object([("x", Value::int(3))]));
    let (v, diags) = hcldecode::eval::evaluate(d.when.as_ref(), Some(&ctx));
    assert!(diags.is_empty());
    assert_eq!(v.as_bool(), Some(true));
    // The rest of the body: decode it later.
    let rest: BTreeMap<String, u8> = {
        #[derive(HclDecode)]
        struct Rest {
            other: u8,
        }
        let r: Rest = Decoder::new().decode_body(&d.rest).unwrap();
        [("other".to_string(), r.other)].into_iter().collect()
    };
    assert_eq!(rest["other"], 2);
    let text = Dynamic::spec().to_spec_file();
    assert!(text.contains("# the body is decoded partially"), "{text}");
    assert!(
        text.contains("# the attribute's expression is kept unevaluated"),
        "{text}"
    );
}

#[test]
fn without_remain_extra_attributes_are_errors() {
    let e =
        hcldecode::from_str::<Endpoint>("host = \"h\"\nport = 1\nprot = 2\n", "e.hcl").unwrap_err();
    assert_eq!(summaries(&e), ["Unsupported argument"]);
}

// ----- generics and custom scalars ----------------------------------------------------

#[derive(HclDecode, Debug)]
struct Wrapper<T, B> {
    value: T,
    items: Vec<T>,
    #[hcl(block)]
    inner: Option<B>,
}

#[test]
fn generics_get_inferred_bounds() {
    let w: Wrapper<u8, Check> = hcldecode::from_str(
        "value = 1\nitems = [2]\ninner {\n path = \"p\"\n}\n",
        "g.hcl",
    )
    .unwrap();
    assert_eq!(
        (w.value, w.items[0], w.inner.unwrap().path.as_str()),
        (1, 2, "p")
    );
    same_as_spec_file::<Wrapper<String, Check>>("value = \"1\"\nitems = []\n");
}

/// A duration like "10s" or "5m".
#[derive(Debug, PartialEq)]
struct Duration(u64);

impl HclDecode for Duration {
    fn hcl_type() -> Type {
        Type::String
    }
    fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
        let s = String::from_hcl(v, at)?;
        let (n, unit) = s.split_at(s.len().saturating_sub(1));
        match (n.parse::<u64>(), unit) {
            (Ok(n), "s") => Ok(Duration(n)),
            (Ok(n), "m") => Ok(Duration(n * 60)),
            _ => Err(at.error(
                "Invalid duration",
                format!("{s:?} is not a duration: write a number and s or m, like \"10s\"."),
            )),
        }
    }
}

#[derive(HclDecode, Debug)]
struct Timeouts {
    connect: Duration,
    each: Vec<Duration>,
    #[hcl(block)]
    check: Vec<TimedCheck>,
}

#[derive(HclDecode, Debug)]
struct TimedCheck {
    interval: Duration,
}

#[test]
fn custom_scalars_report_at_their_value() {
    let t: Timeouts = hcldecode::from_str("connect = \"5m\"\neach = [\"1s\"]\n", "t.hcl").unwrap();
    assert_eq!((t.connect, t.each), (Duration(300), vec![Duration(1)]));
    let src = "connect = \"5x\"\neach = [\"1s\", \"soon\"]\ncheck {\n  interval = \"never\"\n}\n";
    let e = hcldecode::from_str::<Timeouts>(src, "t.hcl").unwrap_err();
    assert_eq!(summaries(&e), ["Invalid duration"; 3]);
    assert_eq!(subject(&e, 0), "t.hcl:1,11-15");
    assert_eq!(subject(&e, 1), "t.hcl:2,15-21");
    assert_eq!(subject(&e, 2), "t.hcl:4,14-21");
    same_as_spec_file::<Timeouts>("connect = \"5m\"\neach = []\n");
}

// ----- the decoder: variables, functions, files ------------------------------------------

#[test]
fn decoder_with_variables_and_functions() {
    #[derive(HclDecode, Debug)]
    struct C {
        name: String,
        n: u8,
    }
    let upper = hcldecode::function::stdlib::lookup("upper").unwrap();
    let c: C = Decoder::new()
        .variable("region", "eu")
        .variable("count", Value::int(3))
        .function("upper", upper)
        .decode_str("name = upper(region)\nn = count + 1\n", "c.hcl")
        .unwrap();
    assert_eq!((c.name.as_str(), c.n), ("EU", 4));
    // Without them: the engine's diagnostics.
    let e = hcldecode::from_str::<C>("name = upper(region)\nn = 1\n", "c.hcl").unwrap_err();
    assert_eq!(summaries(&e), ["Function calls not allowed"]);
}

#[test]
fn parse_errors_are_reported_with_snippets() {
    let e = hcldecode::from_str::<Ints>("a = \n", "p.hcl").unwrap_err();
    assert!(e.diagnostics()[0].is_error());
    assert!(e.to_string().contains("  on p.hcl line 1"), "{e}");
}

#[test]
fn files_on_disk() {
    let dir = std::env::temp_dir().join(format!("hcldecode-typed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let a = dir.join("a.hcl");
    let b = dir.join("b.hcl");
    std::fs::write(&a, "a = 1\n").unwrap();
    let c = dir.join("c.hcl");
    std::fs::write(&c, "a = 1\nc = []\n").unwrap();
    std::fs::write(&b, "c = [2]\n").unwrap();
    let v: Ints = Decoder::new().decode_paths(&[&a, &b]).unwrap();
    assert_eq!((v.a, v.c), (1, vec![2]));
    let e = hcldecode::from_path::<Ints>(dir.join("missing.hcl")).unwrap_err();
    assert_eq!(summaries(&e), ["Failed to read file"]);
    // With the operating system's reason (issue 24).
    let reason = std::fs::read(dir.join("missing.hcl"))
        .unwrap_err()
        .to_string();
    assert!(e.diagnostics()[0].detail.contains(&reason), "{e}");
    let e = hcldecode::from_path::<Ints>(dir.join("missing.hcl.json")).unwrap_err();
    assert!(e.diagnostics()[0].detail.contains(&reason), "{e}");
    let v: Ints = hcldecode::from_path(&c).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(v.a, 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn value_types_decode_whole_bodies() {
    let n: u8 = hcldecode::from_str("value = 3\n", "v.hcl").unwrap();
    assert_eq!(n, 3);
    let e = hcldecode::from_str::<u8>("value = 300\n", "v.hcl").unwrap_err();
    assert_eq!(subject(&e, 0), "v.hcl:1,9-12");
}

#[test]
fn big_integers_are_exact() {
    #[derive(HclDecode, Debug)]
    struct Big {
        a: u128,
        b: i128,
        c: Option<u64>,
    }
    let v: Big = hcldecode::from_str(
        "a = 340282366920938463463374607431768211455\nb = -170141183460469231731687303715884105728\n",
        "b.hcl",
    )
    .unwrap();
    assert_eq!((v.a, v.b), (u128::MAX, i128::MIN));
    same_as_spec_file::<Big>("a = 1\nb = 2\nc = 3\n");
    let e = hcldecode::from_str::<Big>("a = 1\nb = 1\nc = 18446744073709551616\n", "b.hcl")
        .unwrap_err();
    assert_eq!(
        e.diagnostics()[0].detail,
        "Inappropriate value for attribute \"c\": 18446744073709551616 is out of range; a whole number from 0 to 18446744073709551615 is required."
    );
}

#[test]
fn block_maps_count_their_blocks() {
    #[derive(HclDecode, Debug)]
    struct Envs {
        #[hcl(block, min_items = 1, max_items = 2)]
        env: BTreeMap<String, Check>,
    }
    let e = hcldecode::from_str::<Envs>("", "m.hcl").unwrap_err();
    assert_eq!(summaries(&e), ["Insufficient env blocks"]);
    assert_eq!(
        e.diagnostics()[0].detail,
        "At least 1 \"env\" block is required."
    );
    let src = "env \"a\" {\n path = \"1\"\n}\nenv \"b\" {\n path = \"2\"\n}\nenv \"c\" {\n path = \"3\"\n}\n";
    let e = hcldecode::from_str::<Envs>(src, "m.hcl").unwrap_err();
    assert_eq!(summaries(&e), ["Too many env blocks"]);
    assert_eq!(subject(&e, 0), "m.hcl:7,1-8");
}
