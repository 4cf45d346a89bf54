use hcldecode::HclDecode;

#[derive(HclDecode)]
struct Service {
    name: String,
}

#[derive(HclDecode)]
struct Config {
    #[hcl(block, rename = "service", min_items = 3, max_items = 2)]
    services: Vec<Service>,
}

fn main() {}
