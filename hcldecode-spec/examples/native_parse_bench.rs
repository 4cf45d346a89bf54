//! Times lexing and parsing of a native-syntax file (best of ROUNDS):
//! `cargo run --release -p hcldecode-spec --example native_parse_bench -- FILE [ROUNDS] [lex|parse|both]`.

use std::time::{Duration, Instant};

use hcldecode_spec::source::Span;
use hcldecode_spec::syntax::native;

/// Nanoseconds this thread has run on a CPU (Linux; 0 elsewhere), which is
/// steadier than wall time on a busy machine.
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .expect("usage: native_parse_bench FILE [ROUNDS] [lex|parse|both]");
    let rounds: usize = args.next().map_or(5, |r| r.parse().expect("rounds"));
    let what = args.next().unwrap_or_else(|| "both".into());
    let bytes = std::fs::read(&path).expect("read");
    let mb = bytes.len() as f64 / 1e6;
    let (file, _) = native::source_from_bytes(&path, bytes);
    let all = Span::new(0, file.source().len() as u32);
    let (mut best_lex, mut best_parse) = (Duration::MAX, Duration::MAX);
    let (mut cpu_lex, mut cpu_parse) = (u64::MAX, u64::MAX);
    for _ in 0..rounds {
        if what != "parse" {
            let (t, c) = (Instant::now(), cpu_ns());
            let toks = native::lex(file.source(), all, native::LexMode::Normal);
            best_lex = best_lex.min(t.elapsed());
            cpu_lex = cpu_lex.min(cpu_ns() - c);
            std::hint::black_box(toks);
        }
        if what != "lex" {
            let (t, c) = (Instant::now(), cpu_ns());
            let (tree, diags) = native::parse_config(file.clone());
            best_parse = best_parse.min(t.elapsed());
            cpu_parse = cpu_parse.min(cpu_ns() - c);
            assert!(diags.is_empty(), "{diags}");
            std::mem::forget(std::hint::black_box(tree));
        }
    }
    let rate = |ns: f64| if ns > 0.0 { mb / (ns / 1e9) } else { 0.0 };
    if what != "parse" {
        println!(
            "lex: {:.0} MB/s wall ({:?}), {:.0} MB/s cpu",
            mb / best_lex.as_secs_f64(),
            best_lex,
            rate(cpu_lex as f64)
        );
    }
    if what != "lex" {
        println!(
            "lex+parse: {:.0} MB/s wall ({:?}), {:.0} MB/s cpu",
            mb / best_parse.as_secs_f64(),
            best_parse,
            rate(cpu_parse as f64)
        );
    }
}
