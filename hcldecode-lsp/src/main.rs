//! `hcldecode-lsp`: a language server for the HCL files an hcldec spec
//! file describes, over standard input and output.
#![forbid(unsafe_code)]

use std::process::ExitCode;

use hcldecode::eval::EvalContext;
use hcldecode::function::Functions;
use hcldecode_lsp::Schema;

const USAGE: &str = "\
Usage: hcldecode-lsp --spec <spec-file> [options]

A language server (LSP, over stdin/stdout) for HCL files decoded with an
hcldec spec file: diagnostics, formatting, outline, completion, hover.

Options:
      --spec <file>         the hcldec spec file documents are decoded with
      --functions <sets>    function sets documents may call: a comma-separated
                            list of stdlib, encoding, crypto, uuid, cidr,
                            filesystem, terraform
      --dynamic-blocks      expand `dynamic` blocks before decoding
      --vars <json-or-file> variables for the documents' expressions, as
                            hcldec's --vars: a JSON object, or a file of
                            attributes (.hcl, or .json); may be repeated,
                            later ones override earlier ones
      --stdio               serve over stdin/stdout (the default; accepted
                            for editors that pass it)
  -h, --help                print this help
  -V, --version             print the version
";

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("hcldecode-lsp: {e}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<ExitCode, Box<dyn std::error::Error + Send + Sync>> {
    use lexopt::prelude::*;
    let mut spec = None;
    let mut functions = Functions::none();
    let mut dynamic_blocks = false;
    let mut vars = Vec::new();
    let mut args = lexopt::Parser::from_env();
    while let Some(arg) = args.next()? {
        match arg {
            Long("spec") => spec = Some(args.value()?),
            Long("functions") => functions = Functions::parse(&args.value()?.string()?)?,
            Long("dynamic-blocks") => dynamic_blocks = true,
            Long("vars") => vars.push(args.value()?),
            Long("stdio") => {}
            Short('h') | Long("help") => {
                print!("{USAGE}");
                return Ok(ExitCode::SUCCESS);
            }
            Short('V') | Long("version") => {
                println!("hcldecode-lsp {}", env!("CARGO_PKG_VERSION"));
                return Ok(ExitCode::SUCCESS);
            }
            _ => return Err(format!("{}\n\n{USAGE}", arg.unexpected()).into()),
        }
    }
    let Some(spec) = spec else {
        return Err(format!("--spec is required\n\n{USAGE}").into());
    };
    let mut schema = Schema::load(&spec)
        .map_err(|e| format!("{e}"))?
        .functions(functions)
        .dynamic_blocks(dynamic_blocks);
    if !vars.is_empty() {
        let mut ctx = EvalContext::new();
        let (_, diags) = ctx.read_variables(&vars);
        if diags.has_errors() {
            return Err(format!("{}", hcldecode::Error::from_diagnostics(diags)).into());
        }
        schema = schema.context(&ctx);
    }
    hcldecode_lsp::serve_stdio(schema)?;
    Ok(ExitCode::SUCCESS)
}
