//! Where and how a command's output file is written (`hcldec -o FILE`,
//! `hclfmt -w`): one writer, so both commands replace files alike.
//!
//! A regular file (or a path that does not exist yet) is replaced
//! atomically: the output goes to a new temporary file beside it, which is
//! renamed over the target only when complete, so a failed run never leaves
//! a truncated file. The replacement keeps the existing file's permission
//! bits (and, where the process may, its owner). When the path is a
//! symbolic link, the file replaced is the link's final target, in the
//! target's directory, and the link stays a link.
//!
//! Anything else (character devices such as `/dev/null` or `/dev/stdout`,
//! FIFOs, sockets) is opened and written in place, as the reference does for
//! every path: renaming a file over a device would replace the device. A
//! regular file with several hard links is written in place too, so every
//! name keeps seeing the same file; so is one whose directory does not let
//! us create the temporary file.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Writes the output produced by `write` to `path` (see the module docs
/// for how). When `write` fails, a file being replaced keeps its old
/// contents.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("out.json");
/// hcldecode_output::write_file(&path, |w| w.write_all(b"{}\n")).unwrap();
/// let failed = hcldecode_output::write_file(&path, |_| Err(std::io::Error::other("no")));
/// assert!(failed.is_err());
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "{}\n");
/// ```
pub fn write_file(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    match fs::metadata(path) {
        Ok(meta) if meta.is_file() => {
            // The final target of any symbolic links.
            let target = fs::canonicalize(path)?;
            if hard_linked(&meta) {
                return write_in_place(&target, write);
            }
            replace_atomically(&target, Some(&meta), write)
        }
        // A device, FIFO, socket or directory: open it as it is (a
        // directory fails to open, with the system's message).
        Ok(_) => write_in_place(path, write),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            if fs::symlink_metadata(path).is_ok() {
                // A dangling link: creating through it makes its target.
                return write_in_place(path, write);
            }
            replace_atomically(path, None, write)
        }
        Err(e) => Err(e),
    }
}

#[cfg(unix)]
fn hard_linked(meta: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    meta.nlink() > 1
}

#[cfg(not(unix))]
fn hard_linked(_: &fs::Metadata) -> bool {
    false
}

/// Opens `path` for writing (creating it if need be) and writes to it.
fn write_in_place(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let mut f = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(path)?;
    write(&mut f)?;
    f.flush()
}

/// Writes a temporary file in `target`'s directory and renames it over
/// `target`; `existing` is the metadata of the file it replaces.
fn replace_atomically(
    target: &Path,
    existing: Option<&fs::Metadata>,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let dir = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let (tmp, mut f) = match create_temporary(dir, target, existing) {
        Ok(t) => t,
        // A directory we may not write to, with a file we may: write the
        // file in place, as the reference would.
        Err(e) if existing.is_some() && e.kind() == io::ErrorKind::PermissionDenied => {
            return write_in_place(target, write);
        }
        Err(e) => return Err(e),
    };
    let result = (|| {
        write(&mut f)?;
        f.flush()?;
        if let Some(meta) = existing {
            keep_owner_and_mode(&f, meta)?;
        }
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, target)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// A new file beside `target` that did not exist before (never one an
/// attacker placed there: `create_new`), readable by its owner only until
/// it gets the mode of the file it replaces.
fn create_temporary(
    dir: &Path,
    target: &Path,
    existing: Option<&fs::Metadata>,
) -> io::Result<(PathBuf, File)> {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    let mut last = None;
    for attempt in 0..16u32 {
        let tmp = dir.join(format!(
            ".{name}.hcldec-{}-{attempt}.tmp",
            std::process::id()
        ));
        let mut opts = OpenOptions::new();
        opts.write(true).create_new(true);
        #[cfg(unix)]
        if existing.is_some() {
            use std::os::unix::fs::OpenOptionsExt;
            opts.mode(0o600);
        }
        match opts.open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no temporary file name left")))
}

/// Gives the temporary file the replaced file's permission bits and, where
/// permitted (as root), its owner and group.
#[cfg(unix)]
fn keep_owner_and_mode(f: &File, meta: &fs::Metadata) -> io::Result<()> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    // Changing the owner can fail for an ordinary user; the file then
    // belongs to whoever ran hcldec, as any file they create does.
    let _ = std::os::unix::fs::fchown(f, Some(meta.uid()), Some(meta.gid()));
    f.set_permissions(fs::Permissions::from_mode(meta.mode() & 0o7777))
}

#[cfg(not(unix))]
fn keep_owner_and_mode(f: &File, meta: &fs::Metadata) -> io::Result<()> {
    f.set_permissions(meta.permissions())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::{FileTypeExt, PermissionsExt, symlink};

    fn put(path: &Path, text: &str) -> io::Result<()> {
        write_file(path, |w| w.write_all(text.as_bytes()))
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn new_and_existing_regular_files() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out.json");
        put(&p, "one").unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "one");
        put(&p, "two").unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "two");
        // A failed write leaves the old content and no temporary file.
        let e = write_file(&p, |w| {
            w.write_all(b"partial")?;
            Err(io::Error::other("boom"))
        });
        assert!(e.is_err());
        assert_eq!(fs::read_to_string(&p).unwrap(), "two");
        assert_eq!(entries(dir.path()), ["out.json"]);
    }

    #[test]
    fn a_private_file_stays_private() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("secret.json");
        fs::write(&p, "old").unwrap();
        fs::set_permissions(&p, fs::Permissions::from_mode(0o600)).unwrap();
        put(&p, "new").unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "new");
        let mode = fs::metadata(&p).unwrap().permissions().mode() & 0o7777;
        assert_eq!(mode, 0o600);
        fs::set_permissions(&p, fs::Permissions::from_mode(0o640)).unwrap();
        put(&p, "newer").unwrap();
        let mode = fs::metadata(&p).unwrap().permissions().mode() & 0o7777;
        assert_eq!(mode, 0o640);
    }

    #[test]
    fn a_symlink_stays_a_link_and_its_target_is_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let real_dir = dir.path().join("real");
        fs::create_dir(&real_dir).unwrap();
        let target = real_dir.join("target.json");
        fs::write(&target, "old").unwrap();
        let link = dir.path().join("link.json");
        symlink(&target, &link).unwrap();
        put(&link, "new").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(&target).unwrap(), "new");
        // The temporary file was made (and renamed) in the target's directory.
        assert_eq!(entries(&real_dir), ["target.json"]);
        assert_eq!(entries(dir.path()), ["link.json", "real"]);
    }

    #[test]
    fn a_dangling_symlink_creates_its_target() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("made.json");
        let link = dir.path().join("link.json");
        symlink(&target, &link).unwrap();
        put(&link, "x").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(&target).unwrap(), "x");
    }

    #[test]
    fn a_fifo_is_written_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let status = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(status.success());
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
        };
        put(&fifo, "through the pipe").unwrap();
        assert_eq!(reader.join().unwrap(), "through the pipe");
        assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
        assert_eq!(entries(dir.path()), ["pipe"]);
    }

    #[test]
    fn a_socket_is_opened_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let sock = dir.path().join("sock");
        let _listener = std::os::unix::net::UnixListener::bind(&sock).unwrap();
        // A socket cannot be opened as a file: the error is the system's,
        // and the socket is still there.
        assert!(put(&sock, "x").is_err());
        assert!(fs::metadata(&sock).unwrap().file_type().is_socket());
        assert_eq!(entries(dir.path()), ["sock"]);
    }

    #[test]
    fn hard_links_keep_sharing_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.json");
        let b = dir.path().join("b.json");
        fs::write(&a, "old").unwrap();
        fs::hard_link(&a, &b).unwrap();
        put(&a, "new").unwrap();
        assert_eq!(fs::read_to_string(&b).unwrap(), "new");
    }

    #[test]
    fn a_read_only_directory() {
        let dir = tempfile::tempdir().unwrap();
        let ro = dir.path().join("ro");
        fs::create_dir(&ro).unwrap();
        let existing = ro.join("existing.json");
        fs::write(&existing, "old").unwrap();
        fs::set_permissions(&ro, fs::Permissions::from_mode(0o555)).unwrap();
        // Root may write anywhere; what else may is decided by the system.
        let privileged = File::create(ro.join("probe")).is_ok();
        let _ = fs::remove_file(ro.join("probe"));
        put(&existing, "new").unwrap();
        assert_eq!(fs::read_to_string(&existing).unwrap(), "new");
        let fresh = put(&ro.join("fresh.json"), "x");
        assert_eq!(fresh.is_ok(), privileged, "{fresh:?}");
        assert!(entries(&ro).iter().all(|n| !n.ends_with(".tmp")));
        fs::set_permissions(&ro, fs::Permissions::from_mode(0o755)).unwrap();
    }
}
