//! The `hclfmt` command: HashiCorp's Go `hclfmt` (`cmd/hclfmt` of HCL
//! v2.24), flag for flag, on [`hcldecode_spec::format`].
//!
//! ```text
//! hclfmt [-check] [-require-no-change] [-w] [-version] [path ...]
//! ```
//!
//! Each file (standard input, named `<stdin>`, when there is none) is
//! formatted to standard output, or with `-w` written back — only when
//! formatting changed it, through a temporary file renamed over it, as
//! `hcldec -o` writes. `-check` parses each file first, prints its
//! diagnostics and skips files with errors; `-require-no-change` fails
//! when any file was not formatted already.
//!
//! Exit status: 0 done; 1 a file that could not be read or written, a
//! directory given, `-w` without files, `-check` errors ("one or more files
//! contained errors") or changed files with `-require-no-change`
//! ("file(s) were changed: ..."); 2 bad usage. Processing stops at the
//! first file that cannot be read or written, as the reference's does.
//!
//! [`run`] runs it with any arguments and streams, which is how its tests
//! drive it:
//!
//! ```
//! let args = ["-require-no-change"].map(std::ffi::OsString::from);
//! let (mut out, mut err) = (Vec::new(), Vec::new());
//! let status = hclfmt::run(&args, &mut &b"a=1\n"[..], &mut out, &mut err, false, 80);
//! assert_eq!(out, b"a = 1\n");
//! assert_eq!(err, b"file(s) were changed: <stdin>\n");
//! assert_eq!(status, 1);
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

use std::ffi::{OsStr, OsString};
use std::io::{self, IsTerminal, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use hcldecode_spec::diag::render::{self, SourceMap};
use hcldecode_spec::syntax::native;

use hcldecode_output as output;

/// The version `-version` prints (the reference's).
pub const VERSION: &str = "0.0.1-dev";

const USAGE: &str = "usage: hclfmt [flags] [path ...]
  -check
    \tperform a syntax check on the given files and produce diagnostics
  -require-no-change
    \treturn a non-zero status if any files are changed during formatting
  -version
    \tshow the version number and immediately exit
  -w\toverwrite source files instead of writing to stdout
";

/// The exit status of a process that wrote to a closed pipe: what a shell
/// reports (128 + SIGPIPE) for the reference, which the signal ends.
const BROKEN_PIPE_STATUS: i32 = 141;

#[derive(Default)]
struct Opts {
    check: bool,
    require_no_change: bool,
    overwrite: bool,
    version: bool,
    paths: Vec<OsString>,
}

/// Go's `strconv.ParseBool`.
fn parse_bool(s: &str) -> Option<bool> {
    match s {
        "1" | "t" | "T" | "TRUE" | "true" | "True" => Some(true),
        "0" | "f" | "F" | "FALSE" | "false" | "False" => Some(false),
        _ => None,
    }
}

/// Go's `flag` package over the four boolean flags: `-name`, `--name`,
/// `-name=value`; parsing stops at the first argument that is not a flag
/// (or after `--`). `Err` holds the message to print before the usage
/// (empty for `-h`).
fn parse_args(args: &[OsString]) -> Result<Opts, String> {
    let mut o = Opts::default();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].to_string_lossy();
        if a.len() < 2 || !a.starts_with('-') {
            break;
        }
        i += 1;
        let mut name = &a[1..];
        if let Some(rest) = name.strip_prefix('-') {
            if rest.is_empty() {
                // "--" ends the flags.
                break;
            }
            name = rest;
        }
        if name.starts_with('-') || name.starts_with('=') {
            return Err(format!("bad flag syntax: {a}"));
        }
        let (name, value) = match name.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (name, None),
        };
        let flag = match name {
            "check" => &mut o.check,
            "require-no-change" => &mut o.require_no_change,
            "w" => &mut o.overwrite,
            "version" => &mut o.version,
            "h" | "help" => return Err(String::new()),
            _ => return Err(format!("flag provided but not defined: -{name}")),
        };
        *flag = match value {
            None => true,
            Some(v) => parse_bool(v)
                .ok_or_else(|| format!("invalid boolean value {v:?} for -{name}: parse error"))?,
        };
    }
    o.paths = args[i..].to_vec();
    Ok(o)
}

/// The text Go gives an operating-system error (`syscall.Errno.Error()`),
/// for the common ones; the system's message in lower case otherwise.
fn go_errno(e: &io::Error) -> String {
    let known = match e.raw_os_error() {
        Some(1) => Some("operation not permitted"),
        Some(2) => Some("no such file or directory"),
        Some(5) => Some("input/output error"),
        Some(13) => Some("permission denied"),
        Some(20) => Some("not a directory"),
        Some(21) => Some("is a directory"),
        Some(28) => Some("no space left on device"),
        Some(30) => Some("read-only file system"),
        Some(36) => Some("file name too long"),
        Some(40) => Some("too many levels of symbolic links"),
        _ => None,
    };
    match known {
        Some(s) => s.to_string(),
        None => {
            let s = e.to_string();
            let s = match s.find(" (os error") {
                Some(k) => &s[..k],
                None => &s,
            };
            let mut c = s.chars();
            match c.next() {
                Some(f) => f.to_lowercase().chain(c).collect(),
                None => String::new(),
            }
        }
    }
}

/// Go's `*PathError` text: `op path: errno`.
fn path_error(op: &str, path: &OsStr, e: &io::Error) -> String {
    format!("{op} {}: {}", path.to_string_lossy(), go_errno(e))
}

/// Why a run stopped.
enum Failure {
    Message(String),
    BrokenPipe,
}

struct State<'a> {
    opts: Opts,
    stdout: &'a mut dyn Write,
    stderr: &'a mut dyn Write,
    color: bool,
    width: usize,
    check_errors: bool,
    changed: Vec<String>,
}

/// Runs `hclfmt` with the process's arguments and standard streams and
/// returns its exit status.
pub fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let stdout = io::stdout();
    let stderr = io::stderr();
    let color = stderr.is_terminal();
    let width = terminal_size::terminal_size_of(io::stdout())
        .map(|(w, _)| w.0 as usize)
        .unwrap_or(80);
    let mut out = stdout.lock();
    let mut err = stderr.lock();
    let mut code = run(&args, &mut io::stdin(), &mut out, &mut err, color, width);
    if let Err(e) = out.flush()
        && e.kind() == io::ErrorKind::BrokenPipe
    {
        code = BROKEN_PIPE_STATUS;
    }
    ExitCode::from(u8::try_from(code).unwrap_or(1))
}

/// Runs `hclfmt` with the given arguments (without the program name) and
/// streams; `color` and `width` shape `-check`'s diagnostics (the
/// reference colours them when standard error is a terminal and wraps them
/// to the width of the terminal on standard output, else 80). Returns the
/// exit status (see the [crate docs](crate)).
///
/// ```
/// let args = ["-check"].map(std::ffi::OsString::from);
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let status = hclfmt::run(&args, &mut &b"a = \n"[..], &mut out, &mut err, false, 80);
/// assert_eq!(status, 1);
/// assert!(out.is_empty());
/// assert!(String::from_utf8(err).unwrap().ends_with("one or more files contained errors\n"));
/// ```
pub fn run(
    args: &[OsString],
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
    color: bool,
    width: usize,
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
        return match writeln!(stdout, "{VERSION}") {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => BROKEN_PIPE_STATUS,
            _ => 0,
        };
    }
    let mut st = State {
        opts,
        stdout,
        stderr,
        color,
        width,
        check_errors: false,
        changed: Vec::new(),
    };
    let result = st.process_files(stdin).and_then(|()| {
        if st.check_errors {
            return Err(Failure::Message(
                "one or more files contained errors".into(),
            ));
        }
        if st.opts.require_no_change && !st.changed.is_empty() {
            return Err(Failure::Message(format!(
                "file(s) were changed: {}",
                st.changed.join(", ")
            )));
        }
        Ok(())
    });
    match result {
        Ok(()) => 0,
        Err(Failure::BrokenPipe) => BROKEN_PIPE_STATUS,
        Err(Failure::Message(m)) => {
            let _ = writeln!(st.stderr, "{m}");
            1
        }
    }
}

impl State<'_> {
    fn process_files(&mut self, stdin: &mut dyn Read) -> Result<(), Failure> {
        if self.opts.paths.is_empty() {
            if self.opts.overwrite {
                return Err(Failure::Message(
                    "error: cannot use -w without source filenames".into(),
                ));
            }
            let mut src = Vec::new();
            stdin.read_to_end(&mut src).map_err(|e| {
                Failure::Message(format!(
                    "failed to read <stdin>: {}",
                    path_error("read", OsStr::new("/dev/stdin"), &e)
                ))
            })?;
            return self.process("<stdin>", None, src);
        }
        for path in std::mem::take(&mut self.opts.paths) {
            let meta = std::fs::metadata(&path)
                .map_err(|e| Failure::Message(path_error("stat", &path, &e)))?;
            let name = path.to_string_lossy().into_owned();
            if meta.is_dir() {
                return Err(Failure::Message(format!("can't format directory {name}")));
            }
            let mut f = std::fs::File::open(&path).map_err(|e| {
                Failure::Message(format!(
                    "failed to open {name}: {}",
                    path_error("open", &path, &e)
                ))
            })?;
            let mut src = Vec::new();
            f.read_to_end(&mut src).map_err(|e| {
                Failure::Message(format!(
                    "failed to read {name}: {}",
                    path_error("read", &path, &e)
                ))
            })?;
            self.process(&name, Some(Path::new(&path)), src)?;
        }
        Ok(())
    }

    fn process(&mut self, name: &str, path: Option<&Path>, src: Vec<u8>) -> Result<(), Failure> {
        if self.opts.check && !self.check(name, &src) {
            self.check_errors = true;
            return Ok(());
        }
        // A large input is formatted in pieces on the machine's threads
        // (the result is the same on one).
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        let out = hcldecode_spec::format::format_on(&src, threads);
        let changed = out != src;
        if changed {
            self.changed.push(name.to_string());
        }
        if let (true, Some(path)) = (self.opts.overwrite, path) {
            if !changed {
                return Ok(());
            }
            return output::write_file(path, |w| w.write_all(&out))
                .map_err(|e| Failure::Message(path_error("open", path.as_os_str(), &e)));
        }
        self.stdout.write_all(&out).map_err(|e| {
            if e.kind() == io::ErrorKind::BrokenPipe {
                Failure::BrokenPipe
            } else {
                Failure::Message(path_error("write", OsStr::new("/dev/stdout"), &e))
            }
        })
    }

    /// Parses the file and prints its diagnostics; whether it had no
    /// errors.
    fn check(&mut self, name: &str, src: &[u8]) -> bool {
        let (source, mut diags) = native::source_from_bytes(name, src.to_vec());
        let (parsed, d) = native::parse_config(source.clone());
        diags.extend(d);
        let blocks = native::block_headers(&source, &parsed.body);
        let mut files = SourceMap::new();
        files.add(source, blocks);
        let mut text = String::new();
        render::write_text(&mut text, &diags, &files, self.width, self.color);
        let _ = self.stderr.write_all(text.as_bytes());
        !diags.has_errors()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<OsString> {
        a.iter().map(OsString::from).collect()
    }

    #[test]
    fn flags_as_go_parses_them() {
        let o = parse_args(&args(&["--w=true", "-check", "a", "-version"]))
            .ok()
            .unwrap();
        assert!(o.overwrite && o.check && !o.version);
        assert_eq!(o.paths, args(&["a", "-version"]));
        let o = parse_args(&args(&["-w=0", "--", "-check"])).ok().unwrap();
        assert!(!o.overwrite && !o.check);
        assert_eq!(o.paths, args(&["-check"]));
        assert_eq!(
            parse_args(&args(&["-w=maybe"])).err().unwrap(),
            "invalid boolean value \"maybe\" for -w: parse error"
        );
        assert_eq!(
            parse_args(&args(&["---w"])).err().unwrap(),
            "bad flag syntax: ---w"
        );
        assert_eq!(
            parse_args(&args(&["-x"])).err().unwrap(),
            "flag provided but not defined: -x"
        );
        assert_eq!(parse_args(&args(&["-help"])).err().unwrap(), "");
        // A lone "-" is an argument.
        assert_eq!(parse_args(&args(&["-"])).ok().unwrap().paths, args(&["-"]));
    }
}
