use hcldecode::HclDecode;

#[derive(HclDecode)]
struct Config {
    name: String,
    #[hcl(remain)]
    rest: String,
}

fn main() {}
