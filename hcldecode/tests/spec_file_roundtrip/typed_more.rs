//! The derived types of `tests/typed_basic.rs`, `typed_descriptions.rs`,
//! `typed_direct.rs`, `typed_objects.rs`, `typed_plan.rs`,
//! `typed_plan_cache.rs`, `typed_recursive.rs` and `typed_spanned.rs`,
//! one module each. (Their types with a `remain` field, and the
//! `optional(...)` types of `typed_objects.rs`, are in `exceptions.rs`
//! too, with the documents a spec file decodes differently.)

/// `tests/typed_basic.rs` (documents whose `remain` field keeps nothing;
/// `exceptions.rs` has one where it keeps something).
pub mod typed_basic {
    use std::collections::{BTreeMap, HashMap};

    use hcldecode::HclDecode;

    use crate::Docs;

    fn default_workers() -> u32 {
        4
    }

    #[derive(HclDecode, Debug)]
    pub struct Config {
        name: String,
        port: Option<u16>,
        #[hcl(default = "default_workers")]
        workers: u32,
        tags: Vec<String>,
        #[hcl(block)]
        logging: Option<Logging>,
        #[hcl(block, rename = "service", min_items = 1)]
        services: Vec<Service>,
        #[hcl(block)]
        env: HashMap<String, Env>,
        #[hcl(block_attrs)]
        labels: HashMap<String, String>,
        #[hcl(remain)]
        rest: hcldecode::Body,
    }

    #[derive(HclDecode, Debug)]
    struct Logging {
        level: String,
    }

    #[derive(HclDecode, Debug)]
    struct Env {
        value: String,
    }

    #[derive(HclDecode, Debug)]
    struct Service {
        #[hcl(label)]
        name: String,
        #[hcl(attr, type = "map(string)")]
        meta: BTreeMap<String, String>,
    }

    /// The issue's example without its extra attribute (which `remain`
    /// keeps; see `exceptions.rs`).
    pub const SRC: &str = r#"
name = "web"
tags = ["a", "b"]
logging {
  level = "info"
}
service "api" {
  meta = { tier = "backend" }
}
service "worker" {
  meta = {}
}
env "prod" {
  value = "p"
}
labels {
  team = "core"
}
"#;

    #[test]
    fn typed_basic_rs() {
        let n = Docs::new()
            .ok(SRC)
            .bad("name = \"x\"\nport = 70000\ntags = []\nlabels {}\nservice \"a\" {\n meta = {}\n}\n")
            .bad("name = \"x\"\ntags = []\nlabels {}\nservice \"a\" {\n meta = { a = [] }\n}\n")
            .bad("name = \"x\"\ntags = []\nlabels {}\n")
            .round_trip::<Config>();
        eprintln!("tests/typed_basic.rs: {n} documents");
    }
}

/// `tests/typed_descriptions.rs`.
mod typed_descriptions {
    use std::collections::BTreeMap;

    use hcldecode::HclDecode;

    use crate::Docs;

    /// A listener.
    ///
    /// Several lines of it.
    #[derive(HclDecode, Debug)]
    struct Listener {
        /// The port to listen on.
        port: u16,
    }

    /// A rule without a field doc of its own.
    #[derive(HclDecode, Debug)]
    struct Rule {
        allow: bool,
    }

    #[derive(HclDecode, Debug)]
    struct Config {
        /// The service's name.
        name: String,
        /// How many copies run.
        #[hcl(default)]
        replicas: u32,
        undocumented: Option<String>,
        /// Listeners by name (the field's doc wins over the type's).
        #[hcl(block, rename = "listener")]
        listeners: BTreeMap<String, Listener>,
        #[hcl(block, rename = "rule")]
        rules: Vec<Rule>,
        /// Environment variables.
        #[hcl(block_attrs, default)]
        env: BTreeMap<String, String>,
    }

    #[test]
    fn typed_descriptions_rs() {
        let n = Docs::new()
            .ok("name = \"web\"\nlistener \"a\" {\n  port = 80\n}\nrule {\n  allow = true\n}\n")
            .ok("name = \"web\"\nreplicas = 2\nenv {\n  A = \"1\"\n}\n")
            .bad("name = \"web\"\nlistener \"a\" {}\n")
            .round_trip::<Config>();
        eprintln!("tests/typed_descriptions.rs: {n} documents");
    }
}

/// `tests/typed_direct.rs`.
mod typed_direct {
    use std::collections::{BTreeMap, HashMap};

    use hcldecode::{HclDecode, Value};

    use crate::Docs;

    fn default_port() -> u16 {
        8080
    }

    #[derive(HclDecode, Debug)]
    pub(crate) struct Root {
        name: Option<String>,
        count: Option<i64>,
        small: Option<u8>,
        flag: Option<bool>,
        ratio: Option<f64>,
        #[hcl(default = "default_port")]
        port: u16,
        #[hcl(block)]
        item: Vec<Item>,
        #[hcl(block)]
        svc: BTreeMap<String, Svc>,
        #[hcl(block)]
        host: HashMap<String, Host>,
        #[hcl(block)]
        one: Option<One>,
        #[hcl(block)]
        named: Option<Named>,
    }

    /// Its elements' types can differ (an `any` attribute, and a block
    /// holding one).
    #[derive(HclDecode, Debug)]
    struct Item {
        v: Option<Value>,
        #[hcl(block)]
        sub: Option<Sub>,
        #[hcl(block)]
        deep: Vec<Sub>,
    }

    #[derive(HclDecode, Debug)]
    struct Sub {
        x: Option<Value>,
    }

    #[derive(HclDecode, Debug)]
    struct Svc {
        tags: Vec<String>,
        #[hcl(block, min_items = 1)]
        check: Vec<Check>,
    }

    #[derive(HclDecode, Debug)]
    struct Check {
        n: i64,
    }

    #[derive(HclDecode, Debug)]
    struct Host {
        #[hcl(block, max_items = 1)]
        addr: HashMap<String, Check>,
    }

    #[derive(HclDecode, Debug)]
    struct One {
        a: Option<bool>,
        #[hcl(block)]
        inner: Sub,
    }

    #[derive(HclDecode, Debug)]
    struct Named {
        #[hcl(label)]
        name: String,
        a: Option<bool>,
    }

    #[derive(HclDecode, Debug)]
    struct Literals {
        list: Option<Vec<String>>,
        deque: Option<std::collections::VecDeque<i64>>,
        map: Option<HashMap<String, String>>,
        nested: Option<BTreeMap<String, Vec<String>>>,
        small: Option<Vec<i8>>,
        opt: Option<Vec<Option<String>>>,
        boxed: Option<Box<i64>>,
        ratio: Option<f64>,
        ratios: Option<Vec<f64>>,
        neg: Option<i32>,
        text: Option<String>,
        spanned: Option<Vec<hcldecode::Spanned<String>>>,
    }

    /// Documents of `Root`, `typed_direct.rs`'s, the last ones with blocks
    /// whose values differ in type.
    const ROOT_OK: &[&str] = &[
        "",
        "name = \"x\"\nport = 1\n",
        "count = 12\nsmall = 255\nflag = true\nratio = 0.5\n",
        "count = 007\nflag = false\n",
        "count = 1e2\nsmall = 2.0\n",
        "count = -3\nname = \"caf\u{e9}\"\n",
        "name = \"cafe\u{301}\"\n",
        "name = \"a${\"b\"}\"\nflag = !false\n",
        "port = null\n",
        "item {\n  v = 1\n}\nitem {\n  v = 2\n}\n",
        "svc \"b\" {\n  tags = [\"t\"]\n  check {\n    n = 1\n  }\n}\nsvc \"a\" {\n  tags = []\n  check {\n    n = 2\n  }\n  check {\n    n = 3\n  }\n}\n",
        "host \"h\" {\n  addr \"x\" {\n    n = 1\n  }\n}\nhost \"i\" {}\n",
        "one {\n  a = true\n  inner {\n    x = [1, \"a\"]\n  }\n}\n",
        "named \"n\" {\n  a = false\n}\n",
        "item {\n  sub {\n    x = 1\n  }\n}\nitem {\n  sub {\n    x = 2\n  }\n}\n",
        "item {\n  deep {\n    x = 1\n  }\n}\nitem {\n  deep {\n    x = 2\n  }\n  deep {\n    x = 3\n  }\n}\n",
        "item {\n  v = 1\n}\nitem {\n  v = \"a\"\n}\n",
        "item {\n  v = [1]\n}\nitem {\n  v = [\"a\"]\n}\n",
        "item {}\nitem {\n  v = 1\n}\n",
        "item {\n  sub {\n    x = 1\n  }\n}\nitem {}\n",
        "item {\n  sub {}\n}\nitem {}\n",
        "item {\n  deep {\n    x = 1\n  }\n}\nitem {}\n",
        "item {\n  deep {\n    x = 1\n  }\n}\nitem {\n  deep {\n    x = \"s\"\n  }\n}\n",
        "item {\n  v = {a = 1}\n}\nitem {\n  v = {b = 1}\n}\n",
    ];

    const ROOT_BAD: &[&str] = &[
        "nope = 1\n",
        "port = \"x\"\n",
        "port = 70000\n",
        "small = 256\n",
        "count = 18446744073709551615\n",
        "count = 1.5\n",
        "flag = 1\n",
        "svc \"a\" {\n  tags = []\n}\n",
        "svc \"a\" {\n  tags = []\n  check {\n    n = 1\n  }\n}\nsvc \"a\" {\n  tags = []\n  check {\n    n = 1\n  }\n}\n",
        "host \"h\" {\n  addr \"x\" {\n    n = 1\n  }\n  addr \"y\" {\n    n = 2\n  }\n}\n",
        "one {\n  a = true\n}\n",
        "one {\n  inner {}\n}\none {\n  inner {}\n}\n",
        "item {\n  v = nope\n}\n",
        "svc {\n  tags = []\n}\n",
        "host \"e\u{301}\" {\n  addr \"x\" {\n    n = 1\n  }\n}\nhost \"\u{e9}\" {}\n",
    ];

    const LITERALS_OK: &[&str] = &[
        "list = [\"a\", \"b\"]\nmap = { a = \"x\", \"b c\" = \"y\" }\n",
        "list = []\nmap = {}\nnested = {}\n",
        "nested = { a = [\"x\"], b = [] }\n",
        "deque = [1, -2, 007]\nsmall = [-128, 127, -0]\n",
        "neg = -2147483648\nratio = -0.0\n",
        "ratio = 0.08\nratios = [0.1, 1e3, 2.5e-3, 0.30000000000000004]\n",
        "map = { null = \"n\", true = \"t\" }\n",
        "map = { (\"a\") = \"x\" }\n",
        "map = { a = \"1\", a = \"2\" }\n",
        "map = { \"e\u{301}\" = \"1\", \"\u{e9}\" = \"2\" }\n",
        "list = [1, true, \"x\"]\nmap = { a = 1 }\ndeque = [\"3\"]\n",
        "text = \"a\\tb\\u00e9 $${x} %%{y}\"\nlist = [\"cafe\u{301}\"]\n",
        "text = <<-EOT\n    indented\n      more\n    EOT\n",
        "opt = [\"a\", null]\nboxed = 3\n",
        "spanned = [\"a\", \"b\"]\n",
    ];

    const LITERALS_BAD: &[&str] = &[
        "small = [128]\n",
        "small = [1.5]\n",
        "list = [null]\n",
        "list = [[\"a\"]]\n",
        "map = { a = [\"x\"] }\n",
        "map = [\"a\"]\n",
        "nested = { a = \"x\" }\n",
        "deque = [\"x\"]\n",
        "ratio = \"fast\"\n",
    ];

    #[test]
    fn typed_direct_rs() {
        let mut docs = Docs::new();
        for src in ROOT_OK {
            docs = docs.ok(src);
        }
        for src in ROOT_BAD {
            docs = docs.bad(src);
        }
        let mut n = docs.round_trip::<Root>();
        let mut docs = Docs::new();
        for src in LITERALS_OK {
            docs = docs.ok(src);
        }
        for src in LITERALS_BAD {
            docs = docs.bad(src);
        }
        n += docs.round_trip::<Literals>();
        eprintln!("tests/typed_direct.rs: {n} documents");
    }

    #[cfg(feature = "indexmap")]
    #[derive(HclDecode, Debug)]
    struct Ordered {
        #[hcl(block)]
        svc: indexmap::IndexMap<String, Check>,
    }

    #[cfg(feature = "indexmap")]
    #[test]
    fn typed_direct_rs_index_maps() {
        Docs::new()
            .ok("svc \"b\" {\n  n = 1\n}\nsvc \"a\" {\n  n = 2\n}\n")
            .bad("svc \"b\" {\n  n = \"x\"\n}\n")
            .round_trip::<Ordered>();
    }
}

/// `tests/typed_objects.rs` (but `Declared`, in `exceptions.rs`).
mod typed_objects {
    use std::collections::BTreeMap;

    use hcldecode::{HclDecode, Value};

    use crate::Docs;

    #[derive(HclDecode, Debug)]
    struct Firewall {
        ingress: Vec<Rule>,
    }

    #[derive(HclDecode, Debug)]
    struct Rule {
        port: u16,
        #[hcl(default)]
        cidrs: Vec<String>,
    }

    #[derive(HclDecode, Debug)]
    struct Listeners {
        listeners: Vec<Listener>,
    }

    #[derive(HclDecode, Debug)]
    struct Listener {
        name: String,
        port: u16,
        tls: Option<bool>,
    }

    #[derive(HclDecode, Debug)]
    struct One {
        listener: Opt,
    }

    #[derive(HclDecode, Debug)]
    struct Opt {
        port: Option<u16>,
        host: Option<String>,
    }

    #[derive(HclDecode, Debug)]
    #[hcl(ignore_unknown)]
    struct Lenient {
        port: Option<u16>,
    }

    #[derive(HclDecode, Debug)]
    struct HasLenient {
        listener: Lenient,
    }

    #[derive(HclDecode, Debug)]
    struct Task {
        config: BTreeMap<String, Value>,
        env: BTreeMap<String, String>,
    }

    #[derive(HclDecode, Debug)]
    struct Limits {
        limits: Soft,
        ports: Vec<u16>,
    }

    #[derive(HclDecode, Debug)]
    struct Soft {
        soft: u32,
        hard: u32,
    }

    #[derive(HclDecode, Debug)]
    struct LimitsOpt {
        limits: SoftOpt,
        #[hcl(default)]
        checks: Vec<SoftOpt>,
        #[hcl(default)]
        weights: BTreeMap<String, SoftOpt>,
    }

    #[derive(HclDecode, Debug)]
    struct SoftOpt {
        soft: Option<u32>,
        hard: u32,
        #[hcl(default)]
        burst: u32,
    }

    #[test]
    fn typed_objects_rs() {
        let mut n = Docs::new()
            .ok("ingress = [{ port = 80 }, { port = 443, cidrs = [\"10.0.0.0/8\"] }]\n")
            .bad("ingress = [{ port = 80, cidr = [] }]\n")
            .bad("ingress = { port = 80 }\n")
            .round_trip::<Firewall>();
        n += Docs::new()
            .ok("listeners = [{name=\"a\", port=81}, {name=\"b\", port=82, tls=true}]\n")
            .bad("listeners = [{name=\"a\"}]\n")
            .round_trip::<Listeners>();
        n += Docs::new()
            .ok("listener = { port = \"81\", host = 1 }\n")
            .bad("listener = { prot = 81 }\n")
            .round_trip::<One>();
        n += Docs::new()
            .ok("listener = { port = 1, extra = true }\n")
            .round_trip::<HasLenient>();
        n += Docs::new()
            .ok("config = { image = \"x\", ports = [\"http\"] }\nenv = { A = 1 }\n")
            .bad("config = [1]\nenv = {}\n")
            .round_trip::<Task>();
        n += Docs::new()
            .ok("limits = { soft = 1, hard = 2 }\nports = [80, \"90\"]\n")
            .bad("limits = { soft = \"many\", hard = \"lots\" }\nports = [80, \"x\", 90, \"y\"]\n")
            .round_trip::<Limits>();
        n += Docs::new()
            .ok("limits = { hard = 2 }\n")
            .ok("limits = { hard = 1 }\nchecks = [{ hard = 1 }, { hard = 2, soft = 3 }]\nweights = { a = { hard = 4, burst = 1 } }\n")
            .bad("limits = { soft = \"many\", hard = 1 }\n")
            .bad("limits = { hard = 1, burst = \"x\" }\n")
            .bad("limits = { soft = 1, hard = [] }\n")
            .bad("limits = { hard = 1 }\nweights = { \"a b\" = { hard = \"x\" } }\n")
            .round_trip::<LimitsOpt>();
        eprintln!("tests/typed_objects.rs: {n} documents");
    }
}

/// `tests/typed_plan.rs` and `tests/typed_plan_cache.rs`.
mod typed_plan {
    use hcldecode::typed::At;
    use hcldecode::{Error, HclDecode, Type, Value};

    use crate::Docs;

    /// A custom scalar (`typed_plan.rs`'s counts the specs built).
    #[derive(Debug)]
    struct Tag(String);

    impl HclDecode for Tag {
        fn hcl_type() -> Type {
            Type::String
        }
        fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
            String::from_hcl(v, at).map(Tag)
        }
    }

    #[derive(HclDecode, Debug)]
    struct Counted {
        tag: Tag,
        #[hcl(block)]
        item: Vec<Item>,
    }

    #[derive(HclDecode, Debug)]
    struct Item {
        #[hcl(label)]
        name: String,
        size: Option<u32>,
    }

    #[derive(HclDecode, Debug)]
    struct Wrapper<T: HclDecode> {
        value: T,
    }

    #[derive(HclDecode, Debug)]
    struct Service {
        port: u16,
        #[hcl(block)]
        check: Vec<Check>,
    }

    #[derive(HclDecode, Debug)]
    struct Check {
        path: String,
    }

    #[test]
    fn typed_plan_rs_and_typed_plan_cache_rs() {
        let mut n = Docs::new()
            .ok("tag = \"a\"\nitem \"x\" { size = 1 }\nitem \"y\" {}\n")
            .bad("tag = \"a\"\nitem \"x\" { size = -1 }\n")
            .bad("tag = \"a\"\nitem { size = 1 }\n")
            .round_trip::<Counted>();
        n += Docs::new()
            .ok("value = 1\n")
            .bad("value = \"x\"\n")
            .round_trip::<Wrapper<u8>>();
        n += Docs::new()
            .ok("value = \"x\"\n")
            .round_trip::<Wrapper<String>>();
        n += Docs::new()
            .ok("port = 80\ncheck {\n  path = \"/\"\n}\n")
            .bad("port = 80\ncheck {}\n")
            .round_trip::<Service>();
        eprintln!("tests/typed_plan.rs, tests/typed_plan_cache.rs: {n} documents");
    }
}

/// `tests/typed_recursive.rs` (within the nesting limit; beyond it, see
/// `exceptions.rs`).
pub mod typed_recursive {
    use hcldecode::HclDecode;

    use crate::Docs;

    #[derive(HclDecode, Debug)]
    struct Rule {
        #[hcl(label)]
        name: String,
        action: Option<String>,
        #[hcl(block, rename = "rule")]
        rules: Vec<Rule>,
    }

    #[derive(HclDecode, Debug)]
    pub struct Policy {
        #[hcl(block, rename = "rule")]
        rules: Vec<Rule>,
    }

    /// `depth` nested `rule` blocks.
    pub fn nested(depth: usize) -> String {
        let mut s = String::new();
        for i in 0..depth {
            s.push_str(&format!("rule \"r{i}\" {{\naction = \"a{i}\"\n"));
        }
        for _ in 0..depth {
            s.push_str("}\n");
        }
        s
    }

    #[test]
    fn typed_recursive_rs() {
        let (one, four) = (nested(1), nested(4));
        let n = Docs::new()
            .ok(&one)
            .ok(&four)
            .bad("rule \"a\" {\n  rule {}\n}\n")
            .round_trip::<Policy>();
        eprintln!("tests/typed_recursive.rs: {n} documents");
    }
}

/// `tests/typed_spanned.rs` (`ConfigTraced`, with a `remain` field, in
/// `exceptions.rs`).
mod typed_spanned {
    use std::collections::BTreeMap;

    use hcldecode::typed::At;
    use hcldecode::{Error, HclDecode, Range, Spanned, Type, Value};

    use crate::Docs;

    #[derive(HclDecode, Debug)]
    struct Service {
        #[hcl(label)]
        name: Spanned<String>,
        port: Spanned<u16>,
        tags: Option<Vec<Spanned<String>>>,
    }

    #[derive(HclDecode, Debug)]
    struct Task {
        image: Spanned<String>,
    }

    #[derive(HclDecode, Debug)]
    struct Config {
        name: Spanned<String>,
        #[hcl(block)]
        service: Vec<Spanned<Service>>,
        #[hcl(block)]
        task: BTreeMap<String, Spanned<Task>>,
    }

    #[derive(HclDecode, Debug)]
    struct Opt {
        a: Option<Spanned<u8>>,
        b: Option<Spanned<u8>>,
    }

    /// A custom scalar that keeps where it was written.
    struct Where(Option<Range>);

    impl HclDecode for Where {
        fn hcl_type() -> Type {
            Type::String
        }
        fn from_hcl(_: &Value, at: At<'_>) -> Result<Self, Error> {
            Ok(Where(at.range()))
        }
    }

    #[derive(HclDecode)]
    struct S {
        w: Where,
        #[hcl(block)]
        b: Vec<B>,
    }

    #[derive(HclDecode)]
    struct B {
        #[hcl(label)]
        l: String,
        w: Where,
    }

    pub const NATIVE: &str = r#"name = "app"
service "web" {
  port = 8080
  tags = ["a", "b"]
}
task "t1" {
  image = "nginx"
}
"#;

    pub const JSON: &str = r#"{
  "name": "app",
  "service": {"web": {"port": 8080, "tags": ["a"]}},
  "task": {"t1": {"image": "nginx"}}
}"#;

    #[test]
    fn typed_spanned_rs() {
        let mut n = Docs::new()
            .ok(NATIVE)
            .ok_file("in.hcl.json", JSON)
            .bad("name = \"app\"\nservice \"web\" {\n  port = \"http\"\n}\n")
            .round_trip::<Config>();
        n += Docs::new()
            .ok("b = 2\n")
            .bad("a = 256\n")
            .round_trip::<Opt>();
        n += Docs::new()
            .ok("w = \"x\"\nb \"q\" {\n  w = \"y\"\n}\n")
            .bad("w = \"x\"\nb \"q\" {}\n")
            .round_trip::<S>();
        eprintln!("tests/typed_spanned.rs: {n} documents");
    }
}
