//! HCL as a [figment](https://docs.rs/figment) format (feature `figment`):
//! [`Hcl::file`] and [`Hcl::string`] are providers, layered with the
//! environment, the command line and other files as figment's `Toml` is,
//! `.nested()` for profiles (each top-level block or attribute a profile,
//! as figment's TOML provider has them).
//!
//! A file is decoded as [`crate::serde::from_str`] decodes it: HCL's
//! evaluation, blocks laid out as hcl-rs lays them out (a block type is a
//! key, one map level per label, its body or the list of its bodies), and
//! an error in the file, a parse error or one evaluating an expression, is
//! the decoder's error with its file, line, column and snippet in the
//! message figment reports.
//!
//! Figment extracts the merged values without positions, so an error it
//! finds while extracting (a wrong type, a missing field) names only a key
//! and a source; [`locate`] finds that key in the HCL file it came from and
//! gives the decoder's error at its position, with the snippet.
//!
//! ```
//! use figment::Figment;
//! use figment::providers::{Format, Serialized};
//! use hcldecode::figment::Hcl;
//!
//! #[derive(serde::Deserialize, serde::Serialize, Debug)]
//! struct Config {
//!     name: String,
//!     port: u16,
//! }
//!
//! let config: Config = Figment::new()
//!     .merge(Serialized::defaults(Config { name: "app".into(), port: 80 }))
//!     .merge(Hcl::string("port = 8000 + 80\n"))
//!     .extract()
//!     .unwrap();
//! assert_eq!((config.name.as_str(), config.port), ("app", 8080));
//!
//! // An error in the text keeps its position.
//! let e = Figment::new().merge(Hcl::string("port = 80 +\n")).extract::<Config>().unwrap_err();
//! assert!(e.to_string().contains("<string> line 1"), "{e}");
//! ```

use std::path::Path;

use ::figment::error::Kind;
use ::figment::providers::Format;
use ::figment::{Error as FigmentError, Source};
use ::serde::de::DeserializeOwned;
use hcldecode_spec::diag::Code;

use crate::Error;

/// The name an [`Hcl::string`]'s text goes by in positions.
pub const STRING_NAME: &str = "<string>";

/// HCL (native syntax; JSON syntax for a file whose name ends `.json`) as a
/// figment [`Format`]: `Hcl::file(path)`, `Hcl::file_exact(path)` and
/// `Hcl::string(text)` are providers (figment's `Data<Hcl>`), `.nested()`
/// reads each top-level key as a profile.
///
/// ```
/// use figment::{Figment, Profile};
/// use figment::providers::Format;
/// use hcldecode::figment::Hcl;
///
/// let text = "default {\n  port = 80\n}\ndebug {\n  port = 8080\n}\n";
/// let figment = Figment::new().merge(Hcl::string(text).nested()).select(Profile::new("debug"));
/// let port: u16 = figment.extract_inner("port").unwrap();
/// assert_eq!(port, 8080);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Hcl;

impl Format for Hcl {
    type Error = Error;

    const NAME: &'static str = "HCL";

    /// Decodes `string` (native syntax) as [`crate::serde::from_str`]
    /// does, its positions named [`STRING_NAME`].
    fn from_str<T: DeserializeOwned>(string: &str) -> Result<T, Error> {
        crate::serde::from_str(string, STRING_NAME)
    }

    /// Reads and decodes the file at `path`, its positions named by the
    /// path (JSON syntax for names ending `.json`).
    fn from_path<T: DeserializeOwned>(path: &Path) -> Result<T, Error> {
        crate::serde::from_path(path)
    }
}

/// The decoder's error for a figment error about a value that came from
/// an HCL file ([`Hcl::file`], nested or not): the key it names, found in
/// that file, as the subject (an attribute's value, a block, the body that
/// lacks a missing field), with the file attached for its snippet. The
/// summary says what is wrong ("Invalid configuration value", "Missing
/// configuration value", ...), the detail is figment's message, and the
/// code is serde's ([`Code::SerdeInvalidType`], ...). `None` when the
/// value came from elsewhere (the environment, a string, defaults) or the
/// key is not in the file.
///
/// ```
/// use figment::Figment;
/// use figment::providers::Format;
/// use hcldecode::figment::{Hcl, locate};
///
/// #[derive(serde::Deserialize, Debug)]
/// struct Config { port: u16 }
///
/// let dir = std::env::temp_dir().join(format!("hcldecode-figment-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("app.hcl");
/// std::fs::write(&path, "# the port\nport = \"eighty\"\n").unwrap();
/// let e = Figment::new().merge(Hcl::file_exact(&path)).extract::<Config>().unwrap_err();
/// let located = locate(&e).unwrap();
/// let d = &located.diagnostics()[0];
/// assert_eq!(d.summary, "Invalid configuration value");
/// assert_eq!(d.subject.as_ref().unwrap().start.line, 2);
/// assert!(located.to_string().contains("port = \"eighty\""), "{located}");
/// std::fs::remove_dir_all(&dir).ok();
/// ```
pub fn locate(err: &FigmentError) -> Option<Error> {
    let meta = err.metadata.as_ref()?;
    let Some(Source::File(path)) = &meta.source else {
        return None;
    };
    // figment names a format's data "HCL file" / "HCL source string".
    if !meta.name.contains(Hcl::NAME) {
        return None;
    }
    // A nested file's top-level keys are profiles: the key is under its
    // profile there; a plain file holds the key itself.
    let keys: Vec<&str> = err.path.iter().map(String::as_str).collect();
    let profile = err.profile.as_ref().map(|p| p.as_str().as_str());
    let (summary, code) = match &err.kind {
        Kind::InvalidType(..) => ("Invalid configuration value", Code::SerdeInvalidType),
        Kind::InvalidValue(..) => ("Invalid configuration value", Code::SerdeInvalidValue),
        Kind::InvalidLength(..) => ("Invalid configuration value", Code::SerdeInvalidValue),
        Kind::UnknownVariant(..) => ("Invalid configuration value", Code::SerdeUnknownVariant),
        Kind::UnknownField(..) => ("Unsupported configuration key", Code::SerdeUnknownField),
        Kind::MissingField(..) => ("Missing configuration value", Code::SerdeMissingField),
        _ => ("Invalid configuration", Code::SerdeCustom),
    };
    let detail = format!("{}.", err.kind);
    crate::serde::error_at_key(path, profile, &keys, summary, &detail, code)
}
