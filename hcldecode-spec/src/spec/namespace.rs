//! Namespaces a schema declares: block types whose blocks declare the
//! names of `var.NAME` (variables) or `local.NAME` (local values). The
//! derive declares them on block fields, a spec file in `namespace`
//! blocks (docs/spec-format.md, "Variables and locals"); the dynamic layer
//! (`hcldecode::namespaces`) gives them their values.

/// What a namespace's blocks declare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NamespaceKind {
    /// Blocks with one label, the variable's name.
    Variables,
    /// Blocks whose attributes are local values.
    Locals,
}

impl NamespaceKind {
    /// The name a spec file gives the kind (`kind = "variables"`).
    pub fn name(self) -> &'static str {
        match self {
            NamespaceKind::Variables => "variables",
            NamespaceKind::Locals => "locals",
        }
    }
}

/// A namespace a schema declares: the block type that declares its names
/// and the name expressions use for it (`variable` blocks, `var`).
///
/// ```
/// use hcldecode_spec::spec::namespace::{Namespace, NamespaceKind};
/// let n = Namespace::variables("variable", "var");
/// assert_eq!((n.kind, n.block_type.as_str(), n.name.as_str()), (NamespaceKind::Variables, "variable", "var"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Namespace {
    /// What the blocks declare.
    pub kind: NamespaceKind,
    /// The block type (`variable`, `locals`).
    pub block_type: String,
    /// The name expressions refer to it by (`var`, `local`).
    pub name: String,
}

impl Namespace {
    /// Variables declared by `block_type` blocks, seen as `name.X`.
    pub fn variables(block_type: &str, name: &str) -> Namespace {
        Namespace {
            kind: NamespaceKind::Variables,
            block_type: block_type.to_string(),
            name: name.to_string(),
        }
    }

    /// Local values declared in `block_type` blocks, seen as `name.X`.
    pub fn locals(block_type: &str, name: &str) -> Namespace {
        Namespace {
            kind: NamespaceKind::Locals,
            block_type: block_type.to_string(),
            name: name.to_string(),
        }
    }

    /// The namespace as a spec file declares it.
    ///
    /// ```
    /// use hcldecode_spec::spec::namespace::Namespace;
    /// assert_eq!(
    ///     Namespace::locals("locals", "local").to_spec_file(),
    ///     "namespace \"local\" {\n  kind       = \"locals\"\n  block_type = \"locals\"\n}\n"
    /// );
    /// ```
    pub fn to_spec_file(&self) -> String {
        format!(
            "namespace {:?} {{\n  kind       = {:?}\n  block_type = {:?}\n}}\n",
            self.name,
            self.kind.name(),
            self.block_type
        )
    }
}
