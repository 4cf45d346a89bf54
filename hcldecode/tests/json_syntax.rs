//! HCL JSON syntax above the parser: body content rules, expression
//! evaluation and static analysis. Expected values, ranges and diagnostics
//! come from HashiCorp's `hcl/v2/json` (v2.14.1) and the reference `hcldec`.

mod value_support;

use hcldecode::eval::{EvalContext, evaluate};
use hcldecode::parse::{Syntax, parse};
use hcldecode::spec_file::LoadedSpec;
use hcldecode::value::Value;
use hcldecode::{Body, Diagnostics, Expression, Type};
use hcldecode_spec::syntax::body::{BodySchema, Content};
use hcldecode_spec::syntax::json;
use value_support::fmt_value;

fn body_of(src: &str, name: &str) -> Body {
    let (file, diags) = parse(src.as_bytes(), name, Syntax::Json);
    assert!(diags.is_empty(), "{diags}");
    file.body
}

fn diag_lines(d: &Diagnostics) -> Vec<String> {
    d.iter().map(|d| d.to_string()).collect()
}

/// Content in the shape the Go program printed it: attributes (sorted by
/// name) with their ranges, blocks with labels and ranges, the missing
/// item range.
fn describe(schema: &BodySchema, c: &Content<'_>) -> Vec<String> {
    let mut out = Vec::new();
    let mut attrs: Vec<_> = schema
        .attributes
        .iter()
        .filter_map(|s| c.attribute(schema, &s.name))
        .collect();
    attrs.sort_by_key(|a| a.name);
    for a in attrs {
        out.push(format!(
            "attr {} range={} name={} expr={}",
            a.name,
            a.range(),
            a.name_range(),
            a.expr.range()
        ));
    }
    for b in &c.blocks {
        let labels: Vec<String> = b.labels.iter().map(|l| format!("{:?}", l.value)).collect();
        let ranges: Vec<String> = b.labels.iter().map(|l| l.range().to_string()).collect();
        out.push(format!(
            "block {} [{}] def={} type={} labels=[{}] missing={}",
            b.type_name,
            labels.join(" "),
            b.def_range(),
            b.type_range(),
            ranges.join(" "),
            b.body.missing_item().range()
        ));
    }
    out.push(format!("missing={}", c.missing_item_range()));
    out
}

const PARTIAL_SRC: &str = r#"{
  "a": 1,
  "b": "x",
  "blk": [{"p": 1}, {"q": 2}],
  "lab": {"one": {"x": 1}, "two": [{"x": 2}, {"x": 3}]},
  "//": "comment",
  "extra": true
}"#;

#[test]
fn json_partial_content_then_content_of_the_rest() {
    let body = body_of(PARTIAL_SRC, "t.json");
    let s1 = BodySchema::new()
        .attribute("a", false)
        .attribute("c", true)
        .block("blk", &[]);
    let mut diags = Diagnostics::new();
    let (c, rest) = body.partial_content(&s1, &mut diags);
    assert_eq!(
        describe(&s1, &c),
        [
            "attr a range=t.json:2,3-9 name=t.json:2,3-6 expr=t.json:2,8-9",
            "block blk [] def=t.json:4,10-11 type=t.json:4,3-8 labels=[] missing=t.json:4,18-19",
            "block blk [] def=t.json:4,10-11 type=t.json:4,3-8 labels=[] missing=t.json:4,28-29",
            "missing=t.json:8,1-2",
        ]
    );
    assert_eq!(
        diag_lines(&diags),
        [
            "t.json:8,1-2: Missing required argument; The argument \"c\" is required, but no definition was found."
        ]
    );

    let s2 = BodySchema::new()
        .attribute("a", false)
        .attribute("b", false)
        .attribute("extr", false)
        .block("lab", &["name"]);
    let mut diags = Diagnostics::new();
    let c = rest.content(&s2, &mut diags);
    assert_eq!(
        describe(&s2, &c),
        [
            "attr b range=t.json:3,3-11 name=t.json:3,3-6 expr=t.json:3,8-11",
            "block lab [\"one\"] def=t.json:5,18-19 type=t.json:5,3-8 labels=[t.json:5,11-16] missing=t.json:5,25-26",
            "block lab [\"two\"] def=t.json:5,35-36 type=t.json:5,3-8 labels=[t.json:5,28-33] missing=t.json:5,43-44",
            "block lab [\"two\"] def=t.json:5,35-36 type=t.json:5,3-8 labels=[t.json:5,28-33] missing=t.json:5,53-54",
            "missing=t.json:8,1-2",
        ]
    );
    assert_eq!(
        diag_lines(&diags),
        [
            "t.json:7,3-10: Extraneous JSON object property; No argument or block type is named \"extra\". Did you mean \"extr\"?"
        ]
    );
}

#[test]
fn json_suggestions_skip_hidden_attributes_but_not_block_types() {
    let body = body_of(PARTIAL_SRC, "t.json");
    let s1 = BodySchema::new()
        .attribute("a", false)
        .attribute("c", true)
        .block("blk", &[]);
    let (_, rest) = body.partial_content(&s1, &mut Diagnostics::new());
    let s3 = BodySchema::new()
        .attribute("extra2", false)
        .attribute("a", false)
        .block("lab", &["n"])
        .block("bl", &[]);
    let mut diags = Diagnostics::new();
    rest.content(&s3, &mut diags);
    assert_eq!(
        diag_lines(&diags),
        [
            "t.json:3,3-6: Extraneous JSON object property; No argument or block type is named \"b\". Did you mean \"lab\"?",
            "t.json:7,3-10: Extraneous JSON object property; No argument or block type is named \"extra\". Did you mean \"extra2\"?",
        ]
    );

    // JustAttributes of the rest: what the first partial decode did not use.
    let mut diags = Diagnostics::new();
    let mut names: Vec<&str> = rest
        .just_attributes(&mut diags)
        .iter()
        .map(|a| a.name)
        .collect();
    names.sort();
    assert_eq!(names, ["b", "extra", "lab"]);
    assert!(diags.is_empty());
}

#[test]
fn json_root_array_bodies() {
    let body = body_of(r#"[{"a": 1}]"#, "arr.json");
    let mut diags = Diagnostics::new();
    assert!(body.just_attributes(&mut diags).is_empty());
    assert_eq!(
        diag_lines(&diags),
        [
            "arr.json:1,1-2: Incorrect JSON value type; A JSON object is required here, setting the arguments for this block."
        ]
    );
    let schema = BodySchema::new().attribute("a", true).attribute("z", true);
    let mut diags = Diagnostics::new();
    let c = body.content(&schema, &mut diags);
    assert!(c.attribute(&schema, "a").is_some());
    assert_eq!(
        diag_lines(&diags),
        [
            "arr.json:1,1-2: Missing required argument; The argument \"z\" is required, but no definition was found."
        ]
    );
    assert_eq!(body.missing_item_range().to_string(), "arr.json:1,1-2");
}

/// The reference reports a wrongly shaped body twice from `Content` (once
/// from `PartialContent`, once more itself).
#[test]
fn json_shape_errors_of_content() {
    let body = body_of(r#"[{"a": 1}, 2, "x"]"#, "s.json");
    let schema = BodySchema::new().attribute("a", false);
    let mut diags = Diagnostics::new();
    body.content(&schema, &mut diags);
    let d = "Incorrect JSON value type; A JSON object is required here, to define arguments and child blocks.";
    assert_eq!(
        diag_lines(&diags),
        [
            format!("s.json:1,12-13: {d}"),
            format!("s.json:1,15-18: {d}"),
            format!("s.json:1,12-13: {d}"),
            format!("s.json:1,15-18: {d}"),
        ]
    );
}

#[test]
fn json_block_shapes_and_labels() {
    let src = r#"{"b": "x", "l": {}, "m": [{"k": {}}, 3], "n": null, "o": {"k": null}}"#;
    let body = body_of(src, "b.json");
    let schema = BodySchema::new()
        .block("b", &[])
        .block("l", &["name"])
        .block("m", &["name"])
        .block("n", &["name"])
        .block("o", &["name"]);
    let mut diags = Diagnostics::new();
    let c = body.content(&schema, &mut diags);
    // Reference (hcldec) diagnostics, in order.
    assert_eq!(
        diag_lines(&diags),
        [
            "b.json:1,7-10: Incorrect JSON value type; Either a JSON object or a JSON array is required, representing the contents of one or more \"b\" blocks.",
            "b.json:1,17-18: Missing block label; At least one object property is required, whose name represents the l block's name.",
            "b.json:1,38-39: Incorrect JSON value type; A JSON object is required here, to specify name labels for this block.",
            "b.json:1,47-51: Missing block label; At least one object property is required, whose name represents the n block's name.",
        ]
    );
    let found: Vec<(&str, Vec<&str>)> = c
        .blocks
        .iter()
        .map(|b| (b.type_name, b.labels.iter().map(|l| l.value).collect()))
        .collect();
    assert_eq!(found, [("m", vec!["k"])]);
}

#[test]
fn json_comments_and_duplicates() {
    let body = body_of(
        r#"{"//": "c", "a": 1, "a": 2, "t": {"x": 1, "//": 2, "x": 3}}"#,
        "d.json",
    );
    let schema = BodySchema::new().attribute("a", false).block("t", &[]);
    let mut diags = Diagnostics::new();
    let c = body.content(&schema, &mut diags);
    assert_eq!(
        diag_lines(&diags),
        [
            "d.json:1,21-24: Duplicate argument; The argument \"a\" was already set at d.json:1,13-19."
        ]
    );
    let mut diags = Diagnostics::new();
    let attrs = c.blocks[0].body.just_attributes(&mut diags);
    assert_eq!(attrs.iter().map(|a| a.name).collect::<Vec<_>>(), ["x"]);
    assert_eq!(
        diag_lines(&diags),
        [
            "d.json:1,52-55: Duplicate attribute definition; The argument \"x\" was already set at d.json:1,35-41."
        ]
    );
}

#[test]
fn json_and_native_bodies_merge() {
    let native = parse(b"a = 1\nb {\n}\n", "n.hcl", Syntax::Native).0.body;
    let json = body_of(r#"{"a": 2, "b": {}, "c": 3}"#, "j.json");
    let merged = Body::merged(vec![native, json]);
    let schema = BodySchema::new()
        .attribute("a", false)
        .attribute("c", false)
        .block("b", &[]);
    let mut diags = Diagnostics::new();
    let c = merged.content(&schema, &mut diags);
    assert_eq!(c.blocks.len(), 2);
    assert_eq!(
        diag_lines(&diags),
        ["j.json:1,2-5: Duplicate argument; Argument \"a\" was already set at n.hcl:1,1-2"]
    );
}

// ----- expressions ----------------------------------------------------------

fn expr_of(src: &str) -> Expression {
    let file = json::source_from_bytes("e.json", src.as_bytes().to_vec());
    let (parsed, diags) = json::parse_expression(file, &Default::default());
    assert!(diags.is_empty(), "{diags}");
    Expression::Json {
        doc: parsed.doc,
        value: parsed.root,
    }
}

fn test_context() -> EvalContext {
    let mut ctx = EvalContext::new();
    ctx.set_variable("v", Value::string("V"));
    ctx.set_variable("u", Value::unknown(Type::String));
    ctx.set_variable("n", Value::int(2));
    ctx.set_variable("l", Value::list(Type::String, vec![Value::string("a")]));
    ctx.set_function(
        "upper",
        hcldecode::function::stdlib::lookup("upper").unwrap(),
    );
    ctx
}

/// Each case: expression; value and diagnostics with the context; value
/// and diagnostics without (from `json.ParseExpression` + `Value`).
#[allow(clippy::type_complexity)]
const EVAL_CASES: &[(&str, &str, &[&str], &str, &[&str])] = &[
    (r#""${v}""#, r#""V""#, &[], r#""${v}""#, &[]),
    (r#""a${v}b""#, r#""aVb""#, &[], r#""a${v}b""#, &[]),
    (r#""${n}""#, "n(2)", &[], r#""${n}""#, &[]),
    (r#""$${v}""#, r#""${v}""#, &[], r#""$${v}""#, &[]),
    (
        r#""%{if true}y%{endif}""#,
        r#""y""#,
        &[],
        r#""%{if true}y%{endif}""#,
        &[],
    ),
    (r#""${upper(v)}""#, r#""V""#, &[], r#""${upper(v)}""#, &[]),
    (
        r#"{"${v}": 1, "k": [1, "${n + 1}"]}"#,
        r#"object{"V":n(1),"k":tuple[n(1),n(3)]}"#,
        &[],
        r#"object{"${v}":n(1),"k":tuple[n(1),"${n + 1}"]}"#,
        &[],
    ),
    (
        r#"{"${u}": 1}"#,
        "unknown(any)",
        &[],
        r#"object{"${u}":n(1)}"#,
        &[],
    ),
    (
        r#"{"${null}": 1}"#,
        "object{}",
        &["e.json:1,2-11: Invalid object key expression; Cannot use null value as an object key."],
        r#"object{"${null}":n(1)}"#,
        &[],
    ),
    (
        r#"{"${l}": 1}"#,
        "object{}",
        &[
            "e.json:1,2-8: Invalid object key expression; Cannot use this expression as an object key: string required.",
        ],
        r#"object{"${l}":n(1)}"#,
        &[],
    ),
    (
        r#"{"a": 1, "a": 2}"#,
        r#"object{"a":n(1)}"#,
        &[
            "e.json:1,10-13: Duplicate object attribute; An attribute named \"a\" was already defined at e.json:1,2-5.",
        ],
        r#"object{"a":n(1)}"#,
        &[
            "e.json:1,10-13: Duplicate object attribute; An attribute named \"a\" was already defined at e.json:1,2-5.",
        ],
    ),
    (
        r#"{"${v}": 1, "V": 2}"#,
        r#"object{"V":n(1)}"#,
        &[
            "e.json:1,13-16: Duplicate object attribute; An attribute named \"V\" was already defined at e.json:1,2-8.",
        ],
        r#"object{"${v}":n(1),"V":n(2)}"#,
        &[],
    ),
    (
        r#""${nope}""#,
        "unknown(any)",
        &["e.json:1,4-8: Unknown variable; There is no variable named \"nope\"."],
        r#""${nope}""#,
        &[],
    ),
    (
        r#""${v""#,
        "unknown(any)",
        &[
            "e.json:1,2-4: Unclosed template interpolation sequence; There is no closing brace for this interpolation sequence before the end of the file. This might be caused by incorrect nesting inside the given expression.",
        ],
        r#""${v""#,
        &[],
    ),
    (
        "[null, true, 1e3, -0.5]",
        "tuple[null(any),true,n(1000),n(-0.5)]",
        &[],
        "tuple[null(any),true,n(1000),n(-0.5)]",
        &[],
    ),
    (r#""\u00e9${v}""#, r#""éV""#, &[], r#""é${v}""#, &[]),
    (
        r#"{"k": "${nope}", "${nope2}": 1}"#,
        "unknown(any)",
        &[
            "e.json:1,10-14: Unknown variable; There is no variable named \"nope\".",
            "e.json:1,21-26: Unknown variable; There is no variable named \"nope2\".",
        ],
        r#"object{"${nope2}":n(1),"k":"${nope}"}"#,
        &[],
    ),
    (r#""${u}""#, "unknown(string)", &[], r#""${u}""#, &[]),
    (
        r#"{"${u}": "${nope}"}"#,
        "unknown(any)",
        &["e.json:1,13-17: Unknown variable; There is no variable named \"nope\"."],
        r#"object{"${u}":"${nope}"}"#,
        &[],
    ),
    // cty normalises strings (and so object keys) to NFC.
    (
        r#"{"\u00e9": 1, "e\u0301": 2}"#,
        r#"object{"é":n(1)}"#,
        &[
            "e.json:1,15-24: Duplicate object attribute; An attribute named \"é\" was already defined at e.json:1,2-10.",
        ],
        r#"object{"é":n(1)}"#,
        &[
            "e.json:1,15-24: Duplicate object attribute; An attribute named \"é\" was already defined at e.json:1,2-10.",
        ],
    ),
];

#[test]
fn json_expressions_evaluate_like_the_reference() {
    let ctx = test_context();
    let mut failures = Vec::new();
    for &(src, want_ctx, want_ctx_diags, want_nil, want_nil_diags) in EVAL_CASES {
        let e = expr_of(src);
        for (mode, c, want, want_diags) in [
            ("ctx", Some(&ctx), want_ctx, want_ctx_diags),
            ("nil", None, want_nil, want_nil_diags),
        ] {
            let (v, diags) = evaluate(e.as_ref(), c);
            let got = fmt_value(&v);
            let got_diags = diag_lines(&diags);
            if got != want || got_diags != want_diags {
                failures.push(format!(
                    "{mode} {src}\n  want {want} {want_diags:?}\n  got  {got} {got_diags:?}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn json_expression_ranges() {
    let e = expr_of(" {\"a\": [1]} ");
    assert_eq!(e.range().to_string(), "e.json:1,2-12");
    assert_eq!(e.as_ref().start_range().to_string(), "e.json:1,2-3");
    assert_eq!(e.source_text(), "{\"a\": [1]}");
}

#[test]
fn json_variables_like_the_reference() {
    // (expression, traversals as root name and source range)
    let cases: &[(&str, &[&str])] = &[
        (r#""${v}""#, &["v e.json:1,4-5"]),
        (r#""${upper(v)}""#, &["v e.json:1,10-11"]),
        (
            r#"{"${v}": 1, "k": [1, "${n + 1}"]}"#,
            &["v e.json:1,5-6", "n e.json:1,25-26"],
        ),
        (
            r#"{"k": "${nope}", "${nope2}": 1}"#,
            &["nope e.json:1,10-14", "nope2 e.json:1,21-26"],
        ),
        (r#""$${v}""#, &[]),
        (r#""${v""#, &[]),
        (r#"[1, "x", null]"#, &[]),
        (r#""${a.b[0].c}""#, &["a e.json:1,4-12"]),
    ];
    for &(src, want) in cases {
        let e = expr_of(src);
        let got: Vec<String> = hcldecode::decode::expr_variables(e.as_ref())
            .iter()
            .map(|t| format!("{} {}", t.root_name(), t.range()))
            .collect();
        assert_eq!(got, want, "{src}");
    }
}

/// Where the reference positions a template in a string with escapes as if
/// the decoded text started after the quote, positions here are those of
/// the bytes in the file.
#[test]
fn json_templates_with_escapes_point_at_the_source() {
    let src = r#"{"a": "\t\u00e9\n${nope}"}"#;
    let body = body_of(src, "x.json");
    let schema = BodySchema::new().attribute("a", false);
    let c = body.content(&schema, &mut Diagnostics::new());
    let attr = c.attribute(&schema, "a").unwrap();
    let ctx = test_context();
    let (_, diags) = evaluate(attr.expr, Some(&ctx));
    let at = src.find("nope").unwrap();
    let d = &diags[0];
    let r = d.subject.as_ref().unwrap();
    assert_eq!((r.start.byte, r.end.byte), (at, at + 4));
    assert_eq!((r.start.line, r.start.column), (1, at + 1));
    let vars = hcldecode::decode::expr_variables(attr.expr);
    assert_eq!(vars[0].range(), *r);
}

// ----- decoding end to end ----------------------------------------------

fn decode(spec: &str, files: &[(&str, &str)]) -> (String, Vec<String>) {
    let (loaded, diags) = LoadedSpec::load_str(spec, "spec.hcldec");
    assert!(diags.is_empty(), "{diags}");
    let loaded = loaded.unwrap();
    let bodies: Vec<Body> = files
        .iter()
        .map(|(name, src)| {
            let (f, d) = parse(src.as_bytes(), name, Syntax::for_path(name));
            assert!(d.is_empty(), "{d}");
            f.body
        })
        .collect();
    let body = Body::merged(bodies);
    let ctx = loaded.input_context();
    let ctx = (!ctx.is_empty()).then_some(ctx);
    let (v, d) = loaded.decode(&body, ctx.as_ref());
    let json = hcldecode::value::json::marshal(&v, &Type::Dynamic).unwrap_or_default();
    (json, diag_lines(&d))
}

/// Results as `hcldec --with-type --keep-nulls` prints them.
#[test]
fn json_decodes_blocks_with_labels() {
    let spec = r#"
object {
  block_map "service" {
    labels = ["kind", "name"]
    attr {
      name = "port"
      type = number
    }
  }
  block_list "rule" {
    object {
      attr "x" {
        type = string
      }
    }
  }
}
"#;
    let (v, d) = decode(
        spec,
        &[(
            "in.json",
            r#"{"service": {"http": {"web": {"port": 80}, "api": [{"port": 81}]}},
               "rule": [{"x": "a"}, {"x": 1}], "//": "comment"}"#,
        )],
    );
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(
        v,
        r#"{"value":{"rule":[{"x":"a"},{"x":"1"}],"service":{"http":{"api":81,"web":80}}},"type":["object",{"rule":["list",["object",{"x":"string"}]],"service":["map",["map","number"]]}]}"#
    );
}

#[test]
fn json_templates_use_the_spec_context() {
    // json-syntax/004-templates-in-strings of the reference cases.
    let spec = r#"
variables {
  env = "prod"
}
function "upper" {
  params = [s]
  result = upper(s)
}
object {
  attr "name" { type = string }
  attr "count" { type = number }
  attr "raw" { type = string }
}
"#;
    let (v, d) = decode(
        spec,
        &[(
            "in.json",
            r#"{"name": "svc-${upper(env)}", "count": "${1 + 2}", "raw": "literal $${not} %%{no}"}"#,
        )],
    );
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(
        v,
        r#"{"value":{"count":3,"name":"svc-PROD","raw":"literal ${not} %{no}"},"type":["object",{"count":"number","name":"string","raw":"string"}]}"#
    );
}

#[test]
fn json_unsupported_property_and_wrong_type() {
    let spec = "object {\n  attr \"name\" {\n    type = string\n  }\n}\n";
    let (_, d) = decode(
        spec,
        &[("in.json", "{\n  \"name\": \"x\",\n  \"nmae\": \"y\"\n}")],
    );
    assert_eq!(
        d,
        [
            "in.json:3,3-9: Extraneous JSON object property; No argument or block type is named \"nmae\"."
        ]
    );
    let (_, d) = decode(spec, &[("in.json", r#"{"name": {"x": 1}}"#)]);
    assert_eq!(
        d,
        [
            "in.json:1,10-18: Incorrect attribute value type; Inappropriate value for attribute \"name\": string required."
        ]
    );
}

#[test]
fn json_missing_block_points_at_the_closing_brace() {
    let spec = "object {\n  block \"b\" {\n    required = true\n    attr {\n      name = \"x\"\n    }\n  }\n}\n";
    let (_, d) = decode(spec, &[("in.json", "{\n}\n")]);
    assert_eq!(
        d,
        ["in.json:2,1-2: Missing b block; A block of type \"b\" is required here."]
    );
}

#[test]
fn json_text_diagnostics_name_the_json_path() {
    use hcldecode_spec::diag::render::{SourceMap, write_text};
    let src = "{\n \"r\": {\n  \"t\": [\n   {\"x\": 1},\n   {\"x\": \"nope\"}\n  ],\n  \"u\": {\"x\": []}\n }\n}\n";
    let (file, _) = parse(src.as_bytes(), "input.json", Syntax::Json);
    let (doc, root) = file.body.json_root().unwrap();
    let mut map = SourceMap::new();
    map.add_json(doc.clone(), root);
    let spec = "object {\n  block_map \"r\" {\n    labels = [\"t\"]\n    attr {\n      name = \"x\"\n      type = number\n    }\n  }\n}\n";
    let (loaded, _) = LoadedSpec::load_str(spec, "spec.hcldec");
    let (_, diags) = loaded.unwrap().decode(&file.body, None);
    let mut out = String::new();
    write_text(&mut out, &diags, &map, 80, false);
    // As the reference hcldec prints them.
    assert_eq!(
        out,
        "Error: Incorrect attribute value type\n\n  on input.json line 5, in r.t[1]:\n   5:    {\"x\": \"nope\"}\n\nInappropriate value for attribute \"x\": a number is required.\n\n\
         Error: Duplicate r block\n\n  on input.json line 3, in r.t:\n   3:   \"t\": [\n\nA block for r \"t\" was already defined. The r labels must be unique.\n\n\
         Error: Incorrect attribute value type\n\n  on input.json line 7, in r.u.x:\n   7:   \"u\": {\"x\": []}\n\nInappropriate value for attribute \"x\": number required.\n\n"
    );
}
