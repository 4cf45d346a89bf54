// Ported from hashicorp/go-cty-funcs md5_test.go (MPL-2.0):
// each row is the Go table entry of that index: arguments, then the
// result (`Err(())`: the call fails).

use super::*;

/// go-cty-funcs `TestMd5` (md5_test.go): 3 cases.
#[test]
fn cty_md5() {
    run(
        "md5",
        vec![
            (
                0,
                vec![Value::string("tada")],
                Ok(Value::string("ce47d07243bb6eaf5e1322c81baf9bbf")),
            ),
            (
                1,
                vec![Value::string(" tada ")],
                Ok(Value::string("aadf191a583e53062de2d02c008141c4")),
            ),
            (
                2,
                vec![Value::string("")],
                Ok(Value::string("d41d8cd98f00b204e9800998ecf8427e")),
            ),
        ],
    );
}
