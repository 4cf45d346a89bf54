//! Decoding: any input against a fixed, realistic spec (the web-app
//! example), in native and JSON syntax, then written as JSON.
#![no_main]
use libfuzzer_sys::fuzz_target;

use hcldecode::parse::{self, Syntax};
use hcldecode::spec_file::LoadedSpec;
use hcldecode::value::json::marshal;

const SPEC: &str = include_str!("../../examples/web-app/spec.hcldec");

fuzz_target!(|data: &[u8]| {
    let (spec, d) = LoadedSpec::load_str(SPEC, "spec.hcldec");
    assert!(!d.has_errors());
    let spec = spec.unwrap();
    let mut ctx = spec.input_context();
    ctx.set_variable("region", hcldecode::Value::string("eu"));
    ctx.set_limits(hcldecode::eval::Limits {
        max_elements: 100_000,
        max_string_bytes: 1 << 20,
        ..Default::default()
    });
    for syntax in [Syntax::Native, Syntax::Json] {
        let (file, diags) = parse::parse(data, "fuzz", syntax);
        if diags.has_errors() {
            continue;
        }
        let (v, diags) = spec.decode(&file.body, Some(&ctx));
        let _ = spec.variables(&file.body);
        if !diags.has_errors() {
            let _ = marshal(&v, &hcldecode::Type::Dynamic);
        }
    }
});
