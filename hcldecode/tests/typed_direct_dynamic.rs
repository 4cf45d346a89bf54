//! The direct read (`decode::direct`) with dynamic blocks expanded and
//! with `tag = "label"` blocks: whatever the input, the result must be the
//! one the usual path (the value tree and its trace) gives. A `remain`
//! field turns the direct read off, so each type is compared with a twin
//! that has one.

#![cfg(feature = "derive")]

use std::collections::BTreeMap;

use hcldecode::{Body, Decoder, HclDecode, Spanned, Value};

#[derive(HclDecode, Debug, PartialEq)]
struct Http {
    path: String,
    #[hcl(default)]
    every: String,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Tcp {
    port: u16,
}

#[derive(HclDecode, Debug, PartialEq)]
enum Probe {
    Http(Http),
    Tcp(Tcp),
}

/// A variant the direct read cannot take (a struct variant has no plan
/// of its own): its blocks are read the usual way.
#[derive(HclDecode, Debug, PartialEq)]
enum Mixed {
    Http(Http),
    Raw { x: i64 },
}

#[derive(HclDecode, Debug, PartialEq)]
struct Opt {
    v: Value,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Vol {
    name: String,
    #[hcl(block)]
    opt: Vec<Opt>,
}

macro_rules! app {
    ($name:ident $(, $extra:tt)?) => {
        #[derive(HclDecode, Debug)]
        struct $name {
            #[hcl(block)]
            vol: Vec<Vol>,
            #[hcl(block, tag = "label")]
            probe: Vec<Probe>,
            #[hcl(block, tag = "label")]
            first: Option<Probe>,
            #[hcl(block, tag = "label")]
            mixed: Vec<Mixed>,
            #[hcl(block)]
            svc: BTreeMap<String, Vol>,
            where_: Option<Spanned<String>>,
            $(
                #[hcl(remain)]
                #[allow(dead_code)]
                rest: Option<$extra>,
            )?
        }
    };
}

app!(Direct);
app!(Traced, Body);

fn decoder() -> Decoder {
    let var = Value::object([
        (
            "names",
            Value::tuple(vec![Value::string("a"), Value::string("b")]),
        ),
        (
            "kinds",
            Value::tuple(vec![Value::string("http"), Value::string("tcp")]),
        ),
        ("n", Value::int(3)),
    ]);
    Decoder::new()
        .dynamic_blocks(true)
        .functions(hcldecode::function::Functions::stdlib())
        .variable("var", var)
}

/// What one error list says: summaries and where, in order.
fn errors(e: &hcldecode::Error) -> Vec<String> {
    e.diagnostics()
        .iter()
        .map(|d| {
            format!(
                "{} @ {:?}",
                d.summary,
                d.subject.as_ref().map(|r| r.to_string())
            )
        })
        .collect()
}

/// Decodes `src` both ways and checks they agree; the direct result.
fn both(src: &str) -> Result<Direct, Vec<String>> {
    let d = decoder();
    let a = d.decode_str::<Direct>(src, "t.hcl");
    let b = d.decode_str::<Traced>(src, "t.hcl");
    match (a, b) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a.vol, b.vol, "{src}");
            assert_eq!(a.probe, b.probe, "{src}");
            assert_eq!(a.first, b.first, "{src}");
            assert_eq!(a.mixed, b.mixed, "{src}");
            assert_eq!(a.svc, b.svc, "{src}");
            let at = |s: &Option<Spanned<String>>| {
                s.as_ref()
                    .map(|s| (s.as_str().to_string(), s.range().to_string()))
            };
            assert_eq!(at(&a.where_), at(&b.where_), "{src}");
            Ok(a)
        }
        (Err(a), Err(b)) => {
            assert_eq!(errors(&a), errors(&b), "{src}");
            Err(errors(&a))
        }
        (a, b) => panic!("{src}: the direct read gave {a:?}, the usual path {b:?}"),
    }
}

#[test]
fn dynamic_blocks_read_directly_give_the_usual_values() {
    let cases = [
        "",
        // Generated beside static blocks, in source order.
        "vol {\n  name = \"s\"\n}\ndynamic \"vol\" {\n  for_each = var.names\n  content {\n    name = vol.value\n  }\n}\nvol {\n  name = \"t\"\n}\n",
        // A static block inside a generated body sees the iterator.
        "dynamic \"vol\" {\n  for_each = var.names\n  iterator = it\n  content {\n    name = \"${it.key}-${it.value}\"\n    opt {\n      v = it.value\n    }\n  }\n}\n",
        // Nested dynamic blocks, the inner one's iterator over the outer's.
        "dynamic \"vol\" {\n  for_each = var.names\n  content {\n    name = vol.value\n    dynamic \"opt\" {\n      for_each = range(var.n)\n      content {\n        v = [vol.value, opt.value]\n      }\n    }\n  }\n}\n",
        // Labels from the iteration key a map.
        "dynamic \"svc\" {\n  for_each = { x = 1, y = 2 }\n  labels = [svc.key]\n  content {\n    name = \"n${svc.value}\"\n  }\n}\nsvc \"z\" {\n  name = \"static\"\n}\n",
        // Tagged blocks, written and generated.
        "probe \"tcp\" {\n  port = 1\n}\ndynamic \"probe\" {\n  for_each = var.names\n  labels = [\"http\"]\n  content {\n    path = \"/${probe.key}\"\n  }\n}\n",
        "first \"http\" {\n  path = \"/\"\n  every = \"5s\"\n}\n",
        "mixed \"raw\" {\n  x = 1\n}\nmixed \"http\" {\n  path = \"/m\"\n}\n",
        "mixed \"http\" {\n  path = \"/m\"\n}\n",
        "where_ = upper(\"x\")\ndynamic \"vol\" {\n  for_each = []\n  content {\n    name = \"never\"\n  }\n}\n",
        "dynamic \"vol\" {\n  for_each = var.names\n  content {\n    name = vol.value\n  }\n}\nwhere_ = \"here\"\n",
    ];
    for src in cases {
        let r = both(src);
        assert!(r.is_ok(), "{src}: {r:?}");
    }
    let r = both(cases[3]).unwrap();
    assert_eq!(r.vol.len(), 2);
    assert_eq!(
        r.vol[1].opt[2].v,
        Value::tuple(vec![Value::string("b"), Value::int(2)])
    );
    let r = both(cases[5]).unwrap();
    assert_eq!(
        r.probe,
        [
            Probe::Tcp(Tcp { port: 1 }),
            Probe::Http(Http {
                path: "/0".into(),
                every: String::new()
            }),
            Probe::Http(Http {
                path: "/1".into(),
                every: String::new()
            }),
        ]
    );
    let r = both(cases[4]).unwrap();
    assert_eq!(r.svc.keys().collect::<Vec<_>>(), ["x", "y", "z"]);
    assert_eq!(r.svc["y"].name, "n2");
    let r = both(cases[10]).unwrap();
    assert_eq!(r.where_.unwrap().range().to_string(), "t.hcl:7,10-16");
}

#[test]
fn errors_with_dynamic_and_tagged_blocks_are_the_usual_ones() {
    let cases = [
        // A label naming no variant, a missing and an extra label.
        "probe \"udp\" {\n  port = 1\n}\n",
        "probe {\n  port = 1\n}\n",
        "probe \"tcp\" \"x\" {\n  port = 1\n}\n",
        // A variant's own errors, written and generated.
        "probe \"tcp\" {\n  port = \"x\"\n}\n",
        "dynamic \"probe\" {\n  for_each = var.kinds\n  labels = [probe.value]\n  content {\n    port = 80\n  }\n}\n",
        "first \"tcp\" {\n  port = 1\n}\nfirst \"tcp\" {\n  port = 2\n}\n",
        // Dynamic blocks that cannot iterate, or whose content fails.
        "dynamic \"vol\" {\n  for_each = 3\n  content {\n    name = \"x\"\n  }\n}\n",
        "dynamic \"vol\" {\n  for_each = var.names\n  content {\n    name = nope.value\n  }\n}\n",
        "dynamic \"vol\" {\n  for_each = var.names\n  content {\n    name = vol.value\n    extra = 1\n  }\n}\n",
        "dynamic \"svc\" {\n  for_each = [\"a\", \"a\"]\n  labels = [svc.value]\n  content {\n    name = \"x\"\n  }\n}\n",
        "mixed \"raw\" {\n  x = \"y\"\n}\n",
    ];
    for src in cases {
        let r = both(src);
        assert!(r.is_err(), "{src}: {r:?}");
    }
}

#[test]
fn what_only_a_body_without_remain_reports_is_reported() {
    // The twin's `remain` field would keep these as the rest of the body.
    let cases = [
        (
            "dynamic \"nope\" {\n  for_each = [1]\n  content {}\n}\n",
            "Unsupported block type @ Some(\"t.hcl:1,9-15\")",
        ),
        (
            "other = 1\n",
            "Unsupported argument @ Some(\"t.hcl:1,1-6\")",
        ),
    ];
    for (src, want) in cases {
        let e = decoder().decode_str::<Direct>(src, "t.hcl").unwrap_err();
        assert_eq!(errors(&e), [want], "{src}");
    }
}
