// Ported from hashicorp/go-cty-funcs url_test.go (MPL-2.0):
// each row is the Go table entry of that index: arguments, then the
// result (`Err(())`: the call fails).

use super::*;

/// go-cty-funcs `TestURLEncode` (url_test.go): 4 cases.
#[test]
fn cty_u_r_l_encode() {
    run(
        "urlencode",
        vec![
            (
                0,
                vec![Value::string("abc123-_")],
                Ok(Value::string("abc123-_")),
            ),
            (
                1,
                vec![Value::string("foo:bar@localhost?foo=bar&bar=baz")],
                Ok(Value::string(
                    "foo%3Abar%40localhost%3Ffoo%3Dbar%26bar%3Dbaz",
                )),
            ),
            (
                2,
                vec![Value::string("mailto:email?subject=this+is+my+subject")],
                Ok(Value::string(
                    "mailto%3Aemail%3Fsubject%3Dthis%2Bis%2Bmy%2Bsubject",
                )),
            ),
            (
                3,
                vec![Value::string("foo/bar")],
                Ok(Value::string("foo%2Fbar")),
            ),
        ],
    );
}
