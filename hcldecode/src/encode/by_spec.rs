//! A value written as the body a spec describes: the inverse of decoding
//! with that spec. Where the spec has a block (`block`, `block_list`,
//! `block_map`, `block_attrs`, ...) the value's nested object is written as
//! that block, with its labels from the `block_label` specs or the map's
//! keys; `attr` specs give attributes; an attribute whose value is its
//! `default` is left out (it reads back as the default).

use hcldecode_spec::spec::{BlockMapSpec, DefaultSpec, Spec};

use super::{BodyWriter, EncodeError, EncodeOptions, WrittenItem};
use crate::Value;
use crate::value::ValueRef;
use crate::value::convert::convert;

/// Writes `value` as the body `spec` describes (what decoding that body
/// with `spec` gives back): nested objects where the spec has blocks are
/// written as blocks.
///
/// ```
/// use hcldecode::encode::to_string_by_spec;
/// use hcldecode::spec_file::LoadedSpec;
/// use hcldecode::{Type, Value};
/// let (loaded, _) = LoadedSpec::load_file(r#"
///   object {
///     attr "name" { type = string }
///     block_map "service" {
///       labels = ["id"]
///       object {
///         attr "port" { type = number }
///       }
///     }
///     block "logging" {
///       object {
///         attr "level" { type = string }
///       }
///     }
///   }
/// "#, "spec.hcldec").unwrap();
/// let spec = loaded.spec;
/// let value = Value::object([
///     ("name", Value::string("web")),
///     ("service", Value::map(Type::Dynamic, [("http", Value::object([("port", Value::int(80))]))])),
///     ("logging", Value::object([("level", Value::string("info"))])),
/// ]);
/// assert_eq!(
///     to_string_by_spec(&value, &spec).unwrap(),
///     "name = \"web\"\n\nservice \"http\" {\n  port = 80\n}\n\nlogging {\n  level = \"info\"\n}\n",
/// );
/// ```
pub fn to_string_by_spec(value: &Value, spec: &Spec) -> Result<String, EncodeError> {
    to_string_by_spec_with(value, spec, &EncodeOptions::default())
}

/// [`to_string_by_spec`] with options.
///
/// ```
/// use hcldecode::encode::{EncodeOptions, to_string_by_spec_with};
/// use hcldecode::spec_file::LoadedSpec;
/// use hcldecode::Value;
/// let spec = LoadedSpec::load_file("attr {\n  name = \"text\"\n  type = string\n}", "s.hcldec").unwrap().0.spec;
/// let v = Value::string("a\nb\n");
/// let opts = EncodeOptions::default().with_heredocs(false);
/// assert_eq!(to_string_by_spec_with(&v, &spec, &opts).unwrap(), "text = \"a\\nb\\n\"\n");
/// ```
pub fn to_string_by_spec_with(
    value: &Value,
    spec: &Spec,
    opts: &EncodeOptions,
) -> Result<String, EncodeError> {
    body_by_spec(value, spec)?.finish_with(opts)
}

/// [`to_string_by_spec`]'s body, to add to or compare.
///
/// ```
/// use hcldecode::encode::body_by_spec;
/// use hcldecode::spec_file::LoadedSpec;
/// use hcldecode::Value;
/// let spec = LoadedSpec::load_file("block_list {\n  block_type = \"rule\"\n  object {\n    attr \"x\" { type = number }\n  }\n}", "s.hcldec").unwrap().0.spec;
/// let v = Value::tuple(vec![Value::object([("x", Value::int(1))]), Value::object([("x", Value::int(2))])]);
/// let body = body_by_spec(&v, &spec).unwrap();
/// assert_eq!(body.finish().unwrap(), "rule {\n  x = 1\n}\n\nrule {\n  x = 2\n}\n");
/// ```
pub fn body_by_spec(value: &Value, spec: &Spec) -> Result<BodyWriter, EncodeError> {
    let mut body = BodyWriter::new();
    let mut labels = Vec::new();
    write(spec, value, &mut body, &mut labels, "")?;
    Ok(body)
}

/// [`write`] of a `default` spec: nothing where the value is the
/// default's literal.
fn write_default(
    d: &DefaultSpec,
    v: &Value,
    body: &mut BodyWriter,
    labels: &mut Vec<Option<String>>,
    at: &str,
) -> Result<(), EncodeError> {
    // Absent reads back as the default.
    if let Spec::Literal(lit) = &*d.default
        && lit.value == *v
    {
        return Ok(());
    }
    write(&d.primary, v, body, labels, at)
}

/// Writes `v` as `spec` into `body`; `labels` are the labels of the block
/// whose body this is (filled by `block_label` specs); `at` names where
/// this is, for errors.
fn write(
    spec: &Spec,
    v: &Value,
    body: &mut BodyWriter,
    labels: &mut Vec<Option<String>>,
    at: &str,
) -> Result<(), EncodeError> {
    if !v.is_known() {
        return Err(EncodeError::Custom(format!(
            "{}: the value is unknown",
            place(at)
        )));
    }
    match spec {
        Spec::Object(o) => {
            if v.is_null() {
                return Ok(());
            }
            for (name, child) in &o.properties {
                let cv = property(v, name, at)?;
                write(child, &cv, body, labels, &join(at, name))?;
            }
            Ok(())
        }
        Spec::Tuple(items) => {
            if v.is_null() {
                return Ok(());
            }
            let elems = elements(v, at)?;
            for (i, child) in items.iter().enumerate() {
                let cv = elems.get(i).cloned().unwrap_or_else(dyn_null);
                write(child, &cv, body, labels, &format!("{at}[{i}]"))?;
            }
            Ok(())
        }
        Spec::Attr(a) => write_attr(&a.name, a.required, v, body, at),
        Spec::Literal(_) | Spec::Expr(_) => Ok(()),
        Spec::BlockLabel(l) => write_label(l.index, &l.name, l.variants.is_some(), v, labels, at),
        Spec::Default(d) => write_default(d, v, body, labels, at),
        Spec::Validate(x) => write(&x.wrapped, v, body, labels, at),
        Spec::Transform(_) => Err(EncodeError::Custom(format!(
            "{}: a transform spec cannot be written back (its result does not say what it was made from)",
            place(at)
        ))),
        Spec::Block(b) => {
            if !v.is_null() {
                write_block(&b.type_name, &b.nested, v, body, Vec::new(), at)?;
            }
            Ok(())
        }
        Spec::BlockList(b) | Spec::BlockTuple(b) | Spec::BlockSet(b) => {
            if v.is_null() {
                return Ok(());
            }
            let elems = elements(v, at)?;
            if elems.len() < b.min_items {
                // A set of equal blocks was counted before they merged.
                return Err(EncodeError::Custom(format!(
                    "{}: {} {:?} block(s), fewer than the {} the spec requires",
                    place(at),
                    elems.len(),
                    b.type_name,
                    b.min_items
                )));
            }
            for (i, e) in elems.iter().enumerate() {
                let at = format!("{at}[{i}]");
                write_block(&b.type_name, &b.nested, e, body, Vec::new(), &at)?;
            }
            Ok(())
        }
        Spec::BlockMap(m) | Spec::BlockObject(m) => write_map(m, v, body, Vec::new(), at),
        Spec::BlockAttrs(b) => {
            if v.is_null() {
                return Ok(());
            }
            let mut inner = BodyWriter::new();
            for (k, e) in entries(v, at)? {
                if !e.is_null() {
                    inner.attr(k, e);
                }
            }
            body.block(b.type_name.clone(), Vec::new(), inner);
            Ok(())
        }
    }
}

/// An attribute: left out when null (absent reads as null) unless the
/// spec requires it. Two properties may read one attribute (with
/// different types): it is written once, when the values agree.
fn write_attr(
    name: &str,
    required: bool,
    v: &Value,
    body: &mut BodyWriter,
    at: &str,
) -> Result<(), EncodeError> {
    let written = body.items().find_map(|i| match i {
        WrittenItem::Attr(n, w) if n == name => Some(w.clone()),
        _ => None,
    });
    if let Some(w) = written {
        let agrees = w == *v || convert(&w, v.ty()).is_ok_and(|c| c == *v);
        if agrees {
            return Ok(());
        }
        return Err(EncodeError::Custom(format!(
            "{}: attribute {name:?} is read by two properties whose values differ",
            place(at)
        )));
    }
    if !v.is_null() || required {
        body.attr(name.to_string(), v.clone());
    }
    Ok(())
}

/// A label's value, at its index among the block's labels.
fn write_label(
    index: usize,
    name: &str,
    tagged: bool,
    v: &Value,
    labels: &mut Vec<Option<String>>,
    at: &str,
) -> Result<(), EncodeError> {
    if tagged {
        return Err(EncodeError::Custom(format!(
            "{}: a block label that selects variants cannot be written back by spec",
            place(at)
        )));
    }
    let Some(s) = v.as_str() else {
        return Err(EncodeError::Custom(format!(
            "{}: label {name:?} must be a string, not {}",
            place(at),
            v.ty().friendly_name()
        )));
    };
    if labels.len() <= index {
        labels.resize(index + 1, None);
    }
    match &labels[index] {
        Some(old) if old != s => Err(EncodeError::Custom(format!(
            "{}: label {name:?} is {s:?}, but the block's key says {old:?}",
            place(at)
        ))),
        _ => {
            labels[index] = Some(s.to_string());
            Ok(())
        }
    }
}

/// One block of type `ty` whose body is `v` written as `nested`, with the
/// labels `keys` (a block map's keys) and those `nested` gives.
fn write_block(
    ty: &str,
    nested: &Spec,
    v: &Value,
    body: &mut BodyWriter,
    keys: Vec<String>,
    at: &str,
) -> Result<(), EncodeError> {
    let mut inner = BodyWriter::new();
    let mut labels: Vec<Option<String>> = keys.into_iter().map(Some).collect();
    write(nested, v, &mut inner, &mut labels, at)?;
    let want = nested.label_names().len().max(labels.len());
    labels.resize(want, None);
    let labels = labels
        .into_iter()
        .enumerate()
        .map(|(i, l)| {
            l.ok_or_else(|| {
                EncodeError::Custom(format!(
                    "{}: the block's label {} has no value",
                    place(at),
                    i + 1
                ))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    body.block(ty.to_string(), labels, inner);
    Ok(())
}

/// A block map's (or block object's) blocks: one level of keys per label.
fn write_map(
    m: &BlockMapSpec,
    v: &Value,
    body: &mut BodyWriter,
    keys: Vec<String>,
    at: &str,
) -> Result<(), EncodeError> {
    if v.is_null() {
        return Ok(());
    }
    if keys.len() == m.labels.len() {
        return write_block(&m.type_name, &m.nested, v, body, keys, at);
    }
    for (k, e) in entries(v, at)? {
        let mut next = keys.clone();
        next.push(k.clone());
        write_map(m, &e, body, next, &format!("{at}[{k:?}]"))?;
    }
    Ok(())
}

fn property(v: &Value, name: &str, at: &str) -> Result<Value, EncodeError> {
    match v.view() {
        ValueRef::Object(..) | ValueRef::Map(_) => Ok(v
            .get_attr(name)
            .or_else(|| v.map_entry_ref(name).cloned())
            .unwrap_or_else(dyn_null)),
        _ => Err(not_an_object(v, at)),
    }
}

fn entries(v: &Value, at: &str) -> Result<Vec<(String, Value)>, EncodeError> {
    match v.view() {
        ValueRef::Object(ty, vals) => Ok(ty
            .attrs()
            .iter()
            .zip(vals)
            .map(|((k, _), v)| (k.to_string(), v.clone()))
            .collect()),
        ValueRef::Map(es) => Ok(es.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()),
        _ => Err(not_an_object(v, at)),
    }
}

fn elements<'v>(v: &'v Value, at: &str) -> Result<&'v [Value], EncodeError> {
    v.elements().ok_or_else(|| {
        EncodeError::Custom(format!(
            "{}: a list or tuple is needed for blocks, not {}",
            place(at),
            v.ty().friendly_name()
        ))
    })
}

fn not_an_object(v: &Value, at: &str) -> EncodeError {
    EncodeError::Custom(format!(
        "{}: an object or map is needed, not {}",
        place(at),
        v.ty().friendly_name()
    ))
}

fn join(at: &str, name: &str) -> String {
    if at.is_empty() {
        name.to_string()
    } else {
        format!("{at}.{name}")
    }
}

fn place(at: &str) -> String {
    if at.is_empty() {
        "the value".to_string()
    } else {
        format!("at {at}")
    }
}

fn dyn_null() -> Value {
    Value::null(crate::Type::Dynamic)
}
