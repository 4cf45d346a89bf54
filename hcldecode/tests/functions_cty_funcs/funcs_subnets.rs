// Ported from hashicorp/go-cty-funcs subnets_test.go (MPL-2.0):
// each row is the Go table entry of that index: arguments, then the
// result (`Err(())`: the call fails).

use super::*;

/// go-cty-funcs `TestSubnets` (subnets_test.go): 6 cases.
#[test]
fn cty_subnets() {
    run(
        "cidrsubnets",
        vec![
            (
                0,
                vec![
                    Value::string("10.0.0.0/21"),
                    Value::int(3),
                    Value::int(3),
                    Value::int(3),
                    Value::int(4),
                    Value::int(4),
                    Value::int(4),
                    Value::int(7),
                    Value::int(7),
                    Value::int(7),
                ],
                Ok(lv(vec![
                    Value::string("10.0.0.0/24"),
                    Value::string("10.0.1.0/24"),
                    Value::string("10.0.2.0/24"),
                    Value::string("10.0.3.0/25"),
                    Value::string("10.0.3.128/25"),
                    Value::string("10.0.4.0/25"),
                    Value::string("10.0.4.128/28"),
                    Value::string("10.0.4.144/28"),
                    Value::string("10.0.4.160/28"),
                ])),
            ),
            (
                1,
                vec![Value::string("10.0.0.0/30"), Value::int(1), Value::int(3)],
                Err(()),
            ),
            (
                2,
                vec![
                    Value::string("10.0.0.0/8"),
                    Value::int(1),
                    Value::int(1),
                    Value::int(1),
                ],
                Err(()),
            ),
            (
                3,
                vec![Value::string("10.0.0.0/8"), Value::int(1), Value::int(0)],
                Err(()),
            ),
            (
                4,
                vec![Value::string("10.0.0.0/8"), Value::int(1), Value::int(-1)],
                Err(()),
            ),
            (
                5,
                vec![Value::string("fe80::/48"), Value::int(1), Value::int(33)],
                Err(()),
            ),
        ],
    );
}
