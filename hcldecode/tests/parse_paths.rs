//! The files of a configuration parsed together
//! (`parse::parse_paths_with_limits`, on rayon's pool with the `rayon`
//! feature) give what parsing them one by one gives, in the order given,
//! and `Decoder::decode_paths` decodes them as one body.

use std::path::PathBuf;

use hcldecode::eval::Limits;
use hcldecode::parse::{parse_path_with_limits, parse_paths_with_limits};

/// A directory of files: good ones, ones with errors, a JSON one, and a
/// path that does not exist.
fn files(tag: &str) -> (PathBuf, Vec<PathBuf>) {
    let dir = std::env::temp_dir().join(format!(
        "hcldecode-parse-paths-{tag}-{}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let mut paths = Vec::new();
    for i in 0..48 {
        let (name, text) = match i % 6 {
            0 => (
                format!("f{i}.hcl"),
                format!("svc \"s{i}\" {{\n  port = {i}\n}}\n"),
            ),
            1 => (
                format!("f{i}.hcl"),
                format!("svc \"s{i}\" {{\n  port = \n}}\n"),
            ),
            2 => (
                format!("f{i}.hcl.json"),
                format!("{{\"svc\": {{\"s{i}\": {{\"port\": {i}}}}}}}"),
            ),
            3 => (
                format!("f{i}.hcl"),
                format!("svc \"s{i}\" {{\n  port = \"{i}\n"),
            ),
            4 => (format!("missing{i}.hcl"), String::new()),
            _ => (format!("f{i}.hcl"), format!("# only a comment {i}\n")),
        };
        let path = dir.join(&name);
        if i % 6 != 4 {
            std::fs::write(&path, text).unwrap();
        }
        paths.push(path);
    }
    (dir, paths)
}

/// What one parse gives, written out: the file's name, text and
/// top-level blocks, and every diagnostic with its range.
fn described(r: &(Option<hcldecode::parse::File>, hcldecode::Diagnostics)) -> String {
    let (f, diags) = r;
    let file = f
        .as_ref()
        .map(|f| format!("{} {:?} {:?}", f.source.name(), f.source.source(), f.blocks));
    let diags: Vec<String> = diags
        .iter()
        .map(|d| {
            format!(
                "{:?} {} {:?}",
                d.severity,
                d.summary,
                d.subject.as_ref().map(|r| r.to_string())
            )
        })
        .collect();
    format!("{file:?} {diags:?}")
}

#[test]
fn files_parsed_together_are_the_files_parsed_one_by_one() {
    let (dir, paths) = files("parse");
    let together = parse_paths_with_limits(&paths, &Limits::DEFAULT);
    assert_eq!(together.len(), paths.len());
    for (p, got) in paths.iter().zip(&together) {
        let alone = parse_path_with_limits(p, &Limits::DEFAULT);
        assert_eq!(described(got), described(&alone), "{}", p.display());
    }
    // Each kind of file is there: errors, a missing file, JSON.
    assert!(together[1].1.has_errors());
    assert!(together[4].0.is_none());
    assert!(together[2].0.is_some() && together[2].1.is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(feature = "derive")]
#[test]
fn a_directory_of_files_decodes_as_one_body() {
    use std::collections::BTreeMap;
    #[derive(hcldecode::HclDecode, Debug, PartialEq)]
    struct Svc {
        port: u16,
    }
    #[derive(hcldecode::HclDecode, Debug, PartialEq)]
    struct Config {
        #[hcl(block)]
        svc: BTreeMap<String, Svc>,
    }
    let (dir, paths) = files("decode");
    // The good files alone: every block, from every file.
    let good: Vec<&PathBuf> = paths
        .iter()
        .enumerate()
        .filter(|(i, _)| matches!(i % 6, 0 | 2 | 5))
        .map(|(_, p)| p)
        .collect();
    let c: Config = hcldecode::Decoder::new().decode_paths(&good).unwrap();
    assert_eq!(c.svc.len(), 16);
    assert_eq!(c.svc["s12"].port, 12);
    assert_eq!(c.svc["s14"].port, 14);
    // All of them: the errors of every file, in the order of the paths.
    let e = hcldecode::Decoder::new()
        .decode_paths::<Config, _>(&paths)
        .unwrap_err();
    let files: Vec<String> = e
        .diagnostics()
        .iter()
        .filter_map(|d| d.subject.as_ref().map(|r| r.filename.to_string()))
        .collect();
    let mut sorted = files.clone();
    sorted.sort_by_key(|f| {
        paths
            .iter()
            .position(|p| p.to_string_lossy() == *f)
            .unwrap_or(usize::MAX)
    });
    assert_eq!(files, sorted);
    assert!(files.iter().any(|f| f.ends_with("f1.hcl")));
    assert!(files.iter().any(|f| f.ends_with("f45.hcl")));
    std::fs::remove_dir_all(&dir).unwrap();
}
