use hcldecode::HclDecode;

#[derive(HclDecode)]
struct Service {
    #[hcl(label, default)]
    name: String,
    port: u16,
}

fn main() {}
