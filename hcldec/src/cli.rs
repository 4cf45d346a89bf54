//! The `hcldec` command: the same flags, output and exit codes as
//! HashiCorp's Go `hcldec`, so it can replace it in scripts.
//!
//! Exit status: 0 decoded, 2 diagnostics with errors (or bad usage), 1 any
//! other failure (unreadable spec flag, unwritable output, a value JSON
//! cannot hold).

use std::ffi::OsString;
use std::io::{IsTerminal, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use hcldecode::decode::DecodeOptions;
use hcldecode::eval::{EvalContext, Limits};
use hcldecode::function::{FunctionSet, Functions};
use hcldecode::parse::{self, File};
use hcldecode::spec_file::LoadedSpec;
use hcldecode::value::Value;
use hcldecode_spec::diag::render::{self, SourceMap};
use hcldecode_spec::diag::{Diagnostics, Severity};
use hcldecode_spec::syntax::body::Body;

use crate::args::{self, Options};

const USAGE: &str = "usage: hcldec --spec=<spec-file> [options] [hcl-file ...]
      --dynamic-blocks      expand dynamic blocks (HCL's ext/dynblock) in the input files before decoding (extension)
      --diags string        format any returned diagnostics in the given format; currently only \"json\" is accepted
      --keep-nulls          retain object properties that have null as their value (they are removed by default)
      --json-schema         print a JSON Schema of the HCL JSON syntax the spec accepts (with --dynamic-blocks, dynamic blocks too), instead of decoding (extension)
      --x-example           print a reference configuration of the spec: every attribute and block it reads, with descriptions, types, defaults and choices as comments, required ones with placeholders (extension)
      --functions sets      make function sets callable from the input files (extension): a comma-separated list of stdlib, encoding, crypto, uuid, cidr, filesystem, terraform (Terraform's library: every set, Terraform's meaning of reverse, index, length, ...)
  -o, --out string          write to the given file, instead of stdout
  -s, --spec string         path to spec file (required)
      --var name=value      give a variable the spec's namespace blocks declare a value: text for a string variable, an HCL expression otherwise (extension; repeatable)
      --var-env prefix      give declared variables values from the environment variables prefix+name (extension)
      --var-file file       give declared variables the values of a file of attributes, native or JSON (extension; repeatable)
      --var-refs            rather than decoding input, produce a JSON description of the variables referenced by it
  -V, --vars json-or-file   provide variables to the given configuration file(s)
  -v, --version             show the version number and immediately exit
      --with-type           include an additional object level at the top describing the HCL-oriented type of the result value
";

/// The most diagnostics printed; the rest are counted in a final one.
const MAX_REPORTED: usize = 1000;

/// Where diagnostics go and how they look.
struct DiagWriter {
    json: bool,
    color: bool,
    width: usize,
    files: SourceMap,
}

impl DiagWriter {
    fn add(&mut self, f: &File) {
        self.files.add_file(f);
    }

    fn write(&self, err: &mut dyn Write, diags: &Diagnostics) {
        let capped;
        let diags = if diags.len() > MAX_REPORTED {
            let mut d = diags.clone();
            d.truncate_to(MAX_REPORTED);
            capped = d;
            &capped
        } else {
            diags
        };
        let mut out = String::new();
        if self.json {
            render::write_json(&mut out, diags);
            if !out.is_empty() {
                out.push('\n');
            }
        } else {
            render::write_text(&mut out, diags, &self.files, self.width, self.color);
        }
        let _ = err.write_all(out.as_bytes());
    }
}

/// The exit status of a process that wrote to a closed pipe: what a shell
/// reports (128 + SIGPIPE) for the reference, which the signal ends.
const BROKEN_PIPE_STATUS: i32 = 141;

/// Runs `hcldec` with the process's arguments and standard streams and
/// returns its exit status.
pub fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let color = stderr.is_terminal();
    let width = if stdout.is_terminal() {
        terminal_width().unwrap_or(80)
    } else {
        80
    };
    let mut out = stdout.lock();
    let mut err = stderr.lock();
    let streams = Streams {
        stdin: &mut std::io::stdin(),
        stdout: &mut out,
        stderr: &mut err,
    };
    let mut code = run_impl(&args, streams, color, width, true);
    if let Err(e) = out.flush()
        && e.kind() == std::io::ErrorKind::BrokenPipe
    {
        code = BROKEN_PIPE_STATUS;
    }
    ExitCode::from(u8::try_from(code).unwrap_or(1))
}

/// Why a run stopped early.
enum Failure {
    /// Printed as `Error: …`, exit status 1.
    Message(String),
    /// Standard output's reader went away (`hcldec … | head`): no error to
    /// report, the run ends quietly with [`BROKEN_PIPE_STATUS`].
    BrokenPipe,
}

impl From<String> for Failure {
    fn from(msg: String) -> Failure {
        Failure::Message(msg)
    }
}

/// The width of the terminal on standard output, which text diagnostics
/// are wrapped to (80 when it is not a terminal), as the reference does.
fn terminal_width() -> Option<usize> {
    terminal_size::terminal_size_of(std::io::stdout()).map(|(w, _)| w.0 as usize)
}

/// Runs `hcldec` with the given arguments (without the program name) and
/// streams; `color` and `width` shape text diagnostics. Returns the exit
/// status: 0 decoded, 2 diagnostics with errors or bad usage, 1 any other
/// failure.
pub fn run(
    args: &[OsString],
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
    color: bool,
    width: usize,
) -> i32 {
    let streams = Streams {
        stdin,
        stdout,
        stderr,
    };
    run_impl(args, streams, color, width, false)
}

/// The streams a run reads and writes.
struct Streams<'a> {
    stdin: &'a mut dyn Read,
    stdout: &'a mut dyn Write,
    stderr: &'a mut dyn Write,
}

/// [`run`]; with `leak`, the decoded value and syntax trees are not freed
/// (the process is about to exit).
fn run_impl(args: &[OsString], streams: Streams<'_>, color: bool, width: usize, leak: bool) -> i32 {
    let Streams {
        stdin,
        stdout,
        stderr,
    } = streams;
    let opts = match args::parse(args) {
        Ok(o) => o,
        Err(args::Refused(msg)) => {
            if !msg.is_empty() {
                let _ = writeln!(stderr, "{msg}");
            }
            let _ = stderr.write_all(USAGE.as_bytes());
            return 2;
        }
    };
    if opts.version {
        let _ = writeln!(stdout, "{}", env!("CARGO_PKG_VERSION"));
        return 0;
    }
    let json = match opts.diags.as_deref() {
        None | Some("") => false,
        Some("json") => true,
        Some(other) => {
            let _ = writeln!(
                stderr,
                "Invalid diagnostics format {other:?}: only \"json\" is supported."
            );
            return 2;
        }
    };
    let mut dw = DiagWriter {
        json,
        color,
        width,
        files: SourceMap::new(),
    };
    match real_main(&opts, stdin, stdout, stderr, &mut dw, leak) {
        Ok(code) => code,
        Err(Failure::BrokenPipe) => BROKEN_PIPE_STATUS,
        Err(Failure::Message(msg)) => {
            let _ = write!(stderr, "Error: {msg}\n\n");
            1
        }
    }
}

fn real_main(
    opts: &Options,
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
    dw: &mut DiagWriter,
    leak: bool,
) -> Result<i32, Failure> {
    let Some(spec_path) = &opts.spec else {
        return Err(Failure::Message(
            "the --spec=... argument is required".into(),
        ));
    };
    let mut diags = Diagnostics::new();

    let (loaded, spec_file, d) = LoadedSpec::load_path(spec_path);
    if let Some(f) = &spec_file {
        dw.add(f);
    }
    diags.extend(d);
    if diags.has_errors() {
        dw.write(stderr, &diags);
        return Ok(2);
    }
    let Some(loaded) = loaded else {
        dw.write(stderr, &diags);
        return Ok(2);
    };

    if opts.example {
        let text = loaded.spec.example_config();
        return write_output(opts, stdout, |w| w.write_all(text.as_bytes())).map(|()| 0);
    }

    if opts.json_schema {
        let schema = loaded
            .spec
            .to_json_schema_with(hcldecode_spec::spec::JsonSchemaOptions {
                dynamic_blocks: opts.dynamic_blocks,
            });
        return write_output(opts, stdout, |w| {
            w.write_all(schema.as_bytes())?;
            w.write_all(b"\n")
        })
        .map(|()| 0);
    }

    // Values of the variables the spec's `namespace` blocks declare.
    let loaded = loaded.with_variable_inputs(variable_inputs(opts, dw)?);

    let mut ctx: EvalContext = loaded.input_context();
    let (files, d) = ctx.read_variables(&opts.vars);
    for f in &files {
        dw.add(f);
    }
    diags.extend(d);
    if let Some(f) = &opts.functions {
        ctx.set_function_library(library_for_inputs(f));
    }
    let ctx = (!ctx.is_empty()).then_some(ctx);

    let body = input_body(opts, stdin, dw, &mut diags)?;
    if diags.has_errors() {
        dw.write(stderr, &diags);
        return Ok(2);
    }

    let decode_opts = DecodeOptions::new()
        .dynamic_blocks(opts.dynamic_blocks)
        .threads(threads());
    if opts.var_refs {
        let refs = loaded.variables_with(&body, decode_opts);
        let text = hcldecode::decode::var_refs_json(&refs, ctx.as_ref());
        return write_output(opts, stdout, |w| {
            w.write_all(text.as_bytes())?;
            w.write_all(b"\n")
        })
        .map(|()| 0);
    }

    let (val, d) = loaded.decode_with(&body, ctx.as_ref(), decode_opts);
    diags.extend(d);
    if diags.has_errors() {
        dw.write(stderr, &diags);
        return Ok(2);
    }
    // The reference drops warnings on success; text output shows them.
    if !dw.json && diags.iter().any(|d| d.severity == Severity::Warning) {
        dw.write(stderr, &diags);
    }

    write_result(opts, stdout, &val)?;
    if leak {
        // The process exits next: freeing the syntax trees and values
        // piece by piece would only cost time (tens of milliseconds for
        // large inputs), the operating system reclaims the memory at once.
        std::mem::forget(val);
        std::mem::forget(body);
        std::mem::forget(loaded);
        std::mem::forget(spec_file);
    }
    Ok(0)
}

/// The values `--var-env`, `--var-file` and `--var` give the variables the
/// spec's `namespace` blocks declare.
fn variable_inputs(
    opts: &Options,
    dw: &mut DiagWriter,
) -> Result<hcldecode::namespaces::VariableInputs, Failure> {
    let mut inputs = hcldecode::namespaces::VariableInputs::new();
    if let Some(prefix) = &opts.var_env {
        inputs = inputs.env(prefix);
    }
    for path in &opts.var_files {
        let name = path.to_string_lossy();
        match std::fs::read_to_string(path) {
            Ok(text) => {
                let (f, _) = parse::parse(text.as_bytes(), &name, parse::Syntax::for_path(&name));
                dw.add(&f);
                inputs = inputs.values_str(&text, &name);
            }
            Err(e) => return Err(format!("failed to read {name}: {e}").into()),
        }
    }
    for v in &opts.var {
        let Some((name, text)) = v.split_once('=') else {
            return Err(format!("invalid --var {v:?}: expected name=value").into());
        };
        inputs = inputs.text(name, text);
    }
    Ok(inputs)
}

/// The body of the input files (merged when there are several), or of
/// standard input when none is named; parse errors go to `diags`.
fn input_body(
    opts: &Options,
    stdin: &mut dyn Read,
    dw: &mut DiagWriter,
    diags: &mut Diagnostics,
) -> Result<Body, Failure> {
    let mut bodies = Vec::new();
    if opts.inputs.is_empty() {
        let mut src = Vec::new();
        if let Err(e) = stdin.read_to_end(&mut src) {
            return Err(format!("failed to read stdin: {e}").into());
        }
        let (f, d) = parse::parse_native(&src, "<stdin>");
        dw.add(&f);
        let failed = d.has_errors();
        diags.extend(d);
        if !failed {
            bodies.push(f.body);
        }
    } else {
        // A file named twice is read and parsed once, as the reference's
        // parser caches files by name; its body is merged twice.
        let mut seen: Vec<(&OsString, File)> = Vec::new();
        for path in &opts.inputs {
            if let Some((_, f)) = seen.iter().find(|(p, _)| *p == path) {
                bodies.push(f.body.clone());
                continue;
            }
            let (f, d) = parse::parse_path_with_threads(path, &Limits::DEFAULT, threads());
            let failed = d.has_errors();
            diags.extend(d);
            if let Some(f) = f {
                dw.add(&f);
                if !failed {
                    bodies.push(f.body.clone());
                }
                seen.push((path, f));
            }
        }
    }
    Ok(match <[Body; 1]>::try_from(bodies) {
        Ok([one]) => one,
        Err(none) if none.is_empty() => Body::empty(),
        Err(several) => Body::merged(several),
    })
}

/// How many threads a large input file is parsed on, and the blocks of a
/// large block collection decoded on: the machine's (the output is the
/// same on one).
fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// The library of `--functions`: the filesystem functions read inside the
/// directory of the input file whose expression calls them.
fn library_for_inputs(f: &Functions) -> Functions {
    if !f.contains(FunctionSet::Filesystem) {
        return f.clone();
    }
    Functions::filesystem_beside_input().with(f.clone())
}

/// Writes the result to its destination in one pass: the value's JSON, or
/// with `--with-type` the value and its type, object properties that are
/// null left out unless `--keep-nulls`. Without `--keep-nulls` the
/// reference strips nulls by re-marshalling through Go maps, which sorts
/// the `--with-type` wrapper's keys: `type` comes first then.
fn write_result(opts: &Options, stdout: &mut dyn Write, val: &Value) -> Result<(), Failure> {
    use hcldecode::Type;
    use hcldecode::value::json::{WriteError, WriteOptions, check_writable, marshal_to};
    let strip = WriteOptions {
        omit_null_properties: !opts.keep_nulls,
    };
    let mut refused = None;
    let write = |w: &mut dyn Write| -> std::io::Result<()> {
        let mut w = std::io::BufWriter::with_capacity(64 * 1024, w);
        let written = match (opts.with_type, opts.keep_nulls) {
            (false, _) => marshal_to(&mut w, val, val.ty(), strip),
            (true, true) => marshal_to(&mut w, val, &Type::Dynamic, strip),
            (true, false) => {
                // Refuse an unwritable value before anything is written.
                check_writable(val, val.ty())
                    .map_err(WriteError::Value)
                    .and_then(|()| {
                        w.write_all(b"{\"type\":").map_err(WriteError::Io)?;
                        w.write_all(val.ty().to_json().as_bytes())
                            .map_err(WriteError::Io)?;
                        if !val.is_null() {
                            w.write_all(b",\"value\":").map_err(WriteError::Io)?;
                            marshal_to(&mut w, val, val.ty(), strip)?;
                        }
                        w.write_all(b"}").map_err(WriteError::Io)
                    })
            }
        };
        match written {
            Ok(()) => {}
            Err(WriteError::Io(e)) => return Err(e),
            Err(WriteError::Value(e)) => {
                let msg = e.to_string();
                refused = Some(e);
                return Err(std::io::Error::other(msg));
            }
        }
        w.write_all(b"\n")?;
        w.flush()
    };
    let result = write_output(opts, stdout, write);
    if let Some(e) = refused {
        let at = if e.path.is_empty() {
            "the result itself".to_string()
        } else {
            format!("the value at {}", e.path)
        };
        return Err(format!("the result cannot be written as JSON: {at}: {e}").into());
    }
    result
}

/// Runs `write` on `-o FILE` (see [`crate::output`] for how each kind of
/// path is written) or on standard output.
fn write_output(
    opts: &Options,
    stdout: &mut dyn Write,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), Failure> {
    match &opts.out {
        None => write(stdout).map_err(|e| match e.kind() {
            std::io::ErrorKind::BrokenPipe => Failure::BrokenPipe,
            _ => format!("failed to write output: {e}").into(),
        }),
        Some(path) => crate::output::write_file(Path::new(path), write).map_err(|e| {
            format!("can't open {} for writing: {e}", Path::new(path).display()).into()
        }),
    }
}
