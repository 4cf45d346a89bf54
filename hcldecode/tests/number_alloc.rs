//! The integer fast path of `Number` does not allocate, and a rough
//! micro-benchmark (`cargo test --release --test number_alloc -- --ignored
//! --nocapture`).

use hcldecode::value::Number;
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

struct Counting;

static ALLOCS: AtomicUsize = AtomicUsize::new(0);

// Test-only allocator that forwards to the system allocator and counts
// allocations (the only `unsafe` in the crate; it cannot be avoided for a
// global allocator).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static A: Counting = Counting;

fn allocs_in(f: impl FnOnce()) -> usize {
    let before = ALLOCS.load(Ordering::Relaxed);
    f();
    ALLOCS.load(Ordering::Relaxed) - before
}

#[test]
fn fast_path_does_not_allocate() {
    assert!(std::mem::size_of::<Number>() <= 16);
    let n = allocs_in(|| {
        for s in ["80", "3", "-17", "+42", "443", "1e3", "80.0", "1.5e3", "0"] {
            black_box(Number::parse(black_box(s)).unwrap());
        }
        let a = Number::parse("1000").unwrap();
        let b = Number::from_i64(7);
        let c = Number::from_f64(3.0).unwrap();
        black_box(a.add(&b).unwrap());
        black_box(a.sub(&b).unwrap());
        black_box(a.mul(&b).unwrap());
        black_box(a.div(&Number::from_i64(8)).unwrap());
        black_box(a.rem(&b).unwrap());
        black_box(a.add(&c).unwrap());
        black_box(a.neg());
        black_box(a.abs());
        black_box(a.clone());
        black_box(a.cmp(&b));
        black_box(a == b);
        black_box(a.cty_equals(&b));
        black_box(a.to_i64());
        black_box(a.to_f64());
        black_box(a.trunc());
        black_box(a.floor());
        black_box(a.is_integer());
    });
    assert_eq!(n, 0, "fast path allocated");
    // Display writes into the formatter's buffer only.
    let a = Number::parse("123456").unwrap();
    let mut s = String::with_capacity(64);
    let n = allocs_in(|| {
        use std::fmt::Write;
        write!(s, "{a}").unwrap();
    });
    assert_eq!(n, 0);
    assert_eq!(s, "123456");
}

fn bench(name: &str, iters: u32, mut f: impl FnMut()) {
    let start = Instant::now();
    for _ in 0..iters {
        f();
    }
    let ns = start.elapsed().as_nanos() as f64 / f64::from(iters);
    println!("{name:<40} {ns:>10.1} ns/op");
}

#[test]
#[ignore = "micro-benchmark; run with --release -- --ignored --nocapture"]
fn micro_benchmark() {
    let n = 200_000;
    bench("parse \"80\"", n, || {
        black_box(Number::parse(black_box("80")).unwrap());
    });
    bench("parse \"8080.0\"", n, || {
        black_box(Number::parse(black_box("8080.0")).unwrap());
    });
    bench("parse \"0.5\"", n, || {
        black_box(Number::parse(black_box("0.5")).unwrap());
    });
    bench("parse \"3.14159\"", n, || {
        black_box(Number::parse(black_box("3.14159")).unwrap());
    });
    bench("parse \"1e-400\"", n / 10, || {
        black_box(Number::parse(black_box("1e-400")).unwrap());
    });
    let a = Number::parse("80").unwrap();
    let b = Number::parse("443").unwrap();
    bench("add small", n, || {
        black_box(black_box(&a).add(black_box(&b)).unwrap());
    });
    bench("mul small", n, || {
        black_box(black_box(&a).mul(black_box(&b)).unwrap());
    });
    bench("display small", n, || {
        black_box(black_box(&a).to_string());
    });
    let h = Number::parse("0.5").unwrap();
    let p = Number::parse("3.14159").unwrap();
    let t = Number::from_i64(1).div(&Number::from_i64(3)).unwrap();
    bench("display 0.5", n, || {
        black_box(black_box(&h).to_string());
    });
    bench("display 3.14159", n / 10, || {
        black_box(black_box(&p).to_string());
    });
    bench("display 1/3 (64 bit)", n / 10, || {
        black_box(black_box(&t).to_string());
    });
    bench("add 3.14159 + 80", n, || {
        black_box(black_box(&p).add(black_box(&a)).unwrap());
    });
    bench("div 80 / 3.14159", n / 10, || {
        black_box(black_box(&a).div(black_box(&p)).unwrap());
    });
    bench("g10 3.14159", n / 10, || {
        black_box(black_box(&p).to_string_g10());
    });
}
