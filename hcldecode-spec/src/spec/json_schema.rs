//! JSON Schema (draft 2020-12) of the HCL JSON syntax a spec accepts, for
//! editors to validate and complete `.hcl.json` files.
//!
//! The rule it follows, both ways: every JSON document the decoder accepts
//! validates, and literal values the decoder certainly rejects do not. A
//! JSON string where an expression is expected is a template, which may
//! evaluate to a value of any type, so a string with `${` or `%{` in it is
//! accepted wherever a value is; a string without them is a literal whose
//! conversion is known (`"80"` is a number, `"many"` is not). Each block
//! body is described once, under `$defs`, and referenced.

use std::collections::HashMap;

use crate::json_text::write_json_string;
use crate::types::Type;

use super::{Spec, ValueConstraint};

/// Options of [`Spec::to_json_schema_with`].
///
/// ```
/// use hcldecode_spec::spec::{JsonSchemaOptions, ObjectSpec, Spec};
/// let spec = Spec::Object(ObjectSpec::default());
/// let schema = spec.to_json_schema_with(JsonSchemaOptions { dynamic_blocks: true });
/// assert!(schema.contains("\"dynamic\""));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JsonSchemaOptions {
    /// Whether `dynamic` blocks (HCL's ext/dynblock) are expanded before
    /// decoding (`hcldec --dynamic-blocks`, `Decoder::dynamic_blocks`):
    /// every body may then hold `dynamic` blocks for its block types.
    pub dynamic_blocks: bool,
}

/// A JSON document being built.
#[derive(Clone)]
enum J {
    Obj(Vec<(String, J)>),
    Arr(Vec<J>),
    Str(String),
    Bool(bool),
    Num(i128),
}

fn obj(entries: Vec<(&str, J)>) -> J {
    J::Obj(
        entries
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

fn s(v: &str) -> J {
    J::Str(v.to_string())
}

fn types(names: &[&str]) -> J {
    match names {
        [one] => s(one),
        _ => J::Arr(names.iter().map(|n| s(n)).collect()),
    }
}

fn any_of(alts: Vec<J>) -> J {
    obj(vec![("anyOf", J::Arr(alts))])
}

impl J {
    fn write(&self, out: &mut String, indent: usize) {
        let pad = |out: &mut String, n: usize| {
            out.push('\n');
            out.extend(std::iter::repeat_n(' ', n));
        };
        match self {
            J::Obj(entries) if entries.is_empty() => out.push_str("{}"),
            J::Obj(entries) => {
                out.push('{');
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    pad(out, indent + 2);
                    write_json_string(out, k);
                    out.push_str(": ");
                    v.write(out, indent + 2);
                }
                pad(out, indent);
                out.push('}');
            }
            J::Arr(items) if items.is_empty() => out.push_str("[]"),
            // Arrays of scalars (`type`, `enum`, `required`) on one line.
            J::Arr(items) if items.iter().all(|i| !matches!(i, J::Obj(_) | J::Arr(_))) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    v.write(out, indent);
                }
                out.push(']');
            }
            J::Arr(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    pad(out, indent + 2);
                    v.write(out, indent + 2);
                }
                pad(out, indent);
                out.push(']');
            }
            J::Str(v) => write_json_string(out, v),
            J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            J::Num(n) => out.push_str(&n.to_string()),
        }
    }

    /// The compact text, the key under which equal schemas share a
    /// definition.
    fn key(&self) -> String {
        let mut out = String::new();
        self.write_compact(&mut out);
        out
    }

    fn write_compact(&self, out: &mut String) {
        match self {
            J::Obj(entries) => {
                out.push('{');
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_json_string(out, k);
                    out.push(':');
                    v.write_compact(out);
                }
                out.push('}');
            }
            J::Arr(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write_compact(out);
                }
                out.push(']');
            }
            other => other.write(out, 0),
        }
    }
}

/// A JSON string that is a template with interpolations or directives:
/// it may evaluate to a value of any type.
const TEMPLATE: &str = r"\$\{|%\{";

/// A JSON string whose text converts to a number (cty's `ParseNumberVal`:
/// a sign, digits with an optional point and exponent, or an infinity), or
/// a template.
const NUMBER_OR_TEMPLATE: &str =
    r"^[+-]?(inf|Inf|([0-9]+\.?[0-9]*|\.[0-9]+)([eEpP][+-]?[0-9]+)?)$|\$\{|%\{";

fn template() -> J {
    obj(vec![("type", s("string")), ("pattern", s(TEMPLATE))])
}

fn null() -> J {
    obj(vec![("type", s("null"))])
}

/// What a body holds: its attributes and block types, in declaration
/// order, first definition of a name winning.
#[derive(Default)]
struct BodyItems<'a> {
    items: Vec<(String, Item<'a>)>,
    /// A typed `remain` field takes the rest of the body: anything else
    /// is allowed.
    open: bool,
}

enum Item<'a> {
    Attr {
        ty: &'a Type,
        constraint: Option<&'a ValueConstraint>,
        required: bool,
    },
    Blocks {
        labels: usize,
        nested: &'a Spec,
        required: bool,
        single: bool,
    },
    BlockAttrs {
        ty: &'a Type,
        required: bool,
    },
}

impl<'a> BodyItems<'a> {
    fn of(spec: &'a Spec) -> BodyItems<'a> {
        let mut body = BodyItems::default();
        spec.for_each_same_body(&mut |s| {
            if super::Hook::is_remain(s) {
                body.open = true;
            }
            let (name, item) = match s {
                Spec::Attr(a) => (
                    &a.name,
                    Item::Attr {
                        ty: &a.ty,
                        constraint: a.constraint.as_deref(),
                        required: a.required,
                    },
                ),
                Spec::Block(b) => (
                    &b.type_name,
                    Item::Blocks {
                        labels: b.nested.label_names().len(),
                        nested: &b.nested,
                        required: b.required,
                        single: true,
                    },
                ),
                Spec::BlockList(b) | Spec::BlockTuple(b) | Spec::BlockSet(b) => (
                    &b.type_name,
                    Item::Blocks {
                        labels: b.nested.label_names().len(),
                        nested: &b.nested,
                        required: b.min_items > 0,
                        single: false,
                    },
                ),
                Spec::BlockMap(b) | Spec::BlockObject(b) => (
                    &b.type_name,
                    Item::Blocks {
                        labels: b.labels.len() + b.nested.label_names().len(),
                        nested: &b.nested,
                        required: false,
                        single: false,
                    },
                ),
                Spec::BlockAttrs(b) => (
                    &b.type_name,
                    Item::BlockAttrs {
                        ty: &b.element_type,
                        required: b.required,
                    },
                ),
                _ => return,
            };
            if !body.items.iter().any(|(n, _)| n == name) {
                body.items.push((name.clone(), item));
            }
        });
        body
    }
}

/// The variants of a block whose first label names its kind (a typed
/// `tag = "label"` enum), from the label spec of its body.
fn tagged_variants(nested: &Spec) -> Option<&[(String, Spec)]> {
    let mut found = None;
    nested.for_each_same_body(&mut |s| {
        if let Spec::BlockLabel(l) = s
            && l.index == 0
            && let Some(vs) = &l.variants
        {
            found = Some(&**vs);
        }
    });
    found
}

/// The schema being built: shared definitions, each body once.
struct Gen {
    opts: JsonSchemaOptions,
    defs: Vec<(String, J)>,
    /// A definition's name by its compact text.
    by_key: HashMap<String, String>,
}

impl Gen {
    /// A reference to the definition of `schema`, added under a name
    /// made of `hint` unless an equal one is there.
    fn def(&mut self, hint: &str, schema: J) -> J {
        let key = schema.key();
        let name = match self.by_key.get(&key) {
            Some(name) => name.clone(),
            None => {
                let base: String = hint
                    .chars()
                    .map(|c| {
                        if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                            c
                        } else {
                            '_'
                        }
                    })
                    .collect();
                let base = if base.is_empty() { "body".into() } else { base };
                let mut name = base.clone();
                let mut n = 2;
                while self.defs.iter().any(|(d, _)| *d == name) {
                    name = format!("{base}_{n}");
                    n += 1;
                }
                self.by_key.insert(key, name.clone());
                self.defs.push((name.clone(), schema));
                name
            }
        };
        obj(vec![("$ref", J::Str(format!("#/$defs/{name}")))])
    }

    /// The schema of a body.
    fn body(&mut self, spec: &Spec) -> J {
        let body = BodyItems::of(spec);
        let mut props: Vec<(String, J)> = Vec::new();
        let mut required = Vec::new();
        // Block types required, which a `dynamic` block may give instead.
        let mut required_blocks = Vec::new();
        let mut dynamic: Vec<(String, J)> = Vec::new();
        for (name, item) in &body.items {
            let (schema, req) = match item {
                Item::Attr {
                    ty,
                    constraint,
                    required,
                } => {
                    let schema = match constraint {
                        Some(c) => self.constrained(c, true, name),
                        None => self.value(ty, true, name),
                    };
                    (schema, *required)
                }
                Item::Blocks {
                    labels,
                    nested,
                    required,
                    single,
                } => {
                    if self.opts.dynamic_blocks {
                        let content = self.content(name, nested);
                        dynamic.push((name.clone(), one_or_array(content, false)));
                    }
                    (self.blocks(name, *labels, nested, *single), *required)
                }
                Item::BlockAttrs { ty, required } => {
                    if self.opts.dynamic_blocks {
                        let content = obj(vec![
                            ("type", s("object")),
                            ("additionalProperties", self.value(ty, true, name)),
                        ]);
                        let content = self.dynamic_block(content);
                        dynamic.push((name.clone(), one_or_array(content, false)));
                    }
                    let attrs = obj(vec![
                        ("type", s("object")),
                        ("additionalProperties", self.value(ty, true, name)),
                    ]);
                    (one_or_array(attrs, true), *required)
                }
            };
            if req && self.opts.dynamic_blocks && !matches!(item, Item::Attr { .. }) {
                required_blocks.push(any_of(vec![
                    obj(vec![("required", J::Arr(vec![s(name)]))]),
                    obj(vec![("required", J::Arr(vec![s("dynamic")]))]),
                ]));
            } else if req {
                required.push(s(name));
            }
            props.push((name.clone(), schema));
        }
        if self.opts.dynamic_blocks && !props.iter().any(|(n, _)| n == "dynamic") {
            let types = obj(vec![
                ("type", s("object")),
                ("properties", J::Obj(dynamic)),
                ("additionalProperties", J::Bool(body.open)),
            ]);
            props.push(("dynamic".to_string(), one_or_array(types, false)));
        }
        // HCL JSON's comment property.
        props.push(("//".to_string(), obj(vec![])));
        let mut o = vec![
            ("type", s("object")),
            ("properties", J::Obj(props)),
            ("additionalProperties", J::Bool(body.open)),
        ];
        if !required.is_empty() {
            o.push(("required", J::Arr(required)));
        }
        if !required_blocks.is_empty() {
            o.push(("allOf", J::Arr(required_blocks)));
        }
        obj(o)
    }

    /// The blocks of type `name`: `labels` levels of objects keyed by
    /// label (each level may also be an array of such objects, as HCL's
    /// JSON syntax allows), ending in a body; `single` allows one body only.
    fn blocks(&mut self, name: &str, labels: usize, nested: &Spec, single: bool) -> J {
        if let Some(vs) = tagged_variants(nested) {
            // The first label names the variant, which decides the body.
            let props = vs
                .iter()
                .map(|(v, spec)| {
                    let body = self.body(spec);
                    let r = self.def(&format!("{name}_{v}"), body);
                    (v.clone(), one_or_array(r, single))
                })
                .collect();
            let level = obj(vec![
                ("type", s("object")),
                ("properties", J::Obj(props)),
                ("additionalProperties", J::Bool(false)),
            ]);
            return one_or_array(level, false);
        }
        let body = self.body(nested);
        let body = self.def(name, body);
        block_levels(labels, body, single)
    }

    /// The schema of a `dynamic` block generating blocks of type `name`:
    /// its `content` is a body of the type (of any of its kinds, for a
    /// tagged enum).
    fn content(&mut self, name: &str, nested: &Spec) -> J {
        let content = match tagged_variants(nested) {
            Some(vs) => {
                let alts = vs
                    .iter()
                    .map(|(v, spec)| {
                        let body = self.body(spec);
                        self.def(&format!("{name}_{v}"), body)
                    })
                    .collect();
                any_of(alts)
            }
            None => {
                let body = self.body(nested);
                self.def(name, body)
            }
        };
        self.dynamic_block(content)
    }

    /// A `dynamic` block's body (ext/dynblock): `for_each`, `iterator`,
    /// `labels` and one `content` block.
    fn dynamic_block(&mut self, content: J) -> J {
        let schema = obj(vec![
            ("type", s("object")),
            (
                "properties",
                J::Obj(vec![
                    ("for_each".to_string(), obj(vec![])),
                    ("iterator".to_string(), obj(vec![("type", s("string"))])),
                    ("labels".to_string(), obj(vec![])),
                    ("content".to_string(), one_or_array(content, true)),
                    ("//".to_string(), obj(vec![])),
                ]),
            ),
            ("additionalProperties", J::Bool(false)),
            ("required", J::Arr(vec![s("for_each"), s("content")])),
        ]);
        let key = schema.key();
        // Named after the content's definition.
        let hint = match key.find("#/$defs/") {
            Some(i) => {
                let rest = &key[i + 8..];
                format!("dynamic_{}", &rest[..rest.find('"').unwrap_or(rest.len())])
            }
            None => "dynamic".to_string(),
        };
        self.def(&hint, schema)
    }

    /// A value of type `ty`, as a JSON value converting to it (or a
    /// template); `nullable`: null too.
    fn value(&mut self, ty: &Type, nullable: bool, name: &str) -> J {
        let with_null = |mut alts: Vec<J>| {
            if nullable {
                alts.push(null());
            }
            any_of(alts)
        };
        match ty {
            Type::Dynamic => obj(vec![]),
            // Numbers and bools convert to strings.
            Type::String => {
                let mut names = vec!["string", "number", "boolean"];
                if nullable {
                    names.push("null");
                }
                obj(vec![("type", types(&names))])
            }
            Type::Number => with_null(vec![
                obj(vec![("type", s("number"))]),
                obj(vec![
                    ("type", s("string")),
                    ("pattern", s(NUMBER_OR_TEMPLATE)),
                ]),
            ]),
            Type::Bool => with_null(vec![
                obj(vec![("type", s("boolean"))]),
                obj(vec![(
                    "enum",
                    J::Arr(vec![s("true"), s("false"), s("1"), s("0")]),
                )]),
                template(),
            ]),
            Type::List(e) | Type::Set(e) => {
                let items = self.value(e, true, name);
                with_null(vec![
                    obj(vec![("type", s("array")), ("items", items)]),
                    template(),
                ])
            }
            Type::Tuple(es) => {
                let items = es.iter().map(|e| self.value(e, true, name)).collect();
                with_null(vec![tuple(items), template()])
            }
            Type::Map(e) => {
                let items = self.value(e, true, name);
                with_null(vec![
                    obj(vec![("type", s("object")), ("additionalProperties", items)]),
                    template(),
                ])
            }
            Type::Object(o) => {
                let attrs: Vec<(String, J)> = o
                    .attrs()
                    .iter()
                    .map(|(k, t)| (k.to_string(), self.value(t, true, k)))
                    .collect();
                let required = attrs.iter().map(|(k, _)| k.clone()).collect();
                let schema = with_null(object(attrs, required, false));
                self.shared(name, schema)
            }
        }
    }

    /// A value as `c` describes it; `nullable`: null too, unless `c` says
    /// it is not.
    fn constrained(&mut self, c: &ValueConstraint, nullable: bool, name: &str) -> J {
        let with_null = |mut alts: Vec<J>| {
            if nullable {
                alts.push(null());
            }
            any_of(alts)
        };
        match c {
            ValueConstraint::Type(t) => self.value(t, nullable, name),
            ValueConstraint::NonNull(c) => self.constrained(c, false, name),
            ValueConstraint::OneOf(names) => {
                let mut alts = vec![
                    obj(vec![("enum", J::Arr(names.iter().map(|n| s(n)).collect()))]),
                    template(),
                ];
                // Numbers and bools convert to strings, which may name one.
                if names.iter().any(|n| is_number_text(n)) {
                    alts.push(obj(vec![("type", s("number"))]));
                }
                let bools: Vec<J> = ["true", "false"]
                    .iter()
                    .filter(|b| names.iter().any(|n| n == *b))
                    .map(|b| J::Bool(*b == "true"))
                    .collect();
                if !bools.is_empty() {
                    alts.push(obj(vec![("enum", J::Arr(bools))]));
                }
                let schema = with_null(alts);
                self.shared(name, schema)
            }
            ValueConstraint::Integer { min, max } => with_null(vec![
                obj(vec![
                    ("type", s("integer")),
                    ("minimum", J::Num(*min)),
                    ("maximum", J::Num(*max)),
                ]),
                obj(vec![
                    ("type", s("string")),
                    ("pattern", s(NUMBER_OR_TEMPLATE)),
                ]),
            ]),
            ValueConstraint::List(e) | ValueConstraint::Set(e) => {
                let items = self.constrained(e, true, name);
                with_null(vec![
                    obj(vec![("type", s("array")), ("items", items)]),
                    template(),
                ])
            }
            ValueConstraint::Tuple(es) => {
                let items = es.iter().map(|e| self.constrained(e, true, name)).collect();
                with_null(vec![tuple(items), template()])
            }
            ValueConstraint::Map(e) => {
                let items = self.constrained(e, true, name);
                with_null(vec![
                    obj(vec![("type", s("object")), ("additionalProperties", items)]),
                    template(),
                ])
            }
            ValueConstraint::Object {
                attrs,
                optional,
                closed,
            } => {
                let props: Vec<(String, J)> = attrs
                    .iter()
                    .map(|(k, c)| (k.clone(), self.constrained(c, true, k)))
                    .collect();
                let required = attrs
                    .iter()
                    .map(|(k, _)| k.clone())
                    .filter(|k| !optional.contains(k))
                    .collect();
                let schema = with_null(object(props, required, *closed));
                self.shared(name, schema)
            }
        }
    }

    /// A value schema shared under `$defs` (named after the attribute).
    fn shared(&mut self, name: &str, schema: J) -> J {
        self.def(&format!("value_{name}"), schema)
    }
}

/// Whether a string converts to a number.
fn is_number_text(t: &str) -> bool {
    let t = t.strip_prefix(['+', '-']).unwrap_or(t);
    if matches!(t, "inf" | "Inf") {
        return true;
    }
    let (mantissa, exp) = match t.find(['e', 'E', 'p', 'P']) {
        Some(i) => (&t[..i], Some(&t[i + 1..])),
        None => (t, None),
    };
    let digits = |d: &str| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit());
    let mantissa_ok = match mantissa.split_once('.') {
        Some((a, b)) => {
            (digits(a) || a.is_empty())
                && (b.is_empty() || digits(b))
                && !(a.is_empty() && b.is_empty())
        }
        None => digits(mantissa),
    };
    let exp_ok = exp.is_none_or(|e| digits(e.strip_prefix(['+', '-']).unwrap_or(e)));
    mantissa_ok && exp_ok
}

fn tuple(items: Vec<J>) -> J {
    let n = items.len() as i128;
    obj(vec![
        ("type", s("array")),
        ("prefixItems", J::Arr(items)),
        ("minItems", J::Num(n)),
        ("maxItems", J::Num(n)),
    ])
}

/// An object value with `props`, the `required` ones required; `closed`:
/// no others. A key may be a template (naming any attribute), so an
/// object with one is left to the decoder when any are required or
/// others are not allowed.
fn object(props: Vec<(String, J)>, required: Vec<String>, closed: bool) -> Vec<J> {
    let mut o = vec![("type", s("object")), ("properties", J::Obj(props))];
    if closed {
        o.push(("additionalProperties", J::Bool(false)));
    }
    let strict = closed || !required.is_empty();
    if !required.is_empty() {
        o.push(("required", J::Arr(required.iter().map(|r| s(r)).collect())));
    }
    let mut alts = vec![obj(o)];
    if strict {
        alts.push(obj(vec![
            ("type", s("object")),
            (
                "not",
                obj(vec![(
                    "propertyNames",
                    obj(vec![("not", obj(vec![("pattern", s(TEMPLATE))]))]),
                )]),
            ),
        ]));
    }
    alts.push(template());
    alts
}

/// A block body, or an array of bodies; `single` allows one body only.
fn one_or_array(body: J, single: bool) -> J {
    let mut arr = vec![("type", s("array")), ("items", body.clone())];
    if single {
        arr.push(("maxItems", J::Num(1)));
    }
    any_of(vec![body, obj(arr)])
}

/// `labels` levels of objects keyed by label (each level may also be an
/// array of such objects, as HCL's JSON syntax allows), ending in a body.
fn block_levels(labels: usize, body: J, single: bool) -> J {
    if labels == 0 {
        return one_or_array(body, single);
    }
    let level = obj(vec![
        ("type", s("object")),
        (
            "additionalProperties",
            block_levels(labels - 1, body, single),
        ),
    ]);
    one_or_array(level, false)
}

impl Spec {
    /// [`to_json_schema_with`](Self::to_json_schema_with) the default
    /// options (no dynamic blocks).
    ///
    /// ```
    /// use hcldecode_spec::spec::{AttrSpec, ObjectSpec, Spec};
    /// use hcldecode_spec::types::Type;
    /// let spec = Spec::Object(ObjectSpec {
    ///     properties: vec![("port".into(), Spec::Attr(AttrSpec::new("port", Type::Number, true)))],
    /// });
    /// let schema = spec.to_json_schema();
    /// assert!(schema.contains("\"required\": [\"port\"]"));
    /// assert!(schema.contains("\"additionalProperties\": false"));
    /// ```
    pub fn to_json_schema(&self) -> String {
        self.to_json_schema_with(JsonSchemaOptions::default())
    }

    /// A JSON Schema (draft 2020-12) of the HCL JSON syntax this spec
    /// accepts as a body, so editors validate and complete `.hcl.json`
    /// files: attributes and block types as properties (no others, but the
    /// `"//"` comment, and `dynamic` blocks when they are expanded),
    /// required ones required, blocks nested one object level per label
    /// and given as one body or an array of bodies. Each body is a
    /// definition under `$defs`, referenced wherever it occurs.
    ///
    /// Attribute values follow their type and
    /// [`ValueConstraint`](super::ValueConstraint): a JSON string is a
    /// template, so one with `${` or `%{` may stand for any value; a
    /// string without them is a literal, accepted where it converts
    /// (`"80"` for a number, `"true"` for a bool, one of the names of a
    /// typed enum). Every document the decoder accepts validates; a
    /// literal the decoder certainly rejects (`"many"` for a number, an
    /// integer out of its field's range, an enum name not in the list, a
    /// missing required attribute) does not.
    pub fn to_json_schema_with(&self, opts: JsonSchemaOptions) -> String {
        let mut g = Gen {
            opts,
            defs: Vec::new(),
            by_key: HashMap::new(),
        };
        let J::Obj(mut body) = g.body(self) else {
            unreachable!("a body schema is an object")
        };
        body.insert(
            0,
            (
                "$schema".to_string(),
                s("https://json-schema.org/draft/2020-12/schema"),
            ),
        );
        if !g.defs.is_empty() {
            body.push(("$defs".to_string(), J::Obj(g.defs)));
        }
        let mut out = String::new();
        J::Obj(body).write(&mut out, 0);
        out.push('\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::is_number_text;

    #[test]
    fn number_texts_are_those_cty_parses() {
        for t in [
            "1", "-1", "+1.5", "5.", ".5", "1e3", "1E-3", "1p3", "inf", "-Inf", "007",
        ] {
            assert!(is_number_text(t), "{t}");
        }
        for t in [
            "", ".", "e3", "1e", "1_000", " 1", "0x10", "many", "1.2.3", "infinity",
        ] {
            assert!(!is_number_text(t), "{t}");
        }
    }
}
