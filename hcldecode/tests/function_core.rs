//! Argument checking of functions built from Rust closures, against the
//! behaviour of go-cty 1.12.1's `function.Call` (expected values produced
//! with a Go program defining the same functions).

mod value_support;

use hcldecode::Type;
use hcldecode::function::{Function, FunctionSpec, Parameter, ReturnType};
use hcldecode::value::Value;
use value_support::*;

/// `f1(a string, b number (null ok), rest... bool (unknown ok)) string`,
/// returning the argument count.
fn f1() -> Function {
    Function::new(FunctionSpec {
        description: String::new(),
        params: vec![
            Parameter::new("a", Type::String),
            Parameter::new("b", Type::Number).allow_null(),
        ],
        var_param: Some(Parameter::new("rest", Type::Bool).allow_unknown()),
        return_type: ReturnType::Static(Type::String),
        implementation: Box::new(|args, _| Ok(Value::string(args.len().to_string()))),
    })
}

/// `f3(x object({a=string}), t tuple([string]) (dynamic ok), l list(string)) string`.
fn f3() -> Function {
    Function::new(FunctionSpec {
        description: String::new(),
        params: vec![
            Parameter::new("x", Type::object([("a", Type::String)])),
            Parameter::new("t", Type::tuple([Type::String])).allow_dynamic_type(),
            Parameter::new("l", Type::list(Type::String)),
        ],
        var_param: None,
        return_type: ReturnType::Static(Type::String),
        implementation: Box::new(|_, _| Ok(Value::string("ok"))),
    })
}

fn show(f: &Function, args: &[&str]) -> String {
    let args: Vec<Value> = args.iter().map(|a| parse_value(a)).collect();
    match f.call(&args) {
        Ok(v) => fmt_value(&v),
        Err(e) => format!(
            "err {} {}",
            e.arg_index().map_or("-".into(), |i| i.to_string()),
            json_quote(&e.to_string())
        ),
    }
}

#[test]
fn argument_checks_match_cty() {
    let f = f1();
    let cases: &[(&[&str], &str)] = &[
        (
            &[],
            r#"err - "wrong number of arguments (at least 2 required; 0 given)""#,
        ),
        (&[r#""a""#, "n(1)"], r#""2""#),
        (
            &["null(string)", "n(1)"],
            r#"err 0 "argument must not be null""#,
        ),
        (&[r#""a""#, "null(number)"], r#""2""#),
        (
            &[r#""a""#, "n(1)", "true", "null(bool)"],
            r#"err 3 "argument must not be null""#,
        ),
        (
            &["n(1)", "n(1)"],
            r#"err 0 "string required, but received number""#,
        ),
        // cty gives the index within the variadic arguments here.
        (
            &[r#""a""#, "n(1)", "true", r#""x""#],
            r#"err 1 "bool required, but received string""#,
        ),
        (&["unknown(string)", "n(1)"], "unknown(string)"),
        (&[r#""a""#, "n(1)", "unknown(bool)"], r#""3""#),
        (&["unknown(any)", "n(1)"], "unknown(any)"),
        (
            &["null(any)", "n(1)"],
            r#"err 0 "argument must not be null""#,
        ),
    ];
    for (args, want) in cases {
        assert_eq!(show(&f, args), *want, "f1({args:?})");
    }
    let f = f3();
    let cases: &[(&[&str], &str)] = &[
        (
            &[r#""a""#],
            r#"err - "wrong number of arguments (3 required; 1 given)""#,
        ),
        (
            &[
                r#"object{"a":"x","b":n(1)}"#,
                r#"tuple["a"]"#,
                r#"list(string)["a"]"#,
            ],
            r#"err 0 "unsupported attribute \"b\"""#,
        ),
        (
            &["object{}", r#"tuple["a"]"#, r#"list(string)["a"]"#],
            r#"err 0 "missing required attribute \"a\"""#,
        ),
        (
            &[
                r#"object{"a":n(1)}"#,
                r#"tuple["a"]"#,
                r#"list(string)["a"]"#,
            ],
            r#"err 0 "string required, but received number""#,
        ),
        (
            &[
                r#"object{"a":"x"}"#,
                r#"tuple["a","b"]"#,
                r#"list(string)["a"]"#,
            ],
            r#"err 1 "1 elements are required, but got 2""#,
        ),
        (
            &[r#"object{"a":"x"}"#, "unknown(any)", "list(number)[n(1)]"],
            r#"err 2 "string required, but received number""#,
        ),
        (
            &[r#"object{"a":"x"}"#, r#"tuple["a"]"#, r#""x""#],
            r#"err 2 "list of string required, but received string""#,
        ),
        (
            &[
                r#"object{"a":"x"}"#,
                r#"tuple["a"]"#,
                "unknown(list(string))",
            ],
            "unknown(string)",
        ),
    ];
    for (args, want) in cases {
        assert_eq!(show(&f, args), *want, "f3({args:?})");
    }
}

#[test]
fn computed_return_types_and_closures() {
    // A user-defined function in the style of hcldec spec files: its
    // result type depends on its argument.
    let wrap = Function::new(FunctionSpec {
        description: "Wraps a value in a list.".into(),
        params: vec![Parameter::new("v", Type::Dynamic).allow_dynamic_type()],
        var_param: None,
        return_type: ReturnType::Computed(Box::new(|args| Ok(Type::list(args[0].ty().clone())))),
        implementation: Box::new(|args, ret| {
            Ok(Value::list(
                ret.element_type().unwrap().clone(),
                vec![args[0].clone()],
            ))
        }),
    });
    assert_eq!(
        wrap.return_type(&[Type::String]).unwrap(),
        Type::list(Type::String)
    );
    assert_eq!(
        wrap.call(&[Value::int(1)]).unwrap(),
        Value::list(Type::Number, vec![Value::int(1)])
    );
    assert_eq!(
        wrap.call(&[Value::dynamic()]).unwrap(),
        Value::unknown(Type::list(Type::Dynamic))
    );
    let w2 = wrap.clone();
    assert_eq!(w2.params()[0].name.as_ref(), "v");
    assert!(w2.param_for_arg(3).is_none());
}

#[test]
fn non_conforming_result_is_an_error_not_a_crash() {
    let bad = Function::new(FunctionSpec {
        description: String::new(),
        params: vec![],
        var_param: None,
        return_type: ReturnType::Static(Type::String),
        implementation: Box::new(|_, _| Ok(Value::int(1))),
    });
    let e = bad.call(&[]).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("panic in function implementation: returned value")
    );
}
