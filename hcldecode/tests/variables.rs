//! Configurations that refer to themselves (`hcldecode::namespaces`):
//! `variable` and `locals` blocks declared by the schema, values given
//! from outside, locals in dependency order, and the diagnostics of each
//! mistake, decided on by code.

#![cfg(feature = "derive")]

use hcldecode::namespaces::{Locals, Variable};
use hcldecode::parse::{Syntax, parse};
use hcldecode::{Decoder, Diagnostic, Error, HclDecode, Value};
use hcldecode_spec::diag::{Code, Severity};

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
    variable: Vec<Variable>,
    #[hcl(block, locals = "local")]
    locals: Vec<Locals>,
    #[hcl(block)]
    service: Vec<Service>,
    bucket: Option<String>,
}

const VARIABLES: &str = r#"
variable "region" {
  type        = string
  default     = "eu-west-1"
  description = "Where it runs."
}

variable "replicas" {
  type    = number
  default = 2

  validation {
    condition     = var.replicas > 0 && var.replicas <= 10
    error_message = "Between 1 and 10 replicas."
  }
}

variable "token" {
  type      = string
  sensitive = true
  default   = "s3cr3t-value"
}
"#;

const MAIN: &str = r#"
locals {
  zones  = [for z in local.suffixes : "${var.region}${z}"]
  bucket = "logs-${local.env}"
}

locals {
  suffixes = ["a", "b"]
  env      = "prod"
}

service "web" {
  replicas = var.replicas * 2
  zones    = local.zones
}

bucket = local.bucket
"#;

fn decode(dec: &Decoder, files: &[(&str, &str)]) -> Result<Module, Error> {
    let mut parsed = Vec::new();
    let mut diags = hcldecode::Diagnostics::new();
    for (name, text) in files {
        let (f, d) = parse(text.as_bytes(), name, Syntax::for_path(name));
        parsed.push(f);
        diags.extend(d);
    }
    dec.decode_files(&parsed, diags)
}

fn errors(e: &Error) -> Vec<&Diagnostic> {
    e.diagnostics()
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect()
}

fn codes(e: &Error) -> Vec<Option<Code>> {
    errors(e).iter().map(|d| d.code).collect()
}

#[test]
fn two_files_with_defaults_locals_in_any_order() {
    let m = decode(
        &Decoder::new(),
        &[("variables.hcl", VARIABLES), ("main.hcl", MAIN)],
    )
    .unwrap();
    assert_eq!(m.variable.len(), 3);
    assert_eq!(m.locals.len(), 2);
    let web = &m.service[0];
    assert_eq!(web.name, "web");
    assert_eq!(web.replicas, 4);
    assert_eq!(web.zones, ["eu-west-1a", "eu-west-1b"]);
    assert_eq!(m.bucket.as_deref(), Some("logs-prod"));
    // The order of the files does not matter either.
    let m = decode(
        &Decoder::new(),
        &[("main.hcl", MAIN), ("variables.hcl", VARIABLES)],
    )
    .unwrap();
    assert_eq!(m.service[0].zones, ["eu-west-1a", "eu-west-1b"]);
}

#[test]
fn values_from_the_api_files_and_environment_in_precedence_order() {
    let files = [("variables.hcl", VARIABLES), ("main.hcl", MAIN)];
    let env = |pairs: &[(&str, &str)]| {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect::<Vec<_>>()
    };
    // Environment: a string as given, a number as an expression.
    let dec = Decoder::new().variable_env_vars(
        "APP_VAR_",
        env(&[
            ("APP_VAR_region", "us-east-1"),
            ("APP_VAR_replicas", "3"),
            ("OTHER", "x"),
        ]),
    );
    let m = decode(&dec, &files).unwrap();
    assert_eq!(m.service[0].replicas, 6);
    assert_eq!(m.service[0].zones[0], "us-east-1a");
    // A file of values over the environment; the API over both.
    let dec = dec
        .variable_values_str("replicas = 4\nregion = \"ap-south-1\"\n", "prod.tfvars")
        .variable_values_str("{\"replicas\": 5}", "override.tfvars.json");
    let m = decode(&dec, &files).unwrap();
    assert_eq!(
        (m.service[0].replicas, m.service[0].zones[0].as_str()),
        (10, "ap-south-1a")
    );
    let m = decode(&dec.clone().variable_value("replicas", 1), &files).unwrap();
    assert_eq!(m.service[0].replicas, 2);
}

#[test]
fn defaults_and_given_values_convert_to_the_type_with_errors_at_the_value() {
    let vars = "variable \"n\" {\n  type    = number\n  default = \"seven\"\n}\nvariable \"opts\" {\n  type    = object({ port = number, tls = optional(bool, true) })\n  default = { port = \"8080\" }\n}\n";
    let main = "bucket = \"${var.n}\"\n";
    let err = decode(&Decoder::new(), &[("v.hcl", vars), ("m.hcl", main)]).unwrap_err();
    assert_eq!(codes(&err), [Some(Code::VariableInvalidValue)]);
    let d = errors(&err)[0];
    // At the default's expression.
    let r = d.subject.as_ref().unwrap();
    assert_eq!(
        (&*r.filename, r.start.line, r.start.column),
        ("v.hcl", 3, 13)
    );
    assert!(
        d.detail.contains("variable \"n\" of type number"),
        "{}",
        d.detail
    );
    // The object default converts, its optional attribute filled in.
    #[derive(HclDecode, Debug)]
    struct Opts {
        #[hcl(block, variables = "var")]
        variable: Vec<Variable>,
        port: u16,
        tls: bool,
    }
    let src = format!("{vars}port = var.opts.port\ntls = var.opts.tls\n");
    let o: Opts = Decoder::new()
        .variable_value("n", 1)
        .decode_str(&src, "o.hcl")
        .unwrap();
    assert_eq!((o.port, o.tls, o.variable.len()), (8080, true, 2));
    // A value given in a file, at its place in that file.
    let err = Decoder::new()
        .variable_values_str("n = [1]\n", "bad.tfvars")
        .decode_str::<Opts>(&src, "o.hcl")
        .unwrap_err();
    let d = errors(&err)[0];
    assert_eq!(d.code, Some(Code::VariableInvalidValue));
    assert_eq!(&*d.subject.as_ref().unwrap().filename, "bad.tfvars");
}

#[test]
fn a_required_variable_without_a_value_is_one_error_at_its_block() {
    let vars = "variable \"region\" {\n  type = string\n}\n";
    let main = "bucket = \"b-${var.region}\"\n";
    let err = decode(&Decoder::new(), &[("v.hcl", vars), ("m.hcl", main)]).unwrap_err();
    assert_eq!(codes(&err), [Some(Code::VariableRequired)]);
    let d = errors(&err)[0];
    assert!(d.detail.contains("\"region\""));
    let r = d.subject.as_ref().unwrap();
    assert_eq!((&*r.filename, r.start.line, r.end.line), ("v.hcl", 1, 1));
}

#[test]
fn a_failing_validation_is_an_error_at_its_condition_with_its_message() {
    let files = [("variables.hcl", VARIABLES), ("main.hcl", MAIN)];
    let err = decode(&Decoder::new().variable_value("replicas", 11), &files).unwrap_err();
    assert_eq!(codes(&err), [Some(Code::VariableValidation)]);
    let d = errors(&err)[0];
    assert!(
        d.detail.starts_with("Between 1 and 10 replicas."),
        "{}",
        d.detail
    );
    let r = d.subject.as_ref().unwrap();
    assert_eq!((&*r.filename, r.start.line), ("variables.hcl", 13));
    assert!(err.to_string().contains("condition     = var.replicas > 0"));
}

#[test]
fn sensitive_values_appear_in_no_rendering() {
    let files = [("variables.hcl", VARIABLES), ("main.hcl", MAIN)];
    // A sensitive value that does not convert, and one that fails
    // validation.
    let vars = "variable \"token\" {\n  type      = number\n  sensitive = true\n}\nvariable \"pin\" {\n  type      = string\n  sensitive = true\n  validation {\n    condition     = strlen(var.pin) == 4\n    error_message = \"A pin has four digits.\"\n  }\n}\n";
    let dec = Decoder::new()
        .function(
            "strlen",
            hcldecode::function::stdlib::lookup("strlen").unwrap(),
        )
        .variable_value("token", "s3cr3t-value")
        .variable_value("pin", "98765");
    let err = decode(&dec, &[("v.hcl", vars), ("m.hcl", "")]).unwrap_err();
    assert_eq!(
        codes(&err),
        [
            Some(Code::VariableInvalidValue),
            Some(Code::VariableValidation)
        ]
    );
    for text in [
        err.to_string(),
        format!("{err:?}"),
        err.render(0, false),
        format!("{:?}", err.diagnostics()),
    ] {
        assert!(!text.contains("s3cr3t"), "{text}");
        assert!(!text.contains("98765"), "{text}");
    }
    // The declaration says it is sensitive, for the application.
    let m = decode(&Decoder::new(), &files).unwrap();
    assert!(m.variable.iter().any(|v| v.name == "token" && v.sensitive));
}

#[test]
fn a_three_local_cycle_is_one_error_naming_all_three() {
    let main = "locals {\n  ok = 1\n  a  = local.b + 1\n}\nlocals {\n  b = local.c\n  c = local.a * 2\n}\nbucket = \"${local.a}-${local.ok}\"\n";
    let err = decode(&Decoder::new(), &[("m.hcl", main)]).unwrap_err();
    assert_eq!(codes(&err), [Some(Code::LocalCycle)]);
    let d = errors(&err)[0];
    for member in [
        "local.a (m.hcl:3,3-4)",
        "local.b (m.hcl:6,3-4)",
        "local.c (m.hcl:7,3-4)",
    ] {
        assert!(d.detail.contains(member), "{}", d.detail);
    }
    assert_eq!(d.subject.as_ref().unwrap().start.line, 3);
}

#[test]
fn typos_get_did_you_mean_over_the_declared_names() {
    let main = "locals {\n  zone_list = [\"a\"]\n}\nservice \"web\" {\n  replicas = var.replcas\n  zones    = local.zone_lst\n}\n";
    let vars = "variable \"replicas\" {\n  default = 1\n}\n";
    let err = decode(&Decoder::new(), &[("v.hcl", vars), ("m.hcl", main)]).unwrap_err();
    assert_eq!(
        codes(&err),
        [
            Some(Code::UndeclaredReference),
            Some(Code::UndeclaredReference)
        ]
    );
    let (a, b) = (errors(&err)[0], errors(&err)[1]);
    assert_eq!(a.summary, "Reference to undeclared input variable");
    assert!(
        a.detail.ends_with(" Did you mean \"replicas\"?"),
        "{}",
        a.detail
    );
    assert_eq!(a.subject.as_ref().unwrap().start.line, 5);
    assert_eq!(b.summary, "Reference to undeclared local value");
    assert!(
        b.detail.ends_with(" Did you mean \"zone_list\"?"),
        "{}",
        b.detail
    );
    // A value given in code for a name no variable has.
    let err = decode(
        &Decoder::new().variable_value("replcas", 2),
        &[("v.hcl", vars), ("m.hcl", "")],
    )
    .unwrap_err();
    assert_eq!(codes(&err), [Some(Code::UndeclaredReference)]);
    assert!(
        errors(&err)[0]
            .detail
            .contains("Did you mean \"replicas\"?")
    );
}

#[test]
fn a_failing_local_is_reported_once_not_in_what_uses_it() {
    let main = "locals {\n  bad   = 1 + \"x\"\n  uses  = local.bad * 2\n  again = [local.uses]\n}\nservice \"web\" {\n  replicas = local.uses\n  zones    = [\"${local.again[0]}\"]\n}\n";
    let err = decode(&Decoder::new(), &[("m.hcl", main)]).unwrap_err();
    let errs = errors(&err);
    assert_eq!(errs.len(), 1, "{err}");
    assert_eq!(errs[0].subject.as_ref().unwrap().start.line, 2);
}

#[test]
fn declarations_twice_across_files_point_at_both() {
    let a = "variable \"x\" {\n  default = 1\n}\nlocals {\n  y = 1\n}\n";
    let b = "variable \"x\" {\n  default = 2\n}\nlocals {\n  y = 2\n}\n";
    let err = decode(&Decoder::new(), &[("a.hcl", a), ("b.hcl", b)]).unwrap_err();
    let all = errors(&err);
    let dups: Vec<&&Diagnostic> = all
        .iter()
        .filter(|d| d.code == Some(Code::DuplicateDeclaration))
        .collect();
    assert_eq!(dups.len(), 2, "{err}");
    for d in dups {
        assert_eq!(&*d.subject.as_ref().unwrap().filename, "b.hcl");
        assert!(d.detail.contains("a.hcl:"), "{}", d.detail);
    }
}

#[test]
fn native_and_json_files_as_one_configuration() {
    let json = r#"{
  "variable": { "region": { "type": "string", "default": "eu" } },
  "locals": { "prefix": "svc-${var.region}" }
}"#;
    let main = "service \"web\" {\n  replicas = 1\n  zones    = [local.prefix]\n}\n";
    let m = decode(
        &Decoder::new(),
        &[("vars.hcl.json", json), ("main.hcl", main)],
    )
    .unwrap();
    assert_eq!(m.service[0].zones, ["svc-eu"]);
    let m = decode(
        &Decoder::new().variable_value("region", Value::string("us")),
        &[("main.hcl", main), ("vars.hcl.json", json)],
    )
    .unwrap();
    assert_eq!(m.service[0].zones, ["svc-us"]);
}

#[test]
fn a_schema_without_namespaces_is_decoded_as_before() {
    #[derive(HclDecode, Debug)]
    struct Plain {
        bucket: String,
    }
    assert!(Plain::namespaces().is_empty());
    let p: Plain = hcldecode::from_str("bucket = \"b\"\n", "p.hcl").unwrap();
    assert_eq!(p.bucket, "b");
    let err = hcldecode::from_str::<Plain>("bucket = var.x\n", "p.hcl").unwrap_err();
    assert_ne!(errors(&err)[0].code, Some(Code::UndeclaredReference));
}

/// A spec file's `namespace` blocks that say nothing usable are errors at
/// the part that is wrong, and the spec is refused.
#[test]
fn bad_namespace_blocks_in_a_spec_file_are_errors_at_their_place() {
    use hcldecode::spec_file::LoadedSpec;
    let spec = "namespace \"var\" {\n  kind       = \"inputs\"\n  block_type = \"variable\"\n}\nnamespace \"local\" {\n  kind       = \"locals\"\n  block_type = \"not a type\"\n}\nnamespace \"var\" {\n  kind       = \"locals\"\n  block_type = \"locals\"\n}\nnamespace \"x\" {\n  kind       = \"locals\"\n  block_type = \"l\"\n}\nnamespace \"x\" {\n  kind       = \"locals\"\n  block_type = \"m\"\n}\nobject {}\n";
    let (loaded, diags) = LoadedSpec::load_str(spec, "s.hcldec");
    assert!(loaded.is_none());
    let got: Vec<(&str, u64)> = diags
        .iter()
        .map(|d| {
            (
                d.summary.as_str(),
                d.subject.as_ref().unwrap().start.line as u64,
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("Invalid namespace kind", 2),
            ("Invalid namespace block type", 7),
            ("Invalid namespace name", 17),
        ]
    );
}

/// `declare::inspect` gives a JSON document's declarations as written, as
/// a native one's: the type expression a `type` string holds, the default's
/// JSON text.
#[test]
fn inspect_reads_json_declarations_as_written() {
    use hcldecode::declare::{Namespace, inspect};
    let text = r#"{"variable": {"zones": {"type": "list(string)", "default": ["a", "b"], "description": "Where."}}, "locals": {"n": "${length(var.zones)}"}}"#;
    let (file, diags) = parse(text.as_bytes(), "v.hcl.json", Syntax::Json);
    assert!(diags.is_empty(), "{diags:?}");
    let ns = [
        Namespace::variables("variable", "var"),
        Namespace::locals("locals", "local"),
    ];
    let d = inspect(&file.body, &ns);
    let v = &d.variables[0];
    assert_eq!(v.name, "zones");
    assert_eq!(v.type_expr.as_deref(), Some("list(string)"));
    assert_eq!(v.default.as_deref(), Some(r#"["a", "b"]"#));
    assert_eq!(v.description.as_deref(), Some("Where."));
    assert_eq!(d.locals[0].name, "n");
    assert_eq!(d.locals[0].references[0].name, "zones");
}

/// The decoder's evaluation limits apply to the declarations too: a local
/// and a variable's default that build more than the limit allows are
/// each an error, which the default decoder does not make.
#[test]
fn the_decoders_limits_apply_to_locals_and_defaults() {
    let src = r#"
variable "ports" {
  default = [for p in [1,2,3,4,5,6,7,8,9,10,11,12] : p + 8000]
}

locals {
  zones = [for z in [1,2,3,4,5,6,7,8,9,10,11,12] : "zone-${z}"]
}

bucket = "${length(var.ports)}-${length(local.zones)}"
"#;
    let functions = hcldecode::function::Functions::parse("stdlib").unwrap();
    let m = decode(
        &Decoder::new().functions(functions.clone()),
        &[("a.hcl", src)],
    )
    .unwrap();
    assert_eq!(m.bucket.as_deref(), Some("12-12"));
    let strict = Decoder::new()
        .functions(functions)
        .limits(hcldecode::eval::Limits {
            max_elements: 10,
            ..Default::default()
        });
    let err = decode(&strict, &[("a.hcl", src)]).unwrap_err();
    let too_large: Vec<usize> = errors(&err)
        .iter()
        .filter(|d| d.code == Some(Code::ResultTooLarge))
        .map(|d| d.subject.as_ref().unwrap().start.line)
        .collect();
    assert_eq!(too_large, [3, 7]);
}
