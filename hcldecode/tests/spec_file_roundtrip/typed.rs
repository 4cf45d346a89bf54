//! The derived types of `tests/typed.rs`.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::rc::Rc;
use std::sync::Arc;

use hcldecode::typed::At;
use hcldecode::{Error, HclDecode, Type, Value};

use crate::Docs;

#[derive(HclDecode, Debug)]
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

#[derive(HclDecode, Debug)]
struct Ints {
    a: u8,
    b: Option<i16>,
    c: Vec<u8>,
}

#[derive(HclDecode, Debug)]
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

#[derive(HclDecode, Debug)]
#[hcl(rename_all = "kebab-case")]
struct Renamed {
    max_items: u8,
    #[hcl(rename = "Other")]
    other_name: String,
    r#type: String,
}

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

#[derive(HclDecode, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Port {
    #[hcl(label)]
    name: String,
    number: u16,
}

#[derive(HclDecode, Debug)]
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

#[derive(HclDecode, Debug)]
struct Network {
    mode: String,
}

#[derive(HclDecode, Debug)]
struct Meta {
    #[hcl(default)]
    owner: String,
}

#[derive(HclDecode, Debug)]
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

#[derive(HclDecode, Debug)]
struct Dc {
    #[hcl(label)]
    rack: String,
    weight: u8,
}

#[derive(HclDecode, Debug)]
struct Check {
    path: String,
}

#[derive(HclDecode, Debug)]
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

#[derive(HclDecode, Debug, Clone, Copy)]
enum Driver {
    Docker,
    RawExec,
    #[hcl(rename = "java-vm")]
    Java,
}

#[derive(HclDecode, Debug)]
struct Task {
    driver: Driver,
    fallback: Option<Driver>,
    others: Vec<Driver>,
}

#[derive(HclDecode, Debug)]
struct Run {
    command: String,
}

#[derive(HclDecode, Debug)]
enum Step {
    Run(Run),
    Copy { from: String, to: String },
    Pause,
}

#[derive(HclDecode, Debug)]
struct Pipeline {
    #[hcl(block)]
    steps: Vec<Step>,
}

#[derive(HclDecode, Debug)]
struct OneStep {
    #[hcl(block)]
    step: Option<Step>,
}

#[derive(HclDecode, Debug)]
struct Endpoint {
    host: String,
    port: u16,
}

#[derive(HclDecode, Debug)]
struct Limits {
    cpu: u32,
    memory: Option<u32>,
}

#[derive(HclDecode, Debug)]
struct Common {
    region: String,
}

#[derive(HclDecode, Debug)]
struct Server {
    endpoint: Endpoint,
    limits: Option<Limits>,
    backups: Vec<Endpoint>,
    #[hcl(flatten)]
    common: Common,
}

const SERVER: &str = r#"
endpoint = { host = "h", port = 1 }
limits = { cpu = 2 }
backups = [{ host = "b", port = 2 }]
region = "eu"
"#;

#[derive(HclDecode, Debug)]
struct Wrapper<T, B> {
    value: T,
    items: Vec<T>,
    #[hcl(block)]
    inner: Option<B>,
}

/// A duration like "10s" or "5m".
#[derive(Debug)]
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
            _ => Err(at.error("Invalid duration", format!("{s:?} is not a duration."))),
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

#[derive(HclDecode, Debug)]
struct C {
    name: String,
    n: u8,
}

#[derive(HclDecode, Debug)]
struct Big {
    a: u128,
    b: i128,
    c: Option<u64>,
}

#[derive(HclDecode, Debug)]
struct Envs {
    #[hcl(block, min_items = 1, max_items = 2)]
    env: BTreeMap<String, Check>,
}

#[test]
fn typed_rs() {
    let mut n = 0;
    n += Docs::new()
        .ok(SCALARS)
        .ok_file(
            "in.hcl.json",
            r#"{"s": "x", "b": false, "i8_": 1, "u64_": 2, "i128_": 3, "f": 0.5, "f32_": 1, "c": "c", "path": "p", "n": 1}"#,
        )
        .bad("s = \"x\"\n")
        .bad(&SCALARS.replace("b = true", "b = \"maybe\""))
        .round_trip::<Scalars>();
    n += Docs::new()
        .ok("a = 1\nc = [1]\n")
        .ok("a = \"7\"\nc = [\"1\", 2]\n")
        .bad("a = 256\nb = 1.5\nc = [1, 2, -3]\n")
        .bad("a = \"x\"\nc = 1\nd = 2\n")
        .bad("a = null\nc = []\n")
        .bad("a = 1\nc = [1, \"x\", true]\n")
        .bad("name = upper(region)\nn = 1\n")
        .round_trip::<Ints>();
    n += Docs::new()
        .ok(COLLECTIONS)
        .bad(
            &COLLECTIONS
                .replace("array = [1, 2]", "array = [1, 2, 3]")
                .replace("map = { a = 1, b = 2 }", "map = { a = 1, b = 70000 }"),
        )
        .bad(&COLLECTIONS.replace("pair = [\"p\", 9]", "pair = [\"p\", \"q\"]"))
        .round_trip::<Collections>();
    n += Docs::new()
        .ok("max-items = 1\nOther = \"o\"\ntype = \"t\"\n")
        .bad("max_items = 1\nOther = \"o\"\ntype = \"t\"\n")
        .round_trip::<Renamed>();
    n += Docs::new()
        .ok("a = 1\n")
        .ok("b = null\n")
        .ok("a = 1\nb = 2\nvars {\n x = \"y\"\n}\n")
        .bad("vars {\n x = \"y\"\n}\nvars {}\n")
        .round_trip::<Defaults>();
    n += Docs::new()
        .ok(JOB)
        .bad("update {\n stagger = \"1s\"\n}\n")
        .bad("group \"a\" {\n meta {}\n}\n")
        .bad(&JOB.replace("number = 443", "number = \"many\""))
        .bad(&JOB.replace("region \"us\" \"dc1\" \"r3\"", "region \"us\" \"dc1\""))
        .bad(&JOB.replace("check \"health\"", "check \"health\" \"extra\""))
        .bad(&JOB.replace("update {", "update {\n  other = 1"))
        .round_trip::<Job>();
    n += Docs::new()
        .ok("driver = \"docker\"\nothers = []\n")
        .ok("driver = \"raw_exec\"\nothers = [\"docker\", \"java-vm\"]\n")
        .bad("driver = \"rawexec\"\nothers = []\n")
        .round_trip::<Task>();
    let steps = "run { command = \"make\" }\ncopy {\n  from = \"a\"\n  to = \"b\"\n}\npause {}\nrun { command = \"test\" }\n";
    n += Docs::new()
        .ok(steps)
        .ok("")
        .bad("run {}\npause {\n  x = 1\n}\n")
        .round_trip::<Pipeline>();
    n += Docs::new()
        .ok("pause {}\n")
        .bad("pause {}\nrun { command = \"x\" }\n")
        .round_trip::<OneStep>();
    n += Docs::new()
        .ok(SERVER)
        .bad(&SERVER.replace("limits = { cpu = 2 }", "limits = { memory = 2 }"))
        .bad(&SERVER.replace("port = 1 }", "}"))
        .bad(&SERVER.replace("region = \"eu\"", ""))
        .round_trip::<Server>();
    n += Docs::new()
        .ok("value = \"1\"\nitems = []\n")
        .ok("value = \"1\"\nitems = [\"2\"]\ninner {\n path = \"p\"\n}\n")
        .bad("value = \"1\"\nitems = []\ninner {}\n")
        .round_trip::<Wrapper<String, Check>>();
    n += Docs::new()
        .ok("value = 1\nitems = [2]\n")
        .round_trip::<Wrapper<u8, Check>>();
    n += Docs::new()
        .ok("connect = \"5m\"\neach = [\"1s\"]\ncheck {\n  interval = \"10s\"\n}\n")
        .bad("connect = \"5x\"\neach = [\"1s\", \"soon\"]\ncheck {\n  interval = \"never\"\n}\n")
        .bad("connect = 5\neach = [[]]\n")
        .round_trip::<Timeouts>();
    n += Docs::new()
        .ok("name = region\nn = count + 1\n")
        .bad("name = upper(region)\nn = 1\n")
        .variable("region", "eu")
        .variable("count", Value::int(3))
        .round_trip::<C>();
    n += Docs::new()
        .ok("a = 340282366920938463463374607431768211455\nb = -170141183460469231731687303715884105728\n")
        .bad("a = 1\nb = 1\nc = 18446744073709551616\n")
        .round_trip::<Big>();
    n += Docs::new()
        .ok("env \"a\" {\n path = \"1\"\n}\n")
        .bad("")
        .bad("env \"a\" {\n path = \"1\"\n}\nenv \"b\" {\n path = \"2\"\n}\nenv \"c\" {\n path = \"3\"\n}\n")
        .bad("env \"a\" {\n path = \"1\"\n}\nenv \"a\" {\n path = \"2\"\n}\n")
        .round_trip::<Envs>();
    n += Docs::new()
        .ok("value = 3\n")
        .bad("value = 300\n")
        .round_trip::<u8>();
    eprintln!("tests/typed.rs: {n} documents");
}
