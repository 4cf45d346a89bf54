//! A changed attribute value written into the expression that gave the
//! old one, part by part: an object constructor keeps the items whose
//! values did not change (with their comments and however they are
//! written), and gets the changed, added and removed keys; a tuple keeps
//! its unchanged elements and gets the changed middle; a `merge(...)`
//! whose last argument is an object constructor gets changed and added
//! keys in that object (the last argument wins). Any other expression (a
//! call, a variable, a conditional) is replaced whole by the new value's
//! literal.

use std::sync::Arc;

use crate::Value;
use crate::edit::EditError;
use crate::edit::expr::{ExprMut, Shape};
use crate::value::ValueRef;

/// Writes `new` into `e`, which evaluated to `old`.
pub(super) fn write_value(e: &mut ExprMut<'_>, old: &Value, new: &Value) -> Result<(), EditError> {
    if old == new {
        return Ok(());
    }
    match e.shape() {
        Shape::Object { keys, items } => match (entries(old), entries(new)) {
            (Some(olds), Some(news)) if same_keys(&keys, items, &olds) => {
                write_object(e, &olds, &news)
            }
            _ => e.set(new),
        },
        Shape::Tuple(n) => match (elements(old), elements(new)) {
            (Some(olds), Some(news)) if olds.len() == n => write_tuple(e, olds, news),
            _ => e.set(new),
        },
        Shape::Call { name, args } if name == "merge" && args > 0 => {
            match (entries(old), entries(new)) {
                (Some(olds), Some(news)) => write_merge(e, args - 1, &olds, &news, new),
                _ => e.set(new),
            }
        }
        Shape::Call { .. } | Shape::Other => e.set(new),
    }
}

/// A shallow `merge`'s result takes each key from the last argument that
/// has it: a changed or added key is written into the last argument when
/// that is an object constructor with literal keys (its own item
/// changed part by part, a new one added). A removed key may come from
/// any argument: then, or when the last argument is no constructor, the
/// call is replaced whole.
fn write_merge(
    e: &mut ExprMut<'_>,
    last: usize,
    olds: &[(Arc<str>, &Value)],
    news: &[(Arc<str>, &Value)],
    new: &Value,
) -> Result<(), EditError> {
    let mut obj = e.reborrow().arg(last)?;
    let literal = matches!(obj.shape(), Shape::Object { keys, items } if keys.len() == items);
    if !literal || olds.iter().any(|(k, _)| find(news, k).is_none()) {
        return e.set(new);
    }
    let keys = obj.keys();
    for (k, nv) in news {
        let ov = find(olds, k);
        if ov == Some(*nv) {
            continue;
        }
        match ov {
            Some(ov) if keys.iter().any(|x| **x == **k) => {
                write_value(&mut obj.reborrow().key(k)?, ov, nv)?
            }
            _ => obj.set_item(k, nv)?,
        }
    }
    Ok(())
}

/// The value of key `k` in `list`.
fn find<'v>(list: &[(Arc<str>, &'v Value)], k: &str) -> Option<&'v Value> {
    list.iter().find(|(n, _)| &**n == k).map(|(_, v)| *v)
}

/// Whether the constructor's keys are the old value's, each once: then
/// each item gave the old value's entry of its key.
fn same_keys(keys: &[String], items: usize, olds: &[(Arc<str>, &Value)]) -> bool {
    if keys.len() != items || keys.len() != olds.len() {
        return false;
    }
    let mut sorted: Vec<&str> = keys.iter().map(String::as_str).collect();
    sorted.sort_unstable();
    sorted.dedup();
    sorted.len() == keys.len()
        && olds
            .iter()
            .all(|(k, _)| sorted.binary_search(&&**k).is_ok())
}

fn write_object(
    e: &mut ExprMut<'_>,
    olds: &[(Arc<str>, &Value)],
    news: &[(Arc<str>, &Value)],
) -> Result<(), EditError> {
    for (k, _) in olds {
        if find(news, k).is_none() {
            e.remove_item(k)?;
        }
    }
    for (k, nv) in news {
        match find(olds, k) {
            Some(ov) => write_value(&mut e.reborrow().key(k)?, ov, nv)?,
            None => e.set_item(k, nv)?,
        }
    }
    Ok(())
}

/// The unchanged elements at both ends stay; the middle is paired in
/// order (each pair written part by part), and the rest removed or
/// inserted.
fn write_tuple(e: &mut ExprMut<'_>, olds: &[Value], news: &[Value]) -> Result<(), EditError> {
    let prefix = olds.iter().zip(news).take_while(|(a, b)| a == b).count();
    let max_suffix = olds.len().min(news.len()) - prefix;
    let suffix = olds
        .iter()
        .rev()
        .zip(news.iter().rev())
        .take(max_suffix)
        .take_while(|(a, b)| a == b)
        .count();
    let (om, nm) = (olds.len() - prefix - suffix, news.len() - prefix - suffix);
    let paired = om.min(nm);
    for j in 0..paired {
        let i = prefix + j;
        write_value(&mut e.reborrow().index(i)?, &olds[i], &news[i])?;
    }
    for j in (paired..om).rev() {
        e.remove(prefix + j)?;
    }
    for j in paired..nm {
        e.insert(prefix + j, &news[prefix + j])?;
    }
    Ok(())
}

/// An object's or a map's entries (names and values).
fn entries(v: &Value) -> Option<Vec<(Arc<str>, &Value)>> {
    match v.view() {
        ValueRef::Object(ty, vals) => Some(
            ty.attrs()
                .iter()
                .zip(vals)
                .map(|((k, _), v)| (k.clone(), v))
                .collect(),
        ),
        ValueRef::Map(entries) => Some(entries.iter().map(|(k, v)| (k.clone(), v)).collect()),
        _ => None,
    }
}

/// A list's or a tuple's elements (a set's order is not the source's).
fn elements(v: &Value) -> Option<&[Value]> {
    match v.view() {
        ValueRef::List(e) | ValueRef::Tuple(e) => Some(e),
        _ => None,
    }
}
