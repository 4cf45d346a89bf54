//! The adversarial corpus (`tests/adversarial/`): hostile and degenerate
//! inputs must give diagnostics with exact summaries and ranges, in
//! bounded time, and never crash `hcldec`.
//!
//! Small cases live in `tests/adversarial/recorded/`, in the layout of the
//! conformance cases, with the reference hcldec's answers recorded by
//! `../shared/tools/record-cases.sh`. Large ones are generated here, with
//! expectations that follow from our documented limits (the reference has
//! none: it overflows, hangs or crashes on them).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use hcldecode_tests::{failed_cases, find_cases, json_diagnostics, time_bound};
use serde_json::Value as Json;

fn hcldec() -> Command {
    hcldecode_tests::hcldec_command(env!("CARGO_BIN_EXE_hcldec-under-test"))
}

fn scratch(name: &str) -> PathBuf {
    hcldecode_tests::scratch_dir("adv", name)
}

const ANY_SPEC: &str = "object {\n  attr \"a\" {}\n  attr \"b\" {}\n}\n";

struct Run {
    code: Option<i32>,
    stdout: String,
    diags: Vec<Json>,
    elapsed: Duration,
}

/// Runs hcldec on `input` (written as `name`) with `spec`.
fn run(name: &str, spec: &str, input: &[u8], extra: &[&str]) -> Run {
    let dir = scratch(name.split('.').next().unwrap_or(name));
    std::fs::write(dir.join("spec.hcldec"), spec).unwrap();
    std::fs::write(dir.join(name), input).unwrap();
    let start = Instant::now();
    let out = hcldec()
        .current_dir(&dir)
        .args(["--spec=spec.hcldec", "--diags=json"])
        .args(extra)
        .arg(name)
        .output()
        .unwrap();
    let elapsed = start.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{name}: {stderr}");
    let diags = json_diagnostics(&stderr);
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        diags,
        elapsed,
    }
}

/// `(line, column, byte)` of a diagnostic's subject start or end.
fn pos(d: &Json, which: &str) -> (u64, u64, u64) {
    let p = &d["subject"][which];
    let g = |k: &str| p[k].as_u64().unwrap_or(0);
    (g("line"), g("column"), g("byte"))
}

fn assert_first(r: &Run, summary: &str, start: (u64, u64, u64), end: (u64, u64, u64)) {
    let d = r
        .diags
        .first()
        .unwrap_or_else(|| panic!("no diagnostics; stdout {}", r.stdout));
    assert_eq!(d["summary"], summary, "{d}");
    assert_eq!((pos(d, "start"), pos(d, "end")), (start, end), "{d}");
    assert!(r.elapsed < time_bound(), "took {:?}", r.elapsed);
}

#[test]
fn recorded_adversarial_cases_match_the_reference() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("adversarial/recorded");
    let hcldec = &hcldecode_tests::hcldec_path(env!("CARGO_BIN_EXE_hcldec-under-test"));
    let cases = find_cases(&root);
    assert!(cases.len() >= 20, "found {} cases", cases.len());
    let failures = failed_cases(hcldec, &cases);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn deep_nesting_is_a_diagnostic_at_the_first_level_too_deep() {
    // 100 000 unclosed brackets: the 257th (byte 4 + 256) is too deep.
    let src = format!("a = {}", "[".repeat(100_000));
    let r = run("brackets.hcl", ANY_SPEC, src.as_bytes(), &[]);
    assert_eq!(r.code, Some(2));
    assert_first(&r, "Nesting too deep", (1, 261, 260), (1, 262, 261));

    // Balanced: the same.
    let src = format!("a = {}{}", "[".repeat(100_000), "]".repeat(100_000));
    let r = run("balanced.hcl", ANY_SPEC, src.as_bytes(), &[]);
    assert_first(&r, "Nesting too deep", (1, 261, 260), (1, 262, 261));

    // Parentheses, objects and templates count alike.
    for (name, open) in [
        ("parens.hcl", "("),
        ("objects.hcl", "{x="),
        ("templates.hcl", "\"${"),
    ] {
        let src = format!("a = {}", open.repeat(100_000));
        let r = run(name, ANY_SPEC, src.as_bytes(), &[]);
        assert_eq!(r.code, Some(2), "{name}");
        assert_eq!(
            r.diags[0]["summary"], "Nesting too deep",
            "{name}: {:?}",
            r.diags[0]
        );
        assert!(r.elapsed < time_bound(), "{name} took {:?}", r.elapsed);
    }

    // Blocks: the 257th `x {` line; its brace is the construct too deep.
    let src = "x {\n".repeat(100_000);
    let r = run("blocks.hcl", ANY_SPEC, src.as_bytes(), &[]);
    assert_first(&r, "Nesting too deep", (257, 3, 1026), (257, 4, 1027));

    // JSON: up to 10 000 levels; the 10 001st `[` (byte 6 + 9 999).
    let src = format!("{{\"a\": {}", "[".repeat(100_000));
    let r = run("deep.json", ANY_SPEC, src.as_bytes(), &[]);
    assert_first(&r, "Nesting too deep", (1, 10006, 10005), (1, 10007, 10006));
}

#[test]
fn huge_numbers_do_not_hang() {
    // 1e999999999 is +Inf (beyond the binary exponent range), which JSON
    // cannot hold: an error naming the value, exit 1.
    let r = run("inf.hcl", ANY_SPEC, b"a = 1e999999999\n", &[]);
    assert_eq!(r.code, Some(1));
    assert!(r.elapsed < time_bound());
    // Representable but astronomically large: exponent form.
    let r = run(
        "big.hcl",
        ANY_SPEC,
        b"a = 1e600000000\nb = -25e-600000001\n",
        &[],
    );
    assert_eq!(r.code, Some(0));
    assert_eq!(r.stdout, "{\"a\":1e+600000000,\"b\":-2.5e-600000000}\n");
    assert!(r.elapsed < time_bound());
    // Beyond Go's exponent syntax: invalid, as in the reference.
    let r = run(
        "overflow.hcl",
        ANY_SPEC,
        b"a = 1e99999999999999999999\n",
        &[],
    );
    assert_first(&r, "Invalid number literal", (1, 5, 4), (1, 27, 26));
}

#[test]
fn a_hundred_thousand_attributes_decode_in_linear_time() {
    let spec = "object {\n  block_attrs \"vars\" {\n    element_type = number\n  }\n}\n";
    let mut src = String::from("vars {\n");
    for i in 0..100_000 {
        src.push_str(&format!("  v{i} = {i}\n"));
    }
    src.push_str("}\n");
    let r = run("many.hcl", spec, src.as_bytes(), &[]);
    assert_eq!(r.code, Some(0));
    assert!(
        r.stdout
            .starts_with("{\"vars\":{\"v0\":0,\"v1\":1,\"v10\":10,")
    );
    assert!(r.stdout.contains("\"v99999\":99999}"));
    assert!(r.elapsed < time_bound(), "took {:?}", r.elapsed);
}

#[test]
fn ten_thousand_errors_are_capped_with_a_count() {
    // Every line is an error: 10 000 "Invalid expression" (the first) and
    // "Attribute redefined" ones.
    let src = "a = \n".repeat(10_000);
    let r = run("errors.hcl", ANY_SPEC, src.as_bytes(), &[]);
    assert_eq!(r.code, Some(2));
    assert_eq!(r.diags.len(), 1001, "1000 shown and one counting the rest");
    assert_first(&r, "Invalid expression", (1, 5, 4), (2, 1, 5));
    let last = r.diags.last().unwrap();
    assert_eq!(last["summary"], "Too many diagnostics");
    let shown_and_hidden = 1000
        + last["detail"]
            .as_str()
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse::<usize>()
            .unwrap();
    assert!(shown_and_hidden >= 10_000, "{shown_and_hidden}");
    assert!(r.elapsed < time_bound(), "took {:?}", r.elapsed);

    // On one line, too (columns resolved without rescanning the line).
    let src = format!("a = [{}]\n", "tru, ".repeat(10_000));
    let r = run(
        "line.hcl",
        "literal { value = null }\n",
        src.as_bytes(),
        &[],
    );
    assert!(r.elapsed < time_bound(), "took {:?}", r.elapsed);
}

#[test]
fn byte_order_mark_is_accepted() {
    // As the reference and Terraform accept it (tests/cases/differential
    // has the recorded cases, with positions after the mark).
    let r = run("bom.hcl", ANY_SPEC, b"\xEF\xBB\xBFa = 1\n", &[]);
    assert_eq!(r.code, Some(0), "{:?}", r.diags);
    assert_eq!(r.stdout, "{\"a\":1}\n");
}

#[test]
fn long_lines_and_mixed_line_endings() {
    let src = format!("a = \"{}\"\r\nb = [\r\n\t1,\t2 ]\n", "é".repeat(300_000));
    let r = run("long.hcl", ANY_SPEC, src.as_bytes(), &[]);
    assert_eq!(r.code, Some(0));
    assert!(r.stdout.ends_with("\"b\":[1,2]}\n"));
    // An error after a 300 000-character line is on line 2, column 5.
    let src = format!("a = \"{}\"\r\nb = ]\n", "é".repeat(300_000));
    let r = run("long-error.hcl", ANY_SPEC, src.as_bytes(), &[]);
    let after = 4 + 1 + 600_000 + 1 + 2;
    assert_first(
        &r,
        "Invalid expression",
        (2, 5, after as u64 + 4),
        (2, 6, after as u64 + 5),
    );
}

#[test]
fn absurd_spec_files_are_diagnosed_or_loaded_quickly() {
    // Deeply nested spec blocks hit the parser's nesting limit.
    let mut spec = String::new();
    for _ in 0..10_000 {
        spec.push_str("block \"x\" {\n");
    }
    let spec = format!("object {{\n{spec}");
    let r = run("deep-spec.hcl", &spec, b"", &[]);
    assert_eq!(r.code, Some(2));
    assert_eq!(r.diags[0]["summary"], "Nesting too deep");
    assert_eq!(r.diags[0]["subject"]["filename"], "spec.hcldec");
    assert!(r.elapsed < time_bound());

    // A spec with 20 000 attributes loads and decodes in linear time.
    let mut spec = String::from("object {\n");
    for i in 0..20_000 {
        spec.push_str(&format!("  attr \"a{i}\" {{\n    type = number\n  }}\n"));
    }
    spec.push_str("}\n");
    let r = run("wide-spec.hcl", &spec, b"a7 = 7\n", &[]);
    assert_eq!(r.code, Some(0));
    assert!(r.stdout.contains("\"a7\":7"));
    assert!(r.elapsed < time_bound(), "took {:?}", r.elapsed);
}

#[test]
fn number_literals_of_a_million_digits_are_refused_quickly() {
    let digits = "7".repeat(1_000_000);
    let src = format!("a = {digits}\n");
    let r = run("digits.hcl", ANY_SPEC, src.as_bytes(), &[]);
    assert_eq!(r.code, Some(2));
    assert_first(
        &r,
        "Number literal too long",
        (1, 5, 4),
        (1, 1_000_005, 1_000_004),
    );
    let src = format!("{{\"a\": {digits}}}");
    let r = run("digits.json", ANY_SPEC, src.as_bytes(), &[]);
    assert_first(
        &r,
        "Number literal too long",
        (1, 7, 6),
        (1, 1_000_007, 1_000_006),
    );
}

const DOUBLING_SPEC: &str = r#"function "dbl" {
  params = [x]
  result = concat(x, x)
}
function "pair" {
  params = [x]
  result = [x, x]
}
object {
  attr "a" {}
}
"#;

#[test]
fn evaluations_that_would_build_billions_of_elements_stop_at_the_limit() {
    // 2000^3 elements from three nested `for`s over a literal list.
    let xs = format!("[{}]", vec!["0"; 2000].join(","));
    let src = format!("a = [for x in {xs}: [for y in {xs}: [for z in {xs}: z]]]\n");
    let r = run("for.hcl", DOUBLING_SPEC, src.as_bytes(), &[]);
    assert_eq!(r.code, Some(2));
    assert_eq!(r.diags.len(), 1, "{:?}", r.diags);
    // The middle `for` (its elements hold 2000 each) passes 4 million.
    let start = src.find("[for y").unwrap() as u64;
    let end = src.len() as u64 - 2;
    assert_first(
        &r,
        "Result too large",
        (1, start + 1, start),
        (1, end + 1, end),
    );

    // A spec function doubling a list, nested 40 times (2^40 elements).
    let src = format!("a = {}[1]{}\n", "dbl(".repeat(40), ")".repeat(40));
    let r = run("dbl.hcl", DOUBLING_SPEC, src.as_bytes(), &[]);
    assert_eq!(r.code, Some(2));
    assert_eq!(r.diags.len(), 1, "{:?}", r.diags);
    assert_eq!(r.diags[0]["summary"], "Error in function call");
    assert!(
        r.diags[0]["detail"]
            .as_str()
            .unwrap()
            .contains("Result too large; Evaluating this expression would build more than 4000000 collection elements"),
        "{:?}",
        r.diags[0]
    );
    assert!(r.elapsed < time_bound(), "took {:?}", r.elapsed);

    // Sharing instead of copying (2^60 elements in 60 nodes) is stopped
    // too, before any output tries to write it out.
    let src = format!("a = {}1{}\n", "pair(".repeat(60), ")".repeat(60));
    let r = run("pair.hcl", DOUBLING_SPEC, src.as_bytes(), &[]);
    assert_eq!(r.code, Some(2));
    assert_eq!(r.diags.len(), 1, "{:?}", r.diags);
    assert_eq!(r.diags[0]["summary"], "Result too large");
    assert!(r.elapsed < time_bound(), "took {:?}", r.elapsed);
}
