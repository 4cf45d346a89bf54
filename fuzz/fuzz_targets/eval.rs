//! Expressions: any text evaluates (with variables and the spec
//! functions) to a value or diagnostics.
#![no_main]
use libfuzzer_sys::fuzz_target;

use hcldecode::Value;
use hcldecode::eval::{EvalContext, Limits, evaluate};
use hcldecode::function::stdlib;
use hcldecode::value::json::marshal;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(expr) = hcldecode::parse_expression(text, "fuzz.hcl") else { return };
    let mut ctx = EvalContext::new();
    // Smaller budgets than the defaults keep runs fast and reach the
    // "Result too large" paths often.
    ctx.set_limits(Limits {
        max_elements: 100_000,
        max_string_bytes: 1 << 20,
        ..Limits::default()
    });
    for (name, f) in stdlib::spec_functions() {
        ctx.set_function(name, f);
    }
    ctx.set_variable("n", Value::int(3));
    ctx.set_variable("s", Value::string("héllo"));
    ctx.set_variable("l", Value::tuple(vec![Value::int(1), Value::string("x"), Value::bool(true)]));
    ctx.set_variable("o", Value::object([("a", Value::int(1)), ("b", Value::null(hcldecode::Type::String))]));
    let (v, _) = evaluate(expr.as_ref(), Some(&ctx));
    let _ = marshal(&v, &hcldecode::Type::Dynamic);
    let _ = evaluate(expr.as_ref(), None);
});
