//! Diagnostics that programs act on carry a stable code (`diag::Code`):
//! spec-file validation, nesting limits, body content, the engine's
//! decoding errors and evaluation errors, decided on by code, not by
//! wording (miette shows the code too).

use hcldecode::Diagnostic;
use hcldecode::parse::parse_native;
use hcldecode::spec_file::LoadedSpec;
use hcldecode_spec::diag::Code;

fn codes(diags: &[Diagnostic]) -> Vec<Option<Code>> {
    diags.iter().map(|d| d.code).collect()
}

#[test]
fn spec_file_validation_errors_carry_their_codes() {
    let src = "object {\n  attr \"x\" { type = string }\n  attr \"x\" { type = number }\n  block_list \"b\" {\n    block_type = \"blk\"\n    min_items = 3\n    max_items = 2\n    object {}\n  }\n}\n";
    let (_, diags) = LoadedSpec::load_str(src, "s.hcldec");
    assert_eq!(
        codes(&diags),
        vec![
            Some(Code::DuplicateObjectProperty),
            Some(Code::InvalidBlockCountLimits)
        ]
    );
    // At the offending spec, as before the codes.
    assert_eq!(diags[0].subject.as_ref().map(|r| r.start.line), Some(3));
}

#[test]
fn nesting_limits_carry_their_code() {
    let deep = format!("a = {}1{}\n", "[".repeat(300), "]".repeat(300));
    let (_, diags) = parse_native(deep.as_bytes(), "deep.hcl");
    assert_eq!(codes(&diags), vec![Some(Code::NestingTooDeep)]);
}

fn decode_codes(spec: &str, input: &str) -> Vec<Option<Code>> {
    let (spec, diags) = LoadedSpec::load_str(spec, "s.hcldec");
    assert!(diags.is_empty(), "{diags:?}");
    let spec = spec.unwrap();
    let (file, diags) = parse_native(input.as_bytes(), "in.hcl");
    assert!(diags.is_empty(), "{diags:?}");
    let mut ctx = hcldecode::eval::EvalContext::new();
    ctx.set_variable("known", hcldecode::Value::int(1));
    let (_, diags) = hcldecode::decode::decode(&file.body, &spec.spec, Some(&ctx), None);
    for d in diags.iter().filter(|d| d.code.is_none()) {
        eprintln!("without a code: {d}");
    }
    codes(&diags)
}

#[test]
fn body_content_errors_carry_their_codes() {
    let spec = "object {\n  attr \"name\" {\n    type = string\n    required = true\n  }\n  block \"svc\" {\n    object {\n      block_label \"id\" { index = 0 }\n    }\n  }\n}\n";
    // In source order: the block problems, then the missing argument.
    let got = decode_codes(spec, "nmae = \"x\"\nextra {}\nsvc \"a\" \"b\" {}\nsvc {}\n");
    let mut sorted = got.clone();
    sorted.sort();
    let mut want = vec![
        Some(Code::UnsupportedArgument),
        Some(Code::MissingRequiredArgument),
        Some(Code::UnsupportedBlockType),
        Some(Code::ExtraneousLabel),
        Some(Code::MissingBlockLabel),
    ];
    want.sort();
    assert_eq!(sorted, want, "{got:?}");
    // Two properties of one name in JSON: the body reports it.
    let (spec, _) =
        LoadedSpec::load_str("attr {\n  name = \"a\"\n  type = number\n}\n", "s.hcldec");
    let (file, diags) = hcldecode::parse::parse(
        br#"{"a": 1, "a": 2}"#,
        "in.json",
        hcldecode::parse::Syntax::Json,
    );
    assert!(diags.is_empty(), "{diags:?}");
    let (_, diags) = hcldecode::decode::decode(&file.body, &spec.unwrap().spec, None, None);
    assert_eq!(codes(&diags), vec![Some(Code::DuplicateArgument)]);
}

#[test]
fn decode_errors_carry_their_codes() {
    assert_eq!(
        decode_codes(
            "attr {\n  name = \"a\"\n  type = number\n}\n",
            "a = \"x\"\n"
        ),
        vec![Some(Code::IncorrectAttributeValueType)]
    );
    let block = "block {\n  block_type = \"b\"\n  required = true\n  object {}\n}\n";
    assert_eq!(decode_codes(block, ""), vec![Some(Code::MissingBlock)]);
    assert_eq!(
        decode_codes(block, "b {}\nb {}\n"),
        vec![Some(Code::DuplicateBlock)]
    );
    let list =
        "block_list {\n  block_type = \"b\"\n  min_items = 2\n  max_items = 3\n  object {}\n}\n";
    assert_eq!(
        decode_codes(list, "b {}\n"),
        vec![Some(Code::InsufficientBlocks)]
    );
    assert_eq!(
        decode_codes(list, "b {}\nb {}\nb {}\nb {}\n"),
        vec![Some(Code::TooManyBlocks)]
    );
    let mixed =
        "block_list {\n  block_type = \"b\"\n  object {\n    attr \"v\" { type = any }\n  }\n}\n";
    assert_eq!(
        decode_codes(mixed, "b {\n  v = 1\n}\nb {\n  v = [1]\n}\n"),
        vec![Some(Code::InconsistentBlockTypes)]
    );
    let attrs = "block_attrs {\n  block_type = \"tags\"\n  element_type = number\n}\n";
    assert_eq!(
        decode_codes(attrs, "tags {\n  a = \"x\"\n}\n"),
        vec![Some(Code::InvalidBlockAttributeValue)]
    );
    assert_eq!(
        decode_codes("attr {\n  name = \"a\"\n  type = any\n}\n", "a = nope\n"),
        vec![Some(Code::UnknownVariable)]
    );
}

/// The codes of decoding `a = EXPR` (any type) with `known = 1`, a map
/// `m`, a null `n` and, where `functions` is set, `upper` and `max`.
fn eval_codes(expr: &str, ctx: Option<&hcldecode::eval::EvalContext>) -> Vec<Option<Code>> {
    let (spec, _) = LoadedSpec::load_str("attr {\n  name = \"a\"\n  type = any\n}\n", "s.hcldec");
    let src = format!("a = {expr}\n");
    let (file, diags) = parse_native(src.as_bytes(), "in.hcl");
    assert!(diags.is_empty(), "{expr}: {diags:?}");
    let (_, diags) = hcldecode::decode::decode(&file.body, &spec.unwrap().spec, ctx, None);
    codes(&diags)
}

#[test]
fn evaluation_errors_carry_their_codes() {
    use hcldecode::{Type, Value};
    let mut ctx = hcldecode::eval::EvalContext::new();
    ctx.set_variable("known", Value::int(1));
    ctx.set_variable("n", Value::null(Type::String));
    ctx.set_variable("m", Value::map(Type::Number, [("x", Value::int(1))]));
    ctx.set_variable("l", Value::list(Type::Number, vec![Value::int(1)]));
    let upper = hcldecode::function::stdlib::lookup("upper").unwrap();
    ctx.set_function("upper", upper);
    let cases: &[(&str, Code)] = &[
        ("nope", Code::UnknownVariable),
        ("nope(1)", Code::UnknownFunction),
        ("upper()", Code::WrongArgumentCount),
        ("upper(\"a\", \"b\")", Code::WrongArgumentCount),
        ("upper([])", Code::InvalidFunctionArgument),
        ("upper(n...)", Code::InvalidExpandingArgument),
        ("known ? 1 : 2", Code::InvalidCondition),
        ("n == null ? 1 : [1]", Code::InconsistentConditionalTypes),
        ("[] + 1", Code::InvalidOperand),
        ("{ a.b = 1 }", Code::AmbiguousAttributeKey),
        ("{ (n) = 1 }", Code::InvalidObjectKey),
        (
            "{ for v in [\"a\", \"a\"] : v => 1 }",
            Code::DuplicateObjectKey,
        ),
        ("{ for k, v in m : n => v }", Code::InvalidObjectKey),
        ("[for v in m : v if \"x\"]", Code::InvalidCondition),
        ("[for v in n : v]", Code::InvalidIteration),
        ("[for v in 1 : v]", Code::InvalidIteration),
        ("\"x${n}\"", Code::InvalidTemplateValue),
        ("\"x${[]}\"", Code::InvalidTemplateValue),
        ("known.x", Code::UnsupportedAttribute),
        ("m.y", Code::InvalidIndex),
        ("l[5]", Code::InvalidIndex),
        ("n.x", Code::NullTraversal),
        ("n[0]", Code::NullTraversal),
    ];
    for (expr, want) in cases {
        assert_eq!(eval_codes(expr, Some(&ctx)), vec![Some(*want)], "{expr}");
    }
    // Without a context, references and calls are not allowed at all.
    assert_eq!(
        eval_codes("known", None),
        vec![Some(Code::VariablesNotAllowed)]
    );
    assert_eq!(
        eval_codes("upper(\"a\")", None),
        vec![Some(Code::FunctionCallsNotAllowed)]
    );
}

#[cfg(feature = "miette")]
#[test]
fn miette_shows_the_code() {
    use miette::Diagnostic as _;
    let d = hcldecode::Diagnostic::error("Unsupported argument", "x")
        .with_code(Code::UnsupportedArgument);
    let p = hcldecode_spec::diag::miette::Problem::new(&d, &Default::default());
    assert_eq!(
        p.code().map(|c| c.to_string()).as_deref(),
        Some("content.unsupported_argument")
    );
}

#[test]
fn dynamic_block_errors_carry_their_codes() {
    let spec = "block_map {\n  block_type = \"svc\"\n  labels = [\"name\"]\n  object {\n    attr \"port\" { type = number }\n  }\n}\n";
    let (spec, diags) = LoadedSpec::load_str(spec, "s.hcldec");
    assert!(diags.is_empty(), "{diags:?}");
    let spec = spec.unwrap();
    let dyn_codes = |body: &str, max_elements: u64| {
        let input = format!("dynamic \"svc\" {{\n{body}\n}}\n");
        let (file, diags) = parse_native(input.as_bytes(), "in.hcl");
        assert!(diags.is_empty(), "{input}: {diags:?}");
        let mut ctx = hcldecode::eval::EvalContext::new();
        ctx.set_limits(hcldecode::eval::Limits {
            max_elements,
            ..Default::default()
        });
        ctx.set_variable("nothing", hcldecode::Value::null(hcldecode::Type::Dynamic));
        // Built here, so evaluating it draws nothing from the budget.
        let three = (1..=3).map(hcldecode::Value::int).collect();
        ctx.set_variable("three", hcldecode::Value::tuple(three));
        let opts = hcldecode::decode::DecodeOptions::new().dynamic_blocks(true);
        let (_, diags) = spec.decode_with(&file.body, Some(&ctx), opts);
        codes(&diags)
    };
    let content = "content {\n  port = 1\n}";
    let labels = "labels = [\"a\"]";
    let cases = [
        (
            format!("for_each = 1\n{labels}\n{content}"),
            Code::InvalidForEach,
        ),
        (
            format!("for_each = nothing\n{labels}\n{content}"),
            Code::InvalidForEach,
        ),
        (
            format!("for_each = [1]\niterator = a.b\n{labels}\n{content}"),
            Code::InvalidIterator,
        ),
        (
            format!("for_each = [1]\niterator = 1 + 1\n{labels}\n{content}"),
            Code::InvalidIterator,
        ),
        (
            format!("for_each = [1]\nlabels = [\"a\", \"b\"]\n{content}"),
            Code::ExtraneousLabel,
        ),
        (
            format!("for_each = [1]\nlabels = []\n{content}"),
            Code::MissingBlockLabel,
        ),
        (
            format!("for_each = [1]\nlabels = [null]\n{content}"),
            Code::InvalidDynamicLabel,
        ),
        (
            format!("for_each = [1]\nlabels = \"a\"\n{content}"),
            Code::InvalidDynamicLabel,
        ),
        (
            format!("for_each = [1]\n{labels}"),
            Code::MissingContentBlock,
        ),
        (
            format!("for_each = [1]\n{labels}\n{content}\n{content}"),
            Code::ExtraneousContentBlock,
        ),
        (
            format!("for_each = three\nlabels = [svc.key]\n{content}"),
            Code::TooManyDynamicBlocks,
        ),
    ];
    for (body, want) in &cases {
        assert_eq!(dyn_codes(body, 2), vec![Some(*want)], "{body}");
    }
    // Within the limit, the same for_each expands without diagnostics.
    assert_eq!(
        dyn_codes(
            &format!("for_each = [1, 2]\nlabels = [svc.key]\n{content}"),
            2
        ),
        vec![]
    );
    // A dynamic block of a type the schema does not have.
    let (file, _) = parse_native(
        b"dynamic \"nope\" {\n  for_each = []\n  content {}\n}\n",
        "in.hcl",
    );
    let opts = hcldecode::decode::DecodeOptions::new().dynamic_blocks(true);
    let (_, diags) = spec.decode_with(&file.body, None, opts);
    assert_eq!(codes(&diags), vec![Some(Code::UnsupportedBlockType)]);
}

/// The name a "Did you mean" suggests is data on the diagnostic (for quick
/// fixes), on every route that makes one; hints that name no replacement
/// ("Did you mean to define a block …") set none.
#[test]
fn suggested_names_are_data_on_the_diagnostic() {
    let spec = "object {\n  attr \"timeout\" { type = number }\n  block_list \"service\" {\n    object {}\n  }\n}\n";
    let (spec, diags) = LoadedSpec::load_str(spec, "s.hcldec");
    assert!(diags.is_empty(), "{diags:?}");
    let spec = spec.unwrap();
    let (file, diags) = parse_native(
        b"timeuot = 1\nservise {}\nservice = 1\ntimeout {}\n",
        "in.hcl",
    );
    assert!(diags.is_empty(), "{diags:?}");
    let (_, diags) = hcldecode::decode::decode(&file.body, &spec.spec, None, None);
    let got: Vec<(Option<Code>, Option<&str>)> = diags
        .iter()
        .map(|d| (d.code, d.suggestion.as_deref()))
        .collect();
    assert!(
        got.contains(&(Some(Code::UnsupportedArgument), Some("timeout"))),
        "{got:?}"
    );
    assert!(
        got.contains(&(Some(Code::UnsupportedBlockType), Some("service"))),
        "{got:?}"
    );
    // `service = 1` and `timeout {}` get hints, not replacements.
    assert!(
        got.contains(&(Some(Code::UnsupportedArgument), None)),
        "{got:?}"
    );
    assert!(
        got.contains(&(Some(Code::UnsupportedBlockType), None)),
        "{got:?}"
    );

    let mut ctx = hcldecode::eval::EvalContext::new();
    ctx.set_variable("region", hcldecode::Value::string("eu"));
    ctx.set_function(
        "upper",
        hcldecode::function::stdlib::lookup("upper").unwrap(),
    );
    for (src, code, want) in [
        ("regoin", Code::UnknownVariable, Some("region")),
        ("uper(region)", Code::UnknownFunction, Some("upper")),
        ("nothing_like_it", Code::UnknownVariable, None),
    ] {
        let expr = hcldecode::parse_expression(src, "e.hcl").unwrap();
        let (_, diags) = hcldecode::eval::evaluate(expr.as_ref(), Some(&ctx));
        assert_eq!(diags[0].code, Some(code), "{src}");
        assert_eq!(diags[0].suggestion.as_deref(), want, "{src}");
    }
}
