//! The command line, read with `lexopt` the way spf13/pflag reads the
//! reference's flags: `-s x`, `-sx`, `-s=x`, `--spec x`, `--spec=x`,
//! repeated `-V`, runs of boolean shorthands (`-vh`), `--` ending the
//! flags, flags and inputs in any order, and pflag's messages for bad
//! flags. Paths stay `OsString`s, so non-UTF-8 names pass through.

use std::cell::RefCell;
use std::ffi::{OsStr, OsString};
use std::rc::Rc;

use hcldecode::function::Functions;
use lexopt::Arg;

/// The parsed command line.
#[derive(Debug, Default)]
pub(crate) struct Options {
    pub spec: Option<OsString>,
    pub out: Option<OsString>,
    pub diags: Option<String>,
    pub var_refs: bool,
    pub with_type: bool,
    pub version: bool,
    pub keep_nulls: bool,
    pub vars: Vec<OsString>,
    pub inputs: Vec<OsString>,
    /// `--functions=SET,...` (an extension), the sets of every such flag.
    pub functions: Option<Functions>,
    /// `--dynamic-blocks` (an extension).
    pub dynamic_blocks: bool,
    /// `--json-schema` (an extension): print the spec's JSON Schema.
    pub json_schema: bool,
    /// `--x-example` (an extension): print a reference configuration of
    /// the spec.
    pub example: bool,
    /// `--var name=value` (an extension): values of declared variables.
    pub var: Vec<String>,
    /// `--var-file FILE` (an extension): files of values of declared
    /// variables.
    pub var_files: Vec<OsString>,
    /// `--var-env PREFIX` (an extension): declared variables' values from
    /// the environment variables `PREFIX` + name.
    pub var_env: Option<String>,
}

/// Why the command line was refused: pflag's message (empty for `--help`),
/// printed before the usage text.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Refused(pub String);

/// One flag hcldec knows: its long name, its shorthand, and whether it
/// takes a value (the others are booleans).
struct Flag {
    long: &'static str,
    short: Option<char>,
    takes_value: bool,
}

const fn flag(long: &'static str, short: Option<char>, takes_value: bool) -> Flag {
    Flag {
        long,
        short,
        takes_value,
    }
}

const FLAGS: &[Flag] = &[
    flag("spec", Some('s'), true),
    flag("out", Some('o'), true),
    flag("diags", None, true),
    flag("vars", Some('V'), true),
    flag("var-refs", None, false),
    flag("with-type", None, false),
    flag("version", Some('v'), false),
    flag("keep-nulls", None, false),
    flag("help", Some('h'), false),
    // Extensions.
    flag("functions", None, true),
    flag("dynamic-blocks", None, false),
    flag("json-schema", None, false),
    flag("x-example", None, false),
    flag("var", None, true),
    flag("var-file", None, true),
    flag("var-env", None, true),
];

/// Parses `args` (without the program name).
pub(crate) fn parse(args: &[OsString]) -> Result<Options, Refused> {
    // pflag names the whole argument in some messages (`-x` in `-vx`);
    // lexopt hands out options one at a time, so remember the argument it
    // last took.
    let current = Rc::new(RefCell::new(OsString::new()));
    let seen = Rc::clone(&current);
    let mut parser = lexopt::Parser::from_args(args.iter().cloned().inspect(move |a| {
        *seen.borrow_mut() = a.clone();
    }));
    let mut o = Options::default();
    loop {
        let arg = match parser.next() {
            Ok(Some(a)) => a,
            Ok(None) => break,
            Err(e) => return Err(Refused(e.to_string())),
        };
        let (flag, long) = match arg {
            Arg::Value(v) => {
                o.inputs.push(v);
                continue;
            }
            Arg::Long(name) => match FLAGS.iter().find(|f| f.long == name) {
                Some(f) => (f, true),
                None => return Err(Refused(format!("unknown flag: --{name}"))),
            },
            Arg::Short(c) => match FLAGS.iter().find(|f| f.short == Some(c)) {
                Some(f) => (f, false),
                None => {
                    let whole = current.borrow().to_string_lossy().into_owned();
                    return Err(Refused(format!("unknown shorthand flag: '{c}' in {whole}")));
                }
            },
        };
        if flag.takes_value {
            let value = match parser.value() {
                Ok(v) => v,
                Err(_) if long => {
                    return Err(Refused(format!("flag needs an argument: --{}", flag.long)));
                }
                Err(_) => {
                    let c = flag.short.unwrap_or('?');
                    return Err(Refused(format!("flag needs an argument: '{c}' in -{c}")));
                }
            };
            match flag.long {
                "spec" => o.spec = Some(value),
                "out" => o.out = Some(value),
                "vars" => o.vars.push(value),
                "var" => o.var.push(value.to_string_lossy().into_owned()),
                "var-file" => o.var_files.push(value),
                "var-env" => o.var_env = Some(value.to_string_lossy().into_owned()),
                "functions" => {
                    let f = parse_functions(&value.to_string_lossy())?;
                    o.functions = Some(match o.functions.take() {
                        Some(before) => before.with(f),
                        None => f,
                    });
                }
                _ => o.diags = Some(value.to_string_lossy().into_owned()),
            }
            continue;
        }
        // A boolean takes a value only when attached with `=`; a bare
        // shorthand never swallows the rest of its run (`-vh`).
        let attached = if long { parser.optional_value() } else { None };
        let on = match attached.as_deref().map(OsStr::to_string_lossy).as_deref() {
            None => true,
            Some(v) => parse_bool(v).ok_or_else(|| {
                Refused(format!(
                    "invalid argument \"{v}\" for \"--{}\" flag: strconv.ParseBool: parsing \"{v}\": invalid syntax",
                    flag.long
                ))
            })?,
        };
        match flag.long {
            "var-refs" => o.var_refs = on,
            "with-type" => o.with_type = on,
            "version" => o.version = on,
            "keep-nulls" => o.keep_nulls = on,
            "dynamic-blocks" => o.dynamic_blocks = on,
            "json-schema" => o.json_schema = on,
            "x-example" => o.example = on,
            _ => return Err(Refused(String::new())),
        }
    }
    Ok(o)
}

/// The sets a `--functions` flag names (comma-separated).
fn parse_functions(list: &str) -> Result<Functions, Refused> {
    let refuse = |why: String| {
        Refused(format!(
            "invalid argument {list:?} for \"--functions\" flag: {why}"
        ))
    };
    let f = Functions::parse(list).map_err(|e| refuse(e.to_string()))?;
    if let Some(s) = f.sets().find(|s| !s.is_available()) {
        return Err(refuse(format!(
            "this hcldec was built without the {s:?} function set (cargo feature \"{s}\")"
        )));
    }
    Ok(f)
}

/// Go's `strconv.ParseBool`.
fn parse_bool(v: &str) -> Option<bool> {
    match v {
        "1" | "t" | "T" | "true" | "TRUE" | "True" => Some(true),
        "0" | "f" | "F" | "false" | "FALSE" | "False" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_strs(v: &[&str]) -> Result<Options, Refused> {
        parse(&v.iter().map(OsString::from).collect::<Vec<_>>())
    }

    fn err(v: &[&str]) -> String {
        parse_strs(v).unwrap_err().0
    }

    #[test]
    fn values_in_every_spelling() {
        for args in [
            &["-s", "x.hcldec"][..],
            &["-sx.hcldec"],
            &["-s=x.hcldec"],
            &["--spec", "x.hcldec"],
            &["--spec=x.hcldec"],
        ] {
            let o = parse_strs(args).unwrap();
            assert_eq!(o.spec.as_deref(), Some(OsStr::new("x.hcldec")), "{args:?}");
            assert!(o.inputs.is_empty(), "{args:?}");
        }
    }

    #[test]
    fn repeated_vars_flags_and_inputs_anywhere() {
        let o = parse_strs(&[
            "a.hcl",
            "-V",
            "v.json",
            "--vars={\"a\":1}",
            "-Vw.hcl",
            "--with-type",
            "b.hcl",
            "-o",
            "out",
            "-",
        ])
        .unwrap();
        assert_eq!(o.vars, ["v.json", "{\"a\":1}", "w.hcl"]);
        assert_eq!(o.inputs, ["a.hcl", "b.hcl", "-"]);
        assert!(o.with_type && !o.keep_nulls);
        assert_eq!(o.out.as_deref(), Some(OsStr::new("out")));
    }

    #[test]
    fn boolean_runs_and_values() {
        // `-vh`: version, then help (which refuses with no message).
        assert_eq!(err(&["-vh"]), "");
        assert!(parse_strs(&["-v"]).unwrap().version);
        assert!(!parse_strs(&["--keep-nulls=false"]).unwrap().keep_nulls);
        assert!(parse_strs(&["--keep-nulls=T"]).unwrap().keep_nulls);
        assert!(parse_strs(&["--dynamic-blocks"]).unwrap().dynamic_blocks);
        assert!(parse_strs(&["--json-schema"]).unwrap().json_schema);
        assert!(parse_strs(&["--x-example"]).unwrap().example);
        // A bare boolean does not take the next argument as its value.
        let o = parse_strs(&["--var-refs", "false"]).unwrap();
        assert!(o.var_refs);
        assert_eq!(o.inputs, ["false"]);
        assert_eq!(
            err(&["--with-type=maybe"]),
            "invalid argument \"maybe\" for \"--with-type\" flag: strconv.ParseBool: parsing \"maybe\": invalid syntax"
        );
    }

    #[test]
    fn double_dash_ends_the_flags() {
        let o = parse_strs(&["--spec=s", "--", "--x.hcl", "-v"]).unwrap();
        assert_eq!(o.inputs, ["--x.hcl", "-v"]);
        assert!(!o.version);
    }

    #[test]
    fn pflag_messages_for_bad_flags() {
        assert_eq!(err(&["--bogus"]), "unknown flag: --bogus");
        assert_eq!(err(&["-x"]), "unknown shorthand flag: 'x' in -x");
        assert_eq!(err(&["-vx"]), "unknown shorthand flag: 'x' in -vx");
        assert_eq!(err(&["--spec"]), "flag needs an argument: --spec");
        assert_eq!(err(&["-s"]), "flag needs an argument: 's' in -s");
        assert_eq!(err(&["--help"]), "");
    }

    #[test]
    fn function_sets_accumulate_over_flags() {
        use hcldecode::function::FunctionSet;
        let o = parse_strs(&["--functions=stdlib", "--functions", "stdlib"]).unwrap();
        assert!(o.functions.unwrap().contains(FunctionSet::Stdlib));
        assert!(parse_strs(&[]).unwrap().functions.is_none());
        let e = err(&["--functions=stdlib,bogus"]);
        assert!(
            e.starts_with("invalid argument \"stdlib,bogus\" for \"--functions\" flag: "),
            "{e}"
        );
    }

    #[cfg(unix)]
    #[test]
    fn non_utf8_paths_pass_through() {
        use std::os::unix::ffi::OsStrExt;
        let name = OsStr::from_bytes(b"caf\xe9.hcl").to_owned();
        let spec = OsStr::from_bytes(b"--spec=\xff.hcldec").to_owned();
        let o = parse(&[spec, name.clone()]).unwrap();
        assert_eq!(o.inputs, [name]);
        assert_eq!(o.spec.unwrap().as_bytes(), b"\xff.hcldec");
    }
}
