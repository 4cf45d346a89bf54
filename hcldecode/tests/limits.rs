//! Resource limits: each hostile input gets its diagnostic, with the range
//! of the expression that would exceed the limit, instead of exhausting
//! time, memory or the stack.

use hcldecode::eval::{EvalContext, Limits, evaluate};
use hcldecode::function::{Function, FunctionSpec, Parameter, ReturnType};
use hcldecode::parse::{Syntax, parse, parse_with_limits};
use hcldecode::spec_file::LoadedSpec;
use hcldecode::{Decoder, Diagnostic, Type, Value};

mod diag_support;
use diag_support::summaries;

fn list(n: usize) -> String {
    format!("[{}]", vec!["1"; n].join(","))
}

/// Decodes attribute `a` of `src` with a spec declaring `functions`.
fn decode_with_functions(functions: &str, src: &str) -> (Value, Vec<Diagnostic>) {
    let spec = format!("{functions}\nobject {{\n  attr \"a\" {{ type = any }}\n}}\n");
    let (loaded, diags) = LoadedSpec::load_str(&spec, "spec.hcldec");
    assert!(diags.is_empty(), "{diags:?}");
    let loaded = loaded.unwrap();
    let (file, diags) = parse(src.as_bytes(), "in.hcl", Syntax::Native);
    assert!(diags.is_empty(), "{diags:?}");
    let (v, diags) = loaded.decode(&file.body, Some(&loaded.input_context()));
    (v, diags.into_iter().collect())
}

#[test]
fn nested_for_expressions_stop_at_the_element_limit() {
    // 1000^3 elements; the budget stops it after 4 million.
    let xs = list(1000);
    let src = format!("a = [for a in {xs}: [for b in {xs}: [for c in {xs}: c]]]\n");
    let (v, diags) = decode_with_functions("", &src);
    // The middle `for` runs out: each of its elements holds 1000.
    let inner_start = src.find("[for b").unwrap();
    let inner_end = src.len() - "]\n".len();
    assert_eq!(
        summaries(&diags),
        vec![("Result too large".to_string(), inner_start, inner_end)]
    );
    assert_eq!(
        diags[0].detail,
        "Evaluating this expression would build more than 4000000 collection elements, the limit for one expression."
    );
    assert!(!v.get_attr("a").unwrap().is_known());
}

#[test]
fn shared_collections_count_every_time_they_are_reused() {
    // Each element is the same 3000-element tuple: 9 million elements
    // shared, which output would write out in full.
    let xs = list(3000);
    let src = format!("a = [for a in {xs}: {xs}]\n");
    let (_, diags) = decode_with_functions("", &src);
    assert_eq!(
        summaries(&diags),
        vec![("Result too large".to_string(), 4, src.len() - 1)]
    );
}

#[test]
fn doubling_through_user_functions_is_stopped() {
    let functions = r#"
function "dbl" {
  params = [x]
  result = concat(x, x)
}
function "pair" {
  params = [x]
  result = [x, x]
}
function "twice" {
  params = [s]
  result = "${s}${s}"
}
"#;
    // concat: each call doubles a list; the 22nd would pass 4 million.
    let src = format!("a = {}[1]{}\n", "dbl(".repeat(40), ")".repeat(40));
    let (_, diags) = decode_with_functions(functions, &src);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0].summary, "Error in function call");
    assert!(
        diags[0].detail.starts_with(
            "Call to function \"dbl\" failed: spec.hcldec:4,12-24: Result too large; Evaluating this expression would build more than 4000000 collection elements"
        ),
        "{}",
        diags[0].detail
    );

    // A tuple of the argument twice: nothing is copied (the halves are
    // shared), yet the result expands to 2^60 elements.
    let src = format!("a = {}1{}\n", "pair(".repeat(60), ")".repeat(60));
    let (_, diags) = decode_with_functions(functions, &src);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0].summary, "Result too large");

    // Strings double too: 2^60 bytes.
    let src = format!("a = {}\"ab\"{}\n", "twice(".repeat(60), ")".repeat(60));
    let (_, diags) = decode_with_functions(functions, &src);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert!(
        diags[0]
            .detail
            .contains("Result too large; Evaluating this expression would build more than 268435456 bytes of strings"),
        "{}",
        diags[0].detail
    );
}

#[test]
fn template_for_directives_stop_at_the_string_limit() {
    let mut ctx = EvalContext::new();
    ctx.set_limits(Limits {
        max_string_bytes: 1000,
        ..Limits::default()
    });
    ctx.set_variable("xs", Value::tuple((0..100).map(Value::int).collect()));
    let src = "\"%{ for a in xs }%{ for b in xs }${a}${b}%{ endfor }%{ endfor }\"";
    let expr = hcldecode::parse_expression(src, "e.hcl").unwrap();
    let (v, diags) = evaluate(expr.as_ref(), Some(&ctx));
    assert!(!v.is_known());
    let diags: Vec<Diagnostic> = diags.into_iter().collect();
    assert_eq!(diags[0].summary, "Result too large");
    assert_eq!(
        diags[0].detail,
        "Evaluating this expression would build more than 1000 bytes of strings, the limit for one expression."
    );
}

#[test]
fn each_evaluation_has_its_own_budget() {
    let mut ctx = EvalContext::new();
    ctx.set_limits(Limits {
        max_elements: 100,
        ..Limits::default()
    });
    ctx.set_variable("xs", Value::tuple((0..60).map(Value::int).collect()));
    let expr = hcldecode::parse_expression("[for x in xs: x]", "e.hcl").unwrap();
    for _ in 0..3 {
        let (v, diags) = evaluate(expr.as_ref(), Some(&ctx));
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(v.length_int(), Some(60));
    }
    let expr = hcldecode::parse_expression("[for x in xs: [x, x]]", "e.hcl").unwrap();
    let (_, diags) = evaluate(expr.as_ref(), Some(&ctx));
    assert_eq!(diags[0].summary, "Result too large");
}

/// A function that evaluates an expression calling itself, as a library
/// user's function could.
fn recursive_function() -> Function {
    Function::new(FunctionSpec {
        description: "Calls itself through evaluation.".into(),
        params: vec![Parameter::new("n", Type::Number)],
        var_param: None,
        return_type: ReturnType::Static(Type::Number),
        implementation: Box::new(|_, _| {
            let mut ctx = EvalContext::new();
            ctx.set_function("again", recursive_function());
            let expr = hcldecode::parse_expression("again(1)", "again.hcl").unwrap();
            let (v, diags) = evaluate(expr.as_ref(), Some(&ctx));
            if diags.has_errors() {
                let d = &diags[0];
                return Err(hcldecode::function::FunctionError::call(format!(
                    "{}: {}",
                    d.summary, d.detail
                )));
            }
            Ok(v)
        }),
    })
}

#[test]
fn recursion_through_functions_is_bounded() {
    let mut ctx = EvalContext::new();
    ctx.set_function("again", recursive_function());
    let expr = hcldecode::parse_expression("again(1)", "top.hcl").unwrap();
    let (_, diags) = evaluate(expr.as_ref(), Some(&ctx));
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].summary, "Error in function call");
    // The innermost failure, passed up through 63 calls.
    assert!(
        diags[0].detail.contains(
            "Function calls nested too deeply: Evaluating this expression needs more than 64 nested evaluations"
        ),
        "{}",
        diags[0].detail
    );
}

#[test]
fn nesting_limits_are_configurable() {
    let limits = Limits {
        max_nesting: 3,
        max_json_nesting: 3,
        ..Limits::default()
    };
    // The element inside the brackets is a level too.
    let (_, diags) = parse_with_limits(b"a = [[1]]\n", "a.hcl", Syntax::Native, &limits);
    assert!(diags.is_empty(), "{diags:?}");
    let (_, diags) = parse_with_limits(b"a = [[[1]]]\n", "a.hcl", Syntax::Native, &limits);
    assert_eq!(
        summaries(&diags),
        vec![("Nesting too deep".to_string(), 7, 8)]
    );
    let (_, diags) = parse_with_limits(b"{\"a\": [[[1]]]}", "a.json", Syntax::Json, &limits);
    assert_eq!(
        summaries(&diags),
        vec![("Nesting too deep".to_string(), 8, 9)]
    );

    let strict = Decoder::new().limits(limits);
    let err = strict
        .decode_str::<Vec<Vec<Vec<u8>>>>("value = [[[1]]]\n", "a.hcl")
        .unwrap_err();
    assert_eq!(err.diagnostics()[0].summary, "Nesting too deep");
    let ok: Vec<Vec<u8>> = strict.decode_str("value = [[1]]\n", "a.hcl").unwrap();
    assert_eq!(ok, vec![vec![1]]);
}

#[test]
fn decoder_limits_apply_to_evaluation() {
    let strict = Decoder::new().limits(Limits {
        max_elements: 10,
        ..Limits::default()
    });
    let src = "value = [for x in [1,2,3,4,5,6,7,8,9,10,11,12]: x]\n";
    let err = strict.decode_str::<Vec<u8>>(src, "a.hcl").unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Result too large");
    let r = d.subject.as_ref().unwrap();
    assert_eq!((r.start.byte, r.end.byte), (8, src.len() - 1));
    // The default decoder builds it.
    let v: Vec<u8> = hcldecode::from_str(src, "a.hcl").unwrap();
    assert_eq!(v.len(), 12);
}

#[test]
fn overlong_number_literals_are_refused() {
    let digits = "9".repeat(100_001);
    let src = format!("a = {digits}\n");
    let (_, diags) = parse(src.as_bytes(), "a.hcl", Syntax::Native);
    assert_eq!(
        summaries(&diags),
        vec![("Number literal too long".to_string(), 4, 4 + digits.len())]
    );
    assert_eq!(
        diags[0].detail,
        "A number may be written with at most 100000 characters; this one has 100001."
    );
    let src = format!("{{\"a\": {digits}}}");
    let (_, diags) = parse(src.as_bytes(), "a.json", Syntax::Json);
    assert_eq!(
        summaries(&diags),
        vec![("Number literal too long".to_string(), 6, 6 + digits.len())]
    );
    // 100 000 characters are still read.
    let src = format!("a = {}\n", &digits[1..]);
    let (_, diags) = parse(src.as_bytes(), "a.hcl", Syntax::Native);
    assert!(diags.is_empty(), "{diags:?}");

    // A string converted to a number.
    let src = format!("value = \"{digits}\"\n");
    let err = hcldecode::from_str::<f64>(&src, "a.hcl").unwrap_err();
    assert_eq!(
        err.diagnostics()[0].detail,
        "Inappropriate value for attribute \"value\": a number may be written with at most 100000 characters."
    );
}

/// The budget travels with the evaluation, not with the thread: an
/// evaluation on a worker thread has its context's limits, and one that a
/// user's function starts inside another has a budget of its own.
#[test]
fn evaluations_carry_their_limits_to_other_threads_and_inside_others() {
    let mut ctx = EvalContext::new();
    ctx.set_limits(Limits {
        max_elements: 100,
        ..Limits::default()
    });
    ctx.set_variable("xs", Value::tuple((0..20).map(Value::int).collect()));
    let src = "[for a in xs: [for b in xs: a * b]]";
    let run = |ctx: &EvalContext| {
        let expr = hcldecode::parse_expression(src, "e.hcl").unwrap();
        let (_, diags) = evaluate(expr.as_ref(), Some(ctx));
        diags.iter().map(|d| d.summary.clone()).collect::<Vec<_>>()
    };
    let here = run(&ctx);
    assert_eq!(here, ["Result too large"]);
    let there = std::thread::scope(|s| s.spawn(|| run(&ctx)).join().unwrap());
    assert_eq!(there, here);

    // A function that evaluates 420 elements through the public API, in
    // a context without limits: its evaluation draws on a budget of its
    // own, so it succeeds inside an evaluation limited to 100 elements.
    let inner = Function::new(FunctionSpec {
        description: "Evaluates on its own.".into(),
        params: vec![],
        var_param: None,
        return_type: ReturnType::Static(Type::Number),
        implementation: Box::new(|_, _| {
            let mut own = EvalContext::new();
            own.set_variable("xs", Value::tuple((0..20).map(Value::int).collect()));
            let expr = hcldecode::parse_expression("[for a in xs: [for b in xs: a * b]]", "i.hcl")
                .unwrap();
            let (v, diags) = evaluate(expr.as_ref(), Some(&own));
            assert!(diags.is_empty(), "{diags:?}");
            Ok(Value::int(v.length_int().unwrap_or(0) as i64))
        }),
    });
    let mut limited = EvalContext::new();
    limited.set_limits(Limits {
        max_elements: 100,
        ..Limits::default()
    });
    limited.set_function("inner", inner);
    let expr = hcldecode::parse_expression("inner()", "o.hcl").unwrap();
    let (v, diags) = evaluate(expr.as_ref(), Some(&limited));
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(v, Value::int(20));
}

/// A decoder's limits travel with its decode: a decode that a function
/// starts inside a limited one has its own decoder's limits, and a decode
/// on a worker thread has the same limits as on the calling thread.
#[test]
fn decodes_carry_their_own_limits_inside_others_and_on_other_threads() {
    let twelve = "value = [for x in [1,2,3,4,5,6,7,8,9,10,11,12]: x]\n";
    let inner = Function::new(FunctionSpec {
        description: "Decodes twelve elements with the default limits.".into(),
        params: vec![],
        var_param: None,
        return_type: ReturnType::Static(Type::Number),
        implementation: Box::new(move |_, _| {
            let v: Vec<u8> = hcldecode::from_str(twelve, "inner.hcl").map_err(|e| {
                hcldecode::function::FunctionError::call(e.diagnostics()[0].summary.clone())
            })?;
            Ok(Value::int(v.len() as i64))
        }),
    });
    let strict = Decoder::new()
        .limits(Limits {
            max_elements: 10,
            ..Limits::default()
        })
        .function("inner", inner);
    let n: u8 = strict.decode_str("value = inner()\n", "outer.hcl").unwrap();
    assert_eq!(n, 12);

    let summary =
        |r: Result<Vec<u8>, hcldecode::Error>| r.unwrap_err().diagnostics()[0].summary.clone();
    let here = summary(strict.decode_str(twelve, "a.hcl"));
    assert_eq!(here, "Result too large");
    let there = std::thread::scope(|s| {
        s.spawn(|| summary(strict.decode_str(twelve, "a.hcl")))
            .join()
            .unwrap()
    });
    assert_eq!(there, here);
}
