//! `hcldec --functions=SET,...`: set selection, usage errors, and the
//! filesystem set reading beside each input file.

use std::path::PathBuf;
use std::process::Command;

fn hcldec() -> Command {
    hcldecode_tests::hcldec_command(env!("CARGO_BIN_EXE_hcldec-under-test"))
}

fn scratch(name: &str) -> PathBuf {
    hcldecode_tests::scratch_dir("clifn", name)
}

const SPEC: &str = "object {\n  attr \"a\" {}\n  attr \"b\" {}\n}\n";

/// Whether the binary under test was built with the cargo feature of
/// `set` (a default build has only `stdlib`; the tests crate's own build
/// and CI's release build have all). Says so when not.
fn has_set(set: &str) -> bool {
    let dir = scratch(&format!("has-{set}"));
    std::fs::write(dir.join("spec.hcldec"), SPEC).unwrap();
    let out = hcldec()
        .current_dir(&dir)
        .args(["--spec=spec.hcldec", &format!("--functions={set}")])
        .output()
        .unwrap();
    let ok = !String::from_utf8_lossy(&out.stderr).contains("was built without");
    if !ok {
        eprintln!("skipped: the hcldec under test was built without the {set} function set");
    }
    ok
}

#[test]
fn unknown_sets_are_usage_errors() {
    let dir = scratch("usage");
    std::fs::write(dir.join("spec.hcldec"), SPEC).unwrap();
    std::fs::write(dir.join("in.hcl"), "a = 1\n").unwrap();
    let out = hcldec()
        .current_dir(&dir)
        .args(["--spec=spec.hcldec", "--functions=stdlib,nosuch", "in.hcl"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown function set \"nosuch\""), "{err}");
    assert!(err.contains("usage: hcldec"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn sets_combine_and_stay_opt_in() {
    if !has_set("crypto") {
        return;
    }
    let dir = scratch("combine");
    std::fs::write(dir.join("spec.hcldec"), SPEC).unwrap();
    std::fs::write(dir.join("in.hcl"), "a = upper(\"x\")\nb = md5(\"\")\n").unwrap();
    let run = |flags: &[&str]| {
        hcldec()
            .current_dir(&dir)
            .args(["--spec=spec.hcldec", "--diags=json"])
            .args(flags)
            .arg("in.hcl")
            .output()
            .unwrap()
    };
    let out = run(&["--functions=stdlib,crypto"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "{\"a\":\"X\",\"b\":\"d41d8cd98f00b204e9800998ecf8427e\"}"
    );
    // Repeated flags add up.
    let out = run(&["--functions=stdlib", "--functions", "crypto"]);
    assert_eq!(out.status.code(), Some(0));
    // Without the crypto set, md5 is unknown.
    let out = run(&["--functions=stdlib"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Call to unknown function"));
}

#[test]
fn filesystem_reads_beside_each_input_file() {
    if !has_set("filesystem") {
        return;
    }
    let dir = scratch("fs");
    std::fs::write(dir.join("spec.hcldec"), SPEC).unwrap();
    for (sub, attr, content) in [("one", "a", "first"), ("two", "b", "second")] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
        std::fs::write(dir.join(sub).join("data.txt"), content).unwrap();
        std::fs::write(
            dir.join(sub).join("in.hcl"),
            format!("{attr} = file(\"data.txt\")\n"),
        )
        .unwrap();
    }
    std::fs::write(dir.join("secret.txt"), "secret").unwrap();
    let with_filesystem = |inputs: &[&str]| {
        hcldec()
            .current_dir(&dir)
            .args([
                "--spec=spec.hcldec",
                "--diags=json",
                "--functions=filesystem",
            ])
            .args(inputs)
            .output()
            .unwrap()
    };
    let out = with_filesystem(&["one/in.hcl", "two/in.hcl"]);
    hcldecode_tests::assert_success(&out);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "{\"a\":\"first\",\"b\":\"second\"}"
    );
    // Reaching out of the input's directory is a diagnostic at the path.
    std::fs::write(dir.join("one/in.hcl"), "a = file(\"../secret.txt\")\n").unwrap();
    let out = with_filesystem(&["one/in.hcl"]);
    assert_eq!(out.status.code(), Some(2));
    let doc: serde_json::Value = serde_json::from_slice(&out.stderr).unwrap();
    let d = &doc["diagnostics"][0];
    assert_eq!(d["summary"], "Invalid function argument", "{d}");
    assert_eq!(d["subject"]["start"]["byte"], 10, "{d}");
    assert!(!String::from_utf8_lossy(&out.stdout).contains("secret"));
}

/// `--functions=terraform` is Terraform's library: Terraform's meaning of
/// the names Nomad's map gives another (`reverse` of a list, `index` of a
/// value, `length` of a string), its own functions, and `templatefile`
/// reading beside the input file with the same functions.
#[test]
fn terraform_profile() {
    if !has_set("terraform") {
        return;
    }
    let dir = scratch("terraform");
    std::fs::write(
        dir.join("spec.hcldec"),
        "object {\n  attr \"a\" {}\n  attr \"b\" {}\n  attr \"c\" {}\n  attr \"d\" {}\n  attr \"e\" {}\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("greet.tmpl"),
        "%{ for n in names }Hello, ${upper(n)}! %{ endfor }",
    )
    .unwrap();
    std::fs::write(
        dir.join("in.hcl"),
        "a = reverse([1, 2, 3])\nb = index([\"x\", \"y\"], \"y\")\nc = length(\"héllo\")\nd = templatefile(\"greet.tmpl\", { names = [\"ann\", \"bo\"] })\ne = one([sum([1, 2])])\n",
    )
    .unwrap();
    let run = |set: &str| {
        hcldec()
            .current_dir(&dir)
            .args([
                "--spec=spec.hcldec",
                "--diags=json",
                &format!("--functions={set}"),
                "in.hcl",
            ])
            .output()
            .unwrap()
    };
    let out = run("terraform");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let got: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        got,
        serde_json::json!({"a": [3, 2, 1], "b": 1, "c": 5, "d": "Hello, ANN! Hello, BO! ", "e": 3})
    );
    // Nomad's stdlib reads `reverse` as a string function and lacks `one`.
    let out = run("stdlib,filesystem");
    assert_eq!(out.status.code(), Some(2));
}
