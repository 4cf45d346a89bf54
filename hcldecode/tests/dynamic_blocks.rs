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
#[derive(hcldecode::HclDecode, Debug)]
struct Later {
    other: u16,
    #[hcl(block)]
    port: Vec<PortBlock>,
    #[hcl(block)]
    extra: Vec<PortBlock>,
}

#[cfg(feature = "derive")]
#[test]
fn typed_remain_with_dynamic_blocks() {
    let src = "dynamic \"port\" {\n  for_each = [1, 2]\n  content { to = port.value }\n}\nother = 1\ndynamic \"extra\" {\n  for_each = [3]\n  content { to = extra.value }\n}\n";
    let v: WithRest = hcldecode::Decoder::new()
        .dynamic_blocks(true)
        .decode_str(src, "r.hcl")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(v.port.iter().map(|p| p.to).collect::<Vec<_>>(), [1, 2]);
    let mut d = hcldecode::Diagnostics::new();
    let attrs = v.rest.just_attributes(&mut d);
    assert_eq!(attrs.iter().map(|a| a.name).collect::<Vec<_>>(), ["other"]);
    // Decoded later, the rest expands its own dynamic blocks; those of the
    // block types the first decode took are gone from it, as the static
    // ones are (dynblock's `hiddenBlocks`).
    let later: Later = hcldecode::Decoder::new()
        .decode_body(&v.rest)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(later.other, 1);
    assert!(later.port.is_empty());
    assert_eq!(later.extra.iter().map(|p| p.to).collect::<Vec<_>>(), [3]);
}

#[cfg(feature = "derive")]
mod typed_scopes {
    //! Dynamic blocks feed every typed field kind: tagged enums (whose
    //! variant's body is decoded once its label is known), `remain` bodies
    //! and `Expression` fields (decoded or evaluated later), each keeping
    //! the iterators of the blocks they came from.

    use hcldecode::eval::{EvalContext, evaluate_expression};
    use hcldecode::{Body, Decoder, Expression, HclDecode, Value};

    #[derive(HclDecode, Debug, PartialEq)]
    struct Run {
        command: String,
    }

    #[derive(HclDecode, Debug, PartialEq)]
    struct Cache {
        paths: Vec<String>,
    }

    #[derive(HclDecode, Debug, PartialEq)]
    enum Step {
        Run(Run),
        Cache(Cache),
    }

    #[derive(HclDecode, Debug)]
    struct Pipeline {
        #[hcl(block, tag = "label", rename = "step")]
        steps: Vec<Step>,
    }

    fn run(c: &str) -> Step {
        Step::Run(Run { command: c.into() })
    }

    #[test]
    fn a_tagged_enum_sees_the_iterator() {
        let src = r#"
step "cache" {
  paths = ["target"]
}
dynamic "step" {
  for_each = ["make", "make test"]
  labels   = ["run"]
  content {
    command = "${step.value} ${suffix}"
  }
}
"#;
        let p: Pipeline = Decoder::new()
            .dynamic_blocks(true)
            .variable("suffix", "-j2")
            .decode_str(src, "ci.hcl")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            p.steps,
            [
                Step::Cache(Cache {
                    paths: vec!["target".into()]
                }),
                run("make -j2"),
                run("make test -j2"),
            ]
        );
    }

    #[test]
    fn a_tagged_enum_label_from_the_iterator_and_nested_iterators() {
        #[derive(HclDecode, Debug)]
        struct Stage {
            #[hcl(label)]
            name: String,
            #[hcl(block, tag = "label", rename = "step")]
            steps: Vec<Step>,
        }
        #[derive(HclDecode, Debug)]
        struct Root {
            #[hcl(block)]
            stage: Vec<Stage>,
        }
        let src = r#"
dynamic "stage" {
  for_each = { build = "make", test = "make test" }
  labels   = [stage.key]
  content {
    dynamic "step" {
      for_each = [1, 2]
      iterator = n
      labels   = [n.value == 1 ? "run" : "cache"]
      content {
        command = "${stage.value} #${n.value}"
        paths   = [stage.key]
      }
    }
  }
}
"#;
        // In each stage, the first step is a run step (no `paths`), the
        // second a cache step (no `command`): the errors are the variants'
        // own, one per generated block.
        let e = Decoder::new()
            .dynamic_blocks(true)
            .decode_str::<Root>(src, "ci.hcl")
            .unwrap_err();
        let summaries: Vec<&str> = e.diagnostics().iter().map(|d| d.summary.as_str()).collect();
        assert_eq!(summaries, ["Unsupported argument"; 4], "{e}");
        let fixed = src.replace(
            "command = \"${stage.value} #${n.value}\"\n        paths   = [stage.key]",
            "command = \"${stage.value} #${n.value}\"",
        );
        let fixed = fixed.replace("n.value == 1 ? \"run\" : \"cache\"", "\"run\"");
        let r: Root = Decoder::new()
            .dynamic_blocks(true)
            .decode_str(&fixed, "ci.hcl")
            .unwrap_or_else(|e| panic!("{e}"));
        let got: Vec<(&str, &[Step])> = r
            .stage
            .iter()
            .map(|s| (s.name.as_str(), s.steps.as_slice()))
            .collect();
        assert_eq!(
            got,
            [
                ("build", &[run("make #1"), run("make #2")][..]),
                ("test", &[run("make test #1"), run("make test #2")][..]),
            ]
        );
    }

    #[derive(HclDecode, Debug)]
    struct Plugin {
        #[hcl(label)]
        name: String,
        #[hcl(remain)]
        config: Body,
    }

    #[derive(HclDecode, Debug)]
    struct Plugins {
        #[hcl(block)]
        plugin: Vec<Plugin>,
    }

    #[derive(HclDecode, Debug, PartialEq)]
    struct Rule {
        n: u32,
    }

    #[derive(HclDecode, Debug, PartialEq)]
    struct PluginConfig {
        weight: u32,
        #[hcl(block)]
        rule: Vec<Rule>,
    }

    const PLUGINS: &str = r#"
dynamic "plugin" {
  for_each = { a = 1, b = 2 }
  labels   = [plugin.key]
  content {
    weight = plugin.value + bonus
    dynamic "rule" {
      for_each = range(plugin.value)
      content {
        n = rule.value + plugin.value * 10
      }
    }
  }
}
plugin "c" {
  weight = bonus
}
"#;

    #[test]
    fn a_remain_body_decoded_later_keeps_its_iterators() {
        let p: Plugins = Decoder::new()
            .dynamic_blocks(true)
            .functions(hcldecode::function::Functions::stdlib())
            .decode_str(PLUGINS, "p.hcl")
            .unwrap_or_else(|e| panic!("{e}"));
        let names: Vec<&str> = p.plugin.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "c"]);
        // Later, in a context of its own: the iterators are on top of it,
        // and the body's own dynamic blocks expand (`for_each` where it
        // was written), without asking for dynamic blocks again.
        let later = Decoder::new().variable("bonus", 100);
        let configs: Vec<PluginConfig> = p
            .plugin
            .iter()
            .map(|p| {
                later
                    .decode_body(&p.config)
                    .unwrap_or_else(|e| panic!("{e}"))
            })
            .collect();
        assert_eq!(
            configs,
            [
                PluginConfig {
                    weight: 101,
                    rule: vec![Rule { n: 10 }],
                },
                PluginConfig {
                    weight: 102,
                    rule: vec![Rule { n: 20 }, Rule { n: 21 }],
                },
                PluginConfig {
                    weight: 100,
                    rule: vec![],
                },
            ]
        );
    }

    #[test]
    fn a_remain_body_with_an_error_reports_it_in_the_later_decode() {
        let p: Plugins = Decoder::new()
            .dynamic_blocks(true)
            .functions(hcldecode::function::Functions::stdlib())
            .decode_str(PLUGINS, "p.hcl")
            .unwrap_or_else(|e| panic!("{e}"));
        // No `bonus` now: the error is at its reference, in the file (an
        // unknown variable: the iterators make a context of variables).
        let e = Decoder::new()
            .decode_body::<PluginConfig>(&p.plugin[0].config)
            .unwrap_err();
        let d = &e.diagnostics()[0];
        assert_eq!(d.summary, "Unknown variable", "{e}");
        assert_eq!(d.subject.as_ref().unwrap().to_string(), "p.hcl:6,29-34");
    }

    #[derive(HclDecode, Debug)]
    struct Check {
        #[hcl(label)]
        name: String,
        when: Expression,
    }

    #[derive(HclDecode, Debug)]
    struct Checks {
        #[hcl(block)]
        check: Vec<Check>,
    }

    #[test]
    fn an_expression_evaluated_later_keeps_its_iterators() {
        let src = r#"
dynamic "check" {
  for_each = { small = 10, large = 1000 }
  labels   = [check.key]
  content {
    when = size > check.value
  }
}
check "static" {
  when = size > 0
}
"#;
        let c: Checks = Decoder::new()
            .dynamic_blocks(true)
            .decode_str(src, "c.hcl")
            .unwrap_or_else(|e| panic!("{e}"));
        let mut ctx = EvalContext::new();
        ctx.set_variable("size", Value::int(100));
        let got: Vec<(&str, Value)> = c
            .check
            .iter()
            .map(|c| {
                let v = evaluate_expression(&c.when, Some(&ctx)).unwrap_or_else(|e| panic!("{e}"));
                (c.name.as_str(), v)
            })
            .collect();
        assert_eq!(
            got,
            [
                ("large", Value::bool(false)),
                ("small", Value::bool(true)),
                ("static", Value::bool(true)),
            ]
        );
        assert!(c.check[0].when.scope().is_some());
        assert!(c.check[2].when.scope().is_none());
        assert_eq!(c.check[0].when.source_text(), "size > check.value");
    }
}

/// The host vetoes `for_each` values it does not accept (ext/dynblock's
/// `OptCheckForEach`): here, values that are not known.
#[cfg(feature = "derive")]
fn known_only(
    v: &hcldecode::Value,
    expr: hcldecode::ExprRef<'_>,
    _: Option<&hcldecode::eval::EvalContext>,
) -> hcldecode::Diagnostics {
    let mut d = hcldecode::Diagnostics::new();
    if !v.is_wholly_known() {
        d.push(
            hcldecode::Diagnostic::error(
                "Invalid for_each",
                "The for_each value must be known when the configuration is decoded.",
            )
            .with_subject(expr.range()),
        );
    }
    d
}

#[cfg(feature = "derive")]
#[test]
fn the_host_checks_for_each_values() {
    let check = hcldecode::decode::ForEachCheck(known_only);
    let src = "dynamic \"port\" {\n  for_each = ports\n  content { to = port.value }\n}\n";
    let known = hcldecode::Value::tuple(vec![hcldecode::Value::int(80)]);
    let ok: WithRest = hcldecode::Decoder::new()
        .dynamic_blocks(true)
        .check_for_each(check)
        .variable("ports", known)
        .decode_str(src, "p.hcl")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(ok.port[0].to, 80);
    let unknown = hcldecode::Value::unknown(hcldecode::Type::list(hcldecode::Type::Number));
    let e = hcldecode::Decoder::new()
        .dynamic_blocks(true)
        .check_for_each(check)
        .variable("ports", unknown)
        .decode_str::<WithRest>(src, "p.hcl")
        .unwrap_err();
    let d = &e.diagnostics()[0];
    assert_eq!(d.summary, "Invalid for_each");
    assert_eq!(d.subject.as_ref().unwrap().to_string(), "p.hcl:2,14-19");
}
