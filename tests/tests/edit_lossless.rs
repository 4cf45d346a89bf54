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

// ----- scripted edits of formatted files ------------------------------------

/// What the scripted edits found over a corpus.
#[derive(Debug, Default)]
struct EditCounts {
    /// Files read (UTF-8).
    files: usize,
    /// Files the parser accepts.
    parsed: usize,
    /// Of those, parse-print identity.
    identical: usize,
    /// Of the parsed files, those `hclfmt` leaves unchanged.
    formatted: usize,
    /// Per edit: (tried, left formatted and reading as edited).
    set: (usize, usize),
    rename: (usize, usize),
    remove: (usize, usize),
    add_block: (usize, usize),
    remove_block: (usize, usize),
    /// The files and edits that failed, with why.
    failures: Vec<String>,
    /// The files the parser rejects.
    rejected: Vec<String>,
}

fn is_formatted(text: &str) -> bool {
    hcldecode::format::format(text.as_bytes()) == text.as_bytes()
}

/// A block in a path: its type, labels, and which of the blocks with
/// those it is.
type Step = (String, Vec<String>, usize);

/// A body's attributes: each name with its expression's text.
type Attrs = Vec<(String, String)>;

fn labels_of(
    src: &hcldecode_spec::source::SourceFile,
    b: &hcldecode_spec::syntax::native::ast::Block,
) -> Vec<String> {
    b.labels
        .iter()
        .map(|l| l.value.get(src).to_string())
        .collect()
}

/// The attributes of the first body (the file's, else its first block's,
/// depth first) that has one, as (block path, names with their
/// expressions' text).
fn first_attributes(doc: &Document) -> Option<(Vec<Step>, Attrs)> {
    fn find(
        src: &hcldecode_spec::source::SourceFile,
        body: &hcldecode_spec::syntax::native::ast::Body,
        path: &mut Vec<Step>,
    ) -> Option<Attrs> {
        if !body.attributes.is_empty() {
            return Some(
                body.attributes
                    .iter()
                    .map(|a| {
                        (
                            src.text(a.name).to_string(),
                            src.text(a.expr.span).to_string(),
                        )
                    })
                    .collect(),
            );
        }
        for (i, b) in body.blocks.iter().enumerate() {
            let ty = src.text(b.type_name).to_string();
            let labels = labels_of(src, b);
            let nth = body.blocks[..i]
                .iter()
                .filter(|o| src.text(o.type_name) == ty && labels_of(src, o) == labels)
                .count();
            path.push((ty, labels, nth));
            if let Some(found) = find(src, &b.body, path) {
                return Some(found);
            }
            path.pop();
        }
        None
    }
    let mut path = Vec::new();
    let attrs = find(&doc.file().source, &doc.file().body, &mut path)?;
    Some((path, attrs))
}

/// The attributes (name, expression text) of the body at `path`.
fn attributes_at(doc: &Document, path: &[Step]) -> Option<Attrs> {
    let src = &doc.file().source;
    let mut body = &doc.file().body;
    for (ty, labels, nth) in path {
        let b = body
            .blocks
            .iter()
            .filter(|b| src.text(b.type_name) == ty && labels_of(src, b) == *labels)
            .nth(*nth)?;
        body = &b.body;
    }
    Some(
        body.attributes
            .iter()
            .map(|a| {
                (
                    src.text(a.name).to_string(),
                    src.text(a.expr.span).to_string(),
                )
            })
            .collect(),
    )
}

/// Navigates `doc`'s body to `path` and runs `edit` there.
fn edit_at(
    doc: &mut Document,
    path: &[Step],
    edit: impl FnOnce(&mut hcldecode::edit::BodyMut<'_>) -> Result<(), hcldecode::edit::EditError>,
) -> Result<(), String> {
    let mut body = doc.body_mut();
    for (ty, labels, nth) in path {
        let ls: Vec<&str> = labels.iter().map(String::as_str).collect();
        body = body.block_nth(ty, &ls, *nth).map_err(|e| e.to_string())?;
    }
    edit(&mut body).map_err(|e| e.to_string())
}

/// Runs the five scripted edits on one formatted file, counting them.
fn scripted_edits(name: &str, text: &str, c: &mut EditCounts) {
    let fresh = || Document::parse(name, text).unwrap();
    let check = |what: &str,
                 tally: &mut (usize, usize),
                 result: Result<Document, String>,
                 ok: &dyn Fn(&Document) -> bool| {
        tally.0 += 1;
        match result {
            Ok(doc) if !is_formatted(doc.text()) => c_fail(what, name, "left unformatted"),
            Ok(doc) if !ok(&doc) => c_fail(what, name, "does not read as edited"),
            Ok(doc) => {
                tally.1 += 1;
                save(what, name, doc.text());
                None
            }
            Err(e) => c_fail(what, name, &e),
        }
    };
    fn c_fail(what: &str, name: &str, why: &str) -> Option<String> {
        Some(format!("{what} {name}: {why}"))
    }
    let mut failures = Vec::new();
    if let Some((path, attrs)) = first_attributes(&fresh()) {
        let (first, _) = attrs[0].clone();
        // Set one attribute to a new literal: the others unchanged.
        let mut doc = fresh();
        let r = edit_at(&mut doc, &path, |b| {
            b.set_attribute(&first, &hcldecode::Value::string("edited"))
        });
        let expect: Vec<(String, String)> = attrs
            .iter()
            .map(|(n, e)| {
                if *n == first {
                    (n.clone(), "\"edited\"".to_string())
                } else {
                    (n.clone(), e.clone())
                }
            })
            .collect();
        failures.extend(check("set", &mut c.set, r.map(|_| doc), &|d| {
            attributes_at(d, &path) == Some(expect.clone())
        }));
        // Rename it.
        let new_name = "renamed_attribute_x";
        let mut doc = fresh();
        let r = edit_at(&mut doc, &path, |b| b.rename_attribute(&first, new_name));
        let expect: Vec<(String, String)> = attrs
            .iter()
            .map(|(n, e)| {
                if *n == first {
                    (new_name.to_string(), e.clone())
                } else {
                    (n.clone(), e.clone())
                }
            })
            .collect();
        failures.extend(check("rename", &mut c.rename, r.map(|_| doc), &|d| {
            attributes_at(d, &path) == Some(expect.clone())
        }));
        // Remove it.
        let mut doc = fresh();
        let r = edit_at(&mut doc, &path, |b| b.remove_attribute(&first));
        let expect: Vec<(String, String)> =
            attrs.iter().filter(|(n, _)| *n != first).cloned().collect();
        failures.extend(check("remove", &mut c.remove, r.map(|_| doc), &|d| {
            attributes_at(d, &path) == Some(expect.clone())
        }));
    }
    // Add a block at the end of the file, with an attribute.
    let before = fresh().file().body.blocks.len();
    let mut doc = fresh();
    let r = doc
        .body_mut()
        .add_block("added_block", &["x"])
        .and_then(|mut b| b.set_attribute("n", &hcldecode::Value::int(1)))
        .map_err(|e| e.to_string());
    failures.extend(check("add_block", &mut c.add_block, r.map(|_| doc), &|d| {
        d.file().body.blocks.len() == before + 1
            && attributes_at(d, &[("added_block".into(), vec!["x".into()], 0)])
                == Some(vec![("n".into(), "1".into())])
    }));
    // Remove the file's first block.
    let doc0 = fresh();
    if let Some(b) = doc0.file().body.blocks.first() {
        let src = &doc0.file().source;
        let ty = src.text(b.type_name).to_string();
        let labels = labels_of(src, b);
        let ls: Vec<&str> = labels.iter().map(String::as_str).collect();
        let same = |d: &Document| {
            let src = &d.file().source;
            d.file()
                .body
                .blocks
                .iter()
                .filter(|b| src.text(b.type_name) == ty && labels_of(src, b) == labels)
                .count()
        };
        let n = same(&doc0);
        let mut doc = fresh();
        let r = doc
            .body_mut()
            .remove_block_nth(&ty, &ls, 0)
            .map_err(|e| e.to_string());
        failures.extend(check(
            "remove_block",
            &mut c.remove_block,
            r.map(|_| doc),
            &|d| same(d) + 1 == n && d.file().body.blocks.len() == before - 1,
        ));
    }
    c.failures.extend(failures);
}

/// With `HCLDECODE_CORPUS_OUT=DIR`, writes an edit's result to DIR (for
/// checking with HashiCorp's `hclfmt`, which is not here).
fn save(what: &str, name: &str, text: &str) {
    if let Some(dir) = std::env::var_os("HCLDECODE_CORPUS_OUT") {
        let file = name.replace(['/', '\\'], "_");
        let _ = std::fs::write(Path::new(&dir).join(format!("{what}.{file}")), text);
    }
}

/// Parse-print identity and the scripted edits over `files`.
fn edit_corpus(files: &[PathBuf]) -> EditCounts {
    let mut c = EditCounts::default();
    for f in files {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        c.files += 1;
        let name = f.to_string_lossy();
        let Ok(doc) = Document::parse(&name, &text) else {
            c.rejected.push(name.into_owned());
            continue;
        };
        c.parsed += 1;
        if doc.text() == text {
            c.identical += 1;
        } else {
            c.failures.push(format!("identity {name}"));
        }
        if is_formatted(&text) {
            c.formatted += 1;
            scripted_edits(&name, &text, &mut c);
        }
    }
    c
}

/// Every scripted edit (set, rename and remove an attribute, add and
/// remove a block) of every formatted file of the corpus leaves it
/// formatted and reading as edited, and every file the parser accepts
/// prints back as it was. `HCLDECODE_CORPUS=DIR` runs it on the `.tf`,
/// `.hcl`, `.nomad` and `.tfvars` files under DIR instead (the real-world
/// corpus of docs/writing.md).
#[test]
fn scripted_edits_of_formatted_files_stay_formatted() {
    let files = match std::env::var_os("HCLDECODE_CORPUS") {
        Some(dir) => {
            let mut out = Vec::new();
            walk_all(Path::new(&dir), &mut out);
            out.sort();
            out
        }
        None => corpus(),
    };
    let c = edit_corpus(&files);
    println!(
        "{} files, {} parsed, {} identical, {} formatted; set {:?}, rename {:?}, remove {:?}, add block {:?}, remove block {:?}",
        c.files,
        c.parsed,
        c.identical,
        c.formatted,
        c.set,
        c.rename,
        c.remove,
        c.add_block,
        c.remove_block
    );
    for f in c.failures.iter().take(50) {
        println!("  {f}");
    }
    if let Some(list) = std::env::var_os("HCLDECODE_CORPUS_REJECTED") {
        std::fs::write(list, c.rejected.join("\n")).unwrap();
    }
    assert!(c.formatted > 100, "{c:?}");
    assert_eq!(c.identical, c.parsed);
    assert!(c.failures.is_empty(), "{} failures", c.failures.len());
}

/// Every file with an HCL extension under `dir`.
fn walk_all(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk_all(&p, out);
        } else if p
            .extension()
            .is_some_and(|x| x == "hcl" || x == "tf" || x == "nomad" || x == "tfvars")
        {
            out.push(p);
        }
    }
}
