//! Dynamic blocks through the Rust API: the options, the limits on what an
//! expansion may generate, and what the recorded conformance cases
//! (`tests/conformance/cases-ext/dynamic-blocks`) do not cover.

use hcldecode::decode::{DecodeOptions, variables_with};
use hcldecode::eval::{EvalContext, Limits};
use hcldecode::parse::{Syntax, parse};
use hcldecode::spec_file::LoadedSpec;
use hcldecode::{Diagnostic, Type, Value};

mod diag_support;
use diag_support::summaries;

fn spec(src: &str) -> LoadedSpec {
    let (loaded, diags) = LoadedSpec::load_str(src, "spec.hcldec");
    assert!(diags.is_empty(), "{diags:?}");
    loaded.unwrap()
}

fn decode(
    spec_src: &str,
    src: &str,
    syntax: Syntax,
    ctx: Option<&EvalContext>,
) -> (Value, Vec<Diagnostic>) {
    let loaded = spec(spec_src);
    let (file, diags) = parse(src.as_bytes(), "in.hcl", syntax);
    assert!(diags.is_empty(), "{diags:?}");
    let opts = DecodeOptions::new().dynamic_blocks(true);
    let (v, diags) = loaded.decode_with(&file.body, ctx, opts);
    (v, diags.into_iter().collect())
}

const PORTS: &str = "block_list {\n  block_type = \"port\"\n  object {\n    attr \"to\" { type = number }\n  }\n}\n";

#[test]
fn ten_million_elements_are_one_bounded_diagnostic() {
    let mut ctx = EvalContext::new();
    ctx.set_variable(
        "ports",
        Value::list(Type::Number, vec![Value::int(1); 10_000_000]),
    );
    let src = "dynamic \"port\" {\n  for_each = ports\n  content { to = port.value }\n}\n";
    let start = std::time::Instant::now();
    let (v, diags) = decode(PORTS, src, Syntax::Native, Some(&ctx));
    assert!(start.elapsed().as_secs() < 10, "took {:?}", start.elapsed());
    let at = src.find("ports").unwrap();
    assert_eq!(
        summaries(&diags),
        [("Too many dynamic blocks".to_string(), at, at + 5)]
    );
    assert_eq!(
        diags[0].detail,
        "This for_each has 10000000 elements: expanding it would generate more than 4000000 blocks, the limit for one decode."
    );
    assert_eq!(v.elements().map(<[Value]>::len), Some(0));
}

#[test]
fn the_limit_counts_every_dynamic_block_of_a_decode() {
    let mut ctx = EvalContext::new();
    ctx.set_limits(Limits {
        max_elements: 5,
        ..Limits::default()
    });
    ctx.allow_variables();
    // 3 + 3 > 5: the second dynamic block is diagnosed, the first expands.
    let src = "dynamic \"port\" {\n  for_each = [1, 2, 3]\n  content { to = port.value }\n}\ndynamic \"port\" {\n  for_each = [4, 5, 6]\n  content { to = port.value }\n}\n";
    let (v, diags) = decode(PORTS, src, Syntax::Native, Some(&ctx));
    let at = src.find("[4, 5, 6]").unwrap();
    assert_eq!(
        summaries(&diags),
        [("Too many dynamic blocks".to_string(), at, at + 9)]
    );
    assert_eq!(v.elements().map(<[Value]>::len), Some(3));
}

#[test]
fn nested_dynamic_blocks_multiply_within_the_limit() {
    let spec_src = "block_list {\n  block_type = \"group\"\n  object {\n    block_list \"task\" {\n      object {\n        attr \"id\" { type = string }\n      }\n    }\n  }\n}\n";
    let src = "dynamic \"group\" {\n  for_each = [\"a\", \"b\"]\n  content {\n    dynamic \"task\" {\n      for_each = [1, 2, 3]\n      content { id = \"${group.value}${task.value}\" }\n    }\n  }\n}\n";
    let (v, diags) = decode(spec_src, src, Syntax::Native, None);
    assert!(diags.is_empty(), "{diags:?}");
    let ids: Vec<String> = v
        .elements()
        .unwrap()
        .iter()
        .flat_map(|g| {
            g.get_attr("task")
                .unwrap()
                .elements()
                .unwrap()
                .iter()
                .map(|t| t.get_attr("id").unwrap().as_str().unwrap().to_string())
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(ids, ["a1", "a2", "a3", "b1", "b2", "b3"]);
}

#[test]
fn block_attrs_content_sees_the_iterator() {
    // The reference reports "Variables not allowed" here (its expanded
    // bodies pass JustAttributes through); see docs/deviations.md.
    let spec_src = "block_attrs {\n  block_type = \"tags\"\n  element_type = string\n}\n";
    let src = "dynamic \"tags\" {\n  for_each = [\"x\"]\n  content { name = tags.value }\n}\n";
    let (v, diags) = decode(spec_src, src, Syntax::Native, None);
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(v.get_attr("name"), None);
    assert_eq!(v.index(&Value::string("name")), Some(Value::string("x")));
}

#[test]
fn an_unknown_for_each_makes_the_blocks_unknown() {
    let mut ctx = EvalContext::new();
    ctx.set_variable("ports", Value::unknown(Type::list(Type::Number)));
    let src = "dynamic \"port\" {\n  for_each = ports\n  content { to = port.value }\n}\n";
    let (v, diags) = decode(PORTS, src, Syntax::Native, Some(&ctx));
    assert!(diags.is_empty(), "{diags:?}");
    assert!(!v.is_known());
    assert_eq!(v.ty(), &Type::list(Type::object([("to", Type::Number)])));
}

#[test]
fn without_the_option_dynamic_is_an_unsupported_block_type() {
    let loaded = spec(PORTS);
    let src = "dynamic \"port\" {\n  for_each = [1]\n  content { to = port.value }\n}\n";
    let (file, _) = parse(src.as_bytes(), "in.hcl", Syntax::Native);
    let (_, diags) = loaded.decode(&file.body, None);
    assert_eq!(
        summaries(&diags.into_iter().collect::<Vec<_>>()),
        [("Unsupported block type".to_string(), 0, 7)]
    );
}

#[test]
fn json_nested_dynamic_inside_a_static_block() {
    let spec_src = "block {\n  block_type = \"group\"\n  object {\n    block_list \"port\" {\n      object {\n        attr \"to\" { type = number }\n      }\n    }\n  }\n}\n";
    let src = r#"{"group": {"dynamic": {"port": {"for_each": [80, 443], "iterator": "p", "content": {"to": "${p.value}"}}}}}"#;
    let (v, diags) = decode(spec_src, src, Syntax::Json, None);
    assert!(diags.is_empty(), "{diags:?}");
    let tos: Vec<String> = v
        .get_attr("port")
        .unwrap()
        .elements()
        .unwrap()
        .iter()
        .map(|p| p.get_attr("to").unwrap().as_number().unwrap().to_string())
        .collect();
    assert_eq!(tos, ["80", "443"]);
}

#[test]
fn variables_exclude_iterators_at_every_level() {
    let loaded = spec(
        "block_list {\n  block_type = \"port\"\n  object {\n    block_map \"rule\" {\n      labels = [\"name\"]\n      object {\n        attr \"v\" { type = string }\n      }\n    }\n  }\n}\n",
    );
    let src = "dynamic \"port\" {\n  for_each = var.ports\n  iterator = p\n  content {\n    dynamic \"rule\" {\n      for_each = p.value.rules\n      labels = [rule.key, suffix]\n      content { v = \"${p.key}${rule.value}${other}\" }\n    }\n  }\n}\n";
    let (file, _) = parse(src.as_bytes(), "in.hcl", Syntax::Native);
    let refs = variables_with(
        file.body.as_ref(),
        &loaded.spec,
        DecodeOptions::new().dynamic_blocks(true),
    );
    let names: Vec<&str> = refs.iter().map(|t| t.root_name()).collect();
    assert_eq!(names, ["var", "suffix", "other"]);
}

#[cfg(feature = "derive")]
#[derive(hcldecode::HclDecode, Debug)]
struct WithRest {
    #[hcl(block)]
    port: Vec<PortBlock>,
    #[hcl(remain)]
    rest: hcldecode::Body,
}

#[cfg(feature = "derive")]
#[derive(hcldecode::HclDecode, Debug)]
struct PortBlock {
    to: u16,
}

#[cfg(feature = "derive")]
#[test]
fn typed_remain_with_dynamic_blocks() {
    // The rest keeps its dynamic blocks unexpanded (docs/deviations.md).
    let src =
        "dynamic \"port\" {\n  for_each = [1, 2]\n  content { to = port.value }\n}\nother = 1\n";
    let v: WithRest = hcldecode::Decoder::new()
        .dynamic_blocks(true)
        .decode_str(src, "r.hcl")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(v.port.iter().map(|p| p.to).collect::<Vec<_>>(), [1, 2]);
    let mut d = hcldecode::Diagnostics::new();
    let attrs = v.rest.just_attributes(&mut d);
    assert_eq!(attrs.iter().map(|a| a.name).collect::<Vec<_>>(), ["other"]);
}
