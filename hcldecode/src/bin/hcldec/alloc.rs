//! `hcldec`'s global allocator: size classes with stacks of freed blocks,
//! carved from large chunks, for a process that allocates millions of
//! small nodes, frees most of them only at exit and never runs a second
//! thread.
//!
//! Why not the C library's `malloc`: in `hcldec` it was a quarter of the
//! instructions of loading a spec (the start-up figure of
//! `docs/performance.md`) and an eighth of a decode. glibc's fast path is
//! short, but every first allocation of a size goes through its slow path
//! (the heap starts empty), each chunk carries an 8-byte header and the
//! smallest is 32 bytes; musl's allocator is slower still. Here an
//! allocation is a pop from its class's stack of freed blocks or a pointer
//! bump, a block has no header (the size comes back with `dealloc`'s
//! layout), and a 16-byte `Box` takes 16 bytes.
//!
//! Requests over [`MID_MAX`] bytes or aligned beyond 16 go to the system
//! allocator (which maps big blocks directly and grows them with `mremap`).
//! Freed small blocks are kept for reuse by their own class; chunks are
//! never returned, which suits a process whose peak is near its end.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::UnsafeCell;
use std::ptr;
use std::sync::atomic::{AtomicBool, Ordering};

/// Every block is a multiple of this and aligned to it.
const GRANULE: usize = 16;
/// Up to this size, classes are every 16 bytes.
const SMALL_MAX: usize = 1024;
const SMALL_CLASSES: usize = SMALL_MAX / GRANULE;
/// Up to this size, four classes per doubling (at most 25% rounding).
const MID_MAX: usize = 64 * 1024;
const MID_CLASSES: usize = 4 * (MID_MAX.trailing_zeros() - SMALL_MAX.trailing_zeros()) as usize;
const CLASSES: usize = SMALL_CLASSES + MID_CLASSES;
/// Chunks come from the system allocator, which maps them lazily: pages
/// count towards the resident set only once a block on them is handed out.
const CHUNK: usize = 1024 * 1024;

/// The class of a request of `size` bytes (`0 < size <= MID_MAX`).
fn class_of(size: usize) -> usize {
    if size <= SMALL_MAX {
        return (size - 1) / GRANULE;
    }
    // 2^p < size <= 2^(p+1); four steps of 2^(p-2) above 2^p.
    let p = (usize::BITS - 1 - (size - 1).leading_zeros()) as usize;
    let step = 1usize << (p - 2);
    let k = (size - (1 << p)).div_ceil(step);
    SMALL_CLASSES + (p - SMALL_MAX.trailing_zeros() as usize) * 4 + (k - 1)
}

/// The block size of class `class`.
fn class_size(class: usize) -> usize {
    if class < SMALL_CLASSES {
        return (class + 1) * GRANULE;
    }
    let i = class - SMALL_CLASSES;
    let p = SMALL_MAX.trailing_zeros() as usize + i / 4;
    (1 << p) + (i % 4 + 1) * (1 << (p - 2))
}

fn is_small(layout: Layout) -> bool {
    layout.size() <= MID_MAX && layout.align() <= GRANULE
}

/// Addresses rather than pointers: a block handed out again must carry
/// the provenance of its whole chunk, not that of the (possibly smaller)
/// block a caller gave back, so chunks are exposed once and blocks are
/// made from their addresses (`block`). Freed blocks are kept on stacks
/// of their own instead of being linked through their first word: a
/// caller may still hold a reference to a block while freeing it (a
/// `Box` does), and a block may be smaller than a link. Miri checks both.
struct State {
    /// Each class's freed blocks.
    free: [FreeStack; CLASSES],
    /// The unused rest of the current chunk.
    bump: usize,
    end: usize,
}

/// A stack of block addresses in memory from the system allocator.
#[derive(Clone, Copy)]
struct FreeStack {
    items: *mut usize,
    len: usize,
    cap: usize,
}

impl FreeStack {
    const EMPTY: FreeStack = FreeStack {
        items: ptr::null_mut(),
        len: 0,
        cap: 0,
    };

    fn pop(&mut self) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        // SAFETY: `len` < `cap` items were written by `push`.
        Some(unsafe { *self.items.add(self.len) })
    }

    /// Keeps `addr` for reuse; if the stack cannot grow, the block is
    /// simply not reused.
    fn push(&mut self, addr: usize) {
        if self.len == self.cap {
            let cap = (self.cap * 2).max(256);
            let word = std::mem::size_of::<usize>();
            // SAFETY: sizes are non-zero multiples of the word, far from
            // overflow; the old array is the system allocator's, of `cap`
            // words.
            let items = unsafe {
                let new = Layout::from_size_align_unchecked(cap * word, word);
                if self.items.is_null() {
                    System.alloc(new)
                } else {
                    let old = Layout::from_size_align_unchecked(self.cap * word, word);
                    System.realloc(self.items as *mut u8, old, cap * word)
                }
            };
            if items.is_null() {
                return;
            }
            self.items = items as *mut usize;
            self.cap = cap;
        }
        // SAFETY: `len` < `cap`.
        unsafe { *self.items.add(self.len) = addr };
        self.len += 1;
    }
}

/// The block at `addr`, with its chunk's (exposed) provenance.
fn block(addr: usize) -> *mut u8 {
    ptr::with_exposed_provenance_mut(addr)
}

/// The allocator; see the module documentation.
pub struct HcldecAlloc {
    lock: AtomicBool,
    state: UnsafeCell<State>,
}

// SAFETY: `state` is only touched while `lock` is held (see `with`), so
// threads never see it at once; `hcldec` has one thread, so the lock is
// never contended, but the allocator stays sound if a thread appears.
unsafe impl Sync for HcldecAlloc {}

impl HcldecAlloc {
    /// An allocator with no chunk yet.
    pub const fn new() -> Self {
        HcldecAlloc {
            lock: AtomicBool::new(false),
            state: UnsafeCell::new(State {
                free: [FreeStack::EMPTY; CLASSES],
                bump: 0,
                end: 0,
            }),
        }
    }

    fn with<R>(&self, f: impl FnOnce(&mut State) -> R) -> R {
        while self
            .lock
            .compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            std::hint::spin_loop();
        }
        // SAFETY: the lock is held, so this is the only reference to the
        // state; `f` neither panics nor re-enters the allocator.
        let r = f(unsafe { &mut *self.state.get() });
        self.lock.store(false, Ordering::Release);
        r
    }

    fn alloc_small(&self, class: usize) -> *mut u8 {
        self.with(|s| {
            if let Some(addr) = s.free[class].pop() {
                return block(addr);
            }
            let size = class_size(class);
            if s.end - s.bump < size {
                // The chunk's tail (under 64 KiB) is abandoned.
                // SAFETY: CHUNK is non-zero and a power of two.
                let chunk = unsafe { System.alloc(Layout::from_size_align_unchecked(CHUNK, 4096)) };
                if chunk.is_null() {
                    return chunk;
                }
                s.bump = chunk.expose_provenance();
                s.end = s.bump + CHUNK;
            }
            let p = block(s.bump);
            s.bump += size;
            p
        })
    }

    fn dealloc_small(&self, p: *mut u8, class: usize) {
        self.with(|s| s.free[class].push(p.addr()))
    }
}

impl Default for HcldecAlloc {
    fn default() -> Self {
        Self::new()
    }
}

// SAFETY: small blocks are distinct, 16-byte aligned, at least as large
// as requested and only reused after `dealloc`; everything else is the
// system allocator's. A block's class is recomputed from the layout the
// caller passes back, which `GlobalAlloc` requires to be the one it was
// allocated with (`realloc` keeps the alignment and moves between classes).
unsafe impl GlobalAlloc for HcldecAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if is_small(layout) {
            self.alloc_small(class_of(layout.size().max(1)))
        } else {
            // SAFETY: forwarded with the caller's guarantees.
            unsafe { System.alloc(layout) }
        }
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        if is_small(layout) {
            self.dealloc_small(p, class_of(layout.size().max(1)))
        } else {
            // SAFETY: a large block came from the system allocator.
            unsafe { System.dealloc(p, layout) }
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if is_small(layout) {
            let p = self.alloc_small(class_of(layout.size().max(1)));
            if !p.is_null() {
                // SAFETY: the block holds at least `layout.size()` bytes.
                unsafe { ptr::write_bytes(p, 0, layout.size()) };
            }
            p
        } else {
            // SAFETY: forwarded with the caller's guarantees.
            unsafe { System.alloc_zeroed(layout) }
        }
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `GlobalAlloc::realloc`'s caller guarantees that the new
        // size, rounded up to the alignment, does not overflow.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        match (is_small(layout), is_small(new_layout)) {
            // SAFETY: both blocks are the system allocator's.
            (false, false) => unsafe { System.realloc(p, layout, new_size) },
            // In place, with the chunk's provenance: the caller's covers
            // only the old size.
            (true, true) if class_of(layout.size().max(1)) == class_of(new_size.max(1)) => {
                block(p.addr())
            }
            _ => {
                // SAFETY: `new_layout` is valid (above); the old block is
                // live for `layout.size()` bytes and freed once copied.
                unsafe {
                    let q = self.alloc(new_layout);
                    if !q.is_null() {
                        ptr::copy_nonoverlapping(p, q, layout.size().min(new_size));
                        self.dealloc(p, layout);
                    }
                    q
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_size_fits_its_class_and_classes_grow() {
        let mut last = 0;
        for size in 1..=MID_MAX {
            let c = class_of(size);
            assert!(c < CLASSES, "size {size} class {c}");
            let cs = class_size(c);
            assert!(cs >= size, "size {size} in class of {cs}");
            assert_eq!(cs % GRANULE, 0);
            assert!(
                c == 0 || class_size(c - 1) < size,
                "size {size} not in the smallest class"
            );
            assert!(cs >= last);
            last = cs;
        }
        assert_eq!(class_size(CLASSES - 1), MID_MAX);
        // Rounding stays within a quarter above the small classes.
        assert!(
            (SMALL_MAX + 1..=MID_MAX).all(|s| class_size(class_of(s)) * 4 <= s * 5 + 4 * GRANULE)
        );
    }

    #[test]
    fn blocks_are_distinct_reused_and_resized_with_their_contents() {
        let a = HcldecAlloc::new();
        unsafe {
            let l24 = Layout::from_size_align(24, 8).unwrap();
            let p = a.alloc(l24);
            let q = a.alloc(l24);
            assert_ne!(p, q);
            assert_eq!(p as usize % GRANULE, 0);
            ptr::write_bytes(q, 7, 24);
            a.dealloc(p, l24);
            assert_eq!(a.alloc(l24), p, "a freed block is reused by its class");
            let r = a.realloc(q, l24, 5000);
            assert!((0..24).all(|i| *r.add(i) == 7));
            let l5000 = Layout::from_size_align(5000, 8).unwrap();
            let big = a.realloc(r, l5000, 200_000);
            assert!((0..24).all(|i| *big.add(i) == 7));
            a.dealloc(big, Layout::from_size_align(200_000, 8).unwrap());
            let z = a.alloc_zeroed(l24);
            assert!((0..24).all(|i| *z.add(i) == 0));
            let l64 = Layout::from_size_align(64, 64).unwrap();
            let aligned = a.alloc(l64);
            assert_eq!(aligned as usize % 64, 0);
            a.dealloc(aligned, l64);
        }
    }
}
