//! What cty's `ParseNumberVal` (Go's `big.ParseFloat` at 512 bits) accepts
//! beyond the grammar of a number: shared by both syntaxes' literal checks.

/// An exponent's optional sign and digits at `b[*i..]`, read as Go's
/// `strconv.ParseInt` reads them; `None` when there are no digits or the
/// value does not fit an `i64`.
pub(crate) fn parse_exponent(b: &[u8], i: &mut usize) -> Option<i64> {
    let neg = match b.get(*i) {
        Some(b'-') => {
            *i += 1;
            true
        }
        Some(b'+') => {
            *i += 1;
            false
        }
        _ => false,
    };
    let start = *i;
    let mut exp: i128 = 0;
    while *i < b.len() && b[*i].is_ascii_digit() {
        exp = exp
            .saturating_mul(10)
            .saturating_add((b[*i] - b'0') as i128);
        *i += 1;
    }
    if *i == start {
        return None;
    }
    i64::try_from(if neg { -exp } else { exp }).ok()
}

/// Whether `big.Float` takes the value whose mantissa digits (the decimal
/// point left out) are `digits`, `frac_digits` of them after the point,
/// times ten to `exp`: its binary exponent must fit an `i32`. Zero always
/// fits.
pub(crate) fn binary_exponent_fits(
    digits: impl Iterator<Item = u8> + Clone,
    frac_digits: usize,
    exp: i64,
) -> bool {
    let sig = digits.skip_while(|&d| d == b'0');
    let n = sig.clone().count();
    if n == 0 {
        return true;
    }
    let exp2 = bit_length(sig, n) - frac_digits as i128 + exp as i128;
    (i32::MIN as i128..=i32::MAX as i128).contains(&exp2)
}

/// The number of bits of the decimal integer of the `n` digits `digits`
/// (no leading zeros).
fn bit_length(digits: impl Iterator<Item = u8>, n: usize) -> i128 {
    if n <= 38 {
        let v = digits.fold(0u128, |v, d| v * 10 + (d - b'0') as u128);
        return 128 - v.leading_zeros() as i128;
    }
    // log2 of the value from its leading digits and its length; exact
    // enough for any realistic literal (off by one only within ~1e-15 of a
    // power of two).
    let mut lead = [0u8; 17];
    for (l, d) in lead.iter_mut().zip(digits) {
        *l = d;
    }
    let lead: f64 = std::str::from_utf8(&lead)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    let log2 = lead.log2() + (n as f64 - 17.0) * std::f64::consts::LOG2_10;
    log2.floor() as i128 + 1
}
