//! `parse_config_split` gives what parsing the file whole gives, wherever
//! its cuts would fall: between blocks, inside a heredoc, a `/* */`
//! comment or a multi-line expression, and across a repeated top-level
//! attribute or a syntax error.

use hcldecode_spec::syntax::native::{self, ParseOptions};

/// `n` small top-level blocks.
fn blocks(n: usize, tag: &str) -> String {
    let mut s = String::new();
    for i in 0..n {
        s.push_str(&format!(
            "service \"{tag}{i}\" {{\n  port = {i}\n  name = \"x-${{var.a}}\"\n}}\n"
        ));
    }
    s
}

/// Text that looks like top-level blocks, for inside other constructs.
fn fake_blocks(n: usize) -> String {
    let mut s = String::new();
    for i in 0..n {
        s.push_str(&format!("}}\nfake \"{i}\" {{\n  a = 1\n"));
    }
    s
}

/// Parses `text` whole and split in two, three and eight, and checks that
/// the trees and diagnostics agree; returns the diagnostics' count.
fn same(text: String) -> usize {
    let (src, _) = native::source_from_bytes("t.hcl", text.into_bytes());
    let opts = ParseOptions::default();
    let (whole, wd) = native::parse_config_with(src.clone(), &opts);
    let want = format!("{:?}", whole.body);
    let want_diags = format!("{wd:?}");
    for threads in [2, 3, 8] {
        let (split, sd) = native::parse_config_split(src.clone(), &opts, threads);
        assert_eq!(format!("{:?}", split.body), want, "{threads} threads");
        assert_eq!(format!("{sd:?}"), want_diags, "{threads} threads");
    }
    wd.len()
}

#[test]
fn clean_blocks() {
    assert_eq!(same(blocks(30_000, "s")), 0);
}

#[test]
fn distinct_top_level_attributes() {
    let text = format!(
        "a = 1\n{}b = 2\n{}c = 3\n",
        blocks(15_000, "s"),
        blocks(15_000, "t")
    );
    assert_eq!(same(text), 0);
}

#[test]
fn a_heredoc_across_the_middle() {
    let text = format!(
        "{}x = <<EOT\n{}EOT\n{}",
        blocks(12_000, "s"),
        fake_blocks(20_000),
        blocks(12_000, "t")
    );
    assert_eq!(same(text), 0);
}

#[test]
fn a_block_comment_across_the_middle() {
    let text = format!(
        "{}/*\n{}*/\n{}",
        blocks(12_000, "s"),
        fake_blocks(20_000),
        blocks(12_000, "t")
    );
    assert_eq!(same(text), 0);
}

#[test]
fn a_multi_line_expression_across_the_middle() {
    let mut list = String::from("x = [\n");
    for i in 0..60_000 {
        list.push_str(&format!("  {{ a = {i} }},\n}}\nb{i} = 1,\n"));
    }
    // Not valid HCL: the parse reports errors, split or not.
    let text = format!("{}{list}]\n{}", blocks(12_000, "s"), blocks(12_000, "t"));
    assert!(same(text) > 0);
}

#[test]
fn a_top_level_attribute_repeated_across_pieces() {
    let text = format!("a = 1\n{}a = 2\n", blocks(30_000, "s"));
    assert_eq!(same(text), 1);
}

#[test]
fn a_syntax_error_late_in_the_file() {
    let text = format!(
        "{}service {{\n  = 1\n}}\n{}",
        blocks(20_000, "s"),
        blocks(5_000, "t")
    );
    assert!(same(text) > 0);
}

#[test]
fn crlf_line_breaks() {
    let text = blocks(30_000, "s").replace('\n', "\r\n");
    assert_eq!(same(text), 0);
}
