//! JSON Schema (draft 2020-12) of the HCL JSON syntax a spec accepts, for
//! editors to validate and complete `.hcl.json` files.

use crate::json_text::write_json_string;
use crate::types::Type;

use super::Spec;

/// A JSON document being built.
enum J {
    Obj(Vec<(String, J)>),
    Arr(Vec<J>),
    Str(String),
    Bool(bool),
    Num(usize),
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

    fn schema(&self) -> J {
        let mut props: Vec<(String, J)> = Vec::new();
        let mut required = Vec::new();
        for (name, item) in &self.items {
            let (schema, req) = match item {
                Item::Attr { ty, required } => (attr_value(ty, !*required), *required),
                Item::Blocks {
                    labels,
                    nested,
                    required,
                    single,
                } => (
                    block_levels(*labels, &BodyItems::of(nested).schema(), *single),
                    *required,
                ),
                Item::BlockAttrs { ty, required } => {
                    let attrs = obj(vec![
                        ("type", s("object")),
                        ("additionalProperties", attr_value(ty, false)),
                    ]);
                    (one_or_array(attrs, true), *required)
                }
            };
            if req {
                required.push(s(name));
            }
            props.push((name.clone(), schema));
        }
        // HCL JSON's comment property.
        props.push(("//".to_string(), obj(vec![])));
        let mut o = vec![
            ("type", s("object")),
            ("properties", J::Obj(props)),
            ("additionalProperties", J::Bool(self.open)),
        ];
        if !required.is_empty() {
            o.push(("required", J::Arr(required)));
        }
        obj(o)
    }
}

/// A block body, or an array of bodies; `single` allows one body only.
fn one_or_array(body: J, single: bool) -> J {
    let mut arr = vec![("type", s("array")), ("items", body_clone(&body))];
    if single {
        arr.push(("maxItems", J::Num(1)));
    }
    obj(vec![("anyOf", J::Arr(vec![body, obj(arr)]))])
}

/// `labels` levels of objects keyed by label (each level may also be an
/// array of such objects, as HCL's JSON syntax allows), ending in a body.
fn block_levels(labels: usize, body: &J, single: bool) -> J {
    if labels == 0 {
        return one_or_array(body_clone(body), single);
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

fn body_clone(j: &J) -> J {
    match j {
        J::Obj(e) => J::Obj(e.iter().map(|(k, v)| (k.clone(), body_clone(v))).collect()),
        J::Arr(a) => J::Arr(a.iter().map(body_clone).collect()),
        J::Str(v) => J::Str(v.clone()),
        J::Bool(b) => J::Bool(*b),
        J::Num(n) => J::Num(*n),
    }
}

/// An attribute value of type `ty` in JSON syntax. A JSON string is a
/// template, which may evaluate to a value of any type, so strings are
/// always allowed; numbers and bools convert to strings.
fn attr_value(ty: &Type, nullable: bool) -> J {
    let null = |mut names: Vec<&'static str>| {
        if nullable {
            names.push("null");
        }
        names
    };
    match ty {
        Type::Dynamic => obj(vec![]),
        Type::String => obj(vec![(
            "type",
            types(&null(vec!["string", "number", "boolean"])),
        )]),
        Type::Number => obj(vec![("type", types(&null(vec!["number", "string"])))]),
        Type::Bool => obj(vec![("type", types(&null(vec!["boolean", "string"])))]),
        Type::List(e) | Type::Set(e) => shaped(
            obj(vec![("type", s("array")), ("items", attr_value(e, true))]),
            nullable,
        ),
        Type::Tuple(es) => shaped(
            obj(vec![
                ("type", s("array")),
                (
                    "prefixItems",
                    J::Arr(es.iter().map(|e| attr_value(e, true)).collect()),
                ),
                ("minItems", J::Num(es.len())),
                ("maxItems", J::Num(es.len())),
            ]),
            nullable,
        ),
        Type::Map(e) => shaped(
            obj(vec![
                ("type", s("object")),
                ("additionalProperties", attr_value(e, true)),
            ]),
            nullable,
        ),
        Type::Object(o) => shaped(
            obj(vec![
                ("type", s("object")),
                (
                    "properties",
                    J::Obj(
                        o.attrs()
                            .iter()
                            .map(|(k, t)| (k.to_string(), attr_value(t, true)))
                            .collect(),
                    ),
                ),
            ]),
            nullable,
        ),
    }
}

/// A collection's JSON shape, or a string (a template giving it).
fn shaped(shape: J, nullable: bool) -> J {
    let mut alts = vec![shape, obj(vec![("type", s("string"))])];
    if nullable {
        alts.push(obj(vec![("type", s("null"))]));
    }
    obj(vec![("anyOf", J::Arr(alts))])
}

impl Spec {
    /// A JSON Schema (draft 2020-12) of the HCL JSON syntax this spec
    /// accepts as a body, so editors validate and complete `.hcl.json`
    /// files: attributes and block types as properties (no others, but the
    /// `"//"` comment), required ones required, blocks nested one object
    /// level per label and given as one body or an array of bodies.
    /// Attribute values follow their type; as every JSON string is a
    /// template that may evaluate to any type, strings are accepted
    /// everywhere an attribute value is.
    ///
    /// ```
    /// use hcldecode_spec::spec::{AttrSpec, ObjectSpec, Spec};
    /// use hcldecode_spec::types::Type;
    /// let spec = Spec::Object(ObjectSpec {
    ///     properties: vec![("port".into(), Spec::Attr(AttrSpec { name: "port".into(), ty: Type::Number, required: true }))],
    /// });
    /// let schema = spec.to_json_schema();
    /// assert!(schema.contains("\"required\": [\n    \"port\"\n  ]"));
    /// assert!(schema.contains("\"additionalProperties\": false"));
    /// ```
    pub fn to_json_schema(&self) -> String {
        let J::Obj(mut body) = BodyItems::of(self).schema() else {
            unreachable!("a body schema is an object")
        };
        body.insert(
            0,
            (
                "$schema".to_string(),
                s("https://json-schema.org/draft/2020-12/schema"),
            ),
        );
        let mut out = String::new();
        J::Obj(body).write(&mut out, 0);
        out.push('\n');
        out
    }
}
