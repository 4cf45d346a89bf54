//! `hcldec`: decode HCL files against an hcldec spec file and print JSON.
//! The command itself is [`hcldecode::cli`]; this binary adds only its
//! allocator.

#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(hcldecode::cli::main());
}
