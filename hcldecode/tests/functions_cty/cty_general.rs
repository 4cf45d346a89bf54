// Ported from go-cty v1.12.1 cty/function/stdlib/general_test.go (MIT licence):
// each row is the Go table entry of that index: arguments, then the
// result (`Err(())`: the call fails).

use super::*;

/// go-cty `TestEqual` (general_test.go): 8 cases.
#[test]
fn cty_equal() {
    run(
        "equal",
        vec![
            (
                0,
                vec![Value::int(1), Value::int(2)],
                Ok(Value::bool(false)),
            ),
            (1, vec![Value::int(2), Value::int(2)], Ok(Value::bool(true))),
            (
                2,
                vec![Value::null(Type::Number), Value::null(Type::Number)],
                Ok(Value::bool(true)),
            ),
            (
                3,
                vec![Value::int(2), Value::null(Type::Number)],
                Ok(Value::bool(false)),
            ),
            (
                4,
                vec![Value::int(1), Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                5,
                vec![Value::unknown(Type::Number), Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                6,
                vec![Value::int(1), Value::dynamic()],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                7,
                vec![Value::dynamic(), Value::dynamic()],
                Ok(Value::unknown(Type::Bool)),
            ),
        ],
    );
}
/// go-cty `TestCoalesce` (general_test.go): 9 cases.
#[test]
fn cty_coalesce() {
    run(
        "coalesce",
        vec![
            (0, vec![Value::bool(true)], Ok(Value::bool(true))),
            (
                1,
                vec![Value::null(Type::Bool), Value::bool(true)],
                Ok(Value::bool(true)),
            ),
            (
                2,
                vec![Value::null(Type::Bool), Value::bool(false)],
                Ok(Value::bool(false)),
            ),
            (
                3,
                vec![
                    Value::null(Type::Bool),
                    Value::bool(false),
                    Value::string("hello"),
                ],
                Ok(Value::string("false")),
            ),
            (
                4,
                vec![Value::bool(true), Value::unknown(Type::Bool)],
                Ok(Value::bool(true)),
            ),
            (
                5,
                vec![Value::unknown(Type::Bool), Value::bool(true)],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                6,
                vec![Value::unknown(Type::Bool), Value::string("hello")],
                Ok(Value::unknown(Type::String)),
            ),
            (
                7,
                vec![Value::dynamic(), Value::bool(true)],
                Ok(Value::unknown(Type::Bool)),
            ),
            (8, vec![Value::dynamic()], Ok(Value::dynamic())),
        ],
    );
}
