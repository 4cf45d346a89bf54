//! `#[derive(HclEncode)]` over every derive attribute: `flatten`,
//! `remain`, tagged and untagged enums of block types, `Expression`
//! fields, `serde` fields, `Spanned` fields, renames and defaults, with
//! the round-trip law `from_str::<T>(&to_string_typed(&x)) == x` as a
//! property test. (The law for `Value`s of every type is in
//! `tests/encode.rs`, `expressions_read_back` and `bodies_read_back`.)
#![cfg(all(feature = "derive", feature = "serde"))]

use std::collections::BTreeMap;

use hcldecode::{Body, Expression, HclDecode, HclEncode, Pos, Range, Spanned};
use hcldecode_spec::syntax::body::NativeItem;
use proptest::prelude::*;

fn four() -> u32 {
    4
}

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
struct Logging {
    level: String,
}

/// Flattened into `Job`: its attributes and blocks are `Job`'s.
#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
struct Common {
    region: String,
    datacenters: Vec<String>,
    #[hcl(block)]
    logging: Option<Logging>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
struct Run {
    command: String,
    args: Option<Vec<String>>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
struct Cache {
    paths: Vec<String>,
}

/// An enum of block types: a newtype variant, one with named fields and a
/// unit variant.
#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
enum Step {
    Run(Run),
    Cache(Cache),
    Shell { script: String, retries: Option<u8> },
    Noop,
}

/// A `serde` field's type.
#[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq, Clone)]
struct Limits {
    cpu: u32,
    memory: Option<u64>,
    tags: Vec<String>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
struct Port {
    #[hcl(label)]
    name: Spanned<String>,
    to: Option<u16>,
}

#[derive(HclDecode, HclEncode, Debug)]
#[hcl(rename_all = "kebab-case")]
struct Job {
    #[hcl(label)]
    id: String,
    #[hcl(rename = "type")]
    kind: String,
    #[hcl(default = "four")]
    max_parallel: u32,
    #[hcl(default)]
    priority: i64,
    note: Spanned<String>,
    when: Expression,
    unless: Option<Expression>,
    #[hcl(serde)]
    limits: Limits,
    #[hcl(serde)]
    extra_limits: Option<Limits>,
    #[hcl(flatten)]
    common: Common,
    #[hcl(block, tag = "label")]
    step: Vec<Step>,
    #[hcl(block)]
    task: Vec<Step>,
    #[hcl(block, tag = "label")]
    first: Option<Step>,
    #[hcl(block, rename = "port")]
    ports: Vec<Port>,
    #[hcl(block, rename = "volume")]
    volumes: BTreeMap<String, Logging>,
    #[hcl(block_attrs)]
    meta: BTreeMap<String, String>,
    #[hcl(remain)]
    rest: Body,
}

#[derive(HclDecode, HclEncode, Debug)]
struct File {
    #[hcl(block)]
    job: Vec<Job>,
    #[hcl(remain)]
    rest: Option<Body>,
}

/// `Body` and `Expression` have no `PartialEq`: they are compared by
/// their source text, a block's up to its layout (a block written inside
/// another is indented further).
fn same_body(a: Option<&Body>, b: Option<&Body>) -> bool {
    let items = |b: Option<&Body>| {
        b.map(|b| {
            b.native_items()
                .unwrap()
                .iter()
                .map(|i| match i {
                    NativeItem::Attribute { name, expr } => format!("{name} = {expr}"),
                    NativeItem::Block(text) => {
                        text.split_whitespace().collect::<Vec<_>>().join(" ")
                    }
                })
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    };
    items(a) == items(b)
}

/// `x` written through `BodyWriter` (the path `to_string_typed` took
/// before it wrote straight to the text).
fn body_writer_text<T: HclEncode>(x: &T) -> String {
    let mut body = hcldecode::encode::BodyWriter::new();
    hcldecode::encode::HclEncode::encode_body(x, &mut body).unwrap();
    body.finish().unwrap()
}

fn same_expr(a: Option<&Expression>, b: Option<&Expression>) -> bool {
    a.map(Expression::source_text) == b.map(Expression::source_text)
}

fn same_job(a: &Job, b: &Job) -> bool {
    let checks = [
        ("a.id == b.id", a.id == b.id),
        ("a.kind == b.kind", a.kind == b.kind),
        (
            "a.max_parallel == b.max_parallel",
            a.max_parallel == b.max_parallel,
        ),
        ("a.priority == b.priority", a.priority == b.priority),
        ("a.note == b.note", a.note == b.note),
        (
            "same_expr(Some(&a.when), Some(&b.when))",
            same_expr(Some(&a.when), Some(&b.when)),
        ),
        (
            "same_expr(a.unless.as_ref(), b.unless.as_ref())",
            same_expr(a.unless.as_ref(), b.unless.as_ref()),
        ),
        ("a.limits == b.limits", a.limits == b.limits),
        (
            "a.extra_limits == b.extra_limits",
            a.extra_limits == b.extra_limits,
        ),
        ("a.common == b.common", a.common == b.common),
        ("a.step == b.step", a.step == b.step),
        ("a.task == b.task", a.task == b.task),
        ("a.first == b.first", a.first == b.first),
        ("a.ports == b.ports", a.ports == b.ports),
        ("a.volumes == b.volumes", a.volumes == b.volumes),
        ("a.meta == b.meta", a.meta == b.meta),
        (
            "same_body(Some(&a.rest), Some(&b.rest))",
            same_body(Some(&a.rest), Some(&b.rest)),
        ),
    ];
    for (what, ok) in checks {
        if !ok {
            eprintln!("differs: {what}");
            return false;
        }
    }
    true
}

fn same_file(a: &File, b: &File) -> bool {
    a.job.len() == b.job.len()
        && a.job.iter().zip(&b.job).all(|(x, y)| same_job(x, y))
        && same_body(a.rest.as_ref(), b.rest.as_ref())
}

/// A `Spanned` value (its range does not take part in `==`).
fn spanned(s: &str) -> Spanned<String> {
    Spanned::with_range(
        s.to_string(),
        Range {
            filename: "t.hcl".into(),
            start: Pos::default(),
            end: Pos::default(),
        },
    )
}

#[derive(HclDecode)]
struct ExprHolder {
    e: Expression,
}

/// An `Expression` as `HclDecode` gives it: read from `text`.
fn expression(text: &str) -> Expression {
    hcldecode::from_str::<ExprHolder>(&format!("e = {text}\n"), "e.hcl")
        .unwrap()
        .e
}

#[derive(HclDecode)]
struct BodyHolder {
    #[hcl(remain)]
    rest: Body,
}

/// A remaining `Body` as `HclDecode` gives it: read from `text`.
fn body(text: &str) -> Body {
    hcldecode::from_str::<BodyHolder>(text, "r.hcl")
        .unwrap()
        .rest
}

#[test]
fn every_attribute_is_written() {
    let job = Job {
        id: "web".into(),
        kind: "service".into(),
        // Not the defaults (4 and 0), which would be left out.
        max_parallel: 5,
        priority: 1,
        note: spanned("n"),
        when: expression("var.env == \"prod\" && length(var.zones) > 1"),
        unless: None,
        limits: Limits {
            cpu: 500,
            memory: Some(256),
            tags: vec!["a".into()],
        },
        extra_limits: None,
        common: Common {
            region: "eu".into(),
            datacenters: vec!["dc1".into()],
            logging: Some(Logging {
                level: "info".into(),
            }),
        },
        step: vec![
            Step::Cache(Cache {
                paths: vec!["target".into()],
            }),
            Step::Run(Run {
                command: "make".into(),
                args: None,
            }),
        ],
        task: vec![
            Step::Shell {
                script: "ls".into(),
                retries: Some(2),
            },
            Step::Noop,
        ],
        first: None,
        ports: vec![],
        volumes: BTreeMap::new(),
        meta: [("owner".to_string(), "ops".to_string())].into(),
        rest: body("custom = upper(\"x\") # kept\nextra \"a\" {\n  b = [for v in var.xs : v]\n}\n"),
    };
    let file = File {
        job: vec![job],
        rest: None,
    };
    let text = hcldecode::encode::to_string_of(&file).unwrap();
    assert_eq!(
        text,
        r#"job "web" {
  type         = "service"
  max-parallel = 5
  priority     = 1
  note         = "n"
  when         = var.env == "prod" && length(var.zones) > 1
  limits = {
    cpu    = 500
    memory = 256
    tags   = ["a"]
  }
  region      = "eu"
  datacenters = ["dc1"]

  logging {
    level = "info"
  }

  step "cache" {
    paths = ["target"]
  }

  step "run" {
    command = "make"
  }

  shell {
    script  = "ls"
    retries = 2
  }

  noop {
  }

  meta {
    owner = "ops"
  }

  custom = upper("x")

  extra "a" {
    b = [for v in var.xs : v]
  }
}
"#
    );
    let back: File = hcldecode::from_str(&text, "job.hcl").unwrap();
    assert!(same_file(&back, &file));
    assert_eq!(hcldecode::encode::to_string_of(&back).unwrap(), text);
}

#[test]
fn a_remain_body_keeps_comments_and_heredocs_of_its_blocks() {
    let rest = body("a = 1\nx \"y\" {\n  # note\n  s = <<EOT\n  hi\nEOT\n}\n");
    let text = hcldecode::encode::to_string_of(&File {
        job: vec![],
        rest: Some(rest),
    })
    .unwrap();
    assert_eq!(
        text,
        "a = 1\n\nx \"y\" {\n  # note\n  s = <<EOT\n  hi\nEOT\n}\n"
    );
}

#[test]
fn json_bodies_and_expressions_are_errors() {
    let h: BodyHolder = hcldecode::Decoder::new()
        .decode_str(r#"{"a": 1}"#, "r.json")
        .unwrap();
    let e = hcldecode::encode::to_string_of(&File {
        job: vec![],
        rest: Some(h.rest),
    })
    .unwrap_err();
    assert!(e.to_string().contains("JSON"), "{e}");
    let e: ExprHolder = hcldecode::Decoder::new()
        .decode_str(r#"{"e": "${x}"}"#, "e.json")
        .unwrap();
    let mut body = hcldecode::encode::BodyWriter::new();
    let err = hcldecode::__private::encode::expr_attr(&mut body, "e", &e.e).unwrap_err();
    assert!(err.to_string().contains("JSON"), "{err}");
}

// ---- property tests ----

fn word() -> impl Strategy<Value = String> {
    "[a-z][a-z0-9_]{0,6}"
}

/// Strings as HCL reads them back (NFC: HCL normalizes strings).
fn text() -> impl Strategy<Value = String> {
    raw_text().prop_map(|s| hcldecode::value::normalize_string(&s).into_owned())
}

fn raw_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z0-9 _.-]{0,10}",
        "[\\PC]{0,6}",
        Just("${not a template}".to_string()),
        Just("%{if x}y%{endif}".to_string()),
        Just("tab\tquote\"back\\slash\nnl".to_string()),
    ]
}

fn expr_text() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "1",
        "var.x + 1",
        "\"${var.a}-b\"",
        "[for v in var.xs : upper(v) if v != \"\"]",
        "{ a = 1, b = [true, null] }",
        "cond ? 1 : 2",
        "<<EOT\n  x\nEOT\n",
        "local.m[\"k\"].attr[0]",
    ])
}

fn rest_text() -> impl Strategy<Value = String> {
    prop::collection::btree_map("[e-h][a-z0-9_]{0,4}", (0..3u8, expr_text()), 0..4).prop_map(|m| {
        m.into_iter()
            .map(|(k, (kind, e))| match kind {
                0 => format!("{k} = {e}\n"),
                1 => format!("{k} \"l\" {{\n  v = {e}\n}}\n"),
                _ => format!("{k} {{\n  # c\n  inner {{\n    w = {e}\n  }}\n}}\n"),
            })
            .collect()
    })
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        (
            text(),
            proptest::option::of(prop::collection::vec(text(), 0..3))
        )
            .prop_map(|(command, args)| Step::Run(Run { command, args })),
        prop::collection::vec(text(), 0..3).prop_map(|paths| Step::Cache(Cache { paths })),
        (text(), proptest::option::of(any::<u8>()))
            .prop_map(|(script, retries)| Step::Shell { script, retries }),
        Just(Step::Noop),
    ]
}

fn limits() -> impl Strategy<Value = Limits> {
    (
        any::<u32>(),
        proptest::option::of(any::<u64>()),
        prop::collection::vec(text(), 0..3),
    )
        .prop_map(|(cpu, memory, tags)| Limits { cpu, memory, tags })
}

fn common() -> impl Strategy<Value = Common> {
    (
        text(),
        prop::collection::vec(text(), 0..3),
        proptest::option::of(text()),
    )
        .prop_map(|(region, datacenters, level)| Common {
            region,
            datacenters,
            logging: level.map(|level| Logging { level }),
        })
}

fn job() -> impl Strategy<Value = Job> {
    (
        (text(), text(), any::<u32>(), any::<i64>(), text()),
        (
            expr_text(),
            proptest::option::of(expr_text()),
            limits(),
            proptest::option::of(limits()),
        ),
        (
            common(),
            prop::collection::vec(step(), 0..3),
            prop::collection::vec(step(), 0..3),
            proptest::option::of(step()),
        ),
        (
            prop::collection::vec((text(), proptest::option::of(any::<u16>())), 0..3),
            prop::collection::btree_map(text(), text(), 0..3),
            prop::collection::btree_map(word(), text(), 0..3),
            rest_text(),
        ),
    )
        .prop_map(
            |(
                (id, kind, max_parallel, priority, note),
                (when, unless, limits, extra_limits),
                (common, step, task, first),
                (ports, volumes, meta, rest),
            )| Job {
                id,
                kind,
                max_parallel,
                priority,
                note: spanned(&note),
                when: expression(when),
                unless: unless.map(expression),
                limits,
                extra_limits,
                common,
                step,
                task,
                first,
                ports: ports
                    .into_iter()
                    .map(|(n, to)| Port {
                        name: spanned(&n),
                        to,
                    })
                    .collect(),
                volumes: volumes
                    .into_iter()
                    .map(|(k, level)| (k, Logging { level }))
                    .collect(),
                meta,
                rest: body(&rest),
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    /// The law over every derive attribute:
    /// `from_str::<T>(&to_string_typed(&x)) == x`.
    #[test]
    fn derived_types_read_back(jobs in prop::collection::vec(job(), 0..3), rest in proptest::option::of(rest_text())) {
        let file = File { job: jobs, rest: rest.as_deref().map(body) };
        let text = hcldecode::to_string_typed(&file).unwrap();
        // Written straight to the text, as the `BodyWriter` path writes it
        // (issue 36).
        prop_assert_eq!(&text, &body_writer_text(&file));
        let back: File = hcldecode::from_str(&text, "f.hcl").unwrap_or_else(|e| panic!("{text}\n{e}"));
        prop_assert!(same_file(&back, &file), "{}\n{:?}\n{:?}", text, back, file);
        prop_assert_eq!(hcldecode::to_string_typed(&back).unwrap(), text.clone());
        // Laid out as hclfmt lays it out: the formatter changes nothing.
        prop_assert_eq!(
            String::from_utf8(hcldecode::format::format(text.as_bytes())).unwrap(),
            text.clone()
        );
    }

    /// A field equal to its default is written, and reads back.
    #[test]
    fn defaults_read_back(j in job()) {
        let j = Job { max_parallel: four(), priority: 0, ..j };
        let file = File { job: vec![j], rest: None };
        let text = hcldecode::to_string_typed(&file).unwrap();
        let back: File = hcldecode::from_str(&text, "f.hcl").unwrap();
        prop_assert!(same_file(&back, &file), "{}", text);
    }
}

/// The attributes the `Job` types above leave out: `attr`, `required`,
/// `type = "..."` with `optional()` defaults, `min_items`/`max_items`,
/// `labels = [...]` on nested block maps, and a container's
/// `ignore_unknown`.
mod more_attributes {
    use std::collections::BTreeMap;

    use hcldecode::{HclDecode, HclEncode, Value};
    use proptest::prelude::*;

    #[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
    #[hcl(ignore_unknown)]
    struct Owner {
        team: String,
        pager: Option<String>,
    }

    #[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
    struct Rule {
        #[hcl(attr)]
        weight: i32,
    }

    #[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
    struct Size {
        size: String,
    }

    #[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
    struct Limit {
        cpu: u32,
    }

    #[derive(HclDecode, HclEncode, Debug, PartialEq)]
    struct App {
        owner: Owner,
        #[hcl(type = "object({ name = string, port = optional(number, 8080) })")]
        service: Value,
        #[hcl(block, required)]
        limit: Option<Limit>,
        #[hcl(block, rename = "rule", min_items = 1, max_items = 3)]
        rules: Vec<Rule>,
        #[hcl(block, rename = "resource", labels = ["type", "name"])]
        resources: BTreeMap<String, BTreeMap<String, Size>>,
    }

    fn word() -> impl Strategy<Value = String> {
        "[a-z][a-z0-9_-]{0,6}"
    }

    fn app() -> impl Strategy<Value = App> {
        (
            (word(), proptest::option::of(word())),
            (word(), 1u16..),
            1u32..64,
            prop::collection::vec(any::<i32>(), 1..=3),
            prop::collection::btree_map(
                word(),
                prop::collection::btree_map(word(), word(), 1..3),
                0..3,
            ),
        )
            .prop_map(|((team, pager), (name, port), cpu, weights, res)| App {
                owner: Owner { team, pager },
                service: Value::object([
                    ("name", Value::string(name)),
                    ("port", Value::int(i64::from(port))),
                ]),
                limit: Some(Limit { cpu }),
                rules: weights.into_iter().map(|weight| Rule { weight }).collect(),
                resources: res
                    .into_iter()
                    .map(|(ty, names)| {
                        let names = names
                            .into_iter()
                            .map(|(n, size)| (n, Size { size }))
                            .collect();
                        (ty, names)
                    })
                    .collect(),
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

        /// `from_str::<App>(&to_string_typed(&x)) == x`, laid out as hclfmt
        /// lays it out.
        #[test]
        fn read_back(x in app()) {
            let text = hcldecode::to_string_typed(&x).unwrap();
            let back: App = hcldecode::from_str(&text, "app.hcl")
                .unwrap_or_else(|e| panic!("{text}\n{e}"));
            prop_assert_eq!(&back, &x, "{}", text);
            prop_assert_eq!(
                String::from_utf8(hcldecode::format::format(text.as_bytes())).unwrap(),
                text
            );
        }
    }

    /// A default of an `optional()` attribute written back: absent in
    /// the source, present (8080) after a round trip, and equal.
    #[test]
    fn optional_defaults_are_written() {
        let src = "owner = { team = \"ops\", extra = 1 }\nservice = { name = \"web\" }\nlimit {\n  cpu = 2\n}\nrule {\n  weight = 1\n}\n";
        let app: App = hcldecode::from_str(src, "app.hcl").unwrap();
        assert_eq!(app.service.get_attr("port"), Some(Value::int(8080)));
        let text = hcldecode::to_string_typed(&app).unwrap();
        assert!(text.contains("port = 8080"), "{text}");
        let back: App = hcldecode::from_str(&text, "app.hcl").unwrap();
        assert_eq!(back, app);
    }
}
