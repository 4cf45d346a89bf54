//! The `hcldec` binary, built in this crate for the integration tests.

fn main() {
    std::process::exit(hcldecode::cli::main());
}
