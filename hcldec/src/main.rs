//! `hcldec`: decode HCL files against an hcldec spec file and print JSON.
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    hcldec::main()
}
