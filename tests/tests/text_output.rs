//! `hcldec`'s text output (without `--diags=json`: the JSON result, or
//! diagnostics with snippets, "with" value lines and wrapped details)
//! compared byte for byte with the reference's, recorded for every
//! native-syntax conformance case by `scripts/record-text-diagnostics.sh`.
//!
//! Deliberate differences (see docs/deviations.md) and not-yet-passing
//! cases are listed in `tests/conformance/text-known-differences.txt`.

use std::collections::BTreeMap;
use std::process::{Command, Stdio};

use hcldecode_tests::{case_inputs, conformance_dir};

fn recorded() -> Vec<(String, i32, String)> {
    let text = include_str!("../data/text-output.txt");
    let mut out = Vec::new();
    let mut cur: Option<(String, i32, String)> = None;
    for line in text.split_inclusive('\n') {
        if let Some(rest) = line.strip_prefix("### ") {
            if let Some(c) = cur.take() {
                out.push(c);
            }
            let (name, exit) = rest.trim_end().rsplit_once(" exit=").expect("header");
            cur = Some((
                name.to_string(),
                exit.parse().expect("exit code"),
                String::new(),
            ));
        } else if let Some(c) = cur.as_mut() {
            c.2.push_str(line);
        }
    }
    out.extend(cur);
    out
}

fn known() -> BTreeMap<String, String> {
    include_str!("../conformance/text-known-differences.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once('#') {
            Some((c, w)) => (c.trim().to_string(), w.trim().to_string()),
            None => (l.to_string(), String::new()),
        })
        .collect()
}

#[test]
fn text_output_matches_the_reference() {
    let root = conformance_dir().join("cases");
    let known = known();
    let cases = recorded();
    assert!(cases.len() > 300, "recording holds {} cases", cases.len());
    let (mut unexpected, mut fixed) = (Vec::new(), Vec::new());
    for (name, want_exit, want) in &cases {
        let dir = root.join(name);
        let mut cmd = Command::new(hcldecode_tests::hcldec_path(env!(
            "CARGO_BIN_EXE_hcldec-under-test"
        )));
        cmd.current_dir(&dir)
            .arg("--spec=spec.hcldec")
            .stdin(Stdio::null());
        if let Ok(flags) = std::fs::read_to_string(dir.join("flags")) {
            cmd.args(flags.lines().map(str::trim).filter(|l| !l.is_empty()));
        }
        cmd.args(case_inputs(&dir));
        let out = cmd.output().expect("run hcldec");
        // The recording is `$(…)` output: stdout then stderr, trailing
        // newlines removed, one newline added.
        let mut got = String::from_utf8_lossy(&out.stdout).into_owned();
        got.push_str(&String::from_utf8_lossy(&out.stderr));
        let got = format!("{}\n", got.trim_end_matches('\n'));
        let same = got == *want && out.status.code() == Some(*want_exit);
        match (same, known.contains_key(name)) {
            (true, true) => fixed.push(name.clone()),
            (false, false) => {
                unexpected.push(format!("{name}:\n--- reference\n{want}--- ours\n{got}"))
            }
            _ => {}
        }
    }
    assert!(
        unexpected.is_empty(),
        "text output differs:\n\n{}",
        unexpected.join("\n")
    );
    assert!(
        fixed.is_empty(),
        "these match now; remove them from text-known-differences.txt:\n{}",
        fixed.join("\n")
    );
}
