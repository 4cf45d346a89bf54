//! Shared by the ported go-cty and go-cty-funcs test tables
//! (`functions_cty.rs`, `functions_cty_funcs.rs`): value shorthands and the
//! row runner.
#![allow(dead_code)]

use hcldecode::function::Function;
use hcldecode::value::{Number, Value};

pub fn nf(f: f64) -> Value {
    Value::number(Number::from_f64(f).expect("not NaN"))
}

pub fn np(s: &str) -> Value {
    Value::number(Number::parse(s).expect("a number"))
}

pub fn inf(negative: bool) -> Value {
    Value::number(Number::infinity(negative))
}

pub fn lv(vals: Vec<Value>) -> Value {
    let ty = vals[0].ty().clone();
    Value::list(ty, vals)
}

pub fn sv(vals: Vec<Value>) -> Value {
    let ty = vals[0].ty().clone();
    Value::set(ty, vals)
}

pub fn mv(entries: Vec<(&str, Value)>) -> Value {
    let ty = entries[0].1.ty().clone();
    Value::map(ty, entries.into_iter().map(|(k, v)| (k.to_string(), v)))
}

pub fn ov(entries: Vec<(&str, Value)>) -> Value {
    Value::object(entries.into_iter().map(|(k, v)| (k.to_string(), v)))
}

/// Runs a table of function `f` called `name`: (Go row index, arguments,
/// expected result). Results compare with `raw_equals`.
pub fn run_rows(name: &str, f: &Function, rows: Vec<(usize, Vec<Value>, Result<Value, ()>)>) {
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
}
