//! A reference configuration generated from a spec
//! ([`Spec::example_config`]): every attribute and block the spec reads,
//! each with its description, type, default and choices as comments,
//! required ones written with a placeholder of their type (so the file
//! decodes as it is), optional ones commented out.

use std::fmt::Write as _;

use super::{BlockLabelSpec, Spec, ValueConstraint};
use crate::types::Type;
use crate::value::Value;

impl Spec {
    /// A configuration that shows everything this spec reads, formatted as
    /// `hclfmt` formats: for each attribute its description, its type (and
    /// "required", or its default) and the values a typed enum allows, as
    /// comments above it; a required attribute written with a placeholder
    /// of its type (`""`, `0`, `false`, `[]`, `{}`, an enum's first name, an
    /// integer range's least value), an optional one commented out (with
    /// its default where it has one). Blocks likewise, each label a
    /// placeholder named after it (a tagged enum's label: its first variant,
    /// the others named in a comment), a block that may be left out
    /// commented out line by line. The file decodes with this spec as
    /// written; fill in the placeholders.
    ///
    /// ```
    /// use hcldecode_spec::spec::{AttrSpec, BlockCollectionSpec, BlockLabelSpec, ObjectSpec, Spec};
    /// use hcldecode_spec::types::Type;
    /// let mut name = AttrSpec::new("name", Type::String, true);
    /// name.description = Some("What the service is called.".into());
    /// let spec = Spec::Object(ObjectSpec {
    ///     properties: vec![
    ///         ("name".into(), Spec::Attr(name)),
    ///         ("port".into(), Spec::Attr(AttrSpec::new("port", Type::Number, false))),
    ///         ("listen".into(), Spec::BlockList(BlockCollectionSpec {
    ///             type_name: "listen".into(),
    ///             nested: Box::new(Spec::Object(ObjectSpec { properties: vec![
    ///                 ("addr".into(), Spec::BlockLabel(BlockLabelSpec::new(0, "addr"))),
    ///             ] })),
    ///             min_items: 1,
    ///             max_items: 0,
    ///             description: None,
    ///         })),
    ///     ],
    /// });
    /// assert_eq!(
    ///     spec.example_config(),
    ///     "# What the service is called.\n# string, required\nname = \"\"\n\n# number, optional\n# port = 0\n\n# blocks, at least 1\nlisten \"addr\" {\n}\n"
    /// );
    /// ```
    pub fn example_config(&self) -> String {
        let mut out = String::new();
        write_body(&mut out, self);
        let text = out.trim_end().to_string() + "\n";
        String::from_utf8(crate::format::format(text.as_bytes())).unwrap_or(text)
    }
}

/// The items of the body `spec` reads, each a paragraph.
fn write_body(out: &mut String, spec: &Spec) {
    let mut items = Vec::new();
    collect(spec, &mut items);
    let mut first = true;
    for item in items {
        let mut text = String::new();
        item_text(&mut text, item);
        if text.is_empty() {
            continue;
        }
        if !first {
            out.push('\n');
        }
        first = false;
        out.push_str(&text);
    }
}

/// One item of a body: an attribute (with its default, if any) or a block
/// spec.
enum Item<'s> {
    Attr(&'s super::AttrSpec, Option<&'s Value>),
    Block(&'s Spec),
}

/// The items `spec` reads from its body, in declaration order (through
/// objects, tuples, defaults and wrappers).
fn collect<'s>(spec: &'s Spec, out: &mut Vec<Item<'s>>) {
    match spec {
        Spec::Attr(a) => out.push(Item::Attr(a, None)),
        Spec::Default(d) => {
            if let Spec::Attr(a) = &*d.primary {
                out.push(Item::Attr(a, literal_value(&d.default)));
            } else {
                collect(&d.primary, out);
            }
        }
        Spec::Object(o) => o.properties.iter().for_each(|(_, s)| collect(s, out)),
        Spec::Tuple(items) => items.iter().for_each(|s| collect(s, out)),
        Spec::Transform(t) => collect(&t.wrapped, out),
        Spec::Validate(v) => collect(&v.wrapped, out),
        // Those with a block type name.
        s @ (Spec::Block(_)
        | Spec::BlockList(_)
        | Spec::BlockTuple(_)
        | Spec::BlockSet(_)
        | Spec::BlockMap(_)
        | Spec::BlockObject(_)
        | Spec::BlockAttrs(_)) => out.push(Item::Block(s)),
        Spec::Literal(_) | Spec::Expr(_) | Spec::BlockLabel(_) => {}
    }
}

/// The value of a `default` spec's default, where it is a literal.
fn literal_value(default: &Spec) -> Option<&Value> {
    if let Spec::Literal(l) = default {
        Some(&l.value)
    } else {
        None
    }
}

fn comment(out: &mut String, text: &str) {
    for line in text.lines() {
        if line.is_empty() {
            out.push_str("#\n");
        } else {
            out.push_str("# ");
            out.push_str(line);
            out.push('\n');
        }
    }
}

fn item_text(out: &mut String, item: Item<'_>) {
    match item {
        Item::Attr(a, default) => {
            if let Some(d) = &a.description {
                comment(out, d);
            }
            let constraint = a.constraint.as_deref();
            let ty = constraint.map_or_else(|| a.ty.clone(), ValueConstraint::ty);
            let mut what = if ty.is_dynamic() {
                "any value".to_string()
            } else {
                ty.friendly_name_for_constraint()
            };
            match (a.required, default.and_then(Value::to_hcl)) {
                (true, _) => what.push_str(", required"),
                (false, Some(d)) => what.push_str(&format!(", optional, default {d}")),
                (false, None) => what.push_str(", optional"),
            }
            comment(out, &what);
            if let Some(names) = constraint.and_then(one_of) {
                let quoted: Vec<String> = names.iter().map(|n| quote(n)).collect();
                comment(out, &format!("one of {}", quoted.join(", ")));
            }
            let value = match default.and_then(Value::to_hcl) {
                Some(d) if !a.required => d,
                _ => placeholder(&ty, constraint),
            };
            let line = format!("{} = {value}\n", a.name);
            if a.required {
                out.push_str(&line);
            } else {
                out.push_str("# ");
                out.push_str(&line);
            }
        }
        Item::Block(b) => block_text(out, b),
    }
}

/// How many blocks of `spec`'s there may be, for [`block_text`]'s
/// comment (`optional` where none is required), and whether one is.
fn block_count(spec: &Spec) -> (String, bool) {
    let (count, required) = match spec {
        Spec::Block(b) => ("a block".to_string(), b.required),
        Spec::BlockAttrs(b) => ("a block of attributes".to_string(), b.required),
        Spec::BlockList(c) | Spec::BlockSet(c) | Spec::BlockTuple(c) => {
            let mut s = "blocks".to_string();
            if c.min_items > 0 {
                s.push_str(&format!(", at least {}", c.min_items));
            }
            if c.max_items > 0 {
                s.push_str(&format!(", at most {}", c.max_items));
            }
            (s, c.min_items > 0)
        }
        Spec::Object(_)
        | Spec::Tuple(_)
        | Spec::Attr(_)
        | Spec::Literal(_)
        | Spec::Expr(_)
        | Spec::BlockMap(_)
        | Spec::BlockObject(_)
        | Spec::BlockLabel(_)
        | Spec::Default(_)
        | Spec::Transform(_)
        | Spec::Validate(_) => ("blocks, one per label".to_string(), false),
    };
    let count = if required || count.contains("at least") {
        count
    } else {
        format!("{count}, optional")
    };
    (count, required)
}

/// A block spec's example block: its description and how many there may
/// be as comments, then the block (commented out when none is required).
fn block_text(out: &mut String, spec: &Spec) {
    let Some(type_name) = spec.block_type_name() else {
        return;
    };
    if let Some(d) = spec.description() {
        comment(out, d);
    }
    let (count, required) = block_count(spec);
    let mut header = type_name.to_string();
    let mut labels: Vec<String> = spec.map_labels().to_vec();
    let mut choices = Vec::new();
    let mut body_spec = spec.nested();
    if let Some(nested) = spec.nested() {
        let mut own: Vec<&BlockLabelSpec> = Vec::new();
        nested.for_each_same_body(&mut |s| {
            if let Spec::BlockLabel(l) = s {
                own.push(l);
            }
        });
        own.sort_by_key(|l| l.index);
        own.dedup_by_key(|l| l.index);
        for l in own {
            match l.variants.as_deref() {
                Some([(first, variant), rest @ ..]) => {
                    labels.push(first.clone());
                    let mut names: Vec<String> = vec![quote(first)];
                    names.extend(rest.iter().map(|(n, _)| quote(n)));
                    choices.push(format!("{}: one of {}", l.name, names.join(", ")));
                    body_spec = Some(variant);
                }
                _ => labels.push(l.name.clone()),
            }
        }
    }
    comment(out, &count);
    for c in &choices {
        comment(out, c);
    }
    for l in &labels {
        header.push(' ');
        header.push_str(&quote(l));
    }
    let mut block = format!("{header} {{\n");
    if let Spec::BlockAttrs(b) = spec {
        let _ = writeln!(block, "  # name = {}", placeholder(&b.element_type, None));
    } else {
        if let Some(body) = body_spec {
            let mut inner = String::new();
            write_body(&mut inner, body);
            for line in inner.lines() {
                if line.is_empty() {
                    block.push('\n');
                } else {
                    let _ = writeln!(block, "  {line}");
                }
            }
        }
    }
    block.push_str("}\n");
    if required {
        out.push_str(&block);
    } else {
        for line in block.lines() {
            if line.is_empty() {
                out.push_str("#\n");
            } else {
                let _ = writeln!(out, "# {line}");
            }
        }
    }
}

/// The names a constraint allows, where it names them.
fn one_of(c: &ValueConstraint) -> Option<&[String]> {
    match c {
        ValueConstraint::OneOf(names) => Some(names),
        ValueConstraint::NonNull(inner) => one_of(inner),
        _ => None,
    }
}

fn quote(s: &str) -> String {
    Value::string(s)
        .to_hcl()
        .unwrap_or_else(|| format!("{s:?}"))
}

/// A value of type `ty` (within `constraint`, where it says more) to
/// stand where the user writes theirs.
fn placeholder(ty: &Type, constraint: Option<&ValueConstraint>) -> String {
    match constraint {
        Some(ValueConstraint::NonNull(inner)) => return placeholder(ty, Some(inner)),
        Some(ValueConstraint::OneOf(names)) if !names.is_empty() => return quote(&names[0]),
        Some(ValueConstraint::Integer { min, max }) => {
            return (0i128).clamp(*min, *max).to_string();
        }
        Some(ValueConstraint::Object {
            attrs, optional, ..
        }) => {
            let fields: Vec<String> = attrs
                .iter()
                .filter(|(n, _)| !optional.contains(n))
                .map(|(n, c)| format!("{n} = {}", placeholder(&c.ty(), Some(c))))
                .collect();
            return object_text(&fields);
        }
        _ => {}
    }
    match ty {
        Type::String => "\"\"".to_string(),
        Type::Number => "0".to_string(),
        Type::Bool => "false".to_string(),
        Type::List(_) | Type::Set(_) => "[]".to_string(),
        Type::Map(_) => "{}".to_string(),
        Type::Tuple(elems) => {
            let items: Vec<String> = elems.iter().map(|t| placeholder(t, None)).collect();
            format!("[{}]", items.join(", "))
        }
        Type::Object(o) => {
            let fields: Vec<String> = o
                .attrs()
                .iter()
                .map(|(n, t)| format!("{n} = {}", placeholder(t, None)))
                .collect();
            object_text(&fields)
        }
        Type::Dynamic => "null".to_string(),
    }
}

/// An object literal of `name = value` fields on one line (`{}` for none).
fn object_text(fields: &[String]) -> String {
    if fields.is_empty() {
        "{}".to_string()
    } else {
        format!("{{ {} }}", fields.join(", "))
    }
}
