// Ported from hashicorp/go-cty-funcs netmask_test.go (MPL-2.0):
// each row is the Go table entry of that index: arguments, then the
// result (`Err(())`: the call fails).

use super::*;

/// go-cty-funcs `TestNetmask` (netmask_test.go): 6 cases.
#[test]
fn cty_netmask() {
    run(
        "cidrnetmask",
        vec![
            (
                0,
                vec![Value::string("192.168.1.0/24")],
                Ok(Value::string("255.255.255.0")),
            ),
            (
                1,
                vec![Value::string("192.168.1.0/32")],
                Ok(Value::string("255.255.255.255")),
            ),
            (
                2,
                vec![Value::string("0.0.0.0/0")],
                Ok(Value::string("0.0.0.0")),
            ),
            (
                3,
                vec![Value::string("1::/64")],
                Ok(Value::string("ffff:ffff:ffff:ffff::")),
            ),
            (4, vec![Value::string("not-a-cidr")], Err(())),
            (5, vec![Value::string("110.256.0.0/8")], Err(())),
        ],
    );
}
