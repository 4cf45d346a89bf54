//! Shared by the expression targets.

use hcldecode::eval::{EvalContext, Limits};
use hcldecode::{Type, Value};

/// An evaluation context with a variable of each kind and smaller budgets
/// than the defaults, which keep runs fast and reach the "Result too
/// large" and bcrypt budget paths often.
pub fn context() -> EvalContext {
    let mut ctx = EvalContext::new();
    ctx.set_limits(Limits {
        max_elements: 100_000,
        max_string_bytes: 1 << 20,
        // bcrypt is slow on purpose (cost 15 takes over 20 s in the
        // instrumented build): at most cost 8, once.
        max_bcrypt_rounds: 1 << 8,
        ..Limits::default()
    });
    ctx.set_variable("n", Value::int(3));
    ctx.set_variable("s", Value::string("héllo"));
    ctx.set_variable(
        "l",
        Value::tuple(vec![Value::int(1), Value::string("x"), Value::bool(true)]),
    );
    ctx.set_variable(
        "o",
        Value::object([("a", Value::int(1)), ("b", Value::null(Type::String))]),
    );
    ctx
}
