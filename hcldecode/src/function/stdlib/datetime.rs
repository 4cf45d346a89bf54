//! `formatdate` and `timeadd` (cty stdlib/datetime.go): RFC 3339
//! timestamps as Go's `time.Parse(time.RFC3339, …)` reads them, calendar
//! arithmetic by the `time` crate, Go's duration syntax.

use time::{Date, Month, OffsetDateTime, PrimitiveDateTime, Time, UtcOffset};

use super::{build, shared_function, str_arg};
use crate::Type;
use crate::function::{FunctionError, Parameter, ReturnType};
use crate::value::Value;
use hcldecode_spec::go_quote::quote as go_quote;

fn bad(msg: impl std::fmt::Display) -> String {
    format!("not a valid RFC3339 timestamp: {msg}")
}

/// Reads exactly `n` digits at `*p`.
fn digits(s: &[u8], p: &mut usize, n: usize, what: &str) -> Result<u32, String> {
    if *p + n > s.len() {
        let rest = String::from_utf8_lossy(&s[*p..]).into_owned();
        return Err(if rest.is_empty() {
            bad(format!("end of string before {what}"))
        } else {
            bad(format!("cannot use {} as {what}", go_quote(&rest)))
        });
    }
    let part = &s[*p..*p + n];
    if !part.iter().all(u8::is_ascii_digit) {
        let rest = String::from_utf8_lossy(&s[*p..]).into_owned();
        return Err(bad(format!("cannot use {} as {what}", go_quote(&rest))));
    }
    *p += n;
    Ok(part.iter().fold(0, |a, d| a * 10 + u32::from(d - b'0')))
}

fn literal(s: &[u8], p: &mut usize, lit: u8) -> Result<(), String> {
    match s.get(*p) {
        Some(&c) if c == lit => {
            *p += 1;
            Ok(())
        }
        _ if lit == b'T' => Err(bad("missing required time introducer 'T'")),
        None => Err(bad(format!(
            "end of string where {} is expected",
            go_quote(&char::from(lit).to_string())
        ))),
        Some(_) => {
            let rest = String::from_utf8_lossy(&s[*p..]).into_owned();
            Err(bad(format!(
                "found {} where {} is expected",
                go_quote(&rest),
                go_quote(&char::from(lit).to_string())
            )))
        }
    }
}

/// Parses an RFC 3339 timestamp (fractional seconds allowed).
pub(crate) fn parse_timestamp(ts: &str) -> Result<OffsetDateTime, String> {
    let s = ts.as_bytes();
    let mut p = 0;
    let year = digits(s, &mut p, 4, "year")?;
    literal(s, &mut p, b'-')?;
    let month = digits(s, &mut p, 2, "month")?;
    literal(s, &mut p, b'-')?;
    let day = digits(s, &mut p, 2, "day of month")?;
    literal(s, &mut p, b'T')?;
    let hour = digits(s, &mut p, 2, "hour")?;
    literal(s, &mut p, b':')?;
    let minute = digits(s, &mut p, 2, "minute")?;
    literal(s, &mut p, b':')?;
    let second = digits(s, &mut p, 2, "second")?;
    let mut nanos: u32 = 0;
    if p + 1 < s.len() && (s[p] == b'.' || s[p] == b',') && s[p + 1].is_ascii_digit() {
        p += 1;
        let mut scale = 100_000_000;
        while p < s.len() && s[p].is_ascii_digit() {
            nanos += u32::from(s[p] - b'0') * scale;
            scale /= 10;
            p += 1;
        }
    }
    let offset = match s.get(p) {
        Some(b'Z') => {
            p += 1;
            0
        }
        Some(&c @ (b'+' | b'-')) => {
            p += 1;
            let h = digits(s, &mut p, 2, "UTC offset")?;
            literal(s, &mut p, b':')?;
            let m = digits(s, &mut p, 2, "UTC offset")?;
            if h > 24 || m > 60 {
                return Err(bad("UTC offset out of range"));
            }
            let secs = (h * 3600 + m * 60) as i32;
            if c == b'-' { -secs } else { secs }
        }
        None => return Err(bad("end of string before UTC offset")),
        Some(_) => {
            let rest = String::from_utf8_lossy(&s[p..]).into_owned();
            return Err(bad(format!("cannot use {} as UTC offset", go_quote(&rest))));
        }
    };
    if p != s.len() {
        let rest = String::from_utf8_lossy(&s[p..]).into_owned();
        return Err(format!(
            "parsing time {}: extra text: {}",
            go_quote(ts),
            go_quote(&rest)
        ));
    }
    let range = |what: &str| format!("parsing time {}: {what} out of range", go_quote(ts));
    let month = u8::try_from(month)
        .ok()
        .and_then(|m| Month::try_from(m).ok())
        .ok_or_else(|| range("month"))?;
    let date = Date::from_calendar_date(year as i32, month, day as u8).map_err(|_| range("day"))?;
    let time =
        Time::from_hms_nano(hour as u8, minute as u8, second as u8, nanos).map_err(|_| {
            range(if hour > 23 {
                "hour"
            } else if minute > 59 {
                "minute"
            } else {
                "second"
            })
        })?;
    let off = UtcOffset::from_whole_seconds(offset).map_err(|_| range("UTC offset"))?;
    Ok(PrimitiveDateTime::new(date, time).assume_offset(off))
}

/// Go's `time.ParseDuration`, in nanoseconds.
pub(crate) fn parse_duration(s: &str) -> Result<i128, String> {
    let invalid = || format!("time: invalid duration {}", go_quote(s));
    let mut rest = s;
    let neg = rest.starts_with('-');
    if rest.starts_with('-') || rest.starts_with('+') {
        rest = &rest[1..];
    }
    if rest == "0" {
        return Ok(0);
    }
    if rest.is_empty() {
        return Err(invalid());
    }
    let mut total: i128 = 0;
    while !rest.is_empty() {
        let b = rest.as_bytes();
        if !(b[0] == b'.' || b[0].is_ascii_digit()) {
            return Err(invalid());
        }
        let int_len = b.iter().take_while(|c| c.is_ascii_digit()).count();
        let int_part = &rest[..int_len];
        rest = &rest[int_len..];
        let mut frac = "";
        if rest.starts_with('.') {
            rest = &rest[1..];
            let n = rest.bytes().take_while(u8::is_ascii_digit).count();
            frac = &rest[..n];
            rest = &rest[n..];
        }
        if int_part.is_empty() && frac.is_empty() {
            return Err(invalid());
        }
        let unit_len = rest
            .char_indices()
            .find(|(_, c)| *c == '.' || c.is_ascii_digit())
            .map_or(rest.len(), |(i, _)| i);
        let unit = &rest[..unit_len];
        rest = &rest[unit_len..];
        let scale: i128 = match unit {
            "" => return Err(format!("time: missing unit in duration {}", go_quote(s))),
            "ns" => 1,
            "us" | "\u{b5}s" | "\u{3bc}s" => 1_000,
            "ms" => 1_000_000,
            "s" => 1_000_000_000,
            "m" => 60_000_000_000,
            "h" => 3_600_000_000_000,
            _ => {
                return Err(format!(
                    "time: unknown unit {} in duration {}",
                    go_quote(unit),
                    go_quote(s)
                ));
            }
        };
        let v: i128 = if int_part.is_empty() {
            0
        } else {
            int_part.parse::<i128>().map_err(|_| invalid())?
        };
        let mut n = v.checked_mul(scale).ok_or_else(invalid)?;
        let mut f_scale = scale;
        for d in frac.bytes() {
            f_scale /= 10;
            if f_scale == 0 {
                break;
            }
            n += i128::from(d - b'0') * f_scale;
        }
        total += n;
        if total > i128::from(i64::MAX) + i128::from(neg) {
            return Err(invalid());
        }
    }
    Ok(if neg { -total } else { total })
}

/// Go's `time.Format(time.RFC3339)`.
pub(crate) fn format_rfc3339(t: &OffsetDateTime) -> String {
    // Go's appendInt(year, 4): the sign, then at least four digits
    // (`-0002`, `10000`); Rust's `{:04}` would count the sign (`-002`).
    let y = t.year();
    let sign = if y < 0 { "-" } else { "" };
    let mut out = format!(
        "{sign}{:04}-{:02}-{:02}T{:02}:{:02}:{:02}",
        y.unsigned_abs(),
        u8::from(t.month()),
        t.day(),
        t.hour(),
        t.minute(),
        t.second()
    );
    out.push_str(&zone(t, true, true));
    out
}

/// The UTC offset as `Z07:00` (`z`), `-07:00` (`colon`) or `-0700`.
fn zone(t: &OffsetDateTime, z: bool, colon: bool) -> String {
    let off = t.offset().whole_seconds();
    if z && off == 0 {
        return "Z".into();
    }
    let sign = if off < 0 { '-' } else { '+' };
    let a = off.unsigned_abs();
    if colon {
        format!("{sign}{:02}:{:02}", a / 3600, a / 60 % 60)
    } else {
        format!("{sign}{:02}{:02}", a / 3600, a / 60 % 60)
    }
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The tokens of a date format (cty's `splitDateFormat`).
fn split_format(f: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut i = 0;
    let is_verb = |b: u8| b.is_ascii_alphabetic();
    while i < f.len() {
        let start = i;
        if f[i] == b'\'' {
            if f.get(i + 1) == Some(&b'\'') {
                i += 2;
            } else {
                i += 1;
                while i < f.len() {
                    if f[i] == b'\'' {
                        if f.get(i + 1) == Some(&b'\'') {
                            i += 2;
                            continue;
                        }
                        i += 1;
                        break;
                    }
                    i += 1;
                }
            }
        } else if is_verb(f[i]) {
            let rep = f[i];
            while i < f.len() && f[i] == rep {
                i += 1;
            }
        } else {
            i += 1;
            while i < f.len() && f[i] != b'\'' && !is_verb(f[i]) {
                i += 1;
            }
        }
        out.push(&f[start..i]);
    }
    out
}

fn verb_err(tok: &[u8], what: &str) -> FunctionError {
    let t = String::from_utf8_lossy(tok);
    FunctionError::arg(
        0,
        if what.is_empty() {
            format!("invalid date format verb {}", go_quote(&t))
        } else {
            format!("invalid date format verb {}: {what}", go_quote(&t))
        },
    )
}

fn format_date(fmt: &str, t: &OffsetDateTime) -> Result<String, FunctionError> {
    let mut out: Vec<u8> = Vec::new();
    for tok in split_format(fmt.as_bytes()) {
        format_token(&mut out, tok, t)?;
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// Appends one token of a `formatdate` format (from [`split_format`]):
/// a quoted literal, a verb, or other text as it is.
fn format_token(out: &mut Vec<u8>, tok: &[u8], t: &OffsetDateTime) -> Result<(), FunctionError> {
    let n = tok.len();
    match tok[0] {
        b'\'' => format_quoted(out, tok),
        b'Y' => match n {
            2 => {
                push_num(out, i64::from(t.year()).rem_euclid(100), true);
                Ok(())
            }
            4 => {
                out.extend_from_slice(format!("{:04}", t.year()).as_bytes());
                Ok(())
            }
            _ => Err(verb_err(tok, "year must either be \"YY\" or \"YYYY\"")),
        },
        b'M' => format_month(out, tok, u8::from(t.month())),
        b'D' => one_or_two_digits(
            out,
            tok,
            t.day(),
            "day of month must either be \"D\" or \"DD\"",
        ),
        b'E' => format_weekday(out, tok, t),
        b'h' => one_or_two_digits(out, tok, t.hour(), "24-hour must either be \"h\" or \"hh\""),
        b'H' => {
            let h = match t.hour() % 12 {
                0 => 12,
                h => h,
            };
            one_or_two_digits(out, tok, h, "12-hour must either be \"H\" or \"HH\"")
        }
        c @ (b'A' | b'a') => format_am_pm(out, tok, c, t),
        b'm' => one_or_two_digits(
            out,
            tok,
            t.minute(),
            "minute must either be \"m\" or \"mm\"",
        ),
        b's' => one_or_two_digits(
            out,
            tok,
            t.second(),
            "second must either be \"s\" or \"ss\"",
        ),
        b'Z' => format_zone(out, tok, t),
        c if c.is_ascii_alphabetic() => Err(verb_err(tok, "")),
        _ => {
            out.extend_from_slice(tok);
            Ok(())
        }
    }
}

/// Appends `v` in decimal, padded to two digits when `pad`.
fn push_num(out: &mut Vec<u8>, v: i64, pad: bool) {
    let s = if pad {
        format!("{v:02}")
    } else {
        v.to_string()
    };
    out.extend_from_slice(s.as_bytes());
}

/// A quoted literal token: `''` is one quote, and so is a doubled quote
/// inside the literal.
fn format_quoted(out: &mut Vec<u8>, tok: &[u8]) -> Result<(), FunctionError> {
    let n = tok.len();
    if tok[n - 1] != b'\'' || n == 1 {
        return Err(FunctionError::arg(0, "unterminated literal '"));
    }
    if n == 2 {
        out.push(b'\'');
    } else {
        let raw = &tok[1..n - 1];
        let mut i = 0;
        while i < raw.len() {
            out.push(raw[i]);
            if raw[i] == b'\'' {
                i += 1;
            }
            i += 1;
        }
    }
    Ok(())
}

/// A verb written once (`v` plain) or twice (`v` padded to two digits);
/// `what` is the error for any other length.
fn one_or_two_digits(
    out: &mut Vec<u8>,
    tok: &[u8],
    v: u8,
    what: &str,
) -> Result<(), FunctionError> {
    match tok.len() {
        1 => push_num(out, i64::from(v), false),
        2 => push_num(out, i64::from(v), true),
        _ => return Err(verb_err(tok, what)),
    }
    Ok(())
}

/// `M` and `MM` (the month `m` as a number), `MMM` and `MMMM` (its name).
fn format_month(out: &mut Vec<u8>, tok: &[u8], m: u8) -> Result<(), FunctionError> {
    match tok.len() {
        1 => push_num(out, i64::from(m), false),
        2 => push_num(out, i64::from(m), true),
        3 => out.extend_from_slice(&MONTHS[usize::from(m - 1)].as_bytes()[..3]),
        4 => out.extend_from_slice(MONTHS[usize::from(m - 1)].as_bytes()),
        _ => {
            return Err(verb_err(
                tok,
                "month must be \"M\", \"MM\", \"MMM\", or \"MMMM\"",
            ));
        }
    }
    Ok(())
}

/// `EEE` and `EEEE`: the day of the week, abbreviated or in full.
fn format_weekday(out: &mut Vec<u8>, tok: &[u8], t: &OffsetDateTime) -> Result<(), FunctionError> {
    let d = t.weekday().to_string();
    match tok.len() {
        3 => out.extend_from_slice(&d.as_bytes()[..3]),
        4 => out.extend_from_slice(d.as_bytes()),
        _ => {
            return Err(verb_err(
                tok,
                "day of week must either be \"EEE\" or \"EEEE\"",
            ));
        }
    }
    Ok(())
}

/// `AA` (`AM`/`PM`) and `aa` (`am`/`pm`); `c` is the verb's letter.
fn format_am_pm(
    out: &mut Vec<u8>,
    tok: &[u8],
    c: u8,
    t: &OffsetDateTime,
) -> Result<(), FunctionError> {
    if tok.len() != 2 {
        let c = char::from(c);
        return Err(verb_err(tok, &format!("must be \"{c}{c}\"")));
    }
    let pm = t.hour() >= 12;
    out.extend_from_slice(match (c == b'A', pm) {
        (true, false) => b"AM",
        (true, true) => b"PM",
        (false, false) => b"am",
        (false, true) => b"pm",
    });
    Ok(())
}

/// The zone verbs: `Z` (`Z07:00`), `ZZZ` (`UTC` or `-0700`), `ZZZZ`
/// (`-0700`) and `ZZZZZ` (`-07:00`).
fn format_zone(out: &mut Vec<u8>, tok: &[u8], t: &OffsetDateTime) -> Result<(), FunctionError> {
    match tok.len() {
        1 => out.extend_from_slice(zone(t, true, true).as_bytes()),
        3 => {
            let z = zone(t, false, false);
            out.extend_from_slice(if z == "+0000" { "UTC" } else { &z }.as_bytes());
        }
        4 => out.extend_from_slice(zone(t, false, false).as_bytes()),
        5 => out.extend_from_slice(zone(t, false, true).as_bytes()),
        _ => return Err(verb_err(tok, "timezone must be Z, ZZZZ, or ZZZZZ")),
    }
    Ok(())
}

shared_function! {
    /// `formatdate(format, time)`.
    formatdate => build(
        "Formats a timestamp given in RFC 3339 syntax into another timestamp in some other machine-oriented time syntax, as described in the format string.",
        vec![Parameter::new("format", Type::String), Parameter::new("time", Type::String)],
        None,
        ReturnType::Static(Type::String),
        |args, _| {
            let t = parse_timestamp(str_arg(args, 1)?).map_err(|e| FunctionError::arg(1, e))?;
            format_date(str_arg(args, 0)?, &t).map(Value::string)
        },
    )
}

shared_function! {
    /// `timeadd(timestamp, duration)`: an RFC 3339 timestamp plus a Go
    /// duration (`1h30m`, `-10s`).
    timeadd => build(
        "Adds the duration represented by the given duration string to the given RFC 3339 timestamp string, returning another RFC 3339 timestamp.",
        vec![Parameter::new("timestamp", Type::String), Parameter::new("duration", Type::String)],
        None,
        ReturnType::Static(Type::String),
        |args, _| {
            let t = parse_timestamp(str_arg(args, 0)?).map_err(FunctionError::call)?;
            let d = parse_duration(str_arg(args, 1)?).map_err(FunctionError::call)?;
            let d = time::Duration::nanoseconds(d as i64);
            let r = t
                .checked_add(d)
                .ok_or_else(|| FunctionError::call("the resulting time is out of range"))?;
            Ok(Value::string(format_rfc3339(&r)))
        },
    )
}
