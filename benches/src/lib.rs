//! Benchmark inputs for hcldecode: a Rust port of the shared generator
//! `gen-large-config.py`, which writes large, realistic Nomad-style HCL
//! configurations and an hcldec spec file that decodes all of them.
//!
//! The port is byte for byte faithful: the same seed gives the same bytes
//! as the Python script (same SplitMix64 generator, same order of random
//! draws), and job `k` is the same whatever the size, so a smaller config
//! is a prefix (in jobs) of a larger one made with the same seed.
//!
//! What the configs exercise: labelled blocks nested three deep (job >
//! group > task, decoded with `block_map`), repeated unlabelled blocks
//! (`block_list`), single optional blocks (`block`), labelled blocks inside
//! unlabelled ones, strings with escapes (`\"`, `\\`, `\n`, `\t`, `\uXXXX`,
//! `$${` and `%%{`), raw UTF-8, heredocs (`<<EOH` and `<<-EOH`), integers,
//! floats, bools, empty and non-empty lists and maps, nested object
//! constructors, attributes typed `list(string)`, `map(string)`,
//! `map(list(string))`, `map(map(number))`, `list(object(...))`,
//! `object(...)`, and `#`, `//` and `/* */` comments. No variables and no
//! function calls.
//!
//! ```
//! let cfg = hcldecode_benches::generate(1, 20_000);
//! assert!(cfg.text.len() >= 20_000);
//! assert!(cfg.text.starts_with("# Nomad-style jobs written by gen-large-config.py (seed=1)."));
//! assert!(hcldecode_benches::SPEC.contains("block_map \"job\""));
//! ```

#![deny(missing_docs)]

mod blocks;
pub mod realistic;
mod rng;
pub mod serde_model;
mod text;
mod vocabulary;

use blocks::{w_affinity, w_constraint, w_group, w_spread};
use rng::Rng;
use text::{W, b, dur, lst, obj_block, p, quote, quote_r};
use vocabulary::{CRONS, DCS, ENVS, GROUP_NAMES, REGIONS, SERVICES, TEAMS, UNICODE_WORDS};
pub mod typed;

/// The hcldec spec that decodes every attribute and block of a generated
/// config (the same text the Python generator writes as `spec.hcldec`).
pub const SPEC: &str = include_str!("spec.hcldec");

/// A generated configuration.
#[derive(Clone, Debug)]
pub struct Config {
    /// The HCL text.
    pub text: String,
    /// How many jobs it holds.
    pub jobs: usize,
}

/// Generates a configuration of at least `target` bytes (jobs are added
/// until it is, so it ends a few KB over) with the given seed, exactly as
/// `gen-large-config.py --seed SEED --size TARGET` does.
pub fn generate(seed: u64, target: usize) -> Config {
    let mut text = header(seed);
    let mut jobs = 0;
    while text.len() < target {
        text.push_str(&gen_job(seed, jobs as u64));
        jobs += 1;
    }
    Config { text, jobs }
}

/// The comment that starts every generated file.
pub fn header(seed: u64) -> String {
    format!(
        "# Nomad-style jobs written by gen-large-config.py (seed={seed}).\n# Deterministic: regenerate instead of editing.\n\n"
    )
}

/// Parses a size as the Python generator does: plain bytes, or a number
/// with `K`/`KB`/`M`/`MB`/`G`/`GB` (powers of 1000) or `KiB`/`MiB`/`GiB`
/// (powers of 1024), case-insensitively. `None` for anything else.
///
/// ```
/// use hcldecode_benches::parse_size;
/// assert_eq!(parse_size("100KB"), Some(100_000));
/// assert_eq!(parse_size("1.5MiB"), Some(1_572_864));
/// assert_eq!(parse_size("5000000"), Some(5_000_000));
/// assert_eq!(parse_size("10 parsecs"), None);
/// ```
pub fn parse_size(s: &str) -> Option<usize> {
    let s = s.trim();
    let split = s
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(s.len());
    let (num, unit) = s.split_at(split);
    let unit = unit.trim();
    let mult: f64 = match unit.to_ascii_uppercase().as_str() {
        "" | "B" => 1.0,
        "K" | "KB" => 1e3,
        "M" | "MB" => 1e6,
        "G" | "GB" => 1e9,
        "KIB" => 1024.0,
        "MIB" => 1024.0 * 1024.0,
        "GIB" => 1024.0 * 1024.0 * 1024.0,
        _ => return None,
    };
    let n: f64 = num.parse().ok()?;
    Some((n * mult) as usize)
}

/// The text of job number `idx` for `seed` (`gen_job` in the script).
pub fn gen_job(seed: u64, idx: u64) -> String {
    let mut rng = Rng(seed.wrapping_mul(0x100_0000_01B3) ^ idx.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    rng.next();
    let svc = rng.choice(SERVICES);
    let team = rng.choice(TEAMS);
    let env = rng.choice(ENVS);
    let name = format!("{svc}-{env}-{idx:06}");
    let jobtype = rng.choice(&[
        "service", "service", "service", "service", "service", "service", "service", "batch",
        "batch", "system",
    ]);
    let mut w = W::default();

    let r = rng.below(10);
    if r < 5 {
        w.line(
            0,
            &format!("# {name}: {svc} service owned by {team} ({env})"),
        );
    } else if r < 7 {
        w.line(0, "/*");
        w.line(0, &format!(" * {name}"));
        w.line(
            0,
            &format!(" * Owner: {team} \u{2014} on-call rotation \"{team}-primary\""),
        );
        w.line(0, " */");
    } else if r < 8 {
        w.line(0, &format!("// {name}"));
    }
    w.line(0, &format!("job {} {{", quote(&name)));
    let mut pairs = Vec::new();
    if rng.chance(0.6) {
        pairs.push(p("region", quote(rng.choice(REGIONS))));
    }
    let n = rng.int(1, 4);
    let dcs: Vec<String> = rng.sample(DCS, n).iter().map(|x| quote(x)).collect();
    let dcs = lst(&dcs, &mut rng);
    pairs.push(p("datacenters", dcs));
    pairs.push(p("type", quote(jobtype)));
    if rng.chance(0.7) {
        pairs.push(p("priority", rng.int(1, 100).to_string()));
    }
    if rng.chance(0.2) {
        pairs.push(p("all_at_once", b(&mut rng, 0.3)));
    }
    if rng.chance(0.5) {
        let te = format!("{team}-{env}");
        pairs.push(p(
            "namespace",
            quote(rng.choice(&["default", team, te.as_str()])),
        ));
    }
    w.attrs(1, &pairs, None);
    if rng.chance(0.6) {
        let mut meta = vec![p("owner", quote(team)), p("env", quote(env))];
        if rng.chance(0.5) {
            let cc = format!("cc-{:04}", rng.int(0, 9999));
            meta.push((quote("cost-center"), quote(&cc)));
        }
        if rng.chance(0.3) {
            let desc = format!("{} for {svc}", rng.choice(UNICODE_WORDS));
            let q = quote_r(&desc, &mut rng);
            meta.push(p("description", q));
        }
        if rng.chance(0.1) {
            meta.clear();
        }
        obj_block(&mut w, 1, "meta", &meta, &mut rng);
    }

    if jobtype == "service" && rng.chance(0.6) {
        w.line(1, "");
        w.line(1, "update {");
        let mp = rng.int(1, 5).to_string();
        let mht = dur(&mut rng);
        let hd = dur(&mut rng);
        let mut up = vec![
            p("max_parallel", mp),
            p("min_healthy_time", mht),
            p("healthy_deadline", hd),
        ];
        if rng.chance(0.5) {
            up.push(p("progress_deadline", dur(&mut rng)));
        }
        let ar = b(&mut rng, 0.7);
        let canary = rng.int(0, 3).to_string();
        up.push(p("auto_revert", ar));
        up.push(p("canary", canary));
        if rng.chance(0.3) {
            up.push(p("stagger", dur(&mut rng)));
        }
        w.attrs(2, &up, None);
        w.line(1, "}");
    }
    if jobtype == "batch" && rng.chance(0.7) {
        w.line(1, "");
        w.line(1, "periodic {");
        let cron = quote(rng.choice(CRONS));
        let tz = quote(rng.choice(&["UTC", "America/New_York", "Europe/Berlin"]));
        w.attrs(
            2,
            &[
                p("cron", cron),
                p("prohibit_overlap", "true"),
                p("time_zone", tz),
            ],
            None,
        );
        w.line(1, "}");
    }
    let n = rng.int(0, 3);
    for _ in 0..n {
        w.line(1, "");
        w_constraint(&mut w, 1, &mut rng);
    }
    let n = rng.int(0, 2);
    for _ in 0..n {
        w.line(1, "");
        w_affinity(&mut w, 1, &mut rng);
    }
    if rng.chance(0.3) {
        w.line(1, "");
        w_spread(&mut w, 1, &mut rng);
    }

    let n = rng.int(1, 3);
    for gn in rng.sample(GROUP_NAMES, n) {
        w.line(1, "");
        w_group(&mut w, 1, &mut rng, gn, svc, team, jobtype);
    }
    w.line(0, "}");
    w.line(0, "");
    w.text()
}
