//! `serde_spanned::Spanned<T>` (feature `serde-spanned`) in serde types:
//! the byte range its value was written at, as toml's deserializer gives
//! it, through `hcldecode::serde::from_str` (attributes, blocks, elements)
//! and `#[hcl(serde)]` fields of a derived type.

#![cfg(all(feature = "serde-spanned", feature = "derive"))]

use hcldecode::HclDecode;
use serde_spanned::Spanned;

#[derive(serde::Deserialize, Debug)]
struct Config {
    name: Spanned<String>,
    ports: Vec<Spanned<u16>>,
    service: Spanned<Service>,
}

#[derive(serde::Deserialize, Debug)]
struct Service {
    image: Spanned<String>,
}

const SRC: &str = "name  = \"web\"\nports = [80, 443]\nservice {\n  image = \"nginx\"\n}\n";

fn text(span: std::ops::Range<usize>) -> &'static str {
    &SRC[span]
}

#[test]
fn schema_free_decoding_gives_each_value_its_span() {
    let c: Config = hcldecode::serde::from_str(SRC, "app.hcl").unwrap();
    assert_eq!(c.name.get_ref(), "web");
    assert_eq!(text(c.name.span()), "\"web\"");
    assert_eq!(text(c.ports[1].span()), "443");
    assert_eq!(*c.ports[1].get_ref(), 443);
    // A block: its header (type and labels), where HCL names a block.
    assert_eq!(text(c.service.span()), "service");
    assert_eq!(text(c.service.get_ref().image.span()), "\"nginx\"");
}

#[test]
fn a_serde_field_of_a_derived_type_too() {
    #[derive(HclDecode, Debug)]
    struct App {
        #[hcl(serde)]
        name: Spanned<String>,
    }
    let src = "# the app\nname = \"api\"\n";
    let a: App = hcldecode::from_str(src, "a.hcl").unwrap();
    assert_eq!(&src[a.name.span()], "\"api\"");
    // And an error inside it keeps its position.
    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct Port {
        #[hcl(serde)]
        port: Spanned<u8>,
    }
    let e = hcldecode::from_str::<Port>("port = 300\n", "p.hcl").unwrap_err();
    assert_eq!(
        e.diagnostics()[0].subject.as_ref().unwrap().to_string(),
        "p.hcl:1,8-11"
    );
}
