//! Shared helpers for the native-syntax tests: a tiny JSON-lines reader for
//! the recorded reference vectors, and dumpers that print our tokens, trees
//! and diagnostics in the same text form as the (uncommitted) Go program
//! that recorded the vectors from hclsyntax.
#![allow(dead_code)]

pub mod dump;
pub mod json;

use hcldecode_spec::source::{SourceFile, Span};
use hcldecode_spec::syntax::native::{self, LexMode};
use json::{Value, quote};

/// Runs one case and renders our answer as a JSON object with the same
/// fields as the reference dumper's.
pub fn run_case(case: &Value) -> String {
    let mode = case.get("m").str();
    let file = match case.get("h") {
        Value::Str(h) => native::source_from_bytes("f", json::unhex(h)).0,
        _ => SourceFile::new("f", case.get("s").str()),
    };
    let all = Span::new(0, file.source().len() as u32);
    let mut fields: Vec<(String, String)> = Vec::new();
    let mut diags: Option<Vec<String>> = None;
    match mode {
        "tokens" | "ttokens" => {
            let m = if mode == "tokens" {
                LexMode::Normal
            } else {
                LexMode::Template
            };
            let toks = native::lex(file.source(), all, m);
            fields.push(("tokens".into(), quote(&dump::tokens(&file, &toks))));
        }
        "config" => {
            let (f, ds) = native::parse_config(file.clone());
            let mut d = dump::Dumper::new(&file);
            d.body(&f.body);
            fields.push(("ast".into(), quote(&d.out)));
            let mut v = String::new();
            dump::body_analysis(&file, &f.body, &mut v);
            diags = Some(ds.iter().map(dump::diag).collect());
            fields.push(("vars".into(), quote(&v)));
        }
        "expr" | "template" => {
            let (e, ds) = if mode == "expr" {
                native::parse_expression(&file)
            } else {
                native::parse_template(&file)
            };
            let mut d = dump::Dumper::new(&file);
            d.expr(&e);
            fields.push(("ast".into(), quote(&d.out)));
            diags = Some(ds.iter().map(dump::diag).collect());
            fields.push(("vars".into(), quote(&dump::analysis_of(&file, &e))));
        }
        "traversal" => {
            let (t, ds) = native::parse_traversal_abs(&file, all);
            let mut d = dump::Dumper::new(&file);
            if let Some(t) = t {
                d.traversal(&t);
            }
            fields.push(("ast".into(), quote(&d.out)));
            diags = Some(ds.iter().map(dump::diag).collect());
        }
        _ => panic!("unknown mode {mode}"),
    }
    let mut out = String::from("{");
    for (i, (k, v)) in fields.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&format!("{}:{}", quote(k), v));
    }
    if let Some(ds) = diags {
        out.push_str(",\"diags\":[");
        out.push_str(&ds.iter().map(|d| quote(d)).collect::<Vec<_>>().join(","));
        out.push(']');
    }
    out.push('}');
    out
}
