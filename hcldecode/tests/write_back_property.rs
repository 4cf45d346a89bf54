//! Issue 35's property: for random derived values and random edits of a
//! decoded, real-shaped, formatted document with a comment above every
//! block, `update_from` writes a document that decodes to the edited
//! value, stays formatted, keeps each surviving block's comment directly
//! above it, and drops the comments of removed blocks.

#![cfg(feature = "derive")]

use std::collections::BTreeMap;

use hcldecode::edit::Document;
use hcldecode::format::format;
use hcldecode::{HclDecode, HclEncode};
use proptest::prelude::*;

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
struct Task {
    #[hcl(label)]
    name: String,
    driver: String,
    #[hcl(default)]
    env: BTreeMap<String, String>,
    #[hcl(default)]
    args: Vec<String>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
struct Group {
    #[hcl(label)]
    name: String,
    count: u32,
    #[hcl(block)]
    task: Vec<Task>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
struct Job {
    #[hcl(label)]
    name: String,
    #[hcl(default)]
    datacenters: Vec<String>,
    #[hcl(block)]
    group: Vec<Group>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
struct File {
    #[hcl(block)]
    job: Vec<Job>,
}

fn formatted(s: &str) -> bool {
    format(s.as_bytes()) == s.as_bytes()
}

fn task() -> impl Strategy<Value = Task> {
    (
        "[a-z]{1,6}",
        prop::collection::btree_map("[A-Z]{1,4}", "[a-z0-9]{0,5}", 0..3),
        prop::collection::vec("[a-z-]{1,5}", 0..3),
    )
        .prop_map(|(driver, env, args)| Task {
            name: String::new(),
            driver,
            env,
            args,
        })
}

fn group() -> impl Strategy<Value = Group> {
    (0..20u32, prop::collection::vec(task(), 0..3)).prop_map(|(count, task)| Group {
        name: String::new(),
        count,
        task,
    })
}

fn file() -> impl Strategy<Value = File> {
    prop::collection::vec(
        (
            prop::collection::vec("[a-z0-9]{1,4}", 0..3),
            prop::collection::vec(group(), 0..3),
        )
            .prop_map(|(datacenters, group)| Job {
                name: String::new(),
                datacenters,
                group,
            }),
        1..3,
    )
    .prop_map(|job| {
        // Labels unique in the whole file, so each block's line is found.
        let mut f = File { job };
        for (j, job) in f.job.iter_mut().enumerate() {
            job.name = format!("j{j}");
            for (g, group) in job.group.iter_mut().enumerate() {
                group.name = format!("j{j}g{g}");
                for (t, task) in group.task.iter_mut().enumerate() {
                    task.name = format!("j{j}g{g}t{t}");
                }
            }
        }
        f
    })
}

/// A random edit of the value: (what, which, a number).
fn apply(f: &mut File, (op, k, n): (u8, usize, u32), fresh: &mut u32) {
    let nj = f.job.len();
    let job = &mut f.job[k % nj];
    let ng = job.group.len();
    match op % 8 {
        0 if ng > 0 => job.group[k % ng].count = n,
        1 if ng > 0 => {
            job.group.remove(k % ng);
        }
        2 => {
            *fresh += 1;
            let at = k % (ng + 1);
            job.group.insert(
                at,
                Group {
                    name: format!("new{fresh}"),
                    count: n,
                    task: Vec::new(),
                },
            );
        }
        3 => job.datacenters.push(format!("dc{n}")),
        _ if ng == 0 => {}
        _ => {
            let g = &mut job.group[k % ng];
            let nt = g.task.len();
            match op % 8 {
                4 if nt > 0 => {
                    g.task[k % nt].env.insert("ADDED".into(), n.to_string());
                }
                5 if nt > 0 => {
                    g.task.remove(k % nt);
                }
                6 if nt > 0 => g.task[k % nt].driver = format!("d{n}"),
                _ => {
                    *fresh += 1;
                    g.task.push(Task {
                        name: format!("new{fresh}"),
                        driver: "exec".into(),
                        env: BTreeMap::new(),
                        args: vec![format!("a{n}")],
                    });
                }
            }
        }
    }
}

/// The document of `f`, formatted, with `# about NAME` above each block.
fn document(f: &File) -> String {
    let text = hcldecode::encode::to_string_of(f).unwrap();
    let mut out = String::new();
    for line in text.lines() {
        let t = line.trim_start();
        if let Some(label) = header_label(t) {
            let indent = &line[..line.len() - t.len()];
            out.push_str(&format!("{indent}# about {label}\n"));
        }
        out.push_str(line);
        out.push('\n');
    }
    String::from_utf8(format(out.as_bytes())).unwrap()
}

/// The label of a block header line (`task "j0g0t0" {`).
fn header_label(line: &str) -> Option<&str> {
    let rest = line.strip_suffix(" {")?;
    let (_, label) = rest.split_once(' ')?;
    label.strip_prefix('"')?.strip_suffix('"')
}

/// Every block label of the value.
fn labels(f: &File) -> Vec<String> {
    let mut out = Vec::new();
    for j in &f.job {
        out.push(j.name.clone());
        for g in &j.group {
            out.push(g.name.clone());
            out.extend(g.task.iter().map(|t| t.name.clone()));
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    #[test]
    fn write_back_keeps_meaning_comments_and_format(
        f in file(),
        edits in prop::collection::vec((any::<u8>(), any::<usize>(), 0..100u32), 1..6),
    ) {
        let src = document(&f);
        prop_assert!(formatted(&src));
        prop_assert!(src.starts_with("# about j0\njob \"j0\" {\n"), "{}", src);
        let mut doc: Document = src.parse().unwrap();
        let old: File = hcldecode::from_str(&src, "f.hcl").unwrap();
        prop_assert_eq!(&old, &f);
        let mut new = old.clone();
        let mut fresh = 0;
        for e in edits {
            apply(&mut new, e, &mut fresh);
        }
        doc.update_from(&new).unwrap();
        let out = doc.to_string();
        let back: File = hcldecode::from_str(&out, "f.hcl").unwrap();
        prop_assert_eq!(&back, &new, "{}", out);
        prop_assert!(formatted(&out), "{}", out);
        let lines: Vec<&str> = out.lines().map(str::trim).collect();
        let (before, after) = (labels(&old), labels(&new));
        for label in &before {
            let comment = format!("# about {label}");
            let at = lines.iter().position(|l| header_label(l) == Some(label.as_str()));
            match at {
                // A surviving block keeps its comment directly above it.
                Some(i) if after.contains(label) => {
                    prop_assert!(i > 0 && lines[i - 1] == comment, "{} lost its comment:\n{}", label, out);
                }
                Some(_) => prop_assert!(false, "{} was removed but is there:\n{}", label, out),
                // A removed block takes its comment.
                None => prop_assert!(!lines.contains(&comment.as_str()), "{}'s comment stayed:\n{}", label, out),
            }
        }
    }
}
