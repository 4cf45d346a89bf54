//! Parse diagnostics for every HCL file of the shared conformance data
//! (cases and specsuite inputs and spec files), compared with what the
//! reference `hcldec` reported when given each file with a spec that
//! decodes nothing: severity, summary, detail and subject range, in order.
//! The files are read from the shared conformance directory (never copied
//! into the repository); the test is skipped where it is absent.

mod native_common;

use std::path::PathBuf;

use hcldecode_spec::syntax::native;

fn conformance_dir() -> Option<PathBuf> {
    if let Ok(d) = std::env::var("HCLDECODE_CONFORMANCE") {
        return Some(PathBuf::from(d));
    }
    let mut dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    loop {
        let cand = dir.join("shared").join("conformance");
        if cand.is_dir() {
            return Some(cand);
        }
        if !dir.pop() {
            return None;
        }
    }
}

fn diag_line(d: &hcldecode_spec::diag::Diagnostic) -> String {
    let full = native_common::dump::diag(d);
    // The reference's JSON form has no context range.
    full.rsplit_once('|')
        .map(|(a, _)| a.to_string())
        .unwrap_or(full)
}

#[test]
fn conformance_parse_diagnostics() {
    let Some(root) = conformance_dir() else {
        eprintln!("conformance data not found; skipping");
        return;
    };
    let data = include_str!("data/native_conformance_diags.jsonl");
    let mut failures = Vec::new();
    let mut checked = 0;
    let mut with_errors = 0;
    for line in data.lines() {
        let rec = native_common::json::parse(line);
        let path = rec.get("path").str();
        let Ok(bytes) = std::fs::read(root.join(path)) else {
            continue;
        };
        checked += 1;
        let want = rec.get("diags").list();
        if !want.is_empty() {
            with_errors += 1;
        }
        let (file, mut diags) = native::source_from_bytes(path, bytes);
        let (_, parse_diags) = native::parse_config(file);
        diags.extend(parse_diags);
        let got: Vec<String> = diags.iter().map(diag_line).collect();
        if got != want {
            failures.push(format!("{path}\n  want: {want:#?}\n  got:  {got:#?}"));
        }
    }
    eprintln!("checked {checked} files, {with_errors} with syntax errors");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
