//! Typed decoding: any input decoded into a derived struct with labels,
//! block lists, maps, enums, integers and nested blocks.
#![no_main]
use std::collections::BTreeMap;

use hcldecode::HclDecode;
use libfuzzer_sys::fuzz_target;

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Config {
    name: Option<String>,
    port: Option<u16>,
    #[hcl(default)]
    replicas: u32,
    tags: Option<Vec<String>>,
    #[hcl(block)]
    services: Vec<Service>,
    #[hcl(block)]
    env: BTreeMap<String, Env>,
    #[hcl(block_attrs)]
    labels: Option<BTreeMap<String, String>>,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Service {
    #[hcl(label)]
    name: String,
    mode: Option<Mode>,
    weights: Option<Vec<i8>>,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Env {
    value: Option<f64>,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
enum Mode {
    Active,
    Standby,
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(e) = hcldecode::from_str::<Config>(text, "fuzz.hcl") {
        let _ = e.to_string();
    }
});
