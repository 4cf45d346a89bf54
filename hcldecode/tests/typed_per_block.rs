//! Each block of a `Vec`, map, set or `Option` block field decodes into its
//! Rust type on its own: no cty unification across blocks (a spec file's
//! rule, whose result is one cty value), so a `Value` keeps the type that
//! was written and structs with optional fields differ from block to block.

#![cfg(feature = "derive")]
// The structs exist to be decoded; not every field is read back.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet, HashMap};

use hcldecode::{Decoder, HclDecode, Value};

#[derive(HclDecode, Debug, PartialEq)]
struct VarL {
    #[hcl(label)]
    name: String,
    default: Option<Value>,
}

#[derive(HclDecode, Debug)]
struct VarsL {
    #[hcl(block)]
    variable: Vec<VarL>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Var {
    default: Option<Value>,
}

#[derive(HclDecode, Debug)]
struct VarsM {
    #[hcl(block)]
    variable: BTreeMap<String, Var>,
}

#[derive(HclDecode, Debug)]
struct VarsH {
    #[hcl(block)]
    variable: HashMap<String, Var>,
}

const VARS: &str = r#"
variable "a" { default = "x" }
variable "b" { default = 3 }
variable "c" { default = true }
"#;

fn defaults<'a>(vs: impl Iterator<Item = &'a Option<Value>>) -> Vec<Value> {
    vs.map(|v| v.clone().expect("default set")).collect()
}

#[test]
fn value_fields_keep_the_type_written_in_a_block_list() {
    let v: VarsL = hcldecode::from_str(VARS, "vars.hcl").unwrap();
    let names: Vec<&str> = v.variable.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["a", "b", "c"]);
    assert_eq!(
        defaults(v.variable.iter().map(|v| &v.default)),
        [Value::from("x"), Value::int(3), Value::from(true)]
    );
}

#[test]
fn value_fields_keep_the_type_written_in_block_maps() {
    let want = [Value::from("x"), Value::int(3), Value::from(true)];
    let m: VarsM = hcldecode::from_str(VARS, "vars.hcl").unwrap();
    assert_eq!(defaults(m.variable.values().map(|v| &v.default)), want);
    let h: VarsH = hcldecode::from_str(VARS, "vars.hcl").unwrap();
    for (k, w) in ["a", "b", "c"].iter().zip(&want) {
        assert_eq!(h.variable[*k].default.as_ref(), Some(w));
    }
}

#[test]
fn object_and_string_defaults_in_different_blocks() {
    let src = "variable \"a\" { default = { x = 1, y = [true] } }\nvariable \"b\" { default = \"s\" }\nvariable \"c\" {}\n";
    let v: VarsL = hcldecode::from_str(src, "vars.hcl").unwrap();
    let a = v.variable[0].default.as_ref().unwrap();
    assert_eq!(a.get_attr("x"), Some(Value::int(1)));
    assert_eq!(
        a.get_attr("y").unwrap().elements().unwrap(),
        [Value::from(true)]
    );
    assert_eq!(v.variable[1].default, Some(Value::from("s")));
    assert_eq!(v.variable[2].default, None);
    let m: VarsM = hcldecode::from_str(src, "vars.hcl").unwrap();
    assert_eq!(m.variable["b"].default, Some(Value::from("s")));
    assert_eq!(m.variable["c"].default, None);
}

#[derive(HclDecode, Debug, PartialEq, Clone)]
struct Mount {
    target: String,
    readonly: Option<bool>,
}

#[derive(HclDecode, Debug, PartialEq)]
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

#[derive(HclDecode, Debug, PartialEq)]
struct Task {
    #[hcl(default)]
    mounts: Vec<Mount>,
    config: Option<BTreeMap<String, Value>>,
}

#[derive(HclDecode, Debug)]
struct GroupM {
    #[hcl(block)]
    task: BTreeMap<String, Task>,
}

const TASKS: &str = r#"
task "a" { mounts = [{ target = "/x" }] }
task "b" { mounts = [{ target = "/y", readonly = true }] }
task "c" {}
"#;

fn mount(target: &str, readonly: Option<bool>) -> Mount {
    Mount {
        target: target.into(),
        readonly,
    }
}

#[test]
fn optional_struct_fields_decode_per_block_in_a_list() {
    let g: GroupL = hcldecode::from_str(TASKS, "group.hcl").unwrap();
    let mounts: Vec<&[Mount]> = g.task.iter().map(|t| t.mounts.as_slice()).collect();
    assert_eq!(
        mounts,
        [
            &[mount("/x", None)][..],
            &[mount("/y", Some(true))][..],
            &[][..]
        ]
    );
}

#[test]
fn optional_struct_fields_decode_per_block_in_a_map() {
    let g: GroupM = hcldecode::from_str(TASKS, "group.hcl").unwrap();
    assert_eq!(g.task["a"].mounts, [mount("/x", None)]);
    assert_eq!(g.task["b"].mounts, [mount("/y", Some(true))]);
    assert!(g.task["c"].mounts.is_empty());
}

#[test]
fn config_maps_of_different_shapes_per_task() {
    let src = r#"
task "web" {
  config = { image = "nginx", ports = ["http"], args = { verbose = true } }
}
task "db" {
  config = { command = "postgres", memory = 512 }
}
task "none" {}
"#;
    let g: GroupM = hcldecode::from_str(src, "group.hcl").unwrap();
    let web = g.task["web"].config.as_ref().unwrap();
    assert_eq!(web["image"], Value::from("nginx"));
    assert_eq!(web["ports"].elements().unwrap(), [Value::from("http")]);
    assert_eq!(web["args"].get_attr("verbose"), Some(Value::from(true)));
    let db = g.task["db"].config.as_ref().unwrap();
    assert_eq!(db["memory"], Value::int(512));
    assert_eq!(db["command"], Value::from("postgres"));
    assert_eq!(g.task["none"].config, None);
}

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

#[test]
fn block_sets_decode_per_block() {
    let src = "tag \"a\" { weight = 1 }\ntag \"b\" { note = \"n\" }\n";
    let t: Tags = hcldecode::from_str(src, "t.hcl").unwrap();
    let names: Vec<(&str, Option<u8>, Option<&str>)> = t
        .tag
        .iter()
        .map(|t| (t.name.as_str(), t.weight, t.note.as_deref()))
        .collect();
    assert_eq!(names, [("a", Some(1), None), ("b", None, Some("n"))]);
}

#[test]
fn per_block_decoding_with_dynamic_blocks_and_variables() {
    let src = r#"
variable "a" { default = n }
dynamic "variable" {
  for_each = { b = "s", c = [1, 2] }
  labels = [variable.key]
  content { default = variable.value }
}
"#;
    let v: VarsL = Decoder::new()
        .variable("n", 7)
        .dynamic_blocks(true)
        .decode_str(src, "vars.hcl")
        .unwrap();
    let names: Vec<&str> = v.variable.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["a", "b", "c"]);
    assert_eq!(v.variable[0].default, Some(Value::int(7)));
    assert_eq!(v.variable[1].default, Some(Value::from("s")));
    assert_eq!(
        v.variable[2].default.as_ref().unwrap().elements().unwrap(),
        [Value::int(1), Value::int(2)]
    );
}

#[test]
fn errors_in_several_blocks_are_all_reported() {
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
    let src = "port \"a\" { to = 70000 }\nport \"b\" { to = \"x\" }\nport \"c\" { to = 80 }\n";
    let e = hcldecode::from_str::<Ports>(src, "p.hcl").unwrap_err();
    let at: Vec<String> = e
        .diagnostics()
        .iter()
        .map(|d| d.subject.as_ref().unwrap().to_string())
        .collect();
    assert_eq!(at, ["p.hcl:1,17-22", "p.hcl:2,17-20"]);
}

#[test]
fn spec_files_keep_cty_unification() {
    // The same spec as a spec file: one list of the unified type, as the
    // reference gives it.
    let text = VarsL::spec().to_spec_file();
    let (spec, d) = hcldecode::spec_file::LoadedSpec::load_str(&text, "vars.hcldec");
    assert!(!d.has_errors(), "{d}");
    let (file, _) = hcldecode::parse::parse_native(VARS.as_bytes(), "vars.hcl");
    let (v, d) = spec.unwrap().decode(&file.body, None);
    assert!(!d.has_errors(), "{d}");
    let list = v.get_attr("variable").unwrap();
    let defaults: Vec<Value> = list
        .elements()
        .unwrap()
        .iter()
        .map(|e| e.get_attr("default").unwrap())
        .collect();
    assert_eq!(
        defaults,
        [Value::from("x"), Value::from("3"), Value::from("true")]
    );
}

#[test]
fn too_few_blocks_of_a_map_are_reported_at_the_enclosing_body() {
    #[derive(HclDecode, Debug)]
    struct G {
        #[hcl(block, min_items = 1)]
        task: BTreeMap<String, Task>,
    }
    #[derive(HclDecode, Debug)]
    struct GL {
        #[hcl(block, min_items = 1)]
        task: Vec<TaskL>,
    }
    #[derive(HclDecode, Debug)]
    struct Job {
        #[hcl(block)]
        group: Vec<G>,
    }
    #[derive(HclDecode, Debug)]
    struct JobL {
        #[hcl(block)]
        group: Vec<GL>,
    }
    let src = "group {\n}\n";
    let e = hcldecode::from_str::<Job>(src, "j.hcl").unwrap_err();
    let d = &e.diagnostics()[0];
    assert_eq!(d.summary, "Insufficient task blocks");
    // The list form's range (the engine's): the same.
    let l = hcldecode::from_str::<JobL>(src, "j.hcl").unwrap_err();
    assert_eq!(l.diagnostics()[0].summary, "Insufficient task blocks");
    let want = l.diagnostics()[0].subject.as_ref().unwrap().to_string();
    assert_eq!(d.subject.as_ref().unwrap().to_string(), want);
}

#[derive(HclDecode, Debug)]
struct TaskBA {
    #[hcl(block_attrs, default)]
    config: BTreeMap<String, Value>,
}

#[derive(HclDecode, Debug)]
struct GroupBA {
    #[hcl(block)]
    task: BTreeMap<String, TaskBA>,
}

#[test]
fn block_attrs_of_values_keep_each_attribute_as_written() {
    // Nomad's `config` block: driver-specific attributes of any type.
    let src = r#"
task "web" {
  config {
    image = "nginx"
    ports = ["http"]
    args  = { verbose = true }
  }
}
task "db" {
  config {
    command = "postgres"
    memory  = 512
  }
}
task "one" {
  config {
    a = 1
    b = 2
  }
}
task "none" {}
"#;
    for (name, src) in [
        ("group.hcl", src.to_string()),
        ("group.hcl.json", hcl_to_json_tasks()),
    ] {
        let g: GroupBA = hcldecode::from_str(&src, name).unwrap_or_else(|e| panic!("{e}"));
        let web = &g.task["web"].config;
        assert_eq!(web["image"], Value::from("nginx"), "{name}");
        assert_eq!(web["ports"].elements().unwrap(), [Value::from("http")]);
        assert_eq!(web["args"].get_attr("verbose"), Some(Value::from(true)));
        let db = &g.task["db"].config;
        assert_eq!(db["memory"], Value::int(512), "{name}");
        assert_eq!(db["command"], Value::from("postgres"));
        assert_eq!(g.task["one"].config["b"], Value::int(2));
        assert!(g.task["none"].config.is_empty());
    }
    // A spec file keeps the reference's one-type rule: one map, its
    // values unified (the number becomes a string).
    let spec = TaskBA::spec().to_spec_file();
    let (loaded, d) = hcldecode::spec_file::LoadedSpec::load_str(&spec, "t.hcldec");
    assert!(!d.has_errors(), "{d}");
    let task = "config {\n  image = \"nginx\"\n  memory = 512\n}\n";
    let (file, _) = hcldecode::parse::parse_native(task.as_bytes(), "task.hcl");
    let (v, diags) = loaded.unwrap().decode(&file.body, None);
    assert!(diags.is_empty(), "{diags}");
    let config = v.get_attr("config").unwrap();
    assert_eq!(config.ty(), &hcldecode::Type::map(hcldecode::Type::String));
    assert_eq!(
        config.index(&Value::from("memory")),
        Some(Value::from("512"))
    );
}

fn hcl_to_json_tasks() -> String {
    r#"{"task": {
  "web": {"config": {"image": "nginx", "ports": ["http"], "args": {"verbose": true}}},
  "db": {"config": {"command": "postgres", "memory": 512}},
  "one": {"config": {"a": 1, "b": 2}},
  "none": {}
}}"#
    .to_string()
}
