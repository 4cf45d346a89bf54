//! Regular expression functions (cty stdlib/regexp.go, string_replace.go):
//! `regex`, `regexall`, `regex_replace`, with Go's RE2 syntax.
//!
//! Patterns are parsed as Go's `regexp/syntax` parses them
//! ([`go_syntax`]): what Go rejects fails with Go's error, and what Go
//! accepts is translated into an equivalent pattern for the `regex` crate
//! (also linear-time, so no pattern is catastrophic).

mod go_syntax;
mod unicode_names;

use std::cell::RefCell;
use std::sync::Arc;

use regex::{Regex, RegexBuilder};

use super::{build, build_in_context, shared_function, str_arg};
use crate::Type;
use crate::function::{FunctionError, Parameter, ReturnType};
use crate::value::Value;

pub(crate) use go_syntax::GoError;

/// The most memory a compiled pattern may take.
const MAX_COMPILED_BYTES: usize = 16 << 20;

/// A compiled Go pattern: the crate's regex and Go's capture group names
/// (`names[i]` for group `i + 1`; a name may appear twice, as in Go).
pub(crate) struct GoRegex {
    pub re: Regex,
    pub names: Vec<Option<String>>,
}

impl GoError {
    /// Go's `(*syntax.Error).Error()`.
    pub(crate) fn go_text(&self) -> String {
        format!("error parsing regexp: {}: `{}`", self.code, self.expr)
    }
}

// Per thread: a small cache needs no lock, and a pattern compiled twice
// on two threads costs little.
thread_local! {
    /// Recently compiled patterns (a configuration tends to reuse a few).
    static CACHE: RefCell<Vec<(Arc<str>, Arc<GoRegex>)>> = const { RefCell::new(Vec::new()) };
}

/// Compiles a Go pattern.
pub(crate) fn compile(pattern: &str) -> Result<Arc<GoRegex>, GoError> {
    if let Some(re) = CACHE.with(|c| {
        c.borrow()
            .iter()
            .find(|(p, _)| &**p == pattern)
            .map(|(_, r)| r.clone())
    }) {
        return Ok(re);
    }
    let t = go_syntax::translate(pattern)?;
    // Every construct was checked against Go's grammar; what the crate can
    // still refuse is size.
    let re = RegexBuilder::new(&t.pattern)
        .size_limit(MAX_COMPILED_BYTES)
        .dfa_size_limit(MAX_COMPILED_BYTES)
        .build()
        .map_err(|_| GoError {
            code: "expression too large",
            expr: pattern.to_string(),
        })?;
    let re = GoRegex { re, names: t.names };
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
fn result_type(pattern: &str) -> Result<(Type, Arc<GoRegex>), FunctionError> {
    let re = compile(pattern).map_err(|e| {
        FunctionError::arg(
            0,
            format!("invalid regexp pattern: {} in {}", e.code, e.expr),
        )
    })?;
    let mut unnamed = 0;
    let mut names = Vec::new();
    for n in &re.names {
        match n {
            Some(n) => names.push(n.clone()),
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

/// cty's `regexPatternResult`: a group that took no part is null; with a
/// name used twice, the later group's value wins (Go builds a map).
fn pattern_result(re: &GoRegex, caps: &regex::Captures<'_>, ty: &Type) -> Value {
    let group = |i: usize| match caps.get(i) {
        Some(m) => Value::string(m.as_str()),
        None => Value::null(Type::String),
    };
    match ty {
        Type::Tuple(ts) => Value::tuple((1..=ts.len()).map(group).collect()),
        Type::Object(_) => {
            let mut attrs = std::collections::BTreeMap::new();
            for (i, n) in re.names.iter().enumerate() {
                if let Some(n) = n {
                    attrs.insert(n.clone(), group(i + 1));
                }
            }
            Value::object(attrs)
        }
        _ => group(0),
    }
}

/// Go's `(*Regexp).Expand` of a `ReplaceAllString` template: `$1`,
/// `${1}`, `$name`, `${name}` (the longest run of letters, digits and `_`),
/// `$$` for `$`; a malformed `$` is kept as it is.
fn expand(out: &mut String, template: &str, re: &GoRegex, caps: &regex::Captures<'_>) {
    let mut rest = template;
    while let Some(i) = rest.find('$') {
        out.push_str(&rest[..i]);
        rest = &rest[i + 1..];
        if let Some(r) = rest.strip_prefix('$') {
            out.push('$');
            rest = r;
            continue;
        }
        let is_name = |c: char| c == '_' || c.is_alphanumeric();
        let (name, after) = if let Some(r) = rest.strip_prefix('{') {
            match r.find(|c: char| !is_name(c)) {
                Some(e) if e > 0 && r[e..].starts_with('}') => (&r[..e], &r[e + 1..]),
                _ => ("", rest),
            }
        } else {
            let e = rest.find(|c: char| !is_name(c)).unwrap_or(rest.len());
            (&rest[..e], &rest[e..])
        };
        if name.is_empty() {
            out.push('$');
            continue;
        }
        rest = after;
        let num = if name.bytes().all(|b| b.is_ascii_digit()) {
            let mut n: i64 = 0;
            for b in name.bytes() {
                if n >= 100_000_000 {
                    n = -1;
                    break;
                }
                n = n * 10 + i64::from(b - b'0');
            }
            Some(n)
        } else {
            None
        };
        let m = match num {
            Some(n) if n >= 0 => caps.get(n as usize),
            Some(_) => None,
            None => re
                .names
                .iter()
                .enumerate()
                .filter(|(_, n)| n.as_deref() == Some(name))
                .find_map(|(i, _)| caps.get(i + 1)),
        };
        if let Some(m) = m {
            out.push_str(m.as_str());
        }
    }
    out.push_str(rest);
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
            match re.re.captures(s) {
                Some(c) => Ok(pattern_result(&re, &c, ret)),
                None => Err(FunctionError::call("pattern did not match any part of the given string")),
            }
        },
    )
}

shared_function! {
    /// `regexall(pattern, string)`: every non-overlapping match.
    regexall => build_in_context(
        "Applies the given regular expression pattern to the given string and returns a list of information about all non-overlapping matches, or an empty list if there are no matches.",
        vec![Parameter::new("pattern", Type::String), Parameter::new("string", Type::String)],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| match args[0].as_str() {
            Some(p) => result_type(p).map(|(t, _)| Type::list(t)),
            None => Ok(Type::list(Type::Dynamic)),
        })),
        |cx, args, ret| {
            let ety = ret.element_type().cloned().unwrap_or(Type::Dynamic);
            if ety.is_dynamic() {
                return Ok(Value::dynamic());
            }
            let (_, re) = result_type(str_arg(args, 0)?)?;
            let s = str_arg(args, 1)?;
            let mut out = Vec::new();
            for c in re.re.captures_iter(s) {
                cx.check_size(out.len() as u64 + 1, 0)?;
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
    regex_replace => build_in_context(
        "Applies the given regular expression pattern to the given string and replaces all matches with the given replacement string.",
        vec![
            Parameter::new("str", Type::String),
            Parameter::new("pattern", Type::String),
            Parameter::new("replace", Type::String),
        ],
        None,
        ReturnType::Static(Type::String),
        |cx, args, _| {
            let s = str_arg(args, 0)?;
            let re = compile(str_arg(args, 1)?).map_err(|e| FunctionError::call(e.go_text()))?;
            let rep = str_arg(args, 2)?;
            let n = re.re.find_iter(s).count() as u64;
            let est = (rep.len() as u64 + 64).saturating_mul(n).saturating_add(s.len() as u64);
            cx.check_size(0, est.min(s.len() as u64 + rep.len() as u64 * n))?;
            let mut out = String::with_capacity(s.len());
            let mut last = 0;
            for c in re.re.captures_iter(s) {
                let m = c.get(0).expect("group 0");
                out.push_str(&s[last..m.start()]);
                expand(&mut out, rep, &re, &c);
                last = m.end();
            }
            out.push_str(&s[last..]);
            Ok(Value::string(out))
        },
    )
}
