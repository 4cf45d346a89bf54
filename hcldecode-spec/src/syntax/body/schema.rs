//! What a body's content is asked for with: the schema types.

/// An attribute the schema asks for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AttributeSchema {
    /// The attribute name.
    pub name: String,
    /// Whether its absence is an error ("Missing required argument").
    pub required: bool,
}

/// A block type the schema asks for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BlockHeaderSchema {
    /// The block type name.
    pub type_name: String,
    /// The names of the labels blocks of this type must have (for messages;
    /// the count is what is checked).
    pub label_names: Vec<String>,
}

/// What a body is expected to contain.
///
/// ```
/// use hcldecode_spec::syntax::body::BodySchema;
/// let s = BodySchema::new().attribute("name", true).block("service", &["name"]);
/// assert_eq!(s.attributes.len(), 1);
/// assert_eq!(s.blocks[0].label_names, ["name"]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BodySchema {
    /// Attributes, in the order their diagnostics are reported.
    pub attributes: Vec<AttributeSchema>,
    /// Block types.
    pub blocks: Vec<BlockHeaderSchema>,
}
