// Ported from go-cty v1.12.1 cty/function/stdlib/string_test.go (MIT licence):
// each row is the Go table entry of that index: arguments, then the
// result (`Err(())`: the call fails).

use super::*;

/// go-cty `TestUpper` (string_test.go): 10 cases.
#[test]
fn cty_upper() {
    run(
        "upper",
        vec![
            (0, vec![Value::string("hello")], Ok(Value::string("HELLO"))),
            (1, vec![Value::string("HELLO")], Ok(Value::string("HELLO"))),
            (2, vec![Value::string("")], Ok(Value::string(""))),
            (3, vec![Value::string("1")], Ok(Value::string("1"))),
            (4, vec![Value::string("жж")], Ok(Value::string("ЖЖ"))),
            (5, vec![Value::string("noël")], Ok(Value::string("NOËL"))),
            (6, vec![Value::string("baﬄe")], Ok(Value::string("BAﬄE"))),
            (7, vec![Value::string("😸😾")], Ok(Value::string("😸😾"))),
            (
                8,
                vec![Value::unknown(Type::String)],
                Ok(Value::unknown(Type::String)),
            ),
            (9, vec![Value::dynamic()], Ok(Value::unknown(Type::String))),
            // case 10 not ported: method call Mark
        ],
    );
}
/// go-cty `TestLower` (string_test.go): 7 cases.
#[test]
fn cty_lower() {
    run(
        "lower",
        vec![
            (0, vec![Value::string("HELLO")], Ok(Value::string("hello"))),
            (1, vec![Value::string("hello")], Ok(Value::string("hello"))),
            (2, vec![Value::string("")], Ok(Value::string(""))),
            (3, vec![Value::string("1")], Ok(Value::string("1"))),
            (4, vec![Value::string("ЖЖ")], Ok(Value::string("жж"))),
            (
                5,
                vec![Value::unknown(Type::String)],
                Ok(Value::unknown(Type::String)),
            ),
            (6, vec![Value::dynamic()], Ok(Value::unknown(Type::String))),
        ],
    );
}
/// go-cty `TestReverse` (string_test.go): 10 cases.
#[test]
fn cty_reverse() {
    run(
        "reverse",
        vec![
            (0, vec![Value::string("hello")], Ok(Value::string("olleh"))),
            (1, vec![Value::string("")], Ok(Value::string(""))),
            (2, vec![Value::string("1")], Ok(Value::string("1"))),
            (
                3,
                vec![Value::string("Живой Журнал")],
                Ok(Value::string("ланруЖ йовиЖ")),
            ),
            (4, vec![Value::string("noël")], Ok(Value::string("lëon"))),
            (5, vec![Value::string("wé́́é́́é́́!")], Ok(Value::string("!é́́é́́é́́w"))),
            (6, vec![Value::string("baﬄe")], Ok(Value::string("eﬄab"))),
            (7, vec![Value::string("😸😾")], Ok(Value::string("😾😸"))),
            (
                8,
                vec![Value::unknown(Type::String)],
                Ok(Value::unknown(Type::String)),
            ),
            (9, vec![Value::dynamic()], Ok(Value::unknown(Type::String))),
        ],
    );
}
/// go-cty `TestStrlen` (string_test.go): 10 cases.
#[test]
fn cty_strlen() {
    run(
        "strlen",
        vec![
            (0, vec![Value::string("hello")], Ok(Value::int(5))),
            (1, vec![Value::string("")], Ok(Value::int(0))),
            (2, vec![Value::string("1")], Ok(Value::int(1))),
            (3, vec![Value::string("Живой Журнал")], Ok(Value::int(12))),
            (4, vec![Value::string("noël")], Ok(Value::int(4))),
            (5, vec![Value::string("wé́́é́́é́́!")], Ok(Value::int(5))),
            (6, vec![Value::string("baﬄe")], Ok(Value::int(4))),
            (7, vec![Value::string("😸😾")], Ok(Value::int(2))),
            (
                8,
                vec![Value::unknown(Type::String)],
                Ok(Value::unknown(Type::Number)),
            ),
            (9, vec![Value::dynamic()], Ok(Value::unknown(Type::Number))),
        ],
    );
}
/// go-cty `TestSubstr` (string_test.go): 17 cases.
#[test]
fn cty_substr() {
    run(
        "substr",
        vec![
            (
                0,
                vec![Value::string("hello"), Value::int(0), Value::int(2)],
                Ok(Value::string("he")),
            ),
            (
                1,
                vec![Value::string("hello"), Value::int(1), Value::int(3)],
                Ok(Value::string("ell")),
            ),
            (
                2,
                vec![Value::string("hello"), Value::int(1), Value::int(-1)],
                Ok(Value::string("ello")),
            ),
            (
                3,
                vec![Value::string("hello"), Value::int(1), Value::int(-10)],
                Ok(Value::string("ello")),
            ),
            (
                4,
                vec![Value::string("hello"), Value::int(1), Value::int(10)],
                Ok(Value::string("ello")),
            ),
            (
                5,
                vec![Value::string("hello"), Value::int(-3), Value::int(-1)],
                Ok(Value::string("llo")),
            ),
            (
                6,
                vec![Value::string("hello"), Value::int(-3), Value::int(2)],
                Ok(Value::string("ll")),
            ),
            (
                7,
                vec![Value::string("hello"), Value::int(10), Value::int(10)],
                Ok(Value::string("")),
            ),
            (
                8,
                vec![Value::string("hello"), Value::int(0), Value::int(0)],
                Ok(Value::string("")),
            ),
            (
                9,
                vec![Value::string("noël"), Value::int(0), Value::int(3)],
                Ok(Value::string("noë")),
            ),
            (
                10,
                vec![Value::string("noël"), Value::int(3), Value::int(-1)],
                Ok(Value::string("l")),
            ),
            (
                11,
                vec![Value::string("wé́́é́́é́́!"), Value::int(2), Value::int(2)],
                Ok(Value::string("é́́é́́")),
            ),
            (
                12,
                vec![Value::string("wé́́é́́é́́!"), Value::int(3), Value::int(2)],
                Ok(Value::string("é́́!")),
            ),
            (
                13,
                vec![Value::string("wé́́é́́é́́!"), Value::int(-2), Value::int(-1)],
                Ok(Value::string("é́́!")),
            ),
            (
                14,
                vec![Value::string("noël"), Value::int(-2), Value::int(-1)],
                Ok(Value::string("ël")),
            ),
            (
                15,
                vec![Value::string("😸😾"), Value::int(0), Value::int(1)],
                Ok(Value::string("😸")),
            ),
            (
                16,
                vec![Value::string("😸😾"), Value::int(1), Value::int(1)],
                Ok(Value::string("😾")),
            ),
        ],
    );
}
/// go-cty `TestJoin` (string_test.go): 4 cases.
#[test]
fn cty_join() {
    run(
        "join",
        vec![
            (
                0,
                vec![
                    Value::string("-"),
                    lv(vec![Value::string("hello"), Value::string("world")]),
                ],
                Ok(Value::string("hello-world")),
            ),
            (
                1,
                vec![
                    Value::string("-"),
                    lv(vec![Value::string("chicken")]),
                    lv(vec![Value::string("egg")]),
                ],
                Ok(Value::string("chicken-egg")),
            ),
            (
                2,
                vec![Value::string("-"), lv(vec![Value::string("chicken")])],
                Ok(Value::string("chicken")),
            ),
            (
                3,
                vec![
                    Value::string(""),
                    lv(vec![Value::string("horse"), Value::string("face")]),
                ],
                Ok(Value::string("horseface")),
            ),
            // case 4 not ported: method call Mark
            // case 5 not ported: method call Mark
            // case 6 not ported: method call Mark
            // case 7 not ported: method call Mark
        ],
    );
}
