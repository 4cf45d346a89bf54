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

shared_function! {
    /// `ceil(num)`: the smallest whole number not below `num`.
    ceil => build(
        "Returns the smallest whole number that is greater than or equal to the given value.",
        vec![num("num")],
        None,
        ReturnType::Static(Type::Number),
        |args, _| Ok(Value::number(num_arg(args, 0)?.ceil())),
    )
}

shared_function! {
    /// `floor(num)`: the largest whole number not above `num`.
    floor => build(
        "Returns the greatest whole number that is less than or equal to the given value.",
        vec![num("num")],
        None,
        ReturnType::Static(Type::Number),
        |args, _| Ok(Value::number(num_arg(args, 0)?.floor())),
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
    log => build(
        "Returns the logarithm of the given number in the given base.",
        vec![num("num"), num("base")],
        None,
        ReturnType::Static(Type::Number),
        |args, _| {
            let n = num_arg(args, 0)?.to_f64();
            let b = num_arg(args, 1)?.to_f64();
            if n < 0.0 {
                return Err(FunctionError::arg(0, "the logarithm of a negative number is not a number"));
            }
            if b < 0.0 || b == 1.0 && n == 1.0 {
                return Err(FunctionError::arg(1, "the logarithm in this base is not a number"));
            }
            float_result(n.ln() / b.ln(), 1, "the logarithm in this base is not a number")
        },
    )
}

shared_function! {
    /// `pow(num, power)`: `num` raised to `power` (64-bit float).
    pow => build(
        "Returns the given number raised to the given power (exponentiation).",
        vec![num("num"), num("power")],
        None,
        ReturnType::Static(Type::Number),
        |args, _| {
            let n = num_arg(args, 0)?.to_f64();
            let p = num_arg(args, 1)?.to_f64();
            float_result(
                go_pow(n, p),
                1,
                "a negative number raised to a fractional power is not a real number",
            )
        },
    )
}

/// Go's `math.Pow` special cases where they differ from `powf`.
fn go_pow(x: f64, y: f64) -> f64 {
    if y == 0.0 {
        return 1.0;
    }
    if x == 1.0 {
        return 1.0;
    }
    if x == -1.0 && y.is_infinite() {
        return 1.0;
    }
    x.powf(y)
}

shared_function! {
    /// `signum(num)`: -1, 0 or 1 (the number must be a whole number).
    signum => build(
        "Returns 0 if the given number is zero, 1 if the given number is positive, or -1 if the given number is negative.",
        vec![num("num")],
        None,
        ReturnType::Static(Type::Number),
        |args, _| Ok(Value::int(go_int(num_arg(args, 0)?)?.signum())),
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
                    crate::value::go_quote(s)
                ))),
            }
        },
    )
}
