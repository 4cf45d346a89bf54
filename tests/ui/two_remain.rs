use hcldecode::{Body, HclDecode};

#[derive(HclDecode)]
struct Config {
    name: String,
    #[hcl(remain)]
    rest: Body,
    #[hcl(remain)]
    more: Body,
}

fn main() {}
