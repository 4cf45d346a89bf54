//! The derived types of `tests/encode_typed.rs` and `tests/write_back.rs`
//! (write_back's `Rule`, with an `Expression` field and a `remain` body,
//! is in `exceptions.rs`).

use std::collections::{BTreeMap, HashMap};

use hcldecode::{HclDecode, Value};

use crate::Docs;

fn four() -> u32 {
    4
}

fn tcp() -> String {
    "tcp".into()
}

#[derive(HclDecode, Debug, Clone, Copy)]
enum Mode {
    Host,
    RawExec,
}

#[derive(HclDecode, Debug)]
struct Meta {
    owner: String,
    tier: Option<String>,
}

#[derive(HclDecode, Debug)]
struct Port {
    #[hcl(label)]
    name: String,
    to: Option<u16>,
}

#[derive(HclDecode, Debug)]
struct Rack {
    #[hcl(label)]
    rack: String,
    size: i64,
}

#[derive(HclDecode, Debug)]
struct Logging {
    level: String,
}

#[derive(HclDecode, Debug)]
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

/// encode_typed.rs's `SAMPLE`: what `to_string_typed` writes.
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

#[derive(HclDecode, Debug)]
struct Outer {
    inner: Config,
}

#[derive(HclDecode, Debug)]
struct Pair<T> {
    left: T,
    right: hcldecode::Spanned<String>,
}

#[derive(HclDecode, Debug)]
struct Listener {
    port: u16,
    #[hcl(default = "tcp")]
    protocol: String,
    #[hcl(default)]
    needs: Vec<String>,
    #[hcl(block_attrs, default)]
    env: BTreeMap<String, String>,
}

#[derive(HclDecode, Debug, Clone)]
struct Step {
    name: String,
}

#[derive(HclDecode, Debug)]
struct Pipeline {
    #[hcl(block)]
    step: Vec<Step>,
}

#[derive(HclDecode, Debug, Clone)]
struct PortTo {
    to: u16,
}

#[derive(HclDecode, Debug)]
struct Network {
    #[hcl(block)]
    port: BTreeMap<String, PortTo>,
}

#[derive(HclDecode, Debug, Clone)]
struct Service {
    #[hcl(label)]
    name: String,
}

#[derive(HclDecode, Debug)]
struct Services {
    #[hcl(block)]
    step: Vec<Step>,
    #[hcl(block)]
    service: Vec<Service>,
}

#[derive(HclDecode, Debug, Clone)]
struct Rule {
    name: String,
    action: String,
    port: u16,
}

#[derive(HclDecode, Debug)]
struct Rules {
    #[hcl(block)]
    rule: Vec<Rule>,
}

const STEPS: &str = "step {\n  name = \"a\"\n}\n\nstep {\n  name = \"b\"\n}\n\ndynamic \"step\" {\n  for_each = [\"c\"]\n  content {\n    name = step.value\n  }\n}\n";

const PORTS: &str = "port \"http\" {\n  to = 80\n}\n\ndynamic \"port\" {\n  for_each = { metrics = 9100 }\n  labels   = [port.key]\n  content {\n    to = port.value\n  }\n}\n";

#[test]
fn encode_typed_rs() {
    let mut n = Docs::new()
        .ok(SAMPLE)
        .ok(&SAMPLE.replace("workers = 8\n", ""))
        .bad(&SAMPLE.replace("type    = \"raw_exec\"", "type    = \"vm\""))
        .bad(&SAMPLE.replace("extra = {", "extra = {\n  j = nope"))
        .bad(&SAMPLE.replace("region \"eu\" \"dc1\" \"r7\"", "region \"eu\" \"dc1\""))
        .round_trip::<Config>();
    let outer = "inner = {\n  name = \"n\"\n  type = \"host\"\n  ratio = 1\n  enabled = false\n  tags = []\n  weights = {}\n  meta = { owner = \"o\" }\n  extra = null\n}\n";
    n += Docs::new()
        .ok(outer)
        .bad("inner = {}\n")
        .round_trip::<Outer>();
    n += Docs::new()
        .ok("left  = 1\nright = \"r\"\n")
        .bad("left  = []\nright = \"r\"\n")
        .round_trip::<Pair<u8>>();
    n += Docs::new()
        .ok("port = 80\n")
        .ok("port     = 80\nprotocol = \"udp\"\nneeds    = [\"db\"]\n\nenv {\n  A = \"1\"\n}\n")
        .bad("port = 80\nenv {\n  A = []\n}\n")
        .round_trip::<Listener>();
    eprintln!("tests/encode_typed.rs: {n} documents");
}

#[test]
fn write_back_rs() {
    let mut n = Docs::new()
        .ok(STEPS)
        .ok("# about s0\nstep {\n  name = \"s0\"\n}\n")
        .bad("step {\n}\n")
        .dynamic_blocks()
        .round_trip::<Pipeline>();
    n += Docs::new()
        .ok(PORTS)
        .bad("dynamic \"port\" {\n  for_each = { metrics = \"x\" }\n  labels   = [port.key]\n  content {\n    to = port.value\n  }\n}\n")
        .dynamic_blocks()
        .round_trip::<Network>();
    n += Docs::new()
        .ok("# first\nstep {\n  name = \"a\"\n}\n\n# second\nstep {\n  name = \"b\"\n}\n\n# the services\nservice \"web\" {\n}\n")
        .bad("service {\n}\n")
        .round_trip::<Services>();
    n += Docs::new()
        .ok("# allow ssh\nrule {\n  name   = \"ssh\"\n  action = \"allow\"\n  port   = 22\n}\n")
        .bad("rule {\n  name   = \"ssh\"\n  port   = 22\n}\n")
        .round_trip::<Rules>();
    eprintln!("tests/write_back.rs: {n} documents");
}
