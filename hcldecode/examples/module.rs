//! A Terraform-module-shaped configuration: `variables.hcl` declares typed
//! inputs (defaults, a validation rule, a sensitive one), `main.hcl` has
//! `locals` that refer to each other and to the variables, and services
//! that use both (`examples/module/`).
//!
//! ```sh
//! APP_VAR_db_password=hunter2 cargo run --example module -- \
//!     --vars examples/module/prod.tfvars --var replicas=4
//! ```
//!
//! Values come, in rising precedence, from the defaults, the environment
//! (`APP_VAR_<name>`), files of values (`--vars FILE`) and `--var
//! name=value` (the value an HCL expression, or text for a string
//! variable).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;

use hcldecode::namespaces::{Locals, Variable};
use hcldecode::{Decoder, HclDecode, Value};

/// A service the module runs.
#[derive(HclDecode, Debug, PartialEq)]
pub struct Service {
    /// Instances.
    pub replicas: u32,
    /// `host:port` of each listener.
    pub listeners: Vec<String>,
    /// The connection string (holds the sensitive password).
    pub database: String,
}

/// The module: its declarations and what it runs.
#[derive(HclDecode, Debug)]
pub struct Module {
    /// `variable "name" { ... }` blocks, seen as `var.name`.
    #[hcl(block, variables = "var")]
    pub variable: Vec<Variable>,
    /// `locals { ... }` blocks, seen as `local.name`.
    #[hcl(block, locals = "local")]
    pub locals: Vec<Locals>,
    /// `service "name" { ... }` blocks.
    #[hcl(block)]
    pub service: BTreeMap<String, Service>,
}

/// The module's files.
pub fn files() -> [std::path::PathBuf; 2] {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/module");
    [dir.join("variables.hcl"), dir.join("main.hcl")]
}

/// A value given as `--var name=value`: an HCL expression, or the text
/// itself for a string variable (as Terraform reads `-var`).
pub fn var_argument(arg: &str, variables: &[Variable]) -> Result<(String, Value), String> {
    let (name, text) = arg
        .split_once('=')
        .ok_or_else(|| format!("--var {arg}: expected name=value"))?;
    let is_string = variables
        .iter()
        .find(|v| v.name == name)
        .and_then(|v| v.type_.as_ref())
        .is_some_and(|t| t.source_text() == "string");
    if is_string {
        return Ok((name.to_string(), Value::string(text)));
    }
    let (value, diags) = hcldecode::eval_expr(text, &Value::empty_object());
    if diags.has_errors() {
        return Err(format!("--var {arg}: not an HCL expression"));
    }
    Ok((name.to_string(), value))
}

fn main() -> ExitCode {
    let mut decoder = Decoder::new()
        .functions(hcldecode::function::Functions::stdlib())
        .variable_env("APP_VAR_");
    let args: Vec<String> = std::env::args().skip(1).collect();
    // The declarations, to read `--var` values by their types.
    let declared: Vec<Variable> = files()
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .flat_map(|text| {
            #[derive(HclDecode)]
            struct Declarations {
                #[hcl(block)]
                variable: Vec<Variable>,
                #[hcl(remain)]
                _rest: hcldecode::Body,
            }
            hcldecode::from_str::<Declarations>(&text, "variables.hcl")
                .map(|d| d.variable)
                .unwrap_or_default()
        })
        .collect();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match (a.as_str(), it.next()) {
            ("--vars", Some(path)) => match decoder.clone().variable_values_file(path) {
                Ok(d) => decoder = d,
                Err(e) => {
                    eprintln!("{path}: {e}");
                    return ExitCode::FAILURE;
                }
            },
            ("--var", Some(v)) => match var_argument(v, &declared) {
                Ok((name, value)) => decoder = decoder.variable_value(name, value),
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
            },
            _ => {
                eprintln!("usage: module [--vars FILE] [--var name=value]...");
                return ExitCode::from(2);
            }
        }
    }
    match decoder.decode_paths::<Module, _>(&files()) {
        Ok(m) => {
            for (name, s) in &m.service {
                // The database string holds a sensitive value: not shown.
                println!(
                    "{name}: {} replicas, listeners {:?}",
                    s.replicas, s.listeners
                );
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
