//! Hash maps keyed by names from a spec or configuration file.
//!
//! The names come from files that may be hostile, so the hash is keyed per
//! process (foldhash's `RandomState`, the default of hashbrown): chosen
//! colliding names cannot make look-ups quadratic. It is several times
//! faster than the standard library's SipHash for short names, which was
//! most of each look-up's cost.

use std::collections::HashMap;

/// A `HashMap` with a fast hash keyed per process; see the module docs.
pub(crate) type NameMap<K, V> = HashMap<K, V, foldhash::fast::RandomState>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_find_what_they_hold() {
        let names: Vec<String> = (0..500).map(|i| format!("name_{i}")).collect();
        let mut m: NameMap<&str, usize> = NameMap::default();
        for (i, n) in names.iter().enumerate() {
            m.insert(n, i);
        }
        for (i, n) in names.iter().enumerate() {
            assert_eq!(m.get(n.as_str()), Some(&i));
        }
        assert_eq!(m.get("name_500"), None);
    }
}
