//! Where typed decoding's time goes, phase by phase, beside
//! `hcl::from_str`: `cargo run --release -p hcldecode-benches --example
//! phases -- 100KB [ROUNDS]`. With a third argument (`typed`, `parse`, `serde`, `decode`,
//! `from_hcl`),
//! only that side runs in a loop, for profilers (`perf record`).

use std::hint::black_box;
use std::time::{Duration, Instant};

use hcldecode::HclDecode;
use hcldecode_benches::{generate, parse_size, serde_model, typed};

fn per_round(rounds: u32, mut f: impl FnMut()) -> Duration {
    f();
    let t = Instant::now();
    for _ in 0..rounds {
        f();
    }
    t.elapsed() / rounds
}

fn main() {
    let mut args = std::env::args().skip(1);
    let size = args.next().unwrap_or_else(|| "100KB".into());
    let rounds: u32 = args.next().and_then(|r| r.parse().ok()).unwrap_or(50);
    let only = args.next();
    let text = generate(1, parse_size(&size).expect("size")).text;
    match only.as_deref() {
        Some("typed") => {
            for _ in 0..rounds {
                let r: typed::JobFile = hcldecode::from_str(&text, "c.hcl").unwrap();
                black_box(&r);
            }
            return;
        }
        Some("parse") => {
            for _ in 0..rounds {
                drop(black_box(hcldecode::parse::parse_native(
                    text.as_bytes(),
                    "c.hcl",
                )));
            }
            return;
        }
        Some("serde") => {
            for _ in 0..rounds {
                let r: serde_model::JobFile = hcl::from_str(&text).unwrap();
                black_box(&r);
            }
            return;
        }
        _ => {}
    }
    let spec = typed::JobFile::spec();
    let (file, _) = hcldecode::parse::parse_native(text.as_bytes(), "c.hcl");
    let (v, _) = hcldecode::decode::decode(&file.body, &spec, None, None);
    match only.as_deref() {
        Some("decode") => {
            for _ in 0..rounds {
                drop(black_box(hcldecode::decode::decode(
                    &file.body, &spec, None, None,
                )));
            }
            return;
        }
        Some("from_hcl") => {
            for _ in 0..rounds {
                drop(black_box(typed::JobFile::from_hcl(
                    &v,
                    hcldecode::typed::At::none(),
                )));
            }
            return;
        }
        _ => {}
    }
    let t_spec = per_round(rounds, || drop(black_box(typed::JobFile::spec())));
    let empty = hcldecode::parse::parse_native(b"", "e.hcl").0;
    let t_empty = per_round(rounds, || {
        drop(black_box(hcldecode::decode::decode(
            &empty.body,
            &spec,
            None,
            None,
        )))
    });
    let t_parse = per_round(rounds, || {
        drop(black_box(hcldecode::parse::parse_native(
            text.as_bytes(),
            "c.hcl",
        )))
    });
    let t_decode = per_round(rounds, || {
        drop(black_box(hcldecode::decode::decode(
            &file.body, &spec, None, None,
        )))
    });
    let t_traced = per_round(rounds, || {
        drop(black_box(hcldecode::decode::decode_traced(
            &file.body, &spec, None, None,
        )))
    });
    let t_build = per_round(rounds, || {
        drop(black_box(typed::JobFile::from_hcl(
            &v,
            hcldecode::typed::At::none(),
        )))
    });
    let t_typed = per_round(rounds, || {
        let r: typed::JobFile = hcldecode::from_str(&text, "c.hcl").unwrap();
        drop(black_box(r))
    });
    let t_serde = per_round(rounds, || {
        let r: serde_model::JobFile = hcl::from_str(&text).unwrap();
        drop(black_box(r))
    });
    println!(
        "spec {t_spec:?}  plan+empty decode {t_empty:?}  parse {t_parse:?}  decode {t_decode:?}  \
         traced {t_traced:?}  from_hcl {t_build:?}\ntyped {t_typed:?}  hcl::from_str {t_serde:?}  ratio {:.3}",
        t_typed.as_secs_f64() / t_serde.as_secs_f64()
    );
}
