// Ported from go-cty v1.12.1 cty/function/stdlib/collection_test.go (MIT licence):
// each row is the Go table entry of that index: arguments, then the
// result (`Err(())`: the call fails).

use super::*;

/// go-cty `TestHasIndex` (collection_test.go): 12 cases.
#[test]
fn cty_has_index() {
    run(
        "hasindex",
        vec![
            (
                0,
                vec![Value::list_empty(Type::Number), Value::int(2)],
                Ok(Value::bool(false)),
            ),
            (
                1,
                vec![lv(vec![Value::bool(true)]), Value::int(0)],
                Ok(Value::bool(true)),
            ),
            (
                2,
                vec![lv(vec![Value::bool(true)]), Value::string("hello")],
                Ok(Value::bool(false)),
            ),
            (
                3,
                vec![Value::map_empty(Type::Bool), Value::string("hello")],
                Ok(Value::bool(false)),
            ),
            (
                4,
                vec![
                    mv(vec![("hello", Value::bool(true))]),
                    Value::string("hello"),
                ],
                Ok(Value::bool(true)),
            ),
            (
                5,
                vec![Value::empty_tuple(), Value::string("hello")],
                Ok(Value::bool(false)),
            ),
            (
                6,
                vec![Value::empty_tuple(), Value::int(0)],
                Ok(Value::bool(false)),
            ),
            (
                7,
                vec![Value::tuple(vec![Value::bool(true)]), Value::int(0)],
                Ok(Value::bool(true)),
            ),
            (
                8,
                vec![
                    Value::list_empty(Type::Number),
                    Value::unknown(Type::Number),
                ],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                9,
                vec![
                    Value::unknown(Type::list(Type::Bool)),
                    Value::unknown(Type::Number),
                ],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                10,
                vec![Value::list_empty(Type::Number), Value::dynamic()],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                11,
                vec![Value::dynamic(), Value::dynamic()],
                Ok(Value::unknown(Type::Bool)),
            ),
        ],
    );
}
/// go-cty `TestChunklist` (collection_test.go): 11 cases.
#[test]
fn cty_chunklist() {
    run(
        "chunklist",
        vec![
            (
                0,
                vec![Value::list_empty(Type::String), Value::int(2)],
                Ok(Value::list_empty(Type::list(Type::String))),
            ),
            (
                1,
                vec![Value::unknown(Type::list(Type::String)), Value::int(2)],
                Ok(Value::unknown(Type::list(Type::list(Type::String)))),
            ),
            (
                2,
                vec![lv(vec![Value::string("a")]), Value::int(2)],
                Ok(lv(vec![lv(vec![Value::string("a")])])),
            ),
            // case 3 not ported: method call Mark
            // case 4 not ported: method call Mark
            // case 5 not ported: method call Mark
            (
                6,
                vec![lv(vec![Value::unknown(Type::String)]), Value::int(2)],
                Ok(lv(vec![lv(vec![Value::unknown(Type::String)])])),
            ),
            (
                7,
                vec![
                    lv(vec![Value::string("a"), Value::string("b")]),
                    Value::int(2),
                ],
                Ok(lv(vec![lv(vec![Value::string("a"), Value::string("b")])])),
            ),
            (
                8,
                vec![
                    lv(vec![
                        Value::string("a"),
                        Value::string("b"),
                        Value::string("c"),
                    ]),
                    Value::int(2),
                ],
                Ok(lv(vec![
                    lv(vec![Value::string("a"), Value::string("b")]),
                    lv(vec![Value::string("c")]),
                ])),
            ),
            (
                9,
                vec![
                    lv(vec![
                        Value::string("a"),
                        Value::string("b"),
                        Value::string("c"),
                        Value::string("d"),
                        Value::string("e"),
                        Value::string("f"),
                    ]),
                    Value::int(2),
                ],
                Ok(lv(vec![
                    lv(vec![Value::string("a"), Value::string("b")]),
                    lv(vec![Value::string("c"), Value::string("d")]),
                    lv(vec![Value::string("e"), Value::string("f")]),
                ])),
            ),
            (
                10,
                vec![lv(vec![Value::string("a")]), Value::int(0)],
                Ok(lv(vec![lv(vec![Value::string("a")])])),
            ),
            // case 11 not ported: method call Mark
            // case 12 not ported: call cty.Zero.Mark
            // case 13 not ported: method call Mark
            (
                14,
                vec![Value::list_empty(Type::String), Value::int(-1)],
                Err(()),
            ),
            (
                15,
                vec![Value::list_empty(Type::String), inf(false)],
                Err(()),
            ),
            (
                16,
                vec![Value::list_empty(Type::String), nf(1.5_f64)],
                Err(()),
            ),
        ],
    );
}
/// go-cty `TestContains` (collection_test.go): 13 cases.
#[test]
fn cty_contains() {
    run(
        "contains",
        vec![
            (
                0,
                vec![
                    lv(vec![
                        Value::string("the"),
                        Value::string("quick"),
                        Value::string("brown"),
                        Value::string("fox"),
                    ]),
                    Value::string("the"),
                ],
                Ok(Value::bool(true)),
            ),
            (
                1,
                vec![
                    lv(vec![
                        Value::string("the"),
                        Value::string("quick"),
                        Value::string("brown"),
                        Value::unknown(Type::String),
                    ]),
                    Value::string("the"),
                ],
                Ok(Value::bool(true)),
            ),
            (
                2,
                vec![
                    lv(vec![
                        Value::string("the"),
                        Value::string("quick"),
                        Value::string("brown"),
                        Value::unknown(Type::String),
                    ]),
                    Value::string("orange"),
                ],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                3,
                vec![
                    lv(vec![
                        Value::string("the"),
                        Value::string("quick"),
                        Value::string("brown"),
                        Value::string("fox"),
                    ]),
                    Value::string("penguin"),
                ],
                Ok(Value::bool(false)),
            ),
            (
                4,
                vec![
                    lv(vec![
                        Value::int(1),
                        Value::int(2),
                        Value::int(3),
                        Value::int(4),
                    ]),
                    Value::int(1),
                ],
                Ok(Value::bool(true)),
            ),
            (
                5,
                vec![
                    lv(vec![
                        Value::int(1),
                        Value::int(2),
                        Value::int(3),
                        Value::int(4),
                    ]),
                    Value::int(42),
                ],
                Ok(Value::bool(false)),
            ),
            (
                6,
                vec![
                    lv(vec![
                        Value::int(1),
                        Value::int(2),
                        Value::int(3),
                        Value::int(4),
                    ]),
                    Value::string("1"),
                ],
                Ok(Value::bool(false)),
            ),
            (
                7,
                vec![
                    lv(vec![
                        Value::unknown(Type::String),
                        Value::string("quick"),
                        Value::string("brown"),
                        Value::string("fox"),
                    ]),
                    Value::string("quick"),
                ],
                Ok(Value::bool(true)),
            ),
            (
                8,
                vec![
                    lv(vec![
                        Value::unknown(Type::String),
                        Value::string("brown"),
                        Value::string("fox"),
                    ]),
                    Value::string("quick"),
                ],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                9,
                vec![
                    sv(vec![
                        Value::string("quick"),
                        Value::string("brown"),
                        Value::string("fox"),
                    ]),
                    Value::string("quick"),
                ],
                Ok(Value::bool(true)),
            ),
            (
                10,
                vec![
                    sv(vec![
                        Value::unknown(Type::String),
                        Value::string("brown"),
                        Value::string("fox"),
                    ]),
                    Value::string("quick"),
                ],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                11,
                vec![
                    lv(vec![ov(vec![("a", Value::unknown(Type::String))])]),
                    ov(vec![("a", Value::string("b"))]),
                ],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                12,
                vec![
                    Value::tuple(vec![
                        Value::string("quick"),
                        Value::string("brown"),
                        Value::int(3),
                    ]),
                    Value::int(3),
                ],
                Ok(Value::bool(true)),
            ),
        ],
    );
}
/// go-cty `TestMerge` (collection_test.go): 19 cases.
#[test]
fn cty_merge() {
    run(
        "merge",
        vec![
            (
                0,
                vec![
                    mv(vec![("a", Value::string("b"))]),
                    mv(vec![("c", Value::string("d"))]),
                ],
                Ok(mv(vec![
                    ("a", Value::string("b")),
                    ("c", Value::string("d")),
                ])),
            ),
            (
                1,
                vec![
                    mv(vec![("a", Value::unknown(Type::String))]),
                    mv(vec![("c", Value::string("d"))]),
                ],
                Ok(mv(vec![
                    ("a", Value::unknown(Type::String)),
                    ("c", Value::string("d")),
                ])),
            ),
            (
                2,
                vec![
                    Value::null(Type::map(Type::String)),
                    mv(vec![("c", Value::string("d"))]),
                ],
                Ok(mv(vec![("c", Value::string("d"))])),
            ),
            (
                3,
                vec![
                    Value::null(Type::map(Type::String)),
                    Value::null(Type::object(vec![("a", Type::list(Type::String))])),
                ],
                Ok(Value::empty_object()),
            ),
            (
                4,
                vec![Value::map_empty(Type::String)],
                Ok(Value::map_empty(Type::String)),
            ),
            (
                5,
                vec![
                    mv(vec![("c", Value::string("d"))]),
                    Value::null(Type::object(vec![("a", Type::list(Type::String))])),
                ],
                Ok(ov(vec![("c", Value::string("d"))])),
            ),
            (
                6,
                vec![
                    Value::unknown(Type::map(Type::String)),
                    mv(vec![("c", Value::string("d"))]),
                ],
                Ok(Value::unknown(Type::map(Type::String))),
            ),
            (
                7,
                vec![
                    Value::unknown(Type::Dynamic),
                    mv(vec![("c", Value::string("d"))]),
                ],
                Ok(Value::dynamic()),
            ),
            (
                8,
                vec![
                    mv(vec![("a", Value::string("b")), ("c", Value::string("d"))]),
                    mv(vec![("a", Value::string("x"))]),
                ],
                Ok(mv(vec![
                    ("a", Value::string("x")),
                    ("c", Value::string("d")),
                ])),
            ),
            (
                9,
                vec![
                    mv(vec![("a", Value::string("b")), ("c", Value::string("d"))]),
                    lv(vec![Value::string("a"), Value::string("x")]),
                ],
                Err(()),
            ),
            (
                10,
                vec![
                    mv(vec![("a", Value::string("b"))]),
                    Value::null(Type::String),
                ],
                Err(()),
            ),
            (
                11,
                vec![
                    mv(vec![("a", mv(vec![("b", Value::string("c"))]))]),
                    mv(vec![("d", mv(vec![("e", Value::string("f"))]))]),
                ],
                Ok(mv(vec![
                    ("a", mv(vec![("b", Value::string("c"))])),
                    ("d", mv(vec![("e", Value::string("f"))])),
                ])),
            ),
            (
                12,
                vec![
                    mv(vec![(
                        "a",
                        lv(vec![Value::string("b"), Value::string("c")]),
                    )]),
                    mv(vec![(
                        "d",
                        lv(vec![Value::string("e"), Value::string("f")]),
                    )]),
                ],
                Ok(mv(vec![
                    ("a", lv(vec![Value::string("b"), Value::string("c")])),
                    ("d", lv(vec![Value::string("e"), Value::string("f")])),
                ])),
            ),
            (
                13,
                vec![
                    mv(vec![(
                        "a",
                        lv(vec![Value::string("b"), Value::string("c")]),
                    )]),
                    mv(vec![("d", mv(vec![("e", Value::string("f"))]))]),
                ],
                Ok(ov(vec![
                    ("a", lv(vec![Value::string("b"), Value::string("c")])),
                    ("d", mv(vec![("e", Value::string("f"))])),
                ])),
            ),
            (
                14,
                vec![
                    ov(vec![("a", lv(vec![Value::string("b")]))]),
                    ov(vec![("d", Value::dynamic())]),
                ],
                Ok(ov(vec![
                    ("a", lv(vec![Value::string("b")])),
                    ("d", Value::dynamic()),
                ])),
            ),
            (
                15,
                vec![
                    mv(vec![("a", lv(vec![Value::string("b")]))]),
                    ov(vec![("d", Value::int(2))]),
                ],
                Ok(ov(vec![
                    ("a", lv(vec![Value::string("b")])),
                    ("d", Value::int(2)),
                ])),
            ),
            (
                16,
                vec![
                    ov(vec![
                        ("a", lv(vec![Value::string("b")])),
                        ("b", Value::string("b")),
                    ]),
                    ov(vec![("a", ov(vec![("e", Value::string("f"))]))]),
                ],
                Ok(ov(vec![
                    ("a", ov(vec![("e", Value::string("f"))])),
                    ("b", Value::string("b")),
                ])),
            ),
            (
                17,
                vec![
                    mv(vec![(
                        "a",
                        lv(vec![Value::string("b"), Value::string("c")]),
                    )]),
                    lv(vec![Value::string("d"), Value::string("e")]),
                ],
                Err(()),
            ),
            (
                18,
                vec![
                    Value::map_empty(Type::String),
                    Value::map_empty(Type::String),
                ],
                Ok(Value::map_empty(Type::String)),
            ),
            // case 19 not ported: method call Mark
            // case 20 not ported: method call Mark
            // case 21 not ported: method call Mark
        ],
    );
}
/// go-cty `TestIndex` (collection_test.go): 10 cases.
#[test]
fn cty_index() {
    run(
        "index",
        vec![
            (
                0,
                vec![lv(vec![Value::bool(true)]), Value::int(0)],
                Ok(Value::bool(true)),
            ),
            (
                1,
                vec![
                    mv(vec![("hello", Value::bool(true))]),
                    Value::string("hello"),
                ],
                Ok(Value::bool(true)),
            ),
            (
                2,
                vec![
                    Value::tuple(vec![Value::bool(true), Value::string("hello")]),
                    Value::int(0),
                ],
                Ok(Value::bool(true)),
            ),
            (
                3,
                vec![
                    Value::tuple(vec![Value::bool(true), Value::string("hello")]),
                    Value::int(1),
                ],
                Ok(Value::string("hello")),
            ),
            (
                4,
                vec![
                    Value::list_empty(Type::Number),
                    Value::unknown(Type::Number),
                ],
                Ok(Value::unknown(Type::Number)),
            ),
            (
                5,
                vec![
                    Value::unknown(Type::list(Type::Bool)),
                    Value::unknown(Type::Number),
                ],
                Ok(Value::unknown(Type::Bool)),
            ),
            (
                6,
                vec![Value::list_empty(Type::Number), Value::dynamic()],
                Ok(Value::unknown(Type::Number)),
            ),
            (
                7,
                vec![Value::map_empty(Type::Number), Value::dynamic()],
                Ok(Value::unknown(Type::Number)),
            ),
            (
                8,
                vec![Value::dynamic(), Value::string("hello")],
                Ok(Value::dynamic()),
            ),
            (
                9,
                vec![Value::dynamic(), Value::dynamic()],
                Ok(Value::dynamic()),
            ),
        ],
    );
}
/// go-cty `TestLength` (collection_test.go): 13 cases.
#[test]
fn cty_length() {
    run(
        "length",
        vec![
            (0, vec![Value::list_empty(Type::Number)], Ok(Value::int(0))),
            (1, vec![lv(vec![Value::bool(true)])], Ok(Value::int(1))),
            (2, vec![Value::set_empty(Type::Number)], Ok(Value::int(0))),
            (3, vec![sv(vec![Value::bool(true)])], Ok(Value::int(1))),
            (
                4,
                vec![sv(vec![Value::bool(true), Value::bool(false)])],
                Ok(Value::int(2)),
            ),
            (
                5,
                vec![sv(vec![Value::bool(true), Value::unknown(Type::Bool)])],
                Ok(Value::unknown(Type::Number)),
            ),
            (
                6,
                vec![sv(vec![Value::unknown(Type::Bool)])],
                Ok(Value::int(1)),
            ),
            (7, vec![Value::map_empty(Type::Bool)], Ok(Value::int(0))),
            (
                8,
                vec![mv(vec![("hello", Value::bool(true))])],
                Ok(Value::int(1)),
            ),
            (9, vec![Value::empty_tuple()], Ok(Value::int(0))),
            (
                10,
                vec![Value::tuple(vec![Value::bool(true)])],
                Ok(Value::int(1)),
            ),
            (
                11,
                vec![Value::unknown(Type::list(Type::Bool))],
                Ok(Value::unknown(Type::Number)),
            ),
            (12, vec![Value::dynamic()], Ok(Value::unknown(Type::Number))),
            // case 13 not ported: method call Mark
            // case 14 not ported: method call Mark
        ],
    );
}
/// go-cty `TestLookup` (collection_test.go): 2 cases.
#[test]
fn cty_lookup() {
    run(
        "lookup",
        vec![
            (
                0,
                vec![
                    Value::map_empty(Type::String),
                    Value::string("baz"),
                    Value::string("foo"),
                ],
                Ok(Value::string("foo")),
            ),
            (
                1,
                vec![
                    mv(vec![("foo", Value::string("bar"))]),
                    Value::string("foo"),
                    Value::string("nope"),
                ],
                Ok(Value::string("bar")),
            ),
            // case 2 not ported: method call Mark
            // case 3 not ported: method call Mark
            // case 4 not ported: method call Mark
            // case 5 not ported: method call Mark
            // case 6 not ported: method call Mark
            // case 7 not ported: method call Mark
            // case 8 not ported: method call Mark
        ],
    );
}
/// go-cty `TestElement` (collection_test.go, v1.12.1, with the negative
/// index rows of v1.18).
#[test]
fn cty_element() {
    run(
        "element",
        vec![
            (
                0,
                vec![
                    lv(vec![
                        Value::string("the"),
                        Value::string("quick"),
                        Value::string("brown"),
                        Value::string("fox"),
                    ]),
                    Value::int(2),
                ],
                Ok(Value::string("brown")),
            ),
            (
                1,
                vec![
                    lv(vec![
                        Value::string("the"),
                        Value::string("quick"),
                        Value::string("brown"),
                        Value::string("fox"),
                    ]),
                    Value::int(5),
                ],
                Ok(Value::string("quick")),
            ),
            (
                2,
                vec![
                    lv(vec![
                        lv(vec![
                            Value::string("the"),
                            Value::string("quick"),
                            Value::string("brown"),
                            Value::string("fox"),
                        ]),
                        lv(vec![
                            Value::string("the"),
                            Value::string("quick"),
                            Value::string("brown"),
                            Value::string("fox"),
                        ]),
                    ]),
                    Value::int(0),
                ],
                Ok(lv(vec![
                    Value::string("the"),
                    Value::string("quick"),
                    Value::string("brown"),
                    Value::string("fox"),
                ])),
            ),
            (
                3,
                vec![
                    lv(vec![
                        Value::string("the"),
                        Value::string("quick"),
                        Value::string("brown"),
                        Value::string("fox"),
                    ]),
                    Value::unknown(Type::Number),
                ],
                Ok(Value::unknown(Type::String)),
            ),
            (
                4,
                vec![
                    lv(vec![
                        Value::int(1),
                        Value::int(2),
                        Value::int(3),
                        Value::int(4),
                    ]),
                    Value::int(2),
                ],
                Ok(Value::int(3)),
            ),
            (
                5,
                vec![
                    lv(vec![
                        Value::string("the"),
                        Value::string("quick"),
                        Value::string("brown"),
                        Value::unknown(Type::String),
                    ]),
                    Value::int(2),
                ],
                Ok(Value::string("brown")),
            ),
            (
                6,
                vec![
                    lv(vec![
                        Value::string("the"),
                        Value::string("quick"),
                        Value::string("brown"),
                        Value::unknown(Type::String),
                    ]),
                    Value::int(3),
                ],
                Ok(Value::unknown(Type::String)),
            ),
            // case 7 not ported: method call Mark
            // case 8 not ported: method call Mark
            // case 9 not ported: call listWithMarks.Mark
            (
                10,
                vec![
                    lv(vec![
                        Value::string("the"),
                        Value::string("quick"),
                        Value::string("brown"),
                        Value::string("fox"),
                    ]),
                    Value::int(-1),
                ],
                // go-cty 1.15 (as HCL v2.24 builds have it): a negative
                // index counts from the end; the rows after it are that
                // table's (go-cty v1.18 collection_test.go).
                Ok(Value::string("fox")),
            ),
            (
                10,
                vec![
                    lv(vec![
                        Value::string("the"),
                        Value::string("quick"),
                        Value::string("brown"),
                        Value::string("fox"),
                    ]),
                    Value::int(-6),
                ],
                Ok(Value::string("brown")),
            ),
            (
                10,
                vec![
                    lv(vec![
                        Value::string("the"),
                        Value::string("quick"),
                        Value::string("brown"),
                        Value::string("fox"),
                    ]),
                    Value::int(i64::MIN),
                ],
                Ok(Value::string("the")),
            ),
            (
                10,
                vec![
                    lv(vec![
                        Value::string("the"),
                        Value::string("quick"),
                        Value::string("brown"),
                        Value::string("fox"),
                    ]),
                    Value::int(i64::MAX),
                ],
                Ok(Value::string("fox")),
            ),
            (
                11,
                vec![
                    lv(vec![
                        Value::string("the"),
                        Value::string("quick"),
                        Value::string("brown"),
                        Value::string("fox"),
                    ]),
                    Value::string("brown"),
                ],
                Err(()),
            ),
        ],
    );
}
