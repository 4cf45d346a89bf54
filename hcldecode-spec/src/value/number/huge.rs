//! Leading decimal digits of numbers whose exact decimal expansion is too
//! long to compute: `1e600000000` has a 2-billion-bit exponent, and Go's
//! `Text` would write (and first compute) 600 million digits, which
//! effectively hangs. Here the leading digits come from a high-precision
//! division by a power of ten instead. The shortest form of such a number
//! is still written plainly, as Go writes it, up to [`MAX_PLAIN_DIGITS`]
//! digits (the rest are zeros); beyond, and where a fixed number of
//! decimals is asked for, in exponent form (see `append` in `ftoa.rs`).
//!
//! The division is carried at twice the number's precision plus 256 bits,
//! so a computed digit can only be wrong if the true value lies within
//! about 2^-(prec + 200) of a digit boundary, which decimal literals and
//! arithmetic on them do not produce.

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::decimal::Decimal;
use super::float::{Float, Form, round};

/// Decimal exponents beyond which a number counts as huge: its plain
/// decimal form would exceed this many digits.
pub(crate) const HUGE_DIGITS: i64 = 20_000;

/// The most digits a huge number's shortest form is written with in plain
/// (`'f'`) notation, as Go writes every number; beyond, exponent form. Its
/// digits come from [`shortest`] and the rest is zeros, so the cost is the
/// output's length: a million digits, a megabyte of text, well within the
/// evaluation limits' 256 MiB of string bytes.
pub(crate) const MAX_PLAIN_DIGITS: i64 = 1_000_000;

/// Whether huge `x`'s shortest form fits in [`MAX_PLAIN_DIGITS`] digits
/// written plainly.
pub(crate) fn fits_plain(x: &Float) -> bool {
    match &x.form {
        Form::Finite { .. } => (x.go_exp() as f64 * LOG10_2).abs() <= MAX_PLAIN_DIGITS as f64,
        _ => true,
    }
}

/// `log10(2)`.
const LOG10_2: f64 = std::f64::consts::LOG10_2;

/// Whether `x`'s decimal form has more than [`HUGE_DIGITS`] digits before
/// or after the point.
pub(crate) fn is_huge(x: &Float) -> bool {
    match &x.form {
        Form::Finite { .. } => (x.go_exp() as f64 * LOG10_2).abs() > HUGE_DIGITS as f64,
        _ => false,
    }
}

/// `10^k` at precision `prec`, by squaring.
fn pow10(k: u64, prec: u32) -> Float {
    let mut result = Float::from_u64(false, 1, prec);
    let mut base = Float::from_u64(false, 10, prec);
    let mut k = k;
    while k > 0 {
        if k & 1 == 1 {
            result = Float::mul(&result, &base, prec).unwrap_or_else(|_| Float::zero(false, prec));
        }
        k >>= 1;
        if k > 0 {
            base = Float::mul(&base, &base, prec).unwrap_or_else(|_| Float::zero(false, prec));
        }
    }
    result
}

/// The leading `n` digits of `m × 2^e` (`m > 0`) and the decimal exponent
/// of the first, as `0.digits × 10^exp`.
fn leading_digits(m: &BigUint, e: i64, n: i64, work: u32) -> (Vec<u8>, i64) {
    let v = round(false, m.clone(), e, false, work);
    let e10 = ((m.bits() as i64 + e) as f64 * LOG10_2).floor() as i64 + 1;
    // v / 10^(e10 - n) has about n digits before the point.
    let mut k = e10 - n;
    for _ in 0..3 {
        let scaled = if k >= 0 {
            Float::quo(&v, &pow10(k as u64, work), work)
        } else {
            Float::mul(&v, &pow10(k.unsigned_abs(), work), work)
        };
        let digits = match scaled.ok().and_then(|s| s.to_biguint_trunc()) {
            Some((_, i, _)) if !i.is_zero() => i.to_str_radix(10).into_bytes(),
            _ => vec![b'0'],
        };
        let len = digits.len() as i64;
        if len == n {
            return (digits, k + len);
        }
        // The estimate of the exponent was off by one: rescale.
        k += len - n;
    }
    let d = vec![b'0'; n as usize];
    (d, k + n)
}

/// The shortest decimal that rounds back to `x` at its precision (Go's
/// `roundShortest` on the exact decimal), from leading digits only.
pub(crate) fn shortest(x: &Float) -> Decimal {
    let Form::Finite { mant: xm, exp: xe } = &x.form else {
        return Decimal {
            mant: Vec::new(),
            exp: 0,
        };
    };
    let prec = x.prec.max(1);
    let work = prec.saturating_mul(2).saturating_add(256);
    // Digits that suffice to tell x from its neighbours, with margin so
    // rounding never looks at the last digit computed.
    let n = ((prec as f64 + 1.0) * LOG10_2).ceil() as i64 + 12;
    let bits = xm.bits() as i64;
    let s = bits - (prec as i64 + 1);
    let (mant, exp) = if s < 0 {
        (xm << ((-s) as u64), xe + s)
    } else {
        (xm >> (s as u64), xe + s)
    };
    let (mut d, dexp) = {
        let (digits, dexp) = leading_digits(xm, *xe, n, work);
        (
            Decimal {
                mant: digits,
                exp: dexp,
            },
            dexp,
        )
    };
    let lower = leading_digits(&(&mant - BigUint::one()), exp, n, work);
    let upper = leading_digits(&(&mant + BigUint::one()), exp, n, work);
    // Align the neighbours' digits with x's (their exponents can differ by
    // one at a power of ten).
    let at = |(digits, e): &(Vec<u8>, i64), i: i64| -> u8 {
        let j = i + e - dexp;
        if j >= 0 && (j as usize) < digits.len() {
            digits[j as usize]
        } else {
            b'0'
        }
    };
    // The exact expansions never end within the digits examined (the
    // values are not multiples of such small powers of ten), so the
    // inclusiveness of the bounds never matters here.
    for i in 0..n - 2 {
        let m = d.mant[i as usize];
        let l = at(&lower, i);
        let u = at(&upper, i);
        let okdown = l != m;
        let okup = m != u;
        match (okdown, okup) {
            (true, true) => {
                d.round(i + 1);
                return d;
            }
            (true, false) => {
                d.mant.truncate(i as usize + 1);
                trim(&mut d);
                return d;
            }
            (false, true) => {
                round_up(&mut d, i + 1);
                return d;
            }
            _ => {}
        }
    }
    trim(&mut d);
    d
}

/// The leading digits of `x` rounded to `n` digits.
pub(crate) fn rounded(x: &Float, n: i64) -> Decimal {
    let Form::Finite { mant, exp } = &x.form else {
        return Decimal {
            mant: Vec::new(),
            exp: 0,
        };
    };
    let work = x.prec.max(64).saturating_mul(2).saturating_add(256);
    let want = n.clamp(1, 100_000) + 3;
    let (digits, dexp) = leading_digits(mant, *exp, want, work);
    let mut d = Decimal {
        mant: digits,
        exp: dexp,
    };
    d.round(n);
    trim(&mut d);
    d
}

fn trim(d: &mut Decimal) {
    while d.mant.last() == Some(&b'0') {
        d.mant.pop();
    }
}

fn round_up(d: &mut Decimal, n: i64) {
    let mut n = n as usize;
    while n > 0 && d.mant[n - 1] >= b'9' {
        n -= 1;
    }
    if n == 0 {
        d.mant.clear();
        d.mant.push(b'1');
        d.exp += 1;
        return;
    }
    d.mant[n - 1] += 1;
    d.mant.truncate(n);
}

#[cfg(test)]
mod tests {
    use crate::value::number::Number;

    #[test]
    fn huge_numbers_print_quickly_in_exponent_form() {
        let start = std::time::Instant::now();
        assert_eq!(
            Number::parse("1e600000000").unwrap().to_string(),
            "1e+600000000"
        );
        assert_eq!(
            Number::parse("-2.5e-600000000").unwrap().to_string(),
            "-2.5e-600000000"
        );
        assert_eq!(
            Number::parse("1e600000000").unwrap().to_string_g10(),
            "1e+600000000"
        );
        let n = Number::parse("123456789e400000000").unwrap();
        assert_eq!(n.to_string(), "1.23456789e+400000008");
        assert!(start.elapsed().as_secs() < 20, "took {:?}", start.elapsed());
    }
}
