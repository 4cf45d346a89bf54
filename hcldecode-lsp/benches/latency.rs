//! The latency an editor sees on a large document: a generated
//! 10,000-line file of the end-to-end tests' schema
//! (`tests/data/app.hcldec`), through the library API (no transport).
//!
//! - `diagnostics_after_edit`: one character typed (a digit of a
//!   `weight` in the middle of the file), then the diagnostics of the
//!   whole document, as the server publishes them after `didChange`.
//! - `completion_in_block`: completion inside a `backend` block in the
//!   middle of the file.
//! - `outline`: the outline (`textDocument/documentSymbol`) of N
//!   `variable "vN" { type = string }` blocks, one a line.
//!
//! `cargo bench -p hcldecode-lsp`; the medians are in docs/performance.md.

use divan::Bencher;
use hcldecode_lsp::text::Document;
use hcldecode_lsp::{Schema, analysis};
use lsp_types::{Position, Range};

fn main() {
    divan::main();
}

const LINES: usize = 10_000;

/// The document: the top-level attributes and `http` block, then
/// `backend` blocks of four lines each, comments to make `LINES` lines.
fn document() -> String {
    let mut out = String::from(
        "name     = \"web\"\nreplicas = 3\ntags     = { team = \"edge\" }\nhttp {\n  listen = \":8080\"\n}\n",
    );
    let mut lines = out.lines().count();
    let mut i = 0;
    while lines + 4 <= LINES {
        out.push_str(&format!(
            "backend \"b{i}\" {{\n  url    = \"http://h{i}.internal\"\n  weight = {}\n}}\n",
            i % 100
        ));
        lines += 4;
        i += 1;
    }
    for _ in lines..LINES {
        out.push_str("# end\n");
    }
    out
}

fn schema() -> Schema {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/app.hcldec");
    match Schema::load(path) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    }
}

/// The line of a `weight` in the middle of the document.
fn middle_weight(doc: &str) -> u32 {
    let mid = doc.lines().count() / 2;
    let line = doc
        .lines()
        .enumerate()
        .skip(mid)
        .find(|(_, l)| l.contains("weight"))
        .map_or(0, |(i, _)| i);
    u32::try_from(line).unwrap_or(0)
}

#[divan::bench(sample_count = 50)]
fn diagnostics_after_edit(bencher: Bencher) {
    let schema = schema();
    let doc = document();
    assert_eq!(doc.lines().count(), LINES);
    let doc = Document::new(doc);
    assert!(analysis::diagnostics(&schema, "big.hcl", &doc).is_empty());
    let line = middle_weight(&doc);
    // Insert a digit after `weight = `: `weight = 742`.
    let at = Position::new(line, 11);
    bencher
        .with_inputs(|| doc.clone())
        .bench_local_values(|mut doc| {
            doc.apply_change(Some(Range::new(at, at)), "7");
            analysis::diagnostics(&schema, "big.hcl", &doc)
        });
}

#[divan::bench(sample_count = 50)]
fn completion_in_block(bencher: Bencher) {
    let schema = schema();
    let doc = document();
    let line = middle_weight(&doc);
    // At the start of a `weight` line both attributes of the block are
    // set: nothing to offer. With that line removed, `weight` is offered.
    let pos = Position::new(line, 0);
    let doc = Document::new(doc);
    let items = analysis::completion(&schema, "big.hcl", &doc, pos, true);
    assert!(items.is_empty(), "{items:?}");
    let mut doc2 = doc.clone();
    doc2.apply_change(
        Some(Range::new(
            Position::new(line, 0),
            Position::new(line + 1, 0),
        )),
        "",
    );
    let items = analysis::completion(&schema, "big.hcl", &doc2, pos, true);
    assert_eq!(items.len(), 1, "{items:?}");
    assert_eq!(items[0].label, "weight");
    bencher.bench_local(|| analysis::completion(&schema, "big.hcl", &doc2, pos, true));
}

/// N one-line `variable` blocks.
fn variables(n: usize) -> Document {
    Document::new(
        (0..n)
            .map(|i| format!("variable \"v{i}\" {{ type = string }}\n"))
            .collect::<String>(),
    )
}

#[divan::bench(args = [250, 1000, 2000, 10000], sample_count = 20)]
fn outline(bencher: Bencher, n: usize) {
    let schema = schema();
    let doc = variables(n);
    assert_eq!(analysis::symbols(&schema, "vars.hcl", &doc).len(), n);
    bencher.bench_local(|| analysis::symbols(&schema, "vars.hcl", &doc));
}
