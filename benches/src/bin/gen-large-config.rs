//! `gen-large-config --size 1MB [--size 10MB ...] --out DIR [--seed N]`:
//! writes `DIR/config-<SIZE>.hcl` for each size and `DIR/spec.hcldec`,
//! byte for byte as the shared `gen-large-config.py` does.

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut sizes: Vec<(String, usize)> = Vec::new();
    let mut out: Option<String> = None;
    let mut seed: u64 = 1;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) => (f.to_string(), Some(v.to_string())),
            None => (a.clone(), None),
        };
        let mut value = || inline.clone().or_else(|| args.next());
        match flag.as_str() {
            "--size" => {
                let Some(v) = value() else {
                    return usage("--size needs a value");
                };
                let Some(n) = hcldecode_benches::parse_size(&v) else {
                    return usage(&format!(
                        "bad size {v:?} (use e.g. 100KB, 1MB, 10MiB, 5000000)"
                    ));
                };
                sizes.push((v.trim().to_string(), n));
            }
            "--out" => out = value(),
            "--seed" => match value().and_then(|v| v.parse().ok()) {
                Some(s) => seed = s,
                None => return usage("--seed needs a number"),
            },
            _ => return usage(&format!("unknown argument {a:?}")),
        }
    }
    let Some(out) = out else {
        return usage("--out is required");
    };
    if sizes.is_empty() {
        return usage("at least one --size is required");
    }
    let dir = std::path::Path::new(&out);
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("cannot create {out}: {e}");
        return ExitCode::FAILURE;
    }
    // As the script does: job k goes to every file still under its size,
    // so smaller files are prefixes (in jobs) of larger ones.
    let header = hcldecode_benches::header(seed);
    let mut texts: Vec<(String, usize)> = sizes.iter().map(|_| (header.clone(), 0)).collect();
    let mut idx = 0u64;
    while texts
        .iter()
        .zip(&sizes)
        .any(|((t, _), (_, n))| t.len() < *n)
    {
        let job = hcldecode_benches::gen_job(seed, idx);
        for ((text, jobs), (_, target)) in texts.iter_mut().zip(&sizes) {
            if text.len() < *target {
                text.push_str(&job);
                *jobs += 1;
            }
        }
        idx += 1;
    }
    for ((text, jobs), (label, _)) in texts.iter().zip(&sizes) {
        let path = dir.join(format!("config-{label}.hcl"));
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
        println!("{}\t{} bytes\t{} jobs", path.display(), text.len(), jobs);
    }
    let spec = dir.join("spec.hcldec");
    if let Err(e) = std::fs::File::create(&spec)
        .and_then(|mut f| f.write_all(hcldecode_benches::SPEC.as_bytes()))
    {
        eprintln!("cannot write {}: {e}", spec.display());
        return ExitCode::FAILURE;
    }
    println!("{}\tspec", spec.display());
    ExitCode::SUCCESS
}

fn usage(msg: &str) -> ExitCode {
    eprintln!("{msg}\nusage: gen-large-config --size SIZE [--size SIZE ...] --out DIR [--seed N]");
    ExitCode::from(2)
}
