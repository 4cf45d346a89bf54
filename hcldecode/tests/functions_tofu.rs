//! OpenTofu's function test tables (internal/lang/funcs/*_test.go,
//! MPL-2.0), ported row by row as in `functions_cty.rs` (by
//! `scripts/port-tofu-tables.py`), run against the Terraform profile.
//! File functions read OpenTofu's testdata, vendored under
//! `tests/data/tofu/testdata` (see `tests/data/tofu/README.md`).
#![cfg(feature = "terraform")]
#![allow(clippy::unreadable_literal, clippy::excessive_precision)]

use hcldecode::Type;
use hcldecode::function::Functions;
use hcldecode::value::Value;

mod cty_tables_support;
use cty_tables_support::*;

/// The Terraform profile, its file functions reading under
/// `tests/data/tofu` (where `testdata/...` paths resolve).
fn lib() -> Functions {
    Functions::terraform(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tofu"))
}

/// Runs a table: (Go row index, arguments, expected result).
/// The functions are taken from an evaluation context offering the
/// library, as configurations call them (the template functions render
/// with that context's evaluator).
fn run(name: &str, rows: Vec<(usize, Vec<Value>, Result<Value, ()>)>) {
    let mut ctx = hcldecode::eval::EvalContext::new();
    ctx.set_function_library(lib());
    let f = ctx
        .function(name)
        .unwrap_or_else(|| panic!("no function {name}"));
    run_rows(name, f, rows);
}

/// A template function taken from a library no evaluation context was
/// offered has no evaluator to render with: an error saying so, not a
/// wrong value; once the library is offered, the same function renders.
#[test]
fn template_functions_render_with_the_context_offering_their_library() {
    let lib = lib();
    let f = lib.get("templatestring").unwrap().clone();
    let args = [
        Value::string("Hi ${n}"),
        Value::object([("n", Value::int(1))]),
    ];
    let err = f.call(&args).unwrap_err();
    assert!(err.to_string().contains("evaluation context"), "{err}");
    let mut ctx = hcldecode::eval::EvalContext::new();
    ctx.set_function_library(lib);
    assert_eq!(f.call(&args).unwrap(), Value::string("Hi 1"));
}

/// Evaluates each (function, Go row index, expression, expected value)
/// with the Terraform profile as OpenTofu's `TestFunctions` does: its file
/// functions reading under `tests/data/tofu_lang/functions-test`. Every row
/// that differs is reported.
fn run_expressions(rows: Vec<(&str, usize, &str, Value)>) {
    let lib = Functions::terraform(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/tofu_lang/functions-test"
    ));
    let mut ctx = hcldecode::eval::EvalContext::new();
    ctx.set_function_library(lib);
    let mut failures = Vec::new();
    for (name, i, src, want) in rows {
        let expr = match hcldecode::parse_expression(src, "test.hcl") {
            Ok(e) => e,
            Err(d) => {
                failures.push(format!("{name} #{i}: {src}: does not parse: {d}"));
                continue;
            }
        };
        let (got, diags) = hcldecode::eval::evaluate(expr.as_ref(), Some(&ctx));
        if diags.has_errors() {
            failures.push(format!("{name} #{i}: {src}: {diags}"));
        } else if !got.raw_equals(&want) {
            failures.push(format!(
                "{name} #{i}: {src}\n  got  {got:?}\n  want {want:?}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} expressions differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[path = "functions_tofu/tofu_cidr.rs"]
mod tofu_cidr;
#[path = "functions_tofu/tofu_collection.rs"]
mod tofu_collection;
#[path = "functions_tofu/tofu_conversion.rs"]
mod tofu_conversion;
#[path = "functions_tofu/tofu_crypto.rs"]
mod tofu_crypto;
#[path = "functions_tofu/tofu_datetime.rs"]
mod tofu_datetime;
#[path = "functions_tofu/tofu_encoding.rs"]
mod tofu_encoding;
#[path = "functions_tofu/tofu_filesystem.rs"]
mod tofu_filesystem;
#[path = "functions_tofu/tofu_lang.rs"]
mod tofu_lang;
#[path = "functions_tofu/tofu_number.rs"]
mod tofu_number;
#[path = "functions_tofu/tofu_sensitive.rs"]
mod tofu_sensitive;
#[path = "functions_tofu/tofu_shape.rs"]
mod tofu_shape;
#[path = "functions_tofu/tofu_string.rs"]
mod tofu_string;
