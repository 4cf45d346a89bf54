//! Expressions: any text evaluates (with variables, the spec functions
//! and a namespaced one) to a value or diagnostics; `&&`/`||`
//! short-circuit.
#![no_main]
use libfuzzer_sys::fuzz_target;

use hcldecode::eval::evaluate;
use hcldecode::function::stdlib;
use hcldecode::value::json::marshal;

mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(expr) = hcldecode::parse_expression(text, "fuzz.hcl") else {
        return;
    };
    let mut ctx = common::context();
    for (name, f) in stdlib::spec_functions() {
        ctx.set_function(name, f);
    }
    // A namespaced function (HCL v2.20), for `ns::name()` calls and their
    // unknown-namespace and unknown-name errors.
    if let Some(upper) = stdlib::lookup("upper") {
        ctx.set_function("provider::test::upper", upper);
    }
    let (v, _) = evaluate(expr.as_ref(), Some(&ctx));
    let _ = marshal(&v, &hcldecode::Type::Dynamic);
    let _ = evaluate(expr.as_ref(), None);
});
