//! A port of Go's `big.Float.Text` (`math/big/ftoa.go` and `decimal.go`).

use super::decimal::Decimal;
use super::float::{Float, Form};
use num_bigint::BigUint;
use num_traits::One;

/// Go's `roundShortest`: shortens `d` (the exact value of `x`) to the
/// fewest digits that still round to `x` at its precision.
fn round_shortest(d: &mut Decimal, x: &Float) {
    if d.mant.is_empty() {
        return;
    }
    let (xm, xe) = match &x.form {
        Form::Finite { mant, exp } => (mant, *exp),
        _ => return,
    };
    // mant × 2^exp with lsb(mant) == 1/2 ulp (prec + 1 bits).
    let bits = xm.bits() as i64;
    let s = bits - (x.prec as i64 + 1);
    let (mant, exp) = if s < 0 {
        (xm << ((-s) as u64), xe + s)
    } else {
        (xm >> (s as u64), xe + s)
    };
    let lower = Decimal::new(&(&mant - BigUint::one()), exp);
    let upper = Decimal::new(&(&mant + BigUint::one()), exp);
    let inclusive = !mant.bit(1);
    let n = d.mant.len();
    for i in 0..n {
        let m = d.mant[i];
        let l = lower.at(i as i64);
        let u = upper.at(i as i64);
        let okdown = l != m || (inclusive && i + 1 == lower.mant.len());
        let okup = m != u && (inclusive || m + 1 < u || i + 1 < upper.mant.len());
        let n1 = i as i64 + 1;
        match (okdown, okup) {
            (true, true) => return d.round(n1),
            (true, false) => return d.round_down(n1),
            (false, true) => return d.round_up(n1),
            _ => {}
        }
    }
}

/// The exact decimal value of a Float (`d.init(x.mant, ...)`).
fn exact_decimal(x: &Float) -> Decimal {
    match &x.form {
        Form::Finite { mant, exp } => Decimal::new(mant, *exp),
        _ => Decimal {
            mant: Vec::new(),
            exp: 0,
        },
    }
}

/// The leading digits of an exact decimal `n × 2^e` (`e < 0`).
struct Prefix {
    /// `0.mant × 10^exp`; `mant` holds the leading digits (all of them,
    /// trailing zeros trimmed, if `complete`).
    d: Decimal,
    complete: bool,
    /// The length of the full (trimmed) digit string.
    total_len: i64,
}

impl Prefix {
    /// Digit `i` of the full digit string, if known.
    fn at(&self, i: usize) -> Option<u8> {
        match self.d.mant.get(i) {
            Some(c) => Some(*c),
            None if self.complete => Some(b'0'),
            None => None,
        }
    }
}

/// Upper bound on the decimal scaling the fast paths use.
const MAX_FAST_SCALE: i64 = 4000;

/// `log10(2)`.
const LOG10_2: f64 = std::f64::consts::LOG10_2;

/// `10^s`, from a per-thread cache for the scalings the fast paths
/// usually need.
fn pow10(s: u64) -> BigUint {
    const CACHED: usize = 700;
    // Per thread: a cache shared by every formatting on the thread, with
    // no lock on the hot path.
    thread_local! {
        static CACHE: std::cell::RefCell<Vec<BigUint>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    if s as usize >= CACHED {
        return BigUint::from(10u32).pow(s as u32);
    }
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.is_empty() {
            c.push(BigUint::one());
        }
        while c.len() <= s as usize {
            let next = c[c.len() - 1].clone() * 10u32;
            c.push(next);
        }
        c[s as usize].clone()
    })
}

/// The decimal scaling `s` (and `10^s`) that gives at least `want`
/// leading digits of values below `2^top` and at least `2^(top-2)`; `None`
/// when it would be unreasonably large.
fn scale(top: i64, want: i64) -> Option<(u64, BigUint)> {
    // Such values have a decimal exponent above `lb`.
    let lb = ((top - 2) as f64 * LOG10_2).floor() as i64 - 1;
    let s = (want - lb).max(0);
    if s > MAX_FAST_SCALE {
        return None;
    }
    Some((s as u64, pow10(s as u64)))
}

/// The leading digits of `t` (the integer part of `n × 10^s × 2^e`, `e <
/// 0`) as a [`Prefix`] of `n × 2^e`: these digits are exact, and the value
/// has more non-zero digits exactly when `n × 10^s` is not a multiple of
/// `2^-e`.
fn prefix_of(mut mant: Vec<u8>, n: &BigUint, e: i64, s: u64) -> Option<Prefix> {
    let q = e.unsigned_abs() as i64;
    // Strip leading zeros (from a decimal subtraction).
    let lead = mant.iter().take_while(|c| **c == b'0').count();
    mant.drain(..lead);
    if mant.is_empty() {
        return None;
    }
    let s = s as i64;
    let exp = mant.len() as i64 - s;
    let jmin = (q - n.trailing_zeros().unwrap_or(0) as i64).max(0);
    let complete = s >= jmin;
    let total_len = if complete {
        while mant.last() == Some(&b'0') {
            mant.pop();
        }
        mant.len() as i64
    } else {
        exp + jmin
    };
    Some(Prefix {
        d: Decimal { mant, exp },
        complete,
        total_len,
    })
}

/// The first digits of `n × 2^e` for `e < 0`, computed as
/// `floor(n × 10^s / 2^-e)`.
fn prefix(n: &BigUint, e: i64, s: u64, pow10: &BigUint) -> Option<Prefix> {
    let t = (n * pow10) >> e.unsigned_abs();
    prefix_of(t.to_str_radix(10).into_bytes(), n, e, s)
}

/// `digits ± delta` in decimal, keeping the length (a borrow leaves
/// leading zeros; a carry out of the top is `None`).
fn dec_add(digits: &[u8], delta: u64, sub: bool) -> Option<Vec<u8>> {
    let mut out = digits.to_vec();
    let mut rest = delta;
    let mut carry = 0u8;
    let mut i = out.len();
    while i > 0 && (rest != 0 || carry != 0) {
        i -= 1;
        let r = (rest % 10) as u8 + carry;
        rest /= 10;
        let d = out[i] - b'0';
        let (v, c) = if sub {
            if d >= r { (d - r, 0) } else { (d + 10 - r, 1) }
        } else if d + r >= 10 {
            (d + r - 10, 1)
        } else {
            (d + r, 0)
        };
        out[i] = b'0' + v;
        carry = c;
    }
    (rest == 0 && carry == 0).then_some(out)
}

/// `roundShortest` on leading digits only (the usual case); `None` when
/// the digits computed do not suffice, then the caller uses the exact
/// decimals.
fn shortest_fast(x: &Float) -> Option<Decimal> {
    let (xm, xe) = match &x.form {
        Form::Finite { mant, exp } => (mant, *exp),
        _ => return None,
    };
    let bits = xm.bits() as i64;
    let k = x.prec as i64 + 1 - bits;
    if k <= 0 || k > 1 << 20 {
        return None;
    }
    let mant = xm << (k as u64);
    let e = xe - k;
    if e >= 0 {
        return None;
    }
    // The walk below visits at most the digits of x: the exact value has
    // at most `e10 + max(0, -xe)` of them, and the bounds stop differing
    // from x after about (prec + 1) × log10(2) digits.
    let e10 = ((bits + xe) as f64 * LOG10_2).floor() as i64 + 1;
    let digits = e10 + (-xe).max(0);
    let want = digits.min(((x.prec as f64 + 1.0) * LOG10_2) as i64 + 6) + 2;
    let (s, p) = scale(mant.bits() as i64 + e, want)?;
    // The three integer parts differ by small amounts: convert one of them
    // to decimal and derive the others.
    let one = BigUint::one();
    let q = e.unsigned_abs();
    let a = &mant * &p;
    let td = &a >> q;
    let tl = (&a - &p) >> q;
    let tu = (&a + &p) >> q;
    let dl = u64::try_from(&td - &tl).ok()?;
    let du = u64::try_from(&tu - &td).ok()?;
    let sd = td.to_str_radix(10).into_bytes();
    let sl = dec_add(&sd, dl, true)?;
    let su = match dec_add(&sd, du, false) {
        Some(v) => v,
        None => tu.to_str_radix(10).into_bytes(),
    };
    let mut d = prefix_of(sd, &mant, e, s)?;
    let lower = prefix_of(sl, &(&mant - &one), e, s)?;
    let upper = prefix_of(su, &(&mant + &one), e, s)?;
    let inclusive = !mant.bit(1);
    let mut i = 0usize;
    while (i as i64) < d.total_len {
        let m = d.at(i)?;
        let l = lower.at(i)?;
        let u = upper.at(i)?;
        let n1 = i as i64 + 1;
        let okdown = l != m || (inclusive && n1 == lower.total_len);
        let okup = m != u && (inclusive || m + 1 < u || n1 < upper.total_len);
        if okdown || okup {
            // The rounding looks at digit i + 1 (and whether it is the last).
            if !d.complete && i + 2 >= d.d.mant.len() {
                return None;
            }
            let dd = &mut d.d;
            match (okdown, okup) {
                (true, true) => dd.round(n1),
                (true, false) => dd.round_down(n1),
                _ => dd.round_up(n1),
            }
            return Some(d.d);
        }
        i += 1;
    }
    d.complete.then_some(d.d)
}

/// The exact decimal of `x` rounded to `n` digits (`d.round(n)`), from
/// leading digits when possible.
fn rounded_fast(x: &Float, n: i64) -> Option<Decimal> {
    let (xm, xe) = match &x.form {
        Form::Finite { mant, exp } => (mant, *exp),
        _ => return None,
    };
    if xe >= 0 || !(0..=1000).contains(&n) {
        return None;
    }
    let (s, pow10) = scale(xm.bits() as i64 + xe, n + 2)?;
    let mut p = prefix(xm, xe, s, &pow10)?;
    // The rounding looks at digit n and at whether it is the last one.
    if !p.complete && n + 1 >= p.d.mant.len() as i64 {
        return None;
    }
    p.d.round(n);
    Some(p.d)
}

fn fmt_e(buf: &mut Vec<u8>, fmt: u8, prec: i64, d: &Decimal) {
    let ch = d.mant.first().copied().unwrap_or(b'0');
    buf.push(ch);
    if prec > 0 {
        buf.push(b'.');
        let mut i = 1usize;
        let m = d.mant.len().min(prec as usize + 1);
        if i < m {
            buf.extend_from_slice(&d.mant[i..m]);
            i = m;
        }
        while (i as i64) <= prec {
            buf.push(b'0');
            i += 1;
        }
    }
    buf.push(fmt);
    let mut exp = if d.mant.is_empty() { 0 } else { d.exp - 1 };
    if exp < 0 {
        buf.push(b'-');
        exp = -exp;
    } else {
        buf.push(b'+');
    }
    if exp < 10 {
        buf.push(b'0');
    }
    buf.extend_from_slice(exp.to_string().as_bytes());
}

fn fmt_f(buf: &mut Vec<u8>, prec: i64, d: &Decimal) {
    if d.exp > 0 {
        let m = d.mant.len().min(d.exp as usize);
        buf.extend_from_slice(&d.mant[..m]);
        for _ in m as i64..d.exp {
            buf.push(b'0');
        }
    } else {
        buf.push(b'0');
    }
    if prec > 0 {
        buf.push(b'.');
        for i in 0..prec {
            buf.push(d.at(d.exp + i));
        }
    }
}

/// `x.mant` shifted to exactly `n` bits (Go's handling of the word
/// mantissa in `fmtB`/`fmtX`).
fn mant_to_bits(m: &BigUint, n: u64) -> BigUint {
    let b = m.bits();
    if b < n { m << (n - b) } else { m >> (b - n) }
}

fn fmt_b(buf: &mut Vec<u8>, x: &Float) {
    let (m, _) = match &x.form {
        Form::Finite { mant, exp } => (mant, exp),
        _ => {
            buf.push(b'0');
            return;
        }
    };
    let m = mant_to_bits(m, x.prec as u64);
    buf.extend_from_slice(m.to_str_radix(10).as_bytes());
    buf.push(b'p');
    let e = x.go_exp() - x.prec as i64;
    if e >= 0 {
        buf.push(b'+');
    }
    buf.extend_from_slice(e.to_string().as_bytes());
}

fn fmt_p(buf: &mut Vec<u8>, x: &Float) {
    let m = match &x.form {
        Form::Finite { mant, .. } => mant,
        _ => {
            buf.push(b'0');
            return;
        }
    };
    let b = m.bits();
    let m = m << ((4 - b % 4) % 4);
    buf.extend_from_slice(b"0x.");
    let h = m.to_str_radix(16);
    buf.extend_from_slice(h.trim_end_matches('0').as_bytes());
    buf.push(b'p');
    let e = x.go_exp();
    if e >= 0 {
        buf.push(b'+');
    }
    buf.extend_from_slice(e.to_string().as_bytes());
}

fn fmt_x(buf: &mut Vec<u8>, x: &Float, prec: i64) {
    if !matches!(x.form, Form::Finite { .. }) {
        buf.extend_from_slice(b"0x0");
        if prec > 0 {
            buf.push(b'.');
            for _ in 0..prec {
                buf.push(b'0');
            }
        }
        buf.extend_from_slice(b"p+00");
        return;
    }
    let n: u64 = if prec < 0 {
        1 + (x.min_prec() - 1).div_ceil(4) * 4
    } else {
        1 + 4 * prec as u64
    };
    let r = x.set_prec(u32::try_from(n).unwrap_or(u32::MAX));
    let m = match &r.form {
        Form::Finite { mant, .. } => mant_to_bits(mant, n),
        _ => return,
    };
    let mut exp64 = r.go_exp() - 1;
    let hm = m.to_str_radix(16);
    buf.extend_from_slice(b"0x1");
    if hm.len() > 1 {
        buf.push(b'.');
        buf.extend_from_slice(&hm.as_bytes()[1..]);
    }
    buf.push(b'p');
    if exp64 >= 0 {
        buf.push(b'+');
    } else {
        exp64 = -exp64;
        buf.push(b'-');
    }
    if exp64 < 10 {
        buf.push(b'0');
    }
    buf.extend_from_slice(exp64.to_string().as_bytes());
}

/// `x.Append(buf, fmt, prec)`.
/// Formats with exact decimal conversion whatever the magnitude (for
/// testing the huge-number path against it).
#[cfg(test)]
pub(crate) fn exact_text(x: &Float, fmt: u8, prec: i64) -> String {
    let mut d = exact_decimal(x);
    round_shortest(&mut d, x);
    let mut buf = Vec::new();
    if x.neg {
        buf.push(b'-');
    }
    let _ = prec;
    if fmt == b'f' {
        fmt_f(&mut buf, (d.mant.len() as i64 - d.exp).max(0), &d);
    } else {
        fmt_e(&mut buf, fmt, d.mant.len() as i64 - 1, &d);
    }
    String::from_utf8(buf).unwrap_or_default()
}

pub(crate) fn append(buf: &mut Vec<u8>, x: &Float, fmt: u8, prec: i64) {
    if x.neg {
        buf.push(b'-');
    }
    if let Form::Inf = x.form {
        if !x.neg {
            buf.push(b'+');
        }
        buf.extend_from_slice(b"Inf");
        return;
    }
    match fmt {
        b'b' => return fmt_b(buf, x),
        b'p' => return fmt_p(buf, x),
        b'x' => return fmt_x(buf, x, prec),
        _ => {}
    }
    // A number with tens of thousands of digits before or after the point
    // gets its leading digits without its exact expansion. Its shortest
    // form is still written plainly, as Go writes it, up to a million
    // digits; beyond that, or with a fixed number of decimals, in exponent
    // form (Go would compute and print it all).
    let huge = super::huge::is_huge(x);
    let plain = prec < 0 && super::huge::fits_plain(x);
    let (fmt, prec) = if huge && fmt == b'f' && !plain {
        (b'e', -1)
    } else {
        (fmt, prec)
    };
    let mut prec = prec;
    let shortest = prec < 0;
    let d = if shortest {
        shortest_digits(x, fmt, huge, &mut prec)
    } else {
        rounded_digits(x, fmt, huge, &mut prec)
    };
    match fmt {
        b'e' | b'E' => fmt_e(buf, fmt, prec, &d),
        b'f' => fmt_f(buf, prec, &d),
        b'g' | b'G' => fmt_g(buf, fmt, prec, &d, shortest),
        _ => {
            if x.neg {
                buf.pop();
            }
            buf.push(b'%');
            buf.push(fmt);
        }
    }
}

/// The shortest digits that read back as `x`, with `prec` set to the
/// precision that prints them all in format `fmt`.
#[inline]
fn shortest_digits(x: &Float, fmt: u8, huge: bool, prec: &mut i64) -> Decimal {
    let d = if huge {
        super::huge::shortest(x)
    } else {
        shortest_fast(x).unwrap_or_else(|| {
            let mut d = exact_decimal(x);
            round_shortest(&mut d, x);
            d
        })
    };
    match fmt {
        b'e' | b'E' => *prec = d.mant.len() as i64 - 1,
        b'f' => *prec = (d.mant.len() as i64 - d.exp).max(0),
        b'g' | b'G' => *prec = d.mant.len() as i64,
        _ => {}
    }
    d
}

/// The digits of `x` rounded to precision `prec` (0 raised to 1 for
/// `%g`, as Go does) in format `fmt`.
#[inline]
fn rounded_digits(x: &Float, fmt: u8, huge: bool, prec: &mut i64) -> Decimal {
    // The number of leading digits the rounding keeps, if known up
    // front (not for 'f', where it depends on the exponent).
    let keep = match fmt {
        b'e' | b'E' => Some(1 + *prec),
        b'g' | b'G' => {
            if *prec == 0 {
                *prec = 1;
            }
            Some(*prec)
        }
        _ => None,
    };
    match keep.and_then(|n| rounded_fast(x, n)) {
        Some(d) => d,
        None if huge => super::huge::rounded(x, keep.unwrap_or(*prec + 1)),
        None => {
            let mut d = exact_decimal(x);
            match fmt {
                b'e' | b'E' => d.round(1 + *prec),
                b'f' => d.round(d.exp + *prec),
                b'g' | b'G' => d.round(*prec),
                _ => {}
            }
            d
        }
    }
}

/// `%g` / `%G` of the digits `d`: exponent form for large or small
/// exponents, else plain (`shortest`: the exponent limit is Go's 6).
#[inline]
fn fmt_g(buf: &mut Vec<u8>, fmt: u8, mut prec: i64, d: &Decimal, shortest: bool) {
    let mut eprec = prec;
    if eprec > d.mant.len() as i64 && d.mant.len() as i64 >= d.exp {
        eprec = d.mant.len() as i64;
    }
    if shortest {
        eprec = 6;
    }
    let exp = d.exp - 1;
    if exp < -4 || exp >= eprec {
        if prec > d.mant.len() as i64 {
            prec = d.mant.len() as i64;
        }
        return fmt_e(buf, fmt + b'e' - b'g', prec - 1, d);
    }
    if prec > d.exp {
        prec = d.mant.len() as i64;
    }
    fmt_f(buf, (prec - d.exp).max(0), d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values() -> Vec<Float> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/number_parse.txt");
        let text = std::fs::read_to_string(path).unwrap();
        let mut out = Vec::new();
        for line in text.lines() {
            let input = line.split('\t').next().unwrap();
            let Some(sc) = crate::value::number::parse::scan(input.as_bytes()) else {
                continue;
            };
            let Some(f) = crate::value::number::parse::from_scanned(&sc, 512) else {
                continue;
            };
            if f.go_exp().abs() > 5000 {
                continue;
            }
            for prec in [512, 100, 64, 53, 24, 8, 1] {
                out.push(f.set_prec(prec));
            }
        }
        out
    }

    /// The leading-digit fast paths agree with the exact decimals, and
    /// the shortest one applies to every value that is not a large
    /// integer (at least 2^(prec+1)).
    #[test]
    fn fast_paths_match_exact() {
        let mut fast = 0;
        let mut eligible = 0;
        for x in values() {
            if let Form::Finite { mant, exp } = &x.form
                && exp - (x.prec as i64 + 1 - mant.bits() as i64) < 0
            {
                eligible += 1;
            }
            if let Some(d) = shortest_fast(&x) {
                fast += 1;
                let mut e = exact_decimal(&x);
                round_shortest(&mut e, &x);
                assert_eq!((&d.mant, d.exp), (&e.mant, e.exp), "{x:?}");
            }
            for n in [1, 2, 3, 5, 10, 17, 30] {
                if let Some(d) = rounded_fast(&x, n) {
                    let mut e = exact_decimal(&x);
                    e.round(n);
                    assert_eq!((&d.mant, d.exp), (&e.mant, e.exp), "{x:?} {n}");
                }
            }
        }
        assert!(eligible > 15000);
        assert_eq!(fast, eligible);
    }

    #[test]
    fn huge_digits_agree_with_exact_ones_near_the_threshold() {
        // Just above the threshold both methods are feasible: the plain
        // form written from the leading digits is the exact expansion's.
        for s in [
            "1e20050",
            "3.3333333333333333e20100",
            "7e-20060",
            "123456789012345678901234567890e20001",
        ] {
            let n = crate::value::Number::parse(s).unwrap();
            let exact = exact_text(&n.float(), b'f', -1);
            assert_eq!(n.to_string(), exact, "{s}");
        }
    }
}
