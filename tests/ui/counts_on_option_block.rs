use hcldecode::HclDecode;

#[derive(HclDecode)]
struct Listener {
    port: u16,
}

#[derive(HclDecode)]
struct Service {
    #[hcl(block, min_items = 1)]
    listener: Option<Listener>,
}

fn main() {}
