//! Selection ranges: from the token outwards through brackets, the item
//! and its blocks, to the document; well-formed (each inside its parent)
//! at every position of whole and broken documents, and over stdio.

mod common;

use hcldecode_lsp::analysis::selection_ranges;
use lsp_types::{Position, Range, SelectionRange};
use serde_json::json;

const DOC: &str = "job \"web\" {\n  env = { A = upper(\"b\") }\n  task \"t\" {\n    cmd = [\"a\", var.x]\n  }\n}\n";

/// The chain of ranges, innermost first, as (line, char, line, char).
fn chain(r: &SelectionRange) -> Vec<(u32, u32, u32, u32)> {
    let mut out = Vec::new();
    let mut cur = Some(r);
    while let Some(s) = cur {
        let Range { start, end } = s.range;
        out.push((start.line, start.character, end.line, end.character));
        cur = s.parent.as_deref();
    }
    out
}

fn inside(inner: &Range, outer: &Range) -> bool {
    let le = |a: &Position, b: &Position| (a.line, a.character) <= (b.line, b.character);
    le(&outer.start, &inner.start) && le(&inner.end, &outer.end)
}

#[test]
fn from_the_token_out_to_the_document() {
    // `x` of `var.x` in the nested block.
    let r = &selection_ranges("a.hcl", &DOC.into(), &[Position::new(3, 20)])[0];
    assert_eq!(
        chain(r),
        [
            (3, 20, 3, 21), // x
            (3, 10, 3, 22), // the tuple
            (3, 4, 3, 22),  // the attribute
            (2, 11, 4, 3),  // the task block's body
            (2, 2, 4, 3),   // the task block
            (0, 10, 5, 1),  // the job block's body
            (0, 0, 5, 1),   // the job block
            (0, 0, 6, 0),   // the document
        ]
    );
}

/// Every position of every prefix of a document (broken ones included):
/// one range per position, each inside its parent and inside the text.
#[test]
fn every_range_is_inside_its_parent_on_broken_documents() {
    let docs = [
        DOC,
        "a {\n  b = [1, (2\n",
        "x = \"${f(\"",
        "h = <<EOT\nline ${a[0]}\nEOT\n",
        "",
    ];
    for doc in docs {
        for cut in (0..=doc.len()).filter(|&i| doc.is_char_boundary(i)) {
            let text = &doc[..cut];
            let d: hcldecode_lsp::text::Document = text.into();
            let end = d.position(text.len());
            let positions: Vec<Position> = (0..=text.len())
                .filter(|&i| text.is_char_boundary(i))
                .map(|i| d.position(i))
                .collect();
            let all = selection_ranges("a.hcl", &d, &positions);
            assert_eq!(all.len(), positions.len());
            let whole = Range::new(Position::new(0, 0), end);
            for r in &all {
                let mut cur = r;
                assert!(inside(&cur.range, &whole), "{text:?}: {:?}", cur.range);
                while let Some(p) = cur.parent.as_deref() {
                    assert!(inside(&cur.range, &p.range), "{text:?}: {:?}", chain(r));
                    cur = p;
                }
                assert_eq!(cur.range, whole, "{text:?}");
            }
        }
    }
}

#[test]
fn over_stdio() {
    let mut c = common::Client::start(&["--spec", &common::data_path("service.hcldec")]);
    let init = c.initialize();
    assert_eq!(
        init["result"]["capabilities"]["selectionRangeProvider"],
        true
    );
    c.open("file:///a.hcl", DOC);
    let r = c.request(
        "textDocument/selectionRange",
        json!({"textDocument": {"uri": "file:///a.hcl"}, "positions": [{"line": 1, "character": 21}]}),
    );
    let first = &r["result"][0];
    assert_eq!(
        first["range"],
        json!({"start": {"line": 1, "character": 21}, "end": {"line": 1, "character": 22}}),
        "{r}"
    );
    assert_eq!(
        first["parent"]["range"],
        json!({"start": {"line": 1, "character": 20}, "end": {"line": 1, "character": 23}})
    );
    c.shutdown();
}
