//! `hcldecode::encode`: values written as HCL native syntax read back
//! unchanged (up to conversion to their type for lists, sets, maps and
//! typed nulls), and the text is formatted as hclfmt formats it.

use hcldecode::encode::{self, EncodeError};
use hcldecode::value::convert::convert;
use hcldecode::value::{Number, Value};
use hcldecode::{Type, eval_config_attrs, eval_expr};
use proptest::prelude::*;

fn eval(text: &str) -> Value {
    let (v, diags) = eval_expr(text, &Value::empty_object());
    assert!(!diags.has_errors(), "{diags}\n{text}");
    v
}

fn body(text: &str) -> Value {
    let (v, diags) = eval_config_attrs(text, &Value::empty_object());
    assert!(!diags.has_errors(), "{diags}\n{text}");
    v
}

/// `s` written and read back.
fn string_round_trip(s: &str) -> String {
    let text = encode::expression(&Value::string(s)).unwrap();
    eval(&text).as_str().unwrap().to_string()
}

#[test]
fn strings_are_escaped_and_never_templates() {
    let cases = [
        ("plain", r#""plain""#),
        ("${x}", r#""$${x}""#),
        ("%{ if x }y%{ endif }", r#""%%{ if x }y%%{ endif }""#),
        ("$${x}", r#""$$${x}""#),
        ("%%{x}", r#""%%%{x}""#),
        ("$ { and % {", r#""$ { and % {""#),
        ("a$", r#""a$""#),
        ("100%", r#""100%""#),
        ("{}", r#""{}""#),
        ("q\"b\\s", r#""q\"b\\s""#),
        ("l1\nl2\r\tend", r#""l1\nl2\r\tend""#),
        (
            "nul\u{0}bell\u{7}del\u{7f}",
            r#""nul\u0000bell\u0007del\u007F""#,
        ),
        ("\u{85}next line", r#""\u0085next line""#),
        ("café ☃ 𝄞 e\u{301}", "\"café ☃ 𝄞 \u{e9}\""),
        ("", r#""""#),
    ];
    for (s, want) in cases {
        let s = hcldecode::value::normalize_string(s);
        assert_eq!(
            encode::expression(&Value::string(&*s)).unwrap(),
            want,
            "{s:?}"
        );
        assert_eq!(string_round_trip(&s), s, "{want}");
    }
}

#[test]
fn numbers_are_written_digit_for_digit() {
    // 2^500 + 1: 151 digits, beyond any float.
    let big = (num_bigint::BigInt::from(1) << 500u32) + 1;
    let n = Number::from_big_int(&big);
    let text = encode::expression(&Value::number(n.clone())).unwrap();
    assert_eq!(text, big.to_string());
    assert!(text.ends_with("377"), "{text}");
    assert_eq!(eval(&text), Value::number(n));

    for s in [
        "0",
        "-1",
        "0.1",
        "-0.000000000000000000000000000000000000001",
        "123456789012345678901234567890.123456789012345678901234567890",
        "1e300",
        "-9223372036854775809",
        "18446744073709551616",
    ] {
        let n = Number::parse(s).unwrap();
        let text = encode::expression(&Value::number(n.clone())).unwrap();
        assert!(!text.contains('e'), "{text}: no exponents");
        assert_eq!(eval(&text), Value::number(n), "{s} -> {text}");
    }
    for f in [0.1f64, -2.5, 1.0 / 3.0, f64::MAX, f64::MIN_POSITIVE, 5e-324] {
        let v = Value::number(Number::from_f64(f).unwrap());
        let text = encode::expression(&v).unwrap();
        assert_eq!(
            eval(&text).as_number().unwrap().to_f64(),
            f,
            "{f} -> {text}"
        );
    }
}

#[test]
fn negative_zero_reads_back_as_zero() {
    let v = Value::number(Number::from_f64(-0.0).unwrap());
    let text = encode::expression(&v).unwrap();
    let back = eval(&text);
    assert!(back.as_number().unwrap().is_zero());
    assert_eq!(back, v, "{text}");
}

#[test]
fn infinities_and_unknowns_are_errors_with_their_path() {
    let inf = Value::number(Number::infinity(true));
    assert_eq!(
        encode::expression(&inf),
        Err(EncodeError::Infinity {
            path: Default::default()
        })
    );
    let v = Value::object([(
        "a",
        Value::tuple(vec![Value::int(1), Value::unknown(Type::Bool)]),
    )]);
    let e = encode::to_string(&v).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the value at .a[1] (of type bool) is not known yet and has no HCL form"
    );
    let e = encode::expression(&Value::object([("x", inf)])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the number at .x is infinite and has no HCL form"
    );
    assert!(matches!(
        encode::to_string(&Value::unknown(Type::Dynamic)),
        Err(EncodeError::Unknown { .. })
    ));
}

#[test]
fn bodies_need_objects_with_identifier_names() {
    assert_eq!(
        encode::to_string(&Value::int(1)),
        Err(EncodeError::NotAnObject { ty: Type::Number })
    );
    assert!(matches!(
        encode::to_string(&Value::null(Type::object([("a", Type::Number)]))),
        Err(EncodeError::NotAnObject { .. })
    ));
    let e = encode::to_string(&Value::object([
        ("ok", Value::int(1)),
        ("1st", Value::int(2)),
    ]))
    .unwrap_err();
    assert_eq!(e, EncodeError::AttributeName { name: "1st".into() });
    assert_eq!(encode::to_string(&Value::empty_object()).unwrap(), "");
    // A map is a body too, and names like `null` and `for` are attributes.
    let m = Value::map(
        Type::Number,
        [("null", Value::int(1)), ("for", Value::int(2))],
    );
    let text = encode::to_string(&m).unwrap();
    assert_eq!(text, "for  = 2\nnull = 1\n");
    assert_eq!(convert(&body(&text), m.ty()).unwrap(), m);
}

#[test]
fn object_keys_are_quoted_when_they_are_not_names() {
    let v = Value::object([
        ("true", Value::int(1)),
        ("null", Value::int(2)),
        ("for", Value::int(3)),
        ("with space", Value::int(4)),
        ("${x}", Value::int(5)),
        ("dash-ok", Value::int(6)),
        ("", Value::int(7)),
    ]);
    let text = encode::expression(&v).unwrap();
    assert_eq!(
        text,
        r#"{
  ""           = 7
  "$${x}"      = 5
  dash-ok      = 6
  "for"        = 3
  "null"       = 2
  "true"       = 1
  "with space" = 4
}"#
    );
    assert_eq!(eval(&text), v);
}

#[test]
fn layout_follows_hclfmt() {
    let v = Value::object([
        ("a", Value::int(1)),
        ("bbb", Value::string("x")),
        (
            "nested",
            Value::object([
                ("k", Value::bool(true)),
                ("long_name", Value::null(Type::Dynamic)),
                (
                    "deeper",
                    Value::tuple(vec![
                        Value::object([("x", Value::int(1))]),
                        Value::empty_tuple(),
                    ]),
                ),
            ]),
        ),
        ("cc", Value::empty_object()),
        ("dddd", Value::from(vec!["p", "q"])),
    ]);
    let text = encode::to_string(&v).unwrap();
    assert_eq!(
        text,
        r#"a    = 1
bbb  = "x"
cc   = {}
dddd = ["p", "q"]
nested = {
  deeper = [
    {
      x = 1
    },
    [],
  ]
  k         = true
  long_name = null
}
"#
    );
    let back = body(&text);
    assert_eq!(convert(&back, v.ty()).unwrap(), v);

    // A tuple of simple values stays on one line while it fits in 80
    // columns; then one element per line, with trailing commas.
    let short: Vec<Value> = (0..10).map(Value::int).collect();
    let long: Vec<Value> = (0..40).map(|i| Value::int(1000 + i)).collect();
    let v = Value::object([
        ("short", Value::tuple(short)),
        ("long", Value::tuple(long.clone())),
    ]);
    let text = encode::to_string(&v).unwrap();
    assert!(text.starts_with("long = [\n  1000,\n  1001,\n"), "{text}");
    assert!(
        text.ends_with("  1039,\n]\nshort = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]\n"),
        "{text}"
    );
    assert!(text.lines().all(|l| l.len() <= 80));
    assert_eq!(body(&text), v);
}

#[test]
fn collections_read_back_up_to_conversion() {
    let list = Value::list(Type::String, vec![Value::string("a"), Value::string("b")]);
    let set = Value::set(Type::Number, vec![Value::int(3), Value::int(1)]);
    let map = Value::map(Type::Bool, [("x y", Value::bool(true))]);
    let typed_null = Value::null(Type::list(Type::String));
    for v in [list, set, map, typed_null] {
        let text = encode::expression(&v).unwrap();
        let back = eval(&text);
        assert_ne!(
            back.ty(),
            v.ty(),
            "{text}: HCL has no literal for {}",
            v.ty()
        );
        assert_eq!(convert(&back, v.ty()).unwrap(), v, "{text}");
    }
}

// ---- property tests (the shapes of value_strategies, leaves of their own) ----

mod value_strategies;
use value_strategies::Leaves;

/// Names and keys that stress quoting (keywords, any characters), numbers
/// of many digits, strings of escapes and template sequences.
const LEAVES: Leaves = Leaves {
    attr_name: || key().boxed(),
    map_key: || key().boxed(),
    string: || string().boxed(),
    number: || number().boxed(),
};

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-z][a-z0-9_-]{0,5}",
        1 => prop_oneof![Just("null".to_string()), Just("for".to_string()), Just("true".to_string())],
        1 => "[\\PC]{0,4}".prop_map(|s| hcldecode::value::normalize_string(&s).into_owned()),
    ]
}

fn number() -> impl Strategy<Value = Number> {
    prop_oneof![
        any::<i64>().prop_map(Number::from_i64),
        any::<u64>().prop_map(Number::from_u64),
        (-1e300f64..1e300f64).prop_map(|f| Number::from_f64(f).unwrap()),
        "-?[0-9]{1,160}(\\.[0-9]{1,40})?(e-?[0-9]{1,3})?".prop_map(|s| Number::parse(&s).unwrap()),
    ]
}

fn string() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z0-9 _.-]{0,12}",
        "[\\PC]{0,8}",
        "[$%{}\\\\\"\n\t\r\u{0}-\u{1f}ab]{0,10}",
        Just("${not a template}".to_string()),
        Just("%{if x}y%{endif}".to_string()),
        Just("café e\u{301}".to_string()),
    ]
}

fn typed_value() -> impl Strategy<Value = (Type, Value)> {
    value_strategies::typed_value(LEAVES)
}

/// An object of attributes with identifier names (a body).
fn body_value() -> impl Strategy<Value = Value> {
    prop::collection::btree_map("[a-z_][a-z0-9_-]{0,8}", typed_value(), 0..6)
        .prop_map(|m| Value::object(m.into_iter().map(|(k, (_, v))| (k, v))))
}

/// No line has trailing spaces, every indent is a multiple of two, and
/// `=` is aligned in each run of attributes (the runs hclfmt aligns,
/// `format::equals_runs`: consecutive lines whose value is complete on the
/// line, a heredoc through its closing marker counting as one), with one
/// space before it on the longest key. Columns are grapheme clusters.
fn check_layout(text: &str) -> Result<(), TestCaseError> {
    use unicode_segmentation::UnicodeSegmentation;
    for line in text.lines() {
        prop_assert!(!line.ends_with(' '), "trailing space: {:?}\n{}", line, text);
        let indent = line.len() - line.trim_start_matches(' ').len();
        prop_assert_eq!(indent % 2, 0, "{}", text);
    }
    for run in hcldecode_spec::format::equals_runs(text) {
        // Each `=`: its column and the spaces before it.
        let at = |eq: u32| {
            let eq = eq as usize;
            let start = text[..eq].rfind('\n').map_or(0, |i| i + 1);
            let prefix = &text[start..eq];
            (
                prefix.graphemes(true).count(),
                prefix.len() - prefix.trim_end().len(),
            )
        };
        let cols: Vec<(usize, usize)> = run.iter().map(|&eq| at(eq)).collect();
        prop_assert!(
            cols.iter().all(|c| c.0 == cols[0].0),
            "misaligned run\n{}",
            text
        );
        let min_gap = cols.iter().map(|c| c.1).min().unwrap_or(1);
        prop_assert_eq!(
            min_gap,
            1,
            "the longest key has one space before `=`\n{}",
            text
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, .. ProptestConfig::default() })]

    /// The law for expressions: `convert(eval(expression(v)), v.ty()) == v`,
    /// and writing what was read gives the same text.
    #[test]
    fn expressions_read_back((ty, v) in typed_value()) {
        let text = encode::expression(&v).unwrap();
        let back = eval(&text);
        let converted = convert(&back, &ty).unwrap_or_else(|e| panic!("{text}: {e}"));
        prop_assert!(converted.raw_equals(&v), "{text}\n got {converted:?}\nwant {v:?}");
        prop_assert_eq!(encode::expression(&back).unwrap(), text);
    }

    /// The law for bodies: `convert(decode(to_string(v)), v.ty()) == v`.
    #[test]
    fn bodies_read_back(v in body_value()) {
        let text = encode::to_string(&v).unwrap();
        prop_assert!(text.is_empty() || text.ends_with('\n'));
        let back = body(&text);
        let converted = convert(&back, v.ty()).unwrap_or_else(|e| panic!("{text}: {e}"));
        prop_assert!(converted.raw_equals(&v), "{text}\n got {converted:?}\nwant {v:?}");
        prop_assert_eq!(encode::to_string(&back).unwrap(), text.clone());
        // The layout: `=` aligned, two-space indents (counted here in
        // grapheme clusters, so on ASCII text; hclwrite counts non-ASCII
        // columns token by token), and, the oracle for all text, the
        // formatter (hclfmt byte for byte) changes nothing.
        if text.is_ascii() {
            check_layout(&text)?;
        }
        let formatted = String::from_utf8(hcldecode::format::format(text.as_bytes())).unwrap();
        prop_assert_eq!(formatted, text);
    }
}

#[test]
fn the_layout_check_sees_misalignment() {
    assert!(check_layout("a    = 1\nbbb  = 2\nnested = {\n  x = 1\n}\n").is_err());
    assert!(check_layout("a  = 1\nbb = 2\n").is_ok());
    assert!(check_layout("a = 1\nbb = 2\n").is_err());
    assert!(check_layout("a = {\n  x = 1\n}\nbb = 2\n").is_ok());
    // A heredoc's lines are one line of its run.
    let heredoc = "a = {\n  \"\"   = <<-EOT\n    $\n  EOT\n  b-s- = \"\"\n  t_   = false\n}\n";
    assert!(check_layout(heredoc).is_ok());
    assert!(check_layout("a = {\n  x = <<-EOT\n    $\n  EOT\n  yy = 1\n}\n").is_err());
}

/// Keys are aligned with the formatter's own measure of a cell (token by
/// token, as hclwrite counts), so text whose clusters span a quote is laid
/// out as `hclfmt` lays it out without running the formatter again.
#[test]
fn keys_align_as_the_formatter_counts_them() {
    use hcldecode::Value;
    for key in [
        "\u{301}x",
        "caf\u{e9}",
        "e\u{301}",
        "\u{1F468}\u{200D}\u{1F469}",
        "a b",
    ] {
        let long = "a long string value that keeps the object off one line, so that its keys align";
        let v = Value::object([
            ("name", Value::int(1)),
            (
                "m",
                Value::object([
                    (key, Value::string(long)),
                    ("k", Value::int(4)),
                    ("longer_name", Value::int(2)),
                ]),
            ),
        ]);
        let text = hcldecode::to_string(&v).unwrap();
        let formatted = String::from_utf8(hcldecode::format::format(text.as_bytes())).unwrap();
        assert!(text.contains("longer_name = 2"), "{text}");
        assert_eq!(text, formatted, "{key:?}");
    }
}
