//! Map and object entries: sorted by key, keys in NFC, looked up by key.

use std::sync::Arc;

use super::Value;
use super::nfc::nfc_arc;

/// Entries with NFC-normalised keys, sorted by key, keeping the last of
/// repeated keys (maps and objects built from entries in any order).
pub(super) fn map_entries<K, I>(entries: I) -> Vec<(Arc<str>, Value)>
where
    K: AsRef<str> + Into<Arc<str>>,
    I: IntoIterator<Item = (K, Value)>,
{
    let mut v: Vec<(Arc<str>, Value)> = entries
        .into_iter()
        .map(|(k, val)| (nfc_arc(k), val))
        .collect();
    sort_dedup_last(&mut v);
    v
}

/// Sorts entries by key, keeping the last of repeated keys.
#[doc(hidden)] // the engine's unchecked fast paths (hcldecode)
pub fn sort_dedup_last<T>(v: &mut Vec<(Arc<str>, T)>) {
    if v.windows(2).all(|w| w[0].0 < w[1].0) {
        return;
    }
    // Stable sort, then keep the last of each run of equal keys.
    v.sort_by(|a, b| a.0.cmp(&b.0));
    let mut out: Vec<(Arc<str>, T)> = Vec::with_capacity(v.len());
    for e in v.drain(..) {
        match out.last_mut() {
            Some(last) if last.0 == e.0 => *last = e,
            _ => out.push(e),
        }
    }
    *v = out;
}

pub(super) fn map_lookup<'a>(entries: &'a [(Arc<str>, Value)], k: &str) -> Option<&'a Value> {
    entries
        .binary_search_by(|(ek, _)| (**ek).cmp(k))
        .ok()
        .map(|i| &entries[i].1)
}
