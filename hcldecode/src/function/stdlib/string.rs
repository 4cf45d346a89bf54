//! String functions (cty stdlib/string.go).
//!
//! Case mapping is Go's (`strings.ToUpper`/`ToLower`: the simple per-rune
//! mappings of Unicode 13, so `ß` stays `ß`). "Characters" are extended
//! grapheme clusters; they come from the `unicode-segmentation` crate,
//! which follows a newer Unicode version than Go's `textseg/v13` (the
//! counts differ only for clusters whose rules changed since Unicode 13,
//! e.g. Indic conjuncts).

use unicode_segmentation::UnicodeSegmentation;

use super::case_tables::{TO_LOWER, TO_UPPER};
use super::{build, go_int, num_arg, shared_function, str_arg};
use crate::Type;
use crate::function::{Parameter, ReturnType};
use crate::value::Value;

fn str_param(name: &str) -> Parameter {
    Parameter::new(name, Type::String).allow_dynamic_type()
}

fn map_rune(c: char, table: &[(u32, u32, u32, i32)]) -> char {
    let r = c as u32;
    let i = table.partition_point(|&(_, hi, _, _)| hi < r);
    match table.get(i) {
        Some(&(lo, _, stride, delta)) if lo <= r && (r - lo).is_multiple_of(stride) => {
            char::from_u32(r.wrapping_add_signed(delta)).unwrap_or(c)
        }
        _ => c,
    }
}

/// Go's `strings.ToUpper`.
pub(crate) fn go_to_upper(s: &str) -> String {
    if s.is_ascii() {
        return s.to_ascii_uppercase();
    }
    s.chars().map(|c| map_rune(c, TO_UPPER)).collect()
}

/// Go's `strings.ToLower`.
pub(crate) fn go_to_lower(s: &str) -> String {
    if s.is_ascii() {
        return s.to_ascii_lowercase();
    }
    s.chars().map(|c| map_rune(c, TO_LOWER)).collect()
}

shared_function! {
    /// `upper(str)`.
    upper => build(
        "Returns the given string with all Unicode letters translated to their uppercase equivalents.",
        vec![str_param("str")],
        None,
        ReturnType::Static(Type::String),
        |args, _| Ok(Value::string(go_to_upper(str_arg(args, 0)?))),
    )
}

shared_function! {
    /// `lower(str)`.
    lower => build(
        "Returns the given string with all Unicode letters translated to their lowercase equivalents.",
        vec![str_param("str")],
        None,
        ReturnType::Static(Type::String),
        |args, _| Ok(Value::string(go_to_lower(str_arg(args, 0)?))),
    )
}

shared_function! {
    /// `reverse(str)`: the characters (grapheme clusters) in reverse order.
    reverse => build(
        "Returns the given string with all of its Unicode characters in reverse order.",
        vec![str_param("str")],
        None,
        ReturnType::Static(Type::String),
        |args, _| {
            let s = str_arg(args, 0)?;
            let mut out = String::with_capacity(s.len());
            for g in s.graphemes(true).rev() {
                out.push_str(g);
            }
            Ok(Value::string(out))
        },
    )
}

shared_function! {
    /// `strlen(str)`: the number of characters (grapheme clusters).
    strlen => build(
        "Returns the number of Unicode characters (technically: grapheme clusters) in the given string.",
        vec![str_param("str")],
        None,
        ReturnType::Static(Type::Number),
        |args, _| Ok(Value::int(str_arg(args, 0)?.graphemes(true).count() as i64)),
    )
}

/// cty's `substr` on grapheme clusters: `offset` from the start, or from
/// the end when negative; `length` clusters, or the rest when negative.
fn substr_impl(s: &str, offset: i64, length: i64) -> String {
    let mut offset = offset;
    if offset < 0 {
        offset += s.graphemes(true).count() as i64;
    } else if length == 0 {
        return String::new();
    }
    let mut sub = s;
    if offset > 0 {
        let mut i = 0;
        let mut pos = 0i64;
        let mut it = s.graphemes(true);
        while i < sub.len() {
            let d = it.next().map_or(sub.len() - i, str::len);
            i += d;
            pos += 1;
            if pos == offset {
                break;
            }
            if i >= s.len() {
                return String::new();
            }
        }
        sub = &sub[i..];
    }
    if length < 0 {
        return sub.to_string();
    }
    let mut i = 0;
    let mut pos = 0i64;
    let mut it = sub.graphemes(true);
    while i < sub.len() {
        let d = it.next().map_or(sub.len() - i, str::len);
        i += d;
        pos += 1;
        if pos == length {
            break;
        }
    }
    sub[..i].to_string()
}

shared_function! {
    /// `substr(str, offset, length)`: a substring in characters (grapheme
    /// clusters); a negative offset counts from the end, a negative length
    /// takes the rest.
    substr => build(
        "Extracts a substring from the given string.",
        vec![str_param("str"), Parameter::new("offset", Type::Number).allow_dynamic_type(), Parameter::new("length", Type::Number).allow_dynamic_type()],
        None,
        ReturnType::Static(Type::String),
        |args, _| {
            let s = str_arg(args, 0)?;
            let offset = go_int(num_arg(args, 1)?)?;
            let length = go_int(num_arg(args, 2)?)?;
            Ok(Value::string(substr_impl(s, offset, length)))
        },
    )
}

#[cfg(test)]
mod unicode_policy_tests {
    //! docs/deviations.md, "Unicode": the tables of the current HCL
    //! release, Unicode 15.0, for grapheme clusters, NFC and case mapping.
    use super::{go_to_lower, go_to_upper};

    #[test]
    fn tables_are_unicode_15() {
        assert_eq!(unicode_segmentation::UNICODE_VERSION, (15, 0, 0));
        assert_eq!(unicode_normalization::UNICODE_VERSION, (15, 0, 0));
        // Glagolitic caudate chi and Vithkuqi, assigned in Unicode 14.0.
        assert_eq!(go_to_upper("\u{2C5F}"), "\u{2C2F}");
        assert_eq!(go_to_lower("\u{10570}"), "\u{10597}");
        // Assigned in 16.0 (Garay): no mapping under 15.0.
        assert_eq!(go_to_lower("\u{10D50}"), "\u{10D50}");
    }
}
