//! About 560 calls of the `stdlib` function library, edge cases included
//! (some 290 of them `log`/`pow` with integer exponents, checking Go's
//! floating-point algorithms bit for bit),
//! recorded from the reference's extended build (`hcldec-ext
//! --x-functions`, by `../shared/tools/record-cases.sh`) in
//! `tests/functions-differential/`: calls that succeed ten to a case,
//! each failing call alone. Calls where we deviate on purpose
//! (docs/deviations.md: infinities, `convert` with optional attributes,
//! functions the reference lacks, and what go-cty changed since the
//! reference's 1.12, which `tests/conformance/cases-latest` records:
//! `element` with a negative index, `tostring(null)` and friends) are not
//! in the corpus.

use std::path::Path;

use hcldecode_tests::{failed_cases, find_cases};

#[test]
fn function_calls_match_the_reference() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("functions-differential");
    let hcldec = &hcldecode_tests::hcldec_path(env!("CARGO_BIN_EXE_hcldec-under-test"));
    let cases = find_cases(&root);
    assert!(cases.len() >= 80, "found {} cases", cases.len());
    let failures = failed_cases(hcldec, &cases);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
