//! The module graph of every crate in the workspace has no cycles.
//!
//! The rules (docs/architecture.md, "Dependencies"):
//!
//! - in every module, its child modules depend on each other in one
//!   direction only: if anything under `a` uses anything under `b`,
//!   nothing under `b` uses anything under `a`;
//! - a module uses no item its ancestors define: not their functions,
//!   constants, statics or macros, and not their types or traits either.
//!   A child reaching up into its parent is doing a sibling's work where
//!   the sibling rule cannot see it, and can hide a cycle (child -> crate
//!   root -> sibling -> child). What parent and children share lives in a
//!   sibling module named for what it holds, which both use and the
//!   parent re-exports (`pub use`) where it is public API; an item an
//!   ancestor re-exports from elsewhere is fine, as it resolves to the
//!   module that defines it. Unit-test modules (`tests`, `*_tests`) may
//!   use their parent's items.
//!
//! The check reads the sources with `syn`: every `use` tree and every path
//! that starts with `crate`, `super` or `self` (in code and in macro
//! arguments) is resolved through the module tree and through `pub use`
//! re-exports to the module that defines the item, so `crate::Value` counts
//! as a use of `value`, not of the crate root.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::Visit;

/// A module: its path from the crate root, its items' names, its `pub use`
/// re-exports and the paths it refers to.
#[derive(Default)]
struct Module {
    file: PathBuf,
    children: BTreeSet<String>,
    /// Items defined here (types, functions, traits, macros, ...).
    items: BTreeSet<String>,
    /// `pub use` names: name -> the path as written, resolved later.
    reexports: Vec<(String, Vec<String>)>,
    /// `pub use path::*`.
    glob_reexports: Vec<Vec<String>>,
    /// Paths used, as written (starting with `crate`, `super`, `self` or
    /// a child module's name).
    refs: Vec<Vec<String>>,
}

type Tree = BTreeMap<Vec<String>, Module>;

fn load_crate(src_root: &Path) -> Tree {
    let mut tree = Tree::new();
    let root_file = if src_root.join("lib.rs").exists() {
        src_root.join("lib.rs")
    } else {
        src_root.join("main.rs")
    };
    load_file(&mut tree, Vec::new(), &root_file, src_root.to_path_buf());
    tree
}

/// Loads the module at `path` from `file`, whose `mod x;` children live in
/// `child_dir`.
fn load_file(tree: &mut Tree, path: Vec<String>, file: &Path, child_dir: PathBuf) {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let parsed = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    load_items(tree, path, file, child_dir, &parsed.items);
}

fn load_items(
    tree: &mut Tree,
    path: Vec<String>,
    file: &Path,
    child_dir: PathBuf,
    items: &[syn::Item],
) {
    let mut module = Module {
        file: file.to_path_buf(),
        ..Module::default()
    };
    let mut children: Vec<(String, ChildSource<'_>)> = Vec::new();
    for item in items {
        match item {
            syn::Item::Mod(m) => {
                let name = m.ident.to_string();
                module.children.insert(name.clone());
                match &m.content {
                    Some((_, inner)) => children.push((name, ChildSource::Inline(inner))),
                    None => {
                        let explicit = m.attrs.iter().find_map(|a| {
                            let nv = a.meta.require_name_value().ok()?;
                            if !nv.path.is_ident("path") {
                                return None;
                            }
                            match &nv.value {
                                syn::Expr::Lit(syn::ExprLit {
                                    lit: syn::Lit::Str(s),
                                    ..
                                }) => Some(s.value()),
                                _ => None,
                            }
                        });
                        children.push((name, ChildSource::File(explicit)));
                    }
                }
            }
            syn::Item::Use(u) => {
                // Private imports are followed too: a child reaches its
                // parent's (`super::x` where the parent has `use a::x`),
                // and the dependency is on `a`, not on the parent.
                let mut flat = Vec::new();
                flatten_use(&u.tree, &mut Vec::new(), &mut flat);
                for (p, rename, glob) in flat {
                    if glob {
                        module.glob_reexports.push(p.clone());
                    } else if let Some(name) = rename {
                        module.reexports.push((name, p.clone()));
                    }
                    module.refs.push(p);
                }
            }
            other => {
                if let Some(name) = item_name(other) {
                    module.items.insert(name);
                }
                let mut v = PathCollector {
                    refs: &mut module.refs,
                };
                v.visit_item(other);
            }
        }
    }
    tree.insert(path.clone(), module);
    for (name, source) in children {
        let mut child = path.clone();
        child.push(name.clone());
        match source {
            ChildSource::Inline(items) => {
                load_items(tree, child, file, child_dir.join(&name), items);
            }
            ChildSource::File(Some(explicit)) => {
                // Relative to the directory of the declaring file.
                let f = file.parent().unwrap_or(Path::new(".")).join(explicit);
                let dir = f.with_extension("");
                load_file(tree, child, &f, dir);
            }
            ChildSource::File(None) => {
                let flat = child_dir.join(format!("{name}.rs"));
                if flat.exists() {
                    load_file(tree, child, &flat, child_dir.join(&name));
                } else {
                    let nested = child_dir.join(&name).join("mod.rs");
                    load_file(tree, child, &nested, child_dir.join(&name));
                }
            }
        }
    }
}

enum ChildSource<'a> {
    Inline(&'a [syn::Item]),
    File(Option<String>),
}

fn item_name(item: &syn::Item) -> Option<String> {
    Some(match item {
        syn::Item::Const(i) => i.ident.to_string(),
        syn::Item::Enum(i) => i.ident.to_string(),
        syn::Item::Fn(i) => i.sig.ident.to_string(),
        syn::Item::Macro(i) => i.ident.as_ref()?.to_string(),
        syn::Item::Static(i) => i.ident.to_string(),
        syn::Item::Struct(i) => i.ident.to_string(),
        syn::Item::Trait(i) => i.ident.to_string(),
        syn::Item::Type(i) => i.ident.to_string(),
        syn::Item::Union(i) => i.ident.to_string(),
        _ => return None,
    })
}

/// Each leaf of a use tree: its path, the name it binds (`None` for `_`),
/// and whether it is a glob.
fn flatten_use(
    tree: &syn::UseTree,
    prefix: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>, bool)>,
) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            flatten_use(&p.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(n) => {
            let name = n.ident.to_string();
            if name == "self" {
                out.push((prefix.clone(), prefix.last().cloned(), false));
            } else {
                let mut p = prefix.clone();
                p.push(name.clone());
                out.push((p, Some(name), false));
            }
        }
        syn::UseTree::Rename(r) => {
            let mut p = prefix.clone();
            let name = r.ident.to_string();
            if name != "self" {
                p.push(name);
            }
            let bound = r.rename.to_string();
            out.push((p, (bound != "_").then_some(bound), false));
        }
        syn::UseTree::Glob(_) => out.push((prefix.clone(), None, true)),
        syn::UseTree::Group(g) => {
            for t in &g.items {
                flatten_use(t, prefix, out);
            }
        }
    }
}

/// Paths in code starting with `crate`, `super` or `self`, also inside
/// macro arguments. Nested modules are their own modules (not visited).
struct PathCollector<'a> {
    refs: &'a mut Vec<Vec<String>>,
}

impl<'ast> Visit<'ast> for PathCollector<'_> {
    fn visit_item_mod(&mut self, _: &'ast syn::ItemMod) {}

    fn visit_visibility(&mut self, _: &'ast syn::Visibility) {}

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        // A `use` inside a function body.
        let mut flat = Vec::new();
        flatten_use(&u.tree, &mut Vec::new(), &mut flat);
        self.refs.extend(flat.into_iter().map(|(p, _, _)| p));
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        let segs: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
        if matches!(
            segs.first().map(String::as_str),
            Some("crate" | "super" | "self")
        ) && segs.len() > 1
        {
            self.refs.push(segs);
        }
        syn::visit::visit_path(self, p);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        self.visit_path(&m.path);
        scan_tokens(m.tokens.clone(), self.refs);
    }
}

/// `crate::a::b` sequences in a token stream.
fn scan_tokens(tokens: TokenStream, refs: &mut Vec<Vec<String>>) {
    let tts: Vec<TokenTree> = tokens.into_iter().collect();
    let mut i = 0;
    while i < tts.len() {
        if let TokenTree::Group(g) = &tts[i] {
            scan_tokens(g.stream(), refs);
        }
        if let TokenTree::Ident(id) = &tts[i] {
            let first = id.to_string();
            if matches!(first.as_str(), "crate" | "super" | "self")
                && (i == 0 || !is_colon(&tts[i - 1]))
            {
                let mut path = vec![first];
                let mut j = i + 1;
                while j + 2 < tts.len() + 1
                    && j + 1 < tts.len()
                    && is_colon(&tts[j])
                    && is_colon(&tts[j + 1])
                {
                    match tts.get(j + 2) {
                        Some(TokenTree::Ident(next)) => {
                            path.push(next.to_string());
                            j += 3;
                        }
                        _ => break,
                    }
                }
                if path.len() > 1 {
                    refs.push(path);
                }
                i = j;
                continue;
            }
        }
        i += 1;
    }
}

fn is_colon(t: &TokenTree) -> bool {
    matches!(t, TokenTree::Punct(p) if p.as_char() == ':')
}

/// Resolves `path`, written in module `from`, to the module that defines
/// its item: `None` for paths into other crates.
fn resolve(tree: &Tree, from: &[String], path: &[String]) -> Option<Vec<String>> {
    resolve_in(tree, from, path, true)
}

/// As [`resolve`]; with `follow` false, a re-export is not followed: the
/// path leads to the module it names, as a tool that reads imports
/// without resolving them sees it.
fn resolve_in(tree: &Tree, from: &[String], path: &[String], follow: bool) -> Option<Vec<String>> {
    let mut at: Vec<String> = from.to_vec();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            at.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                at.pop()?;
                rest = &rest[1..];
            }
        }
        Some(first) => {
            // A child module's name (uniform paths); anything else is
            // another crate.
            if !tree.get(&at)?.children.contains(first) {
                return None;
            }
        }
        None => return None,
    }
    descend(tree, at, rest, 0, follow)
}

fn descend(
    tree: &Tree,
    mut at: Vec<String>,
    rest: &[String],
    depth: usize,
    follow: bool,
) -> Option<Vec<String>> {
    if depth > 16 {
        return Some(at);
    }
    for (i, seg) in rest.iter().enumerate() {
        let module = tree.get(&at)?;
        if module.children.contains(seg) {
            at.push(seg.clone());
            continue;
        }
        if module.items.contains(seg) {
            return Some(at);
        }
        if !follow {
            return Some(at);
        }
        // A re-export: follow it to where the item is defined.
        if let Some((_, target)) = module.reexports.iter().find(|(n, _)| n == seg) {
            let resolved = resolve(tree, &at, target)?;
            let _ = i;
            return Some(resolved);
        }
        for glob in &module.glob_reexports {
            if let Some(g) = resolve(tree, &at, glob) {
                let mut probe = vec![seg.clone()];
                probe.extend(rest[i + 1..].iter().cloned());
                if let Some(r) = tree.get(&g).and_then(|m| {
                    (m.items.contains(seg)
                        || m.children.contains(seg)
                        || m.reexports.iter().any(|(n, _)| n == seg))
                    .then_some(())
                }) {
                    let () = r;
                    return descend(tree, g, &probe, depth + 1, follow);
                }
            }
        }
        return Some(at);
    }
    Some(at)
}

/// The cycles among siblings, as readable lines.
fn cycles(crate_name: &str, tree: &Tree) -> Vec<String> {
    cycles_in(crate_name, tree, true)
}

/// The cycles among siblings, re-exports followed to where their items
/// are defined (`follow`) or taken as written.
fn cycles_in(crate_name: &str, tree: &Tree, follow: bool) -> Vec<String> {
    // Per parent: edges between its children, with one example each.
    let mut edges: BTreeMap<Vec<String>, BTreeMap<(String, String), String>> = BTreeMap::new();
    for (from, module) in tree {
        for r in &module.refs {
            let Some(to) = resolve_in(tree, from, r, follow) else {
                continue;
            };
            let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
            if common == from.len() || common == to.len() {
                continue; // ancestor or descendant
            }
            let parent = from[..common].to_vec();
            let file = module
                .file
                .strip_prefix(workspace())
                .unwrap_or(&module.file);
            let example = format!("{} uses {}", file.display(), r.join("::"));
            edges
                .entry(parent)
                .or_default()
                .entry((from[common].clone(), to[common].clone()))
                .or_insert(example);
        }
    }
    let mut found = Vec::new();
    for (parent, es) in &edges {
        let nodes: BTreeSet<&String> = es.keys().flat_map(|(a, b)| [a, b]).collect();
        // Strongly connected components: nodes that reach each other.
        let mut done: BTreeSet<&String> = BTreeSet::new();
        for a in &nodes {
            if done.contains(a) {
                continue;
            }
            let scc: BTreeSet<&String> = nodes
                .iter()
                .filter(|b| {
                    *b == a
                        || (path_between(es, a, b, &mut BTreeSet::new()).is_some()
                            && path_between(es, b, a, &mut BTreeSet::new()).is_some())
                })
                .copied()
                .collect();
            done.extend(scc.iter().copied());
            if scc.len() < 2 {
                continue;
            }
            let at = if parent.is_empty() {
                crate_name.to_string()
            } else {
                format!("{crate_name}::{}", parent.join("::"))
            };
            let members: Vec<&str> = scc.iter().map(|s| s.as_str()).collect();
            let mut line = format!("in {at}, a cycle through {}:", members.join(", "));
            for ((x, y), ex) in es {
                if scc.contains(x) && scc.contains(y) {
                    line.push_str(&format!("\n    {x} -> {y}: {ex}"));
                }
            }
            found.push(line);
        }
    }
    found
}

/// The examples along a path of edges from `a` to `b`, if there is one.
fn path_between(
    es: &BTreeMap<(String, String), String>,
    a: &str,
    b: &str,
    seen: &mut BTreeSet<String>,
) -> Option<Vec<String>> {
    if !seen.insert(a.to_string()) {
        return None;
    }
    for ((x, y), ex) in es {
        if x != a {
            continue;
        }
        if y == b {
            return Some(vec![ex.clone()]);
        }
        if let Some(mut rest) = path_between(es, y, b, seen) {
            rest.insert(0, ex.clone());
            return Some(rest);
        }
    }
    None
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

#[test]
fn no_module_cycles() {
    let mut all = Vec::new();
    for krate in [
        "hcldecode-spec",
        "hcldecode-derive",
        "hcldecode",
        "hcldec",
        "hcldecode-lsp",
    ] {
        let tree = load_crate(&workspace().join(krate).join("src"));
        assert!(
            tree.len() > 1 || krate == "hcldec",
            "{krate}: no modules found"
        );
        all.extend(cycles(krate, &tree));
    }
    assert!(all.is_empty(), "module cycles:\n{}", all.join("\n"));
}

/// Read as written (re-exports not followed), the imports show no cycle
/// either: no module reaches its own items through another module's
/// re-export, so a tool that reads `use` lines sees the layering the code
/// has.
#[test]
fn no_module_cycles_as_written() {
    let mut all = Vec::new();
    for krate in [
        "hcldecode-spec",
        "hcldecode-derive",
        "hcldecode",
        "hcldec",
        "hcldecode-lsp",
    ] {
        let tree = load_crate(&workspace().join(krate).join("src"));
        all.extend(cycles_in(krate, &tree, false));
    }
    assert!(
        all.is_empty(),
        "module cycles as written:\n{}",
        all.join("\n")
    );
}

/// Modules use no item their ancestors define, types and traits included:
/// an ancestor's item that a child uses is a sibling's work placed where
/// the graph cannot see it (a child calling the crate root's function,
/// which calls another child, is a cycle the sibling rule misses). Shared
/// vocabulary lives in a sibling module the ancestor re-exports; a use
/// through that re-export resolves to the sibling. Any other use fails.
#[test]
fn descendants_use_no_items_of_their_ancestors() {
    let mut found = Vec::new();
    for krate in [
        "hcldecode-spec",
        "hcldecode-derive",
        "hcldecode",
        "hcldec",
        "hcldecode-lsp",
    ] {
        let tree = load_crate(&workspace().join(krate).join("src"));
        for (from, module) in &tree {
            for r in &module.refs {
                let Some(to) = resolve_in(&tree, from, r, true) else {
                    continue;
                };
                if to.len() >= from.len() || from[..to.len()] != to[..] {
                    continue; // not a strict ancestor
                }
                // Unit tests exercise their parent's functions.
                if from
                    .last()
                    .is_some_and(|m| m == "tests" || m.ends_with("_tests"))
                {
                    continue;
                }
                let Some(name) = r.last() else { continue };
                if tree.get(&to).is_some_and(|m| m.items.contains(name)) {
                    let file = module
                        .file
                        .strip_prefix(workspace())
                        .unwrap_or(&module.file);
                    found.push(format!("{krate}: {} uses {}", file.display(), r.join("::")));
                }
            }
        }
    }
    found.sort();
    found.dedup();
    assert!(
        found.is_empty(),
        "modules use items their ancestors define: move each into a sibling \
         module named for what it holds, which the parent and the children \
         both use and the parent re-exports where it is public API \
         (docs/architecture.md, \"Dependencies\"):\n{}",
        found.join("\n")
    );
}

/// The module tree of a crate whose root is `src` (inline modules only).
fn tree_of(src: &str) -> Tree {
    let file = syn::parse_file(src).unwrap();
    let mut tree = Tree::new();
    load_items(
        &mut tree,
        Vec::new(),
        Path::new("lib.rs"),
        PathBuf::from("/nonexistent"),
        &file.items,
    );
    tree
}

/// The checker finds a cycle where there is one and follows re-exports.
#[test]
fn checker_sees_cycles_through_reexports() {
    let src = "
        pub use a::Thing;
        mod a { pub struct Thing; pub fn f() { crate::b::g(); } }
        mod b { pub fn g() { let _ = crate::Thing; } }
        mod c { pub fn h() { crate::a::f(); } }
    ";
    let tree = tree_of(src);
    let found = cycles("demo", &tree);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("in demo, a cycle through a, b:"),
        "{found:?}"
    );
    assert_eq!(
        resolve(&tree, &["c".into()], &["crate".into(), "Thing".into()]),
        Some(vec!["a".to_string()])
    );
    // As written, `crate::Thing` names the root (an ancestor): no edge
    // from b to a, so no cycle.
    assert_eq!(
        resolve_in(
            &tree,
            &["c".into()],
            &["crate".into(), "Thing".into()],
            false
        ),
        Some(Vec::new())
    );
    assert!(cycles_in("demo", &tree, false).is_empty());
}

/// A child reaching an item through its parent's private import depends on
/// the module the item comes from: the checker sees the cycle it makes.
#[test]
fn checker_follows_private_imports() {
    let src = "
        mod p {
            use crate::q::helper;
            mod child { pub fn f() { super::helper(); } }
            pub struct Vocabulary;
        }
        mod q { pub fn helper() { let _ = crate::p::Vocabulary; } }
    ";
    let tree = tree_of(src);
    assert_eq!(
        resolve(
            &tree,
            &["p".into(), "child".into()],
            &["super".into(), "helper".into()]
        ),
        Some(vec!["q".to_string()])
    );
    let found = cycles("demo", &tree);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("in demo, a cycle through p, q:"),
        "{found:?}"
    );
}
