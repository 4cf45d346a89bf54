//! Expressions: any text evaluates (with variables, the spec functions
//! and a namespaced one) to a value or diagnostics; `&&`/`||`
//! short-circuit. As an attribute of a few types, decoding it (which reads
//! literals without evaluating them) gives what evaluating and converting
//! gives.
#![no_main]
use libfuzzer_sys::fuzz_target;

use hcldecode::Spec;
use hcldecode::Type;
use hcldecode::decode::{DecodeOptions, decode_with};
use hcldecode::eval::evaluate;
use hcldecode::function::stdlib;
use hcldecode::value::convert::convert;
use hcldecode::value::json::marshal;
use hcldecode_spec::spec::AttrSpec;

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
    decoded_as_evaluated(text);
});

/// `x = text` decoded with an attribute of each type, against the
/// attribute's expression evaluated and converted: the same value where
/// neither reports an error.
fn decoded_as_evaluated(text: &str) {
    let src = format!("x = {text}\n");
    let (file, diags) = hcldecode::parse::parse_native(src.as_bytes(), "fuzz.hcl");
    if diags.has_errors() {
        return;
    }
    let mut d = hcldecode::Diagnostics::new();
    let attrs = file.body.just_attributes(&mut d);
    let Some(attr) = attrs.first() else {
        return;
    };
    let (v, eval_diags) = evaluate(attr.expr, None);
    let a = Type::object([("a", Type::String), ("b", Type::Bool)]);
    let types = [
        Type::String,
        Type::Number,
        Type::Bool,
        Type::list(Type::String),
        Type::map(Type::Number),
        Type::map(Type::list(Type::String)),
        a.clone(),
        Type::list(a),
    ];
    for ty in types {
        let spec = Spec::Attr(AttrSpec::new("x", ty.clone(), false));
        let (decoded, diags) = decode_with(&file.body, &spec, None, None, DecodeOptions::new());
        if diags.has_errors() || eval_diags.has_errors() {
            continue;
        }
        if let Ok(converted) = convert(&v, &ty) {
            assert_eq!(decoded, converted, "{text:?} as {ty:?}");
        }
    }
}
