//! The `terraform` set: Terraform's functions beyond Nomad's
//! (`internal/lang/functions.go` of Terraform and OpenTofu), and
//! Terraform's meaning of the names the two give different meanings
//! (`index`, `length`, `coalesce`, `replace`, `reverse`). A library with
//! this set takes these over the `stdlib` set's; see `docs/functions.md`.

mod collection;
mod encoding;
mod sensitive;
mod string;
mod template;
mod time;

pub use template::MAX_TEMPLATE_DEPTH;
pub(crate) use template::Render;

use std::sync::Arc;

use super::Function;
use super::fs_config::FsConfig;

/// The set's function of a name: file functions read as `fs` allows
/// (none without it); templates render with what `render` gives.
pub(crate) fn lookup(
    name: &str,
    fs: Option<&FsConfig>,
    render: &dyn Fn() -> Arc<Render>,
) -> Option<Function> {
    Some(match name {
        "alltrue" => collection::alltrue(),
        "anytrue" => collection::anytrue(),
        "coalesce" => collection::coalesce(),
        "index" => collection::index(),
        "length" => collection::length(),
        "list" => collection::removed("list", "tolist([ ... ])"),
        "map" => collection::removed("map", "tomap({ ... })"),
        "lookup" => collection::lookup(),
        "matchkeys" => collection::matchkeys(),
        "one" => collection::one(),
        "sum" => collection::sum(),
        "transpose" => collection::transpose(),
        "base64gunzip" => encoding::base64gunzip(),
        "base64gzip" => encoding::base64gzip(),
        "base64sha256" => encoding::base64sha256(),
        "base64sha512" => encoding::base64sha512(),
        "textdecodebase64" => encoding::textdecodebase64(),
        "textencodebase64" => encoding::textencodebase64(),
        "urldecode" => encoding::urldecode(),
        "cidrcontains" => super::cidr::cidrcontains(),
        "cidrhost" => super::cidr::cidrhost_in(true),
        "cidrnetmask" => super::cidr::cidrnetmask_in(true),
        "cidrsubnet" => super::cidr::cidrsubnet_in(true),
        "cidrsubnets" => super::cidr::cidrsubnets_in(true),
        "endswith" => string::endswith(),
        "replace" => string::replace(),
        "startswith" => string::startswith(),
        "strcontains" => string::strcontains(),
        "rsadecrypt" => super::crypto::rsadecrypt_in(true),
        "reverse" => super::stdlib::library_function("reverselist")?,
        "nonsensitive" => sensitive::nonsensitive(),
        "sensitive" => sensitive::sensitive(),
        "plantimestamp" => time::plantimestamp(),
        "timecmp" => time::timecmp(),
        "timestamp" => time::timestamp(),
        "uuid" => super::uuid::lookup("uuidv4")?,
        "templatestring" => template::templatestring(render()),
        "templatefile" => template::templatefile(fs?.clone(), render()),
        n if n.starts_with("file") => encoding::file_hash(n, fs?)?,
        _ => return None,
    })
}
