// Ported from go-cty v1.12.1 cty/function/stdlib/regexp_test.go (MIT licence):
// each row is the Go table entry of that index: arguments, then the
// result (`Err(())`: the call fails).

use super::*;

/// go-cty `TestRegex` (regexp_test.go): 6 cases.
#[test]
fn cty_regex() {
    run(
        "regex",
        vec![
            (
                0,
                vec![Value::string("[a-z]+"), Value::string("135abc456def789")],
                Ok(Value::string("abc")),
            ),
            (
                1,
                vec![
                    Value::string("([0-9]*)([a-z]*)"),
                    Value::string("135abc456def"),
                ],
                Ok(Value::tuple(vec![
                    Value::string("135"),
                    Value::string("abc"),
                ])),
            ),
            (
                2,
                vec![
                    Value::string(
                        r##"^(?:(?P<scheme>[^:/?#]+):)?(?://(?P<authority>[^/?#]*))?(?P<path>[^?#]*)(?:\?(?P<query>[^#]*))?(?:#(?P<fragment>.*))?"##,
                    ),
                    Value::string("http://www.ics.uci.edu/pub/ietf/uri/#Related"),
                ],
                Ok(ov(vec![
                    ("scheme", Value::string("http")),
                    ("authority", Value::string("www.ics.uci.edu")),
                    ("path", Value::string("/pub/ietf/uri/")),
                    ("query", Value::null(Type::String)),
                    ("fragment", Value::string("Related")),
                ])),
            ),
            (
                3,
                vec![
                    Value::string("([0-9]*)([a-z]*)"),
                    Value::unknown(Type::String),
                ],
                Ok(Value::unknown(Type::tuple(vec![
                    Type::String,
                    Type::String,
                ]))),
            ),
            (
                4,
                vec![
                    Value::string("(?P<num>[0-9]*)"),
                    Value::unknown(Type::String),
                ],
                Ok(Value::unknown(Type::object(vec![("num", Type::String)]))),
            ),
            (
                5,
                vec![Value::unknown(Type::String), Value::string("135abc456def")],
                Ok(Value::dynamic()),
            ),
            // case 6 not ported: method call Mark
            // case 7 not ported: method call Mark
        ],
    );
}
/// go-cty `TestRegexAll` (regexp_test.go): 6 cases.
#[test]
fn cty_regex_all() {
    run(
        "regexall",
        vec![
            (
                0,
                vec![Value::string("[a-z]+"), Value::string("135abc456def789")],
                Ok(lv(vec![Value::string("abc"), Value::string("def")])),
            ),
            (
                1,
                vec![
                    Value::string("([0-9]*)([a-z]*)"),
                    Value::string("135abc456def"),
                ],
                Ok(lv(vec![
                    Value::tuple(vec![Value::string("135"), Value::string("abc")]),
                    Value::tuple(vec![Value::string("456"), Value::string("def")]),
                ])),
            ),
            (
                2,
                vec![
                    Value::string(
                        r##"^(?:(?P<scheme>[^:/?#]+):)?(?://(?P<authority>[^/?#]*))?(?P<path>[^?#]*)(?:\?(?P<query>[^#]*))?(?:#(?P<fragment>.*))?"##,
                    ),
                    Value::string("http://www.ics.uci.edu/pub/ietf/uri/#Related"),
                ],
                Ok(lv(vec![ov(vec![
                    ("scheme", Value::string("http")),
                    ("authority", Value::string("www.ics.uci.edu")),
                    ("path", Value::string("/pub/ietf/uri/")),
                    ("query", Value::null(Type::String)),
                    ("fragment", Value::string("Related")),
                ])])),
            ),
            (
                3,
                vec![
                    Value::string("([0-9]*)([a-z]*)"),
                    Value::unknown(Type::String),
                ],
                Ok(Value::unknown(Type::list(Type::tuple(vec![
                    Type::String,
                    Type::String,
                ])))),
            ),
            (
                4,
                vec![
                    Value::string("(?P<num>[0-9]*)"),
                    Value::unknown(Type::String),
                ],
                Ok(Value::unknown(Type::list(Type::object(vec![(
                    "num",
                    Type::String,
                )])))),
            ),
            (
                5,
                vec![Value::unknown(Type::String), Value::string("135abc456def")],
                Ok(Value::unknown(Type::list(Type::Dynamic))),
            ),
        ],
    );
}
