// Ported from go-cty v1.12.1 cty/function/stdlib/number_test.go (MIT licence):
// each row is the Go table entry of that index: arguments, then the
// result (`Err(())`: the call fails).

use super::*;

/// go-cty `TestAbsolute` (number_test.go): 7 cases.
#[test]
fn cty_absolute() {
    run(
        "abs",
        vec![
            (0, vec![Value::int(15)], Ok(Value::int(15))),
            (1, vec![Value::int(-15)], Ok(Value::int(15))),
            (2, vec![Value::int(0)], Ok(Value::int(0))),
            (3, vec![inf(false)], Ok(inf(false))),
            (4, vec![inf(true)], Ok(inf(false))),
            (
                5,
                vec![Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Number)),
            ),
            (6, vec![Value::dynamic()], Ok(Value::unknown(Type::Number))),
        ],
    );
}
/// go-cty `TestAdd` (number_test.go): 5 cases.
#[test]
fn cty_add() {
    run(
        "add",
        vec![
            (0, vec![Value::int(1), Value::int(2)], Ok(Value::int(3))),
            (
                1,
                vec![Value::int(1), Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Number)),
            ),
            (
                2,
                vec![Value::unknown(Type::Number), Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Number)),
            ),
            (
                3,
                vec![Value::int(1), Value::dynamic()],
                Ok(Value::unknown(Type::Number)),
            ),
            (
                4,
                vec![Value::dynamic(), Value::dynamic()],
                Ok(Value::unknown(Type::Number)),
            ),
        ],
    );
}
/// go-cty `TestSubtract` (number_test.go): 5 cases.
#[test]
fn cty_subtract() {
    run(
        "subtract",
        vec![
            (0, vec![Value::int(1), Value::int(2)], Ok(Value::int(-1))),
            (
                1,
                vec![Value::int(1), Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Number)),
            ),
            (
                2,
                vec![Value::unknown(Type::Number), Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Number)),
            ),
            (
                3,
                vec![Value::int(1), Value::dynamic()],
                Ok(Value::unknown(Type::Number)),
            ),
            (
                4,
                vec![Value::dynamic(), Value::dynamic()],
                Ok(Value::unknown(Type::Number)),
            ),
        ],
    );
}
/// go-cty `TestMultiply` (number_test.go): 5 cases.
#[test]
fn cty_multiply() {
    run(
        "multiply",
        vec![
            (0, vec![Value::int(5), Value::int(2)], Ok(Value::int(10))),
            (
                1,
                vec![Value::int(1), Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Number)),
            ),
            (
                2,
                vec![Value::unknown(Type::Number), Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Number)),
            ),
            (
                3,
                vec![Value::int(1), Value::dynamic()],
                Ok(Value::unknown(Type::Number)),
            ),
            (
                4,
                vec![Value::dynamic(), Value::dynamic()],
                Ok(Value::unknown(Type::Number)),
            ),
        ],
    );
}
/// go-cty `TestDivide` (number_test.go): 9 cases.
#[test]
fn cty_divide() {
    run(
        "divide",
        vec![
            (0, vec![Value::int(5), Value::int(2)], Ok(nf(2.5_f64))),
            (1, vec![Value::int(5), Value::int(0)], Ok(inf(false))),
            (2, vec![Value::int(-5), Value::int(0)], Ok(inf(true))),
            (3, vec![Value::int(1), inf(false)], Ok(Value::int(0))),
            (4, vec![Value::int(1), inf(true)], Ok(Value::int(0))),
            (
                5,
                vec![Value::int(1), Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Number)),
            ),
            (
                6,
                vec![Value::unknown(Type::Number), Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Number)),
            ),
            (
                7,
                vec![Value::int(1), Value::dynamic()],
                Ok(Value::unknown(Type::Number)),
            ),
            (
                8,
                vec![Value::dynamic(), Value::dynamic()],
                Ok(Value::unknown(Type::Number)),
            ),
        ],
    );
}
/// go-cty `TestModulo` (number_test.go): 6 cases.
#[test]
fn cty_modulo() {
    run(
        "modulo",
        vec![
            (0, vec![Value::int(15), Value::int(10)], Ok(Value::int(5))),
            (1, vec![Value::int(0), Value::int(0)], Ok(Value::int(0))),
            // case 2 not ported: known deviation: the reference (HCL 2.14.1 with its go-cty) fails on infinite operands of %; hcldecode matches it
            // case 3 not ported: known deviation: the reference (HCL 2.14.1 with its go-cty) fails on infinite operands of %; hcldecode matches it
            // case 4 not ported: known deviation: the reference (HCL 2.14.1 with its go-cty) fails on infinite operands of %; hcldecode matches it
            (
                5,
                vec![Value::int(1), Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Number)),
            ),
            (
                6,
                vec![Value::unknown(Type::Number), Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Number)),
            ),
            (
                7,
                vec![Value::int(1), Value::dynamic()],
                Ok(Value::unknown(Type::Number)),
            ),
            (
                8,
                vec![Value::dynamic(), Value::dynamic()],
                Ok(Value::unknown(Type::Number)),
            ),
        ],
    );
}
/// go-cty `TestNegate` (number_test.go): 3 cases.
#[test]
fn cty_negate() {
    run(
        "negate",
        vec![
            (0, vec![Value::int(15)], Ok(Value::int(-15))),
            (
                1,
                vec![Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Number)),
            ),
            (2, vec![Value::dynamic()], Ok(Value::unknown(Type::Number))),
        ],
    );
}
/// go-cty `TestLessThan` (number_test.go): 7 cases.
#[test]
fn cty_less_than() {
    run(
        "lessthan",
        vec![
            (0, vec![Value::int(1), Value::int(2)], Ok(Value::bool(true))),
            (
                1,
                vec![Value::int(2), Value::int(1)],
                Ok(Value::bool(false)),
            ),
            (
                2,
                vec![Value::int(2), Value::int(2)],
                Ok(Value::bool(false)),
            ),
            (
                3,
                vec![Value::int(1), Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                4,
                vec![Value::unknown(Type::Number), Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                5,
                vec![Value::int(1), Value::dynamic()],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                6,
                vec![Value::dynamic(), Value::dynamic()],
                Ok(Value::unknown(Type::Bool)),
            ),
        ],
    );
}
/// go-cty `TestLessThanOrEqualTo` (number_test.go): 7 cases.
#[test]
fn cty_less_than_or_equal_to() {
    run(
        "lessthanorequalto",
        vec![
            (0, vec![Value::int(1), Value::int(2)], Ok(Value::bool(true))),
            (
                1,
                vec![Value::int(2), Value::int(1)],
                Ok(Value::bool(false)),
            ),
            (2, vec![Value::int(2), Value::int(2)], Ok(Value::bool(true))),
            (
                3,
                vec![Value::int(1), Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                4,
                vec![Value::unknown(Type::Number), Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                5,
                vec![Value::int(1), Value::dynamic()],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                6,
                vec![Value::dynamic(), Value::dynamic()],
                Ok(Value::unknown(Type::Bool)),
            ),
        ],
    );
}
/// go-cty `TestGreaterThan` (number_test.go): 7 cases.
#[test]
fn cty_greater_than() {
    run(
        "greaterthan",
        vec![
            (
                0,
                vec![Value::int(1), Value::int(2)],
                Ok(Value::bool(false)),
            ),
            (1, vec![Value::int(2), Value::int(1)], Ok(Value::bool(true))),
            (
                2,
                vec![Value::int(2), Value::int(2)],
                Ok(Value::bool(false)),
            ),
            (
                3,
                vec![Value::int(1), Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                4,
                vec![Value::unknown(Type::Number), Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                5,
                vec![Value::int(1), Value::dynamic()],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                6,
                vec![Value::dynamic(), Value::dynamic()],
                Ok(Value::unknown(Type::Bool)),
            ),
        ],
    );
}
/// go-cty `TestGreaterThanOrEqualTo` (number_test.go): 7 cases.
#[test]
fn cty_greater_than_or_equal_to() {
    run(
        "greaterthanorequalto",
        vec![
            (
                0,
                vec![Value::int(1), Value::int(2)],
                Ok(Value::bool(false)),
            ),
            (1, vec![Value::int(2), Value::int(1)], Ok(Value::bool(true))),
            (2, vec![Value::int(2), Value::int(2)], Ok(Value::bool(true))),
            (
                3,
                vec![Value::int(1), Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                4,
                vec![Value::unknown(Type::Number), Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                5,
                vec![Value::int(1), Value::dynamic()],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                6,
                vec![Value::dynamic(), Value::dynamic()],
                Ok(Value::unknown(Type::Bool)),
            ),
        ],
    );
}
/// go-cty `TestMin` (number_test.go): 9 cases.
#[test]
fn cty_min() {
    run(
        "min",
        vec![
            (0, vec![Value::int(0)], Ok(Value::int(0))),
            (1, vec![Value::int(-12)], Ok(Value::int(-12))),
            (2, vec![Value::int(12)], Ok(Value::int(12))),
            (
                3,
                vec![Value::int(-12), Value::int(0), Value::int(2)],
                Ok(Value::int(-12)),
            ),
            (4, vec![inf(true), Value::int(0)], Ok(inf(true))),
            (5, vec![inf(false), Value::int(0)], Ok(Value::int(0))),
            (6, vec![inf(true)], Ok(inf(true))),
            (
                7,
                vec![inf(false), Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Number)),
            ),
            (
                8,
                vec![inf(false), Value::dynamic()],
                Ok(Value::unknown(Type::Number)),
            ),
            // case 9 not ported: call cty.Zero.Mark
        ],
    );
}
/// go-cty `TestMax` (number_test.go): 9 cases.
#[test]
fn cty_max() {
    run(
        "max",
        vec![
            (0, vec![Value::int(0)], Ok(Value::int(0))),
            (1, vec![Value::int(-12)], Ok(Value::int(-12))),
            (2, vec![Value::int(12)], Ok(Value::int(12))),
            (
                3,
                vec![Value::int(-12), Value::int(0), Value::int(2)],
                Ok(Value::int(2)),
            ),
            (4, vec![inf(true), Value::int(0)], Ok(Value::int(0))),
            (5, vec![inf(false), Value::int(0)], Ok(inf(false))),
            (6, vec![inf(true)], Ok(inf(true))),
            (
                7,
                vec![inf(false), Value::unknown(Type::Number)],
                Ok(Value::unknown(Type::Number)),
            ),
            (
                8,
                vec![inf(false), Value::dynamic()],
                Ok(Value::unknown(Type::Number)),
            ),
        ],
    );
}
/// go-cty `TestInt` (number_test.go): 7 cases.
#[test]
fn cty_int() {
    run(
        "int",
        vec![
            (0, vec![Value::int(0)], Ok(Value::int(0))),
            (1, vec![Value::int(1)], Ok(Value::int(1))),
            (2, vec![Value::int(-1)], Ok(Value::int(-1))),
            (3, vec![nf(1.3_f64)], Ok(Value::int(1))),
            (4, vec![nf(-1.7_f64)], Ok(Value::int(-1))),
            (5, vec![nf(-1.3_f64)], Ok(Value::int(-1))),
            (6, vec![nf(-1.7_f64)], Ok(Value::int(-1))),
            // case 7 not ported: call cty.NumberVal
            // case 8 not ported: call cty.NumberVal
        ],
    );
}
/// go-cty `TestCeil` (number_test.go): 6 cases.
#[test]
fn cty_ceil() {
    run(
        "ceil",
        vec![
            (0, vec![nf(-1.8_f64)], Ok(nf(-1_f64))),
            (1, vec![nf(1.2_f64)], Ok(nf(2_f64))),
            (2, vec![nf(f64::INFINITY)], Ok(nf(f64::INFINITY))),
            (3, vec![nf(f64::NEG_INFINITY)], Ok(nf(f64::NEG_INFINITY))),
            (
                4,
                vec![np(
                    "99999999999999999999999999999999999999999999999999998.123",
                )],
                Ok(np("99999999999999999999999999999999999999999999999999999")),
            ),
            (
                5,
                vec![np(
                    "-99999999999999999999999999999999999999999999999999998.123",
                )],
                Ok(np("-99999999999999999999999999999999999999999999999999998")),
            ),
        ],
    );
}
/// go-cty `TestFloor` (number_test.go): 6 cases.
#[test]
fn cty_floor() {
    run(
        "floor",
        vec![
            (0, vec![nf(-1.8_f64)], Ok(nf(-2_f64))),
            (1, vec![nf(1.2_f64)], Ok(nf(1_f64))),
            (2, vec![nf(f64::INFINITY)], Ok(nf(f64::INFINITY))),
            (3, vec![nf(f64::NEG_INFINITY)], Ok(nf(f64::NEG_INFINITY))),
            (
                4,
                vec![np(
                    "99999999999999999999999999999999999999999999999999999.123",
                )],
                Ok(np("99999999999999999999999999999999999999999999999999999")),
            ),
            (
                5,
                vec![np(
                    "-99999999999999999999999999999999999999999999999999998.123",
                )],
                Ok(np("-99999999999999999999999999999999999999999999999999999")),
            ),
        ],
    );
}
/// go-cty `TestLog` (number_test.go): 4 cases.
#[test]
fn cty_log() {
    run(
        "log",
        vec![
            (0, vec![nf(1_f64), nf(10_f64)], Ok(nf(0_f64))),
            (1, vec![nf(10_f64), nf(10_f64)], Ok(nf(1_f64))),
            (2, vec![nf(0_f64), nf(10_f64)], Ok(inf(true))),
            (3, vec![nf(10_f64), nf(0_f64)], Ok(nf(-0_f64))),
        ],
    );
}
/// go-cty `TestPow` (number_test.go): 8 cases.
#[test]
fn cty_pow() {
    run(
        "pow",
        vec![
            (0, vec![nf(1_f64), nf(0_f64)], Ok(nf(1_f64))),
            (1, vec![nf(1_f64), nf(1_f64)], Ok(nf(1_f64))),
            (2, vec![nf(2_f64), nf(0_f64)], Ok(nf(1_f64))),
            (3, vec![nf(2_f64), nf(1_f64)], Ok(nf(2_f64))),
            (4, vec![nf(3_f64), nf(2_f64)], Ok(nf(9_f64))),
            (5, vec![nf(-3_f64), nf(2_f64)], Ok(nf(9_f64))),
            (6, vec![nf(2_f64), nf(-2_f64)], Ok(nf(0.25_f64))),
            (7, vec![nf(0_f64), nf(2_f64)], Ok(nf(0_f64))),
        ],
    );
}
/// go-cty `TestSignum` (number_test.go): 3 cases.
#[test]
fn cty_signum() {
    run(
        "signum",
        vec![
            (0, vec![nf(0_f64)], Ok(nf(0_f64))),
            (1, vec![nf(12_f64)], Ok(nf(1_f64))),
            (2, vec![nf(-29_f64)], Ok(nf(-1_f64))),
        ],
    );
}
/// go-cty `TestParseInt` (number_test.go): 22 cases.
#[test]
fn cty_parse_int() {
    run(
        "parseint",
        vec![
            (
                0,
                vec![Value::string("128"), Value::int(10)],
                Ok(Value::int(128)),
            ),
            (
                1,
                vec![Value::string("-128"), Value::int(10)],
                Ok(Value::int(-128)),
            ),
            (
                2,
                vec![Value::string("00128"), Value::int(10)],
                Ok(Value::int(128)),
            ),
            (
                3,
                vec![Value::string("-00128"), Value::int(10)],
                Ok(Value::int(-128)),
            ),
            (
                4,
                vec![Value::string("FF00"), Value::int(16)],
                Ok(Value::int(65280)),
            ),
            (
                5,
                vec![Value::string("ff00"), Value::int(16)],
                Ok(Value::int(65280)),
            ),
            (
                6,
                vec![Value::string("-FF00"), Value::int(16)],
                Ok(Value::int(-65280)),
            ),
            (
                7,
                vec![Value::string("00FF00"), Value::int(16)],
                Ok(Value::int(65280)),
            ),
            (
                8,
                vec![Value::string("-00FF00"), Value::int(16)],
                Ok(Value::int(-65280)),
            ),
            (
                9,
                vec![Value::string("1011111011101111"), Value::int(2)],
                Ok(Value::int(48879)),
            ),
            (
                10,
                vec![Value::string("aA"), Value::int(62)],
                Ok(Value::int(656)),
            ),
            (
                11,
                vec![Value::string("Aa"), Value::int(62)],
                Ok(Value::int(2242)),
            ),
            (
                12,
                vec![
                    Value::string("999999999999999999999999999999999999999999999999999999999999"),
                    Value::int(10),
                ],
                Ok(np(
                    "999999999999999999999999999999999999999999999999999999999999",
                )),
            ),
            (13, vec![Value::string("FF"), Value::int(10)], Err(())),
            (14, vec![Value::string("00FF"), Value::int(10)], Err(())),
            (15, vec![Value::string("-00FF"), Value::int(10)], Err(())),
            (16, vec![Value::int(2), Value::int(10)], Err(())),
            (17, vec![Value::string("1"), Value::int(63)], Err(())),
            (18, vec![Value::string("1"), Value::int(-1)], Err(())),
            (19, vec![Value::string("1"), Value::int(1)], Err(())),
            (20, vec![Value::string("1"), Value::int(0)], Err(())),
            (21, vec![Value::string("1.2"), Value::int(10)], Err(())),
        ],
    );
}
