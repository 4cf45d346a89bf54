//! Runs every recorded case of `shared/conformance/cases` with our `hcldec`
//! and compares with the reference's recorded answers.
//!
//! Cases that are known not to pass yet are listed, with the reason, in
//! `tests/conformance/known-failures.txt`; the test fails when a case fails
//! that is not listed, and also when a listed case passes (so the list is
//! kept honest).

use std::collections::BTreeMap;

use hcldecode_tests::{conformance_dir, failed_cases, find_cases, run_case};

fn known_failures() -> BTreeMap<String, String> {
    let text = include_str!("../conformance/known-failures.txt");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once('#') {
            Some((case, why)) => (case.trim().to_string(), why.trim().to_string()),
            None => (l.to_string(), String::new()),
        })
        .collect()
}

#[test]
fn recorded_cases_match_the_reference() {
    let root = conformance_dir().join("cases");
    let hcldec = &hcldecode_tests::hcldec_path(env!("CARGO_BIN_EXE_hcldec-under-test"));
    let known = known_failures();
    let cases = find_cases(&root);
    assert!(
        cases.len() >= 300,
        "expected the full corpus, found {} cases",
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
        "conformance cases: {passed} passed, {failed} failed ({} listed as known)",
        known.len()
    );
    assert!(
        unexpected.is_empty(),
        "{} case(s) failed that are not in known-failures.txt:\n\n{}",
        unexpected.len(),
        unexpected.join("\n\n")
    );
    assert!(
        fixed.is_empty(),
        "these cases pass now; remove them from tests/conformance/known-failures.txt:\n{}",
        fixed.join("\n")
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
