use hcldecode::HclDecode;

#[derive(HclDecode)]
struct Build {
    #[hcl(label)]
    target: String,
    command: String,
}

#[derive(HclDecode)]
enum Step {
    Run { command: String },
    Build(Build),
}

#[derive(HclDecode)]
enum Inline {
    Check {
        #[hcl(label)]
        name: String,
    },
}

#[derive(HclDecode)]
struct Pipeline {
    // `step "build" "app" { ... }`: the tag is the only label.
    #[hcl(block, tag = "label")]
    steps: Vec<Step>,
    #[hcl(block, tag = "label")]
    checks: Option<Inline>,
}

fn main() {}
