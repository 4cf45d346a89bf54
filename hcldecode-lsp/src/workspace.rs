//! The files of one configuration: a document's siblings (the files of
//! its directory with the same suffix, native or JSON), open ones with the
//! editor's text, the others as they are on disk. A schema that declares
//! variables and locals decodes a document together with them, as the
//! library's many-file decoding reads a directory, so a variable declared
//! in `variables.hcl` is known in `main.hcl`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::text::Document;

/// The most sibling files read for one document, and the largest read
/// (a directory of thousands of files, or a huge one, is not a module).
const MAX_SIBLINGS: usize = 256;
const MAX_SIBLING_BYTES: u64 = 4 << 20;

/// The path of a `file://` URI (percent escapes decoded); `None` for other
/// schemes and hosts.
pub(crate) fn file_path(uri: &str) -> Option<PathBuf> {
    let rest = uri.strip_prefix("file://")?;
    // `file://host/path`: only the local host.
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    if !rest.starts_with('/') {
        return None;
    }
    let path = percent_encoding::percent_decode_str(rest)
        .decode_utf8()
        .ok()?;
    Some(PathBuf::from(path.into_owned()))
}

/// What a path's characters are escaped as in a `file://` URI: controls,
/// space and the characters that would end the path or start an escape.
const PATH_ESCAPES: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'`')
    .add(b'{')
    .add(b'}');

/// The `file://` URI of `path`, as editors write them.
pub(crate) fn file_uri(path: &Path) -> String {
    let text = path.to_string_lossy();
    format!(
        "file://{}",
        percent_encoding::utf8_percent_encode(&text, PATH_ESCAPES)
    )
}

/// The suffix that makes a file part of `path`'s configuration: its
/// extension, a JSON file's inner one (`.hcl` for `a.hcl.json`).
fn suffix(path: &Path) -> Option<String> {
    let name = path.file_name()?.to_str()?;
    let name = name.strip_suffix(".json").unwrap_or(name);
    let dot = name.rfind('.')?;
    Some(name[dot..].to_string())
}

fn same_configuration(path: &Path, suffix: &str) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.ends_with(suffix) || n.ends_with(&format!("{suffix}.json")))
}

/// The other files of `uri`'s configuration, by URI: `(uri, text)`, open
/// documents with the editor's text, in URI order.
pub(crate) fn siblings(docs: &HashMap<String, Document>, uri: &str) -> Vec<(String, String)> {
    let Some(path) = file_path(uri) else {
        return Vec::new();
    };
    let (Some(dir), Some(suffix)) = (path.parent(), suffix(&path)) else {
        return Vec::new();
    };
    let mut out: Vec<(String, String)> = Vec::new();
    let mut open_paths = Vec::new();
    for (u, d) in docs {
        let Some(p) = file_path(u) else { continue };
        open_paths.push(p.clone());
        if u != uri && p.parent() == Some(dir) && same_configuration(&p, &suffix) {
            out.push((u.clone(), d.text().to_string()));
        }
    }
    if let Ok(entries) = std::fs::read_dir(dir) {
        let mut paths: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                *p != path
                    && same_configuration(p, &suffix)
                    && !open_paths.contains(p)
                    && p.metadata()
                        .is_ok_and(|m| m.is_file() && m.len() <= MAX_SIBLING_BYTES)
            })
            .collect();
        paths.sort();
        for p in paths {
            if let Ok(text) = std::fs::read_to_string(&p) {
                out.push((file_uri(&p), text));
            }
        }
    }
    out.sort();
    out.truncate(MAX_SIBLINGS);
    out
}

/// The open documents of `uri`'s configuration other than `uri`.
pub(crate) fn open_siblings(docs: &HashMap<String, Document>, uri: &str) -> Vec<String> {
    let Some(path) = file_path(uri) else {
        return Vec::new();
    };
    let (Some(dir), Some(suffix)) = (path.parent(), suffix(&path)) else {
        return Vec::new();
    };
    let mut out: Vec<String> = docs
        .keys()
        .filter(|u| *u != uri)
        .filter(|u| {
            file_path(u).is_some_and(|p| p.parent() == Some(dir) && same_configuration(&p, &suffix))
        })
        .cloned()
        .collect();
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_uris_become_paths() {
        assert_eq!(
            file_path("file:///a/b%20c.hcl"),
            Some(PathBuf::from("/a/b c.hcl"))
        );
        assert_eq!(
            file_path("file://localhost/x.hcl"),
            Some(PathBuf::from("/x.hcl"))
        );
        assert_eq!(file_path("untitled:1"), None);
        assert_eq!(file_path("file:///a/%zz"), Some(PathBuf::from("/a/%zz")));
        // And back, for files read from disk: a URI the protocol parses.
        let uri = file_uri(Path::new("/a/b c#1.hcl"));
        assert_eq!(uri, "file:///a/b%20c%231.hcl");
        assert!(uri.parse::<lsp_types::Uri>().is_ok());
        assert_eq!(file_path(&uri), Some(PathBuf::from("/a/b c#1.hcl")));
    }

    #[test]
    fn a_configuration_is_one_suffix_native_or_json() {
        assert_eq!(suffix(Path::new("/m/main.tf")).as_deref(), Some(".tf"));
        assert_eq!(
            suffix(Path::new("/m/vars.hcl.json")).as_deref(),
            Some(".hcl")
        );
        assert!(same_configuration(Path::new("/m/x.hcl.json"), ".hcl"));
        assert!(!same_configuration(Path::new("/m/x.tf"), ".hcl"));
    }
}
