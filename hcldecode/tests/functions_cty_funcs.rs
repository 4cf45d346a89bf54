//! hashicorp/go-cty-funcs' test tables for the `encoding`, `crypto`,
//! `uuid`, `cidr` and (path) `filesystem` sets, ported row by row as in
//! `functions_cty.rs`. Hashes and encodings are also checked against
//! independent implementations in `functions_sets.rs`.
#![cfg(all(
    feature = "encoding",
    feature = "crypto",
    feature = "uuid",
    feature = "cidr",
    feature = "filesystem"
))]
#![allow(dead_code)]

use hcldecode::Type;
use hcldecode::function::Functions;
use hcldecode::value::{Number, Value};

fn nf(f: f64) -> Value {
    Value::number(Number::from_f64(f).expect("not NaN"))
}

fn lv(vals: Vec<Value>) -> Value {
    let ty = vals[0].ty().clone();
    Value::list(ty, vals)
}

fn sv(vals: Vec<Value>) -> Value {
    let ty = vals[0].ty().clone();
    Value::set(ty, vals)
}

/// Runs a table: (Go row index, arguments, expected result).
fn run(name: &str, rows: Vec<(usize, Vec<Value>, Result<Value, ()>)>) {
    let lib = Functions::parse("encoding,crypto,uuid,cidr")
        .unwrap()
        .with(Functions::filesystem("."));
    let f = lib
        .get(name)
        .unwrap_or_else(|| panic!("no function {name}"))
        .clone();
    let mut failures = Vec::new();
    for (i, args, want) in rows {
        let got = f.call(&args);
        match (&got, &want) {
            (Ok(g), Ok(w)) if g.raw_equals(w) => {}
            (Err(_), Err(())) => {}
            _ => failures.push(format!(
                "row {i}: args {args:?}\n  got  {got:?}\n  want {want:?}"
            )),
        }
    }
    assert!(
        failures.is_empty(),
        "{name}: {} rows differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    let _ = Type::String;
}

#[path = "functions_cty_funcs/funcs_base64.rs"]
mod funcs_base64;
#[path = "functions_cty_funcs/funcs_filesystem.rs"]
mod funcs_filesystem;
#[path = "functions_cty_funcs/funcs_host.rs"]
mod funcs_host;
#[path = "functions_cty_funcs/funcs_md5.rs"]
mod funcs_md5;
#[path = "functions_cty_funcs/funcs_netmask.rs"]
mod funcs_netmask;
#[path = "functions_cty_funcs/funcs_rsa.rs"]
mod funcs_rsa;
#[path = "functions_cty_funcs/funcs_sha.rs"]
mod funcs_sha;
#[path = "functions_cty_funcs/funcs_subnet.rs"]
mod funcs_subnet;
#[path = "functions_cty_funcs/funcs_subnets.rs"]
mod funcs_subnets;
#[path = "functions_cty_funcs/funcs_url.rs"]
mod funcs_url;
#[path = "functions_cty_funcs/funcs_uuid_v5.rs"]
mod funcs_uuid_v5;
