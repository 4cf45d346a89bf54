//! `cargo bench -p hcldecode-benches`: hcldecode and its peers on the
//! generated Nomad-style configurations (100 KB, 1 MB, 10 MB; see
//! `docs/performance.md`).
//!
//! - `lex`, `parse`: the native-syntax scanner and parser alone;
//! - `format`, `format_unindented`: the formatter (`hclfmt`'s work) on the
//!   config and on the config with its indentation stripped;
//! - `decode`: the decoder with a loaded spec, on a parsed body;
//! - `json`: writing the decoded value as hcldec does (nulls stripped);
//! - `end_to_end`: what `hcldec` does in-process: parse, decode, JSON;
//! - `typed`: `hcldecode::from_str` into `#[derive(HclDecode)]` types;
//! - `spec_load`: loading the spec file (hcldec's start-up);
//! - `peer_*`: hcl-rs in the same harness: `hcl::edit::parser::parse_body`,
//!   `hcl::from_str` and `hcl::eval::from_str` into equivalent serde types.
//!
//! Throughput is in bytes of HCL input per second.

use std::sync::OnceLock;

use divan::Bencher;
use divan::counter::BytesCount;
use hcldecode::spec_file::LoadedSpec;
use hcldecode::value::json::{WriteOptions, marshal_to};
use hcldecode_benches::{SPEC, generate, serde_model, typed};
use hcldecode_spec::source::{SourceFile, Span};
use hcldecode_spec::syntax::native::{self, LexMode};

fn main() {
    divan::main();
}

const SIZES: &[&str] = &["100KB", "1MB", "10MB"];

/// The generated config of a size, made once.
fn input(size: &str) -> &'static str {
    static CONFIGS: [OnceLock<String>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let i = SIZES.iter().position(|s| *s == size).expect("known size");
    CONFIGS[i].get_or_init(|| {
        let n = hcldecode_benches::parse_size(size).expect("size");
        generate(1, n).text
    })
}

fn spec() -> &'static LoadedSpec {
    static SPEC_LOADED: OnceLock<LoadedSpec> = OnceLock::new();
    SPEC_LOADED.get_or_init(|| {
        let (s, d) = LoadedSpec::load_str(SPEC, "spec.hcldec");
        assert!(!d.has_errors(), "{d:?}");
        s.expect("spec")
    })
}

fn parsed(size: &str) -> hcldecode::parse::File {
    let (f, d) = hcldecode::parse::parse_native(input(size).as_bytes(), "config.hcl");
    assert!(!d.has_errors(), "{d:?}");
    f
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn lex(b: Bencher, size: &str) {
    let text = input(size);
    b.counter(BytesCount::new(text.len()))
        .bench(|| native::lex(text, Span::new(0, text.len() as u32), LexMode::Normal).len());
}

/// `hclfmt`'s work: formatting the config (already formatted) and the
/// config with every line's indentation stripped (all of it re-indented).
#[divan::bench(args = SIZES, sample_count = 10)]
fn format(b: Bencher, size: &str) {
    let text = input(size);
    b.counter(BytesCount::new(text.len()))
        .bench(|| hcldecode_spec::format::format(text.as_bytes()).len());
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn format_unindented(b: Bencher, size: &str) {
    let text: String = input(size)
        .lines()
        .map(|l| l.trim_start().to_string() + "\n")
        .collect();
    b.counter(BytesCount::new(text.len()))
        .bench(|| hcldecode_spec::format::format(text.as_bytes()).len());
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn parse(b: Bencher, size: &str) {
    let text = input(size);
    b.counter(BytesCount::new(text.len()))
        .with_inputs(|| SourceFile::new("config.hcl", text))
        .bench_values(native::parse_config);
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn decode(b: Bencher, size: &str) {
    let file = parsed(size);
    let spec = spec();
    b.counter(BytesCount::new(input(size).len()))
        .bench(|| spec.decode(&file.body, None));
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn json(b: Bencher, size: &str) {
    let file = parsed(size);
    let (value, _) = spec().decode(&file.body, None);
    let opts = WriteOptions {
        omit_null_properties: true,
    };
    b.counter(BytesCount::new(input(size).len())).bench(|| {
        let mut out = Vec::new();
        marshal_to(&mut out, &value, value.ty(), opts).expect("json");
        out
    });
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn end_to_end(b: Bencher, size: &str) {
    let text = input(size);
    let spec = spec();
    let opts = WriteOptions {
        omit_null_properties: true,
    };
    b.counter(BytesCount::new(text.len())).bench(|| {
        let (f, d) = hcldecode::parse::parse_native(text.as_bytes(), "config.hcl");
        assert!(!d.has_errors());
        let (value, d) = spec.decode(&f.body, None);
        assert!(!d.has_errors());
        let mut out = Vec::new();
        marshal_to(&mut out, &value, value.ty(), opts).expect("json");
        out
    });
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn typed(b: Bencher, size: &str) {
    let text = input(size);
    b.counter(BytesCount::new(text.len()))
        .bench(|| hcldecode::from_str::<typed::JobFile>(text, "config.hcl").expect("typed decode"));
}

#[divan::bench(sample_count = 50)]
fn spec_load(b: Bencher) {
    b.counter(BytesCount::new(SPEC.len()))
        .bench(|| LoadedSpec::load_str(SPEC, "spec.hcldec"));
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn peer_hcl_edit_parse(b: Bencher, size: &str) {
    let text = input(size);
    b.counter(BytesCount::new(text.len()))
        .bench(|| hcl::edit::parser::parse_body(text).expect("hcl-edit parse"));
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn peer_hcl_from_str(b: Bencher, size: &str) {
    let text = input(size);
    b.counter(BytesCount::new(text.len()))
        .bench(|| hcl::from_str::<serde_model::JobFile>(text).expect("hcl::from_str"));
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn peer_hcl_eval_from_str(b: Bencher, size: &str) {
    let text = input(size);
    let ctx = hcl::eval::Context::new();
    b.counter(BytesCount::new(text.len())).bench(|| {
        hcl::eval::from_str::<serde_model::JobFile>(text, &ctx).expect("hcl::eval::from_str")
    });
}
