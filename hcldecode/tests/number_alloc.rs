//! The integer fast path of `Number` does not allocate: allocations are
//! counted by dhat's allocator in testing mode.

use hcldecode::value::Number;
use std::hint::black_box;

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

fn allocs_in(f: impl FnOnce()) -> u64 {
    let before = dhat::HeapStats::get().total_blocks;
    f();
    dhat::HeapStats::get().total_blocks - before
}

#[test]
fn fast_path_does_not_allocate() {
    let _profiler = dhat::Profiler::builder().testing().build();
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
