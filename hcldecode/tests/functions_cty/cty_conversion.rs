// Ported from go-cty v1.12.1 cty/function/stdlib/conversion_test.go (MIT licence):
// `TestTo` builds its function per row with `MakeToFunc(TargetTy)`.

use super::*;

/// go-cty `TestTo` (conversion_test.go): 15 cases.
#[test]
fn cty_to() {
    let rows: Vec<(usize, Value, Type, Result<Value, ()>)> = vec![
        (0, Value::string("a"), Type::String, Ok(Value::string("a"))),
        (
            1,
            Value::unknown(Type::String),
            Type::String,
            Ok(Value::unknown(Type::String)),
        ),
        (
            2,
            Value::null(Type::String),
            Type::String,
            Ok(Value::null(Type::String)),
        ),
        (
            3,
            Value::bool(true),
            Type::String,
            Ok(Value::string("true")),
        ),
        (4, Value::string("a"), Type::Bool, Err(())),
        (5, Value::string("a"), Type::Number, Err(())),
        (
            6,
            Value::null(Type::String),
            Type::Number,
            Ok(Value::null(Type::Number)),
        ),
        (
            7,
            Value::unknown(Type::Bool),
            Type::String,
            Ok(Value::unknown(Type::String)),
        ),
        (
            8,
            Value::unknown(Type::String),
            Type::Bool,
            Ok(Value::unknown(Type::Bool)),
        ),
        (
            9,
            Value::tuple(vec![Value::string("hello"), Value::bool(true)]),
            Type::list(Type::String),
            Ok(lv(vec![Value::string("hello"), Value::string("true")])),
        ),
        (
            10,
            Value::tuple(vec![Value::string("hello"), Value::bool(true)]),
            Type::set(Type::String),
            Ok(sv(vec![Value::string("hello"), Value::string("true")])),
        ),
        (
            11,
            ov(vec![
                ("foo", Value::string("hello")),
                ("bar", Value::bool(true)),
            ]),
            Type::map(Type::String),
            Ok(mv(vec![
                ("foo", Value::string("hello")),
                ("bar", Value::string("true")),
            ])),
        ),
        (12, Value::empty_tuple(), Type::String, Err(())),
        (
            13,
            Value::unknown(Type::empty_tuple()),
            Type::String,
            Err(()),
        ),
        (
            14,
            Value::empty_object(),
            Type::object(vec![("foo", Type::String)]),
            Err(()),
        ),
    ];
    let mut failures = Vec::new();
    for (i, v, ty, want) in rows {
        let got = stdlib::make_to_func(ty).call(std::slice::from_ref(&v));
        match (&got, &want) {
            (Ok(g), Ok(w)) if g.raw_equals(w) => {}
            (Err(_), Err(())) => {}
            _ => failures.push(format!("row {i}: {v:?}\n  got  {got:?}\n  want {want:?}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
