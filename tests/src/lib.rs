//! Shared helpers for the integration tests: locating the vendored
//! conformance data (`tests/conformance`), running recorded conformance cases against our `hcldec`,
//! and comparing JSON the way `shared/tools/compare-cases.py` does.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use serde_json::Value as Json;

/// The `hcldec` the tests run: `$HCLDEC_UNDER_TEST` when set (CI may point
/// it at a release build), else `built`, the binary Cargo built for this
/// crate (pass `env!("CARGO_BIN_EXE_hcldec-under-test")`).
pub fn hcldec_path(built: &str) -> PathBuf {
    match std::env::var_os("HCLDEC_UNDER_TEST") {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => PathBuf::from(built),
    }
}

/// [`hcldec_path`] as a command, with nothing on standard input.
pub fn hcldec_command(built: &str) -> Command {
    let mut c = Command::new(hcldec_path(built));
    c.stdin(Stdio::null());
    c
}

/// A fresh, empty directory for test `name` of a test file (`file`), unique
/// to this process.
pub fn scratch_dir(file: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hcldecode-{file}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The time the largest adversarial inputs may take: a second in optimised
/// builds, as the robustness issue asks; debug builds are several times
/// slower.
pub fn time_bound() -> Duration {
    if cfg!(debug_assertions) {
        Duration::from_secs(20)
    } else {
        Duration::from_secs(1)
    }
}

/// The diagnostics in `hcldec --diags=json`'s standard error (none when it
/// is not a JSON document).
pub fn json_diagnostics(stderr: &str) -> Vec<Json> {
    if !stderr.trim_start().starts_with('{') {
        return Vec::new();
    }
    let doc: Json = serde_json::from_str(stderr).unwrap();
    doc["diagnostics"].as_array().cloned().unwrap_or_default()
}

/// Asserts that a run exited 0, showing its standard error if not.
pub fn assert_success(out: &Output) {
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The conformance data vendored in this crate (`tests/conformance`: the
/// specsuite, the recorded cases, the divergent cases); see its README for
/// where each part comes from and how to refresh it.
pub fn conformance_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance")
}

/// A number as an exact decimal: sign, significant digits, exponent.
fn decimal_key(text: &str) -> (bool, String, i64) {
    let (neg, rest) = match text.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (mantissa, exp) = match rest.find(['e', 'E']) {
        Some(i) => (&rest[..i], rest[i + 1..].parse::<i64>().unwrap_or(0)),
        None => (rest, 0),
    };
    let (int, frac) = match mantissa.find('.') {
        Some(i) => (&mantissa[..i], &mantissa[i + 1..]),
        None => (mantissa, ""),
    };
    let digits = format!("{int}{frac}");
    let exp = exp - frac.len() as i64;
    let trimmed_lead = digits.trim_start_matches('0');
    if trimmed_lead.is_empty() {
        return (false, "0".into(), 0);
    }
    let trimmed = trimmed_lead.trim_end_matches('0');
    let exp = exp + (trimmed_lead.len() - trimmed.len()) as i64;
    (neg, trimmed.to_string(), exp)
}

/// Whether two JSON values are the same: numbers equal as exact decimals,
/// object key order ignored.
pub fn json_same(a: &Json, b: &Json) -> bool {
    match (a, b) {
        (Json::Number(x), Json::Number(y)) => {
            decimal_key(&x.to_string()) == decimal_key(&y.to_string())
        }
        (Json::Object(x), Json::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| json_same(v, w)))
        }
        (Json::Array(x), Json::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(v, w)| json_same(v, w))
        }
        _ => a == b,
    }
}

/// A diagnostic's comparable identity: severity, subject file and range.
pub type DiagKey = (String, Option<String>, Vec<Option<u64>>);

/// The comparable keys of a diagnostics JSON document, in order.
pub fn diag_keys(doc: &Json) -> Vec<DiagKey> {
    let empty = Vec::new();
    let list = doc
        .get("diagnostics")
        .and_then(Json::as_array)
        .unwrap_or(&empty);
    list.iter()
        .map(|d| {
            let sev = d
                .get("severity")
                .and_then(Json::as_str)
                .unwrap_or("")
                .to_string();
            let subj = d.get("subject");
            let file = subj
                .and_then(|s| s.get("filename"))
                .and_then(Json::as_str)
                .map(str::to_string);
            let mut pos = Vec::new();
            for p in ["start", "end"] {
                for k in ["line", "column", "byte"] {
                    pos.push(
                        subj.and_then(|s| s.get(p))
                            .and_then(|p| p.get(k))
                            .and_then(Json::as_u64),
                    );
                }
            }
            (sev, file, pos)
        })
        .collect()
}

/// The input files of a case: `input*.hcl` / `input*.json`, sorted.
pub fn case_inputs(case: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(case)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with("input") && (n.ends_with(".hcl") || n.ends_with(".json")))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Every case folder under `root` (folders holding `spec.hcldec` and
/// `expected.exit`), sorted.
pub fn find_cases(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            }
        }
        if dir.join("spec.hcldec").is_file() && dir.join("expected.exit").is_file() {
            out.push(dir);
        }
    }
    out.sort();
    out
}

/// Runs every case in `cases`; the failures, each as "case: why".
pub fn failed_cases(hcldec: &Path, cases: &[PathBuf]) -> Vec<String> {
    cases
        .iter()
        .filter_map(|c| {
            run_case(hcldec, c)
                .err()
                .map(|why| format!("{}: {why}", c.display()))
        })
        .collect()
}

/// Runs one recorded case with `hcldec` and compares with the recording,
/// applying the rules of `shared/conformance/README.md`.
pub fn run_case(hcldec: &Path, case: &Path) -> Result<(), String> {
    let mut cmd = Command::new(hcldec);
    cmd.current_dir(case)
        .args([
            "--spec=spec.hcldec",
            "--diags=json",
            "--with-type",
            "--keep-nulls",
        ])
        .stdin(Stdio::null());
    if case.join("vars.json").is_file() {
        cmd.arg("--vars=vars.json");
    }
    if let Ok(flags) = std::fs::read_to_string(case.join("flags")) {
        cmd.args(flags.lines().map(str::trim).filter(|l| !l.is_empty()));
    }
    cmd.args(case_inputs(case));
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run {}: {e}", hcldec.display()))?;
    let read = |n: &str| std::fs::read_to_string(case.join(n)).unwrap_or_default();
    let want_exit: i32 = read("expected.exit")
        .trim()
        .parse()
        .map_err(|_| "bad expected.exit")?;
    let got_exit = out.status.code().unwrap_or(-1);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if got_exit != want_exit {
        return Err(format!(
            "exit {got_exit}, want {want_exit}; stderr: {}",
            stderr.chars().take(400).collect::<String>()
        ));
    }
    let want_out = read("expected.stdout");
    if !want_out.trim().is_empty() {
        let got: Json =
            serde_json::from_slice(&out.stdout).map_err(|e| format!("stdout is not JSON: {e}"))?;
        let want: Json =
            serde_json::from_str(&want_out).map_err(|e| format!("bad expected.stdout: {e}"))?;
        if !json_same(&got, &want) {
            return Err(format!(
                "stdout differs:\n got: {}\nwant: {}",
                String::from_utf8_lossy(&out.stdout)
                    .chars()
                    .take(600)
                    .collect::<String>(),
                want_out.chars().take(600).collect::<String>()
            ));
        }
    }
    let want_err = read("expected.stderr");
    if want_err.trim_start().starts_with('{') {
        let got: Json = serde_json::from_str(&stderr)
            .map_err(|e| format!("stderr is not diagnostics JSON: {e}: {stderr}"))?;
        let want: Json =
            serde_json::from_str(&want_err).map_err(|e| format!("bad expected.stderr: {e}"))?;
        let (g, w) = (diag_keys(&got), diag_keys(&want));
        if g != w {
            return Err(format!(
                "diagnostics differ:\n got: {g:?}\nwant: {w:?}\nstderr: {stderr}"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_compare_exactly() {
        let n = |s: &str| -> Json { serde_json::from_str(s).unwrap() };
        assert!(json_same(&n("1.50"), &n("1.5")));
        assert!(json_same(&n("1e2"), &n("100")));
        assert!(json_same(&n("-0"), &n("0")));
        assert!(json_same(&n("0.000"), &n("0")));
        assert!(!json_same(&n("0.1"), &n("0.10000000000000001")));
        assert!(json_same(
            &n(r#"{"a":1,"b":[2]}"#),
            &n(r#"{"b":[2.0],"a":1}"#)
        ));
        assert!(!json_same(&n(r#"{"a":1}"#), &n(r#"{"a":1,"b":null}"#)));
    }
}
