use hcldecode::HclDecode;

#[derive(HclDecode)]
#[hcl(check_spec = "no_such_file.hcldec")]
struct Config {
    name: String,
}

fn main() {}
