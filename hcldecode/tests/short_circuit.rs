//! `&&` and `||` as HCL v2.24 evaluates them: both operands are evaluated
//! and converted to bool, and a known controlling operand (`false` for
//! `&&`, `true` for `||`) decides, dropping the other side's diagnostics.

use hcldecode::eval::{EvalContext, evaluate};
use hcldecode::{Type, Value};

fn eval(src: &str) -> (Value, Vec<(String, String)>) {
    let expr = hcldecode::parse_expression(src, "e.hcl").unwrap();
    let mut ctx = EvalContext::new();
    ctx.set_variable("x", Value::null(Type::Dynamic));
    ctx.set_variable("xs", Value::empty_tuple());
    ctx.set_variable("t", Value::bool(true));
    let (v, diags) = evaluate(expr.as_ref(), Some(&ctx));
    let d = diags
        .iter()
        .map(|d| {
            let r = d.subject.as_ref().unwrap();
            (d.summary.clone(), src[r.start.byte..r.end.byte].to_string())
        })
        .collect();
    (v, d)
}

fn ok(src: &str, want: bool) {
    let (v, d) = eval(src);
    assert!(d.is_empty(), "{src}: {d:?}");
    assert_eq!(v, Value::bool(want), "{src}");
}

#[test]
fn a_known_controlling_operand_decides() {
    ok("x != null && x.enabled", false);
    ok("x == null || x.enabled", true);
    ok("false && nope", false);
    ok("true || nope", true);
    // Either side: a known false on the right wins over an error on the left.
    ok("nope && false", false);
    ok("nope || true", true);
    ok("xs != [] && xs[0] == \"a\"", false);
    ok("false && (1 / \"x\" == 1)", false);
    // A null operand is not true: it decides `&&` as false.
    ok("false && null", false);
    ok("true && null", false);
    ok("t && t", true);
}

#[test]
fn otherwise_the_errors_stand() {
    // The right side decides: its error stands, the result is unknown.
    let (v, d) = eval("true && nope");
    assert!(!v.is_known());
    assert_eq!(d, [("Unknown variable".to_string(), "nope".to_string())]);
    // Two failing sides: both errors, left first.
    let (_, d) = eval("nope && nope2");
    let at: Vec<&str> = d.iter().map(|(_, s)| s.as_str()).collect();
    assert_eq!(at, ["nope", "nope2"]);
    // Conversion to bool is never short-circuited.
    let (_, d) = eval("false && \"maybe\"");
    assert_eq!(
        d,
        [("Invalid operand".to_string(), "\"maybe\"".to_string())]
    );
    // `||` with a null: the operator's own error.
    let (v, d) = eval("false || null");
    assert!(!v.is_known());
    assert_eq!(d.len(), 1, "{d:?}");
}

#[test]
fn conversion_errors_come_before_the_operands_own() {
    // The right operand is a number: its conversion error, then the error
    // inside it.
    let (_, d) = eval("false && (1 / \"x\")");
    let got: Vec<(&str, &str)> = d.iter().map(|(s, a)| (s.as_str(), a.as_str())).collect();
    assert_eq!(
        got,
        [
            ("Invalid operand", "(1 / \"x\")"),
            ("Invalid operand", "\"x\"")
        ]
    );
}

/// Rows of hclsyntax v2.24's `TestExpressionParseAndValue` and
/// `TestExpressionErrorMessages` (MPL-2.0) that cover short-circuiting:
/// (expression, expected value, `None` for an unknown bool, and the
/// expected error summaries).
#[test]
fn hclsyntax_v2_24_rows() {
    let rows: &[(&str, Option<bool>, &[&str])] = &[
        ("nullobj != null && nullobj.is_thingy", Some(false), &[]),
        ("unknown < 4 && list[zero]", None, &[]),
        ("nullobj == null || nullobj.is_thingy", Some(true), &[]),
        ("unknown > 4 || list[zero]", None, &[]),
        ("foo(value) && true", None, &["Function calls not allowed"]),
        ("foo(value) && false", Some(false), &[]),
        ("foo(value) || false", None, &["Function calls not allowed"]),
        ("foo(value) || true", Some(true), &[]),
        (
            "notobj != null && notobj.foo",
            None,
            &["Unsupported attribute"],
        ),
        (
            "notobj == null || notobj.foo",
            None,
            &["Unsupported attribute"],
        ),
        ("notlist != null && notlist[0]", None, &["Invalid index"]),
        ("value != null && valeu", None, &["Unknown variable"]),
        ("unknownbool && \"value\"", None, &["Invalid operand"]),
        ("value && \"value\"", None, &["Invalid operand"]),
        (
            "map != null || map[\"key\"] == \"value\"",
            None,
            &["Attempt to index null value"],
        ),
    ];
    let mut ctx = EvalContext::new();
    ctx.set_variable(
        "nullobj",
        Value::null(Type::object([("is_thingy", Type::Bool)])),
    );
    ctx.set_variable("unknown", Value::unknown(Type::Number));
    ctx.set_variable("unknownbool", Value::unknown(Type::Bool));
    ctx.set_variable("zero", Value::int(0));
    ctx.set_variable("list", Value::list_empty(Type::Bool));
    ctx.set_variable("notobj", Value::bool(true));
    ctx.set_variable("notlist", Value::bool(true));
    ctx.set_variable("map", Value::null(Type::map(Type::String)));
    for (src, want, errors) in rows {
        let expr = hcldecode::parse_expression(src, "e.hcl").unwrap();
        let mut ctx = ctx.clone();
        // `value` is true where the reference's row says so, false for the
        // conversion row.
        ctx.set_variable("value", Value::bool(!src.starts_with("value &&")));
        let ctx = if src.starts_with("foo(") {
            EvalContext::new()
        } else {
            ctx
        };
        let (v, diags) = evaluate(expr.as_ref(), Some(&ctx));
        let got: Vec<&str> = diags.iter().map(|d| d.summary.as_str()).collect();
        assert_eq!(&got, errors, "{src}");
        match want {
            Some(b) => assert_eq!(v, Value::bool(*b), "{src}"),
            None => assert!(!v.is_known() && v.ty() == &Type::Bool, "{src}: {v:?}"),
        }
    }
}
