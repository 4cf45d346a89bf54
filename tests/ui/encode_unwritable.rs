use hcldecode::{Expression, HclEncode};

#[derive(HclEncode)]
struct Rule {
    conditions: Vec<Expression>,
    by_name: Option<std::collections::BTreeMap<String, Expression>>,
    ok: Option<Expression>,
}

#[derive(HclEncode)]
struct Head {
    #[hcl(remain)]
    rest: String,
}

fn main() {}
