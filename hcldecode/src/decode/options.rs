//! How a decode reads bodies: its options.

use hcldecode_spec::diag::Diagnostics;

use crate::eval::{EvalContext, Limits};
use crate::value::Value;

/// How [`decode_with`](super::decode_with) and
/// [`decode_traced_with`](super::decode_traced_with) read bodies.
///
/// ```
/// use hcldecode::decode::DecodeOptions;
/// let o = DecodeOptions::new().dynamic_blocks(true);
/// assert!(o.dynamic_blocks);
/// assert!(!DecodeOptions::default().dynamic_blocks);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct DecodeOptions {
    /// Expand `dynamic` blocks (HCL's `ext/dynblock`, as Terraform and
    /// Nomad do) before decoding: `dynamic "port" { for_each = ...,
    /// iterator = ..., labels = [...], content { ... } }` stands for one
    /// `port` block per element of `for_each`, for every kind of block spec
    /// and at any depth. Off by default, as in `hcldec`
    /// (`--dynamic-blocks`).
    pub dynamic_blocks: bool,
    /// Report an attribute value that does not convert to its type with
    /// one error per failing element of its tuple and object literals, at
    /// the element, its path in the message (`.soft: a number is
    /// required`), as Terraform does, instead of one error over the whole
    /// value as hcldec does. On for typed decoding.
    pub element_errors: bool,
    /// Let each block of a `block_list`, `block_set` or `block_map` keep
    /// the type of its own value: where the blocks' values differ in type,
    /// the collection is a tuple (an object for a map) of them as decoded,
    /// not a list (map) of their unified type, and there is no "Unconsistent
    /// argument types" error. Likewise the attributes of a `block_attrs`
    /// block whose element type has `any` in it: an object of them as
    /// written where their types differ, not "Inconsistent attribute
    /// types". cty's unification is a spec file's rule (its
    /// result is one cty value); a Rust `Vec<T>` or map of blocks decodes
    /// each block on its own, so typed decoding turns it on. Off by
    /// default, as in `hcldec`.
    pub keep_block_types: bool,
    /// With [`dynamic_blocks`](Self::dynamic_blocks): the host's check of
    /// each dynamic block's `for_each` value (ext/dynblock's
    /// `OptCheckForEach`, hcl v2.20), run once the value is evaluated; an
    /// error from it ends that dynamic block.
    pub check_for_each: Option<ForEachCheck>,
    /// The evaluation limits of the decode's expressions (what one
    /// expression may build, how deep functions may nest evaluations, how
    /// many blocks dynamic blocks may generate), where the context sets
    /// none ([`EvalContext::set_limits`]). The typed
    /// [`Decoder::limits`](crate::Decoder::limits) sets them.
    pub limits: Limits,
    /// How many threads may decode the blocks of one `block_list`,
    /// `block_set`, `block_tuple`, `block_map` or `block_object` (0 and 1:
    /// the calling thread alone). Only collections of many blocks are
    /// shared out (at least 128 KiB of their bodies' source per thread),
    /// and never with [`dynamic_blocks`](Self::dynamic_blocks) on, whose
    /// block limit is spent in source order. The value and every
    /// diagnostic, in order, are those of a decode on one thread.
    pub threads: usize,
}

/// A host's check of a dynamic block's `for_each` value
/// ([`DecodeOptions::check_for_each`]): given the value, its expression
/// and the context it was evaluated in, the diagnostics to report (an
/// error vetoes the value). A plain function, so that options stay `Copy`.
///
/// ```
/// use hcldecode::decode::{decode_with, DecodeOptions, ForEachCheck};
/// use hcldecode::spec_file::LoadedSpec;
/// use hcldecode::{Diagnostic, Diagnostics};
/// // At most two blocks from one dynamic block.
/// let check = ForEachCheck(|v, expr, _| {
///     let mut d = Diagnostics::new();
///     if v.length_int().is_some_and(|n| n > 2) {
///         d.push(Diagnostic::error("Too many ports", "At most two.").with_subject(expr.range()));
///     }
///     d
/// });
/// let spec = "block_list {\n block_type = \"port\"\n object {\n  attr \"to\" { type = number }\n }\n}\n";
/// let (spec, _) = LoadedSpec::load_str(spec, "s.hcldec");
/// let src = b"dynamic \"port\" {\n  for_each = [1, 2, 3]\n  content { to = port.value }\n}\n";
/// let (file, _) = hcldecode::parse::parse_native(src, "a.hcl");
/// let opts = DecodeOptions::new().dynamic_blocks(true).check_for_each(check);
/// let (_, diags) = decode_with(&file.body, &spec.unwrap().spec, None, None, opts);
/// assert_eq!(diags[0].summary, "Too many ports");
/// assert_eq!(diags[0].subject.as_ref().unwrap().to_string(), "a.hcl:2,14-23");
/// ```
#[derive(Clone, Copy)]
pub struct ForEachCheck(
    pub fn(&Value, hcldecode_spec::syntax::expr::ExprRef<'_>, Option<&EvalContext>) -> Diagnostics,
);

impl PartialEq for ForEachCheck {
    fn eq(&self, other: &ForEachCheck) -> bool {
        std::ptr::fn_addr_eq(self.0, other.0)
    }
}

impl Eq for ForEachCheck {}

impl std::fmt::Debug for ForEachCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ForEachCheck(..)")
    }
}

impl DecodeOptions {
    /// The defaults: no dynamic blocks.
    pub fn new() -> DecodeOptions {
        DecodeOptions::default()
    }

    /// Sets [`dynamic_blocks`](Self::dynamic_blocks).
    pub fn dynamic_blocks(mut self, on: bool) -> DecodeOptions {
        self.dynamic_blocks = on;
        self
    }

    /// Sets [`element_errors`](Self::element_errors).
    ///
    /// ```
    /// use hcldecode::decode::{decode_with, DecodeOptions};
    /// use hcldecode::spec_file::LoadedSpec;
    /// let (spec, _) = LoadedSpec::load_str("attr {\n name = \"p\"\n type = list(number)\n}\n", "s.hcldec");
    /// let (file, _) = hcldecode::parse::parse_native(b"p = [1, \"x\", \"y\"]\n", "a.hcl");
    /// let opts = DecodeOptions::new().element_errors(true);
    /// let (_, diags) = decode_with(&file.body, &spec.unwrap().spec, None, None, opts);
    /// let at: Vec<String> = diags.iter().map(|d| d.subject.as_ref().unwrap().to_string()).collect();
    /// assert_eq!(at, ["a.hcl:1,9-12", "a.hcl:1,14-17"]);
    /// assert!(diags[0].detail.contains("[1]: a number is required"));
    /// ```
    pub fn element_errors(mut self, on: bool) -> DecodeOptions {
        self.element_errors = on;
        self
    }

    /// Sets [`check_for_each`](Self::check_for_each).
    pub fn check_for_each(mut self, check: ForEachCheck) -> DecodeOptions {
        self.check_for_each = Some(check);
        self
    }

    /// Sets [`keep_block_types`](Self::keep_block_types).
    ///
    /// ```
    /// use hcldecode::decode::{decode_with, DecodeOptions};
    /// use hcldecode::spec_file::LoadedSpec;
    /// let spec = "block_list {\n block_type = \"v\"\n attr {\n  name = \"default\"\n  type = any\n }\n}\n";
    /// let (spec, _) = LoadedSpec::load_str(spec, "s.hcldec");
    /// let spec = spec.unwrap().spec;
    /// let (file, _) = hcldecode::parse::parse_native(b"v { default = \"x\" }\nv { default = 3 }\n", "a.hcl");
    /// // A spec file's rule: one list, the number converted to a string.
    /// let (v, _) = decode_with(&file.body, &spec, None, None, DecodeOptions::new());
    /// let json = |v: &hcldecode::Value| hcldecode::value::json::marshal(v, v.ty()).unwrap();
    /// assert_eq!(json(&v), r#"["x","3"]"#);
    /// // Each block as written.
    /// let opts = DecodeOptions::new().keep_block_types(true);
    /// let (v, diags) = decode_with(&file.body, &spec, None, None, opts);
    /// assert!(diags.is_empty());
    /// assert_eq!(json(&v), r#"["x",3]"#);
    /// ```
    pub fn keep_block_types(mut self, on: bool) -> DecodeOptions {
        self.keep_block_types = on;
        self
    }

    /// Sets [`limits`](Self::limits).
    ///
    /// ```
    /// use hcldecode::decode::{decode_with, DecodeOptions};
    /// use hcldecode::eval::Limits;
    /// use hcldecode::spec_file::LoadedSpec;
    /// let (spec, _) = LoadedSpec::load_str("attr {\n name = \"xs\"\n type = list(number)\n}\n", "s.hcldec");
    /// let (file, _) = hcldecode::parse::parse_native(b"xs = [for a in [1, 2, 3, 4]: [for b in [1, 2, 3, 4]: a * b]]\n", "a.hcl");
    /// let spec = spec.unwrap();
    /// let opts = DecodeOptions::new().limits(Limits { max_elements: 10, ..Limits::default() });
    /// let (_, diags) = decode_with(&file.body, &spec.spec, None, None, opts);
    /// assert_eq!(diags[0].summary, "Result too large");
    /// ```
    pub fn limits(mut self, limits: Limits) -> DecodeOptions {
        self.limits = limits;
        self
    }

    /// Sets [`threads`](Self::threads).
    ///
    /// ```
    /// use hcldecode::decode::{decode_with, DecodeOptions};
    /// use hcldecode::spec_file::LoadedSpec;
    /// let spec = "block_list {\n block_type = \"v\"\n attr {\n  name = \"n\"\n  type = number\n }\n}\n";
    /// let (spec, _) = LoadedSpec::load_str(spec, "s.hcldec");
    /// let spec = spec.unwrap().spec;
    /// let src = "v { n = 1 }\n".repeat(100_000);
    /// let (file, _) = hcldecode::parse::parse_native(src.as_bytes(), "a.hcl");
    /// let one = decode_with(&file.body, &spec, None, None, DecodeOptions::new());
    /// let two = decode_with(&file.body, &spec, None, None, DecodeOptions::new().threads(2));
    /// assert_eq!(one, two);
    /// assert_eq!(two.0.length_int(), Some(100_000));
    /// ```
    pub fn threads(mut self, threads: usize) -> DecodeOptions {
        self.threads = threads;
        self
    }
}
