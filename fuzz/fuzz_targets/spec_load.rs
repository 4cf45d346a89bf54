//! Spec files: any bytes load to a spec or diagnostics; a loaded spec
//! decodes an empty body and prints back as spec-file text.
#![no_main]
use libfuzzer_sys::fuzz_target;

use hcldecode::spec_file::LoadedSpec;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (spec, diags) = LoadedSpec::load_str(text, "fuzz.hcldec");
    let Some(spec) = spec else { return };
    if diags.has_errors() {
        return;
    }
    let _ = spec.spec.to_spec_file();
    let _ = spec.implied_type();
    let body = hcldecode::Body::empty();
    let ctx = spec.input_context();
    let _ = spec.decode(&body, Some(&ctx));
});
