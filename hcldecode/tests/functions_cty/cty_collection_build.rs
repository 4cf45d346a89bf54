// Ported from go-cty v1.12.1 cty/function/stdlib/collection_test.go (MIT licence):
// the functions that build collections (coalescelist, values, zipmap, keys,
// flatten, setproduct, reverse, slice); each row is the Go table entry of
// that index: arguments, then the result (`Err(())`: the call fails).

use super::*;

/// go-cty `TestCoalesceList` (collection_test.go): 9 cases.
#[test]
fn cty_coalesce_list() {
    run(
        "coalescelist",
        vec![
            (
                0,
                vec![
                    lv(vec![Value::string("a"), Value::string("b")]),
                    lv(vec![Value::string("c"), Value::string("d")]),
                ],
                Ok(lv(vec![Value::string("a"), Value::string("b")])),
            ),
            (
                1,
                vec![
                    Value::list_empty(Type::String),
                    lv(vec![Value::string("c"), Value::string("d")]),
                ],
                Ok(lv(vec![Value::string("c"), Value::string("d")])),
            ),
            (
                2,
                vec![
                    Value::list_empty(Type::String),
                    lv(vec![Value::int(3), Value::int(4)]),
                ],
                Ok(lv(vec![Value::int(3), Value::int(4)])),
            ),
            (
                3,
                vec![
                    Value::empty_tuple(),
                    Value::tuple(vec![Value::string("c"), Value::string("d")]),
                ],
                Ok(Value::tuple(vec![Value::string("c"), Value::string("d")])),
            ),
            (
                4,
                vec![
                    Value::unknown(Type::list(Type::String)),
                    lv(vec![Value::string("c"), Value::string("d")]),
                ],
                Ok(Value::dynamic()),
            ),
            (
                5,
                vec![
                    Value::null(Type::list(Type::String)),
                    lv(vec![Value::string("c"), Value::string("d")]),
                ],
                Ok(lv(vec![Value::string("c"), Value::string("d")])),
            ),
            (
                6,
                vec![
                    Value::null(Type::list(Type::String)),
                    Value::null(Type::list(Type::String)),
                ],
                Err(()),
            ),
            (
                7,
                vec![
                    mv(vec![("a", Value::bool(true))]),
                    ov(vec![("b", Value::bool(false))]),
                ],
                Err(()),
            ),
            (8, vec![], Err(())),
        ],
    );
}
/// go-cty `TestValues` (collection_test.go): 9 cases.
#[test]
fn cty_values() {
    run(
        "values",
        vec![
            (
                0,
                vec![Value::map_empty(Type::String)],
                Ok(Value::list_empty(Type::String)),
            ),
            // case 1 not ported: method call Mark
            (2, vec![Value::null(Type::map(Type::String))], Err(())),
            (
                3,
                vec![Value::unknown(Type::map(Type::String))],
                Ok(Value::unknown(Type::list(Type::String))),
            ),
            (
                4,
                vec![mv(vec![("hello", Value::string("world"))])],
                Ok(lv(vec![Value::string("world")])),
            ),
            // case 5 not ported: method call Mark
            // case 6 not ported: method call Mark
            // case 7 not ported: method call Mark
            (
                8,
                vec![ov(vec![("hello", Value::string("world"))])],
                Ok(Value::tuple(vec![Value::string("world")])),
            ),
            (9, vec![Value::empty_object()], Ok(Value::empty_tuple())),
            // case 10 not ported: call cty.EmptyObjectVal.Mark
            (11, vec![Value::null(Type::empty_object())], Err(())),
            (
                12,
                vec![Value::unknown(Type::empty_object())],
                Ok(Value::unknown(Type::empty_tuple())),
            ),
            (
                13,
                vec![Value::unknown(Type::object(vec![("a", Type::String)]))],
                Ok(Value::unknown(Type::tuple(vec![Type::String]))),
            ),
            // case 14 not ported: method call Mark
            // case 15 not ported: method call Mark
            // case 16 not ported: method call Mark
        ],
    );
}
/// go-cty `TestZipMap` (collection_test.go): 16 cases.
#[test]
fn cty_zip_map() {
    run(
        "zipmap",
        vec![
            (
                0,
                vec![
                    Value::list_empty(Type::String),
                    Value::list_empty(Type::String),
                ],
                Ok(Value::map_empty(Type::String)),
            ),
            (
                1,
                vec![
                    lv(vec![Value::string("bleep")]),
                    lv(vec![Value::string("bloop")]),
                ],
                Ok(mv(vec![("bleep", Value::string("bloop"))])),
            ),
            (
                2,
                vec![
                    lv(vec![Value::string("bleep"), Value::string("beep")]),
                    lv(vec![Value::string("bloop"), Value::string("boop")]),
                ],
                Ok(mv(vec![
                    ("beep", Value::string("boop")),
                    ("bleep", Value::string("bloop")),
                ])),
            ),
            (
                3,
                vec![
                    Value::unknown(Type::list(Type::String)),
                    Value::unknown(Type::list(Type::String)),
                ],
                Ok(Value::unknown(Type::map(Type::String))),
            ),
            (
                4,
                vec![
                    Value::unknown(Type::list(Type::String)),
                    Value::list_empty(Type::String),
                ],
                Ok(Value::unknown(Type::map(Type::String))),
            ),
            (
                5,
                vec![
                    Value::list_empty(Type::String),
                    Value::unknown(Type::list(Type::String)),
                ],
                Ok(Value::unknown(Type::map(Type::String))),
            ),
            // case 6 not ported: method call Mark
            // case 7 not ported: method call Mark
            // case 8 not ported: method call Mark
            // case 9 not ported: method call Mark
            // case 10 not ported: method call Mark
            (
                11,
                vec![
                    lv(vec![Value::string("boop")]),
                    Value::list_empty(Type::String),
                ],
                Err(()),
            ),
            (
                12,
                vec![
                    Value::list_empty(Type::String),
                    lv(vec![Value::string("boop")]),
                ],
                Err(()),
            ),
            (
                13,
                vec![Value::list_empty(Type::String), Value::empty_tuple()],
                Ok(Value::empty_object()),
            ),
            (
                14,
                vec![
                    lv(vec![Value::string("bleep")]),
                    Value::tuple(vec![Value::string("bloop")]),
                ],
                Ok(ov(vec![("bleep", Value::string("bloop"))])),
            ),
            (
                15,
                vec![
                    lv(vec![Value::string("bleep"), Value::string("beep")]),
                    Value::tuple(vec![Value::string("bloop"), Value::string("boop")]),
                ],
                Ok(ov(vec![
                    ("beep", Value::string("boop")),
                    ("bleep", Value::string("bloop")),
                ])),
            ),
            (
                16,
                vec![
                    Value::unknown(Type::list(Type::String)),
                    Value::unknown(Type::empty_tuple()),
                ],
                Ok(Value::dynamic()),
            ),
            (
                17,
                vec![
                    Value::unknown(Type::list(Type::String)),
                    Value::empty_tuple(),
                ],
                Ok(Value::dynamic()),
            ),
            (
                18,
                vec![
                    Value::list_empty(Type::String),
                    Value::unknown(Type::empty_tuple()),
                ],
                Ok(Value::unknown(Type::empty_object())),
            ),
            // case 19 not ported: method call Mark
            // case 20 not ported: method call Mark
            // case 21 not ported: method call Mark
            // case 22 not ported: method call Mark
            // case 23 not ported: method call Mark
            (
                24,
                vec![lv(vec![Value::string("boop")]), Value::empty_tuple()],
                Err(()),
            ),
            (
                25,
                vec![
                    Value::list_empty(Type::String),
                    Value::tuple(vec![Value::string("boop")]),
                ],
                Err(()),
            ),
        ],
    );
}
/// go-cty `TestKeys` (collection_test.go): 8 cases.
#[test]
fn cty_keys() {
    run(
        "keys",
        vec![
            (
                0,
                vec![Value::map_empty(Type::String)],
                Ok(Value::list_empty(Type::String)),
            ),
            // case 1 not ported: method call Mark
            (2, vec![Value::null(Type::map(Type::String))], Err(())),
            (
                3,
                vec![mv(vec![("hello", Value::string("world"))])],
                Ok(lv(vec![Value::string("hello")])),
            ),
            // case 4 not ported: method call Mark
            // case 5 not ported: method call Mark
            // case 6 not ported: method call Mark
            (
                7,
                vec![ov(vec![("hello", Value::string("world"))])],
                Ok(Value::tuple(vec![Value::string("hello")])),
            ),
            (8, vec![Value::empty_object()], Ok(Value::empty_tuple())),
            // case 9 not ported: call cty.EmptyObjectVal.Mark
            (10, vec![Value::null(Type::empty_object())], Err(())),
            (
                11,
                vec![Value::unknown(Type::empty_object())],
                Ok(Value::empty_tuple()),
            ),
            (
                12,
                vec![Value::unknown(Type::object(vec![("a", Type::String)]))],
                Ok(Value::tuple(vec![Value::string("a")])),
            ),
            // case 13 not ported: method call Mark
            // case 14 not ported: method call Mark
            // case 15 not ported: method call Mark
        ],
    );
}
/// go-cty `TestFlatten` (collection_test.go): 19 cases.
#[test]
fn cty_flatten() {
    run(
        "flatten",
        vec![
            (
                0,
                vec![Value::list_empty(Type::String)],
                Ok(Value::empty_tuple()),
            ),
            (
                1,
                vec![lv(vec![
                    lv(vec![Value::unknown(Type::String), Value::string("a")]),
                    lv(vec![
                        Value::unknown(Type::String),
                        Value::string("b"),
                        Value::unknown(Type::String),
                    ]),
                ])],
                Ok(Value::tuple(vec![
                    Value::unknown(Type::String),
                    Value::string("a"),
                    Value::unknown(Type::String),
                    Value::string("b"),
                    Value::unknown(Type::String),
                ])),
            ),
            (
                2,
                vec![Value::unknown(Type::list(Type::list(Type::String)))],
                Ok(Value::unknown(Type::Dynamic)),
            ),
            (3, vec![Value::map_empty(Type::String)], Err(())),
            // case 4 not ported: method call Mark
            // case 5 not ported: method call Mark
            // case 6 not ported: method call Mark
            // case 7 not ported: method call Mark
            // case 8 not ported: method call Mark
            (
                9,
                vec![Value::list_empty(Type::Number)],
                Ok(Value::empty_tuple()),
            ),
            (10, vec![lv(vec![Value::dynamic()])], Ok(Value::dynamic())),
            // case 11 not ported: method call Mark
            (
                12,
                vec![Value::tuple(vec![
                    lv(vec![ov(vec![("blop", lv(vec![Value::dynamic()]))])]),
                    lv(vec![ov(vec![("bloop", Value::dynamic())])]),
                ])],
                Ok(Value::tuple(vec![
                    ov(vec![("blop", lv(vec![Value::dynamic()]))]),
                    ov(vec![("bloop", Value::dynamic())]),
                ])),
            ),
            (
                13,
                vec![lv(vec![
                    lv(vec![ov(vec![("bloop", Value::dynamic())])]),
                    lv(vec![ov(vec![("bloop", Value::dynamic())])]),
                ])],
                Ok(Value::tuple(vec![
                    ov(vec![("bloop", Value::dynamic())]),
                    ov(vec![("bloop", Value::dynamic())]),
                ])),
            ),
            (
                14,
                vec![Value::tuple(vec![
                    Value::string("a"),
                    lv(vec![Value::string("b")]),
                    Value::tuple(vec![
                        lv(vec![Value::string("c")]),
                        lv(vec![Value::string("d"), Value::string("e")]),
                    ]),
                ])],
                Ok(Value::tuple(vec![
                    Value::string("a"),
                    Value::string("b"),
                    Value::string("c"),
                    Value::string("d"),
                    Value::string("e"),
                ])),
            ),
            (
                15,
                vec![Value::tuple(vec![
                    Value::tuple(vec![Value::string("a"), Value::string("b")]),
                    Value::null(Type::Dynamic),
                    Value::tuple(vec![Value::string("c")]),
                ])],
                Ok(Value::tuple(vec![
                    Value::string("a"),
                    Value::string("b"),
                    Value::null(Type::Dynamic),
                    Value::string("c"),
                ])),
            ),
            (
                16,
                vec![Value::tuple(vec![
                    Value::tuple(vec![Value::string("a"), Value::string("b")]),
                    Value::dynamic(),
                    Value::tuple(vec![Value::string("c")]),
                ])],
                Ok(Value::unknown(Type::Dynamic)),
            ),
            (
                17,
                vec![Value::tuple(vec![
                    Value::null(Type::Dynamic),
                    Value::bool(true),
                ])],
                Ok(Value::tuple(vec![
                    Value::null(Type::Dynamic),
                    Value::bool(true),
                ])),
            ),
            (
                18,
                vec![Value::tuple(vec![
                    Value::null(Type::String),
                    Value::bool(true),
                ])],
                Ok(Value::tuple(vec![
                    Value::null(Type::String),
                    Value::bool(true),
                ])),
            ),
            (
                19,
                vec![Value::tuple(vec![
                    Value::null(Type::list(Type::String)),
                    Value::bool(true),
                ])],
                Ok(Value::tuple(vec![
                    Value::null(Type::list(Type::String)),
                    Value::bool(true),
                ])),
            ),
            (
                20,
                vec![Value::tuple(vec![
                    Value::null(Type::empty_tuple()),
                    Value::bool(true),
                ])],
                Ok(Value::tuple(vec![
                    Value::null(Type::empty_tuple()),
                    Value::bool(true),
                ])),
            ),
            (
                21,
                vec![Value::tuple(vec![
                    Value::tuple(vec![Value::null(Type::Dynamic)]),
                    Value::bool(true),
                ])],
                Ok(Value::tuple(vec![
                    Value::null(Type::Dynamic),
                    Value::bool(true),
                ])),
            ),
            (
                22,
                vec![Value::tuple(vec![
                    Value::tuple(vec![Value::null(Type::String)]),
                    Value::bool(true),
                ])],
                Ok(Value::tuple(vec![
                    Value::null(Type::String),
                    Value::bool(true),
                ])),
            ),
            (
                23,
                vec![Value::tuple(vec![
                    Value::tuple(vec![Value::null(Type::list(Type::String))]),
                    Value::bool(true),
                ])],
                Ok(Value::tuple(vec![
                    Value::null(Type::list(Type::String)),
                    Value::bool(true),
                ])),
            ),
            (
                24,
                vec![Value::tuple(vec![
                    Value::tuple(vec![Value::null(Type::empty_tuple())]),
                    Value::bool(true),
                ])],
                Ok(Value::tuple(vec![
                    Value::null(Type::empty_tuple()),
                    Value::bool(true),
                ])),
            ),
        ],
    );
}
/// go-cty `TestSetproduct` (collection_test.go): 9 cases.
#[test]
fn cty_setproduct() {
    run(
        "setproduct",
        vec![
            (0, vec![Value::list_empty(Type::String)], Err(())),
            (
                1,
                vec![
                    Value::list_empty(Type::empty_object()),
                    lv(vec![Value::string("quick"), Value::string("fox")]),
                ],
                Ok(Value::list_empty(Type::tuple(vec![
                    Type::empty_object(),
                    Type::String,
                ]))),
            ),
            (
                2,
                vec![
                    Value::set_empty(Type::empty_object()),
                    sv(vec![Value::string("quick"), Value::string("fox")]),
                ],
                Ok(Value::set_empty(Type::tuple(vec![
                    Type::empty_object(),
                    Type::String,
                ]))),
            ),
            (
                3,
                vec![
                    Value::list_empty(Type::empty_object()),
                    Value::list_empty(Type::empty_object()),
                ],
                Ok(Value::list_empty(Type::tuple(vec![
                    Type::empty_object(),
                    Type::empty_object(),
                ]))),
            ),
            (
                4,
                vec![
                    Value::set_empty(Type::empty_object()),
                    Value::set_empty(Type::empty_object()),
                ],
                Ok(Value::set_empty(Type::tuple(vec![
                    Type::empty_object(),
                    Type::empty_object(),
                ]))),
            ),
            (
                5,
                vec![
                    lv(vec![Value::list_empty(Type::String)]),
                    lv(vec![Value::list_empty(Type::String)]),
                ],
                Ok(lv(vec![Value::tuple(vec![
                    Value::list_empty(Type::String),
                    Value::list_empty(Type::String),
                ])])),
            ),
            (
                6,
                vec![
                    sv(vec![Value::list_empty(Type::String)]),
                    sv(vec![Value::list_empty(Type::String)]),
                ],
                Ok(sv(vec![Value::tuple(vec![
                    Value::list_empty(Type::String),
                    Value::list_empty(Type::String),
                ])])),
            ),
            // case 7 not ported: method call Mark
            (
                8,
                vec![
                    Value::tuple(vec![Value::string("the"), Value::string("brown")]),
                    Value::tuple(vec![Value::string("fox"), Value::int(3)]),
                ],
                Ok(lv(vec![
                    Value::tuple(vec![Value::string("the"), Value::string("fox")]),
                    Value::tuple(vec![Value::string("the"), Value::string("3")]),
                    Value::tuple(vec![Value::string("brown"), Value::string("fox")]),
                    Value::tuple(vec![Value::string("brown"), Value::string("3")]),
                ])),
            ),
            (
                9,
                vec![
                    sv(vec![Value::string("the"), Value::string("brown")]),
                    sv(vec![Value::string("quick"), Value::string("fox")]),
                ],
                Ok(sv(vec![
                    Value::tuple(vec![Value::string("the"), Value::string("quick")]),
                    Value::tuple(vec![Value::string("the"), Value::string("fox")]),
                    Value::tuple(vec![Value::string("brown"), Value::string("quick")]),
                    Value::tuple(vec![Value::string("brown"), Value::string("fox")]),
                ])),
            ),
            // case 10 not ported: method call Mark
            // case 11 not ported: method call Mark
            // case 12 not ported: method call Mark
            // case 13 not ported: method call Mark
            // case 14 not ported: method call Mark
            // case 15 not ported: method call Mark
            // case 16 not ported: method call Mark
            // case 17 not ported: method call Mark
            // case 18 not ported: method call Mark
            // case 19 not ported: method call Mark
            // case 20 not ported: method call Mark
        ],
    );
}
/// go-cty `TestReverseList` (collection_test.go): 2 cases.
#[test]
fn cty_reverse_list() {
    run(
        "reverselist",
        vec![
            // case 0 not ported: cty.NilVal argument (no equivalent)
            (
                1,
                vec![Value::list_empty(Type::String)],
                Ok(Value::list_empty(Type::String)),
            ),
            // case 2 not ported: method call Mark
            (
                3,
                vec![Value::unknown(Type::list(Type::String))],
                Ok(Value::unknown(Type::list(Type::String))),
            ),
            // case 4 not ported: method call Mark
            // case 5 not ported: method call Mark
            // case 6 not ported: method call Mark
            // case 7 not ported: method call Mark
        ],
    );
}
/// go-cty `TestSlice` (collection_test.go): 1 cases.
#[test]
fn cty_slice() {
    run(
        "slice",
        vec![
            (
                0,
                vec![
                    lv(vec![
                        Value::string("a"),
                        Value::string("b"),
                        Value::string("c"),
                    ]),
                    Value::int(0),
                    Value::int(2),
                ],
                Ok(lv(vec![Value::string("a"), Value::string("b")])),
            ),
            // case 1 not ported: method call Mark
            // case 2 not ported: method call Mark
        ],
    );
}
