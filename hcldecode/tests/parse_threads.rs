//! `Decoder::parse_threads`: a large file parsed in pieces decodes to what
//! it decodes to parsed whole, errors included.
#![cfg(feature = "derive")]

use hcldecode::{Decoder, HclDecode};

#[derive(HclDecode, Debug, PartialEq)]
struct Port {
    #[hcl(label)]
    name: String,
    to: u16,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Service {
    #[hcl(label)]
    name: String,
    image: String,
    #[hcl(block, rename = "port")]
    ports: Vec<Port>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Config {
    version: Option<String>,
    #[hcl(block, rename = "service")]
    services: Vec<Service>,
}

fn config(n: usize) -> String {
    let mut s = String::from("version = \"3\"\n\n");
    for i in 0..n {
        s.push_str(&format!(
            "# service {i}\nservice \"s{i}\" {{\n  image = \"app:{i}\"\n  port \"http\" {{\n    to = {}\n  }}\n}}\n\n",
            i % 60_000
        ));
    }
    s
}

fn decode(text: &str, threads: usize) -> Result<Config, String> {
    Decoder::new()
        .parse_threads(threads)
        .decode_str::<Config>(text, "big.hcl")
        .map_err(|e| e.render(0, false))
}

#[test]
fn a_large_file_decodes_alike_on_several_threads() {
    let text = config(12_000);
    assert!(text.len() > 1 << 20);
    let whole = decode(&text, 1).unwrap();
    assert_eq!(whole.services.len(), 12_000);
    assert_eq!(whole.services[11_999].ports[0].to, 11_999);
    for threads in [2, 4] {
        assert_eq!(decode(&text, threads).unwrap(), whole, "{threads} threads");
    }
}

#[test]
fn errors_are_those_of_the_whole_parse() {
    // A top-level attribute set again late in the file, and a syntax
    // error after it: both pieces would parse alone.
    let mut text = config(12_000);
    text.push_str("version = \"4\"\n");
    let whole = decode(&text, 1).unwrap_err();
    assert!(whole.contains("Attribute redefined"), "{whole}");
    assert_eq!(decode(&text, 2).unwrap_err(), whole);

    let mut text = config(12_000);
    text.push_str("service \"late\" {\n  image = \n}\n");
    let whole = decode(&text, 1).unwrap_err();
    assert_eq!(decode(&text, 2).unwrap_err(), whole);
}

#[test]
fn files_read_from_disk_decode_alike() {
    let dir = std::env::temp_dir().join(format!("hcldecode-parse-threads-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("big.hcl");
    std::fs::write(&path, config(12_000)).unwrap();
    let one: Config = Decoder::new().decode_path(&path).unwrap();
    let two: Config = Decoder::new().parse_threads(2).decode_path(&path).unwrap();
    assert_eq!(one, two);
    std::fs::remove_dir_all(&dir).unwrap();
}
