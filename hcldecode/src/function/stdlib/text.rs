//! The string functions of the function library (cty stdlib/string.go,
//! string_replace.go) beyond the spec-file ones.

use super::case_tables::TO_UPPER;
use super::{build, build_in_context, go_int, num_arg, shared_function, str_arg};
use crate::Type;
use crate::function::{FunctionError, Parameter, ReturnType};
use crate::value::Value;

fn s(name: &str) -> Parameter {
    Parameter::new(name, Type::String)
}

fn list_of_strings(items: Vec<String>) -> Value {
    if items.is_empty() {
        return Value::list_empty(Type::String);
    }
    Value::list(Type::String, items.into_iter().map(Value::string).collect())
}

shared_function! {
    /// `join(separator, lists...)`.
    join => build_in_context(
        "Concatenates together the elements of all given lists with a delimiter, producing a single string.",
        vec![s("separator")],
        Some(Parameter::new("lists", Type::list(Type::String))),
        ReturnType::Static(Type::String),
        |cx, args, _| {
            let sep = str_arg(args, 0)?;
            let lists = &args[1..];
            if lists.is_empty() {
                return Err(FunctionError::call("at least one list is required"));
            }
            if lists.iter().any(|l| !l.is_wholly_known()) {
                return Ok(Value::unknown(Type::String));
            }
            let mut items: Vec<&str> = Vec::new();
            for (ai, list) in lists.iter().enumerate() {
                for (ei, v) in list.elements().unwrap_or(&[]).iter().enumerate() {
                    let Some(s) = v.as_str() else {
                        return Err(FunctionError::arg(
                            ai + 1,
                            if lists.len() > 1 {
                                format!("element {ei} of list {} is null; cannot concatenate null values", ai + 1)
                            } else {
                                format!("element {ei} is null; cannot concatenate null values")
                            },
                        ));
                    };
                    items.push(s);
                }
            }
            let total: usize = items.iter().map(|s| s.len()).sum::<usize>()
                + sep.len() * items.len().saturating_sub(1);
            cx.check_size(0, total as u64)?;
            Ok(Value::string(items.join(sep)))
        },
    )
}

shared_function! {
    /// `sort(list)`: strings in lexicographic (byte) order.
    sort => build(
        "Applies a lexicographic sort to the elements of the given list.",
        vec![Parameter::new("list", Type::list(Type::String))],
        None,
        ReturnType::Static(Type::list(Type::String)),
        |args, ret| {
            let list = &args[0];
            if !list.is_wholly_known() {
                return Ok(Value::unknown(ret.clone()));
            }
            let elems = list.elements().unwrap_or(&[]);
            if elems.is_empty() {
                return Ok(list.clone());
            }
            let mut out = Vec::with_capacity(elems.len());
            for (i, v) in elems.iter().enumerate() {
                let Some(s) = v.as_str() else {
                    return Err(FunctionError::call(format!(
                        "given list element {i} is null; a null string cannot be sorted"
                    )));
                };
                out.push(s.to_string());
            }
            out.sort();
            Ok(list_of_strings(out))
        },
    )
}

shared_function! {
    /// `split(separator, str)`.
    split => build_in_context(
        "Produces a list of one or more strings by splitting the given string at all instances of a given separator substring.",
        vec![s("separator"), s("str")],
        None,
        ReturnType::Static(Type::list(Type::String)),
        |cx, args, _| {
            let sep = str_arg(args, 0)?;
            let st = str_arg(args, 1)?;
            let items: Vec<String> = if sep.is_empty() {
                // Go's strings.Split with an empty separator: one element
                // per UTF-8 sequence.
                st.chars().map(String::from).collect()
            } else {
                st.split(sep).map(String::from).collect()
            };
            cx.check_size(items.len() as u64, st.len() as u64)?;
            Ok(list_of_strings(items))
        },
    )
}

shared_function! {
    /// `chomp(str)`: trailing newlines (`\n`, `\r\n`, `\r`) removed.
    chomp => build(
        "Removes one or more newline characters from the end of the given string.",
        vec![s("str")],
        None,
        ReturnType::Static(Type::String),
        |args, _| Ok(Value::string(str_arg(args, 0)?.trim_end_matches(['\r', '\n']))),
    )
}

shared_function! {
    /// `indent(spaces, str)`: `spaces` spaces after each newline. A
    /// negative count is an error at `spaces` (go-cty panics).
    indent => build_in_context(
        "Adds a given number of spaces after each newline character in the given string.",
        vec![Parameter::new("spaces", Type::Number), s("str")],
        None,
        ReturnType::Static(Type::String),
        |cx, args, _| {
            let spaces = go_int(num_arg(args, 0)?)?;
            if spaces < 0 {
                return Err(FunctionError::arg(0, "the number of spaces must not be negative"));
            }
            let data = str_arg(args, 1)?;
            let lines = data.bytes().filter(|&b| b == b'\n').count() as u64;
            let total = (spaces as u64)
                .checked_mul(lines)
                .and_then(|n| n.checked_add(data.len() as u64))
                .unwrap_or(u64::MAX);
            cx.check_size(0, total)?;
            let pad = " ".repeat(spaces as usize);
            Ok(Value::string(data.replace('\n', &format!("\n{pad}"))))
        },
    )
}

/// Go's `unicode.ToTitle` for one rune: upper case, except for the
/// digraphs that have a distinct title case.
fn to_title(c: char) -> char {
    match c as u32 {
        0x01C4..=0x01C6 => '\u{01C5}',
        0x01C7..=0x01C9 => '\u{01C8}',
        0x01CA..=0x01CC => '\u{01CB}',
        0x01F1..=0x01F3 => '\u{01F2}',
        _ => {
            let r = c as u32;
            let i = TO_UPPER.partition_point(|&(_, hi, _, _)| hi < r);
            match TO_UPPER.get(i) {
                Some(&(lo, _, stride, delta)) if lo <= r && (r - lo).is_multiple_of(stride) => {
                    char::from_u32(r.wrapping_add_signed(delta)).unwrap_or(c)
                }
                _ => c,
            }
        }
    }
}

/// Go's `strings.isSeparator` (used by `strings.Title`).
fn is_separator(c: char) -> bool {
    if c.is_ascii() {
        return !(c.is_ascii_alphanumeric() || c == '_');
    }
    if c.is_alphabetic() || c.is_numeric() {
        return false;
    }
    c.is_whitespace()
}

/// Go's deprecated `strings.Title`.
pub(crate) fn go_title(s: &str) -> String {
    let mut prev = ' ';
    s.chars()
        .map(|c| {
            let out = if is_separator(prev) { to_title(c) } else { c };
            prev = c;
            out
        })
        .collect()
}

shared_function! {
    /// `title(str)`: the first letter of each word in title case.
    title => build(
        "Replaces one letter after each non-letter and non-digit character with its uppercase equivalent.",
        vec![s("str")],
        None,
        ReturnType::Static(Type::String),
        |args, _| Ok(Value::string(go_title(str_arg(args, 0)?))),
    )
}

shared_function! {
    /// `trimspace(str)`: Unicode white space removed at both ends.
    trimspace => build(
        "Removes any consecutive space characters (as defined by Unicode) from the start and end of the given string.",
        vec![s("str")],
        None,
        ReturnType::Static(Type::String),
        |args, _| Ok(Value::string(str_arg(args, 0)?.trim())),
    )
}

shared_function! {
    /// `trim(str, cutset)`: the characters of `cutset` removed at both ends.
    trim => build(
        "Removes consecutive sequences of characters in \"cutset\" from the start and end of the given string.",
        vec![s("str"), s("cutset")],
        None,
        ReturnType::Static(Type::String),
        |args, _| {
            let cutset = str_arg(args, 1)?;
            Ok(Value::string(str_arg(args, 0)?.trim_matches(|c| cutset.contains(c))))
        },
    )
}

shared_function! {
    /// `trimprefix(str, prefix)`.
    trimprefix => build(
        "Removes the given prefix from the start of the given string, if present.",
        vec![s("str"), s("prefix")],
        None,
        ReturnType::Static(Type::String),
        |args, _| {
            let st = str_arg(args, 0)?;
            Ok(Value::string(st.strip_prefix(str_arg(args, 1)?).unwrap_or(st)))
        },
    )
}

shared_function! {
    /// `trimsuffix(str, suffix)`.
    trimsuffix => build(
        "Removes the given suffix from the start of the given string, if present.",
        vec![s("str"), s("suffix")],
        None,
        ReturnType::Static(Type::String),
        |args, _| {
            let st = str_arg(args, 0)?;
            Ok(Value::string(st.strip_suffix(str_arg(args, 1)?).unwrap_or(st)))
        },
    )
}

shared_function! {
    /// `replace(str, substr, replace)`: every occurrence replaced.
    replace => build_in_context(
        "Replaces all instances of the given substring in the given string with the given replacement string.",
        vec![s("str"), s("substr"), s("replace")],
        None,
        ReturnType::Static(Type::String),
        |cx, args, _| {
            let st = str_arg(args, 0)?;
            let sub = str_arg(args, 1)?;
            let rep = str_arg(args, 2)?;
            let n = if sub.is_empty() {
                st.chars().count() as u64 + 1
            } else {
                st.matches(sub).count() as u64
            };
            let total = (rep.len() as u64)
                .checked_mul(n)
                .and_then(|x| x.checked_add(st.len() as u64))
                .unwrap_or(u64::MAX);
            cx.check_size(0, total)?;
            Ok(Value::string(st.replace(sub, rep)))
        },
    )
}
