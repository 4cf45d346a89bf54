use hcldecode::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(block)]
    name: String,
    #[hcl(block)]
    ports: Vec<u16>,
}

fn main() {}
