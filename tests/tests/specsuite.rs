//! HashiCorp's implementation-agnostic HCL spec test suite
//! (`shared/conformance/specsuite`), run against our `hcldec` with the
//! rules of HashiCorp's `hclspecsuite` harness:
//!
//! - with an expected `result`, the decoded value (read back from
//!   `hcldec --with-type` output) must conform to `result_type` and equal
//!   the expected result converted to that type;
//! - with expected `diagnostics`, the set of (severity, range) of the
//!   diagnostics in the input file must equal the expected set;
//! - with a `traversals` block, `--var-refs` must report exactly the
//!   expected traversals with the expected ranges.
//!
//! Both the `.hcl` input and, where present, the `.hcl.json` input of each
//! test are run. Variants known not to pass yet are listed in
//! `tests/conformance/specsuite-known-failures.txt`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use hcldecode::Type;
use hcldecode::value::Value;
use hcldecode::value::convert::convert;
use hcldecode::value::json::unmarshal;
use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::spec::typeexpr::eval_type_expr;
use hcldecode_spec::syntax::body::{Block, BodyRef, BodySchema};
use hcldecode_spec::syntax::expr::ExprRef;
use hcldecode_spec::syntax::native::analysis::abs_traversal_for_expr;
use hcldecode_spec::syntax::native::ast::{Literal, Step};
use hcldecode_tests::conformance_dir;
use serde_json::Value as Json;

type Pos3 = (u64, u64, u64);

/// What a `.t` file expects.
#[derive(Debug, Default)]
struct Expect {
    result: Option<Value>,
    result_type: Option<Type>,
    diags: Option<BTreeSet<(String, Pos3, Pos3)>>,
    traversals: Option<Vec<(String, Pos3, Pos3)>>,
}

fn eval_number(expr: ExprRef<'_>) -> u64 {
    let (v, d) = hcldecode::eval::evaluate(expr, None);
    assert!(!d.has_errors(), "bad number in test file: {d}");
    v.as_number()
        .and_then(|n| n.to_u64())
        .expect("whole number")
}

/// A `from {…} to {…}` range body.
fn read_range(body: BodyRef<'_>) -> (Pos3, Pos3) {
    let schema = BodySchema::new().block("from", &[]).block("to", &[]);
    let mut d = Diagnostics::new();
    let content = body.partial_content(&schema, &mut d);
    let pos = |name: &str| -> Pos3 {
        let b = content
            .blocks
            .iter()
            .find(|b| b.type_name == name)
            .expect("from/to block");
        let s = BodySchema::new()
            .attribute("line", true)
            .attribute("column", true)
            .attribute("byte", true);
        let c = b.body.content(&s, &mut Diagnostics::new());
        let get = |n: &str| eval_number(c.attribute(&s, n).expect("position attribute").expr);
        (get("line"), get("column"), get("byte"))
    };
    (pos("from"), pos("to"))
}

/// A traversal as `root.attr[key]` text, for comparing.
fn traversal_key(file: &hcldecode::SourceFile, root: &str, steps: &[Step]) -> String {
    let mut s = root.to_string();
    for step in steps {
        match step {
            Step::Attr { name, .. } => {
                s.push('.');
                s.push_str(file.text(*name));
            }
            Step::Index { key, .. } => {
                s.push('[');
                match key {
                    Literal::Number(n) => s.push_str(file.text(*n)),
                    Literal::String(t) => s.push_str(&format!("{:?}", t.get(file))),
                    Literal::Bool(b) => s.push_str(&b.to_string()),
                    Literal::Null => s.push_str("null"),
                }
                s.push(']');
            }
        }
    }
    s
}

fn load_test_file(path: &Path) -> Expect {
    let bytes = std::fs::read(path).unwrap();
    let (file, d) = hcldecode::parse::parse_native(&bytes, &path.to_string_lossy());
    assert!(!d.has_errors(), "{}: {d}", path.display());
    let schema = BodySchema::new()
        .attribute("result", false)
        .attribute("result_type", false)
        .block("traversals", &[])
        .block("diagnostics", &[]);
    let mut diags = Diagnostics::new();
    let content = file.body.content(&schema, &mut diags);
    assert!(!diags.has_errors(), "{}: {diags}", path.display());
    let mut e = Expect::default();
    if let Some(a) = content.attribute(&schema, "result_type") {
        let ExprRef::Native { file, expr } = a.expr else {
            panic!("test files are native syntax");
        };
        let (ty, d) = eval_type_expr(file, expr.get());
        assert!(!d.has_errors(), "{d}");
        e.result_type = Some(ty);
    }
    if let Some(a) = content.attribute(&schema, "result") {
        let (v, d) = hcldecode::eval::evaluate(a.expr, None);
        assert!(!d.has_errors(), "{d}");
        e.result = Some(v);
    }
    for block in &content.blocks {
        match block.type_name {
            "diagnostics" => e.diags = Some(read_diags(block)),
            "traversals" => e.traversals = Some(read_traversals(block)),
            _ => unreachable!(),
        }
    }
    e
}

fn read_diags(block: &Block<'_>) -> BTreeSet<(String, Pos3, Pos3)> {
    let schema = BodySchema::new().block("error", &[]).block("warning", &[]);
    let content = block.body.content(&schema, &mut Diagnostics::new());
    content
        .blocks
        .iter()
        .map(|b| {
            let (from, to) = read_range(b.body);
            (b.type_name.to_string(), from, to)
        })
        .collect()
}

fn read_traversals(block: &Block<'_>) -> Vec<(String, Pos3, Pos3)> {
    let schema = BodySchema::new().block("expect", &[]);
    let content = block.body.content(&schema, &mut Diagnostics::new());
    content
        .blocks
        .iter()
        .map(|b| {
            let s = BodySchema::new().attribute("ref", true);
            let c = b.body.partial_content(&s, &mut Diagnostics::new());
            let ExprRef::Native { file, expr } = c.attribute(&s, "ref").expect("ref").expr else {
                panic!("test files are native syntax");
            };
            let t = abs_traversal_for_expr(expr.get(), file).expect("ref is a traversal");
            let key = traversal_key(file, file.text(t.root), &t.steps);
            let range_block = BodySchema::new().block("range", &[]);
            let rc = b
                .body
                .partial_content(&range_block, &mut Diagnostics::new());
            let (from, to) = read_range(rc.blocks[0].body);
            (key, from, to)
        })
        .collect()
}

fn pos3(p: &Json) -> Pos3 {
    let g = |k: &str| p.get(k).and_then(Json::as_u64).unwrap_or(0);
    (g("line"), g("column"), g("byte"))
}

fn run_hcldec(spec: &Path, input: &Path, var_refs: bool) -> (i32, String, String) {
    let mut cmd = Command::new(hcldecode_tests::hcldec_path(env!(
        "CARGO_BIN_EXE_hcldec-under-test"
    )));
    cmd.arg(format!("--spec={}", spec.display())).args([
        "--diags=json",
        "--with-type",
        "--keep-nulls",
    ]);
    if var_refs {
        cmd.arg("--var-refs");
    }
    let out = cmd.arg(input).output().expect("run hcldec");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Checks one input against the expectations; `Err` says what differs.
fn check(spec: &Path, input: &Path, e: &Expect) -> Result<(), String> {
    let input_name = input.to_string_lossy().into_owned();
    if let Some(want) = &e.traversals {
        let (code, out, err) = run_hcldec(spec, input, true);
        if code != 0 {
            return Err(format!("--var-refs failed ({code}): {err}"));
        }
        let refs: Json =
            serde_json::from_str(&out).map_err(|e| format!("bad --var-refs output: {e}"))?;
        let mut got = Vec::new();
        for r in refs.as_array().into_iter().flatten() {
            let mut key = r["root_name"].as_str().unwrap_or("").to_string();
            for s in r["steps"].as_array().into_iter().flatten().skip(1) {
                match s["kind"].as_str() {
                    Some("attr") => key.push_str(&format!(".{}", s["name"].as_str().unwrap_or(""))),
                    _ => key.push_str(&format!("[{}]", s["key"])),
                }
            }
            if r["range"]["filename"].as_str() != Some(input_name.as_str()) {
                return Err(format!(
                    "traversal {key} reported in {}",
                    r["range"]["filename"]
                ));
            }
            got.push((key, pos3(&r["range"]["start"]), pos3(&r["range"]["end"])));
        }
        let (mut g, mut w) = (got.clone(), want.clone());
        g.sort();
        w.sort();
        if g != w {
            return Err(format!("traversals differ:\n got: {got:?}\nwant: {want:?}"));
        }
    }

    let (code, out, err) = run_hcldec(spec, input, false);
    match &e.diags {
        None => {
            if code != 0 {
                return Err(format!("hcldec failed ({code}): {err}"));
            }
            let got =
                unmarshal(&out, &Type::Dynamic).map_err(|e| format!("bad output {out}: {e}"))?;
            let want_ty = e.result_type.clone().unwrap_or(Type::Dynamic);
            if let Some(msg) = hcldecode::value::conformance_error(got.ty(), &want_ty) {
                return Err(format!(
                    "result type {} does not conform to {want_ty}: {msg}",
                    got.ty()
                ));
            }
            if let Some(result) = &e.result {
                let want =
                    convert(result, &want_ty).map_err(|e| format!("bad expected result: {e}"))?;
                if !got.raw_equals(&want) {
                    return Err(format!("result differs:\n got: {got:?}\nwant: {want:?}"));
                }
            }
        }
        Some(want) => {
            let doc: Json = serde_json::from_str(&err)
                .map_err(|e| format!("stderr is not JSON ({e}): {err}"))?;
            let mut got = BTreeSet::new();
            for d in doc["diagnostics"].as_array().into_iter().flatten() {
                let s = &d["subject"];
                if s.is_null() || s["filename"].as_str() != Some(input_name.as_str()) {
                    return Err(format!("unexpected diagnostic outside the input: {d}"));
                }
                got.insert((
                    d["severity"].as_str().unwrap_or("").to_string(),
                    pos3(&s["start"]),
                    pos3(&s["end"]),
                ));
            }
            if &got != want {
                return Err(format!(
                    "diagnostics differ:\n got: {got:?}\nwant: {want:?}\nstderr: {err}"
                ));
            }
        }
    }
    Ok(())
}

fn find_tests(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            find_tests(&p, out);
        } else if p.extension().is_some_and(|x| x == "t") {
            out.push(p);
        }
    }
}

fn known_failures() -> BTreeMap<String, String> {
    include_str!("../conformance/specsuite-known-failures.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once('#') {
            Some((c, why)) => (c.trim().to_string(), why.trim().to_string()),
            None => (l.to_string(), String::new()),
        })
        .collect()
}

#[test]
fn hcl_spec_suite() {
    let root = conformance_dir().join("specsuite");
    let mut tests = Vec::new();
    find_tests(&root, &mut tests);
    assert!(tests.len() >= 15, "found only {} spec tests", tests.len());
    let known = known_failures();
    let (mut passed, mut unexpected, mut fixed) = (0, Vec::new(), Vec::new());
    for t in &tests {
        let e = load_test_file(t);
        let base = t.with_extension("");
        let spec = base.with_extension("hcldec");
        for ext in ["hcl", "hcl.json"] {
            let input = PathBuf::from(format!("{}.{ext}", base.display()));
            if !input.exists() {
                continue;
            }
            let name = input
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            match check(&spec, &input, &e) {
                Ok(()) => {
                    passed += 1;
                    if known.contains_key(&name) {
                        fixed.push(name);
                    }
                }
                Err(why) if !known.contains_key(&name) => unexpected.push(format!("{name}: {why}")),
                Err(_) => {}
            }
        }
    }
    println!(
        "specsuite: {passed} inputs pass, {} listed as known failures",
        known.len()
    );
    assert!(
        unexpected.is_empty(),
        "spec tests failed:\n\n{}",
        unexpected.join("\n\n")
    );
    assert!(
        fixed.is_empty(),
        "these pass now; remove them from specsuite-known-failures.txt:\n{}",
        fixed.join("\n")
    );
}
