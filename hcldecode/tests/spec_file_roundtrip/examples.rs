//! The examples' derived types, as `tests/nomad_example.rs` and
//! `tests/module_example.rs` use them: `examples/nomad.rs`'s job file
//! (native and JSON, and `nomad_dynamic.rs`'s job with dynamic blocks),
//! and `examples/module.rs`'s module, whose variables and locals are a
//! namespace exception.

#[path = "../../examples/nomad.rs"]
#[allow(dead_code)]
mod nomad;

#[path = "../../examples/module.rs"]
#[allow(dead_code)]
mod module;

use hcldecode::decode::{self, DecodeOptions};
use hcldecode::namespaces::VariableInputs;
use hcldecode::{HclDecode, Value};

use crate::{Docs, loaded, typed_options};

const JOB: &str = include_str!("../../../examples/nomad/job.hcl");
const JOB_JSON: &str = include_str!("../../../examples/nomad/job.hcl.json");
const DYNAMIC_JOB: &str = include_str!("../../../examples/nomad/dynamic-ports.hcl");

#[test]
fn nomad_example_rs() {
    let mut n = Docs::new()
        .ok(JOB)
        .ok_file("in.hcl.json", JOB_JSON)
        .bad(&JOB.replace("count = 3", "count = \"three\""))
        .bad(&JOB.replace(
            "group \"frontend\" {",
            "group \"frontend\" {\n    unknown = 1",
        ))
        .variable("region", "eu-west-1")
        .round_trip::<nomad::JobFile>();
    let ports = Value::object([
        ("http", Value::int(8080)),
        ("grpc", Value::int(9090)),
        ("metrics", Value::null(hcldecode::Type::Number)),
    ]);
    n += Docs::new()
        .ok(DYNAMIC_JOB)
        .variable("ports", ports)
        .variable("version", "1.4.2")
        .dynamic_blocks()
        .round_trip::<nomad::JobFile>();
    eprintln!("tests/nomad_example.rs: {n} documents");
}

/// The module's spec file: its namespaces, and what else it reads decodes
/// as the typed spec does (the namespaces' blocks are not part of a spec
/// file's result).
#[test]
fn module_example_rs() {
    let (text, spec) = loaded::<module::Module>();
    assert!(text.starts_with("namespace \"var\" {\n"), "{text}");
    assert!(
        text.contains("  # \"variable\" blocks declare the names of namespace \"var\""),
        "{text}"
    );
    let files = module::files();
    let src: String = files
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    let inputs = VariableInputs::new().value("db_password", "hunter2");
    let m: module::Module = hcldecode::Decoder::new()
        .variable_value("db_password", "hunter2")
        .decode_str(&src, "module.hcl")
        .unwrap();
    assert_eq!(m.service["api"].replicas, 2);
    let (file, _) = hcldecode::parse::parse_native(src.as_bytes(), "module.hcl");
    let ns = module::Module::namespaces();
    let typed = |options| {
        let (ctx, mut diags) = hcldecode::declare::evaluate(&file.body, &ns, Some(&inputs), None);
        let (v, d) = decode::decode_with(
            &file.body,
            &module::Module::spec(),
            Some(&ctx),
            None,
            options,
        );
        diags.extend(d);
        (v, diags)
    };
    let spec = spec.with_variable_inputs(inputs.clone());
    let (tv, td) = typed(typed_options());
    let (fv, fd) = spec.decode_with(&file.body, None, typed_options());
    assert!(td.is_empty() && fd.is_empty(), "{td}\n{fd}");
    let (t, f) = (
        tv.get_attr("service").unwrap(),
        fv.get_attr("service").unwrap(),
    );
    assert!(t.raw_equals(&f), "{t:?}\n{f:?}");
    assert_eq!(tv.get_attr("variable").unwrap().length_int(), Some(4));
    assert_eq!(fv.get_attr("variable").unwrap().length_int(), Some(0));
    // With hcldec's defaults the variables' `Value` defaults would have to
    // unify (the typed spec reports that they do not, the issue's
    // symptom); the spec file's namespace reads them instead, and its
    // result is the same.
    let (_, td) = typed(DecodeOptions::new());
    assert_eq!(
        crate::error_summaries(&td),
        ["Unconsistent argument types in variable blocks"]
    );
    let (dv, dd) = spec.decode_with(&file.body, None, DecodeOptions::new());
    assert!(dd.is_empty(), "{dd}");
    assert!(dv.raw_equals(&fv));
}
