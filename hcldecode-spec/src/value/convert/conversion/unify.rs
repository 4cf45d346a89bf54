//! Type unification (cty `convert.Unify`/`UnifyUnsafe`), with cty's type
//! preference order (`compareTypes`, `sortTypes`).

use std::cmp::Ordering;
use std::collections::VecDeque;
use std::sync::Arc;

use super::Conv;
use crate::types::{ObjectType, Type};
use crate::value::convert::{Conversion, PubConv};

type Unified = Option<(Type, Vec<Option<Conversion>>)>;

fn conv(from: &Type, to: &Type, unsafe_: bool) -> Option<Conversion> {
    Conv::get(from, to, unsafe_).map(Conversion::plan)
}

pub(crate) fn unify(types: &[Type], unsafe_: bool) -> Unified {
    if types.is_empty() {
        return None;
    }
    // Identical types unify to themselves without conversions, whatever
    // their kind (every path below agrees); decoding lists of blocks hits
    // this constantly, with types that are mostly the same `Arc`.
    if types[1..].iter().all(|t| t == &types[0]) {
        return Some((types[0].clone(), vec![None; types.len()]));
    }
    let (mut map_ct, mut list_ct, mut set_ct, mut object_ct, mut tuple_ct, mut dynamic_ct) =
        (0, 0, 0, 0, 0, 0);
    for t in types {
        match t {
            Type::Map(_) => map_ct += 1,
            Type::List(_) => list_ct += 1,
            Type::Set(_) => set_ct += 1,
            Type::Object(_) => object_ct += 1,
            Type::Tuple(_) => tuple_ct += 1,
            Type::Dynamic => dynamic_ct += 1,
            _ => {}
        }
    }
    let n = types.len();
    if map_ct > 0 && map_ct + dynamic_ct == n {
        return unify_collections(Type::map, types, unsafe_, dynamic_ct > 0);
    } else if map_ct > 0 && map_ct + object_ct + dynamic_ct == n {
        if let Some(r) = unify_objects_as_maps(types, unsafe_) {
            return Some(r);
        }
    } else if list_ct > 0 && list_ct + dynamic_ct == n {
        return unify_collections(Type::list, types, unsafe_, dynamic_ct > 0);
    } else if list_ct > 0 && list_ct + tuple_ct + dynamic_ct == n {
        if let Some(r) = unify_tuples_as_list(types, unsafe_) {
            return Some(r);
        }
    } else if set_ct > 0 && set_ct + dynamic_ct == n {
        return unify_collections(Type::set, types, unsafe_, dynamic_ct > 0);
    } else if object_ct > 0 && object_ct + dynamic_ct == n {
        return unify_object_types(types, unsafe_, dynamic_ct > 0);
    } else if tuple_ct > 0 && tuple_ct + dynamic_ct == n {
        return unify_tuple_types(types, unsafe_, dynamic_ct > 0);
    } else if object_ct > 0 && tuple_ct > 0 {
        return None;
    }

    let pref = preference_order(types);
    'pref: for &want_idx in &pref {
        let want = &types[want_idx];
        let mut convs = Vec::with_capacity(n);
        for (i, t) in types.iter().enumerate() {
            if i == want_idx || t == want {
                convs.push(None);
                continue;
            }
            match conv(t, want, unsafe_) {
                Some(c) => convs.push(Some(c)),
                None => continue 'pref,
            }
        }
        return Some((want.clone(), convs));
    }
    None
}

fn all_as_dynamic(n: usize) -> Unified {
    let c = Conversion(Arc::new(PubConv::AllDynamic));
    Some((Type::Dynamic, vec![Some(c); n]))
}

/// Conversions of every type to `ret` (`None` where equal); `None` if one
/// is missing.
fn convs_to(types: &[Type], ret: &Type, unsafe_: bool) -> Option<Vec<Option<Conversion>>> {
    let mut convs = Vec::with_capacity(types.len());
    for t in types {
        if t == ret {
            convs.push(None);
        } else {
            convs.push(Some(conv(t, ret, unsafe_)?));
        }
    }
    Some(convs)
}

fn unify_collections(
    make: fn(Type) -> Type,
    types: &[Type],
    unsafe_: bool,
    has_dynamic: bool,
) -> Unified {
    if has_dynamic {
        return all_as_dynamic(types.len());
    }
    let etys: Vec<Type> = types
        .iter()
        .map(|t| t.element_type().cloned().unwrap_or(Type::Dynamic))
        .collect();
    let (ety, _) = unify(&etys, unsafe_)?;
    let ret = make(ety);
    let convs = convs_to(types, &ret, unsafe_)?;
    Some((ret, convs))
}

fn unify_object_types(types: &[Type], unsafe_: bool, has_dynamic: bool) -> Unified {
    if has_dynamic {
        return all_as_dynamic(types.len());
    }
    let objs: Vec<&ObjectType> = types.iter().filter_map(Type::object_type).collect();
    let first = objs[0];
    for o in &objs[1..] {
        if o.len() != first.len() || o.attrs().iter().any(|(k, _)| first.get(k).is_none()) {
            return unify_objects_to_map(types, unsafe_);
        }
    }
    let mut attrs = Vec::with_capacity(first.len());
    for (name, _) in first.attrs() {
        let across: Vec<Type> = objs
            .iter()
            .map(|o| o.get(name).cloned().unwrap_or(Type::Dynamic))
            .collect();
        let (t, _) = unify(&across, unsafe_)?;
        attrs.push((name.clone(), t));
    }
    let ret = Type::Object(Arc::new(ObjectType::from_sorted(attrs)));
    match convs_to(types, &ret, unsafe_) {
        Some(convs) => Some((ret, convs)),
        None => unify_objects_to_map(types, unsafe_),
    }
}

fn unify_objects_to_map(types: &[Type], unsafe_: bool) -> Unified {
    let atys: Vec<Type> = types
        .iter()
        .filter_map(Type::object_type)
        .flat_map(|o| o.attrs().iter().map(|(_, t)| t.clone()))
        .collect();
    let (ety, _) = unify(&atys, unsafe_)?;
    let ret = Type::map(ety);
    let convs = convs_to(types, &ret, unsafe_)?;
    Some((ret, convs))
}

fn unify_tuple_types(types: &[Type], unsafe_: bool, has_dynamic: bool) -> Unified {
    if has_dynamic {
        return all_as_dynamic(types.len());
    }
    let tuples: Vec<&[Type]> = types.iter().filter_map(Type::tuple_elements).collect();
    let first = tuples[0];
    if tuples[1..].iter().any(|t| t.len() != first.len()) {
        return unify_tuples_to_list(types, unsafe_);
    }
    let mut etys = Vec::with_capacity(first.len());
    for idx in 0..first.len() {
        let across: Vec<Type> = tuples.iter().map(|t| t[idx].clone()).collect();
        let (t, _) = unify(&across, unsafe_)?;
        etys.push(t);
    }
    let ret = Type::tuple(etys);
    match convs_to(types, &ret, unsafe_) {
        Some(convs) => Some((ret, convs)),
        None => unify_tuples_to_list(types, unsafe_),
    }
}

fn unify_tuples_to_list(types: &[Type], unsafe_: bool) -> Unified {
    let etys: Vec<Type> = types
        .iter()
        .filter_map(Type::tuple_elements)
        .flat_map(|t| t.iter().cloned())
        .collect();
    let (ety, _) = unify(&etys, unsafe_)?;
    let ret = Type::list(ety);
    let convs = convs_to(types, &ret, unsafe_)?;
    Some((ret, convs))
}

/// cty's `unifyTuplesAsList` and `unifyObjectsAsMaps`: unify the structural
/// types among `types` to a collection, then unify that with the others.
fn unify_structural_as_collection(
    types: &[Type],
    unsafe_: bool,
    is_structural: fn(&Type) -> bool,
    unify_structural: fn(&[Type], bool) -> Unified,
    is_collection: fn(&Type) -> bool,
) -> Unified {
    let idxs: Vec<usize> = (0..types.len())
        .filter(|&i| is_structural(&types[i]))
        .collect();
    let structs: Vec<Type> = idxs.iter().map(|&i| types[i].clone()).collect();
    let (coll, struct_convs) = unify_structural(&structs, unsafe_)?;
    if !is_collection(&coll) {
        return None;
    }
    let mut replaced = types.to_vec();
    for &i in &idxs {
        replaced[i] = coll.clone();
    }
    let (new_ty, mut convs) = unify(&replaced, unsafe_)?;
    if !is_collection(&new_ty) {
        return None;
    }
    for (k, &idx) in idxs.iter().enumerate() {
        let first = struct_convs[k].clone();
        convs[idx] = match (first, convs[idx].take()) {
            (first, None) => first,
            (Some(a), Some(b)) => Some(Conversion(Arc::new(PubConv::Then(a, b)))),
            (None, Some(b)) => Some(b),
        };
    }
    Some((new_ty, convs))
}

fn unify_tuples_as_list(types: &[Type], unsafe_: bool) -> Unified {
    unify_structural_as_collection(types, unsafe_, Type::is_tuple, unify_tuples_to_list, |t| {
        matches!(t, Type::List(_))
    })
}

fn unify_objects_as_maps(types: &[Type], unsafe_: bool) -> Unified {
    unify_structural_as_collection(types, unsafe_, Type::is_object, unify_objects_to_map, |t| {
        matches!(t, Type::Map(_))
    })
}

/// cty's `compareTypes`: `Less` when `a` is preferred (more general).
fn compare_types(a: &Type, b: &Type) -> Ordering {
    use Ordering::*;
    if a.is_dynamic() || b.is_dynamic() {
        return match (a.is_dynamic(), b.is_dynamic()) {
            (false, true) => Less,
            (true, false) => Greater,
            _ => Equal,
        };
    }
    if a.is_primitive() && b.is_primitive() && (a == &Type::String || b == &Type::String) {
        return match (a == &Type::String, b == &Type::String) {
            (false, true) => Greater,
            (true, false) => Less,
            _ => Equal,
        };
    }
    match (a, b) {
        (Type::List(x), Type::List(y))
        | (Type::Set(x), Type::Set(y))
        | (Type::Map(x), Type::Map(y)) => return compare_types(x, y),
        _ => {}
    }
    let (a, b, swap) = match (a, b) {
        (Type::Tuple(_), Type::List(_))
        | (Type::Object(_), Type::Map(_))
        | (Type::Set(_), Type::Tuple(_))
        | (Type::Set(_), Type::List(_)) => (b, a, true),
        _ => (a, b, false),
    };
    let flip = |o: Ordering| if swap { o.reverse() } else { o };
    if matches!(b, Type::Set(_)) && matches!(a, Type::Tuple(_) | Type::List(_)) {
        return flip(Less);
    }
    if matches!(a, Type::List(_)) && matches!(b, Type::Tuple(_)) {
        return flip(Less);
    }
    if matches!(a, Type::Map(_)) && matches!(b, Type::Object(_)) {
        return flip(Less);
    }
    let supers = |pairs: &mut dyn Iterator<Item = (&Type, &Type)>| {
        let (mut a_super, mut b_super) = (false, false);
        for (x, y) in pairs {
            match compare_types(x, y) {
                Less => a_super = true,
                Greater => b_super = true,
                Equal => {}
            }
        }
        match (a_super, b_super) {
            (true, true) | (false, false) => Equal,
            (true, false) => flip(Less),
            (false, true) => flip(Greater),
        }
    };
    match (a, b) {
        (Type::Object(x), Type::Object(y)) => {
            if x.len() != y.len() || x.attrs().iter().any(|(k, _)| y.get(k).is_none()) {
                return Equal;
            }
            supers(
                &mut x
                    .attrs()
                    .iter()
                    .filter_map(|(k, t)| y.get(k).map(|u| (t, u))),
            )
        }
        (Type::Tuple(x), Type::Tuple(y)) => {
            if x.len() != y.len() {
                return Equal;
            }
            supers(&mut x.iter().zip(y.iter()))
        }
        _ => Equal,
    }
}

/// cty's `sortTypes`: a topological order of preference; positions the
/// sort could not reach (cycles) are left as index 0, as in cty.
/// The order in which to try the types as the unified type: cty's
/// `sortTypes`, which compares every pair. Long lists (block lists) repeat
/// a few types, so their distinct types are sorted instead: with at most
/// three distinct types the order of first appearance is the same (the
/// topological sort visits each node's successors in index order); with
/// more, only lists too long to sort pairwise are shortened this way.
fn preference_order(tys: &[Type]) -> Vec<usize> {
    if tys.len() <= 16 {
        return sort_types(tys);
    }
    let mut distinct: Vec<usize> = Vec::new();
    for (i, t) in tys.iter().enumerate() {
        if !distinct.iter().any(|&d| &tys[d] == t) {
            distinct.push(i);
            if distinct.len() > 3 && tys.len() <= 4096 {
                return sort_types(tys);
            }
        }
    }
    let firsts: Vec<Type> = distinct.iter().map(|&i| tys[i].clone()).collect();
    sort_types(&firsts)
        .into_iter()
        .map(|k| distinct[k])
        .collect()
}

fn sort_types(tys: &[Type]) -> Vec<usize> {
    let l = tys.len();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); l];
    for i in 0..l.saturating_sub(1) {
        for j in i + 1..l {
            match compare_types(&tys[i], &tys[j]) {
                Ordering::Less => edges[i].push(j),
                Ordering::Greater => edges[j].push(i),
                Ordering::Equal => {}
            }
        }
    }
    let mut in_degree = vec![0usize; l];
    for outs in &edges {
        for &j in outs {
            in_degree[j] += 1;
        }
    }
    let mut result = vec![0usize; l];
    let mut filled = 0;
    let mut queue: VecDeque<usize> = (0..l).filter(|&i| in_degree[i] == 0).collect();
    for &i in &queue {
        result[filled] = i;
        filled += 1;
    }
    while let Some(i) = queue.pop_front() {
        for &j in &edges[i] {
            in_degree[j] -= 1;
            if in_degree[j] == 0 {
                queue.push_back(j);
                result[filled] = j;
                filled += 1;
            }
        }
    }
    result
}
