use hcldecode::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(type = "strng")]
    name: String,
    #[hcl(type = "list(string")]
    tags: Vec<String>,
    #[hcl(type = "mapp(string)")]
    meta: std::collections::HashMap<String, String>,
}

fn main() {}
