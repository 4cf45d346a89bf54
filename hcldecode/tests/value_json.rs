//! JSON marshal, unmarshal and implied types against go-cty 1.12.1 vectors
//! (tests/data/value_json_marshal.txt, value_json_unmarshal.txt).

mod value_support;

use hcldecode::value::json::{implied_type, marshal, unmarshal};
use value_support::*;

fn run_marshal(exact: bool) {
    let text = include_str!("data/value_json_marshal.txt");
    check_each(
        vectors(text).filter(|(_, f)| needs_exact_number(&f.join("\t")) == exact),
        |line, f, failures| {
            let v = parse_value(f[1]);
            let t = parse_type(f[2]);
            let got = match marshal(&v, &t) {
                Ok(s) => format!("ok\t{s}"),
                Err(e) => format!("err\t{}", json_quote(&e.to_string())),
            };
            let want = f[3..].join("\t");
            if got != want {
                failures.push(format!(
                    "line {line}: {} as {}: want {want}, got {got}",
                    f[1], f[2]
                ));
            }
        },
    );
}

#[test]
fn marshal_like_cty() {
    run_marshal(false);
}

#[test]

fn marshal_like_cty_exact_numbers() {
    run_marshal(true);
}

fn run_unmarshal(exact: bool) {
    let text = include_str!("data/value_json_unmarshal.txt");
    check_each(
        vectors(text).filter(|(_, f)| needs_exact_number(&f.join("\t")) == exact),
        |line, f, failures| {
            let doc = parse_json_string(f[1]);
            match f[0] {
                "implied" => {
                    let got = match implied_type(&doc) {
                        Err(e) => format!("err\t{}", json_quote(&e.to_string())),
                        Ok(t) => {
                            let v = match unmarshal(&doc, &t) {
                                Ok(v) => format!("ok\t{}", fmt_value(&v)),
                                Err(e) => format!("err\t{}", json_quote(&e.to_string())),
                            };
                            format!("ok\t{}\t{v}", fmt_type(&t))
                        }
                    };
                    let want = f[2..].join("\t");
                    if got != want {
                        failures.push(format!("line {line}: {}: want {want}, got {got}", f[1]));
                    }
                }
                "unmarshal" => {
                    let t = parse_type(f[2]);
                    let got = match unmarshal(&doc, &t) {
                        Ok(v) => format!("ok\t{}", fmt_value(&v)),
                        Err(e) => format!("err\t{}", json_quote(&e.to_string())),
                    };
                    let want = f[3..].join("\t");
                    if want == "panic" {
                        return;
                    }
                    if got != want {
                        failures.push(format!(
                            "line {line}: {} as {}: want {want}, got {got}",
                            f[1], f[2]
                        ));
                    }
                }
                other => panic!("unknown vector kind {other}"),
            }
        },
    );
}

#[test]
fn implied_type_and_unmarshal_like_cty() {
    run_unmarshal(false);
}

#[test]

fn implied_type_and_unmarshal_like_cty_exact_numbers() {
    run_unmarshal(true);
}

#[test]
fn infinity_is_an_error_with_path() {
    use hcldecode::Type;
    use hcldecode::value::{Number, Value};
    let v = Value::object([(
        "a",
        Value::list(Type::Number, vec![Value::number(Number::infinity(false))]),
    )]);
    let e = marshal(&v, &Type::Dynamic).unwrap_err();
    assert_eq!(e.to_string(), "cannot serialize infinity as JSON");
    assert_eq!(e.path.to_string(), ".a[0]");
}

#[test]
fn deep_nesting_is_refused_without_overflow() {
    let doc = "[".repeat(5000) + &"]".repeat(5000);
    let e = implied_type(&doc).unwrap_err();
    assert_eq!(
        e.to_string(),
        "failed to read tuple value: invalid character '[' exceeded max depth"
    );
    for (open, close) in [("[", "]"), ("{\"a\":", "}")] {
        let ok = open.repeat(500) + "1" + &close.repeat(500);
        let t = implied_type(&ok).unwrap();
        assert!(unmarshal(&ok, &t).is_ok());
        let deep = open.repeat(502) + "1" + &close.repeat(502);
        assert!(implied_type(&deep).is_err());
    }
}
