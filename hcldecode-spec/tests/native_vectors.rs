//! Differential vectors: ~6200 inputs (hand-written snippets covering the
//! whole native syntax, random mutations of them, random token soups, and
//! inputs with invalid UTF-8) with the tokens, tree, diagnostics and static
//! analysis that HashiCorp's hclsyntax (v2.14.1) produced for them, recorded
//! once by a Go program. Every field we produce must match exactly, except
//! in the two documented ways partial trees after syntax errors differ:
//! hclsyntax's `cty.DynamicVal` index keys (shown `[dyn]`, which we keep as
//! the number literal or an index expression) and ranges it leaves zero or
//! inverted (which we clamp). Diagnostics are always compared.

mod native_common;

use native_common::json::{self, Value};
use native_common::run_case;

#[test]
fn reference_vectors() {
    let data = include_str!("data/native_vectors.jsonl");
    let mut failures = Vec::new();
    let mut n = 0;
    let mut skipped = 0;
    let mut double_colon = 0;
    let mut trailing_dot = 0;
    for line in data.lines() {
        if line.trim().is_empty() {
            continue;
        }
        n += 1;
        let case = json::parse(line);
        let ours = json::parse(&run_case(&case));
        for field in ["tokens", "ast", "diags", "vars"] {
            let want = case.get(field);
            if *want == Value::Null {
                continue;
            }
            let got = ours.get(field);
            if field != "diags" && known_partial_tree_deviation(want.str()) {
                skipped += 1;
                continue;
            }
            if got != want && has_double_colon(&case) {
                // HCL v2.20 made `::` one token (namespaced function calls,
                // which `tests/conformance/cases-latest` covers); these
                // vectors record v2.14.1's two colons.
                double_colon += 1;
                break;
            }
            if got != want
                && (field == "ast" || field == "vars")
                && ours.get("ast").str().contains("(invalid")
            {
                // HCL v2.22 (#692): a reference ending in a dot is a
                // syntax-error node (no traversal) where v2.14.1, which
                // these vectors record, kept the bare reference. The
                // diagnostics are compared still.
                trailing_dot += 1;
                continue;
            }
            if got != want {
                failures.push(format!(
                    "{} mode={} src={:?}{:?}\n  want: {:?}\n  got:  {:?}",
                    field,
                    case.get("m").str(),
                    case.get("s").str(),
                    case.get("h").str(),
                    want,
                    got
                ));
                break;
            }
        }
    }
    assert!(n > 6000, "only {n} vectors");
    assert!(double_colon <= 4, "{double_colon} vectors with `::` differ");
    // 14 vectors: their trees, and for 11 of them their variables.
    assert!(
        trailing_dot <= 25,
        "{trailing_dot} trees with a syntax-error node differ"
    );
    assert!(skipped < 40, "{skipped} fields skipped");
    assert!(
        failures.is_empty(),
        "{} of {n} vectors differ; first ones:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

/// Whether a reference dump shows a `cty.DynamicVal` traversal key or a
/// zero or inverted range, which only occur in trees of invalid input.
fn known_partial_tree_deviation(dump: &str) -> bool {
    if dump.contains("[dyn]") || dump.contains("-0:0:0") {
        return true;
    }
    // Byte spans are printed as `start-end` after a space or `@`.
    dump.split([' ', '@', '(', ')'])
        .filter_map(|w| w.split_once('-'))
        .filter_map(|(a, b)| Some((a.parse::<u32>().ok()?, b.parse::<u32>().ok()?)))
        .any(|(a, b)| b < a)
}

/// Whether a vector's source has `::` (as text, or hex-encoded).
fn has_double_colon(case: &Value) -> bool {
    let hex = case.get("h").str().as_bytes();
    case.get("s").str().contains("::")
        || hex
            .chunks(2)
            .zip(hex.chunks(2).skip(1))
            .any(|(a, b)| a == b"3a" && b == b"3a")
}
