#![cfg(feature = "derive")]

use std::collections::{BTreeMap, HashMap};

use hcldecode::HclDecode;

fn default_workers() -> u32 {
    4
}

#[derive(HclDecode, Debug)]
struct Config {
    name: String,
    port: Option<u16>,
    #[hcl(default = "default_workers")]
    workers: u32,
    tags: Vec<String>,
    #[hcl(block)]
    logging: Option<Logging>,
    #[hcl(block, rename = "service", min_items = 1)]
    services: Vec<Service>,
    #[hcl(block)]
    env: HashMap<String, Env>,
    #[hcl(block_attrs)]
    labels: HashMap<String, String>,
    #[hcl(remain)]
    rest: hcldecode::Body,
}

#[derive(HclDecode, Debug)]
struct Logging {
    level: String,
}

#[derive(HclDecode, Debug)]
struct Env {
    value: String,
}

#[derive(HclDecode, Debug)]
struct Service {
    #[hcl(label)]
    name: String,
    #[hcl(attr, type = "map(string)")]
    meta: BTreeMap<String, String>,
}

const SRC: &str = r#"
name = "web"
tags = ["a", "b"]
logging {
  level = "info"
}
service "api" {
  meta = { tier = "backend" }
}
service "worker" {
  meta = {}
}
env "prod" {
  value = "p"
}
labels {
  team = "core"
}
extra = 1
"#;

#[test]
fn decodes_the_issue_example() {
    let cfg: Config = hcldecode::from_str(SRC, "app.hcl").unwrap();
    assert_eq!(cfg.name, "web");
    assert_eq!(cfg.port, None);
    assert_eq!(cfg.workers, 4);
    assert_eq!(cfg.tags, ["a", "b"]);
    assert_eq!(cfg.logging.unwrap().level, "info");
    assert_eq!(cfg.services.len(), 2);
    assert_eq!(cfg.services[0].name, "api");
    assert_eq!(cfg.services[0].meta["tier"], "backend");
    assert_eq!(cfg.env["prod"].value, "p");
    assert_eq!(cfg.labels["team"], "core");
    let mut d = hcldecode::Diagnostics::new();
    let attrs = cfg.rest.just_attributes(&mut d);
    assert_eq!(attrs.len(), 1);
    assert_eq!(attrs[0].name, "extra");
    println!("{}", Config::spec().to_spec_file());
}

#[test]
fn reports_range_errors_at_the_value() {
    let err = hcldecode::from_str::<Config>(
        "name = \"x\"\nport = 70000\ntags = []\nlabels {}\nservice \"a\" {\n meta = {}\n}\n",
        "app.hcl",
    )
    .unwrap_err();
    println!("{err}");
    assert_eq!(err.diagnostics().len(), 1);
    assert_eq!(
        err.diagnostics()[0].subject.as_ref().unwrap().to_string(),
        "app.hcl:2,8-13"
    );
}
