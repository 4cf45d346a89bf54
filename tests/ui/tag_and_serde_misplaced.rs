use std::collections::BTreeMap;

use hcldecode::HclDecode;

#[derive(HclDecode)]
struct Run {
    command: String,
}

#[derive(HclDecode)]
enum Step {
    Run(Run),
}

#[derive(HclDecode)]
struct Pipeline {
    #[hcl(label, tag = "label")]
    name: String,
    #[hcl(block, tag = "label")]
    by_name: BTreeMap<String, Step>,
    #[hcl(block, tag = "first")]
    steps: Vec<Step>,
    #[hcl(block, serde)]
    other: Vec<Run>,
}

fn main() {}
