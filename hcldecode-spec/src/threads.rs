//! Jobs run at once on scoped threads, their results kept in order: how
//! a large file's pieces are parsed (`syntax::native::split`), scanned and
//! formatted (`format::format_on`), and how the dynamic layer decodes the
//! bodies of a large block collection (`DecodeOptions::threads`).

/// The stack of each thread: a main thread's, so that a raised nesting
/// limit holds there as on the calling thread (the memory is reserved,
/// not used).
pub const STACK: usize = 8 << 20;

/// `job(k)` for each `k` in `0..n`, in order: `job(0)` on this thread,
/// the others at once on threads of their own (with a [`STACK`]), or here
/// after `job(0)` where a thread cannot be started. A job's panic goes on
/// on this thread.
///
/// ```
/// let squares = hcldecode_spec::threads::in_order(4, &|k| k * k);
/// assert_eq!(squares, [0, 1, 4, 9]);
/// assert!(hcldecode_spec::threads::in_order(0, &|k| k).is_empty());
/// ```
pub fn in_order<T: Send>(n: usize, job: &(impl Fn(usize) -> T + Sync)) -> Vec<T> {
    if n == 0 {
        return Vec::new();
    }
    std::thread::scope(|s| {
        let started: Vec<_> = (1..n)
            .map(|k| {
                std::thread::Builder::new()
                    .stack_size(STACK)
                    .spawn_scoped(s, move || job(k))
            })
            .collect();
        let mut out = Vec::with_capacity(n);
        out.push(job(0));
        for (k, handle) in (1..).zip(started) {
            out.push(match handle {
                Ok(h) => h
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                Err(_) => job(k),
            });
        }
        out
    })
}
