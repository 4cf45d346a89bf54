//! The `hcldec` command: the same flags, output and exit codes as
//! HashiCorp's Go `hcldec`, so it can replace it in scripts.
//!
//! Exit status: 0 decoded, 2 diagnostics with errors (or bad usage), 1 any
//! other failure (unreadable spec flag, unwritable output, a value JSON
//! cannot hold).

use std::ffi::OsString;
use std::io::{IsTerminal, Read, Write};

use hcldecode_spec::diag::render::{self, SourceMap};
use hcldecode_spec::diag::{Diagnostic, Diagnostics, Severity};
use hcldecode_spec::syntax::body::Body;

use crate::eval::EvalContext;
use crate::parse::{self, File, Syntax};
use crate::spec_file::LoadedSpec;
use crate::value::Value;

const USAGE: &str = "usage: hcldec --spec=<spec-file> [options] [hcl-file ...]
      --diags string        format any returned diagnostics in the given format; currently only \"json\" is accepted
      --keep-nulls          retain object properties that have null as their value (they are removed by default)
      --functions sets      make function sets callable from the input files (extension): a comma-separated list of stdlib, encoding, crypto, uuid, cidr, filesystem
  -o, --out string          write to the given file, instead of stdout
  -s, --spec string         path to spec file (required)
      --var-refs            rather than decoding input, produce a JSON description of the variables referenced by it
  -V, --vars json-or-file   provide variables to the given configuration file(s)
  -v, --version             show the version number and immediately exit
      --with-type           include an additional object level at the top describing the HCL-oriented type of the result value
";

/// The most diagnostics printed; the rest are counted in a final one.
const MAX_REPORTED: usize = 1000;

/// Parsed command line.
#[derive(Debug, Default)]
struct Options {
    spec: Option<String>,
    out: Option<String>,
    diags: Option<String>,
    var_refs: bool,
    with_type: bool,
    version: bool,
    keep_nulls: bool,
    vars: Vec<String>,
    inputs: Vec<String>,
    /// `--functions=SET,...` (an extension).
    functions: Option<crate::function::Functions>,
}

/// Parses arguments as spf13/pflag does for hcldec's flags.
fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut o = Options::default();
    let mut i = 0;
    let mut only_inputs = false;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if only_inputs || a == "-" || !a.starts_with('-') {
            o.inputs.push(a.clone());
            continue;
        }
        if a == "--" {
            only_inputs = true;
            continue;
        }
        let (name, inline, long) = if let Some(rest) = a.strip_prefix("--") {
            match rest.split_once('=') {
                Some((n, v)) => (n.to_string(), Some(v.to_string()), true),
                None => (rest.to_string(), None, true),
            }
        } else {
            // Short flags: `-s spec`, `-sspec`, `-s=spec`, and bool runs.
            let rest = &a[1..];
            let mut chars = rest.chars();
            let c = chars.next().unwrap_or('-');
            let tail: String = chars.collect();
            let name = match c {
                's' => "spec",
                'o' => "out",
                'V' => "vars",
                'v' => "version",
                'h' => "help",
                _ => return Err(format!("unknown shorthand flag: '{c}' in {a}")),
            };
            let inline = if tail.is_empty() {
                None
            } else {
                Some(tail.strip_prefix('=').unwrap_or(&tail).to_string())
            };
            (name.to_string(), inline, false)
        };
        let takes_value = matches!(
            name.as_str(),
            "spec" | "out" | "diags" | "vars" | "functions"
        );
        let value = if takes_value {
            match inline {
                Some(v) => v,
                None if i < args.len() => {
                    i += 1;
                    args[i - 1].clone()
                }
                None => {
                    return Err(if long {
                        format!("flag needs an argument: --{name}")
                    } else {
                        format!("flag needs an argument: '{}' in -{}", &a[1..2], &a[1..2])
                    });
                }
            }
        } else {
            match inline.as_deref() {
                None | Some("true") | Some("1") | Some("t") | Some("T") | Some("TRUE")
                | Some("True") => "true".into(),
                Some("false") | Some("0") | Some("f") | Some("F") | Some("FALSE")
                | Some("False") => "false".into(),
                Some(v) => {
                    return Err(format!(
                        "invalid argument \"{v}\" for \"--{name}\" flag: strconv.ParseBool: parsing \"{v}\": invalid syntax"
                    ));
                }
            }
        };
        let on = value == "true";
        match name.as_str() {
            "spec" => o.spec = Some(value),
            "out" => o.out = Some(value),
            "diags" => o.diags = Some(value),
            "vars" => o.vars.push(value),
            "functions" => o.functions = Some(parse_functions(&value, o.functions.take())?),
            "var-refs" => o.var_refs = on,
            "with-type" => o.with_type = on,
            "version" => o.version = on,
            "keep-nulls" => o.keep_nulls = on,
            "help" => return Err(String::new()),
            _ => return Err(format!("unknown flag: --{name}")),
        }
    }
    Ok(o)
}

/// The sets of a `--functions` flag, added to those of earlier ones.
fn parse_functions(
    list: &str,
    before: Option<crate::function::Functions>,
) -> Result<crate::function::Functions, String> {
    let f = crate::function::Functions::parse(list)
        .map_err(|e| format!("invalid argument {list:?} for \"--functions\" flag: {e}"))?;
    if let Some(s) = f.sets().find(|s| !s.is_available()) {
        return Err(format!(
            "invalid argument {list:?} for \"--functions\" flag: this hcldec was built without the {s:?} function set (cargo feature \"{s}\")"
        ));
    }
    Ok(match before {
        Some(b) => b.with(f),
        None => f,
    })
}

/// Where diagnostics go and how they look.
struct DiagWriter {
    json: bool,
    color: bool,
    width: usize,
    files: SourceMap,
}

impl DiagWriter {
    fn add(&mut self, f: &File) {
        match f.body.json_root() {
            Some((doc, root)) => self.files.add_json(doc.clone(), root),
            None => self.files.add(f.source.clone(), f.blocks.clone()),
        }
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

/// Runs `hcldec` with the process's arguments and standard streams and
/// returns the exit status.
pub fn main() -> i32 {
    main_with_args(std::env::args_os().skip(1))
}

/// Runs `hcldec` with the given arguments (without the program name) and
/// the process's standard streams, and returns the exit status.
///
/// For a binary that defines the C `main` itself, where the standard
/// library may not know the arguments (on musl it does not).
///
/// ```no_run
/// let status = hcldecode::cli::main_with_args(["--version".into()]);
/// assert_eq!(status, 0);
/// ```
pub fn main_with_args(args: impl IntoIterator<Item = OsString>) -> i32 {
    let args: Vec<String> = args
        .into_iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
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
    let code = run_impl(
        &args,
        &mut std::io::stdin(),
        &mut out,
        &mut err,
        color,
        width,
        true,
    );
    let _ = out.flush();
    code
}

/// The width of the terminal on standard output, which text diagnostics
/// are wrapped to (80 when it is not a terminal), as the reference does.
fn terminal_width() -> Option<usize> {
    terminal_size::terminal_size_of(std::io::stdout()).map(|(w, _)| w.0 as usize)
}

/// Runs `hcldec` with the given arguments and streams; `color` and `width`
/// shape text diagnostics. Returns the exit status.
pub fn run(
    args: &[String],
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
    color: bool,
    width: usize,
) -> i32 {
    run_impl(args, stdin, stdout, stderr, color, width, false)
}

/// [`run`]; with `leak`, the decoded value and syntax trees are not freed
/// (the process is about to exit).
fn run_impl(
    args: &[String],
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
    color: bool,
    width: usize,
    leak: bool,
) -> i32 {
    let opts = match parse_args(args) {
        Ok(o) => o,
        Err(msg) => {
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
        Err(msg) => {
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
) -> Result<i32, String> {
    let Some(spec_path) = &opts.spec else {
        return Err("the --spec=... argument is required".into());
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

    let mut ctx: EvalContext = loaded.input_context();
    for (i, v) in opts.vars.iter().enumerate() {
        let (vals, files, d) = read_vars(v, i);
        for f in &files {
            dw.add(f);
        }
        diags.extend(d);
        for (name, val) in vals {
            ctx.set_variable(name, val);
        }
    }
    if let Some(f) = &opts.functions {
        ctx.set_function_library(library_for_inputs(f));
    }
    let ctx = (!ctx.is_empty()).then_some(ctx);

    let mut bodies = Vec::new();
    if opts.inputs.is_empty() {
        let mut src = Vec::new();
        if let Err(e) = stdin.read_to_end(&mut src) {
            return Err(format!("failed to read stdin: {e}"));
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
        let mut seen: Vec<(&str, File)> = Vec::new();
        for path in &opts.inputs {
            if let Some((_, f)) = seen.iter().find(|(p, _)| p == path) {
                bodies.push(f.body.clone());
                continue;
            }
            let (f, d) = parse::parse_path(path);
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
    if diags.has_errors() {
        dw.write(stderr, &diags);
        return Ok(2);
    }
    let body = match bodies.len() {
        1 => bodies.pop().expect("one body"),
        0 => Body::empty(),
        _ => Body::merged(bodies),
    };

    if opts.var_refs {
        let text = var_refs_json(&body, &loaded, ctx.as_ref());
        return write_output(opts, stdout, &text).map(|()| 0);
    }

    let (val, d) = loaded.decode(&body, ctx.as_ref());
    diags.extend(d);
    if diags.has_errors() {
        dw.write(stderr, &diags);
        return Ok(2);
    }
    // The reference drops warnings on success; text output shows them.
    if !dw.json && diags.iter().any(|d| d.severity == Severity::Warning) {
        dw.write(stderr, &diags);
    }

    if opts.with_type {
        let text = result_json(&val, opts.with_type, opts.keep_nulls)?;
        return write_output(opts, stdout, &text).map(|()| 0);
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

/// The library of `--functions`: the filesystem functions read inside the
/// directory of the input file whose expression calls them.
fn library_for_inputs(f: &crate::function::Functions) -> crate::function::Functions {
    use crate::function::{FunctionSet, Functions};
    if !f.contains(FunctionSet::Filesystem) {
        return f.clone();
    }
    Functions::filesystem_beside_input().with(f.clone())
}

/// Writes the result without `--with-type` straight to its destination,
/// in one pass (null properties stripped during marshalling unless
/// `--keep-nulls`), as [`result_json`] and [`write_output`] would.
fn write_result(opts: &Options, stdout: &mut dyn Write, val: &Value) -> Result<(), String> {
    use crate::value::json::{WriteError, WriteOptions, check_writable, marshal_to};
    check_writable(val, val.ty()).map_err(|e| {
        let at = if e.path.is_empty() {
            "the result itself".to_string()
        } else {
            format!("the value at {}", e.path)
        };
        format!("the result cannot be written as JSON: {at}: {e}")
    })?;
    let wopts = WriteOptions {
        omit_null_properties: !opts.keep_nulls,
    };
    let write = |w: &mut dyn Write| -> std::io::Result<()> {
        let mut w = std::io::BufWriter::with_capacity(64 * 1024, w);
        match marshal_to(&mut w, val, val.ty(), wopts) {
            Ok(()) => {}
            Err(WriteError::Io(e)) => return Err(e),
            // Checked above.
            Err(WriteError::Value(e)) => return Err(std::io::Error::other(e.to_string())),
        }
        w.write_all(b"\n")?;
        w.flush()
    };
    match &opts.out {
        None => write(stdout).map_err(|e| format!("failed to write output: {e}")),
        Some(path) => crate::output::write_atomic_with(path, write)
            .map_err(|e| format!("can't open {path} for writing: {e}")),
    }
}

/// The JSON hcldec prints for a result: the value (as `{"value":…,"type":…}`
/// with `--with-type`), with null object properties removed unless
/// `--keep-nulls`, which, as in the reference, also orders the
/// `--with-type` wrapper's keys.
fn result_json(val: &Value, with_type: bool, keep_nulls: bool) -> Result<String, String> {
    use crate::Type;
    use crate::value::json::marshal;
    let want = if with_type {
        Type::Dynamic
    } else {
        val.ty().clone()
    };
    let text = marshal(val, &want).map_err(|e| {
        let at = if e.path.is_empty() {
            "the result itself".to_string()
        } else {
            format!("the value at {}", e.path)
        };
        format!("the result cannot be written as JSON: {at}: {e}")
    })?;
    if keep_nulls {
        return Ok(text);
    }
    let stripped = crate::output::strip_null_properties(&text);
    if !with_type {
        return Ok(stripped);
    }
    // {"value":V,"type":T} re-marshalled by Go's encoding/json: keys sorted.
    let type_json = val.ty().to_json();
    let body = stripped
        .strip_prefix('{')
        .and_then(|s| s.strip_suffix('}'))
        .unwrap_or("");
    let value_part = body
        .strip_suffix(&format!(",\"type\":{type_json}"))
        .map(|v| v.to_string());
    Ok(match value_part {
        Some(v) if !v.is_empty() => format!("{{\"type\":{type_json},{v}}}"),
        _ => format!("{{\"type\":{type_json}}}"),
    })
}

/// `--vars`: a JSON object literal, or a file of HCL or JSON attributes.
fn read_vars(arg: &str, index: usize) -> (Vec<(String, Value)>, Vec<File>, Diagnostics) {
    let mut diags = Diagnostics::new();
    let (file, d) = if arg.trim_start().starts_with('{') {
        let (f, d) = parse::parse(
            arg.as_bytes(),
            &format!("<vars argument {index}>"),
            Syntax::Json,
        );
        (Some(f), d)
    } else {
        parse::parse_path(arg)
    };
    diags.extend(d);
    let Some(file) = file else {
        return (Vec::new(), Vec::new(), diags);
    };
    let mut vals = Vec::new();
    let attrs = file.body.just_attributes(&mut diags);
    for a in attrs {
        let v = crate::eval::evaluate_into(a.expr, None, &mut diags);
        vals.push((a.name.to_string(), v));
    }
    (vals, vec![file.clone()], diags)
}

/// Writes `text` and a newline to `-o FILE` (atomically: a temporary file
/// renamed over the target) or to standard output.
fn write_output(opts: &Options, stdout: &mut dyn Write, text: &str) -> Result<(), String> {
    match &opts.out {
        None => stdout
            .write_all(text.as_bytes())
            .and_then(|()| stdout.write_all(b"\n"))
            .map_err(|e| format!("failed to write output: {e}")),
        Some(path) => crate::output::write_atomic(path, text)
            .map_err(|e| format!("can't open {path} for writing: {e}")),
    }
}

/// `--var-refs` output: the variables the input refers to, as hcldec's
/// indented JSON.
fn var_refs_json(body: &Body, loaded: &LoadedSpec, ctx: Option<&EvalContext>) -> String {
    use crate::value::json::marshal;
    use hcldecode_spec::diag::render::write_range_json;
    use hcldecode_spec::json_text::write_json_string;

    let refs = loaded.variables(body);
    let mut out = String::new();
    if refs.is_empty() {
        return "[]".into();
    }
    out.push_str("[\n");
    for (i, t) in refs.iter().enumerate() {
        out.push_str("  {\n    \"root_name\": ");
        write_json_string(&mut out, t.root_name());
        if let Ok(v) = crate::eval::traverse_abs(t, ctx)
            && let Ok(j) = marshal(&v, v.ty())
        {
            out.push_str(",\n    \"value\": ");
            out.push_str(&indent_json(&j, 4));
        }
        out.push_str(",\n    \"steps\": [");
        for (k, s) in t.steps.iter().enumerate() {
            out.push_str(if k == 0 { "\n" } else { ",\n" });
            out.push_str("      {\n        \"kind\": ");
            use crate::decode::TraversalStep as S;
            match s {
                S::Root { name, .. } => {
                    out.push_str("\"root\",\n        \"name\": ");
                    write_json_string(&mut out, name);
                }
                S::Attr { name, .. } => {
                    out.push_str("\"attr\",\n        \"name\": ");
                    write_json_string(&mut out, name);
                }
                S::Index { key, .. } => {
                    out.push_str("\"index\"");
                    if let Ok(j) = marshal(key, key.ty()) {
                        out.push_str(",\n        \"key\": ");
                        out.push_str(&indent_json(&j, 8));
                    }
                }
            }
            out.push_str(",\n        \"range\": ");
            write_range_json(&mut out, s.range(), 8);
            out.push_str("\n      }");
        }
        out.push_str(if t.steps.is_empty() {
            "],\n"
        } else {
            "\n    ],\n"
        });
        out.push_str("    \"range\": ");
        write_range_json(&mut out, &t.range(), 4);
        out.push_str("\n  }");
        out.push_str(if i + 1 < refs.len() { ",\n" } else { "\n" });
    }
    out.push(']');
    out
}

/// Go's `json.Indent` of compact JSON `src` (two spaces per level),
/// continuing at indentation `level`.
fn indent_json(src: &str, level: usize) -> String {
    let mut out = String::with_capacity(src.len() * 2);
    let mut depth = level;
    let mut in_str = false;
    let mut escaped = false;
    let mut need_indent = false;
    let newline = |out: &mut String, depth: usize| {
        out.push('\n');
        for _ in 0..depth {
            out.push(' ');
        }
    };
    for c in src.chars() {
        if in_str {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_str = false;
            }
            continue;
        }
        if need_indent && c != ']' && c != '}' {
            need_indent = false;
            depth += 2;
            newline(&mut out, depth);
        }
        match c {
            '"' => {
                in_str = true;
                out.push(c);
            }
            '{' | '[' => {
                out.push(c);
                need_indent = true;
            }
            ',' => {
                out.push(c);
                newline(&mut out, depth);
            }
            ':' => out.push_str(": "),
            '}' | ']' => {
                if need_indent {
                    need_indent = false;
                } else {
                    depth -= 2;
                    newline(&mut out, depth);
                }
                out.push(c);
            }
            c if c.is_whitespace() => {}
            c => out.push(c),
        }
    }
    out
}

/// A diagnostic for an unexpected internal failure.
#[allow(dead_code)]
fn internal(msg: &str) -> Diagnostic {
    Diagnostic::error("Internal error", msg.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_parse_like_pflag() {
        let a = |v: &[&str]| parse_args(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        let o = a(&[
            "--spec=s.hcldec",
            "-V",
            "v.json",
            "--vars={\"a\":1}",
            "--with-type",
            "in.hcl",
            "-o",
            "out",
        ])
        .unwrap();
        assert_eq!(o.spec.as_deref(), Some("s.hcldec"));
        assert_eq!(o.vars, vec!["v.json", "{\"a\":1}"]);
        assert!(o.with_type && !o.keep_nulls);
        assert_eq!(o.inputs, vec!["in.hcl"]);
        assert_eq!(o.out.as_deref(), Some("out"));
        assert_eq!(
            a(&["-sx.hcldec"]).unwrap().spec.as_deref(),
            Some("x.hcldec")
        );
        assert_eq!(a(&["--bogus"]).unwrap_err(), "unknown flag: --bogus");
        assert_eq!(
            a(&["--spec"]).unwrap_err(),
            "flag needs an argument: --spec"
        );
        assert!(!a(&["--keep-nulls=false"]).unwrap().keep_nulls);
        assert_eq!(a(&["--", "--x.hcl"]).unwrap().inputs, vec!["--x.hcl"]);
    }

    #[test]
    fn indents_like_go() {
        assert_eq!(
            indent_json(r#"{"a":[1,{"b":"x,y"}],"c":{}}"#, 0),
            "{\n  \"a\": [\n    1,\n    {\n      \"b\": \"x,y\"\n    }\n  ],\n  \"c\": {}\n}"
        );
        assert_eq!(indent_json("[]", 4), "[]");
    }
}
