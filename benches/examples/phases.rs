use hcldecode::HclDecode;
use hcldecode_benches::{generate, parse_size, typed};
use std::time::Instant;
fn main() {
    let mut a = std::env::args().skip(1);
    let size = a.next().unwrap_or("10MB".into());
    let only = a.next().unwrap_or_default();
    let text = generate(1, parse_size(&size).unwrap()).text;
    let n = 5;
    let spec = typed::JobFile::spec();
    let (file, _) = hcldecode::parse::parse_native(text.as_bytes(), "c.hcl");
    let (v, _) = hcldecode::decode::decode(&file.body, &spec, None, None);
    if only == "from_hcl" {
        for _ in 0..20 {
            let r = typed::JobFile::from_hcl(&v, hcldecode::typed::At::none());
            std::hint::black_box(&r);
        }
        return;
    }
    if only == "decode" {
        for _ in 0..20 {
            let v = hcldecode::decode::decode(&file.body, &spec, None, None);
            std::hint::black_box(&v);
        }
        return;
    }
    if only == "parse" {
        for _ in 0..20 {
            let f = hcldecode::parse::parse_native(text.as_bytes(), "c.hcl");
            std::hint::black_box(&f);
        }
        return;
    }
    let t = Instant::now();
    for _ in 0..n {
        let f = hcldecode::parse::parse_native(text.as_bytes(), "c.hcl");
        std::hint::black_box(&f);
    }
    let parse = t.elapsed() / n;
    let t = Instant::now();
    for _ in 0..n {
        let v = hcldecode::decode::decode(&file.body, &spec, None, None);
        std::hint::black_box(&v);
    }
    let dec = t.elapsed() / n;
    let t = Instant::now();
    for _ in 0..n {
        let r = typed::JobFile::from_hcl(&v, hcldecode::typed::At::none());
        std::hint::black_box(&r);
    }
    let conv = t.elapsed() / n;
    let t = Instant::now();
    for _ in 0..n {
        let r: typed::JobFile = hcldecode::from_str(&text, "c.hcl").unwrap();
        std::hint::black_box(&r);
    }
    let total = t.elapsed() / n;
    println!("parse {parse:?} decode {dec:?} from_hcl {conv:?} total {total:?}");
}
