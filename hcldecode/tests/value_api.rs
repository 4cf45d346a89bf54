//! API-level checks of `Value`: construction rules, accessors, Debug.

use std::sync::Arc;

use hcldecode::value::{Value, ValueRef};
use hcldecode::{ObjectType, Type};

#[test]
fn value_is_at_most_24_bytes_and_clones_share() {
    assert!(std::mem::size_of::<Value>() <= 24);
    let big = Value::list(
        Type::String,
        (0..1000).map(|i| Value::string(i.to_string())).collect(),
    );
    let c = big.clone();
    assert!(std::ptr::eq(big.elements().unwrap(), c.elements().unwrap()));
    assert!(std::ptr::eq(big.ty(), c.ty()));
}

#[test]
fn objects_with_a_shared_type() {
    let oty = Arc::new(ObjectType::new([("b", Type::Number), ("a", Type::String)]));
    let v = Value::object_with_type(oty.clone(), vec![Value::string("x"), Value::int(2)]);
    assert_eq!(v.get_attr("a"), Some(Value::string("x")));
    assert_eq!(v.get_attr("zz"), None);
    assert!(matches!(v.ty(), Type::Object(t) if Arc::ptr_eq(t, &oty)));
    let names: Vec<&str> = v.entries().unwrap().map(|(k, _)| &**k).collect();
    assert_eq!(names, ["a", "b"]);
    assert_eq!(
        v,
        Value::object([("b", Value::int(2)), ("a", Value::string("x"))])
    );
    // Repeated names: the last wins, names are NFC-normalised.
    let o = Value::object([("e\u{301}", Value::int(1)), ("\u{e9}", Value::int(2))]);
    assert_eq!(o.length_int(), Some(1));
    assert_eq!(o.get_attr("e\u{301}"), Some(Value::int(2)));
}

#[test]
fn maps_sort_keys_and_keep_the_last() {
    let m = Value::map(
        Type::Number,
        [
            ("b", Value::int(1)),
            ("a", Value::int(2)),
            ("b", Value::int(3)),
        ],
    );
    let keys: Vec<(&str, Value)> = m
        .entries()
        .unwrap()
        .map(|(k, v)| (&**k, v.clone()))
        .collect();
    assert_eq!(keys, [("a", Value::int(2)), ("b", Value::int(3))]);
    assert_eq!(
        m.index(&Value::string("zz")),
        Some(Value::null(Type::Number))
    );
    assert_eq!(m.index(&Value::int(1)), None);
}

#[test]
fn views_and_element_iteration() {
    let s = Value::set(Type::String, vec![Value::string("b"), Value::string("a")]);
    match s.view() {
        ValueRef::Set(es) => assert_eq!(es, [Value::string("a"), Value::string("b")]),
        other => panic!("{other:?}"),
    }
    let keys: Vec<Value> = s.element_iter().unwrap().map(|(k, _)| k).collect();
    assert_eq!(keys, [Value::string("a"), Value::string("b")]);
    let o = Value::object([("k", Value::bool(true))]);
    let pairs: Vec<(Value, Value)> = o
        .element_iter()
        .unwrap()
        .map(|(k, v)| (k, v.clone()))
        .collect();
    assert_eq!(pairs, [(Value::string("k"), Value::bool(true))]);
    assert!(Value::string("x").element_iter().is_none());
    assert!(
        Value::unknown(Type::list(Type::String))
            .element_iter()
            .is_none()
    );
}

#[test]
fn readable_debug() {
    let v = Value::object([
        ("a", Value::list(Type::String, vec![Value::string("x")])),
        ("b", Value::null(Type::Number)),
        ("c", Value::dynamic()),
        ("d", Value::tuple(vec![Value::bool(true), Value::int(3)])),
    ]);
    assert_eq!(
        format!("{v:?}"),
        r#"object{a = list(string)["x"], b = null(number), c = unknown(any), d = tuple[true, 3]}"#
    );
}

#[test]
fn wholly_known_is_tracked() {
    let inner = Value::list(Type::String, vec![Value::unknown(Type::String)]);
    let v = Value::object([("a", inner), ("b", Value::int(1))]);
    assert!(v.is_known() && !v.is_wholly_known());
    assert!(Value::null(Type::String).is_wholly_known());
    assert!(v.has_wholly_known_type());
    assert!(!Value::tuple(vec![Value::dynamic()]).has_wholly_known_type());
}
