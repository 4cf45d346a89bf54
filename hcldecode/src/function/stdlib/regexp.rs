//! Regular expression functions (cty stdlib/regexp.go, string_replace.go):
//! `regex`, `regexall`, `regex_replace`, with Go's RE2 syntax through the
//! `regex` crate (also linear-time, so no pattern is catastrophic).
//!
//! Go's `\d`, `\w`, `\s` and `\b` are ASCII-only while the crate's are
//! Unicode-aware: patterns are rewritten to the ASCII classes first.

use std::cell::RefCell;
use std::sync::Arc;

use regex::{Regex, RegexBuilder};

use super::{build, check_size, shared_function, str_arg};
use crate::Type;
use crate::function::{FunctionError, Parameter, ReturnType};
use crate::value::Value;

/// The most memory a compiled pattern may take.
const MAX_COMPILED_BYTES: usize = 16 << 20;

/// Rewrites Go's ASCII Perl classes for the `regex` crate.
fn go_pattern(p: &str) -> String {
    let mut out = String::with_capacity(p.len() + 8);
    let mut in_class = 0usize;
    let mut chars = p.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let Some(n) = chars.next() else {
                    out.push('\\');
                    break;
                };
                let rep = match (n, in_class > 0) {
                    ('d', false) => "[0-9]",
                    ('D', false) => "[^0-9]",
                    ('w', false) => "[0-9A-Za-z_]",
                    ('W', false) => "[^0-9A-Za-z_]",
                    ('s', false) => "[\\t\\n\\f\\r ]",
                    ('S', false) => "[^\\t\\n\\f\\r ]",
                    ('b', false) => "(?-u:\\b)",
                    ('B', false) => "(?-u:\\B)",
                    ('d', true) => "0-9",
                    ('D', true) => "[^0-9]",
                    ('w', true) => "0-9A-Za-z_",
                    ('W', true) => "[^0-9A-Za-z_]",
                    ('s', true) => "\\t\\n\\f\\r ",
                    ('S', true) => "[^\\t\\n\\f\\r ]",
                    _ => {
                        out.push('\\');
                        out.push(n);
                        continue;
                    }
                };
                out.push_str(rep);
            }
            '[' => {
                out.push('[');
                if in_class == 0 {
                    in_class = 1;
                    // A leading `]` (after an optional `^`) is literal.
                    if chars.peek() == Some(&'^') {
                        out.push('^');
                        chars.next();
                    }
                    if chars.peek() == Some(&']') {
                        out.push_str("\\]");
                        chars.next();
                    }
                } else if chars.peek() == Some(&':') {
                    // `[:alpha:]`: copy through its closing `]`.
                    for c2 in chars.by_ref() {
                        out.push(c2);
                        if c2 == ']' {
                            break;
                        }
                    }
                } else {
                    // A literal `[` inside a class in Go.
                    out.pop();
                    out.push_str("\\[");
                }
            }
            ']' if in_class > 0 => {
                in_class = 0;
                out.push(']');
            }
            '&' | '~' | '-' if in_class > 0 && chars.peek() == Some(&c) => {
                // Set operators in the crate, literal in Go.
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

thread_local! {
    /// Recently compiled patterns (a configuration tends to reuse a few).
    static CACHE: RefCell<Vec<(Arc<str>, Arc<Regex>)>> = const { RefCell::new(Vec::new()) };
}

/// Compiles a Go pattern.
pub(crate) fn compile(pattern: &str) -> Result<Arc<Regex>, String> {
    if let Some(re) = CACHE.with(|c| {
        c.borrow()
            .iter()
            .find(|(p, _)| &**p == pattern)
            .map(|(_, r)| r.clone())
    }) {
        return Ok(re);
    }
    let re = RegexBuilder::new(&go_pattern(pattern))
        .size_limit(MAX_COMPILED_BYTES)
        .dfa_size_limit(MAX_COMPILED_BYTES)
        .build()
        .map_err(|e| match e {
            regex::Error::Syntax(s) => s
                .lines()
                .last()
                .unwrap_or_default()
                .trim_start_matches("error: ")
                .to_string(),
            regex::Error::CompiledTooBig(n) => {
                format!("the compiled pattern would exceed the limit of {n} bytes")
            }
            e => e.to_string(),
        })?;
    let re = Arc::new(re);
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= 16 {
            c.remove(0);
        }
        c.push((Arc::from(pattern), re.clone()));
    });
    Ok(re)
}

/// cty's `regexPatternResultType`.
fn result_type(pattern: &str) -> Result<(Type, Arc<Regex>), FunctionError> {
    let re = compile(pattern)
        .map_err(|e| FunctionError::arg(0, format!("invalid regexp pattern: {e}")))?;
    let mut unnamed = 0;
    let mut names = Vec::new();
    for n in re.capture_names().skip(1) {
        match n {
            Some(n) => names.push(n.to_string()),
            None => unnamed += 1,
        }
    }
    let ty = match (unnamed, names.is_empty()) {
        (0, true) => Type::String,
        (u, false) if u > 0 => {
            return Err(FunctionError::arg(
                0,
                "invalid regexp pattern: cannot mix both named and unnamed capture groups",
            ));
        }
        (u, true) => Type::tuple(std::iter::repeat_n(Type::String, u)),
        (_, false) => Type::object(names.into_iter().map(|n| (n, Type::String))),
    };
    Ok((ty, re))
}

fn pattern_result(re: &Regex, caps: &regex::Captures<'_>, ty: &Type) -> Value {
    let group = |i: usize| match caps.get(i) {
        Some(m) => Value::string(m.as_str()),
        None => Value::null(Type::String),
    };
    match ty {
        Type::Tuple(ts) => Value::tuple((1..=ts.len()).map(group).collect()),
        Type::Object(_) => Value::object(
            re.capture_names()
                .enumerate()
                .skip(1)
                .filter_map(|(i, n)| Some((n?.to_string(), group(i)))),
        ),
        _ => group(0),
    }
}

shared_function! {
    /// `regex(pattern, string)`: the first match (a string, a tuple of the
    /// capture groups, or an object of the named ones).
    regex => build(
        "Applies the given regular expression pattern to the given string and returns information about a single match, or raises an error if there is no match.",
        vec![Parameter::new("pattern", Type::String), Parameter::new("string", Type::String)],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| match args[0].as_str() {
            Some(p) => result_type(p).map(|(t, _)| t),
            None => Ok(Type::Dynamic),
        })),
        |args, ret| {
            if ret.is_dynamic() {
                return Ok(Value::dynamic());
            }
            let (_, re) = result_type(str_arg(args, 0)?)?;
            let s = str_arg(args, 1)?;
            match re.captures(s) {
                Some(c) => Ok(pattern_result(&re, &c, ret)),
                None => Err(FunctionError::call("pattern did not match any part of the given string")),
            }
        },
    )
}

shared_function! {
    /// `regexall(pattern, string)`: every non-overlapping match.
    regexall => build(
        "Applies the given regular expression pattern to the given string and returns a list of information about all non-overlapping matches, or an empty list if there are no matches.",
        vec![Parameter::new("pattern", Type::String), Parameter::new("string", Type::String)],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| match args[0].as_str() {
            Some(p) => result_type(p).map(|(t, _)| Type::list(t)),
            None => Ok(Type::list(Type::Dynamic)),
        })),
        |args, ret| {
            let ety = ret.element_type().cloned().unwrap_or(Type::Dynamic);
            if ety.is_dynamic() {
                return Ok(Value::dynamic());
            }
            let (_, re) = result_type(str_arg(args, 0)?)?;
            let s = str_arg(args, 1)?;
            let mut out = Vec::new();
            for c in re.captures_iter(s) {
                check_size(out.len() as u64 + 1, 0)?;
                out.push(pattern_result(&re, &c, &ety));
            }
            if out.is_empty() {
                return Ok(Value::list_empty(ety));
            }
            Ok(Value::list(ety, out))
        },
    )
}

shared_function! {
    /// `regex_replace(str, pattern, replace)`: every match replaced;
    /// `$1`, `${name}` in `replace` expand to groups.
    regex_replace => build(
        "Applies the given regular expression pattern to the given string and replaces all matches with the given replacement string.",
        vec![
            Parameter::new("str", Type::String),
            Parameter::new("pattern", Type::String),
            Parameter::new("replace", Type::String),
        ],
        None,
        ReturnType::Static(Type::String),
        |args, _| {
            let s = str_arg(args, 0)?;
            let re = compile(str_arg(args, 1)?)
                .map_err(|e| FunctionError::call(format!("error parsing regexp: {e}")))?;
            let rep = str_arg(args, 2)?;
            let n = re.find_iter(s).count() as u64;
            let est = (rep.len() as u64 + 64).saturating_mul(n).saturating_add(s.len() as u64);
            check_size(0, est.min(s.len() as u64 + rep.len() as u64 * n))?;
            Ok(Value::string(re.replace_all(s, rep)))
        },
    )
}
