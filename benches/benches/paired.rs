//! `cargo bench -p hcldecode-benches --bench paired`: the ratio
//! targets measured as paired, interleaved runs.
//!
//! On a shared machine the speed drifts by more than the margins between
//! the targets and the figures, so benchmarking one side and then the other
//! (as `decode`'s divan benchmarks do) moves a ratio by tenths between runs.
//! Here each round times both sides back to back (which goes first
//! alternates) on the same input, and the figure is the median over rounds
//! of the per-round ratio, with each side's median time beside it. Results
//! are dropped outside the timed region, as divan does.
//!
//! Pairs: typed decoding (`hcldecode::from_str` into derived types) against
//! `serde_json::from_str` of the same configuration as JSON (the text made
//! once, before the rounds) and `hcl::from_str` and `hcl::eval::from_str`
//! into equivalent serde types,
//! the native-syntax parser against hcl-edit's `parse_body`, and encoding:
//! `hcldecode::to_string_typed` of the derived types (`HclEncode`) against
//! `hcl::to_string` of the same configuration as an `hcl::Body` (each
//! decoded once, before the rounds; only writing is timed); and the
//! realistic configuration (`realistic.rs`: functions, variables,
//! heredocs, dynamic blocks, a tagged enum, `Spanned` fields) against the
//! generated one of the same size, both typed: the cliff per byte; and
//! the configuration split into eight files decoded with
//! `Decoder::decode_paths` (parsed on rayon's pool) against the same files
//! parsed one after the other.
//!
//! Arguments (after `--`): substrings selecting pairs or sizes, e.g.
//! `cargo bench --bench paired -- typed 1MB`.

use std::hint::black_box;
use std::rc::Rc;
use std::time::{Duration, Instant};

use hcldecode_benches::{generate, parse_size, realistic, serde_model, typed};
use hcldecode_spec::source::SourceFile;
use hcldecode_spec::syntax::native;

type Run = fn(&str) -> Box<dyn std::any::Any>;

fn ours_typed(text: &str) -> Box<dyn std::any::Any> {
    Box::new(hcldecode::from_str::<typed::JobFile>(text, "config.hcl").expect("typed decode"))
}

fn serde_from_str(text: &str) -> Box<dyn std::any::Any> {
    Box::new(hcl::from_str::<serde_model::JobFile>(text).expect("hcl::from_str"))
}

fn serde_eval_from_str(text: &str) -> Box<dyn std::any::Any> {
    let ctx = hcl::eval::Context::new();
    Box::new(hcl::eval::from_str::<serde_model::JobFile>(text, &ctx).expect("hcl::eval::from_str"))
}

/// serde_json reading the same configuration written as JSON (HCL's JSON
/// mapping, as `hcl::from_str::<serde_json::Value>` gives it; made once per
/// size, before the rounds) into the same serde types: the format's
/// limit that issue 36 measures typed decoding against.
fn serde_json_from_str(text: &str) -> Box<dyn std::any::Any> {
    let json = json_of(text);
    Box::new(serde_json::from_str::<serde_model::JobFile>(&json).expect("serde_json::from_str"))
}

thread_local! {
    /// The JSON text of the configuration, keyed by the HCL text's length.
    static JSON: std::cell::RefCell<Option<(usize, Rc<str>)>> =
        const { std::cell::RefCell::new(None) };
}

/// `text`'s configuration as JSON (cached per text).
fn json_of(text: &str) -> Rc<str> {
    JSON.with(|j| {
        let mut j = j.borrow_mut();
        match &*j {
            Some((len, json)) if *len == text.len() => json.clone(),
            _ => {
                let v: serde_json::Value = hcl::from_str(text).expect("hcl::from_str Value");
                let json: Rc<str> = serde_json::to_string(&v).expect("to JSON").into();
                // The same configuration: serde reads it into the same types.
                serde_json::from_str::<serde_model::JobFile>(&json).expect("JSON into the model");
                *j = Some((text.len(), json.clone()));
                json
            }
        }
    })
}

/// The realistic configuration (functions, variables, heredocs, a dynamic
/// block, a tagged enum, `Spanned` fields, comments) of the generated
/// text's size, decoded into its derived types: against typed decoding of
/// the generated configuration, its ratio is the cliff's time per byte
/// (the sizes agree within one service block).
fn realistic_typed(text: &str) -> Box<dyn std::any::Any> {
    REALISTIC.with(|r| {
        let mut r = r.borrow_mut();
        if r.as_ref().is_none_or(|(len, ..)| *len != text.len()) {
            let t: Rc<str> = realistic::generate(text.len()).into();
            *r = Some((text.len(), t, Rc::new(realistic::decoder())));
        }
        let (_, t, dec) = r.as_ref().unwrap();
        let c: realistic::Config = dec.decode_str(t, "deploy.hcl").expect("realistic decode");
        Box::new(c) as Box<dyn std::any::Any>
    })
}

/// The realistic text and its decoder, for a generated text's length.
type Realistic = (usize, Rc<str>, Rc<hcldecode::Decoder>);

thread_local! {
    /// The realistic text and its decoder, keyed by the generated text's length.
    static REALISTIC: std::cell::RefCell<Option<Realistic>> =
        const { std::cell::RefCell::new(None) };
}

fn ours_parse(text: &str) -> Box<dyn std::any::Any> {
    Box::new(native::parse_config(SourceFile::new("config.hcl", text)))
}

fn hcl_edit_parse(text: &str) -> Box<dyn std::any::Any> {
    Box::new(hcl::edit::parser::parse_body(text).expect("hcl-edit parse"))
}

/// A configuration decoded for both encoders, with the length of its text.
type Decoded = (usize, Rc<typed::JobFile>, Rc<hcl::Body>);

thread_local! {
    /// The decoded configurations the encoding pair writes, keyed by the
    /// text's length (one per size; thread-local because the bench is one
    /// thread and `Run` is a plain `fn`).
    static DECODED: std::cell::RefCell<Option<Decoded>> =
        const { std::cell::RefCell::new(None) };
}

/// The configuration `text` decoded for both encoders (cached per text).
fn decoded(text: &str) -> (Rc<typed::JobFile>, Rc<hcl::Body>) {
    DECODED.with(|d| {
        let mut d = d.borrow_mut();
        match &*d {
            Some((len, ours, theirs)) if *len == text.len() => (ours.clone(), theirs.clone()),
            _ => {
                let ours = Rc::new(
                    hcldecode::from_str::<typed::JobFile>(text, "config.hcl")
                        .expect("typed decode"),
                );
                let theirs = Rc::new(hcl::from_str::<hcl::Body>(text).expect("hcl::from_str Body"));
                *d = Some((text.len(), ours.clone(), theirs.clone()));
                (ours, theirs)
            }
        }
    })
}

fn ours_encode(text: &str) -> Box<dyn std::any::Any> {
    let (ours, _) = decoded(text);
    Box::new(hcldecode::to_string_typed(&*ours).expect("to_string_typed"))
}

fn hcl_to_string(text: &str) -> Box<dyn std::any::Any> {
    let (_, theirs) = decoded(text);
    Box::new(hcl::to_string(&*theirs).expect("hcl::to_string"))
}

/// How many files the configuration is split into for the paths pair.
const FILES: usize = 8;

thread_local! {
    /// The configuration split into files in a directory of its own,
    /// keyed by the text's length.
    static SPLIT: std::cell::RefCell<Option<(usize, Rc<[std::path::PathBuf]>)>> =
        const { std::cell::RefCell::new(None) };
}

/// `text` split at its top-level `job` blocks into [`FILES`] files of
/// about the same size, written once per text.
fn split_files(text: &str) -> Rc<[std::path::PathBuf]> {
    SPLIT.with(|s| {
        let mut s = s.borrow_mut();
        if let Some((len, paths)) = &*s
            && *len == text.len()
        {
            return paths.clone();
        }
        // One directory per size, rewritten by each run (the same text
        // every time), so runs do not leave copies behind.
        let dir = std::env::temp_dir().join(format!("hcldecode-paired-{}", text.len()));
        std::fs::create_dir_all(&dir).expect("bench directory");
        let starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices("\njob \"").map(|(i, _)| i + 1))
            .collect();
        let per = text.len() / FILES + 1;
        let mut paths = Vec::new();
        let mut from = 0;
        for &at in &starts[1..] {
            if at - from >= per {
                paths.push(write_part(&dir, paths.len(), &text[from..at]));
                from = at;
            }
        }
        paths.push(write_part(&dir, paths.len(), &text[from..]));
        let paths: Rc<[std::path::PathBuf]> = paths.into();
        *s = Some((text.len(), paths.clone()));
        paths
    })
}

fn write_part(dir: &std::path::Path, i: usize, text: &str) -> std::path::PathBuf {
    let path = dir.join(format!("part{i}.hcl"));
    std::fs::write(&path, text).expect("bench file");
    path
}

/// The configuration's files decoded together: parsed on rayon's pool
/// (the benches turn hcldecode's `rayon` feature on).
fn ours_paths(text: &str) -> Box<dyn std::any::Any> {
    let paths = split_files(text);
    let d = hcldecode::Decoder::new();
    Box::new(
        d.decode_paths::<typed::JobFile, _>(&paths)
            .expect("decode_paths"),
    )
}

/// The same files parsed one after the other, then decoded the same way.
fn sequential_paths(text: &str) -> Box<dyn std::any::Any> {
    let paths = split_files(text);
    let limits = hcldecode::eval::Limits::DEFAULT;
    let mut files = Vec::new();
    let mut diags = hcldecode::Diagnostics::new();
    for p in paths.iter() {
        let (f, d) = hcldecode::parse::parse_path_with_limits(p, &limits);
        files.extend(f);
        diags.extend(d);
    }
    let d = hcldecode::Decoder::new();
    Box::new(
        d.decode_files::<typed::JobFile>(&files, diags)
            .expect("decode_files"),
    )
}

const PAIRS: &[(&str, Run, &str, Run)] = &[
    (
        "typed",
        ours_typed,
        "serde_json (as JSON)",
        serde_json_from_str,
    ),
    ("typed", ours_typed, "hcl::from_str", serde_from_str),
    (
        "typed",
        ours_typed,
        "hcl::eval::from_str",
        serde_eval_from_str,
    ),
    ("parse", ours_parse, "hcl-edit parse_body", hcl_edit_parse),
    (
        "realistic",
        realistic_typed,
        "generated (typed)",
        ours_typed,
    ),
    ("encode", ours_encode, "hcl::to_string", hcl_to_string),
    ("paths (rayon)", ours_paths, "one by one", sequential_paths),
];

fn time(run: Run, text: &str) -> Duration {
    let start = Instant::now();
    let out = black_box(run(black_box(text)));
    let d = start.elapsed();
    drop(out);
    d
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn main() {
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    println!(
        "{:<8} {:<34} {:>10} {:>10} {:>8} {:>8}",
        "size", "pair", "ours", "theirs", "ratio", "spread"
    );
    for (size, rounds) in [("100KB", 31), ("1MB", 21), ("10MB", 11)] {
        let text = generate(1, parse_size(size).expect("size")).text;
        for &(a_name, a, b_name, b) in PAIRS {
            let label = format!("{a_name} / {b_name}");
            if !filters
                .iter()
                .all(|f| size == f.as_str() || label.contains(f.as_str()))
            {
                continue;
            }
            // Warm-up: caches, allocator arenas, lazily built specs.
            time(a, &text);
            time(b, &text);
            let mut ta = Vec::with_capacity(rounds);
            let mut tb = Vec::with_capacity(rounds);
            let mut ratios = Vec::with_capacity(rounds);
            for r in 0..rounds {
                let (x, y) = if r % 2 == 0 {
                    let x = time(a, &text);
                    (x, time(b, &text))
                } else {
                    let y = time(b, &text);
                    (time(a, &text), y)
                };
                ta.push(x.as_secs_f64());
                tb.push(y.as_secs_f64());
                ratios.push(x.as_secs_f64() / y.as_secs_f64());
            }
            let ma = median(&mut ta);
            let mb = median(&mut tb);
            let mr = median(&mut ratios);
            let spread = ratios[ratios.len() * 3 / 4] - ratios[ratios.len() / 4];
            println!(
                "{size:<8} {label:<34} {:>8.2}ms {:>8.2}ms {mr:>8.3} {spread:>8.3}",
                ma * 1e3,
                mb * 1e3,
            );
        }
    }
    println!("ratio: median over rounds of ours / theirs; spread: its interquartile range");
}
