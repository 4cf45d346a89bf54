use hcldecode::HclDecode;

#[derive(HclDecode)]
struct Inner {
    a: u8,
}

#[derive(HclDecode)]
struct Config {
    #[hcl(min_items = 1)]
    port: u16,
    #[hcl(block, type = "string")]
    inner: Option<Inner>,
    #[hcl(block, required)]
    many: Vec<Inner>,
    #[hcl(attr, block)]
    both: u8,
    #[hcl(remain, rename = "x")]
    rest: hcldecode::Body,
}

fn main() {}
