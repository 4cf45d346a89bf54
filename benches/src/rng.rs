//! The generator's random numbers: SplitMix64, drawn in the order the
//! Python script draws them.

/// SplitMix64, as the Python generator implements it.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    pub(crate) fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }

    pub(crate) fn choice<T: Copy>(&mut self, seq: &[T]) -> T {
        seq[self.below(seq.len() as u64) as usize]
    }

    /// `next() < int(p * 2**64)`: `p * 2^64` is exact in binary floating
    /// point, so the threshold is the same integer Python computes.
    pub(crate) fn chance(&mut self, p: f64) -> bool {
        let threshold = (p * 18_446_744_073_709_551_616.0) as u128;
        (self.next() as u128) < threshold
    }

    pub(crate) fn sample<T: Clone>(&mut self, seq: &[T], k: i64) -> Vec<T> {
        let mut pool: Vec<T> = seq.to_vec();
        let mut out = Vec::new();
        for _ in 0..(k.max(0) as usize).min(pool.len()) {
            let i = self.below(pool.len() as u64) as usize;
            out.push(pool.remove(i));
        }
        out
    }
}
