//! Lossless editing (`hcldecode::edit::Document`): any text the parser
//! accepts prints back byte for byte, and edits chosen by the input's
//! first bytes never panic; an edit either is refused (the document
//! unchanged) or leaves a document whose text parses and prints as itself,
//! and an edit of a formatted document leaves it formatted.
#![no_main]
use libfuzzer_sys::fuzz_target;

use hcldecode::Value;
use hcldecode::edit::{BodyMut, Document};

/// One edit on `body`, chosen by `op`, with names found in the document.
fn edit(body: &mut BodyMut<'_>, op: u8, name: &str) {
    let _ = match op % 9 {
        0 => body.set_attribute(name, &Value::int(i64::from(op))),
        1 => body.set_attribute(
            "fuzz_new",
            &Value::object([("k", Value::from(vec!["a", "b"]))]),
        ),
        2 => body.remove_attribute(name),
        3 => body.rename_attribute(name, "fuzz_renamed"),
        4 => body.set_attribute_expr(name, "[for x in y : x if x]"),
        5 => body.add_block("fuzz", &["l ${x}"]).map(|_| ()),
        6 => body.add_comment("fuzz\ncomment"),
        7 => body.comment_attribute(name, "about"),
        _ => body.set_labels(&["a", "b"]),
    };
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let (ops, rest) = data.split_at(2);
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(mut doc) = text.parse::<Document>() else {
        return;
    };
    assert_eq!(
        doc.to_string(),
        text,
        "parse then print is not the identity"
    );
    let was_formatted = hcldecode::format::is_formatted(text.as_bytes());
    let body = doc.file().body.clone();
    let src = doc.file().source.clone();
    let attr = body
        .attributes
        .first()
        .map(|a| src.text(a.name).to_string());
    let name = attr.unwrap_or_else(|| "absent".to_string());
    let first_block = body.blocks.first().map(|b| {
        let labels: Vec<String> = b
            .labels
            .iter()
            .map(|l| l.value.get(&src).to_string())
            .collect();
        (src.text(b.type_name).to_string(), labels)
    });
    let result = match (ops[0] & 1, first_block) {
        (1, Some((ty, labels))) => {
            let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
            let inner = b_name(&body, &src);
            doc.body_mut()
                .block(&ty, &refs)
                .map(|mut b| edit(&mut b, ops[1], &inner))
        }
        _ => {
            edit(&mut doc.body_mut(), ops[1], &name);
            Ok(())
        }
    };
    assert!(result.is_ok(), "the first block was not found");
    let after = doc.to_string();
    let again: Document = after
        .parse()
        .expect("an edit left text that does not parse");
    assert_eq!(again.to_string(), after);
    if was_formatted {
        assert!(
            hcldecode::format::is_formatted(after.as_bytes()),
            "an edit of a formatted document left it unformatted"
        );
    }
});

/// The first attribute of the first block, if any.
fn b_name(body: &hcldecode_spec::syntax::native::ast::Body, src: &hcldecode::SourceFile) -> String {
    body.blocks
        .first()
        .and_then(|b| b.body.attributes.first())
        .map(|a| src.text(a.name).to_string())
        .unwrap_or_else(|| "absent".to_string())
}
