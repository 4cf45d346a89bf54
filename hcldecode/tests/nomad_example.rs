//! The Nomad-like example (`examples/nomad.rs`): decoded from native syntax
//! and, once the JSON syntax is available, from JSON to the same value;
//! its derived spec, as a spec file, decodes the job as the typed path
//! does; errors point into the job file.

#![cfg(feature = "derive")]

#[path = "../examples/nomad.rs"]
#[allow(dead_code)]
mod nomad;

use hcldecode::HclDecode;
use hcldecode::decode::decode_traced;
use hcldecode::spec_file::LoadedSpec;
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
    assert_eq!(shipper.config.args, ["--to", "logs.eu-west-1.internal"]);
    assert_eq!(shipper.resources.as_ref().unwrap().memory, 300);
    let worker = &job.groups[1];
    assert_eq!((worker.count, worker.tasks[0].driver), (1, Driver::Exec));
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
fn derived_spec_as_a_spec_file_gives_the_same_value() {
    let (hcl, _) = nomad::example_files();
    let src = std::fs::read_to_string(&hcl).unwrap();
    let spec = JobFile::spec();
    let (loaded, diags) = LoadedSpec::load_str(&spec.to_spec_file(), "job.hcldec");
    assert!(!diags.has_errors(), "{diags}");
    let (file, _) = hcldecode::parse::parse_native(src.as_bytes(), "job.hcl");
    let ctx = nomad::decoder().eval_context().cloned();
    let (typed, _, d1) = decode_traced(&file.body, &spec, ctx.as_ref(), None);
    let (untyped, d2) = loaded.unwrap().decode(&file.body, ctx.as_ref());
    assert!(d1.is_empty() && d2.is_empty(), "{d1}\n{d2}");
    assert!(typed.raw_equals(&untyped));
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
            ("Invalid value".to_string(), "job.hcl:56,16-25".to_string()),
        ]
    );
    assert!(
        e.diagnostics()[2]
            .detail
            .ends_with("Did you mean \"raw_exec\"?")
    );
    assert!(
        e.to_string()
            .contains("  on job.hcl line 56, in job \"web\":\n")
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
    assert_eq!(group.tasks[0].config.image.as_deref(), Some("api:1.4.2"));
    // Without dynamic blocks, the block is not expected.
    let e = nomad_dynamic::decoder()
        .dynamic_blocks(false)
        .decode_path::<JobFile>(nomad_dynamic::example_file())
        .unwrap_err();
    assert_eq!(e.diagnostics()[0].summary, "Unsupported block type");
}
