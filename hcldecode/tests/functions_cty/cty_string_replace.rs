// Ported from go-cty v1.12.1 cty/function/stdlib/string_replace_test.go (MIT licence):
// each row is the Go table entry of that index: arguments, then the
// result (`Err(())`: the call fails).

use super::*;

/// go-cty `TestReplace` (string_replace_test.go): 3 cases.
#[test]
fn cty_replace() {
    run(
        "replace",
        vec![
            (
                0,
                vec![
                    Value::string("hello"),
                    Value::string("l"),
                    Value::string(""),
                ],
                Ok(Value::string("heo")),
            ),
            (
                1,
                vec![
                    Value::string("😸😸😸😾😾😾"),
                    Value::string("😾"),
                    Value::string("😸"),
                ],
                Ok(Value::string("😸😸😸😸😸😸")),
            ),
            (
                2,
                vec![
                    Value::string("😸😸😸😸😸😾"),
                    Value::string("😾"),
                    Value::string("😸"),
                ],
                Ok(Value::string("😸😸😸😸😸😸")),
            ),
        ],
    );
}
/// go-cty `TestRegexReplace` (string_replace_test.go): 2 cases.
#[test]
fn cty_regex_replace() {
    run(
        "regex_replace",
        vec![
            (
                0,
                vec![
                    Value::string("-ab-axxb-"),
                    Value::string("a(x*)b"),
                    Value::string("T"),
                ],
                Ok(Value::string("-T-T-")),
            ),
            (
                1,
                vec![
                    Value::string("-ab-axxb-"),
                    Value::string("a(x*)b"),
                    Value::string("${1}W"),
                ],
                Ok(Value::string("-W-xxW-")),
            ),
        ],
    );
}
