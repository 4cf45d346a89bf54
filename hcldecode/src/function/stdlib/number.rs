//! Number functions (cty stdlib/number.go).

use super::{build, num_arg, shared_function};
use crate::Type;
use crate::function::{FunctionError, Parameter, ReturnType};
use crate::value::{Number, NumberError, Value};

fn num_param(name: &str) -> Parameter {
    Parameter::new(name, Type::Number).allow_dynamic_type()
}

/// The result of a big.Float operation, with cty's message for the NaN
/// panic it recovers from.
fn nan_as(r: Result<Number, NumberError>, msg: &str) -> Result<Value, FunctionError> {
    match r {
        Ok(n) => Ok(Value::number(n)),
        Err(_) => Err(FunctionError::call(msg)),
    }
}

/// A unary number operation with cty's argument rules.
fn unary_number(description: &str, f: fn(&Number) -> Number) -> crate::function::Function {
    build(
        description,
        vec![num_param("num")],
        None,
        ReturnType::Static(Type::Number),
        move |args, _| Ok(Value::number(f(num_arg(args, 0)?))),
    )
}

/// A binary number operation with cty's argument rules.
fn binary_number(
    description: &str,
    f: fn(&Number, &Number) -> Result<Value, FunctionError>,
) -> crate::function::Function {
    build(
        description,
        vec![num_param("a"), num_param("b")],
        None,
        ReturnType::Static(Type::Number),
        move |args, _| f(num_arg(args, 0)?, num_arg(args, 1)?),
    )
}

/// A comparison with cty's argument rules.
fn comparison(
    description: &str,
    f: fn(&Value, &Value) -> Result<bool, FunctionError>,
) -> crate::function::Function {
    build(
        description,
        vec![num_param("a"), num_param("b")],
        None,
        ReturnType::Static(Type::Bool),
        move |args, _| Ok(Value::bool(f(&args[0], &args[1])?)),
    )
}

fn lt(a: &Value, b: &Value) -> Result<bool, FunctionError> {
    Ok(num_arg(std::slice::from_ref(a), 0)? < num_arg(std::slice::from_ref(b), 0)?)
}

fn gt(a: &Value, b: &Value) -> Result<bool, FunctionError> {
    lt(b, a)
}

/// cty's `LessThanOrEqualTo`: `LessThan(b).Or(Equals(b))`, where equality
/// is cty's (same shortest decimal form).
fn le(a: &Value, b: &Value) -> Result<bool, FunctionError> {
    Ok(lt(a, b)? || a.equals(b).as_bool() == Some(true))
}

fn ge(a: &Value, b: &Value) -> Result<bool, FunctionError> {
    Ok(gt(a, b)? || a.equals(b).as_bool() == Some(true))
}

shared_function! {
    /// `abs(num)`: the absolute value.
    abs => unary_number(
        "If the given number is negative then returns its positive equivalent, or otherwise returns the given number unchanged.",
        Number::abs,
    )
}

shared_function! {
    /// `a + b` (the `+` operator); the sum of opposing infinities is an
    /// error.
    add => binary_number("Returns the sum of the two given numbers.", |a, b| {
        nan_as(a.add(b), "can't compute sum of opposing infinities")
    })
}

shared_function! {
    /// `a - b` (the binary `-` operator).
    subtract => binary_number("Returns the difference between the two given numbers.", |a, b| {
        nan_as(a.add(&b.neg()), "can't subtract infinity from itself")
    })
}

shared_function! {
    /// `a * b` (the `*` operator).
    multiply => binary_number("Returns the product of the two given numbers.", |a, b| {
        nan_as(a.mul(b), "can't multiply zero by infinity")
    })
}

shared_function! {
    /// `a / b` (the `/` operator); a non-zero number divided by zero is an
    /// infinity.
    divide => binary_number("Divides the first given number by the second.", |a, b| {
        nan_as(a.div(b), "can't divide zero by zero or infinity by infinity")
    })
}

shared_function! {
    /// `a % b` (the `%` operator), as cty computes it: `a % 0` is `a`; an
    /// infinite divisor is an error; an infinite dividend is a runtime
    /// panic in cty (reported as [`FunctionError::Panic`]).
    modulo => binary_number(
        "Divides the first given number by the second and then returns the remainder.",
        |a, b| {
            const MSG: &str = "can't use modulo with zero and infinity";
            if b.is_zero() {
                return Ok(Value::number(a.clone()));
            }
            if b.is_infinite() {
                // a / b is 0 (or NaN for two infinities), then b * 0 is NaN.
                return Err(FunctionError::call(MSG));
            }
            if a.is_infinite() {
                // (inf / b).Int() is nil in Go, and SetInt(nil) panics.
                return Err(FunctionError::Panic(
                    "runtime error: invalid memory address or nil pointer dereference".into(),
                ));
            }
            nan_as(a.rem(b), MSG)
        },
    )
}

shared_function! {
    /// `-num` (the unary `-` operator).
    negate => unary_number("Multiplies the given number by -1.", Number::neg)
}

shared_function! {
    /// `a > b`.
    greater_than => comparison("Returns true if and only if the second number is greater than the first.", gt)
}

shared_function! {
    /// `a >= b`.
    greater_than_or_equal_to => comparison(
        "Returns true if and only if the second number is greater than or equal to the first.",
        ge,
    )
}

shared_function! {
    /// `a < b`.
    less_than => comparison("Returns true if and only if the second number is less than the first.", lt)
}

shared_function! {
    /// `a <= b`.
    less_than_or_equal_to => comparison(
        "Returns true if and only if the second number is less than or equal to the first.",
        le,
    )
}

fn extreme(description: &str, want_less: bool) -> crate::function::Function {
    build(
        description,
        Vec::new(),
        Some(num_param("numbers")),
        ReturnType::Static(Type::Number),
        move |args, _| {
            if args.is_empty() {
                return Err(FunctionError::call("must pass at least one number"));
            }
            let mut best = Value::number(Number::infinity(!want_less));
            for a in args {
                let better = if want_less {
                    lt(a, &best)?
                } else {
                    gt(a, &best)?
                };
                if better {
                    best = a.clone();
                }
            }
            Ok(best)
        },
    )
}

shared_function! {
    /// `min(numbers...)`: the smallest argument.
    min => extreme("Returns the numerically smallest of all of the given numbers.", true)
}

shared_function! {
    /// `max(numbers...)`: the greatest argument.
    max => extreme("Returns the numerically greatest of all of the given numbers.", false)
}

shared_function! {
    /// `int(num)`: the integer part (rounding toward zero). An infinity is a
    /// runtime panic in cty (reported as [`FunctionError::Panic`]).
    int => build(
        "Discards any fractional portion of the given number.",
        vec![num_param("num")],
        None,
        ReturnType::Static(Type::Number),
        |args, _| {
            let n = num_arg(args, 0)?;
            if n.is_integer() {
                return Ok(args[0].clone());
            }
            if n.is_infinite() {
                return Err(FunctionError::Panic(
                    "runtime error: invalid memory address or nil pointer dereference".into(),
                ));
            }
            let t = n.trunc();
            // Go goes through a big.Int, which has no negative zero.
            Ok(Value::number(if t.is_zero() { Number::from_i64(0) } else { t }))
        },
    )
}
