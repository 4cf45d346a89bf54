//! The formatter against HashiCorp's own expectations: the TestFormat
//! table of hclwrite/format_test.go (HCL v2.24.0), ported by
//! scripts/port-hclwrite-format-tests.py.

use super::format;

#[path = "upstream_cases.rs"]
mod upstream_cases;

#[test]
fn upstream_format_table() {
    let mut failed = Vec::new();
    for (i, (input, want)) in upstream_cases::CASES.iter().enumerate() {
        let got = format(input.as_bytes());
        if got != want.as_bytes() {
            failed.push(format!(
                "case {i:02}\ninput:\n{input}\ngot:\n{}\nwant:\n{want}",
                String::from_utf8_lossy(&got)
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n----\n"));
}

#[test]
fn idempotent_on_upstream_table() {
    for (input, _) in upstream_cases::CASES {
        let once = format(input.as_bytes());
        assert_eq!(format(&once), once, "{input:?}");
    }
}

#[test]
fn hostile_growth_is_refused() {
    // Every line opens a bracket: hclwrite would indent line n by 2n
    // spaces, a quadratic output.
    let src = "(\n".repeat(200_000);
    let out = format(src.as_bytes());
    assert_eq!(out, src.as_bytes());
}

#[test]
fn invalid_utf8_is_kept() {
    assert_eq!(format(b"a=\"\xff\"\n"), b"a = \"\xff\"\n");
}

#[test]
fn many_unterminated_block_comments_stay_linear() {
    // Each `/*` looks for its `*/`; a failed search is remembered.
    let src = "/* ".repeat(100_000);
    let start = std::time::Instant::now();
    let out = format(src.as_bytes());
    assert!(start.elapsed() < std::time::Duration::from_secs(20));
    assert!(out.starts_with(b"/ * / * "));
}
