//! Writing results: atomic file output and hcldec's null stripping.

use std::io::Write;
use std::path::Path;

/// Writes `text` and a newline to `path` through a temporary file in the
/// same directory renamed over the target, so a failed write never leaves
/// a truncated file behind.
pub fn write_atomic(path: &str, text: &str) -> std::io::Result<()> {
    write_atomic_with(path, |f| {
        f.write_all(text.as_bytes())?;
        f.write_all(b"\n")
    })
}

/// Like [`write_atomic`], with the content written by `write` (which is
/// given the temporary file).
pub fn write_atomic_with(
    path: &str,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let target = Path::new(path);
    let dir = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    let tmp = dir.join(format!(".{name}.hcldec-{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        write(&mut f)?;
        f.sync_all()?;
        std::fs::rename(&tmp, target)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Removes object properties whose value is `null` from compact JSON `src`
/// (as hcldec does without `--keep-nulls`). `src` must be valid JSON as the
/// value marshaller writes it.
pub fn strip_null_properties(src: &str) -> String {
    let mut out = String::with_capacity(src.len());
    let b = src.as_bytes();
    let mut i = 0;
    strip_value(b, &mut i, &mut out, src);
    out
}

fn skip_ws(b: &[u8], i: &mut usize) {
    while *i < b.len() && b[*i].is_ascii_whitespace() {
        *i += 1;
    }
}

/// The end of the string starting at `b[i] == '"'`.
fn string_end(b: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

fn strip_value(b: &[u8], i: &mut usize, out: &mut String, src: &str) {
    skip_ws(b, i);
    match b.get(*i) {
        Some(b'{') => {
            *i += 1;
            out.push('{');
            let mut first = true;
            loop {
                skip_ws(b, i);
                match b.get(*i) {
                    Some(b'}') => {
                        *i += 1;
                        break;
                    }
                    Some(b',') => {
                        *i += 1;
                        continue;
                    }
                    Some(b'"') => {}
                    _ => break,
                }
                let ks = *i;
                let ke = string_end(b, ks);
                *i = ke;
                skip_ws(b, i);
                *i += 1; // ':'
                skip_ws(b, i);
                if src[*i..].starts_with("null") {
                    *i += 4;
                    continue;
                }
                if !first {
                    out.push(',');
                }
                first = false;
                out.push_str(&src[ks..ke]);
                out.push(':');
                strip_value(b, i, out, src);
            }
            out.push('}');
        }
        Some(b'[') => {
            *i += 1;
            out.push('[');
            let mut first = true;
            loop {
                skip_ws(b, i);
                match b.get(*i) {
                    Some(b']') => {
                        *i += 1;
                        break;
                    }
                    Some(b',') => {
                        *i += 1;
                        continue;
                    }
                    None => break,
                    _ => {}
                }
                if !first {
                    out.push(',');
                }
                first = false;
                strip_value(b, i, out, src);
            }
            out.push(']');
        }
        Some(b'"') => {
            let e = string_end(b, *i);
            out.push_str(&src[*i..e]);
            *i = e;
        }
        Some(_) => {
            let s = *i;
            while *i < b.len()
                && !matches!(b[*i], b',' | b'}' | b']')
                && !b[*i].is_ascii_whitespace()
            {
                *i += 1;
            }
            out.push_str(&src[s..*i]);
        }
        None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_null_properties_only() {
        assert_eq!(
            strip_null_properties(r#"{"a":null,"b":[null,{"c":null,"d":"n,ull"}],"e":{"f":null}}"#),
            r#"{"b":[null,{"d":"n,ull"}],"e":{}}"#
        );
        assert_eq!(strip_null_properties("null"), "null");
        assert_eq!(
            strip_null_properties(r#"{"x":"a\"null"}"#),
            r#"{"x":"a\"null"}"#
        );
    }
}
