//! `literal_as` gives what evaluating and converting gives, wherever it
//! gives anything.

use crate::Type;
use crate::value::Value;

/// `src` read as literals of type `want`, checked against evaluating and
/// converting it; whether the literal read gave a value.
fn literal(src: &str, want: &Type) -> Option<Value> {
    let expr = crate::parse::parse_expression(src, "t.hcl").expect("parses");
    let fast = crate::eval::literal_as(expr.as_ref(), want);
    if let Some(v) = &fast {
        let (evaluated, diags) = crate::eval::evaluate(expr.as_ref(), None);
        assert!(diags.is_empty(), "{src}: {diags:?}");
        let slow = crate::value::convert::convert(&evaluated, want).expect("converts");
        assert_eq!(v, &slow, "{src}");
        assert_eq!(v.ty(), want, "{src}");
    }
    fast
}

fn mount() -> Type {
    Type::object([
        ("type", Type::String),
        ("target", Type::String),
        ("source", Type::String),
        ("readonly", Type::Bool),
    ])
}

#[test]
fn object_constructors_read_as_object_types() {
    let m = r#"{ type = "bind", target = "/x", source = "/y", readonly = true }"#;
    assert!(literal(m, &mount()).is_some());
    assert!(literal(&format!("[{m}, {m}]"), &Type::list(mount())).is_some());
    let logging = Type::object([
        ("type", Type::String),
        ("config", Type::list(Type::map(Type::String))),
    ]);
    let v = literal(r#"{ type = "json", config = [{ a = "b" }, {}] }"#, &logging);
    assert!(v.is_some());
    // The last of repeated keys, keywords and keys in another normal form.
    let a = Type::object([("a", Type::String)]);
    let v = literal(r#"{ a = "1", a = "2" }"#, &a).unwrap();
    assert_eq!(v.get_attr("a"), Some(Value::string("2")));
    let null = Type::object([("null", Type::Number)]);
    assert!(literal("{ null = 1 }", &null).is_some());
    let e = Type::object([("\u{e9}", Type::Number)]);
    assert!(literal("{ \"e\u{301}\" = 1 }", &e).is_some());
    assert!(literal("{}", &Type::empty_object()).is_some());
}

#[test]
fn other_object_constructors_are_evaluated() {
    let a = Type::object([("a", Type::String)]);
    // A missing attribute (an optional one is filled, a required one
    // reported), another attribute, a value to convert, a key to evaluate.
    assert!(literal("{}", &a).is_none());
    assert!(literal(r#"{ a = "x", b = "y" }"#, &a).is_none());
    assert!(literal("{ a = 1 }", &a).is_none());
    assert!(literal(r#"{ "${"a"}" = "x" }"#, &a).is_none());
    assert!(literal(r#"{ (a) = "x" }"#, &a).is_none());
    assert!(literal(r#"[{ a = "x" }, { a = 1 }]"#, &Type::list(a)).is_none());
}

#[test]
fn strings_lists_and_maps_read_as_literals() {
    assert!(literal(r#""caf\u00e9 $${x}""#, &Type::String).is_some());
    assert!(literal("<<EOT\none\n  two\ncafe\u{301}\nEOT\n", &Type::String).is_some());
    assert!(literal("<<-EOT\n    one\n      two\n    EOT\n", &Type::String).is_some());
    assert!(literal("<<EOT\nsum ${1}\nEOT\n", &Type::String).is_none());
    assert!(literal(r#"["a", "b"]"#, &Type::list(Type::String)).is_some());
    assert!(literal("[1, 2.5]", &Type::list(Type::Number)).is_some());
    assert!(
        literal(
            r#"{ a = "x", a = "y", "b" = "z" }"#,
            &Type::map(Type::String)
        )
        .is_some()
    );
    assert!(literal("{ a = [true] }", &Type::map(Type::list(Type::Bool))).is_some());
    assert!(literal("[1]", &Type::list(Type::String)).is_none());
}
