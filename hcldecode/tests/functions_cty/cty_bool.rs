// Ported from go-cty v1.12.1 cty/function/stdlib/bool_test.go (MIT licence):
// each row is the Go table entry of that index: arguments, then the
// result (`Err(())`: the call fails).

use super::*;

/// go-cty `TestNot` (bool_test.go): 4 cases.
#[test]
fn cty_not() {
    run(
        "not",
        vec![
            (0, vec![Value::bool(true)], Ok(Value::bool(false))),
            (1, vec![Value::bool(false)], Ok(Value::bool(true))),
            (
                2,
                vec![Value::unknown(Type::Bool)],
                Ok(Value::unknown(Type::Bool)),
            ),
            (3, vec![Value::dynamic()], Ok(Value::unknown(Type::Bool))),
            // case 4 not ported: call cty.True.Mark
        ],
    );
}
/// go-cty `TestAnd` (bool_test.go): 8 cases.
#[test]
fn cty_and() {
    run(
        "and",
        vec![
            (
                0,
                vec![Value::bool(false), Value::bool(false)],
                Ok(Value::bool(false)),
            ),
            (
                1,
                vec![Value::bool(false), Value::bool(true)],
                Ok(Value::bool(false)),
            ),
            (
                2,
                vec![Value::bool(true), Value::bool(false)],
                Ok(Value::bool(false)),
            ),
            (
                3,
                vec![Value::bool(true), Value::bool(true)],
                Ok(Value::bool(true)),
            ),
            (
                4,
                vec![Value::bool(true), Value::unknown(Type::Bool)],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                5,
                vec![Value::unknown(Type::Bool), Value::unknown(Type::Bool)],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                6,
                vec![Value::bool(true), Value::dynamic()],
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
/// go-cty `TestOr` (bool_test.go): 8 cases.
#[test]
fn cty_or() {
    run(
        "or",
        vec![
            (
                0,
                vec![Value::bool(false), Value::bool(false)],
                Ok(Value::bool(false)),
            ),
            (
                1,
                vec![Value::bool(false), Value::bool(true)],
                Ok(Value::bool(true)),
            ),
            (
                2,
                vec![Value::bool(true), Value::bool(false)],
                Ok(Value::bool(true)),
            ),
            (
                3,
                vec![Value::bool(true), Value::bool(true)],
                Ok(Value::bool(true)),
            ),
            (
                4,
                vec![Value::bool(true), Value::unknown(Type::Bool)],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                5,
                vec![Value::unknown(Type::Bool), Value::unknown(Type::Bool)],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                6,
                vec![Value::bool(true), Value::dynamic()],
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
