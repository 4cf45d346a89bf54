//! A port of Go's `big.Float.Text` (`math/big/ftoa.go` and `decimal.go`).

use super::float::{Float, Form};
use num_bigint::BigUint;
use num_traits::One;

/// An exact decimal `0.mant × 10^exp` (Go's `decimal`): ASCII digits with
/// no leading or trailing zeros (empty for zero).
pub(crate) struct Decimal {
    pub mant: Vec<u8>,
    pub exp: i64,
}

impl Decimal {
    /// The digit at `i`, `'0'` out of range.
    fn at(&self, i: i64) -> u8 {
        if 0 <= i && (i as usize) < self.mant.len() {
            self.mant[i as usize]
        } else {
            b'0'
        }
    }

    /// The exact decimal value of `m × 2^shift` (Go's `decimal.init`).
    pub fn new(m: &BigUint, shift: i64) -> Decimal {
        if m.bits() == 0 {
            return Decimal {
                mant: Vec::new(),
                exp: 0,
            };
        }
        let (digits, exp_adj) = if shift >= 0 {
            ((m << (shift as u64)).to_str_radix(10), 0i64)
        } else {
            let t = m.trailing_zeros().unwrap_or(0).min(shift.unsigned_abs());
            let m = m >> t;
            let k = shift.unsigned_abs() - t;
            if k == 0 {
                (m.to_str_radix(10), 0)
            } else {
                // m / 2^k = m × 5^k / 10^k.
                let p = pow5_big(k);
                ((m * p).to_str_radix(10), k as i64)
            }
        };
        let mut mant = digits.into_bytes();
        let exp = mant.len() as i64 - exp_adj;
        while mant.last() == Some(&b'0') {
            mant.pop();
        }
        Decimal { mant, exp }
    }

    fn should_round_up(&self, n: usize) -> bool {
        if self.mant[n] == b'5' && n + 1 == self.mant.len() {
            return n > 0 && (self.mant[n - 1] - b'0') & 1 != 0;
        }
        self.mant[n] >= b'5'
    }

    /// Rounds to `n` digits, nearest (ties to even, as Go's decimal does).
    pub fn round(&mut self, n: i64) {
        if n < 0 || n >= self.mant.len() as i64 {
            return;
        }
        if self.should_round_up(n as usize) {
            self.round_up(n);
        } else {
            self.round_down(n);
        }
    }

    fn round_up(&mut self, n: i64) {
        if n < 0 || n >= self.mant.len() as i64 {
            return;
        }
        let mut n = n as usize;
        while n > 0 && self.mant[n - 1] >= b'9' {
            n -= 1;
        }
        if n == 0 {
            self.mant[0] = b'1';
            self.mant.truncate(1);
            self.exp += 1;
            return;
        }
        self.mant[n - 1] += 1;
        self.mant.truncate(n);
    }

    fn round_down(&mut self, n: i64) {
        if n < 0 || n >= self.mant.len() as i64 {
            return;
        }
        self.mant.truncate(n as usize);
        self.trim();
    }

    fn trim(&mut self) {
        while self.mant.last() == Some(&b'0') {
            self.mant.pop();
        }
        if self.mant.is_empty() {
            self.exp = 0;
        }
    }
}

/// `5^k` as a big integer.
fn pow5_big(k: u64) -> BigUint {
    // Exponents here are bounded by the binary exponent range.
    let k32 = u32::try_from(k).unwrap_or(u32::MAX);
    BigUint::from(5u32).pow(k32)
}

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
        1 + (x.min_prec() - 1 + 3) / 4 * 4
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
    let mut d = match &x.form {
        Form::Finite { mant, exp } => Decimal::new(mant, *exp),
        _ => Decimal {
            mant: Vec::new(),
            exp: 0,
        },
    };
    let mut prec = prec;
    let mut shortest = false;
    if prec < 0 {
        shortest = true;
        round_shortest(&mut d, x);
        match fmt {
            b'e' | b'E' => prec = d.mant.len() as i64 - 1,
            b'f' => prec = (d.mant.len() as i64 - d.exp).max(0),
            b'g' | b'G' => prec = d.mant.len() as i64,
            _ => {}
        }
    } else {
        match fmt {
            b'e' | b'E' => d.round(1 + prec),
            b'f' => d.round(d.exp + prec),
            b'g' | b'G' => {
                if prec == 0 {
                    prec = 1;
                }
                d.round(prec);
            }
            _ => {}
        }
    }
    match fmt {
        b'e' | b'E' => fmt_e(buf, fmt, prec, &d),
        b'f' => fmt_f(buf, prec, &d),
        b'g' | b'G' => {
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
                return fmt_e(buf, fmt + b'e' - b'g', prec - 1, &d);
            }
            if prec > d.exp {
                prec = d.mant.len() as i64;
            }
            fmt_f(buf, (prec - d.exp).max(0), &d)
        }
        _ => {
            if x.neg {
                buf.pop();
            }
            buf.push(b'%');
            buf.push(fmt);
        }
    }
}
