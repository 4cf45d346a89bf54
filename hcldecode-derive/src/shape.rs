//! What the derive can tell about a field's Rust type from its syntax: the
//! HCL type it decodes from, for the compile-time spec and the checks of
//! `type = "..."` and `check_spec`. Types it does not know (user types,
//! generics, aliases) are `Unknown` and pass every check; the trait bounds
//! of the generated code check them.

use hcldecode_spec::spec::field::BlockShape;
use hcldecode_spec::types::Type;
use syn::{GenericArgument, PathArguments, Type as RType};

#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    String,
    Bool,
    Number,
    /// `hcldecode::Value`.
    Any,
    /// `hcldecode::Expression`.
    Expression,
    Option(Box<Shape>),
    List(Box<Shape>),
    Set(Box<Shape>),
    Map(Box<Shape>),
    Tuple(Vec<Shape>),
    Unknown,
}

fn args(seg: &syn::PathSegment) -> Vec<&RType> {
    match &seg.arguments {
        PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .filter_map(|g| match g {
                GenericArgument::Type(t) => Some(t),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// Whether a type is `String` (by its last path segment).
pub fn is_string(ty: &RType) -> bool {
    match ty {
        RType::Path(p) if p.qself.is_none() => p.path.segments.last().is_some_and(|s| {
            (s.ident == "String" && s.arguments.is_none())
                // `Spanned<String>`: a label with its range.
                || (s.ident == "Spanned" && matches!(args(s).as_slice(), [t] if is_string(t)))
        }),
        RType::Group(g) => is_string(&g.elem),
        RType::Paren(p) => is_string(&p.elem),
        _ => false,
    }
}

pub fn shape(ty: &RType) -> Shape {
    match ty {
        RType::Group(g) => shape(&g.elem),
        RType::Paren(p) => shape(&p.elem),
        RType::Array(a) => Shape::List(Box::new(shape(&a.elem))),
        RType::Tuple(t) if t.elems.is_empty() => Shape::Unknown,
        RType::Tuple(t) => Shape::Tuple(t.elems.iter().map(shape).collect()),
        RType::Path(p) if p.qself.is_none() => {
            let Some(seg) = p.path.segments.last() else {
                return Shape::Unknown;
            };
            let a = args(seg);
            let one = |f: fn(Box<Shape>) -> Shape| match a.as_slice() {
                [t] => f(Box::new(shape(t))),
                _ => Shape::Unknown,
            };
            match seg.ident.to_string().as_str() {
                "String" | "PathBuf" | "char" => Shape::String,
                "bool" => Shape::Bool,
                "i8" | "i16" | "i32" | "i64" | "i128" | "isize" | "u8" | "u16" | "u32" | "u64"
                | "u128" | "usize" | "f32" | "f64" | "Number" => Shape::Number,
                "Value" => Shape::Any,
                "Expression" => Shape::Expression,
                "Option" => one(Shape::Option),
                "Vec" | "VecDeque" => one(Shape::List),
                "HashSet" | "BTreeSet" => match a.first() {
                    Some(t) => Shape::Set(Box::new(shape(t))),
                    None => Shape::Unknown,
                },
                "HashMap" | "BTreeMap" | "IndexMap" => match a.as_slice() {
                    [_, v, ..] => Shape::Map(Box::new(shape(v))),
                    _ => Shape::Unknown,
                },
                // `Spanned<T>` decodes as `T` does.
                "Box" | "Rc" | "Arc" | "Spanned" => match a.as_slice() {
                    [t] => shape(t),
                    _ => Shape::Unknown,
                },
                _ => Shape::Unknown,
            }
        }
        _ => Shape::Unknown,
    }
}

impl Shape {
    /// Whether the type is or holds a type the derive does not know.
    pub fn has_unknown(&self) -> bool {
        match self {
            Shape::Unknown => true,
            Shape::Option(s) | Shape::List(s) | Shape::Set(s) | Shape::Map(s) => s.has_unknown(),
            Shape::Tuple(ts) => ts.iter().any(Shape::has_unknown),
            Shape::String | Shape::Bool | Shape::Number | Shape::Any | Shape::Expression => false,
        }
    }

    /// Whether an attribute of this type may be absent (as `optional()`).
    pub fn optional(&self) -> bool {
        matches!(self, Shape::Option(_) | Shape::Any)
    }

    /// The type constraint an attribute of this type has (`any` where
    /// not known).
    pub fn hcl_type(&self) -> Type {
        match self {
            Shape::String => Type::String,
            Shape::Bool => Type::Bool,
            Shape::Number => Type::Number,
            Shape::Any | Shape::Expression | Shape::Unknown => Type::Dynamic,
            Shape::Option(s) => s.hcl_type(),
            Shape::List(s) => Type::list(s.hcl_type()),
            Shape::Set(s) => Type::set(s.hcl_type()),
            Shape::Map(s) => Type::map(s.hcl_type()),
            Shape::Tuple(ts) => Type::tuple(ts.iter().map(Shape::hcl_type)),
        }
    }

    /// Whether values of type `t` can be decoded into this Rust type;
    /// `Err` says why not.
    pub fn can_hold(&self, t: &Type) -> Result<(), String> {
        let no = || {
            Err(format!(
                "{} cannot hold {}",
                self.describe(),
                t.to_type_expr()
            ))
        };
        if t.is_dynamic() {
            return Ok(());
        }
        match self {
            Shape::Unknown | Shape::Any | Shape::Expression => Ok(()),
            Shape::Option(s) => s.can_hold(t),
            Shape::String => match t {
                Type::String => Ok(()),
                _ => no(),
            },
            Shape::Bool => match t {
                Type::Bool => Ok(()),
                _ => no(),
            },
            Shape::Number => match t {
                Type::Number => Ok(()),
                _ => no(),
            },
            Shape::List(e) | Shape::Set(e) => match t {
                Type::List(te) | Type::Set(te) => e.can_hold(te),
                Type::Tuple(ts) => ts.iter().try_for_each(|te| e.can_hold(te)),
                _ => no(),
            },
            Shape::Map(e) => match t {
                Type::Map(te) => e.can_hold(te),
                Type::Object(o) => o.attrs().iter().try_for_each(|(_, te)| e.can_hold(te)),
                _ => no(),
            },
            Shape::Tuple(ss) => match t {
                Type::Tuple(ts) if ts.len() == ss.len() => ss
                    .iter()
                    .zip(ts.iter())
                    .try_for_each(|(s, te)| s.can_hold(te)),
                Type::List(te) => ss.iter().try_for_each(|s| s.can_hold(te)),
                _ => no(),
            },
        }
    }

    fn describe(&self) -> String {
        match self {
            Shape::String => "a Rust string".into(),
            Shape::Bool => "a Rust bool".into(),
            Shape::Number => "a Rust number".into(),
            Shape::Any => "a Value".into(),
            Shape::Expression => "an Expression".into(),
            Shape::Unknown => "this type".into(),
            Shape::Option(s) => s.describe(),
            Shape::List(_) => "a Rust list (Vec or array)".into(),
            Shape::Set(_) => "a Rust set".into(),
            Shape::Map(_) => "a Rust map".into(),
            Shape::Tuple(ts) => format!("a Rust tuple of {} elements", ts.len()),
        }
    }

    /// The block spec kind a `#[hcl(block)]` field of this type gives,
    /// and the number of label levels of a map.
    pub fn block_kind(&self) -> BlockShape {
        match self {
            Shape::Option(_) => BlockShape::Optional,
            Shape::List(_) => BlockShape::List,
            Shape::Set(_) => BlockShape::Set,
            Shape::Map(v) => {
                let mut depth = 1;
                let mut cur = &**v;
                while let Shape::Map(inner) = cur {
                    depth += 1;
                    cur = inner;
                }
                BlockShape::Map(depth)
            }
            _ => BlockShape::Single,
        }
    }
}
