// Ported from hashicorp/go-cty-funcs subnet_test.go (MPL-2.0):
// each row is the Go table entry of that index: arguments, then the
// result (`Err(())`: the call fails).

use super::*;

/// go-cty-funcs `TestSubnet` (subnet_test.go): 7 cases.
#[test]
fn cty_subnet() {
    run(
        "cidrsubnet",
        vec![
            (
                0,
                vec![
                    Value::string("192.168.2.0/20"),
                    Value::int(4),
                    Value::int(6),
                ],
                Ok(Value::string("192.168.6.0/24")),
            ),
            (
                1,
                vec![Value::string("fe80::/48"), Value::int(16), Value::int(6)],
                Ok(Value::string("fe80:0:0:6::/64")),
            ),
            (
                2,
                vec![
                    Value::string("::ffff:192.168.0.0/112"),
                    Value::int(8),
                    Value::int(6),
                ],
                Ok(Value::string("192.168.6.0/24")),
            ),
            (
                3,
                vec![
                    Value::string("192.168.0.0/30"),
                    Value::int(4),
                    Value::int(6),
                ],
                Err(()),
            ),
            (
                4,
                vec![
                    Value::string("192.168.0.0/168"),
                    Value::int(2),
                    Value::int(16),
                ],
                Err(()),
            ),
            (
                5,
                vec![Value::string("not-a-cidr"), Value::int(4), Value::int(6)],
                Err(()),
            ),
            (
                6,
                vec![Value::string("10.256.0.0/8"), Value::int(4), Value::int(6)],
                Err(()),
            ),
        ],
    );
}
