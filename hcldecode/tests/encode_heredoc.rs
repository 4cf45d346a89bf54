//! The encoder writes a string of several lines as an indented heredoc
//! (`<<-EOT`) where that reads back as the same string, at every depth,
//! formatted as `hclfmt` leaves it; `EncodeOptions::heredocs` turns it
//! off (issue 35).

use hcldecode::Value;
use hcldecode::encode::{self, EncodeOptions};

/// Strings of several lines: each reads back as itself, written however.
const TEXTS: &[&str] = &[
    "echo a\necho b\n",
    "one line with a newline\n",
    "#!/bin/sh\nset -e\n\nif [ -n \"$X\" ]; then\n  echo \"${X}\"\nfi\n",
    "%{ if x }\n${y}\n$${z}\n",
    "EOT\nEOT1\n  EOT\n",
    "\ttab first\nplain\n",
    "  indented\nflush\n    deeper\n",
    "ünïcödé ✓\n日本語\n",
    "trailing spaces   \nx\n",
    "blank\n\n\nlines\n",
    // Not heredocs: no final newline, all lines indented, a carriage
    // return, no newline at all.
    "no final newline\nx",
    "spaces only\n   \n\t\nend\n",
    "\t\n{\n",
    "  all\n  indented\n",
    "crlf\r\nline\r\n",
    "single",
    "\n",
];

fn roundtrip(text: &str, v: &Value) -> Value {
    let (back, diags) = hcldecode::eval_config_attrs(text, &Value::empty_object());
    assert!(!diags.has_errors(), "{diags}\n{text}");
    let _ = v;
    back
}

#[test]
fn every_string_reads_back_at_every_depth_and_stays_formatted() {
    for s in TEXTS {
        let v = Value::object([
            ("a", Value::string(*s)),
            ("short", Value::int(1)),
            // Elements of a tuple are quoted (a comma follows each), but
            // an object's items in it are heredocs.
            (
                "list",
                Value::tuple(vec![
                    Value::string(*s),
                    Value::object([("in_list", Value::string(*s))]),
                ]),
            ),
            (
                "nested",
                Value::object([("deep", Value::object([("text", Value::string(*s))]))]),
            ),
        ]);
        for opts in [
            EncodeOptions::default(),
            EncodeOptions::default().with_heredocs(false),
        ] {
            let text = encode::to_string_with(&v, &opts).unwrap();
            let back = roundtrip(&text, &v);
            assert_eq!(back.get_attr("a"), Some(Value::string(*s)), "{text}");
            let deep = back
                .get_attr("nested")
                .and_then(|n| n.get_attr("deep"))
                .and_then(|d| d.get_attr("text"));
            assert_eq!(deep, Some(Value::string(*s)), "{text}");
            let list = back.get_attr("list").unwrap();
            assert_eq!(
                list.index(&Value::int(0)),
                Some(Value::string(*s)),
                "{text}"
            );
            let item = list
                .index(&Value::int(1))
                .and_then(|o| o.get_attr("in_list"));
            assert_eq!(item, Some(Value::string(*s)), "{text}");
            let formatted = String::from_utf8(hcldecode::format::format(text.as_bytes())).unwrap();
            assert_eq!(formatted, text, "not formatted:\n{text}");
        }
    }
}

#[test]
fn heredocs_are_written_where_the_text_allows() {
    let v = Value::object([("script", Value::string("echo a\n  echo b\n"))]);
    assert_eq!(
        encode::to_string(&v).unwrap(),
        "script = <<-EOT\n  echo a\n    echo b\nEOT\n"
    );
    // A line that is the marker: another marker.
    let v = Value::object([("t", Value::string("EOT\n"))]);
    assert_eq!(encode::to_string(&v).unwrap(), "t = <<-EOT1\n  EOT\nEOT1\n");
    // Template sequences: quoted (hcl-rs does not undo a heredoc's
    // `$${` escape).
    let v = Value::object([("t", Value::string("${a} %{b}\n"))]);
    assert_eq!(encode::to_string(&v).unwrap(), "t = \"$${a} %%{b}\\n\"\n");
    // In an object, the lines one level deeper than the item.
    let v = Value::object([("o", Value::object([("t", Value::string("x\ny\n"))]))]);
    assert_eq!(
        encode::to_string(&v).unwrap(),
        "o = {\n  t = <<-EOT\n    x\n    y\n  EOT\n}\n"
    );
    // Not where it would not read back: quoted.
    for s in ["x\ny", "  a\n  b\n", "a\r\nb\n", "a\n \n", "\t\n{\n"] {
        let v = Value::object([("t", Value::string(s))]);
        assert!(
            encode::to_string(&v).unwrap().starts_with("t = \""),
            "{s:?}"
        );
    }
    // `expression` writes an expression on as few lines as it can.
    assert_eq!(
        encode::expression(&Value::string("a\nb\n")).unwrap(),
        "\"a\\nb\\n\""
    );
}

/// As hclfmt aligns them: the opening line of a heredoc is aligned with
/// the lines around it, the run going on after its closing marker.
#[test]
fn a_heredoc_is_aligned_with_the_lines_around_it() {
    let v = Value::object([
        ("a", Value::int(1)),
        ("bbbb", Value::int(2)),
        ("script", Value::string("run\n")),
        ("z", Value::int(3)),
        ("zzzzzzzz", Value::int(4)),
        ("zzzzzzzzz", Value::object([("x", Value::int(1))])),
        ("zzzzzzzzzz", Value::int(5)),
    ]);
    let text = encode::to_string(&v).unwrap();
    assert_eq!(
        text,
        "a        = 1\nbbbb     = 2\nscript   = <<-EOT\n  run\nEOT\nz        = 3\nzzzzzzzz = 4\nzzzzzzzzz = {\n  x = 1\n}\nzzzzzzzzzz = 5\n"
    );
    assert_eq!(
        String::from_utf8(hcldecode::format::format(text.as_bytes())).unwrap(),
        text
    );
}

#[cfg(feature = "derive")]
#[test]
fn typed_encoding_writes_heredocs_in_blocks() {
    use hcldecode::{HclDecode, HclEncode};
    #[derive(HclDecode, HclEncode, Debug, PartialEq)]
    struct Task {
        #[hcl(label)]
        name: String,
        script: String,
    }
    #[derive(HclDecode, HclEncode, Debug, PartialEq)]
    struct Job {
        #[hcl(block, rename = "task")]
        tasks: Vec<Task>,
    }
    let job = Job {
        tasks: vec![Task {
            name: "build".into(),
            script: "make\nmake install\n".into(),
        }],
    };
    let text = encode::to_string_of(&job).unwrap();
    assert_eq!(
        text,
        "task \"build\" {\n  script = <<-EOT\n    make\n    make install\n  EOT\n}\n"
    );
    assert_eq!(hcldecode::from_str::<Job>(&text, "j.hcl").unwrap(), job);
    let quoted =
        encode::to_string_of_with(&job, &EncodeOptions::default().with_heredocs(false)).unwrap();
    assert!(
        quoted.contains("script = \"make\\nmake install\\n\""),
        "{quoted}"
    );
}
