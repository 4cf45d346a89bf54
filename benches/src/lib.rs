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

pub mod serde_model;
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

// ------------------------------------------------------------------ rng

/// SplitMix64, as the Python generator implements it.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }

    fn choice<T: Copy>(&mut self, seq: &[T]) -> T {
        seq[self.below(seq.len() as u64) as usize]
    }

    /// `next() < int(p * 2**64)`: `p * 2^64` is exact in binary floating
    /// point, so the threshold is the same integer Python computes.
    fn chance(&mut self, p: f64) -> bool {
        let threshold = (p * 18_446_744_073_709_551_616.0) as u128;
        (self.next() as u128) < threshold
    }

    fn sample<T: Clone>(&mut self, seq: &[T], k: i64) -> Vec<T> {
        let mut pool: Vec<T> = seq.to_vec();
        let mut out = Vec::new();
        for _ in 0..(k.max(0) as usize).min(pool.len()) {
            let i = self.below(pool.len() as u64) as usize;
            out.push(pool.remove(i));
        }
        out
    }
}

// ------------------------------------------------------------------ vocabulary

const SERVICES: &[&str] = &[
    "api",
    "web",
    "cache",
    "worker",
    "billing",
    "auth",
    "search",
    "ingest",
    "metrics",
    "gateway",
    "queue",
    "scheduler",
    "notifier",
    "report",
    "media",
    "ledger",
    "catalog",
    "checkout",
    "profile",
    "session",
    "audit",
    "export",
    "import",
    "mailer",
    "pricing",
    "inventory",
    "shipping",
    "ratings",
    "feed",
    "graph",
];
const TEAMS: &[&str] = &[
    "payments",
    "platform",
    "growth",
    "data",
    "identity",
    "core",
    "edge",
    "storage",
    "observability",
    "commerce",
    "mobile",
    "search",
];
const ENVS: &[&str] = &["prod", "staging", "qa", "dev"];
const DCS: &[&str] = &[
    "us-east-1a",
    "us-east-1b",
    "us-west-2a",
    "us-west-2c",
    "eu-central-1a",
    "eu-west-1b",
    "ap-south-1a",
    "ap-northeast-1c",
];
const REGIONS: &[&str] = &["global", "us", "eu", "apac"];
const GROUP_NAMES: &[&str] = &[
    "app", "frontend", "backend", "sidecars", "db", "cache", "workers", "canary", "batch", "proxy",
];
const TASK_NAMES: &[&str] = &[
    "server",
    "envoy",
    "migrate",
    "log-shipper",
    "redis",
    "nginx",
    "app",
    "cron",
    "init-config",
    "exporter",
    "vault-agent",
    "consumer",
];
const REGISTRIES: &[&str] = &[
    "registry.example.com",
    "ghcr.io/example-org",
    "docker.io/library",
    "123456789012.dkr.ecr.us-east-1.amazonaws.com",
];
const WORDS: &[&str] = &[
    "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
    "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango",
    "uniform", "victor", "whiskey", "xray", "yankee", "zulu",
];
const UNICODE_WORDS: &[&str] = &[
    "café",
    "naïve",
    "Zürich",
    "São Paulo",
    "Kraków",
    "東京",
    "Ελλάδα",
    "Москва",
    "smörgåsbord",
    "façade",
    "piñata",
    "über",
];
const ENV_KEYS: &[&str] = &[
    "LOG_LEVEL",
    "LOG_FORMAT",
    "PORT",
    "HTTP_ADDR",
    "GRPC_ADDR",
    "DATABASE_URL",
    "REDIS_URL",
    "FEATURE_FLAGS",
    "OTEL_EXPORTER_OTLP_ENDPOINT",
    "GOMAXPROCS",
    "JAVA_OPTS",
    "TZ",
    "LANG",
    "APP_ENV",
    "CACHE_TTL",
    "MAX_CONNS",
    "TIMEOUT",
    "REGION",
    "SERVICE_NAME",
    "RUST_LOG",
    "NODE_ENV",
    "WORKERS",
];
const DURATIONS: &[&str] = &[
    "1s", "2s", "3s", "5s", "10s", "15s", "20s", "30s", "45s", "1m", "2m", "5m", "10m", "15m",
    "30m", "1h",
];
const CRONS: &[&str] = &[
    "*/5 * * * *",
    "0 * * * *",
    "15 2 * * *",
    "0 0 * * 0",
    "30 4 1 * *",
    "@hourly",
    "@daily",
];
const CONSTRAINT_ATTRS: &[&str] = &[
    "${attr.kernel.name}",
    "${attr.cpu.arch}",
    "${node.class}",
    "${meta.rack}",
    "${attr.driver.docker.version}",
    "${node.datacenter}",
    "${attr.unique.hostname}",
];
const OPERATORS: &[&str] = &[
    "=",
    "!=",
    "regexp",
    "version",
    "distinct_hosts",
    "set_contains",
    ">=",
    "is_set",
];

// ------------------------------------------------------------------ text helpers

/// An HCL quoted-string literal for `s` (`quote(s)` in the script).
fn quote(s: &str) -> String {
    quote_impl(s, false)
}

/// `quote(s, rng)`: with probability 0.3, non-ASCII characters of the
/// basic plane are written as `\uXXXX`.
fn quote_r(s: &str, rng: &mut Rng) -> String {
    let uesc = rng.chance(0.3);
    quote_impl(s, uesc)
}

fn quote_impl(s: &str, uesc: bool) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '$' | '%' if next == Some('{') => {
                out.push(c);
                out.push(c);
                out.push('{');
                i += 1;
            }
            c if uesc && (c as u32) > 127 && (c as u32) < 0x10000 => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
        i += 1;
    }
    out.push('"');
    out
}

fn char_len(s: &str) -> usize {
    s.chars().count()
}

/// `k.ljust(width)`.
fn ljust(k: &str, width: usize) -> String {
    let mut s = k.to_string();
    for _ in char_len(k)..width {
        s.push(' ');
    }
    s
}

/// Line writer with indentation and hclfmt-style alignment of attribute
/// runs (`W` in the script).
#[derive(Default)]
struct W {
    lines: Vec<String>,
}

impl W {
    fn line(&mut self, depth: usize, text: &str) {
        if text.is_empty() {
            self.lines.push(String::new());
        } else {
            self.lines.push(format!("{}{text}", "  ".repeat(depth)));
        }
    }

    fn raw(&mut self, text: &str) {
        self.lines.push(text.to_string());
    }

    fn attrs(&mut self, depth: usize, pairs: &[(String, String)], comment: Option<(&str, &str)>) {
        if pairs.is_empty() {
            return;
        }
        let width = pairs.iter().map(|(k, _)| char_len(k)).max().unwrap_or(0);
        for (k, v) in pairs {
            let mut text = format!("{} = {v}", ljust(k, width));
            if let Some((ck, c)) = comment
                && ck == k
            {
                text.push_str("  ");
                text.push_str(c);
            }
            self.line(depth, &text);
        }
    }

    fn text(&self) -> String {
        let mut s = self.lines.join("\n");
        s.push('\n');
        s
    }
}

fn p(k: &str, v: impl Into<String>) -> (String, String) {
    (k.to_string(), v.into())
}

fn lst(items: &[String], rng: &mut Rng) -> String {
    if items.is_empty() {
        return "[]".into();
    }
    let sep = if rng.chance(0.85) { ", " } else { "," };
    let tail = if rng.chance(0.1) { "," } else { "" };
    format!("[{}{tail}]", items.join(sep))
}

fn obj_inline(pairs: &[(String, String)]) -> String {
    if pairs.is_empty() {
        return "{}".into();
    }
    let items: Vec<String> = pairs.iter().map(|(k, v)| format!("{k} = {v}")).collect();
    format!("{{ {} }}", items.join(", "))
}

/// A multi-line object constructor (`obj_block` with single-line values,
/// the only kind the script writes).
fn obj_block(w: &mut W, depth: usize, name: &str, pairs: &[(String, String)], rng: &mut Rng) {
    if pairs.is_empty() {
        w.line(depth, &format!("{name} = {{}}"));
        return;
    }
    w.line(depth, &format!("{name} = {{"));
    let commas = rng.chance(0.3);
    let width = pairs.iter().map(|(k, _)| char_len(k)).max().unwrap_or(0);
    for (i, (k, v)) in pairs.iter().enumerate() {
        let comma = if commas && i + 1 < pairs.len() {
            ","
        } else {
            ""
        };
        w.line(depth + 1, &format!("{} = {v}{comma}", ljust(k, width)));
    }
    w.line(depth, "}");
}

fn dur(rng: &mut Rng) -> String {
    quote(rng.choice(DURATIONS))
}

fn b(rng: &mut Rng, p: f64) -> String {
    if rng.chance(p) { "true" } else { "false" }.to_string()
}

// ------------------------------------------------------------------ heredoc bodies

fn heredoc_body(rng: &mut Rng, svc: &str, team: &str) -> Vec<String> {
    let kind = rng.below(4);
    let mut lines: Vec<String> = Vec::new();
    match kind {
        0 => {
            let n = rng.int(3, 9);
            for k in rng.sample(ENV_KEYS, n) {
                lines.push(format!(
                    "{k}={{{{ key \"config/{svc}/{}\" }}}}",
                    k.to_lowercase()
                ));
            }
            lines.push(format!(
                "SECRET_TOKEN={{{{ with secret \"kv/data/{team}/{svc}\" }}}}{{{{ .Data.data.token }}}}{{{{ end }}}}"
            ));
        }
        1 => {
            let d = rng.choice(DURATIONS);
            let e = rng.choice(ENVS);
            for l in [
                "upstream backend {".to_string(),
                format!("{{{{ range service \"{svc}\" }}}}"),
                format!(
                    "  server {{{{ .Address }}}}:{{{{ .Port }}}} max_fails=3 fail_timeout={d};"
                ),
                "{{ else }}  server 127.0.0.1:65535; # force a 502".to_string(),
                "{{ end }}".to_string(),
                "}".to_string(),
                "server {".to_string(),
                "  listen $${NOMAD_PORT_http};".to_string(),
                format!("  server_name {svc}.{e}.example.com;"),
                "  location / {".to_string(),
                "    proxy_set_header Host $host;".to_string(),
                "    proxy_set_header X-Real-IP $remote_addr;".to_string(),
                "    proxy_pass http://backend;".to_string(),
                "  }".to_string(),
                "  location /healthz { return 200 'ok'; }".to_string(),
                "}".to_string(),
            ] {
                lines.push(l);
            }
        }
        2 => {
            let greeting = rng.choice(UNICODE_WORDS);
            lines.push("service:".into());
            lines.push(format!("  name: {svc}"));
            lines.push(format!("  team: {team}"));
            lines.push("  listen: 0.0.0.0:{{ env \"NOMAD_PORT_http\" }}".into());
            lines.push("  alloc_dir: $${NOMAD_ALLOC_DIR}".into());
            lines.push(format!("  greeting: \"{greeting}\""));
            lines.push("limits:".into());
            let n = rng.int(2, 6);
            for w in rng.sample(WORDS, n) {
                let v = rng.int(1, 10000);
                lines.push(format!("  {w}: {v}"));
            }
            let r = rng.int(1, 99);
            lines.push(format!("ratio: {r}%"));
        }
        _ => {
            lines.push(format!("[{svc}]"));
            let n = rng.int(3, 8);
            for w in rng.sample(WORDS, n) {
                let num = rng.int(0, 999).to_string();
                let d = rng.choice(DURATIONS);
                let v = rng.choice(&["on", "off", num.as_str(), d]).to_string();
                lines.push(format!("{svc}.{w} = {v}"));
            }
            lines.push(format!("; generated for {team}, do not edit"));
        }
    }
    lines
}

// ------------------------------------------------------------------ blocks

fn w_constraint(w: &mut W, d: usize, rng: &mut Rng) {
    w.line(d, "constraint {");
    let op = rng.choice(OPERATORS);
    let mut pairs = vec![p("attribute", quote(rng.choice(CONSTRAINT_ATTRS)))];
    if op != "=" || rng.chance(0.3) {
        pairs.push(p("operator", quote(op)));
    }
    if op != "distinct_hosts" && op != "is_set" {
        let dc = rng.choice(DCS);
        let v = rng.choice(&[
            "linux", "amd64", "arm64", "compute", ">= 20.10", "r[0-9]+", dc,
        ]);
        pairs.push(p("value", quote(v)));
    }
    w.attrs(d + 1, &pairs, None);
    w.line(d, "}");
}

fn w_affinity(w: &mut W, d: usize, rng: &mut Rng) {
    w.line(d, "affinity {");
    let a = quote(rng.choice(CONSTRAINT_ATTRS));
    let v = quote(rng.choice(DCS));
    let weight = rng.int(-100, 100).to_string();
    w.attrs(
        d + 1,
        &[p("attribute", a), p("value", v), p("weight", weight)],
        None,
    );
    w.line(d, "}");
}

fn w_spread(w: &mut W, d: usize, rng: &mut Rng) {
    w.line(d, "spread {");
    let weight = rng.int(1, 100).to_string();
    w.attrs(
        d + 1,
        &[
            p("attribute", quote("${node.datacenter}")),
            p("weight", weight),
        ],
        None,
    );
    let n = rng.int(1, 3);
    let dcs = rng.sample(DCS, n);
    let mut left = 100;
    for (i, dc) in dcs.iter().enumerate() {
        let pct = if i == dcs.len() - 1 {
            left
        } else {
            rng.int(1, left - (dcs.len() - i - 1) as i64)
        };
        left -= pct;
        w.line(d + 1, &format!("target {} {{", quote(dc)));
        w.line(d + 2, &format!("percent = {pct}"));
        w.line(d + 1, "}");
    }
    w.line(d, "}");
}

fn w_check(w: &mut W, d: usize, rng: &mut Rng, port: &str) {
    w.line(d, "check {");
    let typ = rng.choice(&["http", "tcp", "grpc", "http", "script"]);
    let mut pairs = vec![
        p("name", quote(&format!("{port}-{typ}"))),
        p("type", quote(typ)),
    ];
    if typ == "http" {
        pairs.push(p(
            "path",
            quote(rng.choice(&["/healthz", "/health", "/v1/status", "/ready"])),
        ));
        pairs.push(p("method", quote(rng.choice(&["GET", "HEAD"]))));
    }
    if typ == "script" {
        pairs.push(p("command", quote("/bin/sh")));
        let args = lst(
            &[quote("-c"), quote("test -f /tmp/ready && echo \"ok\"")],
            rng,
        );
        pairs.push(p("args", args));
    } else {
        pairs.push(p("port", quote(port)));
    }
    pairs.push(p("interval", dur(rng)));
    pairs.push(p("timeout", quote(rng.choice(&["1s", "2s", "3s", "5s"]))));
    w.attrs(d + 1, &pairs, None);
    if typ == "http" && rng.chance(0.4) {
        w.line(d + 1, "header = {");
        let token = quote(&format!("Bearer {:016x}", rng.next()));
        w.line(d + 2, &format!("Authorization = [{token}]"));
        w.line(d + 2, "\"X-Request-Source\" = [\"nomad\", \"consul\"]");
        w.line(d + 1, "}");
    }
    if rng.chance(0.3) {
        w.line(d + 1, "check_restart {");
        let limit = rng.int(1, 5).to_string();
        let grace = dur(rng);
        let iw = b(rng, 0.2);
        w.attrs(
            d + 2,
            &[
                p("limit", limit),
                p("grace", grace),
                p("ignore_warnings", iw),
            ],
            None,
        );
        w.line(d + 1, "}");
    }
    w.line(d, "}");
}

fn w_service(w: &mut W, d: usize, rng: &mut Rng, svc: &str, ports: &[&str], team: &str) {
    w.line(d, "service {");
    let port = rng.choice(ports);
    let prefix = format!("urlprefix-/{svc}");
    let team_tag = format!("team={team}");
    let pool = [
        "http",
        "grpc",
        "public",
        "internal",
        "v1",
        "v2",
        "traefik.enable=true",
        prefix.as_str(),
        team_tag.as_str(),
        "canary",
    ];
    let n = rng.int(0, 5);
    let tags: Vec<String> = rng.sample(&pool, n).iter().map(|t| quote(t)).collect();
    let tags = lst(&tags, rng);
    let mut pairs = vec![
        p("name", quote(&format!("{svc}-{port}"))),
        p("port", quote(port)),
        p("tags", tags),
    ];
    if rng.chance(0.3) {
        pairs.push(p("provider", quote(rng.choice(&["consul", "nomad"]))));
    }
    if rng.chance(0.2) {
        let v = format!("v{}", rng.int(1, 9));
        let l = lst(&[quote("canary"), quote(&v)], rng);
        pairs.push(p("canary_tags", l));
    }
    if rng.chance(0.2) {
        pairs.push(p(
            "address_mode",
            quote(rng.choice(&["auto", "host", "alloc"])),
        ));
    }
    w.attrs(d + 1, &pairs, None);
    if rng.chance(0.35) {
        let (a, b_, c) = (rng.int(0, 9), rng.int(0, 30), rng.int(0, 99));
        let meta = [
            p("version", quote(&format!("{a}.{b_}.{c}"))),
            p("owner", quote(team)),
        ];
        obj_block(w, d + 1, "meta", &meta, rng);
    }
    let n = rng.int(0, 2);
    for _ in 0..n {
        w_check(w, d + 1, rng, port);
    }
    w.line(d, "}");
}

/// A docker task's `config` attributes; the `labels` object (the one
/// value written as a multi-line object) is returned apart.
type Pairs = Vec<(String, String)>;

fn docker_config(rng: &mut Rng, svc: &str, team: &str, ports: &[&str]) -> (Pairs, Option<Pairs>) {
    let reg = rng.choice(REGISTRIES);
    let (x, y, z) = (rng.int(0, 9), rng.int(0, 40), rng.int(0, 200));
    let ports_list: Vec<String> = ports.iter().map(|p| quote(p)).collect();
    let mut pairs = vec![
        p("image", quote(&format!("{reg}/{team}/{svc}:{x}.{y}.{z}"))),
        p("ports", format!("[{}]", ports_list.join(", "))),
    ];
    if rng.chance(0.6) {
        let region = format!("--region={}", rng.choice(REGIONS));
        let pool = [
            "-config",
            "local/app.conf",
            "--log-level=info",
            "--port=${NOMAD_PORT_http}",
            "serve",
            "--metrics",
            "-v",
            "--tls=false",
            region.as_str(),
        ];
        let n = rng.int(1, 6);
        let args: Vec<String> = rng.sample(&pool, n).iter().map(|a| quote(a)).collect();
        let l = lst(&args, rng);
        pairs.push(p("args", l));
    }
    if rng.chance(0.3) {
        let local = format!("/usr/local/bin/{svc}");
        pairs.push(p(
            "command",
            quote(rng.choice(&["/bin/app", local.as_str(), "sh"])),
        ));
    }
    pairs.push(p("force_pull", b(rng, 0.2)));
    if rng.chance(0.4) {
        pairs.push(p("network_mode", quote(rng.choice(&["bridge", "host"]))));
    }
    if rng.chance(0.4) {
        pairs.push(p(
            "shm_size",
            rng.choice(&[67108864, 134217728, 268435456]).to_string(),
        ));
    }
    if rng.chance(0.5) {
        let r = rng.int(5, 200) as f64 / 100.0;
        pairs.push(p("cpu_shares_ratio", format!("{r:.2}")));
    }
    if rng.chance(0.3) {
        let nproc = rng.choice(&[4096, 8192]).to_string();
        pairs.push(p(
            "ulimit",
            obj_inline(&[p("nofile", quote("65536:65536")), p("nproc", quote(&nproc))]),
        ));
    }
    let mut labels = None;
    if rng.chance(0.5) {
        let note = rng.choice(UNICODE_WORDS);
        let note = quote_r(note, rng);
        labels = Some(vec![
            (quote("com.example.team"), quote(team)),
            (quote("com.example.service"), quote(svc)),
            (quote("com.example.note"), note),
        ]);
    }
    if rng.chance(0.35) {
        let cfg = obj_inline(&[
            (quote("max-size"), quote("10m")),
            (quote("max-file"), quote("3")),
        ]);
        pairs.push(p(
            "logging",
            obj_inline(&[
                p("type", quote("json-file")),
                p("config", format!("[{cfg}]")),
            ]),
        ));
    }
    if rng.chance(0.3) {
        let m = obj_inline(&[
            p("type", quote("bind")),
            p("target", quote("/etc/ssl/certs")),
            p("source", quote("/etc/ssl/certs")),
            p("readonly", "true"),
        ]);
        pairs.push(p("mount", format!("[{m}]")));
    }
    if rng.chance(0.3) {
        let l = lst(
            &[
                quote(&format!("local/conf:/etc/{svc}")),
                quote("secrets:/run/secrets"),
            ],
            rng,
        );
        pairs.push(p("volumes", l));
    }
    // The script keeps `labels` in its place among the pairs, but writes
    // it after the single-line attributes; so it is kept apart here.
    (pairs, labels)
}

fn w_task(w: &mut W, d: usize, rng: &mut Rng, name: &str, svc: &str, team: &str, ports: &[&str]) {
    w.line(d, &format!("task {} {{", quote(name)));
    let driver = rng.choice(&[
        "docker", "docker", "docker", "docker", "exec", "raw_exec", "java",
    ]);
    let mut pairs = vec![p("driver", quote(driver))];
    if rng.chance(0.3) {
        pairs.push(p(
            "user",
            quote(rng.choice(&["nobody", "app", "root", "www-data"])),
        ));
    }
    if rng.chance(0.3) {
        pairs.push(p("kill_timeout", dur(rng)));
    }
    if rng.chance(0.15) {
        pairs.push(p("leader", "true"));
    }
    let comment = rng.chance(0.1).then_some((
        "driver",
        "// see https://developer.hashicorp.com/nomad/docs/drivers",
    ));
    w.attrs(d + 1, &pairs, comment);
    w.line(d + 1, "");

    let (cfg, labels) = if driver == "docker" {
        docker_config(rng, svc, team, ports)
    } else if driver == "java" {
        let xmx = format!("-Xmx{}m", rng.choice(&[256, 512, 1024, 2048]));
        let opts = lst(
            &[quote(&xmx), quote("-Xms128m"), quote("-XX:+UseG1GC")],
            rng,
        );
        (
            vec![
                p("jar_path", quote(&format!("local/{svc}.jar"))),
                p("jvm_options", opts),
            ],
            None,
        )
    } else {
        let listen = format!("--listen=:{}", rng.int(1024, 65535));
        let args = lst(&[quote(&listen), quote("--verbose")], rng);
        (
            vec![
                p("command", quote(&format!("/usr/local/bin/{svc}"))),
                p("args", args),
            ],
            None,
        )
    };
    w.line(d + 1, "config {");
    w.attrs(d + 2, &cfg, None);
    if let Some(labels) = &labels {
        obj_block(w, d + 2, "labels", labels, rng);
    }
    w.line(d + 1, "}");

    let mut env = Vec::new();
    let n = rng.int(0, 8);
    for k in rng.sample(ENV_KEYS, n) {
        let level = rng.choice(&["info", "debug", "warn", "json", "text"]);
        let port = rng.int(1, 65535).to_string();
        let db = format!(
            "postgres://{svc}@db.{}.internal:5432/{svc}?sslmode=require",
            rng.choice(ENVS)
        );
        let win = format!("C:\\Program Files\\{svc}");
        let word = rng.choice(UNICODE_WORDS);
        let v = rng.choice(&[
            level,
            port.as_str(),
            db.as_str(),
            "${NOMAD_ALLOC_DIR}/data",
            "a,b,c",
            "say \"hi\"\tthen\nnewline",
            win.as_str(),
            word,
            "100%{ratio}",
            "",
        ]);
        let v = quote_r(v, rng);
        env.push((k.to_string(), v));
    }
    obj_block(w, d + 1, "env", &env, rng);

    let n = rng.int(0, 2);
    for _ in 0..n {
        w.line(d + 1, "artifact {");
        let src = format!(
            "https://artifacts.example.com/{team}/{svc}-{}.tar.gz",
            rng.int(1, 999)
        );
        w.attrs(
            d + 2,
            &[p("source", quote(&src)), p("destination", quote("local/"))],
            None,
        );
        w.line(d + 2, "options = {");
        let (a, b_, c, e) = (rng.next(), rng.next(), rng.next(), rng.next());
        let sum = quote(&format!("sha256:{a:016x}{b_:016x}{c:016x}{e:016x}"));
        w.line(d + 3, &format!("checksum = {sum}"));
        w.line(d + 2, "}");
        w.line(d + 1, "}");
    }

    let n = rng.int(0, 2);
    for i in 0..n {
        w.line(d + 1, "");
        w.line(d + 1, "template {");
        let body = heredoc_body(rng, svc, team);
        if rng.chance(0.5) {
            w.line(d + 2, "data = <<-EOH");
            for ln in &body {
                w.line(d + 3, ln);
            }
            w.line(d + 2, "EOH");
        } else {
            w.line(d + 2, "data = <<EOT");
            for ln in &body {
                w.raw(ln);
            }
            w.raw("EOT");
        }
        let dest = rng.choice(&[
            "local/app.env",
            "local/nginx.conf",
            "secrets/app.yaml",
            "local/app.ini",
        ]);
        let dest = if i == 0 {
            dest.to_string()
        } else {
            format!("{dest}.{i}")
        };
        let mut tp = vec![
            p("destination", quote(&dest)),
            p(
                "change_mode",
                quote(rng.choice(&["restart", "signal", "noop"])),
            ),
        ];
        if rng.chance(0.3) {
            tp.push(p("change_signal", quote("SIGHUP")));
        }
        if rng.chance(0.3) {
            tp.push(p("perms", quote("0640")));
        }
        if rng.chance(0.3) {
            tp.push(p("env", b(rng, 0.5)));
        }
        w.attrs(d + 2, &tp, None);
        w.line(d + 1, "}");
    }

    w.line(d + 1, "");
    w.line(d + 1, "resources {");
    let cpu = rng.choice(&[100, 200, 250, 500, 1000, 2000]).to_string();
    let mem = rng.choice(&[64, 128, 256, 512, 1024, 2048]).to_string();
    let mut rp = vec![p("cpu", cpu), p("memory", mem)];
    if rng.chance(0.3) {
        rp.push(p("memory_max", rng.choice(&[1024, 2048, 4096]).to_string()));
    }
    let comment = rng.chance(0.2).then_some(("cpu", "# MHz"));
    w.attrs(d + 2, &rp, comment);
    w.line(d + 1, "}");

    let n = rng.int(0, 2);
    for _ in 0..n {
        w.line(d + 1, "");
        w_service(w, d + 1, rng, svc, ports, team);
    }

    if rng.chance(0.4) {
        w.line(d + 1, "logs {");
        let files = rng.int(1, 10).to_string();
        let size = rng.choice(&[10, 15, 50]).to_string();
        w.attrs(
            d + 2,
            &[p("max_files", files), p("max_file_size", size)],
            None,
        );
        w.line(d + 1, "}");
    }
    if rng.chance(0.2) {
        w.line(d + 1, "lifecycle {");
        let hook = quote(rng.choice(&["prestart", "poststart", "poststop"]));
        let sidecar = b(rng, 0.5);
        w.attrs(d + 2, &[p("hook", hook), p("sidecar", sidecar)], None);
        w.line(d + 1, "}");
    }
    if rng.chance(0.2) {
        w.line(d + 1, "vault {");
        let pol = lst(
            &[
                quote(&format!("{svc}-read")),
                quote(&format!("{team}-common")),
            ],
            rng,
        );
        w.attrs(
            d + 2,
            &[p("policies", pol), p("change_mode", quote("restart"))],
            None,
        );
        w.line(d + 1, "}");
    }
    let n = rng.int(0, 1);
    for _ in 0..n {
        w.line(d + 1, "volume_mount {");
        let ro = b(rng, 0.3);
        w.attrs(
            d + 2,
            &[
                p("volume", quote("data")),
                p("destination", quote(&format!("/var/lib/{svc}"))),
                p("read_only", ro),
            ],
            None,
        );
        w.line(d + 1, "}");
    }
    w.line(d, "}");
}

#[allow(clippy::too_many_arguments)]
fn w_group(w: &mut W, d: usize, rng: &mut Rng, name: &str, svc: &str, team: &str, jobtype: &str) {
    w.line(d, &format!("group {} {{", quote(name)));
    let mut pairs = vec![p(
        "count",
        rng.choice(&[1, 1, 2, 3, 3, 5, 10, 25]).to_string(),
    )];
    if rng.chance(0.3) {
        pairs.push(p("shutdown_delay", dur(rng)));
    }
    let comment = rng
        .chance(0.15)
        .then_some(("count", "// scaled by the autoscaler"));
    w.attrs(d + 1, &pairs, comment);
    if rng.chance(0.3) {
        let tier = quote(rng.choice(&["gold", "silver", "bronze"]));
        let meta = [
            p("tier", tier),
            p("pager", quote(&format!("{team}-oncall"))),
        ];
        obj_block(w, d + 1, "meta", &meta, rng);
    }
    let n = rng.int(0, 1);
    for _ in 0..n {
        w_constraint(w, d + 1, rng);
    }
    w.line(d + 1, "");
    if rng.chance(0.7) {
        w.line(d + 1, "restart {");
        let attempts = rng.int(0, 10).to_string();
        let interval = dur(rng);
        let delay = dur(rng);
        let mode = quote(rng.choice(&["fail", "delay"]));
        w.attrs(
            d + 2,
            &[
                p("attempts", attempts),
                p("interval", interval),
                p("delay", delay),
                p("mode", mode),
            ],
            None,
        );
        w.line(d + 1, "}");
    }
    if jobtype == "service" && rng.chance(0.4) {
        w.line(d + 1, "reschedule {");
        let delay = dur(rng);
        let func = quote(rng.choice(&["constant", "exponential", "fibonacci"]));
        let max = dur(rng);
        let unlimited = b(rng, 0.7);
        w.attrs(
            d + 2,
            &[
                p("delay", delay),
                p("delay_function", func),
                p("max_delay", max),
                p("unlimited", unlimited),
            ],
            None,
        );
        w.line(d + 1, "}");
    }
    if rng.chance(0.4) {
        w.line(d + 1, "ephemeral_disk {");
        let size = rng.choice(&[150, 300, 1024, 4096]).to_string();
        let migrate = b(rng, 0.5);
        let sticky = b(rng, 0.5);
        w.attrs(
            d + 2,
            &[p("size", size), p("migrate", migrate), p("sticky", sticky)],
            None,
        );
        w.line(d + 1, "}");
    }

    let n = rng.int(1, 3);
    let ports = rng.sample(&["http", "grpc", "metrics", "admin", "db", "envoy"], n);
    w.line(d + 1, "");
    w.line(d + 1, "network {");
    let mode = quote(rng.choice(&["bridge", "host"]));
    w.line(d + 2, &format!("mode = {mode}"));
    for port in &ports {
        w.line(d + 2, &format!("port {} {{", quote(port)));
        if rng.chance(0.3) {
            let s = rng.int(1024, 65535);
            w.line(d + 3, &format!("static = {s}"));
        } else {
            let to = rng.choice(&[80, 443, 8080, 9090, 9102, 5432, 6379, 21000]);
            w.line(d + 3, &format!("to = {to}"));
        }
        if rng.chance(0.2) {
            let hn = quote(rng.choice(&["public", "private"]));
            w.line(d + 3, &format!("host_network = {hn}"));
        }
        w.line(d + 2, "}");
    }
    if rng.chance(0.2) {
        w.line(d + 2, "dns {");
        let l = lst(&[quote("10.0.0.2"), quote("1.1.1.1")], rng);
        w.line(d + 3, &format!("servers = {l}"));
        w.line(d + 2, "}");
    }
    w.line(d + 1, "}");

    if rng.chance(0.3) {
        w.line(d + 1, "volume \"data\" {");
        let ro = b(rng, 0.2);
        w.attrs(
            d + 2,
            &[
                p("type", quote("host")),
                p("source", quote(&format!("{svc}-data"))),
                p("read_only", ro),
            ],
            None,
        );
        w.line(d + 1, "}");
    }

    if jobtype == "service" && rng.chance(0.35) {
        w.line(d + 1, "scaling {");
        let min = rng.int(1, 3).to_string();
        let max = rng.int(4, 50).to_string();
        w.attrs(
            d + 2,
            &[p("enabled", "true"), p("min", min), p("max", max)],
            None,
        );
        w.line(d + 2, "policy = {");
        let cooldown = dur(rng);
        let eval = dur(rng);
        w.attrs(
            d + 3,
            &[p("cooldown", cooldown), p("evaluation_interval", eval)],
            None,
        );
        w.line(d + 3, "check = {");
        w.line(d + 4, "avg_cpu = {");
        let query = format!("avg(rate(process_cpu_seconds_total{{job=\"{svc}\"}}[1m])) * 100");
        let target = rng.int(300, 900) as f64 / 10.0;
        let strategy = obj_inline(&[p(
            "target-value",
            obj_inline(&[p("target", format!("{target:.1}"))]),
        )]);
        w.attrs(
            d + 5,
            &[
                p("source", quote("prometheus")),
                p("query", quote(&query)),
                p("strategy", strategy),
            ],
            None,
        );
        w.line(d + 4, "}");
        w.line(d + 3, "}");
        w.line(d + 2, "}");
        w.line(d + 1, "}");
    }

    if rng.chance(0.2) {
        w.line(d + 1, "");
        w_service(w, d + 1, rng, svc, &ports, team);
    }

    let n = rng.int(1, 3);
    for tn in rng.sample(TASK_NAMES, n) {
        w.line(d + 1, "");
        w_task(w, d + 1, rng, tn, svc, team, &ports);
    }
    w.line(d, "}");
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
