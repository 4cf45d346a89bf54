// Ported from go-cty v1.12.1 cty/function/stdlib/json_test.go (MIT licence):
// each row is the Go table entry of that index: arguments, then the
// result (`Err(())`: the call fails).

use super::*;

/// go-cty `TestJSONEncode` (json_test.go): 10 cases.
#[test]
fn cty_j_s_o_n_encode() {
    run(
        "jsonencode",
        vec![
            (0, vec![Value::int(15)], Ok(Value::string(r##"15"##))),
            (
                1,
                vec![Value::string("hello")],
                Ok(Value::string(r##""hello""##)),
            ),
            (2, vec![Value::bool(true)], Ok(Value::string(r##"true"##))),
            (
                3,
                vec![Value::list_empty(Type::Number)],
                Ok(Value::string(r##"[]"##)),
            ),
            (
                4,
                vec![lv(vec![Value::bool(true), Value::bool(false)])],
                Ok(Value::string(r##"[true,false]"##)),
            ),
            (
                5,
                vec![ov(vec![
                    ("true", Value::bool(true)),
                    ("false", Value::bool(false)),
                ])],
                Ok(Value::string(r##"{"false":false,"true":true}"##)),
            ),
            (
                6,
                vec![Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::String)),
            ),
            (
                7,
                vec![ov(vec![
                    ("dunno", Value::unknown(Type::Bool)),
                    ("false", Value::bool(false)),
                ])],
                Ok(Value::unknown(Type::String)),
            ),
            (8, vec![Value::dynamic()], Ok(Value::unknown(Type::String))),
            (
                9,
                vec![Value::null(Type::String)],
                Ok(Value::string("null")),
            ),
        ],
    );
}
/// go-cty `TestJSONDecode` (json_test.go): 8 cases.
#[test]
fn cty_j_s_o_n_decode() {
    run(
        "jsondecode",
        vec![
            (0, vec![Value::string(r##"15"##)], Ok(Value::int(15))),
            (
                1,
                vec![Value::string(r##""hello""##)],
                Ok(Value::string("hello")),
            ),
            (2, vec![Value::string(r##"true"##)], Ok(Value::bool(true))),
            (3, vec![Value::string(r##"[]"##)], Ok(Value::empty_tuple())),
            (
                4,
                vec![Value::string(r##"[true,false]"##)],
                Ok(Value::tuple(vec![Value::bool(true), Value::bool(false)])),
            ),
            (
                5,
                vec![Value::string(r##"{"false":false,"true":true}"##)],
                Ok(ov(vec![
                    ("true", Value::bool(true)),
                    ("false", Value::bool(false)),
                ])),
            ),
            (6, vec![Value::unknown(Type::String)], Ok(Value::dynamic())),
            (7, vec![Value::dynamic()], Ok(Value::dynamic())),
            // case 8 not ported: method call Mark
        ],
    );
}
