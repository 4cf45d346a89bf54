//! A port of Go's `math/big.Float` arithmetic, restricted to the rounding
//! mode cty uses (`ToNearestEven`).
//!
//! Every arithmetic operation of Go's `big.Float` is correctly rounded: the
//! result is the exact mathematical result rounded once to the destination
//! precision (Go computes exact sums and products, and quotients with a
//! sticky bit). This module therefore represents a finite value as an odd
//! integer mantissa times a power of two and implements each operation as
//! "exact result, then one rounding", with Go's exponent range checks
//! (`MinExp`/`MaxExp`, no subnormals: underflow gives zero, overflow gives
//! infinity).

use num_bigint::BigUint;
use num_traits::{One, Zero};
use std::cmp::Ordering;

/// Largest binary exponent (`big.MaxExp`), in Go's `0.1xxx × 2^exp` form.
pub(crate) const MAX_EXP: i64 = i32::MAX as i64;
/// Smallest binary exponent (`big.MinExp`).
pub(crate) const MIN_EXP: i64 = i32::MIN as i64;

/// The shape of a [`Float`].
#[derive(Clone, Debug)]
pub(crate) enum Form {
    /// Zero of either sign.
    Zero,
    /// A finite non-zero value `mant × 2^exp`, with `mant` odd and at most
    /// `prec` bits long, and `exp + bits(mant)` within `MIN_EXP..=MAX_EXP`.
    Finite { mant: BigUint, exp: i64 },
    /// An infinity.
    Inf,
}

/// A `big.Float` value (always `ToNearestEven`; never NaN).
#[derive(Clone, Debug)]
pub(crate) struct Float {
    /// Mantissa precision in bits (Go's `prec`).
    pub prec: u32,
    /// Sign, also for zeros and infinities.
    pub neg: bool,
    /// Value.
    pub form: Form,
}

/// The result of an operation Go refuses with `ErrNaN`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NaN;

/// Number of trailing zero bits of a non-zero integer.
fn tz(m: &BigUint) -> u64 {
    m.trailing_zeros().unwrap_or(0)
}

impl Float {
    /// A zero.
    pub fn zero(neg: bool, prec: u32) -> Float {
        Float {
            prec,
            neg,
            form: Form::Zero,
        }
    }

    /// An infinity.
    pub fn inf(neg: bool, prec: u32) -> Float {
        Float {
            prec,
            neg,
            form: Form::Inf,
        }
    }

    /// `SetUint64` with the sign given separately (Go's `setBits64`): the
    /// value `±u`, rounded to `prec`.
    pub fn from_u64(neg: bool, u: u64, prec: u32) -> Float {
        if u == 0 {
            return Float::zero(neg, prec);
        }
        round(neg, BigUint::from(u), 0, false, prec)
    }

    /// `SetInt` into a Float of the given precision.
    pub fn from_biguint(neg: bool, m: BigUint, prec: u32) -> Float {
        if m.is_zero() {
            return Float::zero(neg, prec);
        }
        round(neg, m, 0, false, prec)
    }

    /// Go's exponent (`x.exp`): the value is `0.1xxx × 2^exp`. Only
    /// meaningful for finite values.
    pub fn go_exp(&self) -> i64 {
        match &self.form {
            Form::Finite { mant, exp } => exp + mant.bits() as i64,
            _ => 0,
        }
    }

    /// `MinPrec`: bits needed to represent the value exactly (0 for zero and
    /// infinities).
    pub fn min_prec(&self) -> u64 {
        match &self.form {
            Form::Finite { mant, .. } => mant.bits(),
            _ => 0,
        }
    }

    /// `Sign`.
    pub fn sign(&self) -> i32 {
        match self.form {
            Form::Zero => 0,
            _ if self.neg => -1,
            _ => 1,
        }
    }

    /// `IsInt`.
    pub fn is_int(&self) -> bool {
        match &self.form {
            Form::Zero => true,
            Form::Inf => false,
            Form::Finite { exp, .. } => *exp >= 0,
        }
    }

    /// `Set` into a destination of precision `prec` (rounds if `prec` is
    /// smaller than the value's own precision).
    pub fn set_prec(&self, prec: u32) -> Float {
        match &self.form {
            Form::Finite { mant, exp } if mant.bits() > prec as u64 => {
                round(self.neg, mant.clone(), *exp, false, prec)
            }
            _ => Float {
                prec,
                neg: self.neg,
                form: self.form.clone(),
            },
        }
    }

    /// `Neg`.
    pub fn neg(mut self) -> Float {
        self.neg = !self.neg;
        self
    }

    /// `ord` from Go's `Cmp`.
    fn ord(&self) -> i32 {
        let m = match self.form {
            Form::Zero => return 0,
            Form::Finite { .. } => 1,
            Form::Inf => 2,
        };
        if self.neg { -m } else { m }
    }

    /// `Cmp`.
    pub fn cmp(&self, y: &Float) -> Ordering {
        let (mx, my) = (self.ord(), y.ord());
        match mx.cmp(&my) {
            Ordering::Equal => {}
            o => return o,
        }
        match (mx, &self.form, &y.form) {
            (-1, Form::Finite { mant: xm, exp: xe }, Form::Finite { mant: ym, exp: ye }) => {
                ucmp(ym, *ye, xm, *xe)
            }
            (1, Form::Finite { mant: xm, exp: xe }, Form::Finite { mant: ym, exp: ye }) => {
                ucmp(xm, *xe, ym, *ye)
            }
            _ => Ordering::Equal,
        }
    }

    /// `z.Add(x, y)` with `z.prec = prec`.
    pub fn add(x: &Float, y: &Float, prec: u32) -> Result<Float, NaN> {
        add_signed(x, y, y.neg, prec)
    }

    /// `z.Sub(x, y)` with `z.prec = prec`.
    pub fn sub(x: &Float, y: &Float, prec: u32) -> Result<Float, NaN> {
        add_signed(x, y, !y.neg, prec)
    }

    /// `z.Mul(x, y)` with `z.prec = prec`.
    pub fn mul(x: &Float, y: &Float, prec: u32) -> Result<Float, NaN> {
        let neg = x.neg != y.neg;
        match (&x.form, &y.form) {
            (Form::Finite { mant: xm, exp: xe }, Form::Finite { mant: ym, exp: ye }) => {
                Ok(mul_mag(neg, xm, *xe, ym, *ye, prec))
            }
            (Form::Zero, Form::Inf) | (Form::Inf, Form::Zero) => Err(NaN),
            (Form::Inf, _) | (_, Form::Inf) => Ok(Float::inf(neg, prec)),
            _ => Ok(Float::zero(neg, prec)),
        }
    }

    /// `z.Quo(x, y)` with `z.prec = prec`.
    pub fn quo(x: &Float, y: &Float, prec: u32) -> Result<Float, NaN> {
        let neg = x.neg != y.neg;
        match (&x.form, &y.form) {
            (Form::Finite { mant: xm, exp: xe }, Form::Finite { mant: ym, exp: ye }) => {
                Ok(quo_mag(neg, xm, *xe, ym, *ye, prec))
            }
            (Form::Zero, Form::Zero) | (Form::Inf, Form::Inf) => Err(NaN),
            (Form::Zero, _) | (_, Form::Inf) => Ok(Float::zero(neg, prec)),
            _ => Ok(Float::inf(neg, prec)),
        }
    }

    /// The integer part (truncation toward zero) as a Float of the same
    /// precision (always exact). `|x| < 1` and zeros give `+0`, like Go's
    /// `Int` followed by `SetInt`. Infinities are returned unchanged.
    pub fn trunc(&self) -> Float {
        match &self.form {
            Form::Zero => Float::zero(false, self.prec),
            Form::Finite { mant, exp } if *exp < 0 => {
                let e = self.go_exp();
                if e <= 0 {
                    return Float::zero(false, self.prec);
                }
                let m = mant >> ((-*exp) as u64);
                let t = tz(&m);
                Float {
                    prec: self.prec,
                    neg: self.neg,
                    form: Form::Finite {
                        mant: m >> t,
                        exp: t as i64,
                    },
                }
            }
            _ => self.clone(),
        }
    }

    /// `Int(nil)`: the truncated integer, or `None` for infinities, with the
    /// accuracy (`Less` if the integer is below `x`).
    pub fn to_biguint_trunc(&self) -> Option<(bool, BigUint, Ordering)> {
        match &self.form {
            Form::Zero => Some((false, BigUint::zero(), Ordering::Equal)),
            Form::Inf => None,
            Form::Finite { mant, exp } => {
                let below = if self.neg {
                    Ordering::Greater
                } else {
                    Ordering::Less
                };
                if *exp >= 0 {
                    Some((self.neg, mant << (*exp as u64), Ordering::Equal))
                } else if self.go_exp() <= 0 {
                    Some((false, BigUint::zero(), below))
                } else {
                    Some((self.neg, mant >> ((-*exp) as u64), below))
                }
            }
        }
    }

    /// `Float64()` (nearest even, with subnormals).
    pub fn to_f64(&self) -> f64 {
        let sign = if self.neg { -1.0f64 } else { 1.0 };
        let (mant, _) = match &self.form {
            Form::Zero => return 0.0 * sign,
            Form::Inf => return f64::INFINITY * sign,
            Form::Finite { mant, exp } => (mant, exp),
        };
        const MBITS: i64 = 52;
        const BIAS: i64 = 1023;
        const EMIN: i64 = 1 - BIAS;
        const EMAX: i64 = BIAS;
        if self.go_exp() == MIN_EXP {
            // Go computes `x.exp - 1` in int32, which wraps to MaxInt32:
            // the value overflows to infinity (or, if rounding to 53 bits
            // carries into the exponent, ends up as zero).
            let r = self.set_prec(53);
            return if r.go_exp() == MIN_EXP {
                f64::INFINITY * sign
            } else {
                0.0 * sign
            };
        }
        let e = self.go_exp() - 1;
        let mut p = MBITS + 1;
        if e < EMIN {
            p = MBITS + 1 - EMIN + e;
            if p < 0 || (p == 0 && mant.is_one()) {
                return 0.0 * sign;
            }
            if p == 0 {
                return f64::from_bits(1) * sign;
            }
        }
        let r = self.set_prec(p as u32);
        let (rm, _) = match &r.form {
            Form::Finite { mant, exp } => (mant, exp),
            _ => return f64::INFINITY * sign,
        };
        let e = r.go_exp() - 1;
        if e > EMAX {
            return f64::INFINITY * sign;
        }
        // The top 64 bits of the (left-aligned) mantissa.
        let rbits = rm.bits();
        let top = rm.iter_u64_digits().next().unwrap_or(0);
        let msb64 = top << (64 - rbits);
        let (bexp, m) = if e < EMIN {
            let p = MBITS + 1 - EMIN + e;
            (0u64, msb64 >> (64 - p))
        } else {
            (
                ((e + BIAS) as u64) << MBITS,
                (msb64 >> 11) & ((1u64 << MBITS) - 1),
            )
        };
        let s = if self.neg { 1u64 << 63 } else { 0 };
        f64::from_bits(s | bexp | m)
    }
}

/// Compares magnitudes `xm × 2^xe` and `ym × 2^ye` (`ucmp`).
fn ucmp(xm: &BigUint, xe: i64, ym: &BigUint, ye: i64) -> Ordering {
    let ex = xe + xm.bits() as i64;
    let ey = ye + ym.bits() as i64;
    match ex.cmp(&ey) {
        Ordering::Equal => {}
        o => return o,
    }
    // Same leading bit position: align on the lower exponent. The shift is
    // bounded by the mantissa lengths.
    match xe.cmp(&ye) {
        Ordering::Equal => xm.cmp(ym),
        Ordering::Greater => (xm << ((xe - ye) as u64)).cmp(ym),
        Ordering::Less => xm.cmp(&(ym << ((ye - xe) as u64))),
    }
}

/// Rounds `±(mant × 2^exp + tiny)` to `prec` bits, nearest even, where
/// `sticky` says whether a positive amount smaller than the least
/// significant bit of `mant` is present. Applies Go's `setExpAndRound`
/// range checks. `mant` must be non-zero.
pub(crate) fn round(neg: bool, mant: BigUint, exp: i64, sticky: bool, prec: u32) -> Float {
    let bits = mant.bits() as i64;
    let e = exp + bits;
    if e < MIN_EXP {
        return Float::zero(neg, prec);
    }
    if e > MAX_EXP {
        return Float::inf(neg, prec);
    }
    let prec64 = prec as i64;
    if bits <= prec64 {
        // Fits (Go ignores the sticky bit in this case; callers never pass
        // one here).
        let t = tz(&mant);
        return Float {
            prec,
            neg,
            form: Form::Finite {
                mant: mant >> t,
                exp: exp + t as i64,
            },
        };
    }
    let r = (bits - prec64) as u64; // bits cut off, >= 1
    let rbit = mant.bit(r - 1);
    let sbit = sticky || tz(&mant) < r - 1;
    let mut m = mant >> r;
    let mut exp = exp + r as i64;
    if rbit && (sbit || m.bit(0)) {
        m += 1u32;
        if m.bits() as i64 > prec64 {
            // Mantissa overflow: the value is now 2^prec.
            if e >= MAX_EXP {
                return Float::inf(neg, prec);
            }
            m >>= 1u32;
            exp += 1;
        }
    }
    if m.is_zero() {
        // Only possible for prec == 0, which finite values never have.
        return Float::zero(neg, prec);
    }
    let t = tz(&m);
    Float {
        prec,
        neg,
        form: Form::Finite {
            mant: m >> t,
            exp: exp + t as i64,
        },
    }
}

/// Go's `Add` with `y`'s sign replaced by `yneg` (so `Sub` is `Add` with the
/// sign flipped).
fn add_signed(x: &Float, y: &Float, yneg: bool, prec: u32) -> Result<Float, NaN> {
    match (&x.form, &y.form) {
        (Form::Finite { mant: xm, exp: xe }, Form::Finite { mant: ym, exp: ye }) => {
            if x.neg == yneg {
                Ok(add_mag(x.neg, xm, *xe, ym, *ye, false, prec))
            } else {
                match ucmp(xm, *xe, ym, *ye) {
                    Ordering::Greater => Ok(add_mag(x.neg, xm, *xe, ym, *ye, true, prec)),
                    Ordering::Less => Ok(add_mag(!x.neg, ym, *ye, xm, *xe, true, prec)),
                    Ordering::Equal => Ok(Float::zero(false, prec)),
                }
            }
        }
        (Form::Inf, Form::Inf) if x.neg != yneg => Err(NaN),
        (Form::Zero, Form::Zero) => Ok(Float::zero(x.neg && yneg, prec)),
        (Form::Inf, _) | (_, Form::Zero) => Ok(x.set_prec(prec)),
        _ => {
            let mut r = y.set_prec(prec);
            r.neg = yneg;
            Ok(r)
        }
    }
}

/// `±(a + b)` or `±(a − b)` (then `a > b`) for magnitudes `am × 2^ae` and
/// `bm × 2^be`, rounded. An operand far below the rounding position is
/// replaced by a tiny stand-in of the same sign, which does not change the
/// correctly rounded result but keeps the shifts bounded.
fn add_mag(
    neg: bool,
    am: &BigUint,
    ae: i64,
    bm: &BigUint,
    be: i64,
    subtract: bool,
    prec: u32,
) -> Float {
    let ea = ae + am.bits() as i64;
    let eb = be + bm.bits() as i64;
    // (hi, lo) by leading bit position.
    let ((hm, he, hlead), (lm, le, llead)) = if ea >= eb {
        ((am, ae, ea), (bm, be, eb))
    } else {
        ((bm, be, eb), (am, ae, ea))
    };
    // Every bit of `lo` lies below `k`, which is below the lowest bit of
    // `hi` and at least three bits below the rounding position of the result.
    let k = he.min(hlead - prec as i64 - 3);
    let tiny;
    let (lm, le) = if llead < k {
        tiny = BigUint::one();
        (&tiny, k - 1)
    } else {
        (lm, le)
    };
    let base = he.min(le);
    let hs = hm << ((he - base) as u64);
    let ls = lm << ((le - base) as u64);
    // For a subtraction the caller guarantees |a| > |b|, so `hi` is `a`.
    let sum = if subtract { hs - ls } else { hs + ls };
    if sum.is_zero() {
        return Float::zero(false, prec);
    }
    round(neg, sum, base, false, prec)
}

/// `±(xm × 2^xe) × (ym × 2^ye)`, rounded (`umul`).
pub(crate) fn mul_mag(neg: bool, xm: &BigUint, xe: i64, ym: &BigUint, ye: i64, prec: u32) -> Float {
    round(neg, xm * ym, xe + ye, false, prec)
}

/// `±(xm × 2^xe) / (ym × 2^ye)`, correctly rounded (`uquo`).
pub(crate) fn quo_mag(neg: bool, xm: &BigUint, xe: i64, ym: &BigUint, ye: i64, prec: u32) -> Float {
    // Scale the dividend so that the quotient has at least prec + 2 bits.
    let want = prec as i64 + 2;
    let shift = (want + ym.bits() as i64 - xm.bits() as i64 + 1).max(0);
    let num = xm << (shift as u64);
    let (q, inexact) = match u64::try_from(ym) {
        Ok(d) => (&num / d, &num % d != BigUint::zero()),
        Err(_) => {
            let q = &num / ym;
            let inexact = &q * ym != num;
            (q, inexact)
        }
    };
    round(neg, q, xe - ye - shift, inexact, prec)
}
