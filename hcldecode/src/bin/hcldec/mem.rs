//! `memcpy`, `memmove`, `memcmp` and `bcmp` for the static musl build of
//! `hcldec`.
//!
//! musl's `memcpy` starts every copy with `rep movsq` (plus byte moves for
//! unaligned ends), which costs tens of cycles even for the 5-byte copies
//! that make up most of `hcldec`'s (names, short strings, JSON output
//! pieces): it was a seventh of a 10 MB decode. Its `memcmp` compares a
//! byte at a time. These versions copy and compare up to 256 bytes with
//! overlapping 8- and 16-byte moves and leave long copies to `rep movsb`,
//! which is fast for them on every x86-64 that has ERMS.
//!
//! On musl they replace the C library's (a static link takes a symbol from
//! an archive only when nothing defines it; `memmove` is here because
//! musl's jumps into its own `memcpy`, which would pull that in); elsewhere they are ordinary
//! functions, here for the tests. The crate is `no_builtins`, so the
//! compiler does not turn these loops back into calls to themselves.

/// Copies `n` bytes from `src` to `dst` (which must not overlap); returns
/// `dst`.
///
/// # Safety
/// As C's `memcpy`: both ranges valid for `n` bytes, not overlapping.
#[cfg_attr(all(target_env = "musl", not(test)), unsafe(no_mangle))]
pub unsafe extern "C" fn memcpy(dst: *mut u8, src: *const u8, n: usize) -> *mut u8 {
    // SAFETY: every access below is within `src[..n]` or `dst[..n]`; all
    // loads of a step happen before its stores only where ranges could
    // meet, which they cannot (the caller's guarantee).
    unsafe {
        if n <= 16 {
            if n >= 8 {
                let a = (src as *const u64).read_unaligned();
                let b = (src.add(n - 8) as *const u64).read_unaligned();
                (dst as *mut u64).write_unaligned(a);
                (dst.add(n - 8) as *mut u64).write_unaligned(b);
            } else if n >= 4 {
                let a = (src as *const u32).read_unaligned();
                let b = (src.add(n - 4) as *const u32).read_unaligned();
                (dst as *mut u32).write_unaligned(a);
                (dst.add(n - 4) as *mut u32).write_unaligned(b);
            } else if n > 0 {
                let a = *src;
                let b = *src.add(n / 2);
                let c = *src.add(n - 1);
                *dst = a;
                *dst.add(n / 2) = b;
                *dst.add(n - 1) = c;
            }
        } else if n <= 256 {
            let mut i = 0;
            while i + 16 < n {
                let a = (src.add(i) as *const u128).read_unaligned();
                (dst.add(i) as *mut u128).write_unaligned(a);
                i += 16;
            }
            let a = (src.add(n - 16) as *const u128).read_unaligned();
            (dst.add(n - 16) as *mut u128).write_unaligned(a);
        } else {
            rep_movsb(dst, src, n);
        }
    }
    dst
}

/// Copies `n` bytes from `src` to `dst`, which may overlap; returns `dst`.
///
/// # Safety
/// As C's `memmove`: both ranges valid for `n` bytes.
#[cfg_attr(all(target_env = "musl", not(test)), unsafe(no_mangle))]
pub unsafe extern "C" fn memmove(dst: *mut u8, src: *const u8, n: usize) -> *mut u8 {
    // SAFETY: all accesses are within `src[..n]` and `dst[..n]`.
    unsafe {
        if (dst as usize).wrapping_sub(src as usize) >= n {
            // `dst` before `src` or apart from it: a forward copy never
            // overwrites bytes it has yet to read, as long as each step
            // loads before it stores (`memcpy`'s steps up to 32 bytes do,
            // and `rep movsb` is defined byte by byte).
            if n <= 32 {
                if n > 16 {
                    let a = (src as *const u128).read_unaligned();
                    let b = (src.add(n - 16) as *const u128).read_unaligned();
                    (dst as *mut u128).write_unaligned(a);
                    (dst.add(n - 16) as *mut u128).write_unaligned(b);
                    return dst;
                }
                return memcpy(dst, src, n);
            }
            rep_movsb(dst, src, n);
            return dst;
        }
        // `dst` inside `src[..n]`: copy backwards, 16 bytes at a time; each
        // store lands above every byte still to be read.
        let mut i = n;
        while i >= 16 {
            i -= 16;
            let a = (src.add(i) as *const u128).read_unaligned();
            (dst.add(i) as *mut u128).write_unaligned(a);
        }
        while i > 0 {
            i -= 1;
            *dst.add(i) = *src.add(i);
        }
    }
    dst
}

#[cfg(all(target_arch = "x86_64", not(miri)))]
unsafe fn rep_movsb(dst: *mut u8, src: *const u8, n: usize) {
    // SAFETY: copies `n` bytes forwards from `src` to `dst`, valid and
    // disjoint by `memcpy`'s contract; the direction flag is clear on
    // function entry by the System V ABI.
    unsafe {
        std::arch::asm!(
            "rep movsb",
            inout("rcx") n => _,
            inout("rdi") dst => _,
            inout("rsi") src => _,
            options(nostack, preserves_flags)
        );
    }
}

#[cfg(any(not(target_arch = "x86_64"), miri))]
unsafe fn rep_movsb(dst: *mut u8, src: *const u8, n: usize) {
    // SAFETY: as `memcpy`'s contract; a plain loop (the crate is
    // `no_builtins`, so it stays one).
    unsafe {
        for i in 0..n {
            *dst.add(i) = *src.add(i);
        }
    }
}

/// Compares `n` bytes of `a` and `b` as unsigned bytes: negative, zero or
/// positive as `a` sorts before, equal to or after `b`.
///
/// # Safety
/// As C's `memcmp`: both ranges valid for `n` bytes.
#[cfg_attr(all(target_env = "musl", not(test)), unsafe(no_mangle))]
pub unsafe extern "C" fn memcmp(a: *const u8, b: *const u8, n: usize) -> i32 {
    let mut i = 0;
    // SAFETY: every read is within the first `n` bytes of `a` and `b`.
    unsafe {
        while i + 8 <= n {
            let x = (a.add(i) as *const u64).read_unaligned();
            let y = (b.add(i) as *const u64).read_unaligned();
            if x != y {
                // Big-endian order compares the bytes in memory order.
                return if u64::from_be(x) < u64::from_be(y) {
                    -1
                } else {
                    1
                };
            }
            i += 8;
        }
        while i < n {
            let (x, y) = (*a.add(i), *b.add(i));
            if x != y {
                return i32::from(x) - i32::from(y);
            }
            i += 1;
        }
    }
    0
}

/// Zero if the `n` bytes of `a` and `b` are equal, non-zero otherwise (the
/// compiler calls it for slice equality).
///
/// # Safety
/// As C's `bcmp`: both ranges valid for `n` bytes.
#[cfg_attr(all(target_env = "musl", not(test)), unsafe(no_mangle))]
pub unsafe extern "C" fn bcmp(a: *const u8, b: *const u8, n: usize) -> i32 {
    // SAFETY: the caller's guarantee, passed on.
    unsafe { memcmp(a, b, n) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(n: usize, seed: u8) -> Vec<u8> {
        (0..n)
            .map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed))
            .collect()
    }

    #[test]
    fn memcpy_copies_every_length_and_offset() {
        for n in 0..600 {
            for off in 0..3 {
                let src = bytes(n + off, 5);
                let mut dst = vec![0xAAu8; n + 2 * off + 1];
                let r = unsafe { memcpy(dst.as_mut_ptr().add(off), src.as_ptr().add(off), n) };
                assert_eq!(r, unsafe { dst.as_mut_ptr().add(off) });
                assert_eq!(&dst[off..off + n], &src[off..off + n], "n={n} off={off}");
                assert!(dst[..off].iter().all(|&b| b == 0xAA));
                assert!(
                    dst[off + n..].iter().all(|&b| b == 0xAA),
                    "n={n} wrote past the end"
                );
            }
        }
    }

    #[test]
    fn memmove_copies_overlapping_ranges_both_ways() {
        for n in 0..300 {
            for shift in [1usize, 3, 8, 15, 16, 17, 40] {
                let orig = bytes(n + shift, 9);
                // Forwards into a lower address, then backwards into a higher one.
                let mut buf = orig.clone();
                unsafe { memmove(buf.as_mut_ptr(), buf.as_ptr().add(shift), n) };
                assert_eq!(
                    &buf[..n],
                    &orig[shift..shift + n],
                    "down n={n} shift={shift}"
                );
                let mut buf = orig.clone();
                unsafe { memmove(buf.as_mut_ptr().add(shift), buf.as_ptr(), n) };
                assert_eq!(&buf[shift..shift + n], &orig[..n], "up n={n} shift={shift}");
                assert_eq!(&buf[..shift], &orig[..shift]);
            }
        }
    }

    #[test]
    fn memcmp_orders_as_unsigned_bytes() {
        for n in 0..40 {
            let a = bytes(n, 1);
            assert_eq!(unsafe { memcmp(a.as_ptr(), a.clone().as_ptr(), n) }, 0);
            for at in 0..n {
                for (x, y) in [(0u8, 1u8), (1, 0), (0x7F, 0x80), (0xFF, 0x00)] {
                    let (mut p, mut q) = (a.clone(), a.clone());
                    p[at] = x;
                    q[at] = y;
                    if at + 1 < n {
                        // A later difference the other way must not matter.
                        p[at + 1] = 0;
                        q[at + 1] = 0xFF;
                    }
                    let got = unsafe { memcmp(p.as_ptr(), q.as_ptr(), n) }.signum();
                    assert_eq!(got, (p.cmp(&q)) as i32, "n={n} at={at} {x} vs {y}");
                    assert_ne!(unsafe { bcmp(p.as_ptr(), q.as_ptr(), n) }, 0);
                }
            }
        }
    }
}
