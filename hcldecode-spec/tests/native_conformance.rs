//! Parse diagnostics for every HCL file of the shared conformance data
//! (cases and specsuite inputs and spec files), compared with what the
//! reference `hcldec` reported when given each file with a spec that
//! decodes nothing: severity, summary, detail and subject range, in order.
//! The files are read from the conformance data vendored in
//! `tests/conformance`.

mod native_common;

use std::path::PathBuf;

use hcldecode_spec::syntax::native;

/// The conformance data vendored in the workspace's tests crate.
fn conformance_dir() -> PathBuf {
    match std::env::var("HCLDECODE_CONFORMANCE") {
        Ok(d) => PathBuf::from(d),
        Err(_) => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/conformance"),
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
    let root = conformance_dir();
    assert!(root.is_dir(), "no conformance data at {}", root.display());
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
