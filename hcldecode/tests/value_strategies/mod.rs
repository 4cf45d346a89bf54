//! Proptest strategies of types and values shared by the property tests
//! (`value_laws.rs`, `encode.rs`): the shapes are common, the leaves
//! (names, strings, numbers) each test's own.
#![allow(dead_code)]

use hcldecode::Type;
use hcldecode::value::{Number, Value};
use proptest::prelude::*;

/// The leaves of generated types and values.
#[derive(Clone, Copy)]
pub struct Leaves {
    /// Attribute names of object types.
    pub attr_name: fn() -> BoxedStrategy<String>,
    /// Keys of map values.
    pub map_key: fn() -> BoxedStrategy<String>,
    /// String values.
    pub string: fn() -> BoxedStrategy<String>,
    /// Number values.
    pub number: fn() -> BoxedStrategy<Number>,
}

fn primitive_type() -> impl Strategy<Value = Type> {
    prop_oneof![Just(Type::Bool), Just(Type::Number), Just(Type::String)]
}

/// Types nested up to three deep, every kind but `any`.
pub fn any_type(l: Leaves) -> BoxedStrategy<Type> {
    primitive_type()
        .prop_recursive(3, 12, 4, move |inner| {
            prop_oneof![
                inner.clone().prop_map(Type::list),
                inner.clone().prop_map(Type::set),
                inner.clone().prop_map(Type::map),
                prop::collection::vec(inner.clone(), 0..4).prop_map(Type::tuple),
                prop::collection::btree_map((l.attr_name)(), inner, 0..4)
                    .prop_map(|m| Type::object(m.into_iter())),
            ]
        })
        .boxed()
}

/// A known, non-null value of type `ty` (nulls may appear inside).
pub fn value_of(ty: Type, depth: u32, l: Leaves) -> BoxedStrategy<Value> {
    let leaf_or_null =
        |s: BoxedStrategy<Value>, t: Type| prop_oneof![9 => s, 1 => Just(Value::null(t))].boxed();
    match ty.clone() {
        Type::Bool => any::<bool>().prop_map(Value::bool).boxed(),
        Type::Number => (l.number)().prop_map(Value::number).boxed(),
        Type::String => (l.string)().prop_map(Value::string).boxed(),
        Type::List(e) | Type::Set(e) | Type::Map(e) if depth < 3 => {
            let e = (*e).clone();
            let elem = leaf_or_null(value_of(e.clone(), depth + 1, l), e.clone());
            match ty {
                Type::List(_) => prop::collection::vec(elem, 0..4)
                    .prop_map(move |v| Value::list(e.clone(), v))
                    .boxed(),
                Type::Set(_) => prop::collection::vec(elem, 0..4)
                    .prop_map(move |v| Value::set(e.clone(), v))
                    .boxed(),
                _ => prop::collection::btree_map((l.map_key)(), elem, 0..4)
                    .prop_map(move |m| Value::map(e.clone(), m))
                    .boxed(),
            }
        }
        Type::Tuple(ts) if depth < 3 => {
            let parts: Vec<BoxedStrategy<Value>> = ts
                .iter()
                .map(|t| leaf_or_null(value_of(t.clone(), depth + 1, l), t.clone()))
                .collect();
            parts.prop_map(Value::tuple).boxed()
        }
        Type::Object(o) if depth < 3 => {
            let names: Vec<String> = o.attrs().iter().map(|(n, _)| n.to_string()).collect();
            let parts: Vec<BoxedStrategy<Value>> = o
                .attrs()
                .iter()
                .map(|(_, t)| leaf_or_null(value_of(t.clone(), depth + 1, l), t.clone()))
                .collect();
            parts
                .prop_map(move |vals| Value::object(names.clone().into_iter().zip(vals)))
                .boxed()
        }
        other => Just(Value::null(other)).boxed(),
    }
}

/// A type and a value of it.
pub fn typed_value(l: Leaves) -> BoxedStrategy<(Type, Value)> {
    any_type(l)
        .prop_flat_map(move |t| value_of(t.clone(), 0, l).prop_map(move |v| (t.clone(), v)))
        .boxed()
}
