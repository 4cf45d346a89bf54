//! The blocks of a block collection decoded on several threads
//! ([`DecodeOptions::threads`](crate::decode::DecodeOptions::threads)):
//! where the collection is cut, and the bodies the threads decoded.

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::syntax::body::{Block, BodyRef};

use crate::value::Value;

/// Source bytes of block bodies each thread gets at least: below this,
/// starting a thread costs about what it saves.
const MIN_THREAD_WORK: usize = 128 * 1024;

/// What a block's body costs to decode, in source bytes (a body of the
/// JSON syntax or a merged one counts as 1 KiB).
fn work(b: &Block<'_>) -> usize {
    match b.body {
        BodyRef::Native { body, .. } => body.span.len() as usize,
        BodyRef::Json { .. } | BodyRef::Handle(_) => 1024,
    }
}

/// Where `blocks` is cut into contiguous pieces of about equal work, one
/// per thread (at most `threads`, each with at least
/// [`MIN_THREAD_WORK`]): the offsets of the pieces' starts, then
/// `blocks.len()`. Fewer than three offsets: one piece.
pub(super) fn cuts(blocks: &[(usize, &Block<'_>)], threads: usize) -> Vec<usize> {
    let work: Vec<usize> = blocks.iter().map(|(_, b)| work(b)).collect();
    let total: usize = work.iter().sum();
    let n = threads.min(total / MIN_THREAD_WORK).min(blocks.len());
    let mut cuts = vec![0];
    if n < 2 {
        cuts.push(blocks.len());
        return cuts;
    }
    let mut done = 0;
    for (i, w) in work.iter().enumerate() {
        done += w;
        // Piece k ends once k/n of the work is done.
        if cuts.len() < n && done * n >= total * cuts.len() && i + 1 < blocks.len() {
            cuts.push(i + 1);
        }
    }
    cuts.push(blocks.len());
    cuts
}

/// The bodies of a collection's blocks as
/// [`Decoder::bodies_on_threads`](crate::decode::decoder::Decoder) gives
/// them: decoded already (with their diagnostics), or to be decoded one
/// at a time.
pub(in crate::decode) struct Decoded<B>(pub(super) Option<Pieces<B>>);

/// The pieces' bodies with their diagnostics, piece by piece.
pub(super) type Pieces<B> = std::iter::Flatten<std::vec::IntoIter<Vec<(Value, B, Diagnostics)>>>;

impl<B> Decoded<B> {
    /// The next block's body: the one decoded already, its diagnostics
    /// added to `diags`, or what `decode` gives now.
    pub(in crate::decode) fn next(
        &mut self,
        diags: &mut Diagnostics,
        decode: impl FnOnce(&mut Diagnostics) -> (Value, B),
    ) -> (Value, B) {
        match self.0.as_mut().and_then(Iterator::next) {
            Some((v, b, d)) => {
                diags.extend(d);
                (v, b)
            }
            None => decode(diags),
        }
    }
}
