//! `hcldec`: decode HCL files against an hcldec spec file and print JSON.

fn main() -> std::process::ExitCode {
    hcldec::main()
}
