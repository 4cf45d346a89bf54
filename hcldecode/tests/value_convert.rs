//! Conversion, unification and mismatch messages against vectors produced
//! with go-cty 1.12.1 (tests/data/value_convert.txt,
//! value_conversion_types.txt, value_unify.txt).

mod value_support;

use hcldecode::Type;
use hcldecode::value::Value;
use hcldecode::value::convert::{
    convert, get_conversion, get_conversion_unsafe, mismatch_message, unify, unify_unsafe,
};
use value_support::*;

/// The sample value of a type the Go generator applies unification
/// conversions to.
fn sample(t: &Type) -> Value {
    match t {
        Type::String => Value::string("7"),
        Type::Number => Value::int(7),
        Type::Bool => Value::bool(true),
        Type::Dynamic => Value::null(Type::Dynamic),
        Type::List(e) => Value::list((**e).clone(), vec![sample(e)]),
        Type::Set(e) => Value::set((**e).clone(), vec![sample(e)]),
        Type::Map(e) => Value::map((**e).clone(), [("k", sample(e))]),
        Type::Tuple(ts) => Value::tuple(ts.iter().map(sample).collect()),
        Type::Object(o) => Value::object(o.attrs().iter().map(|(n, t)| (n.clone(), sample(t)))),
    }
}

#[test]
fn convert_matches_cty() {
    let text = include_str!("data/value_convert.txt");
    check_each(vectors(text), |line, f, failures| {
        let v = parse_value(f[1]);
        let t = parse_type(f[2]);
        let got = match convert(&v, &t) {
            Ok(r) => format!("ok\t{}\t{}", fmt_value(&r), fmt_type(r.ty())),
            Err(e) => format!("err\t{}", json_quote(&e.to_string())),
        };
        let want = f[3..].join("\t");
        // NONDET: Go's result depends on map iteration order; panic: Go
        // panics (any result is fine here, as long as there is no panic).
        if want == "NONDET" || want == "panic" {
            return;
        }
        if got != want {
            failures.push(format!(
                "line {line}: {} -> {}\n  want {want}\n  got  {got}",
                f[1], f[2]
            ));
        }
    });
}

#[test]
fn conversion_availability_and_mismatch_messages_match_cty() {
    let text = include_str!("data/value_conversion_types.txt");
    check_each(vectors(text), |line, f, failures| {
        let a = parse_type(f[1]);
        let b = parse_type(f[2]);
        let safe = get_conversion(&a, &b).is_some();
        let unsafe_ = get_conversion_unsafe(&a, &b).is_some();
        let msg = if f[5] == "NONDET" {
            "NONDET".to_string()
        } else {
            parse_json_string(f[5])
        };
        let got_msg = mismatch_message(&a, &b);
        if safe.to_string() != f[3]
            || unsafe_.to_string() != f[4]
            || (msg != "NONDET" && msg != got_msg)
        {
            failures.push(format!(
                "line {line}: {} -> {}: want {} {} {msg:?}, got {safe} {unsafe_} {got_msg:?}",
                f[1], f[2], f[3], f[4]
            ));
        }
    });
}

#[test]
fn unify_matches_cty() {
    let text = include_str!("data/value_unify.txt");
    check_each(vectors(text), |line, f, failures| {
        let types: Vec<_> = f[2].split(';').map(parse_type).collect();
        let r = if f[1] == "true" {
            unify_unsafe(&types)
        } else {
            unify(&types)
        };
        let got = match r {
            None => "NONE".to_string(),
            Some((t, convs)) => {
                let applied: Vec<String> = convs
                    .iter()
                    .zip(&types)
                    .filter_map(|(c, ty)| {
                        let out = c.as_ref()?.apply(&sample(ty));
                        Some(match out {
                            Ok(v) => fmt_value(&v),
                            Err(e) => format!("err:{}", json_quote(&e.to_string())),
                        })
                    })
                    .collect();
                let signs: String = convs
                    .iter()
                    .map(|c| if c.is_some() { "+" } else { "-" })
                    .collect();
                format!("{}\t{signs}\t{}", fmt_type(&t), applied.join(" ; "))
            }
        };
        let want = f[3..].join("\t");
        if got != want {
            failures.push(format!(
                "line {line}: unify({}) unsafe={}: want {want}, got {got}",
                f[2], f[1]
            ));
        }
    });
}
