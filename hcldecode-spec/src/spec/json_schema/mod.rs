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

use crate::types::Type;

use super::{Spec, ValueConstraint};

mod doc;
mod numbers;

use doc::{
    J, NUMBER_OR_TEMPLATE, any_of, block_levels, null, obj, object, one_or_array, s, template,
    tuple, types,
};
use numbers::{integer_or_template, is_number_text};

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
        /// A collection's `min_items` and `max_items` (0: no limit).
        counts: (usize, usize),
    },
    BlockAttrs {
        ty: &'a Type,
        constraint: Option<&'a ValueConstraint>,
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
                        counts: (usize::from(b.required), 1),
                    },
                ),
                Spec::BlockList(b) | Spec::BlockTuple(b) | Spec::BlockSet(b) => (
                    &b.type_name,
                    Item::Blocks {
                        labels: b.nested.label_names().len(),
                        nested: &b.nested,
                        required: b.min_items > 0,
                        single: false,
                        counts: (b.min_items, b.max_items),
                    },
                ),
                Spec::BlockMap(b) | Spec::BlockObject(b) => (
                    &b.type_name,
                    Item::Blocks {
                        labels: b.labels.len() + b.nested.label_names().len(),
                        nested: &b.nested,
                        required: false,
                        single: false,
                        counts: (0, 0),
                    },
                ),
                Spec::BlockAttrs(b) => (
                    &b.type_name,
                    Item::BlockAttrs {
                        ty: &b.element_type,
                        constraint: b.element_constraint.as_deref(),
                        required: b.required,
                    },
                ),
                Spec::Object(_)
                | Spec::Tuple(_)
                | Spec::Literal(_)
                | Spec::Expr(_)
                | Spec::BlockLabel(_)
                | Spec::Default(_)
                | Spec::Transform(_)
                | Spec::Validate(_) => return,
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
                    counts,
                } => {
                    // Dynamic blocks generate blocks the body does not
                    // show: only the bound of a single block holds.
                    let counts = if self.opts.dynamic_blocks {
                        (0, usize::from(*single))
                    } else {
                        *counts
                    };
                    if self.opts.dynamic_blocks {
                        let content = self.content(name, nested);
                        dynamic.push((name.clone(), one_or_array(content, false)));
                    }
                    (self.blocks(name, *labels, nested, counts), *required)
                }
                Item::BlockAttrs {
                    ty,
                    constraint,
                    required,
                } => {
                    let element = match constraint {
                        Some(c) => self.constrained(c, true, name),
                        None => self.value(ty, true, name),
                    };
                    let attrs = obj(vec![
                        ("type", s("object")),
                        ("additionalProperties", element),
                    ]);
                    if self.opts.dynamic_blocks {
                        let content = self.dynamic_block(attrs.clone());
                        dynamic.push((name.clone(), one_or_array(content, false)));
                    }
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
    /// JSON syntax allows), ending in a body; `counts`: the least and
    /// most number of blocks (0: no limit; see [`block_levels`]).
    fn blocks(&mut self, name: &str, labels: usize, nested: &Spec, counts: (usize, usize)) -> J {
        let single = counts.1 == 1;
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
        block_levels(labels, body, counts)
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
            ValueConstraint::Integer { min, max } => {
                let schema = any_of(vec![
                    obj(vec![
                        ("type", s("integer")),
                        ("minimum", J::Num(*min)),
                        ("maximum", J::Num(*max)),
                    ]),
                    obj(vec![
                        ("type", s("string")),
                        ("pattern", J::Str(integer_or_template(*min, *max))),
                    ]),
                ]);
                let r = self.def(&format!("integer_{min}_{max}"), schema);
                if nullable { any_of(vec![r, null()]) } else { r }
            }
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
    /// integer out of its field's range, as a JSON number or a string, an
    /// enum name not in the list, a missing required attribute, fewer or
    /// more blocks of a type without labels than `min_items` and
    /// `max_items` allow) does not.
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
    use super::numbers::{digits_range, integer_or_template, is_number_text};

    /// `re` anchored, with the regex crate's syntax.
    fn anchored(re: &str) -> regex::Regex {
        regex::Regex::new(&format!("^(?:{re})$")).unwrap()
    }

    #[test]
    fn digit_ranges_match_exactly_their_integers() {
        for (lo, hi) in [
            (0, 9),
            (0, 255),
            (1, 65535),
            (7, 7),
            (10, 99),
            (95, 1003),
            (0, 100),
            (128, 128),
        ] {
            let re = anchored(&digits_range(lo, hi));
            for n in 0..=2000u128 {
                let want = (lo..=hi).contains(&n);
                assert_eq!(re.is_match(&n.to_string()), want, "{lo}..={hi}: {n} ({re})");
            }
            assert!(!re.is_match("00"), "{re}");
        }
        let re = anchored(&digits_range(0, u128::MAX));
        for t in [
            "0",
            "340282366920938463463374607431768211455",
            "99999999999999999999",
        ] {
            assert!(re.is_match(t), "{t}");
        }
        assert!(!re.is_match("340282366920938463463374607431768211456"));
        let re = anchored(&digits_range(0, u64::MAX.into()));
        assert!(re.is_match("18446744073709551615"));
        assert!(!re.is_match("18446744073709551616"));
    }

    #[test]
    fn integer_patterns_take_the_texts_of_whole_numbers_in_range() {
        let re = regex::Regex::new(&integer_or_template(-128, 127)).unwrap();
        for t in [
            "0",
            "-0",
            "+5",
            "127",
            "-128",
            "007",
            "12.",
            "12.000",
            ".0",
            "-.00",
            "1e2",
            "${x}",
            "a%{if y}b",
        ] {
            assert!(re.is_match(t), "{t}");
        }
        for t in [
            "128", "-129", "1.5", "many", "", " 1", "inf", "0x10", "12.01", "1_0",
        ] {
            assert!(!re.is_match(t), "{t}");
        }
        let re = regex::Regex::new(&integer_or_template(1, 10)).unwrap();
        assert!(re.is_match("10") && re.is_match("+01"));
        assert!(
            !re.is_match("0") && !re.is_match("-0") && !re.is_match(".0") && !re.is_match("-1")
        );
        let re = regex::Regex::new(&integer_or_template(-20, -10)).unwrap();
        assert!(
            re.is_match("-15") && !re.is_match("15") && !re.is_match("-9") && !re.is_match("-21")
        );
        let re = regex::Regex::new(&integer_or_template(i128::MIN, i128::MAX)).unwrap();
        assert!(re.is_match("-170141183460469231731687303715884105728"));
        assert!(!re.is_match("170141183460469231731687303715884105728"));
    }

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
