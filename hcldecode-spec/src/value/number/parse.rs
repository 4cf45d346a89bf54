//! A port of Go's `big.ParseFloat(s, 10, prec, ToNearestEven)`
//! (`Float.Parse` / `Float.scan` in `math/big/floatconv.go`).
//!
//! Accepted syntax (base 10, so no base prefixes and no `_` separators):
//!
//! ```text
//! number   = [ sign ] ( mantissa [ exponent ] | "inf" | "Inf" ) .
//! mantissa = digits "." [ digits ] | digits | "." digits .
//! exponent = ( "e" | "E" | "p" | "P" ) [ sign ] digits .
//! ```
//!
//! A `p` exponent is binary (`1p3` is 8). The decimal exponent must fit an
//! `int64` and the resulting binary exponent Go's `int32` range, otherwise
//! the text is rejected ("exponent overflow"); values beyond the range of
//! the decimal scaling overflow to infinity or underflow to zero.

use super::float::{Float, MAX_EXP, MIN_EXP, mul_mag, quo_mag, round};
use num_bigint::BigUint;

/// The pieces of a scanned decimal number.
pub(crate) struct Scanned<'a> {
    /// Sign.
    pub neg: bool,
    /// The mantissa digits (ASCII, possibly with leading zeros; no point).
    pub digits: Digits<'a>,
    /// Number of digits after the point (0 without a point).
    pub frac: i64,
    /// The exponent value.
    pub exp: i64,
    /// Whether the exponent is binary (`p`).
    pub binary_exp: bool,
}

/// Mantissa digits: up to two runs of ASCII digits (before and after `.`).
pub(crate) struct Digits<'a> {
    pub int: &'a [u8],
    pub frac: &'a [u8],
}

impl Digits<'_> {
    fn all(&self) -> impl Iterator<Item = u8> + '_ {
        self.int.iter().chain(self.frac.iter()).copied()
    }

    /// The mantissa as a `u64`, if it has at most 19 digits.
    pub fn small(&self) -> Option<u64> {
        if self.int.len() + self.frac.len() > 19 {
            return None;
        }
        Some(
            self.all()
                .fold(0u64, |acc, d| acc * 10 + u64::from(d - b'0')),
        )
    }

    /// The mantissa as a big integer.
    pub fn big(&self) -> BigUint {
        if let Some(v) = self.small() {
            return BigUint::from(v);
        }
        let mut buf: Vec<u8> = Vec::with_capacity(self.int.len() + self.frac.len());
        buf.extend(self.all().map(|d| d - b'0'));
        // Digits are all < 10, so this cannot fail.
        BigUint::from_radix_be(&buf, 10).unwrap_or_default()
    }

    fn is_zero(&self) -> bool {
        self.all().all(|d| d == b'0')
    }
}

/// Scans the syntax (Go's `scan` followed by the end-of-string check).
/// `None` on a syntax error. Infinities are not handled here.
pub(crate) fn scan(s: &[u8]) -> Option<Scanned<'_>> {
    let mut i = 0;
    // scanSign
    let neg = match s.first()? {
        b'-' => {
            i += 1;
            true
        }
        b'+' => {
            i += 1;
            false
        }
        _ => false,
    };
    // mantissa
    let start = i;
    while i < s.len() && s[i].is_ascii_digit() {
        i += 1;
    }
    let int = &s[start..i];
    let mut frac: &[u8] = &[];
    if i < s.len() && s[i] == b'.' {
        i += 1;
        let fstart = i;
        while i < s.len() && s[i].is_ascii_digit() {
            i += 1;
        }
        frac = &s[fstart..i];
    }
    if int.is_empty() && frac.is_empty() {
        return None; // no digits
    }
    // exponent
    let mut exp = 0i64;
    let mut binary_exp = false;
    if i < s.len() && matches!(s[i], b'e' | b'E' | b'p' | b'P') {
        binary_exp = matches!(s[i], b'p' | b'P');
        i += 1;
        let mut eneg = false;
        if i < s.len() && (s[i] == b'+' || s[i] == b'-') {
            eneg = s[i] == b'-';
            i += 1;
        }
        let estart = i;
        // strconv.ParseInt(digits, 10, 64): accumulate negatively so that
        // -9223372036854775808 is accepted.
        let mut acc: i64 = 0;
        let mut overflow = false;
        while i < s.len() && s[i].is_ascii_digit() {
            let d = i64::from(s[i] - b'0');
            match acc.checked_mul(10).and_then(|v| v.checked_sub(d)) {
                Some(v) => acc = v,
                None => overflow = true,
            }
            i += 1;
        }
        if i == estart || overflow {
            return None;
        }
        exp = if eneg { acc } else { acc.checked_neg()? };
    }
    if i != s.len() {
        return None; // expected end of string
    }
    Some(Scanned {
        neg,
        digits: Digits { int, frac },
        frac: frac.len() as i64,
        exp,
        binary_exp,
    })
}

/// Powers of five that fit a `u64` (Go's `pow5tab`).
pub(crate) const POW5: [u64; 28] = {
    let mut t = [1u64; 28];
    let mut i = 1;
    while i < 28 {
        t[i] = t[i - 1] * 5;
        i += 1;
    }
    t
};

/// Go's `(*Float).pow5` on a Float of precision `prec`: `5^n`, exact up to
/// `5^27`, otherwise by repeated squaring at `prec` (result) and `prec + 64`
/// (the square) bits.
pub(crate) fn pow5(n: u64, prec: u32) -> Float {
    const M: u64 = 27;
    if n <= M {
        return Float::from_u64(false, POW5[n as usize], prec);
    }
    let mut z = Float::from_u64(false, POW5[M as usize], prec);
    let mut n = n - M;
    let fprec = prec.saturating_add(64);
    let mut f = Float::from_u64(false, 5, fprec);
    while n > 0 {
        if n & 1 != 0 {
            z = Float::mul(&z, &f, prec).unwrap_or_else(|_| Float::inf(false, prec));
        }
        n >>= 1;
        if n == 0 {
            // Go squares once more here; the result is unused.
            break;
        }
        f = Float::mul(&f, &f, fprec).unwrap_or_else(|_| Float::inf(false, fprec));
    }
    z
}

/// The value of a scanned number (the second half of Go's `scan`).
pub(crate) fn from_scanned(sc: &Scanned<'_>, prec: u32) -> Option<Float> {
    if sc.digits.is_zero() {
        return Some(Float::zero(sc.neg, prec));
    }
    let mant = sc.digits.big();
    let bits = mant.bits() as i64;
    // exp2 = bitlen + (fraction digits) + exponent contributions, exp5 for
    // the decimal part. Go uses wrapping int64 arithmetic; any overflow here
    // lands far outside the int32 range and is an error either way.
    let mut exp2 = bits.checked_sub(sc.frac)?;
    let mut exp5 = -sc.frac;
    if !sc.binary_exp {
        exp5 = exp5.checked_add(sc.exp)?;
    }
    exp2 = exp2.checked_add(sc.exp)?;
    if !(MIN_EXP..=MAX_EXP).contains(&exp2) {
        return None; // exponent overflow
    }
    // The exact (unrounded) mantissa value is mant × 2^(exp2 - bits).
    let e = exp2 - bits;
    if exp5 == 0 {
        return Some(round(sc.neg, mant, e, false, prec));
    }
    let p = pow5(exp5.unsigned_abs(), prec.saturating_add(64));
    let r = match &p.form {
        super::float::Form::Finite { mant: pm, exp: pe } => {
            if exp5 < 0 {
                quo_mag(sc.neg, &mant, e, pm, *pe, prec)
            } else {
                mul_mag(sc.neg, &mant, e, pm, *pe, prec)
            }
        }
        // pow5 overflowed: x / inf = 0, x * inf = inf.
        _ if exp5 < 0 => Float::zero(sc.neg, prec),
        _ => Float::inf(sc.neg, prec),
    };
    Some(r)
}
