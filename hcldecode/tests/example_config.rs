//! Reference configurations generated from a schema (issue 37):
//! `T::example_config()` and `Spec::example_config` show every attribute
//! and block the schema reads, with descriptions, types, choices and
//! defaults as comments, and decode back as written.

#![cfg(feature = "derive")]

use hcldecode::HclDecode;
use hcldecode::spec_file::LoadedSpec;

#[path = "../examples/nomad.rs"]
#[allow(dead_code)]
mod nomad;

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
enum Level {
    Debug,
    Info,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Run {
    /// The command to run.
    command: String,
    retries: Option<u8>,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Cache {
    paths: Vec<String>,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
enum Step {
    Run(Run),
    Cache(Cache),
}

/// A pipeline.
#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Pipeline {
    /// How much to log.
    level: Level,
    #[hcl(block, tag = "label", rename = "step")]
    steps: Vec<Step>,
    #[hcl(block)]
    notify: Option<Notify>,
    env: std::collections::BTreeMap<String, String>,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Notify {
    #[hcl(label)]
    channel: String,
    on_failure: bool,
}

#[test]
fn a_derived_types_example_decodes_and_says_what_it_can() {
    let text = Pipeline::example_config();
    let p: Pipeline =
        hcldecode::from_str(&text, "example.hcl").unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(matches!(p.level, Level::Debug), "{text}");
    // The comments: descriptions, types, choices; optional blocks and
    // attributes commented out.
    for want in [
        "# How much to log.\n# string, required\n# one of \"debug\", \"info\"\nlevel = \"debug\"\n",
        "# blocks, optional\n# type: one of \"run\", \"cache\"\n",
        "# step \"run\" {\n",
        "#   # The command to run.\n",
        "#   command = \"\"\n",
        "#   # retries = 0\n",
        "# notify \"channel\" {\n",
        "env = {}\n",
    ] {
        assert!(text.contains(want), "{want:?} not in\n{text}");
    }
    // It is formatted as hclfmt formats.
    assert!(hcldecode::format::is_formatted(text.as_bytes()), "{text}");
}

#[test]
fn the_nomad_examples_schema() {
    let text = nomad::JobFile::example_config();
    assert!(hcldecode::format::is_formatted(text.as_bytes()), "{text}");
    // Its required blocks are written (a job), with placeholders that
    // decode; the application's own checks are not the schema's.
    let decoded = nomad::decoder().decode_str::<nomad::JobFile>(&text, "example.hcl");
    if let Err(e) = &decoded {
        panic!("{e}\n{text}");
    }
}

#[test]
fn a_spec_files_example_decodes_with_it() {
    let spec_text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/web-app/spec.hcldec"
    ))
    .unwrap();
    let (spec, _) = LoadedSpec::load_file(&spec_text, "spec.hcldec").unwrap();
    let text = spec.spec.example_config();
    let (file, diags) = hcldecode::parse::parse_native(text.as_bytes(), "example.hcl");
    assert!(diags.is_empty(), "{diags:?}\n{text}");
    if let Err(e) = spec.decode_file(&file, None) {
        panic!("{e}\n{text}");
    }
}
