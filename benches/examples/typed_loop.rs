//! Typed decoding in a loop, for profilers (`perf record`): `cargo run
//! --release -p hcldecode-benches --example typed_loop -- 10MB 10`.

use hcldecode_benches::{generate, parse_size, typed};

fn main() {
    let mut args = std::env::args().skip(1);
    let size = args.next().unwrap_or_else(|| "10MB".into());
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(10);
    let text = generate(1, parse_size(&size).expect("size")).text;
    let mut jobs = 0;
    for _ in 0..rounds {
        let file: typed::JobFile = hcldecode::from_str(&text, "config.hcl").expect("typed decode");
        jobs += std::hint::black_box(&file).jobs.len();
    }
    println!("{jobs} jobs decoded");
}
