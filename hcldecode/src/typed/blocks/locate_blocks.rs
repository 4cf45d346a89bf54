//! Where a path into blocks was written (`HclBlocks::locate_blocks`).

use super::HclKeyed;
use crate::typed::locate::here;
use crate::typed::{At, HclDecode, PathSegment};

/// [`HclBlocks::locate_blocks`] of a list of blocks: an index steps to
/// the block, the rest of the path into its body.
pub(crate) fn locate_block_list<T: HclDecode>(
    path: &[PathSegment<'_>],
    at: At<'_>,
) -> Option<hcldecode_spec::source::Range> {
    match path.split_first() {
        Some((PathSegment::Index(i), rest)) => match at.blocks().and_then(|bs| bs.get(*i)) {
            Some(b) => T::locate(rest, At::block(b).in_scope(at.scope())),
            None => here(at),
        },
        _ => here(at),
    }
}

/// [`HclBlocks::locate_blocks`] of a block map `M`: as many keys as it
/// has levels step to the block with those labels, the rest of the path
/// into its body.
pub(crate) fn locate_block_map<M: HclKeyed>(
    path: &[PathSegment<'_>],
    at: At<'_>,
) -> Option<hcldecode_spec::source::Range> {
    let depth = M::DEPTH;
    let keys: Vec<&str> = path
        .iter()
        .take(depth)
        .map_while(|s| match s {
            PathSegment::Key(k) => Some(*k),
            PathSegment::Index(_) => None,
        })
        .collect();
    if keys.len() < depth {
        return here(at);
    }
    let block = at.blocks().and_then(|bs| {
        bs.iter().find(|b| {
            b.labels.len() >= depth && b.labels.iter().zip(&keys).all(|((l, _), k)| l == k)
        })
    });
    match block {
        Some(b) => M::Leaf::locate(&path[depth..], At::block(b).in_scope(at.scope())),
        None => here(at),
    }
}

/// [`HclBlocks::locate_blocks`] of at most one block: the path goes on in
/// its body.
pub fn locate_single_block<T: HclDecode>(
    path: &[PathSegment<'_>],
    at: At<'_>,
) -> Option<hcldecode_spec::source::Range> {
    match at.blocks().and_then(|bs| bs.first()) {
        Some(b) => T::locate(path, At::block(b).in_scope(at.scope())),
        None => T::locate(path, at),
    }
}
