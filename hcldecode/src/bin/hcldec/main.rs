//! `hcldec`: decode HCL files against an hcldec spec file and print JSON.
//!
//! The C `main` is defined directly (`no_main`): Rust's runtime set-up
//! (reading `/proc/self/maps` for the main thread's stack guard, an
//! alternate signal stack, SIGPIPE and standard-descriptor checks) is a
//! dozen system calls, a tenth of `hcldec`'s start-up. Without it a broken
//! pipe ends the process with SIGPIPE, as it ends the reference `hcldec`
//! and most command-line tools. Arguments come from `argv`, and
//! `process::exit` still flushes stdout.
//!
//! Memory comes from [`alloc::HcldecAlloc`], a size-class allocator for
//! this one-threaded, build-then-exit process; on musl, `memcpy` and
//! `memcmp` come from [`mem`] (see there why), so this crate is
//! `no_builtins`.
#![cfg_attr(not(test), no_main)]
#![no_builtins]

mod alloc;
#[cfg(any(target_env = "musl", test))]
mod mem;

#[global_allocator]
static GLOBAL: alloc::HcldecAlloc = alloc::HcldecAlloc::new();

// SAFETY: this is the C entry point that libc's start-up code calls with
// the process arguments; no other symbol of the binary is named `main`.
#[cfg(not(test))]
#[unsafe(no_mangle)]
extern "C" fn main(argc: std::ffi::c_int, argv: *const *const std::ffi::c_char) -> std::ffi::c_int {
    use std::os::unix::ffi::OsStrExt;
    // The arguments are read here rather than by `std::env::args`, which
    // musl's start-up code does not feed.
    let args = (1..usize::try_from(argc).unwrap_or(0)).map(|i| {
        // SAFETY: the C start-up code passes `argc` pointers in `argv`,
        // each to a NUL-terminated string that lives as long as the process.
        let arg = unsafe { std::ffi::CStr::from_ptr(*argv.add(i)) };
        std::ffi::OsStr::from_bytes(arg.to_bytes()).to_owned()
    });
    std::process::exit(hcldecode::cli::main_with_args(args))
}
