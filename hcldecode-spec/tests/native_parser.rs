//! Readable examples of the native-syntax parser's trees, ranges and
//! diagnostics. Expected values were taken from HashiCorp's hclsyntax
//! (v2.14.1) for the same inputs; the differential vectors
//! (`native_vectors.rs`) cover thousands more.

use std::sync::Arc;

use hcldecode_spec::diag::Diagnostics;
use hcldecode_spec::source::{SourceFile, Span};
use hcldecode_spec::syntax::native::ast::*;
use hcldecode_spec::syntax::native::{
    self, INVALID_BYTE_PLACEHOLDER, ParseOptions, analysis, parse_config, parse_expression,
};

fn config(text: &str) -> (Arc<SourceFile>, File, Diagnostics) {
    let file = SourceFile::new("t.hcl", text);
    let (tree, diags) = parse_config(file.clone());
    (file, tree, diags)
}

fn expr(text: &str) -> (Arc<SourceFile>, Expr) {
    let file = SourceFile::new("e", text);
    let (e, diags) = parse_expression(&file);
    assert!(diags.is_empty(), "{diags}");
    (file, e)
}

/// The string values of a template's literal parts.
fn literals<'a>(src: &'a SourceFile, e: &'a Expr) -> Vec<&'a str> {
    match &e.kind {
        ExprKind::Template { parts } => parts
            .iter()
            .filter_map(|p| match &p.kind {
                ExprKind::Literal(Literal::String(t)) => Some(t.get(src)),
                _ => None,
            })
            .collect(),
        _ => panic!("not a template: {e:?}"),
    }
}

/// Diagnostics as `summary @ line:col-line:col`.
fn brief(diags: &Diagnostics) -> Vec<String> {
    diags
        .iter()
        .map(|d| {
            let r = d.subject.as_ref().unwrap();
            format!(
                "{} @ {}:{}-{}:{}",
                d.summary, r.start.line, r.start.column, r.end.line, r.end.column
            )
        })
        .collect()
}

#[test]
fn flush_heredoc_removes_common_indentation() {
    let (src, f, diags) = config("a = <<-EOT\n    hello\n      world\n    EOT\n");
    assert!(diags.is_empty());
    let e = &f.body.attributes[0].expr;
    assert_eq!(e.span, Span::new(4, 40));
    assert_eq!(literals(&src, e), ["hello\n", "  world\n"]);
    let ExprKind::Template { parts } = &e.kind else {
        unreachable!()
    };
    // The literals' ranges start after the removed indentation.
    assert_eq!(parts[0].span, Span::new(15, 21));
    assert_eq!(parts[1].span, Span::new(25, 33));
}

#[test]
fn strip_markers_trim_adjacent_literals() {
    let (src, f, _) = config("a = \"x  ${~ b ~}  y\"\n");
    let e = &f.body.attributes[0].expr;
    assert_eq!(literals(&src, e), ["x", "y"]);
}

#[test]
fn template_directives_lower_to_conditionals_and_joins() {
    let (src, e) = expr("\"%{if c}yes%{else}no%{endif}\"");
    let ExprKind::Template { parts } = &e.kind else {
        panic!()
    };
    let ExprKind::Conditional {
        true_result,
        false_result,
        ..
    } = &parts[0].kind
    else {
        panic!("{:?}", parts[0])
    };
    assert_eq!(parts[0].span, Span::new(1, 28));
    assert_eq!(literals(&src, true_result), ["yes"]);
    assert_eq!(literals(&src, false_result), ["no"]);

    let (src, e) = expr("\"%{for k, v in m}${k}%{endfor}\"");
    let ExprKind::Template { parts } = &e.kind else {
        panic!()
    };
    let ExprKind::TemplateJoin { tuple } = &parts[0].kind else {
        panic!()
    };
    let ExprKind::For(f) = &tuple.kind else {
        panic!()
    };
    assert_eq!(src.text(f.key_var.unwrap()), "k");
    assert_eq!(src.text(f.val_var), "v");
    assert_eq!((f.open, f.close), (Span::new(1, 17), Span::new(21, 30)));
    assert!(f.key_expr.is_none() && f.cond.is_none() && !f.group);
}

#[test]
fn single_interpolation_is_wrapped() {
    let (_, e) = expr("\"${a}\"");
    assert!(matches!(e.kind, ExprKind::TemplateWrap { .. }));
    assert_eq!(e.span, Span::new(0, 6));
}

#[test]
fn splats_have_distinct_anonymous_symbols() {
    let (_, e) = expr("a[*].b + c.*.d");
    let ExprKind::BinaryOp { lhs, rhs, .. } = &e.kind else {
        panic!()
    };
    let mut ids = Vec::new();
    for (side, marker) in [(lhs, Span::new(1, 4)), (rhs, Span::new(10, 12))] {
        let ExprKind::Splat {
            each,
            item,
            marker: m,
            ..
        } = &side.kind
        else {
            panic!()
        };
        assert_eq!(*m, marker);
        let ExprKind::RelativeTraversal { source, .. } = &each.kind else {
            panic!()
        };
        assert!(matches!(source.kind, ExprKind::AnonSymbol { id } if id == *item));
        ids.push(*item);
    }
    assert_ne!(ids[0], ids[1]);
}

#[test]
fn literal_index_keys_become_traversal_steps() {
    let (src, e) = expr("a.b[0][\"k\"][x].c.0");
    // a.b[0]["k"] is a traversal; [x] is an index expression, after which
    // .c.0 is a relative traversal.
    let ExprKind::RelativeTraversal { source, steps } = &e.kind else {
        panic!("{e:?}")
    };
    assert_eq!(steps.len(), 2);
    assert!(
        matches!(&steps[1], Step::Index { key: Literal::Number(n), .. } if src.text(*n) == "0")
    );
    let ExprKind::Index { collection, .. } = &source.kind else {
        panic!()
    };
    let ExprKind::ScopeTraversal { steps, .. } = &collection.kind else {
        panic!()
    };
    assert_eq!(steps.len(), 3);
    assert!(
        matches!(&steps[2], Step::Index { key: Literal::String(t), span } if t.get(&src) == "k" && *span == Span::new(6, 11))
    );
}

#[test]
fn operators_follow_hcl_precedence() {
    let (_, e) = expr("a || b && c == d < e + f * g");
    let mut ops = Vec::new();
    let mut cur = &e;
    while let ExprKind::BinaryOp { op, rhs, .. } = &cur.kind {
        ops.push(op.symbol());
        cur = rhs;
    }
    assert_eq!(ops, ["||", "&&", "==", "<", "+", "*"]);
    let (_, e) = expr("1 - 2 - 3");
    // Left-associative: (1 - 2) - 3.
    let ExprKind::BinaryOp { lhs, .. } = &e.kind else {
        panic!()
    };
    assert!(matches!(lhs.kind, ExprKind::BinaryOp { .. }));
    assert_eq!(lhs.span, Span::new(0, 5));
}

#[test]
fn variables_skip_for_locals_and_literal_object_keys() {
    let (src, e) = expr("[for k, v in m : k if v] == {x = y, (z) = w, \"q\" = r}");
    let vars: Vec<&str> = analysis::variables(&e, &src)
        .iter()
        .map(|t| src.text(t.root))
        .collect();
    assert_eq!(vars, ["m", "y", "z", "w", "r"]);
}

#[test]
fn static_analysis_helpers() {
    let (src, e) = expr("foo.bar[0]");
    let t = analysis::abs_traversal_for_expr(&e, &src).unwrap();
    assert_eq!(src.text(t.root), "foo");
    assert_eq!(t.span, Span::new(0, 10));
    assert_eq!(analysis::expr_as_keyword(&e, &src), None);
    let (src, e) = expr("null");
    assert_eq!(analysis::expr_as_keyword(&e, &src), Some("null"));
    let (src, e) = expr("[1, 2]");
    assert_eq!(analysis::expr_list(&e, &src).unwrap().len(), 2);
    let err = analysis::expr_map(&e, &src).unwrap_err();
    assert_eq!(
        err.to_string(),
        "e:1,1-2: Invalid expression; A static map expression is required."
    );
    let (src, e) = expr("f(x)");
    let err = analysis::abs_traversal_for_expr(&e, &src).unwrap_err();
    assert_eq!(err[0].subject.as_ref().unwrap().to_string(), "e:1,1-5");
}

#[test]
fn traversals_parse_alone() {
    let file = SourceFile::new("t", "foo.bar[0][\"baz\"]");
    let (t, diags) = native::parse_traversal_abs(&file, Span::new(0, 17));
    assert!(diags.is_empty());
    let t = t.unwrap();
    assert_eq!(t.steps.len(), 3);
    assert_eq!(t.steps[2].span(), Span::new(10, 17));
    let file = SourceFile::new("t", "foo[*]");
    let (_, diags) = native::parse_traversal_abs(&file, Span::new(0, 6));
    assert_eq!(brief(&diags), ["Attribute name required @ 1:5-1:6"]);
}

#[test]
fn templates_within_a_span_keep_file_offsets() {
    // As the JSON syntax uses it: parse the inside of a string literal.
    let file = SourceFile::new("t.json", "{\"a\": \"x ${b.c} y\"}");
    let (e, diags) = native::parse_template_in(&file, Span::new(7, 17), &ParseOptions::default());
    assert!(diags.is_empty());
    assert_eq!(e.span, Span::new(7, 17));
    let ExprKind::Template { parts } = &e.kind else {
        panic!()
    };
    assert_eq!(parts[1].span, Span::new(11, 14));
    assert_eq!(file.text(parts[1].span), "b.c");
}

#[test]
fn blocks_labels_and_ranges() {
    let (src, f, diags) = config("block \"a\" \"b\" {\n  x = 1\n}\nblock {\n}\n");
    assert!(diags.is_empty());
    let b = &f.body.blocks[0];
    assert_eq!(src.text(b.type_name), "block");
    let labels: Vec<&str> = b.labels.iter().map(|l| l.value.get(&src)).collect();
    assert_eq!(labels, ["a", "b"]);
    assert_eq!(b.labels[1].span, Span::new(10, 13));
    assert_eq!(
        (b.open_brace, b.close_brace),
        (Span::new(14, 15), Span::new(24, 25))
    );
    assert_eq!(b.body.span, Span::new(14, 25));
    assert_eq!(b.body.end_span, Span::empty(25));
    assert_eq!(b.def_span(), Span::new(0, 13));
    assert_eq!(f.body.span, Span::new(0, 36));
}

#[test]
fn duplicate_attributes_keep_the_first() {
    let (src, f, diags) = config("a = 1\na = 2\n");
    assert_eq!(f.body.attributes.len(), 1);
    assert_eq!(src.text(f.body.attributes[0].expr.span), "1");
    assert_eq!(
        diags.to_string(),
        "t.hcl:2,1-2: Attribute redefined; The argument \"a\" was already set at t.hcl:1,1-2. Each argument may be set only once."
    );
}

#[test]
fn invalid_utf8_is_reported_once_and_offsets_stay_exact() {
    // `a = "\xff"`, a comment with a bad byte, then `b = 1 ;`.
    let (file, diags) =
        native::source_from_bytes("bad.hcl", b"a = \"\xff\"\n# \xfe\nb = 1 ;\n".to_vec());
    assert!(diags.is_empty());
    assert_eq!(file.source().len(), 20);
    assert_eq!(file.source().as_bytes()[5], INVALID_BYTE_PLACEHOLDER);
    let (tree, diags) = parse_config(file);
    assert_eq!(
        brief(&diags),
        [
            "Invalid character encoding @ 1:6-1:7",
            "Invalid character @ 3:7-3:8",
            "Unterminated template string @ 1:6-1:7",
        ]
    );
    assert_eq!(tree.body.attributes.len(), 2);
}

#[test]
fn byte_order_mark_is_skipped() {
    let (file, _) = native::source_from_bytes("bom.hcl", b"\xef\xbb\xbfa = 1 2".to_vec());
    let (tree, diags) = parse_config(file);
    assert_eq!(brief(&diags), ["Missing newline after argument @ 1:7-1:8"]);
    assert_eq!(diags[0].subject.as_ref().unwrap().start.byte, 9);
    assert_eq!(tree.body.span, Span::new(3, 10));
}

#[test]
fn unicode_identifiers_and_columns() {
    let (src, f, diags) = config("é = \"ñ\" ;\n");
    assert_eq!(src.text(f.body.attributes[0].name), "é");
    assert_eq!(
        brief(&diags),
        [
            "Invalid character @ 1:9-1:10",
            "Missing newline after argument @ 1:9-1:10"
        ]
    );
}

#[test]
fn crlf_line_endings() {
    let (_, f, diags) = config("a = 1\r\nb = 2 2\r\n");
    assert_eq!(f.body.attributes.len(), 2);
    assert_eq!(brief(&diags), ["Missing newline after argument @ 2:7-2:8"]);
    let d = &diags[0];
    assert_eq!(d.context.as_ref().unwrap().to_string(), "t.hcl:2,1-8");
}

#[test]
fn unterminated_constructs_at_end_of_file() {
    for (text, want) in [
        ("a = \"abc", "Unterminated template string @ 1:9-1:9"),
        (
            "a = [1, 2",
            "Unterminated tuple constructor expression @ 1:5-1:6",
        ),
        (
            "a = {b = 1",
            "Unterminated object constructor expression @ 1:5-1:6",
        ),
        ("a = f(1", "Unterminated function call @ 1:5-1:7"),
        ("b {\n", "Unclosed configuration block @ 1:3-1:4"),
        ("a = <<EOT\nx\n", "Unterminated template string @ 3:1-3:1"),
        (
            "a = \"${b",
            "Unclosed template interpolation sequence @ 1:6-1:8",
        ),
    ] {
        let (_, _, diags) = config(text);
        assert_eq!(
            brief(&diags).first().map(String::as_str),
            Some(want),
            "{text:?}"
        );
    }
}

#[test]
fn identifiers_follow_unicode_9() {
    assert!(native::is_valid_identifier("ñame-1_x"));
    assert!(!native::is_valid_identifier("-a"));
    assert!(!native::is_valid_identifier("a.b"));
    assert!(!native::is_valid_identifier(""));
}

/// hclsyntax `TestParseConfig` row `a = { b = c. }` (HCL v2.22, #692): a
/// reference ending in a dot is a syntax-error node over the reference and
/// the dot, and the object keeps its item (an editor completes there).
#[test]
fn object_item_with_a_trailing_dot_is_kept() {
    let (src, f, diags) = config("a = { b = c. }");
    assert_eq!(brief(&diags), ["Invalid attribute name @ 1:14-1:15"]);
    let e = &f.body.attributes[0].expr;
    assert_eq!(e.span, Span::new(4, 14));
    let ExprKind::Object { items, .. } = &e.kind else {
        panic!("not an object: {e:?}");
    };
    assert_eq!(items.len(), 1);
    assert_eq!(src.text(items[0].key.span), "b");
    assert!(matches!(items[0].value.kind, ExprKind::Invalid));
    assert_eq!(items[0].value.span, Span::new(10, 12));
    // Other errors in a value still drop the item, as upstream.
    let (_, f, _) = config("a = { b = 1 + }");
    let ExprKind::Object { items, .. } = &f.body.attributes[0].expr.kind else {
        panic!("not an object");
    };
    assert!(items.is_empty());
}

/// A reference ending in a dot outside an object is the same node: the
/// reference and the dot, with no traversal left for `--var-refs`.
#[test]
fn trailing_dot_is_a_syntax_error_node() {
    let (_, f, diags) = config("a = foo.bar.\nb = 1\n");
    assert_eq!(brief(&diags), ["Invalid attribute name @ 1:13-2:1"]);
    let e = &f.body.attributes[0].expr;
    assert!(matches!(e.kind, ExprKind::Invalid), "{e:?}");
    assert_eq!(e.span, Span::new(4, 12));
}
