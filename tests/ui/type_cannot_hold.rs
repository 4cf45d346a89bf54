use hcldecode::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(type = "list(string)")]
    port: u32,
    #[hcl(type = "map(number)")]
    names: Vec<String>,
    #[hcl(block_attrs, type = "bool")]
    labels: std::collections::HashMap<String, String>,
}

fn main() {}
