//! `hcldec`: decode HCL files against an hcldec spec file and print JSON.

fn main() {
    eprintln!("hcldec: not yet implemented");
    std::process::exit(1);
}
