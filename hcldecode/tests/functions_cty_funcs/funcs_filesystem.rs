// Ported from hashicorp/go-cty-funcs filesystem_test.go (MPL-2.0):
// each row is the Go table entry of that index: arguments, then the
// result (`Err(())`: the call fails).

use super::*;

/// go-cty-funcs `TestFileExists` (filesystem_test.go): 0 cases.
#[test]
fn cty_file_exists() {
    run(
        "fileexists",
        vec![
            // case 0 not ported: arg "."
            // case 1 not ported: arg "."
            // case 2 not ported: arg "."
        ],
    );
}
/// go-cty-funcs `TestBasename` (filesystem_test.go): 3 cases.
#[test]
fn cty_basename() {
    run(
        "basename",
        vec![
            (
                0,
                vec![Value::string("testdata/hello.txt")],
                Ok(Value::string("hello.txt")),
            ),
            (
                1,
                vec![Value::string("hello.txt")],
                Ok(Value::string("hello.txt")),
            ),
            (2, vec![Value::string("")], Ok(Value::string("."))),
        ],
    );
}
