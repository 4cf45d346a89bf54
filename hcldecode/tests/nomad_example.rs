//! The Nomad-like example (`examples/nomad.rs`): decoded from native syntax
//! and from JSON to the same value, each task's driver `config` as
//! written; its derived spec, as a spec file, decodes the job as the typed
//! path does but for those configs (a spec file's map has one element
//! type); the decoder's errors and the application's own point into the
//! job file.

#![cfg(feature = "derive")]

#[path = "../examples/nomad.rs"]
#[allow(dead_code)]
mod nomad;

use hcldecode::decode::decode_traced;
use hcldecode::spec_file::LoadedSpec;
use hcldecode::{HclDecode, Value};
use nomad::{CheckType, Driver, JobFile, JobType, NetworkMode};

#[test]
fn native_job_file() {
    let (hcl, _) = nomad::example_files();
    let file: JobFile = nomad::decoder()
        .decode_path(&hcl)
        .unwrap_or_else(|e| panic!("{e}"));
    let job = &file.jobs[0];
    assert_eq!(job.name, "web");
    assert_eq!(job.kind, JobType::Service);
    assert_eq!(job.priority, 60);
    let update = job.update.as_ref().unwrap();
    assert_eq!(update.max_parallel, 2);
    assert_eq!(update.stagger.unwrap().0.as_secs(), 30);
    let fe = &job.groups[0];
    assert_eq!((fe.name.as_str(), fe.count), ("frontend", 3));
    let net = fe.network.as_ref().unwrap();
    assert_eq!(net.mode, NetworkMode::Bridge);
    assert_eq!(net.ports["http"].to, Some(8080));
    assert_eq!(net.ports["metrics"].to, None);
    let check = &fe.services[0].checks[0];
    assert_eq!(
        (check.kind, check.timeout.0.as_secs()),
        (CheckType::Http, 2)
    );
    let server = &fe.tasks[0];
    assert_eq!(server.driver, Driver::Docker);
    assert_eq!(server.env["REGION"], "eu-west-1");
    assert_eq!(server.resources.as_ref().unwrap().memory, 256);
    let shipper = &fe.tasks[1];
    assert_eq!(shipper.driver, Driver::RawExec);
    assert_eq!(
        shipper.config["args"],
        Value::tuple(vec![
            Value::from("--to"),
            Value::from("logs.eu-west-1.internal")
        ])
    );
    assert_eq!(shipper.resources.as_ref().unwrap().memory, 300);
    let worker = &job.groups[1];
    assert_eq!((worker.count, worker.tasks[0].driver), (1, Driver::Exec));
    // Driver configs of different shapes, each attribute as written.
    let server = &server.config;
    assert_eq!(server["image"], Value::from("nginx:1.25"));
    assert_eq!(server["ports"], Value::tuple(vec![Value::from("http")]));
    assert_eq!(
        server["labels"],
        Value::object([("team", Value::from("web"))])
    );
    assert_eq!(server["privileged"], Value::from(false));
    assert_eq!(server["shm_size"], Value::int(64));
    let worker = &worker.tasks[0].config;
    assert_eq!(worker["nice"], Value::int(10));
    assert_eq!(worker.keys().collect::<Vec<_>>(), ["command", "nice"]);
}

/// The job file written back with `#[derive(HclEncode)]` decodes to the
/// same value, and is formatted as hclfmt formats.
#[test]
fn job_file_encodes_and_decodes_back() {
    let (hcl, _) = nomad::example_files();
    let file: JobFile = nomad::decoder()
        .decode_path(&hcl)
        .unwrap_or_else(|e| panic!("{e}"));
    let text = hcldecode::to_string_typed(&file).unwrap();
    assert!(text.starts_with("job \"web\" {\n"), "{text}");
    assert!(text.contains("\n    task \"server\" {\n"), "{text}");
    let back: JobFile = nomad::decoder()
        .decode_str(&text, "written.hcl")
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back, file);
    let formatted = hcldecode::format::format(text.as_bytes());
    assert_eq!(String::from_utf8(formatted).unwrap(), text);
}

#[test]
fn json_job_file_decodes_the_same() {
    let (hcl, json) = nomad::example_files();
    let native: JobFile = nomad::decoder().decode_path(&hcl).unwrap();
    let from_json: JobFile = nomad::decoder()
        .decode_path(&json)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(from_json, native);
}

#[test]
fn derived_spec_as_a_spec_file_gives_the_same_value_but_for_driver_configs() {
    let (hcl, _) = nomad::example_files();
    let src = std::fs::read_to_string(&hcl).unwrap();
    let spec = JobFile::spec();
    let (loaded, diags) = LoadedSpec::load_str(&spec.to_spec_file(), "job.hcldec");
    assert!(!diags.has_errors(), "{diags}");
    let loaded = loaded.unwrap();
    let ctx = nomad::decoder().eval_context().cloned();
    // A spec file's `block_attrs` is a map of one element type: a config
    // whose attributes differ in type is an error there (the docker and
    // raw_exec ones), and the worker's (strings and a number unify to
    // strings) makes its group differ in type from the other.
    let (file, _) = hcldecode::parse::parse_native(src.as_bytes(), "job.hcl");
    let (_, d) = loaded.decode(&file.body, ctx.as_ref());
    let got: Vec<(&str, String)> = d
        .iter()
        .map(|d| (d.summary.as_str(), d.subject.as_ref().unwrap().to_string()))
        .collect();
    assert_eq!(
        got,
        [
            (
                "Inconsistent attribute types",
                "job.hcl:41,9-45,24".to_string()
            ),
            (
                "Inconsistent attribute types",
                "job.hcl:63,9-64,54".to_string()
            ),
            (
                "Unconsistent argument types in group blocks",
                "job.hcl:73,18-18".to_string()
            ),
        ]
    );
    // Without configs, the two decode the same.
    let no_config = strip_configs(&src);
    let (file, _) = hcldecode::parse::parse_native(no_config.as_bytes(), "job.hcl");
    let (typed, _, d1) = decode_traced(&file.body, &spec, ctx.as_ref(), None);
    let (untyped, d2) = loaded.decode(&file.body, ctx.as_ref());
    assert!(d1.is_empty() && d2.is_empty(), "{d1}\n{d2}");
    assert!(typed.raw_equals(&untyped));
}

/// The job file without its `config { ... }` blocks (none of which has a
/// nested block).
fn strip_configs(src: &str) -> String {
    let mut out = String::new();
    let mut skipping = false;
    for line in src.lines() {
        if line.trim() == "config {" {
            skipping = true;
        } else if skipping && line.trim() == "}" {
            skipping = false;
        } else if !skipping {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

#[test]
fn errors_point_into_the_job_file() {
    let (hcl, _) = nomad::example_files();
    let src = std::fs::read_to_string(&hcl)
        .unwrap()
        .replace("interval = \"10s\"", "interval = \"10 seconds\"")
        .replace("driver = \"raw_exec\"", "driver = \"rawexec\"")
        .replace("to = 8080", "to = 80800");
    let e = nomad::decoder()
        .decode_str::<JobFile>(&src, "job.hcl")
        .unwrap_err();
    let got: Vec<(String, String)> = e
        .diagnostics()
        .iter()
        .map(|d| (d.summary.clone(), d.subject.as_ref().unwrap().to_string()))
        .collect();
    assert_eq!(
        got,
        [
            (
                "Value out of range".to_string(),
                "job.hcl:18,14-19".to_string()
            ),
            (
                "Invalid duration".to_string(),
                "job.hcl:31,20-32".to_string()
            ),
            ("Invalid value".to_string(), "job.hcl:60,16-25".to_string()),
        ]
    );
    assert!(
        e.diagnostics()[2]
            .detail
            .ends_with("Did you mean \"raw_exec\"?")
    );
    assert!(
        e.to_string()
            .contains("  on job.hcl line 60, in job \"web\":\n")
    );
}

// Its decoder and file (it includes the job types again, unused here).
#[path = "../examples/nomad_dynamic.rs"]
#[allow(dead_code, clippy::duplicate_mod)]
mod nomad_dynamic;

#[test]
fn dynamic_port_blocks() {
    let file: JobFile = nomad_dynamic::decoder()
        .decode_path(nomad_dynamic::example_file())
        .unwrap_or_else(|e| panic!("{e}"));
    let group = &file.jobs[0].groups[0];
    let ports = &group.network.as_ref().unwrap().ports;
    let got: Vec<(&str, Option<u16>)> = ports.iter().map(|(k, p)| (k.as_str(), p.to)).collect();
    assert_eq!(
        got,
        [
            ("debug", None),
            ("grpc", Some(9090)),
            ("http", Some(8080)),
            ("metrics", None)
        ]
    );
    assert_eq!(group.tasks[0].config["image"], Value::from("api:1.4.2"));
    // Without dynamic blocks, the block is not expected.
    let e = nomad_dynamic::decoder()
        .dynamic_blocks(false)
        .decode_path::<JobFile>(nomad_dynamic::example_file())
        .unwrap_err();
    assert_eq!(e.diagnostics()[0].summary, "Unsupported block type");
}

#[test]
fn the_application_reports_its_own_errors_with_snippets() {
    let (hcl, json) = nomad::example_files();
    let file = nomad::decoder()
        .decode_path_with_source::<JobFile>(&hcl)
        .unwrap();
    nomad::check(&file).unwrap();
    let port = file.jobs[0].groups[0].services[0].port.as_ref().unwrap();
    assert_eq!(
        port.range().to_string(),
        format!("{}:25,14-20", hcl.display())
    );
    // A port the group does not define: reported at the attribute's value,
    // rendered as the decoder's errors are.
    let src = std::fs::read_to_string(&hcl)
        .unwrap()
        .replace("port = \"http\"", "port = \"htp\"");
    let file = nomad::decoder()
        .decode_str_with_source::<JobFile>(&src, "job.hcl")
        .unwrap();
    let e = nomad::check(&file).unwrap_err();
    let d = &e.diagnostics()[0];
    assert_eq!(d.summary, "Unknown port");
    assert_eq!(d.subject.as_ref().unwrap().to_string(), "job.hcl:25,14-19");
    assert!(d.detail.ends_with("Did you mean \"http\"?"), "{}", d.detail);
    let text = e.to_string();
    assert!(
        text.contains("  on job.hcl line 25, in job \"web\":\n  25:       port = \"htp\"\n"),
        "{text}"
    );
    // From JSON, the same check, at the JSON string.
    let src = std::fs::read_to_string(&json)
        .unwrap()
        .replace("\"port\": \"http\"", "\"port\": \"metric\"");
    let file = nomad::decoder()
        .decode_str_with_source::<JobFile>(&src, "job.hcl.json")
        .unwrap();
    let e = nomad::check(&file).unwrap_err();
    assert!(
        e.diagnostics()[0]
            .detail
            .ends_with("Did you mean \"metrics\"?")
    );
    assert!(e.to_string().contains("  on job.hcl.json line "), "{e}");
}
