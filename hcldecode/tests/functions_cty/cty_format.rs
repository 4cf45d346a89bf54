// Ported from go-cty v1.12.1 cty/function/stdlib/format_test.go (MIT licence):
// each row is the Go table entry of that index: arguments, then the
// result (`Err(())`: the call fails).

use super::*;

/// go-cty `TestFormat` (format_test.go): 85 cases.
#[test]
fn cty_format() {
    run(
        "format",
        vec![
            (0, vec![Value::string("")], Ok(Value::string(""))),
            (1, vec![Value::string("hello")], Ok(Value::string("hello"))),
            (
                2,
                vec![Value::string("100%% successful")],
                Ok(Value::string("100% successful")),
            ),
            (3, vec![Value::string("100%%")], Ok(Value::string("100%"))),
            (
                4,
                vec![Value::string("string %v"), Value::string("hello")],
                Ok(Value::string("string hello")),
            ),
            (
                5,
                vec![
                    Value::string("string %[2]v"),
                    Value::bool(true),
                    Value::string("hello"),
                ],
                Ok(Value::string("string hello")),
            ),
            (
                6,
                vec![Value::string("string %#v"), Value::string("hello")],
                Ok(Value::string(r##"string "hello""##)),
            ),
            (
                7,
                vec![Value::string("number %v"), Value::int(2)],
                Ok(Value::string("number 2")),
            ),
            (
                8,
                vec![Value::string("number %#v"), Value::int(2)],
                Ok(Value::string("number 2")),
            ),
            (
                9,
                vec![Value::string("bool %v"), Value::bool(true)],
                Ok(Value::string("bool true")),
            ),
            (
                10,
                vec![Value::string("bool %#v"), Value::bool(true)],
                Ok(Value::string("bool true")),
            ),
            (
                11,
                vec![Value::string("object %v"), Value::empty_object()],
                Ok(Value::string("object {}")),
            ),
            (
                12,
                vec![Value::string("tuple %v"), Value::empty_tuple()],
                Ok(Value::string("tuple []")),
            ),
            (
                13,
                vec![
                    Value::string("tuple with unknown %v"),
                    Value::tuple(vec![Value::unknown(Type::String)]),
                ],
                Ok(Value::unknown(Type::String)),
            ),
            (
                14,
                vec![Value::string("%%%v"), Value::bool(false)],
                Ok(Value::string("%false")),
            ),
            (
                15,
                vec![Value::string("%v"), Value::null(Type::Bool)],
                Ok(Value::string("null")),
            ),
            (
                16,
                vec![Value::string("Hello, %s!"), Value::string("Ermintrude")],
                Ok(Value::string("Hello, Ermintrude!")),
            ),
            (
                17,
                vec![
                    Value::string("Hello, %[2]s!"),
                    Value::string("Stephen"),
                    Value::string("Ermintrude"),
                ],
                Ok(Value::string("Hello, Ermintrude!")),
            ),
            (
                18,
                vec![
                    Value::string("Hello, %q... if that _is_ your real name!"),
                    Value::string("Ermintrude"),
                ],
                Ok(Value::string(
                    r##"Hello, "Ermintrude"... if that _is_ your real name!"##,
                )),
            ),
            (
                19,
                vec![Value::string("This statement is %s"), Value::bool(false)],
                Ok(Value::string("This statement is false")),
            ),
            (
                20,
                vec![Value::string("This statement is %q"), Value::bool(false)],
                Ok(Value::string(r##"This statement is "false""##)),
            ),
            (
                21,
                vec![Value::string("%s"), Value::null(Type::String)],
                Err(()),
            ),
            (
                22,
                vec![Value::string("%10s"), Value::string("hello")],
                Ok(Value::string(r##"     hello"##)),
            ),
            (
                23,
                vec![Value::string("%-10s"), Value::string("hello")],
                Ok(Value::string(r##"hello     "##)),
            ),
            (
                24,
                vec![Value::string("%4s"), Value::string("💃🏿")],
                Ok(Value::string(r##"   💃🏿"##)),
            ),
            (
                25,
                vec![Value::string("%-4s"), Value::string("💃🏿")],
                Ok(Value::string(r##"💃🏿   "##)),
            ),
            (
                26,
                vec![Value::string("%q"), Value::string("💃🏿")],
                Ok(Value::string(r##""💃🏿""##)),
            ),
            (
                27,
                vec![Value::string("%6q"), Value::string("💃🏿")],
                Ok(Value::string(r##"   "💃🏿""##)),
            ),
            (
                28,
                vec![Value::string("%-6q"), Value::string("💃🏿")],
                Ok(Value::string(r##""💃🏿"   "##)),
            ),
            (
                29,
                vec![Value::string("%.2s"), Value::string("hello")],
                Ok(Value::string(r##"he"##)),
            ),
            (
                30,
                vec![Value::string("%.2q"), Value::string("hello")],
                Ok(Value::string(r##""he""##)),
            ),
            (
                31,
                vec![Value::string("%.5s"), Value::string("日本語日本語")],
                Ok(Value::string(r##"日本語日本"##)),
            ),
            (
                32,
                vec![Value::string("%.1q"), Value::string("日本語日本語")],
                Ok(Value::string(r##""日""##)),
            ),
            (
                33,
                vec![Value::string("%.10s"), Value::string("hello")],
                Ok(Value::string(r##"hello"##)),
            ),
            (
                34,
                vec![Value::string("%4.2s"), Value::string("hello")],
                Ok(Value::string(r##"  he"##)),
            ),
            (
                35,
                vec![Value::string("%6.2q"), Value::string("hello")],
                Ok(Value::string(r##"  "he""##)),
            ),
            (
                36,
                vec![Value::string("%-4.2s"), Value::string("hello")],
                Ok(Value::string(r##"he  "##)),
            ),
            (
                37,
                vec![Value::string("%q"), Value::string("Hello\nWorld")],
                Ok(Value::string(r##""Hello\nWorld""##)),
            ),
            (
                38,
                vec![Value::string("This statement is %t"), Value::bool(false)],
                Ok(Value::string("This statement is false")),
            ),
            (
                39,
                vec![
                    Value::string("This statement is %[2]t"),
                    Value::bool(true),
                    Value::bool(false),
                ],
                Ok(Value::string("This statement is false")),
            ),
            (
                40,
                vec![Value::string("This statement is %t"), Value::bool(true)],
                Ok(Value::string("This statement is true")),
            ),
            (
                41,
                vec![
                    Value::string("This statement is %t"),
                    Value::string("false"),
                ],
                Ok(Value::string("This statement is false")),
            ),
            (
                42,
                vec![
                    Value::string("%d green bottles standing on the wall"),
                    Value::int(10),
                ],
                Ok(Value::string("10 green bottles standing on the wall")),
            ),
            (
                43,
                vec![Value::string("%[2]d things"), Value::int(1), Value::int(10)],
                Ok(Value::string("10 things")),
            ),
            (
                44,
                vec![
                    Value::string("%+d green bottles standing on the wall"),
                    Value::int(10),
                ],
                Ok(Value::string("+10 green bottles standing on the wall")),
            ),
            (
                45,
                vec![
                    Value::string("% d green bottles standing on the wall"),
                    Value::int(10),
                ],
                Ok(Value::string(" 10 green bottles standing on the wall")),
            ),
            (
                46,
                vec![
                    Value::string("%5d green bottles standing on the wall"),
                    Value::int(10),
                ],
                Ok(Value::string("   10 green bottles standing on the wall")),
            ),
            (
                47,
                vec![
                    Value::string("%-5d green bottles standing on the wall"),
                    Value::int(10),
                ],
                Ok(Value::string("10    green bottles standing on the wall")),
            ),
            (
                48,
                vec![
                    Value::string("%d green bottles standing on the wall"),
                    Value::bool(true),
                ],
                Err(()),
            ),
            (
                49,
                vec![Value::string("%b"), Value::int(5)],
                Ok(Value::string("101")),
            ),
            (
                50,
                vec![Value::string("%o"), Value::int(9)],
                Ok(Value::string("11")),
            ),
            (
                51,
                vec![Value::string("%x"), Value::int(254)],
                Ok(Value::string("fe")),
            ),
            (
                52,
                vec![Value::string("%X"), Value::int(254)],
                Ok(Value::string("FE")),
            ),
            (
                53,
                vec![Value::string("%f things"), Value::int(10)],
                Ok(Value::string("10.000000 things")),
            ),
            (
                54,
                vec![Value::string("%[2]f things"), Value::int(1), Value::int(10)],
                Ok(Value::string("10.000000 things")),
            ),
            (
                55,
                vec![Value::string("%+f things"), Value::int(10)],
                Ok(Value::string("+10.000000 things")),
            ),
            (
                56,
                vec![Value::string("% f things"), Value::int(10)],
                Ok(Value::string(" 10.000000 things")),
            ),
            (
                57,
                vec![Value::string("%+f things"), Value::int(-10)],
                Ok(Value::string("-10.000000 things")),
            ),
            (
                58,
                vec![Value::string("% f things"), Value::int(-10)],
                Ok(Value::string("-10.000000 things")),
            ),
            (
                59,
                vec![
                    Value::string("%f things"),
                    Value::string("100000000000000000000000000000000000001"),
                ],
                Ok(Value::string(
                    "100000000000000000000000000000000000001.000000 things",
                )),
            ),
            (
                60,
                vec![
                    Value::string("%f things"),
                    Value::string("1.00000000000000000000000000000000000001"),
                ],
                Ok(Value::string("1.000000 things")),
            ),
            (
                61,
                vec![
                    Value::string("%.4f things"),
                    Value::string("1.00000000000000000000000000000000000001"),
                ],
                Ok(Value::string("1.0000 things")),
            ),
            (
                62,
                vec![Value::string("%.1f things"), Value::string("1.06")],
                Ok(Value::string("1.1 things")),
            ),
            (
                63,
                vec![Value::string("%e things"), Value::int(1000)],
                Ok(Value::string("1.000000e+03 things")),
            ),
            (
                64,
                vec![Value::string("%E things"), Value::int(1000)],
                Ok(Value::string("1.000000E+03 things")),
            ),
            (
                65,
                vec![Value::string("%g things"), Value::int(1000)],
                Ok(Value::string("1000 things")),
            ),
            (
                66,
                vec![Value::string("%G things"), Value::int(1000)],
                Ok(Value::string("1000 things")),
            ),
            (
                67,
                vec![
                    Value::string("%g things"),
                    Value::string("0.00000000000000000000001"),
                ],
                Ok(Value::string("1e-23 things")),
            ),
            (
                68,
                vec![
                    Value::string("%G things"),
                    Value::string("0.00000000000000000000001"),
                ],
                Ok(Value::string("1E-23 things")),
            ),
            (
                69,
                vec![Value::unknown(Type::String), Value::bool(true)],
                Ok(Value::unknown(Type::String)),
            ),
            (
                70,
                vec![Value::unknown(Type::Bool), Value::bool(true)],
                Err(()),
            ),
            (
                71,
                vec![Value::string("Hello, %s!"), Value::unknown(Type::String)],
                Ok(Value::unknown(Type::String)),
            ),
            (
                72,
                vec![
                    Value::string("Hello, %[2]s!"),
                    Value::unknown(Type::String),
                    Value::string("Ermintrude"),
                ],
                Ok(Value::unknown(Type::String)),
            ),
            (
                73,
                vec![Value::string("%s is not in the args list")],
                Err(()),
            ),
            (
                74,
                vec![
                    Value::string("%[3]s is not in the args list"),
                    Value::bool(true),
                    Value::bool(true),
                ],
                Err(()),
            ),
            (
                75,
                vec![
                    Value::string("%[0]s is not valid because args are 1-based"),
                    Value::bool(true),
                    Value::bool(true),
                ],
                Err(()),
            ),
            (
                76,
                vec![
                    Value::string("%v %v %v"),
                    Value::bool(true),
                    Value::bool(true),
                ],
                Err(()),
            ),
            (
                77,
                vec![Value::string("%z is not a valid sequence"), Value::int(10)],
                Err(()),
            ),
            (
                78,
                vec![Value::string("%#z is not a valid sequence"), Value::int(10)],
                Err(()),
            ),
            (
                79,
                vec![
                    Value::string("%012z is not a valid sequence"),
                    Value::int(10),
                ],
                Err(()),
            ),
            (
                80,
                vec![Value::string("%☠ is not a valid sequence"), Value::int(10)],
                Err(()),
            ),
            (
                81,
                vec![Value::string("%💃🏿 is not a valid sequence"), Value::int(10)],
                Err(()),
            ),
            (82, vec![Value::null(Type::String), Value::int(10)], Err(())),
            (
                83,
                vec![Value::string("no format verbs at all"), Value::int(10)],
                Err(()),
            ),
            (
                84,
                vec![
                    Value::string("only one verb %d"),
                    Value::int(10),
                    Value::int(11),
                ],
                Err(()),
            ),
            // case 85 not ported: method call Mark
            // case 86 not ported: method call Mark
            // case 87 not ported: method call Mark
        ],
    );
}
/// go-cty `TestFormatList` (format_test.go): 24 cases.
#[test]
fn cty_format_list() {
    run(
        "formatlist",
        vec![
            (0, vec![Value::string("")], Ok(lv(vec![Value::string("")]))),
            (
                1,
                vec![Value::string("hello")],
                Ok(lv(vec![Value::string("hello")])),
            ),
            (
                2,
                vec![Value::string("100%% successful")],
                Ok(lv(vec![Value::string("100% successful")])),
            ),
            (
                3,
                vec![Value::string("100%%")],
                Ok(lv(vec![Value::string("100%")])),
            ),
            (
                4,
                vec![Value::string("%s"), Value::string("hello")],
                Ok(lv(vec![Value::string("hello")])),
            ),
            (
                5,
                vec![Value::string("%s"), lv(vec![Value::string("hello")])],
                Ok(lv(vec![Value::string("hello")])),
            ),
            (
                6,
                vec![
                    Value::string("%s"),
                    lv(vec![Value::string("hello"), Value::string("world")]),
                ],
                Ok(lv(vec![Value::string("hello"), Value::string("world")])),
            ),
            (
                7,
                vec![
                    Value::string("%s %s"),
                    lv(vec![Value::string("hello"), Value::string("goodbye")]),
                    lv(vec![Value::string("world"), Value::string("universe")]),
                ],
                Ok(lv(vec![
                    Value::string("hello world"),
                    Value::string("goodbye universe"),
                ])),
            ),
            (
                8,
                vec![
                    Value::string("%s %s"),
                    lv(vec![Value::string("hello"), Value::string("goodbye")]),
                    Value::string("world"),
                ],
                Ok(lv(vec![
                    Value::string("hello world"),
                    Value::string("goodbye world"),
                ])),
            ),
            (
                9,
                vec![
                    Value::string("%s %s"),
                    Value::string("hello"),
                    lv(vec![Value::string("world"), Value::string("universe")]),
                ],
                Ok(lv(vec![
                    Value::string("hello world"),
                    Value::string("hello universe"),
                ])),
            ),
            (
                10,
                vec![
                    Value::string("%s %s"),
                    lv(vec![Value::string("hello"), Value::string("goodbye")]),
                    lv(vec![Value::string("world")]),
                ],
                Err(()),
            ),
            (
                11,
                vec![Value::string("%s"), Value::empty_object()],
                Err(()),
            ),
            (
                12,
                vec![Value::string("%v"), Value::empty_tuple()],
                Ok(Value::list_empty(Type::String)),
            ),
            (
                13,
                vec![Value::string("%v"), Value::null(Type::list(Type::String))],
                Ok(lv(vec![Value::string("null")])),
            ),
            (
                14,
                vec![Value::unknown(Type::String), Value::bool(true)],
                Ok(Value::unknown(Type::list(Type::String))),
            ),
            (
                15,
                vec![Value::string("%v"), Value::unknown(Type::String)],
                Ok(lv(vec![Value::unknown(Type::String)])),
            ),
            (
                16,
                vec![Value::string("%v"), Value::null(Type::String)],
                Ok(lv(vec![Value::string("null")])),
            ),
            (
                17,
                vec![
                    Value::string("%v"),
                    Value::unknown(Type::list(Type::String)),
                ],
                Ok(Value::unknown(Type::list(Type::String))),
            ),
            (
                18,
                vec![
                    Value::string("%v"),
                    lv(vec![
                        Value::tuple(vec![Value::string("hello")]),
                        Value::tuple(vec![Value::unknown(Type::String)]),
                        Value::tuple(vec![Value::string("world")]),
                    ]),
                ],
                Ok(lv(vec![
                    Value::string(r##"["hello"]"##),
                    Value::unknown(Type::String),
                    Value::string(r##"["world"]"##),
                ])),
            ),
            (
                19,
                vec![
                    Value::string("%v"),
                    Value::unknown(Type::tuple(vec![Type::String])),
                ],
                Ok(Value::unknown(Type::list(Type::String))),
            ),
            (
                20,
                vec![
                    Value::string("%s %s"),
                    Value::unknown(Type::tuple(vec![Type::String])),
                    Value::unknown(Type::tuple(vec![Type::String, Type::String])),
                ],
                Err(()),
            ),
            (
                21,
                vec![
                    Value::string("%s %s"),
                    lv(vec![Value::string("hi")]),
                    Value::unknown(Type::tuple(vec![Type::String, Type::String])),
                ],
                Err(()),
            ),
            (
                22,
                vec![
                    Value::string("%v"),
                    sv(vec![Value::string("hello"), Value::unknown(Type::String)]),
                ],
                Ok(Value::unknown(Type::list(Type::String))),
            ),
            (
                23,
                vec![Value::string("%v"), Value::dynamic()],
                Ok(Value::dynamic()),
            ),
        ],
    );
}
