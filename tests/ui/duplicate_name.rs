use hcldecode::HclDecode;

#[derive(HclDecode)]
struct Config {
    port: u16,
    #[hcl(rename = "port")]
    other_port: u16,
}

fn main() {}
