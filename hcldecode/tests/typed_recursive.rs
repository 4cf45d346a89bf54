//! Types that contain themselves (a `rule` block holding `rule` blocks):
//! their specs are finite, and nesting beyond the limit is a diagnostic.

#![cfg(feature = "derive")]

use hcldecode::HclDecode;

#[derive(HclDecode, Debug, PartialEq)]
struct Rule {
    #[hcl(label)]
    name: String,
    action: Option<String>,
    #[hcl(block, rename = "rule")]
    rules: Vec<Rule>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Policy {
    #[hcl(block, rename = "rule")]
    rules: Vec<Rule>,
}

fn nested(depth: usize) -> String {
    let mut s = String::new();
    for i in 0..depth {
        s.push_str(&format!("rule \"r{i}\" {{\naction = \"a{i}\"\n"));
    }
    for _ in 0..depth {
        s.push_str("}\n");
    }
    s
}

#[test]
fn recursive_types_decode_within_the_nesting_limit() {
    let p: Policy = hcldecode::from_str(&nested(4), "p.hcl").unwrap();
    let mut r = &p.rules[0];
    for i in 0..3 {
        assert_eq!(r.name, format!("r{i}"));
        assert_eq!(r.action.as_deref(), Some(format!("a{i}").as_str()));
        r = &r.rules[0];
    }
    assert_eq!(r.name, "r3");
    assert!(r.rules.is_empty());
    // The spec is finite and prints.
    assert!(
        Policy::spec()
            .to_spec_file()
            .contains("block_list \"rule\"")
    );
}

#[test]
fn nesting_beyond_the_limit_is_a_diagnostic_at_the_block() {
    let err = hcldecode::from_str::<Policy>(&nested(6), "p.hcl").unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Blocks nested too deep");
    assert!(d.detail.contains("Rule contains itself"), "{}", d.detail);
    // The fifth rule block (two lines per level: line 9) is too deep.
    let r = d.subject.as_ref().expect("a range");
    assert_eq!(r.start.line, 9, "{err}");
}
