//! Hand-picked `Number` cases. Expected values come from Go (math/big,
//! go-cty 1.12.1), the HCL spec suite (`expressions/operators.t`) and the
//! reference `hcldec` binary.

use hcldecode::value::{Number, NumberError};

fn p(s: &str) -> Number {
    Number::parse(s).unwrap()
}

#[test]
fn specsuite_operators() {
    // hcl specsuite expressions/operators.hcl and .t
    let cases = [
        (p("2").add(&p("3.5")), "5.5"),
        (
            p("3.14159265358979323846264338327950288419716939937510582097494459").add(&p("1")),
            "4.14159265358979323846264338327950288419716939937510582097494459",
        ),
        (p("3.5").sub(&p("2")), "1.5"),
        (p("2").sub(&p("3.5")), "-1.5"),
        (p("2").mul(&p("4.5")), "9"),
        (p("1").div(&p("10")), "0.1"),
        (p("11").rem(&p("5")), "1"),
        (
            p("11").rem(&p("5.1")),
            "0.80000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000024",
        ),
    ];
    for (got, want) in cases {
        assert_eq!(got.unwrap().to_string(), want);
    }
}

#[test]
fn reference_hcldec_outputs() {
    // `a = 1/3`, `a = 1e-400 + 1`, `a = -0`, `a = 0 - 0` through hcldec.
    assert_eq!(
        p("1").div(&p("3")).unwrap().to_string(),
        "0.33333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333335"
    );
    assert_eq!(p("1e-400").add(&p("1")).unwrap().to_string(), "1");
    assert_eq!(p("0").neg().to_string(), "-0");
    assert_eq!(p("0").sub(&p("0")).unwrap().to_string(), "0");
    assert_eq!(p("-0.0").to_string(), "-0");
    // `5 % (1/0)` and `(1/0) % 5` fail; `(1/0) % 0` is the infinity.
    let inf = p("1").div(&p("0")).unwrap();
    assert!(inf.is_infinite() && !inf.is_negative());
    assert_eq!(p("5").rem(&inf), Err(NumberError::NaN));
    assert_eq!(inf.rem(&p("5")), Err(NumberError::NaN));
    assert_eq!(inf.rem(&p("0")).unwrap().to_string(), "+Inf");
}

#[test]
fn parse_syntax() {
    // From big.ParseFloat(s, 10, 512, ToNearestEven).
    for bad in [
        "",
        " ",
        " 1",
        "1 ",
        "+",
        "-",
        ".",
        "1e",
        "1e+",
        "0x10",
        "1_000",
        "1.2.3",
        "INF",
        "NaN",
        "infinity",
        "12a",
        "1e3000000000",
        "1e9223372036854775808",
        "1p2147483647",
    ] {
        assert_eq!(
            Number::parse(bad).unwrap_err(),
            NumberError::Syntax,
            "{bad:?}"
        );
    }
    let ok = [
        ("5.", "5"),
        (".5", "0.5"),
        ("-.5", "-0.5"),
        ("+.5", "0.5"),
        ("007", "7"),
        ("1e+5", "100000"),
        ("1p3", "8"),
        ("1P-3", "0.125"),
        ("1.5p1", "3"),
        ("Inf", "+Inf"),
        ("-inf", "-Inf"),
        ("+inf", "+Inf"),
        ("1e999999999", "+Inf"),
        ("1e-999999999", "0"),
        ("1e646456993", "+Inf"),
        ("1e-646456994", "0"),
        ("0e99999999999", "0"),
        ("12.34e1", "123.4"),
        ("1200e-2", "12"),
        ("1e23", "100000000000000000000000"),
    ];
    for (s, want) in ok {
        let n = p(s);
        assert_eq!(n.to_string(), want, "{s}");
        assert_eq!(n.precision(), 512, "{s}");
    }
    assert_eq!(p("1e-646456993").format('p', 0).len(), 143);
}

#[test]
fn precisions() {
    assert_eq!(p("80").precision(), 512);
    assert_eq!(Number::from_i64(80).precision(), 64);
    assert_eq!(Number::from_u64(u64::MAX).precision(), 64);
    assert_eq!(Number::from_f64(0.1).unwrap().precision(), 53);
    assert_eq!(Number::infinity(false).precision(), 0);
    // Add/Sub/Quo take the larger precision.
    let f = Number::from_f64(0.5).unwrap();
    let i = Number::from_i64(3);
    assert_eq!(f.add(&i).unwrap().precision(), 64);
    assert_eq!(f.div(&i).unwrap().precision(), 64);
    // 1/3 at 64 bits (Go: new(big.Float).Quo(SetInt64(1), SetInt64(3))).
    assert_eq!(
        Number::from_i64(1)
            .div(&Number::from_i64(3))
            .unwrap()
            .to_string(),
        "0.33333333333333333334"
    );
    // Multiply keeps the bits the product needs.
    let big = Number::from_i64(i64::MAX)
        .mul(&Number::from_i64(i64::MAX))
        .unwrap();
    assert_eq!(big.precision(), 126);
    assert_eq!(big.to_string(), "85070591730234615847396907784232501249");
    // 2^53 + 1 at 53 bits rounds to even.
    let two53 = Number::from_f64(9007199254740992.0).unwrap();
    let one = Number::from_f64(1.0).unwrap();
    assert_eq!(two53.add(&one).unwrap().to_string(), "9007199254740992");
    // i64::MAX + i64::MAX leaves the i64 range (exact at 64 bits).
    let m = Number::from_i64(i64::MAX);
    assert_eq!(m.add(&m).unwrap().to_string(), "18446744073709551614");
    // 2^64 - 1 + 2^63 needs 65 bits: rounds to even at 64.
    let u = Number::from_u64(u64::MAX)
        .add(&Number::from_u64(1 << 63))
        .unwrap();
    assert_eq!(u.precision(), 64);
}

#[test]
fn formats() {
    let n = p("1234.5678");
    assert_eq!(n.format('e', 3), "1.235e+03");
    assert_eq!(n.format('f', 2), "1234.57");
    assert_eq!(n.format('g', -1), "1234.5678");
    assert_eq!(p("12345678901").to_string_g10(), "1.23456789e+10");
    assert_eq!(p("9223372036854775807").to_string_g10(), "9.223372037e+18");
    assert_eq!(p("-0").to_string_g10(), "-0");
    assert_eq!(p("Inf").to_string_g10(), "+Inf");
    assert_eq!(p("1e-5").to_string_g10(), "1e-05");
    assert_eq!(p("0.000001").to_string(), "0.000001");
}

#[test]
fn equality_and_order() {
    assert_eq!(p("-0"), p("0"));
    assert!(p("-0").cty_equals(&p("0")));
    assert!(p("1") < p("1.5"));
    assert!(p("-Inf") < p("-1e400"));
    // cty compares numbers by their text: 0.1 at 53 bits equals 0.1 at
    // 512 although the values differ.
    let f = Number::from_f64(0.1).unwrap();
    assert!(f.cty_equals(&p("0.1")));
    assert_ne!(f, p("0.1"));
    let third64 = Number::from_i64(1).div(&Number::from_i64(3)).unwrap();
    let third512 = p("1").div(&p("3")).unwrap();
    assert!(!third64.cty_equals(&third512));
    assert!(p("80").cty_equals(&Number::from_i64(80)));
    assert_eq!(p("80"), Number::from_i64(80));
}

#[test]
fn integers() {
    assert_eq!(p("9223372036854775807").to_i64(), Some(i64::MAX));
    assert_eq!(p("-9223372036854775808").to_i64(), Some(i64::MIN));
    assert_eq!(p("9223372036854775808").to_i64(), None);
    assert_eq!(p("18446744073709551615").to_u64(), Some(u64::MAX));
    assert_eq!(p("1.5").to_i64(), None);
    assert_eq!(p("-0").to_u64(), Some(0));
    let big = p("123456789012345678901234567890");
    assert_eq!(
        big.to_big_int().unwrap().to_string(),
        "123456789012345678901234567890"
    );
    assert_eq!(p("1.5").to_big_int(), None);
    let b: num_bigint::BigInt = "-123456789012345678901234567890".parse().unwrap();
    let n = Number::from_big_int(&b);
    assert_eq!(n.precision(), 97);
    assert_eq!(n.to_string(), "-123456789012345678901234567890");
    // stdlib int/floor/ceil
    assert_eq!(p("-1.5").trunc().to_string(), "-1");
    assert_eq!(p("-1.5").floor().to_string(), "-2");
    assert_eq!(p("-1.5").ceil().to_string(), "-1");
    assert_eq!(p("-0.5").ceil().to_string(), "0");
    assert_eq!(p("-0").trunc().to_string(), "-0");
    assert_eq!(p("-0").trunc().precision(), 512);
    assert_eq!(p("-0").floor().to_string(), "0");
    assert_eq!(p("2.5").trunc().precision(), 64);
    assert_eq!(p("2.5").floor().precision(), 512);
}

#[test]
fn to_f64() {
    assert_eq!(p("0.1").to_f64(), 0.1);
    assert_eq!(p("1e400").to_f64(), f64::INFINITY);
    assert_eq!(p("2.4703282292062327e-324").to_f64(), 0.0);
    assert_eq!(p("2.4703282292062328e-324").to_f64(), 5e-324);
    assert_eq!(p("-1e-400").to_f64().to_bits(), (-0.0f64).to_bits());
    assert_eq!(Number::from_f64(-0.0).unwrap().to_string(), "-0");
    assert!(Number::from_f64(f64::NAN).is_none());
}

#[test]
fn nan_is_an_error() {
    let inf = p("Inf");
    let ninf = p("-Inf");
    assert_eq!(inf.add(&ninf), Err(NumberError::NaN));
    assert_eq!(inf.sub(&inf), Err(NumberError::NaN));
    assert_eq!(inf.mul(&p("0")), Err(NumberError::NaN));
    assert_eq!(inf.div(&inf), Err(NumberError::NaN));
    assert_eq!(p("0").div(&p("0")), Err(NumberError::NaN));
    assert_eq!(p("-1").div(&p("0")).unwrap().to_string(), "-Inf");
}

#[test]
fn huge_exponents_are_fast() {
    let start = std::time::Instant::now();
    for s in [
        "1e999999999",
        "-1e999999999",
        "1e-999999999",
        "1e646456992",
        "1e-646456993",
    ] {
        let n = p(s);
        let _ = n.add(&p("1")).unwrap();
        let _ = n.mul(&n);
        let _ = n.to_f64();
    }
    assert!(start.elapsed().as_secs() < 5);
}

#[test]
fn hash_matches_equality() {
    use std::collections::HashSet;
    let mut set = HashSet::new();
    set.insert(p("-0"));
    set.insert(Number::from_i64(0));
    set.insert(p("80"));
    set.insert(Number::from_i64(80));
    set.insert(Number::from_f64(80.0).unwrap());
    set.insert(p("1e30"));
    set.insert(p("1e30").add(&p("0")).unwrap());
    set.insert(p("0.5"));
    set.insert(Number::from_f64(0.5).unwrap());
    set.insert(p("Inf"));
    set.insert(Number::infinity(false));
    assert_eq!(set.len(), 5);
}

#[test]
fn floor_of_huge_integer_is_cheap() {
    let n = p("1e600000000");
    assert!(n.floor() == n && n.ceil() == n && n.trunc() == n);
    assert_eq!(n.floor().precision(), 512);
}
