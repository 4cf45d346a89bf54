//! Literal `optional(type, default)` defaults checked against their
//! attribute's type without evaluation, for compile time
//! ([`StaticEval`](super::load::StaticEval)): the error the dynamic layer's
//! conversion of the default gives (absent optional attributes set to
//! null, then cty's `convert.Convert`), in cty's words, wherever the syntax
//! decides it.
//!
//! The conversion is a port of the dynamic layer's port of cty's (plan on
//! the types, then run on the value), restricted to the values literals
//! make: nulls, bools, numbers, strings, tuples and objects.

use super::type_constraint::OptionalAttrs;
use crate::source::SourceFile;
use crate::syntax::MAX_NUMBER_LENGTH;
use crate::syntax::native::analysis::object_key_as_keyword;
use crate::syntax::native::ast::{Expr, ExprKind, Literal, UnaryOp};
use crate::type_mismatch::mismatch_message;
use crate::types::Type;

/// The error converting the default `expr` of an optional attribute to the
/// attribute's type `ty` (whose optional attributes `optional` describes)
/// gives at run time: cty's message, such as `a number is required`.
///
/// `None` when the default converts, and when the syntax does not decide:
/// a default that is not a literal (a reference, an operation other than
/// `-` on a number, a function call, a template with interpolations, an
/// object key that is not a name or a plain ASCII string), a type with a
/// list, set or map whose element type has `any` in it (converting to one
/// unifies the elements' types), and a number string whose exponent is
/// beyond Go's `big.Float` range.
///
/// ```
/// use hcldecode_spec::source::SourceFile;
/// use hcldecode_spec::spec::literal_default::conversion_error;
/// use hcldecode_spec::syntax::native::parse_expression;
/// use hcldecode_spec::types::Type;
/// let check = |src: &str, ty: &Type| {
///     let f = SourceFile::new("d", src);
///     conversion_error(&f, &parse_expression(&f).0, ty, None)
/// };
/// assert_eq!(check("\"8080\"", &Type::Number), None);
/// assert_eq!(check("\"eighty\"", &Type::Number).as_deref(), Some("a number is required"));
/// assert_eq!(check("var.port", &Type::Number), None);
/// ```
pub fn conversion_error(
    file: &SourceFile,
    expr: &Expr,
    ty: &Type,
    optional: Option<&OptionalAttrs>,
) -> Option<String> {
    if has_dynamic_collection(ty) {
        return None;
    }
    // ext/typeexpr converts to the type with its optional attributes, which
    // the dynamic layer does by filling them in first.
    let v = fill_optional(literal(file, expr)?, optional);
    convert(&v, ty).err()
}

/// A literal's value, as far as conversion depends on it: numbers are
/// valid (the parser checked them) and convert to strings only, bools
/// likewise, so only a string's text matters.
#[derive(Clone, Debug)]
enum Lit {
    /// A null of the given type (dynamic for `null` itself).
    Null(Type),
    Bool,
    Number,
    String(String),
    Tuple(Vec<Lit>),
    /// Attributes sorted by name, as in an object value.
    Object(Vec<(String, Lit)>),
}

impl Lit {
    fn ty(&self) -> Type {
        match self {
            Lit::Null(t) => t.clone(),
            Lit::Bool => Type::Bool,
            Lit::Number => Type::Number,
            Lit::String(_) => Type::String,
            Lit::Tuple(es) => Type::tuple(es.iter().map(Lit::ty)),
            Lit::Object(attrs) => Type::object(attrs.iter().map(|(k, v)| (k.as_str(), v.ty()))),
        }
    }
}

/// The value of a literal expression; `None` for anything else.
fn literal(file: &SourceFile, expr: &Expr) -> Option<Lit> {
    Some(match &expr.unwrap_parens().kind {
        ExprKind::Literal(Literal::Null) => Lit::Null(Type::Dynamic),
        ExprKind::Literal(Literal::Bool(_)) => Lit::Bool,
        ExprKind::Literal(Literal::Number(_)) => Lit::Number,
        ExprKind::UnaryOp {
            op: UnaryOp::Negate,
            operand,
            ..
        } if matches!(
            operand.unwrap_parens().kind,
            ExprKind::Literal(Literal::Number(_))
        ) =>
        {
            Lit::Number
        }
        ExprKind::Literal(Literal::String(t)) | ExprKind::StringTemplate { text: t, .. } => {
            Lit::String(t.get(file).to_string())
        }
        ExprKind::Template { parts } => {
            let mut s = String::new();
            for p in parts {
                let ExprKind::Literal(Literal::String(t)) = &p.kind else {
                    return None;
                };
                s.push_str(t.get(file));
            }
            Lit::String(s)
        }
        ExprKind::Tuple { exprs, .. } => Lit::Tuple(
            exprs
                .iter()
                .map(|e| literal(file, e))
                .collect::<Option<_>>()?,
        ),
        ExprKind::Object { items, .. } => {
            let mut attrs: Vec<(String, Lit)> = Vec::with_capacity(items.len());
            for item in items {
                let key = match object_key_as_keyword(item, file) {
                    Some(k) => k.to_string(),
                    None if item.force_non_literal => return None,
                    None => match literal(file, &item.key)? {
                        Lit::String(s) => s,
                        _ => return None,
                    },
                };
                // Values normalise keys (NFC); ASCII ones are already.
                if !key.is_ascii() {
                    return None;
                }
                let v = literal(file, &item.value)?;
                // A repeated key keeps its place and takes the later value.
                match attrs.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, old)) => *old = v,
                    None => attrs.push((key, v)),
                }
            }
            attrs.sort_by(|a, b| a.0.cmp(&b.0));
            Lit::Object(attrs)
        }
        _ => return None,
    })
}

/// Whether a list, set or map type with dynamic parts in its element type
/// appears in `ty`.
fn has_dynamic_collection(ty: &Type) -> bool {
    match ty {
        Type::List(e) | Type::Set(e) | Type::Map(e) => e.has_dynamic_types(),
        Type::Object(o) => o.attrs().iter().any(|(_, t)| has_dynamic_collection(t)),
        Type::Tuple(ts) => ts.iter().any(has_dynamic_collection),
        _ => false,
    }
}

/// Absent optional attributes of objects set to null of their type, at any
/// depth (the dynamic layer's `fill_optional`).
fn fill_optional(v: Lit, node: Option<&OptionalAttrs>) -> Lit {
    let Some(node) = node else {
        return v;
    };
    match (&node.ty, v) {
        (_, v @ Lit::Null(_)) => v,
        (Type::Object(ot), Lit::Object(attrs)) => {
            let mut attrs: Vec<(String, Lit)> = attrs
                .into_iter()
                .map(|(k, e)| {
                    let e = fill_optional(e, node.child(&k));
                    (k, e)
                })
                .collect();
            for name in &node.optional {
                if !attrs.iter().any(|(k, _)| k == name)
                    && let Some(t) = ot.get(name)
                {
                    attrs.push((name.clone(), Lit::Null(t.clone())));
                }
            }
            attrs.sort_by(|a, b| a.0.cmp(&b.0));
            Lit::Object(attrs)
        }
        (Type::List(_) | Type::Set(_) | Type::Map(_), v) => {
            map_parts(v, |_, e| fill_optional(e, node.child("")))
        }
        (Type::Tuple(_), v @ Lit::Tuple(_)) => map_parts(v, |k, e| fill_optional(e, node.child(k))),
        (_, v) => v,
    }
}

/// `v` with each element or attribute `e` at key `k` (an element's key is
/// its index) replaced by `f(k, e)`.
fn map_parts(v: Lit, f: impl Fn(&str, Lit) -> Lit) -> Lit {
    match v {
        Lit::Tuple(es) => Lit::Tuple(
            es.into_iter()
                .enumerate()
                .map(|(i, e)| f(&i.to_string(), e))
                .collect(),
        ),
        Lit::Object(attrs) => Lit::Object(
            attrs
                .into_iter()
                .map(|(k, e)| {
                    let e = f(&k, e);
                    (k, e)
                })
                .collect(),
        ),
        v => v,
    }
}

/// cty's `convert.Convert`.
fn convert(v: &Lit, want: &Type) -> Result<(), String> {
    let got = v.ty();
    if &got == want {
        return Ok(());
    }
    if !plan(&got, want, true) {
        return Err(mismatch_message(&got, want, &plan));
    }
    run(v, want)
}

/// Runs the conversion of `v` to `want`, which [`plan`] found.
fn run(v: &Lit, want: &Type) -> Result<(), String> {
    // Where the types are equal cty has no conversion to run.
    let elem = |e: &Lit, t: &Type| if e.ty() == *t { Ok(()) } else { run(e, t) };
    match (v, want) {
        (_, Type::Dynamic) | (Lit::Null(_), _) => Ok(()),
        (Lit::String(s), Type::Number) => string_to_number(s),
        (Lit::String(s), Type::Bool) => string_to_bool(s),
        (Lit::Tuple(es), Type::Tuple(ts)) => {
            es.iter().zip(ts.iter()).try_for_each(|(e, t)| elem(e, t))
        }
        (Lit::Tuple(es), Type::List(t) | Type::Set(t)) => es.iter().try_for_each(|e| elem(e, t)),
        (Lit::Object(attrs), Type::Object(ot)) => ot.attrs().iter().try_for_each(|(name, t)| {
            match attrs.iter().find(|(k, _)| **k == **name) {
                Some((_, e)) => elem(e, t),
                None => Err("object required".to_string()),
            }
        }),
        (Lit::Object(attrs), Type::Map(t)) => attrs.iter().try_for_each(|(_, e)| elem(e, t)),
        // Numbers and bools to strings.
        _ => Ok(()),
    }
}

/// cty's `ParseNumberVal` as the dynamic layer's `Number::parse` has it:
/// Go's `big.Float` syntax in base 10 (sign, digits with one optional
/// point, an `e` or binary `p` exponent) or an infinity.
fn string_to_number(s: &str) -> Result<(), String> {
    if s.len() > MAX_NUMBER_LENGTH {
        return Err(format!(
            "a number may be written with at most {MAX_NUMBER_LENGTH} characters"
        ));
    }
    if matches!(s, "Inf" | "inf" | "+Inf" | "+inf" | "-Inf" | "-inf") || scans_as_number(s) {
        Ok(())
    } else {
        Err("a number is required".to_string())
    }
}

/// Go's `big.Float` scan of a whole string in base 10 (the exponent an
/// int64).
fn scans_as_number(s: &str) -> bool {
    let b = s.as_bytes();
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - start
    };
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let mut n = digits(&mut i);
    if b.get(i) == Some(&b'.') {
        i += 1;
        n += digits(&mut i);
    }
    if n == 0 {
        return false;
    }
    if matches!(b.get(i), Some(b'e' | b'E' | b'p' | b'P')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let start = i;
        digits(&mut i);
        // strconv.ParseInt(digits, 10, 64), with its sign.
        let text = &s[start - usize::from(start > 0 && b[start - 1] == b'-')..i];
        if i == start || text.parse::<i64>().is_err() {
            return false;
        }
    }
    i == b.len()
}

/// cty's string to bool conversion.
fn string_to_bool(s: &str) -> Result<(), String> {
    match s {
        "true" | "1" | "false" | "0" => Ok(()),
        _ => Err(match s.to_lowercase().as_str() {
            "true" => "a bool is required; to convert from string, use lowercase \"true\"",
            "false" => "a bool is required; to convert from string, use lowercase \"false\"",
            _ => "a bool is required",
        }
        .to_string()),
    }
}

/// Whether cty's `getConversion(from, to, unsafe)` finds a conversion
/// (collections of `any` excepted, see [`conversion_error`]).
fn plan(from: &Type, to: &Type, unsafe_: bool) -> bool {
    let sub = |f: &Type, t: &Type| f == t || plan(f, t, unsafe_);
    match (from, to) {
        (_, Type::Dynamic) => true,
        (Type::Dynamic, _) if unsafe_ => true,
        _ if from.is_primitive() && to.is_primitive() => {
            matches!((from, to), (Type::Number | Type::Bool, Type::String))
                || (unsafe_ && matches!((from, to), (Type::String, Type::Number | Type::Bool)))
        }
        (Type::Object(fo), Type::Object(o)) => o
            .attrs()
            .iter()
            .all(|(name, t)| fo.get(name).is_some_and(|f| sub(f, t))),
        (Type::Tuple(fs), Type::Tuple(ts)) => {
            fs.len() == ts.len() && fs.iter().zip(ts.iter()).all(|(f, t)| sub(f, t))
        }
        (Type::List(f) | Type::Set(f), Type::List(t)) => sub(f, t),
        (Type::List(f), Type::Set(t)) => unsafe_ && sub(f, t),
        (Type::Set(f), Type::Set(t)) => sub(f, t),
        // cty asks for an element conversion even for equal types.
        (Type::Map(f), Type::Map(t)) => plan(f, t, unsafe_),
        (Type::Tuple(fs), Type::List(t) | Type::Set(t)) => fs.iter().all(|f| sub(f, t)),
        (Type::Object(fo), Type::Map(t)) => fo.attrs().iter().all(|(_, f)| sub(f, t)),
        (Type::Map(f), Type::Object(o)) => unsafe_ && o.attrs().iter().all(|(_, t)| sub(f, t)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::diagnostic::Diagnostics;
    use crate::spec::type_constraint::{DefaultEval, get_type};
    use crate::spec::{DynRef, Dynamic};
    use crate::syntax::native::parse_expression;

    /// A default kept as its expression, as `StaticEval` keeps it.
    #[derive(Debug)]
    struct Kept(Arc<SourceFile>, Expr);

    impl Dynamic for Kept {
        fn as_any(&self) -> &dyn std::any::Any {
            self
        }
    }

    /// Checks each default with [`conversion_error`], as `StaticEval` does.
    struct Check;

    impl DefaultEval for Check {
        fn eval(
            &mut self,
            file: &Arc<SourceFile>,
            expr: &Expr,
            _diags: &mut Diagnostics,
        ) -> Option<DynRef> {
            Some(Arc::new(Kept(file.clone(), expr.clone())))
        }

        fn convert(
            &mut self,
            value: &DynRef,
            ty: &Type,
            optional: Option<&OptionalAttrs>,
        ) -> Result<DynRef, String> {
            let Some(Kept(file, expr)) = value.as_any().downcast_ref::<Kept>() else {
                return Err("not a kept default".into());
            };
            match conversion_error(file, expr, ty, optional) {
                Some(err) => Err(err),
                None => Ok(value.clone()),
            }
        }
    }

    /// The error details of type constraint `src`.
    fn details(src: &str) -> Vec<String> {
        let file = SourceFile::new("t", src);
        let (expr, diags) = parse_expression(&file);
        assert!(!diags.has_errors(), "{src}: {diags:?}");
        let (_, _, diags) = get_type(&file, &expr, true, Some(&mut Check));
        diags.iter().map(|d| d.detail.clone()).collect()
    }

    /// Each row: a type constraint with one default, and cty's conversion
    /// error for it (`MismatchMessage` where no conversion exists between
    /// the types, else the message of the value's conversion), or `None`.
    fn check(rows: &[(&str, Option<&str>)]) {
        for (src, want) in rows {
            let want: Vec<String> = want
                .iter()
                .map(|m| format!("This default value is not compatible with the attribute's type constraint: {m}."))
                .collect();
            assert_eq!(details(src), want, "{src}");
        }
    }

    #[test]
    fn primitives() {
        check(&[
            // ParseNumberVal: big.Float syntax in base 10.
            (r#"object({port = optional(number, "8080")})"#, None),
            (r#"object({port = optional(number, "-1.5e3")})"#, None),
            (r#"object({port = optional(number, ".5")})"#, None),
            (r#"object({port = optional(number, "+Inf")})"#, None),
            (
                r#"object({port = optional(number, "eighty")})"#,
                Some("a number is required"),
            ),
            (
                r#"object({port = optional(number, "")})"#,
                Some("a number is required"),
            ),
            (
                r#"object({port = optional(number, " 80")})"#,
                Some("a number is required"),
            ),
            (
                r#"object({port = optional(number, "0x50")})"#,
                Some("a number is required"),
            ),
            (
                r#"object({port = optional(number, "8_080")})"#,
                Some("a number is required"),
            ),
            (
                r#"object({port = optional(number, "1e")})"#,
                Some("a number is required"),
            ),
            // The exponent is an int64.
            (
                r#"object({port = optional(number, "1e9223372036854775808")})"#,
                Some("a number is required"),
            ),
            // Strings to bools: "true", "1", "false", "0".
            (r#"object({on = optional(bool, "false")})"#, None),
            (r#"object({on = optional(bool, "1")})"#, None),
            (
                r#"object({on = optional(bool, "yes")})"#,
                Some("a bool is required"),
            ),
            (
                r#"object({on = optional(bool, "True")})"#,
                Some(r#"a bool is required; to convert from string, use lowercase "true""#),
            ),
            // Numbers and bools to strings always; no conversion between
            // numbers and bools.
            ("object({s = optional(string, 8080)})", None),
            ("object({s = optional(string, false)})", None),
            ("object({n = optional(number, -1)})", None),
            (
                "object({n = optional(number, true)})",
                Some("number required"),
            ),
            ("object({b = optional(bool, 1)})", Some("bool required")),
            // A null converts to anything, anything to `any`.
            ("object({n = optional(number, null)})", None),
            (r#"object({a = optional(any, ["x", 1])})"#, None),
        ]);
    }

    #[test]
    fn collections_and_structures() {
        check(&[
            ("object({l = optional(list(string), [1, 2])})", None),
            ("object({l = optional(list(string), [])})", None),
            (r#"object({l = optional(set(number), [1, "2", 2])})"#, None),
            (
                r#"object({l = optional(list(number), [1, "x"])})"#,
                Some("a number is required"),
            ),
            (
                r#"object({l = optional(list(string), "x")})"#,
                Some("list of string required"),
            ),
            (
                "object({l = optional(list(string), [[1]])})",
                Some("element 0: string required"),
            ),
            (
                r#"object({t = optional(tuple([string, number]), ["a", "1"])})"#,
                None,
            ),
            (
                r#"object({t = optional(tuple([string, number]), ["a", "b"])})"#,
                Some("a number is required"),
            ),
            // Tuple lengths must match.
            (
                "object({t = optional(tuple([number]), [1, 2])})",
                Some("tuple required"),
            ),
            (
                r#"object({m = optional(map(number), {a = 1, "b" = "2"})})"#,
                None,
            ),
            (
                r#"object({m = optional(map(number), {a = 1, b = "two"})})"#,
                Some("a number is required"),
            ),
            (
                "object({m = optional(map(number), {a = [1]})})",
                Some(r#"element "a": number required"#),
            ),
            (
                "object({m = optional(map(string), [])})",
                Some("map of string required"),
            ),
        ]);
    }

    #[test]
    fn objects() {
        check(&[
            // Attributes beyond the type's are dropped.
            (
                "object({o = optional(object({a = number}), {a = 1, b = 2})})",
                None,
            ),
            (
                "object({o = optional(object({a = number}), {})})",
                Some(r#"attribute "a" is required"#),
            ),
            (
                "object({o = optional(object({a = number, b = string}), {})})",
                Some(r#"attributes "a" and "b" are required"#),
            ),
            (
                "object({o = optional(object({c = bool, a = number, b = string}), {})})",
                Some(r#"attributes "a", "b", and "c" are required"#),
            ),
            // Absent optional attributes are null, with or without a default.
            (
                "object({o = optional(object({a = number, b = optional(string)}), {a = 1})})",
                None,
            ),
            (
                r#"object({o = optional(object({a = number, b = optional(string, "x")}), {})})"#,
                Some(r#"attribute "a" is required"#),
            ),
            (
                "object({o = optional(object({a = list(number)}), {a = true})})",
                Some(r#"attribute "a": list of number required"#),
            ),
            // A later key replaces an earlier one.
            (
                r#"object({o = optional(object({a = number}), {a = "x", a = 1})})"#,
                None,
            ),
            // Nested objects.
            (
                r#"object({svc = optional(object({name = string, port = optional(number, 80)}), {name = "web", port = "8080"})})"#,
                None,
            ),
            (
                r#"object({svc = optional(object({name = string, port = optional(number, 80)}), {name = "web", port = "http"})})"#,
                Some("a number is required"),
            ),
            (
                r#"object({svc = optional(object({tls = object({on = bool})}), {tls = {on = "maybe"}})})"#,
                Some("a bool is required"),
            ),
            // Lists of objects with defaults.
            (
                r#"object({checks = optional(list(object({path = string, interval = optional(string, "10s")})), [{path = "/"}, {path = "/h", interval = 5}])})"#,
                None,
            ),
            (
                r#"object({checks = optional(list(object({path = string, interval = optional(string, "10s")})), [{interval = "5s"}])})"#,
                Some(r#"element 0: attribute "path" is required"#),
            ),
            (
                r#"object({checks = optional(list(object({path = string, port = optional(number)})), [{path = "/", port = "http"}])})"#,
                Some("a number is required"),
            ),
            (
                r#"object({ports = optional(tuple([object({n = optional(number)})]), [{n = "x"}])})"#,
                Some("a number is required"),
            ),
        ]);
    }

    #[test]
    fn left_to_run_time() {
        check(&[
            // Not literals: evaluated (and reported) when the spec is built.
            (r#"object({n = optional(number, upper("x"))})"#, None),
            (r#"object({n = optional(number, "${x}")})"#, None),
            ("object({n = optional(number, 1 + 1)})", None),
            (r#"object({n = optional(list(number), [1, x])})"#, None),
            (
                r#"object({o = optional(object({a = number}), {(k) = 1})})"#,
                None,
            ),
            // Collections of `any` unify their elements' types.
            ("object({l = optional(list(any), [1, [2]])})", None),
        ]);
    }
}
