//! Throughput of the JSON parser, for manual runs only (no timed
//! assertions):
//!
//! ```text
//! JSON_BENCH_FILE=/tmp/large.json cargo test --release -p hcldecode-spec \
//!     --test json_perf -- --ignored --nocapture
//! ```
//!
//! Without `JSON_BENCH_FILE` it measures a generated 10 MB document.

use std::time::Instant;

use hcldecode_spec::syntax::json;

fn generated() -> Vec<u8> {
    let mut s = String::from("{\"//\": \"generated\", \"job\": {\n");
    let mut i = 0;
    while s.len() < 10_000_000 {
        if i > 0 {
            s.push_str(",\n");
        }
        s.push_str(&format!(
            concat!(
                "  \"job-{i}\": {{\n",
                "    \"region\": \"us\", \"datacenters\": [\"us-west-2a\", \"eu-west-1b\"],\n",
                "    \"priority\": {p}, \"enabled\": true, \"meta\": {{\"owner\": \"team-{o}\", \"note\": null}},\n",
                "    \"task\": {{\"driver\": \"docker\", \"config\": {{\"image\": \"registry/app-{i}:1.2.{p}\",\n",
                "      \"args\": [\"--port\", \"${{NOMAD_PORT_http}}\", \"--name=\\\"svc-{i}\\\"\"]}},\n",
                "      \"resources\": {{\"cpu\": {c}, \"memory\": {m}, \"weight\": 0.{p}e1}},\n",
                "      \"env\": {{\"GREETING\": \"héllo wörld\", \"PATH\": \"/usr/bin:/bin\"}}}}\n",
                "  }}"
            ),
            i = i,
            p = i % 97,
            o = i % 13,
            c = 100 + i % 4000,
            m = 64 + i % 16384
        ));
        i += 1;
    }
    s.push_str("\n}}\n");
    s.into_bytes()
}

#[test]
#[ignore]
fn json_parse_throughput() {
    let bytes = match std::env::var("JSON_BENCH_FILE") {
        Ok(path) => std::fs::read(&path).expect("JSON_BENCH_FILE is readable"),
        Err(_) => generated(),
    };
    let len = bytes.len();
    let src = json::source_from_bytes("bench.json", bytes);
    let mut best = f64::MAX;
    for _ in 0..std::env::var("JSON_BENCH_ITERS").map_or(15, |v| v.parse().unwrap_or(15)) {
        let t = Instant::now();
        let (file, diags) = json::parse(src.clone());
        let parse = t.elapsed().as_secs_f64();
        assert!(diags.is_empty(), "{diags}");
        let t = Instant::now();
        drop(file);
        let dropped = t.elapsed().as_secs_f64();
        let _ = dropped;
        best = best.min(parse);
    }
    let t = Instant::now();
    let f = json::source_from_bytes("bench.json", src.source().as_bytes().to_vec());
    let load = t.elapsed().as_secs_f64();
    drop(f);
    println!(
        "{:.1} MB: parse {:.1} ms ({:.0} MB/s); UTF-8 check and copy {:.1} ms",
        len as f64 / 1e6,
        best * 1e3,
        len as f64 / 1e6 / best,
        load * 1e3
    );
}
