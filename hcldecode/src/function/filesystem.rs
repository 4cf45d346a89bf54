//! The `filesystem` set (go-cty-funcs `filesystem`), confined: `file`,
//! `filebase64`, `fileexists` and `fileset` read only inside the library's
//! root directory. A path that leads outside it (`..`, an absolute path
//! elsewhere, a symbolic link pointing out, `~`) is an error at the path
//! argument; `file` and `filebase64` refuse files above a size bound.
//! `abspath`, `basename`, `dirname` and `pathexpand` only compute paths.

use std::path::{Component, Path, PathBuf};

use super::fs_config::FsConfig;
use super::stdlib::{build, build_in_context, str_arg};
use super::{CallContext, Function, FunctionError, Parameter, ReturnType};
use crate::Type;
use crate::value::Value;

/// The most directory entries `fileset` walks.
const MAX_WALK_ENTRIES: usize = 100_000;

/// A path with `.` and `..` resolved lexically.
fn clean(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            c => out.push(c.as_os_str()),
        }
    }
    out
}

fn outside(path: &str, fs: &FsConfig) -> FunctionError {
    FunctionError::arg(
        0,
        format!(
            "{} is outside the directory the configuration may read ({})",
            hcldecode_spec::go_quote::quote(path),
            fs.root.display()
        ),
    )
}

/// The confined location of `path`: joined to the base, cleaned, inside the
/// root lexically and, once symbolic links are resolved, really.
/// `Ok(None)`: inside, but nothing exists there.
/// The configuration in force for a call: with `beside_input`, base and
/// root are the directory of the file whose expression is evaluated.
fn effective<'f>(cx: &CallContext<'_>, fs: &'f FsConfig) -> std::borrow::Cow<'f, FsConfig> {
    if !fs.beside_input {
        return std::borrow::Cow::Borrowed(fs);
    }
    let dir = cx
        .file()
        .filter(|n| !n.starts_with('<'))
        .and_then(|n| Path::new(&**n).parent().map(Path::to_path_buf))
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or_else(|| PathBuf::from("."));
    std::borrow::Cow::Owned(FsConfig {
        base: dir.clone(),
        root: dir,
        ..fs.clone()
    })
}

fn resolve(
    cx: &CallContext<'_>,
    path: &str,
    fs: &FsConfig,
) -> Result<(PathBuf, Option<PathBuf>), FunctionError> {
    let fs = &*effective(cx, fs);
    if path.starts_with('~') {
        return Err(outside(path, fs));
    }
    let root = std::path::absolute(&fs.root)
        .map(|r| clean(&r))
        .unwrap_or_else(|_| fs.root.clone());
    let base = std::path::absolute(&fs.base)
        .map(|b| clean(&b))
        .unwrap_or_else(|_| fs.base.clone());
    let joined = clean(&base.join(path));
    if !joined.starts_with(&root) {
        return Err(outside(path, fs));
    }
    let real_root = std::fs::canonicalize(&root).unwrap_or(root);
    match std::fs::canonicalize(&joined) {
        Ok(real) => {
            if !real.starts_with(&real_root) {
                return Err(outside(path, fs));
            }
            Ok((joined, Some(real)))
        }
        Err(_) => {
            // Nothing there; a dangling link still must not point out.
            if let Ok(target) = std::fs::read_link(&joined) {
                let t = clean(&joined.parent().unwrap_or(Path::new("/")).join(target));
                if !t.starts_with(&real_root) {
                    return Err(outside(path, fs));
                }
            }
            Ok((joined, None))
        }
    }
}

pub(crate) fn read(
    cx: &CallContext<'_>,
    path: &str,
    fs: &FsConfig,
) -> Result<Vec<u8>, FunctionError> {
    let (shown, real) = resolve(cx, path, fs)?;
    let Some(real) = real else {
        return Err(FunctionError::call(format!(
            "no file exists at {}",
            shown.display()
        )));
    };
    let meta = std::fs::metadata(&real)
        .map_err(|_| FunctionError::call(format!("failed to read {}", shown.display())))?;
    if meta.len() > fs.max_file_bytes {
        return Err(FunctionError::arg(
            0,
            format!(
                "{} has {} bytes, more than the {} bytes the file functions read",
                shown.display(),
                meta.len(),
                fs.max_file_bytes
            ),
        ));
    }
    cx.check_size(0, meta.len())?;
    use std::io::Read;
    let mut buf = Vec::new();
    std::fs::File::open(&real)
        .and_then(|f| f.take(fs.max_file_bytes + 1).read_to_end(&mut buf))
        .map_err(|_| FunctionError::call(format!("failed to read {}", shown.display())))?;
    if buf.len() as u64 > fs.max_file_bytes {
        return Err(FunctionError::arg(
            0,
            format!(
                "{} grew past the size bound while being read",
                shown.display()
            ),
        ));
    }
    Ok(buf)
}

fn path_param() -> Parameter {
    Parameter::new("path", Type::String)
}

fn file(fs: FsConfig, base64: bool) -> Function {
    build_in_context(
        "Reads the contents of a file inside the configuration's directory.",
        vec![path_param()],
        None,
        ReturnType::Static(Type::String),
        move |cx, args, _| {
            let path = str_arg(args, 0)?;
            let src = read(cx, path, &fs)?;
            if base64 {
                return super::encoding::encode_std(cx, &src).map(Value::string);
            }
            String::from_utf8(src).map(Value::string).map_err(|_| {
                FunctionError::call(format!(
                    "contents of {path} are not valid UTF-8; use the filebase64 function to obtain the Base64 encoded contents or the other file functions (e.g. filemd5, filesha256) to obtain file hashing results instead"
                ))
            })
        },
    )
}

fn fileexists(fs: FsConfig) -> Function {
    build_in_context(
        "Determines whether a file exists at a given path inside the configuration's directory.",
        vec![path_param()],
        None,
        ReturnType::Static(Type::Bool),
        move |cx, args, _| {
            let (shown, real) = resolve(cx, str_arg(args, 0)?, &fs)?;
            let Some(real) = real else {
                return Ok(Value::bool(false));
            };
            match std::fs::metadata(&real) {
                Ok(m) if m.is_file() => Ok(Value::bool(true)),
                Ok(_) => Err(FunctionError::call(format!(
                    "{} is not a regular file",
                    shown.display()
                ))),
                Err(_) => Err(FunctionError::call(format!(
                    "failed to stat {}",
                    shown.display()
                ))),
            }
        },
    )
}

fn fileset(fs: FsConfig) -> Function {
    build_in_context(
        "Enumerates the regular files inside a directory of the configuration that match a pattern (`*`, `**`, `?`, `[...]`, `{a,b}`).",
        vec![path_param(), Parameter::new("pattern", Type::String)],
        None,
        ReturnType::Static(Type::set(Type::String)),
        move |cx, args, _| {
            let path = str_arg(args, 0)?;
            let pattern = str_arg(args, 1)?;
            let (shown, real) = resolve(cx, path, &fs)?;
            let glob = globset::GlobBuilder::new(pattern)
                .literal_separator(true)
                .backslash_escape(true)
                .build()
                .map_err(|e| {
                    FunctionError::call(format!(
                        "failed to glob pattern ({}): {e}",
                        shown.join(pattern).display()
                    ))
                })?
                .compile_matcher();
            let Some(dir) = real else {
                return Ok(Value::set_empty(Type::String));
            };
            let fs = &*effective(cx, &fs);
            let real_root = std::fs::canonicalize(&fs.root).unwrap_or_else(|_| fs.root.clone());
            let mut found = Vec::new();
            let mut stack = vec![PathBuf::new()];
            let mut seen = 0usize;
            while let Some(rel) = stack.pop() {
                let Ok(entries) = std::fs::read_dir(dir.join(&rel)) else {
                    continue;
                };
                for e in entries.flatten() {
                    seen += 1;
                    if seen > MAX_WALK_ENTRIES {
                        return Err(FunctionError::ResultTooLarge(format!(
                            "fileset would look at more than {MAX_WALK_ENTRIES} directory entries, the limit."
                        )));
                    }
                    let r = rel.join(e.file_name());
                    let Ok(ft) = e.file_type() else { continue };
                    if ft.is_dir() {
                        stack.push(r);
                        continue;
                    }
                    // Regular files, and links to regular files inside the root.
                    let full = dir.join(&r);
                    let Ok(real) = std::fs::canonicalize(&full) else {
                        continue;
                    };
                    if !real.starts_with(&real_root) || !real.is_file() {
                        continue;
                    }
                    let slash = r.to_string_lossy().replace('\\', "/");
                    if glob.is_match(&slash) {
                        found.push(Value::string(slash));
                    }
                }
            }
            cx.check_size(found.len() as u64, 0)?;
            Ok(Value::set(Type::String, found))
        },
    )
}

/// Go's `filepath.Base`.
fn go_base(p: &str) -> String {
    if p.is_empty() {
        return ".".into();
    }
    let t = p.trim_end_matches('/');
    if t.is_empty() {
        return "/".into();
    }
    t.rsplit('/').next().unwrap_or(t).to_string()
}

/// Go's `filepath.Clean`.
fn go_clean(p: &str) -> String {
    if p.is_empty() {
        return ".".into();
    }
    let rooted = p.starts_with('/');
    let mut out: Vec<&str> = Vec::new();
    for part in p.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                if out.last().is_some_and(|l| *l != "..") {
                    out.pop();
                } else if !rooted {
                    out.push("..");
                }
            }
            s => out.push(s),
        }
    }
    let joined = out.join("/");
    match (rooted, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".into(),
        (false, false) => joined,
    }
}

/// Go's `filepath.Dir`.
fn go_dir(p: &str) -> String {
    let i = p.rfind('/').map_or(0, |i| i + 1);
    go_clean(&p[..i])
}

fn path_fn(
    description: &str,
    f: impl Fn(&str) -> String + Send + Sync + std::panic::RefUnwindSafe + 'static,
) -> Function {
    build(
        description,
        vec![path_param()],
        None,
        ReturnType::Static(Type::String),
        move |args, _| Ok(Value::string(f(str_arg(args, 0)?))),
    )
}

/// The set's function of a name, confined by `fs`.
pub(crate) fn lookup(name: &str, fs: &FsConfig) -> Option<Function> {
    let fs = fs.clone();
    Some(match name {
        "file" => file(fs, false),
        "filebase64" => file(fs, true),
        "fileexists" => fileexists(fs),
        "fileset" => fileset(fs),
        "basename" => path_fn("Returns the last element of a path.", go_base),
        "dirname" => path_fn("Returns all but the last element of a path.", go_dir),
        "abspath" => {
            let base = std::path::absolute(&fs.base).unwrap_or(fs.base);
            path_fn(
                "Converts a path to an absolute path (relative paths are taken from the configuration's directory).",
                move |p| {
                    if p.starts_with('/') {
                        go_clean(p)
                    } else {
                        go_clean(&format!("{}/{p}", base.to_string_lossy()))
                    }
                },
            )
        }
        "pathexpand" => path_fn(
            "Expands a leading ~ in a path to the current user's home directory.",
            |p| {
                let home = std::env::var("HOME").unwrap_or_default();
                match p.strip_prefix('~') {
                    Some(rest) if rest.is_empty() || rest.starts_with('/') => {
                        format!("{home}{rest}")
                    }
                    _ => p.to_string(),
                }
            },
        ),
        _ => return None,
    })
}
