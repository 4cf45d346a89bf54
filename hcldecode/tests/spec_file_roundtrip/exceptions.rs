//! The derived types a spec file cannot express (the table of the crate's
//! doc comment): their printed spec says so in a comment at the place and
//! still loads; the documents that need what it cannot say decode
//! differently (each test shows how), those that do not still round-trip.

use std::collections::{BTreeMap, HashMap};

use hcldecode::{Body, Expression, HclDecode, Value};

use crate::{Docs, differs, error_summaries, loaded};

// ----- tests/tagged_blocks.rs: `tag = "label"` enums -------------------------

#[derive(HclDecode, Debug)]
struct Run {
    command: String,
    #[hcl(default)]
    retries: u8,
}

#[derive(HclDecode, Debug)]
struct Cache {
    paths: Vec<String>,
}

#[derive(HclDecode, Debug)]
enum Step {
    Run(Run),
    Cache(Cache),
}

#[derive(HclDecode, Debug)]
struct Pipeline {
    #[hcl(block, tag = "label", rename = "step")]
    steps: Vec<Step>,
    #[hcl(block, tag = "label", labels = ["kind"])]
    notify: Option<Step>,
}

const STEPS: &str = r#"
step "run" {
  command = "make"
}
step "cache" {
  paths = ["target"]
}
"#;

#[test]
fn tagged_enums_print_the_label_and_their_kinds_bodies_as_comments() {
    let (text, spec) = loaded::<Pipeline>();
    // At the label of each tagged field: the kinds, and that a spec file
    // cannot decode their bodies.
    assert!(
        text.contains(
            "      # Label 0 (\"type\") names the block's kind, one of \"run\", \"cache\":\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("      # Label 0 (\"kind\") names the block's kind"),
        "{text}"
    );
    assert!(
        text.contains("A spec file cannot choose a body\n      # by a label"),
        "{text}"
    );
    // Each kind's body, commented out, as the spec file of the kind's
    // struct.
    assert!(
        text.contains(
            "      #   \"run\":\n      #     object {\n      #       attr \"command\" {\n      #         type = string\n      #         required = true\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("      #       attr \"paths\" {\n      #         type = list(string)\n"),
        "{text}"
    );
    // What the spec can say: the label.
    assert!(
        text.contains(
            "      block_label \"__tag\" {\n        name = \"type\"\n        index = 0\n"
        ),
        "{text}"
    );
    // The derive reads the kinds' bodies, the spec file cannot.
    let typed: Pipeline = hcldecode::from_str(STEPS, "ci.hcl").unwrap();
    assert!(matches!(&typed.steps[..], [Step::Run(r), Step::Cache(_)] if r.command == "make"));
    let (tv, td, _, fd) = differs::<Pipeline>(&spec, STEPS);
    assert!(td.is_empty(), "{td}");
    let steps = tv.get_attr("step").unwrap();
    assert_eq!(
        steps.elements().unwrap()[1].get_attr("__tag"),
        Some(Value::from("cache"))
    );
    assert_eq!(
        error_summaries(&fd),
        ["Unsupported argument", "Unsupported argument"]
    );
    assert!(
        fd.iter().next().unwrap().detail.contains("\"command\""),
        "{fd}"
    );
    // Without blocks, or with bodies the label alone describes, the two
    // agree.
    Docs::new().ok("").round_trip::<Pipeline>();
    let (tv, td, fv, fd) = differs::<Pipeline>(&spec, "step \"run\" {}\n");
    assert_eq!(td, fd);
    assert!(tv.raw_equals(&fv));
}

// ----- `remain` fields and `Expression` fields --------------------------------

#[derive(HclDecode, Debug)]
struct Dynamic {
    any: Value,
    #[hcl(type = "map(any)")]
    typed: Value,
    when: Expression,
    maybe: Option<Expression>,
    #[hcl(remain)]
    rest: Body,
}

/// write_back.rs's.
#[derive(HclDecode, Debug)]
struct Rule {
    name: String,
    when: Expression,
    #[hcl(remain)]
    rest: Body,
}

#[test]
fn remain_and_expression_fields_print_their_plain_specs_after_comments() {
    let (text, spec) = loaded::<Dynamic>();
    assert!(
        text.starts_with(
            "# the body is decoded partially and the rest kept (hcldecode remain, a\n# `remain` field), which a spec file cannot say: loaded, this spec\n# decodes the whole body, and anything else in it is an error:\nobject {\n"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "  # the attribute's expression is kept unevaluated (hcldecode raw expression,\n  # an `Expression` field), which a spec file cannot say: loaded, this\n  # attribute is evaluated, as any value:\n  attr \"when\" {\n    type = any\n    required = true\n"
        ),
        "{text}"
    );
    // The rest of the body is an error for the spec file; the expression
    // is evaluated (here, without the variable it needs).
    let src = "any = [1, \"a\"]\ntyped = { a = 1 }\nwhen = var.x > 1\nother = 2\n";
    let (tv, td, _, fd) = differs::<Dynamic>(&spec, src);
    assert!(td.is_empty(), "{td}");
    assert!(!tv.get_attr("when").unwrap().is_known());
    assert_eq!(
        error_summaries(&fd),
        ["Unsupported argument", "Variables not allowed"]
    );
    // A literal expression: the typed value is unknown (the expression is
    // kept), the spec file's the literal's.
    let src = "any = 1\ntyped = {}\nwhen = true\n";
    let (tv, td, fv, fd) = differs::<Dynamic>(&spec, src);
    assert!(td.is_empty() && fd.is_empty(), "{td}\n{fd}");
    assert!(!tv.get_attr("when").unwrap().is_known());
    assert_eq!(fv.get_attr("when"), Some(Value::from(true)));
    // An absent expression (`maybe`) is null on both; the rest agrees.
    for name in ["maybe", "any", "typed"] {
        let (t, f) = (tv.get_attr(name).unwrap(), fv.get_attr(name).unwrap());
        assert!(t.raw_equals(&f), "{name}: {t:?}\n{f:?}");
    }
    assert!(fv.get_attr("maybe").unwrap().is_null());

    let (text, spec) = loaded::<Rule>();
    assert!(
        text.contains("  attr \"when\" {\n    type = any\n"),
        "{text}"
    );
    let src = "# the rule\nname = \"a\"\nwhen = var.x > 1 # threshold\nextra = true\n";
    let (_, td, _, fd) = differs::<Rule>(&spec, src);
    assert!(td.is_empty(), "{td}");
    assert_eq!(
        error_summaries(&fd),
        ["Unsupported argument", "Variables not allowed"]
    );
}

/// typed_basic.rs's `Config`, typed_spanned.rs's `ConfigTraced`: a body
/// whose `remain` keeps something.
#[test]
fn a_remain_field_keeping_items_is_an_error_for_the_spec_file() {
    use crate::typed_more::typed_basic::{Config, SRC};
    let (text, spec) = loaded::<Config>();
    assert!(
        text.starts_with("# the body is decoded partially"),
        "{text}"
    );
    let src = format!("{SRC}extra = 1\nother {{}}\n");
    let (_, td, _, fd) = differs::<Config>(&spec, &src);
    assert!(td.is_empty(), "{td}");
    assert_eq!(
        error_summaries(&fd),
        ["Unsupported argument", "Unsupported block type"]
    );
}

// ----- namespaces: tests/variables.rs -----------------------------------------

#[derive(HclDecode, Debug)]
struct Service {
    #[hcl(label)]
    name: String,
    replicas: u32,
    zones: Vec<String>,
}

#[derive(HclDecode, Debug)]
struct Module {
    #[hcl(block, variables = "var")]
    variable: Vec<hcldecode::namespaces::Variable>,
    #[hcl(block, locals = "local")]
    locals: Vec<hcldecode::namespaces::Locals>,
    #[hcl(block)]
    service: Vec<Service>,
    bucket: Option<String>,
}

const MODULE: &str = r#"
variable "region" {
  type    = string
  default = "eu-west-1"
}

variable "replicas" {
  type    = number
  default = 2
}

locals {
  zones  = ["${var.region}a", "${var.region}b"]
  bucket = "logs-${local.env}"
}

locals {
  env = "prod"
}

service "web" {
  replicas = var.replicas * 2
  zones    = local.zones
}

bucket = local.bucket
"#;

#[test]
fn namespaces_are_printed_and_their_blocks_left_out_of_the_spec_files_result() {
    let (text, spec) = loaded::<Module>();
    assert!(
        text.starts_with(
            "namespace \"var\" {\n  kind       = \"variables\"\n  block_type = \"variable\"\n}\n\nnamespace \"local\" {\n  kind       = \"locals\"\n  block_type = \"locals\"\n}\n\nobject {\n"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "  # \"variable\" blocks declare the names of namespace \"var\" (the namespace\n  # block above): a spec file reads them before the rest and leaves\n  # them out of its result, so this is always empty here"
        ),
        "{text}"
    );
    assert!(
        text.contains("  # \"locals\" blocks declare the names of namespace \"local\""),
        "{text}"
    );
    // Variables and locals get their values on both paths.
    let m: Module = hcldecode::from_str(MODULE, "m.hcl").unwrap();
    assert_eq!((m.variable.len(), m.locals.len()), (2, 2));
    let (tv, td, fv, fd) = differs::<Module>(&spec, MODULE);
    assert!(td.is_empty() && fd.is_empty(), "{td}\n{fd}");
    for name in ["service", "bucket"] {
        let (t, f) = (tv.get_attr(name).unwrap(), fv.get_attr(name).unwrap());
        assert!(t.raw_equals(&f), "{name}: {t:?}\n{f:?}");
    }
    assert_eq!(
        fv.get_attr("bucket"),
        Some(Value::from("logs-prod")),
        "{fv:?}"
    );
    // The declaring blocks: the field's on the typed path, nothing in the
    // spec file's result.
    assert_eq!(tv.get_attr("variable").unwrap().length_int(), Some(2));
    assert_eq!(fv.get_attr("variable").unwrap().length_int(), Some(0));
    assert_eq!(fv.get_attr("locals").unwrap().length_int(), Some(0));
}

// ----- typed_objects.rs's `Declared`: `type = "..."` with optional() ----------

#[derive(HclDecode, Debug)]
struct Declared {
    #[hcl(
        type = "object({ name = string, port = optional(number, 8080), tags = optional(list(string)) })"
    )]
    service: Value,
    #[hcl(type = "list(object({ path = string, interval = optional(string, \"10s\") }))")]
    checks: Vec<Check>,
}

#[derive(HclDecode, Debug)]
struct Check {
    path: String,
    interval: String,
}

#[test]
fn a_declared_type_with_optional_attributes_is_read_as_written() {
    let (text, spec) = loaded::<Declared>();
    assert!(
        text.contains(
            "  # a transform by a Rust function (applies the defaults of optional attributes and converts), which a spec file cannot call, wraps:\n  attr \"service\" {\n    type = any\n"
        ),
        "{text}"
    );
    let src = "service = { name = \"web\" }\nchecks = [{ path = \"/a\" }, { path = \"/b\", interval = \"1s\" }]\n";
    let d: Declared = hcldecode::from_str(src, "d.hcl").unwrap();
    assert_eq!(d.checks[0].interval, "10s");
    let (tv, td, fv, fd) = differs::<Declared>(&spec, src);
    assert!(td.is_empty() && fd.is_empty(), "{td}\n{fd}");
    let service = |v: &Value| v.get_attr("service").unwrap().get_attr("port");
    assert_eq!(service(&tv), Some(Value::int(8080)));
    assert_eq!(service(&fv), None);
}

// ----- typed_per_block.rs: maps of blocks with `any` in them ------------------

#[derive(HclDecode, Debug)]
struct Var {
    default: Option<Value>,
}

#[derive(HclDecode, Debug)]
struct VarsM {
    #[hcl(block)]
    variable: BTreeMap<String, Var>,
}

#[derive(HclDecode, Debug)]
struct VarsH {
    #[hcl(block)]
    variable: HashMap<String, Var>,
}

#[derive(HclDecode, Debug)]
struct Task {
    #[hcl(default)]
    mounts: Vec<crate::typed_per_block::Mount>,
    config: Option<BTreeMap<String, Value>>,
}

#[derive(HclDecode, Debug)]
struct GroupM {
    #[hcl(block)]
    task: BTreeMap<String, Task>,
}

#[derive(HclDecode, Debug)]
struct G {
    #[hcl(block, min_items = 1)]
    task: BTreeMap<String, Task>,
}

#[derive(HclDecode, Debug)]
struct Job {
    #[hcl(block)]
    group: Vec<G>,
}

#[derive(HclDecode, Debug)]
struct GroupBA {
    #[hcl(block)]
    task: BTreeMap<String, crate::typed_per_block::TaskBA>,
}

/// The comment at a block map written as a block object.
const AS_OBJECT: &str = "# Blocks whose values may differ in type (an `any` in them), which a\n";

#[test]
fn block_maps_of_any_are_block_objects() {
    use crate::typed_per_block::{TASKS, VARS, VARS_OBJECT};
    let (text, spec) = loaded::<VarsM>();
    assert!(
        text.contains(&format!("  {AS_OBJECT}"))
            && text.contains("  block_object \"variable\" {\n    labels = [\"name\"]\n"),
        "{text}"
    );
    assert_eq!(loaded::<VarsH>().0, text);
    // Blocks whose values differ in type: an object of them, as typed
    // decoding gives them (hcldec's defaults would unify them).
    Docs::new()
        .ok(VARS)
        .ok(VARS_OBJECT)
        .typed_options_only()
        .round_trip::<VarsM>();
    Docs::new()
        .ok(VARS)
        .typed_options_only()
        .round_trip::<VarsH>();
    // Blocks of one type: typed decoding gives a map, the spec file an
    // object.
    let src = "variable \"a\" { default = \"x\" }\nvariable \"b\" { default = \"y\" }\n";
    let (tv, td, fv, fd) = differs::<VarsM>(&spec, src);
    assert!(td.is_empty() && fd.is_empty(), "{td}\n{fd}");
    assert!(
        matches!(
            tv.get_attr("variable").unwrap().ty(),
            hcldecode::Type::Map(_)
        ),
        "{tv:?}"
    );
    assert!(fv.get_attr("variable").unwrap().ty().is_object(), "{fv:?}");

    for text in [loaded::<GroupM>().0, loaded::<GroupBA>().0] {
        assert!(
            text.contains(&format!("  {AS_OBJECT}"))
                && text.contains("  block_object \"task\" {\n"),
            "{text}"
        );
    }
    // Nested: the group's block list holds a map of `any`.
    let (text, _) = loaded::<Job>();
    assert!(text.contains(&format!("    {AS_OBJECT}")), "{text}");
    assert!(text.contains("  # Blocks whose values differ in type (an `any` in them): hcldec unifies\n  # them into one list"), "{text}");
    Docs::new()
        .ok(TASKS)
        .typed_options_only()
        .round_trip::<GroupM>();
    Docs::new()
        .ok("task \"web\" {\n  config {\n    image = \"nginx\"\n    memory = 512\n  }\n}\ntask \"none\" {}\n")
        .typed_options_only()
        .round_trip::<GroupBA>();
    // No blocks: an empty map, an empty object.
    let (tv, td, fv, fd) = differs::<Job>(&loaded::<Job>().1, "group {\n}\n");
    assert!(td.is_empty() && fd.is_empty(), "{td}\n{fd}");
    let tasks = |v: &Value| v.get_attr("group").unwrap().elements().unwrap()[0].get_attr("task");
    assert_eq!(tasks(&tv).unwrap().length_int(), Some(0));
    assert_eq!(tasks(&fv), Some(Value::empty_object()));
    assert!(!tasks(&tv).unwrap().raw_equals(&tasks(&fv).unwrap()));
}

// ----- typed_recursive.rs: beyond the nesting limit ---------------------------

#[test]
fn self_nesting_beyond_the_limit_is_not_in_the_spec_file() {
    use crate::typed_more::typed_recursive::{Policy, nested};
    let (text, spec) = loaded::<Policy>();
    assert!(
        text.contains("# validated by a Rust function, which a spec file cannot call"),
        "{text}"
    );
    let (_, td, _, fd) = differs::<Policy>(&spec, &nested(6));
    assert_eq!(error_summaries(&td), ["Blocks nested too deep"]);
    assert_eq!(
        error_summaries(&fd),
        ["Unsupported argument", "Unsupported block type"]
    );
}
