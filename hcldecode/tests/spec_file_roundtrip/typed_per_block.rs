//! The derived types of `tests/typed_per_block.rs` whose blocks a spec
//! file reads as typed decoding does (block lists and sets, `block_attrs`,
//! maps of blocks without `any` in them). Its maps of blocks with `any` in
//! them (`VarsM`, `VarsH`, `GroupM`, `GroupBA`) are in `exceptions.rs`.

use std::collections::{BTreeMap, BTreeSet};

use hcldecode::{HclDecode, Value};

use crate::Docs;

#[derive(HclDecode, Debug)]
pub struct VarL {
    #[hcl(label)]
    name: String,
    default: Option<Value>,
}

#[derive(HclDecode, Debug)]
pub struct VarsL {
    #[hcl(block)]
    variable: Vec<VarL>,
}

pub const VARS: &str = r#"
variable "a" { default = "x" }
variable "b" { default = 3 }
variable "c" { default = true }
"#;

pub const VARS_OBJECT: &str = "variable \"a\" { default = { x = 1, y = [true] } }\nvariable \"b\" { default = \"s\" }\nvariable \"c\" {}\n";

const VARS_DYNAMIC: &str = r#"
variable "a" { default = n }
dynamic "variable" {
  for_each = { b = "s", c = [1, 2] }
  labels = [variable.key]
  content { default = variable.value }
}
"#;

#[derive(HclDecode, Debug, Clone)]
pub struct Mount {
    target: String,
    readonly: Option<bool>,
}

#[derive(HclDecode, Debug)]
struct TaskL {
    #[hcl(label)]
    name: String,
    #[hcl(default)]
    mounts: Vec<Mount>,
}

#[derive(HclDecode, Debug)]
struct GroupL {
    #[hcl(block)]
    task: Vec<TaskL>,
}

pub const TASKS: &str = r#"
task "a" { mounts = [{ target = "/x" }] }
task "b" { mounts = [{ target = "/y", readonly = true }] }
task "c" {}
"#;

#[derive(HclDecode, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Tag {
    #[hcl(label)]
    name: String,
    weight: Option<u8>,
    note: Option<String>,
}

#[derive(HclDecode, Debug)]
struct Tags {
    #[hcl(block)]
    tag: BTreeSet<Tag>,
}

#[derive(HclDecode, Debug)]
struct Port {
    #[hcl(label)]
    name: String,
    to: u16,
}

#[derive(HclDecode, Debug)]
struct Ports {
    #[hcl(block)]
    port: Vec<Port>,
}

#[derive(HclDecode, Debug)]
struct GL {
    #[hcl(block, min_items = 1)]
    task: Vec<TaskL>,
}

#[derive(HclDecode, Debug)]
struct JobL {
    #[hcl(block)]
    group: Vec<GL>,
}

#[derive(HclDecode, Debug)]
pub struct TaskBA {
    #[hcl(block_attrs, default)]
    config: BTreeMap<String, Value>,
}

/// A block map without `any` in it: a spec file's `block_map`.
#[derive(HclDecode, Debug)]
struct Check {
    path: String,
}

#[derive(HclDecode, Debug)]
struct G {
    #[hcl(block, min_items = 1)]
    task: BTreeMap<String, Check>,
}

#[test]
fn typed_per_block_rs() {
    let mut n = Docs::new()
        .ok(VARS)
        .ok(VARS_OBJECT)
        .ok("")
        .bad("variable \"a\" { default = nope }\n")
        .bad("variable { default = 1 }\n")
        .round_trip::<VarsL>();
    n += Docs::new()
        .ok(VARS_DYNAMIC)
        .variable("n", 7)
        .dynamic_blocks()
        .round_trip::<VarsL>();
    n += Docs::new()
        .ok(TASKS)
        .bad("task \"a\" { mounts = [{ readonly = true }] }\n")
        .round_trip::<GroupL>();
    n += Docs::new()
        .ok("tag \"a\" { weight = 1 }\ntag \"b\" { note = \"n\" }\n")
        .bad("tag \"a\" { weight = 1000 }\n")
        .round_trip::<Tags>();
    n += Docs::new()
        .ok("port \"a\" { to = 80 }\n")
        .bad("port \"a\" { to = 70000 }\nport \"b\" { to = \"x\" }\nport \"c\" { to = 80 }\n")
        .round_trip::<Ports>();
    n += Docs::new()
        .ok("group {\n  task \"t\" {}\n}\n")
        .bad("group {\n}\n")
        .round_trip::<JobL>();
    n += Docs::new()
        .ok("config {\n  image = \"nginx\"\n  ports = [\"http\"]\n  args  = { verbose = true }\n}\n")
        .ok("config {\n  a = 1\n  b = 2\n}\n")
        .ok("config {\n  image = \"nginx\"\n  memory = 512\n}\n")
        .ok_file("in.hcl.json", r#"{"config": {"command": "postgres", "memory": 512}}"#)
        .ok("")
        .bad("config {\n  a = 1\n  inner {}\n}\n")
        .round_trip::<TaskBA>();
    n += Docs::new()
        .ok("task \"a\" {\n  path = \"/a\"\n}\ntask \"b\" {\n  path = \"/b\"\n}\n")
        .bad("task \"a\" {\n  path = \"/a\"\n}\ntask \"a\" {\n  path = \"/b\"\n}\n")
        .bad("")
        .round_trip::<G>();
    eprintln!("tests/typed_per_block.rs: {n} documents");
}
