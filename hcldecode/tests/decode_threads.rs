//! `DecodeOptions::threads`: the blocks of a large block collection
//! decoded on several threads give the value and the diagnostics, in
//! order, that one thread gives, errors spread over every piece included.

use hcldecode::Diagnostics;
use hcldecode::Value;
use hcldecode::decode::{DecodeOptions, decode_traced_with, decode_with};
use hcldecode::parse::{Syntax, parse};
use hcldecode::spec_file::LoadedSpec;

const SPEC: &str = r#"
object {
  block_map "job" {
    labels = ["name"]
    object {
      attr "region" {
        type     = string
        required = true
      }
      attr "priority" { type = number }
      block_list "task" {
        object {
          attr "image" { type = string }
          attr "cpu"   { type = number }
        }
      }
    }
  }
  block_set "note" {
    attr {
      name = "text"
      type = any
    }
  }
}
"#;

/// A native configuration of `jobs` jobs, some with errors: a
/// priority that is no number, an unexpected argument, a missing
/// region, and the last job repeating the first's name (a duplicate
/// found across the pieces). `note` blocks hold values of two types.
fn native(jobs: usize) -> String {
    let mut s = String::new();
    for i in 0..jobs {
        let name = if i + 1 == jobs { 0 } else { i };
        s.push_str(&format!("job \"job-{name}\" {{\n"));
        if i % 97 != 5 {
            s.push_str(&format!("  region = \"r{}\"\n", i % 3));
        }
        if i % 89 == 7 {
            s.push_str("  priority = \"high\"\n");
        } else {
            s.push_str(&format!("  priority = {}\n", i % 100));
        }
        if i % 101 == 11 {
            s.push_str("  colour = \"blue\"\n");
        }
        for t in 0..3 {
            s.push_str(&format!(
                "  task {{\n    image = \"app-{i}-{t}:1.{t}\"\n    cpu   = {}\n  }}\n",
                100 * t + i % 7
            ));
        }
        s.push_str("}\n\n");
        if i % 50 == 0 {
            let text = if i % 100 == 0 {
                "\"x\"".to_string()
            } else {
                i.to_string()
            };
            s.push_str(&format!("note {{ text = {text} }}\n"));
        }
    }
    s
}

/// The same jobs in the JSON syntax (without the errors).
fn json(jobs: usize) -> String {
    let items: Vec<String> = (0..jobs)
        .map(|i| {
            format!(
                "\"job-{i}\": {{\"region\": \"r{}\", \"priority\": {}, \"task\": [{{\"image\": \"a-{i}\", \"cpu\": {}}}]}}",
                i % 3,
                i % 100,
                i % 7
            )
        })
        .collect();
    format!("{{\"job\": {{{}}}}}", items.join(", "))
}

fn decode(src: &str, name: &str, threads: usize) -> (Value, Diagnostics) {
    let (spec, d) = LoadedSpec::load_str(SPEC, "spec.hcldec");
    assert!(d.is_empty(), "{d:?}");
    let spec = spec.unwrap().spec;
    let (file, d) = parse(src.as_bytes(), name, Syntax::for_path(name));
    assert!(d.is_empty(), "{d:?}");
    let opts = DecodeOptions::new().threads(threads);
    decode_with(&file.body, &spec, None, None, opts)
}

#[test]
fn native_blocks_decode_alike_on_any_number_of_threads() {
    let src = native(3000);
    assert!(src.len() > 600_000, "large enough to be shared out");
    let (one, d1) = decode(&src, "jobs.hcl", 1);
    let summaries: Vec<&str> = d1.iter().map(|d| d.summary.as_str()).collect();
    for expected in [
        "Incorrect attribute value type",
        "Unsupported argument",
        "Missing required argument",
        "Duplicate job block",
    ] {
        assert!(summaries.contains(&expected), "{expected}: {summaries:?}");
    }
    assert!(d1.len() > 60, "errors from every piece: {}", d1.len());
    for threads in [2, 3, 8] {
        let (v, d) = decode(&src, "jobs.hcl", threads);
        assert_eq!(v, one, "{threads} threads");
        assert_eq!(d, d1, "{threads} threads");
    }
}

#[test]
fn a_valid_configuration_decodes_alike_on_threads() {
    // Without the errors, the value is known and complete.
    let src: String = native(2500)
        .replace("priority = \"high\"", "priority = 1")
        .replace("  colour = \"blue\"\n", "");
    let src = src.replacen("job \"job-0\" {\n", "job \"first\" {\n", 1);
    let (one, d1) = decode(&src, "jobs.hcl", 1);
    let errors: Vec<&str> = d1.iter().map(|d| d.summary.as_str()).collect();
    assert!(
        errors.iter().all(|s| *s == "Missing required argument"),
        "{errors:?}"
    );
    let (two, d2) = decode(&src, "jobs.hcl", 2);
    assert_eq!(two, one);
    assert_eq!(d2, d1);
    let jobs = two.get_attr("job").expect("job map");
    assert_eq!(jobs.length_int(), Some(2500));
    let first = jobs.index(&Value::string("first")).expect("first job");
    let tasks = first.get_attr("task").expect("tasks");
    assert_eq!(tasks.length_int(), Some(3));
}

#[test]
fn json_blocks_decode_alike_on_threads() {
    let src = json(2000);
    let (one, d1) = decode(&src, "jobs.json", 1);
    assert!(d1.is_empty(), "{d1:?}");
    let (two, d2) = decode(&src, "jobs.json", 2);
    assert_eq!(two, one);
    assert!(d2.is_empty());
    assert_eq!(two.get_attr("job").unwrap().length_int(), Some(2000));
}

#[test]
fn traced_decoding_records_the_same_blocks_on_threads() {
    let src = native(2000);
    let (spec, _) = LoadedSpec::load_str(SPEC, "spec.hcldec");
    let spec = spec.unwrap().spec;
    let (file, _) = parse(src.as_bytes(), "jobs.hcl", Syntax::Native);
    let one = decode_traced_with(&file.body, &spec, None, None, DecodeOptions::new());
    let two = decode_traced_with(
        &file.body,
        &spec,
        None,
        None,
        DecodeOptions::new().threads(2),
    );
    assert_eq!(two.0, one.0);
    assert_eq!(two.2, one.2);
    // Traces have no equality: their rendering stands for them.
    assert_eq!(format!("{:?}", two.1), format!("{:?}", one.1));
}
