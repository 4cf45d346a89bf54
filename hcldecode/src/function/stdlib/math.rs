//! Number functions of the function library (cty stdlib/number.go) beyond
//! the spec-file ones.

use num_bigint::BigInt;

use super::{build, go_int, num_arg, shared_function};
use crate::Type;
use crate::function::{FunctionError, Parameter, ReturnType};
use crate::value::{Number, Value};

fn num(name: &str) -> Parameter {
    Parameter::new(name, Type::Number)
}

/// A function of one number, `num`.
fn of_number(
    description: &str,
    f: fn(&Number) -> Result<Value, FunctionError>,
) -> crate::function::Function {
    build(
        description,
        vec![num("num")],
        None,
        ReturnType::Static(Type::Number),
        move |args, _| f(num_arg(args, 0)?),
    )
}

/// A function of `num` and a second number, both taken as 64-bit floats
/// (Go's `math` package).
fn of_floats(
    description: &str,
    second: &str,
    f: fn(f64, f64) -> Result<Value, FunctionError>,
) -> crate::function::Function {
    build(
        description,
        vec![num("num"), num(second)],
        None,
        ReturnType::Static(Type::Number),
        move |args, _| f(num_arg(args, 0)?.to_f64(), num_arg(args, 1)?.to_f64()),
    )
}

shared_function! {
    /// `ceil(num)`: the smallest whole number not below `num`.
    ceil => of_number(
        "Returns the smallest whole number that is greater than or equal to the given value.",
        |n| Ok(Value::number(n.ceil())),
    )
}

shared_function! {
    /// `floor(num)`: the largest whole number not above `num`.
    floor => of_number(
        "Returns the greatest whole number that is less than or equal to the given value.",
        |n| Ok(Value::number(n.floor())),
    )
}

/// A float result; NaN (where go-cty panics) is an error at `arg`.
fn float_result(f: f64, arg: usize, why: &str) -> Result<Value, FunctionError> {
    Number::from_f64(f)
        .map(Value::number)
        .ok_or_else(|| FunctionError::arg(arg, why))
}

shared_function! {
    /// `log(num, base)`: the logarithm of `num` in `base` (64-bit float).
    log => of_floats(
        "Returns the logarithm of the given number in the given base.",
        "base",
        |n, b| {
            if n < 0.0 {
                return Err(FunctionError::arg(0, "the logarithm of a negative number is not a number"));
            }
            if b < 0.0 || b == 1.0 && n == 1.0 {
                return Err(FunctionError::arg(1, "the logarithm in this base is not a number"));
            }
            float_result(go_log(n) / go_log(b), 1, "the logarithm in this base is not a number")
        },
    )
}

shared_function! {
    /// `pow(num, power)`: `num` raised to `power` (64-bit float).
    pow => of_floats(
        "Returns the given number raised to the given power (exponentiation).",
        "power",
        |n, p| {
            float_result(
                go_pow(n, p),
                1,
                "a negative number raised to a fractional power is not a real number",
            )
        },
    )
}

/// Go's `math.Frexp`: `x = frac × 2^exp` with `frac` in [0.5, 1).
fn frexp(x: f64) -> (f64, i32) {
    if x == 0.0 || x.is_infinite() || x.is_nan() {
        return (x, 0);
    }
    let (mut x, mut e) = (x, 0);
    if x.abs() < f64::MIN_POSITIVE {
        x *= (1u64 << 52) as f64;
        e = -52;
    }
    let bits = x.to_bits();
    e += ((bits >> 52) & 0x7ff) as i32 - 1022;
    let frac = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (frac, e)
}

/// Go's `math.Ldexp`.
fn ldexp(frac: f64, exp: i32) -> f64 {
    if frac == 0.0 || frac.is_infinite() || frac.is_nan() {
        return frac;
    }
    let (f, e) = frexp(frac);
    let exp = i64::from(exp) + i64::from(e);
    if exp < -1075 {
        return 0.0_f64.copysign(f);
    }
    if exp > 1024 {
        return f64::INFINITY.copysign(f);
    }
    // f × 2^exp in two steps, so neither factor overflows.
    let half = exp / 2;
    f * 2f64.powi(half as i32) * 2f64.powi((exp - half) as i32)
}

/// Go's `math.Log` (the FreeBSD algorithm Go uses, so results agree to
/// the last bit).
#[allow(clippy::excessive_precision)] // Go's constants, verbatim
pub(crate) fn go_log(x: f64) -> f64 {
    const LN2_HI: f64 = 6.931_471_803_691_238_164_90e-01;
    const LN2_LO: f64 = 1.908_214_929_270_587_700_02e-10;
    const L1: f64 = 6.666_666_666_666_735_130e-01;
    const L2: f64 = 3.999_999_999_940_941_908e-01;
    const L3: f64 = 2.857_142_874_366_239_149e-01;
    const L4: f64 = 2.222_219_843_214_978_396e-01;
    const L5: f64 = 1.818_357_216_161_805_012e-01;
    const L6: f64 = 1.531_383_769_920_937_332e-01;
    const L7: f64 = 1.479_819_860_511_658_591e-01;
    if x.is_nan() || x == f64::INFINITY {
        return x;
    }
    if x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 {
        return f64::NEG_INFINITY;
    }
    let (mut f1, mut ki) = frexp(x);
    if f1 < std::f64::consts::SQRT_2 / 2.0 {
        f1 *= 2.0;
        ki -= 1;
    }
    let f = f1 - 1.0;
    let k = f64::from(ki);
    let s = f / (2.0 + f);
    let s2 = s * s;
    let s4 = s2 * s2;
    let t1 = s2 * (L1 + s4 * (L3 + s4 * (L5 + s4 * L7)));
    let t2 = s4 * (L2 + s4 * (L4 + s4 * L6));
    let r = t1 + t2;
    let hfsq = 0.5 * f * f;
    k * LN2_HI - ((hfsq - (s * (hfsq + r) + k * LN2_LO)) - f)
}

/// Go's `math.Exp` on amd64 (`exp_amd64.s`, which `pow` uses for the
/// fractional part of an exponent): a Taylor series on a reduced argument,
/// with fused multiply-adds where the processor has AVX and FMA, as Go
/// decides at run time, so results agree with Go's on the same machine.
#[allow(clippy::excessive_precision)] // Go's constants, verbatim
fn go_exp(x: f64) -> f64 {
    const LOG2E: f64 = std::f64::consts::LOG2_E;
    const LN2U: f64 = 0.693_147_180_559_662_956_511_601_805_686_950_683_593_75;
    const LN2L: f64 = 0.282_352_905_630_315_771_225_884_481_750_134_360_255_254_120_68e-12;
    const OVERFLOW: f64 = 7.097_827_128_933_84e+02;
    const C: [f64; 6] = [
        1.666_666_666_666_666_666_7e-1,
        4.166_666_666_666_666_666_7e-2,
        8.333_333_333_333_333_333_3e-3,
        1.388_888_888_888_888_888_9e-3,
        1.984_126_984_126_984_127_0e-4,
        2.480_158_730_158_730_158_7e-5,
    ];
    if x.is_nan() || x == f64::INFINITY {
        return x;
    }
    if x == f64::NEG_INFINITY {
        return 0.0;
    }
    if x > OVERFLOW {
        return f64::INFINITY;
    }
    let k = (x * LOG2E).round_ties_even();
    let bx = k as i32;
    let k = f64::from(bx);
    let fma = fma_available();
    let mut x0 = if fma {
        let t = (-LN2U).mul_add(k, x);
        (-LN2L).mul_add(k, t)
    } else {
        (x - LN2U * k) - LN2L * k
    };
    x0 *= 0.0625;
    let mut x1 = C[5];
    for c in [C[4], C[3], C[2], C[1], C[0], 0.5, 1.0] {
        x1 = if fma { x1.mul_add(x0, c) } else { x1 * x0 + c };
    }
    x0 *= x1;
    for step in 0..4 {
        let t = x0 + 2.0;
        x0 = if fma && step == 3 {
            x0.mul_add(t, 1.0)
        } else {
            x0 * t
        };
    }
    if !fma {
        x0 += 1.0;
    }
    let biased = bx + 0x3ff;
    if biased <= 0 {
        if biased < -52 {
            return 0.0;
        }
        let scaled = x0 * f64::from_bits(((biased + 0x3fe) as u64) << 52);
        return scaled * f64::from_bits(1 << 52);
    }
    if biased >= 0x7ff {
        return f64::INFINITY;
    }
    x0 * f64::from_bits((biased as u64) << 52)
}

/// Whether Go would use its FMA code paths here (`cpu.X86.HasAVX &&
/// cpu.X86.HasFMA`).
fn fma_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx") && std::arch::is_x86_feature_detected!("fma")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

fn is_odd_int(x: f64) -> bool {
    if x.abs() >= (1u64 << 53) as f64 {
        return false;
    }
    x.fract() == 0.0 && (x as i64) & 1 == 1
}

/// `x` to an infinite power, or one too large for an `i64` (where
/// Go's `math.Pow` gives the same answers).
fn pow_huge_exponent(x: f64, y: f64) -> f64 {
    if x == -1.0 {
        1.0
    } else if (x.abs() < 1.0) == (y > 0.0) {
        0.0
    } else {
        f64::INFINITY
    }
}

/// Go's `math.Pow`: special cases, then repeated squaring for the integer
/// part of the exponent (the fractional part uses `exp` and Go's `log`).
fn go_pow(x: f64, y: f64) -> f64 {
    if y == 0.0 || x == 1.0 {
        return 1.0;
    }
    if y == 1.0 {
        return x;
    }
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == 0.0 {
        if y < 0.0 {
            return if x.is_sign_negative() && is_odd_int(y) {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            };
        }
        return if x.is_sign_negative() && is_odd_int(y) {
            x
        } else {
            0.0
        };
    }
    if y.is_infinite() {
        return pow_huge_exponent(x, y);
    }
    if x.is_infinite() {
        if x < 0.0 {
            return go_pow(1.0 / x, -y);
        }
        return if y < 0.0 { 0.0 } else { f64::INFINITY };
    }
    if y == 0.5 {
        return x.sqrt();
    }
    if y == -0.5 {
        return 1.0 / x.sqrt();
    }
    let ya = y.abs();
    let (mut yi, mut yf) = (ya.trunc(), ya.fract());
    if yf != 0.0 && x < 0.0 {
        return f64::NAN;
    }
    if yi >= 9_223_372_036_854_775_808.0 {
        return pow_huge_exponent(x, y);
    }
    let mut a1 = 1.0;
    let mut ae: i64 = 0;
    if yf != 0.0 {
        if yf > 0.5 {
            yf -= 1.0;
            yi += 1.0;
        }
        a1 = go_exp(yf * go_log(x));
    }
    let (mut x1, xe0) = frexp(x);
    let mut xe = i64::from(xe0);
    let mut i = yi as i64;
    while i != 0 {
        if !(-(1 << 12)..=(1 << 12)).contains(&xe) {
            ae += xe;
            break;
        }
        if i & 1 == 1 {
            a1 *= x1;
            ae += xe;
        }
        x1 *= x1;
        xe <<= 1;
        if x1 < 0.5 {
            x1 += x1;
            xe -= 1;
        }
        i >>= 1;
    }
    if y < 0.0 {
        a1 = 1.0 / a1;
        ae = -ae;
    }
    ldexp(
        a1,
        ae.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32,
    )
}

shared_function! {
    /// `signum(num)`: -1, 0 or 1 (the number must be a whole number).
    signum => of_number(
        "Returns 0 if the given number is zero, 1 if the given number is positive, or -1 if the given number is negative.",
        |n| Ok(Value::int(go_int(n)?.signum())),
    )
}

/// Go's `big.Int.SetString(s, base)` for a base of 2 to 62: an optional
/// sign, then digits (letters case-insensitive up to base 36; above,
/// `a`-`z` are 10-35 and `A`-`Z` 36-61).
fn parse_big(s: &str, base: u32) -> Option<BigInt> {
    let (neg, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() {
        return None;
    }
    let mut n = BigInt::from(0u8);
    let mut chunk: u64 = 0;
    let mut chunk_mul: u64 = 1;
    for c in digits.bytes() {
        let d = match c {
            b'0'..=b'9' => u32::from(c - b'0'),
            b'a'..=b'z' => u32::from(c - b'a') + 10,
            b'A'..=b'Z' if base <= 36 => u32::from(c - b'A') + 10,
            b'A'..=b'Z' => u32::from(c - b'A') + 36,
            _ => return None,
        };
        if d >= base {
            return None;
        }
        chunk = chunk * u64::from(base) + u64::from(d);
        chunk_mul *= u64::from(base);
        if chunk_mul > u64::MAX / 64 {
            n = n * chunk_mul + chunk;
            chunk = 0;
            chunk_mul = 1;
        }
    }
    n = n * chunk_mul + chunk;
    Some(if neg { -n } else { n })
}

shared_function! {
    /// `parseint(number, base)`: a string of digits in base 2 to 62.
    parseint => build(
        "Parses the given string as a number of the given base, or raises an error if the string contains invalid characters.",
        vec![Parameter::new("number", Type::Dynamic), num("base")],
        None,
        ReturnType::Computed(Box::new(|args: &[Value]| {
            if args[0].ty() != &Type::String {
                return Err(FunctionError::arg(0, format!(
                    "first argument must be a string, not {}",
                    args[0].ty().friendly_name()
                )));
            }
            Ok(Type::Number)
        })),
        |args, _| {
            let s = args[0].as_str().ok_or_else(|| FunctionError::arg(0, "a string is required"))?;
            let base = go_int(num_arg(args, 1)?).map_err(|e| FunctionError::arg(1, e.to_string()))?;
            if !(2..=62).contains(&base) {
                return Err(FunctionError::arg(1, "base must be a whole number between 2 and 62 inclusive"));
            }
            match parse_big(s, base as u32) {
                Some(n) => Ok(Value::number(Number::from_big_int(&n))),
                None => Err(FunctionError::arg(0, format!(
                    "cannot parse {} as a base {base} integer",
                    hcldecode_spec::go_quote::quote(s)
                ))),
            }
        },
    )
}
