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

/// Pieces of a few bytes, so that every `}` alone on its line is a cut.
fn in_pieces(src: &str) -> Option<Vec<u8>> {
    super::format_in_pieces(src.as_bytes(), 64, 1)
}

#[test]
fn pieces_format_as_the_whole_input_does() {
    let src = "a=1\nbb = 2 # c\nb {\n c=\"x\"\n}\n\n# next\nd {\n  e=[1,2]\n}\nf=3\nfff = 4 # x\n";
    let got = in_pieces(src).expect("cut");
    assert_eq!(got, format(src.as_bytes()));
    assert_eq!(
        String::from_utf8(got).unwrap(),
        "a  = 1\nbb = 2 # c\nb {\n  c = \"x\"\n}\n\n# next\nd {\n  e = [1, 2]\n}\nf   = 3\nfff = 4 # x\n"
    );
}

#[test]
fn a_cut_inside_a_construct_formats_the_input_whole() {
    for src in [
        // A heredoc whose text has a `}` alone on a line.
        "a {\nx = <<EOT\n  line\n}\nb = 2\nEOT\n}\nc=1\n",
        // A `/* */` comment over the cut.
        "a {\n  x = 1\n}\n/* one\n  two\n}\nb = 1\n*/\nc=1\n",
        // An interpolation over lines.
        "a {\nx = \"${\n  1\n}\nb\"\n}\nc=1\n",
        // A brace left open: the next lines are indented.
        "a {\nb {\n  x = 1\n}\nc=1\n}\nd=2\n",
        // A brace closed too often.
        "a {\n  x = 1\n}\n}\nc=1\nd {\n  y = 2\n}\ne=[1,2]\n",
    ] {
        let whole = format(src.as_bytes());
        if let Some(got) = in_pieces(src) {
            assert_eq!(
                String::from_utf8_lossy(&got),
                String::from_utf8_lossy(&whole),
                "{src:?}"
            );
        }
    }
    // The heredoc's and the comment's pieces are refused, not mended (each
    // has a place to cut).
    let cut =
        |s: &str| crate::syntax::native::split::cut_points(s.as_bytes(), 64, 1, true).len() > 2;
    assert!(cut("a {\nx = <<EOT\n  line\n}\nb = 2\nEOT\n}\nc=1\n"));
    assert!(cut("a {\n  x = 1\n}\n/* one\n  two\n}\nb = 1\n*/\nc=1\n"));
    assert!(cut("a {\nb {\n  x = 1\n}\nc=1\n}\nd=2\n"));
    assert_eq!(
        in_pieces("a {\nx = <<EOT\n  line\n}\nb = 2\nEOT\n}\nc=1\n"),
        None
    );
    assert_eq!(
        in_pieces("a {\n  x = 1\n}\n/* one\n  two\n}\nb = 1\n*/\nc=1\n"),
        None
    );
    // A brace left open at a cut: refused.
    assert_eq!(in_pieces("a {\nb {\n  x = 1\n}\nc=1\n}\nd=2\n"), None);
}

#[test]
fn small_inputs_and_one_thread_are_formatted_whole() {
    let src = "a {\n  x = 1\n}\nb=1\n";
    assert_eq!(super::format_in_pieces(src.as_bytes(), 1, 1), None);
    assert_eq!(super::format_on(src.as_bytes(), 8), format(src.as_bytes()));
    // Invalid UTF-8 is formatted whole (it is mended first).
    assert_eq!(
        super::format_in_pieces(b"a {\n  x = 1\n}\nb=\xff\n", 4, 1),
        None
    );
}

#[test]
fn scanned_in_pieces_formats_as_the_whole_input_does() {
    for src in [
        // Cuts inside blocks (no indentation): the scan is shared out.
        "a {\nb {\nx=1\n}\nc {\ny = [1,2]\n}\n}\nd=2\n",
        // A heredoc, a comment and an interpolation over a cut.
        "a {\nx = <<EOT\nline\n}\nb = 2\nEOT\n}\nc=1\n",
        "a {\n}\n/* one\n}\nb = 1\n*/\nc=1\n",
        "a {\nx = \"${\n}\nb\"\n}\nc=1\n",
        // Braces closed past a cut's start.
        "a {\nb {\n}\n}\n}\nc=1\n",
    ] {
        let got = super::format_scanned_in_pieces(src.as_bytes(), 64, 1);
        assert_eq!(
            String::from_utf8_lossy(&got),
            String::from_utf8_lossy(&format(src.as_bytes())),
            "{src:?}"
        );
    }
    let src = "a {\nb {\nx=1\n}\nc {\ny = [1,2]\n}\n}\nd=2\n";
    assert!(crate::syntax::native::split::cut_points(src.as_bytes(), 64, 1, false).len() > 3);
}
