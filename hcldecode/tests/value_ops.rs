//! Set ordering, equality and element access against go-cty 1.12.1 vectors
//! (tests/data/value_sets.txt, value_equals.txt, value_ops.txt).

mod value_support;

use hcldecode::Type;
use hcldecode::value::Value;
use value_support::*;

#[test]
fn sets_dedup_and_order_like_cty() {
    let text = include_str!("data/value_sets.txt");
    check_each(vectors(text), |line, f, failures| {
        let ety = parse_type(f[1]);
        let elems: Vec<Value> = f[2].split(';').map(parse_value).collect();
        let got = fmt_value(&Value::set(ety, elems));
        if got != f[3] {
            failures.push(format!("line {line}: want {}\n  got  {got}", f[3]));
        }
    });
}

fn tri(v: &Value) -> &'static str {
    match v.as_bool() {
        Some(true) => "true",
        Some(false) => "false",
        None => {
            assert!(!v.is_known() && v.ty() == &Type::Bool);
            "unknown"
        }
    }
}

#[test]
fn equals_and_raw_equals_like_cty() {
    let text = include_str!("data/value_equals.txt");
    check_each(vectors(text), |line, f, failures| {
        let a = parse_value(f[1]);
        let b = parse_value(f[2]);
        let eq = tri(&a.equals(&b));
        let raw = a.raw_equals(&b).to_string();
        // NONDET: cty's answer depends on Go's map iteration order.
        if f[3] == "NONDET" {
            return;
        }
        if eq != f[3] || raw != f[4] {
            failures.push(format!(
                "line {line}: {} == {}: want {} {}, got {eq} {raw}",
                f[1], f[2], f[3], f[4]
            ));
        }
    });
}

#[test]
fn length_index_has_index_get_attr_like_cty() {
    let text = include_str!("data/value_ops.txt");
    check_each(vectors(text), |line, f, failures| {
        let c = parse_value(f[1]);
        let mut check_one = |what: &str, want: &str, got: Option<Value>| {
            // Where cty panics the port gives None (or, for has_index, any
            // answer).
            if want == "panic" {
                if what != "has_index" && got.is_some() {
                    failures.push(format!("line {line}: {what}: want panic/None, got {got:?}"));
                }
                return;
            }
            let got = got.map(|v| fmt_value(&v)).unwrap_or_else(|| "None".into());
            if got != want {
                failures.push(format!(
                    "line {line}: {what} {}: want {want}, got {got}",
                    f[2]
                ));
            }
        };
        match f[0] {
            "length" => check_one("length", f[2], c.length()),
            "index" => {
                let k = parse_value(f[2]);
                check_one("has_index", f[3], Some(c.has_index(&k)));
                check_one("index", f[4], c.index(&k));
            }
            "getattr" => check_one("get_attr", f[3], c.get_attr(f[2])),
            other => panic!("unknown vector kind {other}"),
        }
    });
}
