// Ported from hashicorp/go-cty-funcs host_test.go (MPL-2.0):
// each row is the Go table entry of that index: arguments, then the
// result (`Err(())`: the call fails).

use super::*;

/// go-cty-funcs `TestHost` (host_test.go): 7 cases.
#[test]
fn cty_host() {
    run(
        "cidrhost",
        vec![
            (
                0,
                vec![Value::string("192.168.1.0/24"), Value::int(5)],
                Ok(Value::string("192.168.1.5")),
            ),
            (
                1,
                vec![Value::string("192.168.1.0/24"), Value::int(-5)],
                Ok(Value::string("192.168.1.251")),
            ),
            (
                2,
                vec![Value::string("192.168.1.0/24"), Value::int(-256)],
                Ok(Value::string("192.168.1.0")),
            ),
            (
                3,
                vec![Value::string("192.168.1.0/30"), Value::int(255)],
                Err(()),
            ),
            (
                4,
                vec![Value::string("192.168.1.0/30"), Value::int(-255)],
                Err(()),
            ),
            (5, vec![Value::string("not-a-cidr"), Value::int(6)], Err(())),
            (
                6,
                vec![Value::string("10.256.0.0/8"), Value::int(6)],
                Err(()),
            ),
        ],
    );
}
