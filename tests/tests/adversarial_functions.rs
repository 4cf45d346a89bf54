//! Adversarial calls of the function library (`hcldec --functions=stdlib`):
//! each ends in bounded time and memory with a diagnostic at the call or
//! the offending argument. Expectations follow from the documented limits
//! (docs/robustness.md, docs/functions.md); where the reference crashes or
//! prints invalid JSON (docs/deviations.md), ours is a diagnostic.

use std::time::Instant;

use hcldecode_tests::{hcldec_command, json_diagnostics, scratch_dir, time_bound};
use serde_json::Value as Json;

const SPEC: &str = "object {\n  attr \"a\" {}\n}\n";

struct Run {
    code: Option<i32>,
    stdout: String,
    diags: Vec<Json>,
}

fn run(name: &str, input: &str) -> Run {
    let dir = scratch_dir("advfn", name);
    std::fs::write(dir.join("spec.hcldec"), SPEC).unwrap();
    std::fs::write(dir.join("in.hcl"), input).unwrap();
    let start = Instant::now();
    let out = hcldec_command(env!("CARGO_BIN_EXE_hcldec-under-test"))
        .current_dir(&dir)
        .args([
            "--spec=spec.hcldec",
            "--diags=json",
            "--functions=stdlib",
            "in.hcl",
        ])
        .output()
        .unwrap();
    let elapsed = start.elapsed();
    assert!(elapsed < time_bound(), "{name}: took {elapsed:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{name}: {stderr}");
    let diags = json_diagnostics(&stderr);
    let _ = std::fs::remove_dir_all(&dir);
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        diags,
    }
}

/// Asserts one error diagnostic with this summary whose subject covers the
/// bytes of `subject` (its first occurrence in `input`).
fn expect(name: &str, input: &str, summary: &str, subject: &str) {
    let r = run(name, input);
    assert_eq!(r.code, Some(2), "{name}: stdout {}", r.stdout);
    let d = r
        .diags
        .first()
        .unwrap_or_else(|| panic!("{name}: no diagnostics"));
    assert_eq!(d["summary"], summary, "{name}: {d}");
    let start = input.find(subject).unwrap() as u64;
    let end = start + subject.len() as u64;
    assert_eq!(
        (
            d["subject"]["start"]["byte"].as_u64(),
            d["subject"]["end"]["byte"].as_u64()
        ),
        (Some(start), Some(end)),
        "{name}: {d}"
    );
}

#[test]
fn range_of_a_billion_is_refused() {
    // go-cty's own limit: 1024 values.
    expect(
        "range",
        "a = range(1e9)\n",
        "Error in function call",
        "range(",
    );
}

#[test]
fn large_set_products_are_too_large() {
    let call = "setproduct(range(1000), range(1000), range(1000))";
    expect(
        "setproduct",
        &format!("a = length({call})\n"),
        "Result too large",
        call,
    );
}

#[test]
fn huge_format_widths_are_too_large() {
    let call = "format(\"%999999999d\", 1)";
    expect(
        "format-width",
        &format!("a = {call}\n"),
        "Result too large",
        call,
    );
    let call = "format(\"%.999999999f\", 1)";
    expect(
        "format-prec",
        &format!("a = {call}\n"),
        "Result too large",
        call,
    );
    let call = "format(\"%999999999s\", \"x\")";
    expect(
        "format-str",
        &format!("a = {call}\n"),
        "Result too large",
        call,
    );
}

#[test]
fn huge_indents_and_replacements_are_too_large() {
    let call = "indent(1000000, join(\"\\n\", [for i in range(1000): \"x\"]))";
    expect("indent", &format!("a = {call}\n"), "Result too large", call);
    let call = "replace(join(\"\", [for i in range(1000): \"xxxxxxxxxx\"]), \"x\", format(\"%0100000d\", 0))";
    expect(
        "replace",
        &format!("a = {call}\n"),
        "Result too large",
        call,
    );
    // strrev of a string past the budget: the budget stops the string
    // before strrev sees it.
    let call = "format(\"%0300000000d\", 0)";
    expect(
        "strrev",
        &format!("a = strrev({call})\n"),
        "Result too large",
        call,
    );
}

#[test]
fn deeply_nested_documents_are_errors() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    expect(
        "jsondecode",
        &format!("a = jsondecode(\"{deep}\")\n"),
        "Error in function call",
        "jsondecode(",
    );
    expect(
        "yamldecode",
        &format!("a = yamldecode(\"{deep}\")\n"),
        "Error in function call",
        "yamldecode(",
    );
}

#[test]
fn yaml_alias_bombs_are_too_large() {
    let mut lines = vec!["a: &a [x, x, x, x, x, x, x, x, x, x]".to_string()];
    for i in 1..20u8 {
        let (n, p) = ((b'a' + i) as char, (b'a' + i - 1) as char);
        let refs = vec![format!("*{p}"); 10].join(", ");
        lines.push(format!("{n}: &{n} [{refs}]"));
    }
    let call = format!("yamldecode(\"{}\")", lines.join("\\n"));
    expect(
        "yaml-bomb",
        &format!("a = {call}\n"),
        "Result too large",
        &call,
    );
}

#[test]
fn catastrophic_regexes_run_in_linear_time() {
    let r = run(
        "regex-nested",
        &format!("a = regex(\"(a*)*$\", \"{}b\")\n", "a".repeat(30_000)),
    );
    assert_eq!(r.code, Some(0));
    let r = run(
        "regexall-nested",
        &format!(
            "a = length(regexall(\"(x+x+)+y\", \"{}\"))\n",
            "x".repeat(20_000)
        ),
    );
    assert_eq!(r.stdout.trim(), "{\"a\":0}");
    // A pattern whose compiled form is too big is an argument error.
    expect(
        "regex-size",
        "a = regex(\"a{1000}{1000}\", \"a\")\n",
        "Invalid function argument",
        "a{1000}{1000}",
    );
}

#[test]
fn reference_panics_are_argument_errors() {
    // go-cty panics on these (negative repeat count, NaN into big.Float);
    // ours are diagnostics at the argument.
    // The subject is the argument's start (`-` for a negation, as HCL's
    // StartRange gives it).
    for (name, input, at, len) in [
        ("indent-negative", "a = indent(-1, \"a\\nb\")\n", 11, 1),
        ("log-negative", "a = log(-1, 10)\n", 8, 1),
        ("log-one-one", "a = log(1, 1)\n", 11, 1),
        ("log-negative-base", "a = log(10, -2)\n", 12, 1),
        ("pow-fraction", "a = pow(-8, 0.5)\n", 12, 3),
    ] {
        let r = run(name, input);
        assert_eq!(r.code, Some(2), "{name}");
        let d = &r.diags[0];
        assert_eq!(d["summary"], "Invalid function argument", "{name}: {d}");
        assert_eq!(
            (
                d["subject"]["start"]["byte"].as_u64(),
                d["subject"]["end"]["byte"].as_u64()
            ),
            (Some(at), Some(at + len)),
            "{name}: {d}"
        );
    }
}
