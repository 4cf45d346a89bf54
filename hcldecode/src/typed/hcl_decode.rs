//! The trait of a Rust type that HCL decodes into.

use hcldecode_spec::spec::type_constraint::OptionalAttrs;
use hcldecode_spec::spec::{AttrSpec, Spec, ValueConstraint, field};

use super::at::At;
use super::locate::{PathSegment, locate_any};
use super::plan::Internals;
use crate::error::Error;
use crate::{Type, Value};

/// A Rust type that HCL decodes into.
///
/// Derive it for structs (read from a body: attributes, blocks, labels)
/// and enums (unit variants from strings, or one variant per block type);
/// implement it by hand for custom scalars: give the type an attribute
/// converts its value to ([`hcl_type`](Self::hcl_type)) and build the
/// value ([`from_hcl`](Self::from_hcl)), putting errors at the range
/// [`At`] gives.
///
/// ```
/// use std::time::Duration;
/// use hcldecode::typed::At;
/// use hcldecode::{Error, HclDecode, Type, Value};
///
/// /// `"30s"`, `"5m"`.
/// struct Timeout(Duration);
///
/// impl HclDecode for Timeout {
///     fn hcl_type() -> Type {
///         Type::String
///     }
///     fn from_hcl(v: &Value, at: At<'_>) -> Result<Self, Error> {
///         let s = String::from_hcl(v, at)?;
///         let (n, unit) = s.split_at(s.len().saturating_sub(1));
///         let secs = match (n.parse::<u64>(), unit) {
///             (Ok(n), "s") => n,
///             (Ok(n), "m") => n * 60,
///             _ => return Err(at.error("Invalid duration", format!("{s:?} is not a duration like \"30s\" or \"5m\"."))),
///         };
///         Ok(Timeout(Duration::from_secs(secs)))
///     }
/// }
///
/// #[derive(HclDecode)]
/// struct Check {
///     timeout: Timeout,
/// }
/// let c: Check = hcldecode::from_str("timeout = \"5m\"\n", "c.hcl").unwrap();
/// assert_eq!(c.timeout.0.as_secs(), 300);
/// let e = hcldecode::from_str::<Check>("timeout = \"soon\"\n", "c.hcl").err().unwrap();
/// assert_eq!(e.diagnostics()[0].subject.as_ref().unwrap().to_string(), "c.hcl:1,11-17");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be decoded from HCL",
    label = "`{Self}` does not implement `HclDecode`",
    note = "derive `HclDecode` for it, or implement it by hand (a custom scalar gives its `hcl_type` and builds itself in `from_hcl`)"
)]
pub trait HclDecode: Sized {
    /// The type constraint an attribute of this type converts its value to
    /// (`any` when the type checks the value itself).
    fn hcl_type() -> Type {
        Type::Dynamic
    }

    /// Builds the Rust value from a decoded value (null when an optional
    /// attribute is absent). `at` says where it came from.
    fn from_hcl(value: &Value, at: At<'_>) -> Result<Self, Error>;

    /// Whether an attribute of this type may be absent (it decodes from
    /// null): `Option` says yes.
    fn optional() -> bool {
        false
    }

    /// The optional attributes of [`hcl_type`](Self::hcl_type)'s objects
    /// (as `optional(...)` in a type constraint): a derived struct's
    /// `Option` and `default` fields, in structs at any depth of lists,
    /// maps and sets. `None` when there are none.
    ///
    /// ```
    /// use hcldecode::HclDecode;
    /// #[derive(HclDecode)]
    /// struct Rule {
    ///     port: u16,
    ///     tls: Option<bool>,
    /// }
    /// assert_eq!(<Vec<Rule>>::hcl_type().to_type_expr(), "list(object({port = number, tls = bool}))");
    /// let opt = <Vec<Rule>>::hcl_optional().unwrap();
    /// assert_eq!(opt.child("").unwrap().optional, ["tls"]);
    /// ```
    fn hcl_optional() -> Option<OptionalAttrs> {
        None
    }

    /// What values [`from_hcl`](Self::from_hcl) accepts, where it knows
    /// more than [`hcl_type`](Self::hcl_type) says (an integer's range, a
    /// unit enum's names, a struct's attributes, whether null is
    /// accepted); `None`: any value of the type, null too. Only the JSON
    /// Schema ([`json_schema`](super::json_schema)) reads it; a hand implementation that
    /// leaves it `None` gets a schema accepting every value of its type.
    ///
    /// ```
    /// use hcldecode::HclDecode;
    /// use hcldecode::typed::ValueConstraint;
    /// let c = <Option<u8>>::hcl_constraint().unwrap();
    /// assert_eq!(c, ValueConstraint::Integer { min: 0, max: 255 });
    /// ```
    fn hcl_constraint() -> Option<ValueConstraint> {
        None
    }

    /// The spec of an attribute `name` of this type. Types whose values HCL
    /// cannot hold (raw expressions) wrap it in a decode hook. A type with
    /// optional attributes or `any` in its type takes the value as written
    /// (`any`), each part decoding and converting itself. The attribute
    /// carries [`hcl_constraint`](Self::hcl_constraint) for the JSON
    /// Schema.
    fn attr_spec(name: &str, required: bool) -> Spec {
        let ty = field::attr_type(Self::hcl_type(), Self::hcl_optional().is_some());
        let mut a = AttrSpec::new(name, ty, required);
        a.constraint = Self::hcl_constraint().map(std::sync::Arc::new);
        Spec::Attr(a)
    }

    /// The spec a whole body is decoded with to give this type. For a
    /// derived struct it is the object spec of its fields; for other types,
    /// a body with one attribute, `value`.
    fn spec() -> Spec {
        Self::attr_spec("value", !Self::optional())
    }

    /// This type's spec as an hcldec spec file, its namespace blocks
    /// first ([`Spec::to_spec_file_with_namespaces`]): loaded, it decodes
    /// what typed decoding does, but where a spec file cannot say what the
    /// derive does (docs/spec-format.md, "Printing a derived spec"), which
    /// the text says in a comment at that place.
    ///
    /// ```
    /// use hcldecode::HclDecode;
    /// #[derive(HclDecode)]
    /// struct Config {
    ///     port: u16,
    /// }
    /// assert_eq!(
    ///     Config::spec_file(),
    ///     "object {\n  attr \"port\" {\n    type = number\n    required = true\n  }\n}\n"
    /// );
    /// ```
    fn spec_file() -> String {
        Self::spec().to_spec_file_with_namespaces(&Self::namespaces())
    }

    /// A reference configuration of this type's body
    /// ([`Spec::example_config`]): every attribute and block it reads, with
    /// its doc comment, type and choices as comments, required ones with
    /// placeholders; it decodes into the type as written. (A field's Rust
    /// default, a function, is not in the spec: the example shows the
    /// type's placeholder.)
    ///
    /// ```
    /// use hcldecode::HclDecode;
    /// #[derive(HclDecode)]
    /// struct Config {
    ///     /// What the service is called.
    ///     name: String,
    ///     #[hcl(default = "default_port")]
    ///     port: u16,
    /// }
    /// fn default_port() -> u16 { 8080 }
    /// let text = Config::example_config();
    /// assert_eq!(text, "# What the service is called.\n# string, required\nname = \"\"\n\n# number, optional\n# port = 0\n");
    /// assert!(hcldecode::from_str::<Config>(&text, "example.hcl").is_ok());
    /// ```
    fn example_config() -> String {
        Self::spec().example_config()
    }

    /// The namespaces this type's body declares (`variable` and `locals`
    /// blocks, see [`namespaces`](crate::namespaces)), given their values
    /// before the rest of the body is decoded: filled in by
    /// `#[derive(HclDecode)]` from `#[hcl(block, variables = "var")]` and
    /// `#[hcl(block, locals = "local")]` fields; none by default.
    fn namespaces() -> Vec<crate::declare::Namespace> {
        Vec::new()
    }

    /// Where what `path` names inside a value of this type, decoded at
    /// `at`, was written: the range of the attribute value, element or
    /// block it came from, or, where the path leaves what was written (a
    /// field left to its default), the deepest position it reached. A
    /// derived struct maps its Rust field names (as validation crates
    /// name them) to the attributes and blocks it reads; lists, maps and
    /// wrappers step to their elements; the default follows the path
    /// through the value as written ([`locate_any`]). See
    /// [`Decoded::locate`](super::Decoded::locate).
    ///
    /// ```
    /// use hcldecode::typed::PathSegment;
    /// #[derive(hcldecode::HclDecode)]
    /// struct Service {
    ///     #[hcl(rename = "listen_port")]
    ///     port: u16,
    /// }
    /// let src = "listen_port = 80\n";
    /// let cfg = hcldecode::Decoder::new().decode_str_with_source::<Service>(src, "s.hcl").unwrap();
    /// let range = cfg.locate(&[PathSegment::Key("port")]).unwrap();
    /// assert_eq!(range.to_string(), "s.hcl:1,15-17");
    /// ```
    fn locate(path: &[PathSegment<'_>], at: At<'_>) -> Option<hcldecode_spec::source::Range> {
        locate_any(path, at)
    }

    /// What typed decoding's fast path knows of this type (its plan,
    /// made once per process, and how it is read directly), filled in by
    /// `#[derive(HclDecode)]` and the std impls. Not public API: a hand
    /// implementation leaves it alone.
    #[doc(hidden)]
    const __INTERNALS: Internals<Self> = Internals::NONE;
}
