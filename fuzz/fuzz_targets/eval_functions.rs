//! Expressions with the whole function library (every set; the filesystem
//! set confined to an empty scratch directory): any text evaluates to a
//! value or diagnostics, within the evaluation limits.
#![no_main]
use libfuzzer_sys::fuzz_target;

use hcldecode::Value;
use hcldecode::eval::{EvalContext, Limits, evaluate};
use hcldecode::function::Functions;
use hcldecode::value::json::marshal;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(expr) = hcldecode::parse_expression(text, "fuzz.hcl") else { return };
    let mut ctx = EvalContext::new();
    ctx.set_limits(Limits {
        max_elements: 100_000,
        max_string_bytes: 1 << 20,
        ..Limits::default()
    });
    let root = std::env::temp_dir().join("hcldecode-fuzz-fs-root");
    let _ = std::fs::create_dir_all(&root);
    let mut lib = Functions::parse("stdlib,encoding,crypto,uuid,cidr").unwrap_or_default();
    lib = lib.with(Functions::filesystem(root));
    ctx.set_function_library(lib);
    ctx.set_variable("n", Value::int(3));
    ctx.set_variable("s", Value::string("héllo"));
    ctx.set_variable("l", Value::tuple(vec![Value::int(1), Value::string("x"), Value::bool(true)]));
    ctx.set_variable("o", Value::object([("a", Value::int(1)), ("b", Value::null(hcldecode::Type::String))]));
    let (v, _) = evaluate(expr.as_ref(), Some(&ctx));
    let _ = marshal(&v, &hcldecode::Type::Dynamic);
});
