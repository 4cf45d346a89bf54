//! `hclfmt`: format HCL files as HashiCorp's `hclfmt` does.
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    hclfmt::main()
}
