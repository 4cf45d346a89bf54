//! Property tests of the JSON syntax: a random configuration written both
//! in native syntax and in equivalent JSON syntax decodes to the same value
//! with the same spec; and no JSON input, however mangled, makes parsing,
//! decoding or static analysis panic.

use std::fmt::Write;

use hcldecode::eval::EvalContext;
use hcldecode::parse::{Syntax, parse};
use hcldecode::spec_file::LoadedSpec;
use hcldecode::value::Value;
use hcldecode::{Body, Diagnostics};
use proptest::prelude::*;

// ----- the configuration model ---------------------------------------------

/// An attribute value.
#[derive(Clone, Debug)]
enum Val {
    Null,
    Bool(bool),
    /// A decimal literal, written the same in both syntaxes (a leading `-`
    /// is a negation in native syntax, part of the literal in JSON: the
    /// values are equal).
    Num(String),
    Str(String),
    /// A string that refers to the variable `v` (only with a context).
    Interp(String, String),
    List(Vec<Val>),
    Obj(Vec<(String, Val)>),
}

/// A block of type `blk` (no labels): attributes `x`, `y` and `inner`
/// blocks with attribute `z`.
#[derive(Clone, Debug)]
struct Blk {
    x: Option<Val>,
    y: Option<Val>,
    inner: Vec<Option<Val>>,
}

/// A labelled block (`lab` with two labels or `one` with one): attribute
/// `s`, a string.
#[derive(Clone, Debug)]
struct Lab {
    labels: Vec<String>,
    s: Option<String>,
}

#[derive(Clone, Debug)]
enum Item {
    Attr(usize, Val),
    Blk(Blk),
    Lab(Lab),
    One(Lab),
}

#[derive(Clone, Debug)]
struct Config {
    items: Vec<Item>,
    /// Evaluate with a context (JSON strings are then templates).
    with_ctx: bool,
    /// Choices of JSON layout, consumed as the writer goes.
    layout: Vec<u8>,
}

const SPEC: &str = r#"
object {
  attr "a0" {}
  attr "a1" {}
  attr "a2" {}
  attr "a3" {}
  block_tuple "blk" {
    object {
      attr "x" {}
      attr "y" {}
      block_tuple "inner" {
        attr {
          name = "z"
        }
      }
    }
  }
  block_map "lab" {
    labels = ["k1", "k2"]
    attr {
      name = "s"
      type = string
    }
  }
  block_map "one" {
    labels = ["k"]
    attr {
      name = "s"
      type = string
    }
  }
}
"#;

// ----- strategies -----------------------------------------------------------

/// String contents. No carriage return: HCL's template scanner takes a
/// lone `\r` for the start of a line ending and reads the rest of a
/// decoded JSON string as literal text (the reference does the same), so
/// JSON and native differ there.
fn text() -> impl Strategy<Value = String> {
    let chars = prop::sample::select(vec![
        'a', 'b', 'z', ' ', '$', '%', '{', '}', '"', '\\', '\n', '\t', '/', 'é', '€', '😀',
        '\u{1}', '\u{7f}', '~',
    ]);
    prop::collection::vec(chars, 0..8).prop_map(|v| v.into_iter().collect())
}

fn label() -> impl Strategy<Value = String> {
    // No template sequences: native labels are plain quoted strings.
    let chars = prop::sample::select(vec!['a', 'b', 'c', '-', ' ', 'é', '"', '\\', '\n', '/']);
    prop::collection::vec(chars, 0..5).prop_map(|v| v.into_iter().collect())
}

fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        (-1000i64..1000).prop_map(|i| i.to_string()),
        (0u32..100, 1u32..1000).prop_map(|(a, b)| format!("{a}.{b}")),
        (1u32..10, 0u32..5).prop_map(|(a, e)| format!("{a}e{e}")),
        Just("-0.5".to_string()),
    ]
}

fn val(with_ctx: bool) -> impl Strategy<Value = Val> {
    let leaf = prop_oneof![
        Just(Val::Null),
        any::<bool>().prop_map(Val::Bool),
        number().prop_map(Val::Num),
        text().prop_map(Val::Str),
        (text(), text()).prop_map(move |(mut a, b)| {
            if with_ctx {
                // `$${v}` would be an escape, not an interpolation.
                while a.ends_with(['$', '%']) {
                    a.pop();
                }
                Val::Interp(a, b)
            } else {
                Val::Str(a + &b)
            }
        }),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Val::List),
            prop::collection::vec((text(), inner), 0..4).prop_map(|kvs| {
                // Object keys must be unique (after NFC, which this
                // alphabet never changes).
                let mut seen = std::collections::HashSet::new();
                Val::Obj(
                    kvs.into_iter()
                        .filter(|(k, _)| seen.insert(k.clone()))
                        .collect(),
                )
            }),
        ]
    })
}

fn config() -> impl Strategy<Value = Config> {
    any::<bool>().prop_flat_map(|with_ctx| {
        let blk = (
            prop::option::of(val(with_ctx)),
            prop::option::of(val(with_ctx)),
            prop::collection::vec(prop::option::of(val(with_ctx)), 0..3),
        )
            .prop_map(|(x, y, inner)| Blk { x, y, inner });
        let lab = |n: usize| {
            (prop::collection::vec(label(), n), prop::option::of(text()))
                .prop_map(|(labels, s)| Lab { labels, s })
        };
        let item = prop_oneof![
            (0usize..4, val(with_ctx)).prop_map(|(i, v)| Item::Attr(i, v)),
            blk.prop_map(Item::Blk),
            lab(2).prop_map(Item::Lab),
            lab(1).prop_map(Item::One),
        ];
        (
            prop::collection::vec(item, 0..8),
            prop::collection::vec(any::<u8>(), 64),
        )
            .prop_map(move |(items, layout)| {
                // Attributes once each; block map labels unique.
                let mut attrs = [false; 4];
                let mut labs = std::collections::HashSet::new();
                let items = items
                    .into_iter()
                    .filter(|it| match it {
                        Item::Attr(i, _) => !std::mem::replace(&mut attrs[*i], true),
                        Item::Lab(l) => labs.insert((2, l.labels.clone())),
                        Item::One(l) => labs.insert((1, l.labels.clone())),
                        Item::Blk(_) => true,
                    })
                    .collect();
                Config {
                    items,
                    with_ctx,
                    layout,
                }
            })
    })
}

// ----- writers --------------------------------------------------------------

/// A native quoted string (template) whose value is `s`.
fn native_str(out: &mut String, s: &str) {
    out.push('"');
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '$' | '%' if chars.peek() == Some(&'{') => {
                out.push(c);
                out.push(c);
            }
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A native block label: a quoted string without template sequences.
fn native_label(out: &mut String, s: &str) {
    native_str(out, s);
}

fn native_val(out: &mut String, v: &Val) {
    match v {
        Val::Null => out.push_str("null"),
        Val::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Val::Num(n) => out.push_str(n),
        Val::Str(s) => native_str(out, s),
        Val::Interp(a, b) => {
            native_str(out, a);
            out.pop();
            out.push_str("${v}");
            let mut rest = String::new();
            native_str(&mut rest, b);
            out.push_str(&rest[1..]);
        }
        Val::List(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                native_val(out, item);
            }
            out.push(']');
        }
        Val::Obj(kvs) => {
            out.push_str("{\n");
            for (k, v) in kvs {
                native_str(out, k);
                out.push_str(" = ");
                native_val(out, v);
                out.push('\n');
            }
            out.push('}');
        }
    }
}

fn native_config(c: &Config) -> String {
    let mut out = String::new();
    for item in &c.items {
        match item {
            Item::Attr(i, v) => {
                let _ = write!(out, "a{i} = ");
                native_val(&mut out, v);
                out.push('\n');
            }
            Item::Blk(b) => {
                out.push_str("blk {\n");
                for (name, v) in [("x", &b.x), ("y", &b.y)] {
                    if let Some(v) = v {
                        let _ = write!(out, "  {name} = ");
                        native_val(&mut out, v);
                        out.push('\n');
                    }
                }
                for z in &b.inner {
                    out.push_str("  inner {\n");
                    if let Some(z) = z {
                        out.push_str("    z = ");
                        native_val(&mut out, z);
                        out.push('\n');
                    }
                    out.push_str("  }\n");
                }
                out.push_str("}\n");
            }
            Item::Lab(l) | Item::One(l) => {
                out.push_str(if matches!(item, Item::Lab(_)) {
                    "lab"
                } else {
                    "one"
                });
                for label in &l.labels {
                    out.push(' ');
                    native_label(&mut out, label);
                }
                out.push_str(" {\n");
                if let Some(s) = &l.s {
                    out.push_str("  s = ");
                    native_str(&mut out, s);
                    out.push('\n');
                }
                out.push_str("}\n");
            }
        }
    }
    out
}

/// Writes one property (or value) of a JSON document.
type Emit = Box<dyn Fn(&mut JsonWriter)>;

struct JsonWriter<'a> {
    out: String,
    layout: &'a [u8],
    at: usize,
    with_ctx: bool,
}

impl JsonWriter<'_> {
    /// The next layout choice, in `0..n`.
    fn choose(&mut self, n: u8) -> u8 {
        let c = self.layout.get(self.at % self.layout.len().max(1)).copied();
        self.at += 1;
        c.unwrap_or(0) % n
    }

    /// A JSON string whose value is `s`; `template` strings escape `${` and
    /// `%{` when they will be evaluated as templates.
    fn string(&mut self, s: &str, template: bool) {
        self.out.push('"');
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '"' => self.out.push_str("\\\""),
                '\\' => self.out.push_str("\\\\"),
                '\n' => self.out.push_str("\\n"),
                '\r' => self.out.push_str("\\r"),
                '\t' => self.out.push_str("\\t"),
                '$' | '%' if template && self.with_ctx && chars.peek() == Some(&'{') => {
                    self.out.push(c);
                    self.out.push(c);
                }
                c if (c as u32) < 0x20 => {
                    let _ = write!(self.out, "\\u{:04x}", c as u32);
                }
                // Escapes that need not be: the decoded-string path.
                '/' if self.choose(2) == 0 => self.out.push_str("\\/"),
                'é' if self.choose(2) == 0 => self.out.push_str("\\u00e9"),
                '😀' if self.choose(2) == 0 => self.out.push_str("\\ud83d\\ude00"),
                c => self.out.push(c),
            }
        }
        self.out.push('"');
    }

    /// Sometimes a `"//"` comment property, before `more` properties.
    fn comment(&mut self, more: bool) {
        if self.choose(6) == 0 {
            self.out.push_str("\"//\": \"a comment\"");
            if more {
                self.out.push_str(", ");
            }
        }
    }

    fn val(&mut self, v: &Val) {
        match v {
            Val::Null => self.out.push_str("null"),
            Val::Bool(b) => self.out.push_str(if *b { "true" } else { "false" }),
            Val::Num(n) => self.out.push_str(n),
            Val::Str(s) => self.string(s, true),
            Val::Interp(a, b) => {
                self.string(a, true);
                self.out.pop();
                self.out.push_str("${v}");
                let at = self.out.len();
                self.string(b, true);
                self.out.remove(at);
            }
            Val::List(items) => {
                self.out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.val(item);
                }
                self.out.push(']');
            }
            Val::Obj(kvs) => {
                self.out.push('{');
                for (i, (k, v)) in kvs.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.string(k, true);
                    self.out.push_str(": ");
                    self.val(v);
                }
                self.out.push('}');
            }
        }
    }

    /// An object of properties written by `props`, each property a
    /// closure call; sometimes wrapped in an array, and for the root
    /// (`may_split`) sometimes split into several objects of an array (in a
    /// block, that would make several blocks).
    fn body(&mut self, props: &[&dyn Fn(&mut Self)], may_split: bool) {
        let split = may_split && !props.is_empty() && self.choose(4) == 0;
        let wrap = split || self.choose(4) == 0;
        if wrap {
            self.out.push('[');
        }
        self.out.push('{');
        self.comment(!props.is_empty());
        let mut first = true;
        for p in props {
            if !first {
                if split && self.choose(2) == 0 {
                    self.out.push_str("}, {");
                } else {
                    self.out.push_str(", ");
                }
            }
            first = false;
            p(self);
        }
        self.out.push('}');
        if wrap {
            self.out.push(']');
        }
    }
}

fn json_config(c: &Config) -> String {
    let mut w = JsonWriter {
        out: String::new(),
        layout: &c.layout,
        at: 0,
        with_ctx: c.with_ctx,
    };
    let props: Vec<Emit> = c
        .items
        .iter()
        .map(|item| -> Emit {
            match item.clone() {
                Item::Attr(i, v) => Box::new(move |w: &mut JsonWriter| {
                    let _ = write!(w.out, "\"a{i}\": ");
                    w.val(&v);
                }),
                Item::Blk(b) => Box::new(move |w: &mut JsonWriter| {
                    w.out.push_str("\"blk\": ");
                    let mut props: Vec<Emit> = Vec::new();
                    for (name, v) in [("x", b.x.clone()), ("y", b.y.clone())] {
                        if let Some(v) = v {
                            props.push(Box::new(move |w: &mut JsonWriter| {
                                let _ = write!(w.out, "\"{name}\": ");
                                w.val(&v);
                            }));
                        }
                    }
                    if !b.inner.is_empty() {
                        let inner = b.inner.clone();
                        props.push(Box::new(move |w: &mut JsonWriter| {
                            w.out.push_str("\"inner\": [");
                            for (i, z) in inner.iter().enumerate() {
                                if i > 0 {
                                    w.out.push_str(", ");
                                }
                                match z {
                                    Some(z) => {
                                        w.out.push_str("{\"z\": ");
                                        w.val(z);
                                        w.out.push('}');
                                    }
                                    None => w.out.push_str("{}"),
                                }
                            }
                            w.out.push(']');
                        }));
                    }
                    let refs: Vec<&dyn Fn(&mut JsonWriter)> =
                        props.iter().map(|p| p.as_ref()).collect();
                    // A single block: an object or an array of one object.
                    if refs.is_empty() && w.choose(3) == 0 {
                        w.out.push_str("[{}]");
                    } else {
                        w.body(&refs, false);
                    }
                }),
                Item::Lab(l) | Item::One(l) => {
                    let name = if matches!(item, Item::Lab(_)) {
                        "lab"
                    } else {
                        "one"
                    };
                    Box::new(move |w: &mut JsonWriter| {
                        let _ = write!(w.out, "\"{name}\": ");
                        let mut closers = String::new();
                        for label in &l.labels {
                            // A label level: an object, or an array of one.
                            if w.choose(3) == 0 {
                                w.out.push_str("[{");
                                closers.insert_str(0, "}]");
                            } else {
                                w.out.push('{');
                                closers.insert(0, '}');
                            }
                            w.string(label, false);
                            w.out.push_str(": ");
                        }
                        match &l.s {
                            Some(s) => {
                                let s = s.clone();
                                let p = move |w: &mut JsonWriter| {
                                    w.out.push_str("\"s\": ");
                                    w.string(&s, true);
                                };
                                w.body(&[&p], false);
                            }
                            None => w.body(&[], false),
                        }
                        w.out.push_str(&closers);
                    })
                }
            }
        })
        .collect();
    let refs: Vec<&dyn Fn(&mut JsonWriter)> = props.iter().map(|p| p.as_ref()).collect();
    w.body(&refs, true);
    w.out
}

// ----- decoding -------------------------------------------------------------

fn loaded_spec() -> LoadedSpec {
    let (loaded, diags) = LoadedSpec::load_str(SPEC, "spec.hcldec");
    assert!(diags.is_empty(), "{diags}");
    loaded.expect("spec")
}

fn context(with_ctx: bool) -> Option<EvalContext> {
    with_ctx.then(|| {
        let mut ctx = EvalContext::new();
        ctx.set_variable("v", Value::string("VAR"));
        ctx
    })
}

fn decode_as(spec: &LoadedSpec, src: &str, name: &str, with_ctx: bool) -> (Value, Diagnostics) {
    let (file, mut diags) = parse(src.as_bytes(), name, Syntax::for_path(name));
    if diags.has_errors() {
        return (Value::dynamic(), diags);
    }
    let ctx = context(with_ctx);
    let (v, d) = spec.decode(&file.body, ctx.as_ref());
    diags.extend(d);
    (v, diags)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn json_and_native_decode_alike(c in config()) {
        let spec = loaded_spec();
        let native = native_config(&c);
        let json = json_config(&c);
        let (nv, nd) = decode_as(&spec, &native, "in.hcl", c.with_ctx);
        prop_assert!(nd.is_empty(), "native:\n{native}\n{nd}");
        let (jv, jd) = decode_as(&spec, &json, "in.json", c.with_ctx);
        prop_assert!(jd.is_empty(), "json:\n{json}\n{jd}");
        prop_assert_eq!(&nv, &jv, "native:\n{}\njson:\n{}", native, json);
    }
}

// ----- robustness -------------------------------------------------------------

/// Mutations of a JSON text: byte edits drawn from characters that matter
/// to JSON and to templates.
#[derive(Clone, Debug)]
enum Edit {
    Insert(usize, u8),
    Delete(usize),
    Replace(usize, u8),
    Duplicate(usize, usize),
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    let byte = prop::sample::select(
        b"{}[]\",:\\/$%~ \n0123456789.eE+-tfnulrx\x00\x1a\xc3\xa9\xff".to_vec(),
    );
    let edit = prop_oneof![
        (any::<usize>(), byte.clone()).prop_map(|(i, b)| Edit::Insert(i, b)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), byte).prop_map(|(i, b)| Edit::Replace(i, b)),
        (any::<usize>(), 1usize..20).prop_map(|(i, n)| Edit::Duplicate(i, n)),
    ];
    prop::collection::vec(edit, 1..6)
}

fn apply(src: &str, edits: &[Edit]) -> Vec<u8> {
    let mut b = src.as_bytes().to_vec();
    for e in edits {
        let len = b.len().max(1);
        match *e {
            Edit::Insert(i, c) => b.insert(i % (b.len() + 1), c),
            Edit::Delete(i) if !b.is_empty() => {
                b.remove(i % len);
            }
            Edit::Replace(i, c) if !b.is_empty() => b[i % len] = c,
            Edit::Duplicate(i, n) if !b.is_empty() => {
                let s = i % len;
                let piece: Vec<u8> = b[s..(s + n).min(b.len())].to_vec();
                b.splice(s..s, piece);
            }
            _ => {}
        }
    }
    b
}

/// Everything the command does with a JSON file, for inputs that may be
/// anything: parse, decode with and without a context, variables, vars
/// files, text rendering of the diagnostics.
fn exercise(bytes: &[u8]) {
    use hcldecode_spec::diag::render::{SourceMap, write_text};
    let spec = loaded_spec();
    let (file, mut diags) = parse(bytes, "m.json", Syntax::Json);
    for with_ctx in [false, true] {
        let ctx = context(with_ctx);
        let (_, d) = spec.decode(&file.body, ctx.as_ref());
        diags.extend(d);
    }
    let _ = spec.variables(&file.body);
    let merged = Body::merged(vec![file.body.clone(), file.body.clone()]);
    let (_, d) = spec.decode(&merged, None);
    diags.extend(d);
    let mut vd = Diagnostics::new();
    for a in file.body.just_attributes(&mut vd) {
        let _ = hcldecode::eval::evaluate(a.expr, None);
        let _ = hcldecode::eval::evaluate(a.expr, context(true).as_ref());
        let _ = hcldecode::decode::expr_variables(a.expr);
    }
    diags.extend(vd);
    let mut map = SourceMap::new();
    if let Some((doc, root)) = file.body.json_root() {
        map.add_json(doc.clone(), root);
    }
    let mut out = String::new();
    write_text(&mut out, &diags, &map, 80, false);
    hcldecode_spec::diag::render::write_json(&mut out, &diags);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn json_mutated_inputs_never_panic(c in config(), e in edits()) {
        let json = json_config(&c);
        exercise(&apply(&json, &e));
    }
}

#[test]
fn json_deep_nesting_is_bounded() {
    // Deeper than evaluation goes: reported, not a stack overflow.
    let deep = format!("{{\"a0\": {}{}}}", "[".repeat(5000), "]".repeat(5000));
    let spec = loaded_spec();
    let (file, diags) = parse(deep.as_bytes(), "d.json", Syntax::Json);
    assert!(diags.is_empty(), "{diags}");
    let (_, d) = spec.decode(&file.body, None);
    assert_eq!(d.len(), 1, "{d}");
    assert_eq!(d[0].summary, "Expression too deeply nested");
    let _ = spec.variables(&file.body);
    exercise(deep.as_bytes());
}
