//! No `match` over the spec tree's [`Spec`] (or its [`SpecKind`]) has a
//! catch-all arm (issue 33).
//!
//! [`Spec`]: hcldecode_spec::spec::Spec
//! [`SpecKind`]: hcldecode_spec::spec::SpecKind
//!
//! Every layer decides something per spec kind: how to decode it, encode
//! it, print it, check it, complete it in an editor. A `_ =>` arm (or a
//! bare binding such as `other =>` used as the fallback) decides for every
//! kind added later without anyone having looked, and the compiler stays
//! silent. A `match` that tells kinds apart lists every variant (the
//! remaining ones grouped with `|`), so adding a kind is a compile error
//! at every place that must decide about it; a question asked in many
//! places is a method on `Spec` that lists them once (`Spec::wrapped`,
//! `Spec::map_attr`). A question about one kind ("is this an `attr`?")
//! is not a decision per kind and is written as one: `if let`, `let ...
//! else` or `matches!`, without a list of every other variant.
//!
//! The check reads the library and binary crates' sources with `syn`. A
//! `match` is over `Spec` when some arm's pattern, after stripping
//! `name @`, references, parentheses and `|` alternatives, is a path,
//! tuple-struct or struct pattern whose path's second-to-last segment is
//! `Spec` or `SpecKind` (`Spec::Attr(a)`, `SpecKind::Object`); tuple
//! patterns and `Some(..)` are looked into, position by position. In such
//! a match, an arm whose pattern at such a position (or at a tuple or
//! `Some` enclosing it) is `_` or a plain binding is a catch-all. Unit
//! tests (`#[cfg(test)]` items, `tests.rs` and `*_tests.rs` files) are
//! exempt; `if let`, `let ... else` and `matches!` ask about one
//! pattern and are not matches.

use std::path::{Path, PathBuf};

use syn::spanned::Spanned;
use syn::visit::Visit;

/// The crates whose sources are checked.
const CRATES: [&str; 6] = [
    "hcldecode-spec",
    "hcldecode",
    "hcldecode-derive",
    "hcldec",
    "hcldecode-lsp",
    "hclfmt",
];

/// The enums whose matches must list every variant.
const ENUMS: [&str; 2] = ["Spec", "SpecKind"];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        if p.is_dir() {
            if name != "tests" {
                sources(&p, out);
            }
        } else if name.ends_with(".rs") && name != "tests.rs" && !name.ends_with("_tests.rs") {
            out.push(p);
        }
    }
}

/// Where in a pattern a sub-pattern sits: the tuple positions and `Some`
/// layers from the root down.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    Elem(usize),
    Some,
}

/// What a sub-pattern at a position is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    /// A variant of one of [`ENUMS`].
    Variant,
    /// `_` or a plain binding: matches anything.
    Wild,
}

/// Every classified sub-pattern of an arm's pattern: (position, class).
fn classify(
    pat: &syn::Pat,
    at: &mut Vec<Step>,
    self_is_enum: bool,
    out: &mut Vec<(Vec<Step>, Class)>,
) {
    match pat {
        syn::Pat::Ident(p) => match &p.subpat {
            Some((_, sub)) => classify(sub, at, self_is_enum, out),
            // `None`, a unit struct or a constant: not a binding.
            None if p.ident.to_string().starts_with(char::is_uppercase) => {}
            None => out.push((at.clone(), Class::Wild)),
        },
        syn::Pat::Wild(_) => out.push((at.clone(), Class::Wild)),
        syn::Pat::Reference(p) => classify(&p.pat, at, self_is_enum, out),
        syn::Pat::Paren(p) => classify(&p.pat, at, self_is_enum, out),
        syn::Pat::Or(p) => {
            for case in &p.cases {
                classify(case, at, self_is_enum, out);
            }
        }
        syn::Pat::Tuple(t) => {
            for (i, elem) in t.elems.iter().enumerate() {
                if matches!(elem, syn::Pat::Rest(_)) {
                    break;
                }
                at.push(Step::Elem(i));
                classify(elem, at, self_is_enum, out);
                at.pop();
            }
        }
        syn::Pat::TupleStruct(t) if t.path.is_ident("Some") && t.elems.len() == 1 => {
            at.push(Step::Some);
            classify(&t.elems[0], at, self_is_enum, out);
            at.pop();
        }
        syn::Pat::TupleStruct(t) => variant(&t.path, at, self_is_enum, out),
        syn::Pat::Struct(s) => variant(&s.path, at, self_is_enum, out),
        syn::Pat::Path(p) => variant(&p.path, at, self_is_enum, out),
        _ => {}
    }
}

fn variant(path: &syn::Path, at: &[Step], self_is_enum: bool, out: &mut Vec<(Vec<Step>, Class)>) {
    let n = path.segments.len();
    if n < 2 {
        return;
    }
    let owner = path.segments[n - 2].ident.to_string();
    if ENUMS.contains(&owner.as_str()) || (self_is_enum && owner == "Self") {
        out.push((at.to_vec(), Class::Variant));
    }
}

/// The catch-all arms of a match (their patterns' first lines), if it is
/// over one of [`ENUMS`].
fn catch_alls(m: &syn::ExprMatch, self_is_enum: bool) -> Vec<usize> {
    let arms: Vec<Vec<(Vec<Step>, Class)>> = m
        .arms
        .iter()
        .map(|arm| {
            let mut out = Vec::new();
            classify(&arm.pat, &mut Vec::new(), self_is_enum, &mut out);
            out
        })
        .collect();
    let variant_positions: Vec<&Vec<Step>> = arms
        .iter()
        .flatten()
        .filter(|(_, c)| *c == Class::Variant)
        .map(|(p, _)| p)
        .collect();
    m.arms
        .iter()
        .zip(&arms)
        .filter(|(_, classes)| {
            classes.iter().any(|(p, c)| {
                *c == Class::Wild && variant_positions.iter().any(|v| v.starts_with(p))
            })
        })
        .map(|(arm, _)| arm.pat.span().start().line)
        .collect()
}

fn is_cfg_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg") && {
            let mut test = false;
            let _ = a.parse_nested_meta(|meta| {
                test |= meta.path.is_ident("test");
                Ok(())
            });
            test
        }
    })
}

/// Visits a file's matches, skipping unit tests: (arm line, match line).
#[derive(Default)]
struct Checker {
    found: Vec<(usize, usize)>,
    /// Whether the innermost `impl` is for one of [`ENUMS`] (`Self::X`).
    self_is_enum: bool,
}

impl<'ast> Visit<'ast> for Checker {
    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        if !is_cfg_test(&m.attrs) {
            syn::visit::visit_item_mod(self, m);
        }
    }
    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        if !is_cfg_test(&f.attrs) {
            syn::visit::visit_item_fn(self, f);
        }
    }
    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        if !is_cfg_test(&f.attrs) {
            syn::visit::visit_impl_item_fn(self, f);
        }
    }
    fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
        if is_cfg_test(&i.attrs) {
            return;
        }
        let outer = self.self_is_enum;
        self.self_is_enum = matches!(&*i.self_ty, syn::Type::Path(p)
            if p.path.segments.last().is_some_and(|s| ENUMS.contains(&s.ident.to_string().as_str())));
        syn::visit::visit_item_impl(self, i);
        self.self_is_enum = outer;
    }
    fn visit_expr_match(&mut self, m: &'ast syn::ExprMatch) {
        let line = m.match_token.span.start().line;
        for arm in catch_alls(m, self.self_is_enum) {
            self.found.push((arm, line));
        }
        syn::visit::visit_expr_match(self, m);
    }
}

/// The catch-all arms in one file's source, as `file:line: ...` reports.
fn check_source(rel: &str, text: &str) -> Vec<String> {
    let file = syn::parse_file(text).unwrap_or_else(|e| panic!("{rel}: {e}"));
    let mut checker = Checker::default();
    checker.visit_file(&file);
    checker
        .found
        .into_iter()
        .map(|(arm, m)| {
            format!("{rel}:{arm}: the match over Spec at {rel}:{m} has a catch-all arm")
        })
        .collect()
}

#[test]
fn no_match_over_spec_has_a_catch_all_arm() {
    let root = workspace();
    let mut files = Vec::new();
    for krate in CRATES {
        sources(&root.join(krate).join("src"), &mut files);
    }
    assert!(files.len() > 100, "found only {} files", files.len());
    let mut found = Vec::new();
    for path in files {
        let rel = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(&path).unwrap();
        found.extend(check_source(&rel, &text));
    }
    assert!(
        found.is_empty(),
        "{} catch-all arms over Spec (list the remaining variants, grouped with `|`):\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn checker_flags_a_wildcard_over_spec() {
    let src = "fn f(s: &Spec) -> u8 {\n    match s {\n        Spec::Attr(_) => 1,\n        _ => 0,\n    }\n}\n";
    assert_eq!(
        check_source("x.rs", src),
        ["x.rs:4: the match over Spec at x.rs:2 has a catch-all arm"]
    );
}

#[test]
fn checker_flags_bindings_options_and_tuples() {
    let src = r#"
        fn f(s: Option<&Spec>, k: SpecKind, b: bool) {
            match s { Some(spec @ Spec::Attr(a)) => 1, _ => 0 };
            match k { SpecKind::Object | SpecKind::Tuple => 1, other if b => 2, other => 0 };
            match (s, b) { (Some(Spec::Attr(a)), true) => 1, (Some(&Spec::Literal(_)), _) => 2, (x, _) => 0 };
        }
        impl Spec {
            fn g(&self) -> u8 { match self { Self::Attr(_) => 1, _ => 0 } }
        }
    "#;
    let lines: Vec<String> = check_source("x.rs", src)
        .into_iter()
        .map(|r| r.split(": ").next().unwrap().to_string())
        .collect();
    assert_eq!(lines, ["x.rs:3", "x.rs:4", "x.rs:4", "x.rs:5", "x.rs:8"]);
}

#[test]
fn checker_accepts_every_variant_listed_and_other_enums() {
    let src = r#"
        fn f(s: &Spec, o: Option<u8>, k: Kind) {
            match s {
                Spec::Object(_) | Spec::Tuple(_) | Spec::Attr(_) | Spec::Literal(_) => 0,
                Spec::Expr(_) | Spec::Block(_) | Spec::BlockList(_) | Spec::BlockTuple(_) => 1,
                Spec::BlockSet(_) | Spec::BlockMap(_) | Spec::BlockObject(_) => 2,
                Spec::BlockAttrs(_) | Spec::BlockLabel(_) | Spec::Default(_) => 3,
                Spec::Transform(_) | Spec::Validate(_) => 4,
            };
            match (Some(s), 3) { (Some(Spec::Attr(_)), _) => 0, (None, n) => n, (Some(Spec::Expr(_)), _) => 1 };
            match o { Some(1) => 0, _ => 1 };
            match k { Kind::A => 0, _ => 1 };
        }
        #[cfg(test)]
        mod tests {
            fn t(s: &Spec) -> u8 { match s { Spec::Attr(_) => 1, _ => 0 } }
        }
    "#;
    assert_eq!(check_source("x.rs", src), Vec::<String>::new());
}
