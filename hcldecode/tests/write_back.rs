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
            "      port \"http\" {\n",
            "      port \"grpc\" {\n        to = 9090\n      }\n\n      port \"http\" {\n",
        )
        .replace(
            "        LOG_LEVEL = \"info\"\n",
            "        LOG_LEVEL = \"info\"\n        DEBUG     = \"1\"\n",
        )
        .replace(
            "        nice    = 10\n      }\n    }\n  }\n}\n",
            "        nice    = 10\n      }\n    }\n  }\n\n  group \"batch\" {\n    count = 2\n\n    task \"cron\" {\n      driver = \"exec\"\n\n      config {\n        command = \"/bin/cron\"\n      }\n\n      resources {\n        cpu    = 50\n        memory = 64\n      }\n    }\n  }\n}\n",
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

mod beside_dynamic_blocks {
    //! Typed write-back with `dynamic` blocks expanded: the blocks a
    //! dynamic block generates stay as they are; a value that changes
    //! them is refused, naming the dynamic block; static siblings are
    //! written so the file decodes to the value given.

    use hcldecode::edit::{Document, EditError};
    use hcldecode::{Decoder, HclDecode, HclEncode};
    use std::collections::BTreeMap;

    #[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
    pub(super) struct Step {
        pub(super) name: String,
    }

    #[derive(HclDecode, HclEncode, Debug, PartialEq)]
    pub(super) struct Pipeline {
        #[hcl(block)]
        pub(super) step: Vec<Step>,
    }

    const STEPS: &str = "step {\n  name = \"a\"\n}\n\nstep {\n  name = \"b\"\n}\n\ndynamic \"step\" {\n  for_each = [\"c\"]\n  content {\n    name = step.value\n  }\n}\n";

    fn decoder() -> Decoder {
        Decoder::new().dynamic_blocks(true)
    }

    fn names(p: &Pipeline) -> Vec<&str> {
        p.step.iter().map(|s| s.name.as_str()).collect()
    }

    /// The example: removing `b` from `[a, b, c]` rewrote `b` as
    /// `c` beside the dynamic block, which decoded as `[a, c, c]`.
    #[test]
    fn removing_a_static_block_beside_a_dynamic_one_removes_it() {
        let mut p: Pipeline = decoder().decode_str(STEPS, "p.hcl").unwrap();
        assert_eq!(names(&p), ["a", "b", "c"]);
        p.step.remove(1);
        let mut doc: Document = STEPS.parse().unwrap();
        doc.update_from_with(&decoder(), &p).unwrap();
        let out = doc.to_string();
        assert_eq!(out, STEPS.replace("step {\n  name = \"b\"\n}\n\n", ""));
        let back: Pipeline = decoder().decode_str(&out, "p.hcl").unwrap();
        assert_eq!(names(&back), ["a", "c"]);
    }

    #[test]
    fn a_block_after_the_generated_ones_goes_after_the_dynamic_block() {
        let mut p: Pipeline = decoder().decode_str(STEPS, "p.hcl").unwrap();
        p.step.push(Step { name: "d".into() });
        p.step[0].name = "a2".into();
        let mut doc: Document = STEPS.parse().unwrap();
        doc.update_from_with(&decoder(), &p).unwrap();
        let out = doc.to_string();
        assert_eq!(
            out,
            format!(
                "{}\nstep {{\n  name = \"d\"\n}}\n",
                STEPS.replace("\"a\"", "\"a2\"")
            )
        );
        let back: Pipeline = decoder().decode_str(&out, "p.hcl").unwrap();
        assert_eq!(names(&back), ["a2", "b", "c", "d"]);
    }

    #[test]
    fn changing_or_removing_a_generated_block_is_refused_naming_the_dynamic_block() {
        let base: Pipeline = decoder().decode_str(STEPS, "p.hcl").unwrap();
        for (edit, what) in [
            (0, "changes the step block"),
            (1, "removes the step block"),
            (2, "puts a new step block between"),
        ] {
            let mut p = Pipeline {
                step: base.step.clone(),
            };
            match edit {
                0 => p.step[2].name = "x".into(),
                1 => {
                    p.step.pop();
                }
                _ => {
                    // Two generated blocks, a new one between them.
                    p.step.push(Step { name: "x".into() });
                }
            }
            let src = if edit == 2 {
                STEPS.replace("[\"c\"]", "[\"c\", \"d\"]")
            } else {
                STEPS.to_string()
            };
            if edit == 2 {
                p.step = decoder()
                    .decode_str::<Pipeline>(&src, "p.hcl")
                    .unwrap()
                    .step;
                p.step.insert(3, Step { name: "x".into() });
            }
            let mut doc = Document::parse("p.hcl", &src).unwrap();
            let err = doc.update_from_with(&decoder(), &p).unwrap_err();
            assert!(matches!(err, EditError::DynamicBlock { .. }), "{err}");
            let msg = err.to_string();
            assert!(
                msg.starts_with("p.hcl:9,1-15: cannot write back beside dynamic \"step\": "),
                "{msg}"
            );
            assert!(msg.contains(what), "{msg}");
            // The document is unchanged after the error.
            assert_eq!(doc.to_string(), src);
        }
    }

    #[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
    struct Port {
        to: u16,
    }

    #[derive(HclDecode, HclEncode, Debug, PartialEq)]
    struct Network {
        #[hcl(block)]
        port: BTreeMap<String, Port>,
    }

    const PORTS: &str = "port \"http\" {\n  to = 80\n}\n\ndynamic \"port\" {\n  for_each = { metrics = 9100 }\n  labels   = [port.key]\n  content {\n    to = port.value\n  }\n}\n";

    /// Changing a port a dynamic block generates added a second static
    /// `port "metrics"`; changing a static one beside it works.
    #[test]
    fn labelled_blocks_beside_a_dynamic_block() {
        let net: Network = decoder().decode_str(PORTS, "n.hcl").unwrap();
        assert_eq!(net.port["metrics"].to, 9100);
        let mut changed = Network {
            port: net.port.clone(),
        };
        changed.port.get_mut("http").unwrap().to = 8080;
        let mut doc: Document = PORTS.parse().unwrap();
        doc.update_from_with(&decoder(), &changed).unwrap();
        assert_eq!(doc.to_string(), PORTS.replace("to = 80\n", "to = 8080\n"));

        let mut changed = Network {
            port: net.port.clone(),
        };
        changed.port.get_mut("metrics").unwrap().to = 9200;
        let mut doc = Document::parse("n.hcl", PORTS).unwrap();
        let err = doc.update_from_with(&decoder(), &changed).unwrap_err();
        assert_eq!(
            err.to_string(),
            "n.hcl:5,1-15: cannot write back beside dynamic \"port\": the value changes the port \"metrics\" block that it generates"
        );
        assert_eq!(doc.to_string(), PORTS);

        // A new port goes beside the static one and reads back.
        let mut changed = Network {
            port: net.port.clone(),
        };
        changed.port.insert("grpc".into(), Port { to: 9090 });
        let mut doc: Document = PORTS.parse().unwrap();
        doc.update_from_with(&decoder(), &changed).unwrap();
        let back: Network = decoder().decode_str(&doc.to_string(), "n.hcl").unwrap();
        assert_eq!(back, changed);
        assert_eq!(doc.to_string().matches("port \"metrics\"").count(), 0);
    }

    /// A dynamic block whose `for_each` needs a variable the decoder has:
    /// its length is taken with the decoder's variables.
    #[test]
    fn for_each_is_counted_with_the_decoders_variables() {
        let src = "step {\n  name = \"a\"\n}\n\ndynamic \"step\" {\n  for_each = names\n  content {\n    name = step.value\n  }\n}\n\nstep {\n  name = \"z\"\n}\n";
        let dec = decoder().variable(
            "names",
            hcldecode::Value::tuple(["b", "c"].map(hcldecode::Value::string).to_vec()),
        );
        let mut p: Pipeline = dec.decode_str(src, "p.hcl").unwrap();
        assert_eq!(names(&p), ["a", "b", "c", "z"]);
        p.step.remove(0);
        p.step[2].name = "y".into();
        let mut doc: Document = src.parse().unwrap();
        doc.update_from_with(&dec, &p).unwrap();
        let back: Pipeline = dec.decode_str(&doc.to_string(), "p.hcl").unwrap();
        assert_eq!(names(&back), ["b", "c", "y"]);
    }
}

mod blocks_by_identity {
    //! Repeated blocks are matched by what they hold, not by position:
    //! a block's comments travel with it, a removed block takes its own,
    //! and new blocks go beside their siblings.

    use hcldecode::edit::Document;
    use hcldecode::format::format;
    use hcldecode::{HclDecode, HclEncode};

    #[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
    struct Step {
        name: String,
    }

    #[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
    struct Service {
        #[hcl(label)]
        name: String,
    }

    #[derive(HclDecode, HclEncode, Debug, PartialEq)]
    struct Pipeline {
        #[hcl(block)]
        step: Vec<Step>,
        #[hcl(block)]
        service: Vec<Service>,
    }

    const SRC: &str = "# first\nstep {\n  name = \"a\"\n}\n\n# second\nstep {\n  name = \"b\"\n}\n\n# third\nstep {\n  name = \"c\"\n}\n\n# the services\nservice \"web\" {\n}\n";

    fn update(p: &Pipeline) -> String {
        let mut doc: Document = SRC.parse().unwrap();
        doc.update_from(p).unwrap();
        let out = doc.to_string();
        assert_eq!(hcldecode::from_str::<Pipeline>(&out, "p.hcl").unwrap(), *p);
        assert_eq!(format(out.as_bytes()), out.as_bytes(), "{out}");
        out
    }

    #[test]
    fn removing_the_middle_block_takes_its_own_comment() {
        let mut p: Pipeline = hcldecode::from_str(SRC, "p.hcl").unwrap();
        p.step.remove(1);
        assert_eq!(
            update(&p),
            "# first\nstep {\n  name = \"a\"\n}\n\n# third\nstep {\n  name = \"c\"\n}\n\n# the services\nservice \"web\" {\n}\n"
        );
    }

    #[test]
    fn new_blocks_go_beside_their_siblings_in_the_lists_order() {
        let mut p: Pipeline = hcldecode::from_str(SRC, "p.hcl").unwrap();
        p.step.insert(1, Step { name: "a2".into() });
        p.step.push(Step { name: "d".into() });
        assert_eq!(
            update(&p),
            "# first\nstep {\n  name = \"a\"\n}\n\nstep {\n  name = \"a2\"\n}\n\n# second\nstep {\n  name = \"b\"\n}\n\n# third\nstep {\n  name = \"c\"\n}\n\nstep {\n  name = \"d\"\n}\n\n# the services\nservice \"web\" {\n}\n"
        );
        let mut p: Pipeline = hcldecode::from_str(SRC, "p.hcl").unwrap();
        p.step.insert(0, Step { name: "z".into() });
        p.service.insert(0, Service { name: "api".into() });
        assert_eq!(
            update(&p),
            "step {\n  name = \"z\"\n}\n\n# first\nstep {\n  name = \"a\"\n}\n\n# second\nstep {\n  name = \"b\"\n}\n\n# third\nstep {\n  name = \"c\"\n}\n\nservice \"api\" {\n}\n\n# the services\nservice \"web\" {\n}\n"
        );
    }

    #[test]
    fn a_changed_block_keeps_its_comment_and_its_place() {
        // Changing one block and removing another in between two kept
        // ones: with nothing else to tell them apart, the first is taken
        // as the changed one.
        let mut p: Pipeline = hcldecode::from_str(SRC, "p.hcl").unwrap();
        p.step[1].name = "B".into();
        p.step.remove(0);
        assert_eq!(
            update(&p),
            "# first\nstep {\n  name = \"B\"\n}\n\n# third\nstep {\n  name = \"c\"\n}\n\n# the services\nservice \"web\" {\n}\n"
        );
    }

    #[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
    struct Rule {
        name: String,
        action: String,
        port: u16,
    }

    #[derive(HclDecode, HclEncode, Debug, PartialEq)]
    struct Rules {
        #[hcl(block)]
        rule: Vec<Rule>,
    }

    /// The changed block is the old one it shares most items with.
    #[test]
    fn a_changed_block_is_the_old_one_most_like_it() {
        let src = "# allow ssh\nrule {\n  name   = \"ssh\"\n  action = \"allow\"\n  port   = 22\n}\n\n# deny web\nrule {\n  name   = \"web\"\n  action = \"deny\"\n  port   = 80\n}\n";
        let mut r: Rules = hcldecode::from_str(src, "r.hcl").unwrap();
        r.rule.remove(0);
        r.rule[0].action = "allow".into();
        let mut doc: Document = src.parse().unwrap();
        doc.update_from(&r).unwrap();
        assert_eq!(
            doc.to_string(),
            "# deny web\nrule {\n  name   = \"web\"\n  action = \"allow\"\n  port   = 80\n}\n"
        );
    }
}

mod property {
    //! Random documents of `step` blocks (each with its comment) and
    //! `dynamic "step"` blocks, and random edits of the decoded list that
    //! leave the generated blocks alone: write-back succeeds, the file
    //! decodes to the edited list, every kept block keeps its comment, a
    //! removed block takes its own, and the output stays formatted.

    use hcldecode::Decoder;
    use hcldecode::edit::Document;
    use hcldecode::format::format;
    use proptest::prelude::*;

    use super::beside_dynamic_blocks::{Pipeline, Step};

    /// A document: `Some(n)` a dynamic block generating `n` steps, `None`
    /// a static step.
    fn document(layout: &[Option<usize>]) -> String {
        let mut out = Vec::new();
        for (i, item) in layout.iter().enumerate() {
            out.push(match item {
                None => format!("# about s{i}\nstep {{\n  name = \"s{i}\"\n}}\n"),
                Some(n) => {
                    let names: Vec<String> = (0..*n).map(|j| format!("\"g{i}_{j}\"")).collect();
                    format!(
                        "dynamic \"step\" {{\n  for_each = [{}]\n  content {{\n    name = step.value\n  }}\n}}\n",
                        names.join(", ")
                    )
                }
            });
        }
        out.join("\n")
    }

    #[derive(Debug, Clone)]
    enum Edit {
        Remove(usize),
        Rename(usize),
        Insert(usize),
    }

    fn edit() -> impl Strategy<Value = Edit> {
        prop_oneof![
            (0..20usize).prop_map(Edit::Remove),
            (0..20usize).prop_map(Edit::Rename),
            (0..20usize).prop_map(Edit::Insert),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

        #[test]
        fn edits_beside_dynamic_blocks_write_what_they_say(
            layout in prop::collection::vec(prop::option::weighted(0.3, 0..3usize), 0..8),
            edits in prop::collection::vec(edit(), 0..5),
        ) {
            let src = document(&layout);
            let decoder = Decoder::new().dynamic_blocks(true);
            let mut p: Pipeline = decoder.decode_str(&src, "p.hcl").unwrap();
            let static_ = |s: &Step| s.name.starts_with('s') || s.name.starts_with('n');
            let mut fresh = 0;
            let renamed_or_inserted = edits.iter().any(|e| !matches!(e, Edit::Remove(_)));
            for e in edits {
                match e {
                    Edit::Remove(k) | Edit::Rename(k) => {
                        let statics: Vec<usize> =
                            (0..p.step.len()).filter(|&i| static_(&p.step[i])).collect();
                        if statics.is_empty() {
                            continue;
                        }
                        let at = statics[k % statics.len()];
                        if matches!(e, Edit::Remove(_)) {
                            p.step.remove(at);
                        } else {
                            p.step[at].name.push('x');
                        }
                    }
                    Edit::Insert(k) => {
                        // Not between two blocks of one dynamic block.
                        let places: Vec<usize> = (0..=p.step.len())
                            .filter(|&i| {
                                let source = |s: &Step| s.name.split('_').next().map(str::to_string);
                                match (i.checked_sub(1).map(|j| &p.step[j]), p.step.get(i)) {
                                    (Some(a), Some(b)) if !static_(a) && !static_(b) => source(a) != source(b),
                                    _ => true,
                                }
                            })
                            .collect();
                        let at = places[k % places.len()];
                        p.step.insert(at, Step { name: format!("n{fresh}") });
                        fresh += 1;
                    }
                }
            }
            let mut doc = Document::parse("p.hcl", &src).unwrap();
            doc.update_from_with(&decoder, &p).unwrap_or_else(|e| panic!("{e}\n{src}"));
            let out = doc.to_string();
            let back: Pipeline = decoder.decode_str(&out, "p.hcl").unwrap();
            prop_assert_eq!(&back, &p);
            prop_assert_eq!(format(out.as_bytes()), out.as_bytes(), "{}", out);
            for (i, item) in layout.iter().enumerate() {
                if item.is_some() {
                    continue;
                }
                let name = format!("s{i}");
                let comment = format!("# about {name}\n");
                let block = format!("{comment}step {{\n  name = \"{name}\"\n");
                if p.step.iter().any(|s| s.name == name) {
                    // Unchanged: still under its comment.
                    prop_assert!(out.contains(&block), "{}", out);
                } else if !renamed_or_inserted {
                    // Removed: its comment went with it.
                    prop_assert!(!out.contains(&comment), "{}", out);
                }
            }
        }
    }
}
