//! go-cty's own test tables for its standard library (v1.12.1,
//! `cty/function/stdlib/*_test.go`), ported row by row: each row calls the
//! function with the table's arguments and expects the table's result
//! (compared with `raw_equals`) or an error. Rows that use cty's value
//! marks, which hcldecode does not have, are left out with a note.
#![cfg(feature = "stdlib")]
#![allow(
    clippy::approx_constant,
    clippy::unreadable_literal,
    clippy::excessive_precision
)]

use hcldecode::Type;
use hcldecode::function::stdlib;
use hcldecode::value::Value;

mod cty_tables_support;
use cty_tables_support::*;

/// Runs a table: (Go row index, arguments, expected result).
fn run(name: &str, rows: Vec<(usize, Vec<Value>, Result<Value, ()>)>) {
    let f = stdlib::library_function(name)
        .or_else(|| stdlib::lookup(name))
        .unwrap_or_else(|| panic!("no function {name}"));
    run_rows(name, &f, rows);
}

#[path = "functions_cty/cty_bool.rs"]
mod cty_bool;
#[path = "functions_cty/cty_collection.rs"]
mod cty_collection;
#[path = "functions_cty/cty_collection_build.rs"]
mod cty_collection_build;
#[path = "functions_cty/cty_conversion.rs"]
mod cty_conversion;
#[path = "functions_cty/cty_csv.rs"]
mod cty_csv;
#[path = "functions_cty/cty_datetime.rs"]
mod cty_datetime;
#[path = "functions_cty/cty_format.rs"]
mod cty_format;
#[path = "functions_cty/cty_general.rs"]
mod cty_general;
#[path = "functions_cty/cty_json.rs"]
mod cty_json;
#[path = "functions_cty/cty_number.rs"]
mod cty_number;
#[path = "functions_cty/cty_regexp.rs"]
mod cty_regexp;
#[path = "functions_cty/cty_sequence.rs"]
mod cty_sequence;
#[path = "functions_cty/cty_set.rs"]
mod cty_set;
#[path = "functions_cty/cty_string.rs"]
mod cty_string;
#[path = "functions_cty/cty_string_replace.rs"]
mod cty_string_replace;
