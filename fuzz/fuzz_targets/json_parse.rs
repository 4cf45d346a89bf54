//! JSON syntax: any bytes parse, and the body answers a schema.
#![no_main]
use libfuzzer_sys::fuzz_target;

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::syntax::body::{Body, BodySchema};
use hcldecode_spec::syntax::json;

fuzz_target!(|data: &[u8]| {
    let src = json::source_from_bytes("fuzz.json", data.to_vec());
    let (file, diags) = json::parse(src);
    for d in diags.iter() {
        let _ = d.to_string();
    }
    let body = Body::json(file.doc.clone(), file.root);
    let schema = BodySchema::new()
        .attribute("a", false)
        .attribute("b", true)
        .block("blk", &["name"])
        .block("other", &[]);
    let mut d = Diagnostics::new();
    let content = body.content(&schema, &mut d);
    for b in &content.blocks {
        let _ = b.body.just_attributes(&mut d);
    }
    let _ = body.just_attributes(&mut d);
});
