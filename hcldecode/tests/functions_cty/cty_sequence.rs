// Ported from go-cty v1.12.1 cty/function/stdlib/sequence_test.go (MIT licence):
// each row is the Go table entry of that index: arguments, then the
// result (`Err(())`: the call fails).

use super::*;

/// go-cty `TestConcat` (sequence_test.go): 11 cases.
#[test]
fn cty_concat() {
    run(
        "concat",
        vec![
            (
                0,
                vec![Value::list_empty(Type::Number)],
                Ok(Value::list_empty(Type::Number)),
            ),
            (
                1,
                vec![lv(vec![Value::int(1), Value::int(2), Value::int(3)])],
                Ok(lv(vec![Value::int(1), Value::int(2), Value::int(3)])),
            ),
            (
                2,
                vec![
                    lv(vec![Value::int(1)]),
                    lv(vec![Value::int(2), Value::int(3)]),
                ],
                Ok(lv(vec![Value::int(1), Value::int(2), Value::int(3)])),
            ),
            // case 3 not ported: method call Mark
            // case 4 not ported: method call Mark
            // case 5 not ported: method call Mark
            // case 6 not ported: method call Mark
            // case 7 not ported: method call Mark
            (
                8,
                vec![
                    lv(vec![Value::int(1)]),
                    lv(vec![Value::string("foo")]),
                    lv(vec![Value::bool(true)]),
                ],
                Ok(lv(vec![
                    Value::string("1"),
                    Value::string("foo"),
                    Value::string("true"),
                ])),
            ),
            (
                9,
                vec![
                    lv(vec![Value::int(1)]),
                    lv(vec![Value::string("foo"), Value::string("bar")]),
                ],
                Ok(lv(vec![
                    Value::string("1"),
                    Value::string("foo"),
                    Value::string("bar"),
                ])),
            ),
            (10, vec![Value::empty_tuple()], Ok(Value::empty_tuple())),
            (
                11,
                vec![Value::tuple(vec![
                    Value::int(1),
                    Value::bool(true),
                    Value::int(3),
                ])],
                Ok(Value::tuple(vec![
                    Value::int(1),
                    Value::bool(true),
                    Value::int(3),
                ])),
            ),
            (
                12,
                vec![
                    Value::tuple(vec![Value::int(1)]),
                    Value::tuple(vec![Value::bool(true), Value::int(3)]),
                ],
                Ok(Value::tuple(vec![
                    Value::int(1),
                    Value::bool(true),
                    Value::int(3),
                ])),
            ),
            (
                13,
                vec![
                    lv(vec![Value::int(1)]),
                    Value::tuple(vec![Value::bool(true), Value::int(3)]),
                ],
                Ok(Value::tuple(vec![
                    Value::int(1),
                    Value::bool(true),
                    Value::int(3),
                ])),
            ),
            (
                14,
                vec![
                    Value::tuple(vec![Value::int(1), Value::bool(true)]),
                    lv(vec![Value::int(3)]),
                ],
                Ok(Value::tuple(vec![
                    Value::int(1),
                    Value::bool(true),
                    Value::int(3),
                ])),
            ),
            (
                15,
                vec![
                    lv(vec![Value::int(1)]),
                    lv(vec![Value::list_empty(Type::Bool)]),
                ],
                Ok(Value::tuple(vec![
                    Value::int(1),
                    Value::list_empty(Type::Bool),
                ])),
            ),
        ],
    );
}
/// go-cty `TestRange` (sequence_test.go): 16 cases.
#[test]
fn cty_range() {
    run(
        "range",
        vec![
            (
                0,
                vec![Value::int(5)],
                Ok(lv(vec![
                    Value::int(0),
                    Value::int(1),
                    Value::int(2),
                    Value::int(3),
                    Value::int(4),
                ])),
            ),
            (
                1,
                vec![Value::int(-5)],
                Ok(lv(vec![
                    Value::int(0),
                    Value::int(-1),
                    Value::int(-2),
                    Value::int(-3),
                    Value::int(-4),
                ])),
            ),
            (2, vec![Value::int(1)], Ok(lv(vec![Value::int(0)]))),
            (3, vec![Value::int(0)], Ok(Value::list_empty(Type::Number))),
            (
                4,
                vec![np("5.5")],
                Ok(lv(vec![
                    Value::int(0),
                    Value::int(1),
                    Value::int(2),
                    Value::int(3),
                    Value::int(4),
                    Value::int(5),
                ])),
            ),
            (
                5,
                vec![Value::int(1), Value::int(5)],
                Ok(lv(vec![
                    Value::int(1),
                    Value::int(2),
                    Value::int(3),
                    Value::int(4),
                ])),
            ),
            (
                6,
                vec![Value::int(5), Value::int(1)],
                Ok(lv(vec![
                    Value::int(5),
                    Value::int(4),
                    Value::int(3),
                    Value::int(2),
                ])),
            ),
            (
                7,
                vec![nf(1.5_f64), Value::int(5)],
                Ok(lv(vec![nf(1.5_f64), nf(2.5_f64), nf(3.5_f64), nf(4.5_f64)])),
            ),
            (
                8,
                vec![Value::int(1), Value::int(2)],
                Ok(lv(vec![Value::int(1)])),
            ),
            (
                9,
                vec![Value::int(1), Value::int(1)],
                Ok(Value::list_empty(Type::Number)),
            ),
            (
                10,
                vec![Value::int(0), Value::int(5), Value::int(2)],
                Ok(lv(vec![Value::int(0), Value::int(2), Value::int(4)])),
            ),
            (
                11,
                vec![Value::int(0), Value::int(5), Value::int(1)],
                Ok(lv(vec![
                    Value::int(0),
                    Value::int(1),
                    Value::int(2),
                    Value::int(3),
                    Value::int(4),
                ])),
            ),
            (
                12,
                vec![Value::int(0), Value::int(1), Value::int(1)],
                Ok(lv(vec![Value::int(0)])),
            ),
            (
                13,
                vec![Value::int(0), Value::int(0), Value::int(1)],
                Ok(Value::list_empty(Type::Number)),
            ),
            (
                14,
                vec![Value::int(5), Value::int(0), Value::int(-1)],
                Ok(lv(vec![
                    Value::int(5),
                    Value::int(4),
                    Value::int(3),
                    Value::int(2),
                    Value::int(1),
                ])),
            ),
            (
                15,
                vec![Value::int(0), Value::int(5), nf(0.5_f64)],
                Ok(lv(vec![
                    Value::int(0),
                    nf(0.5_f64),
                    Value::int(1),
                    nf(1.5_f64),
                    Value::int(2),
                    nf(2.5_f64),
                    Value::int(3),
                    nf(3.5_f64),
                    Value::int(4),
                    nf(4.5_f64),
                ])),
            ),
        ],
    );
}
