//! A `Decoder` (with its functions, variables and hooks) can be used
//! inside `catch_unwind` without `AssertUnwindSafe`: every part is
//! `RefUnwindSafe` (function closures are required to be).
#![cfg(feature = "derive")]

use hcldecode::{Decoder, HclDecode};

#[derive(HclDecode, Debug, PartialEq)]
struct Config {
    name: String,
}

#[test]
fn a_decoder_crosses_catch_unwind() {
    fn unwind_safe<T: std::panic::RefUnwindSafe + std::panic::UnwindSafe>(_: &T) {}
    let decoder = Decoder::new()
        .variable("who", hcldecode::Value::string("web"))
        .functions(hcldecode::function::Functions::stdlib());
    unwind_safe(&decoder);
    let got =
        std::panic::catch_unwind(|| decoder.decode_str::<Config>("name = upper(who)\n", "in.hcl"));
    assert_eq!(got.unwrap().unwrap(), Config { name: "WEB".into() });
}
