//! HCL numbers: arbitrary-precision binary floating point with the exact
//! semantics of Go's `math/big.Float` as cty uses it.
//!
//! Every value carries a precision in bits, like a Go `*big.Float`; all
//! rounding is to nearest, ties to even, and the results match Go digit for
//! digit (see the vectors under `tests/data/`). Integers that fit an `i64`
//! are stored inline without allocation and computed on in a fast path;
//! everything else uses a port of Go's algorithms over `num-bigint`
//! mantissas.
//!
//! Every arithmetic operation of Go's `big.Float` is correctly rounded, so
//! the port computes exact results and rounds once (with Go's exponent
//! range: no subnormals, overflow to infinity beyond `2^2147483647`,
//! underflow to zero below `2^-2147483648`). Parsing follows Go's own
//! algorithm step by step (exact integer mantissa, `5^n` at `prec + 64`
//! bits by repeated squaring, one correctly rounded multiplication or
//! division), which is not always correctly rounded but is what Go does.
//! Text output ports Go's decimal conversion, computing only the leading
//! digits it needs where that gives the same answer.
//!
//! Cost: inline integers parse, add, multiply and compare in a few
//! nanoseconds without allocating; a short decimal such as `3.14159`
//! parses (at 512 bits) in a fraction of a microsecond and prints in one
//! to two. Printing takes time and space
//! proportional to the length of the text, as in Go: values with
//! astronomically large or small exponents (say `1e100000000`) print
//! hundreds of millions of digits. Huge exponents are otherwise cheap
//! (`1e999999999` parses to infinity at once; sums with enormous exponent
//! gaps do not shift mantissas across the gap).

mod decimal;
mod float;
mod ftoa;
mod huge;
mod parse;

use float::{Float, Form};
use num_bigint::{BigInt, BigUint, Sign};
use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

/// Why a number operation or parse failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberError {
    /// The text is not a decimal number.
    Syntax,
    /// The result would be NaN (`inf - inf`, `0 * inf`, `inf / inf`, `0 / 0`),
    /// which Go's big.Float refuses with a panic (`ErrNaN`) and cty's stdlib
    /// turns into an error.
    NaN,
    /// The text has more than [`MAX_NUMBER_LENGTH`](crate::syntax::MAX_NUMBER_LENGTH)
    /// characters, beyond what hcldecode parses (parsing costs more than
    /// linear time in the digits).
    TooLong,
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumberError::Syntax => f.write_str("a number is required"),
            NumberError::NaN => f.write_str("result is not a number"),
            NumberError::TooLong => write!(
                f,
                "a number may be written with at most {} characters",
                crate::syntax::MAX_NUMBER_LENGTH
            ),
        }
    }
}

impl std::error::Error for NumberError {}

impl From<float::NaN> for NumberError {
    fn from(_: float::NaN) -> NumberError {
        NumberError::NaN
    }
}

/// Set once any infinite number has been made in this process: until then
/// no value can hold one, and writers that refuse infinities (JSON) need
/// not look for them.
static INFINITY_MADE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether an infinite [`Number`] may exist (one has been made in this
/// process).
pub(crate) fn infinity_made() -> bool {
    INFINITY_MADE.load(std::sync::atomic::Ordering::Relaxed)
}

/// A number: finite with a binary mantissa of a given precision in bits,
/// or an infinity. Never NaN.
///
/// Precision follows Go's rules: [`Number::parse`] gives 512 bits,
/// [`Number::from_i64`] 64, [`Number::from_f64`] 53; arithmetic results take
/// the larger precision of their operands (multiplication as cty does it).
/// Display prints the shortest decimal that reads back to the same value at
/// the number's precision (`big.Float.Text('f', -1)`).
///
/// Negative zero exists (as in Go): `-0` parses to it and [`Number::neg`]
/// of zero gives it; it prints as `-0` and compares equal to `0`.
///
/// ```
/// use hcldecode_spec::value::Number;
/// let a = Number::parse("1.5").unwrap();
/// let b = Number::from_i64(2);
/// assert_eq!(a.add(&b).unwrap().to_string(), "3.5");
/// assert!(a < b);
/// let third = Number::from_i64(1).div(&Number::parse("3").unwrap()).unwrap();
/// assert_eq!(third.to_string_g10(), "0.3333333333");
/// ```
#[derive(Clone)]
pub struct Number(Repr);

#[derive(Clone)]
enum Repr {
    /// A finite integer (`+0` for zero) exactly representable at `prec`
    /// bits, i.e. its significant bits fit `prec`.
    Small { v: i64, prec: u32 },
    /// Anything else: other finite values, `-0`, infinities.
    Big(Arc<Float>),
}

/// Number of significant bits of `v` (0 for 0).
fn sig_bits(v: i64) -> u32 {
    let u = v.unsigned_abs();
    if u == 0 {
        0
    } else {
        64 - u.leading_zeros() - u.trailing_zeros()
    }
}

/// Bit length of `|v|`.
fn bit_len(v: i64) -> u32 {
    64 - v.unsigned_abs().leading_zeros()
}

/// The default precision of parsed numbers (cty's `ParseNumberVal`).
const PARSE_PREC: u32 = 512;

/// Powers of ten that fit a `u64`.
const POW10: [u64; 20] = {
    let mut t = [1u64; 20];
    let mut i = 1;
    while i < 20 {
        t[i] = t[i - 1] * 10;
        i += 1;
    }
    t
};

impl Number {
    fn small(v: i64, prec: u32) -> Number {
        Number(Repr::Small { v, prec })
    }

    /// Wraps a Float, using the inline form when possible.
    fn from_float(f: Float) -> Number {
        match &f.form {
            Form::Zero if !f.neg => return Number::small(0, f.prec),
            Form::Finite { mant, exp } if *exp >= 0 && mant.bits() as i64 + *exp <= 63 => {
                let m = mant.iter_u64_digits().next().unwrap_or(0) << *exp;
                let v = m as i64;
                return Number::small(if f.neg { -v } else { v }, f.prec);
            }
            Form::Inf => INFINITY_MADE.store(true, std::sync::atomic::Ordering::Relaxed),
            _ => {}
        }
        Number(Repr::Big(Arc::new(f)))
    }

    /// The value as a Go-style Float (allocates for the inline form).
    fn float(&self) -> std::borrow::Cow<'_, Float> {
        match &self.0 {
            Repr::Small { v, prec } => {
                std::borrow::Cow::Owned(Float::from_u64(*v < 0, v.unsigned_abs(), *prec))
            }
            Repr::Big(f) => std::borrow::Cow::Borrowed(f),
        }
    }

    /// An integer, at 64-bit precision (cty's `NumberIntVal`).
    pub fn from_i64(v: i64) -> Number {
        Number::small(v, 64)
    }

    /// An unsigned integer, at 64-bit precision (`NumberUIntVal`).
    pub fn from_u64(v: u64) -> Number {
        match i64::try_from(v) {
            Ok(v) => Number::small(v, 64),
            Err(_) => Number::from_float(Float::from_u64(false, v, 64)),
        }
    }

    /// A float at 53-bit precision (`NumberFloatVal`); `None` for NaN.
    /// `-0.0` gives negative zero and infinities give infinities.
    pub fn from_f64(v: f64) -> Option<Number> {
        if v.is_nan() {
            return None;
        }
        if v.is_infinite() {
            return Some(Number::from_float(Float::inf(v < 0.0, 53)));
        }
        if v == 0.0 {
            return Some(Number::from_float(Float::zero(v.is_sign_negative(), 53)));
        }
        if v.fract() == 0.0 && v.abs() < 9.223_372_036_854_776e18 {
            return Some(Number::small(v as i64, 53));
        }
        let bits = v.to_bits();
        let neg = bits >> 63 != 0;
        let bexp = ((bits >> 52) & 0x7ff) as i64;
        let frac = bits & ((1u64 << 52) - 1);
        let (m, e) = if bexp == 0 {
            (frac, -1074)
        } else {
            (frac | (1u64 << 52), bexp - 1075)
        };
        Some(Number::from_float(float::round(
            neg,
            BigUint::from(m),
            e,
            false,
            53,
        )))
    }

    /// An integer of any size (`new(big.Float).SetInt(x)`): the precision is
    /// the larger of the bit length and 64, so the value is exact.
    pub fn from_big_int(v: &BigInt) -> Number {
        if let Ok(i) = i64::try_from(v) {
            return Number::small(i, 64);
        }
        let m = v.magnitude();
        let prec = u32::try_from(m.bits()).unwrap_or(u32::MAX).max(64);
        Number::from_float(Float::from_biguint(
            v.sign() == Sign::Minus,
            m.clone(),
            prec,
        ))
    }

    /// Parses decimal text at 512-bit precision, rounding to nearest even
    /// (cty's `ParseNumberVal`, i.e. `big.ParseFloat(s, 10, 512, ToNearestEven)`).
    ///
    /// Accepts an optional sign, then `Inf`/`inf`, or digits with an
    /// optional `.` (`5.`, `.5`) and an optional exponent `e`/`E` (decimal)
    /// or `p`/`P` (binary: `1p3` is 8). No spaces, `_` separators or base
    /// prefixes. An exponent that does not fit Go's ranges (`int64` for the
    /// text, `int32` for the binary exponent, about ±646 million decimal
    /// digits) is a syntax error; otherwise magnitudes beyond the range
    /// overflow to infinity or underflow to zero, as in Go.
    ///
    /// ```
    /// use hcldecode_spec::value::{Number, NumberError};
    /// assert_eq!(Number::parse("0.1").unwrap().to_string(), "0.1");
    /// assert_eq!(Number::parse("1e3").unwrap().to_i64(), Some(1000));
    /// assert!(Number::parse("1e999999999").unwrap().is_infinite());
    /// assert_eq!(Number::parse("1_000").unwrap_err(), NumberError::Syntax);
    /// ```
    pub fn parse(s: &str) -> Result<Number, NumberError> {
        let b = s.as_bytes();
        if b.len() > crate::syntax::MAX_NUMBER_LENGTH {
            return Err(NumberError::TooLong);
        }
        // Fast path: a short plain integer.
        if !b.is_empty() && b.len() <= 19 {
            let (neg, digits) = match b[0] {
                b'-' => (true, &b[1..]),
                b'+' => (false, &b[1..]),
                _ => (false, b),
            };
            if !digits.is_empty() && digits.len() <= 18 && digits.iter().all(u8::is_ascii_digit) {
                let v = digits
                    .iter()
                    .fold(0i64, |acc, d| acc * 10 + i64::from(d - b'0'));
                if v != 0 || !neg {
                    return Ok(Number::small(if neg { -v } else { v }, PARSE_PREC));
                }
            }
        }
        if let Some(f) = match s {
            "Inf" | "inf" | "+Inf" | "+inf" => Some(false),
            "-Inf" | "-inf" => Some(true),
            _ => None,
        } {
            return Ok(Number::from_float(Float::inf(f, PARSE_PREC)));
        }
        let sc = parse::scan(b).ok_or(NumberError::Syntax)?;
        // Fast path: an integer value with a short mantissa and a small
        // decimal exponent is exact.
        if !sc.binary_exp
            && let (Some(m), Some(e5)) = (sc.digits.small(), sc.exp.checked_sub(sc.frac))
            && m != 0
            && (-19..=19).contains(&e5)
        {
            let p = POW10[e5.unsigned_abs() as usize];
            let v = if e5 >= 0 {
                m.checked_mul(p)
            } else if m % p == 0 {
                Some(m / p)
            } else {
                None
            };
            if let Some(v) = v.and_then(|v| i64::try_from(v).ok()) {
                return Ok(Number::small(if sc.neg { -v } else { v }, PARSE_PREC));
            }
        }
        parse::from_scanned(&sc, PARSE_PREC)
            .map(Number::from_float)
            .ok_or(NumberError::Syntax)
    }

    /// Positive or negative infinity (cty's `PositiveInfinity` /
    /// `NegativeInfinity`, whose precision is 0).
    pub fn infinity(negative: bool) -> Number {
        Number::from_float(Float::inf(negative, 0))
    }

    /// The precision of the mantissa, in bits, as Go's `Prec()` reports it.
    /// For infinities this is the precision Go carries along: 0 for
    /// [`Number::infinity`], 512 for a parsed `Inf`, the operands' for a
    /// computed one.
    pub fn precision(&self) -> u32 {
        match &self.0 {
            Repr::Small { prec, .. } => *prec,
            Repr::Big(f) => f.prec,
        }
    }

    /// The minimum precision that represents the value exactly (Go's
    /// `MinPrec`; 0 for zeros and infinities).
    pub fn min_precision(&self) -> u32 {
        match &self.0 {
            Repr::Small { v, .. } => sig_bits(*v),
            Repr::Big(f) => u32::try_from(f.min_prec()).unwrap_or(u32::MAX),
        }
    }

    /// Whether this is an infinity.
    pub fn is_infinite(&self) -> bool {
        matches!(&self.0, Repr::Big(f) if matches!(f.form, Form::Inf))
    }

    /// Whether this is zero (of either sign).
    pub fn is_zero(&self) -> bool {
        match &self.0 {
            Repr::Small { v, .. } => *v == 0,
            Repr::Big(f) => matches!(f.form, Form::Zero),
        }
    }

    /// Whether the sign is negative (including `-0` and `-inf`).
    pub fn is_negative(&self) -> bool {
        match &self.0 {
            Repr::Small { v, .. } => *v < 0,
            Repr::Big(f) => f.neg,
        }
    }

    /// -1, 0 or 1 (Go's `Sign`; 0 for both zeros).
    pub fn signum(&self) -> i32 {
        match &self.0 {
            Repr::Small { v, .. } => v.signum() as i32,
            Repr::Big(f) => f.sign(),
        }
    }

    /// Whether this is a finite integer (Go's `IsInt`; zeros are integers).
    pub fn is_integer(&self) -> bool {
        match &self.0 {
            Repr::Small { .. } => true,
            Repr::Big(f) => f.is_int(),
        }
    }

    /// The value as an `i64`, if it is an integer in range (Go's `Int64`
    /// with an `Exact` accuracy).
    pub fn to_i64(&self) -> Option<i64> {
        match &self.0 {
            Repr::Small { v, .. } => Some(*v),
            Repr::Big(f) => match &f.form {
                Form::Zero => Some(0),
                Form::Inf => None,
                Form::Finite { mant, exp } => {
                    if *exp < 0 || mant.bits() as i64 + *exp > 64 {
                        return None;
                    }
                    let m = mant.iter_u64_digits().next().unwrap_or(0) << *exp;
                    if f.neg {
                        (m <= 1u64 << 63).then(|| 0i64.wrapping_sub_unsigned(m))
                    } else {
                        i64::try_from(m).ok()
                    }
                }
            },
        }
    }

    /// The value as a `u64`, if it is a non-negative integer in range (Go's
    /// `Uint64` with an `Exact` accuracy; `-0` gives 0).
    pub fn to_u64(&self) -> Option<u64> {
        match &self.0 {
            Repr::Small { v, .. } => u64::try_from(*v).ok(),
            Repr::Big(f) => match &f.form {
                Form::Zero => Some(0),
                Form::Inf => None,
                Form::Finite { mant, exp } => {
                    if f.neg || *exp < 0 || mant.bits() as i64 + *exp > 64 {
                        return None;
                    }
                    Some(mant.iter_u64_digits().next().unwrap_or(0) << *exp)
                }
            },
        }
    }

    /// The value as a big integer, if it is a finite integer (Go's `Int`
    /// with an `Exact` accuracy).
    pub fn to_big_int(&self) -> Option<BigInt> {
        match &self.0 {
            Repr::Small { v, .. } => Some(BigInt::from(*v)),
            Repr::Big(f) => match f.to_biguint_trunc()? {
                (neg, m, Ordering::Equal) => Some(BigInt::from_biguint(
                    if neg { Sign::Minus } else { Sign::Plus },
                    m,
                )),
                _ => None,
            },
        }
    }

    /// The nearest `f64` (infinities stay infinite; huge values overflow to
    /// infinity, tiny ones to zero; Go's `Float64`).
    pub fn to_f64(&self) -> f64 {
        match &self.0 {
            Repr::Small { v, .. } => *v as f64,
            Repr::Big(f) => f.to_f64(),
        }
    }

    /// `self + other` (cty `Add`).
    pub fn add(&self, other: &Number) -> Result<Number, NumberError> {
        if let (Repr::Small { v: a, prec: pa }, Repr::Small { v: b, prec: pb }) =
            (&self.0, &other.0)
        {
            let prec = (*pa).max(*pb);
            if let Some(s) = a.checked_add(*b)
                && sig_bits(s) <= prec
            {
                return Ok(Number::small(s, prec));
            }
        }
        let prec = self.precision().max(other.precision());
        Ok(Number::from_float(Float::add(
            &self.float(),
            &other.float(),
            prec,
        )?))
    }

    /// `self - other` (cty `Subtract`, i.e. `self + (-other)`).
    pub fn sub(&self, other: &Number) -> Result<Number, NumberError> {
        if let (Repr::Small { v: a, prec: pa }, Repr::Small { v: b, prec: pb }) =
            (&self.0, &other.0)
        {
            let prec = (*pa).max(*pb);
            if let Some(s) = a.checked_sub(*b)
                && sig_bits(s) <= prec
            {
                return Ok(Number::small(s, prec));
            }
        }
        let prec = self.precision().max(other.precision());
        Ok(Number::from_float(Float::sub(
            &self.float(),
            &other.float(),
            prec,
        )?))
    }

    /// `self * other` (cty `Multiply`): the product rounded to 512 bits,
    /// with the precision of the larger operand or the bits the product
    /// needs, whichever is more.
    pub fn mul(&self, other: &Number) -> Result<Number, NumberError> {
        if let (Repr::Small { v: a, prec: pa }, Repr::Small { v: b, prec: pb }) =
            (&self.0, &other.0)
            && let Some(p) = a.checked_mul(*b)
            && (p != 0 || (*a >= 0) == (*b >= 0))
        {
            return Ok(Number::small(p, (*pa).max(*pb).max(sig_bits(p))));
        }
        let mut r = Float::mul(&self.float(), &other.float(), PARSE_PREC)?;
        let res_prec = self.precision().max(other.precision());
        r.prec = res_prec.max(u32::try_from(r.min_prec()).unwrap_or(u32::MAX));
        Ok(Number::from_float(r))
    }

    /// `self / other` (cty `Divide`); division of a non-zero number by zero
    /// gives an infinity.
    pub fn div(&self, other: &Number) -> Result<Number, NumberError> {
        if let (Repr::Small { v: a, prec: pa }, Repr::Small { v: b, prec: pb }) =
            (&self.0, &other.0)
            && *a != 0
            && *b != 0
            && a.checked_rem(*b) == Some(0)
            && let Some(q) = a.checked_div(*b)
        {
            let prec = (*pa).max(*pb);
            if sig_bits(q) <= prec {
                return Ok(Number::small(q, prec));
            }
        }
        let prec = self.precision().max(other.precision());
        Ok(Number::from_float(Float::quo(
            &self.float(),
            &other.float(),
            prec,
        )?))
    }

    /// `self % other` (cty `Modulo`): `a % 0` is `a`; otherwise
    /// `a - b * trunc(a / b)` computed as cty does it (the quotient rounded
    /// at the larger precision, then the product and difference rounded at
    /// `a`'s precision, which is also the result's).
    ///
    /// With an infinite operand (and a non-zero divisor) this is an error,
    /// as in HCL: for a finite `a` Go's `0 * inf` is NaN; for an infinite `a`
    /// cty crashes (its special case only catches its own infinity
    /// singletons) and HCL reports the panic as an error.
    pub fn rem(&self, other: &Number) -> Result<Number, NumberError> {
        if let (Repr::Small { v: a, prec: pa }, Repr::Small { v: b, .. }) = (&self.0, &other.0) {
            if *b == 0 {
                return Ok(self.clone());
            }
            // With the quotient at >= 64 bits its truncation is exact, and
            // at >= 64 bits for `a` the product and the difference are too.
            if *pa >= 64
                && let Some(r) = a.checked_rem(*b)
            {
                return Ok(Number::small(r, *pa));
            }
        }
        if other.is_zero() {
            return Ok(self.clone());
        }
        if self.is_infinite() {
            return Err(NumberError::NaN);
        }
        let x = self.float();
        let y = other.float();
        let px = x.prec;
        let rat = Float::quo(&x, &y, px.max(y.prec))?;
        let work = rat.trunc().set_prec(px);
        let work = Float::mul(&y, &work, px)?;
        Ok(Number::from_float(Float::sub(&x, &work, px)?))
    }

    /// `-self` (same precision; `-0` for zero).
    pub fn neg(&self) -> Number {
        match &self.0 {
            Repr::Small { v, prec } if *v != 0 && *v != i64::MIN => Number::small(-v, *prec),
            _ => Number::from_float(self.float().into_owned().neg()),
        }
    }

    /// `|self|` (same precision).
    pub fn abs(&self) -> Number {
        match &self.0 {
            Repr::Small { v, prec } if *v != i64::MIN => Number::small(v.abs(), *prec),
            _ => {
                let mut f = self.float().into_owned();
                f.neg = false;
                Number::from_float(f)
            }
        }
    }

    /// The integer part, rounding toward zero (stdlib `int`): integers
    /// (including `-0`) and infinities are returned unchanged; otherwise
    /// the result has the precision Go's `SetInt` gives, the larger of its
    /// bit length and 64.
    pub fn trunc(&self) -> Number {
        let f = match &self.0 {
            Repr::Small { .. } => return self.clone(),
            Repr::Big(f) => f,
        };
        if f.is_int() || matches!(f.form, Form::Inf) {
            return self.clone();
        }
        let t = f.trunc();
        let bits = u32::try_from(t.go_exp().max(0)).unwrap_or(u32::MAX);
        Number::from_float(t.set_prec(bits.max(64)))
    }

    /// Largest integer not greater than `self` (stdlib `floor`): same
    /// precision; zeros give `+0`; infinities are returned unchanged.
    pub fn floor(&self) -> Number {
        self.round_int(true)
    }

    /// Smallest integer not less than `self` (stdlib `ceil`): same
    /// precision; zeros give `+0`; infinities are returned unchanged.
    pub fn ceil(&self) -> Number {
        self.round_int(false)
    }

    fn round_int(&self, floor: bool) -> Number {
        let f = match &self.0 {
            Repr::Small { .. } => return self.clone(),
            Repr::Big(f) => f,
        };
        if f.is_int() {
            // Go: Int is exact and SetInt gives the same value back (as +0
            // for zeros), without materializing huge integers here.
            return match f.form {
                Form::Zero => Number::small(0, f.prec),
                _ => self.clone(),
            };
        }
        let Some((neg, m, acc)) = f.to_biguint_trunc() else {
            return self.clone();
        };
        // Go: Int gives the truncation with its accuracy, adjust by one,
        // then f.SetInt(i) at f's precision.
        let mut i = BigInt::from_biguint(if neg { Sign::Minus } else { Sign::Plus }, m);
        match (floor, acc) {
            (true, Ordering::Greater) => i -= 1,
            (false, Ordering::Less) => i += 1,
            _ => {}
        }
        let r = Float::from_biguint(i.sign() == Sign::Minus, i.magnitude().clone(), f.prec);
        Number::from_float(r)
    }

    /// cty's number equality (`rawNumberEqual`, used by `==` and
    /// `RawEquals`): equal signs and equal `Text('f', -1)` renderings, so
    /// it depends on the precisions (`-0` equals `0`).
    pub fn cty_equals(&self, other: &Number) -> bool {
        if self.signum() != other.signum() {
            return false;
        }
        if let (Repr::Small { v: a, prec: pa }, Repr::Small { v: b, prec: pb }) =
            (&self.0, &other.0)
            && bit_len(*a) <= *pa
            && bit_len(*b) <= *pb
        {
            return a == b;
        }
        if self.is_zero() && other.is_zero() {
            return true;
        }
        self.to_string() == other.to_string()
    }

    /// `big.Float.String()`, i.e. `Text('g', 10)`, which cty uses to hash
    /// numbers in sets and HCL in diagnostics.
    ///
    /// ```
    /// use hcldecode_spec::value::Number;
    /// assert_eq!(Number::parse("12345678901").unwrap().to_string_g10(), "1.23456789e+10");
    /// ```
    pub fn to_string_g10(&self) -> String {
        if let Repr::Small { v, .. } = &self.0
            && v.unsigned_abs() < 10_000_000_000
        {
            return v.to_string();
        }
        self.format('g', 10)
    }

    /// `big.Float.Text(fmt, prec)`: `fmt` is one of `e`, `E`, `f`, `g`,
    /// `G`, `b`, `p`, `x`; a negative `prec` asks for the shortest digits
    /// that read back to the same value at the number's precision. Another
    /// `fmt` gives `%` followed by it, as in Go.
    ///
    /// ```
    /// use hcldecode_spec::value::Number;
    /// let n = Number::parse("1234.5678").unwrap();
    /// assert_eq!(n.format('e', 3), "1.235e+03");
    /// assert_eq!(n.format('g', -1), "1234.5678");
    /// assert_eq!(n.format('f', 2), "1234.57");
    /// ```
    pub fn format(&self, fmt: char, prec: i32) -> String {
        let mut buf = Vec::new();
        let fmt = u8::try_from(fmt).unwrap_or(b'?');
        ftoa::append(&mut buf, &self.float(), fmt, i64::from(prec));
        String::from_utf8(buf).unwrap_or_default()
    }
}

impl PartialEq for Number {
    /// Numeric equality, whatever the precisions (Go's `Cmp == 0`; see
    /// [`Number::cty_equals`] for cty's `==`).
    fn eq(&self, other: &Number) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Number {}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Number {
    /// Numeric order (Go's `Cmp`; `-0 == 0`).
    fn cmp(&self, other: &Number) -> Ordering {
        if let (Repr::Small { v: a, .. }, Repr::Small { v: b, .. }) = (&self.0, &other.0) {
            return a.cmp(b);
        }
        self.float().cmp(&other.float())
    }
}

impl fmt::Display for Number {
    /// `big.Float.Text('f', -1)`: `+Inf`/`-Inf` for infinities.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Repr::Small { v, prec } = &self.0
            && bit_len(*v) <= *prec
        {
            return fmt::Display::fmt(v, f);
        }
        f.write_str(&self.format('f', -1))
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Number({} @{})", self, self.precision())
    }
}

impl std::hash::Hash for Number {
    /// Consistent with the numeric equality: `-0` and `0` hash alike, and
    /// so do equal values of different precisions.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        match &self.0 {
            Repr::Small { v, .. } => v.hash(state),
            Repr::Big(f) => match &f.form {
                Form::Zero => 0i64.hash(state),
                // Integers that fit an i64 are always inline, so these
                // never collide with equal inline values.
                Form::Finite { mant, exp } => {
                    f.neg.hash(state);
                    exp.hash(state);
                    mant.hash(state);
                }
                Form::Inf => {
                    f.neg.hash(state);
                    u8::MAX.hash(state);
                }
            },
        }
    }
}

impl From<i64> for Number {
    fn from(v: i64) -> Number {
        Number::from_i64(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size() {
        assert!(std::mem::size_of::<Number>() <= 16);
    }
}
