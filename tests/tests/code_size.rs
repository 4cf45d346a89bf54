//! The library crates keep to the size rules of docs/architecture.md
//! ("Code size"): no function over 100 lines and no file over 1,000
//! lines, outside generated tables. Long functions are split by construct
//! (rust-analyzer's grammar), long files by concern.
//!
//! A function's length runs from its `fn` line to its closing brace (doc
//! comments and attributes not counted), read with `syn`, so trait
//! methods, impl methods and nested functions count too.

use std::path::{Path, PathBuf};

use syn::spanned::Spanned;
use syn::visit::Visit;

/// The library crates: what users compile.
const LIBRARIES: [&str; 4] = [
    "hcldecode-spec",
    "hcldecode-derive",
    "hcldecode",
    "hcldecode-output",
];
/// Generated tables, which the rules do not cover.
const GENERATED: [&str; 1] = ["hcldecode-spec/src/syntax/native/ident_tables.rs"];
const MAX_FUNCTION_LINES: usize = 100;
const MAX_FILE_LINES: usize = 1000;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

fn library_files() -> Vec<(String, PathBuf)> {
    let root = workspace();
    let mut files = Vec::new();
    for krate in LIBRARIES {
        let mut out = Vec::new();
        sources(&root.join(krate).join("src"), &mut out);
        for p in out {
            let rel = p
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            if !GENERATED.contains(&rel.as_str()) {
                files.push((rel, p));
            }
        }
    }
    assert!(
        files.len() > 100,
        "found only {} library files",
        files.len()
    );
    files
}

/// Every function with a body: (name, first line, lines).
struct Functions(Vec<(String, usize, usize)>);

impl Functions {
    fn add(&mut self, name: &syn::Ident, fn_token: proc_macro2::Span, block: &syn::Block) {
        let start = fn_token.start().line;
        let end = block.span().end().line;
        self.0.push((name.to_string(), start, end + 1 - start));
    }
}

impl<'ast> Visit<'ast> for Functions {
    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        self.add(&f.sig.ident, f.sig.fn_token.span, &f.block);
        syn::visit::visit_item_fn(self, f);
    }
    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        self.add(&f.sig.ident, f.sig.fn_token.span, &f.block);
        syn::visit::visit_impl_item_fn(self, f);
    }
    fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
        if let Some(b) = &f.default {
            self.add(&f.sig.ident, f.sig.fn_token.span, b);
        }
        syn::visit::visit_trait_item_fn(self, f);
    }
}

#[test]
fn no_library_function_is_over_100_lines() {
    let mut long = Vec::new();
    let mut counted = 0;
    for (rel, path) in library_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{rel}: {e}"));
        let mut fns = Functions(Vec::new());
        fns.visit_file(&file);
        counted += fns.0.len();
        for (name, line, n) in fns.0 {
            if n > MAX_FUNCTION_LINES {
                long.push(format!("{rel}:{line} {name}: {n} lines"));
            }
        }
    }
    assert!(counted > 1000, "counted only {counted} functions");
    assert!(
        long.is_empty(),
        "functions over {MAX_FUNCTION_LINES} lines (split them by construct):\n{}",
        long.join("\n")
    );
}

#[test]
fn no_library_file_is_over_1000_lines() {
    let long: Vec<String> = library_files()
        .into_iter()
        .filter_map(|(rel, path)| {
            let n = std::fs::read_to_string(&path).unwrap().lines().count();
            (n > MAX_FILE_LINES).then(|| format!("{rel}: {n} lines"))
        })
        .collect();
    assert!(
        long.is_empty(),
        "files over {MAX_FILE_LINES} lines (split them by concern):\n{}",
        long.join("\n")
    );
}

#[test]
fn a_function_is_measured_from_its_fn_line_to_its_closing_brace() {
    let text = "/// Doc.\n#[inline]\nfn f() {\n    let x = 1;\n    x;\n}\n";
    let file = syn::parse_file(text).unwrap();
    let mut fns = Functions(Vec::new());
    fns.visit_file(&file);
    assert_eq!(fns.0, [("f".to_string(), 3, 4)]);
}
