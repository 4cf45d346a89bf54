//! HCL numbers: arbitrary-precision binary floating point with the exact
//! semantics of Go's `math/big.Float` as cty uses it.
//!
//! PLACEHOLDER IMPLEMENTATION (f64). The API below is the contract; the
//! 512-bit implementation replaces the internals without changing it.

use std::cmp::Ordering;
use std::fmt;

/// Why a number operation or parse failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberError {
    /// The text is not a decimal number.
    Syntax,
    /// The result would be NaN (`inf - inf`, `0 * inf`, `inf / inf`, `0 / 0`),
    /// which Go's big.Float refuses with a panic (`ErrNaN`) and cty's stdlib
    /// turns into an error.
    NaN,
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumberError::Syntax => f.write_str("a number is required"),
            NumberError::NaN => f.write_str("result is not a number"),
        }
    }
}

impl std::error::Error for NumberError {}

/// A number: finite with a binary mantissa of a given precision in bits,
/// or an infinity. Never NaN.
///
/// Precision follows Go's rules: [`Number::parse`] gives 512 bits,
/// [`Number::from_i64`] 64, [`Number::from_f64`] 53; arithmetic results take
/// the larger precision of their operands (multiplication as cty does it).
/// Display prints the shortest decimal that reads back to the same value at
/// the number's precision (`big.Float.Text('f', -1)`).
///
/// ```
/// use hcldecode::value::Number;
/// let a = Number::parse("1.5").unwrap();
/// let b = Number::from_i64(2);
/// assert_eq!(a.add(&b).unwrap().to_string(), "3.5");
/// assert!(a < b);
/// ```
#[derive(Clone, Debug)]
pub struct Number {
    v: f64,
    prec: u32,
}

impl Number {
    /// An integer, at 64-bit precision (cty's `NumberIntVal`).
    pub fn from_i64(v: i64) -> Number {
        Number {
            v: v as f64,
            prec: 64,
        }
    }

    /// An unsigned integer, at 64-bit precision (`NumberUIntVal`).
    pub fn from_u64(v: u64) -> Number {
        Number {
            v: v as f64,
            prec: 64,
        }
    }

    /// A float at 53-bit precision (`NumberFloatVal`); `None` for NaN.
    pub fn from_f64(v: f64) -> Option<Number> {
        (!v.is_nan()).then_some(Number { v, prec: 53 })
    }

    /// Parses decimal text at 512-bit precision, rounding to nearest even
    /// (cty's `ParseNumberVal`, i.e. `big.ParseFloat(s, 10, 512, ToNearestEven)`).
    pub fn parse(s: &str) -> Result<Number, NumberError> {
        s.parse::<f64>()
            .ok()
            .filter(|v| !v.is_nan())
            .map(|v| Number { v, prec: 512 })
            .ok_or(NumberError::Syntax)
    }

    /// Positive or negative infinity.
    pub fn infinity(negative: bool) -> Number {
        Number {
            v: if negative {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            },
            prec: 0,
        }
    }

    /// The precision of the mantissa, in bits (0 for infinities).
    pub fn precision(&self) -> u32 {
        self.prec
    }

    /// Whether this is an infinity.
    pub fn is_infinite(&self) -> bool {
        self.v.is_infinite()
    }

    /// Whether this is zero (of either sign).
    pub fn is_zero(&self) -> bool {
        self.v == 0.0
    }

    /// Whether the sign is negative (including `-0` and `-inf`).
    pub fn is_negative(&self) -> bool {
        self.v.is_sign_negative()
    }

    /// Whether this is a finite integer.
    pub fn is_integer(&self) -> bool {
        self.v.is_finite() && self.v.fract() == 0.0
    }

    /// The value as an `i64`, if it is an integer in range.
    pub fn to_i64(&self) -> Option<i64> {
        (self.is_integer() && self.v >= -9.223372036854776e18 && self.v < 9.223372036854776e18)
            .then_some(self.v as i64)
    }

    /// The value as a `u64`, if it is a non-negative integer in range.
    pub fn to_u64(&self) -> Option<u64> {
        (self.is_integer() && self.v >= 0.0 && self.v < 1.8446744073709552e19)
            .then_some(self.v as u64)
    }

    /// The nearest `f64` (infinities stay infinite; huge values overflow to
    /// infinity).
    pub fn to_f64(&self) -> f64 {
        self.v
    }

    fn prec2(&self, o: &Number) -> u32 {
        self.prec.max(o.prec)
    }

    fn checked(v: f64, prec: u32) -> Result<Number, NumberError> {
        if v.is_nan() {
            Err(NumberError::NaN)
        } else {
            Ok(Number { v, prec })
        }
    }

    /// `self + other` (cty `Add`).
    pub fn add(&self, other: &Number) -> Result<Number, NumberError> {
        Number::checked(self.v + other.v, self.prec2(other))
    }

    /// `self - other` (cty `Subtract`).
    pub fn sub(&self, other: &Number) -> Result<Number, NumberError> {
        Number::checked(self.v - other.v, self.prec2(other))
    }

    /// `self * other` (cty `Multiply`).
    pub fn mul(&self, other: &Number) -> Result<Number, NumberError> {
        Number::checked(self.v * other.v, self.prec2(other))
    }

    /// `self / other` (cty `Divide`); division of a non-zero number by zero
    /// gives an infinity.
    pub fn div(&self, other: &Number) -> Result<Number, NumberError> {
        Number::checked(self.v / other.v, self.prec2(other))
    }

    /// `self % other` (cty `Modulo`: `a - b * trunc(a / b)`; `a % 0` is `a`;
    /// infinities give an infinity of the product's sign).
    pub fn rem(&self, other: &Number) -> Result<Number, NumberError> {
        if self.is_infinite() || other.is_infinite() {
            return self.mul(other);
        }
        if other.is_zero() {
            return Ok(self.clone());
        }
        Number::checked(self.v % other.v, self.prec2(other))
    }

    /// `-self`.
    pub fn neg(&self) -> Number {
        Number {
            v: -self.v,
            prec: self.prec,
        }
    }

    /// `|self|`.
    pub fn abs(&self) -> Number {
        Number {
            v: self.v.abs(),
            prec: self.prec,
        }
    }

    /// The integer part, rounding toward zero (stdlib `int`).
    pub fn trunc(&self) -> Number {
        Number {
            v: self.v.trunc(),
            prec: self.prec,
        }
    }

    /// Largest integer not greater than `self`.
    pub fn floor(&self) -> Number {
        Number {
            v: self.v.floor(),
            prec: self.prec,
        }
    }

    /// Smallest integer not less than `self`.
    pub fn ceil(&self) -> Number {
        Number {
            v: self.v.ceil(),
            prec: self.prec,
        }
    }
}

impl PartialEq for Number {
    /// Numeric equality, whatever the precisions.
    fn eq(&self, other: &Number) -> bool {
        self.v == other.v
    }
}

impl Eq for Number {}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Number {
    fn cmp(&self, other: &Number) -> Ordering {
        self.v.partial_cmp(&other.v).unwrap_or(Ordering::Equal)
    }
}

impl fmt::Display for Number {
    /// `big.Float.Text('f', -1)`: `+Inf`/`-Inf` for infinities.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.v.is_infinite() {
            return f.write_str(if self.v < 0.0 { "-Inf" } else { "+Inf" });
        }
        write!(f, "{}", self.v)
    }
}

impl From<i64> for Number {
    fn from(v: i64) -> Number {
        Number::from_i64(v)
    }
}
