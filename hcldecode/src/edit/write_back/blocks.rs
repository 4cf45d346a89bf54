//! Typed write-back of one block type of a body: which block of the
//! document each block of the old value came from, which blocks of the new
//! value are old ones (unchanged, or changed in place), and where the new
//! ones go.
//!
//! Blocks are matched by identity, not by position: the longest common
//! subsequence of the old and new blocks (equal labels and bodies) stays
//! as it is, so a block keeps its comments when a sibling before it is
//! removed; between two kept blocks, a new block takes the place of the
//! next old one with its labels (changed in place, comments kept); the
//! other old ones are removed, with their comments, and the other new ones
//! are inserted beside their neighbours in the new value, so a list keeps
//! its order and a new block sits with its siblings.
//!
//! With `dynamic` blocks expanded, the old value holds the blocks each one
//! generates in its place; they must stay as they are, in their place.
//! Where the new value changes, removes or splits them, the plan refuses:
//! a static block written there would give a file that decodes to
//! something else.

use std::collections::{HashMap, VecDeque};

use crate::encode::BodyWriter;

/// A block as a value gives it: its labels and body.
#[derive(Clone, Copy, Debug)]
pub(super) struct Item<'a> {
    pub(super) labels: &'a [String],
    pub(super) body: &'a BodyWriter,
}

impl PartialEq for Item<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.labels == other.labels && self.body == other.body
    }
}

/// A block of the document that gives blocks of the type, in source
/// order; indices are into the body's blocks.
#[derive(Clone, Debug)]
pub(super) enum Source {
    /// A block of the type, with its labels.
    Static { index: usize, labels: Vec<String> },
    /// A `dynamic "type"` block, with the number of blocks it generates
    /// (`None`: its `for_each` has no known length with the decoder's
    /// variables).
    Dynamic { index: usize, count: Option<usize> },
}

/// Where a block of the old value came from (an index into the body's
/// blocks).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Origin {
    Static(usize),
    Generated(usize),
}

impl Origin {
    fn index(self) -> usize {
        match self {
            Origin::Static(i) | Origin::Generated(i) => i,
        }
    }
}

/// Where new blocks go, by the index of a block of the body as it was.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(in crate::edit) enum Anchor {
    After(usize),
    Before(usize),
    /// After the body's last item (no block of the type is left).
    End,
}

/// One change to a body's blocks, indices as the body was.
#[derive(Debug)]
pub(super) enum Op<'a> {
    /// The block at `index` holds `base` and must hold `new`.
    Modify {
        index: usize,
        base: &'a BodyWriter,
        new: &'a BodyWriter,
    },
    Remove {
        index: usize,
    },
    Insert {
        at: Anchor,
        items: Vec<Item<'a>>,
    },
}

/// Why a type's blocks cannot be written back.
#[derive(Debug, PartialEq)]
pub(super) enum Refusal {
    /// A block the dynamic block at `dynamic` generates would change
    /// (`removed`: go).
    Generated {
        dynamic: usize,
        labels: Vec<String>,
        removed: bool,
    },
    /// New blocks would sit between blocks the dynamic block generates.
    Between { dynamic: usize },
    /// The dynamic block's `for_each` has no known length, and its blocks
    /// cannot be told from the static ones by their labels.
    Uncounted { dynamic: usize },
    /// The old value's blocks do not match the document's.
    Mismatch,
}

/// Above this many comparisons the middle of two block lists (after their
/// common start and end) is not searched for a common subsequence: its
/// blocks are paired in order instead (still correct, fewer comments kept).
const LCS_CELLS: usize = 250_000;

/// How many old blocks a new one is compared with to find the one most
/// like it (past that, the first is taken).
const LIKENESS_CANDIDATES: usize = 16;

/// The changes that make the document's blocks of one type, `sources`,
/// which hold `base`, hold `new` instead.
pub(super) fn plan<'a>(
    sources: &[Source],
    base: &[Item<'a>],
    new: &[Item<'a>],
) -> Result<Vec<Op<'a>>, Refusal> {
    let origins = origins(sources, base)?;
    let pairs = common(base, new);
    let mut ops = Vec::new();
    // The block of the body each new block is (as it was), where known.
    let mut located: Vec<Option<usize>> = vec![None; new.len()];
    let (mut b0, mut n0) = (0, 0);
    for (bm, nm) in pairs.iter().copied().chain([(base.len(), new.len())]) {
        let mut paired = vec![false; bm - b0];
        let mut next = b0;
        for j in n0..nm {
            // The old block with these labels most like the new one (the
            // first of equals), after the one paired before.
            let found = (next..bm)
                .filter(|&i| {
                    base[i].labels == new[j].labels && matches!(origins[i], Origin::Static(_))
                })
                // Few enough to compare: bodies are compared item by item.
                .take(LIKENESS_CANDIDATES)
                .map(|i| (likeness(base[i].body, new[j].body), i))
                .fold(None, |best: Option<(usize, usize)>, (l, i)| match best {
                    Some((bl, _)) if bl >= l => best,
                    _ => Some((l, i)),
                })
                .map(|(_, i)| i);
            if let Some(i) = found {
                paired[i - b0] = true;
                next = i + 1;
                let index = origins[i].index();
                located[j] = Some(index);
                ops.push(Op::Modify {
                    index,
                    base: base[i].body,
                    new: new[j].body,
                });
            }
        }
        for i in b0..bm {
            if paired[i - b0] {
                continue;
            }
            match origins[i] {
                Origin::Static(index) => ops.push(Op::Remove { index }),
                Origin::Generated(dynamic) => {
                    let removed = !new[n0..nm].iter().any(|n| n.labels == base[i].labels);
                    return Err(Refusal::Generated {
                        dynamic,
                        labels: base[i].labels.to_vec(),
                        removed,
                    });
                }
            }
        }
        if bm < base.len() {
            located[nm] = Some(origins[bm].index());
        }
        (b0, n0) = (bm + 1, nm + 1);
    }
    inserts(&origins, new, &located, &mut ops)?;
    Ok(ops)
}

/// The inserts of the new blocks no old one became (`located[j]` is the
/// block of the body new block `j` is, where known): each run of them
/// beside its neighbours, refused between the blocks of one dynamic block.
fn inserts<'a>(
    origins: &[Origin],
    new: &[Item<'a>],
    located: &[Option<usize>],
    ops: &mut Vec<Op<'a>>,
) -> Result<(), Refusal> {
    let dynamic: std::collections::HashSet<usize> = origins
        .iter()
        .filter_map(|o| match o {
            Origin::Generated(i) => Some(*i),
            Origin::Static(_) => None,
        })
        .collect();
    let generated = |i: usize| dynamic.contains(&i);
    let mut j = 0;
    while j < new.len() {
        if located[j].is_some() {
            j += 1;
            continue;
        }
        let start = j;
        while j < new.len() && located[j].is_none() {
            j += 1;
        }
        let (before, after) = (
            start.checked_sub(1).and_then(|k| located[k]),
            located.get(j).copied().flatten(),
        );
        if let (Some(a), Some(b)) = (before, after)
            && a == b
            && generated(a)
        {
            return Err(Refusal::Between { dynamic: a });
        }
        let at = match (before, after) {
            (Some(a), _) => Anchor::After(a),
            (None, Some(b)) => Anchor::Before(b),
            (None, None) => Anchor::End,
        };
        ops.push(Op::Insert {
            at,
            items: new[start..j].to_vec(),
        });
    }
    Ok(())
}

/// How many items of `a` are in `b` too (attributes of equal values,
/// equal blocks).
fn likeness(a: &BodyWriter, b: &BodyWriter) -> usize {
    a.items().filter(|x| b.items().any(|y| x.same(&y))).count()
}

/// Where each block of `base` came from: the static blocks in order, the
/// blocks a dynamic block generates in its place.
fn origins(sources: &[Source], base: &[Item<'_>]) -> Result<Vec<Origin>, Refusal> {
    let dynamics: Vec<(usize, Option<usize>)> = sources
        .iter()
        .filter_map(|s| match s {
            Source::Dynamic { index, count } => Some((*index, *count)),
            Source::Static { .. } => None,
        })
        .collect();
    let Some(&(first, _)) = dynamics.first() else {
        return by_labels(sources, None, base);
    };
    let counts: Option<usize> = dynamics.iter().map(|(_, c)| *c).sum();
    let statics = sources.len() - dynamics.len();
    if counts.is_some_and(|c| c + statics == base.len()) {
        let mut out = Vec::with_capacity(base.len());
        let mut rest = base.iter();
        let in_place = sources.iter().all(|s| match s {
            Source::Static { index, labels } => {
                out.push(Origin::Static(*index));
                rest.next().is_some_and(|b| b.labels == labels.as_slice())
            }
            Source::Dynamic { index, count } => {
                let n = count.unwrap_or(0);
                out.extend((0..n).map(|_| Origin::Generated(*index)));
                rest.by_ref().take(n).count() == n
            }
        });
        if in_place {
            return Ok(out);
        }
    }
    // A map of labelled blocks is in its keys' order, not the file's:
    // the static blocks are told from the generated ones by their labels.
    if base.iter().any(|b| !b.labels.is_empty()) {
        return by_labels(sources, Some(first), base);
    }
    let uncounted = dynamics
        .iter()
        .find(|(_, c)| c.is_none())
        .map_or(first, |(i, _)| *i);
    Err(Refusal::Uncounted { dynamic: uncounted })
}

/// Each block of `base` as the next static block with its labels; the
/// ones left over as generated by `dynamic` (none: a mismatch).
fn by_labels(
    sources: &[Source],
    dynamic: Option<usize>,
    base: &[Item<'_>],
) -> Result<Vec<Origin>, Refusal> {
    let mut statics: HashMap<&[String], VecDeque<usize>> = HashMap::new();
    for s in sources {
        if let Source::Static { index, labels } = s {
            statics.entry(labels).or_default().push_back(*index);
        }
    }
    let out = base
        .iter()
        .map(
            |b| match statics.get_mut(b.labels).and_then(VecDeque::pop_front) {
                Some(index) => Ok(Origin::Static(index)),
                None => dynamic.map(Origin::Generated).ok_or(Refusal::Mismatch),
            },
        )
        .collect::<Result<Vec<_>, _>>()?;
    if statics.values().any(|left| !left.is_empty()) {
        return Err(Refusal::Mismatch);
    }
    Ok(out)
}

/// The pairs `(i, j)` of a longest common subsequence of `a` and `b`, in
/// order (the common start and end, and in between an exact one where it
/// is small enough).
fn common(a: &[Item<'_>], b: &[Item<'_>]) -> Vec<(usize, usize)> {
    let pre = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let suf = a[pre..]
        .iter()
        .rev()
        .zip(b[pre..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (ma, mb) = (&a[pre..a.len() - suf], &b[pre..b.len() - suf]);
    let mut out: Vec<(usize, usize)> = (0..pre).map(|i| (i, i)).collect();
    if !ma.is_empty() && !mb.is_empty() && ma.len().saturating_mul(mb.len()) <= LCS_CELLS {
        // lengths[i][j]: the longest common subsequence of ma[i..], mb[j..].
        let w = mb.len() + 1;
        let mut lengths = vec![0u32; (ma.len() + 1) * w];
        for i in (0..ma.len()).rev() {
            for j in (0..mb.len()).rev() {
                lengths[i * w + j] = if ma[i] == mb[j] {
                    lengths[(i + 1) * w + j + 1] + 1
                } else {
                    lengths[(i + 1) * w + j].max(lengths[i * w + j + 1])
                };
            }
        }
        let (mut i, mut j) = (0, 0);
        while i < ma.len() && j < mb.len() {
            if ma[i] == mb[j] {
                out.push((pre + i, pre + j));
                (i, j) = (i + 1, j + 1);
            } else if lengths[(i + 1) * w + j] >= lengths[i * w + j + 1] {
                i += 1;
            } else {
                j += 1;
            }
        }
    }
    out.extend((0..suf).map(|k| (a.len() - suf + k, b.len() - suf + k)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Value;

    fn body(name: &str) -> BodyWriter {
        let mut b = BodyWriter::new();
        b.attr("name", Value::string(name));
        b
    }

    fn items<'a>(labels: &'a [String], bodies: &'a [BodyWriter]) -> Vec<Item<'a>> {
        bodies.iter().map(|body| Item { labels, body }).collect()
    }

    fn statics(indices: &[usize]) -> Vec<Source> {
        indices
            .iter()
            .map(|&index| Source::Static {
                index,
                labels: Vec::new(),
            })
            .collect()
    }

    /// What the ops say, as text: `m2` modify block 2, `r1` remove block
    /// 1, `a3:x,y`/`b3:..`/`e:..` insert the named bodies after or before
    /// block 3 or at the end.
    fn show(ops: &[Op<'_>], names: &[(&BodyWriter, &str)]) -> Vec<String> {
        let name = |b: &BodyWriter| names.iter().find(|(x, _)| *x == b).map_or("?", |(_, n)| n);
        ops.iter()
            .map(|op| match op {
                Op::Modify { index, new, .. } => format!("m{index}:{}", name(new)),
                Op::Remove { index } => format!("r{index}"),
                Op::Insert { at, items } => {
                    let list: Vec<&str> = items.iter().map(|i| name(i.body)).collect();
                    let at = match at {
                        Anchor::After(i) => format!("a{i}"),
                        Anchor::Before(i) => format!("b{i}"),
                        Anchor::End => "e".to_string(),
                    };
                    format!("{at}:{}", list.join(","))
                }
            })
            .collect()
    }

    #[test]
    fn removing_the_middle_block_removes_that_block() {
        let (a, b, c) = (body("a"), body("b"), body("c"));
        let old = [a.clone(), b.clone(), c.clone()];
        let new = [a.clone(), c.clone()];
        let ops = plan(&statics(&[0, 1, 2]), &items(&[], &old), &items(&[], &new)).unwrap();
        assert_eq!(show(&ops, &[]), ["r1"]);
    }

    #[test]
    fn a_changed_block_is_changed_in_place_and_new_ones_go_beside_their_neighbours() {
        let (a, b, b2, c, x, y) = (
            body("a"),
            body("b"),
            body("b2"),
            body("c"),
            body("x"),
            body("y"),
        );
        let names = [(&b2, "b2"), (&x, "x"), (&y, "y")];
        let old = [a.clone(), b.clone(), c.clone()];
        // Blocks 4, 6, 9 of the body (other types in between).
        let src = statics(&[4, 6, 9]);
        let new = [x.clone(), a.clone(), b2.clone(), y.clone(), c.clone()];
        let ops = plan(&src, &items(&[], &old), &items(&[], &new)).unwrap();
        assert_eq!(show(&ops, &names), ["m6:b2", "b4:x", "a6:y"]);
        let new = [a.clone(), c.clone(), x.clone()];
        let ops = plan(&src, &items(&[], &old), &items(&[], &new)).unwrap();
        assert_eq!(show(&ops, &names), ["r6", "a9:x"]);
        let ops = plan(&src, &items(&[], &old), &items(&[], &[])).unwrap();
        assert_eq!(show(&ops, &names), ["r4", "r6", "r9"]);
        let only_x = [x.clone()];
        let ops = plan(&[], &[], &items(&[], &only_x)).unwrap();
        assert_eq!(show(&ops, &names), ["e:x"]);
    }

    #[test]
    fn generated_blocks_stay_in_their_place() {
        let (a, b, c, d) = (body("a"), body("b"), body("c"), body("d"));
        let names = [(&d, "d")];
        // step a, step b, dynamic "step" (generating c), at blocks 0, 1, 2.
        let mut src = statics(&[0, 1]);
        src.push(Source::Dynamic {
            index: 2,
            count: Some(1),
        });
        let old = [a.clone(), b.clone(), c.clone()];
        let a_c = [a.clone(), c.clone()];
        let ops = plan(&src, &items(&[], &old), &items(&[], &a_c)).unwrap();
        assert_eq!(show(&ops, &names), ["r1"]);
        let new = [a.clone(), b.clone(), c.clone(), d.clone()];
        let ops = plan(&src, &items(&[], &old), &items(&[], &new)).unwrap();
        assert_eq!(show(&ops, &names), ["a2:d"]);
        // Changing or removing the generated block is refused.
        let a_b_d = [a.clone(), b.clone(), d.clone()];
        let err = plan(&src, &items(&[], &old), &items(&[], &a_b_d));
        assert_eq!(
            err.unwrap_err(),
            Refusal::Generated {
                dynamic: 2,
                labels: Vec::new(),
                removed: false
            }
        );
        let only_a = [a.clone()];
        let err = plan(&src, &items(&[], &old), &items(&[], &only_a));
        assert!(matches!(err, Err(Refusal::Generated { dynamic: 2, .. })));
    }

    #[test]
    fn nothing_goes_between_the_blocks_of_one_dynamic_block() {
        let (a, c1, c2, x) = (body("a"), body("c1"), body("c2"), body("x"));
        let mut src = statics(&[0]);
        src.push(Source::Dynamic {
            index: 1,
            count: Some(2),
        });
        let old = [a.clone(), c1.clone(), c2.clone()];
        let new = [a.clone(), c1.clone(), x.clone(), c2.clone()];
        let err = plan(&src, &items(&[], &old), &items(&[], &new)).unwrap_err();
        assert_eq!(err, Refusal::Between { dynamic: 1 });
    }

    #[test]
    fn labelled_blocks_in_key_order_are_told_apart_by_their_labels() {
        let http = vec!["http".to_string()];
        let metrics = vec!["metrics".to_string()];
        let (h, m, m2) = (body("h"), body("m"), body("m2"));
        // port "http" at block 3, dynamic "port" generating "metrics" at 1,
        // and a map's order (sorted): http, metrics.
        let src = vec![
            Source::Dynamic {
                index: 1,
                count: None,
            },
            Source::Static {
                index: 3,
                labels: http.clone(),
            },
        ];
        let old = [
            Item {
                labels: &http,
                body: &h,
            },
            Item {
                labels: &metrics,
                body: &m,
            },
        ];
        let changed = [
            Item {
                labels: &http,
                body: &m2,
            },
            old[1],
        ];
        let ops = plan(&src, &old, &changed).unwrap();
        assert_eq!(show(&ops, &[(&m2, "m2")]), ["m3:m2"]);
        let changed = [
            old[0],
            Item {
                labels: &metrics,
                body: &m2,
            },
        ];
        let err = plan(&src, &old, &changed).unwrap_err();
        assert_eq!(
            err,
            Refusal::Generated {
                dynamic: 1,
                labels: metrics.clone(),
                removed: false
            }
        );
        // Unlabelled blocks beside a dynamic block of unknown length
        // cannot be told apart.
        let src = vec![
            Source::Static {
                index: 0,
                labels: Vec::new(),
            },
            Source::Dynamic {
                index: 1,
                count: None,
            },
        ];
        let old = [h.clone(), m.clone()];
        let only_h = [h.clone()];
        let err = plan(&src, &items(&[], &old), &items(&[], &only_h)).unwrap_err();
        assert_eq!(err, Refusal::Uncounted { dynamic: 1 });
    }

    #[test]
    fn a_value_that_does_not_match_the_document_is_a_mismatch() {
        let a = body("a");
        let old = [a.clone(), a.clone()];
        let err = plan(&statics(&[0]), &items(&[], &old), &items(&[], &[])).unwrap_err();
        assert_eq!(err, Refusal::Mismatch);
    }

    #[test]
    fn long_lists_pair_their_middle_in_order() {
        let bodies: Vec<BodyWriter> = (0..1200).map(|i| body(&i.to_string())).collect();
        let mut changed = bodies.clone();
        changed[5] = body("five");
        changed[1100] = body("eleven hundred");
        changed.remove(600);
        let src = statics(&(0..1200).collect::<Vec<_>>());
        let ops = plan(&src, &items(&[], &bodies), &items(&[], &changed)).unwrap();
        // Every old block but one is kept or changed in place; the one
        // left over goes. Whatever the pairing, the blocks end in order.
        let removed = ops
            .iter()
            .filter(|o| matches!(o, Op::Remove { .. }))
            .count();
        let inserted = ops
            .iter()
            .filter(|o| matches!(o, Op::Insert { .. }))
            .count();
        assert_eq!((removed, inserted), (1, 0));
    }
}
