//! `hcldecode::edit::Document`: each edit on realistic text, the text
//! around it untouched, and hclfmt's layout kept where the file had it
//! (the formatter is the oracle: an edit of a formatted file gives a
//! formatted file).

use hcldecode::Value;
use hcldecode::edit::{Document, EditError};
use hcldecode::format::format;
use proptest::prelude::*;

const JOB: &str = include_str!("../../examples/nomad/job.hcl");

fn doc(s: &str) -> Document {
    s.parse().unwrap()
}

fn formatted(s: &str) -> bool {
    format(s.as_bytes()) == s.as_bytes()
}

#[test]
fn the_nomad_job_is_formatted_to_start_with() {
    assert!(formatted(JOB));
}

#[test]
fn nested_set_changes_one_line() {
    let mut d = doc(JOB);
    d.body_mut()
        .block("job", &["web"])
        .unwrap()
        .block("group", &["frontend"])
        .unwrap()
        .set_attribute("count", &Value::int(5))
        .unwrap();
    assert_eq!(
        d.to_string(),
        JOB.replace("    count = 3\n", "    count = 5\n")
    );
}

#[test]
fn a_new_attribute_joins_its_run_aligned_as_hclfmt_aligns() {
    let mut d = doc(JOB);
    let mut job = d.body_mut().block("job", &["web"]).unwrap();
    job.set_attribute("region", &Value::string("eu")).unwrap();
    job.set_attribute("all_at_once", &Value::bool(true))
        .unwrap();
    let out = d.to_string();
    assert!(out.contains(
        "  datacenters = [\"eu-west-1a\", \"eu-west-1b\"]\n  type        = \"service\"\n  priority    = 60\n  region      = \"eu\"\n  all_at_once = true\n\n  update {"
    ), "{out}");
    assert!(formatted(&out), "{out}");
}

#[test]
fn a_longer_name_realigns_the_run() {
    // New attributes go after the last one; the run they join is realigned.
    let mut d = doc("a  = 1\nbb = 2\n\nc = 3\n");
    d.body_mut()
        .set_attribute("longer", &Value::int(4))
        .unwrap();
    assert_eq!(d.to_string(), "a  = 1\nbb = 2\n\nc      = 3\nlonger = 4\n");
    assert!(formatted(&d.to_string()));
    // Renaming to a short name shrinks the run again; the other run stays.
    d.body_mut().rename_attribute("longer", "d").unwrap();
    assert_eq!(d.to_string(), "a  = 1\nbb = 2\n\nc = 3\nd = 4\n");
    assert!(formatted(&d.to_string()));
}

#[test]
fn removing_the_longest_name_shrinks_an_aligned_run() {
    let mut d = doc("a          = 1\nlongername = 2\nbb         = 3\n\nz = 0\n");
    d.body_mut().remove_attribute("longername").unwrap();
    assert_eq!(d.to_string(), "a  = 1\nbb = 3\n\nz = 0\n");
    d.body_mut().remove_attribute("a").unwrap();
    assert_eq!(d.to_string(), "bb = 3\n\nz = 0\n");
    // A run that was not aligned is left as it is.
    let mut d = doc("a   = 1\nbb=2\nc = 3\n");
    d.body_mut().remove_attribute("c").unwrap();
    assert_eq!(d.to_string(), "a   = 1\nbb=2\n");
}

#[test]
fn unaligned_neighbours_are_left_as_they_are() {
    let mut d = doc("a = 1\nbbb   =   2\ncc=3\n");
    d.body_mut().rename_attribute("a", "aaaa").unwrap();
    assert_eq!(d.to_string(), "aaaa = 1\nbbb   =   2\ncc=3\n");
}

#[test]
fn attributes_in_a_body_of_blocks_only_go_first() {
    let mut d = doc("# header\n\nsvc \"a\" {\n}\n");
    d.body_mut()
        .set_attribute("version", &Value::int(2))
        .unwrap();
    // Before the first block's comments: the file's header stays on top.
    assert_eq!(d.to_string(), "# header\n\nversion = 2\n\nsvc \"a\" {\n}\n");
    let mut d = doc("x {\n  # only a comment\n  y {\n  }\n}\n");
    d.body_mut()
        .block("x", &[])
        .unwrap()
        .set_attribute("a", &Value::int(1))
        .unwrap();
    assert_eq!(
        d.to_string(),
        "x {\n  a = 1\n\n  # only a comment\n  y {\n  }\n}\n"
    );
}

#[test]
fn one_line_and_empty_blocks_open_up() {
    let mut d = doc("job {\n  port \"metrics\" {}\n  a { b = 1 }\n  e {\n  }\n}\n");
    let mut job = d.body_mut().block("job", &[]).unwrap();
    job.set_attribute("z", &Value::int(0)).unwrap();
    let mut d2 = d.clone();
    {
        let mut b = d2
            .body_mut()
            .block("job", &[])
            .unwrap()
            .block("port", &["metrics"])
            .unwrap();
        b.set_attribute("to", &Value::int(9100)).unwrap();
    }
    {
        let mut b = d2
            .body_mut()
            .block("job", &[])
            .unwrap()
            .block("a", &[])
            .unwrap();
        b.set_attribute("c", &Value::int(2)).unwrap();
    }
    {
        let mut b = d2
            .body_mut()
            .block("job", &[])
            .unwrap()
            .block("e", &[])
            .unwrap();
        b.set_attribute("f", &Value::int(3)).unwrap();
    }
    assert_eq!(
        d2.to_string(),
        "job {\n  z = 0\n\n  port \"metrics\" {\n    to = 9100\n  }\n  a {\n    b = 1\n    c = 2\n  }\n  e {\n    f = 3\n  }\n}\n"
    );
}

#[test]
fn multi_line_values_are_indented_at_their_attribute() {
    let mut d = doc("a {\n  b {\n    x = 1\n  }\n}\n");
    let v = Value::object([("k", Value::int(1)), ("l", Value::from(vec!["p", "q"]))]);
    d.body_mut()
        .block("a", &[])
        .unwrap()
        .block("b", &[])
        .unwrap()
        .set_attribute("x", &v)
        .unwrap();
    assert_eq!(
        d.to_string(),
        "a {\n  b {\n    x = {\n      k = 1\n      l = [\"p\", \"q\"]\n    }\n  }\n}\n"
    );
    assert!(formatted(&d.to_string()));
}

#[test]
fn crlf_and_a_byte_order_mark_are_kept() {
    let src = "\u{feff}# top\r\na = 1\r\n\r\nb {\r\n  c = 2\r\n}\r\n";
    let mut d = doc(src);
    assert_eq!(d.to_string(), src);
    d.body_mut().set_attribute("z", &Value::int(9)).unwrap();
    d.body_mut()
        .block("b", &[])
        .unwrap()
        .set_attribute("c", &Value::object([("k", Value::int(1))]))
        .unwrap();
    d.body_mut().add_block("n", &[]).unwrap();
    assert_eq!(
        d.to_string(),
        "\u{feff}# top\r\na = 1\r\nz = 9\r\n\r\nb {\r\n  c = {\r\n    k = 1\r\n  }\r\n}\r\n\r\nn {\r\n}\r\n"
    );
    d.body_mut().remove_attribute("a").unwrap();
    assert!(
        d.to_string().starts_with("\u{feff}z = 9\r\n"),
        "{:?}",
        d.to_string()
    );
}

#[test]
fn heredocs_are_kept_and_edited_around() {
    let src = "a = <<EOT\n  text\n    more\nEOT\nb = 1\n";
    let mut d = doc(src);
    d.body_mut().set_attribute("b", &Value::int(2)).unwrap();
    d.body_mut().set_attribute("c", &Value::int(3)).unwrap();
    assert_eq!(
        d.to_string(),
        "a = <<EOT\n  text\n    more\nEOT\nb = 2\nc = 3\n"
    );
    d.body_mut().remove_attribute("a").unwrap();
    assert_eq!(d.to_string(), "b = 2\nc = 3\n");
    let mut d = doc("x = 1\ny = <<-EOT\n  t\n  EOT\n");
    d.body_mut().set_attribute("z", &Value::int(0)).unwrap();
    assert_eq!(d.to_string(), "x = 1\ny = <<-EOT\n  t\n  EOT\nz = 0\n");
}

#[test]
fn comments_go_with_their_item() {
    let src = "# file\n\n# about a\na = 1 /* inline */ # trailing\n\n// about b\nb {\n  c = 1\n}\n\nd = 2\n";
    let mut d = doc(src);
    d.body_mut().remove_attribute("a").unwrap();
    assert_eq!(
        d.to_string(),
        "# file\n\n// about b\nb {\n  c = 1\n}\n\nd = 2\n"
    );
    d.body_mut().remove_block("b", &[]).unwrap();
    assert_eq!(d.to_string(), "# file\n\nd = 2\n");
}

#[test]
fn removing_the_last_item_leaves_no_blank_line_before_the_brace() {
    let mut d = doc("a {\n  b = 1\n\n  c {\n  }\n}\n");
    d.body_mut()
        .block("a", &[])
        .unwrap()
        .remove_block("c", &[])
        .unwrap();
    assert_eq!(d.to_string(), "a {\n  b = 1\n}\n");
}

#[test]
fn labels_are_set_added_and_removed() {
    let mut d = doc("svc \"a\" {\n  x = 1\n}\nsvc \"b\" {\n}\n");
    let mut a = d.body_mut().block("svc", &["a"]).unwrap();
    a.set_labels(&["b"]).unwrap();
    // Now the first of two `svc "b"`: the handle still finds it.
    a.set_attribute("x", &Value::int(2)).unwrap();
    a.add_label("with \"quotes\" and ${x}").unwrap();
    let out = d.to_string();
    assert_eq!(
        out,
        "svc \"b\" \"with \\\"quotes\\\" and $${x}\" {\n  x = 2\n}\nsvc \"b\" {\n}\n"
    );
    // The label reads back as given.
    let parsed = doc(&out);
    let lbl = &parsed.file().body.blocks[0].labels[1];
    assert_eq!(
        lbl.value.get(&parsed.file().source),
        "with \"quotes\" and ${x}"
    );
    let mut b = d
        .body_mut()
        .block("svc", &["b", "with \"quotes\" and ${x}"])
        .unwrap();
    b.remove_label(1).unwrap();
    b.remove_label(0).unwrap();
    assert!(b.remove_label(0).is_err());
    assert_eq!(d.to_string(), "svc {\n  x = 2\n}\nsvc \"b\" {\n}\n");
}

#[test]
fn repeated_unlabeled_blocks_are_told_apart_in_order() {
    let mut d = doc("rule {\n  a = 1\n}\n\nrule {\n  a = 2\n}\n");
    d.body_mut()
        .block_nth("rule", &[], 1)
        .unwrap()
        .set_attribute("a", &Value::int(3))
        .unwrap();
    assert_eq!(d.to_string(), "rule {\n  a = 1\n}\n\nrule {\n  a = 3\n}\n");
    assert!(matches!(
        d.body_mut().block_nth("rule", &[], 2),
        Err(EditError::NoSuchBlock(_))
    ));
}

#[test]
fn a_block_comment_over_several_lines_above_an_item_is_its_comment() {
    // `/*` … `/*/` is one comment (the lexer's), alone on its lines right
    // above `b`: it goes with `b`, as a `#` line would.
    let mut d = doc("a = 1\n/*\n/*/\nb = 2\n");
    d.body_mut().remove_attribute("b").unwrap();
    assert_eq!(d.to_string(), "a = 1\n");
    let mut d = doc("a = 1\n\n/* about b,\n   on two lines */\nb = 2\nc = 3\n");
    d.body_mut().remove_attribute("b").unwrap();
    assert_eq!(d.to_string(), "a = 1\n\nc = 3\n");
    // A `#` line inside a heredoc is text, not a comment of what follows.
    let mut d = doc("h = <<EOT\n# text\nEOT\nb = 2\n");
    d.body_mut().remove_attribute("b").unwrap();
    assert_eq!(d.to_string(), "h = <<EOT\n# text\nEOT\n");
}

#[test]
fn comments_are_added() {
    let mut d = doc("a = 1\n");
    d.body_mut().add_comment("the end").unwrap();
    d.body_mut()
        .comment_attribute("a", "first\n\nsecond")
        .unwrap();
    assert_eq!(d.to_string(), "# first\n#\n# second\na = 1\n# the end\n");
    let mut e = doc("");
    e.body_mut().add_comment("alone").unwrap();
    assert_eq!(e.to_string(), "# alone\n");
    let mut bom = doc("\u{feff}");
    bom.body_mut().set_attribute("a", &Value::int(1)).unwrap();
    assert_eq!(bom.to_string(), "\u{feff}a = 1\n");
}

#[test]
fn bad_edits_are_refused_and_change_nothing() {
    let mut d = doc(JOB);
    let mut job = d.body_mut().block("job", &["web"]).unwrap();
    assert!(matches!(
        job.set_attribute("not a name", &Value::int(1)),
        Err(EditError::InvalidName(_))
    ));
    assert!(matches!(
        job.set_attribute_expr("type", "\"open"),
        Err(EditError::Syntax(_))
    ));
    assert!(matches!(
        job.set_attribute_expr("type", "a\nb = 2"),
        Err(EditError::Syntax(_) | EditError::Invalid(_))
    ));
    assert!(matches!(
        job.rename_attribute("type", "priority"),
        Err(EditError::AttributeExists(_))
    ));
    assert!(matches!(
        job.rename_attribute("nope", "x"),
        Err(EditError::NoSuchAttribute(_))
    ));
    assert!(matches!(
        job.remove_block("group", &["nope"]),
        Err(EditError::NoSuchBlock(_))
    ));
    assert!(matches!(
        job.add_block("1x", &[]),
        Err(EditError::InvalidName(_))
    ));
    assert!(matches!(
        job.set_attribute("x", &Value::unknown(hcldecode::Type::Number)),
        Err(EditError::Encode(_))
    ));
    assert!(matches!(
        d.body_mut().set_labels(&["a"]),
        Err(EditError::NotABlock)
    ));
    assert_eq!(d.to_string(), JOB);
}

#[test]
fn syntax_errors_come_as_diagnostics_with_ranges() {
    let Err(EditError::Syntax(diags)) = Document::parse("bad.hcl", "a = 1\nb = \n") else {
        panic!("accepted");
    };
    let r = diags[0].subject.as_ref().unwrap();
    assert_eq!((&*r.filename, r.start.line), ("bad.hcl", 2));
}

#[test]
fn edits_of_the_formatted_job_stay_formatted() {
    let mut d = doc(JOB);
    {
        let mut g = d
            .body_mut()
            .block("job", &["web"])
            .unwrap()
            .block("group", &["frontend"])
            .unwrap();
        g.set_attribute("count", &Value::int(12)).unwrap();
        g.set_attribute("shutdown_delay", &Value::string("5s"))
            .unwrap();
        let mut svc = g.add_block("service", &[]).unwrap();
        svc.set_attribute("name", &Value::string("admin")).unwrap();
        svc.set_attribute("port", &Value::string("http")).unwrap();
    }
    {
        let mut t = d
            .body_mut()
            .block("job", &["web"])
            .unwrap()
            .block("group", &["frontend"])
            .unwrap()
            .block("task", &["server"])
            .unwrap()
            .block("config", &[])
            .unwrap();
        t.rename_attribute("privileged", "privileged_mode").unwrap();
        t.remove_attribute("shm_size").unwrap();
        t.remove_attribute("privileged_mode").unwrap();
    }
    let out = d.to_string();
    assert!(formatted(&out), "{out}");
    assert!(
        out.contains("        image  = \"nginx:1.25\"\n        ports  = [\"http\"]\n        labels = { team = \"web\" }\n      }\n"),
        "{out}"
    );
    assert!(out.contains("    # Each driver's config has its own shape: decoded as written.\n"));
}

/// Attribute `i`'s line in a generated document.
fn line(i: usize, v: i64) -> String {
    format!("attr{i} = {v} # note {i}")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    /// One random edit of a document of attributes separated by comments
    /// and blocks: every line not about the edited attribute is the same,
    /// in the same order, and the edit itself shows.
    #[test]
    fn random_edits_keep_the_untouched_text(
        values in prop::collection::vec(-1000i64..1000, 1..12),
        which in 0usize..12,
        op in 0u8..5,
        new in -1000i64..1000,
    ) {
        let which = which % values.len();
        let mut src = String::from("# generated\n\n");
        for (i, v) in values.iter().enumerate() {
            src.push_str(&line(i, *v));
            src.push('\n');
            if i % 3 == 2 {
                src.push_str(&format!("\nblock{i} \"l\" {{\n  inner = {i}\n}}\n\n// after {i}\n\n"));
            }
        }
        let mut d = doc(&src);
        prop_assert_eq!(d.to_string(), src.clone());
        let name = format!("attr{which}");
        let mut body = d.body_mut();
        match op {
            0 => body.set_attribute(&name, &Value::int(new)).unwrap(),
            1 => body.remove_attribute(&name).unwrap(),
            2 => body.rename_attribute(&name, "renamed").unwrap(),
            3 => body.set_attribute("added", &Value::int(new)).unwrap(),
            _ => {
                if which % 3 == 2 && which < values.len() {
                    body.remove_block(&format!("block{which}"), &["l"]).unwrap();
                } else {
                    body.add_block("extra", &["x"]).unwrap();
                }
            }
        }
        let out = d.to_string();
        let about = |l: &&str| {
            l.starts_with(&format!("{name} ")) || l.starts_with("renamed") || l.starts_with("added")
                || l.contains(&format!("block{which} ")) || l.starts_with("extra")
                || (op == 4 && (l.starts_with("  inner") || *l == "}"))
        };
        let keep = |t: &str| t.lines().filter(|l| !l.trim().is_empty()).filter(|l| !about(l))
            // Realigning a run changes the spaces before `=` only.
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" ")).collect::<Vec<_>>();
        prop_assert_eq!(keep(&out), keep(&src));
        let expected = match op {
            0 => Some(format!("{name} = {new} # note {which}\n")),
            2 => Some(format!("renamed = {} # note {which}\n", values[which])),
            3 => Some(format!("added = {new}\n")),
            _ => None,
        };
        if let Some(e) = expected {
            // A formatted document is formatted again after the edit: its
            // trailing comments may move, as hclfmt moves them.
            let norm = |t: &str| t.lines().map(|l| l.split_whitespace().collect::<Vec<_>>().join(" ")).collect::<Vec<_>>();
            prop_assert!(norm(&out).contains(&norm(&e)[0]), "{:?} not in {:?}", e, out);
            if !formatted(&src) {
                prop_assert!(out.contains(&e), "{:?} not in {:?}", e, out);
            }
        }
        if op == 1 {
            let gone = format!("{name} ");
            prop_assert!(!out.contains(&gone));
        }
        // Still a document, printed as itself.
        prop_assert_eq!(doc(&out).to_string(), out);
    }
}

/// hclfmt's alignment runs (issue 35): a line that opens a multi-line
/// value (`type = object({`) is in no run and ends the run before it; the
/// attribute after a heredoc's closing marker is in the heredoc's run.
/// Checked on formatted text (which stays formatted) and on the same text
/// after an unformatted line elsewhere (where the editor aligns alone,
/// by the formatter's runs).
#[test]
fn runs_are_the_formatters_runs() {
    let var = "variable \"x\" {\n  description = \"d\"\n  type = object({\n    a = string\n  })\n  default = null\n}\n";
    let renamed = "variable \"x\" {\n  desc = \"d\"\n  type = object({\n    a = string\n  })\n  default = null\n}\n";
    let heredoc = "a    = <<EOT\nx\nEOT\nbbbb = 1\n";
    let heredoc_renamed = "a = <<EOT\nx\nEOT\nb = 1\n";
    for prefix in ["", "z=1\n\n"] {
        let src = format!("{prefix}{var}");
        assert_eq!(formatted(&src), prefix.is_empty());
        let mut d = doc(&src);
        d.body_mut()
            .block("variable", &["x"])
            .unwrap()
            .rename_attribute("description", "desc")
            .unwrap();
        assert_eq!(d.to_string(), format!("{prefix}{renamed}"));
        // And back: the longer name pads nothing but its own line.
        d.body_mut()
            .block("variable", &["x"])
            .unwrap()
            .rename_attribute("desc", "description")
            .unwrap();
        assert_eq!(d.to_string(), src);

        let src = format!("{prefix}{heredoc}");
        assert_eq!(formatted(&src), prefix.is_empty());
        let mut d = doc(&src);
        d.body_mut().rename_attribute("bbbb", "b").unwrap();
        assert_eq!(d.to_string(), format!("{prefix}{heredoc_renamed}"));
    }
}

/// An edit of a formatted file gives a formatted file, trailing comments
/// and the runs around the edit included.
#[test]
fn trailing_comments_realign_in_formatted_files() {
    let src = "a = 1     # one\nbb = 22   # two\n";
    let src = String::from_utf8(format(src.as_bytes())).unwrap();
    let mut d = doc(&src);
    d.body_mut()
        .set_attribute("bb", &Value::string("a longer value"))
        .unwrap();
    assert_eq!(
        d.to_string(),
        "a  = 1                # one\nbb = \"a longer value\" # two\n"
    );
}

/// A file ending in `} ` without a line break: new items go on lines of
/// their own.
#[test]
fn a_file_ending_after_a_space_gets_new_items_on_their_own_lines() {
    let mut d = doc("a {\n  b = 1\n} ");
    d.body_mut().add_block("c", &[]).unwrap();
    let out = d.to_string();
    assert_eq!(out, "a {\n  b = 1\n}\n\nc {\n}\n");
    let mut d = doc("x = 1 ");
    d.body_mut().set_attribute("y", &Value::int(2)).unwrap();
    assert_eq!(d.to_string(), "x = 1\ny = 2\n");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    /// Formatted in, formatted out: random edits of the (formatted)
    /// Nomad job leave it formatted.
    #[test]
    fn edits_of_a_formatted_file_leave_it_formatted(
        ops in prop::collection::vec((0..6u8, 0..40usize, "[a-z]{1,14}"), 1..6)
    ) {
        let mut d = doc(JOB);
        for (op, k, name) in ops {
            let file = d.file().clone();
            let src = file.source.clone();
            let attrs: Vec<String> = file.body.blocks[0].body.attributes.iter().map(|a| src.text(a.name).to_string()).collect();
            let pick = attrs.get(k % attrs.len().max(1)).cloned().unwrap_or_default();
            let mut job = d.body_mut().block("job", &["web"]).unwrap();
            let _ = match op {
                0 => job.rename_attribute(&pick, &name),
                1 => job.set_attribute(&name, &Value::string("v".repeat(k))),
                2 => job.remove_attribute(&pick),
                3 => job.set_attribute(&pick, &Value::int(k as i64 * 1000)),
                4 => job.comment_attribute(&pick, "why"),
                _ => job.add_block(&name, &[]).map(|_| ()),
            };
            let out = d.to_string();
            prop_assert!(formatted(&out), "{}", out);
        }
    }
}
