//! The bridge to hcl-rs (feature `hcl-rs`): values both ways, and bodies
//! and expressions built with hcl-rs decoded by hcldecode.
//!
//! - `From<hcl::Value> for Value` and `TryFrom<Value> for hcl::Value`;
//! - [`body`] and [`expression`] turn an [`hcl::Body`] or
//!   [`hcl::Expression`] (built with hcl-rs's builders, or parsed by it)
//!   into hcldecode's, so they decode with a spec ([`decode_body`]) or a
//!   derived type ([`Decoder::decode_body`](crate::Decoder::decode_body)),
//!   evaluate, and report diagnostics as any parsed input does.
//!
//! hcl-rs's structures carry no source positions. They are formatted with
//! hcl-rs's formatter into a synthetic source named as the caller says,
//! which is parsed: ranges, and snippets, refer to that formatted text
//! (what `hcl::format::to_string` gives), not to any file the structure
//! may once have been read from.
//!
//! ```
//! use hcl::{Attribute, Block, Body};
//! use hcldecode::HclDecode;
//! #[derive(HclDecode, Debug)]
//! struct Config {
//!     #[hcl(block)]
//!     service: Vec<Service>,
//! }
//! #[derive(HclDecode, Debug)]
//! struct Service {
//!     #[hcl(label)]
//!     name: String,
//!     port: u16,
//! }
//! let body = Body::builder()
//!     .add_block(Block::builder("service").add_label("web").add_attribute(("port", 8080)).build())
//!     .build();
//! let ours = hcldecode::hcl_rs::body(&body, "built.hcl").unwrap();
//! let c: Config = hcldecode::Decoder::new().decode_body(&ours).unwrap();
//! assert_eq!((c.service[0].name.as_str(), c.service[0].port), ("web", 8080));
//! ```

use hcldecode_spec::diag::Diagnostic;
use hcldecode_spec::syntax::body::Body;
use hcldecode_spec::syntax::expr::Expression;

use crate::eval::EvalContext;
use crate::parse::{self, Syntax};
use crate::{Error, Spec, Value};

fn format_failed(what: &str, e: hcl::Error) -> Error {
    Error::new(Diagnostic::error(
        "Cannot format hcl-rs structure",
        format!("hcl-rs could not format the {what}: {e}."),
    ))
}

/// An hcl-rs body as hcldecode's, named `name` (its synthetic source, see
/// the module documentation). Errors are hcl-rs's own formatting errors,
/// and parse errors of what it formatted.
///
/// ```
/// let body = hcl::Body::builder().add_attribute(("x", 1)).build();
/// let ours = hcldecode::hcl_rs::body(&body, "built.hcl").unwrap();
/// assert_eq!(format!("{ours:?}"), "Body(built.hcl:1,1-2,1)");
/// ```
pub fn body(body: &hcl::Body, name: &str) -> Result<Body, Error> {
    let text = hcl::format::to_string(body).map_err(|e| format_failed("body", e))?;
    let (file, diags) = parse::parse(text.as_bytes(), name, Syntax::Native);
    if diags.has_errors() {
        let mut files = crate::SourceMap::new();
        files.add(file.source.clone(), file.blocks.clone());
        return Err(Error::from_diagnostics(diags).with_files(files));
    }
    Ok(file.body)
}

/// An hcl-rs expression as hcldecode's, named `name` (its synthetic
/// source): evaluate it with [`crate::eval::evaluate_expression`].
///
/// ```
/// use hcl::expr::{BinaryOp, BinaryOperator, Expression};
/// let e = Expression::from(BinaryOp::new(1, BinaryOperator::Plus, 2));
/// let ours = hcldecode::hcl_rs::expression(&e, "expr.hcl").unwrap();
/// let v = hcldecode::eval::evaluate_expression(&ours, None).unwrap();
/// assert_eq!(v, hcldecode::Value::int(3));
/// ```
pub fn expression(expr: &hcl::Expression, name: &str) -> Result<Expression, Error> {
    let text = hcl::format::to_string(expr).map_err(|e| format_failed("expression", e))?;
    crate::parse_expression(&text, name).map_err(|diags| {
        let mut files = crate::SourceMap::new();
        files.add(crate::SourceFile::new(name, text.as_str()), Vec::new());
        Error::from_diagnostics(diags).with_files(files)
    })
}

/// Decodes an hcl-rs body with a spec (as `hcldec` decodes a file): the
/// value, or every diagnostic, with snippets of the formatted body. A spec
/// file with transforms or functions decodes with
/// [`LoadedSpec::decode`](crate::spec_file::LoadedSpec::decode) of
/// [`body`]'s result, which brings their context.
///
/// ```
/// use hcldecode::spec_file::LoadedSpec;
/// let (spec, _) = LoadedSpec::load_str("object {\n  attr \"port\" {\n    type = number\n  }\n}\n", "s.hcldec");
/// let body = hcl::Body::builder().add_attribute(("port", "80")).build();
/// let v = hcldecode::hcl_rs::decode_body(&body, &spec.unwrap().spec, None).unwrap();
/// assert_eq!(v.get_attr("port"), Some(hcldecode::Value::int(80)));
///
/// let bad = hcl::Body::builder().add_attribute(("port", "eighty")).build();
/// let spec = LoadedSpec::load_str("attr {\n  name = \"port\"\n  type = number\n}\n", "s.hcldec").0.unwrap();
/// let err = hcldecode::hcl_rs::decode_body(&bad, &spec.spec, None).unwrap_err();
/// assert!(err.to_string().contains("   1: port = \"eighty\"\n"));
/// ```
pub fn decode_body(
    body: &hcl::Body,
    spec: &Spec,
    ctx: Option<&EvalContext>,
) -> Result<Value, Error> {
    let ours = self::body(body, "<hcl-rs body>")?;
    let (value, diags) = crate::decode::decode(&ours, spec, ctx, None);
    if diags.has_errors() {
        let mut files = crate::SourceMap::new();
        files.add_body(&ours);
        return Err(Error::from_diagnostics(diags).with_files(files));
    }
    Ok(value)
}

impl crate::Decoder {
    /// Decodes an hcl-rs body into `T` (feature `hcl-rs`): [`body`] then
    /// [`decode_body`](crate::Decoder::decode_body).
    ///
    /// ```
    /// #[derive(hcldecode::HclDecode)]
    /// struct Config { name: String }
    /// let body = hcl::Body::builder().add_attribute(("name", "web")).build();
    /// let c: Config = hcldecode::Decoder::new().decode_hcl_body(&body).unwrap();
    /// assert_eq!(c.name, "web");
    /// ```
    pub fn decode_hcl_body<T: crate::HclDecode>(&self, body: &hcl::Body) -> Result<T, Error> {
        let ours = self::body(body, "<hcl-rs body>")?;
        self.decode_body(&ours)
    }
}
