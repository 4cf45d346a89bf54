//! `hcldec`: decode HCL files against an hcldec spec file and print JSON.
//!
//! The C `main` is defined directly (`no_main`): Rust's runtime set-up
//! (reading `/proc/self/maps` for the main thread's stack guard, an
//! alternate signal stack, SIGPIPE and standard-descriptor checks) is a
//! dozen system calls, a tenth of `hcldec`'s start-up. Without it a broken
//! pipe ends the process with SIGPIPE, as it ends the reference `hcldec`
//! and most command-line tools; arguments still come from the standard
//! library (`std::env::args`), and `process::exit` still flushes stdout.
#![no_main]

// SAFETY: this is the C entry point that libc's start-up code calls with
// the process arguments; no other symbol of the binary is named `main`.
#[unsafe(no_mangle)]
extern "C" fn main(
    _argc: std::ffi::c_int,
    _argv: *const *const std::ffi::c_char,
) -> std::ffi::c_int {
    std::process::exit(hcldecode::cli::main())
}
