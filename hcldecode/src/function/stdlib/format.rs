//! `format` and `formatlist` (cty stdlib/format.go, format_fsm.rl): Go's
//! printf verbs applied to cty values.

use unicode_segmentation::UnicodeSegmentation;

use super::{build_in_context, shared_function, str_arg};
use crate::Type;
use crate::function::{CallContext, FunctionError, Parameter, ReturnType};
use crate::value::convert::convert;
use crate::value::{Value, json};

/// The largest width or precision Go's `fmt` reads (`tooLarge`).
const GO_MAX_NUM: usize = 1_000_000;

#[derive(Default)]
struct Verb<'a> {
    raw: &'a str,
    offset: usize,
    arg_num: usize,
    mode: char,
    zero: bool,
    sharp: bool,
    plus: bool,
    minus: bool,
    space: bool,
    /// `None`: not given.
    width: Option<usize>,
    prec: Option<usize>,
}

/// Reads a decimal number; saturates instead of overflowing.
fn read_num(b: &[u8], p: &mut usize) -> usize {
    let mut n: usize = 0;
    while *p < b.len() && b[*p].is_ascii_digit() {
        n = n
            .saturating_mul(10)
            .saturating_add(usize::from(b[*p] - b'0'));
        *p += 1;
    }
    n
}

/// cty's `formatFSM`.
fn format_fsm(cx: &CallContext<'_>, format: &str, args: &[Value]) -> Result<String, FunctionError> {
    let b = format.as_bytes();
    let mut out = String::new();
    let mut next_arg = 1;
    let mut highest = 0;
    let mut p = 0;
    let mut lit_start = 0;
    while p < b.len() {
        if b[p] != b'%' {
            p += 1;
            continue;
        }
        out.push_str(&format[lit_start..p]);
        let ts = p;
        p += 1;
        if p < b.len() && b[p] == b'%' {
            out.push('%');
            p += 1;
            lit_start = p;
            continue;
        }
        let mut verb = Verb {
            arg_num: next_arg,
            offset: ts,
            ..Verb::default()
        };
        while p < b.len() {
            match b[p] {
                b'0' => verb.zero = true,
                b'#' => verb.sharp = true,
                b'-' => verb.minus = true,
                b'+' => verb.plus = true,
                b' ' => verb.space = true,
                _ => break,
            }
            p += 1;
        }
        if p < b.len() && matches!(b[p], b'1'..=b'9') {
            verb.width = Some(read_num(b, &mut p));
        }
        if p < b.len() && b[p] == b'.' {
            p += 1;
            verb.prec = Some(read_num(b, &mut p));
        }
        if p < b.len() && b[p] == b'[' {
            p += 1;
            if p < b.len() && matches!(b[p], b'1'..=b'9') {
                verb.arg_num = read_num(b, &mut p);
            } else {
                return Err(bad_char(format, p));
            }
            if p < b.len() && b[p] == b']' {
                p += 1;
            } else {
                return Err(bad_char(format, p));
            }
        }
        if p >= b.len() {
            return Err(FunctionError::call(format!(
                "invalid format string starting at offset {p}"
            )));
        }
        if !b[p].is_ascii_alphabetic() {
            return Err(bad_char(format, p));
        }
        verb.mode = char::from(b[p]);
        p += 1;
        verb.raw = &format[ts..p];
        highest = highest.max(verb.arg_num);
        append_verb(cx, &verb, &mut out, args)?;
        next_arg = verb.arg_num + 1;
        lit_start = p;
    }
    out.push_str(&format[lit_start..]);
    if highest < args.len() {
        let first_bad = highest + 1;
        if highest == 0 {
            return Err(FunctionError::arg(
                first_bad,
                "too many arguments; no verbs in format string",
            ));
        }
        return Err(FunctionError::arg(
            first_bad,
            format!("too many arguments; only {highest} used by format string"),
        ));
    }
    Ok(out)
}

fn bad_char(format: &str, p: usize) -> FunctionError {
    let r = format[p..].chars().next().unwrap_or('\u{FFFD}');
    FunctionError::call(format!(
        "unrecognized format character {} at offset {p}",
        go_quote_rune(r)
    ))
}

/// Go's `%q` of a rune.
fn go_quote_rune(r: char) -> String {
    match r {
        '\'' => "'\\''".into(),
        '\\' => "'\\\\'".into(),
        '\n' => "'\\n'".into(),
        '\t' => "'\\t'".into(),
        '\r' => "'\\r'".into(),
        c if c.is_control() => format!("'\\x{:02x}'", c as u32),
        c => format!("'{c}'"),
    }
}

fn unsupported(verb: &Verb<'_>, why: impl std::fmt::Display) -> FunctionError {
    FunctionError::call(format!(
        "unsupported value for {} at {}: {why}",
        hcldecode_spec::go_quote::quote(verb.raw),
        verb.offset
    ))
}

/// The room a verb's width and precision need, checked against the
/// evaluation limits before padding.
fn check_verb(cx: &CallContext<'_>, verb: &Verb<'_>, len: usize) -> Result<(), FunctionError> {
    let w = verb.width.unwrap_or(0) as u64;
    let p = verb.prec.unwrap_or(0) as u64;
    cx.check_size(0, w.saturating_add(p).saturating_add(len as u64))
}

fn append_verb(
    cx: &CallContext<'_>,
    verb: &Verb<'_>,
    out: &mut String,
    args: &[Value],
) -> Result<(), FunctionError> {
    let Some(arg) = args.get(verb.arg_num - 1) else {
        return Err(FunctionError::call(format!(
            "not enough arguments for {} at {}: need index {} but have {} total",
            hcldecode_spec::go_quote::quote(verb.raw),
            verb.offset,
            verb.arg_num,
            args.len()
        )));
    };
    if verb.mode != 'v' && arg.is_null() {
        return Err(FunctionError::call(format!(
            "unsupported value for {} at {}: null value cannot be formatted",
            hcldecode_spec::go_quote::quote(verb.raw),
            verb.offset
        )));
    }
    check_verb(cx, verb, 0)?;
    match verb.mode {
        'v' => append_v(verb, arg, out),
        't' => {
            let b = convert(arg, &Type::Bool).map_err(|e| unsupported(verb, e.message))?;
            out.push_str(if b.as_bool() == Some(true) {
                "true"
            } else {
                "false"
            });
            Ok(())
        }
        'b' | 'd' | 'o' | 'x' | 'X' | 'e' | 'E' | 'f' | 'g' | 'G' => append_number(verb, arg, out),
        's' | 'q' => append_string(verb, arg, out),
        m => Err(FunctionError::call(format!(
            "unsupported format verb {} in {} at offset {}",
            go_quote_rune(m),
            hcldecode_spec::go_quote::quote(verb.raw),
            verb.offset
        ))),
    }
}

/// `%v` (and `%#v`): a string or number as it is (unless `#`), anything
/// else as JSON.
fn append_v(verb: &Verb<'_>, arg: &Value, out: &mut String) -> Result<(), FunctionError> {
    if !verb.sharp && !arg.is_null() {
        if let Some(s) = arg.as_str() {
            pad_width(verb, s, out);
            return Ok(());
        }
        if let Some(n) = arg.as_number() {
            pad_width(verb, &n.format('g', -1), out);
            return Ok(());
        }
    }
    let j = if arg.is_null() {
        "null".to_string()
    } else {
        json::marshal(arg, arg.ty()).map_err(|e| unsupported(verb, e.message))?
    };
    pad_width(verb, &j, out);
    Ok(())
}

/// The number verbs: `%b %d %o %x %X` of an integer, `%e %E %f %g %G`.
fn append_number(verb: &Verb<'_>, arg: &Value, out: &mut String) -> Result<(), FunctionError> {
    // Go's fmt does not take widths or precisions above 10^6 for
    // these verbs (it prints `%!(NOVERB)`); refusing them also
    // bounds the digits computed.
    if verb.width.unwrap_or(0) > GO_MAX_NUM || verb.prec.unwrap_or(0) > GO_MAX_NUM {
        return Err(unsupported(
            verb,
            format!("widths and precisions above {GO_MAX_NUM} are not supported for numbers"),
        ));
    }
    let n = convert(arg, &Type::Number).map_err(|e| unsupported(verb, e.message))?;
    let n = n
        .as_number()
        .ok_or_else(|| unsupported(verb, "a number is required"))?;
    if matches!(verb.mode, 'b' | 'd' | 'o' | 'x' | 'X') {
        let i = n
            .is_integer()
            .then(|| n.to_big_int())
            .flatten()
            .ok_or_else(|| unsupported(verb, "an integer is required"))?;
        format_int(verb, &i, out);
    } else {
        format_float(verb, n, out);
    }
    Ok(())
}

/// `%s` and `%q` (quoted as JSON), cut to the precision in grapheme
/// clusters.
fn append_string(verb: &Verb<'_>, arg: &Value, out: &mut String) -> Result<(), FunctionError> {
    let s = convert(arg, &Type::String).map_err(|e| unsupported(verb, e.message))?;
    let mut s = s.as_str().unwrap_or_default();
    if let Some(p) = verb.prec
        && p > 0
    {
        let end: usize = s.graphemes(true).take(p).map(str::len).sum();
        s = &s[..end];
    }
    if verb.mode == 's' {
        pad_width(verb, s, out);
    } else {
        let j = json::marshal(&Value::string(s), &Type::String)
            .map_err(|e| unsupported(verb, e.message))?;
        pad_width(verb, &j, out);
    }
    Ok(())
}

/// cty's `formatPadWidth`: pads to the width in grapheme clusters.
fn pad_width(verb: &Verb<'_>, s: &str, out: &mut String) {
    let Some(want) = verb.width else {
        out.push_str(s);
        return;
    };
    let have = s.graphemes(true).count();
    if have >= want {
        out.push_str(s);
        return;
    }
    let pad = if verb.zero { "0" } else { " " }.repeat(want - have);
    if verb.minus {
        out.push_str(s);
        out.push_str(&pad);
    } else {
        out.push_str(&pad);
        out.push_str(s);
    }
}

fn push_padded(out: &mut String, left: usize, parts: &[&str], right: usize) {
    out.extend(std::iter::repeat_n(' ', left));
    for p in parts {
        out.push_str(p);
    }
    out.extend(std::iter::repeat_n(' ', right));
}

/// Go's `big.Int.Format`.
fn format_int(verb: &Verb<'_>, i: &num_bigint::BigInt, out: &mut String) {
    use num_traits::Signed;
    let base = match verb.mode {
        'b' => 2,
        'o' => 8,
        'x' | 'X' => 16,
        _ => 10,
    };
    let sign = if i.is_negative() {
        "-"
    } else if verb.plus {
        "+"
    } else if verb.space {
        " "
    } else {
        ""
    };
    let prefix = if verb.sharp {
        match verb.mode {
            'b' => "0b",
            'o' => "0",
            'x' => "0x",
            'X' => "0X",
            _ => "",
        }
    } else {
        ""
    };
    let mut digits = i.abs().to_str_radix(base);
    if verb.mode == 'X' {
        digits = digits.to_uppercase();
    }
    let mut zeros = 0;
    if let Some(p) = verb.prec {
        if digits.len() < p {
            zeros = p - digits.len();
        } else if digits == "0" && p == 0 {
            return;
        }
    }
    let (mut left, mut right) = (0, 0);
    let len = sign.len() + prefix.len() + zeros + digits.len();
    if let Some(w) = verb.width
        && len < w
    {
        let d = w - len;
        if verb.minus {
            right = d;
        } else if verb.zero && verb.prec.is_none() {
            zeros = d;
        } else {
            left = d;
        }
    }
    let z = "0".repeat(zeros);
    push_padded(out, left, &[sign, prefix, &z, &digits], right);
}

/// Go's `big.Float.Format`.
fn format_float(verb: &Verb<'_>, n: &crate::value::Number, out: &mut String) {
    let prec = match (verb.mode, verb.prec) {
        (_, Some(p)) => i32::try_from(p).unwrap_or(i32::MAX),
        ('g' | 'G', None) => -1,
        (_, None) => 6,
    };
    let text = n.format(verb.mode, prec);
    let (sign, body) = if let Some(b) = text.strip_prefix('-') {
        ("-", b)
    } else if let Some(b) = text.strip_prefix('+') {
        (if verb.space { " " } else { "+" }, b)
    } else if verb.plus {
        ("+", text.as_str())
    } else if verb.space {
        (" ", text.as_str())
    } else {
        ("", text.as_str())
    };
    let padding = verb
        .width
        .filter(|&w| w > sign.len() + body.len())
        .map_or(0, |w| w - sign.len() - body.len());
    if verb.zero && !n.is_infinite() {
        let z = "0".repeat(padding);
        push_padded(out, 0, &[sign, &z, body], 0);
    } else if verb.minus {
        push_padded(out, 0, &[sign, body], padding);
    } else {
        push_padded(out, padding, &[sign, body], 0);
    }
}

shared_function! {
    /// `format(format, args...)`: printf-style formatting.
    format => build_in_context(
        "Constructs a string by applying formatting verbs to a series of arguments, using a similar syntax to the C function \"printf\".",
        vec![Parameter::new("format", Type::String)],
        Some(Parameter::new("args", Type::Dynamic).allow_null()),
        ReturnType::Static(Type::String),
        |cx, args, _| {
            if args[1..].iter().any(|a| !a.is_wholly_known()) {
                return Ok(Value::unknown(Type::String));
            }
            format_fsm(cx, str_arg(args, 0)?, &args[1..]).map(Value::string)
        },
    )
}

shared_function! {
    /// `formatlist(format, args...)`: `format` applied element-wise over
    /// the list, set and tuple arguments (which must have equal lengths).
    formatlist => build_in_context(
        "Constructs a list of strings by applying formatting verbs to a series of arguments, using a similar syntax to the C function \"printf\".",
        vec![Parameter::new("format", Type::String)],
        Some(Parameter::new("args", Type::Dynamic).allow_null().allow_unknown()),
        ReturnType::Static(Type::list(Type::String)),
        |cx, all, ret| {
            let fmt_str = str_arg(all, 0)?;
            let args = &all[1..];
            if args.is_empty() {
                let s = format_fsm(cx, fmt_str, args)?;
                return Ok(Value::list(Type::String, vec![Value::string(s)]));
            }
            let mut iter_len: Option<(usize, usize)> = None;
            let mut unknown = false;
            for (i, a) in args.iter().enumerate() {
                let ty = a.ty();
                if matches!(ty, Type::List(_) | Type::Set(_) | Type::Tuple(_)) && !a.is_null() {
                    let len_known = ty.is_tuple() || (a.is_known() && a.length().is_some_and(|l| l.is_known()));
                    if !len_known {
                        unknown = true;
                        continue;
                    }
                    let this = a.length_int().unwrap_or(0);
                    match iter_len {
                        None => iter_len = Some((this, i)),
                        Some((l, chooser)) if l != this => {
                            return Err(FunctionError::arg(i + 1, format!(
                                "argument {} has length {this}, which is inconsistent with argument {} of length {l}",
                                i + 1,
                                chooser + 1
                            )));
                        }
                        _ => {}
                    }
                    if !a.is_known() {
                        unknown = true;
                    }
                } else if ty.is_dynamic() && !a.is_known() {
                    unknown = true;
                }
            }
            if unknown {
                return Ok(Value::unknown(ret.clone()));
            }
            let n = match iter_len {
                Some((0, _)) => return Ok(Value::list_empty(Type::String)),
                Some((n, _)) => n,
                None => 1,
            };
            cx.check_size(n as u64, 0)?;
            let mut out = Vec::with_capacity(n);
            'results: for it in 0..n {
                let mut fmt_args = Vec::with_capacity(args.len());
                for a in args {
                    let v = if matches!(a.ty(), Type::List(_) | Type::Set(_) | Type::Tuple(_)) && !a.is_null() {
                        a.elements().map(|e| e[it].clone()).unwrap_or_else(Value::dynamic)
                    } else {
                        a.clone()
                    };
                    if !v.is_wholly_known() {
                        out.push(Value::unknown(Type::String));
                        continue 'results;
                    }
                    fmt_args.push(v);
                }
                let s = format_fsm(cx, fmt_str, &fmt_args).map_err(|e| match e {
                    FunctionError::ResultTooLarge(_) => e,
                    e => FunctionError::call(format!("error on format iteration {it}: {e}")),
                })?;
                out.push(Value::string(s));
            }
            Ok(Value::list(Type::String, out))
        },
    )
}
