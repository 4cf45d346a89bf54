//! Runs every recorded case of `tests/conformance/cases`, `cases-ext` and
//! `cases-latest` with our `hcldec` and compares with the reference's recorded answers.
//!
//! Cases that are known not to pass yet are listed, with the reason, in
//! `tests/conformance/known-failures.txt` (and `cases-ext-known-failures.txt`); the test fails when a case fails
//! that is not listed, and also when a listed case passes (so the list is
//! kept honest).

use std::collections::BTreeMap;

use hcldecode_tests::{conformance_dir, failed_cases, find_cases, run_case};

fn known_failures(text: &str) -> BTreeMap<String, String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once('#') {
            Some((case, why)) => (case.trim().to_string(), why.trim().to_string()),
            None => (l.to_string(), String::new()),
        })
        .collect()
}

/// Runs every case under `tests/conformance/<corpus>`; fails on a case that
/// fails and is not in `list` (the text of `list_name`), and on a listed
/// case that passes.
fn check_corpus(corpus: &str, list_name: &str, list: &str, min_cases: usize) {
    let root = conformance_dir().join(corpus);
    let hcldec = &hcldecode_tests::hcldec_path(env!("CARGO_BIN_EXE_hcldec-under-test"));
    let known = known_failures(list);
    let cases = find_cases(&root);
    assert!(
        cases.len() >= min_cases,
        "expected the full {corpus} corpus, found {} cases",
        cases.len()
    );
    let mut unexpected = Vec::new();
    let mut fixed = Vec::new();
    let (mut passed, mut failed) = (0, 0);
    for case in &cases {
        let name = case
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        match run_case(hcldec, case) {
            Ok(()) => {
                passed += 1;
                if known.contains_key(&name) {
                    fixed.push(name);
                }
            }
            Err(why) => {
                failed += 1;
                if !known.contains_key(&name) {
                    unexpected.push(format!("{name}: {why}"));
                }
            }
        }
    }
    println!(
        "conformance {corpus}: {passed} passed, {failed} failed ({} listed as known)",
        known.len()
    );
    assert!(
        unexpected.is_empty(),
        "{} case(s) failed that are not in {list_name}:\n\n{}",
        unexpected.len(),
        unexpected.join("\n\n")
    );
    assert!(
        fixed.is_empty(),
        "these cases pass now; remove them from tests/conformance/{list_name}:\n{}",
        fixed.join("\n")
    );
}

#[test]
fn recorded_cases_match_the_reference() {
    check_corpus(
        "cases",
        "known-failures.txt",
        include_str!("../conformance/known-failures.txt"),
        300,
    );
}

/// The cases recorded with the reference's extensions (function library,
/// dynamic blocks, `optional()` types).
#[test]
fn recorded_extension_cases_match_the_reference() {
    check_corpus(
        "cases-ext",
        "cases-ext-known-failures.txt",
        include_str!("../conformance/cases-ext-known-failures.txt"),
        150,
    );
}

/// The cases recorded from HCL's newest source (after v2.24.0): what
/// changed since v2.14.1, the target where the two differ.
#[test]
fn recorded_latest_cases_match_newest_hcl() {
    check_corpus(
        "cases-latest",
        "cases-latest-known-failures.txt",
        include_str!("../conformance/cases-latest-known-failures.txt"),
        61,
    );
}

/// The project's own recorded cases (`tests/cases`), which must all pass.
#[test]
fn project_cases_match_the_reference() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cases");
    let hcldec = &hcldecode_tests::hcldec_path(env!("CARGO_BIN_EXE_hcldec-under-test"));
    let cases = find_cases(&root);
    assert!(!cases.is_empty(), "no cases under {}", root.display());
    let failures = failed_cases(hcldec, &cases);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
