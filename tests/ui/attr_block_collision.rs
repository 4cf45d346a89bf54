use hcldecode::HclDecode;

#[derive(HclDecode)]
struct Logging {
    level: String,
}

#[derive(HclDecode)]
struct Config {
    logging: String,
    #[hcl(block, rename = "logging")]
    logging_block: Option<Logging>,
}

fn main() {}
