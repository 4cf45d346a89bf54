// Ported from hashicorp/go-cty-funcs sha_test.go (MPL-2.0):
// each row is the Go table entry of that index: arguments, then the
// result (`Err(())`: the call fails).

use super::*;

/// go-cty-funcs `TestSha1` (sha_test.go): 1 cases.
#[test]
fn cty_sha1() {
    run(
        "sha1",
        vec![(
            0,
            vec![Value::string("test")],
            Ok(Value::string("a94a8fe5ccb19ba61c4c0873d391e987982fbbd3")),
        )],
    );
}
/// go-cty-funcs `TestSha256` (sha_test.go): 1 cases.
#[test]
fn cty_sha256() {
    run(
        "sha256",
        vec![(
            0,
            vec![Value::string("test")],
            Ok(Value::string(
                "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
            )),
        )],
    );
}
/// go-cty-funcs `TestSha512` (sha_test.go): 1 cases.
#[test]
fn cty_sha512() {
    run(
        "sha512",
        vec![(
            0,
            vec![Value::string("test")],
            Ok(Value::string(
                "ee26b0dd4af7e749aa1a8ee3c10ae9923f618980772e473f8819a5d4940e0db27ac185f8a0e1d5f84f88bc887fd67b143732c304cc5fa9ad8e6f57f50028a8ff",
            )),
        )],
    );
}
