// Ported from hashicorp/go-cty-funcs base64_test.go (MPL-2.0):
// each row is the Go table entry of that index: arguments, then the
// result (`Err(())`: the call fails).

use super::*;

/// go-cty-funcs `TestBase64Decode` (base64_test.go): 2 cases.
#[test]
fn cty_base64_decode() {
    run(
        "base64decode",
        vec![
            (
                0,
                vec![Value::string("YWJjMTIzIT8kKiYoKSctPUB+")],
                Ok(Value::string("abc123!?$*&()'-=@~")),
            ),
            (
                1,
                vec![Value::string("this-is-an-invalid-base64-data")],
                Err(()),
            ),
            // case 2 not ported: non-ascii byte escape
        ],
    );
}
/// go-cty-funcs `TestBase64Encode` (base64_test.go): 1 cases.
#[test]
fn cty_base64_encode() {
    run(
        "base64encode",
        vec![(
            0,
            vec![Value::string("abc123!?$*&()'-=@~")],
            Ok(Value::string("YWJjMTIzIT8kKiYoKSctPUB+")),
        )],
    );
}
