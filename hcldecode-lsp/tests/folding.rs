//! Folding ranges: blocks, multi-line values, heredocs, comment runs
//! (terraform-ls #105), through the library and over stdio.

mod common;

use hcldecode_lsp::analysis::folding_ranges;
use lsp_types::FoldingRangeKind;
use serde_json::json;

// Lines:
//  0 # Header comment,
//  1 # two lines.
//  2 job "web" {
//  3   datacenters = [
//  4     "a",
//  5   ]
//  6   script = <<EOT
//  7 echo hi
//  8 EOT
//  9   /* a
// 10      b */
// 11   count = max(
// 12     1, 2) # trailing, not a run
// 13   one_line = { a = 1 }
// 14 }
const DOC: &str = "# Header comment,\n# two lines.\njob \"web\" {\n  datacenters = [\n    \"a\",\n  ]\n  script = <<EOT\necho hi\nEOT\n  /* a\n     b */\n  count = max(\n    1, 2) # trailing, not a run\n  one_line = { a = 1 }\n}\n";

fn ranges(text: &str) -> Vec<(u32, u32, Option<FoldingRangeKind>)> {
    folding_ranges("a.hcl", &text.into())
        .into_iter()
        .map(|r| (r.start_line, r.end_line, r.kind))
        .collect()
}

#[test]
fn blocks_values_heredocs_and_comments_fold() {
    let c = Some(FoldingRangeKind::Comment);
    assert_eq!(
        ranges(DOC),
        [
            (0, 1, c.clone()),
            (2, 13, None),
            (3, 4, None),
            (6, 7, None),
            (9, 10, c),
            (11, 11, None),
        ]
        .into_iter()
        .filter(|(s, e, _)| e > s)
        .collect::<Vec<_>>()
    );
}

#[test]
fn broken_documents_fold_as_far_as_their_brackets_go() {
    // An unclosed block: nothing for it, the closed one inside still folds.
    let r = ranges("a {\n  b = [\n    1,\n  ]\n");
    assert_eq!(r, [(1, 2, None)]);
    assert!(ranges("").is_empty());
    assert!(folding_ranges("a.hcl.json", &"{\n}\n".into()).is_empty());
}

#[test]
fn over_stdio() {
    let mut c = common::Client::start(&["--spec", &common::data_path("service.hcldec")]);
    let init = c.initialize();
    assert_eq!(init["result"]["capabilities"]["foldingRangeProvider"], true);
    c.open("file:///a.hcl", DOC);
    let r = c.request(
        "textDocument/foldingRange",
        json!({"textDocument": {"uri": "file:///a.hcl"}}),
    );
    let got = r["result"].as_array().unwrap();
    assert_eq!(
        got[0],
        json!({"startLine": 0, "endLine": 1, "kind": "comment"})
    );
    assert_eq!(got.len(), 5, "{r}");
    c.shutdown();
}
