//! The blocks of a block collection decoded on several threads
//! ([`DecodeOptions::threads`](crate::decode::DecodeOptions::threads)):
//! where the collection is cut, and the threads that decode the pieces.

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::syntax::body::{Block, BodyRef};

use crate::value::Value;

/// Source bytes of block bodies each thread gets at least: below this,
/// starting a thread costs about what it saves.
const MIN_THREAD_WORK: usize = 128 * 1024;

/// The stack of a decoding thread: the size the split parse gives its
/// threads, so that a body nested as deep as the parser allows decodes
/// there as it does on a main thread.
const THREAD_STACK: usize = 8 << 20;

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

/// `run` of each of `chunks`, the first on this thread and the others on
/// threads of their own (or here, after the first, when a thread cannot
/// be started), concatenated in order. A panic in a thread goes on here.
pub(super) fn run_chunks<T: Send, C: Sync>(
    chunks: &[C],
    run: &(impl Fn(&C) -> Vec<T> + Sync),
) -> Vec<T> {
    let Some((first, rest)) = chunks.split_first() else {
        return Vec::new();
    };
    std::thread::scope(|s| {
        let started: Vec<_> = rest
            .iter()
            .map(|c| {
                std::thread::Builder::new()
                    .stack_size(THREAD_STACK)
                    .spawn_scoped(s, move || run(c))
            })
            .collect();
        let mut out = run(first);
        for (handle, c) in started.into_iter().zip(rest) {
            match handle {
                Ok(h) => match h.join() {
                    Ok(part) => out.extend(part),
                    Err(panic) => std::panic::resume_unwind(panic),
                },
                Err(_) => out.extend(run(c)),
            }
        }
        out
    })
}

/// The bodies of a collection's blocks as
/// [`Decoder::bodies_on_threads`](crate::decode::decoder::Decoder) gives
/// them: decoded already (with their diagnostics), or to be decoded one
/// at a time.
pub(in crate::decode) struct Decoded<B>(
    pub(super) Option<std::vec::IntoIter<(Value, B, Diagnostics)>>,
);

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

#[cfg(test)]
mod tests {
    use super::run_chunks;

    #[test]
    fn chunks_are_run_in_order() {
        let chunks: Vec<Vec<u32>> = vec![vec![1, 2], vec![3], vec![], vec![4, 5, 6]];
        let doubled = run_chunks(&chunks, &|c: &Vec<u32>| c.iter().map(|x| x * 2).collect());
        assert_eq!(doubled, [2, 4, 6, 8, 10, 12]);
    }
}
