//! Scripted edits of real JSON-syntax files (`hcldecode::edit::JsonDocument`):
//! on each file, parse then print is the identity, and five edits (set,
//! rename and remove the first attribute found depth first, add a labelled
//! block, remove the first block) each give JSON that serde_json reads as
//! the old document with that edit made, laid out as the file was (a
//! file indented one step per level stays so). CI runs it on the project's
//! JSON files; `HCLDECODE_JSON_CORPUS=DIR` runs it on another directory.

use std::path::{Path, PathBuf};

use hcldecode::Value;
use hcldecode::edit::{JsonBodyMut, JsonDocument};
use serde_json::Value as J;

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|x| x == "json")
            && !p
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("expected"))
        {
            out.push(p);
        }
    }
}

/// The indentation step of `text` (its first indented line's), and
/// whether every line is indented one step per open bracket before it.
fn layout(text: &str) -> (String, bool) {
    let unit: String = text
        .lines()
        .map(|l| &l[..l.len() - l.trim_start().len()])
        .find(|i| !i.is_empty())
        .unwrap_or("  ")
        .to_string();
    let mut depth = 0usize;
    let (mut in_string, mut escaped) = (false, false);
    let mut ok = true;
    for line in text.lines() {
        let t = line.trim_start();
        let closes = t.starts_with('}') || t.starts_with(']');
        let want = unit.repeat(depth.saturating_sub(usize::from(closes)));
        if line[..line.len() - t.len()] != want || line.ends_with(' ') {
            ok = false;
        }
        for c in t.chars() {
            match (in_string, escaped, c) {
                (true, true, _) => escaped = false,
                (true, false, '\\') => escaped = true,
                (_, _, '"') => in_string = !in_string,
                (false, _, '{' | '[') => depth += 1,
                (false, _, '}' | ']') => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
    }
    (unit, ok)
}

/// The first property, depth first through objects (and the first element
/// of arrays of objects), whose value is not an object: its path of keys.
fn first_attribute(v: &J, path: &mut Vec<String>) -> bool {
    let J::Object(m) = v else { return false };
    for (k, x) in m {
        path.push(k.clone());
        match x {
            J::Object(_) if first_attribute(x, path) => return true,
            J::Array(a) if a.iter().all(J::is_object) && !a.is_empty() => {
                if first_attribute(&a[0], path) {
                    return true;
                }
            }
            J::Object(_) => {}
            _ => return true,
        }
        path.pop();
    }
    false
}

/// The object at `keys` (through first elements of arrays).
fn object_at<'a>(v: &'a mut J, keys: &[String]) -> &'a mut serde_json::Map<String, J> {
    let mut at = v;
    for k in keys {
        at = at.as_object_mut().unwrap().get_mut(k).unwrap();
        if let J::Array(a) = at {
            at = &mut a[0];
        }
    }
    at.as_object_mut().unwrap()
}

/// Whether an object of the JSON text has a key twice.
fn has_duplicate_keys(text: &str) -> bool {
    use hcldecode_spec::syntax::json::{self, ast};
    fn dup(doc: &ast::Document, v: ast::Value) -> bool {
        match v {
            ast::Value::Object(o) => {
                let props = o.props(doc);
                let mut keys: Vec<&str> = props.iter().map(|p| p.key.value(doc)).collect();
                keys.sort_unstable();
                keys.windows(2).any(|w| w[0] == w[1]) || props.iter().any(|p| dup(doc, p.value))
            }
            ast::Value::Array(a) => a.items(doc).iter().any(|e| dup(doc, *e)),
            _ => false,
        }
    }
    let (file, _) = json::parse(json::source_from_bytes("x.json", text.as_bytes().to_vec()));
    dup(&file.doc, file.root)
}

fn body<'a>(doc: &'a mut JsonDocument, keys: &[String]) -> JsonBodyMut<'a> {
    let root = doc.body_mut();
    match keys.split_first() {
        None => root,
        Some((ty, labels)) => {
            let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
            root.block(ty, &labels).unwrap()
        }
    }
}

#[derive(Debug, Default)]
struct Counts {
    files: usize,
    identical: usize,
    laid_out: usize,
    duplicates: usize,
    edits: usize,
    wrong: Vec<String>,
}

/// Runs the five edits on `text`; each result compared with serde_json's
/// reading of the old text with the edit made.
fn scripted(name: &str, text: &str, c: &mut Counts) {
    let Ok(doc) = JsonDocument::parse(name, text) else {
        return;
    };
    let Ok(old) = serde_json::from_str::<J>(text) else {
        return;
    };
    c.files += 1;
    if has_duplicate_keys(text) {
        // serde_json keeps the last of duplicates, an edit the first: no
        // oracle for these.
        c.duplicates += 1;
        c.identical += usize::from(doc.to_string() == text);
        return;
    }
    if doc.to_string() == text {
        c.identical += 1;
    }
    let pretty = layout(text).1 && text.lines().count() > 1;
    c.laid_out += usize::from(pretty);
    let mut path = Vec::new();
    let has_attr = first_attribute(&old, &mut path);
    let mut check = |what: &str, d: JsonDocument, want: J| {
        c.edits += 1;
        let out = d.to_string();
        let got: Result<J, _> = serde_json::from_str(&out);
        if got.as_ref().ok() != Some(&want) {
            c.wrong
                .push(format!("{name}: {what}: reads as something else:\n{out}"));
        } else if pretty && !layout(&out).1 {
            c.wrong.push(format!("{name}: {what}: layout lost:\n{out}"));
        }
    };
    if has_attr {
        let (attr, at) = path.split_last().unwrap();
        let mut d = doc.clone();
        body(&mut d, at)
            .set_attribute(attr, &Value::string("edited"))
            .unwrap();
        let mut want = old.clone();
        object_at(&mut want, at).insert(attr.clone(), J::String("edited".into()));
        check("set", d, want);

        let to = "renamed_by_test";
        let mut d = doc.clone();
        if body(&mut d, at).rename_attribute(attr, to).is_ok() {
            let mut want = old.clone();
            let m = object_at(&mut want, at);
            let v = m.remove(attr).unwrap();
            m.insert(to.into(), v);
            check("rename", d, want);
        }

        let mut d = doc.clone();
        body(&mut d, at).remove_attribute(attr).unwrap();
        let mut want = old.clone();
        object_at(&mut want, at).remove(attr);
        check("remove", d, want);
    }
    let mut d = doc.clone();
    d.body_mut()
        .add_block("hcldecode_test", &["x"])
        .unwrap()
        .set_attribute("n", &Value::int(1))
        .unwrap();
    let mut want = old.clone();
    want.as_object_mut().unwrap().insert(
        "hcldecode_test".into(),
        serde_json::json!({ "x": { "n": 1 } }),
    );
    check("add block", d, want);

    let first_block = old
        .as_object()
        .unwrap()
        .iter()
        .find(|(_, v)| v.is_object())
        .map(|(k, _)| k.clone());
    if let Some(ty) = first_block {
        let mut d = doc.clone();
        d.body_mut().remove_block(&ty, &[]).unwrap();
        let mut want = old.clone();
        want.as_object_mut().unwrap().remove(&ty);
        check("remove block", d, want);
    }
}

#[test]
fn scripted_edits_of_json_files_read_as_edited() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    match std::env::var_os("HCLDECODE_JSON_CORPUS") {
        Some(dir) => walk(Path::new(&dir), &mut files),
        None => {
            walk(&root.join("conformance"), &mut files);
            walk(&root.join("data"), &mut files);
        }
    }
    files.sort();
    let mut c = Counts::default();
    for f in &files {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        scripted(&f.display().to_string(), &text, &mut c);
    }
    println!(
        "json corpus: {} files read, {} identical, {} laid out one step per level, {} with duplicate keys (not edited), {} edits, {} wrong",
        c.files,
        c.identical,
        c.laid_out,
        c.duplicates,
        c.edits,
        c.wrong.len()
    );
    assert_eq!(c.identical, c.files);
    assert!(c.wrong.is_empty(), "{}", c.wrong.join("\n\n"));
    if std::env::var_os("HCLDECODE_JSON_CORPUS").is_none() {
        assert!(c.files >= 50, "only {} files", c.files);
    }
}
