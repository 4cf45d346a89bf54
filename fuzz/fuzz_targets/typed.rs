//! Typed decoding: any input decoded into a derived struct with labels,
//! block lists, maps, enums, integers, nested blocks and attributes of
//! collections and objects. Beyond not panicking, typed decoding (which
//! reads what it can straight from the syntax) must give what the engine's
//! value and `from_hcl` give: the same value, or an error on both paths.
#![no_main]
use std::collections::{BTreeMap, HashMap};

use hcldecode::decode::{DecodeOptions, decode_with};
use hcldecode::typed::At;
use hcldecode::{HclDecode, Value};
use libfuzzer_sys::fuzz_target;

#[derive(HclDecode, Debug, PartialEq)]
struct Config {
    name: Option<String>,
    port: Option<u16>,
    #[hcl(default)]
    replicas: u32,
    tags: Option<Vec<String>>,
    meta: Option<HashMap<String, String>>,
    ratios: Option<Vec<f64>>,
    groups: Option<BTreeMap<String, Vec<i64>>>,
    mounts: Option<Vec<Mount>>,
    any: Option<Value>,
    #[hcl(block)]
    services: Vec<Service>,
    #[hcl(block)]
    env: BTreeMap<String, Env>,
    #[hcl(block_attrs)]
    labels: Option<BTreeMap<String, String>>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Mount {
    target: String,
    readonly: bool,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Service {
    #[hcl(label)]
    name: String,
    mode: Option<Mode>,
    weights: Option<Vec<i8>>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Env {
    value: Option<f64>,
}

#[derive(HclDecode, Debug, PartialEq)]
enum Mode {
    Active,
    Standby,
}

/// The engine's value of the body, then `from_hcl`: `None` on any error.
fn usual(text: &str) -> Option<Config> {
    let (file, diags) = hcldecode::parse::parse_native(text.as_bytes(), "fuzz.hcl");
    if diags.has_errors() {
        return None;
    }
    let opts = DecodeOptions::new()
        .element_errors(true)
        .keep_block_types(true);
    let (v, diags) = decode_with(&file.body, &Config::spec(), None, None, opts);
    if diags.has_errors() {
        return None;
    }
    Config::from_hcl(&v, At::none()).ok()
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let typed = match hcldecode::from_str::<Config>(text, "fuzz.hcl") {
        Ok(c) => Some(c),
        Err(e) => {
            let _ = e.to_string();
            None
        }
    };
    // NaN is not equal to itself: compare what holds none.
    let has_nan = |c: &Config| {
        c.ratios.iter().flatten().any(|r| r.is_nan())
            || c.env.values().any(|e| e.value.is_some_and(f64::is_nan))
    };
    if typed.as_ref().is_some_and(has_nan) {
        return;
    }
    assert_eq!(typed, usual(text), "{text:?}");
});
