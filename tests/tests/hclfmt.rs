//! The formatter and the `hclfmt` binary against HashiCorp's `hclfmt`.
//!
//! - Every HCL input of the conformance corpus and of examples/ (and badly
//!   spaced variants of the examples, tests/data/hclfmt/mangled) formats
//!   to what HashiCorp's hclfmt (HCL v2.24.0) printed for it, recorded by
//!   scripts/compare-hclfmt.py --record in tests/data/hclfmt/expected.tsv;
//!   the formatted text formats to itself and parses as the input did.
//! - The command's flags, messages and exit statuses, as the reference
//!   prints them (recorded from it by hand: the expected texts below).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use hcldecode_spec::format::format;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn hclfmt() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hclfmt-under-test"))
}

fn scratch(name: &str) -> PathBuf {
    hcldecode_tests::scratch_dir("hclfmt", name)
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn parses(src: &[u8]) -> bool {
    let (file, diags) = hcldecode_spec::syntax::native::source_from_bytes("x.hcl", src.to_vec());
    let (_, d) = hcldecode_spec::syntax::native::parse_config(file);
    !diags.has_errors() && !d.has_errors()
}

#[test]
fn corpus_formats_as_the_reference_formats_it() {
    let data = repo().join("tests/data/hclfmt");
    let tsv = std::fs::read_to_string(data.join("expected.tsv")).unwrap();
    let mut failed = Vec::new();
    let mut n = 0;
    for line in tsv.lines().filter(|l| !l.starts_with('#')) {
        let [input, status, expected] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("bad line {line:?}");
        };
        assert_eq!(status, "0", "{input}");
        n += 1;
        let src = std::fs::read(repo().join(input)).unwrap();
        let want = match expected {
            "unchanged" => src.clone(),
            f => std::fs::read(data.join("out").join(f)).unwrap(),
        };
        let got = format(&src);
        if got != want {
            failed.push(input.to_string());
            continue;
        }
        assert_eq!(format(&got), got, "not idempotent: {input}");
        assert_eq!(parses(&got), parses(&src), "parse success changed: {input}");
    }
    assert!(n > 1200, "only {n} recorded inputs");
    assert!(failed.is_empty(), "differ from the reference: {failed:#?}");
}

/// The corpus formatted in pieces, and scanned in pieces then laid out
/// whole (every `}` alone on its line a cut, `format::format_on`'s rule
/// with pieces of any size): wherever the pieces are taken, the result is
/// the reference's.
#[test]
fn corpus_formats_in_pieces_as_the_reference_formats_it() {
    let data = repo().join("tests/data/hclfmt");
    let tsv = std::fs::read_to_string(data.join("expected.tsv")).unwrap();
    let (mut cut, mut whole) = (0, 0);
    let mut failed = Vec::new();
    for line in tsv.lines().filter(|l| !l.starts_with('#')) {
        let [input, _, expected] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("bad line {line:?}");
        };
        let src = std::fs::read(repo().join(input)).unwrap();
        let want = match expected {
            "unchanged" => src.clone(),
            f => std::fs::read(data.join("out").join(f)).unwrap(),
        };
        let scanned = hcldecode_spec::format::format_scanned_in_pieces(&src, 64, 1);
        if scanned != want {
            failed.push(format!("{input} (scanned in pieces)"));
        }
        match hcldecode_spec::format::format_in_pieces(&src, 64, 1) {
            Some(got) if got != want => failed.push(input.to_string()),
            Some(_) => cut += 1,
            None => whole += 1,
        }
    }
    assert!(failed.is_empty(), "differ from the reference: {failed:#?}");
    assert!(
        cut > 100,
        "only {cut} inputs were cut ({whole} formatted whole)"
    );
}

fn run(cmd: &mut Command, stdin: &[u8]) -> Output {
    use std::io::Write;
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The command may exit before reading its input.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}

fn expect(out: &Output, code: i32, stdout: &str, stderr: &str) {
    assert_eq!(text(&out.stderr), stderr);
    assert_eq!(text(&out.stdout), stdout);
    assert_eq!(out.status.code(), Some(code));
}

#[test]
fn stdin_is_formatted_to_stdout() {
    let out = run(&mut hclfmt(), b"a=1\nbb = [ 1,2 ]\n");
    expect(&out, 0, "a  = 1\nbb = [1, 2]\n", "");
}

#[test]
fn check_reports_syntax_errors_and_skips_the_file() {
    let out = run(hclfmt().arg("-check"), b"x {\n");
    expect(
        &out,
        1,
        "",
        "Error: Unclosed configuration block\n\n  on <stdin> line 1, in x:\n   1: x {\n\nThere is no closing brace for this block before the end of the file. This may be\ncaused by incorrect brace nesting elsewhere in this file.\n\none or more files contained errors\n",
    );
    let dir = scratch("check");
    std::fs::write(dir.join("c.hcl"), "a = \n").unwrap();
    std::fs::write(dir.join("a.hcl"), "a=1\n").unwrap();
    let out = run(
        hclfmt()
            .current_dir(&dir)
            .args(["-check", "c.hcl", "a.hcl"]),
        b"",
    );
    expect(
        &out,
        1,
        "a = 1\n",
        "Error: Invalid expression\n\n  on c.hcl line 1:\n   1: a = \n\nExpected the start of an expression, but found an invalid expression token.\n\none or more files contained errors\n",
    );
    // Without errors, -check formats as usual.
    let out = run(hclfmt().current_dir(&dir).args(["-check", "a.hcl"]), b"");
    expect(&out, 0, "a = 1\n", "");
}

#[test]
fn require_no_change_names_the_changed_files() {
    let dir = scratch("require-no-change");
    std::fs::write(dir.join("a.hcl"), "a=1\n").unwrap();
    std::fs::write(dir.join("b.hcl"), "b = 2\n").unwrap();
    let out = run(
        hclfmt()
            .current_dir(&dir)
            .args(["-require-no-change", "a.hcl", "b.hcl"]),
        b"",
    );
    expect(&out, 1, "a = 1\nb = 2\n", "file(s) were changed: a.hcl\n");
    let out = run(
        hclfmt()
            .current_dir(&dir)
            .args(["--require-no-change", "b.hcl"]),
        b"",
    );
    expect(&out, 0, "b = 2\n", "");
    let out = run(hclfmt().arg("-require-no-change"), b"a=1\n");
    expect(&out, 1, "a = 1\n", "file(s) were changed: <stdin>\n");
}

#[test]
fn w_rewrites_changed_files_in_place() {
    let dir = scratch("w");
    std::fs::write(dir.join("a.hcl"), "a=1\n").unwrap();
    std::fs::write(dir.join("b.hcl"), "b = 2\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let p = std::fs::Permissions::from_mode(0o640);
        std::fs::set_permissions(dir.join("a.hcl"), p).unwrap();
    }
    let before_b = std::fs::metadata(dir.join("b.hcl"))
        .unwrap()
        .modified()
        .unwrap();
    let out = run(
        hclfmt()
            .current_dir(&dir)
            .args(["-w", "-require-no-change", "a.hcl", "b.hcl"]),
        b"",
    );
    expect(&out, 1, "", "file(s) were changed: a.hcl\n");
    assert_eq!(
        std::fs::read_to_string(dir.join("a.hcl")).unwrap(),
        "a = 1\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("b.hcl")).unwrap(),
        "b = 2\n"
    );
    // An unchanged file is not rewritten (HCL v2.24's hclfmt).
    let after_b = std::fs::metadata(dir.join("b.hcl"))
        .unwrap()
        .modified()
        .unwrap();
    assert_eq!(before_b, after_b);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir.join("a.hcl"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o640, "the rewritten file keeps its mode");
    }
    // No temporary file left behind.
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["a.hcl", "b.hcl"]);
    let out = run(hclfmt().current_dir(&dir).args(["-w", "a.hcl"]), b"");
    expect(&out, 0, "", "");
    let out = run(hclfmt().current_dir(&dir).args(["-w=false", "a.hcl"]), b"");
    expect(&out, 0, "a = 1\n", "");
    let out = run(hclfmt().arg("-w"), b"a=1\n");
    expect(
        &out,
        1,
        "",
        "error: cannot use -w without source filenames\n",
    );
}

#[test]
fn paths_that_cannot_be_formatted() {
    let dir = scratch("paths");
    std::fs::write(dir.join("a.hcl"), "a=1\n").unwrap();
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let out = run(
        hclfmt()
            .current_dir(&dir)
            .args(["a.hcl", "nope.hcl", "a.hcl"]),
        b"",
    );
    expect(
        &out,
        1,
        "a = 1\n",
        "stat nope.hcl: no such file or directory\n",
    );
    let out = run(hclfmt().current_dir(&dir).arg("sub"), b"");
    expect(&out, 1, "", "can't format directory sub\n");
}

const USAGE: &str = "usage: hclfmt [flags] [path ...]\n  -check\n    \tperform a syntax check on the given files and produce diagnostics\n  -require-no-change\n    \treturn a non-zero status if any files are changed during formatting\n  -version\n    \tshow the version number and immediately exit\n  -w\toverwrite source files instead of writing to stdout\n";

#[test]
fn usage_and_version() {
    let out = run(hclfmt().arg("-h"), b"");
    expect(&out, 2, "", USAGE);
    let out = run(hclfmt().arg("-x"), b"");
    expect(
        &out,
        2,
        "",
        &format!("flag provided but not defined: -x\n{USAGE}"),
    );
    let out = run(hclfmt().arg("-w=maybe"), b"");
    expect(
        &out,
        2,
        "",
        &format!("invalid boolean value \"maybe\" for -w: parse error\n{USAGE}"),
    );
    let out = run(hclfmt().arg("-version"), b"");
    expect(&out, 0, "0.0.1-dev\n", "");
}
