// Ported from hashicorp/go-cty-funcs uuid_v5_test.go (MPL-2.0):
// each row is the Go table entry of that index: arguments, then the
// result (`Err(())`: the call fails).

use super::*;

/// go-cty-funcs `TestV5` (uuid_v5_test.go): 6 cases.
#[test]
fn cty_v5() {
    run(
        "uuidv5",
        vec![
            (
                0,
                vec![Value::string("dns"), Value::string("tada")],
                Ok(Value::string("faa898db-9b9d-5b75-86a9-149e7bb8e3b8")),
            ),
            (
                1,
                vec![Value::string("url"), Value::string("tada")],
                Ok(Value::string("2c1ff6b4-211f-577e-94de-d978b0caa16e")),
            ),
            (
                2,
                vec![Value::string("oid"), Value::string("tada")],
                Ok(Value::string("61eeea26-5176-5288-87fc-232d6ed30d2f")),
            ),
            (
                3,
                vec![Value::string("x500"), Value::string("tada")],
                Ok(Value::string("7e12415e-f7c9-57c3-9e43-52dc9950d264")),
            ),
            (
                4,
                vec![
                    Value::string("6ba7b810-9dad-11d1-80b4-00c04fd430c8"),
                    Value::string("tada"),
                ],
                Ok(Value::string("faa898db-9b9d-5b75-86a9-149e7bb8e3b8")),
            ),
            (
                5,
                vec![Value::string("tada"), Value::string("tada")],
                Err(()),
            ),
        ],
    );
}
