//! Go formatting that cty's behaviour depends on: `%q` string quoting
//! (`strconv.Quote`) and `big.Float.String()` (`Text('g', 10)`).

pub(crate) use crate::go_quote::{append_quoted, quote};

use super::Number;

/// `big.Float.String()` (`Text('g', 10)`).
pub(crate) fn number_g10(n: &Number) -> String {
    n.to_string_g10()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn g10_like_go() {
        let g = |s: &str| number_g10(&Number::parse(s).unwrap());
        assert_eq!(g("1"), "1");
        assert_eq!(g("0.5"), "0.5");
        assert_eq!(g("1234567890"), "1234567890");
        assert_eq!(g("123456789"), "123456789");
        assert_eq!(g("12345678901"), "1.23456789e+10");
        assert_eq!(g("1e9"), "1000000000");
        assert_eq!(g("1e10"), "1e+10");
        assert_eq!(g("0.000123456789012"), "0.000123456789");
        assert_eq!(g("-0"), "-0");
        assert_eq!(g("12345"), "12345");
        assert_eq!(g("0.0001"), "0.0001");
        assert_eq!(g("0.00001"), "1e-05");
        assert_eq!(g("-2.5"), "-2.5");
        assert_eq!(g("3.14159265358979"), "3.141592654");
        assert_eq!(g("100"), "100");
        assert_eq!(g("1e21"), "1e+21");
    }
}
