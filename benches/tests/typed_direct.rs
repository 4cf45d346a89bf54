//! The typed-decoding benchmark's documents decode to the same Rust values
//! on typed decoding's direct path (`hcldecode::from_str`, which skips the
//! value of each body) as from the engine's value (`decode` then
//! `from_hcl`), over many generated documents.

use hcldecode::HclDecode;
use hcldecode::decode::{DecodeOptions, decode_with};
use hcldecode::typed::At;
use hcldecode_benches::{generate, typed::JobFile};

fn from_value(text: &str) -> JobFile {
    let (file, diags) = hcldecode::parse::parse_native(text.as_bytes(), "c.hcl");
    assert!(!diags.has_errors(), "{diags:?}");
    let opts = DecodeOptions::new().element_errors(true);
    let (v, diags) = decode_with(&file.body, &JobFile::spec(), None, None, opts);
    assert!(!diags.has_errors(), "{diags:?}");
    JobFile::from_hcl(&v, At::none()).expect("from_hcl")
}

#[test]
fn direct_and_value_paths_agree_on_generated_documents() {
    for seed in 1..=40 {
        let text = generate(seed, 20_000).text;
        let direct: JobFile = hcldecode::from_str(&text, "c.hcl").expect("typed decode");
        assert!(!direct.jobs.is_empty());
        assert_eq!(direct, from_value(&text), "seed {seed}");
    }
    let text = generate(1, 1_000_000).text;
    let direct: JobFile = hcldecode::from_str(&text, "c.hcl").expect("typed decode");
    assert_eq!(direct, from_value(&text));
}
