//! End-to-end tests of the `hcldec` binary: the README quickstart, the
//! cases where the reference is wrong (`shared/conformance/divergent`),
//! output files, standard input, flags and exit codes, and a sweep of
//! mutated inputs and specs that must never crash it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use hcldecode_tests::{case_inputs, conformance_dir, find_cases};

fn hcldec() -> Command {
    hcldecode_tests::hcldec_command(env!("CARGO_BIN_EXE_hcldec-under-test"))
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    hcldecode_tests::scratch_dir("cli", name)
}

#[test]
fn quickstart_example_matches_the_reference_output() {
    let ex = repo().join("examples/web-app");
    let out = hcldec()
        .arg("--spec")
        .arg(ex.join("spec.hcldec"))
        .arg(ex.join("config.hcl"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // Recorded from the reference hcldec (HashiCorp's Go implementation).
    let want = std::fs::read_to_string(ex.join("expected.json")).unwrap();
    assert_eq!(text(&out.stdout), want);
}

#[test]
fn division_by_zero_is_an_error_naming_the_value() {
    let dir = conformance_dir().join("divergent/036-division-by-zero");
    for extra in [&["--with-type", "--keep-nulls"][..], &[][..]] {
        let out = hcldec()
            .current_dir(&dir)
            .arg("--spec=spec.hcldec")
            .args(extra)
            .arg("input.hcl")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert!(out.stdout.is_empty(), "no output on failure");
        let err = text(&out.stderr);
        assert!(err.starts_with("Error: "), "{err}");
        assert!(err.contains(".a") && err.contains("infinity"), "{err}");
    }
}

#[test]
fn block_attrs_of_any_with_incompatible_values_is_a_diagnostic() {
    let dir = conformance_dir().join("divergent/block-attrs-any-element-type");
    let out = hcldec()
        .current_dir(&dir)
        .args(["--spec=spec.hcldec", "--diags=json", "input.hcl"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let doc: serde_json::Value = serde_json::from_slice(&out.stderr).unwrap();
    let d = &doc["diagnostics"][0];
    assert_eq!(d["severity"], "error");
    assert_eq!(d["summary"], "Inconsistent attribute types");
    let detail = d["detail"].as_str().unwrap();
    for part in ["\"a\" is number", "\"b\" is string", "\"c\" is tuple"] {
        assert!(detail.contains(part), "{detail}");
    }
    // The subject spans the three attributes, lines 2 to 4.
    assert_eq!(d["subject"]["start"]["line"], 2);
    assert_eq!(d["subject"]["start"]["column"], 3);
    assert_eq!(d["subject"]["end"]["line"], 4);
}

#[test]
fn output_file_is_written_and_never_truncated_on_failure() {
    let dir = scratch("out");
    std::fs::write(
        dir.join("spec.hcldec"),
        "object {\n  attr \"a\" { type = number }\n}\n",
    )
    .unwrap();
    std::fs::write(dir.join("good.hcl"), "a = 1\n").unwrap();
    std::fs::write(dir.join("bad.hcl"), "a = \"x\"\n").unwrap();
    let run = |input: &str| -> Output {
        hcldec()
            .current_dir(&dir)
            .args(["--spec=spec.hcldec", "-o", "out.json", input])
            .output()
            .unwrap()
    };
    let out = run("good.hcl");
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    assert_eq!(
        std::fs::read_to_string(dir.join("out.json")).unwrap(),
        "{\"a\":1}\n"
    );
    let out = run("bad.hcl");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        std::fs::read_to_string(dir.join("out.json")).unwrap(),
        "{\"a\":1}\n"
    );
    // No temporary files are left behind.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.contains(".tmp")), "{names:?}");
    // An output path in a missing directory is an error (exit 1).
    let out = hcldec()
        .current_dir(&dir)
        .args(["--spec=spec.hcldec", "-o", "missing/out.json", "good.hcl"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).starts_with("Error: can't open missing/out.json for writing"));
}

#[test]
fn standard_input_is_read_when_no_files_are_given() {
    let dir = scratch("stdin");
    std::fs::write(
        dir.join("spec.hcldec"),
        "object {\n  attr \"a\" { type = number }\n}\n",
    )
    .unwrap();
    let mut child = hcldec()
        .current_dir(&dir)
        .args(["--spec=spec.hcldec", "--diags=json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"a = true\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let doc: serde_json::Value = serde_json::from_slice(&out.stderr).unwrap();
    assert_eq!(doc["diagnostics"][0]["subject"]["filename"], "<stdin>");
    assert_eq!(
        doc["diagnostics"][0]["summary"],
        "Incorrect attribute value type"
    );
}

#[test]
fn flags_and_exit_codes_follow_the_reference() {
    let out = hcldec().arg("--version").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(!out.stdout.is_empty());

    for args in [&["--help"][..], &["--bogus"][..], &["-x"][..]] {
        let out = hcldec().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains("usage: hcldec --spec=<spec-file> [options] [hcl-file ...]")
        );
    }
    let out = hcldec().arg("--bogus").output().unwrap();
    assert!(text(&out.stderr).starts_with("unknown flag: --bogus\n"));

    let out = hcldec().arg("x.hcl").output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "Error: the --spec=... argument is required\n\n"
    );

    let out = hcldec()
        .args(["--spec=s.hcldec", "--diags=xml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "Invalid diagnostics format \"xml\": only \"json\" is supported.\n"
    );

    let dir = scratch("flags");
    std::fs::write(dir.join("spec.hcldec"), "literal { value = 1 }\n").unwrap();
    let out = hcldec()
        .current_dir(&dir)
        .args(["--spec=spec.hcldec", "--diags=json", "missing.hcl"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let doc: serde_json::Value = serde_json::from_slice(&out.stderr).unwrap();
    assert_eq!(doc["diagnostics"][0]["summary"], "Failed to read file");
    let out = hcldec()
        .current_dir(&dir)
        .args(["--spec=missing.hcldec", "x.hcl"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("Failed to read file"));
}

/// The deterministic generator the mutations draw from.
type Rng = fastrand::Rng;

/// Deletes, duplicates or replaces a few bytes with syntax characters.
fn mutate(src: &[u8], rng: &mut Rng) -> Vec<u8> {
    const PIECES: &[&[u8]] = &[
        b"{", b"}", b"[", b"]", b"(", b")", b"\"", b"${", b"%{", b"~}", b"<<EOT\n", b"\n", b"=",
        b",", b":", b"...", b"[*]", b".*", b"?", b"!", b"-", b"/", b"%", b"#", b"/*", b"\\",
        b"\xff", b"\0", b"1e99999", b"null", b"for", b"if", b"=>", b" ", b"\t",
    ];
    let mut v = src.to_vec();
    for _ in 0..1 + rng.usize(..4) {
        let at = rng.usize(..=v.len());
        match rng.usize(..3) {
            0 if !v.is_empty() => {
                let end = (at + 1 + rng.usize(..8)).min(v.len());
                v.drain(at.min(v.len())..end);
            }
            1 => {
                let p = PIECES[rng.usize(..PIECES.len())];
                v.splice(at..at, p.iter().copied());
            }
            _ => {
                let len = rng.usize(..16).min(v.len().saturating_sub(at));
                let chunk: Vec<u8> = v[at..at + len].to_vec();
                v.splice(at..at, chunk);
            }
        }
    }
    v
}

#[test]
fn mutated_specs_and_inputs_never_crash_hcldec() {
    let root = conformance_dir().join("cases");
    let mut rng = Rng::with_seed(7);
    let dir = scratch("mutate");
    let mut runs = 0;
    for case in find_cases(&root) {
        let spec = std::fs::read(case.join("spec.hcldec")).unwrap();
        let inputs = case_inputs(&case);
        let Some(input_name) = inputs.first() else {
            continue;
        };
        let input = std::fs::read(case.join(input_name)).unwrap();
        for round in 0..3 {
            let (s, i) = if round == 0 {
                (mutate(&spec, &mut rng), input.clone())
            } else {
                (spec.clone(), mutate(&input, &mut rng))
            };
            std::fs::write(dir.join("spec.hcldec"), &s).unwrap();
            std::fs::write(dir.join(input_name), &i).unwrap();
            let out = hcldec()
                .current_dir(&dir)
                .args([
                    "--spec=spec.hcldec",
                    "--diags=json",
                    "--with-type",
                    input_name,
                ])
                .output()
                .unwrap();
            runs += 1;
            let code = out.status.code();
            let err = text(&out.stderr);
            assert!(
                matches!(code, Some(0..=2)) && !err.contains("panicked"),
                "hcldec crashed ({code:?}) on a mutation of {}:\n--- spec\n{}\n--- {input_name}\n{}\n--- stderr\n{err}",
                case.display(),
                String::from_utf8_lossy(&s),
                String::from_utf8_lossy(&i),
            );
            if code == Some(2) {
                let doc: Result<serde_json::Value, _> = serde_json::from_str(&err);
                assert!(doc.is_ok(), "exit 2 without diagnostics JSON: {err}");
            }
            let _ = std::fs::remove_file(dir.join(input_name));
        }
    }
    assert!(runs > 500, "only {runs} runs");
}

#[test]
fn block_list_values_that_unify_to_no_single_type_are_a_diagnostic() {
    // The reference panics ("inconsistent list element types").
    let dir = scratch("blocklist");
    std::fs::write(
        dir.join("spec.hcldec"),
        "object {\n  block_list \"b\" {\n    object {\n      attr \"x\" {}\n    }\n  }\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("in.hcl"),
        "b {\n  x = null\n}\nb {\n  x = [1]\n}\n",
    )
    .unwrap();
    let out = hcldec()
        .current_dir(&dir)
        .args(["--spec=spec.hcldec", "--diags=json", "in.hcl"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&out.stderr).unwrap();
    let d = &doc["diagnostics"][0];
    assert_eq!(d["summary"], "Unconsistent argument types in b blocks");
    assert!(d["detail"].as_str().unwrap().contains("index 1"));
    assert_eq!(d["subject"]["start"]["line"], 4);
}

/// Writing to a closed pipe (`hcldec … | head`) ends `hcldec` quietly with
/// status 141, what a shell reports for the reference, which SIGPIPE ends.
#[cfg(unix)]
#[test]
fn writing_to_a_closed_pipe_ends_hcldec_quietly() {
    let dir = scratch("sigpipe");
    std::fs::write(
        dir.join("spec.hcldec"),
        "attr {\n  name = \"s\"\n  type = string\n}\n",
    )
    .unwrap();
    // Larger than a pipe's buffer, so the write blocks or fails even if the
    // process wins the race against closing the read end.
    let long = "x".repeat(1 << 20);
    std::fs::write(dir.join("input.hcl"), format!("s = \"{long}\"\n")).unwrap();
    let mut child = hcldec()
        .current_dir(&dir)
        .args(["--spec=spec.hcldec", "input.hcl"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(141),
        "{:?}: {}",
        out.status,
        text(&out.stderr)
    );
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

/// The cases of `tests/divergent` (see its README): where the reference's
/// answer is broken or where we accept more.
fn divergent(name: &str, input: &str) -> (Option<i32>, String, serde_json::Value) {
    let dir = repo().join("tests/divergent").join(name);
    let out = hcldec()
        .current_dir(&dir)
        .args(["--spec=spec.hcldec", "--diags=json", input])
        .output()
        .unwrap();
    let diags = if out.stderr.is_empty() {
        serde_json::Value::Null
    } else {
        serde_json::from_slice(&out.stderr).unwrap()
    };
    (out.status.code(), text(&out.stdout), diags)
}

#[test]
fn blocks_of_a_bare_attribute_that_share_no_type_are_a_diagnostic() {
    for name in [
        "block-list-bare-attr-null-then-list",
        "block-set-bare-attr-null-then-list",
    ] {
        let (code, stdout, doc) = divergent(name, "input.hcl");
        assert_eq!(code, Some(2), "{name}: {stdout}");
        assert!(stdout.is_empty());
        let diags = doc["diagnostics"].as_array().unwrap();
        assert_eq!(diags.len(), 1, "{name}");
        let d = &diags[0];
        assert_eq!(d["severity"], "error");
        assert_eq!(d["summary"], "Unconsistent argument types in b blocks");
        assert!(d["detail"].as_str().unwrap().contains("index 1"), "{d}");
        // At the value of `x = [1]` in the second block.
        assert_eq!(d["subject"]["start"]["line"], 5);
        assert_eq!(d["subject"]["start"]["column"], 7);
        assert_eq!(d["subject"]["end"]["line"], 5);
    }
}

#[test]
fn a_json_input_may_start_with_a_byte_order_mark() {
    let (code, stdout, doc) = divergent("bom-json-input", "input.json");
    assert_eq!(code, Some(0), "{doc}");
    assert_eq!(stdout, "{\"a\":\"x\"}\n");
}

/// `hcldec` with a spec file that declares variables and locals
/// (`examples/module/module.hcldec`): `--var`, `--var-file` and
/// `--var-env` give the values, and a mistake is reported at its place.
#[test]
fn declared_variables_take_var_var_file_and_var_env() {
    let ex = repo().join("examples/module");
    let run = |extra: &[&str], env: &[(&str, &str)]| {
        let mut c = hcldec();
        c.arg("--spec").arg(ex.join("module.hcldec"));
        c.args(extra);
        c.arg(ex.join("variables.hcl")).arg(ex.join("main.hcl"));
        for (k, v) in env {
            c.env(k, v);
        }
        c.output().unwrap()
    };
    let tfvars = ex.join("prod.tfvars");
    let out = run(
        &[
            "--var-file",
            tfvars.to_str().unwrap(),
            "--var",
            "replicas=4",
            "--var-env",
            "APP_VAR_",
        ],
        &[("APP_VAR_db_password", "pw")],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "{\"service\":{\"api\":{\"database\":\"postgres://app:pw@db.eu-west-1.internal/app\",\"listeners\":[\"prod-eu-west-1:80\",\"prod-eu-west-1:443\"],\"replicas\":4},\"worker\":{\"database\":\"postgres://app:pw@db.eu-west-1.internal/app\",\"listeners\":[],\"replicas\":8}}}\n"
    );
    // No password: one error at its declaration, status 2 as for any
    // decoding error reported before output.
    let out = run(&[], &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("Error: No value for required variable"),
        "{err}"
    );
    assert!(err.contains("variables.hcl line 30"), "{err}");
}

/// `--x-example` (an extension) prints a reference configuration of the
/// spec, which `hcldec` then decodes with the same spec.
#[test]
fn x_example_prints_a_configuration_that_decodes() {
    let spec = repo().join("examples/web-app/spec.hcldec");
    let out = hcldec()
        .arg("--spec")
        .arg(&spec)
        .arg("--x-example")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let example = text(&out.stdout);
    assert!(example.contains(" = "), "{example}");
    assert!(example.contains("# "), "{example}");
    let dir = scratch("x-example");
    let path = dir.join("example.hcl");
    std::fs::write(&path, &example).unwrap();
    let out = hcldec()
        .arg("--spec")
        .arg(&spec)
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}\n{example}",
        text(&out.stderr)
    );
}
