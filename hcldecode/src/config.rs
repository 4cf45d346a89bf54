//! HCL as a [config](https://docs.rs/config) crate format (feature
//! `config`): [`Hcl`] is a [`Format`](::config::Format) and a
//! [`FileStoredFormat`](::config::FileStoredFormat), so HCL files and
//! strings layer with config's other sources (`File::new("app", Hcl)`,
//! `File::from_str(text, Hcl)`, the environment).
//!
//! A file is decoded as [`crate::serde::from_str`] decodes it (HCL's
//! evaluation, blocks laid out as hcl-rs lays them out), each value
//! carrying the file as its origin; an error in the file is the decoder's
//! error, with its file, line, column and snippet, as the cause of
//! config's `FileParse` error. config extracts values without positions,
//! so an error it finds while extracting (a wrong type) names only a key
//! and an origin: [`locate`] finds that key in the HCL file and gives the
//! decoder's error at its position, with the snippet.
//!
//! ```
//! use config::{Config, File, FileFormat};
//! use hcldecode::config::Hcl;
//!
//! #[derive(serde::Deserialize, Debug)]
//! struct Settings {
//!     name: String,
//!     port: u16,
//! }
//!
//! let settings: Settings = Config::builder()
//!     .add_source(File::from_str("name = \"app\"\nport = 80\n", FileFormat::Toml))
//!     .add_source(File::from_str("port = 8000 + 80\n", Hcl))
//!     .build()
//!     .unwrap()
//!     .try_deserialize()
//!     .unwrap();
//! assert_eq!((settings.name.as_str(), settings.port), ("app", 8080));
//!
//! // An error in the text keeps its position.
//! let e = Config::builder().add_source(File::from_str("port = 80 +\n", Hcl)).build().unwrap_err();
//! assert!(e.to_string().contains("<string> line 1"), "{e}");
//! ```

use std::error::Error as StdError;
use std::path::Path;

use ::config::{ConfigError, Map, Value, ValueKind};
use hcldecode_spec::diag::Code;

use crate::Error;
use crate::typed::PathSegment;

/// The name a string's text goes by in positions (config gives a
/// string source no name).
pub const STRING_NAME: &str = "<string>";

/// HCL (native syntax; JSON syntax for a file whose name ends `.json`) as
/// a config format, for files with the extension `hcl`.
///
/// ```
/// use config::{Config, File};
/// use hcldecode::config::Hcl;
///
/// let dir = std::env::temp_dir().join(format!("hcldecode-config-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("app.hcl"), "server {\n  port = 8080\n}\n").unwrap();
/// let config = Config::builder()
///     .add_source(File::new(dir.join("app").to_str().unwrap(), Hcl))
///     .build()
///     .unwrap();
/// assert_eq!(config.get::<u16>("server.port").unwrap(), 8080);
/// std::fs::remove_dir_all(&dir).ok();
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Hcl;

impl ::config::Format for Hcl {
    fn parse(
        &self,
        uri: Option<&String>,
        text: &str,
    ) -> Result<Map<String, Value>, Box<dyn StdError + Send + Sync>> {
        let name = uri.map_or(STRING_NAME, String::as_str);
        let map: Map<String, Value> = crate::serde::from_str(text, name)
            .map_err(|e| Box::new(e) as Box<dyn StdError + Send + Sync>)?;
        Ok(map
            .into_iter()
            .map(|(k, v)| (k, with_origin(v, uri)))
            .collect())
    }
}

impl ::config::FileStoredFormat for Hcl {
    fn file_extensions(&self) -> &'static [&'static str] {
        &["hcl"]
    }
}

/// `v` and every value in it with `origin` (config's formats give each
/// value its file, which config's errors name).
fn with_origin(v: Value, origin: Option<&String>) -> Value {
    let kind = match v.kind {
        ValueKind::Table(t) => ValueKind::Table(
            t.into_iter()
                .map(|(k, v)| (k, with_origin(v, origin)))
                .collect(),
        ),
        ValueKind::Array(a) => {
            ValueKind::Array(a.into_iter().map(|v| with_origin(v, origin)).collect())
        }
        other => other,
    };
    Value::new(origin, kind)
}

/// The decoder's error for a config error about a value that came from
/// an HCL file: the key it names (`server.port`, `tasks[0].cpu`), found
/// in that file, as the subject, with the file attached for its snippet;
/// the summary says what is wrong, the detail is config's message, the
/// code serde's ([`Code::SerdeInvalidType`]).
///
/// config keeps a value's origin in the errors of its `get`, but its
/// `try_deserialize` errors name only the key: the file is then the last
/// of `files` (the HCL layers, in the order they were added) that has the
/// key, the one whose value config kept, unless a later layer of another
/// kind (the environment, say) set it. `None` when the error names no
/// key, or no HCL file has it.
///
/// ```
/// use config::{Config, File};
/// use hcldecode::config::{Hcl, locate};
///
/// #[derive(serde::Deserialize, Debug)]
/// struct Settings { port: u16 }
///
/// let dir = std::env::temp_dir().join(format!("hcldecode-config-locate-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("app.hcl");
/// std::fs::write(&path, "# the port\nport = \"eighty\"\n").unwrap();
/// let e = Config::builder()
///     .add_source(File::new(path.to_str().unwrap(), Hcl))
///     .build()
///     .unwrap()
///     .try_deserialize::<Settings>()
///     .unwrap_err();
/// let located = locate(&e, &[&path]).unwrap();
/// let d = &located.diagnostics()[0];
/// assert_eq!(d.summary, "Invalid configuration value");
/// assert_eq!(d.subject.as_ref().unwrap().start.line, 2);
/// assert!(located.to_string().contains("port = \"eighty\""), "{located}");
/// std::fs::remove_dir_all(&dir).ok();
/// ```
pub fn locate<P: AsRef<Path>>(err: &ConfigError, files: &[P]) -> Option<Error> {
    let (origin, key, detail) = match err {
        ConfigError::Type {
            origin,
            key: Some(key),
            unexpected,
            expected,
        } => (
            origin,
            key,
            format!("invalid type: {unexpected}, expected {expected}."),
        ),
        ConfigError::At {
            error,
            origin,
            key: Some(key),
        } => (origin, key, format!("{error}.")),
        _ => return None,
    };
    let steps = PathSegment::parse(key);
    let parts: Vec<String> = steps
        .iter()
        .map(|s| match s {
            PathSegment::Key(k) => (*k).to_string(),
            PathSegment::Index(i) => i.to_string(),
        })
        .collect();
    let keys: Vec<&str> = parts.iter().map(String::as_str).collect();
    let at = |path: &Path| {
        crate::serde::error_at_key(
            path,
            None,
            &keys,
            "Invalid configuration value",
            &detail,
            Code::SerdeInvalidType,
        )
    };
    // The value's own file, where config kept it; else the last HCL
    // layer with the key.
    if let Some(origin) = origin
        && let Some(e) = at(Path::new(origin))
    {
        return Some(e);
    }
    files.iter().rev().find_map(|p| at(p.as_ref()))
}
