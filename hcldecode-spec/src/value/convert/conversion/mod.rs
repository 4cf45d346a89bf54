//! Conversion plans: cty's `getConversion` closures as a tree of nodes;
//! converting a value with one, and cty's `convert.MismatchMessage` where
//! there is none (the message itself is the static layer's,
//! `crate::type_mismatch`).

use std::sync::Arc;

use super::ConvertError;
use super::plan::{Conv, ConvRef, Kind};

// Unification is part of planning conversions: a tuple becomes a list of
// its unified element type, and unifying asks which conversions exist (cty
// keeps both in one package).
pub(super) mod unify;
use crate::types::{ObjectType, Type};
use crate::value::{Number, Path, PathStep, Value, ValueRef};
use unify::unify;

impl Conv {
    /// cty's `getConversion(in, out, unsafe)` (an associated function of
    /// the plan it makes, which unification, a child module, also asks
    /// for).
    pub(super) fn get(from: &Type, to: &Type, unsafe_: bool) -> Option<ConvRef> {
        let kind = get_known(from, to, unsafe_)?;
        Some(Arc::new(Conv {
            out: to.clone(),
            kind,
        }))
    }
}

/// Converts `v` to type `want` (cty `convert.Convert`): the value itself
/// when it already has that type, otherwise a safe or unsafe conversion.
/// Nulls and unknowns convert to nulls and unknowns of the target type.
pub fn convert(v: &Value, want: &Type) -> Result<Value, ConvertError> {
    // Anything converts to the dynamic type unchanged (the plan's
    // passthrough), as most function parameters take their arguments.
    if let Type::Dynamic = want {
        return Ok(v.clone());
    }
    if v.ty() == want {
        return Ok(v.clone());
    }
    if let Some(r) = primitive_fast_path(v, want) {
        return r;
    }
    if let Some(r) = collection_fast_path(v, want) {
        return Ok(r);
    }
    match Conv::get(v.ty(), want, true) {
        Some(c) => c.run(v, &mut Path::default()),
        None => Err(ConvertError {
            path: Path::default(),
            message: mismatch_message(v.ty(), want),
        }),
    }
}

/// The conversions decoding does most (a tuple literal to a list, an
/// object literal to a map, nested), done without planning when every
/// element is known, not null, and converts to exactly the element type
/// (so the general path would give the same value: no unification, no
/// element type inferred from anything else). `None`: take the general
/// path.
fn collection_fast_path(v: &Value, want: &Type) -> Option<Value> {
    match (v.view(), want) {
        (ValueRef::Tuple(elems), Type::List(ety)) => {
            let mut out = Vec::with_capacity(elems.len());
            for e in elems {
                out.push(fast_element(e, ety)?);
            }
            Some(Value::list_of_type(want.clone(), out))
        }
        (ValueRef::Object(oty, vals), Type::Map(ety)) => {
            let mut out = Vec::with_capacity(vals.len());
            for ((k, _), e) in oty.attrs().iter().zip(vals) {
                out.push((k.clone(), fast_element(e, ety)?));
            }
            // Object attributes are NFC names in byte order, as map keys.
            Some(Value::map_of_type(want.clone(), out))
        }
        _ => None,
    }
}

fn fast_element(e: &Value, ety: &Type) -> Option<Value> {
    if !e.is_known() || e.is_null() || ety.is_dynamic() {
        return None;
    }
    if e.ty() == ety {
        return Some(e.clone());
    }
    let c = match primitive_fast_path(e, ety) {
        Some(r) => r.ok()?,
        None => collection_fast_path(e, ety)?,
    };
    (c.ty() == ety).then_some(c)
}

/// Explains why a value of type `got` cannot convert to `want`, in cty's
/// words (`convert.MismatchMessage`): `string required`, `attribute "a" is
/// required`, `incorrect list element type: number required`, ... Where cty
/// depends on Go map order (several mismatched attributes), attributes are
/// taken in name order.
///
/// ```
/// use hcldecode_spec::types::Type;
/// use hcldecode_spec::value::convert::mismatch_message;
/// let want = Type::object([("a", Type::String), ("b", Type::Bool)]);
/// assert_eq!(mismatch_message(&Type::empty_object(), &want), r#"attributes "a" and "b" are required"#);
/// ```
pub fn mismatch_message(got: &Type, want: &Type) -> String {
    crate::type_mismatch::mismatch_message(got, want, &|from, to, unsafe_| {
        Conv::get(from, to, unsafe_).is_some()
    })
}

/// Direct primitive conversions for [`convert`], without planning.
pub(super) fn primitive_fast_path(v: &Value, want: &Type) -> Option<Result<Value, ConvertError>> {
    if !v.is_known() || v.is_null() || !want.is_primitive() {
        return None;
    }
    let path = Path::default();
    Some(match (v.view(), want) {
        (ValueRef::Number(n), Type::String) => Ok(number_to_string(n)),
        (ValueRef::Bool(b), Type::String) => Ok(bool_to_string(b)),
        (ValueRef::String(s), Type::Number) => string_to_number(s, &path),
        (ValueRef::String(s), Type::Bool) => string_to_bool(s, &path),
        _ => return None,
    })
}

fn number_to_string(n: &Number) -> Value {
    Value::string(n.to_string())
}

fn bool_to_string(b: bool) -> Value {
    Value::string(if b { "true" } else { "false" })
}

fn string_to_number(s: &str, path: &Path) -> Result<Value, ConvertError> {
    match Number::parse(s) {
        Ok(n) => Ok(Value::number(n)),
        Err(e @ crate::value::NumberError::TooLong) => Err(ConvertError::new(path, e.to_string())),
        Err(_) => Err(ConvertError::new(path, "a number is required")),
    }
}

fn string_to_bool(s: &str, path: &Path) -> Result<Value, ConvertError> {
    match s {
        "true" | "1" => Ok(Value::bool(true)),
        "false" | "0" => Ok(Value::bool(false)),
        _ => {
            let msg = match s.to_lowercase().as_str() {
                "true" => "a bool is required; to convert from string, use lowercase \"true\"",
                "false" => "a bool is required; to convert from string, use lowercase \"false\"",
                _ => "a bool is required",
            };
            Err(ConvertError::new(path, msg))
        }
    }
}

fn get_known(from: &Type, to: &Type, unsafe_: bool) -> Option<Kind> {
    match (from, to) {
        (_, Type::Dynamic) => Some(Kind::Passthrough),
        (Type::Dynamic, _) if unsafe_ => Some(Kind::DynamicFixup(to.clone())),
        _ if from.is_primitive() && to.is_primitive() => match (from, to) {
            (Type::Number, Type::String) => Some(Kind::NumberToString),
            (Type::Bool, Type::String) => Some(Kind::BoolToString),
            (Type::String, Type::Number) if unsafe_ => Some(Kind::StringToNumber),
            (Type::String, Type::Bool) if unsafe_ => Some(Kind::StringToBool),
            // cty has no entry for identical primitive types.
            _ => None,
        },
        (Type::Object(fo), Type::Object(to_o)) => object_to_object(fo, to_o, unsafe_),
        (Type::Tuple(fe), Type::Tuple(te)) => {
            if fe.len() != te.len() {
                return None;
            }
            let mut convs = Vec::with_capacity(te.len());
            for (f, t) in fe.iter().zip(te.iter()) {
                convs.push(if f == t {
                    None
                } else {
                    Some(Conv::get(f, t, unsafe_)?)
                });
            }
            Some(Kind::TupleToTuple(convs.into()))
        }
        (Type::List(fe) | Type::Set(fe), Type::List(te)) => {
            let conv = if fe == te {
                None
            } else {
                Some(Conv::get(fe, te, unsafe_)?)
            };
            Some(Kind::CollectionToList {
                ety: (**te).clone(),
                conv,
            })
        }
        (Type::List(fe) | Type::Set(fe), Type::Set(te)) => {
            if matches!(from, Type::List(_)) && !unsafe_ {
                return None;
            }
            let conv = if fe == te {
                None
            } else {
                Some(Conv::get(fe, te, unsafe_)?)
            };
            Some(Kind::CollectionToSet {
                ety: (**te).clone(),
                conv,
            })
        }
        (Type::Map(fe), Type::Map(te)) => {
            // cty asks for an element conversion even for equal types, and
            // primitives have none to themselves.
            let conv = Conv::get(fe, te, unsafe_)?;
            Some(Kind::CollectionToMap {
                ety: (**te).clone(),
                conv: Some(conv),
            })
        }
        (Type::Tuple(fe), Type::List(te)) => tuple_to_list(fe, te, unsafe_),
        (Type::Tuple(fe), Type::Set(te)) => tuple_to_set(fe, te, unsafe_),
        (Type::Object(fo), Type::Map(te)) => object_to_map(fo, te, unsafe_),
        (Type::Map(fe), Type::Object(to_o)) => {
            if !unsafe_ {
                return None;
            }
            let mut convs = Vec::with_capacity(to_o.len());
            for (_, aty) in to_o.attrs() {
                convs.push(if aty == &**fe {
                    None
                } else {
                    Some(Conv::get(fe, aty, unsafe_)?)
                });
            }
            Some(Kind::MapToObject {
                out: to_o.clone(),
                convs: convs.into(),
            })
        }
        _ => None,
    }
}

fn object_to_object(from: &ObjectType, to: &Arc<ObjectType>, unsafe_: bool) -> Option<Kind> {
    let mut attrs = Vec::with_capacity(to.len());
    for (name, out_ty) in to.attrs() {
        let idx = from.index_of(name)?;
        let in_ty = &from.attrs()[idx].1;
        let conv = if in_ty == out_ty {
            None
        } else {
            Some(Conv::get(in_ty, out_ty, unsafe_)?)
        };
        attrs.push((idx, conv));
    }
    Some(Kind::ObjectToObject {
        out: to.clone(),
        attrs: attrs.into(),
        out_has_dynamic: to.attrs().iter().any(|(_, t)| t.has_dynamic_types()),
    })
}

fn tuple_to_list(etys: &[Type], list_ety: &Type, unsafe_: bool) -> Option<Kind> {
    if etys.is_empty() {
        return Some(Kind::TupleToListEmpty(list_ety.clone()));
    }
    let convs = tuple_elem_convs(etys, list_ety, unsafe_)?;
    Some(Kind::TupleToList { convs, unsafe_ })
}

fn tuple_to_set(etys: &[Type], set_ety: &Type, unsafe_: bool) -> Option<Kind> {
    if etys.is_empty() {
        return Some(Kind::TupleToSetEmpty(set_ety.clone()));
    }
    let convs = tuple_elem_convs(etys, set_ety, unsafe_)?;
    Some(Kind::TupleToSet(convs))
}

/// Element conversions of cty's `conversionTupleToList/Set`, unifying the
/// element types when the target element type is dynamic.
fn tuple_elem_convs(etys: &[Type], ety: &Type, unsafe_: bool) -> Option<Box<[Option<ConvRef>]>> {
    let unified;
    let ety = if ety.is_dynamic() {
        unified = unify(etys, unsafe_)?.0;
        if unified.is_dynamic() && etys.iter().any(|t| !t.is_dynamic()) {
            return None;
        }
        &unified
    } else {
        ety
    };
    let mut convs = Vec::with_capacity(etys.len());
    for t in etys {
        convs.push(if t == ety {
            None
        } else {
            Some(Conv::get(t, ety, unsafe_)?)
        });
    }
    Some(convs.into())
}

fn object_to_map(from: &ObjectType, map_ety: &Type, unsafe_: bool) -> Option<Kind> {
    if from.is_empty() {
        return Some(Kind::ObjectToMapEmpty(map_ety.clone()));
    }
    let unified;
    let ety = if map_ety.is_dynamic() {
        let atys: Vec<Type> = from.attrs().iter().map(|(_, t)| t.clone()).collect();
        unified = unify(&atys, unsafe_)?.0;
        &unified
    } else {
        map_ety
    };
    let mut convs = Vec::with_capacity(from.len());
    for (_, aty) in from.attrs() {
        convs.push(if aty == ety {
            None
        } else {
            Some(Conv::get(aty, ety, unsafe_)?)
        });
    }
    Some(Kind::ObjectToMap {
        ety: ety.clone(),
        convs: convs.into(),
        unsafe_,
    })
}

/// cty's `dynamicReplace(in, out)`: the type a null or unknown input of
/// type `from` gets when converted to `to`.
pub(super) fn dynamic_replace(from: &Type, to: &Type) -> Type {
    if from.is_dynamic() {
        return to.clone();
    }
    match to {
        Type::Dynamic => from.clone(),
        Type::Bool | Type::Number | Type::String => to.clone(),
        Type::Map(oe) => {
            let ety = match from {
                Type::Map(ie) => dynamic_replace(ie, oe),
                Type::Object(o) => {
                    let types: Vec<Type> = o.attrs().iter().map(|(_, t)| t.clone()).collect();
                    match unify(&types, true) {
                        Some((u, _)) => dynamic_replace(&u, oe),
                        None => (**oe).clone(),
                    }
                }
                _ => (**oe).clone(),
            };
            Type::map(ety)
        }
        Type::Object(oo) => {
            let attrs: Vec<(Arc<str>, Type)> = oo
                .attrs()
                .iter()
                .map(|(name, aty)| {
                    let t = match from {
                        Type::Map(ie) => dynamic_replace(ie, aty),
                        Type::Object(io) => match io.get(name) {
                            Some(it) => dynamic_replace(it, aty),
                            None => aty.clone(),
                        },
                        _ => aty.clone(),
                    };
                    (name.clone(), t)
                })
                .collect();
            Type::Object(Arc::new(ObjectType::from_sorted(attrs)))
        }
        Type::Set(oe) | Type::List(oe) => {
            let ety = match from {
                Type::Set(ie) | Type::List(ie) => dynamic_replace(ie, oe),
                Type::Tuple(ts) => match unify(ts, true) {
                    Some((u, _)) => dynamic_replace(&u, oe),
                    None => (**oe).clone(),
                },
                _ => (**oe).clone(),
            };
            if matches!(to, Type::Set(_)) {
                Type::set(ety)
            } else {
                Type::list(ety)
            }
        }
        Type::Tuple(ots) => match from {
            Type::Tuple(its) if its.len() == ots.len() => Type::Tuple(
                its.iter()
                    .zip(ots.iter())
                    .map(|(i, o)| dynamic_replace(i, o))
                    .collect(),
            ),
            _ => to.clone(),
        },
    }
}

impl Conv {
    /// Runs the conversion on `v` (of the planned input type), `path`
    /// locating `v` for error messages.
    pub(super) fn run(&self, v: &Value, path: &mut Path) -> Result<Value, ConvertError> {
        if self.out.is_dynamic() {
            return Ok(v.clone());
        }
        if !v.is_known() {
            return Ok(Value::unknown(dynamic_replace(v.ty(), &self.out)));
        }
        if v.is_null() {
            return Ok(Value::null(dynamic_replace(v.ty(), &self.out)));
        }
        self.kind.run(v, path)
    }
}

fn run_opt(conv: &Option<ConvRef>, v: &Value, path: &mut Path) -> Result<Value, ConvertError> {
    match conv {
        Some(c) => c.run(v, path),
        None => Ok(v.clone()),
    }
}

/// Runs `f` with `step` pushed on `path`.
fn with_step<T>(path: &mut Path, step: PathStep, f: impl FnOnce(&mut Path) -> T) -> T {
    path.push(step);
    let r = f(path);
    path.pop();
    r
}

fn index_step(i: usize) -> PathStep {
    PathStep::Index(Value::int(i as i64))
}

fn key_step(k: &Arc<str>) -> PathStep {
    PathStep::Index(Value::string_arc(k.clone()))
}

/// Elements of a known list, set or tuple (empty for anything else).
fn elems_of(v: &Value) -> &[Value] {
    v.elements().unwrap_or(&[])
}

impl Kind {
    fn run(&self, v: &Value, path: &mut Path) -> Result<Value, ConvertError> {
        match self {
            Kind::Passthrough => Ok(v.clone()),
            Kind::DynamicFixup(want) => convert(v, want).map_err(|e| ConvertError {
                path: path.join(&e.path),
                message: e.message,
            }),
            Kind::NumberToString => match v.as_number() {
                Some(n) => Ok(number_to_string(n)),
                None => convert(v, &Type::String),
            },
            Kind::BoolToString => match v.as_bool() {
                Some(b) => Ok(bool_to_string(b)),
                None => convert(v, &Type::String),
            },
            Kind::StringToNumber => match v.as_str() {
                Some(s) => string_to_number(s, path),
                None => convert(v, &Type::Number),
            },
            Kind::StringToBool => match v.as_str() {
                Some(s) => string_to_bool(s, path),
                None => convert(v, &Type::Bool),
            },
            Kind::ObjectToObject {
                out,
                attrs,
                out_has_dynamic,
            } => run_object_to_object(v, out, attrs, *out_has_dynamic, path),
            Kind::TupleToTuple(convs) => {
                let elems = elems_of(v);
                let mut out = Vec::with_capacity(convs.len());
                for (i, (e, conv)) in elems.iter().zip(convs.iter()).enumerate() {
                    out.push(with_step(path, index_step(i), |p| run_opt(conv, e, p))?);
                }
                Ok(Value::tuple(out))
            }
            Kind::CollectionToList { ety, conv } => run_collection_to_list(v, ety, conv, path),
            Kind::CollectionToSet { ety, conv } => run_collection_to_set(v, ety, conv, path),
            Kind::CollectionToMap { ety, conv } => run_collection_to_map(v, ety, conv, path),
            Kind::TupleToListEmpty(ety) => Ok(Value::list_empty(ety.clone())),
            Kind::TupleToSetEmpty(ety) => Ok(Value::set_empty(ety.clone())),
            Kind::TupleToList { convs, unsafe_ } => run_tuple_to_list(v, convs, *unsafe_, path),
            Kind::TupleToSet(convs) => {
                let elems = elems_of(v);
                let mut out = Vec::with_capacity(elems.len());
                for (i, (e, conv)) in elems.iter().zip(convs.iter()).enumerate() {
                    out.push(with_step(path, index_step(i), |p| run_opt(conv, e, p))?);
                }
                Value::set_infer(out).ok_or_else(|| {
                    ConvertError::new(path, "element types must all match for conversion to set")
                })
            }
            Kind::ObjectToMapEmpty(ety) => Ok(Value::map_empty(ety.clone())),
            Kind::ObjectToMap {
                ety,
                convs,
                unsafe_,
            } => run_object_to_map(v, ety, convs, *unsafe_, path),
            Kind::MapToObject { out, convs } => run_map_to_object(v, out, convs, path),
        }
    }
}

/// A list, set or map to a list of `ety` (dynamic: the input's element
/// type), each element converted by `conv`.
fn run_collection_to_list(
    v: &Value,
    ety: &Type,
    conv: &Option<ConvRef>,
    path: &mut Path,
) -> Result<Value, ConvertError> {
    let in_ety = v.ty().element_type().cloned().unwrap_or(Type::Dynamic);
    if v.length().is_some_and(|l| !l.is_known()) {
        return Ok(Value::unknown(Type::list(in_ety)));
    }
    let elems = convert_elems(elems_of(v), conv, path)?;
    if elems.is_empty() {
        return Ok(Value::list_empty(if ety.is_dynamic() {
            in_ety
        } else {
            ety.clone()
        }));
    }
    Value::list_infer(elems).ok_or_else(|| {
        ConvertError::new(path, "element types must all match for conversion to list")
    })
}

/// A list, set or map to a set of `ety` (dynamic: the input's element
/// type), each element converted by `conv`.
fn run_collection_to_set(
    v: &Value,
    ety: &Type,
    conv: &Option<ConvRef>,
    path: &mut Path,
) -> Result<Value, ConvertError> {
    let in_ety = v.ty().element_type().cloned().unwrap_or(Type::Dynamic);
    let elems = convert_elems(elems_of(v), conv, path)?;
    if elems.is_empty() {
        return Ok(Value::set_empty(if ety.is_dynamic() {
            in_ety
        } else {
            ety.clone()
        }));
    }
    Value::set_infer(elems).ok_or_else(|| {
        ConvertError::new(path, "element types must all match for conversion to set")
    })
}

/// A non-empty tuple to a list: each element converted by its conversion,
/// then the results unified to one element type.
fn run_tuple_to_list(
    v: &Value,
    convs: &[Option<ConvRef>],
    unsafe_: bool,
    path: &mut Path,
) -> Result<Value, ConvertError> {
    let elems = elems_of(v);
    let mut out = Vec::with_capacity(elems.len());
    for (i, (e, conv)) in elems.iter().zip(convs.iter()).enumerate() {
        out.push(with_step(path, index_step(i), |p| run_opt(conv, e, p))?);
    }
    // cty passes the path of the last element here.
    path.push(index_step(elems.len().saturating_sub(1)));
    let unified = unify_list_elements(out, path, unsafe_);
    path.pop();
    Value::list_infer(unified?).ok_or_else(|| {
        ConvertError::new(path, "element types must all match for conversion to list")
    })
}

/// An object to an object type: each wanted attribute converted.
fn run_object_to_object(
    v: &Value,
    out: &Arc<ObjectType>,
    attrs: &[(usize, Option<ConvRef>)],
    out_has_dynamic: bool,
    path: &mut Path,
) -> Result<Value, ConvertError> {
    let in_ty = v.ty().object_type();
    let in_vals = v.object_values().unwrap_or(&[]);
    let mut vals = Vec::with_capacity(attrs.len());
    for ((name, _), (idx, conv)) in out.attrs().iter().zip(attrs.iter()) {
        let av = match in_vals.get(*idx) {
            Some(av) => av,
            None => continue,
        };
        let cv = with_step(path, PathStep::GetAttr(name.clone()), |p| {
            run_opt(conv, av, p)
        })?;
        vals.push(cv);
    }
    if vals.len() != attrs.len() || in_ty.is_none() {
        return Err(ConvertError::new(path, "object required"));
    }
    Ok(make_object(out, vals, out_has_dynamic))
}

/// A list, set or map to a map type.
fn run_collection_to_map(
    v: &Value,
    ety: &Type,
    conv: &Option<ConvRef>,
    path: &mut Path,
) -> Result<Value, ConvertError> {
    let in_ety = v.ty().element_type().cloned().unwrap_or(Type::Dynamic);
    let entries = v.map_entries().unwrap_or(&[]);
    let mut out = Vec::with_capacity(entries.len());
    for (k, e) in entries {
        let cv = with_step(path, key_step(k), |p| run_opt(conv, e, p))?;
        out.push((k.clone(), cv));
    }
    if out.is_empty() {
        return Ok(Value::map_empty(if ety.is_dynamic() {
            in_ety
        } else {
            ety.clone()
        }));
    }
    if ety.is_collection() || ety.is_object() {
        out = unify_map_elements(out, path, false)?;
    }
    Value::map_infer(out).ok_or_else(|| {
        ConvertError::new(path, "element types must all match for conversion to map")
    })
}

/// An object to a map type, its attributes unified.
fn run_object_to_map(
    v: &Value,
    ety: &Type,
    convs: &[Option<ConvRef>],
    unsafe_: bool,
    path: &mut Path,
) -> Result<Value, ConvertError> {
    let mut out = Vec::with_capacity(convs.len());
    if let Some(entries) = v.entries() {
        for ((k, e), conv) in entries.zip(convs.iter()) {
            let cv = with_step(path, key_step(k), |p| run_opt(conv, e, p))?;
            out.push((k.clone(), cv));
        }
    }
    if ety.is_collection() || ety.is_object() {
        out = unify_map_elements(out, path, unsafe_)?;
    }
    Value::map_infer(out).ok_or_else(|| {
        ConvertError::new(path, "attribute types must all match for conversion to map")
    })
}

/// A map to an object type: every attribute must have an element.
fn run_map_to_object(
    v: &Value,
    out: &Arc<ObjectType>,
    convs: &[Option<ConvRef>],
    path: &mut Path,
) -> Result<Value, ConvertError> {
    let entries = v.map_entries().unwrap_or(&[]);
    let mut vals: Vec<Option<Value>> = vec![None; out.len()];
    for (k, e) in entries {
        let Some(idx) = out.index_of(k) else { continue };
        let cv = with_step(path, key_step(k), |p| run_opt(&convs[idx], e, p))?;
        vals[idx] = Some(cv);
    }
    let mut done = Vec::with_capacity(out.len());
    for ((name, _), v) in out.attrs().iter().zip(vals) {
        match v {
            Some(v) => done.push(v),
            None => {
                return Err(ConvertError::new(
                    path,
                    format!(
                        "map has no element for required attribute {}",
                        crate::value::gofmt::quote(name)
                    ),
                ));
            }
        }
    }
    Ok(make_object(out, done, true))
}

fn convert_elems(
    elems: &[Value],
    conv: &Option<ConvRef>,
    path: &mut Path,
) -> Result<Vec<Value>, ConvertError> {
    match conv {
        None => Ok(elems.to_vec()),
        Some(c) => {
            let mut out = Vec::with_capacity(elems.len());
            for (i, e) in elems.iter().enumerate() {
                out.push(with_step(path, index_step(i), |p| c.run(e, p))?);
            }
            Ok(out)
        }
    }
}

/// An object of the attribute values `vals` (in the order of `ty`'s
/// attributes). cty's `ObjectVal` takes the types from the values, which
/// differ from `ty` only where `ty` has dynamic parts.
fn make_object(ty: &Arc<ObjectType>, vals: Vec<Value>, may_differ: bool) -> Value {
    if !may_differ || ty.attrs().iter().zip(&vals).all(|((_, t), v)| v.ty() == t) {
        return Value::object_with_type(ty.clone(), vals);
    }
    let attrs: Vec<(Arc<str>, Type)> = ty
        .attrs()
        .iter()
        .zip(&vals)
        .map(|((n, _), v)| (n.clone(), v.ty().clone()))
        .collect();
    Value::object_with_type(Arc::new(ObjectType::from_sorted(attrs)), vals)
}

/// cty's `conversionUnifyCollectionElements`.
fn unify_map_elements(
    elems: Vec<(Arc<str>, Value)>,
    path: &mut Path,
    unsafe_: bool,
) -> Result<Vec<(Arc<str>, Value)>, ConvertError> {
    let types: Vec<Type> = elems.iter().map(|(_, v)| v.ty().clone()).collect();
    let Some((unified, _)) = unify(&types, unsafe_) else {
        return Err(ConvertError::new(
            path,
            "cannot find a common base type for all elements",
        ));
    };
    let mut out = Vec::with_capacity(elems.len());
    for (k, e) in elems {
        if e.ty() == &unified {
            out.push((k, e));
            continue;
        }
        let cv = with_step(path, key_step(&k), |p| convert_to(&e, &unified, p, unsafe_))?;
        out.push((k, cv));
    }
    Ok(out)
}

/// cty's `conversionUnifyListElements`.
fn unify_list_elements(
    elems: Vec<Value>,
    path: &mut Path,
    unsafe_: bool,
) -> Result<Vec<Value>, ConvertError> {
    let types: Vec<Type> = elems.iter().map(|v| v.ty().clone()).collect();
    let Some((unified, _)) = unify(&types, unsafe_) else {
        return Err(ConvertError::new(
            path,
            "cannot find a common base type for all elements",
        ));
    };
    let mut out = Vec::with_capacity(elems.len());
    for (i, e) in elems.into_iter().enumerate() {
        if e.ty() == &unified {
            out.push(e);
            continue;
        }
        out.push(with_step(path, index_step(i), |p| {
            convert_to(&e, &unified, p, unsafe_)
        })?);
    }
    Ok(out)
}

fn convert_to(v: &Value, to: &Type, path: &mut Path, unsafe_: bool) -> Result<Value, ConvertError> {
    match Conv::get(v.ty(), to, unsafe_) {
        Some(c) => c.run(v, path),
        // cty calls a nil conversion here (a panic); unification guarantees
        // a conversion exists.
        None => Err(ConvertError::new(
            path,
            "cannot find a common base type for all elements",
        )),
    }
}
