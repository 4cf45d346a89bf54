// A struct that matches its spec file compiles (no .stderr: see ui.rs).
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
    name: String,
    port: Option<u16>,
    tags: Vec<String>,
    region: Option<String>,
    #[hcl(block, rename = "service")]
    services: Vec<Service>,
    #[hcl(block)]
    logging: Option<Logging>,
}

fn main() {
    let _ = Config::spec();
}
