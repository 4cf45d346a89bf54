use hcldecode::HclDecode;

#[derive(HclDecode)]
struct Service {
    port: u16,
    #[hcl(label)]
    name: String,
}

fn main() {}
