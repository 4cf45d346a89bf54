use hcldecode::HclDecode;

#[derive(HclDecode)]
struct Config(String, u16);

#[derive(HclDecode)]
enum Mode {
    A,
    #[hcl(rename = "a")]
    B,
}

fn main() {}
