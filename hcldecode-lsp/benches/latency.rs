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
//! - `every_request`: each request the server answers (and what a change
//!   publishes), on a 10,000-line configuration with variables and
//!   locals of the module example's spec file.
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

/// A 10,000-line configuration with variables and locals, of the module
/// example's spec file (`examples/module/module.hcldec`) with the
/// standard functions: 100 `variable` blocks, 1,000 locals that use them,
/// then `service` blocks that use both and call functions.
fn configuration() -> (Schema, Document) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/module/module.hcldec"
    );
    let schema = match Schema::load(path) {
        Ok(s) => s.functions(hcldecode::function::Functions::stdlib()),
        Err(e) => panic!("{e}"),
    };
    let mut out = String::new();
    for i in 0..100 {
        out.push_str(&format!(
            "variable \"v{i}\" {{\n  type    = string\n  default = \"z{i}\"\n}}\n"
        ));
    }
    out.push_str("locals {\n");
    for i in 0..1000 {
        out.push_str(&format!("  l{i} = \"${{var.v{}}}-{i}\"\n", i % 100));
    }
    out.push_str("}\n");
    let mut i = 0;
    let mut lines = out.lines().count();
    while lines + 5 <= LINES {
        lines += 5;
        out.push_str(&format!(
            "service \"s{i}\" {{\n  replicas  = {}\n  listeners = [local.l{}, upper(var.v{})]\n  database  = format(\"%s-db\", local.l{})\n}}\n",
            i % 10,
            i % 1000,
            i % 100,
            (i + 1) % 1000
        ));
        i += 1;
    }
    for _ in lines..LINES {
        out.push_str("# end\n");
    }
    (schema, Document::new(out))
}

/// The line of the `listeners` of a service in the middle, and the column
/// of its `var.`'s name and of its `upper(` call's argument.
fn middle_use(doc: &str) -> (u32, u32, u32) {
    let mid = doc.lines().count() / 2;
    let (line, text) = doc
        .lines()
        .enumerate()
        .skip(mid)
        .find(|(_, l)| l.contains("listeners"))
        .unwrap_or((0, ""));
    let var = text.find("var.").map_or(0, |c| c + 5);
    let arg = text.find("upper(").map_or(0, |c| c + 6);
    let n = |x: usize| u32::try_from(x).unwrap_or(0);
    (n(line), n(var), n(arg))
}

/// Every request on [`configuration`], at a use of `var.vN` in the middle
/// where a request takes a position (inlay hints: the 60 lines around it,
/// an editor's screen, and the whole document).
#[divan::bench(
    args = [
        "publish", "diagnostics", "unused", "parse", "completion", "hover", "signature_help", "definition",
        "references", "highlight", "prepare_rename", "rename",
        "inlay_hints_screen", "inlay_hints_all", "document_links", "folding",
        "selection", "semantic_tokens", "formatting", "outline",
        "workspace_symbols",
    ],
    sample_count = 20
)]
fn every_request(bencher: Bencher, request: &str) {
    let (schema, doc) = configuration();
    assert_eq!(doc.text().lines().count(), LINES);
    let name = "file:///tmp/bench/main.hcl";
    let uri: lsp_types::Uri = name.parse().unwrap_or_else(|e| panic!("{e}"));
    let (line, var, arg) = middle_use(doc.text());
    let at = Position::new(line, var);
    assert!(analysis::diagnostics_with(&schema, name, &doc, &[]).is_empty());
    assert!(analysis::definition(&schema, &uri, &doc, at, &[]).is_some());
    let screen = Range::new(
        Position::new(line.saturating_sub(30), 0),
        Position::new(line + 30, 0),
    );
    let all = Range::new(Position::new(0, 0), Position::new(u32::MAX, 0));
    let files = [(name.to_string(), doc.clone())];
    let run = || -> usize {
        match request {
            "publish" => {
                analysis::diagnostics_with(&schema, name, &doc, &[]).len()
                    + analysis::unused(&schema, name, &doc, &[]).len()
            }
            "diagnostics" => analysis::diagnostics_with(&schema, name, &doc, &[]).len(),
            "unused" => analysis::unused(&schema, name, &doc, &[]).len(),
            "parse" => hcldecode::parse::parse_native(doc.as_bytes(), name).1.len(),
            "completion" => analysis::completion(&schema, name, &doc, at, true).len(),
            "hover" => usize::from(analysis::hover(&schema, name, &doc, at).is_some()),
            "signature_help" => {
                let p = Position::new(line, arg);
                usize::from(analysis::signature_help(&schema, name, &doc, p).is_some())
            }
            "definition" => {
                usize::from(analysis::definition(&schema, &uri, &doc, at, &[]).is_some())
            }
            "references" => analysis::references(&schema, &uri, &doc, at, true, &[]).len(),
            "highlight" => analysis::highlight(&schema, &uri, &doc, at, &[]).len(),
            "prepare_rename" => {
                usize::from(analysis::prepare_rename(&schema, &uri, &doc, at, &[]).is_some())
            }
            "rename" => usize::from(analysis::rename(&schema, &uri, &doc, at, "w", &[]).is_some()),
            "inlay_hints_screen" => analysis::inlay_hints(&schema, name, &doc, screen, &[]).len(),
            "inlay_hints_all" => analysis::inlay_hints(&schema, name, &doc, all, &[]).len(),
            "document_links" => analysis::document_links(name, &doc).len(),
            "folding" => analysis::folding_ranges(name, &doc).len(),
            "selection" => analysis::selection_ranges(name, &doc, &[at]).len(),
            "semantic_tokens" => analysis::semantic_tokens(name, &doc).map_or(0, |t| t.len()),
            "formatting" => analysis::formatting(name, &doc).map_or(0, |e| e.len()),
            "outline" => analysis::symbols(&schema, name, &doc).len(),
            "workspace_symbols" => analysis::workspace_symbols(&schema, &files, "v5").len(),
            other => panic!("no request {other}"),
        }
    };
    // Each request answers something on this document.
    if !matches!(
        request,
        "document_links" | "formatting" | "publish" | "diagnostics" | "unused" | "parse"
    ) {
        assert!(run() > 0, "{request}");
    }
    bencher.bench_local(run);
}
