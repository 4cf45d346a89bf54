//! Plain scalars resolved as go-cty-yaml (yaml.v2) resolves them: tags,
//! bools and nulls, Go integers and floats, timestamps, base64.

use yaml_rust2::parser::Tag;
use yaml_rust2::scanner::TScalarStyle;

use crate::Type;
use crate::value::{Number, Value};

/// Deepest nesting of YAML collections decoded.
pub(super) const MAX_DEPTH: usize = 500;

pub(super) const TAG_PREFIX: &str = "tag:yaml.org,2002:";

pub(super) fn long_tag(t: &Option<Tag>) -> String {
    match t {
        None => String::new(),
        Some(t) if t.handle == "!!" || t.handle == TAG_PREFIX => {
            format!("{TAG_PREFIX}{}", t.suffix)
        }
        Some(t) => format!("{}{}", t.handle, t.suffix),
    }
}

pub(super) enum Resolved {
    Value(Value),
    Merge,
}

/// go-cty-yaml's `integerLiteralRegexp` (YAML 1.2): `[-+]?[0-9]+`,
/// `0o[0-7]+` or `0x[0-9a-fA-F]+`; no `_` (so `1_000` is a string).
pub(super) fn is_int_literal(s: &str) -> bool {
    if let Some(r) = s.strip_prefix("0o") {
        return !r.is_empty() && r.bytes().all(|c| matches!(c, b'0'..=b'7'));
    }
    if let Some(r) = s.strip_prefix("0x") {
        return !r.is_empty() && r.bytes().all(|c| c.is_ascii_hexdigit());
    }
    let s = s.strip_prefix(['-', '+']).unwrap_or(s);
    !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit())
}

pub(super) fn is_float_literal(s: &str) -> bool {
    let s = s.strip_prefix(['-', '+']).unwrap_or(s);
    let (mant, exp) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let mant_ok = if let Some(f) = mant.strip_prefix('.') {
        !f.is_empty() && f.bytes().all(|c| c.is_ascii_digit())
    } else {
        let (i, f) = mant.split_once('.').unwrap_or((mant, ""));
        !i.is_empty()
            && i.bytes().all(|c| c.is_ascii_digit())
            && f.bytes().all(|c| c.is_ascii_digit())
    };
    let exp_ok = exp.is_none_or(|e| {
        let e = e.strip_prefix(['-', '+']).unwrap_or(e);
        !e.is_empty() && e.bytes().all(|c| c.is_ascii_digit())
    });
    mant_ok && exp_ok
}

/// Go's `strconv.ParseInt(s, 0, 64)` / `ParseUint` (base prefixes `0x`,
/// `0o`, `0b`, leading `0` octal).
pub(super) fn parse_go_int(s: &str) -> Option<Number> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let (radix, digits) =
        if let Some(d) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
            (16, d)
        } else if let Some(d) = body.strip_prefix("0o").or_else(|| body.strip_prefix("0O")) {
            (8, d)
        } else if let Some(d) = body.strip_prefix("0b").or_else(|| body.strip_prefix("0B")) {
            (2, d)
        } else if body.len() > 1 && body.starts_with('0') {
            (8, &body[1..])
        } else {
            (10, body)
        };
    let u = u64::from_str_radix(digits, radix).ok()?;
    if neg {
        let i = i64::try_from(u)
            .ok()
            .map(|i| -i)
            .or((u == 1 << 63).then_some(i64::MIN))?;
        Some(Number::from_i64(i))
    } else {
        Some(Number::from_u64(u))
    }
}

pub(super) fn resolve_bool_null(s: &str) -> Option<Value> {
    Some(match s {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            Value::bool(true)
        }
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            Value::bool(false)
        }
        "" | "~" | "null" | "Null" | "NULL" => Value::null(Type::Dynamic),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
            Value::number(Number::infinity(false))
        }
        "-.inf" | "-.Inf" | "-.INF" => Value::number(Number::infinity(true)),
        _ => return None,
    })
}

/// Go's `getnum` for a one- or two-digit field.
pub(super) fn num12(s: &[u8], p: &mut usize) -> Option<u32> {
    let d = |i: usize| {
        s.get(i)
            .filter(|c| c.is_ascii_digit())
            .map(|c| u32::from(c - b'0'))
    };
    let mut n = d(*p)?;
    *p += 1;
    if let Some(x) = d(*p) {
        n = n * 10 + x;
        *p += 1;
    }
    Some(n)
}

/// go-cty-yaml's `parseTimestamp` as RFC 3339 text: Go's `time.Parse` with
/// the layouts `2006-1-2T15:4:5.999999999Z07:00` (or `t`),
/// `2006-1-2 15:4:5.999999999` (no zone: `... 21:59:43.10 -5` stays a
/// string) and `2006-1-2`.
pub(super) fn parse_yaml_timestamp(s: &str) -> Option<String> {
    let b = s.as_bytes();
    if b.len() < 5 || !b[..4].iter().all(u8::is_ascii_digit) || b[4] != b'-' {
        return None;
    }
    let y: i32 = s[..4].parse().ok()?;
    let mut p = 5;
    let mo = num12(b, &mut p)?;
    (b.get(p) == Some(&b'-')).then_some(())?;
    p += 1;
    let da = num12(b, &mut p)?;
    let month = time::Month::try_from(u8::try_from(mo).ok()?).ok()?;
    time::Date::from_calendar_date(y, month, u8::try_from(da).ok()?).ok()?;
    let date = format!("{y:04}-{mo:02}-{da:02}");
    let Some(&sep) = b.get(p) else {
        return Some(format!("{date}T00:00:00Z"));
    };
    let zoned = match sep {
        b'T' | b't' => true,
        b' ' => false,
        _ => return None,
    };
    p += 1;
    let h = num12(b, &mut p)?;
    (b.get(p) == Some(&b':')).then_some(())?;
    p += 1;
    let mi = num12(b, &mut p)?;
    (b.get(p) == Some(&b':')).then_some(())?;
    p += 1;
    let se = num12(b, &mut p)?;
    if h > 23 || mi > 59 || se > 59 {
        return None;
    }
    if matches!(b.get(p), Some(b'.' | b',')) && b.get(p + 1).is_some_and(u8::is_ascii_digit) {
        p += 1;
        while b.get(p).is_some_and(u8::is_ascii_digit) {
            p += 1;
        }
    }
    let clock = format!("{h:02}:{mi:02}:{se:02}");
    let rest = &s[p..];
    if !zoned {
        return rest.is_empty().then(|| format!("{date}T{clock}Z"));
    }
    let z = rest.as_bytes();
    let zone = if rest == "Z" {
        "Z".to_string()
    } else if z.len() == 6
        && matches!(z[0], b'+' | b'-')
        && z[3] == b':'
        && [1, 2, 4, 5].iter().all(|&i| z[i].is_ascii_digit())
    {
        let hh: u32 = rest[1..3].parse().ok()?;
        let mm: u32 = rest[4..6].parse().ok()?;
        if hh > 24 || mm > 60 {
            return None;
        }
        // Go prints the offset it computed: `+01:60` is `+02:00`.
        let off = hh * 60 + mm;
        if off == 0 {
            "Z".to_string()
        } else {
            format!("{}{:02}:{:02}", &rest[..1], off / 60, off % 60)
        }
    } else {
        return None;
    };
    Some(format!("{date}T{clock}{zone}"))
}

/// go-cty-yaml's `resolveScalar`.
pub(super) fn resolve_scalar(
    tag: &str,
    src: &str,
    style: TScalarStyle,
) -> Result<Resolved, String> {
    let short = tag.strip_prefix(TAG_PREFIX);
    let known = matches!(
        short,
        Some("str" | "bool" | "int" | "float" | "null" | "timestamp" | "binary")
    ) || tag.is_empty();
    if !known {
        return Err(format!(
            "unsupported tag {}",
            hcldecode_spec::go_quote::quote(tag)
        ));
    }
    let mut tag = short.unwrap_or("").to_string();
    if let Some(resolved) = resolve_by_hint(src, style, &mut tag)? {
        return Ok(resolved);
    }
    if tag.is_empty() && src == "<<" {
        return Ok(Resolved::Merge);
    }
    Ok(Resolved::Value(scalar_of_tag(&tag, src)?))
}

/// go-cty-yaml's `resolveScalar` guided by the scalar's first character
/// (its `resolveTable` hint), for a scalar not tagged `str` or `binary`:
/// a quoted string, a bool, null, a float such as `.5`, or a timestamp
/// resolves here; an untagged number gets its `tag` (`int` or `float`).
/// `None` when the tag decides.
fn resolve_by_hint(
    src: &str,
    style: TScalarStyle,
    tag: &mut String,
) -> Result<Option<Resolved>, String> {
    let hint = match src.as_bytes().first() {
        None => b'N',
        Some(b'+' | b'-') => b'S',
        Some(b'0'..=b'9') => b'D',
        Some(b'y' | b'Y' | b'n' | b'N' | b't' | b'T' | b'f' | b'F' | b'o' | b'O' | b'~') => b'M',
        Some(b'.') => b'.',
        _ => 0,
    };
    if hint == 0 || tag == "str" || tag == "binary" {
        return Ok(None);
    }
    if matches!(
        style,
        TScalarStyle::SingleQuoted | TScalarStyle::DoubleQuoted
    ) {
        return Ok(Some(Resolved::Value(Value::string(src))));
    }
    if let Some(v) = resolve_bool_null(src) {
        return Ok(Some(Resolved::Value(v)));
    }
    if tag.is_empty() && matches!(src, ".nan" | ".NaN" | ".NAN") {
        return Err("floating point NaN is not supported".into());
    }
    match hint {
        b'.' => {
            if let Ok(n) = Number::parse(src) {
                return Ok(Some(Resolved::Value(Value::number(n))));
            }
        }
        b'D' | b'S' => {
            if (tag.is_empty() || tag == "timestamp")
                && let Some(t) = parse_yaml_timestamp(src)
            {
                return Ok(Some(Resolved::Value(Value::string(t))));
            }
            if is_int_literal(src) {
                *tag = "int".into();
            } else if is_float_literal(src) {
                *tag = "float".into();
            }
        }
        _ => {}
    }
    Ok(None)
}

/// The scalar `src` read as its (short) `tag` says; an untagged scalar
/// is a string.
fn scalar_of_tag(tag: &str, src: &str) -> Result<Value, String> {
    let cannot = |t: &str| {
        format!(
            "cannot parse {} as {TAG_PREFIX}{t}",
            hcldecode_spec::go_quote::quote(src)
        )
    };
    Ok(match tag {
        "str" | "" => Value::string(src),
        "binary" => {
            let clean: String = src.chars().filter(|c| !c.is_whitespace()).collect();
            if !is_base64(&clean) {
                return Err(format!(
                    "cannot parse {} as {TAG_PREFIX}binary: not valid base64",
                    hcldecode_spec::go_quote::quote(src)
                ));
            }
            Value::string(src)
        }
        "bool" => match resolve_bool_null(src) {
            Some(v) if v.ty() == &Type::Bool => v,
            _ => return Err(cannot("bool")),
        },
        "float" | "int" => {
            let plain = src.replace('_', "");
            if let Ok(n) = Number::parse(&plain) {
                Value::number(n)
            } else if let Some(n) = parse_go_int(&plain) {
                Value::number(n)
            } else {
                return Err(cannot(tag));
            }
        }
        "timestamp" => match parse_yaml_timestamp(src) {
            Some(t) => Value::string(t),
            None => return Err(cannot("timestamp")),
        },
        "null" => Value::null(Type::Dynamic),
        _ => {
            return Err(format!(
                "unsupported tag {}",
                hcldecode_spec::go_quote::quote(tag)
            ));
        }
    })
}

pub(super) fn is_base64(s: &str) -> bool {
    s.len().is_multiple_of(4)
        && s.trim_end_matches('=').len() + 2 >= s.len()
        && s.trim_end_matches('=')
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'+' || c == b'/')
}
