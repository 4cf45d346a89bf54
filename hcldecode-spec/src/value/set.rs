//! cty's set internals: the set-hash serialization (`appendSetHashBytes`),
//! deduplication (hash bucket + `Equals`) and iteration order (buckets by
//! CRC-32 of the serialization, then a stable sort by `setRules.Less`).

use std::cmp::Ordering;
use std::collections::HashMap;

use super::gofmt::{append_quoted, number_g10};
use super::{Repr, Value};
use crate::types::Type;

/// The serialization cty hashes set elements with (`makeSetHashBytes`).
pub(crate) fn hash_bytes(v: &Value) -> Vec<u8> {
    let mut out = Vec::new();
    append_set_hash_bytes(v, &mut out);
    out
}

/// cty's `appendSetHashBytes`.
pub(crate) fn append_set_hash_bytes(v: &Value, out: &mut Vec<u8>) {
    match &v.0 {
        Repr::Unknown(_) => out.push(b'?'),
        Repr::Null(_) => out.push(b'~'),
        Repr::Number(n) => out.extend_from_slice(number_g10(n).as_bytes()),
        Repr::Bool(b) => out.push(if *b { b'T' } else { b'F' }),
        Repr::String(_) | Repr::ShortString(_) => {
            append_quoted_bytes(out, v.as_str().unwrap_or_default())
        }
        Repr::Map(m) => {
            out.push(b'{');
            for (k, e) in m.entries() {
                append_quoted_bytes(out, k);
                out.push(b':');
                append_set_hash_bytes(e, out);
                out.push(b';');
            }
            out.push(b'}');
        }
        Repr::List(s) | Repr::Set(s) => append_elems(out, b'[', s.elems(), b']'),
        Repr::Tuple(s) => append_elems(out, b'<', s.elems(), b'>'),
        Repr::Object(o) => append_elems(out, b'<', o.elems(), b'>'),
    }
}

/// A sequence's or object's elements, each followed by `;`, between `open`
/// and `close`.
fn append_elems(out: &mut Vec<u8>, open: u8, elems: &[Value], close: u8) {
    out.push(open);
    for e in elems {
        append_set_hash_bytes(e, out);
        out.push(b';');
    }
    out.push(close);
}

fn append_quoted_bytes(out: &mut Vec<u8>, s: &str) {
    let mut q = String::with_capacity(s.len() + 2);
    append_quoted(&mut q, s);
    out.extend_from_slice(q.as_bytes());
}

/// CRC-32 (IEEE), as Go's `hash/crc32.ChecksumIEEE`.
pub(crate) fn crc32_ieee(data: &[u8]) -> u32 {
    static TABLE: std::sync::OnceLock<[u32; 256]> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = [0u32; 256];
        for (i, e) in t.iter_mut().enumerate() {
            let mut c = i as u32;
            for _ in 0..8 {
                c = if c & 1 != 0 {
                    0xEDB8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
            }
            *e = c;
        }
        t
    });
    let mut crc = !0u32;
    for &b in data {
        crc = table[((crc ^ b as u32) & 0xFF) as usize] ^ (crc >> 8);
    }
    !crc
}

struct Elem {
    val: Value,
    hash: Vec<u8>,
    crc: u32,
    seq: usize,
}

/// Deduplicates and orders set elements as cty's `SetVal` and set
/// iteration do. Elements already have the element type `ety`.
pub(crate) fn build_set(ety: &Type, vals: Vec<Value>) -> Vec<Value> {
    if vals.len() <= 1 {
        return vals;
    }
    if matches!(ety, Type::String | Type::Bool) {
        return build_simple_set(vals);
    }
    // set.Add: bucket by hash, skip values Equivalent (Equals true) to one
    // already in the bucket.
    let small = vals.len() <= 16;
    let mut buckets: HashMap<u32, Vec<usize>> = HashMap::new();
    let mut elems: Vec<Elem> = Vec::with_capacity(vals.len());
    for val in vals {
        let hash = hash_bytes(&val);
        let crc = crc32_ieee(&hash);
        let is_dup = |i: &usize| val.equals(&elems[*i].val).as_bool() == Some(true);
        let dup = if small {
            (0..elems.len())
                .filter(|&i| elems[i].crc == crc)
                .any(|i| is_dup(&i))
        } else {
            buckets.get(&crc).is_some_and(|b| b.iter().any(is_dup))
        };
        if dup {
            continue;
        }
        let seq = elems.len();
        if !small {
            buckets.entry(crc).or_default().push(seq);
        }
        elems.push(Elem {
            val,
            hash,
            crc,
            seq,
        });
    }
    // set.Values: buckets in ascending hash order, insertion order within a
    // bucket, then a stable sort by Less.
    elems.sort_by(|a, b| a.crc.cmp(&b.crc).then(a.seq.cmp(&b.seq)));
    elems.sort_by(|a, b| compare(ety, a, b));
    elems.into_iter().map(|e| e.val).collect()
}

/// Sets of strings or bools: equal serializations mean equal values and
/// the order is total apart from unknowns (one hash bucket, insertion
/// order), so a stable sort and an adjacent dedup give cty's result without
/// hashing.
fn build_simple_set(mut vals: Vec<Value>) -> Vec<Value> {
    fn key(v: &Value) -> (u8, &[u8], bool) {
        match &v.0 {
            Repr::String(_) | Repr::ShortString(_) => {
                (0, v.as_str().unwrap_or_default().as_bytes(), false)
            }
            Repr::Bool(b) => (0, &[], *b),
            Repr::Unknown(_) => (1, &[], false),
            _ => (2, &[], false),
        }
    }
    vals.sort_by(|a, b| key(a).cmp(&key(b)));
    vals.dedup_by(|b, a| {
        let (ka, kb) = (key(a), key(b));
        ka.0 != 1 && ka == kb
    });
    vals
}

/// `setRules.Less` as an ordering (a total preorder: equal when neither is
/// less).
fn compare(ety: &Type, a: &Elem, b: &Elem) -> Ordering {
    fn class(v: &Value) -> u8 {
        match v.0 {
            Repr::Null(_) => 2,
            Repr::Unknown(_) => 1,
            _ => 0,
        }
    }
    let (ca, cb) = (class(&a.val), class(&b.val));
    if ca != cb {
        return ca.cmp(&cb);
    }
    if ca != 0 {
        return Ordering::Equal;
    }
    match (ety, &a.val.0, &b.val.0) {
        (Type::String, Repr::String(_) | Repr::ShortString(_), _) => {
            let x = a.val.as_str().unwrap_or_default();
            let y = b.val.as_str().unwrap_or_default();
            x.as_bytes().cmp(y.as_bytes())
        }
        (Type::Bool, Repr::Bool(x), Repr::Bool(y)) => x.cmp(y),
        (Type::Number, Repr::Number(x), Repr::Number(y)) => {
            if x.cty_equals(y) {
                Ordering::Equal
            } else {
                x.cmp(y)
            }
        }
        _ => a.hash.cmp(&b.hash),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_matches_known_vector() {
        assert_eq!(crc32_ieee(b"123456789"), 0xCBF4_3926);
    }
}
