// Ported from go-cty v1.12.1 cty/function/stdlib/csv_test.go (MIT licence):
// each row is the Go table entry of that index: arguments, then the
// result (`Err(())`: the call fails).

use super::*;

/// go-cty `TestCSVDecode` (csv_test.go): 8 cases.
#[test]
fn cty_c_s_v_decode() {
    run(
        "csvdecode",
        vec![
            // case 0 not ported: id csvTest
            (
                1,
                vec![Value::string(r##""just","header","line""##)],
                Ok(Value::list_empty(Type::object(vec![
                    ("just", Type::String),
                    ("header", Type::String),
                    ("line", Type::String),
                ]))),
            ),
            (2, vec![Value::string(r##""##)], Err(())),
            (
                3,
                vec![Value::string(r##"not csv at all"##)],
                Ok(Value::list_empty(Type::object(vec![(
                    "not csv at all",
                    Type::String,
                )]))),
            ),
            (4, vec![Value::string(r##"invalid"thing""##)], Err(())),
            (5, vec![Value::unknown(Type::String)], Ok(Value::dynamic())),
            (6, vec![Value::dynamic()], Ok(Value::dynamic())),
            (7, vec![Value::bool(true)], Err(())),
            (8, vec![Value::null(Type::String)], Err(())),
        ],
    );
}
