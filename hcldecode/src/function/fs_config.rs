//! Where the filesystem functions may read: set up by the library
//! (`Functions`), read by the functions (`function::filesystem`).

use std::path::PathBuf;

/// Where the filesystem functions may read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FsConfig {
    /// The base directory relative paths resolve against.
    pub(crate) base: PathBuf,
    /// The directory nothing may be read outside of (the base, unless
    /// widened).
    pub(crate) root: PathBuf,
    /// The largest file `file` and `filebase64` read.
    pub(crate) max_file_bytes: u64,
    /// Whether base and root are instead the directory of the file whose
    /// expression calls the function (`hcldec --functions=filesystem`).
    pub(crate) beside_input: bool,
}
