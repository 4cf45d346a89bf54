//! Lossless editing (`hcldecode::edit::Document`): parse then print is the
//! identity on every input of the corpus the parser accepts, and the
//! measurement against hcl-edit that chose our own tree
//! (docs/architecture.md, "Editing: our own tree, not hcl-edit").

use std::path::{Path, PathBuf};
use std::time::Instant;

use hcldecode::edit::Document;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|x| x == "hcl") {
            out.push(p);
        }
    }
}

/// The corpus: every `.hcl` file of the conformance suites and the
/// examples, and every input of the hclfmt comparison (mangled variants
/// and spec files included).
fn corpus() -> Vec<PathBuf> {
    let root = root();
    let mut files = Vec::new();
    walk(&root.join("tests/conformance"), &mut files);
    walk(&root.join("examples"), &mut files);
    let tsv = std::fs::read_to_string(root.join("tests/data/hclfmt/expected.tsv")).unwrap();
    for line in tsv.lines().filter(|l| !l.starts_with('#')) {
        if let Some(input) = line.split('\t').next() {
            files.push(root.join(input));
        }
    }
    files.sort();
    files.dedup();
    files
}

/// Identical, different, rejected (does not parse, or is not UTF-8).
#[derive(Debug, Default, PartialEq)]
struct Counts {
    identical: usize,
    different: usize,
    rejected: usize,
}

fn fidelity(files: &[PathBuf], print: impl Fn(&str) -> Option<String>) -> (Counts, Vec<PathBuf>) {
    let mut c = Counts::default();
    let mut diff = Vec::new();
    for f in files {
        let bytes = std::fs::read(f).unwrap();
        let Ok(text) = String::from_utf8(bytes) else {
            c.rejected += 1;
            continue;
        };
        match print(&text) {
            None => c.rejected += 1,
            Some(out) if out == text => c.identical += 1,
            Some(_) => {
                c.different += 1;
                diff.push(f.clone());
            }
        }
    }
    (c, diff)
}

fn ours(text: &str) -> Option<String> {
    text.parse::<Document>().ok().map(|d| d.to_string())
}

fn hcl_edit(text: &str) -> Option<String> {
    hcl_edit::parser::parse_body(text)
        .ok()
        .map(|b| b.to_string())
}

#[test]
fn parse_then_print_is_the_identity_on_the_corpus() {
    let files = corpus();
    assert!(files.len() > 1000, "the corpus is {} files", files.len());
    let (c, diff) = fidelity(&files, ours);
    eprintln!("hcldecode::edit on {} files: {c:?}", files.len());
    assert_eq!(c.different, 0, "printed differently: {diff:?}");
    // The parser accepts most of the corpus (the rest are error cases).
    assert!(c.identical > files.len() / 2, "{c:?}");
}

#[test]
fn a_document_is_accepted_exactly_when_the_parser_reports_no_error() {
    for f in corpus() {
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        let (src, d0) = hcldecode_spec::syntax::native::source_from_text("a.hcl", text.clone());
        let (_, d) = hcldecode_spec::syntax::native::parse_config(src);
        let clean = !d0.has_errors() && !d.has_errors();
        assert_eq!(text.parse::<Document>().is_ok(), clean, "{}", f.display());
    }
}

/// A large file: the Nomad example's job repeated under new names.
fn large_file(bytes: usize) -> String {
    let job = std::fs::read_to_string(root().join("examples/nomad/job.hcl")).unwrap();
    let mut out = String::with_capacity(bytes + job.len());
    let mut i = 0;
    while out.len() < bytes {
        out.push_str(&job.replace("job \"web\"", &format!("job \"web{i}\"")));
        i += 1;
    }
    out
}

/// `cargo test --release -p hcldecode-tests --test edit_lossless -- --ignored --nocapture`:
/// fidelity and speed of our documents against hcl-edit's, the numbers in
/// docs/architecture.md.
#[test]
#[ignore]
fn measure_against_hcl_edit() {
    let files = corpus();
    let (ours_c, _) = fidelity(&files, ours);
    let (theirs, theirs_diff) = fidelity(&files, hcl_edit);
    // What hcl-edit accepts and we do not, and the other way round.
    let mut only_theirs = 0;
    let mut only_ours = 0;
    for f in &files {
        let Ok(t) = std::fs::read_to_string(f) else {
            continue;
        };
        match (ours(&t).is_some(), hcl_edit(&t).is_some()) {
            (false, true) => only_theirs += 1,
            (true, false) => only_ours += 1,
            _ => {}
        }
    }
    assert_eq!(ours_c.different, 0);
    assert_eq!(
        ours_c.identical + ours_c.different + ours_c.rejected,
        files.len()
    );
    assert_eq!(
        theirs.identical + theirs.different + theirs.rejected,
        files.len()
    );
    println!("{} files", files.len());
    println!("hcldecode::edit: {ours_c:?}");
    println!(
        "hcl-edit:        {theirs:?} (accepted only by hcl-edit: {only_theirs}, only by ours: {only_ours})"
    );
    for f in &theirs_diff {
        let text = std::fs::read_to_string(f).unwrap();
        let printed = hcl_edit(&text).unwrap();
        let first = text
            .lines()
            .zip(printed.lines())
            .find(|(a, b)| a != b)
            .map(|(a, b)| format!("{a:?} -> {b:?}"))
            .unwrap_or_else(|| "(line ends or final lines)".to_string());
        println!("  hcl-edit prints {} differently: {first}", f.display());
    }
    let big = large_file(10 << 20);
    let mb = big.len() as f64 / (1 << 20) as f64;
    let time = |f: &dyn Fn() -> usize| {
        let mut best = f64::MAX;
        for _ in 0..3 {
            let t = Instant::now();
            std::hint::black_box(f());
            best = best.min(t.elapsed().as_secs_f64());
        }
        best
    };
    let ours_parse = time(&|| big.parse::<Document>().unwrap().text().len());
    let theirs_parse = time(&|| hcl_edit::parser::parse_body(&big).unwrap().len());
    let theirs_round = time(&|| {
        hcl_edit::parser::parse_body(&big)
            .unwrap()
            .to_string()
            .len()
    });
    let mut doc: Document = big.parse().unwrap();
    let edit = time(&|| {
        let mut d = doc.clone();
        d.body_mut()
            .block("job", &["web7"])
            .unwrap()
            .block("group", &["frontend"])
            .unwrap()
            .set_attribute("count", &hcldecode::Value::int(5))
            .unwrap();
        d.text().len()
    });
    doc.body_mut().add_comment("end").unwrap();
    println!(
        "{mb:.1} MB: parse ours {:.3}s ({:.0} MB/s), hcl-edit {:.3}s ({:.0} MB/s), hcl-edit parse+print {:.3}s; one edit (ours, splice + re-parse) {:.3}s",
        ours_parse,
        mb / ours_parse,
        theirs_parse,
        mb / theirs_parse,
        theirs_round,
        edit
    );
}
