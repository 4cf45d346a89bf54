//! Rough performance checks (run with `--release -- --ignored`): building,
//! converting and marshalling large values must be linear.

use std::sync::Arc;
use std::time::Instant;

use hcldecode::value::convert::convert;
use hcldecode::value::{Value, json};
use hcldecode::{ObjectType, Type};

#[test]
#[ignore = "performance check; run in release"]
fn large_values_are_linear() {
    let oty = Arc::new(ObjectType::new([
        ("name", Type::String),
        ("port", Type::Number),
        ("tags", Type::list(Type::String)),
        ("enabled", Type::Bool),
    ]));
    for n in [100_000usize, 400_000] {
        let t = Instant::now();
        let objs: Vec<Value> = (0..n)
            .map(|i| {
                Value::object_with_type(
                    oty.clone(),
                    vec![
                        Value::bool(i % 2 == 0),
                        Value::string(format!("server-{i}")),
                        Value::int(i as i64),
                        Value::list(
                            Type::String,
                            vec![Value::string("a"), Value::string("b<c>")],
                        ),
                    ],
                )
            })
            .collect();
        let list = Value::list(Type::Object(oty.clone()), objs);
        let build = t.elapsed();
        let t = Instant::now();
        let s = json::marshal(&list, list.ty()).unwrap();
        let marshal = t.elapsed();
        let t = Instant::now();
        let want = Type::list(Type::object([
            ("name", Type::String),
            ("port", Type::String),
            ("tags", Type::set(Type::String)),
            ("enabled", Type::String),
        ]));
        let c = convert(&list, &want).unwrap();
        let conv = t.elapsed();
        let t = Instant::now();
        let ty = json::implied_type(&s).unwrap();
        let implied = t.elapsed();
        let t = Instant::now();
        let back = json::unmarshal(&s, &Type::list(Type::Object(oty.clone()))).unwrap();
        let unmarshal = t.elapsed();
        let t = Instant::now();
        let strs: Vec<Value> = (0..n)
            .map(|i| Value::string(format!("k{}", (i * 7919) % n)))
            .collect();
        let set = Value::set(Type::String, strs);
        let set_t = t.elapsed();
        eprintln!(
            "n={n}: json {} MB; build {build:?}, marshal {marshal:?}, convert {conv:?}, implied {implied:?}, unmarshal {unmarshal:?}, set {set_t:?}",
            s.len() / 1_000_000
        );
        assert!(back.raw_equals(&list));
        assert_eq!(set.length_int(), Some(n));
        drop((c, ty));
    }
}
