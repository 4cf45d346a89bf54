//! The formatter: any bytes format without panicking, formatting input
//! that parses is idempotent, and it never changes meaning: input that parses without
//! errors still does once formatted, with the same top-level blocks and
//! attributes, and a file of attributes only evaluates to the same value.
//! Formatted in pieces (every `}` alone on its line a cut), or scanned in
//! pieces and laid out whole, any bytes format as they do whole.
#![no_main]
use libfuzzer_sys::fuzz_target;

use hcldecode::Value;
use hcldecode_spec::format::{format, format_in_pieces, format_scanned_in_pieces};
use hcldecode_spec::syntax::native;

/// Whether `src` parses without errors, and the names of its top-level
/// attributes and block types.
fn shape(src: &[u8]) -> (bool, Vec<String>) {
    let (file, d0) = native::source_from_bytes("fuzz.hcl", src.to_vec());
    let (tree, d) = native::parse_config(file.clone());
    let mut names: Vec<String> = tree
        .body
        .attributes
        .iter()
        .map(|a| format!("attr {}", file.text(a.name)))
        .collect();
    names.extend(
        tree.body
            .blocks
            .iter()
            .map(|b| format!("block {}", file.text(b.type_name))),
    );
    names.sort();
    (!d0.has_errors() && !d.has_errors(), names)
}

fuzz_target!(|data: &[u8]| {
    let once = format(data);
    if let Some(pieces) = format_in_pieces(data, 8, 1) {
        assert_eq!(pieces, once, "formatted in pieces, the text differs");
    }
    let scanned = format_scanned_in_pieces(data, 8, 1);
    assert_eq!(scanned, once, "scanned in pieces, the text differs");
    let (ok, names) = shape(data);
    if !ok {
        // hclwrite.Format is not idempotent on some input that does not
        // parse (`a { c =a = 1` takes two passes), and we follow it.
        let _ = format(&once);
        return;
    }
    let twice = format(&once);
    assert_eq!(once, twice, "formatting is not idempotent");
    let (ok2, names2) = shape(&once);
    assert!(ok2, "the formatted text does not parse");
    assert_eq!(names, names2);
    if let (Ok(a), Ok(b)) = (std::str::from_utf8(data), std::str::from_utf8(&once)) {
        let (va, da) = hcldecode::eval_config_attrs(a, &Value::empty_object());
        let (vb, db) = hcldecode::eval_config_attrs(b, &Value::empty_object());
        if !da.has_errors() {
            assert!(!db.has_errors(), "the formatted text does not evaluate");
            assert_eq!(va, vb, "formatting changed the value");
        }
    }
});
