//! Typed encoding in a loop, for profilers (`perf record`, callgrind):
//! `cargo run --release -p hcldecode-benches --example encode_loop -- 100KB
//! 10` decodes the generated configuration of that size once into the
//! derived types (`typed.rs`), then writes it with
//! `hcldecode::to_string_typed` that many times.

use hcldecode_benches::{generate, parse_size, typed};

fn main() {
    let mut args = std::env::args().skip(1);
    let size = args.next().unwrap_or_else(|| "100KB".into());
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(10);
    let bytes = parse_size(&size).expect("size");
    let text = generate(1, bytes).text;
    let file: typed::JobFile = hcldecode::from_str(&text, "config.hcl").expect("typed decode");
    let mut written = 0;
    for _ in 0..rounds {
        let out = hcldecode::to_string_typed(std::hint::black_box(&file)).expect("encode");
        written += std::hint::black_box(out).len();
    }
    println!("{written} bytes written");
}
