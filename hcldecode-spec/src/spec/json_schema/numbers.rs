//! Patterns of the JSON strings that convert to numbers: which texts cty
//! parses as a number, and those whose value is a whole number in a range.

/// Whether a string converts to a number.
pub(super) fn is_number_text(t: &str) -> bool {
    let t = t.strip_prefix(['+', '-']).unwrap_or(t);
    if matches!(t, "inf" | "Inf") {
        return true;
    }
    let (mantissa, exp) = match t.find(['e', 'E', 'p', 'P']) {
        Some(i) => (&t[..i], Some(&t[i + 1..])),
        None => (t, None),
    };
    let digits = |d: &str| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit());
    let mantissa_ok = match mantissa.split_once('.') {
        Some((a, b)) => {
            (digits(a) || a.is_empty())
                && (b.is_empty() || digits(b))
                && !(a.is_empty() && b.is_empty())
        }
        None => digits(mantissa),
    };
    let exp_ok = exp.is_none_or(|e| digits(e.strip_prefix(['+', '-']).unwrap_or(e)));
    mantissa_ok && exp_ok
}

/// A pattern of the JSON strings that may convert to a whole number from
/// `min` to `max`: templates, and the number texts cty parses whose value
/// is such a number (a sign, leading zeros and a fraction of zeros
/// allowed). Texts with an exponent (`"3e2"`) are left to the decoder:
/// their value is beyond a regular expression.
pub(super) fn integer_or_template(min: i128, max: i128) -> String {
    let mut alts = Vec::new();
    // `+m` and `m`, for the values from max(min, 0) to max.
    if max >= 0 {
        let lo = min.max(0).unsigned_abs();
        alts.push(format!(
            r"\+?0*(?:{})",
            digits_range(lo, max.unsigned_abs())
        ));
    }
    // `-m`, for the values from min to min(max, 0) (`-0` is 0).
    if min <= 0 {
        let lo = max.min(0).unsigned_abs();
        alts.push(format!("-0*(?:{})", digits_range(lo, min.unsigned_abs())));
    }
    let mut pattern = format!(r"^(?:(?:{})(?:\.0*)?", alts.join("|"));
    if min <= 0 && max >= 0 {
        // `.0`
        pattern.push_str(r"|[+-]?\.0+");
    }
    pattern.push_str(r"|[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)[eEpP][+-]?[0-9]+)$|\$\{|%\{");
    pattern
}

/// A regular expression (alternatives, unanchored) of the decimal texts,
/// without leading zeros, of the integers from `lo` to `hi`.
pub(super) fn digits_range(lo: u128, hi: u128) -> String {
    let (a, b) = (lo.to_string(), hi.to_string());
    let mut alts = Vec::new();
    if a.len() == b.len() {
        same_length(a.as_bytes(), b.as_bytes(), &mut String::new(), &mut alts);
        return alts.join("|");
    }
    let nines = "9".repeat(a.len());
    same_length(
        a.as_bytes(),
        nines.as_bytes(),
        &mut String::new(),
        &mut alts,
    );
    // Every number of the lengths between.
    let (shortest, longest) = (a.len() + 1, b.len() - 1);
    if shortest == longest {
        alts.push(format!("[1-9][0-9]{{{}}}", shortest - 1));
    } else if shortest < longest {
        alts.push(format!("[1-9][0-9]{{{},{}}}", shortest - 1, longest - 1));
    }
    let least = format!("1{}", "0".repeat(b.len() - 1));
    same_length(
        least.as_bytes(),
        b.as_bytes(),
        &mut String::new(),
        &mut alts,
    );
    alts.join("|")
}

/// Pushes to `out` alternatives matching the digit strings from `a` to `b`
/// (of one length, `a <= b`), each after `prefix`.
pub(super) fn same_length(a: &[u8], b: &[u8], prefix: &mut String, out: &mut Vec<String>) {
    let Some((&a0, a_rest)) = a.split_first() else {
        out.push(prefix.clone());
        return;
    };
    let (&b0, b_rest) = b.split_first().unwrap_or((&a0, &[]));
    let n = a_rest.len();
    if a0 == b0 {
        after_digit(a0, a_rest, b_rest, prefix, out);
        return;
    }
    let (mut first, mut last) = (a0, b0);
    // The first digit's own range, unless it spans all its tails.
    if a_rest.iter().any(|&d| d != b'0') {
        after_digit(a0, a_rest, &vec![b'9'; n], prefix, out);
        first += 1;
    }
    let last_partial = b_rest.iter().any(|&d| d != b'9');
    if last_partial {
        last -= 1;
    }
    if first <= last {
        let digit = if first == last {
            char::from(first).to_string()
        } else {
            format!("[{}-{}]", char::from(first), char::from(last))
        };
        let tail = match n {
            0 => String::new(),
            1 => "[0-9]".to_string(),
            n => format!("[0-9]{{{n}}}"),
        };
        out.push(format!("{prefix}{digit}{tail}"));
    }
    if last_partial {
        after_digit(b0, &vec![b'0'; n], b_rest, prefix, out);
    }
}

/// [`same_length`] of `lo` to `hi` after `prefix` and `digit`.
pub(super) fn after_digit(
    digit: u8,
    lo: &[u8],
    hi: &[u8],
    prefix: &mut String,
    out: &mut Vec<String>,
) {
    let len = prefix.len();
    prefix.push(char::from(digit));
    same_length(lo, hi, prefix, out);
    prefix.truncate(len);
}
