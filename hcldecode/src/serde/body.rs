//! Schema-free decoding into serde types, laid out as hcl-rs lays bodies
//! out: [`from_str`], [`from_path`], [`Options`].

use std::path::Path;

use ::serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess,
    VariantAccess, Visitor,
};
use hcldecode_spec::diag::render::SourceMap;
use hcldecode_spec::diag::{Diagnostic, Diagnostics};
use hcldecode_spec::source::Range;
use hcldecode_spec::syntax::body::{Body, BodyRef};
use hcldecode_spec::syntax::expr::{ExprRef, Expression, NativeExprRef};

use super::de::{Recorder, ValueDeserializer, Want, carry_on};
use crate::eval::{self, EvalContext, Limits};
use crate::parse::{self, Syntax};
use crate::typed::At;
use crate::{Decoder, Error, Value};

/// Decodes configuration text into any `T: Deserialize` without a schema,
/// as `hcl::from_str` does, but with HCL's evaluation (see [`Options`] for
/// variables and functions) and every error with its source range.
///
/// The body is laid out as hcl-rs lays it out (the HCL JSON form of the
/// body): an attribute is its value; blocks of one type are an entry named
/// for the type, nested one map level per label, ending in the block's
/// body, or, when several blocks share the type and labels, a list of their
/// bodies. That last rule makes the shape depend on how many blocks there
/// are; [`Options::block_lists`] makes it always a list.
///
/// ```
/// use serde::Deserialize;
/// use std::collections::BTreeMap;
/// #[derive(Deserialize, Debug)]
/// struct Config {
///     name: String,
///     service: BTreeMap<String, Service>,
/// }
/// #[derive(Deserialize, Debug)]
/// struct Service {
///     port: u16,
/// }
/// let src = "name = \"app\"\nservice \"web\" {\n  port = 8000 + 80\n}\n";
/// let c: Config = hcldecode::serde::from_str(src, "app.hcl").unwrap();
/// assert_eq!(c.service["web"].port, 8080);
///
/// let e = hcldecode::serde::from_str::<Config>("name = 1\nservice \"web\" {\n  port = -1\n}\n", "app.hcl").unwrap_err();
/// assert_eq!(e.diagnostics()[0].subject.as_ref().unwrap().to_string(), "app.hcl:3,10-12");
/// ```
pub fn from_str<T: DeserializeOwned>(src: &str, filename: &str) -> Result<T, Error> {
    Options::new().from_str(src, filename)
}

/// Reads a file and decodes it as [`from_str`] does (JSON syntax for names
/// ending `.json`).
///
/// ```no_run
/// #[derive(serde::Deserialize)]
/// struct Config { name: String }
/// let c: Config = hcldecode::serde::from_path("app.hcl").unwrap();
/// ```
pub fn from_path<T: DeserializeOwned>(path: impl AsRef<Path>) -> Result<T, Error> {
    Options::new().from_path(path)
}

/// Schema-free decoding with variables, functions and limits (those of a
/// [`Decoder`]) and the block layout chosen.
///
/// ```
/// use hcldecode::serde::Options;
/// use hcldecode::Decoder;
/// #[derive(serde::Deserialize, Debug)]
/// struct Config { step: Vec<Step> }
/// #[derive(serde::Deserialize, Debug)]
/// struct Step { run: String }
/// let opts = Options::new()
///     .decoder(Decoder::new().variable("target", "test"))
///     .block_lists(true);
/// // One block is a list of one body (hcl-rs gives the body itself).
/// let c: Config = opts.from_str("step {\n  run = \"make ${target}\"\n}\n", "ci.hcl").unwrap();
/// assert_eq!(c.step[0].run, "make test");
/// ```
#[derive(Clone, Debug, Default)]
pub struct Options {
    decoder: Decoder,
    block_lists: bool,
}

impl Options {
    /// No variables, no functions, hcl-rs's block layout.
    pub fn new() -> Options {
        Options::default()
    }

    /// Takes variables, functions and limits from `decoder`.
    pub fn decoder(mut self, decoder: Decoder) -> Options {
        self.decoder = decoder;
        self
    }

    /// With `true`, the bodies of blocks of one type (and labels) are
    /// always a list, however many there are; hcl-rs gives a lone block's
    /// body as an object and several as a list, so a type that works for
    /// one block fails for two.
    pub fn block_lists(mut self, yes: bool) -> Options {
        self.block_lists = yes;
        self
    }

    /// Decodes configuration text (see [`from_str`]).
    pub fn from_str<T: DeserializeOwned>(&self, src: &str, filename: &str) -> Result<T, Error> {
        let limits = self.decoder.limits_value();
        let (file, diags) =
            parse::parse_str_on(src, filename, Syntax::for_path(filename), &limits, 1);
        self.decode_file(file, diags)
    }

    /// Reads and decodes a file (see [`from_str`]).
    pub fn from_path<T: DeserializeOwned>(&self, path: impl AsRef<Path>) -> Result<T, Error> {
        let limits = self.decoder.limits_value();
        let (file, diags) = parse::parse_path_with_limits(path.as_ref(), &limits);
        match file {
            Some(f) => self.decode_file(f, diags),
            None => Err(Error::from_diagnostics(diags)),
        }
    }

    /// Decodes a body (whole-file bodies and `remain` bodies alike).
    pub fn from_body<T: DeserializeOwned>(&self, body: &Body) -> Result<T, Error> {
        let mut map = SourceMap::new();
        map.add_body(body);
        self.decode(body, Diagnostics::new(), map)
    }

    fn decode_file<T: DeserializeOwned>(
        &self,
        file: parse::File,
        diags: Diagnostics,
    ) -> Result<T, Error> {
        let mut map = SourceMap::new();
        map.add(file.source.clone(), file.blocks.clone());
        self.decode(&file.body, diags, map)
    }

    fn decode<T: DeserializeOwned>(
        &self,
        body: &Body,
        mut diags: Diagnostics,
        map: SourceMap,
    ) -> Result<T, Error> {
        if diags.has_errors() {
            return Err(Error::from_diagnostics(parse::without_cascades(diags)).with_files(map));
        }
        let limits = self.decoder.limits_value();
        let ctx = self.decoder.eval_context();
        let root = body_node(body.as_ref(), ctx, &limits, &mut diags);
        if diags.has_errors() {
            return Err(Error::from_diagnostics(diags).with_files(map));
        }
        let range = body.missing_item_range();
        let recorder = Recorder::default();
        let d = NodeDeserializer {
            node: &root,
            range: Some(&range),
            lists: self.block_lists,
            recorder: &recorder,
        };
        let r = T::deserialize(d);
        recorder.finish(r).map_err(|e| e.with_files(map))
    }
}

/// The decoder's error about the value at `keys` of the HCL file at
/// `path` (a configuration layer's finding, figment's or config's): the
/// key's value, block or body as subject, the file attached for its
/// snippet, `detail` as a sentence (first letter in upper case). Where
/// `profile` is a top-level key of the file, the keys are under it (a
/// nested figment file). `None` when the file does not parse or has no
/// such key.
pub(crate) fn error_at_key(
    path: &Path,
    profile: Option<&str>,
    keys: &[&str],
    summary: &str,
    detail: &str,
    code: hcldecode_spec::diag::Code,
) -> Option<Error> {
    let (file, diags) = parse::parse_path_with_limits(path, &crate::limits::Limits::DEFAULT);
    let file = file.filter(|_| !diags.has_errors())?;
    let range = match profile {
        Some(p) if key_range(&file.body, &[p]).is_some() => {
            let mut under = vec![p];
            under.extend_from_slice(keys);
            key_range(&file.body, &under)
        }
        _ => key_range(&file.body, keys),
    }?;
    let d = Diagnostic::error(summary, capitalized(detail))
        .with_subject(range)
        .with_code(code);
    let mut map = SourceMap::new();
    map.add_body(&file.body);
    Some(Error::new(d).with_files(map))
}

/// `s` with its first letter in upper case (layers' messages start in
/// lower case; a diagnostic's detail is a sentence).
fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Where the value at `keys` of `body`, laid out as [`from_str`] lays it
/// out, is written: an attribute's value (for keys into it too), a block's
/// definition, a label level's label, or a body (the last key of a
/// missing field: the block or file that lacks it). An index key (`"0"`)
/// picks one of several blocks of a type. For tools that name a key
/// without a position (figment's errors: [`crate::figment::locate`]).
/// Nothing is evaluated.
#[cfg_attr(not(feature = "figment"), allow(dead_code))]
pub(crate) fn key_range(body: &Body, keys: &[&str]) -> Option<Range> {
    let mut diags = Diagnostics::new();
    let root = body_node(body.as_ref(), None, &Limits::DEFAULT, &mut diags);
    let mut node = &root;
    let mut at = body.missing_item_range();
    let mut rest = keys;
    while let Some((key, tail)) = rest.split_first() {
        match node {
            Node::Map(entries) => {
                let (_, n, r) = entries.iter().find(|(k, _, _)| k == key)?;
                (node, at) = (n, r.clone());
            }
            Node::Bodies(bodies) => {
                let i: usize = key.parse().ok()?;
                let (n, r) = bodies.get(i)?;
                (node, at) = (n, r.clone());
            }
            // Keys into an attribute's value: the attribute's value.
            Node::Value(_, e) => return Some(e.range()),
        }
        rest = tail;
        // A lone block's body stands for the block: the next key is its.
        if let Node::Bodies(bodies) = node
            && bodies.len() == 1
            && rest.first().is_none_or(|k| k.parse::<usize>().is_err())
        {
            let (n, r) = &bodies[0];
            (node, at) = (n, r.clone());
        }
    }
    Some(match node {
        Node::Value(_, e) => e.range(),
        _ => at,
    })
}

/// A body laid out as hcl-rs does, with where each part came from.
enum Node {
    /// An attribute's value and expression.
    Value(Value, Expression),
    /// Named entries in source order: a body, or one label level.
    Map(Vec<(String, Node, Range)>),
    /// The bodies of the blocks of one type and labels, each with its
    /// definition range.
    Bodies(Vec<(Node, Range)>),
}

/// The tree of `body`, its expressions evaluated in `ctx` (with `limits`
/// where `ctx` sets none).
fn body_node(
    body: BodyRef<'_>,
    ctx: Option<&EvalContext>,
    limits: &Limits,
    diags: &mut Diagnostics,
) -> Node {
    let mut entries: Vec<(String, Node, Range)> = Vec::new();
    match body {
        BodyRef::Native { file, body } => {
            for (i, a) in body.attributes.iter().enumerate() {
                let Some(expr) = NativeExprRef::attribute(body, i) else {
                    continue;
                };
                let expr = ExprRef::Native { file, expr };
                let value = eval::evaluate_under(expr, ctx, limits, diags);
                let name = file.text(a.name).to_string();
                let range = file.range(a.name);
                insert(
                    &mut entries,
                    name,
                    Node::Value(value, expr.to_expression()),
                    range,
                    diags,
                );
            }
            for b in body.blocks.iter() {
                let inner = body_node(
                    BodyRef::Native {
                        file,
                        body: &b.body,
                    },
                    ctx,
                    limits,
                    diags,
                );
                let def = file.range(b.def_span());
                let mut node = Node::Bodies(vec![(inner, def.clone())]);
                for l in b.labels.iter().rev() {
                    node = Node::Map(vec![(
                        l.value.get(file).to_string(),
                        node,
                        file.range(l.span),
                    )]);
                }
                let name = file.text(b.type_name).to_string();
                insert(&mut entries, name, node, file.range(b.type_name), diags);
            }
        }
        other => {
            // JSON syntax: without a schema every property is an
            // attribute, and its value already has the nested layout.
            for a in other.just_attributes(diags) {
                let value = eval::evaluate_under(a.expr, ctx, limits, diags);
                let range = a.name_range();
                insert(
                    &mut entries,
                    a.name.to_string(),
                    Node::Value(value, a.expr.to_expression()),
                    range,
                    diags,
                );
            }
        }
    }
    Node::Map(entries)
}

/// Adds an entry, merging blocks of the same type and labels as hcl-rs
/// does; an attribute and a block of the same name is an error.
fn insert(
    entries: &mut Vec<(String, Node, Range)>,
    name: String,
    node: Node,
    range: Range,
    diags: &mut Diagnostics,
) {
    let Some(i) = entries.iter().position(|(k, _, _)| *k == name) else {
        entries.push((name, node, range));
        return;
    };
    let existing = &mut entries[i].1;
    match (existing, node) {
        (Node::Map(a), Node::Map(b)) => {
            for (k, n, r) in b {
                insert(a, k, n, r, diags);
            }
        }
        (Node::Bodies(a), Node::Bodies(b)) => a.extend(b),
        (_, _) => diags.push(
            Diagnostic::error(
                "Attribute and block of the same name",
                format!(
                    "{name:?} is both an argument and a block type here (or a block's label level and its body); without a schema they would take the same place in the decoded value."
                ),
            )
            .with_subject(range),
        ),
    }
}

impl<'a> de::IntoDeserializer<'a, Error> for NodeDeserializer<'a> {
    type Deserializer = NodeDeserializer<'a>;

    fn into_deserializer(self) -> NodeDeserializer<'a> {
        self
    }
}

#[derive(Clone, Copy)]
struct NodeDeserializer<'a> {
    node: &'a Node,
    /// Where errors about the node go.
    range: Option<&'a Range>,
    lists: bool,
    /// Where errors are recorded to carry on after them.
    recorder: &'a Recorder,
}

impl<'a> NodeDeserializer<'a> {
    fn place(&self, e: Error) -> Error {
        e.placed_at_range(self.range.cloned(), None)
    }

    /// A node deserializer of a part of this node.
    fn part(&self, node: &'a Node, range: &'a Range) -> NodeDeserializer<'a> {
        NodeDeserializer {
            node,
            range: Some(range),
            lists: self.lists,
            recorder: self.recorder,
        }
    }

    /// The value deserializer of an attribute's value.
    fn value(&self, v: &'a Value, e: &'a Expression) -> ValueDeserializer<'a> {
        ValueDeserializer::recording(v, At::expression_at(e), self.recorder)
    }

    /// A block level or blocks where `visitor` asked for `want` (a
    /// scalar, or a sequence): blocks that are a sequence are one, the
    /// rest is an error recorded before a placeholder of that kind.
    fn shaped<V: Visitor<'a>>(self, want: Want, visitor: V) -> Result<V::Value, Error> {
        let seq = matches!(self.node, Node::Bodies(b) if self.lists || b.len() != 1);
        if seq && matches!(want, Want::Seq) {
            return self.structure(visitor);
        }
        let unexpected = if seq {
            de::Unexpected::Seq
        } else {
            de::Unexpected::Map
        };
        let e = self.place(de::Error::invalid_type(unexpected, &visitor));
        carry_on(Some(self.recorder), e, want, visitor)
    }

    fn structure<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        let r = match self.node {
            Node::Value(..) => unreachable!("values are deserialized by ValueDeserializer"),
            Node::Map(entries) => visitor.visit_map(Entries {
                entries,
                next: 0,
                de: self,
            }),
            Node::Bodies(bodies) if bodies.len() == 1 && !self.lists => {
                let (b, r) = &bodies[0];
                return self.part(b, r).structure(visitor);
            }
            Node::Bodies(bodies) => visitor.visit_seq(Bodies {
                bodies,
                next: 0,
                de: self,
            }),
        };
        r.map_err(|e| self.place(e))
    }
}

// Everything but options, newtypes and enums: a value goes to the value
// deserializer, the rest is structure (or, for scalars and sequences,
// see `NodeDeserializer::shaped`).
macro_rules! forward {
    ($($m:ident($($arg:ident: $ty:ty),*) $(=> $want:ident)?;)*) => {$(
        fn $m<V: Visitor<'a>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, Error> {
            match self.node {
                Node::Value(v, e) => self.value(v, e).$m($($arg,)* visitor),
                _ => forward!(@rest self visitor $($want)?),
            }
        }
    )*};
    (@rest $s:ident $v:ident) => { $s.structure($v) };
    (@rest $s:ident $v:ident $want:ident) => { $s.shaped(Want::$want, $v) };
}

impl<'a> Deserializer<'a> for NodeDeserializer<'a> {
    type Error = Error;

    forward! {
        deserialize_any();
        deserialize_bool() => Bool;
        deserialize_i8() => Int;
        deserialize_i16() => Int;
        deserialize_i32() => Int;
        deserialize_i64() => Int;
        deserialize_i128() => Int;
        deserialize_u8() => Int;
        deserialize_u16() => Int;
        deserialize_u32() => Int;
        deserialize_u64() => Int;
        deserialize_u128() => Int;
        deserialize_f32() => Float;
        deserialize_f64() => Float;
        deserialize_char() => Char;
        deserialize_str() => Str;
        deserialize_string() => Str;
        deserialize_bytes();
        deserialize_byte_buf();
        deserialize_unit();
        deserialize_seq() => Seq;
        deserialize_map();
        deserialize_identifier();
        deserialize_ignored_any();
        deserialize_unit_struct(name: &'static str);
        deserialize_tuple(len: usize) => Seq;
        deserialize_tuple_struct(name: &'static str, len: usize) => Seq;
    }

    /// A struct, or a `serde_spanned::Spanned` (feature `serde-spanned`):
    /// the value with the byte range of the block header (type and labels,
    /// where HCL names a block) or label it came from.
    fn deserialize_struct<V: Visitor<'a>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.node {
            Node::Value(v, e) => self.value(v, e).deserialize_struct(name, fields, visitor),
            #[cfg(feature = "serde-spanned")]
            _ if serde_spanned::de::is_spanned(name) => {
                let span = self.range.map_or(0..0, |r| r.start.byte..r.end.byte);
                visitor.visit_map(serde_spanned::de::SpannedDeserializer::new(self, span))
            }
            _ => self.structure(visitor),
        }
    }

    fn deserialize_option<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.node {
            Node::Value(v, e) => self.value(v, e).deserialize_option(visitor),
            _ => visitor.visit_some(self).map_err(|e| self.place(e)),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'a>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.node {
            Node::Value(v, e) => self.value(v, e).deserialize_newtype_struct(name, visitor),
            _ => visitor
                .visit_newtype_struct(self)
                .map_err(|e| self.place(e)),
        }
    }

    fn deserialize_enum<V: Visitor<'a>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.node {
            Node::Value(v, e) => self.value(v, e).deserialize_enum(name, variants, visitor),
            // A label level of one label: the label names the variant.
            Node::Map(entries) if entries.len() == 1 => {
                let (k, n, r) = &entries[0];
                visitor
                    .visit_enum(Enum {
                        variant: k,
                        range: r,
                        inner: self.part(n, r),
                    })
                    .map_err(|e| self.place(e))
            }
            _ => Err(self.place(de::Error::invalid_type(
                de::Unexpected::Map,
                &"an enum: a label level of one label, or a string",
            ))),
        }
    }
}

struct Entries<'a> {
    entries: &'a [(String, Node, Range)],
    next: usize,
    /// The body's deserializer.
    de: NodeDeserializer<'a>,
}

impl<'a> MapAccess<'a> for Entries<'a> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'a>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some((k, _, r)) = self.entries.get(self.next) else {
            return Ok(None);
        };
        seed.deserialize(de::value::BorrowedStrDeserializer::<Error>::new(k))
            .map(Some)
            .map_err(|e| e.placed_at_range(Some(r.clone()), None))
    }

    fn next_value_seed<V: DeserializeSeed<'a>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let Some((_, n, r)) = self.entries.get(self.next) else {
            return Err(de::Error::custom(
                "a map value was asked for before its key",
            ));
        };
        self.next += 1;
        let range = match n {
            Node::Value(_, e) => e.range(),
            _ => r.clone(),
        };
        seed.deserialize(self.de.part(n, r))
            .map_err(|e| e.placed_at_range(Some(range), None))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len() - self.next)
    }
}

struct Bodies<'a> {
    bodies: &'a [(Node, Range)],
    next: usize,
    /// The blocks' deserializer.
    de: NodeDeserializer<'a>,
}

impl<'a> SeqAccess<'a> for Bodies<'a> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'a>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        let Some((b, r)) = self.bodies.get(self.next) else {
            return Ok(None);
        };
        self.next += 1;
        seed.deserialize(self.de.part(b, r))
            .map(Some)
            .map_err(|e| e.placed_at_range(Some(r.clone()), None))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.bodies.len() - self.next)
    }
}

struct Enum<'a> {
    variant: &'a str,
    range: &'a Range,
    /// The deserializer of the label level's content.
    inner: NodeDeserializer<'a>,
}

impl<'a> EnumAccess<'a> for Enum<'a> {
    type Error = Error;
    type Variant = Enum<'a>;

    fn variant_seed<V: DeserializeSeed<'a>>(self, seed: V) -> Result<(V::Value, Enum<'a>), Error> {
        let v = seed
            .deserialize(de::value::BorrowedStrDeserializer::<Error>::new(
                self.variant,
            ))
            .map_err(|e| e.placed_at_range(Some(self.range.clone()), None))?;
        Ok((v, self))
    }
}

impl<'a> VariantAccess<'a> for Enum<'a> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'a>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self.inner)
    }

    fn tuple_variant<V: Visitor<'a>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        self.inner.deserialize_seq(visitor)
    }

    fn struct_variant<V: Visitor<'a>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.inner.deserialize_map(visitor)
    }
}
