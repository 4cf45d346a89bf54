use hcldecode::HclDecode;

#[derive(HclDecode)]
struct Service {
    #[hcl(label)]
    id: u32,
}

fn main() {}
