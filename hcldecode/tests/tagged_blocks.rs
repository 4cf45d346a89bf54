//! Label-discriminated enums: `#[hcl(block, tag = "label")]` reads
//! `step "run" {…}` / `step "cache" {…}` into `enum Step { Run(Run),
//! Cache(Cache) }`.

#![cfg(feature = "derive")]

use hcldecode::{Decoder, HclDecode};

#[derive(HclDecode, Debug, PartialEq)]
struct Run {
    command: String,
    #[hcl(default)]
    retries: u8,
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
    #[hcl(block, tag = "label", labels = ["kind"])]
    notify: Option<Step>,
}

fn subject(e: &hcldecode::Error, i: usize) -> String {
    e.diagnostics()[i].subject.as_ref().unwrap().to_string()
}

#[test]
fn the_first_label_names_the_variant_in_source_order() {
    let src = r#"
step "run" {
  command = "make"
}
step "cache" {
  paths = ["target"]
}
step "run" {
  command = "make test"
  retries = 2
}
"#;
    let p: Pipeline = hcldecode::from_str(src, "ci.hcl").unwrap();
    assert_eq!(
        p.steps,
        [
            Step::Run(Run {
                command: "make".into(),
                retries: 0
            }),
            Step::Cache(Cache {
                paths: vec!["target".into()]
            }),
            Step::Run(Run {
                command: "make test".into(),
                retries: 2
            }),
        ]
    );
    assert_eq!(p.notify, None);
}

#[test]
fn an_unknown_label_is_reported_at_the_label_with_a_suggestion() {
    let src = "step \"rnu\" {\n  command = \"make\"\n}\n";
    let e = hcldecode::from_str::<Pipeline>(src, "ci.hcl").unwrap_err();
    assert_eq!(e.diagnostics().len(), 1, "{e}");
    assert_eq!(e.diagnostics()[0].summary, "Unsupported step type");
    assert_eq!(subject(&e, 0), "ci.hcl:1,6-11");
    assert!(
        e.diagnostics()[0].detail.contains("did you mean \"run\"?"),
        "{e}"
    );
    // The label's name comes from `labels = [...]`.
    let e = hcldecode::from_str::<Pipeline>("notify \"mail\" {}\n", "ci.hcl").unwrap_err();
    assert_eq!(e.diagnostics()[0].summary, "Unsupported notify kind");
    assert!(
        e.diagnostics()[0]
            .detail
            .ends_with("one of \"run\", \"cache\"."),
        "{e}"
    );
}

#[test]
fn errors_inside_a_variant_body_have_their_ranges() {
    let src = "step \"run\" {\n  comand = \"make\"\n}\nstep \"cache\" {\n  paths = 1 + \"x\"\n}\n";
    let e = hcldecode::from_str::<Pipeline>(src, "ci.hcl").unwrap_err();
    let summaries: Vec<&str> = e.diagnostics().iter().map(|d| d.summary.as_str()).collect();
    assert_eq!(
        summaries,
        [
            "Missing required argument",
            "Unsupported argument",
            // As for the same attribute outside a tagged block; in source
            // order, the attribute's value before the operand inside it.
            "Incorrect attribute value type",
            "Invalid operand",
        ],
        "{e}"
    );
    assert_eq!(subject(&e, 1), "ci.hcl:2,3-9");
    assert!(
        e.diagnostics()[1]
            .detail
            .contains("Did you mean \"command\"?"),
        "{e}"
    );
    assert_eq!(subject(&e, 3), "ci.hcl:5,15-18");
    // A missing label is the engine's error.
    let e = hcldecode::from_str::<Pipeline>("step {\n}\n", "ci.hcl").unwrap_err();
    assert_eq!(e.diagnostics()[0].summary, "Missing type for step", "{e}");
}

#[test]
fn variant_bodies_see_the_decoders_variables() {
    let p: Pipeline = Decoder::new()
        .variable("target", "release")
        .decode_str(
            "notify \"run\" {\n  command = \"ship ${target}\"\n}\n",
            "ci.hcl",
        )
        .unwrap();
    assert_eq!(
        p.notify,
        Some(Step::Run(Run {
            command: "ship release".into(),
            retries: 0
        }))
    );
}

/// A type whose value is read on another thread (as a rayon worker
/// would), delegating to `Pipeline`.
#[derive(Debug)]
struct OnAnotherThread(Pipeline);

impl HclDecode for OnAnotherThread {
    fn from_hcl(
        value: &hcldecode::Value,
        at: hcldecode::typed::At<'_>,
    ) -> Result<Self, hcldecode::Error> {
        std::thread::scope(|s| s.spawn(|| Pipeline::from_hcl(value, at)).join().unwrap())
            .map(OnAnotherThread)
    }
    fn spec() -> hcldecode::Spec {
        Pipeline::spec()
    }
}

/// A tagged block's variant is decoded as the enclosing decode is (its
/// variables, its functions), on whatever thread reads the value and
/// inside another decode alike: the decode's scope travels with the
/// positions, not in thread-local state.
#[test]
fn variants_decode_with_the_enclosing_decodes_variables_on_any_thread() {
    let src = "step \"run\" {\n  command = \"make ${var.target}\"\n}\n";
    let dec = Decoder::new().variable(
        "var",
        hcldecode::Value::object([("target", hcldecode::Value::string("all"))]),
    );
    let want = [Step::Run(Run {
        command: "make all".into(),
        retries: 0,
    })];
    let here: Pipeline = dec.decode_str(src, "ci.hcl").unwrap();
    assert_eq!(here.steps, want);
    let there: OnAnotherThread = dec.decode_str(src, "ci.hcl").unwrap();
    assert_eq!(there.0.steps, want);
    // A decode running inside this one (on its own thread) with other
    // variables does not change what the outer one's variants see.
    let inner = std::thread::scope(|s| {
        s.spawn(|| {
            Decoder::new()
                .variable(
                    "var",
                    hcldecode::Value::object([("target", hcldecode::Value::string("x"))]),
                )
                .decode_str::<Pipeline>(src, "ci.hcl")
                .unwrap()
        })
        .join()
        .unwrap()
    });
    assert_eq!(
        inner.steps[0],
        Step::Run(Run {
            command: "make x".into(),
            retries: 0
        })
    );
}
