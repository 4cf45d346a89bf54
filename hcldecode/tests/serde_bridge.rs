//! The serde bridge (feature `serde`): `Serialize`/`Deserialize` for
//! values and numbers, the ranged deserializer, `#[hcl(serde)]` fields.
#![cfg(all(feature = "serde", feature = "derive"))]

use std::collections::BTreeMap;

use hcldecode::serde::{Serde, from_value};
use hcldecode::{HclDecode, Number, Type, Value};
use serde::Deserialize;

fn subject(e: &hcldecode::Error, i: usize) -> String {
    e.diagnostics()[i].subject.as_ref().unwrap().to_string()
}

#[test]
fn values_serialize_as_hcldec_prints_them() {
    let v = Value::object([
        ("s", Value::string("x")),
        ("n", Value::null(Type::String)),
        (
            "l",
            Value::list(Type::Number, vec![Value::int(1), Value::from(0.5)]),
        ),
        ("m", Value::map(Type::Bool, [("k", Value::bool(true))])),
        (
            "set",
            Value::set(Type::String, vec![Value::string("b"), Value::string("a")]),
        ),
    ]);
    assert_eq!(
        serde_json::to_string(&v).unwrap(),
        r#"{"l":[1,0.5],"m":{"k":true},"n":null,"s":"x","set":["a","b"]}"#
    );
    assert!(serde_json::to_string(&Value::unknown(Type::String)).is_err());
}

#[test]
fn numbers_are_exact_where_the_format_can_carry_them() {
    let n = |s: &str| Value::number(Number::parse(s).unwrap());
    // Integers as integers, exactly.
    assert_eq!(
        serde_json::to_string(&n("9007199254740993")).unwrap(),
        "9007199254740993"
    );
    assert_eq!(
        serde_json::to_string(&n("18446744073709551615")).unwrap(),
        "18446744073709551615"
    );
    assert_eq!(serde_json::to_string(&n("-5")).unwrap(), "-5");
    // An f64 that is exact.
    assert_eq!(serde_json::to_string(&n("0.5")).unwrap(), "0.5");
    // Not an f64: exact with arbitrary precision (the tests crate's
    // serde_json has it on), the decimal form hcldec prints.
    let text = serde_json::to_string(&n("0.1")).unwrap();
    if cfg!(feature = "serde-arbitrary-precision") {
        assert_eq!(text, "0.1");
        let big = "123456789012345678901234567890.5";
        assert_eq!(serde_json::to_string(&n(big)).unwrap(), big);
        // And back, exactly.
        let back: Value = serde_json::from_str(big).unwrap();
        assert_eq!(back, n(big));
    } else {
        assert_eq!(text, "0.1");
    }
    let back: Number = serde_json::from_str("9007199254740993").unwrap();
    assert_eq!(back.to_string(), "9007199254740993");
}

#[test]
fn values_deserialize_as_hcl_literals() {
    let v: Value = serde_json::from_str(r#"{"a": [1, "x", null], "b": {"c": true}}"#).unwrap();
    assert_eq!(
        v,
        Value::object([
            (
                "a",
                Value::tuple(vec![
                    Value::int(1),
                    Value::string("x"),
                    Value::null(Type::Dynamic)
                ])
            ),
            ("b", Value::object([("c", Value::bool(true))])),
        ])
    );
    // Round trip through JSON text.
    let json = serde_json::to_string(&v).unwrap();
    let again: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(again, v);
}

#[derive(Deserialize, Debug, PartialEq)]
struct Limits {
    cpu: u32,
    memory: String,
    #[serde(default)]
    burst: Option<bool>,
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(rename_all = "snake_case")]
enum Policy {
    Always,
    Never,
    Backoff { seconds: u32 },
}

fn even<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let n = u32::deserialize(d)?;
    if n % 2 == 1 {
        return Err(serde::de::Error::custom(format!("{n} is odd")));
    }
    Ok(n)
}

#[derive(Deserialize, Debug, PartialEq)]
struct Pair {
    #[serde(deserialize_with = "even")]
    size: u32,
}

#[derive(HclDecode, Debug)]
struct Service {
    name: String,
    #[hcl(serde)]
    limits: Limits,
    #[hcl(serde)]
    policy: Option<Policy>,
    #[hcl(serde, default)]
    pairs: Vec<Pair>,
}

#[test]
fn serde_fields_decode_through_the_ranged_deserializer() {
    let s: Service = hcldecode::from_str(
        r#"
name   = "api"
limits = { cpu = "2", memory = 512 }
policy = { backoff = { seconds = 5 } }
"#,
        "svc.hcl",
    )
    .unwrap();
    assert_eq!(s.name, "api");
    assert_eq!(
        s.limits,
        Limits {
            cpu: 2,
            memory: "512".into(),
            burst: None
        }
    );
    assert_eq!(s.policy, Some(Policy::Backoff { seconds: 5 }));
    assert!(s.pairs.is_empty());

    let s: Service = hcldecode::from_str(
        "name = \"a\"\nlimits = { cpu = 1, memory = \"1G\" }\npolicy = \"never\"\npairs = [{ size = 2 }]\n",
        "svc.hcl",
    )
    .unwrap();
    assert_eq!(s.policy, Some(Policy::Never));
    assert_eq!(s.pairs, [Pair { size: 2 }]);
    let _ = Policy::Always;
}

#[test]
fn serde_errors_point_at_the_value() {
    // A type error of a nested field.
    let e = hcldecode::from_str::<Service>(
        "name = \"a\"\nlimits = { cpu = \"lots\", memory = \"1G\" }\n",
        "svc.hcl",
    )
    .unwrap_err();
    assert_eq!(e.diagnostics().len(), 1, "{e}");
    assert_eq!(subject(&e, 0), "svc.hcl:2,18-24");
    assert_eq!(e.diagnostics()[0].summary, "Invalid value");
    // The attribute is the context.
    assert_eq!(
        e.diagnostics()[0].context.as_ref().unwrap().to_string(),
        "svc.hcl:2,1-41"
    );
    // A missing field: at the object.
    let e = hcldecode::from_str::<Service>("name = \"a\"\nlimits = { cpu = 1 }\n", "svc.hcl")
        .unwrap_err();
    assert_eq!(subject(&e, 0), "svc.hcl:2,10-21");
    assert!(
        e.diagnostics()[0].detail.contains("Missing field `memory`"),
        "{e}"
    );
    // An unknown variant: at the string.
    let e = hcldecode::from_str::<Service>(
        "name = \"a\"\nlimits = { cpu = 1, memory = \"m\" }\npolicy = \"sometimes\"\n",
        "svc.hcl",
    )
    .unwrap_err();
    assert_eq!(subject(&e, 0), "svc.hcl:3,10-21");
    // The type's own custom error, in a list element.
    let e = hcldecode::from_str::<Service>(
        "name = \"a\"\nlimits = { cpu = 1, memory = \"m\" }\npairs = [{ size = 2 }, { size = 3 }]\n",
        "svc.hcl",
    )
    .unwrap_err();
    assert_eq!(subject(&e, 0), "svc.hcl:3,33-34");
    assert_eq!(e.diagnostics()[0].detail, "3 is odd.");
    // The required serde attribute is missing: the engine says so.
    let e = hcldecode::from_str::<Service>("name = \"a\"\n", "svc.hcl").unwrap_err();
    assert_eq!(e.diagnostics()[0].summary, "Missing required argument");
}

#[test]
fn serde_wrapper_and_from_value() {
    let v: Serde<BTreeMap<String, u8>> =
        hcldecode::from_str("value = { a = 1, b = \"2\" }\n", "m.hcl").unwrap();
    assert_eq!(v.0["b"], 2);
    let xs: Vec<String> = from_value(&Value::from(vec![1, 2])).unwrap();
    assert_eq!(xs, ["1", "2"]);
    let e = from_value::<u8>(&Value::unknown(Type::Number)).unwrap_err();
    assert_eq!(e.diagnostics()[0].summary, "Unknown value");
}
