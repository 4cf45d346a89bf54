use hcldecode::HclDecode;

#[derive(HclDecode)]
#[hcl(rename_al = "snake_case")]
struct Config {
    #[hcl(rnme = "n")]
    name: String,
    #[hcl(blok)]
    other: String,
    #[hcl(frobnicate)]
    third: String,
}

#[derive(HclDecode)]
#[hcl(rename_all = "snake-case")]
enum Mode {
    #[hcl(renam = "a")]
    A,
}

fn main() {}
