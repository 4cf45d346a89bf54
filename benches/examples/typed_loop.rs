//! Typed decoding in a loop, for profilers (`perf record`, callgrind):
//! `cargo run --release -p hcldecode-benches --example typed_loop -- 10MB
//! 10`, or of the realistic configuration (`realistic.rs`) of that size:
//! `... -- 1MB 5 realistic`.

use hcldecode_benches::{generate, parse_size, realistic, typed};

fn main() {
    let mut args = std::env::args().skip(1);
    let size = args.next().unwrap_or_else(|| "10MB".into());
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(10);
    let bytes = parse_size(&size).expect("size");
    if args.next().as_deref() == Some("realistic") {
        let text = realistic::generate(bytes);
        let decoder = realistic::decoder();
        let mut services = 0;
        for _ in 0..rounds {
            let c: realistic::Config = decoder.decode_str(&text, "deploy.hcl").expect("decode");
            services += std::hint::black_box(&c).service.len();
        }
        println!("{services} services decoded");
        return;
    }
    let text = generate(1, bytes).text;
    let mut jobs = 0;
    for _ in 0..rounds {
        let file: typed::JobFile = hcldecode::from_str(&text, "config.hcl").expect("typed decode");
        jobs += std::hint::black_box(&file).jobs.len();
    }
    println!("{jobs} jobs decoded");
}
