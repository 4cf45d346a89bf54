// Ported from go-cty v1.12.1 cty/function/stdlib/datetime_test.go (MIT licence):
// each row is the Go table entry of that index: arguments, then the
// result (`Err(())`: the call fails).

use super::*;

/// go-cty `TestFormatDate` (datetime_test.go): 21 cases.
#[test]
fn cty_format_date() {
    run(
        "formatdate",
        vec![
            (
                0,
                vec![Value::string(""), Value::string("2006-01-02T15:04:05Z")],
                Ok(Value::string("")),
            ),
            (
                1,
                vec![
                    Value::string("YYYY-MM-DD"),
                    Value::string("2006-01-02T15:04:05Z"),
                ],
                Ok(Value::string("2006-01-02")),
            ),
            (
                2,
                vec![
                    Value::string("EEE, MMM D ''YY"),
                    Value::string("2006-01-02T15:04:05Z"),
                ],
                Ok(Value::string("Mon, Jan 2 '06")),
            ),
            (
                3,
                vec![
                    Value::string("hh:mm:ss"),
                    Value::string("2006-01-02T15:04:05Z"),
                ],
                Ok(Value::string("15:04:05")),
            ),
            (
                4,
                vec![
                    Value::string("H 'o''clock' AA"),
                    Value::string("2006-01-02T15:04:05Z"),
                ],
                Ok(Value::string("3 o'clock PM")),
            ),
            (
                5,
                vec![
                    Value::string("H 'o''clock'"),
                    Value::string("2006-01-02T15:04:05Z"),
                ],
                Ok(Value::string("3 o'clock")),
            ),
            (
                6,
                vec![
                    Value::string("hh:mm:ssZZZZ"),
                    Value::string("2006-01-02T15:04:05Z"),
                ],
                Ok(Value::string("15:04:05+0000")),
            ),
            (
                7,
                vec![
                    Value::string("hh:mm:ssZZZZZ"),
                    Value::string("2006-01-02T15:04:05Z"),
                ],
                Ok(Value::string("15:04:05+00:00")),
            ),
            (
                8,
                vec![Value::string("MMMM"), Value::string("2006-01-02T15:04:05Z")],
                Ok(Value::string("January")),
            ),
            (
                9,
                vec![Value::string("EEEE"), Value::string("2006-01-02T15:04:05Z")],
                Ok(Value::string("Monday")),
            ),
            (
                10,
                vec![Value::string("aa"), Value::string("2006-01-02T15:04:05Z")],
                Ok(Value::string("pm")),
            ),
            (
                11,
                vec![
                    Value::string("YYYY-MM-DD'T'hh:mm:ssZ"),
                    Value::string("2006-01-02T15:04:05Z"),
                ],
                Ok(Value::string("2006-01-02T15:04:05Z")),
            ),
            (
                12,
                vec![
                    Value::string("DD MMM YYYY hh:mm ZZZ"),
                    Value::string("2006-01-02T15:04:05Z"),
                ],
                Ok(Value::string("02 Jan 2006 15:04 UTC")),
            ),
            (
                13,
                vec![
                    Value::string("EEEE, DD-MMM-YY hh:mm:ss ZZZ"),
                    Value::string("2006-01-02T15:04:05Z"),
                ],
                Ok(Value::string("Monday, 02-Jan-06 15:04:05 UTC")),
            ),
            (
                14,
                vec![
                    Value::string("EEE, DD MMM YYYY hh:mm:ss ZZZ"),
                    Value::string("2006-01-02T15:04:05Z"),
                ],
                Ok(Value::string("Mon, 02 Jan 2006 15:04:05 UTC")),
            ),
            (
                15,
                vec![Value::string("Y"), Value::string("2006-01-02T15:04:05Z")],
                Err(()),
            ),
            (
                16,
                vec![
                    Value::string("YYYYY"),
                    Value::string("2006-01-02T15:04:05Z"),
                ],
                Err(()),
            ),
            (
                17,
                vec![Value::string("A"), Value::string("2006-01-02T15:04:05Z")],
                Err(()),
            ),
            (
                18,
                vec![Value::string("a"), Value::string("2006-01-02T15:04:05Z")],
                Err(()),
            ),
            (
                19,
                vec![
                    Value::string("'blah blah"),
                    Value::string("2006-01-02T15:04:05Z"),
                ],
                Err(()),
            ),
            (
                20,
                vec![Value::string("'"), Value::string("2006-01-02T15:04:05Z")],
                Err(()),
            ),
        ],
    );
}
