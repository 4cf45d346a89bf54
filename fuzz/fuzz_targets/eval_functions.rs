//! Expressions with the whole function library (every set; the filesystem
//! set confined to an empty scratch directory), as Nomad's map (texts of
//! even length) or Terraform's profile (odd length): any text evaluates to
//! a value or diagnostics, within the evaluation limits.
#![no_main]
use libfuzzer_sys::fuzz_target;

use hcldecode::eval::evaluate;
use hcldecode::function::Functions;
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
    let root = std::env::temp_dir().join("hcldecode-fuzz-fs-root");
    let _ = std::fs::create_dir_all(&root);
    let lib = if text.len() % 2 == 1 {
        Functions::terraform(root)
    } else {
        Functions::parse("stdlib,encoding,crypto,uuid,cidr")
            .unwrap_or_default()
            .with(Functions::filesystem(root))
    };
    ctx.set_function_library(lib);
    let (v, _) = evaluate(expr.as_ref(), Some(&ctx));
    let _ = marshal(&v, &hcldecode::Type::Dynamic);
});
