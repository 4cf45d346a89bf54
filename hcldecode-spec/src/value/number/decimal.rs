//! Go's `math/big` `decimal`: exact decimal digits of a binary float, for
//! formatting (`ftoa`) and for huge numbers' digits (`huge`).

use num_bigint::BigUint;

/// An exact decimal `0.mant × 10^exp` (Go's `decimal`): ASCII digits with
/// no leading or trailing zeros (empty for zero).
pub(crate) struct Decimal {
    pub mant: Vec<u8>,
    pub exp: i64,
}

impl Decimal {
    /// The digit at `i`, `'0'` out of range.
    pub(super) fn at(&self, i: i64) -> u8 {
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

    pub(super) fn should_round_up(&self, n: usize) -> bool {
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

    pub(super) fn round_up(&mut self, n: i64) {
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

    pub(super) fn round_down(&mut self, n: i64) {
        if n < 0 || n >= self.mant.len() as i64 {
            return;
        }
        self.mant.truncate(n as usize);
        self.trim();
    }

    pub(super) fn trim(&mut self) {
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
