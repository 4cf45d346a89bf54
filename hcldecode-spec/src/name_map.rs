//! Hash maps keyed by names from a spec or configuration file.
//!
//! The standard library's SipHash resists flooding by chosen keys, which
//! matters for keys from the network, not for a file's own names; for
//! the short names here it was most of each lookup's cost. This is the
//! multiply-rotate hash of rustc's `FxHasher`, taking eight bytes a step.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A `HashMap` with [`NameHasher`].
pub(crate) type NameMap<K, V> = HashMap<K, V, BuildHasherDefault<NameHasher>>;

/// A fast, non-keyed hasher for short strings; see the module docs.
#[derive(Default, Clone, Copy)]
pub(crate) struct NameHasher(u64);

const K: u64 = 0xf135_7aea_2e62_a9c5;

impl NameHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(26) ^ word).wrapping_mul(K);
    }
}

impl Hasher for NameHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut buf = [0u8; 8];
            buf[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(buf) ^ ((rest.len() as u64) << 59));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_find_what_they_hold_and_names_spread() {
        let names: Vec<String> = (0..500).map(|i| format!("name_{i}")).collect();
        let mut m: NameMap<&str, usize> = NameMap::default();
        for (i, n) in names.iter().enumerate() {
            assert!(m.insert(n, i).is_none());
        }
        for (i, n) in names.iter().enumerate() {
            assert_eq!(m.get(n.as_str()), Some(&i));
        }
        assert_eq!(m.get("name_500"), None);
        // Prefixes and padding differ: "a" vs "a\0", "abcdefgh" vs "abcdefgh\0".
        let h = |s: &[u8]| {
            let mut h = NameHasher::default();
            h.write(s);
            h.finish()
        };
        assert_ne!(h(b"a"), h(b"a\0"));
        assert_ne!(h(b"abcdefgh"), h(b"abcdefgh\0"));
        let mut low: Vec<u64> = names.iter().map(|n| h(n.as_bytes()) >> 57).collect();
        low.sort_unstable();
        low.dedup();
        assert!(
            low.len() > 64,
            "top bits spread over {} of 128 values",
            low.len()
        );
    }
}
