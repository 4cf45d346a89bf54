//! hashicorp/go-cty-funcs' test tables for the `encoding`, `crypto`,
//! `uuid`, `cidr` and (path) `filesystem` sets, ported row by row as in
//! `functions_cty.rs`. Hashes and encodings are also checked against
//! independent implementations in `functions_sets.rs`.
#![cfg(all(
    feature = "encoding",
    feature = "crypto",
    feature = "uuid",
    feature = "cidr",
    feature = "filesystem"
))]

use hcldecode::function::Functions;
use hcldecode::value::Value;

mod cty_tables_support;
use cty_tables_support::*;

/// Runs a table: (Go row index, arguments, expected result).
fn run(name: &str, rows: Vec<(usize, Vec<Value>, Result<Value, ()>)>) {
    let lib = Functions::parse("encoding,crypto,uuid,cidr")
        .unwrap()
        .with(Functions::filesystem("."));
    let f = lib
        .get(name)
        .unwrap_or_else(|| panic!("no function {name}"));
    run_rows(name, f, rows);
}

#[path = "functions_cty_funcs/funcs_base64.rs"]
mod funcs_base64;
#[path = "functions_cty_funcs/funcs_filesystem.rs"]
mod funcs_filesystem;
#[path = "functions_cty_funcs/funcs_host.rs"]
mod funcs_host;
#[path = "functions_cty_funcs/funcs_md5.rs"]
mod funcs_md5;
#[path = "functions_cty_funcs/funcs_netmask.rs"]
mod funcs_netmask;
#[path = "functions_cty_funcs/funcs_rsa.rs"]
mod funcs_rsa;
#[path = "functions_cty_funcs/funcs_sha.rs"]
mod funcs_sha;
#[path = "functions_cty_funcs/funcs_subnet.rs"]
mod funcs_subnet;
#[path = "functions_cty_funcs/funcs_subnets.rs"]
mod funcs_subnets;
#[path = "functions_cty_funcs/funcs_url.rs"]
mod funcs_url;
#[path = "functions_cty_funcs/funcs_uuid_v5.rs"]
mod funcs_uuid_v5;
