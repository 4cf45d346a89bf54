use hcldecode::HclDecode;

#[derive(HclDecode)]
struct Service {
    #[hcl(label)]
    name: String,
}

#[derive(HclDecode)]
struct Logging {
    level: Option<String>,
}

#[derive(HclDecode)]
#[hcl(check_spec = "check_spec.hcldec")]
struct Config {
    // required there, optional here
    name: Option<String>,
    // a number there
    port: Option<bool>,
    // an attribute there
    #[hcl(block)]
    tags: Option<Logging>,
    // not in the spec file
    extra: String,
    // a block_list there
    #[hcl(block, rename = "service")]
    services: Option<Service>,
    // "region" and "logging" are missing
}

fn main() {}
