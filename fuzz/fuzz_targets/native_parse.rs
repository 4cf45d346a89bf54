//! Native syntax: any bytes parse to a tree and diagnostics whose ranges
//! resolve, and every expression's static analysis runs.
#![no_main]
use libfuzzer_sys::fuzz_target;

use hcldecode_spec::syntax::native::{self, analysis};

fuzz_target!(|data: &[u8]| {
    let (src, _) = native::source_from_bytes("fuzz.hcl", data.to_vec());
    let (file, diags) = native::parse_config(src.clone());
    for d in diags.iter() {
        let _ = d.to_string();
    }
    for a in &file.body.attributes {
        let _ = analysis::variables(&a.expr, &src);
        let _ = src.range(a.expr.span);
    }
    let (expr, _) = native::parse_expression(&src);
    let _ = analysis::variables(&expr, &src);
    let (tmpl, _) = native::parse_template(&src);
    let _ = src.range(tmpl.start_span());
});
