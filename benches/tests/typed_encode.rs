//! The encoding benchmark's documents are written the same by
//! `to_string_typed`, which writes derived types straight to the text
//! (issue 36), as through `BodyWriter` (what it wrote before, and what
//! typed write-back still compares), over many generated documents.

use hcldecode::encode::{BodyWriter, EncodeOptions, HclEncode};
use hcldecode_benches::{generate, typed::JobFile};

fn body_writer_text(file: &JobFile, opts: &EncodeOptions) -> String {
    let mut body = BodyWriter::new();
    file.encode_body(&mut body).expect("encode_body");
    body.finish_with(opts).expect("finish")
}

fn check(text: &str, what: &str) {
    let file: JobFile = hcldecode::from_str(text, "c.hcl").expect("typed decode");
    assert!(!file.jobs.is_empty());
    for heredocs in [true, false] {
        let opts = EncodeOptions::default().with_heredocs(heredocs);
        let streamed = hcldecode::encode::to_string_of_with(&file, &opts).expect("encode");
        assert_eq!(
            streamed,
            body_writer_text(&file, &opts),
            "{what}, heredocs {heredocs}"
        );
    }
}

#[test]
fn streamed_and_body_writer_texts_agree_on_generated_documents() {
    for seed in 1..=30 {
        check(&generate(seed, 20_000).text, &format!("seed {seed}"));
    }
    check(&generate(1, 100_000).text, "the bench's 100 KB");
    check(&generate(1, 1_000_000).text, "the bench's 1 MB");
}
