//! Edits inside expressions (`hcldecode::edit::ExprMut`): object items by
//! key, tuple elements by index and call arguments, set, inserted and
//! removed with the text around them kept; and typed write-back of nested
//! objects and lists through them (issue 35).

#![cfg(feature = "derive")]

use hcldecode::edit::{Document, EditError};
use hcldecode::format::format;
use hcldecode::{HclDecode, HclEncode, Value};
use proptest::prelude::*;
use std::collections::BTreeMap;

fn doc(s: &str) -> Document {
    s.parse().unwrap()
}

fn formatted(s: &str) -> bool {
    format(s.as_bytes()) == s.as_bytes()
}

#[derive(HclDecode, Debug)]
struct A {
    a: Value,
}

/// What attribute `a` of `text` evaluates to.
fn value_of(text: &str) -> Value {
    hcldecode::from_str::<A>(text, "a.hcl").unwrap().a
}

#[test]
fn object_items_are_set_added_and_removed_with_their_comments() {
    let src = "tags = {\n  # The stage.\n  env  = \"dev\" # for now\n  team = \"web\"\n\n  // Who pays.\n  cost = \"c1\"\n}\n";
    assert!(formatted(src));
    let mut d = doc(src);
    let mut body = d.body_mut();
    let mut tags = body.expr_mut("tags").unwrap();
    tags.set_item("env", &Value::string("prod")).unwrap();
    assert_eq!(
        d.to_string(),
        src.replace("env  = \"dev\"", "env  = \"prod\"")
    );
    let mut body = d.body_mut();
    let mut tags = body.expr_mut("tags").unwrap();
    tags.remove_item("env").unwrap();
    assert_eq!(
        d.to_string(),
        "tags = {\n  team = \"web\"\n\n  // Who pays.\n  cost = \"c1\"\n}\n"
    );
    let mut body = d.body_mut();
    let mut tags = body.expr_mut("tags").unwrap();
    tags.set_item("department", &Value::string("d")).unwrap();
    assert_eq!(
        d.to_string(),
        "tags = {\n  team = \"web\"\n\n  // Who pays.\n  cost       = \"c1\"\n  department = \"d\"\n}\n"
    );
    assert!(formatted(&d.to_string()));
}

#[test]
fn an_unformatted_object_keeps_its_layout() {
    let src = "tags = {\n    a=1\n    b = 2\n}\n";
    assert!(!formatted(src));
    let mut d = doc(src);
    d.body_mut()
        .expr_mut("tags")
        .unwrap()
        .set_item("c", &Value::int(3))
        .unwrap();
    assert_eq!(
        d.to_string(),
        "tags = {\n    a=1\n    b = 2\n    c = 3\n}\n"
    );
    d.body_mut()
        .expr_mut("tags")
        .unwrap()
        .remove_item("a")
        .unwrap();
    assert_eq!(d.to_string(), "tags = {\n    b = 2\n    c = 3\n}\n");
}

#[test]
fn tuples_take_elements_at_any_index_in_both_layouts() {
    let mut d = doc("a = [1, 2, 3]\nb = [\n  \"x\", # first\n  \"y\" # no comma\n]\n");
    let mut body = d.body_mut();
    let mut a = body.expr_mut("a").unwrap();
    a.insert(0, &Value::int(0)).unwrap();
    a.remove(2).unwrap();
    a.push_expr("var.four").unwrap();
    let mut b = body.expr_mut("b").unwrap();
    b.push(&Value::string("z")).unwrap();
    b.insert(0, &Value::string("w")).unwrap();
    assert_eq!(
        d.to_string(),
        "a = [0, 1, 3, var.four]\nb = [\n  \"w\",\n  \"x\", # first\n  \"y\", # no comma\n  \"z\"\n]\n"
    );
    let mut body = d.body_mut();
    let mut b = body.expr_mut("b").unwrap();
    b.remove(3).unwrap();
    b.remove(1).unwrap();
    assert_eq!(
        d.to_string(),
        "a = [0, 1, 3, var.four]\nb = [\n  \"w\",\n  \"y\", # no comma\n]\n"
    );
    let mut body = d.body_mut();
    let mut b = body.expr_mut("b").unwrap();
    b.remove(0).unwrap();
    b.remove(0).unwrap();
    assert_eq!(d.to_string(), "a = [0, 1, 3, var.four]\nb = [\n]\n");
    let mut body = d.body_mut();
    body.expr_mut("b").unwrap().push(&Value::int(1)).unwrap();
    assert_eq!(d.to_string(), "a = [0, 1, 3, var.four]\nb = [\n  1,\n]\n");
}

#[test]
fn nested_parts_are_reached_by_key_index_and_argument() {
    let src = "job {\n  env = merge(local.base, {\n    REGION = upper(var.region)\n    PORTS  = [80, 443]\n  })\n}\n";
    let mut d = doc(src);
    let mut job = d.body_mut().block("job", &[]).unwrap();
    let env = job.expr_mut("env").unwrap().arg(1).unwrap();
    env.key("PORTS")
        .unwrap()
        .index(1)
        .unwrap()
        .set(&Value::int(8443))
        .unwrap();
    let mut env = job.expr_mut("env").unwrap().arg(1).unwrap();
    env.set_item_expr("ZONE", "\"${var.region}-a\"").unwrap();
    assert_eq!(
        d.to_string(),
        "job {\n  env = merge(local.base, {\n    REGION = upper(var.region)\n    PORTS  = [80, 8443]\n    ZONE   = \"${var.region}-a\"\n  })\n}\n"
    );
}

#[test]
fn multi_line_values_are_indented_at_their_item() {
    let mut d = doc("a = {\n  b = 1\n}\n");
    let v = Value::object([("x", Value::int(1)), ("y", Value::int(2))]);
    d.body_mut()
        .expr_mut("a")
        .unwrap()
        .set_item("c", &v)
        .unwrap();
    assert_eq!(
        d.to_string(),
        "a = {\n  b = 1\n  c = {\n    x = 1\n    y = 2\n  }\n}\n"
    );
    d.body_mut()
        .expr_mut("a")
        .unwrap()
        .key("c")
        .unwrap()
        .set_item("z", &Value::int(3))
        .unwrap();
    assert!(d.to_string().contains("    y = 2\n    z = 3\n  }\n"));
    assert!(formatted(&d.to_string()));
}

#[test]
fn crlf_text_gets_crlf_lines() {
    let mut d = doc("a = [\r\n  1,\r\n]\r\n");
    d.body_mut()
        .expr_mut("a")
        .unwrap()
        .push(&Value::int(2))
        .unwrap();
    assert_eq!(d.to_string(), "a = [\r\n  1,\r\n  2,\r\n]\r\n");
}

#[test]
fn bad_edits_are_refused_and_change_nothing() {
    let src = "a = { b = [1] }\nc = var.x\n";
    let mut d = doc(src);
    let mut body = d.body_mut();
    let err = body.expr_mut("a").unwrap().key("x").unwrap_err();
    assert!(matches!(err, EditError::NoSuchItem(_)));
    assert_eq!(err.to_string(), "no item a[\"x\"]");
    let err = body.expr_mut("a").unwrap().index(0).unwrap_err();
    assert_eq!(err.to_string(), "no item a[0]");
    let err = body
        .expr_mut("a")
        .unwrap()
        .push(&Value::int(1))
        .unwrap_err();
    assert!(matches!(err, EditError::NotACollection(_)));
    assert_eq!(err.to_string(), "a is not an object or tuple constructor");
    let mut b = body.expr_mut("a").unwrap().key("b").unwrap();
    assert_eq!(b.remove(1).unwrap_err().to_string(), "no item a[\"b\"][1]");
    assert_eq!(
        b.insert(2, &Value::int(1)).unwrap_err().to_string(),
        "no item a[\"b\"][2]"
    );
    assert!(matches!(b.set_expr("1 +"), Err(EditError::Syntax(_))));
    assert!(matches!(
        b.remove_item("b"),
        Err(EditError::NotACollection(_))
    ));
    let mut c = body.expr_mut("c").unwrap();
    assert!(matches!(
        c.set_item("k", &Value::int(1)),
        Err(EditError::NotACollection(_))
    ));
    assert!(matches!(
        body.expr_mut("zz"),
        Err(EditError::NoSuchAttribute(_))
    ));
    assert_eq!(d.to_string(), src);
}

#[test]
fn keys_in_quotes_and_keys_that_need_them() {
    let mut d = doc("a = {\n  \"x y\" = 1\n  z     = 2\n}\n");
    let mut body = d.body_mut();
    let mut a = body.expr_mut("a").unwrap();
    assert_eq!(a.keys(), ["x y", "z"]);
    a.set_item("x y", &Value::int(10)).unwrap();
    a.set_item("w-1", &Value::int(3)).unwrap();
    a.set_item("2nd", &Value::int(4)).unwrap();
    assert_eq!(
        d.to_string(),
        "a = {\n  \"x y\" = 10\n  z     = 2\n  w-1   = 3\n  \"2nd\" = 4\n}\n"
    );
    assert_eq!(
        value_of(&d.to_string()),
        Value::object([
            ("x y", Value::int(10)),
            ("z", Value::int(2)),
            ("w-1", Value::int(3)),
            ("2nd", Value::int(4)),
        ])
    );
}

// ---- typed write-back through the expression's parts ----

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
struct Task {
    #[hcl(label)]
    name: String,
    env: BTreeMap<String, String>,
    ports: Vec<u16>,
    #[hcl(default)]
    limits: BTreeMap<String, Vec<u32>>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
struct Job {
    #[hcl(block, rename = "task")]
    tasks: Vec<Task>,
}

const TASK: &str = r#"task "web" {
  env = {
    # Where it runs.
    REGION = "eu" # one region
    LEVEL  = "info"
  }
  ports = [
    80,  # plain
    443, # tls
  ]
  limits = {
    cpu = [1, 2]
  }
}
"#;

#[test]
fn write_back_changes_one_key_of_an_object_and_keeps_the_rest() {
    assert!(formatted(TASK));
    let mut job: Job = hcldecode::from_str(TASK, "job.hcl").unwrap();
    job.tasks[0].env.insert("LEVEL".into(), "debug".into());
    let mut d = doc(TASK);
    d.update_from(&job).unwrap();
    assert_eq!(d.to_string(), TASK.replace("\"info\"", "\"debug\""));

    job.tasks[0].env.remove("REGION");
    job.tasks[0]
        .env
        .insert("TRACE_SAMPLING".into(), "0.1".into());
    d.update_from(&job).unwrap();
    let out = d.to_string();
    assert!(
        out.contains(
            "  env = {\n    LEVEL          = \"debug\"\n    TRACE_SAMPLING = \"0.1\"\n  }\n"
        ),
        "{out}"
    );
    assert!(out.contains("    80,  # plain\n    443, # tls\n"), "{out}");
    assert!(formatted(&out), "{out}");
    let back: Job = hcldecode::from_str(&out, "job.hcl").unwrap();
    assert_eq!(back, job);
}

#[test]
fn write_back_changes_list_elements_in_place() {
    let mut job: Job = hcldecode::from_str(TASK, "job.hcl").unwrap();
    job.tasks[0].ports[1] = 8443;
    job.tasks[0].ports.push(9090);
    job.tasks[0].limits.get_mut("cpu").unwrap().insert(0, 0);
    let mut d = doc(TASK);
    d.update_from(&job).unwrap();
    let out = d.to_string();
    assert!(
        out.contains("  ports = [\n    80,   # plain\n    8443, # tls\n    9090,\n  ]\n"),
        "{out}"
    );
    assert!(out.contains("    cpu = [0, 1, 2]\n"), "{out}");
    assert!(out.contains("    # Where it runs.\n    REGION = \"eu\" # one region\n"));
    let back: Job = hcldecode::from_str(&out, "job.hcl").unwrap();
    assert_eq!(back, job);

    job.tasks[0].ports.remove(0);
    d.update_from(&job).unwrap();
    let out = d.to_string();
    assert!(
        out.contains("  ports = [\n    8443, # tls\n    9090,\n  ]\n"),
        "{out}"
    );
    assert_eq!(hcldecode::from_str::<Job>(&out, "job.hcl").unwrap(), job);
}

#[test]
fn write_back_into_merge_writes_into_its_last_object() {
    #[derive(HclDecode, HclEncode, Debug, PartialEq)]
    struct Cfg {
        env: BTreeMap<String, String>,
    }
    // The issue's case: one key of `merge(local.base, { ... })` changes.
    let src = "env = merge(base, {\n  REGION = upper(region) # from the region\n  LEVEL  = \"info\"\n})\n";
    let decoder = hcldecode::Decoder::new()
        .functions(hcldecode::function::Functions::stdlib())
        .variable("region", "eu")
        .variable(
            "base",
            Value::object([("A", Value::string("1")), ("LEVEL", Value::string("warn"))]),
        );
    let mut cfg: Cfg = decoder.decode_str(src, "c.hcl").unwrap();
    assert_eq!(cfg.env["LEVEL"], "info");
    cfg.env.insert("LEVEL".into(), "debug".into());
    cfg.env.insert("A".into(), "2".into());
    let mut d = doc(src);
    d.update_from_with(&decoder, &cfg).unwrap();
    assert_eq!(
        d.to_string(),
        "env = merge(base, {\n  REGION = upper(region) # from the region\n  LEVEL  = \"debug\"\n  A      = \"2\"\n})\n"
    );
    assert_eq!(
        decoder.decode_str::<Cfg>(&d.to_string(), "c.hcl").unwrap(),
        cfg
    );

    // A removed key may come from `base`: the call is written whole.
    cfg.env.remove("A");
    d.update_from_with(&decoder, &cfg).unwrap();
    assert_eq!(
        d.to_string(),
        "env = {\n  LEVEL  = \"debug\"\n  REGION = \"EU\"\n}\n"
    );
}

#[test]
fn write_back_of_a_value_written_with_variables_replaces_only_the_item() {
    #[derive(HclDecode, HclEncode, Debug, PartialEq)]
    struct Cfg {
        env: BTreeMap<String, String>,
    }
    let src = "env = {\n  REGION = var_region\n  LEVEL  = \"info\"\n}\n";
    let decoder = hcldecode::Decoder::new().variable("var_region", "eu");
    let mut cfg: Cfg = decoder.decode_str(src, "c.hcl").unwrap();
    cfg.env.insert("LEVEL".into(), "debug".into());
    let mut d = doc(src);
    d.update_from_with(&decoder, &cfg).unwrap();
    assert_eq!(d.to_string(), src.replace("info", "debug"));
}

#[test]
fn update_from_value_edits_items_of_literal_objects() {
    let src = "tags = {\n  a = 1 # one\n  b = 2\n}\n";
    let mut d = doc(src);
    let v = Value::object([(
        "tags",
        Value::object([("a", Value::int(1)), ("b", Value::int(3))]),
    )]);
    d.update_from_value(&v).unwrap();
    assert_eq!(d.to_string(), "tags = {\n  a = 1 # one\n  b = 3\n}\n");
}

// ---- random edits ----

/// A model of a constructor expression.
#[derive(Clone, Debug)]
enum M {
    Int(i64),
    Obj(Vec<(String, M)>),
    Tup(Vec<M>),
}

impl M {
    fn value(&self) -> Value {
        match self {
            M::Int(i) => Value::int(*i),
            M::Obj(items) => Value::object(items.iter().map(|(k, v)| (k.as_str(), v.value()))),
            M::Tup(items) => Value::tuple(items.iter().map(M::value).collect()),
        }
    }

    /// The model on one line, commas between parts.
    fn one_line(&self) -> String {
        match self {
            M::Int(i) => i.to_string(),
            M::Obj(items) if items.is_empty() => "{}".into(),
            M::Obj(items) => {
                let parts: Vec<String> = items
                    .iter()
                    .map(|(k, v)| format!("{k} = {}", v.one_line()))
                    .collect();
                format!("{{ {} }}", parts.join(", "))
            }
            M::Tup(items) => {
                let parts: Vec<String> = items.iter().map(M::one_line).collect();
                format!("[{}]", parts.join(", "))
            }
        }
    }
}

fn model() -> impl Strategy<Value = M> {
    let leaf = (0..1000i64).prop_map(M::Int);
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::btree_map("[a-e]{1,3}", inner.clone(), 0..4)
                .prop_map(|m| M::Obj(m.into_iter().collect())),
            prop::collection::vec(inner, 0..4).prop_map(M::Tup),
        ]
    })
}

/// Applies edit `op` at the path chosen by `walk` to both the model and
/// the document.
fn apply(m: &mut M, d: &mut Document, walk: &[usize], op: u8, k: usize) -> Result<(), EditError> {
    let mut body = d.body_mut();
    let mut e = body.expr_mut("a")?;
    // The indices of the path, then the model's node at it.
    let mut path = Vec::new();
    let mut at: &M = m;
    for w in walk {
        match at {
            M::Obj(items) if !items.is_empty() => {
                let i = w % items.len();
                e = e.key(&items[i].0)?;
                path.push(i);
                at = &items[i].1;
            }
            M::Tup(items) if !items.is_empty() => {
                let i = w % items.len();
                e = e.index(i)?;
                path.push(i);
                at = &items[i];
            }
            _ => break,
        }
    }
    let mut node = m;
    for i in path {
        node = match node {
            M::Obj(items) => &mut items[i].1,
            M::Tup(items) => &mut items[i],
            M::Int(_) => unreachable!(),
        };
    }
    match (node, op % 3) {
        (M::Obj(items), 0) => {
            let key = format!("k{}", k % 7);
            e.set_item(&key, &Value::int(k as i64))?;
            match items.iter_mut().find(|(n, _)| *n == key) {
                Some(item) => item.1 = M::Int(k as i64),
                None => items.push((key, M::Int(k as i64))),
            }
        }
        (M::Obj(items), 1) if !items.is_empty() => {
            let i = k % items.len();
            e.remove_item(&items[i].0.clone())?;
            items.remove(i);
        }
        (M::Tup(items), 0) => {
            let i = k % (items.len() + 1);
            e.insert(i, &Value::int(k as i64))?;
            items.insert(i, M::Int(k as i64));
        }
        (M::Tup(items), 1) if !items.is_empty() => {
            let i = k % items.len();
            e.remove(i)?;
            items.remove(i);
        }
        (node, _) => {
            let new = M::Tup(vec![M::Int(k as i64)]);
            e.set(&new.value())?;
            *node = new;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    /// Random edits inside a formatted constructor give the model's value
    /// and leave the file formatted; unformatted text (one-line objects,
    /// no commas) gives the model's value.
    #[test]
    fn random_edits_inside_expressions_agree_with_the_model(
        m in model(),
        one_line in any::<bool>(),
        ops in prop::collection::vec((prop::collection::vec(0..8usize, 0..3), 0..3u8, 0..50usize), 1..6),
    ) {
        let mut m = m;
        let expr = hcldecode::encode::expression(&m.value()).unwrap();
        let text = if one_line {
            format!("a = {}\n", m.one_line())
        } else {
            String::from_utf8(format(format!("a = {expr}\n").as_bytes())).unwrap()
        };
        let mut d = doc(&text);
        for (walk, op, k) in ops {
            apply(&mut m, &mut d, &walk, op, k).unwrap();
            let out = d.to_string();
            prop_assert_eq!(value_of(&out), m.value(), "{}", out);
            if !one_line {
                prop_assert!(formatted(&out), "{}", out);
            }
        }
    }
}
