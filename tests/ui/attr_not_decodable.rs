use hcldecode::HclDecode;

#[derive(HclDecode)]
struct Config {
    timeout: std::time::Duration,
    name: String,
}

fn main() {}
