//! Typed write-back (`Document::update_from_with`) on the Nomad example's
//! job file: only what the modified job changes is written, every comment
//! stays, and the result decodes to the modified job.

#![cfg(feature = "derive")]

#[path = "../examples/nomad.rs"]
#[allow(dead_code)]
mod nomad;

use hcldecode::Value;
use hcldecode::edit::{Document, EditError};
use hcldecode::format::format;
use nomad::{Group, JobFile, Port, Resources, Task};

const JOB: &str = include_str!("../../examples/nomad/job.hcl");

fn decode(text: &str) -> JobFile {
    nomad::decoder()
        .decode_str(text, "job.hcl")
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn count_three_to_five_changes_that_line() {
    let mut job = decode(JOB);
    job.jobs[0].groups[0].count = 5;
    let mut doc: Document = JOB.parse().unwrap();
    doc.update_from_with(&nomad::decoder(), &job).unwrap();
    assert_eq!(
        doc.to_string(),
        JOB.replace("    count = 3\n", "    count = 5\n")
    );
}

#[test]
fn an_unchanged_job_changes_nothing() {
    // Variables (`region`), templates, defaults the file leaves out
    // (group "worker"'s count, log-shipper's memory) and empty maps
    // (`env`) are all equal to what the file holds: nothing is written.
    let job = decode(JOB);
    let mut doc: Document = JOB.parse().unwrap();
    doc.update_from_with(&nomad::decoder(), &job).unwrap();
    assert_eq!(doc.to_string(), JOB);
}

#[test]
fn several_changes_touch_only_their_items() {
    let mut file = decode(JOB);
    let job = &mut file.jobs[0];
    job.datacenters.push("us-east-1".into());
    let fe = &mut job.groups[0];
    fe.services[0].checks[0].path = None;
    fe.network
        .as_mut()
        .unwrap()
        .ports
        .insert("grpc".into(), Port { to: Some(9090) });
    fe.tasks.retain(|t| t.name != "log-shipper");
    fe.tasks[0].env.insert("DEBUG".into(), "1".into());
    job.groups.push(Group {
        name: "batch".into(),
        count: 2,
        network: None,
        services: Vec::new(),
        tasks: vec![Task {
            name: "cron".into(),
            driver: nomad::Driver::Exec,
            config: [("command".to_string(), Value::string("/bin/cron"))].into(),
            env: Default::default(),
            resources: Some(Resources {
                cpu: 50,
                memory: 64,
            }),
        }],
    });
    let mut doc: Document = JOB.parse().unwrap();
    doc.update_from_with(&nomad::decoder(), &file).unwrap();
    let out = doc.to_string();

    // What was asked for, and only that, hand-written from the job file.
    let start = JOB.find("\n\n    task \"log-shipper\"").unwrap();
    let end = JOB[start..].find("\n    }\n").unwrap() + start + "\n    }".len();
    let mut want = format!("{}{}", &JOB[..start], &JOB[end..]);
    want = want
        .replace(
            "datacenters = [\"eu-west-1a\", \"eu-west-1b\"]",
            "datacenters = [\"eu-west-1a\", \"eu-west-1b\", \"us-east-1\"]",
        )
        .replace("        path     = \"/health\"\n", "")
        .replace(
            "      port \"metrics\" {}\n",
            "      port \"metrics\" {}\n\n      port \"grpc\" {\n        to = 9090\n      }\n",
        )
        .replace(
            "        LOG_LEVEL = \"info\"\n",
            "        LOG_LEVEL = \"info\"\n        DEBUG     = \"1\"\n",
        )
        .replace(
            "        nice    = 10\n      }\n    }\n  }\n}\n",
            "        nice    = 10\n      }\n    }\n  }\n\n  group \"batch\" {\n    count = 2\n\n    task \"cron\" {\n      driver = \"exec\"\n\n      config {\n        command = \"/bin/cron\"\n      }\n\n      env {\n      }\n\n      resources {\n        cpu    = 50\n        memory = 64\n      }\n    }\n  }\n}\n",
        );
    assert_eq!(out, want);
    // Every comment is still there, the file is still formatted, and it
    // reads back as the modified job.
    assert!(out.contains("# A Nomad-like job: one job, groups of tasks, services with checks.\n"));
    assert!(out.contains("      # Each driver's config has its own shape: decoded as written.\n"));
    assert_eq!(format(out.as_bytes()), out.as_bytes());
    assert_eq!(decode(&out), file);
}

#[test]
fn comments_inside_changed_blocks_stay() {
    let src = "job \"a\" {\n  datacenters = [\"x\"] # where\n\n  group \"g\" {\n    # scaled by hand\n    count = 1 # was 1\n\n    task \"t\" {\n      driver = \"exec\" # for now\n    }\n  }\n}\n";
    let mut file = decode(src);
    file.jobs[0].groups[0].count = 7;
    file.jobs[0].groups[0].tasks[0].driver = nomad::Driver::Docker;
    let mut doc: Document = src.parse().unwrap();
    doc.update_from_with(&nomad::decoder(), &file).unwrap();
    assert_eq!(
        doc.to_string(),
        src.replace("count = 1 # was 1", "count = 7 # was 1")
            .replace(
                "driver = \"exec\" # for now",
                "driver = \"docker\" # for now"
            )
    );
}

#[test]
fn a_document_the_type_cannot_read_is_an_error() {
    let file = decode(JOB);
    let mut doc: Document = "job \"a\" {\n  bogus = 1\n}\n".parse().unwrap();
    assert!(matches!(
        doc.update_from_with(&nomad::decoder(), &file),
        Err(EditError::Decode(_))
    ));
    assert_eq!(doc.to_string(), "job \"a\" {\n  bogus = 1\n}\n");
}

#[test]
fn update_from_value_sets_removes_and_keeps_literals() {
    let mut doc: Document =
        "# settings\nport    = 80 # http\nname    = \"web\"\ndebug   = true\nweights = [1, 2]\n"
            .parse()
            .unwrap();
    let v = Value::object([
        ("port", Value::int(8080)),
        ("name", Value::string("web")),
        ("debug", Value::null(hcldecode::Type::Bool)),
        (
            "weights",
            Value::list(hcldecode::Type::Number, vec![Value::int(1), Value::int(2)]),
        ),
        ("extra", Value::string("new")),
    ]);
    doc.update_from_value(&v).unwrap();
    assert_eq!(
        doc.to_string(),
        "# settings\nport    = 8080 # http\nname    = \"web\"\nweights = [1, 2]\nextra   = \"new\"\n"
    );
    assert!(doc.update_from_value(&Value::int(1)).is_err());
}

/// A type with an `Expression` field and a `remain` body: the expression
/// is written as its text where it changed, the remaining items (the
/// document's own) stay where they are.
#[test]
fn expression_fields_and_remain_bodies_write_back() {
    use hcldecode::{Expression, HclDecode, HclEncode};
    use hcldecode_spec::syntax::body::Body;

    #[derive(HclDecode, HclEncode, Debug)]
    struct Rule {
        name: String,
        when: Expression,
        #[hcl(remain)]
        rest: Body,
    }

    let text = "# the rule\nname = \"a\"\nwhen = var.x > 1 # threshold\nextra = true\n";
    let mut rule: Rule = hcldecode::from_str(text, "rule.hcl").unwrap();

    // Unchanged: nothing written.
    let mut doc: Document = text.parse().unwrap();
    doc.update_from_with(&hcldecode::Decoder::new(), &rule)
        .unwrap();
    assert_eq!(doc.to_string(), text);

    // A new expression (read from other text): only its line changes.
    rule.when = hcldecode::from_str::<Rule>("name = \"a\"\nwhen = var.y < 2\n", "new.hcl")
        .unwrap()
        .when;
    rule.name = "b".into();
    doc.update_from_with(&hcldecode::Decoder::new(), &rule)
        .unwrap();
    assert_eq!(
        doc.to_string(),
        "# the rule\nname = \"b\"\nwhen = var.y < 2 # threshold\nextra = true\n"
    );
}
